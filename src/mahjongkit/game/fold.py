"""The fold: how each event changes the table's state, one function per event type.

This is the only place the state changes. The engine folds every event it emits, and a log
folds back into the same state. A variant adds the folds of its own events through its flow
(:attr:`~mahjongkit.table.flow.Flow.folds`), and keeps its own state of the seats and the round
(its ``SeatExtra`` and ``RoundExtra``) through the fold hooks the shared folds call
(``flow.on_draw``, ``flow.on_discard``, ...).
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
    """A shared event's fold: it reads the variant's hooks through its keyword ``flow``."""

    def __call__(self, state: TableState, event: Any, flow: Flow[Any]) -> None: ...

WINDS = SEAT_LETTERS
"""mjai's prevalent winds (``bakaze``)."""


def _start_game(state: TableState, event: StartGame, flow: Flow[Any]) -> None:
    state.scores = list(event["mjk_scores"])


def _start_kyoku(state: TableState, event: StartKyoku, flow: Flow[Any]) -> None:
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


def _tsumo(state: TableState, event: Tsumo, flow: Flow[Any]) -> None:
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
    hand.drawn = tile
    hand.has_drawn = True
    rnd.turn = seat
    rnd.phase = Phase.TURN
    rnd.last_discard = None
    rnd.responses = {}
    flow.on_draw(state, event, passed)


def _dahai(state: TableState, event: Dahai, flow: Flow[Any]) -> None:
    rnd = state.round
    seat = event["actor"]
    tile = event["mjk_id"]
    hand = rnd.seats[seat]
    hand.hand.remove(tile)
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
    flow.on_discard(state, event)


def _respond(state: TableState, event: Respond, flow: Flow[Any]) -> None:
    rnd = state.round
    rnd.responses[event["actor"]] = dict(event["action"])
    if event["action"]["type"] == A.PASS and event.get("mjk_missed_win"):
        flow.on_win_passed(state, event["actor"])


_CALL_KINDS = {"chi": MeldKind.CHOW, "pon": MeldKind.PUNG, "daiminkan": MeldKind.KONG}


def _call(state: TableState, event: Call, flow: Flow[Any]) -> None:
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
    flow.on_call(state, event)


def _ankan(state: TableState, event: Ankan, flow: Flow[Any]) -> None:
    seat = event["actor"]
    hand = state.round.seats[seat]
    consumed = list(event["mjk_consumed"])
    for t in consumed:
        hand.hand.remove(t)
    hand.melds.append(TableMeld(MeldKind.CONCEALED_KONG, consumed))
    _own_kong(state, flow, seat, consumed[0], concealed=True, robbable=event["mjk_robbable"])


def _kakan(state: TableState, event: Kakan, flow: Flow[Any]) -> None:
    seat = event["actor"]
    hand = state.round.seats[seat]
    tile = event["mjk_id"]
    hand.hand.remove(tile)
    kind = tile // 4
    for meld in hand.melds:
        if meld.kind is MeldKind.PUNG and meld.kind_id() == kind:
            meld.kind = MeldKind.ADDED_KONG
            meld.tiles.append(tile)
            break
    _own_kong(state, flow, seat, tile, concealed=False, robbable=event["mjk_robbable"])


