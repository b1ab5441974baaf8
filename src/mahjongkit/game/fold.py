"""The fold: how each event changes the table's state, one function per event type.

This is the only place the state changes. The engine folds every event it emits, and a log
folds back into the same state. A variant adds the folds of its own events through its flow
(:attr:`~mahjongkit.table.flow.Flow.folds`), and keeps its own state of the seats and the round
(its ``SeatExtra`` and ``RoundExtra``) through the fold hooks the shared folds call
(``flow.on_draw``, ``flow.on_discard``, ...).

A fold that changes a seat's concealed tiles or melds moves the seat's ``hand_version`` on:
the hand facts the engine keeps (:mod:`mahjongkit.game.hands`) hold while it stays.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from mahjongkit.melds import SEAT_LETTERS, MeldKind
from mahjongkit.table import actions as A
from mahjongkit.table.events import (
    Ankan,
    Call,
    Dahai,
    DealReplacement,
    Dora,
    EndGame,
    EndKyoku,
    Flower,
    Hora,
    Kakan,
    KitaDone,
    KongDone,
    Nukidora,
    Payment,
    PendingDora,
    PhaseChange,
    Respond,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from mahjongkit.table.flow import Flow
from mahjongkit.table.state import Phase, RoundState, TableMeld, TableState, seat_class
from mahjongkit.table.wall import DEAL_SIZE, deal


class CoreFold(Protocol):
    """A shared event's fold: it reads the variant's declarations through ``flow``."""

    def __call__(self, flow: Flow[Any], state: TableState, event: Any, /) -> None: ...


class HookedFold(Protocol):
    """A shared event's fold that calls a fold hook (``hook``: None where the family keeps
    the default, which does nothing)."""

    def __call__(self, flow: Flow[Any], hook: Any, state: TableState, event: Any, /) -> None: ...


WINDS = SEAT_LETTERS
"""mjai's prevalent winds (``bakaze``)."""


def _start_game(flow: Flow[Any], state: TableState, event: StartGame) -> None:
    state.scores = list(event["mjk_scores"])


def _start_kyoku(flow: Flow[Any], state: TableState, event: StartKyoku) -> None:
    wall = list(event["mjk_wall"])
    dealer = event["oya"]
    players = flow.players
    hands = deal(wall, dealer, players)
    seat = seat_class(flow.SeatExtra)
    state.round = RoundState(
        round_wind=WINDS.index(event["bakaze"]),
        hand_number=event["kyoku"] - 1,
        dealer=dealer,
        honba=event["honba"],
        deposits=event["kyotaku"],
        wall=wall,
        live_next=DEAL_SIZE * players,
        indicators=flow.first_indicators,
        seats=[seat(hand=hands[s], extra=flow.SeatExtra()) for s in range(players)],
        phase=Phase.TURN,
        turn=dealer,
        extra=flow.RoundExtra(),
    )
    state.scores = list(event["scores"])


def _tsumo(
    flow: Flow[Any],
    hook: Callable[[TableState, Tsumo, bool], None] | None,
    state: TableState,
    event: Tsumo,
) -> None:
    rnd = state.round
    passed = rnd.last_discard is not None
    seat = event["actor"]
    tile = event["mjk_id"]
    if event.get("mjk_replacement"):
        rnd.replacements += 1
        rnd.after_kong = event.get("mjk_after_kong", True)
    else:
        rnd.live_next += 1
        rnd.after_kong = False
        rnd.consecutive_kongs = 0
    hand = rnd.seats[seat]
    hand.hand.append(tile)
    hand.hand_version += 1
    hand.drawn = tile
    hand.has_drawn = True
    rnd.turn = seat
    rnd.phase = Phase.TURN
    rnd.last_discard = None
    rnd.responses = {}
    if hook is not None:
        hook(state, event, passed)


