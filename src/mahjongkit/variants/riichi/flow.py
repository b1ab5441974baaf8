"""Riichi at the table: riichi, furiten, dora, abortive draws, liability, the course of a game.

The engine asks; this module answers from the rules object (:mod:`.rules`), so the presets
``ema2012``, ``ema2016`` and ``tenhou`` differ here only through their options.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from mahjongkit.errors import IllegalActionError
from mahjongkit.i18n import Sentence
from mahjongkit.melds import MeldKind
from mahjongkit.scoring import Score, Win
from mahjongkit.shapes import RIICHI, waits
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import (
    Call,
    Dahai,
    Event,
    JsonEvent,
    Kind,
    Reach,
    ReachAccepted,
    Ryukyoku,
    Tsumo,
)
from mahjongkit.table.flow import Flow, Fold, WinClaim
from mahjongkit.table.state import Phase, RoundState, TableState
from mahjongkit.table.turn import TurnHooks
from mahjongkit.table.view import RoundExtra, SeatExtra, TableView
from mahjongkit.table.wall import tile_set
from mahjongkit.tiles import (
    DRAGONS,
    NORTH,
    RED_FIVE_IDS,
    WINDS,
    counts_of_ids,
    format_kind,
    is_terminal_or_honor,
)
from mahjongkit.valueclass import dataclass, field, replace
from mahjongkit.variants.riichi.flow_turn import RiichiTurn
from mahjongkit.variants.riichi.points import MANGAN, share_with_missing
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.scorer import score as riichi_score

_counts = counts_of_ids


@dataclass(slots=True, hot=True)
class RiichiSeat(SeatExtra):
    """What a Riichi table keeps of each seat besides the shared state (its ``SeatExtra``)."""

    riichi: bool = False
    """The seat's riichi stands (its deposit paid)."""
    riichi_pending: bool = False
    """Riichi declared with the discard on the table, not yet accepted."""
    double_riichi: bool = False
    ippatsu: bool = False
    """Riichi declared, and no call and no own turn since: a win now is ippatsu."""
    furiten_temporary: bool = False
    """A win went by since the seat's last turn (until its draw, or its discard by the rules)."""
    furiten_riichi: bool = False
    """A win went by after riichi: furiten for the rest of the hand."""
    waiting_on_discard: bool = False
    """The discard on the table completes this seat's shape: let go by, it makes the seat
    furiten (where the rules' ``passed_tile_furiten`` says so)."""
    kuikae: list[int] = field(default_factory=list)
    """Kinds this seat may not discard right after its call."""


@dataclass(slots=True, hot=True)
class RiichiRound(RoundExtra):
    """What a Riichi table keeps of the round besides the shared state (its ``RoundExtra``)."""

    someone_waiting: bool = False
    """Some seat is ``waiting_on_discard``: most discards complete no seat's shape, and the
    draw or call after them then looks at no seat."""


def _seat(view: TableView, seat: int) -> RiichiSeat:
    """The seat's Riichi state (a Riichi table's seats hold a :class:`RiichiSeat`)."""
    extra: RiichiSeat = view.round.seats[seat].extra
    return extra


def _fold_reach(state: TableState, event: Reach) -> None:
    seat: RiichiSeat = state.round.seats[event["actor"]].extra
    seat.riichi_pending = True
    seat.double_riichi = event["mjk_double"]


def _fold_reach_accepted(state: TableState, event: ReachAccepted) -> None:
    seat: RiichiSeat = state.round.seats[event["actor"]].extra
    seat.riichi_pending = False
    seat.riichi = True
    state.round.deposits += 1
    state.scores = list(event["scores"])


def _passed(state: TableState) -> None:
    """The discard on the table went by unwon (the next draw or a call follows): each seat it
    completed is furiten now, a riichi hand for good."""
    extra: RiichiRound = state.round.extra
    if not extra.someone_waiting:
        return
    extra.someone_waiting = False
    for other in state.round.seats:
        seat: RiichiSeat = other.extra
        if seat.waiting_on_discard:
            seat.waiting_on_discard = False
            seat.furiten_temporary = True
            if seat.riichi:
                seat.furiten_riichi = True


_OR = {"en": "or", "fr": "ou", "es": "o"}
"""The word joining the kinds a swap-calling refusal names, by language."""


