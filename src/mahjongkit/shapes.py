"""Hand shapes: decompositions, shanten, waits and ukeire, from 34-entry count lists.

The regular shanten is computed from *replacement numbers*: for each suit, and for every target
of ``s`` sets (0-4) and ``p`` pairs (0-1), the fewest tiles that must be drawn so that the suit
holds those sets and that pair, never asking for a fifth copy of a tile. Each suit's vector of
ten numbers is computed once (a small dynamic programme, memoised on the suit's counts), interned
to an int, and suits are combined by a memoised min-plus table on those ints, so a warm call costs
a few dictionary look-ups. Shanten is the replacement number of the whole hand minus one.

Every memo is bounded (see :data:`MEMO_LIMIT`): a long-lived process (self-play, a server) meets
ever more suits, and its memory must not grow with them.

>>> from mahjongkit.tiles import counts_of, format_kind, parse_kinds
>>> hand = counts_of(parse_kinds("123m456p789s1122z"))
>>> shanten(hand), [format_kind(k) for k in waits(hand)]
(0, ['1z', '2z'])
>>> shanten(counts_of(parse_kinds("19m19p19s1234567z")))
0
"""

from __future__ import annotations

import os
from collections.abc import Collection, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, compress, product
from operator import itemgetter

from mahjongkit.shape_tuples import (
    CHOW,
    PUNG,
    BatchTables,
    Decomposition,
    Meldset,
    ShapeTable,
    Ukeire,
)
from mahjongkit.tiles import COPIES, NUM_KINDS, TERMINALS_AND_HONORS
from mahjongkit.valueclass import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "CHOW",
    "HONG_KONG",
    "PUNG",
    "RIICHI",
    "BatchTables",
    "Decomposition",
    "HandShape",
    "Meldset",
    "ShapeTable",
    "Ukeire",
    "batch_tables",
    "combined_vector",
    "decompositions",
    "discard_shanten",
    "discard_ukeire",
    "honour_vectors",
    "is_complete",
    "read_shipped_table_now",
    "regular_shanten",
    "seven_pairs",
    "seven_pairs_shanten",
    "shanten",
    "sichuan",
    "thirteen_orphans",
    "thirteen_orphans_shanten",
    "ukeire",
    "waits",
]

MEMO_LIMIT = 1 << 16
"""Entries a shape memo keeps (per table) before it starts afresh. A hand is four suit keys and
three combinations, and self-play meets tens of thousands of distinct suits over thousands of
rounds: the bound keeps the working set of a long run (a few megabytes) while a pathological
stream of distinct hands costs a recomputation now and then, never unbounded memory."""
SUFFIX_MEMO_SIZE: Final = 1 << 14
"""Entries of the suffix memo of :func:`_suffix_vector` (least recently used dropped first).
It only speeds up the first sight of a suit (a suit's suffixes times the chows pending at
each), which is then kept in the suit memo; a suit touches at most 9 x 15 entries. The same
bound holds the memo of one suit's decompositions."""

_INF: Final = 99
_SIZE: Final = 10  # vector index: sets * 2 + pairs, sets 0..4, pairs 0..1
_ORPHANS: Final = itemgetter(*TERMINALS_AND_HONORS)
_COPIES: Final = COPIES
_NUM_KINDS: Final = NUM_KINDS
"""The tile set's constants as this module's Final names: compiled, a C static each rather
than a look-up by name at each use (so are the module's other tables)."""


# --- per-suit replacement vectors ---------------------------------------------------------------


@lru_cache(maxsize=SUFFIX_MEMO_SIZE)
def _suffix_vector(counts: tuple[int, ...], pending_old: int, pending_new: int) -> tuple[int, ...]:
    """Replacement vector of the suit suffix ``counts``.

    ``pending_old`` chows started two kinds back still need this kind; ``pending_new`` chows
    started one kind back need this kind and the next.
    """
    if not counts:
        return _EMPTY_VECTOR
    held = counts[0]
    rest = counts[1:]
    best = [_INF] * _SIZE
    pending = pending_old + pending_new
    max_new_chows = _COPIES - pending if len(counts) >= 3 else 0
    for new_chows in range(max_new_chows + 1):
        tail = _suffix_vector(rest, pending_new, new_chows)
        for pung, pair, extra_demand in _PUNG_PAIR:
            demand = pending + new_chows + extra_demand
            if demand > _COPIES:
                continue
            cost = demand - held if demand > held else 0
            for target, source in _SHIFTS[new_chows + pung][pair]:
                value = tail[source] + cost
                if value < best[target]:
                    best[target] = value
    return tuple(best)


_EMPTY_VECTOR: Final = (0, *([_INF] * (_SIZE - 1)))
_PUNG_PAIR: Final = ((0, 0, 0), (0, 1, 2), (1, 0, 3), (1, 1, 5))
# _SHIFTS[added_sets][added_pair]: (target index, source index) pairs of a vector shifted by a
# number of sets (0..8: several chows may start on one kind) and a pair.
_SHIFTS: Final = tuple(
    tuple(
        tuple(
            (sets * 2 + pairs, (sets - added_sets) * 2 + pairs - added_pair)
            for sets in range(added_sets, 5)
            for pairs in range(added_pair, 2)
        )
        for added_pair in (0, 1)
    )
    for added_sets in range(9)
)


