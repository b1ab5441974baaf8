"""Sichuan blood battle at the table: 108 tiles, exchange three, the missing suit, no chow,
play on after a win, kong money as it happens, the end-of-wall settlement.

The rules of play come first, as pure functions of the facts they are given; then
:class:`SichuanFlow`, the hooks the engine asks, which read the table and answer with them.
A game is ``hands_per_game`` hands (an option of the rules): Sichuan has no prevailing wind.
The next dealer is the first winner of the hand (the discarder when several won on one
discard); the dealer stays after a hand nobody won.

>>> exchange_receivers("across")
{0: 2, 1: 3, 2: 0, 3: 1}
>>> legal_discards([1, 0, 0, 0, 0, 0, 0, 0, 0, 2] + [0] * 24, missing_suit=0, discards_made=3,
...                rules=SichuanRules.blood_battle())
[0]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar, Literal

from mahjongkit.errors import IllegalActionError, InvalidHandError
from mahjongkit.i18n import Sentence
from mahjongkit.melds import SEAT_LETTERS, MeldKind
from mahjongkit.scoring import PaymentLine, Score, Win
from mahjongkit.shapes import HandShape, sichuan
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import (
    Declare,
    Event,
    Exchange,
    ExchangeChoose,
    Hora,
    JsonEvent,
    Kind,
    Missing,
    Payment,
    Ryukyoku,
    Tsumo,
)
from mahjongkit.table.flow import Flow, Fold, WinClaim
from mahjongkit.table.hooks import lines_deltas, lines_json
from mahjongkit.table.state import Phase, RoundState, TableState
from mahjongkit.table.turn import TurnHooks
from mahjongkit.table.view import RoundExtra, SeatExtra, TableView
from mahjongkit.table.wall import tile_set
from mahjongkit.tiles import counts_of_ids
from mahjongkit.valueclass import dataclass, field
from mahjongkit.variants.sichuan import payments
from mahjongkit.variants.sichuan.flow_turn import SichuanTurn
from mahjongkit.variants.sichuan.rules import SichuanRules
from mahjongkit.variants.sichuan.scorer import score as sichuan_score

Direction = Literal["cw", "ccw", "across"]
"""Where each player's three tiles go: ``ccw`` to the next player in turn order (E → S),
``cw`` to the previous one (E → N), ``across`` to the opposite seat (E → W)."""

_STEPS: dict[str, int] = {"ccw": 1, "cw": 3, "across": 2}
_RANDOM_DIRECTIONS: tuple[Direction, ...] = ("ccw", "cw", "across")


def exchange_direction(
    rules: SichuanRules, rng: random.Random, dice_direction: Direction | None = None
) -> Direction | None:
    """The direction of this hand's exchange of three (换三张, §2), or None when it is off.

    ``random`` draws one of the three with ``rng`` (seeded by the engine); ``dice`` takes the
    direction the table's own dice convention gave (``dice_direction``), as no source fixes one.
    """
    mode = rules.huan_san_zhang
    if mode == "off":
        return None
    if mode == "random":
        return rng.choice(_RANDOM_DIRECTIONS)
    if mode == "dice":
        if dice_direction is None:
            raise InvalidHandError(
                "huan_san_zhang=dice: the direction read from the dice must be given"
            )
        return dice_direction
    return mode


def exchange_receivers(direction: Direction) -> dict[int, int]:
    """Giver seat → receiving seat for one exchange direction."""
    if direction not in _STEPS:
        raise InvalidHandError(f"{direction!r} is not an exchange direction: cw, ccw or across")
    step = _STEPS[direction]
    return {seat: (seat + step) % 4 for seat in range(4)}


def check_exchange(counts: Sequence[int], chosen: Sequence[int]) -> None:
    """Raise unless ``chosen`` is three tiles of one suit held in ``counts`` (§2)."""
    if len(chosen) != 3:
        raise IllegalActionError(f"exchange three passes 3 tiles, not {len(chosen)}", "§2")
    if len({kind // 9 for kind in chosen}) != 1 or any(not 0 <= k < 27 for k in chosen):
        raise IllegalActionError("the three tiles exchanged must be of one suit", "§2")
    for kind in set(chosen):
        if counts[kind] < list(chosen).count(kind):
            raise IllegalActionError(f"the hand does not hold the tiles {sorted(chosen)}", "§2")


def legal_discards(
    counts: Sequence[int], missing_suit: int, discards_made: int, rules: SichuanRules
) -> list[int]:
    """The kinds a player may discard (§3).

    While the hand holds a tile of its missing suit, only those may go under
    ``void_discard_rule=strict``; under ``lenient`` only the first discard of the hand must be
    one. ``discards_made`` counts the player's earlier discards.
    """
    held = [kind for kind in range(27) if counts[kind]]
    missing = [kind for kind in held if kind // 9 == missing_suit]
    if missing and (rules.void_discard_rule == "strict" or discards_made == 0):
        return missing
    return held


def may_claim(kind: int, missing_suit: int) -> bool:
    """Whether a player may pung, kong or win on ``kind``: never on its missing suit (§3)."""
    return kind // 9 != missing_suit


def discard_winners(discarder: int, claimants: Collection[int], rules: SichuanRules) -> list[int]:
    """Which of the players claiming a win on one discard win, in turn order from the discarder.

    All of them under ``yipao_duoxiang`` (一炮多响, §4); otherwise only the first in turn order.
    """
    if discarder in claimants:
        raise IllegalActionError(f"{SEAT_LETTERS[discarder]} cannot win on its own discard", "§4")
    ordered = sorted(claimants, key=lambda seat: (seat - discarder) % 4)
    return ordered if rules.yipao_duoxiang else ordered[:1]


def may_rob_kong(rules: SichuanRules, concealed: bool) -> bool:
    """Whether a kong may be robbed: an added kong, when ``rob_kong`` is on (§4)."""
    return rules.rob_kong and not concealed


def next_dealer(dealer: int, first_winners: Sequence[int], discarder: int | None) -> int:
    """The dealer of the next hand (§1.5).

    Nobody won: the dealer stays. The first win of the hand by one player: that player. Several
    players on the first winning discard: the discarder.
    """
    if not first_winners:
        return dealer
    if len(first_winners) == 1:
        return first_winners[0]
    if discarder is None:
        raise InvalidHandError("several first winners need the discarder they won on")
    return discarder


_SHAPES = {suit: sichuan(suit) for suit in (None, 0, 1, 2)}
"""The four shapes a Sichuan hand may have, made once (every claim check asks for one)."""


def hand_shape(rules: SichuanRules, missing_suit: int | None = None) -> HandShape:
    """Three suits, the declared missing suit never in a complete hand."""
    return _SHAPES.get(missing_suit) or sichuan(missing_suit)


# --- the table ---------------------------------------------------------------------------------


@dataclass(slots=True, hot=True)
class SichuanSeat(SeatExtra):
    """What a Sichuan table keeps of each seat besides the shared state (its ``SeatExtra``)."""

    missing_suit: int | None = None
    """The suit declared missing (§3), once every seat has declared."""
    exchange: list[int] = field(default_factory=list)
    """The three tiles chosen to pass in the exchange, until it is carried out."""
    furiten_temporary: bool = False
    """A Hu passed up since the seat's last draw (过水, §4)."""


