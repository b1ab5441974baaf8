"""The answer to a won Riichi hand: :class:`RiichiScore`, its explanation fields and payments.

Only the best reading is turned into an answer. Its numbers (han, fu, limit, points) are set
when it is made; its rows (pattern lines, payments and payment lines: the compiled table's
memoised objects) and its explanation (fu breakdown, limit names, replaced rows, the hand's
text, the reading in ``extra``) are computed the first time they are read. This module also
words the answers for hands that do not win.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter

from mahjongkit.hand import Hand
from mahjongkit.i18n import Sentence
from mahjongkit.lite_typing import Any
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import FuItem, Names, PatternHit, PaymentLine, Score, Win
from mahjongkit.tiles import format_kinds
from mahjongkit.valueclass import fields
from mahjongkit.variants.riichi.compiled import (
    Compiled,
    Settlement,
    bits_of,
    compile_rules,
    pattern_key,
    payment_key,
)
from mahjongkit.variants.riichi.features import (
    ORPHANS,
    REGULAR,
    SEVEN_PAIRS,
    SHANPON,
    WAIT_NAMES,
    Part,
    suit_info,
)
from mahjongkit.variants.riichi.fu import breakdown, seven_pairs_breakdown
from mahjongkit.variants.riichi.points import limit_names
from mahjongkit.variants.riichi.readings import WonReading, won_reading
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.search import (
    R_BASIC,
    R_MASK,
    R_YAKUMAN,
    RawReading,
    Reading,
    Tried,
    named,
    parts_of,
)

VARIANT_NAME = "riichi"


def failure(code: str, message: str, win: Win) -> Score:
    return Score.failure(VARIANT_NAME, code, message, str(win.hand))


# --- the answer ---------------------------------------------------------------------------------


_CHOW_TEXT = tuple(
    format_kinds([k, k + 1, k + 2]) if k < 27 and k % 9 < 7 else "" for k in range(34)
)
_PUNG_TEXT = tuple(format_kinds([k] * 3) for k in range(34))
_PAIR_TEXT = tuple(format_kinds([k] * 2) for k in range(34))
"""The mpsz of a chow (by its first kind), a pung and a pair of each kind."""


def _describe(parts: tuple[Part, ...], melds: tuple[Meld, ...]) -> str:
    """A reading's sets and pair in mpsz, e.g. ``234m 456p 678s 555z 44z``."""
    groups: list[str] = []
    pair = -1
    for part in parts:
        groups.extend(_CHOW_TEXT[kind] for kind in part.chow_starts)
        groups.extend(_PUNG_TEXT[kind] for kind in part.pung_kinds)
        if part.pair >= 0:
            pair = part.pair
    groups.extend(_meld_text(meld) for meld in melds)
    if pair >= 0:
        groups.append(_PAIR_TEXT[pair])
    return " ".join(groups)


_MELD_TEXT: dict[Meld, str] = {}
_MEMO_LIMIT = 100_000
"""Entries kept in :data:`_MELD_TEXT` before it is emptied."""


def _meld_text(meld: Meld) -> str:
    """``str(meld)`` (memoised: melds are few values)."""
    text = _MELD_TEXT.get(meld)
    if text is None:
        if len(_MELD_TEXT) >= _MEMO_LIMIT:  # melds are a finite set; the bound is a guard
            _MELD_TEXT.clear()
        text = _MELD_TEXT[meld] = str(meld)
    return text


def _hand_text(hand: Hand) -> str:
    """``str(hand)`` from the suit facts: the same text, without sorting and formatting tiles."""
    pieces = [suit_info(suit, suit_key).text for suit, suit_key in enumerate(hand.suit_keys)]
    red_kinds = hand.red_kinds
    if red_kinds:
        for suit in range(3):
            if red_kinds >> (suit * 9 + 4) & 1:
                # The red five sorts after the plain fives (format_hand orders by kind, red).
                head, _, tail = pieces[suit].rpartition("5")
                pieces[suit] = head + "0" + tail
    concealed = "".join(pieces)
    if not hand.melds:
        return concealed
    return " ".join([concealed, *map(_meld_text, hand.melds)])


State = WonReading
"""What a won :class:`RiichiScore` is made of: the search's best reading, the winner's gain
and the win, in one native object (see :class:`~.readings.WonReading`). Its numbers are read
from there; everything else is derived from it when first read, so a kept answer is two
objects for the garbage collector to follow (the answer and its state), with a few edges
each."""