def _dahai(
    flow: Flow[Any],
    hook: Callable[[TableState, Dahai], None] | None,
    state: TableState,
    event: Dahai,
) -> None:
    rnd = state.round
    seat = event["actor"]
    tile = event["mjk_id"]
    hand = rnd.seats[seat]
    hand.hand.remove(tile)
    hand.hand_version += 1
    hand.discards.append(tile)
    hand.claimed.append(False)
    hand.drawn = None
    rnd.kong_discard = rnd.after_kong
    rnd.after_kong = False
    rnd.consecutive_kongs = 0
    rnd.last_discard = tile
    rnd.last_discarder = seat
    rnd.phase = Phase.CLAIM
    rnd.responses = {}
    if len(hand.discards) > 1:
        rnd.first_go_around = False
    if hook is not None:
        hook(state, event)


def _respond(
    flow: Flow[Any],
    hook: Callable[[TableState, int], None] | None,
    state: TableState,
    event: Respond,
) -> None:
    rnd = state.round
    rnd.responses[event["actor"]] = dict(event["action"])
    if hook is not None and event["action"]["type"] == A.PASS and event.get("mjk_missed_win"):
        hook(state, event["actor"])


_CALL_KINDS = {"chi": MeldKind.CHOW, "pon": MeldKind.PUNG, "daiminkan": MeldKind.KONG}


def _call(
    flow: Flow[Any], hook: Callable[[TableState, Call], None] | None, state: TableState, event: Call
) -> None:
    rnd = state.round
    kind = _CALL_KINDS[event["type"]]
    seat = event["actor"]
    target = event["target"]
    consumed = list(event["mjk_consumed"])
    tile = event["mjk_id"]
    hand = rnd.seats[seat]
    for t in consumed:
        hand.hand.remove(t)
    hand.melds.append(TableMeld(kind, [*consumed, tile], tile, target))
    hand.hand_version += 1
    rnd.seats[target].claimed[-1] = True
    rnd.first_go_around = False
    rnd.turn = seat
    rnd.phase = Phase.TURN
    rnd.responses = {}
    rnd.last_discard = None
    # A call starts a new turn: whatever followed a kong before it is over.
    rnd.after_kong = False
    rnd.kong_discard = False
    rnd.consecutive_kongs = 0
    hand.drawn = None
    if event.get("mjk_liable") is not None:
        hand.liable = event["mjk_liable"]
    if kind is MeldKind.KONG:
        rnd.kongs += 1
    if hook is not None:
        hook(state, event)


def _ankan(
    flow: Flow[Any], hook: Callable[[TableState], None] | None, state: TableState, event: Ankan
) -> None:
    seat = event["actor"]
    hand = state.round.seats[seat]
    consumed = list(event["mjk_consumed"])
    for t in consumed:
        hand.hand.remove(t)
    hand.melds.append(TableMeld(MeldKind.CONCEALED_KONG, consumed))
    hand.hand_version += 1
    _own_kong(state, hook, seat, consumed[0], concealed=True, robbable=event["mjk_robbable"])


def _kakan(
    flow: Flow[Any], hook: Callable[[TableState], None] | None, state: TableState, event: Kakan
) -> None:
    seat = event["actor"]
    hand = state.round.seats[seat]
    tile = event["mjk_id"]
    hand.hand.remove(tile)
    hand.hand_version += 1
    kind = tile // 4
    for meld in hand.melds:
        if meld.kind is MeldKind.PUNG and meld.kind_id() == kind:
            meld.kind = MeldKind.ADDED_KONG
            meld.tiles.append(tile)
            break
    _own_kong(state, hook, seat, tile, concealed=False, robbable=event["mjk_robbable"])


def _own_kong(
    state: TableState,
    on_kong_stands: Callable[[TableState], None] | None,
    seat: int,
    tile: int,
    *,
    concealed: bool,
    robbable: bool,
) -> None:
    """What a concealed or added kong does beyond its meld: a kong interrupts everything, but
    it only stands once it cannot be robbed (a robbed kong never happened, see
    :func:`_kong_done`)."""
    rnd = state.round
    rnd.seats[seat].drawn = None
    rnd.first_go_around = False
    rnd.kongs += 1
    rnd.responses = {}
    if robbable:
        rnd.phase = Phase.ROB
        rnd.rob_tile = tile
        rnd.rob_seat = seat
        rnd.rob_concealed = concealed
    elif on_kong_stands is not None:
        on_kong_stands(state)


