"""The Riichi scorer: every reading of a winning hand, the best one, and its explanation.

A *reading* is one decomposition of the hand (four sets and a pair, seven pairs, or thirteen
orphans) together with one place for the winning tile (which set it completed: the wait). Each
reading gets its yaku from the table, its fu and its points; the best reading wins (most points,
then a real yakuman over a counted one, then han, then fu). Only that reading is turned into a
:class:`~mahjongkit.scoring.Score` with names, fu breakdown and payments.

This module is the public entry: :func:`score`, :func:`hand_value`, :func:`has_yaku` and
:func:`wait_values`. The work is done by :mod:`~.compiled` (the pattern table resolved per rules
value), :mod:`~.search` (the readings and the hot search), :mod:`~.checks` (what makes a
description impossible) and :mod:`~.answer` (:class:`RiichiScore`, its explanation and
payments). Their costs are measured in instructions per hand by
``bench/score_instructions.py``. Every name this module held before it was split in four is
still importable from here.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from mahjongkit.hand import Hand
from mahjongkit.scoring import Score, Win
from mahjongkit.shapes import waits
from mahjongkit.tiles import NORTH, Tile
from mahjongkit.variants.riichi.answer import build_answer, failure, no_win_answer
from mahjongkit.variants.riichi.checks import why_impossible
from mahjongkit.variants.riichi.compiled import Compiled, bits_of
from mahjongkit.variants.riichi.compiled import compile_rules as compile_rules
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.search import (
    RawReading,
    Reading,
    Tried,
    best_reading,
    named,
    parts_of,
)

__all__ = ["HandValue", "hand_value", "has_yaku", "score", "wait_values"]

# Every other name this module held before the split stays importable from here.
from mahjongkit.hand import (  # noqa: F401
    PACKED_BITS,
)
from mahjongkit.melds import (  # noqa: F401
    Meld,
    MeldKind,
)
from mahjongkit.scoring import (  # noqa: F401
    FuItem,
    Names,
    PatternHit,
    PaymentLine,
)
from mahjongkit.shapes import (  # noqa: F401
    shanten,
)
from mahjongkit.tiles import (  # noqa: F401
    TERMINALS_AND_HONORS,
    dora_after,
    format_kinds,
)
from mahjongkit.variants.riichi.answer import (  # noqa: F401
    _BONUS_ROWS,
    _CHOW_TEXT,
    _EXPLAIN,
    _EXPLAINED,
    _FIELD_NAMES,
    _MELD_TEXT,
    _MEMO_LIMIT,
    _PAIR_TEXT,
    _PUNG_TEXT,
    _STORED,
    _UNSET,
    VARIANT_NAME,
    _bonus_hit,
    _closest_split,
    _describe,
    _extra,
    _fu_breakdown,
    _hand_text,
    _liable_basic,
    _meld_text,
    _new_score,
    _patterns,
    _replaced,
    _set_patterns,
    _set_reading,
    _set_settlement,
    _set_win,
    _settle,
    _stored,
)
from mahjongkit.variants.riichi.answer import RiichiScore as RiichiScore
from mahjongkit.variants.riichi.checks import (  # noqa: F401
    _check_nukidora,
    _check_situation,
)
from mahjongkit.variants.riichi.compiled import (  # noqa: F401
    _COMPILED,
    _DORA_OF,
    _DORA_OF_THREE_PLAYERS,
    _HALF_PUNG_FU,
    _NO_FU,
    _ORPHAN_KINDS,
    _PUNG_FU,
    _SEAT_TABLES,
    Candidate,
    Candidates,
    Settlement,
    Situation,
    _compile,
    _Resolved,
    _seat_tables,
    _situations,
)
from mahjongkit.variants.riichi.features import (  # noqa: F401
    CHOW_FEATURES_MEMO,
    COUNT_FEATURES,
    F_AFTER_KONG,
    F_CONCEALED,
    F_DEALER,
    F_DISCARD,
    F_DOUBLE_RIICHI,
    F_FIRST_TURN,
    F_FOUR_KONGS,
    F_IPPATSU,
    F_LAST_TILE,
    F_NO_MELDS,
    F_NON_DEALER,
    F_OPEN,
    F_ORPHANS,
    F_REGULAR,
    F_RIICHI,
    F_ROBBING_KONG,
    F_SELF_DRAW,
    F_SEVEN_PAIRS,
    F_THREE_CHOWS,
    F_THREE_KONGS,
    F_THREE_PUNGS,
    HIDDEN_FEATURES,
    HONOUR_FEATURES,
    KANCHAN,
    ORPHANS,
    ORPHANS_WAIT,
    PACK_CHOWS,
    PACK_COUNTS,
    PACK_FU,
    PACK_HIDDEN,
    PACK_INSIDE,
    PACK_PAIR,
    PACK_PEIKOU,
    PACK_PUNGS,
    PENCHAN,
    PUNG_FEATURES_MEMO,
    REGULAR,
    RYANMEN,
    SEVEN_PAIRS,
    SEVEN_PAIRS_WAIT,
    SHANPON,
    SPECIAL_MORE_CUTS,
    SPECIAL_ORPHANS,
    SPECIAL_PAIR_BITS,
    SPECIAL_PAIRS,
    SUIT_FACTS,
    SUIT_OF_KIND,
    TANKI,
    TILE_FEATURES,
    WAIT_FEATURES,
    WAIT_NAMES,
    Part,
    WinContext,
    chow_features,
    pair_features_table,
    pair_fu_table,
    pung_features,
    remember_set_features,
    suit_facts,
    suit_info,
    tile_flags,
)
from mahjongkit.variants.riichi.fu import (  # noqa: F401
    SEVEN_PAIRS_FU,
    breakdown,
    set_fu,
    seven_pairs_breakdown,
)
from mahjongkit.variants.riichi.points import (  # noqa: F401
    basic_points,
    limit_names,
    payments_for,
    total_points,
)
from mahjongkit.variants.riichi.search import (  # noqa: F401
    _HONOUR_FACTS,
    _MAN_FACTS,
    _MELD_FACTS,
    _ONE_PAIR_SUIT,
    _ORPHANS_READING,
    _ORPHANS_WAITS,
    _PAIR_KIND,
    _PIN_FACTS,
    _SEVEN_PAIRS_READING,
    _SEVEN_PAIRS_WAITS,
    _SOU_FACTS,
    _WAIT_FU,
    MeldFact,
    _context,
    _meld_fact,
    _with_nukidora,
    _yakuman_rows,
)
from mahjongkit.variants.riichi.yaku import (  # noqa: F401
    TABLE,
    Predicate,
    Yaku,
)

# Names of the parts, as this module called them before the split.
_search = best_reading
_Reading = Reading
_RawReading = RawReading
_named = named
_parts = parts_of
_NORTH = NORTH
_check = why_impossible
_bits = bits_of
_build = build_answer
_no_win = no_win_answer
_error = failure

_last: tuple[RiichiRules, Compiled] | None = None
"""The last rules scored under: hashing a rules value costs more than scoring half a hand, and
callers score many hands under one rules object, so :func:`score` and :func:`hand_value` check
this by identity first. Replaced as one tuple, so threads agree."""


def _compiled_for(rules: RiichiRules) -> Compiled:
    """The compiled table of ``rules``, remembered as the last rules asked for."""
    global _last
    found = compile_rules(rules)
    _last = (rules, found)
    return found


def score(win: Win, rules: RiichiRules | None = None) -> Score:
    """Score a Riichi win under ``rules`` (EMA 2012 by default).

    A win is the best reading of the hand (most points, then a real yakuman, han, fu), with its
    patterns, fu breakdown, limit and payments (``win.from_seat`` None on a discard win means the
    previous seat). A non-win is a :meth:`Score.failure` with the code ``invalid_hand`` (the
    description is impossible: size, winning tile, flags, seats), ``not_complete`` (no complete
    shape: the message gives the closest split and the tiles left over), ``no_yaku`` (complete,
    but no reading has a yaku: the message lists the readings tried) or ``below_minimum_han``
    (the two-han minimum with many counters, :attr:`RiichiRules.two_han_minimum_counters`).

    >>> from mahjongkit.hand import Hand
    >>> from mahjongkit.tiles import Tile
    >>> hand = Hand.parse("234m456p678s44555z")
    >>> win = Win(hand, Tile.parse("5z"), self_draw=True, seat=1,
    ...           dora_indicators=(Tile.parse("3z"),))
    >>> result = score(win, RiichiRules.ema2012())
    >>> result.pattern_ids(), result.value, result.fu, result.points
    (['menzen_tsumo', 'haku', 'dora'], 4, 30, 7900)
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    problem = why_impossible(win, rules)
    if problem is not None:
        return failure("invalid_hand", problem, win)
    last = _last
    compiled = last[1] if last is not None and last[0] is rules else _compiled_for(rules)
    best = best_reading(win, compiled, None)
    if best is None:
        if not any(tile.kind == win.win_tile.kind for tile in win.hand.concealed):
            return failure(
                "invalid_hand",
                f"the winning tile {win.win_tile} is not among the concealed tiles "
                "(the hand includes the winning tile)",
                win,
            )
        # Search again, keeping what was tried, for the message (non-wins are rare).
        tried: Tried = []
        best_reading(win, compiled, tried)
        return no_win_answer(win, rules, tried)
    return build_answer(win, rules, compiled, best)