_UNSET: Any = object()


class RiichiScore(Score):
    """A won Riichi :class:`~mahjongkit.scoring.Score` whose rows and explanation are built when
    read.

    The numbers are set when it is made: han (``value``, ``raw_value``), fu, limit and points.
    The rows and the explanation (``patterns``, ``payments``, ``lines``, ``fu_breakdown``,
    ``limit_names``, ``replaced``, ``hand`` and ``extra``) are computed from the reading the
    first time they are read, then kept: the same values an eager build would give (the
    pattern lines and the payments are the compiled table's shared, memoised ones), without
    paying for rows, names and text nobody reads. It reads, compares (with another Riichi
    score), copies and pickles like any Score.

    A score made by ``Score.__init__`` (``dataclasses.replace``) or unpickled keeps its fields
    in its instance dict, like any Score.

    ``extra`` holds ``yakuman`` (how many), ``reading`` (sets and pair, e.g.
    ``234m 456p 678s 555z 44z``), ``wait`` (two-sided, closed, edge, pair, double pung),
    ``deposits`` (points collected from the table), ``counters`` and, when North tiles were set
    aside (three players), ``nukidora`` (how many).
    """

    __slots__ = ("_state",)
    _state: State
    # Constant for a won Riichi hand (a value in the instance dict, from __init__, wins).
    variant = VARIANT_NAME
    error = None
    unit = "han"
    cap = None

    def _explained(self, name: str) -> Any:
        known = self.__dict__
        found = known.get(name, _UNSET)
        if found is _UNSET:
            found = known[name] = _EXPLAIN[name](self._state, known)
        return found

    def __getstate__(self) -> dict[str, Any]:
        # Every field, explained ones included, without the source; the read-only view of the
        # payments (shared with the memo table) as a plain dict.
        state = {name: getattr(self, name) for name in _FIELD_NAMES}
        state["payments"] = dict(state["payments"])
        return state

    # Each explained field is a property that computes the value once; the setter is what
    # ``Score.__init__`` (``dataclasses.replace``) and unpickling use.
    @property
    def patterns(self) -> tuple[PatternHit, ...]:
        """The pattern lines (the compiled table's memoised ones)."""
        return self._explained("patterns")  # type: ignore[no-any-return]

    @patterns.setter
    def patterns(self, value: tuple[PatternHit, ...]) -> None:
        self.__dict__["patterns"] = value

    @property
    def payments(self) -> Mapping[int, int]:
        """The signed change per seat, counters and deposits included (read-only, shared)."""
        return self._explained("payments")  # type: ignore[no-any-return]

    @payments.setter
    def payments(self, value: Mapping[int, int]) -> None:
        self.__dict__["payments"] = value

    @property
    def lines(self) -> tuple[PaymentLine, ...]:
        """Who pays whom and why."""
        return self._explained("lines")  # type: ignore[no-any-return]

    @lines.setter
    def lines(self, value: tuple[PaymentLine, ...]) -> None:
        self.__dict__["lines"] = value

    @property
    def fu_breakdown(self) -> tuple[FuItem, ...]:
        """The fu components of the reading (see :func:`~.fu.breakdown`)."""
        return self._explained("fu_breakdown")  # type: ignore[no-any-return]

    @fu_breakdown.setter
    def fu_breakdown(self, value: tuple[FuItem, ...]) -> None:
        self.__dict__["fu_breakdown"] = value

    @property
    def limit_names(self) -> Names:
        """The limit's names (empty below a mangan)."""
        return self._explained("limit_names")  # type: ignore[no-any-return]

    @limit_names.setter
    def limit_names(self, value: Names) -> None:
        self.__dict__["limit_names"] = value

    @property
    def replaced(self) -> tuple[tuple[str, str], ...]:
        """(dropped pattern id, the id of the pattern that includes it)."""
        return self._explained("replaced")  # type: ignore[no-any-return]

    @replaced.setter
    def replaced(self, value: tuple[tuple[str, str], ...]) -> None:
        self.__dict__["replaced"] = value

    @property
    def replaced_names(self) -> tuple[tuple[str, Names], ...]:
        """(pattern id, its names) for each dropped pattern of :attr:`replaced`."""
        return self._explained("replaced_names")  # type: ignore[no-any-return]

    @replaced_names.setter
    def replaced_names(self, value: tuple[tuple[str, Names], ...]) -> None:
        self.__dict__["replaced_names"] = value

    @property
    def hand(self) -> str:
        """The hand in mpsz, melds after the concealed tiles."""
        return self._explained("hand")  # type: ignore[no-any-return]

    @hand.setter
    def hand(self, value: str) -> None:
        self.__dict__["hand"] = value

    @property
    def extra(self) -> Mapping[str, Any]:
        """The reading behind the score (see the class documentation)."""
        return self._explained("extra")  # type: ignore[no-any-return]

    @extra.setter
    def extra(self, value: Mapping[str, Any]) -> None:
        self.__dict__["extra"] = value

    @property
    def players(self) -> int:
        """The seats of the rules the hand was paid under."""
        try:
            return self._state.compiled.rules.players  # type: ignore[no-any-return]
        except AttributeError:  # made by Score.__init__ or unpickled
            return self.__dict__["players"]  # type: ignore[no-any-return]

    @players.setter
    def players(self, value: int) -> None:
        self.__dict__["players"] = value