@dataclass(slots=True, hot=True)
class SichuanRound(RoundExtra):
    """What a Sichuan table keeps of the round besides the shared state (its ``RoundExtra``)."""

    kong_income: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    """Each konger's kong money received, one record per payment (kong number, payer, payee,
    amount, reason): a win on the discard right after a kong hands it over, and the
    end-of-wall settlement refunds it (§6)."""


def _seat(view: TableView, seat: int) -> SichuanSeat:
    """The seat's Sichuan state (a Sichuan table's seats hold a :class:`SichuanSeat`)."""
    extra: SichuanSeat = view.round.seats[seat].extra
    return extra


def _kong_income(view: TableView) -> dict[int, list[dict[str, Any]]]:
    extra: SichuanRound = view.round.extra
    return extra.kong_income


def _fold_exchange_choose(state: TableState, event: ExchangeChoose) -> None:
    state.round.seats[event["actor"]].extra.exchange = list(event["mjk_ids"])
    state.round.responses[event["actor"]] = {"type": A.EXCHANGE}


def _fold_exchange(state: TableState, event: Exchange) -> None:
    seats = state.round.seats
    for giver, receiver in enumerate(event["receivers"]):
        tiles = seats[giver].extra.exchange
        for tile in tiles:
            seats[giver].hand.remove(tile)
        seats[receiver].hand.extend(tiles)
        seats[giver].hand_version += 1  # both hands changed: their kept facts are stale
        seats[receiver].hand_version += 1
    for seat in seats:
        seat.extra.exchange = []


def _fold_declare(state: TableState, event: Declare) -> None:
    state.round.responses[event["actor"]] = {"type": A.DECLARE_MISSING, "suit": event["suit"]}


def _fold_missing(state: TableState, event: Missing) -> None:
    state.round.seats[event["actor"]].extra.missing_suit = event["suit"]


