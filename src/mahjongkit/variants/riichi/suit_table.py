"""The facts of every suit shape that can be cut into sets and a pair, shipped with the package.

The scorer reads each suit of a hand through a memo table (:func:`suit_facts`). Cutting
a suit it has never seen costs tens of microseconds, and a process scoring many hands meets
thousands of suits: the first pass over a workload used to pay mostly for that. So every shape
that can be cut (21,743 for a numbered suit, 498 for the honours, up to 14 tiles) is cut once,
by this module's :func:`build`, and the result ships as ``suit_table.bin``; a suit met for the
first time is then a binary search and a few shifts. Shapes that cannot be cut (a hand that is
not a win, seven pairs) are still computed and memoised as before.

The file holds, per shape and in offset-free form (as if the suit started at kind 0), what
:data:`~.features.SuitFacts` holds: each cut's packed counts, chow starts, pung kinds and pair
number, the kinds held and the seven-pairs, orphans and cut counts. The chow and pung masks,
the pair's kind and the waits are placed on the suit when read (:func:`shipped_facts`).

Rebuild it after changing how a suit is cut or what its facts are::

    python -m mahjongkit.variants.riichi.suit_table

``tests/variants/riichi/test_suit_table.py`` checks that the file equals what :func:`build`
makes, and that what it gives equals the computed facts.
"""

from __future__ import annotations

import os
from array import array
from bisect import bisect_left
from itertools import product

from mahjongkit.variants.riichi import features
from mahjongkit.variants.riichi.features import (
    KEY_BITS,
    PACK_PAIR,
    SPECIAL_PAIRS,
    SUIT_FACTS,
    SuitFacts,
    _waits,
    suit_info,
    tile_flags,
)

PATH = os.path.join(os.path.dirname(__file__), "suit_table.bin")
"""Where the table ships, next to this module (a plain path: :mod:`pathlib` costs a command's
start-up more than the table does)."""
FORMAT = 1
"""Bumped when the layout changes: a file of another format is ignored (facts are computed)."""
MAX_TILES = 14
"""The most tiles a suit of a hand holds."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    _Columns = tuple[array[int], ...]
    """One table (numbered suits, honours): keys, first cut of each shape (one more entry than
    keys), specials, kinds masks; then per cut: packed counts, chow starts, pung kinds, pair."""


def _shapes(size: int, chows: bool) -> list[tuple[int, ...]]:
    """Every count vector of ``size`` kinds, 0-4 each and at most 14 tiles, that can be cut."""
    suit = 0 if chows else 3
    found = []
    for counts in product(range(5), repeat=size):
        tiles = sum(counts)
        if tiles > MAX_TILES or tiles % 3 == 1:
            continue  # never a set-and-pair shape: no cut
        if suit_info(suit, _key(counts)).parts:
            found.append(counts)
    return found


def _key(counts: tuple[int, ...]) -> int:
    return sum(n << (KEY_BITS * i) for i, n in enumerate(counts))


def _columns(suit: int) -> _Columns:
    """The table of suit 0 (standing for every numbered suit) or 3 (the honours)."""
    size = 9 if suit < 3 else 7
    keys, starts, specials, kinds = array("I"), array("I"), array("I"), array("H")
    packed, chow_starts, pung_kinds = array("I"), array("H"), array("H")
    pairs = array("b")
    offset = suit * 9
    for counts in sorted(_shapes(size, chows=suit < 3), key=_key):  # sorted: binary search
        key = _key(counts)
        info = suit_info(suit, key)
        keys.append(key)
        starts.append(len(packed))
        specials.append(
            info.pairs << SPECIAL_PAIRS | info.orphans << 16 | (len(info.parts) - 1) << 25
        )
        kinds.append(info.kinds_mask >> offset)
        for part in info.parts:
            packed.append(part.packed)
            chow_starts.append(part.chow_mask >> offset)
            pung_kinds.append(part.pung_mask >> offset)
            pairs.append(part.pair - offset if part.pair >= 0 else -1)
    starts.append(len(packed))
    return keys, starts, specials, kinds, packed, chow_starts, pung_kinds, pairs


def build() -> bytes:
    """The file's bytes, from the code that cuts suits (deterministic: a test compares them)."""
    import marshal
    import zlib

    tables = tuple(tuple(column.tobytes() for column in _columns(suit)) for suit in (0, 3))
    return zlib.compress(marshal.dumps((FORMAT, tables), 2), 9)


def write(path: str = PATH) -> int:
    """Write the table to ``path``; its size in bytes."""
    data = build()
    with open(path, "wb") as file:
        file.write(data)
    return len(data)


_TYPECODES = ("I", "I", "I", "H", "I", "H", "H", "b")
_loaded: tuple[_Columns, ...] | None = None
_missing = False


