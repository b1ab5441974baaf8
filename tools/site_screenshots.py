"""Screenshots of every kind of page of the learning site, at a phone's width (375 px) and a
laptop's (1366 px), in each language, light or dark, for looking at them side by side.

    PYTHONPATH=src python tools/site_screenshots.py OUT_DIR [--dark] [--lang fr,es]

The site is served on loopback by this process; Debian's Chromium (/usr/bin/chromium) draws it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from mahjongkit.web import create_app
from mahjongkit.web.local import serving

KINDS = {
    "home": "/{lang}/",
    "course": "/{lang}/riichi/",
    "lesson-yaku": "/{lang}/riichi/yaku",
    "lesson-claims": "/{lang}/hongkong/claims",
    "lesson-missing-suit": "/{lang}/sichuan/missing-suit",
    "glossary": "/{lang}/glossary",
    "patterns": "/{lang}/riichi/patterns",
    "patterns-sichuan": "/{lang}/sichuan/patterns",
    "calculator": "/{lang}/calculator",
    "calculator-answer": "/{lang}/calculator?q=score%20234m456p678s33555z%20--win%205z%20--tsumo",
    "practice": "/{lang}/practice/",
    "drills": "/{lang}/practice/drills/riichi",
    "progress": "/{lang}/practice/progress",
    "play": "/{lang}/play",
    "records": "/{lang}/records",
    "error": "/{lang}/no-such-page",
}
TALLEST = 2600
"""Pages are cut at this height (the longest chapters run to tens of thousands of pixels)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--dark", action="store_true")
    parser.add_argument("--lang", default="en,fr,es")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    scheme = "dark" if args.dark else "light"
    with serving(create_app()) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for width, height in ((375, 800), (1366, 900)):
            context = browser.new_context(
                viewport={"width": width, "height": height}, color_scheme=scheme
            )
            page = context.new_page()
            for lang in args.lang.split(","):
                for kind, address in KINDS.items():
                    page.goto(site + address.format(lang=lang))
                    page.wait_for_timeout(700)  # the drills and the calculator's answer
                    wide = page.evaluate("document.documentElement.scrollWidth")
                    tall = page.evaluate("document.documentElement.scrollHeight")
                    name = args.out / f"{lang}-{kind}-{width}-{scheme}.png"
                    clip = {"x": 0, "y": 0, "width": max(width, wide), "height": min(tall, TALLEST)}
                    page.screenshot(path=str(name), full_page=True, clip=clip)
                    print(f"{name.name}: {wide} px wide, {tall} px tall")
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
