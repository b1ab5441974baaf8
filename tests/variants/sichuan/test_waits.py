"""What a ready Sichuan hand's waits pay (variants.sichuan.waits), the bots' figure: always the
scorer's ``points`` of the same win (S-02..S-13, S-14's self-draw bonus), and None wherever
the scorer must be asked instead."""

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
from mahjongkit.variants.sichuan.rules import SichuanRules
from mahjongkit.variants.sichuan.scorer import points
from mahjongkit.variants.sichuan.waits import wait_points, wait_points_of

ALL = frozenset(range(4))
RULE_SETS = [
    SichuanRules(),
    SichuanRules.mil_sbr(),
    SichuanRules(self_draw_bonus="jiafan", fan_cap=6),
    SichuanRules(self_draw_bonus="jiadi"),
    SichuanRules(yao_jiu_jiang_dui=False, men_qing_zhong_zhang=True, fan_cap=8),
]


def scorer_points(rules, concealed, melds, kind, self_draw, seat, missing, in_game=ALL):
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
        missing_suit=missing,
        in_game=in_game,
    )
    return points(win, rules)


def random_ready_hands(rng: random.Random, wanted: int):
    """Ready hands of every sort (one or two suits, pungs, kongs, pairs, a stray honour or a
    tile of the missing suit): (rules, concealed counts, melds, waits, seat, missing suit)."""
    found = 0
    kinds_of_meld = [
        MeldKind.PUNG,
        MeldKind.KONG,
        MeldKind.CONCEALED_KONG,
        MeldKind.ADDED_KONG,
    ]
    while found < wanted:
        rules = rng.choice(RULE_SETS)
        missing = rng.choice([None, 0, 1, 2])
        gone = missing if missing is not None else rng.randrange(3)
        suits = [s for s in range(3) if s != gone]
        if rng.random() < 0.3:
            suits = suits[:1]
        pool = [k for s in suits for k in range(9 * s, 9 * s + 9) for _ in range(4)]
        if rng.random() < 0.05:
            pool += [rng.randrange(27, 34)] * 2
        if rng.random() < 0.05:
            pool.append(gone * 9 + rng.randrange(9))
        rng.shuffle(pool)
        seat = rng.randrange(4)
        used = [0] * 34
        melds = []
        for _ in range(rng.choice([0, 0, 1, 2, 3, 4])):
            kind = rng.choice(pool)
            how = rng.choice(kinds_of_meld)
            size = 3 if how is MeldKind.PUNG else 4
            used[kind] += size
            if used[kind] > 4:
                break
            source = (
                None
                if how is MeldKind.CONCEALED_KONG
                else rng.choice([s for s in range(4) if s != seat])
            )
            melds.append(Meld(how, tuple(Tile(kind) for _ in range(size)), source))
        else:
            counts = [0] * 34
            need = 14 - 3 * len(melds)
            for kind in pool:
                if need and counts[kind] + used[kind] < 4:
                    counts[kind] += 1
                    need -= 1
            if need:
                continue
            shape = HandShape(seven_pairs=True, seven_pairs_quads=True, thirteen_orphans=False)
            for discarded, (after, waits) in discard_ukeire(counts, len(melds), shape).items():
                if after == 0:
                    concealed = list(counts)
                    concealed[discarded] -= 1
                    found += 1
                    yield rules, concealed, melds, waits, seat, missing


def test_every_wait_pays_what_the_scorer_says_over_many_hands():
    """S-02..S-13 and S-14's self-draw bonus: over 300 ready hands and five rule sets, each
    wait won by self-draw and on a discard is worth the scorer's points exactly."""
    rng = random.Random(35)
    compared = wins = 0
    seen_values: set[int] = set()
    for rules, concealed, melds, waits, seat, missing in random_ready_hands(rng, 300):
        figure = wait_points(rules, melds, seat, missing, ALL)
        assert figure is not None
        for kind in waits:
            for self_draw in (True, False):
                want = scorer_points(rules, concealed, melds, kind, self_draw, seat, missing)
                got = figure(concealed, kind, self_draw)
                assert got == want, (rules, concealed, melds, kind, self_draw, seat, missing)
                compared += 1
                wins += want > 0
                seen_values.add(want)
    assert compared > 600 and 0 < wins < compared
    assert len(seen_values) > 10


