"""A room's settings on the page, in Debian's Chromium (Playwright): the seats for people follow
the preset (a three-player table offers at most three), the time limit, the stand-ins, the
spectators' delay and the hints chosen on the form reach the room (the server's `room` and
`lobby` messages carry them, the lobby and the invitation say them), and with a time limit the
person deciding sees the seconds left, counted down, until the server plays the safe move.
Screenshots go to /tmp/shots/room-settings-*.png."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from tests.web.conftest import CHROMIUM  # noqa: E402

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (./dev test installs it)"
)

SHOTS = Path("/tmp/shots")
INSTANT = "localStorage.setItem('mjk-table-speed', JSON.stringify('instant'))"


def _tab(
    browser: Any, width: int = 1280, height: int = 800
) -> tuple[Any, Any, list[dict[str, Any]], list[str]]:
    """A page of its own context, every message the server sent it (parsed), its errors."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(15_000)
    context.add_init_script(INSTANT)
    page = context.new_page()
    received: list[dict[str, Any]] = []
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda frame: received.append(json.loads(frame))),
    )
    return context, page, received, errors


def _options(page: Any, select: str) -> list[str]:
    return list(page.eval_on_selector_all(f"{select} option", "els => els.map(e => e.value)"))


def _texts(page: Any, selector: str) -> list[str]:
    # Runs of ordinary white space made one (a no-break space stays: French puts one before units).
    return [
        re.sub(r"[ \t\n]+", " ", text).strip()
        for text in page.eval_on_selector_all(selector, "els => els.map(e => e.textContent)")
    ]


def test_people_seats_follow_the_preset(browser: Any, site: str) -> None:
    context, page, _, errors = _tab(browser)
    try:
        page.goto(f"{site}/en/play")
        page.select_option("#variant", "riichi")
        page.select_option("#rules", "ema2012")
        assert _options(page, "#room-people") == ["2", "3", "4"]
        page.select_option("#room-people", "4")
        # Three seats at Tenhou's three-player table: four people no longer offered, the
        # choice comes down to three.
        page.select_option("#rules", "tenhou3")
        assert _options(page, "#room-people") == ["2", "3"]
        assert page.input_value("#room-people") == "3"
        assert _texts(page, "#room-people option") == [
            "2 people (you included)",
            "3 people (you included)",
        ]
        # Back to four seats: four offered again, three kept.
        page.select_option("#rules", "tenhou")
        assert _options(page, "#room-people") == ["2", "3", "4"]
        assert page.input_value("#room-people") == "3"
        page.select_option("#variant", "sichuan")
        assert _options(page, "#room-people") == ["2", "3", "4"]
        # The delay for spectators is offered only where others may watch.
        assert page.is_disabled("#room-delay")
        page.check("#room-spectators")
        assert page.is_enabled("#room-delay")
        assert not errors
    finally:
        context.close()


