"""The table: a state machine whose only output is events.

``Game.apply(action)`` checks the action against :meth:`Game.legal_actions`, builds the events
it causes and folds each into the state with :meth:`Game.fold`; nothing else changes the state,
so ``Game.replay(events)`` rebuilds any position exactly. Events are mjai-shaped dicts
(``start_kyoku``, ``tsumo``, ``dahai``, ``pon``, ``hora``, ...); fields mjai lacks are namespaced
``mjk_...`` and event types it lacks are ``mjk:...``. Tiles in events are mjai strings, with the
physical ids beside them (``mjk_id``) so that replay is exact.

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
from typing import Any

from mahjongkit.errors import IllegalActionError
from mahjongkit.game import actions as A
from mahjongkit.game.actions import Action
from mahjongkit.game.flow import Flow, count_kinds
from mahjongkit.game.state import Phase, RoundState, SeatState, TableMeld
from mahjongkit.game.wall import DEAL_SIZE, deal, shuffled_wall
from mahjongkit.melds import MeldKind
from mahjongkit.options import describe
from mahjongkit.tiles import NUM_PHYSICAL, Tile, to_mjai

Event = dict[str, Any]
WallSource = Callable[["Game", int], list[int]]
"""Gives the wall of the n-th round (0-based) of a game; the default shuffles with the seed."""

WINDS = "ESWN"
_CLAIM_PRIORITY = {A.RON: 3, A.KAN: 2, A.PON: 2, A.CHI: 1, A.PASS: 0}


def rebuild_rules(variant: str, recorded: dict[str, Any]) -> Any:
    """The rules object a log's ``start_game`` recorded (lists back to tuples)."""
    from mahjongkit.variants import find_variant

    kind = type(find_variant(variant).rules())
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in recorded.items()}
    try:
        return kind(**values)
    except TypeError as error:
        raise IllegalActionError(f"the log's rules do not fit {kind.__name__}: {error}") from None


def make_flow(variant: str, rules: Any = None) -> Flow:
    """The flow of a variant, with its default rules unless ``rules`` is given."""
    from importlib import import_module

    from mahjongkit.variants import VARIANT_NAMES, find_variant

    if rules is None:
        rules = find_variant(variant).rules()
    elif variant not in VARIANT_NAMES:
        find_variant(variant)  # raises the clear error for an unknown variant
    module = import_module(f"mahjongkit.variants.{variant}.table")
    flow: Flow = module.FLOW(rules)
    return flow


