"""The uniform context every yaku predicate reads, and the per-suit tables that build it fast.

A complete regular hand is split suit by suit. Each suit's concealed counts (nine small ints, as
``bytes``) map once, through a memo table, to every way of cutting that suit into sets and at most
one pair, and each of those *parts* carries its facts precomputed as small ints and bitmasks: the
chow starts and pung kinds as bit sets over the 34 kinds, how many identical chow pairs it holds,
the fu of its sets if concealed, whether every set touches a terminal or honour. A decomposition
of the whole hand is one part per suit with exactly one pair among them, so building its context
is a handful of ``|`` and ``+``.

Feature bits (``F_*``) summarise a context in one int. Each yaku row declares the bits it needs
(and the bits it cannot have); the scorer keeps, per feature int, the list of rows that can still
apply, so most rows are decided without running their predicate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import or_

from mahjongkit.lite_typing import NamedTuple
from mahjongkit.tiles import DRAGONS, GREEN, GREEN_KINDS, RED, TERMINALS_AND_HONORS, WHITE, WINDS

# --- kind masks ---------------------------------------------------------------------------------


def _mask(kinds: Sequence[int]) -> int:
    bits = 0
    for kind in kinds:
        bits |= 1 << kind
    return bits


ALL_KINDS_MASK = (1 << 34) - 1
SUIT_MASKS = tuple(_mask(range(start, start + 9)) for start in (0, 9, 18))
HONOUR_MASK = _mask(range(27, 34))
TERMINAL_MASK = _mask([k for s in (0, 9, 18) for k in (s, s + 8)])
OUTSIDE_MASK = _mask(TERMINALS_AND_HONORS)
"""Terminals and honours."""
SIMPLE_MASK = ALL_KINDS_MASK & ~OUTSIDE_MASK
GREEN_MASK = _mask(GREEN_KINDS)
DRAGON_MASK = _mask(DRAGONS)
WIND_MASK = _mask(WINDS)
OUTSIDE_CHOW_STARTS = _mask([s + n for s in (0, 9, 18) for n in (0, 6)])
"""Chows 123 and 789 of each suit: the chows that hold a terminal."""
INSIDE_CHOW_STARTS = _mask([s + n for s in (0, 9, 18) for n in range(1, 6)])
ITTSU_STARTS = (_mask([0, 3, 6]), _mask([9, 12, 15]), _mask([18, 21, 24]))
"""Chow starts of a pure straight (123 456 789) in each suit."""
SEVEN_BITS = 0x7F
NINE_BITS = 0x1FF

# --- wait types ---------------------------------------------------------------------------------

RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON, SEVEN_PAIRS_WAIT, ORPHANS_WAIT = range(7)
WAIT_NAMES = ("two-sided", "closed", "edge", "pair", "double pung", "pair", "thirteen orphans")
"""English names of the wait types, for messages."""

# --- shapes -------------------------------------------------------------------------------------

REGULAR, SEVEN_PAIRS, ORPHANS = range(3)

# --- feature bits -------------------------------------------------------------------------------

_FEATURE_NAMES = (
    "CONCEALED",
    "OPEN",
    "SELF_DRAW",
    "DISCARD",
    "RIICHI",
    "DOUBLE_RIICHI",
    "IPPATSU",
    "AFTER_KONG",
    "ROBBING_KONG",
    "LAST_TILE",
    "FIRST_TURN",
    "DEALER",
    "NON_DEALER",
    "NO_MELDS",
    "REGULAR",
    "SEVEN_PAIRS",
    "ORPHANS",
    "ALL_SIMPLES",
    "ONE_SUIT",
    "ONE_SUIT_HONOURS",
    "NO_SIMPLES",
    "HONOURS_ONLY",
    "TERMINALS_ONLY",
    "GREEN_ONLY",
    "CHOW",
    "NO_CHOW",
    "TWO_CHOWS",
    "THREE_CHOWS",
    "FOUR_CHOWS",
    "THREE_PUNGS",
    "THREE_KONGS",
    "FOUR_KONGS",
    "PEIKOU",
    "OUTSIDE",
    "NO_HONOURS",
    "WHITE_PUNG",
    "GREEN_PUNG",
    "RED_PUNG",
    "SEAT_WIND_PUNG",
    "ROUND_WIND_PUNG",
    "TWO_PEIKOU",
    "MIXED_TRIPLE_CHOW",
    "PURE_STRAIGHT",
    "TRIPLE_PUNG",
    "TWO_DRAGON_PUNGS",
    "THREE_DRAGON_PUNGS",
    "THREE_WIND_PUNGS",
    "FOUR_WIND_PUNGS",
    "DRAGON_PAIR",
    "WIND_PAIR",
    "VALUE_PAIR",
    "TWO_SIDED_WAIT",
    "PAIR_WAIT",
    "THREE_CONCEALED_PUNGS",
    "FOUR_CONCEALED_PUNGS",
    "NEVER",
)
FEATURES = {name: 1 << bit for bit, name in enumerate(_FEATURE_NAMES)}
"""Feature name -> bit. ``NEVER`` is never set (rows that are not a property of a hand)."""

F_CONCEALED = FEATURES["CONCEALED"]
F_OPEN = FEATURES["OPEN"]
F_SELF_DRAW = FEATURES["SELF_DRAW"]
F_DISCARD = FEATURES["DISCARD"]
F_RIICHI = FEATURES["RIICHI"]
F_DOUBLE_RIICHI = FEATURES["DOUBLE_RIICHI"]
F_IPPATSU = FEATURES["IPPATSU"]
F_AFTER_KONG = FEATURES["AFTER_KONG"]
F_ROBBING_KONG = FEATURES["ROBBING_KONG"]
F_LAST_TILE = FEATURES["LAST_TILE"]
F_FIRST_TURN = FEATURES["FIRST_TURN"]
F_DEALER = FEATURES["DEALER"]
F_NON_DEALER = FEATURES["NON_DEALER"]
F_NO_MELDS = FEATURES["NO_MELDS"]
F_REGULAR = FEATURES["REGULAR"]
F_SEVEN_PAIRS = FEATURES["SEVEN_PAIRS"]
F_ORPHANS = FEATURES["ORPHANS"]
F_ALL_SIMPLES = FEATURES["ALL_SIMPLES"]
F_ONE_SUIT = FEATURES["ONE_SUIT"]
F_ONE_SUIT_HONOURS = FEATURES["ONE_SUIT_HONOURS"]
F_NO_SIMPLES = FEATURES["NO_SIMPLES"]
F_HONOURS_ONLY = FEATURES["HONOURS_ONLY"]
F_TERMINALS_ONLY = FEATURES["TERMINALS_ONLY"]
F_GREEN_ONLY = FEATURES["GREEN_ONLY"]
F_CHOW = FEATURES["CHOW"]
F_NO_CHOW = FEATURES["NO_CHOW"]
F_TWO_CHOWS = FEATURES["TWO_CHOWS"]
F_THREE_CHOWS = FEATURES["THREE_CHOWS"]
F_FOUR_CHOWS = FEATURES["FOUR_CHOWS"]
F_THREE_PUNGS = FEATURES["THREE_PUNGS"]
F_THREE_KONGS = FEATURES["THREE_KONGS"]
F_FOUR_KONGS = FEATURES["FOUR_KONGS"]
F_PEIKOU = FEATURES["PEIKOU"]
F_OUTSIDE = FEATURES["OUTSIDE"]
"""Every set and the pair holds a terminal or an honour (a regular reading)."""
F_NO_HONOURS = FEATURES["NO_HONOURS"]
F_WHITE_PUNG = FEATURES["WHITE_PUNG"]
F_GREEN_PUNG = FEATURES["GREEN_PUNG"]
F_RED_PUNG = FEATURES["RED_PUNG"]
F_SEAT_WIND_PUNG = FEATURES["SEAT_WIND_PUNG"]
F_ROUND_WIND_PUNG = FEATURES["ROUND_WIND_PUNG"]
F_TWO_PEIKOU = FEATURES["TWO_PEIKOU"]
"""Two disjoint pairs of identical chows."""
F_MIXED_TRIPLE_CHOW = FEATURES["MIXED_TRIPLE_CHOW"]
"""The same chow in each of the three suits."""
F_PURE_STRAIGHT = FEATURES["PURE_STRAIGHT"]
"""Chows 123, 456 and 789 of one suit."""
F_TRIPLE_PUNG = FEATURES["TRIPLE_PUNG"]
"""Pungs (or kongs) of the same number in each of the three suits."""
F_TWO_DRAGON_PUNGS = FEATURES["TWO_DRAGON_PUNGS"]
"""Exactly two dragon pungs (or kongs)."""
F_THREE_DRAGON_PUNGS = FEATURES["THREE_DRAGON_PUNGS"]
F_THREE_WIND_PUNGS = FEATURES["THREE_WIND_PUNGS"]
"""Exactly three wind pungs (or kongs)."""
F_FOUR_WIND_PUNGS = FEATURES["FOUR_WIND_PUNGS"]
F_DRAGON_PAIR = FEATURES["DRAGON_PAIR"]
F_WIND_PAIR = FEATURES["WIND_PAIR"]
F_VALUE_PAIR = FEATURES["VALUE_PAIR"]
"""The pair earns fu: a dragon, the seat wind or the prevalent wind."""
F_TWO_SIDED_WAIT = FEATURES["TWO_SIDED_WAIT"]
"""The winning tile completed a chow open at both ends (one reading of the wait)."""
F_PAIR_WAIT = FEATURES["PAIR_WAIT"]
"""The winning tile completed the pair of a regular reading."""
F_THREE_CONCEALED_PUNGS = FEATURES["THREE_CONCEALED_PUNGS"]
"""Three or more concealed pungs or kongs; a pung completed by a discard is open (R-01)."""
F_FOUR_CONCEALED_PUNGS = FEATURES["FOUR_CONCEALED_PUNGS"]
F_NEVER = FEATURES["NEVER"]

CHOW_FEATURES = (
    F_NO_CHOW,
    F_CHOW,
    F_CHOW | F_TWO_CHOWS,
    F_CHOW | F_TWO_CHOWS | F_THREE_CHOWS,
    F_CHOW | F_TWO_CHOWS | F_THREE_CHOWS | F_FOUR_CHOWS,
)
"""Feature bits by number of chows (regular hands)."""


TILE_SIMPLE, TILE_TERMINAL, TILE_HONOUR, TILE_NOT_GREEN, TILE_MAN, TILE_PIN, TILE_SOU = (
    1 << bit for bit in range(7)
)
"""Tile-class flags: which classes of tiles a set of kinds holds. The flags of a hand are the
``|`` of its suits' and melds' flags, and decide its tile features (:data:`TILE_FEATURES`)."""


def tile_flags(kinds_mask: int) -> int:
    """The tile-class flags of a set of kinds.

    >>> tile_flags(_mask([1, 2, 3])) == TILE_SIMPLE | TILE_NOT_GREEN | TILE_MAN
    True
    """
    flags = 0
    if kinds_mask & SIMPLE_MASK:
        flags |= TILE_SIMPLE
    if kinds_mask & TERMINAL_MASK:
        flags |= TILE_TERMINAL
    if kinds_mask & HONOUR_MASK:
        flags |= TILE_HONOUR
    if kinds_mask & ~GREEN_MASK:
        flags |= TILE_NOT_GREEN
    if kinds_mask & _MAN:
        flags |= TILE_MAN
    if kinds_mask & _PIN:
        flags |= TILE_PIN
    if kinds_mask & _SOU:
        flags |= TILE_SOU
    return flags


def _flag_features(flags: int) -> int:
    features = 0
    if not flags & (TILE_TERMINAL | TILE_HONOUR):
        features = F_ALL_SIMPLES
    elif not flags & TILE_SIMPLE:
        features = F_NO_SIMPLES
        if not flags & TILE_HONOUR:
            features |= F_TERMINALS_ONLY
        elif not flags & TILE_TERMINAL:
            features |= F_HONOURS_ONLY
    suits = bool(flags & TILE_MAN) + bool(flags & TILE_PIN) + bool(flags & TILE_SOU)
    if suits <= 1:
        features |= F_ONE_SUIT_HONOURS if flags & TILE_HONOUR else F_ONE_SUIT
    if not flags & TILE_NOT_GREEN:
        features |= F_GREEN_ONLY
    if not flags & TILE_HONOUR:
        features |= F_NO_HONOURS
    return features


TILE_FEATURES = tuple(_flag_features(flags) for flags in range(1 << 7))
"""The feature bits that depend only on which kinds the hand holds, by its tile-class flags."""


def tile_features(kinds_mask: int) -> int:
    """The feature bits that depend only on which kinds the hand holds.

    >>> tile_features(_mask([1, 2, 3, 10])) == F_ALL_SIMPLES | F_NO_HONOURS
    True
    >>> tile_features(_mask([19, 20, 21, 32])) == F_ONE_SUIT_HONOURS | F_GREEN_ONLY
    True
    """
    return TILE_FEATURES[tile_flags(kinds_mask)]


_MAN, _PIN, _SOU = SUIT_MASKS


# --- per-suit parts -----------------------------------------------------------------------------


# Counts of a part (or of the melds) packed into one int, so that a decomposition's totals are
# one addition of its parts: each field is wide enough for the sum over four suits and the melds.
PACK_CHOWS = 0
"""Bits 0-2: chows."""
PACK_PUNGS = 3
"""Bits 3-5: pungs and kongs."""
PACK_PEIKOU = 6
"""Bits 6-8: disjoint pairs of identical concealed chows."""
PACK_INSIDE = 9
"""Bits 9-11: sets (and the pair) without a terminal or honour (0: an outside hand)."""
PACK_FU = 12
"""Bits 12-19: fu of the pungs and kongs (concealed pungs counted concealed)."""
PACK_HIDDEN = 20
"""Bits 20-22: concealed pungs and kongs."""
PACK_COUNTS = (1 << 12) - 1
"""The chows, pungs, peikou and inside fields: what :data:`COUNT_FEATURES` is indexed by."""
PACK_PAIR = 23
"""Bits 23-28: the pair's kind + 1 (0: no pair). Only one suit of a reading holds the pair, so
the sum over the suits is the reading's pair."""


