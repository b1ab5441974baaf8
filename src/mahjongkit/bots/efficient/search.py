"""The loops of the efficient discard search, as module functions over a
:class:`~mahjongkit.bots.efficient.reading.HandReading`: which discard of each kind is legal,
what each kind is worth keeping, the shanten band of every discard, and the keys of the
discards of the best shanten when none leaves a ready hand.

They are the hot path of every bot's turn, and the agent classes that call them are extended
in Python (so left interpreted): kept here, as plain functions, they compile with the reading
(``native.COMPILED``). Each gives exactly what the agent's method it serves gave (the methods
of :class:`~mahjongkit.bots.efficient.discards.DiscardChooser` call them), float for float.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mahjongkit.bots.efficient.reading import HandReading
from mahjongkit.melds import MeldKind
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import NUM_KINDS, NUM_PHYSICAL, RED_FIVE_IDS
from mahjongkit.variants.base import Plan

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

__all__ = [
    "Entry",
    "WinMemo",
    "best_shanten_keys",
    "contenders",
    "entry_key",
    "first_and_close",
    "keep_value",
    "quiet_bound",
    "read_discards",
    "ready_value",
]

Entry = tuple[tuple[float, ...], Action, int]
"""One discard of a ranking: its sort key (smallest first), the action, its wait value."""

# Final names: compiled, C statics (an enum member read off its class is a slow look-up).
_YAKU: Final = Plan.YAKU
_MINIMUM: Final = Plan.MINIMUM
_MISSING_SUIT: Final = Plan.MISSING_SUIT
_CHOW: Final = MeldKind.CHOW.value
_RED_FIVES: Final = frozenset(RED_FIVE_IDS)
_NUM_KINDS: Final = NUM_KINDS
_NUM_PHYSICAL: Final = NUM_PHYSICAL


def read_discards(
    legal: Sequence[Action], drawn: int | None
) -> tuple[dict[int, Action], set[int]] | None:
    """The discard of each kind the hand may give up (a plain five before a red one, the tile
    just drawn before an alike copy), and the kinds riichi may be declared with; None when no
    discard is legal. ``drawn``: the tile just drawn, if any."""
    by_kind: dict[int, Action] = {}
    riichi_kinds: set[int] = set()
    riichi, discard = A.RIICHI, A.DISCARD
    for action in legal:
        tile = action.tile
        if tile is None or tile >= _NUM_PHYSICAL:
            continue
        kind = tile >> 2
        kind_of_action = action.type
        if kind_of_action == discard:
            kept = by_kind.get(kind)
            if kept is None:
                by_kind[kind] = action
                continue
            red = tile in _RED_FIVES
            kept_red = kept.tile in _RED_FIVES
            # Give away a plain five rather than the red one, and of two alike copies the one
            # just drawn: the choice then depends on what the tiles are, never on their ids
            # (an mjai seat's mirror of the game numbers them its own way).
            if (kept_red and not red) or (kept_red == red and tile == drawn):
                by_kind[kind] = action
        elif kind_of_action == riichi:
            riichi_kinds.add(kind)
    if not by_kind:
        return None
    return by_kind, riichi_kinds


def keep_value(reading: HandReading, kind: int) -> float:
    """How much the hand loses by giving up one tile of ``kind`` beyond its shanten and
    improving tiles, in units of improving tiles (negative: the plan wants it gone)."""
    counts = reading.counts
    held = counts[kind]
    aim = reading.record.bot_hints.plan
    value = 0.0
    if aim is _MISSING_SUIT:
        missing = reading.observation.own.missing_suit
        if missing is not None and kind // 9 == missing:
            return -100.0
        tally = reading.suit_tally()
        main = -1
        for suit in range(3):
            # The first suit of the most tiles, the missing one left out.
            if suit != missing and (main < 0 or tally[suit] > tally[main]):
                main = suit
        if main >= 0 and tally[main] >= 9 and kind // 9 != main:
            # A pure suit (and its fan) is in reach: the other suit goes first.
            value -= 3.0 if tally[main] >= 11 else 1.5
        if held >= 3:
            value += 3.0  # a root (four of a kind) in the making
        if held == 2 and reading.pair_count() >= 4:
            value += 2.0  # towards all pungs or seven pairs
        return value
    honour = kind >= 27
    fan = reading.value_honours.get(kind, 0)
    if honour:
        if fan and held >= 2:
            value += 6.0 * fan
        elif fan:
            value += 0.6
        else:
            value -= 0.6 if held == 1 else 0.0
    if reading.record.capabilities.dora:
        value += 3.0 * reading.dora[kind]
    if aim is _YAKU:
        terminal = honour or kind % 9 == 0 or kind % 9 == 8
        if terminal and (not honour or not fan) and reading.tanyao_in_reach():
            value -= 2.0
    elif aim is _MINIMUM:
        value += _minimum_plan_value(reading, kind)
    return value


def _minimum_plan_value(reading: HandReading, kind: int) -> float:
    """A minimum to reach (Hong Kong): keep the tiles of the plan that reaches it."""
    counts = reading.counts
    plan = reading.hk_plan
    if plan is None:
        tally = reading.suit_tally()
        main = 0
        for suit in (1, 2):
            if tally[suit] > tally[main]:
                main = suit
        off_suit = tally[0] + tally[1] + tally[2] - tally[main]
        melds_suits = {k // 9 for k in reading.meld_kinds if k < 27}
        pairs = reading.pair_count()
        for meld in reading.observation.own.melds:
            if meld.kind != _CHOW:
                pairs += 1
        plan = (
            main,
            off_suit,
            off_suit <= 4 or (len(melds_suits) == 1 and off_suit <= 6),
            pairs >= 4 and reading.meld_chows == 0,
        )
        reading.hk_plan = plan
    main, off_suit, flush, pungs_path = plan
    value = 0.0
    if flush:
        # The flush is three fan on its own: off-suit tiles go even at a cost in tiles.
        if kind < 27 and kind // 9 != main:
            value -= 10.0 if off_suit <= 2 else 6.0 if reading.open else 3.0
        elif kind >= 27:
            value += 2.0
        else:
            value += 0.5
    if pungs_path and counts[kind] >= 2:
        value += 2.5  # all pungs (three fan) is in reach
    if kind >= 27 and counts[kind] >= 2 and not reading.value_honours.get(kind, 0):
        value += 1.0  # an honour pair still helps a flush or all pungs
    return value


def first_and_close(
    reading: HandReading, by_kind: dict[int, Action]
) -> tuple[list[tuple[int, int, float]], int, list[int]]:
    """(shanten after, kind, keep value) of every discard of ``by_kind``, the best shanten,
    and the kinds weighed exactly: those of the best shanten, and one step back from a ready
    hand (it may be dead) or for a tile the plan must shed (the missing suit)."""
    after = reading.shanten_after()
    first: list[tuple[int, int, float]] = []
    best = _NUM_KINDS
    for kind in by_kind:
        value = after[kind]
        first.append((value, kind, keep_value(reading, kind)))
        if value < best:
            best = value
    close: list[int] = []
    for value, kind, keep in first:
        if value <= best + (1 if keep < -50 or best == 0 else 0):
            close.append(kind)
    return first, best, close


def best_shanten_keys(reading: HandReading, by_kind: dict[int, Action]) -> list[Entry] | None:
    """When no discard of ``by_kind`` leaves a ready hand: the entries of the discards of the
    best shanten (key: the shanten, then the keep value less the unseen improving tiles the
    plan counts), sorted, the first of equal keys first; None when some discard is ready."""
    after = reading.shanten_after()
    best = _NUM_KINDS
    for kind in by_kind:
        if after[kind] < best:
            best = after[kind]
    if best <= 0:
        return None
    kinds = [kind for kind in by_kind if after[kind] == best]
    table = reading.after_discards(kinds)
    plan = reading.plan
    counts = reading.counts
    band = float(best)
    keyed: list[Entry] = []
    for kind in kinds:
        keep = keep_value(reading, kind)
        counts[kind] -= 1  # the tile given up (see HandReading.tiles_of)
        tiles = reading.tiles_of(kind, table[kind][1], plan)
        counts[kind] += 1
        keyed.append(((band, keep - tiles), by_kind[kind], 0))
    # A stable sort: the first of equal keys stays first, as in the whole ranking.
    keyed.sort(key=_entry_order)
    return keyed


def _entry_order(entry: Entry) -> tuple[float, ...]:
    return entry[0]


ScoreNow = Callable[[HandReading, list[int], int, bool, bool], tuple[bool, int]]
"""Scores a win on a kind: (reading, concealed counts, winning kind, self-draw, riichi) to
(whether it is a win, its points)."""

ScoreKey = tuple[bytes, int, bool, bool, int, tuple[int, ...]]
"""A scored win: concealed counts, winning kind, self-draw, riichi, context, red kinds kept."""

SCORE_MEMO_SIZE = 4096
"""Scored wins kept per agent: a ready hand is asked about on every draw until it changes."""


class WinMemo:
    """The scored wins of one agent, by concealed counts, winning kind, self-draw, riichi and
    the decision's scoring context."""

    def __init__(self) -> None:
        self.scored: dict[ScoreKey, tuple[bool, int]] = {}
        self.contexts: dict[tuple[object, ...], int] = {}
        self.next_context = 0

    def clear(self) -> None:
        """Forget the scored wins (another family's rules)."""
        self.scored.clear()

    def score(
        self,
        reading: HandReading,
        counts: list[int],
        kind: int,
        self_draw: bool,
        riichi: bool,
        score_now: ScoreNow,
    ) -> int:
        """Points of a win on ``kind`` (0 when it is no win; ``score_now`` scores a win not
        seen yet)."""
        context = reading.score_context
        if context < 0:
            context = reading.score_context = self.context_id(reading)
        # Red fives are not in the counts but change a win's value: those kept are in the key.
        reds: tuple[int, ...] = ()
        if reading.red_kinds:
            reds = tuple([k for k in reading.red_kinds if counts[k]])
        hand = bytes(counts)
        key = (hand, kind, self_draw, riichi, context, reds)
        found = self.scored.get(key)
        if found is None:
            found = score_now(reading, counts, kind, self_draw, riichi)
            if len(self.scored) >= SCORE_MEMO_SIZE:
                self.scored.clear()
                self.contexts.clear()
                reading.score_context = self.context_id(reading)
                key = (hand, kind, self_draw, riichi, reading.score_context, reds)
            self.scored[key] = found
        return found[1] if found[0] else 0

    def known(
        self, reading: HandReading, counts: list[int], kind: int, self_draw: bool, riichi: bool
    ) -> int:
        """What :meth:`score` gives for a win scored already, −1 for one not scored yet (never
        scores one)."""
        context = reading.score_context
        if context < 0:
            return -1
        reds: tuple[int, ...] = ()
        if reading.red_kinds:
            reds = tuple([k for k in reading.red_kinds if counts[k]])
        found = self.scored.get((bytes(counts), kind, self_draw, riichi, context, reds))
        if found is None:
            return -1
        return found[1] if found[0] else 0

    def context_id(self, reading: HandReading) -> int:
        """A number for what a win's value depends on beside the concealed tiles and the
        winning tile (melds, winds, dora, flowers, missing suit, honba): the memo is keyed by
        it. Numbers are never given twice, so a number of a context forgotten when the memo
        starts afresh cannot name another."""
        observation = reading.observation
        own = observation.own
        context: tuple[object, ...] = (
            tuple([(m.kind, m.tiles) for m in own.melds]),
            reading.seat_wind,
            reading.round_wind,
            observation.dora_indicators,
            own.flowers,
            own.missing_suit,
            observation.honba,
        )
        found = self.contexts.get(context)
        if found is None:
            found = self.contexts[context] = self.next_context
            self.next_context += 1
        return found


