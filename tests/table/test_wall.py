"""The seeded wall: the shuffle the engine runs (compiled where a build is present) puts the
tiles in exactly the order ``random.Random.shuffle`` does for the same seed, so that every
recorded game deals again the same."""

from __future__ import annotations

import random

import pytest

from mahjongkit.table.wall import shuffled_wall, tile_set


@pytest.mark.parametrize(
    "tiles", [tile_set(), tile_set(27), tile_set(bonus=True), [7], [], list(range(300))]
)
def test_the_shuffle_is_randoms_own_for_every_seed(tiles: list[int]) -> None:
    for seed in [*range(60), "3:0", "123456789:7"]:
        expected = list(tiles)
        reference = random.Random(seed)
        reference.shuffle(expected)
        rng = random.Random(seed)
        assert shuffled_wall(tiles, rng) == expected
        # The generator is left where Random.shuffle leaves it: later draws agree too.
        assert rng.random() == reference.random()


def test_a_generator_of_another_kind_shuffles_by_its_own_method() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list) -> None:  # type: ignore[override]
            x.reverse()

    assert shuffled_wall([1, 2, 3], Reversing(0)) == [3, 2, 1]


def test_the_tiles_given_are_left_as_they_were() -> None:
    tiles = tile_set()
    shuffled_wall(tiles, random.Random(1))
    assert tiles == list(range(136))
