"""What one seat may see: the only view of the game given to players, bots and surfaces.

A seat sees its own concealed tiles, everyone's melds, discards, bonus tiles and scores, the
dora indicators shown, the number of tiles left, and the events of the game with every hidden
part removed (other seats' draws and deals, the wall, private answers to a claim, whether an
added tile was just drawn). An :class:`Observation` is immutable: a bot that edits what it was
given gets an error, and the game is unchanged whatever it does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjongkit.shapes import HandShape
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import (
    ACTOR_ONLY_FIELDS,
    MASKED_FIELDS,
    PRIVATE_EVENTS,
    SECRET_FIELDS,
    Event,
    FrozenDict,
    FrozenList,
    Kind,
    frozen_event,
)
from mahjongkit.table.state import Phase, RoundState
from mahjongkit.table.view import MeldView, RoundView, SeatView, TableView
from mahjongkit.tiles import counts_of_ids
from mahjongkit.valueclass import dataclass

__all__ = [
    "PRIVATE_EVENTS",
    "PUBLIC",
    "SECRET_FIELDS",
    "MeldInfo",
    "Observation",
    "SeatInfo",
    "SeatInfos",
    "observe",
    "shown_missing_suit",
    "shown_phase",
    "thawed",
    "visible_event",
]


PUBLIC = -1
"""The observer who holds no seat (someone watching the table): it sees of every event what
every seat sees, and no concealed tile of any seat."""


def visible_event(event: Event, seat: int) -> Event | None:
    """The event as ``seat`` sees it (frozen), or None if it sees nothing of it
    (:data:`PUBLIC`: what every seat sees of it)."""
    kind = event["type"]
    mine = event.get("actor") == seat
    if kind in PRIVATE_EVENTS and not mine:
        return None
    hidden = SECRET_FIELDS.intersection(event)
    masked = () if mine else MASKED_FIELDS.get(kind, ())
    dropped = () if mine else ACTOR_ONLY_FIELDS.get(kind, ())
    if not hidden and not masked and not dropped and kind != Kind.START_KYOKU:
        return frozen_event(event)
    shown: dict[str, Any] = {k: v for k, v in event.items() if k not in hidden and k not in dropped}
    for name in masked:
        if name in shown:
            shown[name] = "?"
    if kind == Kind.START_KYOKU:
        shown["tehais"] = [
            hand if index == seat else ["?"] * len(hand)
            for index, hand in enumerate(event["tehais"])  # type: ignore[typeddict-item]
        ]
    return frozen_event(shown)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class MeldInfo:
    """A meld as every seat sees it."""

    kind: str
    tiles: tuple[int, ...]
    called: int | None
    from_seat: int | None

    @classmethod
    def of(cls, meld: MeldView) -> MeldInfo:
        """The public facts of a table meld."""
        return cls(meld.kind.value, tuple(sorted(meld.tiles)), meld.called, meld.from_seat)

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "tiles", "called", "from"}``."""
        return {
            "kind": self.kind,
            "tiles": list(self.tiles),
            "called": self.called,
            "from": self.from_seat,
        }


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the observer sees it: its own concealed tiles only if it is the observer."""

    melds: tuple[MeldInfo, ...]
    discards: tuple[int, ...]
    flowers: tuple[int, ...]
    riichi: bool
    won: bool
    hand_size: int
    missing_suit: int | None
    """Shown once every seat has declared (and always to the seat itself)."""
    hand: tuple[int, ...] | None = None
    """The concealed tiles, sorted (the observer's own seat only)."""
    drawn: int | None = None
    """The tile just drawn (the observer's own seat only)."""

    def to_json(self) -> dict[str, Any]:
        """The seat as JSON (``hand`` and ``drawn`` only for the observer's own seat)."""
        out: dict[str, Any] = {
            "melds": [m.to_json() for m in self.melds],
            "discards": list(self.discards),
            "flowers": list(self.flowers),
            A.RIICHI: self.riichi,  # the key is the declaration's own name
            "won": self.won,
            "hand_size": self.hand_size,
            "missing_suit": self.missing_suit,
        }
        if self.hand is not None:
            out["hand"] = list(self.hand)
            out["drawn"] = self.drawn
        return out


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one seat may know of the game now, and what it may do."""

    seat: int
    variant: str
    phase: str
    """The phase as this seat sees it: ``waiting`` while others answer a claim window."""
    turn: int
    dealer: int
    round_wind: int
    honba: int
    deposits: int
    scores: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    wall_remaining: int
    last_discard: int | None
    seats: tuple[SeatInfo, ...]
    legal_actions: tuple[Action, ...]
    events: tuple[Event, ...]
    """The game's events as this seat sees them (frozen), from the start of the game."""
    hand_shape: HandShape
    """The complete shapes the observer's hand may take under the rules (for hand analysis
    without knowing the variant)."""
    discard_order: tuple[tuple[int, int], ...] = ()
    """The round's discards in the order they were made, as (seat, tile), claimed ones too."""
    riichi_at: tuple[int | None, ...] = ()
    """Per seat, the index in :attr:`discard_order` of the tile it declared riichi with (None:
    no riichi; empty: not known)."""
    rob_tile: int | None = None
    """The tile being added to a kong while others may win on it (robbing the kong); None
    outside that window. Not in :meth:`to_json`, which stays the web and mjai form."""
    furiten: bool = False
    """Whether the observer's waiting hand may not win on a discard now (its own discards, a
    win passed up, a riichi that let a wait go by: the rules' own check). Not in
    :meth:`to_json`."""
    tsumogiri: tuple[bool, ...] = ()
    """Per discard of :attr:`discard_order`: whether it was the tile just drawn (tsumogiri)
    rather than one from the hand (tedashi), as every seat saw it played. Not in
    :meth:`to_json`."""

    def passed_since_riichi(self, seat: int) -> set[int]:
        """The kinds ``seat`` let go by since its riichi: its declaration tile and every tile
        discarded after it, by anyone (a riichi hand that passes a winning tile is furiten for
        good). Empty for a seat not in riichi, or when the order is not known."""
        start = self.riichi_at[seat] if seat < len(self.riichi_at) else None
        if start is None:
            return set()
        return {tile // 4 for _, tile in self.discard_order[start:]}

    @property
    def own(self) -> SeatInfo:
        """The observer's own seat."""
        return self.seats[self.seat]

    @property
    def hand(self) -> tuple[int, ...]:
        """The observer's concealed tiles."""
        return self.own.hand or ()

    def visible_counts(self) -> list[int]:
        """Tiles of each kind (34 entries) seen on the table: every pond, every meld, the
        Norths set aside (three players) and the dora indicators, each tile once. A claimed
        discard stays in its pond and is in its meld too: it is one tile, counted by its id
        once, so no count passes four."""
        seen: set[int] = set(self.dora_indicators)
        for seat in self.seats:
            seen.update(seat.discards)
            seen.update(seat.flowers)  # bonus tiles (no kind) are not counted
            for meld in seat.melds:
                seen.update(meld.tiles)
        return counts_of_ids(seen)

    def to_json(self) -> dict[str, Any]:
        """The observation as one JSON object (the form the web client and mjai bridge send).

        A fresh object each call; its events are the frozen events themselves (plain JSON to
        :mod:`json`, and not to be changed: use :func:`thawed` for an editable copy).
        """
        return {
            "seat": self.seat,
            "variant": self.variant,
            "phase": self.phase,
            "turn": self.turn,
            "dealer": self.dealer,
            "round_wind": self.round_wind,
            "honba": self.honba,
            "deposits": self.deposits,
            "scores": list(self.scores),
            "dora_indicators": list(self.dora_indicators),
            "wall_remaining": self.wall_remaining,
            "last_discard": self.last_discard,
            "seats": [s.to_json() for s in self.seats],
            "legal_actions": [a.to_json() for a in self.legal_actions],
            "events": list(self.events),
            "discard_order": [list(pair) for pair in self.discard_order],
            "riichi_at": list(self.riichi_at),
        }


def thawed(event: Event) -> dict[str, Any]:
    """A plain ``dict`` copy of a (frozen) event, lists included."""
    return {
        k: ([_plain(x) for x in v] if isinstance(v, FrozenList) else _plain(v))
        for k, v in event.items()
    }


def _plain(value: Any) -> Any:
    if isinstance(value, FrozenDict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, FrozenList):
        return [_plain(v) for v in value]
    return value


_OPEN_PHASES = (Phase.TURN, Phase.ROUND_OVER, Phase.GAME_OVER, Phase.EXCHANGE, Phase.DECLARE)


def shown_phase(rnd: RoundView, has_legal: bool) -> str:
    """The phase a seat is shown: ``waiting`` in a claim or rob window it has no part in.

    Others' claim windows are not shown: that a pause happens at all would tell that somebody
    can call or win.
    """
    if rnd.seats and (has_legal or rnd.phase in _OPEN_PHASES):
        return rnd.phase.value
    return "waiting"


def shown_missing_suit(rnd: RoundView, seat: int, observer: int) -> int | None:
    """A seat's missing suit as ``observer`` sees it: hidden from the others while seats are
    still declaring."""
    if seat == observer or rnd.phase is not Phase.DECLARE:
        return rnd.seats[seat].missing_suit
    return None


def _seat_info(state: SeatView, own: bool, missing_suit: int | None) -> SeatInfo:
    return SeatInfo(
        melds=tuple(MeldInfo.of(m) for m in state.melds),
        discards=tuple(state.discards),
        flowers=tuple(state.flowers),
        riichi=state.riichi,
        won=state.won,
        hand_size=len(state.hand),
        missing_suit=missing_suit,
        hand=tuple(sorted(state.hand)) if own else None,
        drawn=state.drawn if own else None,
    )


_NOTHING_SEEN = SeatInfo((), (), (), False, False, 0, None)
_ONE_SEAT_EVENTS = frozenset(
    (
        Kind.TSUMO,
        Kind.DAHAI,
        Kind.REACH,
        Kind.REACH_ACCEPTED,
        Kind.CHI,
        Kind.PON,
        Kind.DAIMINKAN,
        Kind.ANKAN,
        Kind.KAKAN,
        Kind.FLOWER,
        Kind.RESPOND,
        Kind.DECLARE,
        Kind.MISSING,
        Kind.EXCHANGE_CHOOSE,
    )
)
"""Events that change what the others see of their actor's seat only (a call takes a discard
from another pond, but the pond keeps it)."""
_NO_SEAT_EVENTS = frozenset(
    (Kind.DORA, Kind.PENDING_DORA, Kind.PAYMENT, Kind.END_KYOKU, Kind.END_GAME, Kind.START_GAME)
)
"""Events that change no seat's melds, pond, bonus tiles, flags or hand size. Any event in
neither set makes every seat looked at again."""


class SeatInfos:
    """The seats of one table as each observer sees them, each part made again only when what
    everyone sees of it has changed.

    What the others see of a seat (its melds, pond, bonus tiles, flags, hand size and shown
    missing suit) is the same for every observer, and a decision changes it for one seat or
    two: the other seats' :class:`SeatInfo` are the very objects of the last observation, and
    a seat that changed keeps the very tuples of the parts that did not (a reader may compare
    them by identity to skip what did not change). A seat's melds, pond and bonus tiles only
    grow within a round, or change their number of tiles (a kong added or robbed), so their
    lengths and the round's identity tell when to look again.
    """

    def __init__(self) -> None:
        self._round: object | None = None
        self._kept: list[tuple[tuple[Any, ...], SeatInfo]] = []
        self._seen = 0
        self._declaring = False

    def _touched(self, log: Sequence[Event] | None) -> set[int] | None:
        """The seats the events since the last call may have changed (None: any seat)."""
        if log is None or self._seen > len(log):
            return None
        touched: set[int] = set()
        for event in log[self._seen :]:
            kind = event["type"]
            if kind in _ONE_SEAT_EVENTS:
                touched.add(event["actor"])  # type: ignore[typeddict-item]
            elif kind == Kind.HORA:  # the winner, and a kong robbed from the one it robs
                touched.add(event["actor"])  # type: ignore[typeddict-item]
                touched.add(event["target"])  # type: ignore[typeddict-item]
            elif kind not in _NO_SEAT_EVENTS:
                self._seen = len(log)
                return None
        self._seen = len(log)
        return touched

    def seats(
        self, rnd: RoundState, observer: int, log: Sequence[Event] | None = None
    ) -> tuple[SeatInfo, ...]:
        """Every seat of ``rnd`` as ``observer`` sees it (its own with its hand). ``log``: the
        game's events, whose new ones tell which seats may have changed (None: look at all).
        ``rnd`` is the engine's own round (its seats' fields read natively when compiled)."""
        seats = rnd.seats
        touched = self._touched(log)
        declaring = rnd.phase is Phase.DECLARE
        if declaring is not self._declaring:  # the missing suits are shown, or hidden
            touched = None
            self._declaring = declaring
        if rnd is not self._round or len(self._kept) != len(seats):
            self._round = rnd
            self._kept = [((-1,) * 7, _NOTHING_SEEN)] * len(seats)  # every part made anew
            touched = None
        kept = self._kept
        out: list[SeatInfo] = []
        for index, state in enumerate(seats):
            if touched is not None and index not in touched and index != observer:
                out.append(kept[index][1])
                continue
            melds = state.melds
            size = len(melds)
            if size:
                size <<= 8
                for meld in melds:
                    size += len(meld.tiles)
            discards, flowers = state.discards, state.flowers
            key = (
                len(discards),
                size,
                len(flowers),
                len(state.hand),
                state.riichi,
                state.won,
                None if declaring else state.missing_suit,
            )
            old_key, public = kept[index]
            if old_key != key:
                public = SeatInfo(
                    public.melds if old_key[1] == size else tuple(MeldInfo.of(m) for m in melds),
                    public.discards if old_key[0] == key[0] else tuple(discards),
                    public.flowers if old_key[2] == key[2] else tuple(flowers),
                    key[4],
                    key[5],
                    key[3],
                    key[6],
                )
                kept[index] = (key, public)
            if index == observer:
                public = SeatInfo(
                    public.melds,
                    public.discards,
                    public.flowers,
                    public.riichi,
                    public.won,
                    public.hand_size,
                    state.missing_suit,
                    tuple(sorted(state.hand)),
                    state.drawn,
                )
            out.append(public)
        return tuple(out)


def observe(
    view: TableView,
    variant: str,
    seat: int,
    legal: list[Action],
    events: tuple[Event, ...],
    hand_shape: HandShape,
    order: tuple[tuple[tuple[int, int], ...], tuple[int | None, ...]] = ((), ()),
    furiten: bool = False,
    *,
    tsumogiri: tuple[bool, ...] = (),
    seats: SeatInfos | None = None,
    log: Sequence[Event] | None = None,
) -> Observation:
    """The observation of ``seat`` (``legal``: its legal actions; ``events``: its visible log;
    ``order``: the round's discards in order and each seat's riichi position there;
    ``furiten``: the rules' furiten check of the seat; ``tsumogiri``: per discard of the
    order, whether it was the tile just drawn; ``seats``: the table's kept seats, when the
    caller keeps them, and ``log`` the game's events, which tell them what changed).
    ``view`` is the engine (its two callers), whose round is the table's own state."""
    # The engine's own round: compiled, a checked conversion (no call, as a cast would be).
    rnd: RoundState = view.round  # type: ignore[assignment]
    if seats is not None:
        shown = seats.seats(rnd, seat, log)
    else:
        shown = tuple(
            _seat_info(state, index == seat, shown_missing_suit(rnd, index, seat))
            for index, state in enumerate(rnd.seats)
        )
    # Positional, in the order of the fields: an observation is made at every decision.
    return Observation(
        seat,
        variant,
        shown_phase(rnd, bool(legal)),
        rnd.turn,
        rnd.dealer,
        rnd.round_wind,
        rnd.honba,
        rnd.deposits,
        tuple(view.scores),
        tuple(view.indicator_tiles()),
        view.live_remaining(),
        rnd.last_discard,
        shown,
        tuple(legal),
        events,
        hand_shape,
        order[0],
        order[1],
        rnd.rob_tile if rnd.phase is Phase.ROB else None,
        furiten,
        tsumogiri,
    )
