"""Hong Kong fold settings of the defensive bot: which hands weigh folding at all, and how
much their win counts (payments: H-09, H-10, H-15 — a discard win is paid twice the base by
the discarder alone, a self-draw the base by each of the three others)."""

from __future__ import annotations

import pytest

from mahjongkit.bots import DefensiveAgent
from mahjongkit.bots.danger import threats
from mahjongkit.bots.efficient import HandReading
from mahjongkit.game.observation import Observation, SeatInfo
from mahjongkit.shapes import HONG_KONG, shanten
from mahjongkit.tiles import counts_of_ids
from tests.bots.test_strong_bots import _melds, discards, ids, observation, seat

# Two steps from ready after the discard; one pung of red dragons called (or not).
_HAND = ids("46m24p78p5s8s2s11z")


def _table(called: bool, threat: str) -> Observation:
    if threat == "chows":  # three mixed chows: no fan shown, a weak threat
        shown = _melds(("chow", "123m"), ("chow", "456p"), ("chow", "789s"))
    else:  # two pungs of one suit: a pure one-suit all-pungs hand, past HK_BIG_FAN
        shown = _melds(("pung", "111s"), ("pung", "999s"))
    other = SeatInfo(shown, (), (), False, False, 13 - 3 * len(shown), None, None)
    hand = _HAND if called else _HAND + ids("777z")  # the same pung, concealed
    mine = seat(hand, melds=_melds(("pung", "777z")) if called else ())
    return observation("hongkong", 0, [mine, other, seat(), seat()], discards(0, hand))


def _folds(obs: Observation, danger: float, **settings: object) -> bool:
    agent = DefensiveAgent()
    agent.act(obs)  # binds the family's rules
    for name, value in settings.items():
        setattr(agent, name, value)
    reading = HandReading(obs, agent.rules)
    return agent.should_fold(reading, 2, 0, danger, threats(obs), 0)


def test_the_position_is_two_from_ready_with_and_without_the_call():
    assert shanten(counts_of_ids(_HAND), 1, HONG_KONG) == 2
    assert shanten(counts_of_ids(_HAND + ids("777z")), 0, HONG_KONG) == 2


@pytest.mark.parametrize("called", [True, False])
def test_by_default_a_far_hand_folds_a_risky_discard_against_a_weak_threat(called):
    assert _folds(_table(called, "chows"), 0.35)
    assert not _folds(_table(called, "chows"), 0.05)  # a safe discard never folds


def test_a_called_hand_set_not_to_fold_plays_on_against_a_weak_threat():
    obs = _table(True, "chows")
    assert not _folds(obs, 0.35, HK_NO_FOLD_AFTER_CALL=True)
    assert not _folds(obs, 1.0, HK_NO_FOLD_AFTER_CALL=True)


def test_not_folding_after_a_call_spares_neither_a_concealed_hand_nor_a_limit_threat():
    assert _folds(_table(False, "chows"), 0.35, HK_NO_FOLD_AFTER_CALL=True)
    assert _folds(_table(True, "pungs"), 0.35, HK_NO_FOLD_AFTER_CALL=True)


def test_a_higher_fold_shanten_keeps_a_two_step_hand_in_but_not_against_a_limit_threat():
    assert not _folds(_table(False, "chows"), 1.0, HK_FOLD_SHANTEN=3)
    assert _folds(_table(False, "pungs"), 0.35, HK_FOLD_SHANTEN=3)


def test_the_gain_weight_scales_the_win_against_the_deal_in():
    obs = _table(True, "chows")
    # At danger 0.35 the deal-in outweighs the win once but not three times over; a sure
    # deal-in outweighs even the tripled win.
    assert _folds(obs, 0.35, HK_GAIN_WEIGHT=1.0)
    assert not _folds(obs, 0.35, HK_GAIN_WEIGHT=3.0)
    assert _folds(obs, 1.0, HK_GAIN_WEIGHT=3.0)