def test_named_hands_pay_the_table_figures():
    """S-02, S-06, S-09, S-12: a pure-suit hand of 1 base pays 2^2 from the discarder, 2^2 from
    each of three on a self-draw; a dragon seven pairs (3 fan, its four of a kind paid in it,
    not again as a root) with a second four of a kind (a root) pays 2^4. A tile of the
    declared missing suit, or an honour, wins nothing."""
    rules = SichuanRules()
    pure = counts_of(parse_kinds("123m456m789m234m5m"))
    figure = wait_points(rules, [], 1, 2, ALL)
    assert figure is not None
    assert figure(pure, 4, False) == 4
    assert figure(pure, 4, True) == 3 * 4
    pairs = counts_of(parse_kinds("1111m2222m33m44p5p"))
    assert figure(pairs, 13, False) == 16
    assert figure(counts_of(parse_kinds("123m456m789m234s5m")), 4, False) == 0  # holds 2s..4s
    for hand, kind, self_draw in ((pure, 4, False), (pure, 4, True), (pairs, 13, False)):
        assert figure(hand, kind, self_draw) == scorer_points(
            rules, hand, [], kind, self_draw, 1, 2
        )


def test_an_honour_or_a_fifth_copy_or_the_wrong_size_wins_nothing():
    """No Sichuan hand holds an honour (S-01), a fifth copy or other than 14 tiles: 0."""
    rules = SichuanRules()
    figure = wait_points(rules, [], 0, 2, ALL)
    assert figure is not None
    assert figure(counts_of(parse_kinds("123m456m789m11z1m")), 27, False) == 0
    assert figure(counts_of(parse_kinds("1111m234m567m888m")), 0, True) == 0
    assert figure(counts_of(parse_kinds("123m456m789m1m")), 0, True) == 0


@pytest.mark.parametrize(
    ("rules", "melds", "seat", "missing", "in_game", "why"),
    [
        (HongKongRules(), [], 0, 2, ALL, "another family's rules"),
        (SichuanRules(), [], 4, 2, ALL, "a seat past North"),
        (SichuanRules(), [], 1, 2, frozenset({0, 2, 3}), "the winner out of the game"),
        (SichuanRules(), [], 1, 2, frozenset({1, 2, 3}), "the discarder out of the game"),
        (SichuanRules(), [], 1, 2, frozenset({0, 1, 7}), "a seat past North in the game"),
        (SichuanRules(), [], 1, 3, ALL, "a missing suit that is no suit"),
        (
            SichuanRules(),
            [Meld(MeldKind.CHOW, (Tile(0), Tile(1), Tile(2)), 0)],
            1,
            2,
            ALL,
            "a chow",
        ),
    ],
)
def test_what_the_scorer_would_refuse_or_the_module_does_not_cover_is_left_to_it(
    rules, melds, seat, missing, in_game, why
):
    """None (the bot then asks the scorer, which explains its refusal) for anything but a
    plain Sichuan win this module reads as the scorer does."""
    assert wait_points(rules, melds, seat, missing, in_game) is None, why


@pytest.mark.parametrize(
    "fixed",
    [
        {"seat": "E", "missing_suit": 0},
        {"seat": 0, "missing_suit": "m"},
        {"seat": 0, "missing_suit": 0, "in_game": [0, 1, 2, 3]},
        {"seat": 0, "missing_suit": 0, "flowers": (Tile(34),)},
    ],
)
def test_the_record_entry_refuses_garbage_fields(fixed):
    """The family record's entry reads the win's fixed fields by name: garbage gives None."""
    assert wait_points_of(SichuanRules(), (), fixed) is None


def test_the_record_entry_reads_the_fields_by_name():
    """The entry passes seat, missing suit and the seats in the game."""
    pure = counts_of(parse_kinds("123m456m789m234m5m"))
    figure = wait_points_of(SichuanRules(), (), {"seat": 1, "missing_suit": 2, "in_game": ALL})
    assert figure is not None
    assert figure(pure, 4, True) == 12
