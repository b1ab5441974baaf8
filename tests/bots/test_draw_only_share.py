"""The defensive bot's DRAW_ONLY_SHARE (off at 1.0): where the discarder pays (Hong Kong), a
ready hand's wait that wins by self-draw alone, a discard win there being under the minimum,
counts only that share of its self-draw points."""

from __future__ import annotations

from mahjongkit.bots import DefensiveAgent, EfficientAgent
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from tests.bots.test_strong_bots import discards, ids, observation, seat
from tests.helpers.benches import load_bench


def _position():
    """East's concealed 222m 6m 8m 555p, a South pung and a green dragon pung, nothing shown on
    the table. Giving the 5p waits on 7m (a chow: no all pungs) with the dragon and the
    concealed hand, two fan: a discard win is refused (H-11), a self-draw makes three (H-09).
    Giving the 6m waits on 8m alone for all pungs, five fan: it wins on a discard too."""
    hand = ids("222m68m555p222z666z")
    return observation("hongkong", 0, [seat(hand), seat(), seat(), seat()], discards(0, hand)), hand


def test_the_breakdown_reads_the_two_waits_as_the_bot_should():
    bench = load_bench("strength")
    obs, _ = _position()
    assert bench.hand_state(EfficientAgent(), obs, 13) == bench.DRAW_ONLY  # giving the 5p
    assert bench.hand_state(EfficientAgent(), obs, 5) == bench.READY  # giving the 6m


def test_a_wait_that_wins_on_discards_too_is_kept_over_one_that_needs_a_self_draw():
    """At 1.0 (the default, as the efficient bot) the 5p goes: the 7m wait is counted at its
    full self-draw value. At 0.35 the all-pungs wait on 8m, which three other seats' discards
    can complete as well, is kept."""
    obs, hand = _position()
    five_p = next(t for t in hand if t // 4 == 13)
    six_m = next(t for t in hand if t // 4 == 5)
    assert EfficientAgent().act(obs) == Action(A.DISCARD, 0, five_p)
    assert DefensiveAgent().act(obs) == Action(A.DISCARD, 0, five_p)
    share = type("Share", (DefensiveAgent,), {"DRAW_ONLY_SHARE": 0.35})
    assert share().act(obs) == Action(A.DISCARD, 0, six_m)