def _stored(name: str, source: str) -> property:
    """The property of a field read from the state's field ``source`` (or the instance
    dict)."""
    read_state = attrgetter("_state." + source)

    def read(score: RiichiScore) -> Any:
        try:
            return read_state(score)
        except AttributeError:  # made by Score.__init__ or unpickled
            return score.__dict__[name]

    def write(score: RiichiScore, value: Any) -> None:
        score.__dict__[name] = value

    return property(read, write, doc=f"See :class:`~mahjongkit.scoring.Score` ({name}).")


_STORED: dict[str, str] = {
    "points": "points",
    # The han is the value and the raw value (never capped).
    "value": "han",
    "raw_value": "han",
    "fu": "fu",
    "limit": "limit",
}
"""Which field of the state each stored field reads."""
for _name, _source in _STORED.items():
    setattr(RiichiScore, _name, _stored(_name, _source))
_FIELD_NAMES = tuple(score_field.name for score_field in fields(Score))

# How an answer is made, out of sight of its readers: one slot holds its state (see State), set
# through the slot's own descriptor, bound once here: setting a dozen fields one at a time past
# the frozen guard would cost as much as scoring the hand, and each call from Python to a slot's
# descriptor costs about as much as a dictionary look-up by a tuple.
set_state = RiichiScore.__dict__["_state"].__set__
new_score = object.__new__
"""Makes an answer at C speed, its state then set through :data:`set_state`."""


def make_answer(state: State) -> Score:
    """The answer of a state (see :data:`State`)."""
    result = new_score(RiichiScore)
    set_state(result, state)
    return result


def _patterns(state: State, known: dict[str, Any]) -> tuple[PatternHit, ...]:
    """The pattern lines of the reading, from the compiled table's memo (made on a miss)."""
    compiled: Compiled = state.compiled
    mask, dora, ura, red, concealed = state.mask, state.dora, state.ura, state.red, state.concealed
    north = state.win.nukidora  # three players: the North tiles set aside get their own line
    key = pattern_key(mask, dora, ura, red, concealed, north)
    found = compiled.pattern_lists.get(key)
    if found is None:  # .get: the table is emptied when it grows past its limit
        found = compiled.pattern_lines(key, state.yakuman, mask, dora, ura, red, concealed, north)
    return found


def _settlement(state: State, known: dict[str, Any]) -> Settlement:
    """The payments of the win (points, payments by seat, lines, rules), from the compiled
    table's memo (made on a miss); kept beside the fields that read it."""
    found: Settlement | None = known.get("_settlement")
    if found is None:
        found = known["_settlement"] = settlement_of(
            state.compiled, state.win, state.basic, state.mask, state.yakuman
        )
    return found


def settlement_of(compiled: Compiled, win: Win, basic: int, mask: int, yakuman: int) -> Settlement:
    """The settlement of a win of ``basic`` points, from the memo under its payment key."""
    seat, self_draw, from_seat = win.seat, win.self_draw, win.from_seat
    honba, deposits, liable_seat = win.honba, win.deposits, win.liable_seat
    if liable_seat is None:
        key = payment_key(basic, seat, self_draw, from_seat, honba, deposits)
        liable_basic = 0
    else:  # rare: what the liable seat owes depends on the yakuman
        liable_basic = _liable_basic(compiled, compiled.rules, mask, yakuman)
        key = (basic, seat, self_draw, from_seat, honba, deposits, liable_seat, liable_basic)
    found = compiled.settlements.get(key)
    if found is None:
        found = compiled.settle(
            key, basic, seat, self_draw, from_seat, honba, deposits, liable_seat, liable_basic
        )
    return found


