"""A variant-aware tile-efficiency bot: the fastest hand that is worth something.

The agent reads only its :class:`~mahjongkit.game.observation.Observation` and asks the library
every rule question: shanten and improving tiles come from :mod:`mahjongkit.shapes`, and what a
ready hand's waits are worth (or that they win nothing: no yaku, below the minimum fan) from the
variant's own scorer. What is left to the agent is judgement:

* a discard is chosen by shanten first, then by the unseen tiles that improve the hand, less a
  value for the tiles worth keeping (a yakuhai pair, dora, a flush in the making, pairs towards
  all pungs or seven pairs), plus a bonus for tiles the plan wants gone (the missing suit, off-suit
  tiles of a flush, terminals when all simples is in reach);
* a ready hand whose waits all win nothing counts as not ready unless riichi can be declared with
  it: the bot does not sit on a dead hand;
* riichi is declared on a live wait unless the hand is already worth a mangan quietly;
* calls are made only when the meld lowers the shanten and the hand keeps a path to a legal win
  (Riichi: yakuhai, open all simples where the rules allow it, a flush; Hong Kong: enough fan for
  the minimum from honour pungs, a flush or all pungs; Sichuan: pungs and kongs of the suits kept);
* Sichuan: gives away and declares the weakest suit, and clears it first.

Choices depend on nothing but the observation, so a game of these bots is the same from one run
to the next.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from operator import sub
from typing import Any

from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.game.observation import Observation
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Win
from mahjongkit.shapes import (
    HandShape,
    discard_shanten,
    discard_ukeire,
    shanten,
    thirteen_orphans_shanten,
)
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.flow import Flow
from mahjongkit.tiles import (
    COPIES,
    DRAGONS,
    NUM_BONUS,
    NUM_KINDS,
    NUM_PHYSICAL,
    RED_FIVE_IDS,
    Tile,
    counts_of_ids,
    dora_after,
)
from mahjongkit.variants import find_variant
from mahjongkit.variants.base import Lazy, Plan, Variant

__all__ = ["EfficientAgent", "HandReading"]

_OUTSIDE_KINDS = tuple(k for k in range(NUM_KINDS) if k >= 27 or k % 9 in (0, 8))
_KINDS_AND_BONUS = (NUM_PHYSICAL + NUM_BONUS) // COPIES
"""Values of ``tile >> 2`` over every physical id: the kinds, then two for the bonus tiles."""
_WINS = (A.TSUMO, A.RON)
_SCORE_CACHE_SIZE = 4096
"""Scored wins kept per agent: a ready hand is asked about on every draw until it changes."""


class HandReading:
    """What an agent reads off its observation once per decision: counts, melds, the tiles
    still unseen, the honour kinds worth a fan or a han to this seat, the dora kinds.

    ``record``: the family's record (None: looked up by the observation's variant); its
    capabilities and bot hints say what to read."""

    def __init__(self, observation: Observation, rules: Any, record: Variant | None = None) -> None:
        self.observation = observation
        self.variant = observation.variant
        if record is None:
            record = find_variant(observation.variant)
        capabilities = self.capabilities = record.capabilities
        hints = self.hints = record.bot_hints
        own = observation.own
        hand = self.hand = list(observation.hand)
        self.counts = counts_of_ids(hand)
        self._held = tuple(self.counts)
        self.red_kinds: tuple[int, ...] = ()
        """The kinds of the red fives held."""
        for red in RED_FIVE_IDS:
            if red in hand:
                self.red_kinds += (red >> 2,)
        melds = own.melds
        self.melds = len(melds)
        self.shape = observation.hand_shape
        concealed_kong = MeldKind.CONCEALED_KONG.value
        self.open = any(m.kind != concealed_kong for m in melds)
        players = len(observation.seats)
        seat_wind = self.seat_wind = (observation.seat - observation.dealer) % players
        round_wind = self.round_wind = observation.round_wind
        self.value_honours: dict[int, int] = {}
        if capabilities.honours:
            honours = self.value_honours
            for dragon in DRAGONS:
                honours[dragon] = 1
            for wind in {27 + seat_wind, 27 + round_wind}:
                honours[wind] = honours.get(wind, 0) + 1
            if seat_wind == round_wind:
                honours[27 + seat_wind] = hints.double_wind
        self.dora = [0] * NUM_KINDS
        if capabilities.dora:
            for indicator in observation.dora_indicators:
                if indicator < 4 * NUM_KINDS:
                    self.dora[dora_after(indicator // 4)] += 1
        self.meld_kinds = [m.tiles[0] // 4 for m in melds if m.tiles]
        self.meld_chows = sum(1 for m in melds if m.kind == MeldKind.CHOW.value)
        self.rules = rules
        self.hk_plan: tuple[int, int, bool, bool] | None = None
        """A minimum to reach (Hong Kong): the main suit, the tiles off it, whether a flush
        and whether all pungs are in reach (worked out on the first discard weighed)."""
        self._tally: list[int] | None = None
        self._honours: int | None = None
        self._unseen: list[int] | None = None
        self._left: list[int] | None = None
        """Per kind: the unseen copies not in the hand (at least 0)."""
        self._plan: frozenset[int] | None = None
        self._plan_known = False
        self.options: dict[
            bool, tuple[Sequence[Action], list[tuple[tuple[float, ...], Action, int]]]
        ] = {}
        """The discard rankings made this decision (exact and cheap), with the actions they
        were made of."""
        self.score_context = -1
        """The agent's number for this decision's scoring context (−1: not asked yet)."""
        self.win_parts: tuple[list[Tile], tuple[Meld, ...], Any] | None = None
        self.discards: tuple[Sequence[Action], Any] | None = None
        """The discard of each kind and the riichi kinds, with the legal actions they were
        read from; then every discard's shanten and keep value (worked out once)."""
        self.weighed: tuple[list[tuple[int, int, float]], int, list[int]] | None = None
        self.ranking: DiscardRanking | None = None
        """The exact ranking made this decision, if one was asked for."""

    @property
    def unseen(self) -> list[int]:
        """Per kind: the copies not in sight on the table (the hand's own tiles still counted
        in; the loops that count improving tiles take them off)."""
        found = self._unseen
        if found is None:
            # A claimed discard is in a pond and a meld: never more than four copies in all.
            # Bonus tiles (never discarded or melded) would fall past the last kind.
            left = [COPIES] * _KINDS_AND_BONUS
            observation = self.observation
            for info in observation.seats:
                for tile in info.discards:
                    left[tile >> 2] -= 1
                for meld in info.melds:
                    for tile in meld.tiles:
                        left[tile >> 2] -= 1
            for tile in observation.dora_indicators:
                left[tile >> 2] -= 1
            del left[NUM_KINDS:]
            if min(left) < 0:
                left = [n if n > 0 else 0 for n in left]
            found = self._unseen = left
        return found

    @property
    def plan(self) -> frozenset[int] | None:
        """The kinds a one-suit plan can use (None: no such plan): draws of others do not
        count as improving the hand."""
        plan = self._plan
        aim = self.hints.plan
        if not self._plan_known and aim is not Plan.MINIMUM and aim is not Plan.MISSING_SUIT:
            self._plan_known = True  # no one-suit plan narrows the draws (Riichi)
        if not self._plan_known:
            tally = self.suit_tally()
            main = max(range(3), key=lambda s: tally[s])
            total = sum(tally) + self.honour_count()
            suited = range(main * 9, main * 9 + 9)
            if aim is Plan.MINIMUM and total - tally[main] - self.honour_count() <= 3:
                plan = frozenset((*suited, *range(27, NUM_KINDS)))
            elif aim is Plan.MISSING_SUIT and tally[main] >= 11:
                plan = frozenset(suited)
            self._plan, self._plan_known = plan, True
        return plan

    _after: dict[int, tuple[int, tuple[int, ...]]] | None = None
    _shanten_after: dict[int, int] | None = None

    def shanten_after(self) -> dict[int, int]:
        """Per kind held: the shanten after discarding it (worked out once per decision)."""
        if self._shanten_after is None:
            self._shanten_after = discard_shanten(self.counts, self.melds, self.shape)
        return self._shanten_after

    def after_discards(
        self, kinds: Sequence[int] | None = None
    ) -> dict[int, tuple[int, tuple[int, ...]]]:
        """Per kind held (of ``kinds`` at least, when given): the shanten after discarding it
        and the kinds that would then improve the hand. Each kind is worked out once per
        decision; the improving draws of discards nobody asks about are never searched."""
        if self._after is None:
            self._after = {}
        wanted = [k for k in range(NUM_KINDS) if self.counts[k]] if kinds is None else list(kinds)
        missing = [k for k in wanted if k not in self._after and self.counts[k]]
        if missing:
            self._after.update(discard_ukeire(self.counts, self.melds, self.shape, missing))
        return self._after

    @property
    def left(self) -> list[int]:
        """Per kind: the unseen copies not in the hand (at least 0)."""
        left = self._left
        if left is None:
            # A hand's own copies are never in sight: only a claimed discard counted twice
            # (see unseen) can leave fewer unseen than held.
            left = self._left = list(map(sub, self.unseen, self._held))
            if min(left) < 0:
                left = self._left = [n if n > 0 else 0 for n in left]
        return left

    def seen(self) -> list[int]:
        """Per kind: the copies in sight to this seat, its own hand included (at most four)."""
        return [COPIES - n for n in self.left]

    def tiles_of(self, kind: int, kinds: Sequence[int], only: frozenset[int] | None) -> int:
        """Unseen tiles of ``kinds`` once one tile of ``kind`` is discarded (only those of
        ``only``, when given)."""
        left = self._left
        if left is None:
            left = self.left
        total = 0
        if only is None:
            for other in kinds:
                total += left[other]
        else:
            for other in kinds:
                if other in only:
                    total += left[other]
        if kind in kinds and (only is None or kind in only):
            # The discarded kind is read off the counts as they stand: a caller weighing the
            # discard may have taken the tile off already.
            given_up = self.unseen[kind] - self.counts[kind] + 1
            total += kinds.count(kind) * ((given_up if given_up > 0 else 0) - left[kind])
        return total

    def suit_tally(self) -> list[int]:
        """Tiles of each suit (m, p, s) in the hand and its melds (not to be changed)."""
        if self._tally is not None:
            return self._tally
        tally = [sum(self.counts[s * 9 : s * 9 + 9]) for s in range(3)]
        for meld in self.observation.own.melds:
            suit = meld.tiles[0] // 36
            if suit < 3:
                tally[suit] += 3
        self._tally = tally
        return tally

    _tanyao: bool | None = None

    def tanyao_in_reach(self) -> bool:
        """Riichi: all simples is allowed with these melds and at most three terminal or
        honour tiles are held, none in a meld."""
        if self._tanyao is None:
            tanyao_ok = not self.open or self.hints.open_simples(self.rules)
            self._tanyao = bool(
                tanyao_ok
                and self.outside_count() <= 3
                and not any(k >= 27 or k % 9 in (0, 8) for k in self.meld_kinds)
            )
        return self._tanyao

    _pairs: int | None = None

    def pair_count(self) -> int:
        """Kinds held twice or more."""
        if self._pairs is None:
            counts = self.counts
            self._pairs = NUM_KINDS - counts.count(0) - counts.count(1)
        return self._pairs

    _outside: int | None = None

    def outside_count(self) -> int:
        """Terminal and honour tiles in the hand (not its melds)."""
        if self._outside is None:
            counts = self.counts
            self._outside = sum(counts[k] for k in _OUTSIDE_KINDS)
        return self._outside

    def honour_count(self) -> int:
        """Honour tiles in the hand and its melds."""
        if self._honours is None:
            self._honours = sum(self.counts[27:]) + sum(3 for k in self.meld_kinds if k >= 27)
        return self._honours


