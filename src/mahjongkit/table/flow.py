"""The variant hooks of the table: what differs between Riichi, Hong Kong and Sichuan play.

The engine (:mod:`mahjongkit.game.engine`) owns the mechanics every variant shares: the wall,
draws, discards, claim windows and their priority, kongs and replacement draws, robbing a kong,
and folding events into state. A :class:`Flow` answers the rule questions: which tiles, who may
win or claim what, who wins on a shared discard, what a win or a draw pays, what comes next.
Each variant subclasses it in ``variants/<name>/flow.py`` and its registry record
(:class:`~mahjongkit.variants.base.Variant`) names the subclass.

Hooks read a :class:`~mahjongkit.table.view.TableView` and never change it: those that make
something happen return or yield events, which the engine folds (one at a time, so that a hook
yielding several sees the effect of each) and records.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from mahjongkit.errors import IllegalActionError
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld
from mahjongkit.scoring import Score, Win
from mahjongkit.shapes import RIICHI, HandShape, shanten, thirteen_orphans, waits
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Event, Ryukyoku
from mahjongkit.table.state import TableState
from mahjongkit.table.view import MeldView, TableView
from mahjongkit.tiles import Tile, counts_of_ids


class TableRules(Protocol):
    """What the engine reads of every variant's rules (the rest is the variant's own)."""

    @property
    def players(self) -> int:
        """Seats at the table (0..players-1; seat 0 deals first)."""


R = TypeVar("R", bound=TableRules)
"""The variant's rules: a frozen dataclass read by typed attributes."""

Fold = Callable[[TableState, Any], None]
"""How an event a variant adds changes the state (the engine folds the shared ones)."""

count_kinds = counts_of_ids
"""34-entry kind counts of physical ids (kept under its table name)."""


@dataclass(frozen=True, slots=True)
class WinClaim:
    """A seat's claim to win on a tile: by self-draw (no discarder), on a discard, or on the
    tile of a kong it robs (the konger is then the discarder)."""

    seat: int
    tile: int
    discarder: int | None = None
    robbing: bool = False

    @property
    def self_draw(self) -> bool:
        """Whether the winner drew the tile."""
        return self.discarder is None


class HandFacts(NamedTuple):
    """What the claim and win checks read of one seat's hand, kept until the hand changes.

    A named tuple: made at every change of a hand, so it must be cheap to make."""

    tiles: list[int]
    """The hand the facts are of (a copy, compared with the hand to see whether it changed)."""
    melds: int
    shape: HandShape
    counts: list[int]
    """Tiles held per kind (34 entries; bonus tiles are not counted)."""
    size: int
    """Tiles held, bonus tiles not counted."""
    waits: frozenset[int]
    """The kinds that complete the hand (empty unless it is a ready hand of 13 - 3n tiles)."""
    drawn_completes: bool | None = None
    """For a hand that has just drawn: whether the drawn tile completes it (None: not known)."""
    floor: int = -1
    """A lower bound of the hand's shanten (its value when ``exact``). A draw lowers shanten by
    one at most and a discard never lowers it, so a hand two away from ready is known to have
    no waits after its next discard without working them out."""
    exact: bool = False
    """Whether ``floor`` is the hand's shanten itself."""


_WAITS_MEMO_SIZE = 4096
"""Hands whose waits are remembered across seats and games (a replay meets the same hands
again); the memo is emptied when full, so it never holds more."""
_WAITS_MEMO: dict[tuple[bytes, int, HandShape], tuple[int, frozenset[int]]] = {}
"""The shanten and waits of a hand by its counts, melds and shape: a pure function, shared by
every flow (a new game starts with what earlier games worked out)."""