def test_the_settings_reach_the_room(browser: Any, site: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    ann_context, ann, ann_got, ann_errors = _tab(browser)
    bob_context, bob, bob_got, bob_errors = _tab(browser, 1024, 760)
    try:
        ann.goto(f"{site}/en/play")
        ann.select_option("#variant", "riichi")
        ann.select_option("#rules", "tenhou3")
        ann.fill("#room-name", "Ann")
        ann.select_option("#room-people", "3")
        ann.select_option("#room-time-limit", "20")
        ann.set_checked("#room-stand-in", False)
        ann.check("#room-hints")
        ann.check("#room-spectators")
        ann.select_option("#room-delay", "60")
        ann.screenshot(path=str(SHOTS / "room-settings-form.png"), full_page=True)
        ann.click("#create-room")
        expect(ann.locator("#lobby")).to_be_visible()
        rooms = [m for m in ann_got if m["type"] == "room"]
        assert rooms, ann_got
        room = rooms[-1]
        assert (
            room["rules"],
            room["people"],
            room["time_limit"],
            room["stand_in"],
            room["spectators"],
            room["spectator_delay"],
            room["hints"],
        ) == ("tenhou3", 3, 20.0, False, True, 60.0, True)
        assert len(room["players"]) == 3
        assert _texts(ann, "#lobby-settings li") == [
            "20 s for each decision, then the safe move is played (a pass, or the tile just "
            "drawn).",
            "No bot stands in for anyone who drops: the game waits for them (or for the time "
            "limit).",
            "Players may switch hints on.",
            "Others may watch, 1 min behind the game.",
        ]
        ann.screenshot(path=str(SHOTS / "room-settings-lobby-en.png"), full_page=True)

        # Bob's invitation, in French: the server's `lobby` answer says the same settings.
        bob.goto(ann.input_value("#invite").replace("/en/", "/fr/"))
        expect(bob.locator("#join-form")).to_be_visible()
        lobby = next(m for m in bob_got if m["type"] == "lobby")
        assert (
            lobby["time_limit"],
            lobby["stand_in"],
            lobby["spectator_delay"],
            lobby["hints"],
        ) == (
            20.0,
            False,
            60.0,
            True,
        )
        assert _options(bob, "#join-seat") == ["1", "2"]
        assert _texts(bob, "#join-settings li") == [
            "20\u00a0s pour chaque décision, puis le coup sans risque est joué (passer, ou la "
            "tuile qui vient d’être piochée).",
            "Aucun robot ne remplace qui se déconnecte : la partie l’attend (ou attend la fin du "
            "temps accordé).",
            "Les joueurs peuvent afficher les conseils.",
            "D’autres peuvent regarder la partie, avec 1\u00a0min de retard.",
        ]
        bob.screenshot(path=str(SHOTS / "room-settings-invitation-fr.png"), full_page=True)
        assert not ann_errors and not bob_errors
    finally:
        ann_context.close()
        bob_context.close()


def test_defaults_say_no_limit_and_stand_ins(browser: Any, site: str) -> None:
    """Nothing touched: no limit, stand-ins on, no hints, nobody watching (the server's
    defaults, sent explicitly)."""
    context, page, got, errors = _tab(browser)
    try:
        page.goto(f"{site}/es/play")
        page.fill("#room-name", "Eva")
        page.click("#create-room")
        expect(page.locator("#lobby")).to_be_visible()
        room = [m for m in got if m["type"] == "room"][-1]
        assert (room["time_limit"], room["stand_in"], room["spectator_delay"], room["hints"]) == (
            None,
            True,
            0.0,
            False,
        )
        assert _texts(page, "#lobby-settings li") == [
            "Sin límite de tiempo: la partida espera cada decisión.",
            "Un bot juega por quien se desconecte, hasta que vuelva.",
            "Sin pistas en esta sala.",
            "Nadie más puede mirar.",
        ]
        page.click("#leave-room")
        expect(page.locator("#setup-form")).to_be_visible()
        assert not errors
    finally:
        context.close()


def test_a_countdown_while_deciding_then_the_safe_move(browser: Any, site: str) -> None:
    """A 10-second limit: the seconds left show beside the prompt and go down; left alone, the
    server discards the drawn tile for the person, and their pond holds it."""
    SHOTS.mkdir(exist_ok=True)
    context, page, got, errors = _tab(browser)
    try:
        page.goto(f"{site}/fr/play")
        page.select_option("#variant", "riichi")
        page.select_option("#rules", "ema2012")
        page.select_option("#length", "1")
        page.click("#advanced summary")
        page.fill("#seed", "5")
        page.fill("#room-name", "Ann")
        page.select_option("#room-people", "2")
        page.select_option("#room-time-limit", "10")
        page.click("#create-room")
        expect(page.locator("#lobby")).to_be_visible()
        page.click("#start-room")
        expect(page.locator("#table")).to_be_visible()
        # East deals: the first decision is the dealer's discard.
        expect(page.locator("body")).to_have_attribute("data-table", "ready")
        countdown = page.locator("#countdown")
        expect(countdown).to_be_visible()
        first = int(countdown.get_attribute("data-seconds") or "0")
        assert 8 <= first <= 10, first
        assert countdown.text_content() == f"encore {first}\u00a0s"
        states = [m for m in got if m["type"] == "state"]
        assert states[-1]["time_limit"] == 10.0
        page.screenshot(path=str(SHOTS / "room-settings-countdown.png"))
        time.sleep(2.2)
        later = int(countdown.get_attribute("data-seconds") or "0")
        assert first - 3 <= later <= first - 2, (first, later)
        # The last five seconds stand out.
        expect(countdown).to_have_class("countdown short", timeout=8_000)
        page.screenshot(path=str(SHOTS / "room-settings-countdown-short.png"))
        # Nobody acts: the server plays the safe move (the tile just drawn) once time is up.
        drawn = page.locator("#hand button").last.locator("img").get_attribute("src")
        expect(page.locator("#pond-bottom img")).to_have_count(1, timeout=10_000)
        assert page.get_attribute("#pond-bottom img", "src") == drawn
        assert not errors
    finally:
        context.close()


def test_a_reload_mid_decision_continues_the_servers_countdown(browser: Any, site: str) -> None:
    """A 10-second limit and no stand-in: the page reloaded 3 s into the decision comes back to
    the seat and counts on from what the server's timer has left, not from 10 again."""
    context, page, got, errors = _tab(browser)
    try:
        page.goto(f"{site}/en/play")
        page.select_option("#variant", "riichi")
        page.select_option("#rules", "ema2012")
        page.select_option("#length", "1")
        page.click("#advanced summary")
        page.fill("#seed", "5")
        page.fill("#room-name", "Ann")
        page.select_option("#room-people", "2")
        page.select_option("#room-time-limit", "10")
        page.set_checked("#room-stand-in", False)
        page.click("#create-room")
        expect(page.locator("#lobby")).to_be_visible()
        page.click("#start-room")
        expect(page.locator("body")).to_have_attribute("data-table", "ready")
        countdown = page.locator("#countdown")
        expect(countdown).to_be_visible()
        asked = time.monotonic()
        time.sleep(3)
        got.clear()
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-table", "ready")
        expect(countdown).to_be_visible()
        shown = int(countdown.get_attribute("data-seconds") or "0")
        elapsed = time.monotonic() - asked
        state = [m for m in got if m["type"] == "state"][-1]
        assert state["legal"] and state["seconds_left"] <= 10 - 3
        # The page counts from the server's seconds (rounded up), never from the full limit.
        assert 1 <= shown <= 10 - int(elapsed) and shown <= 7, (shown, elapsed)
        page.screenshot(path=str(SHOTS / "room-settings-countdown-reload.png"))
        assert not errors
    finally:
        context.close()


def test_no_countdown_without_a_limit(browser: Any, site: str) -> None:
    context, page, got, errors = _tab(browser)
    try:
        page.goto(f"{site}/en/play")
        page.select_option("#variant", "riichi")
        page.select_option("#rules", "ema2012")
        page.select_option("#length", "1")
        page.fill("#room-name", "Ann")
        page.click("#create-room")
        expect(page.locator("#lobby")).to_be_visible()
        page.click("#start-room")
        expect(page.locator("body")).to_have_attribute("data-table", "ready")
        assert page.locator("#countdown").is_hidden()
        assert "time_limit" not in [m for m in got if m["type"] == "state"][-1]
        assert not errors
    finally:
        context.close()