def _named(state: State, known: dict[str, Any]) -> Reading:
    """The named reading, which serves every explained field: made once, kept beside them."""
    reading: Reading | None = known.get("_named")
    if reading is None:
        reading = known["_named"] = named(state.reading(), state.win.hand)
    return reading


def _replaced(win: Win, rules: RiichiRules, best: Reading) -> tuple[tuple[str, str], ...]:
    """The rows the reading dropped because a row that contains them applies."""
    if best.raw_mask == best.mask or best.yakuman:
        return ()
    by_bit = compile_rules(rules).by_bit
    return tuple(
        (by_bit[dropped].row.id, by_bit[by].row.id)
        for by in bits_of(best.raw_mask & best.mask)
        for dropped in bits_of(by_bit[by].replaces & best.raw_mask & ~best.mask)
    )


def _replaced_names(win: Win, rules: RiichiRules, best: Reading) -> tuple[tuple[str, Names], ...]:
    """The names of the rows :func:`_replaced` lists as dropped."""
    rows = {entry.row.id: entry.row for entry in compile_rules(rules).by_bit.values()}
    return tuple((dropped, rows[dropped].names) for dropped, _ in _replaced(win, rules, best))


def _extra(win: Win, rules: RiichiRules, best: Reading) -> dict[str, Any]:
    shape = best.shape
    extra = {
        "yakuman": best.yakuman,
        "reading": (
            _describe(best.parts, win.hand.melds)
            if shape == REGULAR
            else ("seven pairs" if shape == SEVEN_PAIRS else "thirteen orphans")
        ),
        "wait": WAIT_NAMES[best.wait],
        "deposits": win.deposits * rules.riichi_deposit,
        "counters": win.honba,
    }
    if win.nukidora:  # their own line is among the patterns; the count for the JSON
        extra["nukidora"] = win.nukidora
    return extra


def _explains(
    function: Callable[[Win, RiichiRules, Reading], Any],
) -> Callable[[State, dict[str, Any]], Any]:
    """An explained field computed from the win, its rules and the named reading."""
    return lambda state, known: function(state.win, state.compiled.rules, _named(state, known))


_EXPLAIN: dict[str, Callable[[State, dict[str, Any]], Any]] = {
    "patterns": _patterns,
    "payments": lambda state, known: _settlement(state, known)[1],
    "lines": lambda state, known: _settlement(state, known)[2],
    "fu_breakdown": _explains(
        lambda win, rules, best: _fu_breakdown(win, rules, best, best.concealed)
    ),
    "limit_names": lambda state, known: limit_names(state.limit) if state.limit else {},
    "replaced": _explains(_replaced),
    "replaced_names": _explains(_replaced_names),
    "hand": lambda state, known: _hand_text(state.win.hand),
    "extra": _explains(_extra),
}
"""How each field of a :class:`RiichiScore` computed when first read is computed (from its
state and what it already computed: the named reading, the settlement)."""


def build_answer(win: Win, rules: RiichiRules, compiled: Compiled, best: RawReading) -> Score:
    """Turn the best reading into the public answer (its rows and explanation are built when
    read). The winner's gain is the settlement's, made here (a liable seat's included)."""
    settlement = settlement_of(compiled, win, best[R_BASIC], best[R_MASK], best[R_YAKUMAN])
    result = make_answer(won_reading(best, settlement[0], win, compiled))
    result.__dict__["_settlement"] = settlement
    return result


def _liable_basic(compiled: Compiled, rules: RiichiRules, mask: int, yakuman: int) -> int:
    """The basic points of the yakuman a liable seat answers for (R-48), 0 for none."""
    if not yakuman:
        return 0
    by_bit = compiled.by_bit
    liable_ids = rules.liability_yakuman
    return 8000 * sum(
        by_bit[bit].yakuman for bit in bits_of(mask) if by_bit[bit].row.id in liable_ids
    )


