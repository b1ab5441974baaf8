"""The defensive bot's step toward a flush in Hong Kong (HK_STEP_FAN, HK_STEP_WALL): with no
threat shown and the wall still long, a discard one step further from ready replaces the
efficient one when the hand it leaves heads for that many fan more (the family's
``BotHints.fan_path``: a one-suit hand is three fan on its own, H-11's minimum, six pure)."""

from __future__ import annotations

from mahjongkit.bots import DefensiveAgent, EfficientAgent
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from tests.bots.test_strong_bots import discards, ids, observation, seat


def _agent(step: float, wall: int = 40) -> DefensiveAgent:
    return type("Step", (DefensiveAgent,), {"HK_STEP_FAN": step, "HK_STEP_WALL": wall})()


def _turn(text: str, wall: int, variant: str = "hongkong") -> tuple[object, tuple[int, ...]]:
    hand = ids(text)
    seats = [seat(hand), seat(), seat(), seat()]
    return observation(variant, 0, seats, discards(0, hand), wall=wall), hand


def _kind(action: Action) -> int:
    assert action.type == A.DISCARD and action.tile is not None
    return action.tile // 4


def test_a_set_off_the_suit_is_broken_for_a_pure_one_suit_hand_early_in_the_wall():
    """11233456m 79m 567p, 60 tiles left: the efficient discard (9m) keeps the pins set and
    the hand one step from ready, but three tiles off characters rule out the flush. Breaking
    the set (5p) costs a step and leaves two off the suit: the pure one-suit hand (six fan,
    RULES-hongkong §4) is half in reach, three fan more by the family's fan path."""
    obs, _ = _turn("11233456m79m567p", wall=60)
    efficient = _kind(EfficientAgent().act(obs))
    assert efficient == 8  # the 9m
    assert _kind(_agent(0.0).act(obs)) == efficient  # off: the efficient discard
    assert _kind(_agent(1.5).act(obs)) == 13  # the 5p: the set off the suit goes
    assert _kind(_agent(3.0).act(obs)) == 13  # a pure suit gains the full three
    # Asked for more fan than a half-reached pure suit gives, it keeps the efficient discard.
    assert _kind(_agent(3.5).act(obs)) == efficient


def test_no_step_once_the_wall_is_short():
    """The same hand with 30 tiles left (under HK_STEP_WALL): no time to make the step up."""
    obs, _ = _turn("11233456m79m567p", wall=30)
    assert _kind(_agent(1.5).act(obs)) == _kind(EfficientAgent().act(obs)) == 8
    # The wall limit is the setting's: at 30 the step is taken again.
    assert _kind(_agent(1.5, wall=30).act(obs)) == 13


def test_a_ready_hand_is_never_set_back():
    """123456789m 1m 567p 7z: giving the red dragon leaves a ready hand (waiting on the 1m);
    the 5p would leave two off the suit and a mixed one-suit hand in reach (H-11, three fan),
    but a hand that can be ready is never set back for it."""
    obs, _ = _turn("123456789m1m567p7z", wall=60)
    efficient = _kind(EfficientAgent().act(obs))
    assert _kind(_agent(1.5).act(obs)) == efficient


def test_a_family_without_a_fan_path_plays_as_before():
    """Riichi names no fan path: the setting changes nothing there."""
    obs, _ = _turn("11233456m79m567p", wall=60, variant="riichi")
    assert _agent(1.5).act(obs) == DefensiveAgent().act(obs)