class EfficientAgent:
    """Tile efficiency with a sense of value, for every family (see the module text).

    ``rules``: the game's rules object (None: the variant's defaults, read on the first
    decision). The agent keeps a small cache of scored wins, nothing else, between decisions.
    """

    def __init__(self, rules: Any = None) -> None:
        self.rules = rules
        self._variant: str | None = None
        self._record: Variant | None = None
        self._flow: Flow[Any] | None = None
        self._scored: dict[tuple[Any, ...], tuple[bool, int]] = {}
        self._contexts: dict[tuple[Any, ...], int] = {}
        self._next_context = 0
        self._scorer: Any = None
        self._points: Callable[[Win, Any], int] | None = None
        """The family's points entry (no explained result), when it has one."""

    # --- the protocol ------------------------------------------------------------------------

    def act(self, observation: Observation) -> Action:
        """The action to play, one of ``observation.legal_actions``."""
        legal = observation.legal_actions
        if not legal:
            raise IllegalActionError("the agent was asked to act with nothing to decide")
        for action in legal:
            if action.type in _WINS:
                return action
        self._prepare(observation.variant)
        types = {a.type for a in legal}
        if A.DECLARE_MISSING in types:
            return self._declare(observation, legal)
        if A.EXCHANGE in types:
            return self._exchange(observation, legal)
        if A.FLOWER in types:
            return next(a for a in legal if a.type == A.FLOWER)
        reading = HandReading(observation, self.rules, self._record)
        if observation.phase == "turn":
            return self.turn(reading, legal)
        return self.claim(reading, legal)

    def _prepare(self, variant: str) -> None:
        if self._variant == variant:
            return
        record = find_variant(variant)
        if self.rules is None or (self._variant is not None and self._variant != variant):
            self.rules = record.rules() if self.rules is None else self.rules
        self._flow = record.make_flow(self.rules)
        self.rules = self._flow.rules
        self._scorer = record.score
        points = record.points
        self._points = points.resolve() if isinstance(points, Lazy) else points
        self._variant = variant
        self._record = record
        self._scored.clear()

    # --- discards ----------------------------------------------------------------------------

    def keep_value(self, reading: HandReading, kind: int) -> float:
        """How much the hand loses by giving up one tile of ``kind`` beyond its shanten and
        improving tiles, in units of improving tiles (negative: the plan wants it gone)."""
        counts = reading.counts
        held = counts[kind]
        aim = reading.hints.plan
        value = 0.0
        if aim is Plan.MISSING_SUIT:
            missing = reading.observation.own.missing_suit
            if missing is not None and kind // 9 == missing:
                return -100.0
            tally = reading.suit_tally()
            kept = [s for s in range(3) if s != missing]
            if kept:
                main = max(kept, key=lambda s: tally[s])
                if tally[main] >= 9 and kind // 9 != main:
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
        if reading.capabilities.dora:
            value += 3.0 * reading.dora[kind]
        if aim is Plan.YAKU:
            terminal = honour or kind % 9 in (0, 8)
            if terminal and (not honour or not fan) and reading.tanyao_in_reach():
                value -= 2.0
        elif aim is Plan.MINIMUM:
            value += self._hk_plan_value(reading, kind)
        return value

    def _hk_plan_value(self, reading: HandReading, kind: int) -> float:
        """A minimum to reach (Hong Kong): keep the tiles of the plan that reaches it."""
        counts = reading.counts
        plan = reading.hk_plan
        if plan is None:
            tally = reading.suit_tally()
            main = max(range(3), key=lambda s: tally[s])
            off_suit = sum(tally) - tally[main]
            melds_suits = {k // 9 for k in reading.meld_kinds if k < 27}
            pairs = reading.pair_count() + sum(
                1 for m in reading.observation.own.melds if m.kind != MeldKind.CHOW.value
            )
            plan = reading.hk_plan = (
                main,
                off_suit,
                off_suit <= 4 or (len(melds_suits) == 1 and off_suit <= 6),
                pairs >= 4 and reading.meld_chows == 0,
            )
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
        if kind >= 27 and counts[kind] >= 2 and not reading.value_honours.get(kind):
            value += 1.0  # an honour pair still helps a flush or all pungs
        return value

    def turn(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """The move on this seat's turn: a kong worth making, an abortive draw, or a discard."""
        kong = self._turn_kong(reading, legal)
        if kong is not None:
            return kong
        return self.turn_without_kong(reading, legal)

    def turn_without_kong(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """The move on this seat's turn once no kong is wanted: an abortive draw, riichi, or
        the best discard."""
        choice = self.best_discard(reading, legal)
        abort = A.ABORT
        for action in legal:
            if action.type == abort and thirteen_orphans_shanten(reading.counts) > 3:
                return action
        if choice is None:
            return next((a for a in legal if a.type != abort), legal[0])
        action, ready_value = choice
        found = self._discards(reading, legal)
        # The kinds riichi may be declared with, read with the discards: most turns have none.
        if found is None or action.tile is None or action.tile >> 2 not in found[1]:
            return action
        riichi = next((a for a in legal if a.type == A.RIICHI and a.tile == action.tile), None)
        if riichi is not None and self.wants_riichi(reading, action, ready_value):
            return riichi
        return action

    def wants_riichi(self, reading: HandReading, discard: Action, worth: int) -> bool:
        """Declare riichi on a live wait unless the hand already pays a mangan or more per
        win without it (``worth``: the hand's value with riichi, 0 if not ready)."""
        assert discard.tile is not None
        kind = discard.tile // 4
        counts = list(reading.counts)
        counts[kind] -= 1
        after, waits = reading.after_discards((kind,))[kind]
        live = reading.tiles_of(kind, waits, None) if after == 0 else 0
        if live <= 0 or worth <= 0:
            return False
        quiet = self.ready_value(reading, counts, kind, False)
        mangan = 12000 if reading.seat_wind == 0 else 8000
        return quiet / live < mangan

    def discard_options(
        self, reading: HandReading, legal: Sequence[Action], exact: bool = True
    ) -> list[tuple[tuple[float, ...], Action, int]]:
        """Every discard kind, best first, with its sort key and (ready hands) its value: the
        key is (effective shanten, the value of the tile given up less the improving tiles or
        the wait's worth), smallest first. ``exact=False``: only the first entry is sure to be
        the one the exact order puts first; discards that cannot come first keep a rough key
        (their improving tiles and wait values are not worked out), and when only one discard
        leaves a ready hand that wins something, only whether it wins at all is worked out (its
        figure is then some win's, not the sum over the waits)."""
        found = reading.options.get(exact)
        if found is not None and found[0] is legal:
            return found[1]
        out = self._discard_options(reading, legal, exact)
        reading.options[exact] = (legal, out)
        return out

    def _discard_options(
        self, reading: HandReading, legal: Sequence[Action], exact: bool
    ) -> list[tuple[tuple[float, ...], Action, int]]:
        if exact:
            ranking = self.discard_ranking(reading, legal)
            return [] if ranking is None else ranking.entries(ranking.kinds)
        found = self._discards(reading, legal)
        if found is None:
            return []
        by_kind, riichi_kinds = found
        if _nothing_to_weigh(reading, by_kind, riichi_kinds):
            return [((0.0, 0.0), action, 0) for action in by_kind.values()]
        first, best, close = self._first_and_close(reading, by_kind)
        worths: dict[int, int] = {}
        # Only the first entry counts: the improving draws and the wait values of discards
        # that cannot come first are never worked out (their keys stay rough).
        close = self._contenders(reading, first, best, close, riichi_kinds, worths)
        table = reading.after_discards(close)
        ready = sum(1 for kind in close if table[kind][0] == 0)
        plan = reading.plan
        out: list[tuple[tuple[float, ...], Action, int]] = []
        for value, kind, keep in first:
            if kind not in close:
                out.append(((float(value), keep), by_kind[kind], 0))
                continue
            key, worth = self._entry_key(
                reading, kind, value, keep, riichi_kinds, worths.get(kind), ready > 1, table, plan
            )
            out.append((key, by_kind[kind], worth))
        out.sort(key=lambda entry: entry[0])
        return out

    @staticmethod
    def _discards(
        reading: HandReading, legal: Sequence[Action]
    ) -> tuple[dict[int, Action], set[int]] | None:
        """The discard of each kind the hand may give up, and the kinds riichi may be declared
        with (None: no discard is legal); read once per decision."""
        known = reading.discards
        if known is not None and known[0] is legal:
            found: tuple[dict[int, Action], set[int]] | None = known[1]
            return found
        found = EfficientAgent._read_discards(reading, legal)
        reading.discards = (legal, found)
        reading.weighed = None
        return found

    @staticmethod
    def _read_discards(
        reading: HandReading, legal: Sequence[Action]
    ) -> tuple[dict[int, Action], set[int]] | None:
        by_kind: dict[int, Action] = {}
        riichi_kinds: set[int] = set()
        drawn = reading.observation.own.drawn
        riichi, discard = A.RIICHI, A.DISCARD
        for action in legal:
            tile = action.tile
            if tile is None or tile >= NUM_PHYSICAL:
                continue
            kind = tile >> 2
            kind_of_action = action.type
            if kind_of_action == discard:
                kept = by_kind.get(kind)
                if kept is None:
                    by_kind[kind] = action
                    continue
                red, kept_red = tile in RED_FIVE_IDS, kept.tile in RED_FIVE_IDS
                # Give away a plain five rather than the red one, and of two alike copies the
                # one just drawn: the choice then depends on what the tiles are, never on their
                # ids (an mjai seat's mirror of the game numbers them its own way).
                if (kept_red and not red) or (kept_red == red and tile == drawn):
                    by_kind[kind] = action
            elif kind_of_action == riichi:
                riichi_kinds.add(kind)
        return (by_kind, riichi_kinds) if by_kind else None

    def _first_and_close(
        self, reading: HandReading, by_kind: dict[int, Action]
    ) -> tuple[list[tuple[int, int, float]], int, list[int]]:
        """(shanten after, kind, keep value) of every discard, the best shanten, and the kinds
        weighed exactly: those of the best shanten, and one step back from a ready hand (it may
        be dead) or for a tile the plan must shed (the missing suit). Worked out once per
        decision (``by_kind``: what :meth:`_discards` read)."""
        if reading.weighed is not None:
            return reading.weighed
        after = reading.shanten_after()
        first = [(after[kind], kind, self.keep_value(reading, kind)) for kind in by_kind]
        best = min(first)[0]  # (shanten, kind, keep): the least shanten comes first
        close = [
            kind
            for value, kind, keep in first
            if value <= best + (1 if keep < -50 or best == 0 else 0)
        ]
        reading.weighed = (first, best, close)
        return first, best, close

    def _entry_key(
        self,
        reading: HandReading,
        kind: int,
        value: int,
        keep: float,
        riichi_kinds: Collection[int],
        worth: int | None,
        exact: bool,
        table: dict[int, tuple[int, tuple[int, ...]]],
        plan: frozenset[int] | None,
    ) -> tuple[tuple[float, ...], int]:
        """The sort key and worth of a discard weighed exactly: ``worth`` is its wait value
        when already known, ``exact`` whether an unknown one is summed over the waits (else
        only whether it wins is sure, see :meth:`ready_value`); ``table`` holds its improving
        draws (:meth:`HandReading.after_discards`), ``plan`` the reading's."""
        counts = reading.counts
        if value == 0:
            if worth is None:
                counts[kind] -= 1
                worth = self.ready_value(reading, counts, kind, kind in riichi_kinds, exact)
                counts[kind] += 1
            if worth <= 0:
                # A dead wait (no yaku, under the minimum) is as good as one step back.
                return (1.5, keep), 0
            return (0.0, keep - worth / 1000.0), worth
        counts[kind] -= 1  # the tile given up (see tiles_of)
        tiles = reading.tiles_of(kind, table[kind][1], plan)
        counts[kind] += 1
        return (float(value), keep - tiles), 0

    def discard_ranking(
        self, reading: HandReading, legal: Sequence[Action]
    ) -> DiscardRanking | None:
        """The exact ranking of this decision's discards (:meth:`discard_options`), each entry
        worked out only when asked (None: no discard is legal)."""
        found = self._discards(reading, legal)
        if found is None:
            return None
        by_kind, riichi_kinds = found
        first, _, close = self._first_and_close(reading, by_kind)
        ranking = DiscardRanking(self, reading, by_kind, riichi_kinds, first, close)
        ranking.legal = legal
        reading.ranking = ranking
        return ranking

    def _contenders(
        self,
        reading: HandReading,
        first: Sequence[tuple[int, int, float]],
        best: int,
        close: list[int],
        riichi_kinds: set[int],
        worths: dict[int, int],
    ) -> list[int]:
        """The discards of ``close`` that may come first (see :meth:`discard_options`); the
        values of the ready ones found on the way go into ``worths``. A discard one step
        further than the best never comes first; when a ready discard wins something, only the
        ready ones can; and of those, the exact sum over the waits is needed only when two or
        more win something (one that wins nothing is known after its waits are tried)."""
        if best > 0:
            return [kind for value, kind, _ in first if value == best and kind in close]
        ready = [kind for value, kind, _ in first if value == 0]
        reading.after_discards(ready)
        counts = reading.counts
        live = []
        for kind in ready:
            counts[kind] -= 1
            worth = self.ready_value(reading, counts, kind, kind in riichi_kinds, False)
            counts[kind] += 1
            worths[kind] = worth
            if worth > 0:
                live.append(kind)
        if len(live) > 1:
            for kind in live:
                counts[kind] -= 1
                worths[kind] = self.ready_value(reading, counts, kind, kind in riichi_kinds, True)
                counts[kind] += 1
        return ready if live else close

    def best_discard(
        self, reading: HandReading, legal: Sequence[Action]
    ) -> tuple[Action, int] | None:
        """The discard this agent plays and, when it leaves a ready hand, its value."""
        ranking = reading.ranking
        if ranking is not None and ranking.legal is legal:
            # The exact ranking's first entry, already worked out, is the cheap one's (its
            # value is the exact sum, positive exactly when the cheap figure is), unless
            # nothing needed weighing (then the cheap choice is the first discard read).
            found = self._discards(reading, legal)
            assert found is not None
            if not _nothing_to_weigh(reading, found[0], found[1]):
                _, action, worth = ranking.top()
                return action, worth
        elif reading.options.get(False) is None:
            quick = self._first_not_ready(reading, legal)
            if quick is not None:
                return quick, 0
        options = self.discard_options(reading, legal, exact=False)
        if not options:
            return None
        _, action, worth = options[0]
        return action, worth

    def _first_not_ready(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """The first discard of :meth:`discard_options` (``exact=False``) when no discard
        leaves a ready hand (see :meth:`best_shanten_entries`); None when some discard is
        ready, or nothing needs weighing (the whole ranking then decides)."""
        entries = self.best_shanten_entries(reading, legal)
        return entries[0][1] if entries else None

    def nothing_to_weigh(self, reading: HandReading, legal: Sequence[Action]) -> bool:
        """Whether every legal discard leaves the same usable hand (one kind, or only tiles
        of the missing suit) with no riichi to weigh: the efficient choice is then the first
        discard read, and no ranking is made."""
        found = self._discards(reading, legal)
        return found is not None and _nothing_to_weigh(reading, found[0], found[1])

    def best_shanten_entries(
        self, reading: HandReading, legal: Sequence[Action]
    ) -> list[Entry] | None:
        """When no discard leaves a ready hand, the entries of the discards of the best
        shanten in the order :meth:`discard_options` puts them, which is where it starts:
        every other discard is one step further (a discard raises the shanten by one at
        most), so it sorts after them and its keep value is never needed. None when some
        discard is ready, or nothing needs weighing (the whole ranking then decides)."""
        found = self._discards(reading, legal)
        if found is None or _nothing_to_weigh(reading, found[0], found[1]):
            return None
        by_kind = found[0]
        after = reading.shanten_after()
        best = NUM_KINDS
        for kind in by_kind:
            if after[kind] < best:
                best = after[kind]
        if best <= 0:
            return None
        kinds = [kind for kind in by_kind if after[kind] == best]
        table = reading.after_discards(kinds)
        plan = reading.plan
        keyed = []
        for kind in kinds:
            keep = self.keep_value(reading, kind)
            key, _ = self._entry_key(reading, kind, best, keep, found[1], None, True, table, plan)
            keyed.append((key, by_kind[kind], 0))
        # A stable sort: the first of equal keys stays first, as in the whole ranking.
        keyed.sort(key=lambda entry: entry[0])
        return keyed

    # --- what a ready hand is worth ----------------------------------------------------------

    def ready_value(
        self,
        reading: HandReading,
        counts: list[int],
        discarded: int,
        riichi: bool,
        exact: bool = True,
    ) -> int:
        """Unseen winning tiles times what each win pays (by discard where it may win by
        discard, else by self-draw); 0 for a hand that wins nothing. ``counts``: the hand once
        one tile of ``discarded`` is given up. ``riichi``: riichi may be declared with this
        discard (a concealed Riichi hand then has a yaku). ``exact=False``: stop at the first
        wait that wins (by self-draw first, which wins whenever a discard would), its unseen
        tiles times its points: positive exactly when the exact figure is."""
        own = reading.observation.own
        furiten_rule = self._flow is not None and self._flow.pond_furiten
        pond = {t // 4 for t in own.discards} | {discarded} if furiten_rule else set()
        total = 0
        after, waits = reading.after_discards((discarded,))[discarded]
        unseen = reading.unseen
        declared = riichi or own.riichi
        for kind in waits if after == 0 else ():
            left = unseen[kind] - counts[kind]
            if left <= 0:
                continue
            tsumo = self._score(reading, counts, kind, True, declared)
            if tsumo <= 0:
                # A self-draw wins whenever a discard would: a wait that wins nothing by
                # self-draw wins nothing by discard either (never scored).
                continue
            if not exact:
                return left * tsumo
            ron = self._score(reading, counts, kind, False, declared) if kind not in pond else 0
            total += left * max(ron, tsumo // 2 if ron else tsumo)
        return total

    def _score(
        self, reading: HandReading, counts: list[int], kind: int, self_draw: bool, riichi: bool
    ) -> int:
        """Points of a win on ``kind`` (0 when it is no win), from the variant's scorer."""
        context = reading.score_context
        if context < 0:
            context = reading.score_context = self._context_id(reading)
        # Red fives are not in the counts but change a win's value: those kept are in the key.
        reds = tuple(k for k in reading.red_kinds if counts[k]) if reading.red_kinds else ()
        key = (bytes(counts), kind, self_draw, riichi, context, reds)
        found = self._scored.get(key)
        if found is None:
            found = self._score_now(reading, counts, kind, self_draw, riichi)
            if len(self._scored) >= _SCORE_CACHE_SIZE:
                self._scored.clear()
                self._contexts.clear()
                reading.score_context = self._context_id(reading)
                key = (*key[:4], reading.score_context, reds)
            self._scored[key] = found
        return found[1] if found[0] else 0

    def _context_id(self, reading: HandReading) -> int:
        """A number for what a win's value depends on beside the concealed tiles and the
        winning tile (melds, winds, dora, flowers, missing suit, honba): the scored-win memo is
        keyed by it. Numbers are never given twice, so a number of a context forgotten when
        the memo starts afresh cannot name another."""
        own = reading.observation.own
        context = (
            tuple((m.kind, m.tiles) for m in own.melds),
            reading.seat_wind,
            reading.round_wind,
            reading.observation.dora_indicators,
            own.flowers,
            own.missing_suit,
            reading.observation.honba,
        )
        found = self._contexts.get(context)
        if found is None:
            found = self._contexts[context] = self._next_context
            self._next_context += 1
        return found

    def _win_parts(self, reading: HandReading) -> tuple[list[Tile], tuple[Meld, ...], Any]:
        """The hand's concealed tiles as tiles (red fives kept), its melds, and the win's fixed
        fields (worked out once per decision)."""
        parts = reading.win_parts
        if parts is None:
            flow = self._flow
            assert flow is not None
            observation = reading.observation
            own = observation.own
            players = len(observation.seats)
            fixed = {
                "seat": reading.seat_wind,
                "round_wind": reading.round_wind,
                "dora_indicators": tuple(
                    flow.tile(t) for t in observation.dora_indicators if t < 4 * NUM_KINDS
                ),
                "flowers": tuple(flow.tile(t) for t in own.flowers),
                "missing_suit": own.missing_suit,
                "honba": observation.honba,
                "in_game": frozenset(range(players)),
            }
            parts = reading.win_parts = (
                [flow.tile(t) for t in reading.hand if t < 4 * NUM_KINDS],
                tuple(
                    Meld(
                        MeldKind(meld.kind),
                        tuple(flow.tile(x) for x in meld.tiles),
                        # Scorers count seats as winds, from the dealer, like the win's seat.
                        (meld.from_seat - observation.dealer) % players
                        if meld.from_seat is not None and meld.kind != MeldKind.CONCEALED_KONG.value
                        else None,
                    )
                    for meld in own.melds
                ),
                fixed,
            )
        return parts

    def _score_now(
        self, reading: HandReading, counts: list[int], kind: int, self_draw: bool, riichi: bool
    ) -> tuple[bool, int]:
        tiles, melds, fixed = self._win_parts(reading)
        # The concealed tiles as the hand holds them (red fives kept), then the winning tile.
        wanted = list(counts)
        kept: list[Tile] = []
        for tile in tiles:
            kind_held = tile.kind
            if wanted[kind_held] > 0:
                wanted[kind_held] -= 1
                kept.append(tile)
        players = len(reading.observation.seats)
        discarder = None if self_draw else (reading.seat_wind - 1) % players
        win_tile = Tile(kind)
        try:
            hand = Hand((*kept, win_tile), melds)
            win = Win(
                hand=hand,
                win_tile=win_tile,
                self_draw=self_draw,
                from_seat=discarder,
                riichi=riichi,
                **fixed,
            )
            if self._points is not None:
                found = int(self._points(win, self.rules))
                return (found > 0, found)
            score = self._scorer(win, self.rules)
        except MahjongError:
            return (False, 0)
        return (bool(score.valid), int(score.points))

    # --- kongs, claims -----------------------------------------------------------------------

    def _turn_kong(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """A concealed or added kong that keeps the shanten (Sichuan pays for every kong)."""
        counts = reading.counts
        if 4 not in counts:
            # No concealed kong without four tiles held, no added one without a tile of a
            # meld's kind held (a chow's kind as well: this only skips the scan of ``legal``).
            for kind in reading.meld_kinds:
                if counts[kind]:
                    break
            else:
                return None
        before: int | None = None
        for action in legal:
            if action.type not in (A.ANKAN, A.KAKAN):
                continue
            tile = action.tile
            if tile is None and action.consumed:
                # A concealed kong names its four tiles, not one.
                tile = action.consumed[0]
            if tile is None:
                continue
            if before is None:
                before = shanten(counts, reading.melds, reading.shape)
            kind = tile // 4
            if action.type == A.ANKAN:
                after_counts = list(counts)
                after_counts[kind] = 0
                # A concealed kong is one more set and one tile fewer to discard.
                after = shanten(after_counts, reading.melds + 1, reading.shape) - 0
                wanted = after <= before or reading.hints.kongs_pay
                if reading.observation.own.riichi:
                    wanted = True  # the engine offers it only when the waits stay the same
            else:
                after_counts = list(counts)
                after_counts[kind] -= 1
                after = shanten(after_counts, reading.melds, reading.shape)
                wanted = after <= before
            if wanted and _keeps_missing_suit(reading, kind):
                return action
        return None

    def claim(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """A call on another seat's discard, or pass."""
        passing = next((a for a in legal if a.type == A.PASS), legal[0])
        counts = reading.counts
        before: int | None = None
        best: tuple[int, Action] | None = None
        for action in legal:
            if action.type not in (A.PON, A.KAN, A.CHI) or action.tile is None:
                continue
            kind = action.tile // 4
            after_counts = list(counts)
            for tile in action.consumed:
                after_counts[tile // 4] -= 1
            # The value test first: a call that leaves no way to a win is never searched.
            if not self.call_keeps_value(reading, action, kind, after_counts):
                continue
            if before is None:
                before = shanten(counts, reading.melds, reading.shape)
            if action.type == A.KAN:
                after = shanten(after_counts, reading.melds + 1, reading.shape)
            else:
                after = _best_after_discard(after_counts, reading.melds + 1, reading.shape)
            wanted = after < before or (
                action.type == A.KAN and after <= before and reading.hints.kongs_pay
            )
            if (
                action.type == A.PON
                and reading.value_honours.get(kind)
                and reading.hints.plan is Plan.YAKU
                and after <= before
            ):
                wanted = True
            if wanted and (best is None or after < best[0]):
                best = (after, action)
        return best[1] if best is not None else passing

    def call_keeps_value(
        self, reading: HandReading, action: Action, kind: int, after: list[int]
    ) -> bool:
        """Whether the hand after the call still has a way to a win that counts."""
        aim = reading.hints.plan
        if aim is Plan.NONE:
            return True
        meld_kinds = [
            *reading.meld_kinds,
            kind if action.type != A.CHI else min([kind, *(t // 4 for t in action.consumed)]),
        ]
        chow = action.type == A.CHI
        if aim is Plan.MISSING_SUIT:
            return _keeps_missing_suit(reading, kind)
        held = [k for k, c in enumerate(after) if c]
        if aim is Plan.YAKU:
            honours = reading.value_honours
            if not chow and honours.get(kind):
                return True
            if any(honours.get(k) for k in meld_kinds if k >= 27):
                return True
            if any(honours.get(k) and after[k] >= 2 for k in range(27, NUM_KINDS)):
                return True
            if reading.hints.open_simples(reading.rules):
                simple_melds = all(
                    k < 27 and k % 9 not in (0, 8) and (not chow or k % 9 <= 5) for k in meld_kinds
                )
                outside = sum(after[k] for k in held if k >= 27 or k % 9 in (0, 8))
                if simple_melds and outside <= 1:
                    return True
            return self._flush_path(meld_kinds, after, limit=2)
        # A minimum (Hong Kong): fan from honour pungs, a flush or all pungs must reach it.
        minimum = reading.capabilities.minimum_value(reading.rules)
        honours_fan = sum(reading.value_honours.get(k, 0) for k in meld_kinds if k >= 27)
        honours_fan += sum(
            reading.value_honours.get(k, 0) for k in range(27, NUM_KINDS) if after[k] >= 2
        )
        if reading.hints.bonus_toward_minimum(reading.rules):
            honours_fan += self._flower_fan(reading)
        fan = honours_fan
        if self._flush_path(meld_kinds, after, limit=2):
            suited = {k // 9 for k in [*meld_kinds, *held] if k < 27}
            fan += 3 if any(k >= 27 for k in [*meld_kinds, *held]) or len(suited) > 1 else 6
        all_pungs = (
            not chow
            and reading.meld_chows == 0
            and (sum(1 for k in held if after[k] >= 2) + len(meld_kinds) >= 4)
        )
        if all_pungs:
            fan += 3
        return fan >= minimum

    @staticmethod
    def _flower_fan(reading: HandReading) -> int:
        """Fan of the seat's own flowers and seasons (its number is its seat wind's)."""
        own = reading.observation.own
        return sum(1 for t in own.flowers if (t - 4 * NUM_KINDS) % 4 == reading.seat_wind)

    @staticmethod
    def _flush_path(meld_kinds: Sequence[int], after: Sequence[int], limit: int) -> bool:
        """All melds in one suit (or honours) and at most ``limit`` concealed tiles off it."""
        suits = {k // 9 for k in meld_kinds if k < 27}
        if len(suits) > 1:
            return False
        suit = suits.pop() if suits else max(range(3), key=lambda s: sum(after[s * 9 : s * 9 + 9]))
        off = sum(after[:27]) - sum(after[suit * 9 : suit * 9 + 9])
        return off <= limit

    # --- Sichuan's opening -------------------------------------------------------------------

    @staticmethod
    def suit_strength(hand: Sequence[int], suit: int) -> float:
        """How much a suit of the hand is worth keeping: its tiles, pairs and neighbours."""
        counts = counts_of_ids(t for t in hand if t < 4 * NUM_KINDS)
        part = counts[suit * 9 : suit * 9 + 9]
        strength = float(sum(part))
        for number, held in enumerate(part):
            if held >= 2:
                strength += 0.8
            if held and number + 1 < 9 and part[number + 1]:
                strength += 0.5
            if held and number + 2 < 9 and part[number + 2]:
                strength += 0.25
        return strength

    def _declare(self, observation: Observation, legal: Sequence[Action]) -> Action:
        hand = observation.hand
        options = [a for a in legal if a.type == A.DECLARE_MISSING and a.suit is not None]
        if not options:
            return legal[0]
        return min(options, key=lambda a: (self.suit_strength(hand, a.suit or 0), a.suit or 0))

    def _exchange(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Give three tiles of the weakest suit: its loosest tiles (least connected)."""
        hand = observation.hand
        options = [a for a in legal if a.type == A.EXCHANGE and a.consumed]
        if not options:
            return legal[0]
        counts = counts_of_ids(t for t in hand if t < 4 * NUM_KINDS)

        def loose(tile: int) -> float:
            kind = tile // 4
            base = kind - kind % 9
            near = sum(
                counts[k] for k in range(max(base, kind - 2), min(base + 9, kind + 3)) if k != kind
            )
            return (counts[kind] - 1) * 2.0 + near

        def key(action: Action) -> tuple[float, float, tuple[int, ...]]:
            suit = action.consumed[0] // 36
            return (
                self.suit_strength(hand, suit),
                sum(loose(t) for t in action.consumed),
                action.consumed,
            )

        return min(options, key=key)


Entry = tuple[tuple[float, ...], Action, int]
"""One discard of a ranking: its sort key (smallest first), the action, its wait value."""


class DiscardRanking:
    """The discards of one decision in the exact order of :meth:`EfficientAgent.
    discard_options`, each entry worked out when first asked: a caller that can choose only
    among some discards pays only for those (and for the shanten and keep value of all).

    ``kinds``: the kinds that may be discarded. :meth:`band` is the first field of a kind's key
    (its shanten, 1.5 for a dead wait) without its improving tiles or the sum over its waits;
    :meth:`entries` gives the entries of some kinds in the order the whole ranking puts them.
    """

    def __init__(
        self,
        agent: EfficientAgent,
        reading: HandReading,
        by_kind: dict[int, Action],
        riichi_kinds: set[int],
        first: list[tuple[int, int, float]],
        close: list[int],
    ) -> None:
        self.agent = agent
        self.reading = reading
        self.by_kind = by_kind
        self.riichi_kinds = riichi_kinds
        self.kinds = [kind for _, kind, _ in first]
        self.close = set(close)
        self._first = {kind: (value, keep) for value, kind, keep in first}
        self._index = {kind: index for index, kind in enumerate(self.kinds)}
        self._entries: dict[int, Entry] = {}
        self._bands: dict[int, float] = {}
        self._first_band: list[int] | None = None
        self._top: Entry | None = None
        self.legal: Sequence[Action] = ()
        """The legal actions the ranking was made of."""

    def band(self, kind: int) -> float:
        """``entry[0][0]`` of ``kind``: for a ready discard, only whether its wait wins is
        worked out."""
        found = self._bands.get(kind)
        if found is None:
            value, _ = self._first[kind]
            if kind in self._entries:
                found = self._entries[kind][0][0]
            elif value != 0 or kind not in self.close:
                found = float(value)
            else:
                reading = self.reading
                counts = reading.counts
                counts[kind] -= 1
                # Positive exactly when the sum over the waits is (ready_value).
                wins = self.agent.ready_value(
                    reading, counts, kind, kind in self.riichi_kinds, False
                )
                counts[kind] += 1
                found = 0.0 if wins > 0 else 1.5
            self._bands[kind] = found
        return found

    def entries(self, kinds: Collection[int]) -> list[Entry]:
        """The entries of ``kinds`` (kinds that may be discarded), in the ranking's order."""
        entries = self._entries
        close = self.close
        missing = [k for k in kinds if k not in entries and k in close]
        if missing:
            reading = self.reading
            # The improving draws (ready: the waits) of the discards to weigh, searched together.
            table = reading.after_discards(missing)
            plan = reading.plan
            agent = self.agent
            for kind in missing:
                value, keep = self._first[kind]
                key, worth = agent._entry_key(
                    reading, kind, value, keep, self.riichi_kinds, None, True, table, plan
                )
                entries[kind] = (key, self.by_kind[kind], worth)
        for kind in kinds:
            if kind not in entries:
                value, keep = self._first[kind]
                entries[kind] = ((float(value), keep), self.by_kind[kind], 0)
        index = self._index
        return [entries[k] for k in sorted(kinds, key=lambda k: (entries[k][0], index[k]))]

    def first_band(self) -> list[int]:
        """The kinds whose key starts as the best one's: the first entry is among them."""
        found = self._first_band
        if found is None:
            ready = [k for k in self.kinds if k in self.close and self._first[k][0] == 0]
            if ready:
                self.reading.after_discards(ready)  # their waits, searched together
            bands = [self.band(kind) for kind in self.kinds]
            low = min(bands)
            found = [k for k, band in zip(self.kinds, bands, strict=True) if band == low]
            self._first_band = found
        return found

    def choosable(self, danger: Sequence[float]) -> list[Entry]:
        """The entries a defence may choose, in the ranking's order: every discard of the
        first one's band (the first among them) and the safest discards (the least ``danger``
        to three places, given for every kind of :attr:`kinds`). Any choice among the best
        shanten's discards, or of the safest tile by its rank, made over the whole ranking
        is the same made over these."""
        low = min(round(danger[kind], 3) for kind in self.kinds)
        safest = [kind for kind in self.kinds if round(danger[kind], 3) == low]
        return self.entries(list(dict.fromkeys([*self.first_band(), *safest])))

    def top(self) -> Entry:
        """The first entry of the ranking."""
        if self._top is None:
            self._top = self.entries(self.first_band())[0]
        return self._top


def _nothing_to_weigh(
    reading: HandReading, discards: Collection[int], riichi_kinds: Collection[int]
) -> bool:
    """One kind to give (riichi), or only tiles of the missing suit, any of which leaves the
    same usable hand, and no riichi to weigh: the choice needs no ranking."""
    if riichi_kinds:
        return False
    missing = reading.observation.own.missing_suit
    return len(discards) == 1 or all(k < 27 and k // 9 == missing for k in discards)


def _keeps_missing_suit(reading: HandReading, kind: int) -> bool:
    """Whether a set of ``kind`` stays out of the seat's missing suit (always, without one)."""
    missing = reading.observation.own.missing_suit
    return missing is None or kind // 9 != missing


def _best_after_discard(counts: list[int], melds: int, shape: HandShape) -> int:
    """The lowest shanten after discarding one tile of ``counts``."""
    return min(discard_shanten(counts, melds, shape).values(), default=99)
