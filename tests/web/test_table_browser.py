"""The table page in Debian's Chromium (Playwright): a hand of each family played by clicks
alone, to its outcome and the final table, then its replay stepped through."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from tests.web.conftest import CHROMIUM  # noqa: E402

# The session's Chromium (conftest.py); this module serves its own site, with WebSockets.

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (./dev test installs it)"
)


@pytest.fixture(scope="module")
def records_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("table") / "records.sqlite3"


@pytest.fixture(scope="module")
def site(records_path: Path) -> Iterator[str]:
    from mahjongkit.web import create_app
    from mahjongkit.web.local import serving

    app = create_app(records_path=records_path)
    with serving(app, ws="websockets-sansio") as address:
        yield address


def _exchange(page: Any) -> None:
    codes = page.eval_on_selector_all("#hand button", "els => els.map(e => e.dataset.code)")
    for suit in "mps":
        picks = [i for i, code in enumerate(codes) if code[1] == suit][:3]
        if len(picks) < 3:
            continue
        buttons = page.locator("#hand button")
        for i in picks:
            buttons.nth(i).click()
        if page.locator("#actions .action-exchange").count():
            page.locator("#actions .action-exchange").click()
            return
        for i in picks:
            page.locator("#hand button").nth(i).click()
    raise AssertionError("no three tiles of one suit made a legal exchange")


def _play_hand(page: Any) -> dict[str, int]:
    seen = {"discards": 0, "calls": 0, "outcomes": 0}
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        if page.locator("#outcome").is_visible():
            seen["outcomes"] += 1
            page.locator("#outcome-close").click()
            continue
        if page.locator("#final").is_visible():
            # The last outcome and the final table may both have arrived since the check
            # above: the outcome stays open until closed, so it is counted now.
            seen["outcomes"] += page.locator("#outcome").is_visible()
            return seen
        if page.evaluate("() => !!document.body.dataset.busy"):
            page.wait_for_timeout(20)
            continue
        key = page.get_attribute("#prompt", "data-key")
        wins = page.locator("#actions .action-tsumo, #actions .action-ron")
        if key == "table.your_exchange":
            _exchange(page)
        elif wins.count():
            wins.first.click()
        elif key in ("table.your_call", "table.your_declare"):
            page.locator("#actions button").first.click()
            seen["calls"] += 1
        elif key == "table.your_turn":
            page.locator("#hand button:not([disabled])").last.click()
            seen["discards"] += 1
        else:
            page.wait_for_timeout(20)
    raise AssertionError("the hand did not end within 40 s")


@pytest.mark.parametrize(
    ("variant", "options"),
    [("riichi", ""), ("hongkong", ""), ("sichuan", "huan_san_zhang=cw")],
)
def test_a_hand_by_clicks(browser: Any, site: str, variant: str, options: str) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{site}/fr/play")
        page.select_option("#variant", variant)
        page.select_option("#length", "1")
        page.fill("#seed", "5")
        page.fill("#options", options)
        page.check("#hints-start")
        page.click("#start")
        page.wait_for_selector("#table:not([hidden])")
        assert page.locator("#seats .seat").count() == 4
        assert page.locator("#hand button").count() >= 13
        seen = _play_hand(page)
        assert not errors, errors  # a script error first: it would hide the outcome
        assert seen["discards"] > 0 and seen["outcomes"] >= 1
        rows = page.locator("#final-rows tr")
        assert rows.count() == 4
        assert page.locator("#final-rows tr.me").count() == 1
        assert not errors, errors
        page.click("#final-record")
        # The replay page says when its steps are shown: the assertions wait for it (and retry
        # until their timeout), so nothing is read from a page still loading.
        expect(page.locator("body")).to_have_attribute("data-replay", "loaded")
        position = page.locator("#position")
        expect(position).to_have_text(re.compile(r"^étape 1 sur \d+$"))
        total = int(position.text_content().rsplit(" ", 1)[1])
        assert total > seen["discards"]
        first = page.locator("#step-label").text_content()
        assert first
        page.click("#next")
        expect(position).to_have_text(f"étape 2 sur {total}")
        expect(page.locator("#step-label")).not_to_have_text(first)
        page.click("#last")
        expect(position).to_have_text(f"étape {total} sur {total}")
        expect(page.locator("#replay-outcome")).to_be_visible()
        assert not errors, errors
    finally:
        context.close()


def test_a_reload_resumes_the_game(browser: Any, site: str) -> None:
    context = browser.new_context()
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(f"{site}/en/play")
        page.select_option("#variant", "riichi")
        page.fill("#seed", "9")
        page.click("#start")
        page.wait_for_selector("#hand button:not([disabled])")
        page.locator("#hand button:not([disabled])").last.click()
        page.wait_for_function("() => !document.body.dataset.busy")
        ponds = page.locator("#seats .pond img").count()
        page.reload()
        page.click("#resume")
        page.wait_for_selector("#table:not([hidden])")
        page.wait_for_function(
            f"() => document.querySelectorAll('#seats .pond img').length >= {ponds}"
        )
    finally:
        context.close()


def test_a_replay_that_cannot_load_says_so(browser: Any, site: str, records_path: Path) -> None:
    """A finished record whose events do not replay (a discard changed): the page says why
    in its language and marks itself failed, instead of waiting on steps that never come."""
    from mahjongkit.bots.policy import play_random
    from mahjongkit.game.engine import Game
    from mahjongkit.records import Records, Seat

    game = Game("riichi", seed=3, max_rounds=1)
    play_random(game, random.Random(3))
    lines = [json.dumps(event) for event in game.log]
    cut = next(i for i, e in enumerate(game.log) if e["type"] == "dahai")
    lines[cut] = json.dumps({**game.log[cut], "pai": "9z"})
    opening = Game("riichi", seed=3, max_rounds=1)
    opening.start()
    seats = [Seat("player"), *(Seat(f"bot{s}", "random") for s in range(1, 4))]
    with Records(records_path) as records:
        number = records.add_finished(opening, seats, lines, {"scores": list(game.scores)})
    context = browser.new_context()
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(f"{site}/es/records/{number}")
        expect(page.locator("body")).to_have_attribute("data-replay", "failed")
        expect(page.locator("#position")).to_contain_text(
            "no se pudieron cargar los pasos de esta partida"
        )
        expect(page.locator("#step-label")).to_have_text("")
    finally:
        context.close()
