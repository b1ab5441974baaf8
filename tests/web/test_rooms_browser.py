"""Rooms in Debian's Chromium (Playwright), two people in two browser contexts: Ann opens a
room on the English page, Bob answers the invitation on the French page, picks his name and a
seat, Ann starts, both play the hand to its end by clicking legal actions, and both see the
result; a spectator watches without a concealed tile; a reload comes back to the same seat.
Screenshots of the lobby, each person's table and each result go to /tmp/shots/rooms-*.png."""

from __future__ import annotations

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


def _tab(browser: Any, width: int = 1280, height: int = 760) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(15_000)
    context.add_init_script(INSTANT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def _seats(page: Any, where: str) -> list[str]:
    return [
        " ".join(text.split())
        for text in page.eval_on_selector_all(f"#{where} li", "els => els.map(e => e.textContent)")
    ]


def _open_room(page: Any, site: str, name: str, people: int, spectators: bool) -> str:
    """Ann's side: one hand of Riichi with a fixed seed, a room for ``people``; the code."""
    page.goto(f"{site}/en/play")
    page.select_option("#variant", "riichi")
    page.select_option("#length", "1")
    page.click("#advanced summary")
    page.fill("#seed", "11")
    page.fill("#room-name", name)
    page.select_option("#room-people", str(people))
    page.set_checked("#room-spectators", spectators)
    page.click("#create-room")
    expect(page.locator("#lobby")).to_be_visible()
    invite = page.input_value("#invite")
    match = re.fullmatch(re.escape(site) + r"/en/play\?room=([A-Za-z0-9_-]{16})", invite)
    assert match, invite
    # The address names the room too: a reload comes back to the lobby.
    assert page.url == invite
    return match.group(1)


def _step(page: Any) -> str:
    """One click of a legal action if the page asks for one; where the page stands."""
    if page.evaluate("() => document.querySelector('#outcome').open"):
        if page.locator("#outcome-close").is_visible():
            page.click("#outcome-close")
            return "outcome"
        return "over" if page.evaluate("() => document.body.dataset.table") == "over" else "end"
    standing = page.evaluate("() => document.body.dataset.table")
    if standing != "ready":
        return str(standing)
    key = page.get_attribute("#prompt", "data-key")
    wins = page.locator("#actions .action-tsumo, #actions .action-ron")
    if wins.count():
        wins.first.click()
        return "win"
    if key == "table.your_call":
        page.locator("#actions button").last.click()  # a pass, or whatever is last
        return "call"
    if key == "table.your_turn":
        page.locator('#hand button[aria-disabled="false"]').last.click()
        return "discard"
    return str(key)


def _hand(page: Any) -> list[int]:
    return sorted(
        int(x)
        for x in page.eval_on_selector_all("#hand button", "els => els.map(e => e.dataset.tile)")
    )


def test_two_people_play_a_hand_in_one_room(browser: Any, site: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    ann_context, ann, ann_errors = _tab(browser)
    bob_context, bob, bob_errors = _tab(browser)
    cy_context, cy, cy_errors = _tab(browser, 1024, 700)
    try:
        code = _open_room(ann, site, "Ann", people=2, spectators=True)
        assert _seats(ann, "lobby-seats") == [
            "East: Ann (you, opened the room)",
            "South: free seat",
            "West: free seat",
            "North: free seat",
        ]
        assert ann.locator("#start-room").is_visible()
        watch = ann.locator("#watch-link").get_attribute("href")
        assert watch == f"{site}/en/play?room={code}&watch=1"

        # Bob opens the invitation on the French page: who invites, the free seats, his name.
        bob.goto(f"{site}/fr/play?room={code}")
        expect(bob.locator("#join-form")).to_be_visible()
        expect(bob.locator("#join-title")).to_have_text("Rejoindre une partie")
        assert "Ann vous invite à une partie" in bob.text_content("#join-intro")
        seats = bob.eval_on_selector_all("#join-seat option", "els => els.map(e => e.value)")
        assert seats == ["1", "2", "3"]
        bob.fill("#join-name", "Bob")
        bob.select_option("#join-seat", "2")
        bob.screenshot(path=str(SHOTS / "rooms-join-fr.png"))
        bob.click("#join-room")
        expect(bob.locator("#lobby")).to_be_visible()
        expect(bob.locator("#lobby-title")).to_have_text("Votre salle")
        assert bob.locator("#start-room").is_hidden()  # only the creator starts
        assert "En attendant que Ann lance la partie." in bob.text_content("#lobby-status")
        assert _seats(bob, "lobby-seats") == [
            "Est : Ann (a ouvert la salle)",
            "Sud : robot",
            "Ouest : Bob (vous)",
            "Nord : robot",
        ]
        # Ann's lobby is told: Bob in the West, the other seats go to bots (2 people).
        expect(ann.locator("#lobby-seats li[data-seat='2']")).to_have_text("West: Bob")
        assert _seats(ann, "lobby-seats")[1] == "South: bot"
        ann.screenshot(path=str(SHOTS / "rooms-lobby-en.png"))
        bob.screenshot(path=str(SHOTS / "rooms-lobby-fr.png"))

        ann.click("#start-room")
        for page in (ann, bob):
            expect(page.locator("#table")).to_be_visible()
        # Names at the table, each page in its own language.
        plates = ann.eval_on_selector_all(
            ".corner .plate .name", "els => els.map(e => e.textContent)"
        )
        assert "East (you) · Ann" in plates and "West · Bob" in plates, plates
        plates = bob.eval_on_selector_all(
            ".corner .plate .name", "els => els.map(e => e.textContent)"
        )
        assert "Ouest (vous) · Bob" in plates and "Est · Ann" in plates, plates
        assert "robot" in " ".join(plates)

        # A spectator: the public view, no hand, four hidden hands.
        cy.goto(watch)
        expect(cy.locator("#table")).to_be_visible()
        expect(cy.locator("#spectating")).to_be_visible()
        assert cy.locator("#hand button").count() == 0
        assert cy.locator(".corner .backs").count() == 4

        seen: dict[str, list[str]] = {"ann": [], "bob": []}
        reloaded = False
        deadline = time.monotonic() + 120
        shot = {"ann": False, "bob": False}
        while time.monotonic() < deadline:
            done = True
            for name, page in (("ann", ann), ("bob", bob)):
                if name == "bob" and not reloaded and seen["bob"].count("discard") == 2:
                    # A reload comes back to the same seat of the same game by the kept token
                    # (a bot may have played the seat meanwhile: the room's stand-in).
                    game = bob.evaluate("() => document.body.dataset.game")
                    bob.reload()
                    expect(bob.locator("#table")).to_be_visible()
                    expect(bob.locator("#hand button").first).to_be_visible()
                    assert bob.evaluate("() => document.body.dataset.game") == game
                    assert "Ouest (vous) · Bob" in bob.text_content("#corner-bottom .name")
                    assert 13 <= bob.locator("#hand button").count() <= 14
                    reloaded = True
                if not shot[name] and seen[name].count("discard") == 3:
                    page.screenshot(path=str(SHOTS / f"rooms-table-{name}.png"))
                    shot[name] = True
                what = _step(page)
                if what in ("discard", "call", "win", "outcome"):
                    seen[name].append(what)
                if what != "over":
                    done = False
            if done:
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"the hand did not end in 120 s: {seen}")
        assert reloaded
        assert seen["ann"].count("discard") >= 3 and seen["bob"].count("discard") >= 3, seen
        # Both see the result: the final ranking with both names, in each one's language.
        for page, me, other in (
            (ann, "East (you) · Ann", "West · Bob"),
            (bob, "Ouest (vous) · Bob", "Est · Ann"),
        ):
            expect(page.locator("#final")).to_be_visible()
            rows = page.eval_on_selector_all("#final-rows tr", "els => els.map(e => e.textContent)")
            assert len(rows) == 4
            assert any(me in row for row in rows) and any(other in row for row in rows), rows
        expect(bob.locator("#outcome-title")).to_have_text("La partie est finie")
        expect(ann.locator("#outcome-title")).to_have_text("The game is over")
        ann.screenshot(path=str(SHOTS / "rooms-result-ann.png"))
        bob.screenshot(path=str(SHOTS / "rooms-result-bob.png"))
        expect(cy.locator("body")).to_have_attribute("data-table", "over", timeout=20_000)
        cy.screenshot(path=str(SHOTS / "rooms-spectator.png"))
        assert cy.locator("#hand button").count() == 0
        # Ann's replay: from her seat, her own tiles and three hidden hands; the spectator's
        # browser holds no token: the public view, four hidden hands.
        ann.click("#final-record")
        expect(ann.locator("body")).to_have_attribute("data-replay", "loaded")
        assert ann.get_attribute("body", "data-view") == "seat"
        expect(ann.locator("#replay-view")).to_contain_text("your seat (East)")
        ann.click("#last")
        assert ann.locator(".seat[data-seat='0'] .row:not(.backs) img").count() >= 13
        assert ann.locator(".seat .row.backs").count() == 3
        assert ann.locator(".seat[data-seat='2'] .row.backs").count() == 1
        ann.screenshot(path=str(SHOTS / "rooms-replay-ann.png"), full_page=True)
        cy.click("#final-record")
        expect(cy.locator("body")).to_have_attribute("data-replay", "loaded")
        assert cy.get_attribute("body", "data-view") == "public"
        assert cy.locator(".seat .row.backs").count() == 4
        assert not ann_errors and not bob_errors and not cy_errors, (
            ann_errors,
            bob_errors,
            cy_errors,
        )
    finally:
        for context in (ann_context, bob_context, cy_context):
            context.close()


def test_the_invitation_page_says_what_went_wrong(browser: Any, site: str) -> None:
    """In Spanish and English: a code that opens no room, the last seat taken by someone else
    while the form was open, and the creator leaving the lobby (the room closes for all)."""
    eva_context, eva, eva_errors = _tab(browser, 1024, 700)
    bob_context, bob, bob_errors = _tab(browser, 1024, 700)
    dee_context, dee, dee_errors = _tab(browser, 1024, 700)
    try:
        eva.goto(f"{site}/es/play?room=AAAAAAAAAAAAAAAA")
        expect(eva.locator("#join-error")).to_have_text(
            "no hay ninguna sala AAAAAAAAAAAAAAAA: revisa el código de la invitación"
        )
        expect(eva.locator("#join-title")).to_have_text("Unirse a una partida")
        assert eva.locator("#join-form").is_hidden()

        # Eva opens a room for two on the Spanish page.
        eva.goto(f"{site}/es/play")
        eva.fill("#room-name", "Eva")
        eva.select_option("#room-people", "2")
        eva.click("#create-room")
        # The lobby's title is in the page from the start: its being shown is what says the
        # server answered.
        expect(eva.locator("#lobby")).to_be_visible()
        expect(eva.locator("#lobby-title")).to_have_text("Tu sala")
        expect(eva.locator("#start-room")).to_have_text("Empezar la partida")
        assert _seats(eva, "lobby-seats")[1] == "Sur: asiento libre"
        assert eva.locator("#watch-box").is_hidden()  # nobody may watch this one
        invite = eva.input_value("#invite").replace("/es/", "/en/")

        # Bob and Dee open the invitation; Dee sits first, Bob's form still offers the seat.
        bob.goto(invite)
        expect(bob.locator("#join-form")).to_be_visible()
        assert bob.locator("#watch-room").is_hidden()
        dee.goto(invite)
        dee.fill("#join-name", "Dee")
        dee.click("#join-room")
        expect(dee.locator("#lobby")).to_be_visible()
        expect(eva.locator("#lobby-seats li[data-seat='1']")).to_have_text("Sur: Dee")
        bob.fill("#join-name", "Bob")
        bob.click("#join-room")
        expect(bob.locator("#join-error")).to_have_text(
            "room " + invite.rsplit("=", 1)[1] + " has its 2 people already"
        )
        expect(bob.locator("#join-closed")).to_have_text("Every seat for people is taken.")
        assert bob.locator("#join-form").is_hidden()
        bob.screenshot(path=str(SHOTS / "rooms-join-full.png"))

        # Eva leaves: back to the form (no room in the address), and Dee is told in English.
        eva.click("#leave-room")
        expect(eva.locator("#setup-form")).to_be_visible()
        assert eva.url == f"{site}/es/play"
        expect(dee.locator("#setup-error")).to_have_text(
            "The room was closed: the person who opened it left."
        )
        assert dee.url == f"{site}/en/play"
        assert not eva_errors and not bob_errors and not dee_errors
    finally:
        for context in (eva_context, bob_context, dee_context):
            context.close()
