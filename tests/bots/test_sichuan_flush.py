"""The Sichuan flush plan of the defensive bot (S-06: a pure suit is 2 fan), by decision."""

from __future__ import annotations

from mahjongkit.bots import DefensiveAgent, EfficientAgent
from mahjongkit.game.observation import SeatInfo
from mahjongkit.shapes import shanten, sichuan
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import counts_of_ids, parse_kinds
from tests.bots.test_strong_bots import discards, ids, observation, seat


class _FlushPlayer(DefensiveAgent):
    """The defensive bot playing for a flush two steps behind the whole hand."""

    SICHUAN_FLUSH_STEPS = 2
    SICHUAN_FLUSH_TILES = 9
    SICHUAN_FLUSH_WALL = 30


class _NearFlushPlayer(_FlushPlayer):
    SICHUAN_FLUSH_STEPS = 1


def _kind(text: str) -> int:
    return parse_kinds(text)[0]


def _turn(hand_text: str, wall: int):
    hand = ids(hand_text)
    others = [SeatInfo((), (), (), False, False, 13, 0, None) for _ in (1, 2, 3)]
    obs = observation("sichuan", 0, [seat(hand, missing=0), *others], discards(0, hand), wall=wall)
    return obs, hand


def test_rules_sichuan_s06_flush_sheds_the_other_suit_early_in_the_wall():
    """S-06: 1235567889p 33 5 7s, missing man: one step from ready, the ten pin tiles alone
    three. The efficient (and the default defensive) discard is a pin tile (5p); played for a
    flush (two steps allowed) a sou tile goes, the one of the other suit that leaves the best
    hand; one step allowed is too few, and with fewer tiles than SICHUAN_FLUSH_WALL left the
    hand plays as the default bot."""
    text = "1235567889p33s5s7s"
    obs, _ = _turn(text, wall=50)
    counts = counts_of_ids(obs.own.hand or ())
    pins = [0] * len(counts)
    pins[9:18] = counts[9:18]
    assert shanten(counts, 0, sichuan(0)) == 1
    assert shanten(pins, 0, sichuan(0)) == 3
    efficient = EfficientAgent().act(obs)
    assert efficient.tile is not None and efficient.tile // 4 == _kind("5p")
    assert DefensiveAgent().act(obs) == efficient
    flush = _FlushPlayer().act(obs)
    assert flush.type == A.DISCARD and flush.tile is not None and flush.tile // 36 == 2
    assert _NearFlushPlayer().act(obs) == efficient
    late, _ = _turn(text, wall=29)
    assert _FlushPlayer().act(late) == DefensiveAgent().act(late)


def test_rules_sichuan_s06_flush_needs_enough_tiles_of_the_suit_and_a_hand_not_ready():
    """Eight pin tiles (SICHUAN_FLUSH_TILES is nine) are no flush plan; nor is a hand a
    discard leaves ready (123p 456p 789p 99p 45s waits on 3s/6s): it stays ready."""
    few = "1235567p8p3s3s5s6s7s"  # 8 pin tiles and 6 sou tiles: 14
    obs, _ = _turn(few, wall=50)
    assert _FlushPlayer().sichuan_flush_suit(_reading(obs)) is None
    assert _FlushPlayer().act(obs) == DefensiveAgent().act(obs)
    ready_text = "123456789p99p45s9s"
    obs, _ = _turn(ready_text, wall=50)
    assert shanten(counts_of_ids(obs.own.hand or ()), 0, sichuan(0)) == 0
    assert _FlushPlayer().sichuan_flush_suit(_reading(obs)) is None
    assert _FlushPlayer().act(obs) == DefensiveAgent().act(obs)


def _reading(obs):
    from mahjongkit.bots.efficient import HandReading

    return HandReading(obs, None)


def test_rules_sichuan_s06_flush_refuses_a_pung_of_the_other_suit_only():
    """S-06 (and S-05: a pung is what the efficient bot takes here): 1235567889p 33s 7s,
    missing man, 3s discarded: the efficient bot calls the pung; played for a flush the hand
    passes (a sou pung would end the flush). A pung of 8p, in the flush's suit, is still
    called as the efficient bot calls it."""
    used: dict[int, int] = {200: 0}
    hand = ids("1235567889p33s7s", used)
    for text, passes in (("3s", True), ("8p", False)):
        tile = ids(text, used)[0]
        held = tuple(t for t in hand if t // 4 == tile // 4)[:2]
        pung = Action(A.PON, 0, tile, held)
        legal = [pung, Action(A.PASS, 0, None, ())]
        mine = SeatInfo((), (), (), False, False, len(hand), 0, hand)
        others = [seat(missing=suit) for suit in (1, 2, 1)]
        obs = observation("sichuan", 0, [mine, *others], legal, phase="claim", wall=50)
        efficient = EfficientAgent().act(obs)
        assert DefensiveAgent().act(obs) == efficient
        if passes:
            assert efficient == pung
            assert _FlushPlayer().act(obs).type == A.PASS
        else:
            assert _FlushPlayer().act(obs) == efficient
