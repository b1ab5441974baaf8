"""The table page in Debian's Chromium (Playwright): a hand of each family played by clicks
alone on a laptop's screen and on a phone's, the table fitting the screen with the hand in view,
a reload in the middle of the hand coming back to it by itself, the result's payments against
its score changes, the focus kept on the hand, the bots' moves paced, a dropped connection
reconnected, the keyboard, and the replay. Screenshots of each table and result go to
/tmp/shots (looked at by whoever changes the page)."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect
uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from tests.web.conftest import CHROMIUM  # noqa: E402

# The session's Chromium and site (conftest.py).

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (./dev test installs it)"
)

SHOTS = Path("/tmp/shots")
SIZES = {"wide": (1366, 768), "phone": (375, 740)}
FAMILIES = [("riichi", ""), ("hongkong", ""), ("sichuan", "huan_san_zhang=cw")]
INSTANT = "localStorage.setItem('mjk-table-speed', JSON.stringify('instant'))"


def _tab(browser: Any, size: str = "wide", instant: bool = True) -> tuple[Any, Any, list[str]]:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(10_000)
    if instant:
        context.add_init_script(INSTANT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def _start(
    page: Any, site: str, variant: str, options: str = "", lang: str = "en", hints: bool = True
) -> None:
    page.goto(f"{site}/{lang}/play")
    page.select_option("#variant", variant)
    page.select_option("#length", "1")
    page.click("#advanced summary")
    page.fill("#seed", "5")
    page.fill("#options", options)
    page.set_checked("#hints-start", hints)
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")


def _ready(page: Any) -> str:
    """Wait until the person may act (or the result is open); the page's standing then."""
    page.wait_for_function(
        "() => document.body.dataset.table === 'ready' || document.body.dataset.table === 'over'"
        " || document.querySelector('#outcome').open"
    )
    return str(page.evaluate("() => document.body.dataset.table"))


_FITS = """() => {
  const root = document.documentElement;
  const out = [];
  if (root.scrollHeight > innerHeight) out.push('page scrolls down: ' + root.scrollHeight);
  if (root.scrollWidth > innerWidth) out.push('page scrolls sideways: ' + root.scrollWidth);
  const tiles = [...document.querySelectorAll('#hand button')];
  if (!tiles.length) out.push('no hand');
  for (const tile of tiles) {
    const r = tile.getBoundingClientRect();
    if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      out.push('hand tile out of view: ' + JSON.stringify([r.left, r.top, r.right, r.bottom]));
  }
  for (const button of document.querySelectorAll('#actions button')) {
    const r = button.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
      out.push('action out of view: ' + button.textContent);
  }
  return out;
}"""


def _hand(page: Any) -> list[int]:
    return sorted(
        int(x)
        for x in page.eval_on_selector_all("#hand button", "els => els.map(e => e.dataset.tile)")
    )


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


_RESULT = """() => {
  const lines = [...document.querySelectorAll('#outcome-money .result-lines li')].map(li =>
    ({payer: li.dataset.payer, payee: li.dataset.payee, amount: li.dataset.amount,
      text: li.textContent}));
  const deltas = [...document.querySelectorAll('#outcome-money td.delta')].map(td =>
    [Number(td.dataset.seat), Number(td.dataset.delta), td.textContent]);
  const rows = [...document.querySelectorAll('#outcome-money table.scores tbody tr')].map(tr =>
    [...tr.children].map(td => td.textContent));
  return {lines, deltas, rows,
          title: document.querySelector('#outcome-body .result-title')?.textContent,
          tiles: document.querySelectorAll('#outcome-body .result-hand img.tile').length};
}"""


def _number(text: str) -> int:
    return int(re.sub(r"[^\d-]", "", text.replace("\u2212", "-")))


