"""The terminal game as it is seen: every test reads the rendered screen (the rows textual's
compositor draws at 80×24), finds the keys there, and presses them through textual's pilot."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

pytest.importorskip("textual")

from mahjongkit.bots.danger import danger_by_kind
from mahjongkit.game.rounds import round_summaries
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import Tile
from mahjongkit.tui import view
from mahjongkit.tui.app import PlayApp
from mahjongkit.tui.session import Session
from tests.helpers.screen import offered, position_where, screen_lines, screen_text

FAMILIES = ("riichi", "hongkong", "sichuan")
SMALL = (80, 24)


def _run(app: PlayApp, scenario: Callable[[Any], Awaitable[None]], size=SMALL) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(main())


def _names(session: Session) -> view.TileNames:
    return view.TileNames(session.game.flow.tile, glyphs=False)


def _labels(session: Session) -> list[str]:
    """The label of every offered action that has a key (discards are chosen by tile; one
    riichi entry for every riichi discard)."""
    names = _names(session)
    labels = []
    for action in session.legal():
        if action.type in (A.DISCARD, A.EXCHANGE):
            continue
        label = view.action_label(action, "en", names)
        if label not in labels:
            labels.append(label)
    return labels


def _has(legal: list[Action], *kinds: str) -> bool:
    return any(a.type in kinds for a in legal)


async def _press_offer(app: PlayApp, pilot: Any, label: str) -> str:
    """Press the key the screen shows beside ``label``; the key pressed."""
    keys = offered(app)
    assert label in keys, (label, screen_text(app))
    key = keys[label].split("/")[0]
    await pilot.press(key)
    return key


@pytest.mark.parametrize("variant", FAMILIES)
def test_a_pung_is_offered_with_its_key_on_screen_and_made_by_that_key(variant):
    """H-05 (pung from any discard): the claim window lists every call with its letter."""
    session = position_where(variant, lambda s: _has(s.legal(), A.PON))
    app = PlayApp(session, "en", glyphs=False)
    pung = next(a for a in session.legal() if a.type == A.PON)
    label = view.action_label(pung, "en", _names(session))
    before = len(session.game.log)

    async def scenario(pilot: Any) -> None:
        text = screen_text(app)
        shown = offered(app)
        for wanted in _labels(session):
            assert wanted in shown, (wanted, text)
        assert shown["pass"] == "x/Esc" and "[x/Esc] pass" in text
        assert "discarded" in text and "press the key of a call" in text
        await pilot.press("enter")  # Enter chooses nothing in a claim window, and says so
        assert "Enter confirms nothing here: press one of the keys shown" in screen_text(app)
        assert "no such key" not in screen_text(app)
        assert len(session.game.log) == before
        await _press_offer(app, pilot, label)

    _run(app, scenario)
    calls = [e for e in session.game.log[before:] if e["type"] == "pon"]
    assert calls and calls[0]["actor"] == session.human
    assert calls[0]["mjk_id"] == pung.tile


@pytest.mark.parametrize("variant", FAMILIES)
def test_a_win_is_made_by_its_key_and_its_result_stays_on_screen_until_enter(variant):
    """R-05/H-11/S-01: a win offered by the engine is taken by its key; the hand's end shows
    the patterns, every payment and each seat's change, which add up to the new scores."""
    session = position_where(variant, lambda s: _has(s.legal(), A.RON, A.TSUMO))
    app = PlayApp(session, "en", glyphs=False)
    win = next(a for a in session.legal() if a.type in (A.RON, A.TSUMO))
    label = view.action_label(win, "en", _names(session))
    start = [e for e in session.game.log if e["type"] == "start_kyoku"][-1]
    number = start["kyoku"]

    async def scenario(pilot: Any) -> None:
        assert label in offered(app), screen_text(app)
        await _press_offer(app, pilot, label)
        text = screen_text(app)
        assert f"{view.seat_name(session.human, 'en')} wins on" in text, text
        assert "Payments:" in text and "press h for hints" not in text
        over = session.over
        if over:
            assert "The game is over: press Enter or q to quit" in text
        else:
            assert "Press Enter to continue" in text
        if variant != "sichuan":  # a Sichuan hand goes on after the first win
            assert f"Hand {number} of the" in text and "is over" in text
        # Each seat's change, as shown, is the difference of the table's scores, as shown,
        # and the scores the hand started with.
        change = _seat_numbers(text, "Change:")
        after = _table_scores(text)
        assert [after[s] - change[s] for s in range(4)] == list(start["scores"]), text
        header = screen_lines(app)[0] + screen_lines(app)[1]
        assert f"hand {number}" in header  # the finished hand, not the next one dealt
        if over:
            return
        await pilot.press("x")  # any other key leaves the result where it is
        assert "press Enter to continue" in screen_text(app)
        shown_at = session.ended_at
        await pilot.press("enter")
        # The bots play on: the screen shows the next hand, or the next result (in Sichuan
        # the others play on after a win), never the same one again.
        assert "Payments:" not in screen_text(app) or session.ended_at != shown_at

    _run(app, scenario)
    wins = [e for e in session.game.log if e["type"] == "hora" and e["actor"] == session.human]
    assert wins and (wins[0]["target"] == session.human) == (win.type == A.TSUMO)


