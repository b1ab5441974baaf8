"""The table: a state machine whose only output is events.

``Game.apply(action)`` checks the action against :meth:`Game.legal_actions`, builds the events
it causes and folds each into the state (:mod:`.fold`); nothing else changes the state, so
``Game.replay(events)`` rebuilds any position exactly, and checks every event on the way. Events
are typed, mjai-shaped and frozen (:mod:`mahjongkit.table.events`); a variant's rules at the
table are the hooks of its flow, found through its registry record.

>>> game = Game("riichi", seed=1)
>>> events = game.start()
>>> [e["type"] for e in events]
['start_game', 'start_kyoku', 'tsumo']
>>> len(game.round.seats[0].hand), game.round.phase.value
(14, 'turn')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from operator import is_
from typing import Any

from mahjongkit.errors import IllegalActionError
from mahjongkit.game import legal
from mahjongkit.game.fold import WINDS, folds_for
from mahjongkit.game.hands import HandFacts, Hands, ready_of_counts
from mahjongkit.game.observation import PUBLIC, Observation, SeatInfos, observe, visible_event
from mahjongkit.game.replay import rebuild_rules, replay_log, settle_claims
from mahjongkit.lite_typing import mypyc_attr
from mahjongkit.melds import MeldKind
from mahjongkit.options import recorded as recorded_options
from mahjongkit.shapes import RIICHI, HandShape
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action, check_action
from mahjongkit.table.events import (
    Call,
    Dahai,
    EndGame,
    Event,
    FrozenDict,
    FrozenList,
    Hora,
    Kind,
    Respond,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    freeze,
    frozen_event,
)
from mahjongkit.table.flow import Flow, WinClaim
from mahjongkit.table.hooks import lines_deltas, lines_json
from mahjongkit.table.state import Phase, RoundState, TableState, to_json
from mahjongkit.table.turn import TurnHooks
from mahjongkit.table.wall import (
    deal,
    indicator_indices,
    live_end,
    replacement_index,
    shuffled_wall,
    ura_indices,
)
from mahjongkit.tiles import NUM_BONUS, NUM_PHYSICAL, to_mjai
from mahjongkit.variants import VARIANT_NAMES, find_variant

__all__ = ["Event", "Game", "WallSource", "rebuild_rules", "settle_claims"]

WallSource = Callable[["Game", int], list[int]]
"""Gives the wall of the n-th round (0-based) of a game; the default shuffles with the seed."""

_CLAIM_PRIORITY = {A.RON: 3, A.KAN: 2, A.PON: 2, A.CHI: 1, A.PASS: 0}
_MAX_SEED = 2**63


_MJAI_NAMES: dict[tuple[type, Any], list[str]] = {}
_MJAI_NAMES_KEPT = 32
"""Rule sets whose tile names are kept (a process seldom plays more than a few)."""


_LAST_NAMED: list[Any] = []
"""The flow class, rules object and names :func:`_mjai_names` last gave: a game is made per
round in self-play, under one rules object, whose hash (every field's) costs more than a
look by identity."""


def _mjai_names(flow: Flow[Any]) -> list[str]:
    """The mjai name of every physical id under a flow's rules (red fives depend on them)."""
    rules = flow.rules
    last = _LAST_NAMED
    if last and last[0] is type(flow) and last[1] is rules:
        found: list[str] = last[2]
        return found
    names = _named(flow)
    last[:] = [type(flow), rules, names]
    return names


def _named(flow: Flow[Any]) -> list[str]:
    """:func:`_mjai_names` kept by the rules' value."""
    key: tuple[type, Any] | None = (type(flow), flow.rules)
    try:
        names = _MJAI_NAMES.get(key) if key is not None else None
    except TypeError:  # rules that cannot be hashed are named afresh each time
        key, names = None, None
    if names is None:
        names = [to_mjai(flow.tile(t)) for t in range(NUM_PHYSICAL + NUM_BONUS)]
        if key is not None:
            if len(_MJAI_NAMES) >= _MJAI_NAMES_KEPT:
                _MJAI_NAMES.clear()
            _MJAI_NAMES[key] = names
    return names


_RECORDED: dict[tuple[type, Any], dict[str, Any]] = {}
"""The options each rule set records in a log (kept as the tile names are)."""


_LAST_RECORDED: list[Any] = []
"""The rules object :func:`_recorded` last read, and what it gave (see ``_LAST_NAMED``)."""


def _recorded(rules: Any) -> dict[str, Any]:
    """The options a game under ``rules`` records in its log, frozen as its event holds them:
    a dict of its own for each game (a copy of one level; the values within are frozen)."""
    last = _LAST_RECORDED
    if last and last[0] is rules:
        return FrozenDict(last[1])
    key = (type(rules), rules)
    try:
        found = _RECORDED.get(key)
    except TypeError:  # rules that cannot be hashed are read afresh each time
        return dict(freeze(recorded_options(rules)))
    if found is None:
        if len(_RECORDED) >= _MJAI_NAMES_KEPT:
            _RECORDED.clear()
        found = _RECORDED[key] = freeze(recorded_options(rules))
    last[:] = [rules, found]
    return FrozenDict(found)


# Compiled (native.COMPILED): the public methods take ``object`` where a caller may hand them
# anything, so that our own checks word the refusal (a typed parameter of a compiled method
# refuses a wrong type with a bare TypeError first). Subclassed in Python (replays, recorders).
@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """One game at one table (of the registry's first family when none is named)."""

    def __init__(
        self,
        variant: object = None,
        rules: Any = None,
        *,
        seed: object = 0,
        wall_source: WallSource | None = None,
        names: Sequence[str] | None = None,
        max_rounds: object = None,
    ) -> None:
        # find_variant refuses a name that is not a string in its own words.
        name = VARIANT_NAMES[0] if variant is None else variant
        record = find_variant(name)  # type: ignore[arg-type]
        if type(seed) is not int or not -_MAX_SEED < seed < _MAX_SEED:
            raise IllegalActionError(f"a game's seed is an integer below 2**63, not {seed!r:.40}")
        if max_rounds is not None and (type(max_rounds) is not int or max_rounds < 1):
            raise IllegalActionError(f"max_rounds is a positive integer, not {max_rounds!r:.40}")
        self.flow: Flow[Any] = record.make_flow(rules)
        self.variant: str = record.name
        self.max_rounds: int | None = max_rounds if type(max_rounds) is int else None
        """End the game after this many rounds whatever the rules say (None: the rules)."""
        self.seed: int = seed
        self.wall_source = wall_source
        self.players = self.flow.players
        if names is not None and (
            not isinstance(names, list | tuple)
            or len(names) != self.players
            or not all(isinstance(n, str) for n in names)
        ):
            raise IllegalActionError(
                f"names: one string per seat ({self.players}), not {names!r:.60}"
            )
        self.names = list(names) if names else [f"player{i}" for i in range(self.players)]
        self.state = TableState()
        self.round: RoundState = self.state.round
        """The round being played (the state's; kept as an attribute, read at every step)."""
        self._folds = folds_for(self.flow)
        # Asked at every discard: the family's answers read once, and a hook it does not write
        # (whose default does nothing) not called at all.
        self._wait_furiten = self.flow.furiten_on_passed_wait()
        self._declaration_stands = (
            self.flow.declaration_stands if self.flow.writes("declaration_stands") else None
        )
        self._abort_after_discard = (
            self.flow.abort_after_discard if self.flow.writes("abort_after_discard") else None
        )
        self._hands = Hands(self.flow, self)
        self._turn_hooks: TurnHooks | None = self.flow.compiled_turn()
        """The flow's turn hooks, compiled, while it answers them as its family does."""
        self._chow_allowed = bool(self.flow.chow_allowed)
        # The wall's layout, read at every draw: a flow's attribute costs a look-up by name.
        self._dead_wall: int = self.flow.dead_wall
        self._bonus_tiles = bool(self.flow.bonus_tiles)
        # Legal actions per seat, valid while the state version is the one they were computed
        # at: every fold moves the version on, except an answer to a claim, which changes only
        # the answering seat's options (see ``_fold``).
        self._version = 0
        self._legal_at = [-1] * self.players
        self._legal_of: list[list[Action]] = [[] for _ in range(self.players)]
        self._mjai_names = _mjai_names(self.flow)
        self._views: dict[int, tuple[int, list[Event]]] = {}
        self._order = _DiscardOrder(players=self.players)
        self._seat_infos = SeatInfos()
        self._indicators: tuple[object, int, list[int]] = (None, 0, [])
        self.stop_after_round = False
        """Set by :meth:`start_at` for a one-round check: nothing follows the round's end."""
        self.log: list[Event] = []

    def __getstate__(self) -> dict[str, object]:
        """Every attribute, the class's own and a subclass's (for pickle and deepcopy: a
        compiled class keeps its own outside ``__dict__``, and copies only those by itself)."""
        state: dict[str, object] = dict(getattr(self, "__dict__", {}))
        for name in getattr(Game, "__mypyc_attrs__", ()):
            if not name.startswith("__"):
                state[name] = getattr(self, name)
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        """Put back what :meth:`__getstate__` gave."""
        for name, value in state.items():
            setattr(self, name, value)

    # --- the state, as the fold keeps it -------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        """Each seat's score."""
        return self.state.scores

    @property
    def rounds_played(self) -> int:
        """Rounds over so far."""
        return self.state.rounds_played

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.over

    # --- public interface ---------------------------------------------------------------------

    def start(self) -> list[Event]:
        """Begin the game: its first round and the dealer's first draw."""
        return self.start_at(
            round_wind=0,
            hand_number=0,
            dealer=0,
            honba=0,
            deposits=0,
            scores=self.flow.starting_scores(),
            single_round=False,
        )

    def start_at(
        self,
        *,
        round_wind: object,
        hand_number: object,
        dealer: object,
        honba: object,
        deposits: object,
        scores: object,
        single_round: object = True,
    ) -> list[Event]:
        """Begin at a given position (a recorded round): its wind, dealer, counters, scores."""
        if self.log:
            raise IllegalActionError("the game has already started")
        wind, number, first, counters, sticks, start_scores = _check_position(
            self.players, round_wind, hand_number, dealer, honba, deposits, scores
        )
        single_round = bool(single_round)
        self.stop_after_round = single_round
        out: list[Event] = []
        start: StartGame = {
            "type": "start_game",
            "names": self.names,
            "mjk_variant": self.variant,
            "mjk_seed": self.seed,
            "mjk_rules": _recorded(self.flow.rules),
            "mjk_scores": start_scores,
        }
        if single_round:
            start["mjk_single_round"] = True
        if self.max_rounds is not None:
            start["mjk_max_rounds"] = self.max_rounds
        self._emit(out, start)
        self._start_round(
            out,
            round_wind=wind,
            hand_number=number,
            dealer=first,
            honba=counters,
            deposits=sticks,
        )
        return out

    def legal_actions(self, seat: object) -> list[Action]:
        """Every action ``seat`` may take now, including declining a claim (``pass``).

        A win, when one is offered, comes first (bots may look at the first action alone).
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            return []
        return list(self._legal(seat))

    def _legal(self, seat: int) -> list[Action]:
        """The cached legal actions of a valid seat (not to be changed by the caller)."""
        if self._legal_at[seat] != self._version:
            self._legal_of[seat] = self._compute_legal(seat)
            self._legal_at[seat] = self._version
        return self._legal_of[seat]

    def _compute_legal(self, seat: int) -> list[Action]:
        state = self.state
        rnd = state.round
        if state.over or not rnd.seats or rnd.seats[seat].won:
            return []  # also before the first deal
        phase = rnd.phase
        if phase is Phase.TURN:
            if seat != rnd.turn:
                return []
            return legal.turn_actions_by(self, self.flow, seat, self._turn_hooks)
        if phase is Phase.CLAIM:
            return [] if seat in rnd.responses else legal.claim_actions(self, self.flow, seat)
        if phase is Phase.ROB:
            return [] if seat in rnd.responses else legal.rob_actions(self, self.flow, seat)
        if phase in (Phase.EXCHANGE, Phase.DECLARE):
            return self.flow.setup_actions(self, seat)
        return []

    def waiting_for(self) -> list[int]:
        """The seats whose action is expected now."""
        rnd = self.state.round
        if rnd.phase is Phase.TURN and rnd.seats and not self.state.over:
            return [rnd.turn] if self._legal(rnd.turn) else []  # no one else acts in a turn
        return [s for s in range(self.players) if self._legal(s)]

    def apply(self, action: object) -> list[Event]:
        """Play ``action``; return the events it caused. An illegal action changes nothing.

        Raises :class:`~mahjongkit.errors.IllegalActionError` naming the seat, the tile and
        what is allowed; a value that is not a well-formed :class:`Action` (a field of the
        wrong type: a float, a bool, a NumPy integer) is refused the same way.
        """
        if not self._offered(action):
            check_action(action, self.players)
            assert isinstance(action, Action)  # what check_action let through
            actions = self._legal(action.seat)
            hand = self.state.round.seats[action.seat].hand if self.state.round.seats else []
            if action not in actions and not legal.equivalent_legal(
                self.flow, list(hand), action, actions
            ):
                refusal = legal.why_illegal(self, self.flow, action, actions)
                raise IllegalActionError(refusal.message, refusal.rule, refusal.reason)
        assert isinstance(action, Action)
        out: list[Event] = []
        logged = len(self.log)
        try:
            self._play(out, action)
        except Exception:
            # Whatever went wrong downstream, leave the game exactly as it was: the state is a
            # fold of the log, so folding the log up to this action again restores it.
            self._restore(self.log[:logged])
            raise
        return out

    def _anyone_may_claim(self, candidates: list[int]) -> bool:
        """Make every seat's options on the discard just made; whether any seat has one.

        ``candidates``: the seats that could answer it at all (:meth:`_claimants`); the others
        have nothing to do with it, as :func:`~mahjongkit.game.legal.claim_actions` would
        find. Asked in another phase (a flow's fold that moved on), every seat is asked."""
        version = self._version
        found = False
        rnd = self.state.round
        claim = rnd.phase is Phase.CLAIM
        discarder = rnd.last_discarder if claim else None
        # Right after the discard no seat has answered; otherwise ask every seat as usual.
        settled = claim and not rnd.responses and not self.state.over
        for seat in range(self.players):
            if seat == discarder or (settled and seat not in candidates):
                self._legal_of[seat] = []  # no seat claims its own discard
                self._legal_at[seat] = version
            elif self._legal_at[seat] != version:
                self._legal_of[seat] = self._compute_legal(seat)
                self._legal_at[seat] = version
            found = found or bool(self._legal_of[seat])
        return found

    def _claimants(self, discarder: int, tile: int) -> tuple[list[int], list[int]]:
        """Of the other seats still playing, before ``tile`` is discarded: those whose hand
        it completes by shape alone (whether it would score does not matter: furiten follows
        the waits), and those that could answer it at all (a wait, a pair's match, or for the
        next seat a chow's missing tile). The hands are read once for both."""
        kind = tile // 4
        seats = self.state.round.seats
        hands = self._hands
        chower = legal.next_seat(self, discarder) if self._chow_allowed and kind < 27 else -1
        bonus = tile >= NUM_PHYSICAL  # a bonus tile: claim_actions asks the rules at once
        waiting: list[int] = []
        candidates: list[int] = []
        for seat in range(self.players):
            if seat == discarder or seats[seat].won:
                continue
            facts = hands.facts(seat)
            waits = facts.waits
            if kind in waits:
                waiting.append(seat)
            # A question of the discard's kind alone (a few reads): cheaper than a mask of
            # every kind kept per hand, which each new hand would pay for in full.
            if bonus or legal.may_answer(facts.counts, waits, kind, seat == chower):
                candidates.append(seat)
        return waiting, candidates

    def _offered(self, action: object) -> bool:
        """Whether ``action`` is one of the very objects :meth:`legal_actions` offered now (a
        bot's usual answer): then it is well formed and legal without being checked again."""
        # Read untyped: a compiled read of a typed field would refuse a wrong type by itself.
        seat = getattr(action, "seat", None) if type(action) is Action else None
        if type(seat) is not int or not 0 <= seat < self.players:
            return False
        return any(map(is_, repeat(action), self._legal(seat)))

    def _restore(self, events: list[Event]) -> None:
        self._views.clear()
        self._order = _DiscardOrder(players=self.players)
        self._seat_infos = SeatInfos()
        self._version += 1
        self.log = []
        self.state = TableState()
        self.round = self.state.round
        for event in events:
            self._fold(event)

    def observation(self, seat: object, with_events: object = True) -> Observation:
        """What ``seat`` may see: its own hand, everyone's open information, never the wall.

        ``with_events=False`` leaves the log out (for fast bots).
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalActionError(
                f"seat {seat!r:.20} does not exist at a {self.players}-player table"
            )
        events = tuple(self.visible_log(seat)) if with_events else ()
        shape = self.flow.shape(self, seat) if self.state.round.seats else RIICHI
        order = self._followed_order()
        return observe(
            self,
            self.variant,
            seat,
            self._legal(seat),
            events,
            shape,
            (order.shown, order.shown_riichi),
            self._furiten(seat),
            tsumogiri=order.shown_tsumogiri,
            seats=self._seat_infos,
            log=self.log,
        )

    def public_observation(self, with_events: bool = True) -> Observation:
        """What someone watching the table sees, holding no seat: every seat's open information
        (melds, discards, bonus tiles, hand sizes), never a concealed tile or the wall, and no
        legal action; its seat is :data:`~mahjongkit.game.observation.PUBLIC`.

        >>> game = Game(seed=3)
        >>> _ = game.start()
        >>> public = game.public_observation()
        >>> [seat.hand for seat in public.seats], public.legal_actions
        ([None, None, None, None], ())
        >>> [e["pai"] for e in public.events if e["type"] == "tsumo"]
        ['?']
        """
        events = tuple(self.visible_log(PUBLIC)) if with_events else ()
        order, riichi_at = self.discard_order()
        return observe(
            self, self.variant, PUBLIC, [], events, RIICHI, (tuple(order), tuple(riichi_at))
        )

    def _furiten(self, seat: int) -> bool:
        """The rules' furiten check of a seat whose hand waits (13 tiles less its melds')."""
        seats = self.state.round.seats
        return bool(seats) and len(seats[seat].hand) % 3 == 1 and self.flow.furiten(self, seat)

    def observation_at(self, seat: object, events: object) -> Observation:
        """What ``seat`` saw once the log's first ``events`` events had happened (without the
        log): the table at the end of a hand, say, after the next one has been dealt. The
        state is the fold of those events, so nothing is played again."""
        if type(events) is not int or not 0 < events <= len(self.log):
            raise IllegalActionError(
                f"events {events!r:.20}: the log has {len(self.log)} events (1 or more needed)"
            )
        past = Game(
            self.variant,
            self.flow.rules,
            seed=self.seed,
            names=self.names,
            max_rounds=self.max_rounds,
        )
        past._restore(self.log[:events])
        return past.observation(seat, with_events=False)

    def discard_order(self) -> tuple[list[tuple[int, int]], list[int | None]]:
        """The round's discards in the order they were made, as (seat, tile), and for each seat
        the index there of the tile it declared riichi with (None: no riichi). Kept up to date
        as the log grows; what every seat saw happen, in order."""
        order = self._followed_order()
        return list(order.order), list(order.riichi_at)

    def _followed_order(self) -> _DiscardOrder:
        """The round's discards followed up to the end of the log."""
        kept = self._order
        if kept.seen > len(self.log):
            kept = self._order = _DiscardOrder(players=self.players)
        kept.follow(self.log)
        return kept

    def visible_log(self, seat: int) -> list[Event]:
        """The events as ``seat`` (or :data:`~mahjongkit.game.observation.PUBLIC`) sees them
        (kept up to date as the log grows)."""
        seen, events = self._views.get(seat, (0, []))
        for event in self.log[seen:]:
            shown = visible_event(event, seat)
            if shown is not None:
                events.append(shown)
        self._views[seat] = (len(self.log), events)
        return list(events)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON data (for comparing a replay with live play)."""
        snapshot: dict[str, Any] = to_json(self.state)
        return snapshot

    @classmethod
    def replay(
        cls, events: Iterable[Any], variant: str | None = None, rules: Any = None, **options: Any
    ) -> Game:
        """The game a log describes, every event checked against the game it folds into.

        The log is played again: each player's decision it records (a discard, a call, a pass,
        a win...) is applied as an action, and the events the engine answers with must be the
        log's own, field for field. A log cut in the middle of the events of one decision ends
        on the state its events fold into. Anything else raises
        :class:`~mahjongkit.errors.IllegalActionError` naming the first bad event's index
        (:mod:`.replay` does the work).
        """
        return replay_log(cls, events, variant, rules, **options)

    def live_remaining(self) -> int:
        """Live-wall tiles left to draw."""
        return self._live_end() - self.state.round.live_next

    # --- what is kept of the hands (see :mod:`.hands`) ------------------------------------------

    def hand_facts(self, seat: int) -> HandFacts:
        """Counts and waits of a seat's hand, kept until the hand changes (see :mod:`.hands`)."""
        return self._hands.facts(seat)

    def shanten_of(self, seat: int) -> int:
        """The shanten of the seat's hand (by its shape), kept with its hand facts."""
        return self._hands.shanten(seat)

    def ready_of_counts(
        self, counts: list[int], melds: int, shape: HandShape
    ) -> tuple[int, frozenset[int]]:
        """The shanten and the waits of a hand of ``13 - 3 * melds`` tiles by its counts."""
        return ready_of_counts(counts, melds, shape)

    # --- the fold: the only place state changes ----------------------------------------------

    def _fold(self, event: Event) -> None:
        """Apply one (frozen) event to the state and record it."""
        kind = event["type"]
        fold = self._folds.get(kind)
        if fold is None:
            raise IllegalActionError(f"{self.variant} has no event {kind!r}")
        fold(self.state, event)
        self.log.append(event)
        if event["type"] == Kind.RESPOND and self.round.phase in (Phase.CLAIM, Phase.ROB):
            # An answer to a claim settles the answering seat only: the others' options on
            # the same discard (or kong) stay what they were.
            actor = event["actor"]
            self._legal_of[actor] = []
            self._legal_at[actor] = self._version
            return
        if kind == Kind.START_KYOKU:
            self.round = self.state.round  # the only fold that makes a new round
        self._version += 1

    def _emit(self, out: list[Event], event: Event) -> None:
        frozen = frozen_event(event)
        self._fold(frozen)
        out.append(frozen)

    def _emit_scalars(self, out: list[Event], event: Event) -> None:
        """Emit an event whose values are all scalars: one copy freezes it (draws and
        discards, most of a game's events, need no walk through nested values)."""
        frozen: Event = FrozenDict(event)  # type: ignore[assignment]
        self._fold(frozen)
        out.append(frozen)

    def _emit_all(self, out: list[Event], events: Iterable[Event]) -> None:
        """Emit a hook's events one at a time: each is folded before the hook goes on."""
        for event in events:
            self._emit(out, event)

    # --- wall geometry --------------------------------------------------------------------------

    def replacement_tile(self) -> int:
        """The next replacement tile (after a kong or a bonus tile)."""
        rnd = self.state.round
        return rnd.wall[replacement_index(len(rnd.wall), self._dead_wall, rnd.replacements)]

    def _live_end(self) -> int:
        rnd = self.state.round
        return live_end(
            len(rnd.wall), self._dead_wall, rnd.kongs + rnd.set_aside, rnd.replacements
        )

    def indicator_tiles(self) -> list[int]:
        """Physical ids of the dora indicators shown (kept until another is shown: every
        observation lists them)."""
        rnd = self.state.round
        kept = self._indicators
        if kept[0] is not rnd or kept[1] != rnd.indicators:
            indices = indicator_indices(len(rnd.wall), self.flow.dead_wall, rnd.indicators)
            kept = self._indicators = (rnd, rnd.indicators, [rnd.wall[i] for i in indices])
        return list(kept[2])

    def ura_tiles(self) -> list[int]:
        """Physical ids under the indicators shown (ura dora)."""
        rnd = self.state.round
        return [
            rnd.wall[i] for i in ura_indices(len(rnd.wall), self.flow.dead_wall, rnd.indicators)
        ]

    def _mjai(self, tile: int) -> str:
        return self._mjai_names[tile]

    # --- the course of a round -------------------------------------------------------------------

    def _start_round(
        self,
        out: list[Event],
        *,
        round_wind: int,
        hand_number: int,
        dealer: int,
        honba: int,
        deposits: int,
    ) -> None:
        if self.wall_source is not None:
            wall = self.wall_source(self, self.rounds_played)
        else:
            rng = random.Random(f"{self.seed}:{self.rounds_played}")
            wall = shuffled_wall(self.flow.tiles(), rng)
        hands = deal(wall, dealer, self.players)
        names = self._mjai_names
        event: StartKyoku = {
            "type": "start_kyoku",
            "bakaze": WINDS[round_wind],
            "kyoku": hand_number + 1,
            "honba": honba,
            "kyotaku": deposits,
            "oya": dealer,
            # Made frozen (as _emit would copy them): the wall and the hands are most of a
            # round's event values, and a compiled copy costs less than freeze's walk.
            "scores": FrozenList(self.scores),
            "tehais": FrozenList([FrozenList([names[t] for t in hand]) for hand in hands]),
            "mjk_wall": FrozenList(wall),
        }
        if self.flow.first_indicators:
            event["dora_marker"] = names[
                wall[indicator_indices(len(wall), self.flow.dead_wall, 1)[0]]
            ]
        self._emit_scalars(out, event)
        self._emit_all(out, self.flow.after_deal(self))
        if self.state.round.phase is Phase.TURN:
            self._draw(out, dealer)

    def _draw(
        self, out: list[Event], seat: int, replacement: bool = False, after_kong: bool = True
    ) -> None:
        rnd = self.round
        tile = self.replacement_tile() if replacement else rnd.wall[rnd.live_next]
        event: Tsumo = {
            "type": "tsumo",
            "actor": seat,
            "pai": self._mjai_names[tile],
            "mjk_id": tile,
        }
        if replacement:
            event["mjk_replacement"] = True
            event["mjk_after_kong"] = after_kong
        self._emit_scalars(out, event)
        if self._bonus_tiles and tile >= 136:
            if self.flow.bonus_win_possible(self, seat, tile):
                return  # the seat chooses: win on it, or set it aside (A.FLOWER)
            self._set_aside(out, seat, tile, replacement and after_kong)

    def _set_aside(self, out: list[Event], seat: int, tile: int, after_kong: bool) -> None:
        """A drawn bonus tile goes beside the hand and is replaced."""
        self._emit(
            out, {"type": "mjk:flower", "actor": seat, "pai": self._mjai(tile), "mjk_id": tile}
        )
        if self.live_remaining() <= 0:
            # The bonus tile was the last of the live wall: nothing is left to replace it with,
            # and the wall is exhausted (the replacement would be a tile already drawn).
            self._exhaustive_draw(out)
            return
        # The replacement of a bonus tile keeps the kong status of the draw it replaces.
        self._draw(out, seat, replacement=True, after_kong=after_kong)

    # --- playing an action ----------------------------------------------------------------------

    def _play(self, out: list[Event], action: Action) -> None:
        rnd = self.state.round
        kind = action.type
        if rnd.phase in (Phase.EXCHANGE, Phase.DECLARE):
            self._emit_all(out, self.flow.play_setup(self, action))
            if self.state.round.phase is Phase.TURN:
                self._draw(out, self.state.round.dealer)
            return
        if rnd.phase in (Phase.CLAIM, Phase.ROB):
            missed = kind == A.PASS and any(a.type == A.RON for a in self._legal(action.seat))
            event: Respond = {
                "type": "mjk:respond",
                "actor": action.seat,
                "action": action.to_json(),
            }
            if missed:
                event["mjk_missed_win"] = True
            self._emit(out, event)
            if not any(self._legal(s) for s in range(self.players)):
                if rnd.phase is Phase.CLAIM:
                    self._resolve_claims(out)
                else:
                    self._resolve_rob(out)
            return
        if kind == A.TSUMO:
            assert action.tile is not None
            self._win(out, [action.seat], action.tile, discarder=None)
        elif kind in (A.DISCARD, A.RIICHI):
            self._discard(out, action)
        elif kind == A.ANKAN:
            self._concealed_kong(out, action)
        elif kind == A.KAKAN:
            self._added_kong(out, action)
        elif kind == A.ABORT:
            self._abort(out, "kyushukyuhai", actor=action.seat)
        elif kind == A.FLOWER and action.tile is not None:
            self._set_aside(out, action.seat, action.tile, self.state.round.after_kong)
        elif kind == A.KITA and action.tile is not None:
            self._kita(out, action.seat, action.tile)
        else:
            raise IllegalActionError(f"{kind} cannot be played now")

    def _discard(self, out: list[Event], action: Action) -> None:
        rnd = self.state.round
        seat = action.seat
        tile = action.tile
        assert tile is not None
        state = rnd.seats[seat]
        if action.type != A.DISCARD:  # a discard that declares (riichi): the flow's events first
            self._emit_all(out, self.flow.declare(self, action))
        discard: Dahai = {
            "type": "dahai",
            "actor": seat,
            "pai": self._mjai(tile),
            "tsumogiri": tile == state.drawn,
            "mjk_id": tile,
        }
        waiting, candidates = self._claimants(seat, tile)
        if waiting and self._wait_furiten:
            discard["mjk_waiting"] = waiting
            self._emit(out, discard)
        else:
            self._emit_scalars(out, discard)
        while rnd.pending_indicators:
            self._reveal_indicator(out)
        if not self._anyone_may_claim(candidates):
            self._resolve_claims(out)

    def _reveal_indicator(self, out: list[Event]) -> None:
        rnd = self.state.round
        index = indicator_indices(len(rnd.wall), self.flow.dead_wall, rnd.indicators + 1)[-1]
        tile = rnd.wall[index]
        self._emit(out, {"type": "dora", "dora_marker": self._mjai(tile), "mjk_id": tile})

    def _kong_indicator(self, out: list[Event], immediate: bool) -> None:
        if not self.flow.first_indicators or not self.flow.kong_indicators:
            return
        if immediate:
            self._reveal_indicator(out)
        else:
            self._emit(out, {"type": "mjk:pending_dora"})

    def _resolve_claims(self, out: list[Event]) -> None:
        rnd = self.round
        discarder = rnd.last_discarder
        tile = rnd.last_discard
        assert discarder is not None and tile is not None
        if not rnd.responses:
            self._unclaimed(out, discarder)  # most discards are answered by no one
            return
        order = self._after(discarder)
        rons = self._answered(order, A.RON)
        if rons:
            winners = self.flow.ron_winners(self, rons, discarder)
            if isinstance(winners, str):
                self._abort(out, winners)
                return
            self._win(out, winners, tile, discarder=discarder)
            return
        if self._declaration_stands is not None:
            for event in self._declaration_stands(self, discarder):
                self._emit(out, event)
        calls = [
            (rnd.responses[s], s)
            for s in order
            if rnd.responses.get(s, {}).get("type") in (A.PON, A.KAN, A.CHI)
        ]
        if len(calls) > 1:
            calls.sort(key=lambda c: -_CLAIM_PRIORITY[c[0]["type"]])
        abort = None if self._abort_after_discard is None else self._abort_after_discard(self)
        if abort and not calls:
            self._abort(out, abort)
            return
        if calls:
            response, _seat = calls[0]
            self._call(out, Action.from_json(response), discarder)
            return
        if abort:
            self._abort(out, abort)
            return
        if self.live_remaining() <= 0:
            self._exhaustive_draw(out)
            return
        self._draw(out, legal.next_seat(self, discarder))

    def _unclaimed(self, out: list[Event], discarder: int) -> None:
        """What follows a discard nobody answered (no win, no call): a declaration stands,
        the round is aborted, the wall is exhausted, or the next seat draws; as
        :meth:`_resolve_claims` does with every answer a pass."""
        if self._declaration_stands is not None:
            for event in self._declaration_stands(self, discarder):
                self._emit(out, event)
        abort = None if self._abort_after_discard is None else self._abort_after_discard(self)
        if abort:
            self._abort(out, abort)
            return
        rnd = self.round
        if self._live_end() <= rnd.live_next:
            self._exhaustive_draw(out)
            return
        self._draw(out, legal.next_seat(self, discarder))

    def _call(self, out: list[Event], action: Action, discarder: int) -> None:
        tile = action.tile
        assert tile is not None
        name = {A.PON: "pon", A.CHI: "chi", A.KAN: "daiminkan"}[action.type]
        event: Call = {
            "type": name,  # type: ignore[typeddict-item]  # one of the three call types
            "actor": action.seat,
            "target": discarder,
            "pai": self._mjai(tile),
            "consumed": [self._mjai(t) for t in action.consumed],
            "mjk_id": tile,
            "mjk_consumed": list(action.consumed),
            "mjk_kuikae": self.flow.kuikae_after_call(action),
        }
        liable = self.flow.liability(self, action, discarder)
        if liable is not None:
            event["mjk_liable"] = liable
        self._emit(out, event)
        if action.type == A.KAN:
            self._after_kong(out, action.seat, "exposed", fed_by=discarder)

    def _concealed_kong(self, out: list[Event], action: Action) -> None:
        seat = action.seat
        robbable = any(
            legal.may_rob(self, self.flow, other, seat, action.consumed[0], concealed=True)
            for other in range(self.players)
        )
        self._emit(
            out,
            {
                "type": "ankan",
                "actor": seat,
                "consumed": [self._mjai(t) for t in action.consumed],
                "mjk_consumed": list(action.consumed),
                "mjk_robbable": robbable,
            },
        )
        if not robbable:
            self._after_kong(out, seat, "concealed")

    def _added_kong(self, out: list[Event], action: Action) -> None:
        seat = action.seat
        tile = action.tile
        assert tile is not None
        state = self.state.round.seats[seat]
        pung = next(m for m in state.melds if m.kind is MeldKind.PUNG and m.kind_id() == tile // 4)
        robbable = any(
            legal.may_rob(self, self.flow, other, seat, tile, concealed=False)
            for other in range(self.players)
        )
        self._emit(
            out,
            {
                "type": "kakan",
                "actor": seat,
                "pai": self._mjai(tile),
                "consumed": [self._mjai(t) for t in pung.tiles],
                "mjk_id": tile,
                "mjk_drawn_now": tile == state.drawn,
                "mjk_robbable": robbable,
            },
        )
        if not robbable:
            self._after_kong(out, seat, "added", drawn_now=tile == state.drawn)

    def _kita(self, out: list[Event], seat: int, tile: int) -> None:
        """A North set aside on one's turn (kita): the others may win on it first, as on a
        kong's tile; then its replacement is drawn."""
        robbable = any(
            legal.may_rob(self, self.flow, other, seat, tile, concealed=False, set_aside=True)
            for other in range(self.players)
        )
        self._emit(
            out,
            {
                "type": "nukidora",
                "actor": seat,
                "pai": self._mjai(tile),
                "mjk_id": tile,
                "mjk_robbable": robbable,
            },
        )
        if not robbable:
            self._after_kita(out, seat)

    def _after_kita(self, out: list[Event], seat: int) -> None:
        self._emit(out, {"type": "mjk:kita_done", "actor": seat})
        self._draw(out, seat, replacement=True)

    def _after(self, seat: int) -> list[int]:
        """The other seats in turn order from ``seat``."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def _answered(self, seats: list[int], kind: str) -> list[int]:
        """The seats (in the order given) that answered the window with ``kind``."""
        return [s for s in seats if self.state.round.responses.get(s, {}).get("type") == kind]

    def _resolve_rob(self, out: list[Event]) -> None:
        rnd = self.state.round
        seat = rnd.rob_seat
        tile = rnd.rob_tile
        assert seat is not None and tile is not None
        rons = self._answered(self._after(seat), A.RON)
        if rons:
            winners = self.flow.ron_winners(self, rons, seat)
            if isinstance(winners, str) or not winners:  # no abortive draw on a robbed kong
                winners = rons[:1]
            self._win(out, winners, tile, discarder=seat, robbing=True)
            return
        if rnd.rob_set_aside:
            self._after_kita(out, seat)
            return
        kind = "concealed" if rnd.rob_concealed else "added"
        self._after_kong(out, seat, kind, drawn_now=True)

    def _after_kong(
        self,
        out: list[Event],
        seat: int,
        kind: str,
        *,
        fed_by: int | None = None,
        drawn_now: bool = False,
    ) -> None:
        self._emit(out, {"type": "mjk:kong_done", "actor": seat, "kind": kind})
        for payment in self.flow.kong_payments(self, seat, kind, fed_by, drawn_now):
            self._emit(out, payment)
        self._kong_indicator(out, immediate=self.flow.kong_indicator_at_once(kind))
        self._draw(out, seat, replacement=True)

    def _win(
        self,
        out: list[Event],
        winners: list[int],
        tile: int,
        *,
        discarder: int | None,
        robbing: bool = False,
    ) -> None:
        rnd = self.state.round
        for index, seat in enumerate(winners):
            first = index == 0
            claim = WinClaim(seat, tile, discarder, robbing, robbing and rnd.rob_set_aside)
            final = self.flow.final_score(self, claim, first)
            moved = self.flow.extra_win_lines(self, claim, first)
            deltas = [
                a + b
                for a, b in zip(
                    self.flow.deltas(self, final, seat),
                    lines_deltas(moved, self.players),
                    strict=True,
                )
            ]
            summary = final.to_json()
            summary.pop("explanation", None)
            event: Hora = {
                "type": "hora",
                "actor": seat,
                "target": seat if discarder is None else discarder,
                "pai": self._mjai(tile),
                "deltas": deltas,
                "scores": [s + d for s, d in zip(self.scores, deltas, strict=True)],
                "mjk_deposits_taken": first and self.flow.takes_deposits,
                "mjk_score": summary,
            }
            if robbing and first:
                event["mjk_robbed"] = {"seat": discarder, "tile": tile}
            if moved:
                event["mjk_lines"] = lines_json(moved)
            settled = self.flow.settled_kongs(self, claim, first)
            if settled:
                event["mjk_kongs_settled"] = {"seat": discarder, "kongs": settled}
            if self.flow.first_indicators and self.flow.shows_ura(self, seat):
                event["uradora_markers"] = [self._mjai(t) for t in self.ura_tiles()]
            self._emit(out, event)
        if self.flow.continues_after_win(self):
            nxt = legal.next_seat(self, winners[-1])
            if self.live_remaining() <= 0:
                self._exhaustive_draw(out)
                return
            self._emit(out, {"type": "mjk:phase", "phase": Phase.TURN.value})
            self._draw(out, nxt)
            return
        self._end_round(out, {"kind": "win", "winners": winners, "discarder": discarder})

    def _exhaustive_draw(self, out: list[Event]) -> None:
        event = self.flow.exhaustive_draw(self)
        if "tenpai" in event:
            # mjai's form of who is ready: one flag per seat.
            event["tenpais"] = [seat in event["tenpai"] for seat in range(self.players)]
        event["scores"] = [s + d for s, d in zip(self.scores, event["deltas"], strict=True)]
        self._emit(out, event)
        self._end_round(out, {"kind": "exhaustive", "tenpai": event.get("tenpai", [])})

    def _abort(self, out: list[Event], reason: str, actor: int | None = None) -> None:
        event: Ryukyoku = {
            "type": "ryukyoku",
            "reason": reason,
            "deltas": [0] * self.players,
            "scores": list(self.scores),
        }
        if actor is not None:
            event["actor"] = actor
        self._emit(out, event)
        self._end_round(out, {"kind": "abort", "reason": reason})

    def _end_round(self, out: list[Event], result: dict[str, Any]) -> None:
        self._emit(out, {"type": "end_kyoku", "mjk_result": result})
        if self.stop_after_round:
            return
        following = self.flow.next_round(self)
        if self.max_rounds is not None and self.rounds_played >= self.max_rounds:
            following = None
        if following is None:
            final = self.flow.final_result(self)
            end: EndGame = {"type": "end_game", "scores": final.pop("scores", list(self.scores))}
            if "mjk_ranking" in final:
                end["mjk_ranking"] = final.pop("mjk_ranking")
            self._emit(out, end)
            return
        round_wind, hand_number, dealer, honba = following
        self._start_round(
            out,
            round_wind=round_wind,
            hand_number=hand_number,
            dealer=dealer,
            honba=honba,
            deposits=self.state.round.deposits,
        )


# --- position checks -----------------------------------------------------------------------------


def _check_position(
    players: int,
    round_wind: object,
    hand_number: object,
    dealer: object,
    honba: object,
    deposits: object,
    scores: object,
) -> tuple[int, int, int, int, int, list[int]]:
    """Refuse a starting position the table cannot be in; the position's numbers, checked
    (round wind, hand number, dealer, honba, deposits, scores)."""
    checks = (
        ("round_wind", round_wind, 0, 3),
        ("hand_number", hand_number, 0, players - 1),
        ("dealer", dealer, 0, players - 1),
        ("honba", honba, 0, 10**6),
        ("deposits", deposits, 0, 10**6),
    )
    numbers: list[int] = []
    for name, value, low, high in checks:
        if type(value) is not int or not low <= value <= high:
            raise IllegalActionError(
                f"{name} is an integer from {low} to {high}, not {value!r:.20}"
            )
        numbers.append(value)
    listed = list(scores) if isinstance(scores, list | tuple) else None
    if (
        listed is None
        or len(listed) != players
        or not all(type(s) is int and abs(s) <= 10**12 for s in listed)
    ):
        count = len(listed) if listed is not None else "no"
        raise IllegalActionError(f"{count} scores for {players} players: {scores!r:.60}")
    return numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], listed


# Copied with its game (deepcopy, pickle): a Python class when compiled (a native one would be
# made again by its __init__, which needs the table's size).
@mypyc_attr(native_class=False)
class _DiscardOrder:
    """The round's discards in order, each seat's riichi position there and each discard's
    tsumogiri flag, followed event by event as the log grows (with their tuples, made once per
    change, for the observations)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.seen = 0
        self.order: list[tuple[int, int]] = []
        self.riichi_at: list[int | None] = [None] * players
        self.tsumogiri: list[bool] = []
        self.shown: tuple[tuple[int, int], ...] = ()
        self.shown_riichi: tuple[int | None, ...] = (None,) * players
        self.shown_tsumogiri: tuple[bool, ...] = ()

    def follow(self, log: Sequence[Event]) -> None:
        """Take in the events after the ones already followed."""
        if self.seen == len(log):
            return
        changed = False
        for event in log[self.seen :]:
            kind = event["type"]
            if kind == Kind.DAHAI:
                self.order.append((event["actor"], event["mjk_id"]))  # type: ignore[typeddict-item]
                self.tsumogiri.append(bool(event["tsumogiri"]))  # type: ignore[typeddict-item]
                changed = True
            elif kind == Kind.REACH:
                self.riichi_at[event["actor"]] = len(self.order)  # type: ignore[typeddict-item]
                changed = True
            elif kind == Kind.START_KYOKU:
                self.order = []
                self.riichi_at = [None] * self.players
                self.tsumogiri = []
                changed = True
        self.seen = len(log)
        if changed:
            self.shown = tuple(self.order)
            self.shown_riichi = tuple(self.riichi_at)
            self.shown_tsumogiri = tuple(self.tsumogiri)