def _check_result(page: Any, kind: str) -> dict[str, Any]:
    """The outcome shown: every seat's change is shown, before + change = after on each row,
    and when the payment lines are sent, each seat's lines add up to its change."""
    shown: dict[str, Any] = page.evaluate(_RESULT)
    assert shown["title"]
    assert sorted(s for s, _, _ in shown["deltas"]) == [0, 1, 2, 3], shown
    for _, delta, text in shown["deltas"]:
        assert _number(text) == delta
    for row in shown["rows"]:
        if len(row) == 4:  # seat, before, change, after
            assert _number(row[1]) + _number(row[2]) == _number(row[3]), row
    if kind == "win":
        assert shown["tiles"] >= 13, shown  # the winning hand drawn as tiles, not notation
    if shown["lines"] and shown["lines"][0]["amount"] is not None:
        owed = dict.fromkeys(range(4), 0)
        for line in shown["lines"]:
            amount = int(line["amount"])
            owed[int(line["payee"])] += amount
            if line["payer"] != "":
                owed[int(line["payer"])] -= amount
            assert line["text"] and "{" not in line["text"]
        assert owed == {seat: delta for seat, delta, _ in shown["deltas"]}, shown
    return shown


def _play_hand(page: Any, name: str, reload_after: int | None = None) -> dict[str, int]:
    """Play to the end of the game by clicks: the first win offered, else the first call
    button, else the hand's last playable tile. Checks at each turn that the table fits the
    screen, that the focus is on a hand tile after a discard, and once that a reload comes
    back to the same hand by itself."""
    seen = {"discards": 0, "calls": 0, "outcomes": 0, "reloads": 0}
    deadline = time.monotonic() + 90
    discarded = False
    while time.monotonic() < deadline:
        standing = _ready(page)
        if page.evaluate("() => document.querySelector('#outcome').open"):
            seen["outcomes"] += 1
            kind = "win" if page.locator("#outcome-body .result-hand").count() else "draw"
            assert page.evaluate(_FITS) == []
            if seen["outcomes"] == 1:
                page.screenshot(path=str(SHOTS / f"{name}-result.png"))
            _check_result(page, kind)
            if page.locator("#outcome-close").is_visible():
                page.click("#outcome-close")
                continue
            page.wait_for_function("() => document.body.dataset.table === 'over'")
            page.screenshot(path=str(SHOTS / f"{name}-result.png"))
            return seen
        if standing == "over":
            return seen
        assert page.evaluate(_FITS) == []
        if discarded:
            focus = page.evaluate("() => document.activeElement.className")
            assert "hand-tile" in focus, focus
            discarded = False
        key = page.get_attribute("#prompt", "data-key")
        if seen["discards"] == 6 and key == "table.your_turn":
            page.screenshot(path=str(SHOTS / f"{name}-table.png"))
        if reload_after is not None and seen["discards"] == reload_after and not seen["reloads"]:
            _reload_comes_back(page)
            seen["reloads"] += 1
            continue
        wins = page.locator("#actions .action-tsumo, #actions .action-ron")
        if key == "table.your_exchange":
            _exchange(page)
        elif wins.count():
            wins.first.click()
        elif key in ("table.your_call", "table.your_declare"):
            if key == "table.your_call":
                # The tile offered is outlined in its discarder's pond and shown in words.
                claim = page.locator("#claim")
                expect(claim).to_be_visible()
                assert page.locator(".pond img.offer").count() == 1
                assert page.locator(".corner.claim-from").count() == 1
                assert "discarded" in claim.text_content()
            page.locator("#actions button").first.click()
            seen["calls"] += 1
        elif key == "table.your_turn":
            page.locator('#hand button[aria-disabled="false"]').last.click()
            seen["discards"] += 1
            discarded = True
        else:
            page.wait_for_timeout(20)
    raise AssertionError("the game did not end within 90 s")


def _reload_comes_back(page: Any) -> None:
    game = page.evaluate("() => document.body.dataset.game")
    hand = _hand(page)
    ponds = page.locator(".pond img").count()
    key = page.get_attribute("#prompt", "data-key")
    page.reload()
    # No click: the page finds its unfinished game and asks for it again.
    page.wait_for_selector("#table:not([hidden])")
    assert _ready(page) == "ready"
    assert page.evaluate("() => document.body.dataset.game") == game
    assert _hand(page) == hand
    assert page.locator(".pond img").count() == ponds
    assert page.get_attribute("#prompt", "data-key") == key
    assert page.locator("#setup").is_hidden()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize(("variant", "options"), FAMILIES)
