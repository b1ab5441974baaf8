"""Each discard rated by the fan its likely completions reach (the 3-fan path of H-11)."""

from __future__ import annotations

import pytest

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand
from mahjongkit.shapes import HONG_KONG, waits
from mahjongkit.tiles import format_kind
from mahjongkit.variants import find_variant
from mahjongkit.variants.analysis import ReachOption, analyse_hand, reachable_values, score_waits

HONGKONG = find_variant("hongkong")
NORTH = 3


def _by_tile(hand: str, seat: int = 0) -> dict[str, ReachOption]:
    return {
        format_kind(o.discard): o for o in reachable_values(Hand.parse(hand), HONGKONG, seat=seat)
    }


def test_h11_the_fastest_discard_can_leave_no_way_to_three_fan() -> None:
    """H-11: 7789m699p458s4446z in the North seat. Discarding the lone green dragon 6z gives the
    most tiles that improve, yet none of its completions reaches 3 fan on a discard (only with
    the self-draw fan); keeping it (discard 8s) keeps dragon pung + seat-wind pung + concealed
    hand."""
    hand = "7789m699p458s4446z"
    analysis = {
        format_kind(o.discard): o for o in analyse_hand(Hand.parse(hand), "hongkong").discards
    }
    assert analysis["6z"].shanten == analysis["8s"].shanten == 2
    assert analysis["6z"].ukeire > analysis["8s"].ukeire
    rated = _by_tile(hand, seat=NORTH)
    fast, keeping = rated["6z"], rated["8s"]
    assert fast.completions > 0 and fast.winning == 0 and not fast.keeps_a_win
    assert "dragon_pung" not in fast.possible
    assert keeping.winning > 0 and keeping.best > fast.best
    ids = {p.id for p in keeping.best_patterns}
    assert {"dragon_pung", "seat_wind", "concealed_hand"} <= ids
    # In the East seat 444z is no seat-wind pung: the same discard no longer reaches 3 on a discard.
    assert not _by_tile(hand, seat=0)["8s"].keeps_a_win


def test_h11_a_ready_discard_is_rated_by_the_scores_of_its_own_waits() -> None:
    """H-11: after discarding 7z, 123m456p789s5566z waits on 5z and 6z; each win is dragon pung
    and concealed hand (2 fan) by discard, 3 with self-draw. The rating agrees with scoring
    each wait directly."""
    rated = _by_tile("123m456p789s5566z7z")["7z"]
    hand = Hand.parse("123m456p789s5566z")
    found = waits(hand.counts[:34], 0, HONG_KONG)
    assert [format_kind(k) for k in found] == ["5z", "6z"]
    values = score_waits(hand, found, HONGKONG, seat=0)
    assert rated.shanten == 0 and rated.completions == 2
    assert rated.winning == sum(v.ron.valid for v in values) == 0
    assert rated.winning_self_draw == sum(v.tsumo.valid for v in values) == 2
    assert rated.best == 3 and rated.keeps_a_self_draw
    assert not rated.keeps_a_win


def test_h11_a_ready_discard_that_breaks_the_pure_suit_falls_below_the_minimum() -> None:
    """H-11: 12345678m22255m3p: discarding 3p is ready on a one-suit hand; discarding 1m is
    ready too, with as many waits, but keeps 3p: at best 2 fan, no win even by self-draw."""
    rated = _by_tile("12345678m22255m3p")
    pure, broken = rated["3p"], rated["1m"]
    assert pure.shanten == broken.shanten == 0
    assert pure.best >= 7 and "pure_one_suit" in pure.possible
    assert pure.winning == pure.completions > 0
    assert broken.best == 2 and "pure_one_suit" not in broken.possible
    assert not broken.keeps_a_self_draw


def test_a_discard_far_from_ready_is_listed_without_completions() -> None:
    rated = reachable_values(Hand.parse("147m258p369s12345z"), HONGKONG, max_shanten=2)
    assert rated and all(o.shanten > 2 and o.completions == 0 for o in rated)
    assert all(o.best == 0 and not o.keeps_a_self_draw for o in rated)


@pytest.mark.parametrize("hand", ["123m456p789s5566z", "123m456p789s5566z77z"])
def test_only_a_fourteen_tile_hand_is_rated(hand: str) -> None:
    with pytest.raises(InvalidHandError):
        reachable_values(Hand.parse(hand), HONGKONG)
