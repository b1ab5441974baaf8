"""What a ready Hong Kong hand's waits pay (variants.hongkong.waits), the bots' figure: always
the scorer's ``points`` of the same win (H-03, H-08, H-09, H-10, H-11, H-12, H-15, H-16), and
None wherever the scorer must be asked instead."""

from __future__ import annotations

import random

import pytest

from mahjongkit.errors import MahjongError
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Win
from mahjongkit.shapes import HandShape, discard_ukeire
from mahjongkit.tiles import Tile, counts_of, parse_kinds
from mahjongkit.variants.hongkong.rules import HongKongRules
from mahjongkit.variants.hongkong.scorer import points
from mahjongkit.variants.hongkong.waits import wait_points, wait_points_of
from mahjongkit.variants.riichi.rules import RiichiRules

RULE_SETS = [
    HongKongRules(),
    HongKongRules(seven_pairs=True),
    HongKongRules(min_fan=0, payment_system="half"),
    HongKongRules(
        small_four_winds_limit=True,
        all_concealed_pungs_limit=True,
        big_three_dragons_limit=True,
        nine_gates_strict=False,
        common_hand_suited_pair=True,
        concealed_hand_on_self_draw=False,
        bonus_counts_toward_minimum=True,
        base_table="full_spicy",
        limit=10,
    ),
    HongKongRules(small_three_dragons_includes_dragon_pungs=False, min_fan=1, flowers=False),
]


def scorer_points(rules, concealed, melds, kind, self_draw, seat, round_wind, flowers):
    """The scorer's figure for the same win, as a bot built it before (0 when the hand cannot
    be: a fifth copy)."""
    tiles = [Tile(k) for k in range(34) for _ in range(concealed[k])]
    try:
        hand = Hand((*tiles, Tile(kind)), tuple(melds))
    except MahjongError:
        return 0
    win = Win(
        hand=hand,
        win_tile=Tile(kind),
        self_draw=self_draw,
        from_seat=None if self_draw else (seat - 1) % 4,
        seat=seat,
        round_wind=round_wind,
        flowers=tuple(Tile(f) for f in flowers),
    )
    return points(win, rules)


def meld(kind: MeldKind, kinds: list[int], from_seat: int | None) -> Meld:
    return Meld(kind, tuple(Tile(k) for k in kinds), from_seat)


def random_ready_hands(rng: random.Random, wanted: int):
    """Ready hands of every sort (flushes, honours, terminals, melds, kongs, bonus tiles), with
    rules, seat and round: (rules, concealed counts, melds, waits, seat, round, flowers)."""
    found = 0
    while found < wanted:
        style = rng.random()
        suit = rng.randrange(3)
        pool: list[int] = []
        for k in range(34):
            weight = 1.0
            if style < 0.3 and k < 27 and k // 9 != suit:
                weight = 0.05
            if style < 0.5 and k >= 27:
                weight = 3.0
            if 0.5 < style < 0.6 and not (k >= 27 or k % 9 in (0, 8)):
                weight = 0.05
            pool += [k] * 4 if weight >= 1 else ([k] if rng.random() < weight * 4 else [])
        rng.shuffle(pool)
        rules = rng.choice(RULE_SETS)
        seat, round_wind = rng.randrange(4), rng.randrange(4)
        used = [0] * 34
        melds = []
        for _ in range(rng.choice([0, 0, 0, 1, 2, 3, 4])):
            shape = rng.choice(["chow", "pung", "kong", "concealed"])
            first = rng.choice(pool)
            if shape == "chow" and (first >= 27 or first % 9 > 6):
                shape = "pung"
            kinds = [first, first + 1, first + 2] if shape == "chow" else [first] * 3
            if shape in ("kong", "concealed"):
                kinds.append(first)
            for k in kinds:
                used[k] += 1
            if max(used) > 4:
                break
            how = {
                "chow": MeldKind.CHOW,
                "pung": MeldKind.PUNG,
                "kong": MeldKind.KONG,
                "concealed": MeldKind.CONCEALED_KONG,
            }[shape]
            if shape == "concealed":
                source = None
            elif shape == "chow":
                source = (seat - 1) % 4
            else:
                source = rng.choice([s for s in range(4) if s != seat])
            melds.append(meld(how, kinds, source))
        else:
            counts = [0] * 34
            need = 14 - 3 * len(melds)
            for k in pool:
                if need and counts[k] + used[k] < 4:
                    counts[k] += 1
                    need -= 1
            if need:
                continue
            flowers = ()
            if rules.flowers:
                flowers = tuple(rng.sample(range(34, 42), rng.choice([0, 0, 1, 2, 3, 4, 7, 8])))
            shape = HandShape(seven_pairs=rules.seven_pairs, thirteen_orphans=True)
            for discarded, (after, waits) in discard_ukeire(counts, len(melds), shape).items():
                if after == 0:
                    concealed = list(counts)
                    concealed[discarded] -= 1
                    found += 1
                    yield rules, concealed, melds, waits, seat, round_wind, flowers


