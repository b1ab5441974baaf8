"""Hong Kong's fan path (variants/hongkong/strategy.py, the family's ``BotHints.fan_path``) and
the defensive bot's use of it (HK_FAN_KEEP, off by default): with no threat shown, of the
discards of the best shanten that keep that share of the best one's improving tiles, the one
whose hand heads for the most fan."""

from __future__ import annotations

from mahjongkit.bots import DefensiveAgent, EfficientAgent
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import counts_of_ids
from mahjongkit.variants import find_variant
from mahjongkit.variants.hongkong.strategy import fan_path
from tests.bots.test_strong_bots import discards, ids, observation, seat

RED = 33
"""The red dragon's kind: a fan to every seat."""


def _counts(text: str) -> list[int]:
    return list(counts_of_ids(ids(text)))[:34]


def test_fan_path_counts_value_honours_flushes_and_all_pungs():
    """H-11: a mixed one-suit hand alone reaches the 3-fan minimum; RULES-hongkong §4: a pure
    one-suit hand six, all pungs three, a dragon pung one."""
    honours = {RED: 1}
    # A pure one-suit hand of characters: six; one tile off the suit: half of it.
    assert fan_path(_counts("1234567m1199m"), [], 0, honours) == 6.0
    assert fan_path(_counts("1234567m119m5p"), [], 0, honours) == 3.0
    # With honours the one-suit hand is mixed (three), the red pair a fan more.
    assert fan_path(_counts("1234567m119m77z"), [], 0, honours) == 4.0
    # Three tiles off the suit: no flush path at all.
    assert fan_path(_counts("1234567m1p5p9s"), [], 0, honours) == 0.0
    # Four pairs or pungs and no chow: all pungs, three fan; a chow shown takes it away.
    pairs = _counts("111m22m222s77z7p9s")
    assert fan_path(pairs, [], 0, honours) == 4.0
    assert fan_path(pairs, [3], 1, honours) == 1.0  # five tiles off characters: no flush
    # A dragon pung shown counts its fan; melds in two suits rule a flush out.
    assert fan_path(_counts("123m456m"), [RED], 0, honours) == 1.0 + 3.0
    assert fan_path(_counts("123m"), [RED, 9, 0], 0, honours) == 1.0


def test_the_hook_is_hong_kongs_alone():
    assert find_variant("hongkong").bot_hints.fan_path is not None
    assert find_variant("sichuan").bot_hints.fan_path is None
    assert find_variant("riichi").bot_hints.fan_path is None


def _all_pungs_in_reach():
    """East's concealed 111m 22m 78p 222s 7s 9s 77z, the red dragon a pair, wall 40, the ponds
    of the game this turn was found in. The efficient bot gives the 2m (more improving tiles
    for a chow-shaped hand); the 7s keeps the same shanten and most of those tiles, and four
    pairs or pungs: all pungs (three fan) and the dragon pair in reach."""
    used: dict[int, int] = {}
    hand = ids("11122m78p2227s9s77z", used)
    ponds = [
        ids(text, used)
        for text in (
            "4z8m6m1z5p1s5z1z1p4s3p",
            "2z6z2m4p5m4m3s8m1p1s2m",
            "5z3z6z9m7z2z2z3m6s5z1m",
            "2z3z3z3m5s2p6p4p5m6p2p",
        )
    ]
    seats = [seat(hand, discards=ponds[0])] + [seat(discards=pond) for pond in ponds[1:]]
    return observation("hongkong", 0, seats, discards(0, hand), wall=40), hand


def test_with_the_setting_on_defensive_keeps_the_discard_that_heads_for_all_pungs():
    """HK_FAN_KEEP is off by default (not a confirmed gain): the defensive bot then plays the
    efficient 2m; at 0.5 it keeps the all-pungs path with the 7s; asked to keep every one of
    the best discard's improving tiles, it finds no such discard and plays the 2m again."""
    obs, hand = _all_pungs_in_reach()
    two_m = next(t for t in hand if t // 4 == 1)
    seven_s = next(t for t in hand if t // 4 == 24)
    assert EfficientAgent().act(obs) == Action(A.DISCARD, 0, two_m)
    assert DefensiveAgent().act(obs) == Action(A.DISCARD, 0, two_m)
    fan = type("Fan", (DefensiveAgent,), {"HK_FAN_KEEP": 0.5})
    assert fan().act(obs) == Action(A.DISCARD, 0, seven_s)
    strict = type("Strict", (DefensiveAgent,), {"HK_FAN_KEEP": 1.0})
    assert strict().act(obs) == Action(A.DISCARD, 0, two_m)


def test_soft_defence_told_to_keep_fan_sees_a_dragon_pair_broken():
    """SOFT_KEEPS_FAN (off by default) asks whether a safer discard heads for less fan than the
    efficient one: giving one of a red dragon pair loses its fan (RULES-hongkong §4), giving a
    lone 9s loses none; Riichi names no fan path, so nothing is ever less there."""
    from mahjongkit.bots.efficient import HandReading

    hand = ids("123m456m2378p77z9s")
    red = next(t for t in hand if t // 4 == RED)
    nine = next(t for t in hand if t // 4 == 26)
    for variant, expected in (("hongkong", True), ("riichi", False)):
        obs = observation(variant, 0, [seat(hand), seat(), seat(), seat()], discards(0, hand))
        reading = HandReading(obs, find_variant(variant).rules())
        give_red, give_nine = Action(A.DISCARD, 0, red), Action(A.DISCARD, 0, nine)
        assert DefensiveAgent._less_fan(reading, give_red, give_nine) is expected
        assert DefensiveAgent._less_fan(reading, give_nine, give_red) is False