def has_yaku(win: Win, rules: RiichiRules | None = None) -> bool:
    """Whether the win is valid: complete, with at least one yaku (or the two-han minimum).

    Cheaper than :func:`score`: nothing is named, formatted or paid. The table engine asks this
    for each wait (furiten, "waits with reasons").
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    return hand_value(win, rules) is not None


def wait_values(
    hand: Hand, rules: RiichiRules | None = None, **situation: Any
) -> dict[int, HandValue | None]:
    """Waits with reasons: for a ready hand of 13 tiles, each winning kind and what winning on
    it now is worth (None: complete but no yaku, or below the two-han minimum).

    ``situation`` holds the other :class:`~mahjongkit.scoring.Win` fields (``self_draw``,
    ``seat``, ``riichi``, ``dora_indicators``...). Furiten is the table's business.

    >>> from mahjongkit.hand import Hand
    >>> from mahjongkit.tiles import format_kind
    >>> found = wait_values(Hand.parse("23m456p789s22444z"), seat=2)
    >>> {format_kind(kind): value for kind, value in found.items()}
    {'1m': None, '4m': None}
    >>> found = wait_values(Hand.parse("23m456p789s22444z"), seat=2, riichi=True)
    >>> {format_kind(kind): value.points for kind, value in found.items() if value}
    {'1m': 1300, '4m': 1300}
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    counts = hand.counts
    found: dict[int, HandValue | None] = {}
    for kind in waits(counts, len(hand.melds)):
        tile = Tile(kind)
        win = Win(hand.with_tile(tile), tile, **situation)
        found[kind] = hand_value(win, rules)
    return found