def _count_features(counts: int) -> int:
    chows, pungs, peikou = counts & 7, counts >> PACK_PUNGS & 7, counts >> PACK_PEIKOU & 7
    features = CHOW_FEATURES[min(chows, 4)]
    if pungs >= 3:
        features |= F_THREE_PUNGS
    if peikou:
        features |= F_PEIKOU if peikou == 1 else F_PEIKOU | F_TWO_PEIKOU
    if not counts >> PACK_INSIDE & 7:
        features |= F_OUTSIDE
    return features


def _count_features_table() -> tuple[int, ...]:
    """:func:`_count_features` of every packed count, built field by field: each field's bits
    are computed for its eight values once, and the table is their ``|`` (an import-time
    table of 4,096 entries for the price of 32 calls)."""
    chows = [_count_features(n | 1 << PACK_INSIDE) for n in range(8)]
    pungs = [_count_features(n << PACK_PUNGS | 1 << PACK_INSIDE) & ~chows[0] for n in range(8)]
    peikou = [_count_features(n << PACK_PEIKOU | 1 << PACK_INSIDE) & ~chows[0] for n in range(8)]
    outside = [F_OUTSIDE if not n else 0 for n in range(8)]
    # Field by field from the lowest (chows), so each step is one short comprehension.
    table = chows
    for field in (pungs, peikou, outside):
        table = [high | low for high in field for low in table]
    return tuple(table)