def _fu_breakdown(win: Win, rules: RiichiRules, best: Reading, concealed: bool) -> tuple[Any, ...]:
    if best.shape == SEVEN_PAIRS:
        return seven_pairs_breakdown()
    if best.shape == ORPHANS:
        return ()
    win_kind = win.win_tile.kind
    sets: list[tuple[int, bool, str]] = []
    pair = -1
    self_draw = win.self_draw
    for part in best.parts:
        for kind in part.pung_kinds:
            by_discard = best.wait == SHANPON and kind == win_kind and not self_draw
            sets.append((kind, False, "discard" if by_discard else "concealed"))
        if part.pair >= 0:
            pair = part.pair
    for meld in win.hand.melds:
        meld_kind = meld.kind
        if meld_kind is not MeldKind.CHOW:
            state = "concealed" if meld_kind is MeldKind.CONCEALED_KONG else "open"
            sets.append((meld.tiles[0].kind, meld_kind is not MeldKind.PUNG, state))
    return breakdown(
        concealed,
        self_draw,
        tuple(sets),
        best.wait,
        win_kind,
        pair,
        27 + win.seat,
        27 + win.round_wind,
        rules.double_wind_pair_fu,
        best.pinfu,
        rules.open_pinfu_fu,
    )


def no_win_answer(win: Win, rules: RiichiRules, tried: Tried) -> Score:
    """The answer for a hand that does not win: not complete, or complete without a yaku."""
    from mahjongkit.shapes import shanten  # only a hand that does not win needs the shapes

    hand = win.hand
    if not tried:
        counts = hand.counts
        groups, left = _closest_split(counts)
        exchanges = shanten(counts, len(hand.melds)) + 1
        shown = " ".join([*groups, *(str(m) for m in hand.melds)])
        return failure(
            "not_complete",
            Sentence(
                "riichi.not_complete",
                hand=str(hand),
                shown=shown or Sentence("riichi.nothing"),
                left=format_kinds(left),
                exchanges=exchanges,
            ),
            win,
        )
    readings: list[Sentence] = []
    for shape, parts_code, wait, _han in tried:
        if shape == REGULAR:
            parts = parts_of(hand, parts_code)
            sets_text = _describe(parts, hand.melds)
            wait_name = Sentence(f"riichi.wait.{wait}")
            readings.append(Sentence("riichi.reading", groups=sets_text, wait=wait_name))
        else:
            shape_key = "seven_pairs" if shape == SEVEN_PAIRS else "thirteen_orphans"
            readings.append(Sentence(f"riichi.{shape_key}"))
    unique = tuple(dict.fromkeys(readings))
    threshold = rules.two_han_minimum_counters
    if threshold is not None and win.honba >= threshold and any(h for *_, h in tried):
        return failure(
            "below_minimum_han",
            Sentence("riichi.below_two_han", honba=win.honba, readings=unique),
            win,
        )
    dora = win.dora_indicators or any(t.red for t in hand.concealed)
    return failure(
        "no_yaku",
        Sentence(
            "riichi.no_yaku",
            note=Sentence("riichi.dora_not_yaku") if dora else "",
            readings=unique,
            open="" if hand.is_concealed else Sentence("riichi.not_concealed"),
        ),
        win,
    )


def _closest_split(counts: list[int]) -> tuple[list[str], list[int]]:
    """The split of concealed tiles into sets (and one pair) that leaves the fewest tiles over:
    (the groups in mpsz, the kinds left over). For messages only."""
    best: list[Any] = [99, [], []]
    hand = list(counts)

    def search(kind: int, groups: list[list[int]], left: list[int], pair: bool) -> None:
        while kind < 34 and not hand[kind]:
            kind += 1
        if kind == 34:
            if len(left) < best[0]:
                best[:] = [len(left), [g[:] for g in groups], left[:]]
            return
        if len(left) >= best[0]:
            return
        options: list[tuple[list[int], bool]] = []
        if hand[kind] >= 3:
            options.append(([kind] * 3, pair))
        if kind < 27 and kind % 9 < 7 and hand[kind + 1] and hand[kind + 2]:
            options.append(([kind, kind + 1, kind + 2], pair))
        if hand[kind] >= 2 and not pair:
            options.append(([kind] * 2, True))
        for group, with_pair in options:
            for k in group:
                hand[k] -= 1
            groups.append(group)
            search(kind, groups, left, with_pair)
            groups.pop()
            for k in group:
                hand[k] += 1
        hand[kind] -= 1
        left.append(kind)
        search(kind, groups, left, pair)
        left.pop()
        hand[kind] += 1

    search(0, [], [], False)
    return [format_kinds(group) for group in best[1]], best[2]
