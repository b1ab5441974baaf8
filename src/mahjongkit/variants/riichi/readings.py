"""The hot search for the best reading of a Riichi win, written for mypyc to compile.

:func:`best_reading` is the search :mod:`~mahjongkit.variants.riichi.search` describes (and
re-exports): the same readings, tried in the same order, giving the same tuple. It is plain typed
Python that runs unchanged uncompiled; compiled (``native.COMPILED``), it runs as C because:

- every table and constant it reads is a ``Final`` name of this module, which the compiled
  module keeps in a C static (any other global is a dictionary look-up by name at each use);
- its locals are typed ``int`` or ``bool`` (unboxed machine ints), and the plain tuples it reads
  are typed ``tuple[Any, ...]``, whose items are unboxed once where they are read;
- the per-hand state lives in a native class (:class:`_Search`: typed slots, not a dict), and
  the loops over decompositions and waits are plain ``for`` loops (no generator, closure or
  ``itertools`` object in the loop).
"""

from __future__ import annotations

from mahjongkit.hand import Hand
from mahjongkit.lite_typing import Any
from mahjongkit.melds import MeldKind
from mahjongkit.scoring import Win
from mahjongkit.scoring.result import MAX_COUNT
from mahjongkit.tiles import NORTH, TERMINALS_AND_HONORS, Tile
from mahjongkit.variants.riichi import features as _f
from mahjongkit.variants.riichi.checks import check_melds, check_situation
from mahjongkit.variants.riichi.compiled import DIRECT_FU, DIRECT_HAN, Compiled, bits_of
from mahjongkit.variants.riichi.features import WinContext, tile_flags
from mahjongkit.variants.riichi.fu import SEVEN_PAIRS_FU, set_fu
from mahjongkit.variants.riichi.suit_table import suit_facts
from mahjongkit.variants.seats import previous_seat

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

RawReading = tuple[Any, ...]
"""A :class:`~mahjongkit.variants.riichi.search.Reading` as the plain tuple the search builds."""
Tried = list[tuple[int, int, int, int]]
"""Every reading without enough yaku (shape, parts, wait, han), for the message."""

# --- constants and tables, as Final names (C statics when compiled) -------------------------------

REGULAR: Final = _f.REGULAR
SEVEN_PAIRS: Final = _f.SEVEN_PAIRS
ORPHANS: Final = _f.ORPHANS
RYANMEN: Final = _f.RYANMEN
SHANPON: Final = _f.SHANPON

F_RIICHI: Final = _f.F_RIICHI
F_DOUBLE_RIICHI: Final = _f.F_DOUBLE_RIICHI
F_IPPATSU: Final = _f.F_IPPATSU
F_AFTER_KONG: Final = _f.F_AFTER_KONG
F_ROBBING_KONG: Final = _f.F_ROBBING_KONG
F_LAST_TILE: Final = _f.F_LAST_TILE
F_FIRST_TURN: Final = _f.F_FIRST_TURN
F_NO_MELDS: Final = _f.F_NO_MELDS
F_THREE_KONGS: Final = _f.F_THREE_KONGS
F_FOUR_KONGS: Final = _f.F_FOUR_KONGS
F_REGULAR: Final = _f.F_REGULAR
F_SEVEN_PAIRS: Final = _f.F_SEVEN_PAIRS
F_ORPHANS: Final = _f.F_ORPHANS
F_THREE_CHOWS: Final = _f.F_THREE_CHOWS
F_THREE_PUNGS: Final = _f.F_THREE_PUNGS

PACK_CHOWS: Final = _f.PACK_CHOWS
PACK_PUNGS: Final = _f.PACK_PUNGS
PACK_PEIKOU: Final = _f.PACK_PEIKOU
PACK_INSIDE: Final = _f.PACK_INSIDE
PACK_FU: Final = _f.PACK_FU
PACK_HIDDEN: Final = _f.PACK_HIDDEN
PACK_COUNTS: Final = _f.PACK_COUNTS
PACK_PAIR: Final = _f.PACK_PAIR
SPECIAL_PAIR_BITS: Final = _f.SPECIAL_PAIR_BITS
SPECIAL_PAIRS: Final = _f.SPECIAL_PAIRS
SPECIAL_ORPHANS: Final = _f.SPECIAL_ORPHANS
SPECIAL_MORE_CUTS: Final = _f.SPECIAL_MORE_CUTS

COUNT_FEATURES: Final[tuple[int, ...]] = _f.COUNT_FEATURES
TILE_FEATURES: Final[tuple[int, ...]] = _f.TILE_FEATURES
WAIT_FEATURES: Final[tuple[int, ...]] = _f.WAIT_FEATURES
HIDDEN_FEATURES: Final[tuple[int, ...]] = _f.HIDDEN_FEATURES
SUIT_OF_KIND: Final[tuple[int, ...]] = _f.SUIT_OF_KIND
CHOW_FEATURES_MEMO: Final[dict[int, int]] = _f.CHOW_FEATURES_MEMO
PUNG_FEATURES_MEMO: Final[dict[int, int]] = _f.PUNG_FEATURES_MEMO
SET_MEMO_LIMIT: Final = _f.SET_MEMO_LIMIT
_MAN_FACTS: Final[dict[Any, Any]] = _f.SUIT_FACTS[0]
_PIN_FACTS: Final[dict[Any, Any]] = _f.SUIT_FACTS[1]
_SOU_FACTS: Final[dict[Any, Any]] = _f.SUIT_FACTS[2]
_HONOUR_FACTS: Final[dict[Any, Any]] = _f.SUIT_FACTS[3]
"""The per-suit memo tables (emptied, never replaced: so named once). Keyed by the hand's own
suit key objects, untyped: a key unboxed to a machine int would be boxed again (a new int
object past 256) for each look-up."""
_SEVEN_PAIRS_FU: Final = SEVEN_PAIRS_FU
_DIRECT_HAN: Final = DIRECT_HAN
_DIRECT_FU: Final = DIRECT_FU
_NORTH: Final = NORTH
_MAX_COUNT: Final = MAX_COUNT
_CHOW: Final = MeldKind.CHOW
_LEFT_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(previous_seat(seat, range(players)) for seat in range(players)) if players > 1 else ()
    for players in range(5)
)
"""The seat a chow is claimed from, by the number of players and the claiming seat (what
:func:`~.checks.check_melds` asks :func:`~mahjongkit.variants.seats.previous_seat`)."""