COUNT_FEATURES = _count_features_table()
"""Feature bits of a regular reading by its packed chow, pung, peikou and inside counts."""


def _honour_features(pungs: int, seat_wind: int, round_wind: int) -> int:
    mask = pungs << 27
    features = 0
    features |= (0, 0, F_TWO_DRAGON_PUNGS, F_THREE_DRAGON_PUNGS)[(mask & DRAGON_MASK).bit_count()]
    features |= (0, 0, 0, F_THREE_WIND_PUNGS, F_FOUR_WIND_PUNGS)[(mask & WIND_MASK).bit_count()]
    for kind, feature in ((WHITE, F_WHITE_PUNG), (GREEN, F_GREEN_PUNG), (RED, F_RED_PUNG)):
        if mask >> kind & 1:
            features |= feature
    if mask >> seat_wind & 1:
        features |= F_SEAT_WIND_PUNG
    if mask >> round_wind & 1:
        features |= F_ROUND_WIND_PUNG
    return features


def _honour_features_tables() -> dict[tuple[int, int], tuple[int, ...]]:
    """:func:`_honour_features` of every honour pung mask for each seat and prevalent wind: the
    bits that do not hang on the winds are computed once per mask, the two wind pungs added."""
    plain = [_honour_features(pungs, 64, 64) for pungs in range(128)]  # bit 64: no wind
    seat_bits = [
        [F_SEAT_WIND_PUNG * (pungs >> wind & 1) for pungs in range(128)] for wind in range(4)
    ]
    round_bits = [
        [F_ROUND_WIND_PUNG * (pungs >> wind & 1) for pungs in range(128)] for wind in range(4)
    ]
    return {
        (seat, prevalent): tuple(map(or_, map(or_, plain, seat_bits[seat]), round_bits[prevalent]))
        for seat in range(4)
        for prevalent in range(4)
    }


