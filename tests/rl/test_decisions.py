"""Decisions from records (issue 17, item 6): every decision of a Tenhou log or of our event logs,
passes included, with the observation, the mask and the index taken; garbage refused."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from mahjongkit.bots.agents import EfficientAgent, RandomAgent, play
from mahjongkit.formats.tenhou.meldcode import CallType
from mahjongkit.formats.tenhou.mjlog import read_mjlog
from mahjongkit.formats.tenhou.records import Call, Discard, Draw, Riichi
from mahjongkit.game.engine import Game
from mahjongkit.records import Records, Seat
from mahjongkit.rl import DecisionsError, decisions, layout_for
from tests.helpers.paths import DATA

EXAMPLE = DATA / "riichi" / "mjlog" / "dnovikoff_example.xml"


def _pon_chances(path: Path) -> int:
    """Seat-discard pairs where a seat could pon, counted from the record alone: another seat's
    discard of a kind it holds twice, while it is not in riichi and the wall is not empty."""
    chances = 0
    for game_round in read_mjlog(path).rounds:
        hands = [list(h) for h in game_round.hands]
        riichi: set[int] = set()
        draws = 0
        for action in game_round.actions:
            if isinstance(action, Draw):
                hands[action.seat].append(action.tile)
                draws += 1
            elif isinstance(action, Riichi) and action.step == 1:
                riichi.add(action.seat)
            elif isinstance(action, Discard):
                hands[action.seat].remove(action.tile)
                if draws >= 70:
                    continue  # the last tile: no call
                for seat in range(4):
                    same = sum(1 for t in hands[seat] if t // 4 == action.tile // 4)
                    if seat != action.seat and seat not in riichi and same >= 2:
                        chances += 1
            elif isinstance(action, Call):
                for tile in action.meld.consumed():
                    hands[action.seat].remove(tile)
    return chances


def test_decisions_of_a_tenhou_log_match_its_discards_calls_and_passes() -> None:
    record = read_mjlog(EXAMPLE)
    actions = [a for r in record.rounds for a in r.actions]
    found = list(decisions(EXAMPLE))
    kinds = Counter(d.engine_action.type for d in found)
    assert kinds["discard"] + kinds["riichi"] == sum(isinstance(a, Discard) for a in actions)
    assert kinds["riichi"] == sum(isinstance(a, Riichi) and a.step == 1 for a in actions)
    calls = Counter(a.meld.type for a in actions if isinstance(a, Call))
    assert kinds["chi"] == calls[CallType.CHI] and kinds["pon"] == calls[CallType.PON]
    assert kinds["kan"] == calls[CallType.DAIMINKAN] and kinds["ankan"] == calls[CallType.ANKAN]
    assert kinds["kakan"] == calls.get(CallType.KAKAN, 0)
    layout = layout_for("riichi")
    pon, passing = layout.offset("pon"), layout.pass_index
    claims = [d for d in found if d.phase == "claim"]
    passes = [d for d in claims if d.engine_action.type == "pass"]
    assert len(passes) > 50
    # Every pass declines something: a claim window opens only where a call or a win is legal.
    assert all(d.action_mask.sum() >= 2 and d.action == passing for d in passes)
    # The pon chances the record shows, one by one, are the claim decisions that offered pon.
    assert sum(1 for d in claims if d.action_mask[pon]) == _pon_chances(EXAMPLE)
    for d in found:
        assert d.action_mask[d.action] == 1 and d.observation.shape == (56, 34)
        assert d.observation.min() >= 0 and d.observation.max() <= 1
    assert len({d.game for d in found}) == sum(1 for r in record.rounds if r.ended)


def test_decisions_of_our_event_logs_every_source_alike(tmp_path: Path) -> None:
    game = Game("sichuan", seed=5, max_rounds=1)
    play(game, [EfficientAgent(), RandomAgent(1), EfficientAgent(), RandomAgent(2)])
    log = [dict(e) for e in game.log]
    decided = {"dahai", "mjk:respond", "ankan", "kakan", "mjk:exchange_choose", "mjk:declare"}
    wins = sum(1 for e in log if e["type"] == "hora" and e["actor"] == e["target"])
    expected = sum(1 for e in log if e["type"] in decided) + wins
    found = list(decisions(game))
    assert len(found) == expected
    assert Counter(d.phase for d in found)["declare"] == 4
    assert any(d.engine_action.type == "pass" for d in found)
    lines = tmp_path / "game.jsonl"
    lines.write_text("".join(json.dumps(e) + "\n" for e in game.log * 2), encoding="utf-8")
    from_file = list(decisions(lines))
    assert [d.action for d in from_file] == [d.action for d in found] * 2
    assert {d.game for d in from_file} == {0, 1}
    with Records(tmp_path / "games.sqlite3") as records:
        number = records.create_game(game, [Seat("a", "efficient")] * 4)
        records.save(number, game)
        stored = records.load(number)
    assert [d.action for d in decisions(stored)] == [d.action for d in found]
    assert [d.action for d in decisions(tmp_path / "games.sqlite3")] == [d.action for d in found]
    assert [d.action for d in decisions(log)] == [d.action for d in found]


def test_decisions_refuse_garbage(tmp_path: Path) -> None:
    def refused(source: object, message: str) -> None:
        with pytest.raises(DecisionsError, match=message):
            list(decisions(source))

    refused(42, "not int")
    refused(tmp_path / "missing.jsonl", "no such file")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "start_game"}\nnot json\n', encoding="utf-8")
    refused(bad, "line 2: not JSON")
    bad.write_text("[1, 2]\n", encoding="utf-8")
    refused(bad, "line 1: an event is a JSON object")
    bad.write_text("\n", encoding="utf-8")
    refused(bad, "no events")
    bad.write_bytes(b"\xff\xfe\x00garbage")
    refused(bad, "cannot be read|not JSON")
    game = Game("riichi", seed=1, max_rounds=1)
    play(game, [RandomAgent(s) for s in range(4)], max_actions=40)
    edited = [dict(e) for e in game.log]
    dahai = next(i for i, e in enumerate(edited) if e["type"] == "dahai")
    edited[dahai]["mjk_id"] = (edited[dahai]["mjk_id"] + 40) % 136
    refused(edited, f"game 0: event {dahai}")
    refused([{"type": "start_kyoku"}], "a log starts with a start_game")
    xml = tmp_path / "broken.mjlog"
    xml.write_text("<mjloggm ver='2.3'><INIT seed='x'/></mjloggm>", encoding="utf-8")
    refused(xml, "broken.mjlog")
    mjai_log = [
        {"type": "start_game", "names": ["a", "b", "c", "d"]},
        {"type": "tsumo", "actor": 0, "pai": "5z"},
    ]
    refused(mjai_log, "an mjai log the engine cannot follow")
    with pytest.raises(DecisionsError, match="unknown encoder"):
        next(decisions(game, encoder="v0"))


def test_three_player_tenhou_records_give_their_decisions_with_kita() -> None:
    """Tenhou's three-player record is played under tenhou3: three seats, the action space
    with kita (index 150) for each of its sixteen Norths set aside."""
    path = DATA / "riichi" / "mjlog" / "dnovikoff_sanma2.xml"
    found = list(decisions(path))
    assert {d.seat for d in found} == {0, 1, 2}
    assert all(d.action_mask.shape == (151,) and d.action_mask[d.action] for d in found)
    kita = [d for d in found if d.engine_action.type == "kita"]
    assert len(kita) == 16 and {d.action for d in kita} == {150}


def test_an_mjai_log_gives_the_decisions_of_the_game_it_records() -> None:
    from mahjongkit.formats.mjai import to_mjai

    game = Game("riichi", seed=4, max_rounds=1)
    play(game, [RandomAgent(s) for s in range(4)])
    assert game.over
    mine = list(decisions(game))
    theirs = list(decisions(to_mjai(game.log)))
    assert len(theirs) == len(mine) > 50
    assert [(d.seat, d.action) for d in theirs] == [(d.seat, d.action) for d in mine]
    assert all((d.action_mask == e.action_mask).all() for d, e in zip(theirs, mine, strict=True))
    assert any(d.engine_action.type == "pass" for d in theirs)  # decisions not to call, too