def _kong_done(
    flow: Flow[Any], hook: Callable[[TableState], None] | None, state: TableState, event: KongDone
) -> None:
    rnd = state.round
    rnd.phase = Phase.TURN
    rnd.rob_tile = None
    rnd.rob_seat = None
    rnd.consecutive_kongs += 1
    rnd.responses = {}
    if hook is not None:
        hook(state)


def _nukidora(flow: Flow[Any], state: TableState, event: Nukidora) -> None:
    """A North set aside beside the hand (kita): it interrupts the first go-around and
    shortens the live wall as a kong does; the others may win on it first."""
    rnd = state.round
    seat = event["actor"]
    tile = event["mjk_id"]
    hand = rnd.seats[seat]
    hand.hand.remove(tile)
    hand.hand_version += 1
    hand.flowers.append(tile)
    hand.drawn = None
    rnd.first_go_around = False
    rnd.set_aside += 1
    rnd.responses = {}
    if event["mjk_robbable"]:
        rnd.phase = Phase.ROB
        rnd.rob_tile = tile
        rnd.rob_seat = seat
        rnd.rob_concealed = False
        rnd.rob_set_aside = True


def _kita_done(
    flow: Flow[Any], hook: Callable[[TableState], None] | None, state: TableState, event: KitaDone
) -> None:
    rnd = state.round
    rnd.phase = Phase.TURN
    rnd.rob_tile = None
    rnd.rob_seat = None
    rnd.rob_set_aside = False
    rnd.responses = {}
    if hook is not None:
        hook(state)


def _dora(flow: Flow[Any], state: TableState, event: Dora) -> None:
    rnd = state.round
    rnd.indicators += 1
    if rnd.pending_indicators:
        rnd.pending_indicators -= 1


def _pending_dora(flow: Flow[Any], state: TableState, event: PendingDora) -> None:
    state.round.pending_indicators += 1


def _flower(flow: Flow[Any], state: TableState, event: Flower) -> None:
    seat = state.round.seats[event["actor"]]
    tile = event["mjk_id"]
    seat.hand.remove(tile)
    seat.hand_version += 1
    seat.flowers.append(tile)
    seat.drawn = None


def _deal_replacement(flow: Flow[Any], state: TableState, event: DealReplacement) -> None:
    seat = state.round.seats[event["actor"]]
    seat.hand.append(event["mjk_id"])
    seat.hand_version += 1
    state.round.replacements += 1


def _add(scores: list[int], deltas: list[int]) -> list[int]:
    return [s + d for s, d in zip(scores, deltas, strict=True)]


def _hora(
    flow: Flow[Any], hook: Callable[[TableState, Hora], None] | None, state: TableState, event: Hora
) -> None:
    rnd = state.round
    state.scores = _add(state.scores, event["deltas"])
    rnd.winners.append(event["actor"])
    rnd.seats[event["actor"]].won = True
    robbed = event.get("mjk_robbed")
    if robbed is not None:
        if rnd.rob_set_aside:
            _robbed_kita(state, robbed["seat"], robbed["tile"])
        else:
            _robbed_kong(state, robbed["seat"], robbed["tile"])
    if event["mjk_deposits_taken"]:
        rnd.deposits = 0
    if hook is not None:
        hook(state, event)


def _robbed_kong(state: TableState, seat: int, tile: int) -> None:
    """A robbed kong did not happen: the pung (or concealed tiles) it was made from remain."""
    rnd = state.round
    hand = rnd.seats[seat]
    for meld in hand.melds:
        if tile in meld.tiles and meld.kind.is_kong:
            meld.tiles.remove(tile)
            if meld.kind is MeldKind.ADDED_KONG:
                meld.kind = MeldKind.PUNG
            else:
                hand.melds.remove(meld)
                hand.hand.extend(meld.tiles)
            break
    hand.hand_version += 1
    rnd.kongs -= 1
    rnd.phase = Phase.TURN
    rnd.rob_tile = None
    rnd.rob_seat = None


