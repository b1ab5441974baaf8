"""The readings of a Riichi win and the hot search for the best one.

A *reading* is one decomposition of the hand (four sets and a pair, seven pairs, or thirteen
orphans) together with one place for the winning tile (which set it completed: the wait). Each
reading gets its yaku from the compiled table, its fu and its points; the best reading wins
(most points, then a real yakuman over a counted one, then han, then fu).

The search itself, :func:`best_reading`, lives in :mod:`~mahjongkit.variants.riichi.readings`,
a module written for mypyc to compile; this one names what it finds (:class:`Reading`, the
``R_*`` indices of its plain tuple) for the answer and the explanation. The hot path works on
small ints and plain tuples: the hand's packed counts (:attr:`~mahjongkit.hand.Hand.packed`),
per-suit memo tables (see :mod:`~mahjongkit.variants.riichi.features`), feature bits that
decide nearly every yaku row, the facts of every meld by its code, and the tables compiled once
per rules value (:mod:`~mahjongkit.variants.riichi.compiled`).
"""

from __future__ import annotations

from mahjongkit.hand import Hand
from mahjongkit.lite_typing import NamedTuple
from mahjongkit.variants.riichi.features import Part, suit_info
from mahjongkit.variants.riichi.readings import NO_PARTS, decode_parts
from mahjongkit.variants.riichi.readings import RawReading as RawReading
from mahjongkit.variants.riichi.readings import Tried as Tried
from mahjongkit.variants.riichi.readings import best_reading as best_reading
from mahjongkit.variants.riichi.readings import plain_win as plain_win

# --- readings -----------------------------------------------------------------------------------


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


_FIELD = {name: index for index, name in enumerate(Reading._fields)}
R_MASK = _FIELD["mask"]
R_BASIC = _FIELD["basic"]
R_YAKUMAN = _FIELD["yakuman"]
R_HAN = _FIELD["han"]
R_FU = _FIELD["fu"]
R_LIMIT = _FIELD["limit"]
R_PARTS = _FIELD["parts"]
"""Where a :class:`Reading`'s fields sit in the plain tuple the search builds (the innermost
loop builds it in field order, as a tuple display)."""
R_PATTERN_KEY_END = _FIELD["concealed"] + 1
"""The fields before this one (mask, dora, ura dora, red fives, concealed) are all that a
reading's pattern lines depend on: the answer slices them off as its memo key (``yakuman``,
which the lines read too, follows from the mask)."""


def parts_of(hand: Hand, parts: int) -> tuple[Part, ...]:
    """The parts of a decomposition from its code (:func:`~.readings.encode_parts`; none for
    seven pairs and thirteen orphans)."""
    if parts == NO_PARTS:
        return ()
    return tuple(
        suit_info(suit, suit_key).parts[place]
        for suit, (suit_key, place) in enumerate(
            zip(hand.suit_keys, decode_parts(parts), strict=True)
        )
    )


def named(raw: RawReading, hand: Hand) -> Reading:
    """The named reading of a raw one (for the explanation)."""
    return Reading._make((*raw[:R_PARTS], parts_of(hand, raw[R_PARTS]), *raw[R_PARTS + 1 :]))