def test_a_hand_by_clicks_on_one_screen(
    browser: Any, site: str, variant: str, options: str, size: str
) -> None:
    SHOTS.mkdir(exist_ok=True)
    context, page, errors = _tab(browser, size)
    try:
        # Hints on the wide screen (its screenshots show them); the phone's game goes faster.
        _start(page, site, variant, options, hints=size == "wide")
        assert page.locator(".corner .plate").count() == 4
        assert page.locator("#hand button").count() >= 13
        # Readable names, not codes: the hidden hands and the tiles.
        assert re.fullmatch(r"\w+: 1[34] hidden tiles", page.get_attribute(".backs", "aria-label"))
        assert re.search(r" of |wind|dragon", page.get_attribute("#hand button", "aria-label"))
        seen = _play_hand(page, f"{variant}-{size}", reload_after=3)
        assert not errors, errors
        assert seen["discards"] > 3 and seen["outcomes"] >= 1 and seen["reloads"] == 1
        # The game's end: the ranking, no "continue", no prompt left saying the bots play.
        assert page.locator("#final-rows tr").count() == 4
        assert page.locator("#final-rows tr.me").count() == 1
        assert page.locator("#outcome-close").is_hidden()
        assert page.get_attribute("#prompt", "data-key") == "table.game_over"
        uma = page.locator("#final-result-head").is_visible()
        assert uma == (variant == "riichi")  # the uma/oka column only where the rules have it
        assert page.evaluate(_FITS) == []
        if size == "phone":
            # A finished game is not resumed: a reload shows the form, as it was filled.
            page.reload()
            expect(page.locator("#setup-form")).to_be_visible()
            assert page.locator("#table").is_hidden()
            assert page.input_value("#variant") == variant
            assert page.input_value("#length") == "1"
            assert not page.is_checked("#hints-start")
            return
        page.click("#final-record")
        expect(page.locator("body")).to_have_attribute("data-replay", "loaded")
        position = page.locator("#position")
        expect(position).to_have_text(re.compile(r"^step 1 of \d+$"))
        total = int(position.text_content().rsplit(" ", 1)[1])
        assert total > seen["discards"]
        page.click("#last")
        expect(position).to_have_text(f"step {total} of {total}")
        expect(page.locator("#replay-outcome")).to_be_visible()
        assert not errors, errors
    finally:
        context.close()


def test_the_setup_form_names_presets_and_remembers_the_choices(browser: Any, site: str) -> None:
    context, page, errors = _tab(browser, "phone")
    try:
        page.goto(f"{site}/fr/play")
        page.select_option("#variant", "hongkong")
        names = page.eval_on_selector_all("#rules option", "els => els.map(e => e.textContent)")
        assert "Hong Kong, vieux style" in names
        assert not [n for n in names if "_" in n], names  # no raw preset ids
        # The seed and the rule options wait under "more choices".
        assert page.locator("#seed").is_hidden() and page.locator("#options").is_hidden()
        page.select_option("#rules", "table_b")
        page.select_option("#bots", "random")
        page.select_option("#length", "4")
        page.check("#hints-start")
        page.click("#start")
        assert _ready(page) == "ready"
        # The game is forgotten (as after its end): the form comes back as it was filled.
        page.evaluate("() => localStorage.removeItem('mjk-table-game')")
        page.reload()
        expect(page.locator("#setup-form")).to_be_visible()
        assert page.input_value("#variant") == "hongkong"
        assert page.input_value("#rules") == "table_b"
        assert page.input_value("#bots") == "random"
        assert page.input_value("#length") == "4"
        assert page.is_checked("#hints-start")
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize(
    "kept", ['{"game": 999999, "token": "not-a-token"}', '{"game": "x"}', "not json at all"]
)
def test_a_game_kept_in_the_browser_that_cannot_resume_leaves_the_form(
    browser: Any, site: str, kept: str
) -> None:
    """A stored game the server refuses (no such game, a wrong token) or that is no game at
    all: the form, with the reason when the server gave one; a start refused says why too."""
    context, page, errors = _tab(browser, "phone")
    context.add_init_script(f"localStorage.setItem('mjk-table-game', {json.dumps(kept)})")
    try:
        page.goto(f"{site}/en/play")
        expect(page.locator("#setup-form")).to_be_visible()
        assert page.locator("#table").is_hidden()
        if "token" in kept:
            expect(page.locator("#setup-error")).to_contain_text("token")
            assert page.evaluate("() => localStorage.getItem('mjk-table-game')") is None
        page.click("#advanced summary")
        page.fill("#options", "no_such_rule=1")
        page.click("#start")
        expect(page.locator("#setup-error")).to_be_visible()
        assert page.locator("#table").is_hidden()
        assert not errors, errors
    finally:
        context.close()


