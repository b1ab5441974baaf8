"""The Riichi scorer's records: a suit's cuts and facts, and the best reading of a win.

Named tuples, declared apart from the search and the suit facts that make them (compiled with
mypyc where a compiler is at hand, see :mod:`mahjongkit.native`): here they stay the light
named tuples of :mod:`mahjongkit.lite_typing`, which a one-shot score makes without importing
:mod:`typing`.
"""

from __future__ import annotations

from mahjongkit.lite_typing import NamedTuple

__all__ = ["Part", "Reading", "SuitInfo"]


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


class Reading(NamedTuple):
    """The best reading of a win, and what the hand contributes to its answer.

    The search hands it over as a plain tuple in this order (see :data:`RawReading`); the
    explanation, read rarely, names it with :func:`named`; elsewhere its fields are read at
    the ``R_*`` indices."""

    mask: int
    """The rows that count."""
    dora: int
    ura: int
    red: int
    concealed: bool
    basic: int
    yakuman: int
    han: int
    """Han with bonus han (13 per yakuman for a yakuman hand)."""
    fu: int
    limit: str | None
    raw_mask: int
    """The rows found before replacements."""
    shape: int
    parts: tuple[Part, ...]
    """The decomposition's part of each suit (m, p, s, honours); empty for seven pairs and
    thirteen orphans."""
    wait: int
    pinfu: bool