HONOUR_FEATURES = _honour_features_tables()
"""Feature bits of the honour pungs (pung mask >> 27), by (seat wind, prevalent wind)."""


def chow_features(chow_mask: int) -> int:
    """The feature bits of a reading's chows (bits over their first kinds, melds included):
    a mixed triple chow, a pure straight.

    >>> chow_features(_mask([1, 10, 19])) == F_MIXED_TRIPLE_CHOW
    True
    >>> chow_features(_mask([9, 12, 15, 4])) == F_PURE_STRAIGHT
    True
    """
    features = 0
    if chow_mask & (chow_mask >> 9) & (chow_mask >> 18) & SEVEN_BITS:
        features |= F_MIXED_TRIPLE_CHOW
    if any(chow_mask & starts == starts for starts in ITTSU_STARTS):
        features |= F_PURE_STRAIGHT
    return features


def pung_features(pung_mask: int) -> int:
    """The feature bits of a reading's pungs and kongs that hang on the numbers: a triple pung.

    >>> pung_features(_mask([2, 11, 20, 31])) == F_TRIPLE_PUNG
    True
    """
    return F_TRIPLE_PUNG if pung_mask & (pung_mask >> 9) & (pung_mask >> 18) & NINE_BITS else 0


CHOW_FEATURES_MEMO: dict[int, int] = {}
PUNG_FEATURES_MEMO: dict[int, int] = {}
""":func:`chow_features` and :func:`pung_features` by mask, filled as met (a reading has at
most four sets: a few thousand masks)."""
SET_MEMO_LIMIT = 100_000
"""Entries kept in a set-feature memo before it starts afresh."""