_KONG_KINDS = {
    "concealed": MeldKind.CONCEALED_KONG,
    "exposed": MeldKind.KONG,
    "added": MeldKind.ADDED_KONG,
}


class SichuanFlow(Flow[SichuanRules]):
    """The hooks of a Sichuan table."""

    variant = "sichuan"
    shape_by_seat = True
    chow_allowed = False
    calls_on_last_discard = (A.PON,)
    """RULES-sichuan §4: on the last discard only a win or a pung (no kong: no replacement)."""
    max_kongs = 99
    SeatExtra = SichuanSeat
    RoundExtra = SichuanRound

    def __init__(self, rules: SichuanRules) -> None:
        super().__init__(rules)
        self._turn = SichuanTurn(rules.void_discard_rule == "strict")
        """The turn hooks, compiled (asked at every turn)."""

    def tiles(self) -> list[int]:
        """108 tiles: three suits, no honours, no bonus tiles."""
        return tile_set(27)

    folds: ClassVar[Mapping[str, Fold]] = {
        "mjk:exchange_choose": _fold_exchange_choose,
        "mjk:exchange": _fold_exchange,
        "mjk:declare": _fold_declare,
        "mjk:missing": _fold_missing,
    }

    def shape(self, view: TableView, seat: int) -> HandShape:
        """Three suits, the declared missing suit never in a complete hand."""
        # hand_shape and _seat inlined: the engine asks this at every look at a seat's hand.
        extra: SichuanSeat = view.round.seats[seat].extra
        found = _SHAPES.get(extra.missing_suit)
        return found if found is not None else hand_shape(self.rules, extra.missing_suit)

    def score(self, win: Win) -> Score:
        """The Sichuan scorer."""
        return sichuan_score(win, self.rules)

    # --- set-up: exchange three, declare the missing suit ---

    def after_deal(self, view: TableView) -> Iterator[Event]:
        """Exchange three (when on), then every seat declares its missing suit."""
        phase = Phase.EXCHANGE if self.rules.huan_san_zhang != "off" else Phase.DECLARE
        yield {"type": "mjk:phase", "phase": phase.value}

    def setup_actions(self, view: TableView, seat: int) -> list[Action]:
        """Three tiles of one suit to give, or a suit to declare missing."""
        rnd = view.round
        if seat in rnd.responses:
            return []
        if rnd.phase is Phase.DECLARE:
            return [Action(A.DECLARE_MISSING, seat, suit=suit) for suit in range(3)]
        by_suit: dict[int, list[int]] = {}
        for tile in sorted(rnd.seats[seat].hand):
            by_suit.setdefault(tile // 36, []).append(tile)
        found = []
        for tiles in by_suit.values():
            seen: set[tuple[int, ...]] = set()
            for trio in combinations(tiles, 3):
                key = tuple(t // 4 for t in trio)
                if key not in seen:
                    seen.add(key)
                    found.append(Action(A.EXCHANGE, seat, consumed=trio))
        return found

    def play_setup(self, view: TableView, action: Action) -> Iterator[Event]:
        """Record a choice; when all four have chosen, carry the phase out."""
        rnd = view.round
        if action.type == A.EXCHANGE:
            yield {
                "type": "mjk:exchange_choose",
                "actor": action.seat,
                "mjk_ids": list(action.consumed),
            }
            if len(rnd.responses) < self.players:
                return
            direction = self._exchange_direction(view)
            receivers = [(seat + direction) % self.players for seat in range(self.players)]
            yield {"type": "mjk:exchange", "direction": direction, "receivers": receivers}
            yield {"type": "mjk:phase", "phase": Phase.DECLARE.value}
            return
        assert action.suit is not None, "the engine offers a declaration with its suit"
        yield {"type": "mjk:declare", "actor": action.seat, "suit": action.suit}
        if len(rnd.responses) < self.players:
            return
        declared = {seat: r["suit"] for seat, r in rnd.responses.items()}
        for seat in range(self.players):
            yield {"type": "mjk:missing", "actor": seat, "suit": declared[seat]}
        yield {"type": "mjk:phase", "phase": Phase.TURN.value}

    def recorded_decision(
        self, event: JsonEvent, following: Callable[[], JsonEvent]
    ) -> Action | None:
        """A log's choice of three tiles to pass, or of the missing suit."""
        if event["type"] == Kind.EXCHANGE_CHOOSE:
            return Action(A.EXCHANGE, event["actor"], consumed=tuple(event["mjk_ids"]))
        if event["type"] == Kind.DECLARE:
            return Action(A.DECLARE_MISSING, event["actor"], suit=event["suit"])
        return None

    def _exchange_direction(self, view: TableView) -> int:
        rng = random.Random(f"{view.seed}:{view.rounds_played}:exchange")
        # Dice directions are not modelled by the table: a "dice" table uses a seeded one too.
        direction = exchange_direction(
            self.rules, rng, dice_direction=rng.choice(("ccw", "cw", "across"))
        )
        return {"ccw": 1, "cw": 3, "across": 2}[direction or "ccw"]

    # --- play ---

    def may_claim(self, view: TableView, seat: int, tile: int) -> bool:
        """No pung or kong of one's missing suit."""
        missing = _seat(view, seat).missing_suit
        return missing is None or may_claim(tile // 4, missing)

    def allowed_discards(self, view: TableView, seat: int) -> list[int]:
        """While holding the missing suit, discard it first (§3)."""
        rnd: RoundState = view.round  # type: ignore[assignment]  # the table's own state
        return self._turn.discard_tiles(view, rnd, seat)

    def turn_hooks(self) -> tuple[TurnHooks, type[Flow[Any]]]:
        """The hook above, compiled (:class:`~.flow_turn.SichuanTurn`)."""
        return self._turn, SichuanFlow

    def why_refused(self, view: TableView, action: Action) -> tuple[str, str] | None:
        """A discard of another suit while the missing suit is held (§3): its tiles named."""
        rnd = view.round
        seat = action.seat
        if action.type != A.DISCARD or action.tile is None or not 0 <= seat < len(rnd.seats):
            return None
        state = rnd.seats[seat]
        if rnd.phase is not Phase.TURN or rnd.turn != seat or action.tile not in state.hand:
            return None
        missing = _seat(view, seat).missing_suit
        if missing is None:
            return None
        counts = counts_of_ids(state.hand)
        kinds = legal_discards(counts, missing, len(state.discards), self.rules)
        if action.tile // 4 in kinds:
            return None
        held = sorted(t for t in state.hand if t // 4 in kinds)
        return (
            Sentence(
                "refusal.discard_missing_suit",
                tile=str(self.tile(action.tile)),
                suit="mps"[missing],
                tiles=" ".join(str(self.tile(t)) for t in held),
            ),
            "RULES-sichuan §3: the missing suit goes first (option void_discard_rule)",
        )

    def concealed_kong_allowed(self, view: TableView, seat: int, kind: int) -> bool:
        """No kong of the missing suit."""
        return kind // 9 != _seat(view, seat).missing_suit

    def may_add_kong(self, view: TableView, seat: int, tile: int) -> bool:
        """Added kongs are fine (the pung was never of the missing suit)."""
        return True

    def furiten(self, view: TableView, seat: int) -> bool:
        """A passed Hu (过水, §4): after declining a win on a discard, no win on a discard until
        one's own next draw."""
        return _seat(view, seat).furiten_temporary

    def furiten_reason(self, view: TableView, seat: int) -> str | None:
        """A passed Hu, until the seat's next draw."""
        if not self.furiten(view, seat):
            return None
        return "it declined a Hu since its last draw (passed Hu: none on a discard until then)"

    def ron_winners(self, view: TableView, claimants: list[int], discarder: int) -> list[int]:
        """Several winners on one discard where the rules allow (一炮多响)."""
        return discard_winners(discarder, claimants, self.rules)

    def continues_after_win(self, view: TableView) -> bool:
        """Blood battle: play on until three have won."""
        return len(view.round.winners) < self.players - 1

    def _in_game(self, view: TableView) -> list[int]:
        return [s for s in range(self.players) if not view.round.seats[s].won]

    def _moved_kongs(
        self, view: TableView, claim: WinClaim, first: bool
    ) -> tuple[list[Mapping[str, Any]], list[Mapping[str, Any]]]:
        """(the latest kong's income records, all income records) of a konger whose discard
        right after a kong is won on; empty otherwise (a robbed kong was never paid, since kong
        money follows the rob window)."""
        rnd = view.round
        discarder = claim.discarder
        if not first or discarder is None or not rnd.kong_discard or claim.robbing:
            return [], []
        records = _kong_income(view).get(discarder, [])
        if not records:
            return [], []
        latest = records[-1]["kong"]
        return [x for x in records if x["kong"] == latest], list(records)

    def extra_win_lines(self, view: TableView, claim: WinClaim, first: bool) -> list[PaymentLine]:
        """The kong money a win on the discard right after a kong moves (槓上炮, §6.1)."""
        this_kong, income = self._moved_kongs(view, claim, first)
        if not this_kong or claim.discarder is None:
            return []
        return payments.kong_discard_payments(
            claim.discarder,
            [claim.seat],
            [self._line(x) for x in this_kong],
            self.rules,
            all_kongs=[self._line(x) for x in income],
        )

    def settled_kongs(self, view: TableView, claim: WinClaim, first: bool) -> list[int]:
        """Kong money handed to the winner or refunded is gone from the konger's income."""
        this_kong, income = self._moved_kongs(view, claim, first)
        moved = income if self.rules.call_transfer == "all_kongs" else this_kong
        return sorted({x["kong"] for x in moved})

    @staticmethod
    def _line(record: Mapping[str, Any]) -> PaymentLine:
        return PaymentLine(record["payer"], record["payee"], record["amount"], record["reason"])

    def kong_payments(
        self, view: TableView, seat: int, kind: str, fed_by: int | None, drawn_now: bool
    ) -> list[Event]:
        """Wind and rain, paid at once (§6.1)."""
        lines = payments.kong_payments(
            _KONG_KINDS[kind],
            seat,
            self._in_game(view),
            self.rules,
            discarder=fed_by,
            drawn_now=drawn_now,
        )
        events: list[Event] = []
        for line in lines:
            record = {**lines_json([line])[0], "kong": view.round.kongs}
            events.append(
                {
                    "type": "mjk:payment",
                    "reason": line.reason,
                    "deltas": lines_deltas([line], self.players),
                    "mjk_payee": line.payee,
                    "mjk_kong_income": record,
                }
            )
        return events

    # --- what the shared events do to the Sichuan state ---

    def on_draw(self, state: TableState, event: Tsumo, passed: bool) -> None:
        """A passed Hu lasts until the seat's own next draw."""
        state.round.seats[event["actor"]].extra.furiten_temporary = False

    def on_win_passed(self, state: TableState, seat: int) -> None:
        """A Hu passed up: none on a discard until the seat's next draw."""
        state.round.seats[seat].extra.furiten_temporary = True

    def on_win(self, state: TableState, event: Hora) -> None:
        """The kong money a win handed over or refunded is no longer the konger's."""
        settled = event.get("mjk_kongs_settled")
        if settled is not None:
            extra: SichuanRound = state.round.extra
            income = extra.kong_income.get(settled["seat"], [])
            income[:] = [x for x in income if x["kong"] not in settled["kongs"]]

    def on_payment(self, state: TableState, event: Payment) -> None:
        """Kong money received is noted as the konger's income."""
        extra: SichuanRound = state.round.extra
        extra.kong_income.setdefault(event["mjk_payee"], []).append(dict(event["mjk_kong_income"]))

    def exhaustive_draw(self, view: TableView) -> Ryukyoku:
        """Flower pig, ready-hand check and tax refund (§6.2)."""
        rnd = view.round
        players = []
        for seat, state in enumerate(rnd.seats):
            counts = counts_of_ids(state.hand)
            players.append(
                payments.WallEndPlayer(
                    seat=seat,
                    concealed=counts,
                    melds=tuple(self.meld(m) for m in state.melds),
                    missing_suit=state.extra.missing_suit,
                    won=state.won,
                    kong_income=tuple(self._line(x) for x in _kong_income(view).get(seat, [])),
                )
            )
        lines = payments.end_of_wall_settlement(players, self.rules)
        return {
            "type": "ryukyoku",
            "reason": "exhaustive",
            "deltas": lines_deltas(lines, self.players),
            "scores": [],
            "mjk_lines": lines_json(lines),
        }

    def next_round(self, view: TableView) -> tuple[int, int, int, int] | None:
        """The first winner deals next (the discarder after a multiple win); else the dealer."""
        rnd = view.round
        played = view.rounds_played
        hands = self.rules.hands_per_game
        if played >= hands:
            return None
        starts = [i for i, e in enumerate(view.log) if e["type"] == Kind.START_KYOKU]
        wins = [e for e in view.log[starts[-1] if starts else 0 :] if e["type"] == Kind.HORA]
        first_winners: list[int] = []
        discarder = None
        if wins:
            first = wins[0]
            # The first win and any other win on the same discard (one event batch).
            first_winners = [
                w["actor"]
                for w in wins
                if w["target"] == first["target"]
                and w["pai"] == first["pai"]
                and w["actor"] != w["target"]
                and first["actor"] != first["target"]
            ] or [first["actor"]]
            discarder = None if first["actor"] == first["target"] else first["target"]
        dealer = next_dealer(rnd.dealer, first_winners, discarder)
        return 0, played, dealer, 0
