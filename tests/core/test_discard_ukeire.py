"""Every discard at once: :func:`discard_ukeire` and :func:`discard_shanten` against
:func:`shanten` asked about each discard and each draw, over seeded hands of every shape."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from mahjongkit.shapes import (
    HONG_KONG,
    RIICHI,
    HandShape,
    discard_shanten,
    discard_ukeire,
    sichuan,
)
from mahjongkit.tiles import COPIES, counts_of, parse_kinds
from tests.helpers.shapes_reference import every_discard

SHAPES = [RIICHI, HONG_KONG, sichuan(None), sichuan(0), sichuan(2)]


def _hand(rng: random.Random, shape: HandShape, melds: int) -> list[int]:
    """A seeded hand of 14 - 3 * melds tiles: near a complete hand, or loose tiles."""
    kinds = [k for k in range(34) if shape.honors or k < 27]
    tiles: list[int] = []
    if rng.random() < 0.3:
        tiles = rng.sample([k for k in kinds for _ in range(COPIES)], 14 - 3 * melds)
    elif rng.random() < 0.3 and melds == 0:
        tiles = [k for k in rng.sample(kinds, 7) for _ in range(2)]
    else:
        while len(tiles) < 14 - 3 * melds:
            if rng.random() < 0.5:
                start = rng.choice([k for k in kinds if k < 27 and k % 9 <= 6])
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.choice(kinds)] * rng.choice((2, 3, 4))
        tiles = tiles[: 14 - 3 * melds]
    for _ in range(rng.randint(0, 3)):
        tiles[rng.randrange(len(tiles))] = rng.choice(kinds)
    counts = [0] * 34
    for kind in tiles:
        counts[kind] += 1
    return counts


def _hands(
    rng: random.Random, wanted: int
) -> Iterator[tuple[list[int], int, HandShape]]:
    """``wanted`` seeded hands (counts, melds, shape) of every shape, none over four copies."""
    found = 0
    while found < wanted:
        shape = rng.choice(SHAPES)
        melds = rng.choice((0, 0, 1, 2, 3))
        counts = _hand(rng, shape, melds)
        if max(counts) > COPIES:
            continue
        found += 1
        yield counts, melds, shape


@pytest.mark.parametrize("seed", range(4))
def test_discard_ukeire_matches_shanten_of_every_discard_and_draw(seed: int) -> None:
    for counts, melds, shape in _hands(random.Random(seed), 150):
        expected = every_discard(counts, melds, shape)
        assert discard_ukeire(counts, melds, shape) == expected, (counts, melds, shape)
        assert discard_shanten(counts, melds, shape) == {k: v[0] for k, v in expected.items()}


@pytest.mark.parametrize("seed", range(2))
def test_seven_pairs_and_thirteen_orphans_hands_match_every_discard(seed: int) -> None:
    """Hands where a special shape is as near as the regular one or nearer (many pairs, many
    terminals and honours): the discards whose regular shanten is at or under the whole
    hand's special shanten skip those shapes, and must still come out exact (ties included,
    which add the special shape's improving draws)."""
    rng = random.Random(200 + seed)
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    checked = 0
    while checked < 150:
        shape = rng.choice([RIICHI, HONG_KONG, sichuan(None), sichuan(1)])
        kinds = [k for k in range(34) if shape.honors or k < 27]
        if rng.random() < 0.5 and shape.honors:
            tiles = rng.sample([k for k in orphans for _ in range(2)], rng.randint(9, 14))
        else:
            tiles = [k for k in rng.sample(kinds, 7) for _ in range(2)][: rng.randint(8, 14)]
        while len(tiles) < 14:
            tiles.append(rng.choice(kinds))
        counts = [0] * 34
        for kind in tiles:
            counts[kind] += 1
        if max(counts) > COPIES:
            continue
        checked += 1
        expected = every_discard(counts, 0, shape)
        assert discard_ukeire(counts, 0, shape) == expected, (counts, shape)
        assert discard_shanten(counts, 0, shape) == {k: v[0] for k, v in expected.items()}


def test_discard_ukeire_known_hands() -> None:
    # 123m 456p 789s 11z 24m + a lone red dragon: the dragon goes, 3m is the only wait.
    after = discard_ukeire(counts_of(parse_kinds("123m456p789s11z24m7z")))
    assert after[33] == (0, (2,))
    assert after[1][0] == 1
    # Four of a kind held: a lone new tile may be the pair (no "isolated draw" shortcut).
    quad = counts_of(parse_kinds("1111m234p567s999s1z"))
    assert discard_ukeire(quad)[27] == every_discard(quad, 0, RIICHI)[27]
    assert 27 in discard_ukeire(quad)[0][1]  # 111m kept: East drawn back pairs the lone East
    # A Sichuan hand with tiles of its missing suit: those discards leave the usable hand.
    hand = counts_of(parse_kinds("1m123456789p1122s"))
    after = discard_ukeire(hand, 0, sichuan(0))
    assert after[0] == every_discard(hand, 0, sichuan(0))[0]
    assert all(draw >= 9 for draw in after[0][1])


@pytest.mark.parametrize("seed", range(2))
def test_discard_ukeire_for_chosen_kinds_is_the_whole_result_cut_down(seed: int) -> None:
    """Asking for some discards gives exactly those entries of the full answer (kinds not
    held are skipped), for every shape and meld count."""
    rng = random.Random(100 + seed)
    for counts, melds, shape in _hands(rng, 120):
        whole = discard_ukeire(counts, melds, shape)
        wanted = rng.sample(range(34), rng.randint(0, 8))
        part = discard_ukeire(counts, melds, shape, wanted)
        assert part == {k: whole[k] for k in wanted if counts[k]}, (counts, wanted)


@pytest.mark.parametrize("bad", [34, -1, "1m", 2.0])
def test_discard_ukeire_refuses_a_kind_out_of_range(bad: object) -> None:
    hand = counts_of(parse_kinds("123m456p789s11z24m7z"))
    with pytest.raises(ValueError, match=r"discard kinds must be 0-33, got"):
        discard_ukeire(hand, 0, RIICHI, [0, bad])  # type: ignore[list-item]