def remember_set_features(memo: dict[int, int], features: Callable[[int], int], mask: int) -> int:
    """``features(mask)``, kept in ``memo`` (one of the two set-feature memos)."""
    if len(memo) > SET_MEMO_LIMIT:
        memo.clear()
    found = memo[mask] = features(mask)
    return found


WAIT_FEATURES = (F_TWO_SIDED_WAIT, 0, 0, F_PAIR_WAIT, 0, 0, 0)
"""Feature bits of each wait type (indexed by RYANMEN ... ORPHANS_WAIT)."""
HIDDEN_FEATURES = (
    0,
    0,
    0,
    F_THREE_CONCEALED_PUNGS,
    F_THREE_CONCEALED_PUNGS | F_FOUR_CONCEALED_PUNGS,
)
"""Feature bits by the number of concealed pungs and kongs."""


class Part(NamedTuple):
    """One way of cutting one suit's concealed tiles into sets and at most one pair.

    Masks are bit sets over the 34 kinds (a chow is marked on its first kind).
    """

    chow_mask: int
    pung_mask: int
    pair: int
    """The pair's kind, or -1."""
    packed: int
    """Chows, pungs, peikou, sets without a terminal or honour, pung fu (concealed) and
    concealed pungs, packed as the ``PACK_*`` fields say."""
    waits: tuple[tuple[int, ...], ...]
    """By number in the suit (0..8, honours 0..6): the waits a winning tile of that kind can
    complete in this part (pair, pung, chows), in the order the scorer tries them."""
    chows: int
    pungs: int
    peikou: int
    """Disjoint pairs of identical chows (1: pure double chow; 2: twice)."""
    pung_fu: int
    """Fu of the pungs if all concealed: 4 simple, 8 terminal or honour."""
    outside: bool
    """Every set and the pair holds a terminal or an honour."""
    chow_starts: tuple[int, ...]
    """The chows' first kinds, identical chows repeated."""
    pung_kinds: tuple[int, ...]