def test_bots_moves_are_shown_one_by_one_and_a_click_meanwhile_sends_nothing(
    browser: Any, site: str
) -> None:
    context, page, errors = _tab(browser, "wide", instant=False)
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
    try:
        page.goto(f"{site}/fr/play")
        page.select_option("#variant", "riichi")
        page.click("#advanced summary")
        page.fill("#seed", "9")
        page.click("#start")
        page.wait_for_selector("#table:not([hidden])")
        assert _ready(page) == "ready"
        page.select_option("#speed", "slow")  # the table's own control, kept in the browser
        page.locator('#hand button[aria-disabled="false"]').last.click()
        counts, sayings = [], []
        while page.evaluate("() => document.body.dataset.table") != "ready":
            counts.append(page.locator(".pond img").count())
            sayings.append(page.text_content("#announce"))
            page.wait_for_timeout(60)
        # Three bots' discards seen one after another (each with a moment to look at), each
        # said in words to a screen reader, the last discard always marked.
        assert len(set(counts)) >= 3, counts
        assert len(counts) >= 20, len(counts)  # slow: about 0.9 s a move
        assert any(re.match(r"(Sud|Ouest|Nord|Est) défausse ", s) for s in sayings), sayings
        assert page.locator(".pond img.last").count() == 1
        assert page.locator(".corner.turn").count() == 1
        # A click on the hand while the bots' moves are shown: the rest is shown at once, and
        # nothing is sent on a table the person has not seen.
        acts = len([m for m in sent if m["type"] == "act"])
        page.locator('#hand button[aria-disabled="false"]').last.click()
        page.wait_for_function("() => document.body.dataset.table === 'playing'")
        box = page.locator("#hand button").first.bounding_box()
        page.mouse.click(box["x"] + 4, box["y"] + 4)
        page.wait_for_function("() => document.body.dataset.table === 'ready'", timeout=1500)
        page.wait_for_timeout(300)
        assert len([m for m in sent if m["type"] == "act"]) == acts + 1
        assert "hand-tile" in page.evaluate("() => document.activeElement.className")
        page.reload()
        assert _ready(page) == "ready"
        assert page.input_value("#speed") == "slow"
        assert not errors, errors
    finally:
        context.close()


def test_a_dropped_connection_comes_back_to_the_same_hand(browser: Any, site: str) -> None:
    context, page, errors = _tab(browser)
    routes: list[tuple[Any, Any]] = []

    def relay(ws: Any) -> None:
        server = ws.connect_to_server()
        routes.append((ws, server))

    page.route_web_socket(re.compile(r".*/ws/play.*"), relay)
    try:
        _start(page, site, "hongkong")
        assert _ready(page) == "ready"
        page.locator('#hand button[aria-disabled="false"]').last.click()
        assert _ready(page) == "ready"
        game = page.evaluate("() => document.body.dataset.game")
        hand = _hand(page)
        key = page.get_attribute("#prompt", "data-key")
        ws, server = routes[-1]
        server.close()
        ws.close()
        # Reconnected with no click, back in the same game and hand.
        page.wait_for_function("() => document.body.dataset.table !== 'ready'")
        expect(page.locator("#error")).to_be_visible()
        assert _ready(page) == "ready"
        assert len(routes) >= 2
        assert page.evaluate("() => document.body.dataset.game") == game
        assert _hand(page) == hand
        assert page.get_attribute("#prompt", "data-key") == key
        if key == "table.your_turn":
            page.locator('#hand button[aria-disabled="false"]').last.click()
        else:
            page.locator("#actions button").last.click()
        assert _ready(page) in ("ready", "over")
        assert not errors, errors
    finally:
        context.close()


