"""Walls: which physical tiles a game uses and the order they come in.

Layout of a wall (a list of physical ids), the same for every variant:

- ``wall[0 : 13 * players]`` is the deal: seat ``(dealer + i) % players`` receives
  ``wall[13 * i : 13 * i + 13]``;
- live draws follow in order from ``13 * players``;
- the last ``dead`` tiles are the dead wall (Riichi: 14). Replacement tiles are taken from the
  dead wall's front (``dead[0]``, ``dead[1]``, ...), dora indicators are ``dead[4 + i]`` and ura
  indicators ``dead[9 + i]``. Each kong shortens the live wall by one, as the real dead wall is
  topped up from the live wall's end.
- Without a dead wall (Hong Kong, Sichuan), replacement tiles (after a kong or a bonus tile) come
  from the back: ``wall[-1]``, ``wall[-2]``, ..., and the live wall ends where they begin.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mahjongkit.tiles import NUM_KINDS, NUM_PHYSICAL

DEAL_SIZE = 13


def tile_set(kinds: int = NUM_KINDS, bonus: bool = False) -> list[int]:
    """The physical ids of a set: the first ``kinds`` kinds, four copies each, plus bonus tiles.

    >>> len(tile_set()), len(tile_set(27)), len(tile_set(bonus=True))
    (136, 108, 144)
    """
    ids = list(range(kinds * 4))
    if bonus:
        ids.extend(range(NUM_PHYSICAL, NUM_PHYSICAL + 8))
    return ids


def shuffled_wall(tiles: Sequence[int], rng: random.Random) -> list[int]:
    """A seeded shuffle of ``tiles``."""
    wall = list(tiles)
    rng.shuffle(wall)
    return wall


def deal(wall: Sequence[int], dealer: int, players: int) -> list[list[int]]:
    """The 13 tiles each seat receives (see the module's layout)."""
    hands: list[list[int]] = [[] for _ in range(players)]
    for i in range(players):
        seat = (dealer + i) % players
        hands[seat] = list(wall[DEAL_SIZE * i : DEAL_SIZE * (i + 1)])
    return hands