_WAIT_FU: Final[tuple[int, ...]] = tuple(
    2 if wait in (_f.KANCHAN, _f.PENCHAN, _f.TANKI) else 0 for wait in range(7)
)
"""Fu of each wait type: 2 for a closed, edge or pair wait."""
_ONE_PAIR_SUIT: Final[tuple[bool, ...]] = tuple(
    bits in (1, 2, 4, 8) for bits in range(_f.SPECIAL_PAIR_BITS + 1)
)
"""Whether a hand can have four sets and a pair, by the sum of its suits' pair bits (see
``SuitInfo.pair_bit``): exactly one suit holds the pair and every suit can be cut."""
_SEVEN_PAIRS_WAITS: Final[tuple[int, ...]] = (_f.SEVEN_PAIRS_WAIT,)
_ORPHANS_WAITS: Final[tuple[int, ...]] = (_f.ORPHANS_WAIT,)
NOT_A_WIN: Final[tuple[Any, ...]] = ()
""":func:`plain_win`'s answer for a plainly possible hand that does not win (no reading has a
yaku, or the hand is not complete)."""
NO_PARTS: Final = 0
"""The parts of seven pairs and thirteen orphans (no decomposition): see :func:`encode_parts`."""

MeldFact = tuple[int, int, int, int, bool, int]
"""What one meld contributes to a hand: (chow mask, pung mask, tile-class flags, packed counts,
whether it opens the hand, kongs). ``packed`` has the ``PACK_*`` fields of
:mod:`~mahjongkit.variants.riichi.features`."""


def _meld_fact(meld_kind: MeldKind, kind: int) -> MeldFact:
    """The facts of a meld of ``meld_kind`` starting at ``kind``."""
    if meld_kind is MeldKind.CHOW:
        kinds: tuple[int, ...] = (kind, kind + 1, kind + 2)
        packed = 1 << PACK_CHOWS | (0 if kind % 9 in (0, 6) else 1) << PACK_INSIDE
        chow_mask, pung_mask = 1 << kind, 0
    else:
        kinds = (kind,) * (4 if meld_kind.is_kong else 3)
        concealed = meld_kind is MeldKind.CONCEALED_KONG
        fu = set_fu(kind, meld_kind.is_kong, concealed)
        inside = 0 if kind in TERMINALS_AND_HONORS else 1
        packed = (
            1 << PACK_PUNGS | inside << PACK_INSIDE | fu << PACK_FU | int(concealed) << PACK_HIDDEN
        )
        chow_mask, pung_mask = 0, 1 << kind
    kinds_mask = 0
    for k in kinds:
        kinds_mask |= 1 << k
    return (
        chow_mask,
        pung_mask,
        tile_flags(kinds_mask),
        packed,
        meld_kind is not MeldKind.CONCEALED_KONG,
        1 if meld_kind.is_kong else 0,
    )


def _meld_facts() -> tuple[MeldFact | None, ...]:
    found: list[MeldFact | None] = []
    for meld_kind in MeldKind:
        for code in range(64):
            kind = code % 64
            chow_ok = meld_kind is not MeldKind.CHOW or (kind < 27 and kind % 9 < 7)
            found.append(_meld_fact(meld_kind, kind) if kind < 34 and chow_ok else None)
    return tuple(found)


_MELD_FACTS: Final[tuple[MeldFact | None, ...]] = _meld_facts()
"""The facts of every meld, by :attr:`~mahjongkit.melds.Meld.code`."""


def encode_parts(man: int, pin: int, sou: int, honours: int) -> int:
    """A decomposition as one int: each suit's part by its place among the suit's parts
    (:attr:`~mahjongkit.variants.riichi.features.SuitInfo.parts`), one byte each, plus one, so
    that a decomposition is never :data:`NO_PARTS` (an int, not a tuple of the suits' readings:
    nothing for the garbage collector to follow, and nothing to allocate)."""
    return (man + 1) | (pin + 1) << 8 | (sou + 1) << 16 | (honours + 1) << 24


def decode_parts(parts: int) -> tuple[int, int, int, int]:
    """The places of :func:`encode_parts`, by suit (m, p, s, honours)."""
    return (
        (parts & 0xFF) - 1,
        (parts >> 8 & 0xFF) - 1,
        (parts >> 16 & 0xFF) - 1,
        (parts >> 24 & 0xFF) - 1,
    )


# --- the search -------------------------------------------------------------------------------


