"""The hooks a family may answer, each with the answer of a family without that rule.

:class:`~mahjongkit.table.flow.Flow` is what a family's author reads: what it declares and the
three hooks it must write. The rest are here, grouped as there (the set, claims, wins and
money, the course of a round, set-up); a family overrides the few its rules change.

Hooks read a :class:`~mahjongkit.table.view.TableView` and never change it: those that make
something happen return or yield events, which the engine folds (one at a time, so that a hook
yielding several sees the effect of each) and records. The fold hooks (``on_*``) are the one
exception: the engine's fold calls them to keep the family's own state (its ``SeatExtra`` and
``RoundExtra``) as a shared event changes the table.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from mahjongkit.errors import IllegalActionError
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld
from mahjongkit.scoring import PaymentLine, Score, Win
from mahjongkit.shapes import RIICHI, HandShape, thirteen_orphans
from mahjongkit.table import view as table_view
from mahjongkit.table.actions import Action
from mahjongkit.table.events import (
    Call,
    Dahai,
    Event,
    Hora,
    JsonEvent,
    Payment,
    Ryukyoku,
    Tsumo,
)
from mahjongkit.table.state import TableState
from mahjongkit.table.turn import TURN_HOOKS, TurnHooks, is_complete_with
from mahjongkit.table.view import MeldView, TableView
from mahjongkit.tiles import Tile, counts_of_ids
from mahjongkit.valueclass import dataclass


class TableRules(Protocol):
    """What the engine reads of every variant's rules (the rest is the variant's own)."""

    @property
    def players(self) -> int:
        """Seats at the table (0..players-1; seat 0 deals first)."""


R = TypeVar("R", bound=TableRules)
"""The variant's rules: a frozen dataclass read by typed attributes."""

Fold = Callable[[TableState, Any], None]
"""How an event a variant adds changes the state (the engine folds the shared ones)."""


@dataclass(frozen=True, slots=True)
class WinClaim:
    """A seat's claim to win on a tile: by self-draw (no discarder), on a discard, or on the
    tile of a kong it robs (the konger is then the discarder)."""

    seat: int
    tile: int
    discarder: int | None = None
    robbing: bool = False
    set_aside: bool = False
    """The tile robbed was set aside (a North, kita), not added to a kong: won on as a kong's
    tile is, without the robbing yaku."""

    @property
    def self_draw(self) -> bool:
        """Whether the winner drew the tile."""
        return self.discarder is None


SKIPPED_WHEN_DEFAULT = (
    "on_draw",
    "on_discard",
    "on_win_passed",
    "on_call",
    "on_kong_stands",
    "on_kita_stands",
    "on_win",
    "on_payment",
    "declaration_stands",
    "abort_after_discard",
)
"""The hooks whose defaults do nothing (no state kept, no event, no abortive draw), asked at
most turns: the engine calls them only for a family that writes them
(:meth:`Defaults.writes`)."""