def _cut(counts: list[int], start: int, offset: int, chows: bool) -> list[tuple[list[int], int]]:
    """Every split of ``counts[start:]`` into sets and at most one pair: (set list, pair)."""
    while start < len(counts) and not counts[start]:
        start += 1
    if start == len(counts):
        return [([], -1)]
    found: list[tuple[list[int], int]] = []
    kind = offset + start
    if counts[start] >= 3:
        counts[start] -= 3
        found.extend(([~kind, *sets], pair) for sets, pair in _cut(counts, start, offset, chows))
        counts[start] += 3
    if chows and start + 2 < len(counts) and counts[start + 1] and counts[start + 2]:
        for i in range(3):
            counts[start + i] -= 1
        found.extend(([kind, *sets], pair) for sets, pair in _cut(counts, start, offset, chows))
        for i in range(3):
            counts[start + i] += 1
    if counts[start] >= 2:
        counts[start] -= 2
        found.extend((sets, kind) for sets, pair in _cut(counts, start, offset, chows) if pair < 0)
        counts[start] += 2
    return found


def _part(sets: list[int], pair: int, offset: int, size: int) -> Part:
    """Precompute the facts of one cut (a set ``k`` >= 0 is a chow from k, ``~k`` a pung of k)."""
    chow_starts = sorted(s for s in sets if s >= 0)
    pungs = [~s for s in sets if s < 0]
    peikou = 0
    index = 0
    while index + 1 < len(chow_starts):
        if chow_starts[index] == chow_starts[index + 1]:
            peikou += 1
            index += 2
        else:
            index += 1
    outside_kinds = set(TERMINALS_AND_HONORS)
    inside = (
        sum(1 for s in chow_starts if s % 9 not in (0, 6))
        + sum(1 for k in pungs if k not in outside_kinds)
        + (1 if pair >= 0 and pair not in outside_kinds else 0)
    )
    pung_fu = sum(8 if k in outside_kinds else 4 for k in pungs)
    return Part(
        chow_mask=_mask(chow_starts),
        pung_mask=_mask(pungs),
        pair=pair,
        packed=(
            len(chow_starts) << PACK_CHOWS
            | len(pungs) << PACK_PUNGS
            | peikou << PACK_PEIKOU
            | inside << PACK_INSIDE
            | pung_fu << PACK_FU
            | len(pungs) << PACK_HIDDEN
        ),
        waits=tuple(_waits(offset + number, chow_starts, pungs, pair) for number in range(size)),
        chows=len(chow_starts),
        pungs=len(pungs),
        peikou=peikou,
        pung_fu=pung_fu,
        outside=inside == 0,
        chow_starts=tuple(chow_starts),
        pung_kinds=tuple(pungs),
    )


def _waits(kind: int, chow_starts: list[int], pungs: list[int], pair: int) -> tuple[int, ...]:
    """The waits a winning tile of ``kind`` completes in a cut: the pair, a pung, then the chow
    starting on it, one before, two before (identical chows count once)."""
    found = []
    if pair == kind:
        found.append(TANKI)
    if kind in pungs:
        found.append(SHANPON)
    if kind in chow_starts:
        found.append(PENCHAN if kind % 9 == 6 else RYANMEN)
    if kind - 1 in chow_starts:
        found.append(KANCHAN)
    if kind - 2 in chow_starts:
        found.append(PENCHAN if kind % 9 == 2 else RYANMEN)
    return tuple(found)


SUIT_TABLE_LIMIT = 200_000
"""Entries a per-suit memo table keeps before starting afresh. Complete hands use a few
thousand suit shapes; the bound only matters to a long-lived process fed arbitrary tiles."""
SUIT_TABLES: tuple[dict[bytes, tuple[Part, ...]], ...] = ({}, {}, {}, {})
"""Memo tables: suit index (0 m, 1 p, 2 s, 3 honours) -> counts as bytes -> its parts."""


def suit_parts(suit: int, key: bytes) -> tuple[Part, ...]:
    """The parts of one suit's concealed counts (memoised); empty if the tiles cannot be cut."""
    table = SUIT_TABLES[suit]
    found = table.get(key)
    if found is None:
        if len(table) > SUIT_TABLE_LIMIT:
            table.clear()
        offset = suit * 9
        cuts = _cut(list(key), 0, offset, suit < 3)
        size = 9 if suit < 3 else 7
        found = table[key] = tuple(_part(sets, pair, offset, size) for sets, pair in cuts)
    return found


