"""The learning site in a real browser (issue 32): the design system on every page kind (no
control left to the browser's defaults, light and dark), no page wider than a phone, an axe-core
audit of every page kind, the CJK glyphs drawn by the font the package ships, the tiles and
their label switch, the course path, lesson examples, pattern tables, the glossary's search and
a failed drill load. Chromium is the session's (``conftest.py``), without system CJK fonts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api")

from mahjongkit.api.drills import drill_answer, drill_of, value_of
from mahjongkit.game.engine import Game
from mahjongkit.records import Records, Seat
from mahjongkit.web.lessons import SITE_LANGUAGES, courses
from mahjongkit.web.practice import chapter_drill_ids
from tests.web.conftest import CHROMIUM
from tests.web.test_crawl import crawl

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (./dev test installs it)"
)

KINDS = {
    "home": "/{lang}/",
    "course": "/{lang}/riichi/",
    "chapter": "/{lang}/riichi/yaku",
    "chapter-hongkong": "/{lang}/hongkong/claims",
    "patterns": "/{lang}/sichuan/patterns",
    "glossary": "/{lang}/glossary",
    "calculator": "/{lang}/calculator?q=score%20234m456p678s33555z%20--win%205z%20--tsumo",
    "practice": "/{lang}/practice/",
    "drills": "/{lang}/practice/drills/hongkong",
    "progress": "/{lang}/practice/progress",
    "play": "/{lang}/play",
    "records": "/{lang}/records",
    "error": "/{lang}/no-such-page",
}
"""One address of each kind of page."""


def _settled(page: Any) -> None:
    """Wait for what the page's scripts load (drills, the calculator's answer)."""
    if page.locator("[data-drills-family]").count():
        page.locator(".drill, .drill-failed").first.wait_for(timeout=20_000)
    if page.locator("#calc-prefill").count() and "q=" in page.url:
        page.locator(".score-view, .waits-view, .field-error:not([hidden])").first.wait_for()


@pytest.fixture
def wide(browser: Any, site: str) -> Any:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(15_000)
    tab = context.new_page()
    yield tab
    context.close()


# --- the design system ---------------------------------------------------------------------------

_UNSTYLED = """() => {
  const body = getComputedStyle(document.body).fontFamily;
  const found = [];
  for (const node of document.querySelectorAll('button, input, select, textarea')) {
    if (node.type === 'hidden' || !node.offsetParent) continue;
    const style = getComputedStyle(node);
    const box = node.type === 'checkbox' || node.type === 'radio';
    const family = style.fontFamily === body || style.fontFamily.includes('monospace');
    const own = box || (family && parseFloat(style.fontSize) >= 13);
    const shaped = box
      ? style.accentColor !== 'auto' : parseFloat(style.borderTopLeftRadius) > 0
        || node.closest('.picker, .pick-row, .tiles-preview, .drill-hand, .hand');
    if (!own || !shaped) found.push(node.outerHTML.slice(0, 90) + ' ' + style.fontSize);
  }
  return found;
}"""


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_control_keeps_the_browsers_default_look(wide: Any, site: str, kind: str) -> None:
    wide.goto(site + KINDS[kind].format(lang="fr"))
    _settled(wide)
    assert wide.evaluate(_UNSTYLED) == [], kind
    # The one style sheet, on every page.
    sheets = wide.evaluate("() => [...document.styleSheets].map(s => s.href || 'inline')")
    assert [s for s in sheets if s.endswith("/static/site.css")] and len(sheets) == 1, sheets


def test_light_and_dark_follow_the_systems_choice(browser: Any, site: str) -> None:
    colours = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        tab = context.new_page()
        tab.goto(f"{site}/en/calculator")
        colours[scheme] = tab.evaluate(
            "() => [getComputedStyle(document.body).backgroundColor,"
            " getComputedStyle(document.body).color,"
            " getComputedStyle(document.querySelector('#calc-score')).backgroundColor]"
        )
        context.close()

    def light(rgb: str) -> float:
        r, g, b = (int(x) for x in re.findall(r"\d+", rgb)[:3])
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255

    assert light(colours["light"][0]) > 0.9 and light(colours["light"][1]) < 0.2
    assert light(colours["dark"][0]) < 0.15 and light(colours["dark"][1]) > 0.8
    assert colours["light"][2] != colours["dark"][2]


def _phone_pages() -> list[str]:
    """Every page of every language, and one in twelve of the calculator's answers that the
    English lessons and pattern tables link to (each answer lays out a different hand)."""
    pages = crawl()
    plain = sorted(p for p, (_, x) in pages.items() if x.lang and "calculator?q=" not in p)
    answers = sorted(p for p in pages if p.startswith("/en/calculator?q=") and "--rules" not in p)
    return plain + answers[::12]


def test_no_page_scrolls_sideways_on_a_phone(browser: Any, site: str) -> None:
    """At 375 px no page is wider than the screen: wide tables scroll in their own box."""
    context = browser.new_context(viewport={"width": 375, "height": 740})
    context.set_default_timeout(20_000)
    # The tiles' pictures have their size in the page: the layout does not wait for them.
    context.route("**/tiles/**", lambda route: route.fulfill(status=204, body=""))
    tabs = [context.new_page() for _ in range(4)]
    pages = _phone_pages()
    assert len(pages) > 150
    wide = []
    try:
        # Four tabs load at once; each is measured once its page (and its drills) are in.
        for start in range(0, len(pages), len(tabs)):
            batch = list(zip(tabs, pages[start : start + len(tabs)], strict=False))
            for tab, path in batch:
                tab.goto(site + path, wait_until="commit")
            for tab, path in batch:
                tab.wait_for_load_state("domcontentloaded")
                # A chapter's drills are the drills page's block, measured there once loaded.
                if not tab.locator(".chapter-drills").count():
                    _settled(tab)
                width = tab.evaluate("() => document.documentElement.scrollWidth")
                if width > 375:
                    wide.append((path, width))
        # A chapter of each family with its drills in.
        for path in ("/en/riichi/yaku", "/fr/hongkong/claims", "/es/sichuan/missing-suit"):
            tabs[0].goto(site + path, wait_until="domcontentloaded")
            _settled(tabs[0])
            width = tabs[0].evaluate("() => document.documentElement.scrollWidth")
            if width > 375:
                wide.append((path + " (drills)", width))
    finally:
        context.close()
    assert wide == []


def test_the_phone_check_would_catch_a_wide_page(page: Any, site: str) -> None:
    page.goto(f"{site}/en/glossary")
    page.evaluate(
        "() => document.querySelector('main').append(Object.assign("
        "document.createElement('div'), {style: 'width: 500px; height: 1px'}))"
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") > 375


def test_the_records_list_of_finished_games_stays_within_a_phone(
    page: Any, site: str, records_path: Path
) -> None:
    """The list of recorded games is wider than a phone: it scrolls in its own box, and so do
    the hidden words of its header (a positioned cell that would otherwise widen the page)."""
    with Records(records_path) as records:
        for seed in (1, 2):
            game = Game("hongkong", seed=seed, max_rounds=1)
            game.start()
            number = records.create_game(
                game, [Seat("me")] + [Seat(f"b{i}", "random") for i in range(3)]
            )
            records.finish(number, {"scores": [-1280, 640, 320, 320]})
    page.goto(f"{site}/en/records")
    box = page.locator(".table-wrap")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth")  # the list does not fit ...
    assert page.evaluate("() => document.documentElement.scrollWidth") == 375  # ... the page does


# --- accessibility ---------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_kind_passes_axe_without_serious_violations(
    browser: Any, site: str, scheme: str
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = browser.new_context(viewport={"width": 1366, "height": 900}, color_scheme=scheme)
    context.set_default_timeout(20_000)
    tab = context.new_page()
    found = {}
    try:
        for lang in ("fr",) if scheme == "light" else ("es",):
            for kind, address in KINDS.items():
                tab.goto(site + address.format(lang=lang))
                _settled(tab)
                # The worked examples' command lines and the advanced fields, opened.
                tab.evaluate(
                    "() => document.querySelectorAll('details').forEach(d => d.open = true)"
                )
                violations = axe.run(tab).response["violations"]
                bad = [
                    (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                    for v in violations
                    if v["impact"] in ("serious", "critical")
                ]
                if bad:
                    found[(lang, kind)] = bad
    finally:
        context.close()
    assert found == {}


# --- the CJK font ----------------------------------------------------------------------------

_GLYPH = """async ([selector, text]) => {
  await document.fonts.ready;
  const node = document.querySelector(selector);
  const family = getComputedStyle(node).fontFamily;
  await document.fonts.load('48px ' + family, text);
  function drawn(font, what) {
    const canvas = document.createElement('canvas');
    canvas.width = 64; canvas.height = 64;
    const ctx = canvas.getContext('2d');
    ctx.font = '48px ' + font; ctx.fillStyle = '#000'; ctx.textBaseline = 'top';
    ctx.fillText(what, 4, 4);
    return Array.from(ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3)).join(',');
  }
  // U+10FFFD is a private-use code point no font draws: its picture is the missing-glyph box.
  const missing = drawn(family, '\\u{10FFFD}');
  const without = family.split(',').filter(f => !f.includes('Mahjongkit CJK')).join(',');
  const fallback = without || 'sans-serif';
  return {family: family,
          page: drawn(family, text) !== missing,
          system: drawn(fallback, text) !== drawn(fallback, '\\u{10FFFD}')};
}"""


@pytest.mark.parametrize(
    ("address", "selector", "text"),
    [
        ("/fr/sichuan/patterns", ".patterns-table tbody th", "清"),
        ("/es/glossary", ".glossary .term[lang]", "碰"),
        ("/en/hongkong/claims", ".lesson table td", "槓"),
    ],
)
def test_cjk_glyphs_are_drawn_by_the_shipped_font(
    page: Any, site: str, address: str, selector: str, text: str
) -> None:
    page.goto(site + address)
    assert text in page.locator("main").inner_text()
    found = page.evaluate(_GLYPH, [selector, text])
    assert found["family"].startswith('"Mahjongkit CJK"'), found["family"]
    assert found["page"] is True, text
    # The browser has no CJK font of its own: without the shipped font the glyph is a box.
    assert found["system"] is False, text


# --- tiles -----------------------------------------------------------------------------------


def test_tiles_draw_and_their_labels_switch_off_and_stay_off(page: Any, site: str) -> None:
    page.goto(f"{site}/en/hongkong/claims")
    tile = page.locator(".lesson img.tile").first
    assert tile.evaluate("img => img.complete && img.naturalWidth > 0")
    assert tile.get_attribute("src").startswith("/tiles/") and "/bare/" not in tile.get_attribute(
        "src"
    )
    # A called set shows its claimed tile turned.
    turned = page.locator(".lesson .meld img.sideways").first
    assert turned.evaluate("img => getComputedStyle(img).transform") != "none"
    page.locator("#tile-labels").uncheck()
    assert page.locator(".lesson img[src^='/tiles/5']").count() == 0
    assert page.locator(".lesson img[src^='/tiles/bare/']").count() > 10
    page.goto(f"{site}/en/calculator")
    assert not page.locator("#tile-labels").is_checked()
    assert page.locator("#picker img[src^='/tiles/bare/']").count() > 20
    page.locator("#tile-labels").check()
    assert page.locator("#picker img[src^='/tiles/bare/']").count() == 0


# --- the course path -------------------------------------------------------------------------


def test_a_chapter_is_done_when_its_drills_are_passed(page: Any, site: str) -> None:
    page.goto(f"{site}/fr/")
    assert page.get_by_role("link", name="Commencer le cours de Sichuan").count() == 1
    page.goto(f"{site}/fr/sichuan/roots")
    state = page.locator("#chapter-state")
    assert state.get_attribute("data-state") == "started"
    drills = page.locator(".chapter-drills article.drill")
    drills.first.wait_for(timeout=20_000)
    index = [c.slug for c in courses()["sichuan"].chapters].index("roots")
    ids = chapter_drill_ids("sichuan", "roots", index)
    assert drills.count() == len(ids)
    for n, drill_id in enumerate(ids):
        value = value_of(drill_answer(drill_of(drill_id)))
        drill = page.locator(f"article.drill[data-drill='{drill_id}']")
        drill.locator(f"input[value='{value}']").check()
        drill.locator("button.drill-check").click()
        drill.locator(".drill-verdict.right").wait_for()
        assert n == 0 or drill.locator(".drill-outcome details.command").count() == 1
    page.goto(f"{site}/fr/sichuan/")
    step = page.locator(".path li[data-chapter='roots']")
    assert step.get_attribute("data-state") == "done"
    assert "1 chapitres terminés sur" in page.locator("#course-progress").inner_text()
    page.goto(f"{site}/fr/")
    resume = page.locator(".continue a")
    assert resume.inner_text().startswith("Reprendre : ")
    resume.click()
    page.wait_for_url("**/fr/sichuan/roots")


def test_a_lesson_example_shows_tiles_in_sets_and_its_command_on_demand(
    page: Any, site: str
) -> None:
    page.goto(f"{site}/es/riichi/yaku")
    example = page.locator("figure.example").first
    assert example.locator(".example-hand .set").count() >= 4
    assert example.locator(".example-hand img.win").count() == 1
    command = example.locator("details.command")
    assert not command.locator("pre").is_visible()
    command.locator("summary").click()
    assert command.locator("pre").inner_text().startswith("mahjongkit score ")
    assert not re.search(r"\b[RHS]-\d{2}\b", page.locator("main").inner_text())


def test_a_pattern_example_opens_in_the_calculator(page: Any, site: str) -> None:
    page.goto(f"{site}/fr/hongkong/patterns")
    row = page.locator(".patterns-table tbody tr").first
    assert row.locator(".pattern-example img.tile").count() >= 13
    row.locator("a.open-example").click()
    page.wait_for_url("**/fr/calculator?q=*")
    page.locator(".score-view").wait_for()
    assert page.locator("#f-variant").input_value() == "hongkong"
    assert page.locator(".score-view .verdict.win").count() == 1


# --- glossary, drills --------------------------------------------------------------------------


def test_the_glossary_filters_as_you_type_with_other_names(page: Any, site: str) -> None:
    page.goto(f"{site}/en/glossary")
    total = page.locator(".glossary .entry").count()
    assert total > 100
    page.locator("#glossary-search").fill("pon")  # the Japanese name of a pung
    shown = page.locator(".glossary .entry:visible")
    assert 0 < shown.count() < 10
    assert any(t.startswith("Pung") for t in shown.locator("dt").all_inner_texts())
    assert page.locator("#glossary-count").inner_text() == f"{shown.count()} terms"
    page.locator("#glossary-search").fill("zzzz-nothing")
    assert page.locator("#glossary-none").is_visible()
    page.locator("#glossary-search").fill("")
    assert page.locator(".glossary .entry:visible").count() == total
    page.locator(".letters a", has_text="R").click()
    assert page.evaluate("() => location.hash") == "#letter-R"


def test_a_failed_drill_load_says_so_and_retries(page: Any, site: str) -> None:
    calls = []

    def fail_once(route: Any) -> None:
        calls.append(route.request.url)
        if len(calls) == 1:
            route.fulfill(status=500, body="Internal Server Error")
        else:
            route.continue_()

    page.route("**/api/drills/**", fail_once)
    page.goto(f"{site}/es/practice/drills/sichuan")
    failed = page.locator(".drill-failed")
    failed.wait_for()
    assert failed.inner_text().startswith("No se pudieron cargar las preguntas")
    failed.get_by_role("button", name="Reintentar").click()
    page.locator("article.drill").first.wait_for(timeout=20_000)
    assert len(calls) == 2


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_records_are_in_the_main_menu(page: Any, site: str, lang: str) -> None:
    page.goto(f"{site}/{lang}/glossary")
    link = page.locator("header.site nav a[href$='/records']")
    assert link.count() == 1
    link.click()
    page.wait_for_url(f"**/{lang}/records")
    assert page.locator("header.site nav a[aria-current='page']").get_attribute("href") == (
        f"/{lang}/records"
    )