class _Search:
    """One hand's search: what every reading shares, and the best reading so far.

    Made once and reused (see :func:`_search_for`): :meth:`start` sets what a new search
    starts from, and :func:`_search_for` leaves the rest for :func:`_best` to set."""

    def __init__(self) -> None:
        # Typed Any: a spare search holds None (the win and the rules it last searched are
        # let go); read rarely (a predicate's context, a miss of the memo tables).
        self.win: Any = None
        self.compiled: Any = None
        self.tried: Tried | None = None
        self.candidates_table: dict[int, Any] = {}
        self.points_table: dict[int, Any] = {}
        self.points_direct: list[Any] = []
        self.threshold = 0
        self.honba = 0
        self.gain_index = 0
        # Set by best_reading before the readings.
        self.features = 0
        self.kongs = 0
        self.concealed = True
        self.dora = 0
        self.ura = 0
        self.red = 0
        self.bonus = 0
        self.base_fu = 0
        self.draw_fu = 0
        self.shanpon_fu = 0
        self.shanpon_hidden = 0
        self.open_floor = False
        # The best reading so far (its fields, unboxed: the tuple is built once, at the end,
        # by the caller) and what ranks it.
        self.found = False
        self.best_gain = 0
        self.best_mask = 0
        self.best_basic = 0
        self.best_yakuman = 0
        self.best_han = 0
        self.best_fu = 0
        self.best_limit: str | None = None
        self.best_gains: tuple[int, ...] = ()
        self.best_raw_mask = 0
        self.best_shape = 0
        self.best_parts = 0
        self.best_wait = 0
        self.best_pinfu = False

    def offer(
        self,
        reading_here: int,
        shape: int,
        parts: int,
        wait: int,
        fu: int,
        hidden: int,
        pinfu: bool,
        total: int,
        chow_mask: int,
        pung_mask: int,
        pair: int,
        pair_fu: int,
    ) -> None:
        """Score one reading (one decomposition and one wait) and keep it if it is the best."""
        try:
            candidates: tuple[Any, ...] = self.candidates_table[reading_here]
        except KeyError:
            candidates = self.compiled.for_features(reading_here)
        raw_mask: int = candidates[0]
        mask: int = candidates[1]
        han: int = candidates[2]
        yakuman: int = candidates[3]
        tests: tuple[Any, ...] = candidates[4]
        replacements: tuple[Any, ...] = candidates[5]
        if tests:
            # Rare (nine gates, thirteen-sided orphans): the predicates read a context.
            ctx = _context(self.win, self.kongs, reading_here, shape)
            ctx.chow_mask = chow_mask
            ctx.pung_mask = pung_mask
            ctx.pair = pair
            ctx.pair_fu = pair_fu
            ctx.chows = total & 7
            ctx.pungs = total >> PACK_PUNGS & 7
            ctx.peikou = total >> PACK_PEIKOU & 7
            ctx.outside = shape == REGULAR and not total >> PACK_INSIDE & 7
            ctx.wait = wait
            ctx.concealed_pungs = hidden
            for test_row in tests:
                bit: int = test_row[0]
                if test_row[3](ctx):
                    value: int = test_row[1]
                    units: int = test_row[2]
                    raw_mask |= bit
                    mask |= bit
                    han += value
                    yakuman += units
        if replacements:
            for replacement in replacements:
                replacer: int = replacement[0]
                replaced: int = replacement[1]
                if mask & replacer and mask & replaced:
                    replaced_han: int = replacement[2]
                    replaced_units: int = replacement[3]
                    mask ^= replaced
                    han -= replaced_han
                    yakuman -= replaced_units
        if yakuman:
            mask, yakuman = _yakuman_rows(self.compiled, mask & self.compiled.yakuman_bits, yakuman)
            total_han = 13 * yakuman
        elif han < 2 and (not han or self.honba >= self.threshold):
            # No yaku, or below the two-han minimum.
            tried = self.tried
            if tried is not None:
                tried.append((shape, parts, wait, han))
            return
        else:
            total_han = han + self.bonus
        points_key = total_han << 16 | fu << 8 | yakuman
        if total_han < _DIRECT_HAN and fu < _DIRECT_FU:  # no yakuman: 13 han or more
            index = total_han * _DIRECT_FU + fu
            direct = self.points_direct[index]
            if direct is None:
                direct = self.points_direct[index] = self.compiled.basic(points_key)
            points: tuple[Any, ...] = direct
        else:
            try:
                points = self.points_table[points_key]
            except KeyError:
                points = self.compiled.basic(points_key)
        gain: int = points[2][self.gain_index]
        if self.found:
            # Several readings: most points, then a real yakuman, then han, then fu.
            if gain != self.best_gain:
                better = gain > self.best_gain
            elif (yakuman > 0) != (self.best_yakuman > 0):
                better = yakuman > 0
            elif total_han != self.best_han:
                better = total_han > self.best_han
            else:
                better = fu > self.best_fu
            if not better:
                return
        self.found = True
        self.best_gain = gain
        self.best_mask = mask
        self.best_basic = points[0]
        self.best_yakuman = yakuman
        self.best_han = total_han
        self.best_fu = fu
        self.best_limit = points[1]
        self.best_gains = points[2]
        self.best_raw_mask = raw_mask
        self.best_shape = shape
        self.best_parts = parts
        self.best_wait = wait
        self.best_pinfu = pinfu

    def reading(self) -> RawReading:
        """The best reading: a Reading's fields, in order, as a plain tuple (see RawReading)."""
        return (
            self.best_mask, self.dora, self.ura, self.red, self.concealed, self.best_basic,
            self.best_yakuman, self.best_han, self.best_fu, self.best_limit, self.best_raw_mask,
            self.best_shape, self.best_parts, self.best_wait, self.best_pinfu,
        )  # fmt: skip