NOT_SPECIAL = 64
"""The pairs or orphans of a suit that rules out seven pairs or thirteen orphans: more than a
hand's total, so that a sum with it never matches."""
NO_CUT = 1 << 4
"""The pair bit of a suit whose tiles cannot be cut into sets and a pair."""


class SuitInfo(NamedTuple):
    """Everything the scorer needs about one suit's concealed tiles, computed once per key."""

    parts: tuple[Part, ...]
    """Every cut into sets and at most one pair (empty: the tiles cannot be cut)."""
    counts: tuple[int, ...]
    """The counts of the suit's kinds (9, or 7 for honours)."""
    text: str
    """The tiles in mpsz (``""`` for none)."""
    pairs: int
    """Number of pairs if every kind held is held exactly twice, else :data:`NOT_SPECIAL`
    (seven pairs: the suits' numbers add up to 7)."""
    orphans: int
    """Number of terminal or honour kinds held if the suit holds nothing else, else
    :data:`NOT_SPECIAL` (thirteen orphans: the suits' numbers add up to 13)."""
    kinds_mask: int
    """The kinds held, as bits over the 34 kinds."""
    flags: int
    """The tile-class flags of the kinds held (see :func:`tile_flags`)."""
    pair_bit: int
    """``1 << suit`` if every part has the pair, 0 if none has, :data:`NO_CUT` if the tiles
    cannot be cut: a hand has a regular reading only if the ``|`` of its suits' bits is a single
    suit's bit."""