def test_the_keyboard_plays_and_the_focus_stays_on_the_hand(browser: Any, site: str) -> None:
    context, page, errors = _tab(browser)
    try:
        page.goto(f"{site}/es/play")
        page.select_option("#variant", "riichi")
        page.click("#advanced summary")
        page.fill("#seed", "5")
        page.focus("#start")
        page.keyboard.press("Enter")
        assert _ready(page) == "ready"
        # The table opens with the focus on the hand, never on the page's body.
        focused = page.evaluate("() => document.activeElement.className")
        assert "hand-tile" in focused, focused
        first = page.evaluate("() => document.activeElement.dataset.tile")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("() => document.activeElement.dataset.tile") != first
        ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert ring != "none"
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert label.startswith("descartar ") and not re.search(r"\d[mpsz]", label), label
        before = len(_hand(page))
        for _ in range(6):
            chosen = page.evaluate("() => document.activeElement.dataset.tile")
            page.keyboard.press("Enter")
            standing = _ready(page)
            if (
                standing != "ready"
                or page.get_attribute("#prompt", "data-key") != "table.your_turn"
            ):
                break
            assert chosen not in [str(x) for x in _hand(page)]
            assert len(_hand(page)) == before
            assert "hand-tile" in page.evaluate("() => document.activeElement.className")
        # The actions are reachable: a Tab backwards from the hand lands on the toolbar or on
        # an action, never outside the page.
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("() => document.activeElement !== document.body")
        assert not errors, errors
    finally:
        context.close()


def _contract_lines(deltas: list[int]) -> list[dict[str, Any]]:
    """Payment lines that add up to ``deltas``: each payer pays the payees in seat order, and
    what is left to a payee comes from the table (as riichi sticks do)."""
    owed = {s: -d for s, d in enumerate(deltas) if d < 0}
    lines = []
    for payee, gain in enumerate(deltas):
        for payer in list(owed):
            if gain <= 0:
                break
            amount = min(gain, owed[payer])
            lines.append({"payer": payer, "payee": payee, "amount": amount})
            gain -= amount
            owed[payer] -= amount
            if not owed[payer]:
                del owed[payer]
        if gain > 0:
            lines.append({"payer": None, "payee": payee, "amount": gain})
    for line in lines:
        line["reason"] = "ron"
        line["text"] = f"seat {line['payer']} pays seat {line['payee']} {line['amount']} (test)"
    return lines


def _with_contract_fields(text: str) -> str:
    """A server message with the fields the payments part adds (docs: contract of issue 33),
    made up from what the message already says."""
    message = json.loads(text)
    if message.get("type") == "state":
        ends = [e for e in message["events"] if e["type"] in ("hora", "ryukyoku")]
        for outcome, event in zip(message["outcomes"], ends, strict=True):
            deltas = outcome["deltas"]
            outcome["payment_lines"] = _contract_lines(deltas)
            outcome["scores_after"] = event["scores"]
            outcome["scores_before"] = [a - d for a, d in zip(event["scores"], deltas, strict=True)]
            if outcome["kind"] == "win":
                concealed = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z"]
                outcome["hand_tiles"] = {
                    "concealed": concealed,
                    "melds": [
                        {
                            "kind": "pung",
                            "tiles": ["7z"] * 3,
                            "from": 1,
                            "called": "7z",
                            "text": "pung of Red dragon, called from South",
                        }
                    ],
                    "win_tile": "5s",
                    "bonus": [],
                }
    if message.get("type") == "game_over":
        message["has_uma"] = False
    return json.dumps(message)