def test_every_wait_pays_what_the_scorer_says_over_many_hands():
    """H-03, H-08, H-09..H-12, H-15, H-16: over 300 ready hands of every sort and five rule
    sets, each wait won by self-draw and on a discard is worth the scorer's points exactly."""
    rng = random.Random(35)
    compared = wins = 0
    seen_values: set[int] = set()
    for rules, concealed, melds, waits, seat, round_wind, flowers in random_ready_hands(rng, 300):
        figure = wait_points(rules, melds, seat, round_wind, flowers)
        assert figure is not None
        for kind in waits:
            for self_draw in (True, False):
                want = scorer_points(
                    rules, concealed, melds, kind, self_draw, seat, round_wind, flowers
                )
                assert figure(concealed, kind, self_draw) == want, (
                    rules,
                    concealed,
                    melds,
                    kind,
                    self_draw,
                )
                compared += 1
                wins += want > 0
                seen_values.add(want)
    # The comparison met wins and non-wins, and many different payments.
    assert compared > 600 and 0 < wins < compared
    assert len(seen_values) > 10


def test_named_hands_pay_the_table_figures():
    """H-11: a concealed all-chows hand is common hand + concealed hand, 2 fan, and wins
    nothing on a discard; self-drawn it is 3 fan toward the minimum (H-09), plus the seat's
    own flower (not toward it): 4 fan, base 16, paid by each of three (H-15, H-16). Mixed one
    suit alone reaches the minimum (here with a concealed hand and no flowers: 5 fan), the
    discarder paying double the base (H-10). Thirteen
    orphans is the limit (H-08, H-12): base 384."""
    rules = HongKongRules()
    common = counts_of(parse_kinds("123m456p789s234s5m"))
    figure = wait_points(rules, [], 1, 0, [35])  # South, holding 2f (its own flower)
    assert figure is not None
    assert figure(common, 4, False) == 0
    assert figure(common, 4, True) == 3 * 16
    flush = counts_of(parse_kinds("123m456m789m11z22z"))  # waits on 1z or 2z
    plain = wait_points(rules, [], 2, 0, [])
    assert plain is not None
    # Mixed one suit 3 + concealed hand 1, and no flowers (a side fan) 1: 5 fan, base 24.
    assert plain(flush, 28, False) == 2 * 24
    orphans = counts_of(parse_kinds("19m19p19s1234567z"))
    assert plain(orphans, 0, False) == 2 * 384
    assert plain(orphans, 0, True) == 3 * 384
    for hand, kind, self_draw in ((common, 4, True), (flush, 28, False), (orphans, 0, True)):
        assert plain(hand, kind, self_draw) == scorer_points(
            rules, hand, [], kind, self_draw, 2, 0, []
        )


def test_a_tile_too_many_or_a_hand_of_the_wrong_size_wins_nothing():
    """A fifth copy (melds counted) or a hand that is not 14 tiles is no win: 0, as the
    scorer's refusal gives."""
    rules = HongKongRules()
    pung = meld(MeldKind.PUNG, [0, 0, 0], 2)
    figure = wait_points(rules, [pung], 0, 0, [])
    assert figure is not None
    hand = counts_of(parse_kinds("0m123p456p789p1z"))  # 1m + ... : a 1m would be the fifth
    hand[0] = 1
    assert figure(hand, 0, True) == 0
    assert figure(counts_of(parse_kinds("123p456p789p1z")), 27, True) == 0  # 11 tiles, not 14


@pytest.mark.parametrize(
    ("rules", "melds", "seat", "round_wind", "flowers", "why"),
    [
        (RiichiRules(), [], 0, 0, [], "another family's rules"),
        (HongKongRules(), [], 4, 0, [], "a seat past North"),
        (HongKongRules(), [], 0, -1, [], "a round wind before East"),
        (HongKongRules(), [], 0, 0, [34, 34], "a bonus tile twice"),
        (HongKongRules(), [], 0, 0, [5], "a playing tile as a bonus tile"),
        (HongKongRules(flowers=False), [], 0, 0, [34], "bonus tiles out of play"),
        (HongKongRules(), [meld(MeldKind.PUNG, [5, 5, 5], 0)], 0, 0, [], "claimed from itself"),
        (HongKongRules(), [meld(MeldKind.CHOW, [1, 2, 3], 2)], 0, 0, [], "a chow from across"),
    ],
)
def test_what_the_scorer_would_refuse_or_the_module_does_not_cover_is_left_to_it(
    rules, melds, seat, round_wind, flowers, why
):
    """None (the bot then asks the scorer, which explains its refusal) for anything but a
    plain Hong Kong win this module reads as the scorer does."""
    assert wait_points(rules, melds, seat, round_wind, flowers) is None, why


@pytest.mark.parametrize(
    "fixed",
    [
        {"seat": "E", "round_wind": 0},
        {"seat": 0, "round_wind": None},
        {"seat": 1.5, "round_wind": 0},
    ],
)
def test_the_record_entry_refuses_fields_that_are_not_seats(fixed):
    """The family record's entry reads the win's fixed fields by name: garbage gives None."""
    assert wait_points_of(HongKongRules(), (), fixed) is None


def test_the_record_entry_reads_the_bonus_tiles_as_tiles():
    """The family record's entry passes the bonus tiles' kinds: 2f is South's own flower."""
    rules = HongKongRules()
    common = counts_of(parse_kinds("123m456p789s234s5m"))
    figure = wait_points_of(rules, (), {"seat": 1, "round_wind": 0, "flowers": (Tile(35),)})
    assert figure is not None
    assert figure(common, 4, True) == 3 * 16