def _table_scores(text: str) -> list[int]:
    """Each seat's score as the table rows show it (``East  34900 pts``)."""
    found = dict(re.findall(r"^(East|South|West|North)\b.*?(-?\d+) pts", text, re.M))
    return [int(found[s]) for s in ("East", "South", "West", "North")]


def _seat_numbers(text: str, head: str) -> list[int]:
    """The four seat numbers of the screen line starting with ``head``."""
    row = next(line for line in text.splitlines() if head in line)
    found = dict(re.findall(r"(East|South|West|North) ([+-]?\d+)", row.split(head, 1)[1]))
    return [int(found[s]) for s in ("East", "South", "West", "North")]


def test_sichuan_missing_suit_keys_are_on_screen_and_declare_the_suit():
    """RULES-sichuan §3: each hand starts with the missing suit's declaration."""
    session = position_where("sichuan", lambda s: _has(s.legal(), A.DECLARE_MISSING))
    app = PlayApp(session, "es", glyphs=True)

    async def scenario(pilot: Any) -> None:
        shown = offered(app)
        assert shown == {
            "palo ausente: caracteres (m)": "m",
            "palo ausente: círculos (p)": "p",
            "palo ausente: bambúes (s)": "s",
        }, screen_text(app)
        assert "Declara tu palo ausente: pulsa m, p o s" in screen_text(app)
        await pilot.press("enter")
        assert "Intro no confirma nada aquí" in screen_text(app)
        await _press_offer(app, pilot, "palo ausente: círculos (p)")

    _run(app, scenario)
    declared = [e for e in session.game.log if e["type"] == "mjk:declare"]
    assert {"actor": session.human, "suit": 1} in [
        {"actor": e["actor"], "suit": e["suit"]} for e in declared
    ]