KEY_BITS = 3
"""Bits per kind in a suit key: a suit's counts as one int, kind n at bits 3n..3n+2."""
KIND_KEYS = tuple(1 << (KEY_BITS * (kind % 9 if kind < 27 else kind - 27)) for kind in range(34))
"""What one tile of each kind adds to its suit's key."""
SUIT_OF_KIND = tuple(min(kind // 9, 3) for kind in range(34))
SUIT_INFOS: tuple[dict[int, SuitInfo], ...] = ({}, {}, {}, {})
"""Memo tables: suit (0 m, 1 p, 2 s, 3 honours) -> suit key -> its facts."""


def suit_info(suit: int, key: int) -> SuitInfo:
    """The facts of one suit's concealed tiles, from its key (memoised)."""
    table = SUIT_INFOS[suit]
    found = table.get(key)
    if found is None:
        if len(table) > SUIT_TABLE_LIMIT:
            table.clear()
        size = 9 if suit < 3 else 7
        counts = tuple((key >> (KEY_BITS * n)) & 7 for n in range(size))
        offset = suit * 9
        parts = suit_parts(suit, bytes(counts))
        digits = "".join(str(number + 1) * n for number, n in enumerate(counts))
        held = [n for n in counts if n]
        orphan_numbers = range(size) if suit == 3 else (0, 8)
        simples = any(counts[n] for n in range(size) if n not in orphan_numbers)
        kinds_mask = _mask([offset + n for n in range(size) if counts[n]])
        # Every cut of a suit has a pair or none does: that is the number of tiles modulo 3.
        pair_bit = ((1 << suit) if parts[0].pair >= 0 else 0) if parts else NO_CUT
        found = table[key] = SuitInfo(
            parts=parts,
            counts=counts,
            text=digits + "mpsz"[suit] if digits else "",
            pairs=len(held) if all(n == 2 for n in held) else NOT_SPECIAL,
            orphans=NOT_SPECIAL if simples else sum(1 for n in orphan_numbers if counts[n]),
            kinds_mask=kinds_mask,
            flags=tile_flags(kinds_mask),
            pair_bit=pair_bit,
        )
    return found


SuitReading = tuple[int, int, int, tuple[tuple[int, ...], ...], int]
"""One cut of a suit, as the scorer's hot path reads it (see :data:`SuitFacts`)."""
SuitFacts = tuple[tuple[SuitReading, ...], int, int]
"""What the scorer's hot path reads of one suit's concealed tiles, as a plain tuple (unpacked in
one step, cheaper than named fields): (readings, tile-class flags, special).

``readings`` holds one ``(packed, chow mask, pung mask, waits, index)`` per part, ``packed``
with the pair's field (:data:`PACK_PAIR`), ``index`` the part's place in
:attr:`SuitInfo.parts`. Only ints and plain tuples: a reading the scorer keeps holds no object
the garbage collector has to follow, so it is untracked at its first collection. ``special``
adds up over the suits: the pair bit (bits 0-6), the pairs for seven pairs (bits 7-15) and the
orphans (bits 16-24), as :class:`SuitInfo` defines them, and the cuts beyond the first (bits 25
up; 0 when every suit has at most one cut: with the pair bits saying every suit can be cut, the
hand has exactly one decomposition)."""
SPECIAL_PAIR_BITS = 0x7F
SPECIAL_PAIRS = 7
SPECIAL_ORPHANS = 16
SPECIAL_MORE_CUTS = 25
SUIT_FACTS: tuple[dict[int, SuitFacts], ...] = ({}, {}, {}, {})
"""Memo tables: suit (0 m, 1 p, 2 s, 3 honours) -> suit key -> :data:`SuitFacts`."""


def suit_facts(suit: int, key: int) -> SuitFacts:
    """The hot facts of one suit's concealed tiles, from its key (memoised; computed: the
    scorer reads suits through :func:`~.suit_table.suit_facts`, which also knows the shipped
    table)."""
    table = SUIT_FACTS[suit]
    found = table.get(key)
    if found is None:
        if len(table) > SUIT_TABLE_LIMIT:
            table.clear()
        info = suit_info(suit, key)
        readings = tuple(
            (
                part.packed | (part.pair + 1) << PACK_PAIR,
                part.chow_mask,
                part.pung_mask,
                part.waits,
                index,
            )
            for index, part in enumerate(info.parts)
        )
        more_cuts = len(info.parts) - 1 if info.parts else 0
        special = (
            info.pair_bit
            | info.pairs << SPECIAL_PAIRS
            | info.orphans << SPECIAL_ORPHANS
            | more_cuts << SPECIAL_MORE_CUTS
        )
        found = table[key] = (readings, info.flags, special)
    return found


def pair_fu_table(seat_wind: int, round_wind: int, double_wind_fu: int) -> tuple[int, ...]:
    """Fu of a pair of each kind: 2 for a dragon, 2 for the seat or the prevalent wind."""
    table = [0] * 34
    for kind in DRAGONS:
        table[kind] = 2
    table[seat_wind] += 2
    table[round_wind] += 2
    if seat_wind == round_wind:
        table[seat_wind] = double_wind_fu
    return tuple(table)


def pair_features_table(seat_wind: int, round_wind: int) -> tuple[int, ...]:
    """Feature bits of a pair of each kind: dragon, wind, and value pair (one that earns fu)."""
    return tuple(
        (F_DRAGON_PAIR | F_VALUE_PAIR if kind in DRAGONS else 0)
        | (F_WIND_PAIR if kind in WINDS else 0)
        | (F_VALUE_PAIR if kind in (seat_wind, round_wind) else 0)
        for kind in range(34)
    )


# --- the context --------------------------------------------------------------------------------


class WinContext:
    """Everything a yaku predicate may read about one reading of a winning hand.

    One context is filled per scoring call and updated in place for each decomposition and each
    reading of the wait; predicates only read it. Kinds are ints 0..33, masks bit sets over them.
    """

    __slots__ = (
        "chow_mask",
        "chows",
        "concealed_counts",
        "concealed_pungs",
        "features",
        "kinds_mask",
        "kongs",
        "melds",
        "outside",
        "pair",
        "pair_fu",
        "peikou",
        "pung_mask",
        "pungs",
        "round_wind",
        "seat_wind",
        "shape",
        "wait",
        "win_kind",
    )

    chow_mask: int
    """Chow starts of the whole hand, melds included."""
    chows: int
    concealed_counts: Sequence[int]
    """34 counts of the concealed tiles (winning tile included)."""
    concealed_pungs: int
    """Concealed pungs and kongs; a pung completed by a discard counts as open (R-01)."""
    features: int
    kinds_mask: int
    """Every kind the hand holds, melds included."""
    kongs: int
    melds: int
    """Declared melds, concealed kongs included."""
    outside: bool
    """Every set and the pair holds a terminal or honour."""
    pair: int
    pair_fu: int
    """Fu of the pair (value pair), 0 for a plain pair."""
    peikou: int
    pung_mask: int
    """Kinds of every pung and kong, melds included."""
    pungs: int
    round_wind: int
    seat_wind: int
    shape: int
    wait: int
    win_kind: int
