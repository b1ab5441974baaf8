"""The terminal game driven by key presses through textual's pilot."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

pytest.importorskip("textual")

from mahjongkit.bots.danger import SAFE, SUJI, UNSAFE, danger_by_kind
from mahjongkit.bots.policy import random_policy
from mahjongkit.game.engine import Game
from mahjongkit.records import Records
from mahjongkit.table import actions as A
from mahjongkit.tiles import Tile
from mahjongkit.tui.app import PlayApp
from mahjongkit.tui.session import Session
from tests.helpers.screen import offered, screen_text


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


async def press_for_next_decision(app: PlayApp, pilot: Any) -> None:
    """The keys a player would press for one decision, read from the screen: a win if one is
    listed, else the missing suit, else a pass, else a legal discard typed and confirmed with
    Enter (or Enter alone for the drawn tile)."""
    session = app.session
    if session.paused:
        await pilot.press("enter")
        return
    legal = session.legal()
    shown = offered(app)
    for label, key in shown.items():
        if "(ron)" in label or "(tsumo)" in label:
            await pilot.press(key)
            return
    suits = [key for label, key in shown.items() if key in ("m", "p", "s") and "(" in label]
    if suits and any(a.type == A.DECLARE_MISSING for a in legal):
        await pilot.press(suits[-1])
        return
    exchange = [a for a in legal if a.type == A.EXCHANGE]
    if exchange:
        for tile in exchange[0].consumed:
            while app.tiles()[app._cursor_index(app.tiles())] != tile:
                await pilot.press("right")
            await pilot.press("space")
        await pilot.press("enter")
        return
    if any(key.startswith("x/") for key in shown.values()):
        await pilot.press("x")
        return
    discards = [a for a in legal if a.type == A.DISCARD and a.tile is not None]
    if not discards:  # a bonus tile to set aside: the one key listed
        await pilot.press(next(iter(shown.values())))
        return
    tiles = app.tiles()
    last = tiles[-1]
    if any(a.tile == last for a in discards):
        await pilot.press("enter")  # the cursor starts on the drawn tile
        return
    text = str(session.game.flow.tile(discards[0].tile or 0))
    await pilot.press(text[0], text[1], "enter")


async def play_out(app: PlayApp, pilot: Any, limit: int = 400) -> int:
    presses = 0
    while not app.session.over and presses < limit:
        await press_for_next_decision(app, pilot)
        presses += 1
    return presses


@pytest.mark.parametrize(
    ("variant", "seed", "lang"), [("riichi", 5, "en"), ("hongkong", 5, "fr"), ("sichuan", 5, "es")]
)
def test_a_whole_hand_of_each_family_is_played_by_key_presses(tmp_path, variant, seed, lang):
    records = Records(tmp_path / "r.sqlite3")
    session = Session.start(Game(variant, seed=seed, max_rounds=1), 1, "efficient", records)
    app = PlayApp(session, lang, glyphs=True)

    async def scenario() -> int:
        async with app.run_test(size=(120, 40)) as pilot:
            return await play_out(app, pilot)

    presses = run(scenario())
    assert session.over and presses < 400
    record = records.load(session.record_id or 0)
    assert record.status == "finished"
    assert len(record.events) == len(session.game.log)
    assert record.events[-1]["type"] == "end_game"
    assert record.result is not None and record.result["scores"] == list(session.game.scores)
    over = {"en": "The game is over", "fr": "La partie est finie", "es": "La partida ha terminado"}
    assert over[lang] in app.history
    # The person's seat played: its discards came from the keys pressed.
    assert any(e["type"] == "dahai" and e["actor"] == 1 for e in session.game.log)
    records.close()


def test_sichuan_exchange_by_marking_three_tiles(tmp_path):
    from dataclasses import replace

    from mahjongkit.variants import find_variant

    rules = replace(find_variant("sichuan").rules(), huan_san_zhang="cw")
    game = Game("sichuan", rules, seed=2, max_rounds=1)
    session = Session.start(game, 0, "efficient")
    app = PlayApp(session, "en", glyphs=False)

    async def scenario() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            legal = session.legal()
            assert any(a.type == A.EXCHANGE for a in legal)
            before = len(game.log)
            await pilot.press("enter")  # nothing marked: refused, with the engine's reason
            assert len(game.log) == before and "not allowed:" in screen_text(app)
            await press_for_next_decision(app, pilot)
            assert not any(a.type == A.EXCHANGE for a in session.legal())
            assert any(e["type"] == "mjk:exchange_choose" for e in game.log)

    run(scenario())


def test_resizing_keeps_the_game_and_the_keys_working():
    session = Session.start(Game("riichi", seed=8, max_rounds=1), 0, "efficient")
    app = PlayApp(session, "en")

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            hand = app.tiles()
            await pilot.resize_terminal(40, 12)
            await pilot.pause()
            assert app.size.width == 40 and app.size.height == 12
            assert app.tiles() == hand
            await pilot.resize_terminal(200, 60)
            await pilot.pause()
            assert app.size.width == 200
            before = len(session.game.log)
            await press_for_next_decision(app, pilot)
            assert len(session.game.log) > before
            assert app.query_one("#hand").render() is not None

    run(scenario())


def test_quitting_in_the_middle_keeps_the_record_and_resume_continues_it(tmp_path):
    path = tmp_path / "r.sqlite3"
    records = Records(path)
    session = Session.start(Game("riichi", seed=11, max_rounds=1), 2, "random", records)
    app = PlayApp(session, "en")

    async def first() -> None:
        async with app.run_test() as pilot:
            for _ in range(3):
                await press_for_next_decision(app, pilot)
            await pilot.press("q")

    run(first())
    assert not session.over
    number = session.record_id
    assert number is not None
    hand = session.observation().hand
    log = list(session.game.log)
    records.close()

    with Records(path, create=False) as again:
        record = again.load(number)
        assert record.status == "playing" and len(record.events) == len(log)
        assert [s.bot for s in record.seats] == ["random", "random", None, "random"]
        resumed = Session.resume_record(again, number)
        assert resumed.human == 2 and resumed.observation().hand == hand
        app2 = PlayApp(resumed, "en")

        async def second() -> None:
            async with app2.run_test() as pilot:
                await play_out(app2, pilot)

        run(second())
        assert resumed.over
        assert resumed.game.log[: len(log)] == log
        assert again.load(number).status == "finished"


def test_bad_keys_change_nothing():
    session = Session.start(Game("riichi", seed=3, max_rounds=1), 0, "efficient")
    app = PlayApp(session, "en")

    async def scenario() -> None:
        async with app.run_test() as pilot:
            snapshot = session.game.snapshot()
            size = len(session.game.log)
            for key in ("z", "f5", "tab", "9", "q" * 0 or "comma", "escape", "space", "ctrl+x"):
                await pilot.press(key)
                assert session.game.snapshot() == snapshot and len(session.game.log) == size
            await pilot.press("z")
            assert "z: no such key here" in screen_text(app)
            # A typed tile that is not in the hand is refused.
            held = {Tile.from_id(i).kind for i in session.observation().hand}
            missing = next(k for k in range(27) if k not in held)
            text = str(Tile(missing))
            await pilot.press(text[0], text[1])
            assert f"{text}: not in your hand" in screen_text(app)
            assert session.game.snapshot() == snapshot
            # Glyphs and hints toggle the view only.
            await pilot.press("g", "h")
            assert not app.glyphs and app.show_hints
            assert session.game.snapshot() == snapshot

    run(scenario())


def test_riichi_key_then_enter_declares_riichi():
    # Find a seed where the person can declare riichi early, by playing the bots' moves.
    for seed in range(40):
        game = Game("riichi", seed=seed, max_rounds=1)
        session = Session.start(game, 0, "efficient")
        for _ in range(60):
            if session.over or session.paused:
                break
            legal = session.legal()
            if any(a.type == A.RIICHI for a in legal):
                break
            session.play(random_policy(game, 0, random.Random(seed)))
        legal = session.legal()
        if any(a.type == A.RIICHI for a in legal):
            break
    else:
        pytest.skip("no riichi chance in the seeds tried")
    app = PlayApp(session, "en")
    tile = next(a.tile for a in legal if a.type == A.RIICHI)

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.press("i")
            assert app.riichi_mode
            while app.tiles()[app._cursor_index(app.tiles())] != tile:
                await pilot.press("left")
            await pilot.press("enter")

    run(scenario())
    assert any(e["type"] == "reach" and e["actor"] == 0 for e in game.log)


def test_hints_show_the_library_analysis_of_the_hand():
    session = Session.start(Game("riichi", seed=4, max_rounds=1), 0, "efficient")
    app = PlayApp(session, "en", glyphs=False)

    async def scenario() -> str:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.press("h")
            await pilot.pause()
            return screen_text(app)

    text = run(scenario())
    from mahjongkit.hand import Hand
    from mahjongkit.tiles import counts_of_ids
    from mahjongkit.variants.analysis import analyse_hand

    obs = session.observation()
    assert obs.phase == "turn" and not any(info.discards for info in obs.seats)
    # First turn: the dora indicator is the only tile in sight.
    hand = Hand(tuple(sorted(session.game.flow.tile(i) for i in obs.hand)))
    found = analyse_hand(hand, "riichi", visible=counts_of_ids(list(obs.dora_indicators)))
    best = found.discards[0]
    assert f"{Tile(best.discard)}: shanten {best.shanten}, {best.ukeire} useful tiles" in text


def test_danger_against_riichi_reads_the_riichi_players_pond():
    for seed in range(60):
        game = Game("riichi", seed=seed, max_rounds=1)
        game.start()
        rng = random.Random(seed)
        while not game.over:
            game.apply(random_policy(game, game.waiting_for()[0], rng))
            riichi = [s for s, st in enumerate(game.round.seats) if st.riichi]
            if riichi and game.waiting_for():
                break
        else:
            continue
        observer = next(s for s in range(4) if s not in riichi)
        obs = game.observation(observer, with_events=False)
        found = danger_by_kind(obs)
        ponds = [{t // 4 for t in obs.seats[s].discards} for s in riichi]
        assert {d.kind for d in found} == {t // 4 for t in obs.hand}
        for item in found:
            in_all = all(item.kind in pond for pond in ponds)
            assert (item.level == SAFE) == in_all
            if item.level in (SUJI, UNSAFE):
                assert item.kind < 27
        return
    pytest.skip("no riichi in the seeds tried")