def test_a_typed_tile_is_chosen_and_enter_discards_it_not_the_next_draw():
    """Typing 1z moves the choice to 1z and says so; only Enter discards it, and the Enter does
    not reach the next turn."""
    session = position_where(
        "riichi",
        lambda s: _has(s.legal(), A.DISCARD) and not _has(s.legal(), A.RIICHI, A.TSUMO),
    )
    app = PlayApp(session, "en", glyphs=False)
    legal = [a for a in session.legal() if a.type == A.DISCARD and a.tile is not None]
    drawn = session.observation().own.drawn
    other = next(a for a in legal if a.tile != drawn and a.tile // 4 != (drawn or 0) // 4)
    name = str(session.game.flow.tile(other.tile or 0))
    before = len(session.game.log)

    async def scenario(pilot: Any) -> None:
        await pilot.press(name[0])
        assert f"typed: {name[0]}" in screen_text(app)
        await pilot.press(name[1])
        assert f"{name} chosen: Enter discards it" in screen_text(app)
        assert len(session.game.log) == before  # nothing discarded yet
        await pilot.press("enter")

    _run(app, scenario)
    discards = [e for e in session.game.log[before:] if e["type"] == "dahai"]
    mine = [e for e in discards if e["actor"] == session.human]
    assert [e["mjk_id"] for e in mine] == [other.tile]  # one discard: the chosen tile


def test_an_unknown_key_names_itself_in_the_players_language():
    session = position_where("riichi", lambda s: _has(s.legal(), A.DISCARD))
    app = PlayApp(session, "fr", glyphs=False)
    before = session.game.snapshot()

    async def scenario(pilot: Any) -> None:
        await pilot.press("tab")
        assert "Tab : cette touche ne fait rien ici" in screen_text(app)
        await pilot.press("z")
        assert "z : cette touche ne fait rien ici" in screen_text(app)
        await pilot.press("9", "x")
        assert "x : cette touche ne fait rien ici" in screen_text(app)
        assert session.game.snapshot() == before

    _run(app, scenario)


@pytest.mark.parametrize("variant", ["hongkong", "sichuan"])
def test_no_red_five_is_shown_or_wanted_where_the_rules_have_none(variant):
    """RULES-riichi red fives are Riichi's alone: in Hong Kong and Sichuan copy 0 of a five is
    a five like the others, shown, hinted and typed as 5m/5p/5s."""
    reds = {16, 52, 88}
    session = position_where(
        variant,
        lambda s: _has(s.legal(), A.DISCARD) and bool(reds & {a.tile for a in s.legal()}),
        seeds=range(60),
    )
    app = PlayApp(session, "en", glyphs=False)
    red = next(a.tile for a in session.legal() if a.type == A.DISCARD and a.tile in reds)
    name = f"5{'mps'[(red or 0) // 36]}"

    async def scenario(pilot: Any) -> None:
        hand = next(line for line in screen_lines(app) if line.startswith("your hand:"))
        assert not re.search(r"\b0[mps]\b", hand) and name in hand, hand
        await pilot.press(name[0], name[1])
        assert f"{name} chosen: Enter discards it" in screen_text(app)
        await pilot.press("0", name[1])
        assert f"0{name[1]}: not in your hand" in screen_text(app)

    _run(app, scenario)


def test_a_riichi_red_five_is_shown_red_and_typed_as_0():
    """RULES-riichi: one red five per suit; it is 0m/0p/0s, drawn in red."""
    reds = {16, 52, 88}
    session = position_where(
        "riichi",
        lambda s: _has(s.legal(), A.DISCARD) and bool(reds & {a.tile for a in s.legal()}),
    )
    app = PlayApp(session, "en", glyphs=False)
    red = next(a.tile for a in session.legal() if a.type == A.DISCARD and a.tile in reds)
    name = f"0{'mps'[(red or 0) // 36]}"

    async def scenario(pilot: Any) -> None:
        strips = app.screen._compositor.render_strips()
        row = next(s for s in strips if s.text.startswith("your hand:"))
        styled = [seg for seg in row if seg.text.strip() == name]
        assert styled and styled[0].style is not None and styled[0].style.color is not None
        red_colour = styled[0].style.color.get_truecolor()
        assert red_colour.red > 2 * max(red_colour.green, red_colour.blue)  # drawn in red
        plain = [seg for seg in row if re.fullmatch(r"[1-9][mpsz]", seg.text.strip())]
        assert plain and all(
            seg.style is None or seg.style.color is None or seg.style.color != styled[0].style.color
            for seg in plain
        )
        await pilot.press(name[0], name[1])
        assert f"{name} chosen: Enter discards it" in screen_text(app)

    _run(app, scenario)


def test_sichuan_hints_offer_only_the_missing_suit_and_the_refusal_says_why():
    """RULES-sichuan §3 (void_discard_rule=strict): while the missing suit is held only its
    tiles may go; the hints list those alone and a kept-suit discard is refused by name."""

    def holding_missing(session: Session) -> bool:
        legal = session.legal()
        suits = {a.tile // 36 for a in legal if a.type == A.DISCARD and a.tile is not None}
        held = {x // 36 for x in session.observation().hand}
        return len(suits) == 1 and len(held) > 1

    session = position_where("sichuan", holding_missing)
    app = PlayApp(session, "en", glyphs=False)
    suit = session.observation().own.missing_suit
    assert suit is not None
    kept = next(x for x in session.observation().hand if x // 36 != suit)
    name = str(session.game.flow.tile(kept))
    before = len(session.game.log)

    async def scenario(pilot: Any) -> None:
        await pilot.press("h")
        await pilot.pause()
        text = screen_text(app)
        hinted = re.findall(r"(\d[mps]): shanten", text)
        assert hinted and all("mps".index(x[1]) == suit for x in hinted), text
        await pilot.press(name[0], name[1], "enter")
        refusal = screen_text(app)
        assert f"not allowed: discard your missing suit ({'mps'[suit]}) first" in refusal
        assert len(session.game.log) == before

    _run(app, scenario)


@pytest.mark.parametrize("size", [SMALL, (120, 40)])
def test_the_danger_against_riichi_fits_the_hints_panel(size):
    """R-05: against a riichi, the hints show the danger of every tile of the hand, grouped by
    level, whole, in the hints panel of an 80×24 screen and of a larger one."""

    def facing_riichi(session: Session) -> bool:
        obs = session.observation()
        others = [info for s, info in enumerate(obs.seats) if s != session.human]
        return _has(session.legal(), A.DISCARD) and any(info.riichi for info in others)

    session = position_where("riichi", facing_riichi, seeds=range(40))
    app = PlayApp(session, "en", glyphs=False)
    danger = danger_by_kind(session.observation())
    levels = ("safe", "suji", "honours", "dangerous")

    async def scenario(pilot: Any) -> None:
        await pilot.press("h")
        await pilot.pause()
        lines = screen_lines(app)
        panel = [line.split("││")[-1].rstrip("│").rstrip() for line in lines if "││" in line]
        start = next(i for i, row in enumerate(panel) if row.startswith("against riichi of"))
        groups: dict[str, list[str]] = {}
        level = ""
        for row in panel[start + 1 :]:
            head = row.strip().split(":", 1)
            if head[0] in levels:
                level = head[0]
                groups[level] = head[1].split()
            elif row.startswith("   ") and level:
                groups[level].extend(row.split())
            else:
                break
        held = session.observation().hand
        for item in danger:
            copies = {str(session.game.flow.tile(x)) for x in held if x // 4 == item.kind}
            # A red five held alone is named as it is shown in the hand (0m).
            name = copies.pop() if len(copies) == 1 else str(Tile(item.kind))
            assert name in groups.get(levels[item.level], []), (name, panel)

    _run(app, scenario, size=size)


def test_the_result_of_a_hand_adds_up_to_the_next_hands_scores():
    """The round summary on screen is the library's: its payments add up to each seat's
    change, and the change to the next hand's starting scores."""
    session = position_where("riichi", lambda s: _has(s.legal(), A.RON, A.TSUMO), seeds=range(40))
    app = PlayApp(session, "en", glyphs=False)
    win = next(a for a in session.legal() if a.type in (A.RON, A.TSUMO))

    async def scenario(pilot: Any) -> None:
        await _press_offer(app, pilot, view.action_label(win, "en", _names(session)))
        text = screen_text(app)
        change = _seat_numbers(text, "Change:")
        summary = [s for s in round_summaries(session.game.log) if s.finished][-1]
        assert change == list(summary.deltas)
        await pilot.press("enter")

    _run(app, scenario)
    following = [e for e in session.game.log if e["type"] == "start_kyoku"]
    summaries = round_summaries(session.game.log)
    if len(following) > len([s for s in summaries if s.finished]):
        finished = [s for s in summaries if s.finished][-1]
        assert list(finished.scores_after) == following[finished.number]["scores"]
