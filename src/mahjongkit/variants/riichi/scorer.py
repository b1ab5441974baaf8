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
``bench/score_instructions.py``.
"""

from __future__ import annotations

from mahjongkit.hand import Hand
from mahjongkit.i18n import Sentence
from mahjongkit.lite_typing import Any, NamedTuple
from mahjongkit.scoring import Score, Win
from mahjongkit.tiles import NORTH, Tile
from mahjongkit.variants.riichi.answer import (
    RiichiScore,
    build_answer,
    failure,
    new_score,
    no_win_answer,
    set_state,
)
from mahjongkit.variants.riichi.checks import why_impossible
from mahjongkit.variants.riichi.compiled import Compiled, bits_of
from mahjongkit.variants.riichi.compiled import compile_rules as compile_rules
from mahjongkit.variants.riichi.readings import ANSWER, NOT_A_WIN, VALUE, plain_answer
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

_last: tuple[RiichiRules, Compiled, tuple[Any, ...]] | None = None
"""The last rules scored under, their compiled table and its search tables (``hot``, which the
compiled call would read through the generic attribute look-up): hashing a rules value costs
more than scoring half a hand, and callers score many hands under one rules object, so
:func:`score` and :func:`hand_value` check this by identity first. Replaced as one tuple, so
threads agree."""


def _compiled_for(rules: RiichiRules) -> Compiled:
    """The compiled table of ``rules``, remembered as the last rules asked for."""
    global _last
    found = compile_rules(rules)
    _last = (rules, found, found.hot)
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
    last = _last
    if last is not None and last[0] is rules:
        # The common case in one compiled call: the checks, the search and the answer's
        # numbers, each field read once, here (see plain_answer). Anything else (a refusal to
        # word, a non-win) goes the careful way below.
        hand = win.hand
        if type(hand) is Hand:
            state = plain_answer(
                ANSWER, win, last[1], last[2], hand.size, hand.melds, hand.suit_keys,
                hand.red_count, hand.held_counts, win.win_tile, win.seat, win.round_wind,
                win.self_draw, win.from_seat, win.honba, win.deposits, win.riichi,
                win.double_riichi, win.ippatsu, win.after_kong, win.robbing_kong, win.last_tile,
                win.first_turn, win.liable_seat, win.nukidora, win.dora_indicators,
                win.ura_indicators,
            )  # fmt: skip
            if state:
                result = new_score(RiichiScore)
                set_state(result, state)
                return result
    problem = why_impossible(win, rules)
    if problem is not None:
        return failure("invalid_hand", problem, win)
    last = _last
    compiled = last[1] if last is not None and last[0] is rules else _compiled_for(rules)
    best = best_reading(win, compiled, None)
    if best is None:
        if not any(tile.kind == win.win_tile.kind for tile in win.hand.concealed):
            return failure(
                "invalid_hand", Sentence("riichi.win_tile_not_held", tile=str(win.win_tile)), win
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
    from mahjongkit.shapes import waits  # the shapes are not needed to score a win

    if rules is None:
        rules = RiichiRules.ema2012()
    counts = hand.counts
    found: dict[int, HandValue | None] = {}
    for kind in waits(counts, len(hand.melds)):
        tile = Tile(kind)
        win = Win(hand.with_tile(tile), tile, **situation)
        found[kind] = hand_value(win, rules)
    return found


def points(win: Win, rules: RiichiRules | None = None) -> int:
    """What the winner of ``win`` gains under ``rules``, 0 when it wins nothing: :func:`score`'s
    ``points`` on a valid win, from :func:`hand_value` (nothing is named, explained or paid).
    A bot asks this for each wait of a ready hand.

    >>> from mahjongkit.hand import Hand
    >>> from mahjongkit.tiles import Tile
    >>> points(Win(Hand.parse("234m456p678s44555z"), Tile.parse("5z"), self_draw=True, seat=1))
    2000
    >>> points(Win(Hand.parse("234m456p678s44556z"), Tile.parse("6z"), self_draw=False, seat=1))
    0
    """
    found = hand_value(win, rules)
    return 0 if found is None else found.points


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
    last = _last
    if last is not None and last[0] is rules:
        hand = win.hand
        if type(hand) is Hand:  # see score()
            found: Any = plain_answer(  # for VALUE: a HandValue's fields, or as for ANSWER
                VALUE, win, last[1], last[2], hand.size, hand.melds, hand.suit_keys,
                hand.red_count, hand.held_counts, win.win_tile, win.seat, win.round_wind,
                win.self_draw, win.from_seat, win.honba, win.deposits, win.riichi,
                win.double_riichi, win.ippatsu, win.after_kong, win.robbing_kong, win.last_tile,
                win.first_turn, win.liable_seat, win.nukidora, win.dora_indicators,
                win.ura_indicators,
            )  # fmt: skip
            if found:
                return _new_tuple(HandValue, found)
            if found == NOT_A_WIN:  # plainly possible, and no reading wins
                return None
    if why_impossible(win, rules) is not None:
        return None
    last = _last
    compiled = last[1] if last is not None and last[0] is rules else _compiled_for(rules)
    best = best_reading(win, compiled, None)
    if best is None:
        return None
    mask, _, _, _, _, basic, yakuman, han, fu, limit, *_ = best  # Reading's fields, in order
    ids = compiled.ids.get(mask)
    if ids is None:
        ids = compiled.ids_of(mask)
    # The winner's gain, memoised beside the basic points by the search.
    gains = compiled.points[han << 16 | fu << 8 | yakuman][2]
    points = gains[2 * (not win.seat) + (1 if win.self_draw else 0)]
    return _new_tuple(HandValue, (han, fu, yakuman, basic, points, limit, ids))