class Defaults(ABC, Generic[R]):
    """Every hook a family may answer, with the answer of a family without that rule."""

    # --- the set ---

    variant = ""
    dead_wall = 0
    """Tiles kept apart at the end of the wall (Riichi's 14)."""
    bonus_tiles = False
    """Whether flowers and seasons are dealt, set aside and replaced."""
    first_indicators = 0
    """Dora indicators shown at the start of a round."""
    kong_indicators = True
    """Whether a kong turns a new dora indicator (where there are indicators at all)."""

    def __init__(self, rules: R) -> None:
        self.rules = rules

    def writes(self, hook: str) -> bool:
        """Whether this family writes ``hook`` itself rather than keeping the default.

        The engine asks it once per game of each hook of :data:`SKIPPED_WHEN_DEFAULT`, whose
        defaults do nothing, and then calls only those a family writes (a hook set on an
        instance afterwards is not seen)."""
        return getattr(type(self), hook) is not getattr(Defaults, hook)

    @property
    def players(self) -> int:
        """Number of seats (a field of the rules, never a literal)."""
        return self.rules.players

    def red(self, tile_id: int) -> bool:
        """Whether a physical tile is a red five under these rules."""
        return False

    def tile(self, tile_id: int) -> Tile:
        """The tile value of a physical id."""
        return Tile.from_id(tile_id, red_fives=self.red(tile_id))

    def starting_scores(self) -> list[int]:
        """Each seat's score at the start of the game."""
        return [0] * self.players

    shape_by_seat: ClassVar[bool] = False
    """Whether :meth:`shape` depends on the seat and the moment (Sichuan's missing suit), or
    only on the rules, so that it is asked once: a family whose shape follows the seat
    declares it."""

    def shape(self, view: TableView, seat: int) -> HandShape:
        """The complete shapes this seat's hand may take."""
        return RIICHI

    def meld(self, meld: MeldView, dealer: int = 0) -> Meld:
        """A table meld as a scoring meld, its source seat counted from the dealer (East)."""
        source = None if meld.from_seat is None else (meld.from_seat - dealer) % self.players
        return Meld(meld.kind, tuple(self.tile(t) for t in meld.tiles), source)

    def hand(self, view: TableView, seat: int, extra: int | None = None) -> Hand:
        """The seat's hand as a scoring hand (``extra``: a claimed tile added to it).

        Scorers see seats as winds (East = 0 = the dealer), so seats are counted from the dealer.
        """
        state = view.round.seats[seat]
        tiles = [t for t in (*state.hand, *([extra] if extra is not None else [])) if t < 136]
        dealer = view.round.dealer
        return Hand(
            tuple(self.tile(t) for t in tiles),
            tuple(self.meld(m, dealer) for m in state.melds),
        )

    def is_complete_with(self, view: TableView, seat: int, tile: int | None) -> bool:
        """A cheap shape test before scoring: the hand as it is (a self-draw), or with a
        claimed ``tile`` (one of its waits)."""
        return is_complete_with(view, seat, tile)

    # --- claims ---

    chow_allowed = True
    max_kongs = 99
    calls_on_last_discard: tuple[str, ...] = ()
    """The calls other than a win allowed on the discard after the last wall tile."""
    pond_furiten = False
    """Whether a wait among one's own discards forbids winning on a discard (Riichi's furiten);
    without it the only bar to a discard win is one passed up (:meth:`furiten`)."""

    def furiten(self, view: TableView, seat: int) -> bool:
        """Whether this seat may not win on a discard now."""
        return False

    def furiten_reason(self, view: TableView, seat: int) -> str | None:
        """Why this seat is furiten now, in words (None when it is not)."""
        return "it passed up a win since its last turn" if self.furiten(view, seat) else None

    def furiten_on_passed_wait(self) -> bool:
        """Whether a discard that completes a seat's shape and is not won on makes that seat
        furiten (Riichi), or only a win offered and passed up does (every seat the engine asks):
        the engine then names the seats it completes in its ``dahai`` event (``mjk_waiting``).
        A question of the rules alone: the engine asks it once per game."""
        return False

    def why_refused(self, view: TableView, action: Action) -> tuple[str, str] | None:
        """Why the variant's own rules refuse ``action``, which is not legal now, and the rule
        (its id or option): a declaration or a discard they forbid. None leaves the reason to
        the generic checks (turn, phase, the hand's tiles). The reason may be a
        :class:`~mahjongkit.i18n.Sentence`, which a surface says in its reader's language."""
        return None

    def may_claim(self, view: TableView, seat: int, tile: int) -> bool:
        """Whether this seat may call (chow, pung, kong) this tile at all."""
        return True

    def allowed_discards(self, view: TableView, seat: int) -> list[int]:
        """The physical tiles this seat may discard now."""
        return list(view.round.seats[seat].hand)

    def turn_declarations(self, view: TableView, seat: int) -> list[Action]:
        """Extra actions on one's turn (riichi, abortive draws)."""
        return []

    def turn_hooks(self) -> tuple[TurnHooks, type[Defaults[Any]]]:
        """The family's turn hooks (:data:`~mahjongkit.table.turn.TURN_HOOKS`) as one compiled
        object, and the flow class whose Python hooks it answers as. A family with turn rules
        of its own returns its ``flow_turn`` subclass of
        :class:`~mahjongkit.table.turn.TurnHooks`, and its class."""
        return _DEFAULT_TURN, Defaults

    def compiled_turn(self) -> TurnHooks | None:
        """What the engine asks at each turn instead of the turn hooks: :meth:`turn_hooks`'
        object while this flow answers every one of them as the class it names does; None
        when a subclass or the instance overrides one (then the hooks are asked). The engine
        asks once per game (a hook set on an instance afterwards is not seen)."""
        hooks, owner = self.turn_hooks()
        kind = type(self)
        own = getattr(self, "__dict__", {})
        for name in TURN_HOOKS:
            if name in own or getattr(kind, name) is not getattr(owner, name):
                return None
        return hooks

    def concealed_kong_allowed(self, view: TableView, seat: int, kind: int) -> bool:
        """Whether a concealed kong of ``kind`` is allowed now (riichi restrictions)."""
        return True

    def may_add_kong(self, view: TableView, seat: int, tile: int) -> bool:
        """Whether ``tile`` may be added to this seat's pung now."""
        return True

    def chi_allowed(self, view: TableView, seat: int, tile: int, consumed: tuple[int, ...]) -> bool:
        """Whether this chow leaves a legal discard (swap-calling rules)."""
        return True

    def kuikae_after_call(self, action: Action) -> list[int]:
        """Kinds the caller may not discard right after this call (the call's
        ``mjk_kuikae``)."""
        return []

    def liability(self, view: TableView, action: Action, discarder: int) -> int | None:
        """The seat made liable by feeding this call, if any."""
        return None

    def may_rob_concealed(self, view: TableView, seat: int, tile: int) -> bool:
        """Whether this seat may rob a concealed kong of ``tile``: never, unless the rules let
        Thirteen Orphans do it (R-19) and the tile completes this seat's Thirteen Orphans."""
        return False

    def completes_thirteen_orphans(self, view: TableView, seat: int, tile: int) -> bool:
        """Whether ``tile`` completes this seat's Thirteen Orphans."""
        counts = counts_of_ids(view.round.seats[seat].hand)
        counts[tile // 4] += 1
        return not view.round.seats[seat].melds and thirteen_orphans(counts)

    def ron_winners(self, view: TableView, claimants: list[int], discarder: int) -> list[int] | str:
        """Who wins when several seats win on one discard (nearest first), or the reason of
        the abortive draw they cause instead (on a robbed kong, the nearest then wins)."""
        return claimants[:1]

    # --- wins and money ---

    takes_deposits = False
    """Whether the first winner collects the deposits on the table (Riichi)."""

    @abstractmethod
    def score(self, win: Win) -> Score:
        """The variant scorer (see :meth:`~mahjongkit.table.flow.Flow.score`)."""

    def make_win(self, view: TableView, claim: WinClaim) -> Win:
        """The scorer's view of a win at this moment of the game."""
        rnd = view.round
        seat, tile, from_seat = claim.seat, claim.tile, claim.discarder
        self_draw, robbing = claim.self_draw, claim.robbing
        hand = self.hand(view, seat, None if self_draw else tile)
        last_tile = view.live_remaining() == 0
        return Win(
            hand=hand,
            win_tile=self.tile(tile),
            self_draw=self_draw,
            seat=(seat - rnd.dealer) % self.players,
            from_seat=None if from_seat is None else (from_seat - rnd.dealer) % self.players,
            round_wind=rnd.round_wind,
            after_kong=self_draw and rnd.after_kong,
            second_kong=self_draw and rnd.after_kong and rnd.consecutive_kongs >= 2,
            robbing_kong=robbing and not claim.set_aside,
            kong_discard=(not self_draw) and (not robbing) and rnd.kong_discard,
            last_tile=last_tile and not robbing,
            first_turn=self.first_turn_win(view, claim),
            flowers=tuple(
                self.tile(t) for t in [*rnd.seats[seat].flowers, *([tile] if tile >= 136 else [])]
            ),
            missing_suit=rnd.seats[seat].missing_suit,
            in_game=frozenset(
                (s - rnd.dealer) % self.players for s in range(self.players) if not rnd.seats[s].won
            ),
        )

    def first_turn_win(self, view: TableView, claim: WinClaim) -> bool:
        """A win in the first uninterrupted go-around."""
        rnd = view.round
        seat = claim.seat
        if not rnd.first_go_around:
            return False
        if claim.self_draw:
            return len(rnd.seats[seat].discards) == 0
        return len(rnd.seats[seat].discards) == 0 and not rnd.seats[seat].has_drawn

    def win_score(self, view: TableView, claim: WinClaim) -> Score | None:
        """The score if this claim may win now, else None."""
        tile = claim.tile
        if tile < 136 and not self.is_complete_with(
            view, claim.seat, None if claim.self_draw else tile
        ):
            return None
        score = self.score(self.make_win(view, claim))
        return score if score.valid else None

    def final_score(self, view: TableView, claim: WinClaim, first: bool) -> Score:
        """The score a win is paid by (``first``: the first of several winners on a discard)."""
        score = self.win_score(view, claim)
        assert score is not None, "the engine only settles wins it offered"
        return score

    def settled_kongs(self, view: TableView, claim: WinClaim, first: bool) -> list[int]:
        """The kongs (by number in the round) whose money this win hands over or refunds, so
        that it is not counted again later."""
        return []

    def extra_win_lines(self, view: TableView, claim: WinClaim, first: bool) -> list[PaymentLine]:
        """Money a win moves besides its own payment, in table seats (Sichuan's kong money
        handed to the winner or refunded): the engine adds it to the win's deltas and writes
        the lines in its ``hora`` as ``mjk_lines``, so that no reader works them out again."""
        return []

    def bonus_win_possible(self, view: TableView, seat: int, tile: int) -> bool:
        """Whether drawing bonus tile ``tile`` may be a win by itself (Hong Kong's seven or
        eight bonus tiles); if so the seat is asked instead of the tile being set aside."""
        return False

    def deltas(self, view: TableView, score: Score, seat: int) -> list[int]:
        """A win's score changes as a list indexed by absolute seat."""
        rnd = view.round
        out = [0] * self.players
        for relative, delta in score.payments.items():
            out[(relative + rnd.dealer) % self.players] += delta
        return out

    def shows_ura(self, view: TableView, seat: int) -> bool:
        """Whether this seat's win shows the tiles under the dora indicators (Riichi: a hand
        in riichi), in its ``hora`` event."""
        return False

    # --- the course of a round ---

    SeatExtra: ClassVar[type[table_view.SeatExtra]] = table_view.SeatExtra
    """The family's own state of each seat, made afresh for every round: a dataclass of its
    fields, subclassing :class:`~mahjongkit.table.view.SeatExtra`."""
    RoundExtra: ClassVar[type[table_view.RoundExtra]] = table_view.RoundExtra
    """The family's own state of the round (a :class:`~mahjongkit.table.view.RoundExtra`)."""
    folds: ClassVar[Mapping[str, Fold]] = {}
    """The variant's own events and how each changes the state."""

    def declare(self, view: TableView, action: Action) -> Iterable[Event]:
        """The events of a declaration made with a discard (Riichi's ``reach``), before the
        discard's own."""
        return ()

    def declaration_stands(self, view: TableView, seat: int) -> Iterable[Event]:
        """The events once ``seat``'s discard has gone by unwon (Riichi: a riichi declared
        with it stands, and its deposit is paid)."""
        return ()

    def recorded_decision(
        self, event: JsonEvent, following: Callable[[], JsonEvent]
    ) -> Action | None:
        """The player's decision that one of the family's own events of a log records, for
        :meth:`~mahjongkit.game.engine.Game.replay` (``following``: the log's next event, read
        when asked); None for an event that records none. Raises
        :class:`~mahjongkit.errors.IllegalActionError` where the log cannot be right."""
        return None

    def after_deal(self, view: TableView) -> Iterator[Event]:
        """What happens right after the deal (bonus tiles, the exchange phase); most variants
        go straight to the dealer's first draw, which the engine makes once the phase is the
        turn."""
        return iter(())

    def continues_after_win(self, view: TableView) -> bool:
        """Whether play goes on after a win (Sichuan's blood battle)."""
        return False

    def exhaustive_draw(self, view: TableView) -> Ryukyoku:
        """The ``ryukyoku`` event of a wall run dry, with its payments (``scores`` is filled
        in by the engine)."""
        return {
            "type": "ryukyoku",
            "reason": "exhaustive",
            "deltas": [0] * self.players,
            "scores": [],
        }

    def abort_after_discard(self, view: TableView) -> str | None:
        """An abortive draw caused by the discard that just passed (its reason), or None."""
        return None

    def kong_payments(
        self, view: TableView, seat: int, kind: str, fed_by: int | None, drawn_now: bool
    ) -> list[Event]:
        """``mjk:payment`` events for a kong (Sichuan's wind and rain)."""
        return []

    def kong_indicator_at_once(self, kind: str) -> bool:
        """Whether a kong's new dora indicator is shown at once (else after the next discard)."""
        return True

    def final_result(self, view: TableView) -> dict[str, Any]:
        """The ``end_game`` event's extra fields (ranks, uma)."""
        return {}

    # The fold hooks: the engine's fold of a shared event calls them, after its own part, to
    # keep the family's state (SeatExtra, RoundExtra). They change ``state`` and nothing else.

    def on_draw(self, state: TableState, event: Tsumo, passed: bool) -> None:
        """A seat drew (``passed``: the discard before went by unwon)."""

    def on_discard(self, state: TableState, event: Dahai) -> None:
        """A seat discarded."""

    def on_win_passed(self, state: TableState, seat: int) -> None:
        """``seat`` passed up a win it was offered."""

    def on_call(self, state: TableState, event: Call) -> None:
        """A seat called the discard (the discard went by unwon)."""

    def on_kong_stands(self, state: TableState) -> None:
        """A kong stands: it cannot be robbed, or was not."""

    def on_kita_stands(self, state: TableState) -> None:
        """A North set aside stands (three-player Riichi's kita): nobody won on it."""

    def on_win(self, state: TableState, event: Hora) -> None:
        """A seat won."""

    def on_payment(self, state: TableState, event: Payment) -> None:
        """Money moved outside a win or a draw (Sichuan's kong money)."""

    # --- set-up ---

    def setup_actions(self, view: TableView, seat: int) -> list[Action]:
        """Actions of the set-up phases (Sichuan's exchange and missing suit)."""
        return []

    def play_setup(self, view: TableView, action: Action) -> Iterator[Event]:
        """The events of a set-up action (only variants with set-up phases have any).

        When the phase they lead to is the turn, the engine deals the dealer's first draw.
        """
        raise IllegalActionError(f"{self.variant} has no set-up phase for {action.type}")


_DEFAULT_TURN = TurnHooks()
"""The turn hooks of a family that writes none (it keeps no state: one serves every flow)."""


def lines_json(lines: Iterable[PaymentLine]) -> list[dict[str, Any]]:
    """Payment lines as an event writes them: ``{"payer", "payee", "amount", "reason"}``, the
    seats as table seats (a family's pot, off the table, as it numbers it)."""
    return [
        {"payer": x.payer, "payee": x.payee, "amount": x.amount, "reason": x.reason} for x in lines
    ]


def lines_deltas(lines: Iterable[PaymentLine], players: int) -> list[int]:
    """What payment lines change, seat by seat (a party off the table changes nothing)."""
    deltas = [0] * players
    for line in lines:
        if 0 <= line.payer < players:
            deltas[line.payer] -= line.amount
        if 0 <= line.payee < players:
            deltas[line.payee] += line.amount
    return deltas