class WonReading:
    """The best reading of a won hand as a :class:`~.answer.RiichiScore` keeps it: the
    fields of a :data:`RawReading` (see :class:`~.search.Reading`), the winner's gain
    (``points``), the win and its compiled rules.

    Compiled, its ints are machine ints in the object itself: making one boxes nothing, and
    the garbage collector follows only its three object fields (the limit's name, the win,
    the shared compiled rules), where a tuple of the same fields would be an object per big
    int and an edge per field. What the answer derives from it (pattern lines, payments, the
    explanation) is made when first read."""

    def __init__(
        self,
        mask: int,
        dora: int,
        ura: int,
        red: int,
        concealed: bool,
        basic: int,
        yakuman: int,
        han: int,
        fu: int,
        limit: str | None,
        raw_mask: int,
        shape: int,
        parts: int,
        wait: int,
        pinfu: bool,
        points: int,
        win: Any,
        compiled: Any,
    ) -> None:
        self.mask = mask
        self.dora = dora
        self.ura = ura
        self.red = red
        self.concealed = concealed
        self.basic = basic
        self.yakuman = yakuman
        self.han = han
        self.fu = fu
        self.limit = limit
        self.raw_mask = raw_mask
        self.shape = shape
        self.parts = parts
        self.wait = wait
        self.pinfu = pinfu
        self.points = points
        """What the winner gains from the hand, before counters and deposits."""
        self.win = win
        self.compiled = compiled
        """The :class:`~.compiled.Compiled` table the win was scored by (typed ``Any``: a
        field of a Python class type is checked on every write)."""

    def reading(self) -> RawReading:
        """The reading's fields as the plain tuple the search gives (see RawReading)."""
        return (
            self.mask, self.dora, self.ura, self.red, self.concealed, self.basic, self.yakuman,
            self.han, self.fu, self.limit, self.raw_mask, self.shape, self.parts, self.wait,
            self.pinfu,
        )  # fmt: skip


def won_reading(best: RawReading, points: int, win: Any, compiled: Any) -> WonReading:
    """The :class:`WonReading` of a reading the search gave as a plain tuple."""
    return WonReading(
        best[0], best[1], best[2], best[3], best[4], best[5], best[6], best[7], best[8],
        best[9], best[10], best[11], best[12], best[13], best[14], points, win, compiled,
    )  # fmt: skip


class _Spare:
    """Where a search done with waits for the next win (see :func:`_search_for`): a native
    object's field, read and written at a fixed offset (a list popped empty and appended to
    again reallocates its storage each time)."""

    def __init__(self) -> None:
        self.search: _Search | None = None


_SPARE: Final = _Spare()
"""The search done with, to be started again: making one and letting it go costs about a
tenth of a hand's search. A search is taken out while it runs (nothing between the read and
the write can switch threads), so threads never share one; a nested search makes its own."""


def _search_for(
    win: Win, compiled: Compiled, tried: Tried | None, hot: tuple[Any, ...], honba: int
) -> _Search:
    """A search for one win: the spare one started again, or a new one."""
    spare = _SPARE.search
    if spare is None:
        search = _Search()
    else:
        search = spare
        _SPARE.search = None
    search.win = win
    search.compiled = compiled
    search.tried = tried
    search.candidates_table = hot[6]
    search.points_table = hot[7]
    search.points_direct = hot[12]
    search.threshold = hot[5]
    search.honba = honba
    # No best reading yet; _best sets every other field before a reading is offered.
    search.found = False
    return search


def _done(search: _Search) -> None:
    """Keep ``search`` for the next win, without the win and rules it holds."""
    search.win = None
    search.compiled = None
    search.tried = None
    _SPARE.search = search


def best_reading(win: Win, compiled: Compiled, tried: Tried | None) -> RawReading | None:
    """Every reading of the hand, scored; the best one (None: not a win).

    ``tried`` collects the readings without enough yaku (for the message of a non-win). A
    hand's suits come from memo tables with their facts precomputed, a decomposition's totals
    are one addition of packed ints, and the yaku rows are the feature bits' candidates (see
    :meth:`Compiled.for_features`), with predicates left only for the rare rows the features
    cannot decide.
    """
    # Read as Any: the flags keep Python's truth (an int 1 is a yes) rather than a compiled
    # conversion to bool refusing it.
    fields: Any = win
    riichi = bool(fields.riichi)
    situation = _situation_features(
        riichi, bool(fields.double_riichi), bool(fields.ippatsu), bool(fields.after_kong),
        bool(fields.robbing_kong), bool(fields.last_tile), bool(fields.first_turn),
    )  # fmt: skip
    hand: Hand = fields.hand
    search = _best(
        win, compiled, compiled.hot, tried, hand.melds, hand.suit_keys, hand.red_count,
        hand.held_counts, fields.dora_indicators, fields.ura_indicators, fields.seat,
        bool(fields.self_draw), fields.round_wind, fields.honba, fields.win_tile.kind, riichi,
        situation, fields.nukidora,
    )  # fmt: skip
    found = search.reading() if search.found else None
    _done(search)
    return found