def _robbed_kita(state: TableState, seat: int, tile: int) -> None:
    """A North won on as it was set aside: it went to the winner, not beside the hand."""
    rnd = state.round
    rnd.seats[seat].flowers.remove(tile)
    rnd.set_aside -= 1
    rnd.phase = Phase.TURN
    rnd.rob_tile = None
    rnd.rob_seat = None
    rnd.rob_set_aside = False


def _payment(
    flow: Flow[Any],
    hook: Callable[[TableState, Payment], None] | None,
    state: TableState,
    event: Payment,
) -> None:
    state.scores = _add(state.scores, event["deltas"])
    if hook is not None:
        hook(state, event)


def _ryukyoku(flow: Flow[Any], state: TableState, event: Ryukyoku) -> None:
    state.scores = _add(state.scores, event["deltas"])
    if event.get("mjk_deposits_taken"):
        state.round.deposits = 0


def _end_kyoku(flow: Flow[Any], state: TableState, event: EndKyoku) -> None:
    state.round.phase = Phase.ROUND_OVER
    state.round.result = dict(event["mjk_result"])
    state.rounds_played += 1


def _end_game(flow: Flow[Any], state: TableState, event: EndGame) -> None:
    state.round.phase = Phase.GAME_OVER
    state.round.deposits = 0  # paid out with the final scores, or lost, by the rules
    state.over = True
    state.scores = list(event["scores"])


def _phase(flow: Flow[Any], state: TableState, event: PhaseChange) -> None:
    state.round.phase = Phase(event["phase"])
    state.round.responses = {}


CORE_FOLDS: dict[str, CoreFold] = {
    "start_game": _start_game,
    "start_kyoku": _start_kyoku,
    "nukidora": _nukidora,
    "dora": _dora,
    "ryukyoku": _ryukyoku,
    "end_kyoku": _end_kyoku,
    "end_game": _end_game,
    "mjk:pending_dora": _pending_dora,
    "mjk:flower": _flower,
    "mjk:deal_replacement": _deal_replacement,
    "mjk:phase": _phase,
}
"""The folds of the events every variant shares that call no hook."""

HOOKED_FOLDS: dict[str, tuple[str, HookedFold]] = {
    "tsumo": ("on_draw", _tsumo),
    "dahai": ("on_discard", _dahai),
    "chi": ("on_call", _call),
    "pon": ("on_call", _call),
    "daiminkan": ("on_call", _call),
    "ankan": ("on_kong_stands", _ankan),
    "kakan": ("on_kong_stands", _kakan),
    "hora": ("on_win", _hora),
    "mjk:respond": ("on_win_passed", _respond),
    "mjk:kong_done": ("on_kong_stands", _kong_done),
    "mjk:kita_done": ("on_kita_stands", _kita_done),
    "mjk:payment": ("on_payment", _payment),
}
"""The folds of the shared events that call a fold hook of the flow, with the hook's name."""


def folds_for(flow: Flow[Any]) -> dict[str, Callable[[TableState, Any], None]]:
    """Every fold of a game under ``flow``, by event type: the shared ones and the variant's.

    A fold hook the family does not write is not called at all (its default does nothing):
    the fold is bound to None in its place, once per game."""
    # The flow (and hook) come first: a partial of positional arguments takes CPython's fast
    # call, where one of keywords copies its keywords at every call.
    table: dict[str, Callable[[TableState, Any], None]] = {
        kind: partial(fold, flow) for kind, fold in CORE_FOLDS.items()
    }
    for kind, (name, hooked) in HOOKED_FOLDS.items():
        hook = getattr(flow, name) if flow.writes(name) else None
        table[kind] = partial(hooked, flow, hook)
    table.update(flow.folds)
    return table