@lru_cache(maxsize=1024)
def _honor_vector(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Replacement vector of honour counts: pungs and a pair only, no chows (``counts``
    sorted: the order of the kinds does not matter, so a few hundred keys cover them all)."""
    vector = _EMPTY_VECTOR
    for held in counts:
        options = (
            (0, 0, 0),
            (1, 0, 3 - held if held < 3 else 0),
            (0, 1, 2 - held if held < 2 else 0),
        )
        combined = [_INF] * _SIZE
        for sets in range(5):
            for pairs in range(2):
                current = vector[sets * 2 + pairs]
                if current >= _INF:
                    continue
                for add_sets, add_pairs, cost in options:
                    s, p = sets + add_sets, pairs + add_pairs
                    if s <= 4 and p <= 1 and current + cost < combined[s * 2 + p]:
                        combined[s * 2 + p] = current + cost
        vector = tuple(combined)
    return vector


_VECTORS: Final[list[tuple[int, ...]]] = []
_VECTOR_IDS: Final[dict[tuple[int, ...], int]] = {}
"""Interned replacement vectors. Never emptied, so an id held by a caller stays valid when the
memos below start afresh: a fixed domain, the distinct vectors the programme can produce, not
the hands seen (the 405,350 suits of at most 14 tiles have 126 distinct vectors, the honours 4
more; with their combinations, 180)."""
_SUIT_IDS: dict[bytes, int] = {}
_HONOR_IDS: Final[dict[bytes, int]] = {}
"""Memos by suit counts, each kept under :data:`MEMO_LIMIT`."""
_VECTOR_LIMIT: Final = 256
"""Vector ids stay under this (the domain holds 180): a pair of them indexes
:data:`_COMBINED` as ``first << 8 | second``."""
_COMBINED: list[int] = [-1] * (_VECTOR_LIMIT * _VECTOR_LIMIT)
"""The vector id of each pair of vector ids combined (``first << 8 | second``; −1: not worked
out yet). A flat list of fixed size, not a memo of the pairs met: a look-up by index costs a
fraction of a dictionary's, and the bound holds by construction."""


def _intern(vector: tuple[int, ...]) -> int:
    found = _VECTOR_IDS.get(vector)
    if found is None:
        found = len(_VECTORS)
        if found >= _VECTOR_LIMIT:
            # Cannot happen: the vectors the programme can produce are a fixed domain.
            raise RuntimeError(f"more than {_VECTOR_LIMIT} replacement vectors")
        _VECTOR_IDS[vector] = found
        _VECTORS.append(vector)
    return found


# A suit's entry packs, above its vector id (20 bits), the counts seven pairs and thirteen
# orphans need, in fields wide enough that the four suits' entries can simply be added:
# kinds held (6 bits), kinds held twice or more (5), pairs counting four of a kind as two (5),
# terminal or honour kinds held (4), whether one of those is held twice or more (3), kinds
# held an odd number of times (6).
_ID_BITS: Final = 20
_ID_MASK: Final = (1 << _ID_BITS) - 1
_KINDS: Final = 0
_PAIRS: Final = 6
_PAIR_UNITS: Final = 11
_ORPHAN_KINDS: Final = 16
_ORPHAN_PAIR: Final = 20
_ODD_KINDS: Final = 23


def _pack(counts: Sequence[int], orphans: Sequence[int]) -> int:
    total = 0
    for held in counts:
        total += _COUNT_PACK[held]
    terminal = pair = 0
    for index in orphans:
        held = counts[index]
        if held:
            terminal += 1
            if held >= 2:
                pair = 1
    return (total + (terminal << _ORPHAN_KINDS) + (pair << _ORPHAN_PAIR)) << _ID_BITS


_COUNT_PACK: Final = tuple(
    ((1 if n else 0) << _KINDS)
    + ((1 if n >= 2 else 0) << _PAIRS)
    + ((n // 2) << _PAIR_UNITS)
    + ((n % 2) << _ODD_KINDS)
    for n in range(256)
)
"""The packed fields one kind held ``n`` times adds (kinds, pairs, pair units, odd kinds)."""


def _suit_id(key: bytes) -> int:
    if len(_SUIT_IDS) >= MEMO_LIMIT:
        _SUIT_IDS.clear()
    vector = _shipped_vector(key)
    if vector is None:
        vector = _intern(_suffix_vector(tuple(key), 0, 0))
    found = _SUIT_IDS[key] = vector | _pack(key, (0, 8))
    return found


def suit_vector(counts: Sequence[int]) -> tuple[int, ...]:
    """The replacement vector of one suit's nine counts, worked out (not read from the table)."""
    return _suffix_vector(tuple(counts), 0, 0)


SHIPPED_AFTER = 64
"""Suits worked out before the shipped table is read: a single question (one command) never
pays for reading it, a long run reads it once."""
_shipped: tuple[list[int], bytes] | bool | None = None
"""The shipped table as (vector ids, index); None before it is read, False if unreadable."""
_worked_out = 0


def read_shipped_table_now() -> bool:
    """Read the shipped suit table at once rather than after :data:`SHIPPED_AFTER` suits
    worked out: for a long run, and before a process forks its workers, so that they share
    the one copy instead of each working out its first suits and then reading its own.
    False when the file is missing or not ours (the vectors are then worked out)."""
    global _worked_out
    _worked_out = max(_worked_out, SHIPPED_AFTER)
    _shipped_vector(bytes(9))
    return bool(_shipped)


def _shipped_vector(key: bytes) -> int | None:
    """The vector id of a suit from the shipped table (None: not read yet, or not there)."""
    global _shipped, _worked_out
    if _shipped is None:
        _worked_out += 1
        if _worked_out <= SHIPPED_AFTER:
            return None
        loaded = read_shape_table()
        if loaded is None:
            _shipped = False
        else:
            # The suits' vectors come first in the file's numbering, then the others'.
            ids = [_intern(v) for v in loaded.vectors]
            _shipped = (ids, loaded.numbers)
            _fill_combinations(ids, loaded.pairs)
    if _shipped is False or len(key) != 9:
        return None
    assert not isinstance(_shipped, bool)
    ids, index = _shipped
    number = index[_base5(key)]
    return None if number == SHAPE_TABLE_NONE else ids[number]


SHAPE_TABLE_PATH = os.path.join(os.path.dirname(__file__), "shape_table.bin")
"""The shipped suit vectors, built by :mod:`mahjongkit.shape_table` (which documents them)."""
SHAPE_TABLE_MAGIC = b"MJKS"
SHAPE_TABLE_FORMAT = 2
"""Bumped when the layout changes: a file of another format is ignored (vectors are computed)."""
SHAPE_TABLE_NONE: Final = 255
"""The index entry of a suit of more than 14 tiles."""


def read_shape_table(path: str = SHAPE_TABLE_PATH) -> ShapeTable | None:
    """The shipped table, or None when the file is missing, cut or not ours."""
    import zlib

    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return None
    if len(data) < 7 or data[:4] != SHAPE_TABLE_MAGIC or data[4] != SHAPE_TABLE_FORMAT:
        return None
    suits, count = data[5], data[6]
    start = 7 + count * _SIZE
    vectors = [tuple(data[7 + i * _SIZE : 7 + (i + 1) * _SIZE]) for i in range(count)]
    try:
        body = zlib.decompress(data[start:])
    except zlib.error:
        return None
    index, pairs = body[: 5**9], body[5**9 :]
    if len(index) != 5**9 or len(pairs) != count * count or suits > count:
        return None
    if max(pairs, default=0) >= count or max(set(index) - {SHAPE_TABLE_NONE}) >= suits:
        return None
    return ShapeTable(vectors, suits, index, pairs)


def batch_tables(path: str = SHAPE_TABLE_PATH) -> BatchTables | None:
    """The shipped table with an index of the honours added, as flat bytes for array
    look-ups (:mod:`mahjongkit.shanten_batch`); None when the file is missing or not ours.

    The honours' vector does not depend on which honour is held how often, only on how many
    are held once, twice...: each of the 5**7 keys takes the number of its sorted counts."""
    loaded = read_shape_table(path)
    if loaded is None:
        return None
    numbering = {vector: number for number, vector in enumerate(loaded.vectors)}
    by_sorted: dict[tuple[int, ...], int] = {}
    for held in combinations_with_replacement(range(_COPIES + 1), 7):
        by_sorted[held] = numbering.get(_honor_vector(held), SHAPE_TABLE_NONE)
    # product's last place varies fastest: each tuple is a key's digits, highest first, and
    # the keys come in increasing order (the digits' order does not matter once sorted).
    honours = bytes(
        [by_sorted[tuple(sorted(digits))] for digits in product(range(_COPIES + 1), repeat=7)]
    )
    return BatchTables(
        b"".join(bytes(vector) for vector in loaded.vectors),
        len(loaded.vectors),
        loaded.numbers,
        honours,
        loaded.pairs,
    )


_POW5: Final = tuple(5**i for i in range(9))


def _base5(key: bytes) -> int:
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = key
    return c0 + 5 * (c1 + 5 * (c2 + 5 * (c3 + 5 * (c4 + 5 * (c5 + 5 * (c6 + 5 * (c7 + 5 * c8)))))))


def _honor_id(key: bytes) -> int:
    if len(_HONOR_IDS) >= MEMO_LIMIT:
        _HONOR_IDS.clear()
    vector = _intern(_honor_vector(tuple(sorted(key))))
    found = _HONOR_IDS[key] = vector | _pack(key, range(7))
    return found


def _combine(first: int, second: int) -> int:
    found = _COMBINED[(first << 8) | second] = _intern(
        combined_vector(_VECTORS[first], _VECTORS[second])
    )
    return found


def combined_vector(first: Sequence[int], second: Sequence[int]) -> tuple[int, ...]:
    """The replacement vector of two parts of a hand taken together: for each target, the
    cheapest split of its sets and pair between the parts."""
    best = [_INF] * _SIZE
    for i, j, target in _COMBINE_CELLS:
        value = first[i] + second[j]
        if value < best[target]:
            best[target] = value
    return tuple(_INF if v > _INF else v for v in best)


def honour_vectors() -> list[tuple[int, ...]]:
    """The replacement vector of every honour hand of at most 14 tiles (a few distinct)."""
    found = dict.fromkeys(
        _honor_vector(counts)
        for counts in combinations_with_replacement(range(_COPIES + 1), 7)
        if sum(counts) <= 14
    )
    return list(found)


def _fill_combinations(ids: Sequence[int], pairs: bytes) -> None:
    """Put the shipped combination of every pair of vectors (``pairs[a * n + b]``: the number
    of vector ``a`` and ``b`` combined, in the file's numbering; ``ids``: each number's
    interned id) into :data:`_COMBINED`. Every hand's vector is then combined by a look-up: a
    long run never works one out on its hot path."""
    count = len(ids)
    combined = _COMBINED
    for number, first in enumerate(ids):
        row = pairs[number * count : (number + 1) * count]
        high = first << 8
        for second, c in zip(ids, row, strict=True):
            combined[high | second] = ids[c]


_COMBINE_CELLS: Final = tuple(
    (i, j, (i // 2 + j // 2) * 2 + i % 2 + j % 2)
    for i in range(_SIZE)
    for j in range(_SIZE)
    if i // 2 + j // 2 <= 4 and i % 2 + j % 2 <= 1
)
"""(index of one vector, index of the other, index of their sum) for every pair of targets
whose sets and pairs add up to a target of the table (at most four sets and one pair)."""


def _hand_vector(counts: Sequence[int]) -> tuple[int, ...]:
    return _hand_data(counts)[0]


def _hand_data(counts: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """The hand's replacement vector, and its packed counts (see ``_pack``)."""
    suit_get = _SUIT_IDS.get
    combined = _COMBINED
    key = bytes(counts[0:9])
    man = suit_get(key)
    if man is None:
        man = _suit_id(key)
    key = bytes(counts[9:18])
    pin = suit_get(key)
    if pin is None:
        pin = _suit_id(key)
    key = bytes(counts[18:27])
    sou = suit_get(key)
    if sou is None:
        sou = _suit_id(key)
    key = bytes(counts[27:34])
    honors = _HONOR_IDS.get(key)
    if honors is None:
        honors = _honor_id(key)
    packed = (man + pin + sou + honors) >> _ID_BITS
    man &= _ID_MASK
    pin &= _ID_MASK
    sou &= _ID_MASK
    honors &= _ID_MASK
    first = combined[(man << 8) | pin]
    if first < 0:
        first = _combine(man, pin)
    second = combined[(sou << 8) | honors]
    if second < 0:
        second = _combine(sou, honors)
    whole = combined[(first << 8) | second]
    if whole < 0:
        whole = _combine(first, second)
    return _VECTORS[whole], packed


# --- shanten ------------------------------------------------------------------------------------


def regular_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten towards ``4 - melds`` sets and a pair (−1: complete, 0: ready).

    ``counts`` has 34 entries (bytes-compatible ints 0-4); the hand holds ``13 - 3 * melds`` or
    ``14 - 3 * melds`` tiles.
    """
    return _hand_vector(counts)[(4 - melds) * 2 + 1] - 1


def _quad_pairs_shanten(pairs: int, odd: int) -> int:
    """Seven pairs where four of a kind are two pairs: each missing pair takes one draw onto a
    lone tile, or two draws where no lone tile is left to pair."""
    missing = 7 - pairs if pairs < 7 else 0
    return missing - 1 + (missing - odd if missing > odd else 0)


def seven_pairs_shanten(counts: Sequence[int], allow_quads: bool = False) -> int:
    """Shanten towards seven pairs.

    Without ``allow_quads`` the pairs must be of seven different kinds (Riichi); with it, four
    identical tiles count as two pairs (Sichuan's dragon seven pairs).
    """
    if allow_quads:
        pairs = counts.count(2) + counts.count(3) + 2 * counts.count(4)
        odd = counts.count(1) + counts.count(3)
        return _quad_pairs_shanten(pairs, odd)
    kinds = _NUM_KINDS - counts.count(0)
    pairs = kinds - counts.count(1)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten towards thirteen orphans (one of each terminal and honour, one of them twice)."""
    orphans: tuple[int, ...] = _ORPHANS(counts)
    kinds = 13 - orphans.count(0)
    has_pair = kinds > orphans.count(1)
    return 13 - kinds - (1 if has_pair else 0)


@dataclass(frozen=True, slots=True)
class HandShape:
    """Which complete shapes a variant accepts, for shanten, waits and completeness.

    ``missing_suit`` (0 m, 1 p, 2 s) is a suit whose tiles can never be part of a complete hand
    (Sichuan): they count only as tiles to throw away.
    """

    seven_pairs: bool = True
    seven_pairs_quads: bool = False
    thirteen_orphans: bool = True
    missing_suit: int | None = None
    honors: bool = True
    """Whether the set has honour tiles at all (Sichuan's 108 tiles have none)."""

    @property
    def kinds(self) -> range:
        """The kinds a hand of this shape can draw."""
        return range(_NUM_KINDS if self.honors else 27)

    def usable(self, counts: Sequence[int]) -> Sequence[int]:
        """The counts with the missing suit's tiles removed."""
        if self.missing_suit is None:
            return counts
        start = self.missing_suit * 9
        usable = list(counts)
        usable[start : start + 9] = [0] * 9
        return usable


RIICHI = HandShape()
"""Regular hands, seven different pairs, thirteen orphans."""
HONG_KONG = HandShape(seven_pairs=False)
"""Regular hands and thirteen orphans (seven pairs is an option of the Hong Kong rules)."""


def sichuan(missing_suit: int | None = None) -> HandShape:
    """Sichuan: three suits, seven pairs with four identical tiles allowed, no orphans."""
    return HandShape(
        seven_pairs=True,
        seven_pairs_quads=True,
        thirteen_orphans=False,
        missing_suit=missing_suit,
        honors=False,
    )


def shanten(counts: Sequence[int], melds: int = 0, shape: HandShape = RIICHI) -> int:
    """The smallest shanten over the shapes the variant accepts (−1: complete, 0: ready).

    >>> from mahjongkit.tiles import counts_of, parse_kinds
    >>> shanten(counts_of(parse_kinds("1133557799m11p2s")))
    0
    >>> shanten(counts_of(parse_kinds("1133557799m11p2s")), shape=HONG_KONG)
    3
    """
    if shape.missing_suit is not None:
        counts = shape.usable(counts)
    vector, packed = _hand_data(counts)
    return _shanten_of(vector, packed, melds, shape)


def is_complete(counts: Sequence[int], melds: int = 0, shape: HandShape = RIICHI) -> bool:
    """Whether ``14 - 3 * melds`` tiles form a complete hand of the shape."""
    return shanten(counts, melds, shape) == -1


def waits(counts: Sequence[int], melds: int = 0, shape: HandShape = RIICHI) -> list[int]:
    """The kinds that complete a ready hand of ``13 - 3 * melds`` tiles.

    A kind whose four copies are all in the hand is not a wait: there is no fifth to win on.
    """
    hand = list(counts)
    found = []
    for kind in shape.kinds:
        if hand[kind] >= _COPIES:
            continue
        hand[kind] += 1
        if shanten(hand, melds, shape) == -1:
            found.append(kind)
        hand[kind] -= 1
    return found


def ukeire(
    counts: Sequence[int],
    melds: int = 0,
    shape: HandShape = RIICHI,
    visible: Sequence[int] | None = None,
) -> Ukeire:
    """Tiles that improve a hand of ``13 - 3 * melds`` tiles.

    ``visible`` counts the tiles seen elsewhere (discards, melds, dora indicators); the hand's own
    tiles are always subtracted.
    """
    before = shanten(counts, melds, shape)
    hand = list(counts)
    kinds = []
    total = 0
    for kind in shape.kinds:
        seen = hand[kind] + (visible[kind] if visible is not None else 0)
        if seen >= _COPIES:
            continue
        hand[kind] += 1
        if shanten(hand, melds, shape) < before:
            kinds.append(kind)
            total += _COPIES - seen
        hand[kind] -= 1
    return Ukeire(kinds, total)


# --- every discard at once ----------------------------------------------------------------------
#
# Discarding one tile and drawing another changes at most two suits of the hand: the other suits'
# replacement vectors are combined once per hand, and each candidate is then one or two look-ups
# in the combination memo. The packed counts of seven pairs and thirteen orphans add up over the
# suits, so they come along for free.


def _entry(key: bytes, honours: bool) -> int:
    """A suit's memo entry (vector id and packed counts), computed on first sight."""
    if honours:
        found = _HONOR_IDS.get(key)
        return _honor_id(key) if found is None else found
    found = _SUIT_IDS.get(key)
    return _suit_id(key) if found is None else found


def _comb(first: int, second: int) -> int:
    found = _COMBINED[(first << 8) | second]
    return _combine(first, second) if found < 0 else found


def _shanten_of(vector: tuple[int, ...], packed: int, melds: int, shape: HandShape) -> int:
    """Shanten from a whole-hand replacement vector and the suits' summed packed counts."""
    best = vector[(4 - melds) * 2 + 1] - 1
    if melds == 0:
        if shape.seven_pairs:
            pairs = _pairs_after(packed, shape)
            if pairs < best:
                best = pairs
        if shape.thirteen_orphans:
            orphans = (
                13 - ((packed >> _ORPHAN_KINDS) & 15) - (1 if (packed >> _ORPHAN_PAIR) & 7 else 0)
            )
            if orphans < best:
                best = orphans
    return best


class _SuitTable:
    """One suit's counts with what a discard search asks of them: its memo entry, the entry
    and counts after giving up one tile of each kind, the vector id after drawing one more of
    each kind, and the improving draws already found against other suits' vectors. Made once
    per counts and kept (see :data:`_TABLES`): a suit the last draw and discard left alone is
    found again whole, so a turn's search starts from the one before it."""

    __slots__ = (
        "after",
        "entry",
        "held",
        "honours",
        "improving",
        "key",
        "minus",
        "minus_keys",
        "near",
        "near_orphans",
        "plus",
        "quad",
    )

    def __init__(self, key: bytes, honours: bool) -> None:
        self.key = key
        self.honours = honours
        self.entry = _entry(key, honours)
        self.minus: tuple[int, ...] = ()
        """Per kind of the suit: the entry with one tile fewer of it (−1: none held); made by
        :meth:`fill_minus` (a table reached by a discard is asked only for its draws)."""
        self.minus_keys: tuple[bytes, ...] = ()
        self.plus: tuple[int, ...] | None = None
        """Per kind: the vector id with one tile more of it (−1: four held); made on first use."""
        self.improving: dict[int, tuple[int, ...]] = {}
        """Improving draws by (the other suits' vector, target, shanten before, suit number)."""
        bits = 0
        for number, count in enumerate(key):
            if count:
                bits |= 1 << number
        self.held = _HELD[bits]
        """The kinds (indices) held."""
        self.after: dict[int, tuple[int, ...]] = {}
        """Regular shanten after giving up one tile of each kind held, by (the other suits'
        vector, target): see :meth:`regular_after`."""
        self.near: tuple[int, ...]
        self.near_orphans: tuple[int, ...]
        if honours:
            self.near = _HELD[bits]
            self.near_orphans = _ALL_DRAWS[3]
        else:
            self.near = _NEAR[bits]
            self.near_orphans = _NEAR_ORPHANS[bits]
        """The kinds (indices) within two of a held one (honours: held), and with the
        terminals and honours thirteen orphans may want."""
        self.quad = _COPIES in key

    def fill_minus(self) -> tuple[int, ...]:
        """Work out :attr:`minus` and :attr:`minus_keys`."""
        key, honours = self.key, self.honours
        minus: list[int] = []
        minus_keys: list[bytes] = []
        for index, held in enumerate(key):
            if held:
                smaller = bytearray(key)
                smaller[index] -= 1
                minus_keys.append(bytes(smaller))
                minus.append(_entry(minus_keys[-1], honours))
            else:
                minus_keys.append(b"")
                minus.append(-1)
        self.minus_keys = tuple(minus_keys)
        self.minus = tuple(minus)
        return self.minus

    def regular_after(self, others: int, target: int) -> tuple[int, ...]:
        """Per kind held (:attr:`held`): the regular shanten towards ``target`` once one tile
        of it is given up, the other suits combined being vector ``others``; kept."""
        minus = self.minus or self.fill_minus()
        combined = _COMBINED
        found = []
        for index in self.held:
            entry = minus[index] & _ID_MASK
            whole = combined[(entry << 8) | others]
            if whole < 0:
                whole = _combine(entry, others)
            found.append(_VECTORS[whole][target] - 1)
        after = self.after
        if len(after) >= _TABLE_DRAWS_LIMIT:
            after.clear()
        values = after[(others << 4) | target] = tuple(found)
        return values

    def draws(
        self, memo_key: int, suit: int, others: int, target: int, before: int, drawn: Sequence[int]
    ) -> tuple[int, ...]:
        """The kinds of ``drawn`` (indices in this suit, which is suit number ``suit``) whose
        draw lowers the regular shanten below ``before``, the other suits combined being vector
        ``others``; kept under ``memo_key``."""
        plus = self.plus
        if plus is None:
            plus = self.plus = _plus_ids(self.key, self.honours)
        combined = _COMBINED
        offset = suit * 9
        hits = []
        for index in drawn:
            grown = plus[index]
            if grown < 0:
                continue
            whole = combined[(grown << 8) | others]
            if whole < 0:
                whole = _combine(grown, others)
            if _VECTORS[whole][target] <= before:
                hits.append(offset + index)
        improving = self.improving
        if len(improving) >= _TABLE_DRAWS_LIMIT:
            improving.clear()
        found = improving[memo_key] = tuple(hits)
        return found


def _near(bits: int) -> tuple[int, ...]:
    reach = (bits | bits << 1 | bits << 2 | bits >> 1 | bits >> 2) & 0x1FF
    return tuple(n for n in range(9) if reach >> n & 1)


_HELD: Final = tuple(tuple(n for n in range(9) if bits >> n & 1) for bits in range(512))
_NEAR: Final = tuple(_near(bits) for bits in range(512))
_NEAR_ORPHANS: Final = tuple(tuple(sorted({*_near(bits), 0, 8})) for bits in range(512))
"""By the kinds of a suit held (bit ``n``: index ``n``, honours with seven): the indices held,
those within two of one held, and those with the terminals added (a suit table reads them
rather than working them out for each suit it meets)."""

_TABLES: dict[bytes, _SuitTable] = {}
"""Suit tables by counts (nine bytes a suit, seven the honours), kept under :data:`MEMO_LIMIT`."""
_TABLE_DRAWS_LIMIT: Final = 256
"""Improving-draw answers one suit table keeps before it starts afresh."""


def _table(key: bytes, honours: bool) -> _SuitTable:
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= MEMO_LIMIT:
            _TABLES.clear()
        found = _TABLES[key] = _SuitTable(key, honours)
    return found


def _tables(counts: Sequence[int]) -> list[_SuitTable]:
    """The four suit tables of a hand (man, pin, sou, honours)."""
    get = _TABLES.get
    out = []
    for start, end in _SUIT_SPANS:
        key = bytes(counts[start:end])
        found = get(key)
        if found is None:
            found = _table(key, end == _NUM_KINDS)
        out.append(found)
    return out


class _Setup:
    """What every discard of one hand shares: its usable counts, suit tables and entries, the
    other suits combined per suit, the packed counts; for the improving draws also the draw
    candidates per suit and the pairs of other suits combined (made on first use)."""

    __slots__ = (
        "by_suit",
        "entries",
        "key",
        "low",
        "packed",
        "rest",
        "shape",
        "singles",
        "tables",
        "two",
        "usable",
    )

    def __init__(self, key: bytes, counts: Sequence[int], shape: HandShape) -> None:
        self.key = key
        self.shape = shape
        usable = self.usable = shape.usable(counts)
        tables = self.tables = _tables(usable)
        entries = self.entries = [table.entry for table in tables]
        self.rest = _rest([entry & _ID_MASK for entry in entries])
        packed = self.packed = sum(entries) >> _ID_BITS
        # Giving up a tile never lowers the seven pairs or thirteen orphans shanten, so the
        # whole hand's is a floor under each discard's: a discard whose regular shanten is
        # at or under it needs neither worked out.
        low = _INF
        if shape.seven_pairs:
            low = _pairs_after(packed, shape)
        if shape.thirteen_orphans:
            low = min(low, _orphans_after(packed))
        self.low = low
        self.by_suit: Sequence[Sequence[int]] = ()
        self.two: list[list[int]] | None = None
        self.singles: list[int] | None = None


_last_setup: _Setup | None = None
"""The last hand searched: a caller asks :func:`discard_shanten` and then
:func:`discard_ukeire` (once or more) of the same hand."""


def _setup(counts: Sequence[int], shape: HandShape) -> _Setup:
    global _last_setup
    key = bytes(counts)
    found = _last_setup
    if found is None or found.key != key or found.shape is not shape:
        found = _last_setup = _Setup(key, counts, shape)
    return found


_SUIT_SPANS: Final = ((0, 9), (9, 18), (18, 27), (27, _NUM_KINDS))
_SUIT_OF: Final = tuple(kind // 9 if kind < 27 else 3 for kind in range(_NUM_KINDS))
_INDEX_OF: Final = tuple(kind - 9 * _SUIT_OF[kind] for kind in range(_NUM_KINDS))


def _rest(ids: Sequence[int]) -> list[int]:
    """Per suit: the three other suits' vectors combined."""
    pair01, pair23 = _comb(ids[0], ids[1]), _comb(ids[2], ids[3])
    return [
        _comb(ids[1], pair23),
        _comb(ids[0], pair23),
        _comb(pair01, ids[3]),
        _comb(pair01, ids[2]),
    ]


def discard_shanten(
    counts: Sequence[int], melds: int = 0, shape: HandShape = RIICHI
) -> dict[int, int]:
    """The shanten after discarding one tile of each kind held, for a hand of ``14 - 3 *
    melds`` tiles (a tile of the missing suit leaves the usable hand as it is).

    >>> from mahjongkit.tiles import counts_of, parse_kinds
    >>> after = discard_shanten(counts_of(parse_kinds("123m456p789s11z234m")))
    >>> after[27], after[1]
    (0, 0)
    """
    setup = _setup(counts, shape)
    tables, entries, rest = setup.tables, setup.entries, setup.rest
    packed0 = setup.packed
    target = (4 - melds) * 2 + 1
    pairs_shape = melds == 0 and shape.seven_pairs
    pairs_plain = pairs_shape and not shape.seven_pairs_quads
    orphans_shape = melds == 0 and shape.thirteen_orphans
    low = setup.low if pairs_shape or orphans_shape else _INF
    missing = shape.missing_suit
    out: dict[int, int] = {}
    for suit in range(4):
        table = tables[suit]
        base = suit * 9
        held = table.held
        if not held:
            if suit == missing:
                # A tile of the missing suit leaves the usable hand as it is.
                whole = _comb(entries[suit] & _ID_MASK, rest[suit])
                best = min(_VECTORS[whole][target] - 1, low)
                for index in range(9):
                    if counts[base + index]:
                        out[base + index] = best
            continue
        others = rest[suit]
        values = table.after.get((others << 4) | target)
        if values is None:
            values = table.regular_after(others, target)
        if low == _INF:
            for index, best in zip(held, values, strict=True):
                out[base + index] = best
            continue
        minus = table.minus
        suit_packed = entries[suit] >> _ID_BITS
        for index, best in zip(held, values, strict=True):
            if best > low:
                # _shanten_of, inline: this loop is the hot path of every bot's turn.
                packed = packed0 - suit_packed + (minus[index] >> _ID_BITS)
                if pairs_plain:
                    kinds = packed & 63
                    pairs = 6 - ((packed >> _PAIRS) & 31) + (7 - kinds if kinds < 7 else 0)
                    if pairs < best:
                        best = pairs
                elif pairs_shape:
                    pairs = _pairs_after(packed, shape)
                    if pairs < best:
                        best = pairs
                if orphans_shape:
                    orphans = (
                        13
                        - ((packed >> _ORPHAN_KINDS) & 15)
                        - (1 if (packed >> _ORPHAN_PAIR) & 7 else 0)
                    )
                    if orphans < best:
                        best = orphans
            out[base + index] = best
    return out


_TWO: Final = tuple(
    (a, b, *(x for x in range(4) if x != a and x != b)) for a in range(4) for b in range(a + 1, 4)
)
_ALL_DRAWS: Final = (tuple(range(9)),) * 3 + (tuple(range(7)),)
_SINGLES_ONLY: Final = [False, True, False, False]


def _draws_by_suit(
    tables: Sequence[_SuitTable], kinds_held: int, shape: HandShape, short: bool
) -> Sequence[Sequence[int]]:
    """Per suit, the kinds (indices) whose draw may lower a hand's shanten: within two of a
    held suited kind, a held honour, every terminal and honour for thirteen orphans, any kind
    while seven pairs lacks kinds, the hand is ``short`` (tiles of the missing suit held) or
    holds four of a kind (a lone new tile may then be the pair). An isolated new tile changes
    no block of any other regular hand."""
    missing = shape.missing_suit
    if short or any(table.quad for table in tables) or (shape.seven_pairs and kinds_held <= 8):
        found: list[Sequence[int]] = list(_ALL_DRAWS)
    else:
        orphans = shape.thirteen_orphans and shape.honors
        found = [table.near_orphans if orphans else table.near for table in tables]
    if not shape.honors:
        found[3] = ()
    if missing is not None:
        found[missing] = ()
    return found


def discard_ukeire(
    counts: Sequence[int],
    melds: int = 0,
    shape: HandShape = RIICHI,
    kinds: Collection[int] | None = None,
) -> dict[int, tuple[int, tuple[int, ...]]]:
    """For a hand of ``14 - 3 * melds`` tiles and each kind held: the shanten after discarding
    one tile of it and the kinds whose draw would then lower that shanten (a ready hand's: its
    waits). A kind all four copies of which would be in the hand is never drawn. The result of
    :func:`shanten` and :func:`ukeire` on every discard, in one pass.

    ``kinds``: only these discards are worked out (the others held are left out of the result);
    a caller that knows which discards it may play (from :func:`discard_shanten`) saves the
    search for the improving draws of the rest.

    >>> from mahjongkit.tiles import counts_of, parse_kinds, format_kind
    >>> after = discard_ukeire(counts_of(parse_kinds("123m456p789s11z24m5z")))
    >>> after[31][0], [format_kind(k) for k in after[31][1]]
    (0, ['3m'])
    """
    wanted = list(compress(range(_NUM_KINDS), counts)) if kinds is None else _checked_kinds(kinds)
    setup = _setup(counts, shape)
    usable, tables, entries, rest = setup.usable, setup.tables, setup.entries, setup.rest
    packed0 = setup.packed
    missing = shape.missing_suit
    if setup.two is None:
        short = missing is not None and any(counts[missing * 9 : missing * 9 + 9])
        setup.by_suit = _draws_by_suit(tables, packed0 & 63, shape, short)
        # two[a][b]: the two suits that are neither a nor b, combined.
        ids = [entry & _ID_MASK for entry in entries]
        two = [[0] * 4 for _ in range(4)]
        for a, b, c, d in _TWO:
            two[a][b] = two[b][a] = _comb(ids[c], ids[d])
        setup.two = two
    by_suit, two = setup.by_suit, setup.two
    target = (4 - melds) * 2 + 1
    pairs_shape = melds == 0 and shape.seven_pairs
    orphans_shape = melds == 0 and shape.thirteen_orphans
    low = setup.low if pairs_shape or orphans_shape else _INF
    combined = _COMBINED
    shared: dict[int, list[int]] = {}
    out: dict[int, tuple[int, tuple[int, ...]]] = {}
    for kind in wanted:
        if not counts[kind]:
            continue
        suit = _SUIT_OF[kind]
        table = tables[suit]
        if usable[kind]:
            minus = (table.minus or table.fill_minus())[_INDEX_OF[kind]]
            after_table = _table(table.minus_keys[_INDEX_OF[kind]], suit == 3)
        else:
            minus = entries[suit]  # a tile of the missing suit: the usable hand stays
            after_table = table
        minus_id = minus & _ID_MASK
        whole = combined[(minus_id << 8) | rest[suit]]
        if whole < 0:
            whole = _combine(minus_id, rest[suit])
        before = _VECTORS[whole][target] - 1
        packed = 0
        pairs_value = orphans_value = _INF
        if (pairs_shape or orphans_shape) and before >= low:
            packed = packed0 - (entries[suit] >> _ID_BITS) + (minus >> _ID_BITS)
            # _shanten_of, with the seven pairs and orphans figures kept for the draws below.
            if pairs_shape:
                pairs_value = _pairs_after(packed, shape)
                if pairs_value < before:
                    before = pairs_value
            if orphans_shape:
                orphans_value = (
                    13
                    - ((packed >> _ORPHAN_KINDS) & 15)
                    - (1 if (packed >> _ORPHAN_PAIR) & 7 else 0)
                )
                if orphans_value < before:
                    before = orphans_value
        level = (target << 4 | (before + 1)) << 2
        # The other suits' improving draws depend on this suit's vector after the discard, not
        # on which tile left it: discards of one suit often leave the same vector.
        across_key = (minus_id << 6) | (suit << 4) | (before + 1)
        across = shared.get(across_key)
        if across is None:
            found_across: list[int] = []
            for other in range(4):
                drawn = by_suit[other]
                if not drawn or other == suit:
                    continue
                pair = two[suit][other]
                found = combined[(minus_id << 8) | pair]
                others = _combine(minus_id, pair) if found < 0 else found
                memo_key = (others << 10) | level | other
                source = tables[other]
                hits = source.improving.get(memo_key)
                if hits is None:
                    hits = source.draws(memo_key, other, others, target, before, drawn)
                if hits:
                    found_across.extend(hits)
            across = shared[across_key] = found_across
        improving = list(across)
        drawn = by_suit[suit]
        if drawn:
            others = rest[suit]
            memo_key = (others << 10) | level | suit
            hits = after_table.improving.get(memo_key)
            if hits is None:
                hits = after_table.draws(memo_key, suit, others, target, before, drawn)
            if hits:
                improving.extend(hits)
        if pairs_value == before or orphans_value == before:
            after = list(usable)
            if usable[kind]:
                after[kind] -= 1
            # Whether one more tile of a kind held 0, 1, 2 or 3 times is a gain: for seven
            # pairs it depends only on that count, for thirteen orphans also on the kind.
            pair_gain = (
                [_pairs_gain(packed, held, shape) for held in range(_COPIES)]
                if pairs_value == before
                else [False] * _COPIES
            )
            orphan_gain = (
                [True, not (packed >> _ORPHAN_PAIR) & 7, False, False]
                if orphans_value == before
                else [False] * _COPIES
            )
            taken = set(improving)
            if pair_gain == _SINGLES_ONLY and not any(orphan_gain):
                # The usual case: only a lone tile's partner pairs it (seven kinds are held).
                singles = setup.singles
                if singles is None:
                    singles = setup.singles = [k for k in range(_NUM_KINDS) if usable[k] == 1]
                held = usable[kind]
                for draw in singles:
                    if draw not in taken and (draw != kind or held != 1):
                        improving.append(draw)
                if held == 2 and kind not in taken:
                    improving.append(kind)
                improving.sort()
                out[kind] = (before, tuple(improving))
                continue
            for draw in range(_NUM_KINDS) if shape.honors else range(27):
                held = after[draw]
                if held >= _COPIES or draw in taken:
                    continue
                if missing is not None and _SUIT_OF[draw] == missing:
                    continue
                if pair_gain[held] or (orphan_gain[held] and draw in _ORPHAN_SET):
                    improving.append(draw)
            improving.sort()
        elif len(improving) > 1:
            improving.sort()
        out[kind] = (before, tuple(improving))
    return out


_ORPHAN_SET: Final = frozenset(TERMINALS_AND_HONORS)


def _checked_kinds(kinds: Collection[int]) -> list[int]:
    """``kinds`` sorted without repeats, or a ValueError naming the first that is no kind."""
    try:
        wanted = sorted(set(kinds))
    except TypeError:
        wanted = []
    else:
        if set(map(type, wanted)) <= _INT and (
            not wanted or (wanted[0] >= 0 and wanted[-1] < _NUM_KINDS)
        ):
            return wanted
    given: Collection[object] = kinds  # any value, where a caller broke the signature
    wrong = [k for k in given if not (type(k) is int and 0 <= k < _NUM_KINDS)]
    shown = wrong[0] if wrong else kinds  # a one-pass iterable is spent by now
    raise ValueError(f"discard kinds must be 0-{_NUM_KINDS - 1}, got {shown!r}")


_INT: Final = {int}


def _plus_ids(key: bytes, honours: bool) -> tuple[int, ...]:
    """Per kind of a suit's counts: the vector id with one more tile of it (−1: four held)."""
    if not honours and _shipped and len(key) == 9 and sum(key) < 14:
        # The shipped table holds every suit of at most 14 tiles: one more tile of a kind is
        # that kind's power of five further on in its index, with no suit memo entry made.
        assert not isinstance(_shipped, bool)
        ids, numbers = _shipped
        base = _base5(key)
        return tuple(
            -1 if held >= _COPIES else ids[numbers[base + _POW5[i]]] for i, held in enumerate(key)
        )
    out = []
    for index, held in enumerate(key):
        if held >= _COPIES:
            out.append(-1)
            continue
        grown = bytearray(key)
        grown[index] += 1
        out.append(_entry(bytes(grown), honours) & _ID_MASK)
    return tuple(out)


def _pairs_after(packed: int, shape: HandShape) -> int:
    """Seven pairs shanten from packed counts."""
    if shape.seven_pairs_quads:
        return _quad_pairs_shanten((packed >> _PAIR_UNITS) & 31, packed >> _ODD_KINDS)
    kinds = packed & 63
    return 6 - ((packed >> _PAIRS) & 31) + (7 - kinds if kinds < 7 else 0)


def _orphans_after(packed: int) -> int:
    """Thirteen orphans shanten from packed counts (the hot loops inline it)."""
    return 13 - ((packed >> _ORPHAN_KINDS) & 15) - (1 if (packed >> _ORPHAN_PAIR) & 7 else 0)


def _pairs_gain(packed: int, held: int, shape: HandShape) -> bool:
    """Whether one more tile of a kind held ``held`` times lowers the seven pairs shanten."""
    if shape.seven_pairs_quads:
        units = (packed >> _PAIR_UNITS) & 31
        odd = packed >> _ODD_KINDS
        grown_units = units + (1 if held % 2 else 0)
        grown_odd = odd + (-1 if held % 2 else 1)
        return _quad_pairs_shanten(grown_units, grown_odd) < _quad_pairs_shanten(units, odd)
    if held == 1:
        return True
    return held == 0 and (packed & 63) < 7


# --- decompositions -----------------------------------------------------------------------------



@lru_cache(maxsize=SUFFIX_MEMO_SIZE)
def _suit_decompositions(
    counts: tuple[int, ...], offset: int, chows: bool
) -> tuple[Decomposition, ...]:
    """Every split of one suit's tiles into sets and at most one pair (first kind first)."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return (Decomposition((), -1),)
    found: list[Decomposition] = []
    hand = list(counts)
    kind = offset + first
    if hand[first] >= 3:
        hand[first] -= 3
        for rest in _suit_decompositions(tuple(hand), offset, chows):
            found.append(Decomposition((Meldset(PUNG, kind), *rest.sets), rest.pair))
        hand[first] += 3
    if chows and first + 2 < len(hand) and hand[first + 1] and hand[first + 2]:
        for i in range(3):
            hand[first + i] -= 1
        for rest in _suit_decompositions(tuple(hand), offset, chows):
            found.append(Decomposition((Meldset(CHOW, kind), *rest.sets), rest.pair))
        for i in range(3):
            hand[first + i] += 1
    if hand[first] >= 2:
        hand[first] -= 2
        for rest in _suit_decompositions(tuple(hand), offset, chows):
            if rest.pair < 0:
                found.append(Decomposition(rest.sets, kind))
    return tuple(found)


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every decomposition of the concealed tiles into sets and exactly one pair.

    >>> from mahjongkit.tiles import counts_of, parse_kinds
    >>> hand = counts_of(parse_kinds("111222333m789p11s"))
    >>> [" ".join(map(str, d.sets)) for d in decompositions(hand)]
    ['111m 222m 333m 789p', '123m 123m 123m 789p']
    """
    per_suit = [
        _suit_decompositions(tuple(counts[start : start + 9]), start, True) for start in (0, 9, 18)
    ]
    per_suit.append(_suit_decompositions(tuple(counts[27:34]), 27, False))
    found = []
    for parts in product(*per_suit):
        pairs = [part.pair for part in parts if part.pair >= 0]
        if len(pairs) == 1:
            found.append(Decomposition(tuple(s for part in parts for s in part.sets), pairs[0]))
    return found


def seven_pairs(counts: Sequence[int], allow_quads: bool = False) -> list[int] | None:
    """The pair kinds of a seven-pairs hand (a kind twice for four of a kind), or None."""
    if sum(counts) != 14:
        return None
    pairs: list[int] = []
    for kind, n in enumerate(counts):
        if n == 2 or (n == 4 and allow_quads):
            pairs.extend([kind] * (n // 2))
        elif n:
            return None
    return pairs


def thirteen_orphans(counts: Sequence[int]) -> bool:
    """Whether 14 tiles are thirteen orphans."""
    return sum(counts) == 14 and thirteen_orphans_shanten(counts) == -1