def plain_win(win: Any, compiled: Compiled) -> RawReading | None:
    """:func:`best_reading` of a win whose description is plainly possible, :data:`NOT_A_WIN`
    when such a hand does not win; None for anything else (an impossible description, a rare
    flag that the checks should word), which the scorer then takes the careful way
    (:func:`~.checks.why_impossible`, the message).

    It accepts only what :func:`~.checks.why_impossible` accepts, reading each field of the
    win once for both the checks and the search. ``win`` is typed ``Any`` so that no field is
    converted before it is checked: a count of the wrong type goes the careful way, to be
    named in its refusal, rather than failing a compiled conversion.
    """
    hand = win.hand
    if not isinstance(hand, Hand):
        return None
    search = _plain(
        win, compiled, compiled.hot, hand.size, hand.melds, hand.suit_keys, hand.red_count,
        hand.held_counts, win.win_tile, win.seat, win.round_wind, win.self_draw, win.from_seat,
        win.honba, win.deposits, win.riichi, win.double_riichi, win.ippatsu, win.after_kong,
        win.robbing_kong, win.last_tile, win.first_turn, win.liable_seat, win.nukidora,
        win.dora_indicators, win.ura_indicators,
    )  # fmt: skip
    if search is None:
        return None
    found = search.reading() if search.found else NOT_A_WIN
    _done(search)
    return found


ANSWER: Final = 0
""":func:`plain_answer`'s ``want`` for :func:`~.scorer.score`'s answer."""
VALUE: Final = 1
""":func:`plain_answer`'s ``want`` for :func:`~.scorer.hand_value`'s value."""


def plain_answer(
    want: int,
    win: Any,
    compiled: Compiled,
    hot: tuple[Any, ...],
    size: Any,
    melds: Any,
    suit_keys: Any,
    red_count: Any,
    held: Any,
    win_tile: Any,
    seat: Any,
    round_wind: Any,
    self_draw: Any,
    from_seat: Any,
    honba: Any,
    deposits: Any,
    riichi: Any,
    double_riichi: Any,
    ippatsu: Any,
    after_kong: Any,
    robbing_kong: Any,
    last_tile: Any,
    first_turn: Any,
    liable_seat: Any,
    nukidora: Any,
    dora_indicators: Any,
    ura_indicators: Any,
) -> tuple[Any, ...] | WonReading | None:
    """:func:`plain_win` and what the scorer makes of its reading, in one call: for ``want``
    :data:`ANSWER`, the :class:`WonReading` a :class:`~.answer.RiichiScore` keeps (the
    reading, the winner's gain, the win); for :data:`VALUE`, the fields of a
    :class:`~.scorer.HandValue`. :data:`NOT_A_WIN` and None as :func:`plain_win` (None too for
    an answer with a liable seat, which the careful way pays).

    The caller reads the fields of the win and of its hand (a :class:`~mahjongkit.hand.Hand`:
    the caller checks its type), since the interpreter reads a slot of a Python object in a
    few instructions and compiled code through the generic attribute look-up, several times
    as many; they arrive untyped, to be checked here as :func:`plain_win` checks them. The
    pattern ids come from the compiled memo table by the rows' mask, filled through
    :class:`~.compiled.Compiled` on a miss. ``hot`` is ``compiled.hot``, which the caller
    keeps beside it (a field of a Python object, read here, would take the generic look-up).
    """
    search = _plain(
        win, compiled, hot, size, melds, suit_keys, red_count, held, win_tile, seat, round_wind,
        self_draw, from_seat, honba, deposits, riichi, double_riichi, ippatsu, after_kong,
        robbing_kong, last_tile, first_turn, liable_seat, nukidora, dora_indicators,
        ura_indicators,
    )  # fmt: skip
    if search is None:
        return None
    # The search's fields, read once, and the search given back for the next win.
    found = search.found
    mask = search.best_mask
    yakuman = search.best_yakuman
    han = search.best_han
    fu = search.best_fu
    basic = search.best_basic
    limit = search.best_limit
    gains: tuple[int, ...] = search.best_gains
    dora = search.dora
    ura = search.ura
    red = search.red
    concealed = search.concealed
    raw_mask = search.best_raw_mask
    shape = search.best_shape
    parts = search.best_parts
    wait = search.best_wait
    pinfu = search.best_pinfu
    _done(search)
    if not found:
        return NOT_A_WIN
    if want == VALUE:
        ids_table: dict[int, Any] = hot[11]
        try:
            ids: tuple[Any, ...] = ids_table[mask]
        except KeyError:
            ids = compiled.ids_of(mask)
        points = gains[(0 if seat else 2) + (1 if self_draw else 0)]
        return (han, fu, yakuman, basic, points, limit, ids)
    if liable_seat is not None:
        return None  # what the liable seat owes depends on the yakuman: the careful way
    # The winner's gain now; the pattern lines, the payments and the explanation when first
    # read (answer.RiichiScore), from the memo tables.
    points = gains[(0 if seat else 2) + (1 if self_draw else 0)]
    return WonReading(
        mask, dora, ura, red, concealed, basic, yakuman, han, fu, limit, raw_mask, shape, parts,
        wait, pinfu, points, win, compiled,
    )  # fmt: skip