def test_the_result_shows_the_payment_lines_and_the_hand_in_tiles(browser: Any, site: str) -> None:
    """The outcome fields agreed with the server (payment_lines, scores before and after,
    hand_tiles, has_uma) drawn as they come: each line's words, the lines adding up to the
    changes shown, the hand and its melds as tiles with the winning tile marked."""
    context, page, errors = _tab(browser)

    def relay(ws: Any) -> None:
        server = ws.connect_to_server()
        ws.on_message(lambda text: server.send(text))
        server.on_message(lambda text: ws.send(_with_contract_fields(text)))

    page.route_web_socket(re.compile(r".*/ws/play.*"), relay)
    try:
        _start(page, site, "riichi", hints=False)
        while True:
            _ready(page)
            if page.evaluate("() => document.querySelector('#outcome').open"):
                break
            key = page.get_attribute("#prompt", "data-key")
            if key == "table.your_turn":
                page.locator('#hand button[aria-disabled="false"]').last.click()
            else:
                page.locator("#actions button").last.click()
        shown = _check_result(page, "draw")
        assert shown["lines"] and all(line["amount"] for line in shown["lines"])
        assert all(line["text"].endswith("(test)") for line in shown["lines"])
        # Seed 5's hand ends in a win: its hand is drawn from hand_tiles, not from notation.
        assert shown["tiles"] == 12 + 3 + 1
        win = page.locator("#outcome-body .result-hand img.win")
        assert win.count() == 1 and "winning tile" in win.get_attribute("alt")
        meld = page.locator("#outcome-body .result-hand .meld")
        assert meld.get_attribute("aria-label") == "pung of Red dragon, called from South"
        assert meld.locator("img.turned").count() == 1
        page.wait_for_function("() => document.body.dataset.table === 'over'")
        assert page.locator("#final-rows tr").count() == 4
        assert page.locator("#final-result-head").is_hidden()  # has_uma false: no column
        assert not errors, errors
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


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_and_its_result_pass_axe(browser: Any, site: str, scheme: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    width, height = SIZES["wide"]
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    context.set_default_timeout(20_000)
    context.add_init_script(INSTANT)
    page = context.new_page()
    found = {}
    try:
        _start(page, site, "sichuan", "huan_san_zhang=cw", lang="fr")
        _ready(page)
        for moment in ("table", "result"):
            if moment == "result":
                while not page.evaluate("() => document.querySelector('#outcome').open"):
                    key = page.get_attribute("#prompt", "data-key")
                    if key == "table.your_exchange":
                        _exchange(page)
                    elif key == "table.your_turn":
                        page.locator('#hand button[aria-disabled="false"]').last.click()
                    else:
                        page.locator("#actions button").first.click()
                    _ready(page)
            violations = axe.run(page).response["violations"]
            bad = [
                (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                for v in violations
                if v["impact"] in ("serious", "critical")
            ]
            if bad:
                found[moment] = bad
    finally:
        context.close()
    assert found == {}


def _turn_where(variant: str, wanted: Any, seeds: range) -> Any:
    """A seeded game of efficient bots stopped where seat 0 is to discard and its hint JSON
    (``hints_for``) has what ``wanted`` asks; the game and that JSON."""
    from mahjongkit.bots.efficient import EfficientAgent
    from mahjongkit.bots.session import run_until
    from mahjongkit.game.engine import Game
    from mahjongkit.table.state import Phase
    from mahjongkit.web.hints import hints_for

    for seed in seeds:
        game = Game(variant, seed=seed, max_rounds=1)
        game.start()
        bots = [EfficientAgent() for _ in range(game.players)]
        while not game.over:
            if game.round.phase is Phase.TURN and game.waiting_for() == [0]:
                page = hints_for(game.observation(0), game.flow.rules, "en")
                if wanted(page):
                    return game, page
            if not run_until(game, bots, max_actions=1):
                break
    raise AssertionError(f"no {variant} position with the hints wanted in seeds {seeds}")


def _resumed_with_hints(browser: Any, site: str, records_path: Path, game: Any) -> Any:
    """A tab at the table resuming ``game`` (stored with seat 0 a person) with hints on."""
    from mahjongkit.records import Records, Seat
    from mahjongkit.web.table import SURFACE, _secret_beside, _token

    seats = [Seat("player"), *(Seat(f"bot{s}", "efficient") for s in range(1, game.players))]
    with Records(records_path) as records:
        number = records.create_game(game, seats, surface=SURFACE)
    token = _token(_secret_beside(records_path), number)
    context, page, errors = _tab(browser)
    stored = {"game": number, "token": token}
    context.add_init_script(
        f"localStorage.setItem('mjk-table-game', {json.dumps(json.dumps(stored))});"
        f"localStorage.setItem('mjk-table-setup', {json.dumps(json.dumps({'hints': True}))});"
    )
    page.goto(f"{site}/en/play")
    page.wait_for_selector("#hints:not([hidden]) h3")
    return context, page, errors


def test_the_hints_show_only_the_kinds_the_family_offers(
    browser: Any, site: str, records_path: Path, toy: str
) -> None:
    """The page draws the parts of the hint JSON its ``kinds`` name: the toy family offers
    shanten, discards and waits, so a discard that leaves the hand ready lists its waits
    without what they are worth, and no danger or furiten is drawn; Riichi offers values,
    furiten and danger, drawn for a position with a player in riichi and a furiten wait."""
    from mahjongkit.i18n import tile_name

    SHOTS.mkdir(exist_ok=True)
    game, hints = _turn_where(
        toy, lambda page: any(option.get("waits") for option in page["discards"]), range(1, 30)
    )
    assert hints["kinds"] == ["shanten", "discards", "waits"]
    context, page, errors = _resumed_with_hints(browser, site, records_path, game)
    try:
        box = page.locator("#hints")
        expect(box).to_have_attribute("data-kinds", "shanten discards waits")
        expect(box.locator(".best-discards li")).to_have_count(min(5, len(hints["discards"])))
        expect(box.locator(".best-discards li").first).to_have_text(hints["discards"][0]["text"])
        first = next(option for option in hints["discards"] if option.get("waits"))
        waits = box.locator("ul.waits").first.locator("li")
        expect(waits).to_have_count(len(first["waits"]))
        expect(waits.first).to_have_text(tile_name(first["waits"][0]["tile"], "en"))
        expect(box.locator("li.valued")).to_have_count(0)
        expect(box).not_to_contain_text("on a discard")
        expect(box.locator("ul.danger")).to_have_count(0)
        expect(box.locator(".furiten")).to_have_count(0)
        expect(page.locator("#hand .hint-note").first).to_be_visible()
        page.screenshot(path=str(SHOTS / "hints-toy.png"))
        assert errors == []
    finally:
        context.close()

    def furiten_under_threat(page: dict[str, Any]) -> bool:
        return bool(page["danger"]) and any(option.get("furiten") for option in page["discards"])

    game, hints = _turn_where("riichi", furiten_under_threat, range(1, 60))
    assert {"values", "furiten", "danger"} <= set(hints["kinds"])
    context, page, errors = _resumed_with_hints(browser, site, records_path, game)
    try:
        box = page.locator("#hints")
        expect(box).to_have_attribute("data-kinds", " ".join(hints["kinds"]))
        expect(box.locator("p.furiten")).to_have_text("furiten: no win on a discard")
        # Each listed discard that leaves the hand furiten says so, and only those.
        listed = hints["discards"][:5]
        leaving = box.locator(".best-discards li.leaves-furiten")
        expect(leaving).to_have_count(sum(1 for option in listed if option.get("furiten")))
        expect(leaving.first).to_contain_text("leaves you furiten")
        flagged = next(option for option in listed if option.get("furiten"))
        expect(leaving.first).to_contain_text(flagged["text"])
        expect(box.locator("ul.danger li")).to_have_count(len(hints["danger"]))
        expect(box.locator("ul.danger li").first).to_have_text(hints["danger"][0]["text"])
        expect(box.locator("li.valued").first).to_contain_text("on a discard: ")
        marked = page.locator("#hand button[class*='danger-']")
        assert marked.count() >= len(hints["danger"])
        page.screenshot(path=str(SHOTS / "hints-riichi.png"))
        assert errors == []
    finally:
        context.close()