class RiichiFlow(Flow[RiichiRules]):
    """The hooks of a Riichi table."""

    variant = "riichi"
    dead_wall = 14
    first_indicators = 1
    max_kongs = 4
    takes_deposits = True
    pond_furiten = True
    SeatExtra = RiichiSeat
    RoundExtra = RiichiRound
    folds: ClassVar[Mapping[str, Fold]] = {
        "reach": _fold_reach,
        "reach_accepted": _fold_reach_accepted,
    }

    def __init__(self, rules: RiichiRules) -> None:
        super().__init__(rules)
        # Three players claim no chow (riichi.wiki, Sanma): pung, kong and win only.
        self.chow_allowed = rules.players == len(WINDS)
        self.kong_indicators = rules.kan_dora
        self.riichi_deposit = rules.riichi_deposit
        """What a riichi puts on the table."""
        # Temporary furiten ends on the seat's draw (EMA) or its own discard (Tenhou).
        self._furiten_ends_on_draw = rules.temporary_furiten_ends != "own_discard"
        # Asked at every turn and every discard: read off the rules once.
        self._north_set_aside = bool(rules.north_set_aside)
        self._wait_furiten = rules.passed_tile_furiten == "wait"
        # The abortive draws asked after every discard (four winds and four riichi take four
        # seats: three players never meet them).
        four = rules.players == len(WINDS)
        aborts = rules.abortive_draws
        self._four_winds = four and "four_winds" in aborts
        self._four_riichi = four and "four_riichi" in aborts
        self._four_kongs = "four_kongs" in aborts
        self._turn = RiichiTurn(
            rules.players, rules.riichi_deposit, "nine_terminals" in aborts, self._north_set_aside
        )
        """The turn hooks, compiled (asked at every turn)."""

    # --- set and seats ---

    def tiles(self) -> list[int]:
        """136 tiles (three-player tables drop 2m-8m)."""
        ids = tile_set()
        if self.players == 3:
            ids = [t for t in ids if not 1 <= t // 4 <= 7]
        return ids

    def red(self, tile_id: int) -> bool:
        """Red fives per the rules."""
        return bool(self.rules.red_fives) and tile_id in RED_FIVE_IDS

    def starting_scores(self) -> list[int]:
        """The preset's starting points."""
        return [self.rules.starting_points] * self.players

    # --- wins ---

    def score(self, win: Win) -> Score:
        """The Riichi scorer."""
        return riichi_score(win, self.rules)

    def make_win(self, view: TableView, claim: WinClaim) -> Win:
        """Adds riichi, ippatsu, dora, counters and deposits to the shared win."""
        base = super().make_win(view, claim)
        rnd = view.round
        state = _seat(view, claim.seat)
        riichi = state.riichi
        liable = rnd.seats[claim.seat].liable
        north = len(rnd.seats[claim.seat].flowers)
        return replace(
            base,
            flowers=(),
            nukidora=north,
            riichi=riichi,
            double_riichi=riichi and state.double_riichi,
            ippatsu=riichi and state.ippatsu,
            dora_indicators=tuple(self.tile(t) for t in view.indicator_tiles()),
            ura_indicators=(tuple(self.tile(t) for t in view.ura_tiles()) if riichi else ()),
            honba=rnd.honba,
            deposits=rnd.deposits,
            liable_seat=None if liable is None else (liable - rnd.dealer) % self.players,
            last_tile=view.live_remaining() == 0
            and not claim.robbing
            and not (claim.self_draw and rnd.after_kong),
        )

    def final_score(self, view: TableView, claim: WinClaim, first: bool) -> Score:
        """The win's score; where the rules say so a second winner of one discard gets no
        counters or deposits."""
        win = self.make_win(view, claim)
        if not first and self.rules.multiple_ron_bonus == "first_winner":
            win = replace(win, honba=0, deposits=0)
        return self.score(win)

    def furiten(self, view: TableView, seat: int) -> bool:
        """Own-discard, temporary and riichi furiten."""
        state = view.round.seats[seat]
        own: RiichiSeat = state.extra
        if own.furiten_temporary or own.furiten_riichi:
            return True
        wanted = view.hand_facts(seat).waits
        return any(t // 4 in wanted for t in state.discards)

    def furiten_reason(self, view: TableView, seat: int) -> str | None:
        """Which furiten: after riichi, a wait among its own discards, or a passed wait."""
        state = _seat(view, seat)
        if state.furiten_riichi:
            return "a winning tile went by after its riichi (furiten for the rest of the hand)"
        wanted = view.hand_facts(seat).waits
        own = sorted({t // 4 for t in view.round.seats[seat].discards if t // 4 in wanted})
        if own:
            names = ", ".join(format_kind(kind) for kind in own)
            return f"its wait {names} is among its own discards"
        if state.furiten_temporary:
            return "a winning tile went by since its last turn (temporary furiten)"
        return None

    def why_refused(self, view: TableView, action: Action) -> tuple[str, str] | None:
        """Riichi that the hand, the points or the wall do not allow; a discard after riichi
        other than the drawn tile; a swap-calling discard right after a call."""
        rnd = view.round
        seat = action.seat
        if not 0 <= seat < len(rnd.seats):
            return None  # before the deal: nothing is anyone's to decide
        if action.type == A.CHI and not self.chow_allowed:
            return Sentence("refusal.no_chow"), "three-player Riichi: no chow"
        if action.type == A.KITA:
            return self._why_no_kita(view, action)
        state = rnd.seats[seat]
        if (
            rnd.phase is not Phase.TURN
            or rnd.turn != seat
            or action.tile is None
            or action.tile not in state.hand
        ):
            return None
        name = str(self.tile(action.tile))
        if action.type == A.RIICHI:
            return self._why_no_riichi(view, seat, action.tile)
        if action.type != A.DISCARD:
            return None
        own = _seat(view, seat)
        if own.riichi and state.drawn is not None and action.tile != state.drawn:
            drawn = str(self.tile(state.drawn))
            return (
                Sentence("refusal.discard_after_riichi", drawn=drawn, tile=name),
                "R-05 riichi: the hand is fixed once declared",
            )
        if action.tile // 4 in own.kuikae:
            kinds = [format_kind(kind) for kind in own.kuikae]
            # "4p or 7p", each language with its own "or".
            called = {lang: f" {word} ".join(kinds) for lang, word in _OR.items()}
            return (
                Sentence("refusal.discard_swap_call", tile=name, kinds=called),
                "kuikae (option swap_calling)",
            )
        return None

    def _why_no_kita(self, view: TableView, action: Action) -> tuple[str, str] | None:
        """Kita where the rules have none, with a tile that is no North, after riichi with
        another North than the one just drawn, or with no tile left to replace it; None leaves
        the turn and the hand's tiles to the generic checks."""
        rule = "kita: a North set aside on one's turn (option north_set_aside)"
        if not self.rules.north_set_aside:
            return Sentence("refusal.kita_off"), rule
        rnd = view.round
        state = rnd.seats[action.seat]
        tile = action.tile
        if rnd.phase is not Phase.TURN or rnd.turn != action.seat or tile not in state.hand:
            return None
        assert tile is not None  # in the hand
        if tile // 4 != NORTH:
            return Sentence("refusal.kita_no_north", tile=str(self.tile(tile))), rule
        drawn = state.drawn
        if drawn is not None and _seat(view, action.seat).riichi and tile != drawn:
            return Sentence("refusal.kita_after_riichi", drawn=str(self.tile(drawn))), rule
        if view.live_remaining() <= 0:
            return Sentence("refusal.kita_wall"), rule
        return None

    def _why_no_riichi(self, view: TableView, seat: int, tile: int) -> tuple[str, str]:
        state = view.round.seats[seat]
        rule = "R-05 riichi: a concealed ready hand, with a 1,000-point deposit"
        if _seat(view, seat).riichi:
            return "riichi is already declared", rule
        called = [m for m in state.melds if m.kind is not MeldKind.CONCEALED_KONG]
        if called:
            return f"riichi needs a concealed hand, and this one has {len(called)} call(s)", rule
        if state.drawn is None:
            return "riichi is declared with the discard of one's own turn after a draw", rule
        score = view.scores[seat]
        if score < self.riichi_deposit:
            return (
                f"riichi puts {self.riichi_deposit:,} points on the table, and the seat has "
                f"{score:,}",
                rule,
            )
        left = view.live_remaining()
        if left < self.players:
            return (
                f"riichi needs at least {self.players} tiles left to draw in the wall, and "
                f"{left} are left",
                rule,
            )
        counts = list(view.hand_facts(seat).counts)
        melds = len(state.melds)
        counts[tile // 4] -= 1
        after = view.ready_of_counts(counts, melds, RIICHI)[0]
        counts[tile // 4] += 1
        ready = []
        for kind in sorted({t // 4 for t in state.hand}):
            counts[kind] -= 1
            if view.ready_of_counts(counts, melds, RIICHI)[0] == 0:
                ready.append(format_kind(kind))
            counts[kind] += 1
        instead = (
            Sentence("refusal.riichi_with", tiles=", ".join(ready))
            if ready
            else Sentence("refusal.riichi_no_discard")
        )
        distance = "refusal.riichi_not_ready_one" if after == 1 else "refusal.riichi_not_ready"
        return Sentence(distance, tile=str(self.tile(tile)), count=after, instead=instead), rule

    def furiten_on_passed_wait(self) -> bool:
        """A wait let go by makes furiten, won on or not (see ``passed_tile_furiten``)."""
        return self._wait_furiten

    def ron_winners(self, view: TableView, claimants: list[int], discarder: int) -> list[int] | str:
        """Double ron per the rules; triple ron is an abortive draw where the rules say so."""
        if len(claimants) >= 3 and "triple_ron" in self.rules.abortive_draws:
            return "sanchaho"
        limit = self.rules.max_ron_winners
        return claimants if limit is None else claimants[:limit]

    def furiten_cleared_by_call(self, caller: int, seat: int) -> bool:
        """EMA 2012: any call ends temporary furiten; EMA 2016: only one's own claim."""
        ends = self.rules.temporary_furiten_ends
        return ends == "draw_or_any_call" or (ends == "draw_or_own_claim" and caller == seat)

    # --- turn ---

    def allowed_discards(self, view: TableView, seat: int) -> list[int]:
        """After riichi only the drawn tile; after a call not the swap-called kinds."""
        rnd: RoundState = view.round  # type: ignore[assignment]  # the table's own state
        return self._turn.discard_tiles(view, rnd, seat)

    def turn_declarations(self, view: TableView, seat: int) -> list[Action]:
        """Riichi with each discard that leaves the hand ready; nine terminals abort."""
        rnd: RoundState = view.round  # type: ignore[assignment]  # the table's own state
        return self._turn.declarations(view, rnd, seat)

    def turn_hooks(self) -> tuple[TurnHooks, type[Flow[Any]]]:
        """The two hooks above, compiled (:class:`~.flow_turn.RiichiTurn`)."""
        return self._turn, RiichiFlow

    def concealed_kong_allowed(self, view: TableView, seat: int, kind: int) -> bool:
        """After riichi: only with the drawn tile, and only if the waits stay the same."""
        state = view.round.seats[seat]
        if not _seat(view, seat).riichi:
            return True
        if state.drawn is None or state.drawn // 4 != kind:
            return False
        before = _counts(state.hand)
        before[kind] -= 1
        after = list(before)
        after[kind] -= 3
        return waits(before, len(state.melds), RIICHI) == waits(after, len(state.melds) + 1, RIICHI)

    def may_add_kong(self, view: TableView, seat: int, tile: int) -> bool:
        """Never after riichi: the hand is fixed."""
        return not _seat(view, seat).riichi

    # --- the riichi declaration ---

    def declare(self, view: TableView, action: Action) -> Iterable[Event]:
        """Riichi: ``reach`` (a double riichi on one's first discard of an uninterrupted first
        go-around), before its discard."""
        seat = action.seat
        double = view.round.first_go_around and not view.round.seats[seat].discards
        reach: Reach = {"type": "reach", "actor": seat, "mjk_double": double}
        return (reach,)

    def declaration_stands(self, view: TableView, seat: int) -> Iterable[Event]:
        """A riichi whose discard went by unwon stands: its deposit goes on the table."""
        own: RiichiSeat = view.round.seats[seat].extra
        if not own.riichi_pending:
            return ()
        deltas = [0] * self.players
        deltas[seat] = -self.riichi_deposit
        scores = [s + d for s, d in zip(view.scores, deltas, strict=True)]
        accepted: ReachAccepted = {
            "type": "reach_accepted",
            "actor": seat,
            "deltas": deltas,
            "scores": scores,
        }
        return (accepted,)

    def recorded_decision(
        self, event: JsonEvent, following: Callable[[], JsonEvent]
    ) -> Action | None:
        """A log's ``reach`` records a riichi with the discard that follows it."""
        if event["type"] != Kind.REACH:
            return None
        discard = following()
        if discard.get("type") != Kind.DAHAI:
            raise IllegalActionError("a riichi is followed by its discard")
        return Action(A.RIICHI, event["actor"], discard["mjk_id"])

    def shows_ura(self, view: TableView, seat: int) -> bool:
        """A hand in riichi shows the ura dora."""
        return _seat(view, seat).riichi

    # --- what the shared events do to a seat's Riichi state ---

    def on_draw(self, state: TableState, event: Tsumo, passed: bool) -> None:
        """A draw ends swap-calling, and (EMA) the drawer's temporary furiten; the discard
        before it, let go by, makes the seats it completed furiten."""
        if passed:
            _passed(state)
        seat: RiichiSeat = state.round.seats[event["actor"]].extra
        if seat.kuikae:  # almost always empty: no new list at every draw
            seat.kuikae = []
        if self._furiten_ends_on_draw:
            seat.furiten_temporary = False

    def on_discard(self, state: TableState, event: Dahai) -> None:
        """A discard after riichi ends ippatsu; the riichi discard starts it; (Tenhou) one's
        own discard ends temporary furiten. The seats it completes are noted."""
        seats = state.round.seats
        seat: RiichiSeat = seats[event["actor"]].extra
        if seat.kuikae:
            seat.kuikae = []
        if seat.riichi:
            seat.ippatsu = False
        if seat.riichi_pending:
            seat.ippatsu = True
        if not self._furiten_ends_on_draw:
            seat.furiten_temporary = False
        waiting = event.get("mjk_waiting")
        if waiting:
            for other in waiting:
                seats[other].extra.waiting_on_discard = True
            state.round.extra.someone_waiting = True

    def on_win_passed(self, state: TableState, seat: int) -> None:
        """A win passed up: temporary furiten, and after riichi for the rest of the hand."""
        own: RiichiSeat = state.round.seats[seat].extra
        own.furiten_temporary = True
        if own.riichi:
            own.furiten_riichi = True

    def on_call(self, state: TableState, event: Call) -> None:
        """A call ends every ippatsu, and where the rules say so temporary furiten; the caller
        may not swap-call."""
        _passed(state)
        caller = event["actor"]
        for index, other in enumerate(state.round.seats):
            seat: RiichiSeat = other.extra
            seat.ippatsu = False
            if self.furiten_cleared_by_call(caller, index):
                seat.furiten_temporary = False
        state.round.seats[caller].extra.kuikae = list(event["mjk_kuikae"])

    def on_kong_stands(self, state: TableState) -> None:
        """A kong that stands ends every ippatsu."""
        for other in state.round.seats:
            other.extra.ippatsu = False

    def on_kita_stands(self, state: TableState) -> None:
        """A North set aside that nobody won on ends every ippatsu, as a kong does
        (riichi.wiki, Sanma; ``docs/three-player.md``)."""
        self.on_kong_stands(state)

    # --- calls ---

    def may_claim(self, view: TableView, seat: int, tile: int) -> bool:
        """No call after riichi."""
        own: RiichiSeat = view.round.seats[seat].extra
        return not own.riichi

    def kuikae_after_call(self, action: Action) -> list[int]:
        """Swap-calling: the called kind, and for a chow the kind at its other end."""
        if self.rules.swap_calling or action.tile is None:
            return []
        kind = action.tile // 4
        forbidden = [kind]
        if action.type == A.CHI:
            others = sorted(t // 4 for t in action.consumed)
            if others[0] == kind + 1 and (kind + 3) % 9 > kind % 9 and kind % 9 <= 5:
                forbidden.append(kind + 3)
            if others[1] == kind - 1 and kind % 9 >= 3:
                forbidden.append(kind - 3)
        return forbidden

    def chi_allowed(self, view: TableView, seat: int, tile: int, consumed: tuple[int, ...]) -> bool:
        """A chow must leave some tile that may be discarded."""
        hand = view.round.seats[seat].hand
        if len(hand) - len(consumed) > 8:
            # Swap-calling forbids two kinds at most, four tiles each: more than eight tiles
            # kept always leave one to discard (the usual case, settled without a list).
            return True
        action = Action(A.CHI, seat, tile, consumed)
        forbidden = set(self.kuikae_after_call(action))
        rest = list(hand)
        for t in consumed:
            rest.remove(t)
        return any(t // 4 not in forbidden for t in rest)

    def liability(self, view: TableView, action: Action, discarder: int) -> int | None:
        """Feeding the third dragon or fourth wind set (R-48)."""
        if action.type not in (A.PON, A.KAN) or action.tile is None:
            return None
        kind = action.tile // 4
        state = view.round.seats[action.seat]
        for group in (DRAGONS, WINDS):
            if kind in group:
                have = sum(
                    1 for m in state.melds if m.kind is not MeldKind.CHOW and m.kind_id() in group
                )
                if have == len(group) - 1:
                    return discarder
        return None

    def may_rob_concealed(self, view: TableView, seat: int, tile: int) -> bool:
        """Thirteen Orphans, and only it, may rob a concealed kong where the rules allow (R-19)."""
        return self.rules.thirteen_orphans_rob_concealed_kong and self.completes_thirteen_orphans(
            view, seat, tile
        )

    def kong_indicator_at_once(self, kind: str) -> bool:
        """Kan dora: at once, or (Tenhou) after the next discard for open and added kongs."""
        if kind == "concealed":
            return True
        return self.rules.kan_dora_timing == "immediate"

    def abort_after_discard(self, view: TableView) -> str | None:
        """Four winds, four riichi and four kongs, where the rules have them."""
        rnd = view.round
        seats = rnd.seats
        if (
            self._four_winds
            and rnd.first_go_around
            and all(len(s.discards) == 1 and not s.melds for s in seats)
        ):
            kinds = {s.discards[0] // 4 for s in seats}
            if len(kinds) == 1 and next(iter(kinds)) in WINDS:
                return "sufonrenda"
        # The first seat not in riichi settles most discards without a generator.
        if self._four_riichi and seats[0].extra.riichi and all(s.extra.riichi for s in seats):
            return "suchareach"
        if self._four_kongs and rnd.kongs == 4:
            owners = {i for i, s in enumerate(seats) for m in s.melds if m.kind.is_kong}
            if len(owners) > 1:
                return "sukaikan"
        return None

    # --- ends of rounds ---

    def tenpai(self, view: TableView, seat: int) -> bool:
        """Ready with a wait that is not wholly in one's own hand and melds."""
        state = view.round.seats[seat]
        facts = view.hand_facts(seat)
        held = list(facts.counts)
        for meld in state.melds:
            for t in meld.tiles:
                held[t // 4] += 1
        return any(held[k] < 4 for k in facts.waits)

    def nagashi(self, view: TableView, seat: int) -> bool:
        """Only terminals and honours discarded, none of them claimed; where the rules say so,
        a concealed hand (R-33)."""
        state = view.round.seats[seat]
        concealed = all(m.kind is MeldKind.CONCEALED_KONG for m in state.melds)
        return (
            bool(state.discards)
            and all(is_terminal_or_honor(t // 4) for t in state.discards)
            and not any(state.claimed)
            and (concealed or not self.rules.nagashi_mangan_concealed_only)
        )

    def exhaustive_draw(self, view: TableView) -> Ryukyoku:
        """Nagashi mangan where the rules have it, else ready and not-ready payments."""
        rnd = view.round
        players = self.players
        tenpai = [s for s in range(players) if self.tenpai(view, s)]
        deltas = [0] * players
        nagashi = (
            [s for s in range(players) if self.nagashi(view, s)]
            if self.rules.nagashi_mangan
            else []
        )
        if nagashi:
            collects = self.rules.nagashi_mangan_collects
            counter = self.rules.honba_per_payer * rnd.honba if collects else 0
            # Three players: the missing seat's share lost, or split (missing_seat_share).
            split = self.rules.missing_seat_share == "split" and players < len(WINDS)
            for seat in nagashi:
                dealer = seat == rnd.dealer
                for payer in range(players):
                    if payer == seat:
                        continue
                    if split:
                        share = share_with_missing(MANGAN, dealer, payer == rnd.dealer)
                    else:
                        share = 4000 if dealer or payer == rnd.dealer else 2000
                    amount = share + counter
                    deltas[payer] -= amount
                    deltas[seat] += amount
            taken = collects and rnd.deposits > 0
            if taken:
                # Several claimants: the deposits go to the first in turn order from the dealer.
                deltas[nagashi[0]] += rnd.deposits * self.riichi_deposit
            return {
                "type": "ryukyoku",
                "reason": "nagashimangan",
                "deltas": deltas,
                "scores": [],
                "tenpai": tenpai,
                "nagashi": nagashi,
                "mjk_deposits_taken": taken,
            }
        if 0 < len(tenpai) < players:
            paid = self.rules.tenpai_payment
            gain = paid // len(tenpai)
            loss = paid // (players - len(tenpai))
            for seat in range(players):
                deltas[seat] = gain if seat in tenpai else -loss
        return {
            "type": "ryukyoku",
            "reason": "exhaustive",
            "deltas": deltas,
            "scores": [],
            "tenpai": tenpai,
        }

    def next_round(self, view: TableView) -> tuple[int, int, int, int] | None:
        """Dealer repeats on a dealer win, a ready dealer at a draw, an abortive draw."""
        rnd = view.round
        result = rnd.result or {}
        dealer_keeps = (
            rnd.dealer in result.get("winners", [])
            or result.get("kind") == "abort"
            or (result.get("kind") == "exhaustive" and rnd.dealer in result.get("tenpai", []))
        )
        honba = rnd.honba + 1 if dealer_keeps or result.get("kind") != "win" else 0
        if self.rules.bust and min(view.scores) < 0:
            return None
        length = self.rules.game_length
        index = rnd.round_wind * self.players + rnd.hand_number
        if not dealer_keeps:
            index += 1
        last = length * self.players
        if index >= last:
            if not self.rules.extension or index >= (length + 1) * self.players:
                return None
            # Sudden death: the game ends once somebody reaches the return score, unless the
            # dealer keeps the deal (Tenhou: the dealer's repeat comes first).
            if not dealer_keeps and max(view.scores) >= self.rules.return_points:
                return None
        if dealer_keeps and index >= last - 1 and self._dealer_stops(view):
            return None
        wind, number = divmod(index, self.players)
        return wind, number, number, honba

    def _dealer_stops(self, view: TableView) -> bool:
        """Agari-yame and tenpai-yame: the dealer of the last hand (or of a hand of the
        extension) who wins it, or is ready at its exhaustive draw, ends the game in first
        place. First place is the one :meth:`final_result` gives before the leftover deposits
        (ties by seat order, or shared: then nobody is first alone); where the game extends
        until somebody reaches the return score, the dealer must have it too."""
        rnd = view.round
        result = rnd.result or {}
        won = rnd.dealer in result.get("winners", [])
        ready = result.get("kind") == "exhaustive" and rnd.dealer in result.get("tenpai", [])
        if not ((won and self.rules.agari_yame) or (ready and self.rules.tenpai_yame)):
            return False
        scores = list(view.scores)
        top = max(scores)
        if scores[rnd.dealer] != top:
            return False
        if self.rules.extension and top < self.rules.return_points:
            return False
        if self.rules.tied_placements == "seat_order":
            return scores.index(top) == rnd.dealer
        return scores.count(top) == 1

    def final_result(self, view: TableView) -> dict[str, Any]:
        """Final ranks; leftover deposits and uma per the rules."""
        players = self.players
        scores = list(view.scores)
        order = sorted(range(players), key=lambda s: (-scores[s], s))
        leftover = view.round.deposits * self.riichi_deposit
        if leftover and self.rules.leftover_deposits != "lost":
            scores[order[0]] += leftover
        uma = list(self.rules.uma)
        target = self.rules.return_points
        start = self.starting_scores()[0]
        oka = (target - start) * players
        bonus = [
            (uma[rank] if rank < len(uma) else 0) + (oka if rank == 0 else 0)
            for rank in range(players)
        ]
        final = []
        for rank, seat in enumerate(order):
            tied = [r for r, s in enumerate(order) if scores[s] == scores[seat]]
            if self.rules.tied_placements == "split" and len(tied) > 1:
                # Tied players share their placements' uma and oka equally, and the best rank.
                share, place = sum(bonus[r] for r in tied) / len(tied), tied[0]
            else:
                share, place = bonus[rank], rank
            value = scores[seat] - target + share
            final.append(
                {"seat": seat, "rank": place + 1, "points": scores[seat], "result": value / 1000}
            )
        return {"scores": scores, "mjk_ranking": final}