def _plain(
    win: Any,
    compiled: Compiled,
    hot: tuple[Any, ...],
    size: Any,
    melds_object: Any,
    suit_keys: Any,
    red_count: Any,
    held: Any,
    win_tile: Any,
    seat_object: Any,
    wind_object: Any,
    self_draw_object: Any,
    from_object: Any,
    honba_object: Any,
    deposits_object: Any,
    riichi_object: Any,
    double_riichi_object: Any,
    ippatsu_object: Any,
    after_kong_object: Any,
    robbing_kong_object: Any,
    last_tile_object: Any,
    first_turn_object: Any,
    liable_seat: Any,
    nukidora: Any,
    dora_indicators: Any,
    ura_indicators: Any,
) -> _Search | None:
    """:func:`plain_win`'s search, the fields read (the hand's fields of a Hand): None for the
    careful way."""
    players: int = hot[8]
    if size != 14:
        return None
    if not (
        type(seat_object) is int
        and type(honba_object) is int
        and type(deposits_object) is int
        and type(wind_object) is int
    ):
        return None
    seat: int = seat_object
    honba: int = honba_object
    deposits: int = deposits_object
    round_wind: int = wind_object
    if not (
        0 <= seat < players
        and 0 <= honba <= _MAX_COUNT
        and 0 <= deposits <= _MAX_COUNT
        and 0 <= round_wind < 4
    ):
        return None
    kind_object = win_tile.kind
    if type(kind_object) is not int:
        return None
    win_kind: int = kind_object
    if not 0 <= win_kind < 34:
        return None
    self_draw = bool(self_draw_object)
    if not self_draw and from_object is not None:
        if type(from_object) is not int:
            return None
        from_seat: int = from_object
        if not 0 <= from_seat < players or from_seat == seat:
            return None
    melds: tuple[Any, ...] = melds_object
    if melds:
        if players >= len(_LEFT_OF):
            if check_melds(win, players) is not None:
                return None
        else:
            left = _LEFT_OF[players][seat]
            for meld in melds:
                claimed_object = meld.from_seat
                if claimed_object is None:
                    continue
                if type(claimed_object) is not int:
                    return None
                claimed: int = claimed_object
                if claimed == seat or not 0 <= claimed < players:
                    return None
                if meld.kind is _CHOW and claimed != left:
                    return None
    if nukidora:
        return None
    riichi = bool(riichi_object)
    double_riichi = bool(double_riichi_object)
    ippatsu = bool(ippatsu_object)
    after_kong = bool(after_kong_object)
    robbing_kong = bool(robbing_kong_object)
    last_tile = bool(last_tile_object)
    first_turn = bool(first_turn_object)
    if (
        after_kong
        or robbing_kong
        or last_tile
        or first_turn
        or liable_seat is not None
        or (riichi and melds)
        or (not riichi and (ippatsu or double_riichi))
    ) and check_situation(win, players) is not None:
        return None
    situation = _situation_features(
        riichi, double_riichi, ippatsu, after_kong, robbing_kong, last_tile, first_turn
    )
    return _best(
        win, compiled, hot, None, melds, suit_keys, red_count, held, dora_indicators,
        ura_indicators, seat, self_draw, round_wind, honba, win_kind, riichi, situation, 0,
    )  # fmt: skip


def _situation_features(
    riichi: bool,
    double_riichi: bool,
    ippatsu: bool,
    after_kong: bool,
    robbing_kong: bool,
    last_tile: bool,
    first_turn: bool,
) -> int:
    """The feature bits of the win's flags."""
    features = 0
    if riichi:
        features |= F_RIICHI
        if double_riichi:
            features |= F_DOUBLE_RIICHI
        if ippatsu:
            features |= F_IPPATSU
    if after_kong or robbing_kong or last_tile or first_turn:  # rare
        if after_kong:
            features |= F_AFTER_KONG
        if robbing_kong:
            features |= F_ROBBING_KONG
        if last_tile:
            features |= F_LAST_TILE
        if first_turn:
            features |= F_FIRST_TURN
    return features