def ready_value(
    reading: HandReading,
    counts: list[int],
    discarded: int,
    riichi: bool,
    exact: bool,
    pond_furiten: bool,
    memo: WinMemo,
    score_now: ScoreNow,
) -> int:
    """Unseen winning tiles times what each win pays (by discard where it may win by discard,
    else by self-draw); 0 for a hand that wins nothing. ``counts``: the hand once one tile of
    ``discarded`` is given up; ``riichi``: riichi may be declared with this discard;
    ``exact=False``: stop at the first wait that wins (see
    :meth:`~mahjongkit.bots.efficient.value.WinValuer.ready_value`); ``pond_furiten``: a wait
    in one's own pond wins nothing by discard; ``memo`` keeps the wins ``score_now``
    scores."""
    own = reading.observation.own
    pond: set[int] = set()
    if pond_furiten:
        for tile in own.discards:
            pond.add(tile // 4)
        pond.add(discarded)
    after, waits = reading.after_discards((discarded,))[discarded]
    if after != 0:
        return 0
    total = 0
    unseen = reading.unseen
    declared = riichi or own.riichi
    for kind in waits:
        left = unseen[kind] - counts[kind]
        if left <= 0:
            continue
        tsumo = memo.score(reading, counts, kind, True, declared, score_now)
        if tsumo <= 0:
            # A self-draw wins whenever a discard would: a wait that wins nothing by self-draw
            # wins nothing by discard either (never scored).
            continue
        if not exact:
            return left * tsumo
        ron = (
            memo.score(reading, counts, kind, False, declared, score_now) if kind not in pond else 0
        )
        total += left * max(ron, tsumo // 2 if ron else tsumo)
    return total


def quiet_bound(
    reading: HandReading, counts: list[int], discarded: int, pond_furiten: bool, memo: WinMemo
) -> int:
    """A bound over :func:`ready_value` of the hand without riichi (exact), read off the wins
    with riichi already scored, −1 when some is not scored yet. Riichi adds a han to every
    reading of a win, so neither a self-draw nor a win by discard pays less with it: each
    wait's term is at most the larger of its two wins with riichi (the self-draw alone where
    the pond forbids a win by discard)."""
    after, waits = reading.after_discards((discarded,))[discarded]
    if after != 0:
        return 0
    pond: set[int] = set()
    if pond_furiten:
        for tile in reading.observation.own.discards:
            pond.add(tile // 4)
        pond.add(discarded)
    unseen = reading.unseen
    total = 0
    for kind in waits:
        left = unseen[kind] - counts[kind]
        if left <= 0:
            continue
        tsumo = memo.known(reading, counts, kind, True, True)
        if tsumo < 0:
            return -1
        if tsumo == 0:
            continue  # no win by self-draw with riichi: none without it either
        top = tsumo
        if kind not in pond:
            ron = memo.known(reading, counts, kind, False, True)
            if ron < 0:
                return -1
            if ron > top:
                top = ron
        total += left * top
    return total


def entry_key(
    reading: HandReading,
    kind: int,
    value: int,
    keep: float,
    riichi_kinds: set[int],
    worth: int | None,
    exact: bool,
    table: dict[int, tuple[int, tuple[int, ...]]],
    plan: frozenset[int] | None,
    pond_furiten: bool,
    memo: WinMemo,
    score_now: ScoreNow,
) -> tuple[tuple[float, ...], int]:
    """The sort key and worth of a discard weighed exactly (``value``: its shanten, ``keep``:
    its keep value): ``worth`` is its wait value when already known, ``exact`` whether an
    unknown one is summed over the waits (else only whether it wins is sure, see
    :func:`ready_value`); ``table`` holds its improving draws
    (:meth:`HandReading.after_discards`), ``plan`` the reading's."""
    counts = reading.counts
    if value == 0:
        if worth is None:
            counts[kind] -= 1
            worth = ready_value(
                reading, counts, kind, kind in riichi_kinds, exact, pond_furiten, memo, score_now
            )
            counts[kind] += 1
        if worth <= 0:
            # A dead wait (no yaku, under the minimum) is as good as one step back.
            return (1.5, keep), 0
        return (0.0, keep - worth / 1000.0), worth
    counts[kind] -= 1  # the tile given up (see HandReading.tiles_of)
    tiles = reading.tiles_of(kind, table[kind][1], plan)
    counts[kind] += 1
    return (float(value), keep - tiles), 0


def contenders(
    reading: HandReading,
    first: list[tuple[int, int, float]],
    best: int,
    close: list[int],
    riichi_kinds: set[int],
    worths: dict[int, int],
    pond_furiten: bool,
    memo: WinMemo,
    score_now: ScoreNow,
) -> list[int]:
    """The discards of ``close`` that may come first in the cheap ranking (``first``, ``best``:
    :func:`first_and_close`); the values of the ready ones found on the way go into
    ``worths``. A discard one step further than the best never comes first; when a ready
    discard wins something, only the ready ones can; and of those, the exact sum over the
    waits is needed only when two or more win something."""
    if best > 0:
        return [kind for value, kind, _ in first if value == best and kind in close]
    ready = [kind for value, kind, _ in first if value == 0]
    reading.after_discards(ready)
    counts = reading.counts
    live: list[int] = []
    for kind in ready:
        counts[kind] -= 1
        worth = ready_value(
            reading, counts, kind, kind in riichi_kinds, False, pond_furiten, memo, score_now
        )
        counts[kind] += 1
        worths[kind] = worth
        if worth > 0:
            live.append(kind)
    if len(live) > 1:
        for kind in live:
            counts[kind] -= 1
            worths[kind] = ready_value(
                reading, counts, kind, kind in riichi_kinds, True, pond_furiten, memo, score_now
            )
            counts[kind] += 1
    return ready if live else close