_new_tuple = tuple.__new__
"""Makes a :class:`HandValue` at C speed: a named tuple's own constructor is a Python function."""


class HandValue(NamedTuple):
    """The value of a win without its explanation (what a bot or the table engine needs)."""

    han: int
    """Han with dora (13 per yakuman for a yakuman hand)."""
    fu: int
    yakuman: int
    basic: int
    """Basic points (before the 4x / 6x of a win)."""
    points: int
    """What the winner gains from the hand, before counters and deposits."""
    limit: str | None
    patterns: tuple[str, ...]
    """The ids of the yaku (and yakuman) that count, in table order; dora not included."""


def hand_value(win: Win, rules: RiichiRules | None = None) -> HandValue | None:
    """The value of the best reading of a win, or None when it is not a win.

    The same search as :func:`score`, without names, fu breakdown or payments (what a bot or the
    table engine asks for each wait). An impossible description (see :func:`score`'s
    ``invalid_hand``) is None too.
    """
    if rules is None:
        rules = RiichiRules.ema2012()
    if why_impossible(win, rules) is not None:
        return None
    last = _last
    compiled = last[1] if last is not None and last[0] is rules else _compiled_for(rules)
    best = best_reading(win, compiled, None)
    if best is None:
        return None
    mask, _, _, _, _, basic, yakuman, han, fu, limit, *_ = best  # Reading's fields, in order
    try:
        ids = compiled.ids[mask]
    except KeyError:
        ids = compiled.ids[mask] = tuple(compiled.by_bit[bit].row.id for bit in bits_of(mask))
    # The winner's gain, memoised beside the basic points by the search.
    gains = compiled.points[han << 16 | fu << 8 | yakuman][2]
    points = gains[2 * (not win.seat) + (1 if win.self_draw else 0)]
    return _new_tuple(HandValue, (han, fu, yakuman, basic, points, limit, ids))