def _best(
    win: Win,
    compiled: Compiled,
    hot: tuple[Any, ...],
    tried: Tried | None,
    melds: tuple[Any, ...],
    suit_keys: tuple[Any, ...],
    red_count: int,
    held: bytes,
    dora_indicators: tuple[Any, ...],
    ura_indicators: tuple[Any, ...],
    seat: int,
    self_draw: bool,
    round_wind: int,
    honba: int,
    win_kind: int,
    riichi: bool,
    situation_features: int,
    nukidora: int,
) -> _Search:
    """:func:`best_reading`'s search, with the win's and its hand's fields read
    (``situation_features``: the flags')."""
    # SearchTables' fields, in order.
    red_fives: bool = hot[0]
    dora_of: tuple[int, ...] = hot[1]
    ura_dora: bool = hot[2]
    seat_tables: tuple[Any, ...] = hot[3]
    situations: tuple[Any, ...] = hot[4]
    search = _search_for(win, compiled, tried, hot, honba)
    search.red = red_count if red_fives else 0
    man_key: Any = suit_keys[0]
    pin_key: Any = suit_keys[1]
    sou_key: Any = suit_keys[2]
    honour_key: Any = suit_keys[3]
    try:
        man: tuple[Any, ...] = _MAN_FACTS[man_key]
        pin: tuple[Any, ...] = _PIN_FACTS[pin_key]
        sou: tuple[Any, ...] = _SOU_FACTS[sou_key]
        honours: tuple[Any, ...] = _HONOUR_FACTS[honour_key]
    except KeyError:
        man = suit_facts(0, man_key)
        pin = suit_facts(1, pin_key)
        sou = suit_facts(2, sou_key)
        honours = suit_facts(3, honour_key)
    man_readings: tuple[Any, ...] = man[0]
    pin_readings: tuple[Any, ...] = pin[0]
    sou_readings: tuple[Any, ...] = sou[0]
    honour_readings: tuple[Any, ...] = honours[0]
    # Each item unboxed into a typed local before any arithmetic (an operation on two items
    # read as Any would be the interpreter's generic one, compiled or not).
    man_flags: int = man[1]
    pin_flags: int = pin[1]
    sou_flags: int = sou[1]
    honour_flags: int = honours[1]
    man_special: int = man[2]
    pin_special: int = pin[2]
    sou_special: int = sou[2]
    honour_special: int = honours[2]
    flags = man_flags | pin_flags | sou_flags | honour_flags
    special = man_special + pin_special + sou_special + honour_special

    meld_chow_mask = 0
    meld_pung_mask = 0
    meld_packed = 0
    kongs = 0
    concealed = True
    if melds:
        meld_facts = _MELD_FACTS
        for meld in melds:
            found = meld_facts[meld.code]
            assert found is not None  # Meld checks its tiles: every meld has its facts
            fact: MeldFact = found
            meld_chow_mask |= fact[0]
            meld_pung_mask |= fact[1]
            flags |= fact[2]
            meld_packed += fact[3]
            kongs += fact[5]
            if fact[4]:
                concealed = False
    search.kongs = kongs
    search.concealed = concealed

    dora = 0
    indicator: Tile
    for indicator in dora_indicators:
        dora += held[dora_of[indicator.kind]]
    ura = 0
    if riichi and ura_dora:
        for indicator in ura_indicators:
            ura += held[dora_of[indicator.kind]]
    if nukidora:  # three players: the North tiles set aside count as held for dora
        dora, ura = _with_nukidora(win, dora_of, dora, ura, riichi and ura_dora)
    search.dora = dora
    search.ura = ura
    search.bonus = dora + search.red + ura

    situation: tuple[Any, ...] = situations[
        concealed * 4 + (2 if self_draw else 0) + (0 if seat else 1)
    ]
    features: int = situation[0]
    search.base_fu = situation[1]
    search.draw_fu = situation[2]
    shanpon_fus: tuple[int, ...] = situation[3]
    search.shanpon_hidden = situation[4]
    search.open_floor = situation[5]
    search.gain_index = situation[6]
    features |= situation_features
    if not melds:
        features |= F_NO_MELDS
    if kongs >= 3:
        features |= F_THREE_KONGS if kongs == 3 else F_THREE_KONGS | F_FOUR_KONGS
    # The kinds held do not depend on the reading: the tile features are the hand's.
    features |= TILE_FEATURES[flags]
    search.features = features

    win_suit = SUIT_OF_KIND[win_kind]
    win_number = win_kind - 9 * win_suit
    seat_table: tuple[Any, ...] = seat_tables[seat * 4 + round_wind]
    search.shanpon_fu = shanpon_fus[win_kind]
    regular = features | F_REGULAR
    # The decompositions: one part per suit, the pair in exactly one suit (an empty suit has
    # one empty part, a suit that cannot be cut has none).
    if _ONE_PAIR_SUIT[special & SPECIAL_PAIR_BITS]:
        if special >> SPECIAL_MORE_CUTS:
            for m in man_readings:
                for p in pin_readings:
                    for s in sou_readings:
                        for h in honour_readings:
                            _regular(
                                search, m, p, s, h, win_suit, win_number, regular, seat_table,
                                meld_packed, meld_chow_mask, meld_pung_mask,
                            )  # fmt: skip
        else:  # most hands: every suit has exactly one cut
            _regular(
                search, man_readings[0], pin_readings[0], sou_readings[0], honour_readings[0],
                win_suit, win_number, regular, seat_table, meld_packed, meld_chow_mask,
                meld_pung_mask,
            )  # fmt: skip
    # Then seven pairs or thirteen orphans, for a hand without melds.
    if not melds:
        if special >> SPECIAL_PAIRS & 0x1FF == 7:
            search.offer(
                features | F_SEVEN_PAIRS, SEVEN_PAIRS, NO_PARTS, _SEVEN_PAIRS_WAITS[0],
                _SEVEN_PAIRS_FU, 0, False, 0, 0, 0, -1, 0,
            )  # fmt: skip
        elif special >> SPECIAL_ORPHANS & 0x1FF == 13:
            search.offer(
                features | F_ORPHANS, ORPHANS, NO_PARTS, _ORPHANS_WAITS[0], 0, 0, False, 0, 0,
                0, -1, 0,
            )  # fmt: skip
    return search


