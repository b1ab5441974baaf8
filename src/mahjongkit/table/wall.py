"""Walls: which physical tiles a game uses and the order they come in.

Layout of a wall (a list of physical ids), the same for every variant:

- ``wall[0 : 13 * players]`` is the deal: seat ``(dealer + i) % players`` receives
  ``wall[13 * i : 13 * i + 13]``;
- live draws follow in order from ``13 * players``;
- the last ``dead`` tiles are the dead wall (Riichi: 14). Replacement tiles are taken from the
  dead wall's front (``dead[0]`` to ``dead[3]``), dora indicators are ``dead[4 + i]`` and ura
  indicators ``dead[9 + i]``. Each kong (and each North set aside at a three-player table)
  shortens the live wall by one, as the real dead wall is topped up from the live wall's end;
  past the four replacement tiles (three players may draw eight: four kongs and four Norths),
  the replacements are those top-up tiles, the live wall's end first.
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
    """A seeded shuffle of ``tiles``: the order ``rng.shuffle`` gives, and ``rng`` left as it
    leaves it."""
    wall = list(tiles)
    if type(rng) is not random.Random:  # a generator of its own may shuffle its own way
        rng.shuffle(wall)
        return wall
    # Random.shuffle's own steps (Fisher-Yates, each index drawn as _randbelow draws it: the
    # bits of its bound, again while out of range), as one compiled loop instead of two
    # interpreted calls per tile.
    getrandbits = rng.getrandbits
    for i in range(len(wall) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        wall[i], wall[j] = wall[j], wall[i]
    return wall


def deal(wall: Sequence[int], dealer: int, players: int) -> list[list[int]]:
    """The 13 tiles each seat receives (see the module's layout)."""
    hands: list[list[int]] = [[] for _ in range(players)]
    for i in range(players):
        seat = (dealer + i) % players
        hands[seat] = list(wall[DEAL_SIZE * i : DEAL_SIZE * (i + 1)])
    return hands


def live_end(wall_size: int, dead_wall: int, kongs: int, replacements: int) -> int:
    """The index where the live wall ends (the first tile that is not drawn in turn).

    With a dead wall each kong (``kongs`` counts the Norths set aside too) moves the end one
    tile closer (the dead wall is topped up from the live wall); without one, every
    replacement drawn from the back does.

    >>> live_end(136, 14, kongs=1, replacements=1), live_end(144, 0, kongs=0, replacements=3)
    (121, 141)
    """
    if dead_wall:
        return wall_size - dead_wall - kongs
    return wall_size - replacements


REPLACEMENT_SLOTS = 4
"""Replacement tiles at the dead wall's front (``dead[0]`` to ``dead[3]``)."""


def replacement_index(wall_size: int, dead_wall: int, replacements: int) -> int:
    """The index of the next replacement tile: the dead wall's front (then, past its four
    replacement tiles, the tiles it was topped up with from the live wall's end), or the
    wall's back.

    >>> replacement_index(136, 14, 0), replacement_index(144, 0, 2)
    (122, 141)
    >>> replacement_index(108, 14, 3), replacement_index(108, 14, 4), replacement_index(108, 14, 5)
    (97, 93, 92)
    """
    if dead_wall:
        if replacements < REPLACEMENT_SLOTS:
            return wall_size - dead_wall + replacements
        return wall_size - dead_wall - 1 - (replacements - REPLACEMENT_SLOTS)
    return wall_size - 1 - replacements


def indicator_indices(wall_size: int, dead_wall: int, shown: int) -> list[int]:
    """The indices of the ``shown`` dora indicators (``dead[4 + i]``; none without a dead wall).

    >>> indicator_indices(136, 14, 2)
    [126, 127]
    """
    if not dead_wall:
        return []
    return [wall_size - dead_wall + 4 + i for i in range(shown)]


def ura_indices(wall_size: int, dead_wall: int, shown: int) -> list[int]:
    """The indices of the tiles under the shown indicators (``dead[9 + i]``)."""
    if not dead_wall:
        return []
    return [wall_size - dead_wall + 9 + i for i in range(shown)]