class Flow(ABC, Generic[R]):
    """Default hooks; each variant overrides what its rules change (and must give its tiles,
    its scorer and the course of its game)."""

    variant = ""
    dead_wall = 0
    """Tiles kept apart at the end of the wall (Riichi's 14)."""
    chow_allowed = True
    bonus_tiles = False
    first_indicators = 0
    """Dora indicators shown at the start of a round."""
    max_kongs = 99
    takes_deposits = False
    """Whether the first winner collects the deposits on the table (Riichi)."""
    kong_indicators = True
    """Whether a kong turns a new dora indicator (where there are indicators at all)."""
    riichi_deposit = 1000
    calls_on_last_discard: tuple[str, ...] = ()
    """The calls other than a win allowed on the discard after the last wall tile."""
    pond_furiten = False
    """Whether a wait among one's own discards forbids winning on a discard (Riichi's furiten);
    without it the only bar to a discard win is one passed up (:meth:`furiten`)."""

    folds: ClassVar[Mapping[str, Fold]] = {}
    """The variant's own events and how each changes the state."""
    shape_by_seat: ClassVar[bool] = False
    """Whether :meth:`shape` depends on the seat and the moment (Sichuan's missing suit), or
    only on the rules, so that it can be asked once. A subclass that overrides :meth:`shape`
    is taken to depend on the seat unless it says otherwise."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "shape" in cls.__dict__ and "shape_by_seat" not in cls.__dict__:
            cls.shape_by_seat = True

    def __init__(self, rules: R) -> None:
        self.rules = rules
        self._facts: dict[int, HandFacts] = {}
        self._shape: HandShape | None = None

    # --- the set and the seats ---

    @property
    def players(self) -> int:
        """Number of seats (a field of the rules, never a literal)."""
        return self.rules.players

    @abstractmethod
    def tiles(self) -> list[int]:
        """The physical ids the wall is made of."""

    def red(self, tile_id: int) -> bool:
        """Whether a physical tile is a red five under these rules."""
        return False

    def tile(self, tile_id: int) -> Tile:
        """The tile value of a physical id."""
        return Tile.from_id(tile_id, red_fives=self.red(tile_id))

    def starting_scores(self) -> list[int]:
        """Each seat's score at the start of the game."""
        return [0] * self.players

    # --- hands ---

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
        if tile is not None:
            return tile // 4 in self.hand_facts(view, seat).waits
        facts = self.hand_facts(view, seat)
        drawn = view.round.seats[seat].drawn
        if facts.drawn_completes is not None and drawn == facts.tiles[-1]:
            return facts.drawn_completes
        if drawn is not None and drawn < 136 and facts.size % 3 == 2:
            # Complete with the drawn tile exactly when it is a wait of the hand before the draw:
            # those waits were already needed to check claims on the other seats' discards.
            before = list(facts.counts)
            before[drawn // 4] -= 1
            return drawn // 4 in self.waits_of_counts(before, facts.melds, facts.shape)
        return shanten(facts.counts, facts.melds, facts.shape) == -1

    def waits_of(self, view: TableView, seat: int) -> frozenset[int]:
        """The kinds that would complete this seat's waiting hand."""
        return self.hand_facts(view, seat).waits

    def hand_facts(self, view: TableView, seat: int) -> HandFacts:
        """Counts and waits of this seat's hand, computed once for each hand the seat holds."""
        state = view.round.seats[seat]
        facts = self._facts.get(seat)
        shape = self._shape
        if (
            facts is not None
            and facts.shape is shape  # never when the shape is asked seat by seat (None)
            and facts.tiles == state.hand
            and facts.melds == len(state.melds)
        ):
            return facts  # the usual case: a fixed shape, an unchanged hand
        if shape is None:
            shape = self.shape(view, seat)
            if not self.shape_by_seat:
                self._shape = shape
        melds = len(state.melds)
        if (
            facts is not None
            and facts.tiles == state.hand
            and facts.melds == melds
            and (facts.shape is shape or facts.shape == shape)
        ):
            return facts
        hand = state.hand
        counts = None
        completes: bool | None = None
        floor, exact = -1, False
        if facts is not None and facts.melds == melds:
            # A draw adds one tile at the end of the hand, a discard takes one out: the counts
            # follow from the facts kept, without counting the hand again.
            kept = facts.tiles
            if len(hand) == len(kept) + 1 and hand[-1] == state.drawn and hand[:-1] == kept:
                counts, size, tile = list(facts.counts), facts.size, hand[-1]
                if tile < 136:
                    counts[tile >> 2] += 1
                    size += 1
                    floor = max(facts.floor - 1, -1)
                    if facts.size % 3 == 1 and (facts.shape is shape or facts.shape == shape):
                        # Complete exactly when the drawn kind is a wait of the hand before.
                        completes = tile >> 2 in facts.waits
                else:
                    floor, exact = facts.floor, facts.exact  # a bonus tile counts for nothing
            elif len(hand) + 1 == len(kept) and state.discards:
                tile = state.discards[-1]
                if tile < 136 and tile in kept:
                    rest = list(kept)
                    rest.remove(tile)
                    if rest == hand:
                        counts, size = list(facts.counts), facts.size - 1
                        counts[tile >> 2] -= 1
                        floor = facts.floor
            if facts.shape is not shape and facts.shape != shape:
                floor, exact = -1, False
        if counts is None:
            counts = count_kinds(hand)
            size = sum(counts)
        if size % 3 != 1 or floor >= 1:
            found: frozenset[int] = frozenset()  # not a ready hand: no waits
        else:
            floor, found = self.ready_of_counts(counts, melds, shape)
            exact = True
        facts = HandFacts(list(hand), melds, shape, counts, size, found, completes, floor, exact)
        self._facts[seat] = facts
        return facts

    def shanten_of(self, view: TableView, seat: int) -> int:
        """The shanten of the seat's hand (by its shape), kept with its hand facts."""
        facts = self.hand_facts(view, seat)
        if facts.exact:
            return facts.floor
        value = shanten(facts.counts, facts.melds, facts.shape)
        self._facts[seat] = facts._replace(floor=value, exact=True)
        return value

    def waits_of_counts(self, counts: list[int], melds: int, shape: HandShape) -> frozenset[int]:
        """The waits of a hand given by its kind counts (memoised: claim checks, self-draws and
        riichi declarations meet the same hands again)."""
        return self.ready_of_counts(counts, melds, shape)[1]

    def ready_of_counts(
        self, counts: list[int], melds: int, shape: HandShape
    ) -> tuple[int, frozenset[int]]:
        """The shanten and the waits of a hand of ``13 - 3 * melds`` tiles, memoised."""
        key = (bytes(counts), melds, shape)
        found = _WAITS_MEMO.get(key)
        if found is None:
            if len(_WAITS_MEMO) >= _WAITS_MEMO_SIZE:
                _WAITS_MEMO.clear()
            value = shanten(counts, melds, shape)
            ready = frozenset(waits(counts, melds, shape) if value == 0 else ())
            found = _WAITS_MEMO[key] = (value, ready)
        return found

    # --- wins ---

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
            robbing_kong=robbing,
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

    @abstractmethod
    def score(self, win: Win) -> Score:
        """The variant scorer."""

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

    def extra_win_deltas(self, view: TableView, claim: WinClaim, first: bool) -> list[int]:
        """Money a win moves besides its own payment (Sichuan's kong-money transfer)."""
        return [0] * self.players

    def bonus_win_possible(self, view: TableView, seat: int, tile: int) -> bool:
        """Whether drawing bonus tile ``tile`` may be a win by itself (Hong Kong's seven or
        eight bonus tiles); if so the seat is asked instead of the tile being set aside."""
        return False

    def furiten(self, view: TableView, seat: int) -> bool:
        """Whether this seat may not win on a discard now."""
        return False

    def furiten_reason(self, view: TableView, seat: int) -> str | None:
        """Why this seat is furiten now, in words (None when it is not)."""
        return "it passed up a win since its last turn" if self.furiten(view, seat) else None

    def why_refused(self, view: TableView, action: Action) -> tuple[str, str] | None:
        """Why the variant's own rules refuse ``action``, which is not legal now, and the rule
        (its id or option): a declaration or a discard they forbid. None leaves the reason to
        the generic checks (turn, phase, the hand's tiles). The reason may be a
        :class:`~mahjongkit.i18n.Sentence`, which a surface says in its reader's language."""
        return None

    def furiten_on_passed_wait(self) -> bool:
        """Whether a discard that completes a seat's shape and is not won on makes that seat
        furiten (Riichi), or only a win offered and passed up does (every seat the engine asks)."""
        return False

    def furiten_cleared_by_call(self, caller: int, seat: int) -> bool:
        """Whether a call by ``caller`` ends ``seat``'s temporary furiten."""
        return False

    def furiten_ends_on_draw(self) -> bool:
        """Temporary furiten ends on the player's draw (else on the player's discard)."""
        return True

    def ron_winners(
        self, view: TableView, claimants: list[int], discarder: int
    ) -> list[int] | None:
        """Who wins when several seats win on one discard (nearest first); None aborts."""
        return claimants[:1]

    def deltas(self, view: TableView, score: Score, seat: int) -> list[int]:
        """A win's score changes as a list indexed by absolute seat."""
        rnd = view.round
        out = [0] * self.players
        for relative, delta in score.payments.items():
            out[(relative + rnd.dealer) % self.players] += delta
        return out

    # --- claims and discards ---

    def may_claim(self, view: TableView, seat: int, tile: int) -> bool:
        """Whether this seat may call (chow, pung, kong) this tile at all."""
        return True

    def allowed_discards(self, view: TableView, seat: int) -> list[int]:
        """The physical tiles this seat may discard now."""
        state = view.round.seats[seat]
        return [t for t in state.hand if t // 4 not in state.kuikae]

    def turn_declarations(self, view: TableView, seat: int) -> list[Action]:
        """Extra actions on one's turn (riichi, abortive draws)."""
        return []

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
        """Kinds the caller may not discard right after this call."""
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
        counts = count_kinds(view.round.seats[seat].hand)
        counts[tile // 4] += 1
        return not view.round.seats[seat].melds and thirteen_orphans(counts)

    def double_riichi_now(self, view: TableView, seat: int) -> bool:
        """Whether a riichi declared now is a double riichi."""
        return False

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

    def setup_actions(self, view: TableView, seat: int) -> list[Action]:
        """Actions of the set-up phases (Sichuan's exchange and missing suit)."""
        return []

    def play_setup(self, view: TableView, action: Action) -> Iterator[Event]:
        """The events of a set-up action (only variants with set-up phases have any).

        When the phase they lead to is the turn, the engine deals the dealer's first draw.
        """
        raise IllegalActionError(f"{self.variant} has no set-up phase for {action.type}")

    # --- the course of a round ---

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

    @abstractmethod
    def next_round(self, view: TableView) -> tuple[int, int, int, int] | None:
        """(round wind, hand number, dealer, honba) of the next round, or None at the end."""

    def final_result(self, view: TableView) -> dict[str, Any]:
        """The ``end_game`` event's extra fields (ranks, uma)."""
        return {}