def _regular(
    search: _Search,
    m: tuple[Any, ...],
    p: tuple[Any, ...],
    s: tuple[Any, ...],
    h: tuple[Any, ...],
    win_suit: int,
    win_number: int,
    regular: int,
    seat_table: tuple[Any, ...],
    meld_packed: int,
    meld_chow_mask: int,
    meld_pung_mask: int,
) -> None:
    """Offer every wait of one decomposition (one hot reading tuple per suit, see
    :data:`~mahjongkit.variants.riichi.features.SuitFacts`)."""
    m_packed: int = m[0]
    p_packed: int = p[0]
    s_packed: int = s[0]
    h_packed: int = h[0]
    m_chows: int = m[1]
    p_chows: int = p[1]
    s_chows: int = s[1]
    m_pungs: int = m[2]
    p_pungs: int = p[2]
    s_pungs: int = s[2]
    h_pungs: int = h[2]
    total = m_packed + p_packed + s_packed + h_packed + meld_packed
    chow_mask = m_chows | p_chows | s_chows | meld_chow_mask
    pung_mask = m_pungs | p_pungs | s_pungs | h_pungs | meld_pung_mask
    pair = (total >> PACK_PAIR & 63) - 1
    pair_fus: tuple[int, ...] = seat_table[0]
    pair_features: tuple[int, ...] = seat_table[1]
    honour_features: tuple[int, ...] = seat_table[2]
    pair_fu = pair_fus[pair]
    reading = regular | COUNT_FEATURES[total & PACK_COUNTS]
    reading |= honour_features[pung_mask >> 27] | pair_features[pair]
    # Four sets hold three chows or three pungs, never both.
    if reading & F_THREE_CHOWS:
        try:
            set_bits = CHOW_FEATURES_MEMO[chow_mask]
        except KeyError:
            set_bits = _remember(CHOW_FEATURES_MEMO, _f.chow_features(chow_mask), chow_mask)
        reading |= set_bits
    elif reading & F_THREE_PUNGS:
        try:
            set_bits = PUNG_FEATURES_MEMO[pung_mask]
        except KeyError:
            set_bits = _remember(PUNG_FEATURES_MEMO, _f.pung_features(pung_mask), pung_mask)
        reading |= set_bits
    suit_reading = m if win_suit == 0 else p if win_suit == 1 else s if win_suit == 2 else h
    m_place: int = m[4]
    p_place: int = p[4]
    s_place: int = s[4]
    h_place: int = h[4]
    parts = encode_parts(m_place, p_place, s_place, h_place)
    by_number: tuple[Any, ...] = suit_reading[3]
    waits_here: tuple[int, ...] = by_number[win_number]
    sets_fu = total >> PACK_FU & 0xFF
    all_hidden = total >> PACK_HIDDEN & 7
    pinfu_shape = search.concealed and total & 7 == 4 and not pair_fu
    base_fu = search.base_fu + pair_fu
    for wait in waits_here:
        fu = sets_fu
        hidden = all_hidden
        if wait == SHANPON:
            fu -= search.shanpon_fu
            hidden -= search.shanpon_hidden
        pinfu = pinfu_shape and wait == RYANMEN
        fu += base_fu + _WAIT_FU[wait]
        if not pinfu:
            fu += search.draw_fu
        if fu == 20 and search.open_floor:
            fu = 22
        fu = (fu + 9) // 10 * 10
        search.offer(
            reading | WAIT_FEATURES[wait] | HIDDEN_FEATURES[hidden], REGULAR, parts, wait, fu,
            hidden, pinfu, total, chow_mask, pung_mask, pair, pair_fu,
        )  # fmt: skip


def _remember(memo: dict[int, int], found: int, mask: int) -> int:
    """``found``, the set features of ``mask``, kept in ``memo`` (one of the two set-feature
    memos, started afresh past :data:`SET_MEMO_LIMIT`)."""
    if len(memo) > SET_MEMO_LIMIT:
        memo.clear()
    memo[mask] = found
    return found


def _showing_north(dora_of: tuple[int, ...], indicators: tuple[Tile, ...]) -> int:
    """How many of the indicators show North as the dora."""
    found = 0
    for tile in indicators:
        if dora_of[tile.kind] == _NORTH:
            found += 1
    return found


def _with_nukidora(
    win: Win, dora_of: tuple[int, ...], dora: int, ura: int, with_ura: bool
) -> tuple[int, int]:
    """Dora and ura dora with the North tiles set aside (each a dora of its own, and one more
    per indicator showing North; ``with_ura`` false: no ura dora count)."""
    north: int = win.nukidora
    dora += north * (1 + _showing_north(dora_of, win.dora_indicators))
    if not with_ura:
        return dora, 0
    return dora, ura + north * _showing_north(dora_of, win.ura_indicators)


def _context(win: Win, kongs: int, features: int, shape: int) -> WinContext:
    """A context for the predicates, with the hand's facts (the reading's are the caller's)."""
    hand = win.hand
    held: bytes = hand.held_counts
    # The counts by suit key (small ints), not from the whole hand's packed int: shifting an
    # int past a machine word makes a new int object at every step.
    suit_keys: tuple[int, ...] = hand.suit_keys
    kinds_mask = 0
    counts: list[int] = []
    for kind in range(34):
        if held[kind]:
            kinds_mask |= 1 << kind
        suit_key = suit_keys[kind // 9]
        counts.append(suit_key >> (3 * (kind % 9)) & 7)
    ctx = WinContext()
    ctx.kinds_mask = kinds_mask
    ctx.concealed_counts = tuple(counts)
    ctx.melds = len(hand.melds)
    ctx.kongs = kongs
    ctx.seat_wind = 27 + win.seat
    ctx.round_wind = 27 + win.round_wind
    ctx.win_kind = win.win_tile.kind
    ctx.features = features
    ctx.shape = shape
    return ctx


def _yakuman_rows(compiled: Compiled, mask: int, yakuman: int) -> tuple[int, int]:
    """The yakuman rows that count and their value. R-04: unless the rules stack them,
    yakuman do not add up; the most valuable one counts."""
    if compiled.rules.yakuman_stacking:
        return mask, yakuman
    by_bit = compiled.by_bit
    best = 0
    for bit in bits_of(mask):
        best = max(best, by_bit[bit].yakuman)
    for bit in bits_of(mask):
        if by_bit[bit].yakuman == best:
            return bit, best
    raise AssertionError("a yakuman mask without a yakuman row")