def _load() -> tuple[_Columns, ...] | None:
    """The shipped tables (read once), or None if the file is absent or of another format."""
    global _loaded, _missing
    if _loaded is None and not _missing:
        import marshal
        import zlib

        try:
            with open(PATH, "rb") as file:
                version, tables = marshal.loads(zlib.decompress(file.read()))
        except (OSError, ValueError, EOFError, TypeError, zlib.error):
            version, tables = None, None
        if version != FORMAT:
            _missing = True
            return None
        found = []
        for raw in tables:
            columns = []
            for code, data in zip(_TYPECODES, raw, strict=True):
                column = array(code)
                column.frombytes(data)
                columns.append(column)
            found.append(tuple(columns))
        _loaded = tuple(found)
    return _loaded


_WAITS_BY_CODE: list[tuple[tuple[int, ...], ...]] = []
"""By number in the suit (0-8): the waits a winning tile of that number completes, by a 5-bit
code of (pair on it, pung of it, chow from two before, chow from one before, chow from it).
Built once from :func:`~.features._waits` (9 x 32 entries): a fixed domain."""


def _waits_by_code() -> list[tuple[tuple[int, ...], ...]]:
    if not _WAITS_BY_CODE:
        for number in range(9):
            row = []
            for code in range(32):
                starts = ((4, number - 2), (8, number - 1), (16, number))
                chows = [start for bit, start in starts if code & bit]
                pungs = [number] if code & 2 else []
                row.append(_waits(number, chows, pungs, number if code & 1 else -1))
            _WAITS_BY_CODE.append(tuple(row))
    return _WAITS_BY_CODE


def _waits_of(chows: int, pungs: int, pair: int, size: int) -> tuple[tuple[int, ...], ...]:
    """A cut's waits by number (see ``Part.waits``), from its offset-free masks."""
    by_code = _waits_by_code()
    shifted = chows << 4  # bits n + 2, n + 3, n + 4: chows from n - 2, n - 1, n
    return tuple(
        by_code[n][(pair == n) | (pungs >> n & 1) << 1 | (shifted >> n & 28)] for n in range(size)
    )


def shipped_facts(suit: int, key: int) -> SuitFacts | None:
    """The facts of suit ``suit`` (0 m, 1 p, 2 s, 3 honours) holding ``key``, from the shipped
    table; None if the shape cannot be cut (or the table is not there)."""
    tables = _load()
    if tables is None:
        return None
    keys, starts, specials, kinds, packed, chow_starts, pung_kinds, pairs = tables[suit == 3]
    index = bisect_left(keys, key)
    if index == len(keys) or keys[index] != key:
        return None
    offset = suit * 9
    size = 9 if suit < 3 else 7
    first = starts[index]
    readings = []
    for cut in range(first, starts[index + 1]):
        chows, pungs, pair = chow_starts[cut], pung_kinds[cut], pairs[cut]
        readings.append(
            (
                packed[cut] | ((offset + pair + 1) << PACK_PAIR if pair >= 0 else 0),
                chows << offset,
                pungs << offset,
                _waits_of(chows, pungs, pair, size),
                cut - first,
            )
        )
    pair_bit = (1 << suit) if pairs[first] >= 0 else 0
    return tuple(readings), tile_flags(kinds[index] << offset), specials[index] | pair_bit


SHIPPED_AFTER = 64
"""Suits computed before the shipped table is read: reading it costs about as much as cutting
this many suits, so a single score (the command line) never reads it, and a process scoring
many hands reads it once."""
_computed = 0


def read_shipped_table_now() -> bool:
    """Read the shipped table at once rather than after :data:`SHIPPED_AFTER` suits computed:
    for a long run, and before a process forks its workers, so that they share the one copy.
    False when the table is not there (the facts are then computed)."""
    global _computed
    _computed = max(_computed, SHIPPED_AFTER)
    return _load() is not None


def suit_facts(suit: int, key: int) -> SuitFacts:
    """The hot facts of one suit's concealed tiles (:data:`~.features.SuitFacts`), memoised in
    :data:`~.features.SUIT_FACTS`: computed for the first :data:`SHIPPED_AFTER` suits, then
    read from the shipped table (computed still for the shapes it does not hold)."""
    global _computed
    table = SUIT_FACTS[suit]
    found = table.get(key)
    if found is not None:
        return found
    if _computed < SHIPPED_AFTER:
        _computed += 1
        return features.suit_facts(suit, key)
    found = shipped_facts(suit, key)
    if found is None:
        return features.suit_facts(suit, key)
    if len(table) > features.SUIT_TABLE_LIMIT:
        table.clear()
    table[key] = found
    return found


if __name__ == "__main__":
    print(f"{PATH}: {write()} bytes")