class Game:
    """One game at one table."""

    def __init__(
        self,
        variant: str = "riichi",
        rules: Any = None,
        *,
        seed: int = 0,
        wall_source: WallSource | None = None,
        names: Sequence[str] | None = None,
        max_rounds: int | None = None,
    ) -> None:
        self.flow = make_flow(variant, rules)
        self.max_rounds = max_rounds
        """End the game after this many rounds whatever the rules say (None: the rules)."""
        self.variant = variant
        self.seed = seed
        self.wall_source = wall_source
        self.players = self.flow.players
        self.names = list(names) if names else [f"player{i}" for i in range(self.players)]
        self.scores: list[int] = []
        self.round = RoundState()
        self.rounds_played = 0
        self.over = False
        self._legal_cache: dict[tuple[int, int], list[Action]] = {}
        self._claim_cache: dict[tuple[int, ...], list[Action]] = {}
        self._views: dict[int, tuple[int, list[Event]]] = {}
        self.stop_after_round = False
        """Set by :meth:`start_at` for a one-round check: nothing follows the round's end."""
        self.log: list[Event] = []

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
        round_wind: int,
        hand_number: int,
        dealer: int,
        honba: int,
        deposits: int,
        scores: Sequence[int],
        single_round: bool = True,
    ) -> list[Event]:
        """Begin at a given position (a recorded round): its wind, dealer, counters, scores."""
        if self.log:
            raise IllegalActionError("the game has already started")
        if len(scores) != self.players:
            raise IllegalActionError(f"{len(scores)} scores for {self.players} players")
        self.stop_after_round = single_round
        out: list[Event] = []
        self._emit(
            out,
            {
                "type": "start_game",
                "names": self.names,
                "mjk_variant": self.variant,
                "mjk_seed": self.seed,
                "mjk_rules": describe(self.flow.rules),
                "mjk_scores": list(scores),
            },
        )
        self._start_round(
            out,
            round_wind=round_wind,
            hand_number=hand_number,
            dealer=dealer,
            honba=honba,
            deposits=deposits,
        )
        return out

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, including declining a claim (``pass``)."""
        # The state changes only by folding an event, which lengthens the log: the log's length
        # is therefore a version number for caching.
        key = (len(self.log), seat)
        cached = self._legal_cache.get(key)
        if cached is None:
            if len(self._legal_cache) > 64:
                self._legal_cache.clear()
            cached = self._legal_cache[key] = self._compute_legal(seat)
        return list(cached)

    def _compute_legal(self, seat: int) -> list[Action]:
        rnd = self.round
        if self.over or not 0 <= seat < len(rnd.seats) or rnd.seats[seat].won:
            return []  # also before the first deal
        if rnd.phase is Phase.TURN:
            return self._turn_actions(seat) if seat == rnd.turn else []
        if rnd.phase is Phase.CLAIM:
            if seat in rnd.responses:
                return []
            # A seat's options on one discard do not change while the others answer.
            key = (
                self.rounds_played,
                rnd.live_next,
                rnd.replacements,
                rnd.last_discarder or 0,
                len(rnd.seats[rnd.last_discarder or 0].discards),
                seat,
            )
            cached = self._claim_cache.get(key)
            if cached is None:
                if len(self._claim_cache) > 16:
                    self._claim_cache.clear()
                cached = self._claim_cache[key] = self._claim_actions(seat)
            return cached
        if rnd.phase is Phase.ROB:
            if seat in rnd.responses:
                return []
            return self._rob_actions(seat)
        if rnd.phase in (Phase.EXCHANGE, Phase.DECLARE):
            return self.flow.setup_actions(self, seat)
        return []

    def waiting_for(self) -> list[int]:
        """The seats whose action is expected now."""
        return [s for s in range(self.players) if self.legal_actions(s)]

    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; return the events it caused. An illegal action changes nothing."""
        legal = self.legal_actions(action.seat)
        if action not in legal and not self._equivalent_legal(action, legal):
            raise IllegalActionError(self._why_illegal(action, legal), self._rule_of(action))
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

    def _restore(self, events: list[Event]) -> None:
        self._views.clear()
        self._legal_cache.clear()
        self._claim_cache.clear()
        self.log = []
        self.round = RoundState()
        self.scores = []
        self.rounds_played = 0
        self.over = False
        for event in events:
            self.fold(event)

    def _equivalent_legal(self, action: Action, legal: list[Action]) -> bool:
        """A call listed with other copies of the same tiles (same kinds, same red fives)."""
        if not action.consumed or not 0 <= action.seat < self.players:
            return False
        hand = list(self.round.seats[action.seat].hand)
        for tile in action.consumed:
            if tile not in hand:
                return False
            hand.remove(tile)

        def signature(a: Action) -> tuple[Any, ...]:
            tiles = sorted((t // 4, self.flow.red(t)) for t in a.consumed)
            return (a.type, a.seat, a.tile, tuple(tiles))

        wanted = signature(action)
        return any(signature(a) == wanted for a in legal)

    def observation(self, seat: int, with_events: bool = True) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, everyone's open information, never the wall."""
        from mahjongkit.game.observation import observe

        return observe(self, seat, with_events)

    def visible_log(self, seat: int) -> list[Event]:
        """The events as ``seat`` sees them (kept up to date as the log grows)."""
        from mahjongkit.game.observation import visible_event

        seen, events = self._views.get(seat, (0, []))
        for event in self.log[seen:]:
            shown = visible_event(event, seat)
            if shown is not None:
                events.append(shown)
        self._views[seat] = (len(self.log), events)
        return list(events)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (for comparing a replay with live play)."""
        return {
            "scores": list(self.scores),
            "rounds_played": self.rounds_played,
            "over": self.over,
            "round": self.round.to_json(),
        }

    @classmethod
    def replay(
        cls, events: Iterable[Event], variant: str | None = None, rules: Any = None, **options: Any
    ) -> Game:
        """A game rebuilt by folding ``events`` (from :attr:`log` or a saved log).

        A malformed log raises :class:`IllegalActionError` naming the first bad event.
        """
        events = list(events)
        if not events or not isinstance(events[0], dict) or events[0].get("type") != "start_game":
            raise IllegalActionError("a log starts with a start_game event")
        recorded = events[0].get("mjk_rules")
        if rules is None and recorded is not None:
            rules = rebuild_rules(variant or events[0]["mjk_variant"], recorded)
        game = cls(
            variant or events[0]["mjk_variant"],
            rules,
            seed=events[0].get("mjk_seed", 0),
            names=events[0].get("names"),
            **options,
        )
        for index, event in enumerate(events):
            try:
                game.fold(event)
            except IllegalActionError as error:
                raise IllegalActionError(f"event {index}: {error}") from None
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
                kind = event.get("type") if isinstance(event, dict) else type(event).__name__
                raise IllegalActionError(
                    f"event {index} ({kind}) does not fit the game at that point: "
                    f"{type(error).__name__} {error}"
                ) from None
        return game

    def live_remaining(self) -> int:
        """Live-wall tiles left to draw."""
        return self._live_end() - self.round.live_next

    # --- the fold: the only place state changes ----------------------------------------------

    def fold(self, event: Event) -> None:
        """Apply one event to the state."""
        kind = event.get("type") if isinstance(event, dict) else None
        handler = (
            getattr(self, "_fold_" + kind.replace(":", "_"), None)
            if isinstance(kind, str)
            else None
        )
        if handler is None:
            raise IllegalActionError(f"unknown event type {kind!r}")
        handler(event)
        self.log.append(event)

    def _fold_start_game(self, event: Event) -> None:
        self.scores = list(event["mjk_scores"])

    def _fold_start_kyoku(self, event: Event) -> None:
        wall = list(event["mjk_wall"])
        dealer = event["oya"]
        hands = deal(wall, dealer, self.players)
        self.round = RoundState(
            round_wind=WINDS.index(event["bakaze"]),
            hand_number=event["kyoku"] - 1,
            dealer=dealer,
            honba=event["honba"],
            deposits=event["kyotaku"],
            wall=wall,
            live_next=DEAL_SIZE * self.players,
            indicators=self.flow.first_indicators,
            seats=[SeatState(hand=hands[s]) for s in range(self.players)],
            phase=Phase.TURN,
            turn=dealer,
        )
        self.scores = list(event["scores"])

    def _fold_tsumo(self, event: Event) -> None:
        rnd = self.round
        seat = event["actor"]
        tile = event["mjk_id"]
        if event.get("mjk_replacement"):
            rnd.replacements += 1
            rnd.after_kong = event.get("mjk_after_kong", True)
        else:
            rnd.live_next += 1
            rnd.after_kong = False
            rnd.consecutive_kongs = 0
        state = rnd.seats[seat]
        state.hand.append(tile)
        state.drawn = tile
        state.has_drawn = True
        state.kuikae = []
        if self.flow.furiten_ends_on_draw():
            state.furiten_temporary = False
        rnd.turn = seat
        rnd.phase = Phase.TURN
        rnd.last_discard = None
        rnd.responses = {}

    def _fold_dahai(self, event: Event) -> None:
        rnd = self.round
        seat = event["actor"]
        tile = event["mjk_id"]
        state = rnd.seats[seat]
        state.hand.remove(tile)
        state.discards.append(tile)
        state.claimed.append(False)
        state.drawn = None
        state.kuikae = []
        if state.riichi:
            state.ippatsu = False
        if state.riichi_pending:
            state.ippatsu = True
        if not self.flow.furiten_ends_on_draw():
            state.furiten_temporary = False
        rnd.kong_discard = rnd.after_kong
        rnd.after_kong = False
        rnd.consecutive_kongs = 0
        rnd.last_discard = tile
        rnd.last_discarder = seat
        rnd.phase = Phase.CLAIM
        rnd.responses = {}
        if len(state.discards) > 1:
            rnd.first_go_around = False

    def _fold_reach(self, event: Event) -> None:
        state = self.round.seats[event["actor"]]
        state.riichi_pending = True
        state.double_riichi = event.get("mjk_double", False)

    def _fold_reach_accepted(self, event: Event) -> None:
        rnd = self.round
        state = rnd.seats[event["actor"]]
        state.riichi_pending = False
        state.riichi = True
        rnd.deposits += 1
        self.scores = list(event["scores"])

    def _fold_mjk_respond(self, event: Event) -> None:
        self.round.responses[event["actor"]] = event["action"]
        if event["action"]["type"] == A.PASS and event.get("mjk_missed_win"):
            state = self.round.seats[event["actor"]]
            state.furiten_temporary = True
            if state.riichi:
                state.furiten_riichi = True

    def _fold_call(self, event: Event, kind: MeldKind) -> None:
        rnd = self.round
        seat = event["actor"]
        target = event["target"]
        consumed = list(event["mjk_consumed"])
        tile = event["mjk_id"]
        state = rnd.seats[seat]
        for t in consumed:
            state.hand.remove(t)
        state.melds.append(TableMeld(kind, [*consumed, tile], tile, target))
        rnd.seats[target].claimed[-1] = True
        for index, other in enumerate(rnd.seats):
            other.ippatsu = False
            if self.flow.furiten_cleared_by_call(seat, index):
                other.furiten_temporary = False
        rnd.first_go_around = False
        rnd.turn = seat
        rnd.phase = Phase.TURN
        rnd.responses = {}
        rnd.last_discard = None
        # A call starts a new turn: whatever followed a kong before it is over.
        rnd.after_kong = False
        rnd.kong_discard = False
        rnd.consecutive_kongs = 0
        state.drawn = None
        state.kuikae = list(event.get("mjk_kuikae", []))
        if event.get("mjk_liable") is not None:
            state.liable = event["mjk_liable"]
        if kind is MeldKind.KONG:
            rnd.kongs += 1
            rnd.last_kong_seat = seat

    def _fold_chi(self, event: Event) -> None:
        self._fold_call(event, MeldKind.CHOW)

    def _fold_pon(self, event: Event) -> None:
        self._fold_call(event, MeldKind.PUNG)

    def _fold_daiminkan(self, event: Event) -> None:
        self._fold_call(event, MeldKind.KONG)

    def _fold_ankan(self, event: Event) -> None:
        rnd = self.round
        seat = event["actor"]
        state = rnd.seats[seat]
        consumed = list(event["mjk_consumed"])
        for t in consumed:
            state.hand.remove(t)
        state.melds.append(TableMeld(MeldKind.CONCEALED_KONG, consumed))
        self._fold_own_kong(seat, consumed[0], concealed=True, robbable=event.get("mjk_robbable"))

    def _fold_kakan(self, event: Event) -> None:
        rnd = self.round
        seat = event["actor"]
        state = rnd.seats[seat]
        tile = event["mjk_id"]
        state.hand.remove(tile)
        kind = tile // 4
        for meld in state.melds:
            if meld.kind is MeldKind.PUNG and meld.kind_id() == kind:
                meld.kind = MeldKind.ADDED_KONG
                meld.tiles.append(tile)
                break
        self._fold_own_kong(seat, tile, concealed=False, robbable=event.get("mjk_robbable"))

    def _fold_own_kong(
        self, seat: int, tile: int, *, concealed: bool, robbable: bool | None
    ) -> None:
        """What a concealed or added kong does beyond its meld: a kong interrupts everything."""
        rnd = self.round
        rnd.seats[seat].drawn = None
        for other in rnd.seats:
            other.ippatsu = False
        rnd.first_go_around = False
        rnd.kongs += 1
        rnd.last_kong_seat = seat
        rnd.responses = {}
        if robbable:
            rnd.phase = Phase.ROB
            rnd.rob_tile = tile
            rnd.rob_seat = seat
            rnd.rob_concealed = concealed

    def _fold_mjk_kong_done(self, event: Event) -> None:
        rnd = self.round
        rnd.phase = Phase.TURN
        rnd.rob_tile = None
        rnd.rob_seat = None
        rnd.consecutive_kongs += 1
        rnd.responses = {}

    def _fold_dora(self, event: Event) -> None:
        rnd = self.round
        rnd.indicators += 1
        if rnd.pending_indicators:
            rnd.pending_indicators -= 1

    def _fold_mjk_pending_dora(self, event: Event) -> None:
        self.round.pending_indicators += 1

    def _fold_mjk_flower(self, event: Event) -> None:
        state = self.round.seats[event["actor"]]
        tile = event["mjk_id"]
        state.hand.remove(tile)
        state.flowers.append(tile)
        state.drawn = None

    def _fold_mjk_deal_replacement(self, event: Event) -> None:
        self.round.seats[event["actor"]].hand.append(event["mjk_id"])
        self.round.replacements += 1

    def _fold_hora(self, event: Event) -> None:
        rnd = self.round
        self.scores = [s + d for s, d in zip(self.scores, event["deltas"], strict=True)]
        rnd.winners.append(event["actor"])
        rnd.seats[event["actor"]].won = True
        robbed = event.get("mjk_robbed")
        if robbed is not None:
            self._fold_robbed_kong(robbed["seat"], robbed["tile"])
        settled = event.get("mjk_kongs_settled")
        if settled is not None:
            income = rnd.kong_income.get(settled["seat"], [])
            income[:] = [x for x in income if x["kong"] not in settled["kongs"]]
        if event.get("mjk_deposits_taken"):
            rnd.deposits = 0

    def _fold_robbed_kong(self, seat: int, tile: int) -> None:
        """A robbed kong did not happen: the pung (or concealed tiles) it was made from remain."""
        rnd = self.round
        state = rnd.seats[seat]
        for meld in state.melds:
            if tile in meld.tiles and meld.kind.is_kong:
                meld.tiles.remove(tile)
                if meld.kind is MeldKind.ADDED_KONG:
                    meld.kind = MeldKind.PUNG
                else:
                    state.melds.remove(meld)
                    state.hand.extend(meld.tiles)
                break
        rnd.kongs -= 1
        rnd.phase = Phase.TURN
        rnd.rob_tile = None
        rnd.rob_seat = None

    def _fold_mjk_payment(self, event: Event) -> None:
        self.scores = [s + d for s, d in zip(self.scores, event["deltas"], strict=True)]
        record = event.get("mjk_kong_income")
        if record is not None:
            self.round.kong_income.setdefault(event["mjk_payee"], []).append(record)

    def _fold_ryukyoku(self, event: Event) -> None:
        self.scores = [s + d for s, d in zip(self.scores, event["deltas"], strict=True)]
        if event.get("mjk_deposits_taken"):
            self.round.deposits = 0

    def _fold_end_kyoku(self, event: Event) -> None:
        rnd = self.round
        rnd.phase = Phase.ROUND_OVER
        rnd.result = event.get("mjk_result")
        self.rounds_played += 1

    def _fold_end_game(self, event: Event) -> None:
        self.round.phase = Phase.GAME_OVER
        self.round.deposits = 0  # paid out with the final scores, or lost, by the rules
        self.over = True
        self.scores = list(event["scores"])

    def _fold_mjk_phase(self, event: Event) -> None:
        self.round.phase = Phase(event["phase"])
        self.round.responses = {}

    def _fold_mjk_missing(self, event: Event) -> None:
        self.round.seats[event["actor"]].missing_suit = event["suit"]

    def _fold_mjk_exchange_choose(self, event: Event) -> None:
        self.round.seats[event["actor"]].exchange = list(event["mjk_ids"])
        self.round.responses[event["actor"]] = {"type": A.EXCHANGE}

    def _fold_mjk_exchange(self, event: Event) -> None:
        rnd = self.round
        for giver, receiver in enumerate(event["receivers"]):
            tiles = rnd.seats[giver].exchange
            for t in tiles:
                rnd.seats[giver].hand.remove(t)
            rnd.seats[receiver].hand.extend(tiles)
        for seat in rnd.seats:
            seat.exchange = []

    def _fold_mjk_declare(self, event: Event) -> None:
        self.round.responses[event["actor"]] = {"type": A.DECLARE_MISSING, "suit": event["suit"]}

    # --- building events ------------------------------------------------------------------------

    def _emit(self, out: list[Event], event: Event) -> None:
        self.fold(event)
        out.append(event)

    emit = _emit
    """Flows emit their own events through this (it folds, then records)."""

    def replacement_tile(self) -> int:
        """The next replacement tile (after a kong or a bonus tile)."""
        rnd = self.round
        if self.flow.dead_wall:
            return rnd.wall[len(rnd.wall) - self.flow.dead_wall + rnd.replacements]
        return rnd.wall[len(rnd.wall) - 1 - rnd.replacements]

    def draw(self, out: list[Event], seat: int) -> None:
        """The seat draws the next live tile (flows use this to start play)."""
        self._draw(out, seat)

    def _mjai(self, tile: int) -> str:
        return to_mjai(self.flow.tile(tile))

    def _live_end(self) -> int:
        rnd = self.round
        if self.flow.dead_wall:
            return len(rnd.wall) - self.flow.dead_wall - rnd.kongs
        return len(rnd.wall) - rnd.replacements

    def indicator_tiles(self) -> list[int]:
        """Physical ids of the dora indicators shown."""
        rnd = self.round
        dead = rnd.wall[len(rnd.wall) - self.flow.dead_wall :]
        return [dead[4 + i] for i in range(rnd.indicators)] if dead else []

    def ura_tiles(self) -> list[int]:
        """Physical ids under the indicators shown (ura dora)."""
        rnd = self.round
        dead = rnd.wall[len(rnd.wall) - self.flow.dead_wall :]
        return [dead[9 + i] for i in range(rnd.indicators)] if dead else []

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
        event: Event = {
            "type": "start_kyoku",
            "bakaze": WINDS[round_wind],
            "kyoku": hand_number + 1,
            "honba": honba,
            "kyotaku": deposits,
            "oya": dealer,
            "scores": list(self.scores),
            "tehais": [[self._mjai(t) for t in hand] for hand in hands],
            "mjk_wall": wall,
        }
        if self.flow.first_indicators:
            dead = wall[len(wall) - self.flow.dead_wall :]
            event["dora_marker"] = self._mjai(dead[4])
        self._emit(out, event)
        self.flow.after_deal(self, out)
        if self.round.phase is Phase.TURN:
            self._draw(out, dealer)

    def _draw(
        self, out: list[Event], seat: int, replacement: bool = False, after_kong: bool = True
    ) -> None:
        rnd = self.round
        tile = self.replacement_tile() if replacement else rnd.wall[rnd.live_next]
        event: Event = {"type": "tsumo", "actor": seat, "pai": self._mjai(tile), "mjk_id": tile}
        if replacement:
            event["mjk_replacement"] = True
            event["mjk_after_kong"] = after_kong
        self._emit(out, event)
        if self.flow.bonus_tiles and tile >= 136:
            if self.flow.bonus_win_possible(self, seat, tile):
                return  # the seat chooses: win on it, or set it aside (A.FLOWER)
            self._set_aside(out, seat, tile, replacement and after_kong)

    def _set_aside(self, out: list[Event], seat: int, tile: int, after_kong: bool) -> None:
        """A drawn bonus tile goes beside the hand and is replaced."""
        self._emit(
            out, {"type": "mjk:flower", "actor": seat, "pai": self._mjai(tile), "mjk_id": tile}
        )
        # The replacement of a bonus tile keeps the kong status of the draw it replaces.
        self._draw(out, seat, replacement=True, after_kong=after_kong)

    def _next_seat(self, seat: int) -> int:
        rnd = self.round
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if not rnd.seats[nxt].won:
                return nxt
        return seat

    # --- legal actions ------------------------------------------------------------------------

    def _turn_actions(self, seat: int) -> list[Action]:
        rnd = self.round
        state = rnd.seats[seat]
        found: list[Action] = []
        if state.drawn is not None and self.flow.win_score(
            self, seat, state.drawn, self_draw=True, from_seat=None, robbing=False
        ):
            found.append(Action(A.TSUMO, seat, state.drawn))
        if state.drawn is not None and state.drawn >= NUM_PHYSICAL:
            # A bonus tile that could win: win on it, or set it aside as usual.
            return [*found, Action(A.FLOWER, seat, state.drawn)]
        for tile in sorted(set(self.flow.allowed_discards(self, seat))):
            found.append(Action(A.DISCARD, seat, tile))
        found.extend(self.flow.turn_declarations(self, seat))
        if state.drawn is not None and self._kong_possible():
            by_kind: dict[int, list[int]] = {}
            for t in state.hand:
                by_kind.setdefault(t // 4, []).append(t)
            for kind, tiles in sorted(by_kind.items()):
                if len(tiles) == 4 and self.flow.concealed_kong_allowed(self, seat, kind):
                    found.append(Action(A.ANKAN, seat, None, tuple(sorted(tiles))))
            if not state.riichi:
                for meld in state.melds:
                    if meld.kind is MeldKind.PUNG:
                        for t in by_kind.get(meld.kind_id(), []):
                            if self.flow.may_add_kong(self, seat, t):
                                found.append(Action(A.KAKAN, seat, t))
        return found

    def _kong_possible(self) -> bool:
        rnd = self.round
        return self.live_remaining() > 0 and rnd.kongs < self.flow.max_kongs

    def _claim_actions(self, seat: int) -> list[Action]:
        rnd = self.round
        discarder = rnd.last_discarder
        tile = rnd.last_discard
        if tile is None or discarder is None or seat == discarder:
            return []
        state = rnd.seats[seat]
        found: list[Action] = []
        if self.flow.win_score(
            self, seat, tile, self_draw=False, from_seat=discarder, robbing=False
        ) and not self.flow.furiten(self, seat):
            found.append(Action(A.RON, seat, tile))
        last = self.live_remaining() == 0
        allowed = self.flow.calls_on_last_discard if last else (A.PON, A.KAN, A.CHI)
        if allowed and not state.riichi and self.flow.may_claim(self, seat, tile):
            kind = tile // 4
            same = sorted(t for t in state.hand if t // 4 == kind)
            if len(same) >= 2 and A.PON in allowed:
                for pair in self._distinct_combinations(same, 2):
                    found.append(Action(A.PON, seat, tile, pair))
            if len(same) >= 3 and rnd.kongs < self.flow.max_kongs and A.KAN in allowed:
                found.append(Action(A.KAN, seat, tile, tuple(same[:3])))
            if (
                self.flow.chow_allowed
                and A.CHI in allowed
                and seat == self._next_seat(discarder)
                and kind < 27
            ):
                found.extend(self._chi_actions(seat, tile))
        if found:
            found.append(Action(A.PASS, seat))
        return found

    def _distinct_combinations(self, tiles: list[int], size: int) -> list[tuple[int, ...]]:
        """Combinations of physical tiles, one per distinct set of (kind, red) values."""
        from itertools import combinations

        seen: set[tuple[tuple[int, bool], ...]] = set()
        out = []
        for combo in combinations(tiles, size):
            key = tuple(sorted((t // 4, self.flow.red(t)) for t in combo))
            if key not in seen:
                seen.add(key)
                out.append(combo)
        return out

    def _chi_actions(self, seat: int, tile: int) -> list[Action]:
        state = self.round.seats[seat]
        kind = tile // 4
        number = kind % 9
        found = []
        for low in (kind - 2, kind - 1, kind):
            if low < kind - number or low + 2 > kind - number + 8:
                continue
            needed = [k for k in (low, low + 1, low + 2) if k != kind]
            options = [[t for t in state.hand if t // 4 == k] for k in needed]
            if not all(options):
                continue
            seen: set[tuple[tuple[int, bool], ...]] = set()
            for first in options[0]:
                for second in options[1]:
                    key = tuple(sorted((t // 4, self.flow.red(t)) for t in (first, second)))
                    if key in seen:
                        continue
                    seen.add(key)
                    action = Action(A.CHI, seat, tile, (first, second))
                    if self.flow.chi_allowed(self, seat, tile, (first, second)):
                        found.append(action)
        return found

    def _rob_actions(self, seat: int) -> list[Action]:
        rnd = self.round
        if rnd.rob_tile is None or rnd.rob_seat is None:
            return []
        if self._may_rob(seat, rnd.rob_seat, rnd.rob_tile, concealed=rnd.rob_concealed):
            return [Action(A.RON, seat, rnd.rob_tile), Action(A.PASS, seat)]
        return []

    def _may_rob(self, seat: int, konger: int, tile: int, *, concealed: bool) -> bool:
        """Whether ``seat`` may win on the tile of ``konger``'s kong (R-19, H-13)."""
        if seat == konger or self.round.seats[seat].won:
            return False
        if concealed and not self.flow.may_rob_concealed(self, seat, tile):
            return False
        return bool(
            self.flow.win_score(self, seat, tile, self_draw=False, from_seat=konger, robbing=True)
        ) and not self.flow.furiten(self, seat)

    def _why_illegal(self, action: Action, legal: list[Action]) -> str:
        rnd = self.round
        if self.over:
            return "the game is over"
        if not 0 <= action.seat < self.players:
            return f"seat {action.seat} does not exist at a {self.players}-player table"
        if action.type in (A.RON, A.TSUMO) and action.tile is not None:
            reason = self._why_no_win(action)
            if reason:
                return reason
        if not legal:
            if rnd.phase is Phase.TURN:
                return f"it is seat {WINDS[rnd.turn]}'s turn, not {WINDS[action.seat]}'s"
            return f"seat {WINDS[action.seat]} has nothing to decide now ({rnd.phase.value})"
        same_type = [a for a in legal if a.type == action.type]
        if not same_type:
            types = ", ".join(sorted({a.type for a in legal}))
            return f"{action.type} is not possible now; seat {WINDS[action.seat]} may: {types}"
        if action.tile is not None:
            name = str(Tile.from_id(action.tile)) if 0 <= action.tile < 144 else str(action.tile)
            if action.type in (A.DISCARD, A.RIICHI):
                hand = rnd.seats[action.seat].hand
                if action.tile not in hand:
                    return f"tile {name} (id {action.tile}) is not in the hand"
            return f"{action.type} with {name} is not allowed here"
        return f"{action.type} with these tiles is not allowed here"

    def _why_no_win(self, action: Action) -> str | None:
        """Why a declared win is refused: the shape, the scorer's reason, or furiten."""
        rnd = self.round
        seat = action.seat
        assert action.tile is not None
        self_draw = action.type == A.TSUMO
        if self_draw and (rnd.phase is not Phase.TURN or seat != rnd.turn):
            return None
        if not self_draw and (rnd.phase not in (Phase.CLAIM, Phase.ROB) or seat in rnd.responses):
            return None
        tile = action.tile
        if self_draw and tile != rnd.seats[seat].drawn:
            return None
        if not self_draw and tile not in (rnd.last_discard, rnd.rob_tile):
            return None
        name = str(self.flow.tile(tile))
        if not self.flow.is_complete_with(self, seat, None if self_draw else tile):
            return f"{action.type} on {name}: the hand is not complete with it"
        discarder = (
            None if self_draw else (rnd.rob_seat if rnd.phase is Phase.ROB else rnd.last_discarder)
        )
        score = self.flow.score(
            self.flow.make_win(
                self,
                seat,
                tile,
                self_draw=self_draw,
                from_seat=discarder,
                robbing=rnd.phase is Phase.ROB,
            )
        )
        if score.error is not None:
            return f"{action.type} on {name}: {score.error.code}: {score.error.message}"
        if not self_draw and self.flow.furiten(self, seat):
            return (
                f"{action.type} on {name}: seat {WINDS[seat]} is furiten (a wait among its "
                "discards, or a win passed up)"
            )
        return None

    def _rule_of(self, action: Action) -> str:
        return {
            A.CHI: "H-04 chow only from the previous player",
            A.RON: "win needs a complete hand worth the minimum, not in furiten",
            A.TSUMO: "win needs a complete hand worth the minimum",
            A.RIICHI: "R-05 riichi: concealed, ready, 1,000 points, enough wall",
        }.get(action.type, "turn order and hand contents")

    # --- playing an action ----------------------------------------------------------------------

    def _play(self, out: list[Event], action: Action) -> None:
        rnd = self.round
        kind = action.type
        if rnd.phase in (Phase.EXCHANGE, Phase.DECLARE):
            self.flow.play_setup(self, out, action)
            return
        if rnd.phase in (Phase.CLAIM, Phase.ROB):
            missed = kind == A.PASS and any(
                a.type == A.RON for a in self.legal_actions(action.seat)
            )
            event: Event = {"type": "mjk:respond", "actor": action.seat, "action": action.to_json()}
            if missed:
                event["mjk_missed_win"] = True
            self._emit(out, event)
            if not any(self.legal_actions(s) for s in range(self.players)):
                if rnd.phase is Phase.CLAIM:
                    self._resolve_claims(out)
                else:
                    self._resolve_rob(out)
            return
        if kind == A.TSUMO:
            self._win(out, [action.seat], action.tile or 0, discarder=None)
        elif kind in (A.DISCARD, A.RIICHI):
            self._discard(out, action)
        elif kind == A.ANKAN:
            self._concealed_kong(out, action)
        elif kind == A.KAKAN:
            self._added_kong(out, action)
        elif kind == A.ABORT:
            self._abort(out, "kyushukyuhai", actor=action.seat)
        elif kind == A.FLOWER and action.tile is not None:
            self._set_aside(out, action.seat, action.tile, self.round.after_kong)
        else:
            raise IllegalActionError(f"{kind} cannot be played now")

    def _discard(self, out: list[Event], action: Action) -> None:
        rnd = self.round
        seat = action.seat
        tile = action.tile
        assert tile is not None
        state = rnd.seats[seat]
        if action.type == A.RIICHI:
            self._emit(
                out,
                {
                    "type": "reach",
                    "actor": seat,
                    "mjk_double": self.flow.double_riichi_now(self, seat),
                },
            )
        self._emit(
            out,
            {
                "type": "dahai",
                "actor": seat,
                "pai": self._mjai(tile),
                "tsumogiri": tile == state.drawn,
                "mjk_id": tile,
            },
        )
        while rnd.pending_indicators:
            self._reveal_indicator(out)
        self._after_discard(out)

    def _after_discard(self, out: list[Event]) -> None:
        if not any(self.legal_actions(s) for s in range(self.players)):
            self._resolve_claims(out)

    def _reveal_indicator(self, out: list[Event]) -> None:
        rnd = self.round
        dead = rnd.wall[len(rnd.wall) - self.flow.dead_wall :]
        tile = dead[4 + rnd.indicators]
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
        order = self._after(discarder)
        rons = self._answered(order, A.RON)
        if rons:
            winners = self.flow.ron_winners(self, rons, discarder)
            if winners is None:
                self._abort(out, "sanchaho")
                return
            self._win(out, winners, tile, discarder=discarder)
            return
        discarder_state = rnd.seats[discarder]
        if discarder_state.riichi_pending:
            deltas = [0] * self.players
            deltas[discarder] = -self.flow.riichi_deposit
            scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
            self._emit(
                out,
                {"type": "reach_accepted", "actor": discarder, "deltas": deltas, "scores": scores},
            )
        calls = [
            (rnd.responses[s], s)
            for s in order
            if rnd.responses.get(s, {}).get("type") in (A.PON, A.KAN, A.CHI)
        ]
        calls.sort(key=lambda c: -_CLAIM_PRIORITY[c[0]["type"]])
        abort = self.flow.abort_after_discard(self)
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
        self._draw(out, self._next_seat(discarder))

    def _call(self, out: list[Event], action: Action, discarder: int) -> None:
        tile = action.tile
        assert tile is not None
        name = {A.PON: "pon", A.CHI: "chi", A.KAN: "daiminkan"}[action.type]
        event: Event = {
            "type": name,
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
            self._may_rob(other, seat, action.consumed[0], concealed=True)
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
        if robbable:
            return
        self._after_kong(out, seat, "concealed")

    def _added_kong(self, out: list[Event], action: Action) -> None:
        seat = action.seat
        tile = action.tile
        assert tile is not None
        state = self.round.seats[seat]
        pung = next(m for m in state.melds if m.kind is MeldKind.PUNG and m.kind_id() == tile // 4)
        robbable = any(
            self._may_rob(other, seat, tile, concealed=False) for other in range(self.players)
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
        if robbable:
            return
        self._after_kong(out, seat, "added", drawn_now=tile == state.drawn)

    def _after(self, seat: int) -> list[int]:
        """The other seats in turn order from ``seat``."""
        return [(seat + i) % self.players for i in range(1, self.players)]

    def _answered(self, seats: list[int], kind: str) -> list[int]:
        """The seats (in the order given) that answered the window with ``kind``."""
        return [s for s in seats if self.round.responses.get(s, {}).get("type") == kind]

    def _resolve_rob(self, out: list[Event]) -> None:
        rnd = self.round
        seat = rnd.rob_seat
        tile = rnd.rob_tile
        assert seat is not None and tile is not None
        rons = self._answered(self._after(seat), A.RON)
        if rons:
            winners = self.flow.ron_winners(self, rons, seat) or rons[:1]
            self._win(out, winners, tile, discarder=seat, robbing=True)
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
        rnd = self.round
        for index, seat in enumerate(winners):
            first = index == 0
            final = self.flow.final_score(self, seat, tile, discarder, robbing, first)
            moved = self.flow.extra_win_deltas(self, seat, discarder, robbing, first)
            deltas = [
                a + b for a, b in zip(self.flow.deltas(self, final, seat), moved, strict=True)
            ]
            summary = final.to_json()
            summary.pop("explanation", None)
            event: Event = {
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
            settled = self.flow.settled_kongs(self, seat, discarder, robbing, first)
            if settled:
                event["mjk_kongs_settled"] = {"seat": discarder, "kongs": settled}
            if self.flow.first_indicators and rnd.seats[seat].riichi:
                event["uradora_markers"] = [self._mjai(t) for t in self.ura_tiles()]
            self._emit(out, event)
        if self.flow.continues_after_win(self):
            nxt = self._next_seat(winners[-1])
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
        event.setdefault(
            "scores", [s + d for s, d in zip(self.scores, event["deltas"], strict=True)]
        )
        self._emit(out, event)
        self._end_round(out, {"kind": "exhaustive", "tenpai": event.get("tenpai", [])})

    def _abort(self, out: list[Event], reason: str, actor: int | None = None) -> None:
        event: Event = {
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
            self._emit(
                out, {"type": "end_game", "scores": final.pop("scores", self.scores), **final}
            )
            return
        round_wind, hand_number, dealer, honba = following
        self._start_round(
            out,
            round_wind=round_wind,
            hand_number=hand_number,
            dealer=dealer,
            honba=honba,
            deposits=self.round.deposits,
        )


def random_policy(
    game: Game, seat: int, rng: random.Random, efficient: bool = True, win_rate: float = 1.0
) -> Action:
    """A random legal action; a win when one is offered, with probability ``win_rate``.

    With ``efficient`` the discard is drawn among those that keep the hand closest to ready
    (lowest shanten), so that hands are won often enough to exercise every path of the table.
    A ``win_rate`` below 1 passes up some wins, which exercises furiten.
    """
    legal = game.legal_actions(seat)
    wins = [a for a in legal if a.type in (A.TSUMO, A.RON)]
    if wins and (win_rate >= 1.0 or rng.random() < win_rate):
        return wins[0]
    if wins:
        legal = [a for a in legal if a.type not in (A.TSUMO, A.RON)]
    if efficient and game.round.phase is Phase.TURN:
        from mahjongkit.shapes import shanten

        state = game.round.seats[seat]
        counts = count_kinds(state.hand)
        shape = game.flow.shape(game, seat)
        scored: list[tuple[int, Action]] = []
        for action in legal:
            if action.type in (A.DISCARD, A.RIICHI) and action.tile is not None:
                kind = action.tile // 4
                counts[kind] -= 1
                scored.append((shanten(counts, len(state.melds), shape), action))
                counts[kind] += 1
        if scored:
            best = min(value for value, _ in scored)
            others = [a for a in legal if a.type not in (A.DISCARD, A.RIICHI)]
            choices = [a for value, a in scored if value == best]
            if others and rng.random() < 0.1:
                choices = others
            return rng.choice(choices)
    return rng.choice(legal)


def play_random(
    game: Game,
    rng: random.Random,
    max_actions: int = 200_000,
    efficient: bool = True,
    win_rate: float = 1.0,
) -> int:
    """Play ``game`` to its end with :func:`random_policy`; return the actions played."""
    played = 0
    if not game.log:
        game.start()
    while not game.over and played < max_actions:
        seats = game.waiting_for()
        if not seats:
            if game.round.phase is Phase.ROUND_OVER:
                break
            raise IllegalActionError("no seat can act but the game is not over")
        seat = seats[0]
        game.apply(random_policy(game, seat, rng, efficient, win_rate))
        played += 1
    return played