def _own_kong(
    state: TableState, flow: Flow[Any], seat: int, tile: int, *, concealed: bool, robbable: bool
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
    else:
        flow.on_kong_stands(state)


def _kong_done(state: TableState, event: KongDone, flow: Flow[Any]) -> None:
    rnd = state.round
    rnd.phase = Phase.TURN
    rnd.rob_tile = None
    rnd.rob_seat = None
    rnd.consecutive_kongs += 1
    rnd.responses = {}
    flow.on_kong_stands(state)


def _nukidora(state: TableState, event: Nukidora, flow: Flow[Any]) -> None:
    """A North set aside beside the hand (kita): it interrupts the first go-around and
    shortens the live wall as a kong does; the others may win on it first."""
    rnd = state.round
    seat = event["actor"]
    tile = event["mjk_id"]
    hand = rnd.seats[seat]
    hand.hand.remove(tile)
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


def _kita_done(state: TableState, event: KitaDone, flow: Flow[Any]) -> None:
    rnd = state.round
    rnd.phase = Phase.TURN
    rnd.rob_tile = None
    rnd.rob_seat = None
    rnd.rob_set_aside = False
    rnd.responses = {}
    flow.on_kita_stands(state)


def _dora(state: TableState, event: Dora, flow: Flow[Any]) -> None:
    rnd = state.round
    rnd.indicators += 1
    if rnd.pending_indicators:
        rnd.pending_indicators -= 1


def _pending_dora(state: TableState, event: PendingDora, flow: Flow[Any]) -> None:
    state.round.pending_indicators += 1


def _flower(state: TableState, event: Flower, flow: Flow[Any]) -> None:
    seat = state.round.seats[event["actor"]]
    tile = event["mjk_id"]
    seat.hand.remove(tile)
    seat.flowers.append(tile)
    seat.drawn = None


def _deal_replacement(state: TableState, event: DealReplacement, flow: Flow[Any]) -> None:
    state.round.seats[event["actor"]].hand.append(event["mjk_id"])
    state.round.replacements += 1


def _add(scores: list[int], deltas: list[int]) -> list[int]:
    return [s + d for s, d in zip(scores, deltas, strict=True)]


def _hora(state: TableState, event: Hora, flow: Flow[Any]) -> None:
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
    flow.on_win(state, event)


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


def _payment(state: TableState, event: Payment, flow: Flow[Any]) -> None:
    state.scores = _add(state.scores, event["deltas"])
    flow.on_payment(state, event)


def _ryukyoku(state: TableState, event: Ryukyoku, flow: Flow[Any]) -> None:
    state.scores = _add(state.scores, event["deltas"])
    if event.get("mjk_deposits_taken"):
        state.round.deposits = 0


def _end_kyoku(state: TableState, event: EndKyoku, flow: Flow[Any]) -> None:
    state.round.phase = Phase.ROUND_OVER
    state.round.result = dict(event["mjk_result"])
    state.rounds_played += 1


def _end_game(state: TableState, event: EndGame, flow: Flow[Any]) -> None:
    state.round.phase = Phase.GAME_OVER
    state.round.deposits = 0  # paid out with the final scores, or lost, by the rules
    state.over = True
    state.scores = list(event["scores"])


def _phase(state: TableState, event: PhaseChange, flow: Flow[Any]) -> None:
    state.round.phase = Phase(event["phase"])
    state.round.responses = {}


CORE_FOLDS: dict[str, CoreFold] = {
    "start_game": _start_game,
    "start_kyoku": _start_kyoku,
    "tsumo": _tsumo,
    "dahai": _dahai,
    "chi": _call,
    "pon": _call,
    "daiminkan": _call,
    "ankan": _ankan,
    "kakan": _kakan,
    "nukidora": _nukidora,
    "dora": _dora,
    "hora": _hora,
    "ryukyoku": _ryukyoku,
    "end_kyoku": _end_kyoku,
    "end_game": _end_game,
    "mjk:respond": _respond,
    "mjk:kong_done": _kong_done,
    "mjk:kita_done": _kita_done,
    "mjk:pending_dora": _pending_dora,
    "mjk:flower": _flower,
    "mjk:deal_replacement": _deal_replacement,
    "mjk:payment": _payment,
    "mjk:phase": _phase,
}
"""The folds of the events every variant shares."""


def folds_for(flow: Flow[Any]) -> dict[str, Callable[[TableState, Any], None]]:
    """Every fold of a game under ``flow``, by event type: the shared ones and the variant's."""
    # Every core fold takes the flow as its keyword ``flow``: a partial binds it at C speed.
    table: dict[str, Callable[[TableState, Any], None]] = {
        kind: partial(fold, flow=flow) for kind, fold in CORE_FOLDS.items()
    }
    table.update(flow.folds)
    return table
