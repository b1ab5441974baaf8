"""The table's state. It changes only by folding events (see :mod:`mahjongkit.game.fold`).

Every field is plain data, so :func:`to_json` gives the whole state for snapshots (a replay is
compared with live play field by field) without a hand-written field list to drift.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from operator import attrgetter
from typing import Any, Final

from mahjongkit.lite_typing import mypyc_attr
from mahjongkit.melds import MeldKind
from mahjongkit.table.seat_facts import SeatFacts
from mahjongkit.valueclass import MISSING, dataclass, declare, field, fields, is_value_class


class Phase(StrEnum):
    """Where the table is."""

    EXCHANGE = "exchange"
    """Sichuan: every seat chooses three tiles to pass."""
    DECLARE = "declare"
    """Sichuan: every seat chooses its missing suit."""
    TURN = "turn"
    """The seat to play holds a drawn or claimed tile and must discard or declare."""
    CLAIM = "claim"
    """A discard is on the table; seats that can claim it answer."""
    ROB = "rob"
    """A tile added to a pung can be robbed."""
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


# TableMeld, SeatState and RoundState are native classes when compiled (``native.COMPILED``):
# the compiled engine, folds and hand facts read their fields at a fixed offset, where a Python
# object's cost the generic attribute look-up each. Their methods are written out here (no
# decorator can make a native class) and ``declare`` gives them the value-class fields that
# to_json, fields() and the dataclasses functions read.


# Interpreted subclasses allowed for TableMeld and RoundState too: only such a compiled class
# runs its __init__ when called from Python (TableState's default round), mypyc 2.4.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class TableMeld:
    """A meld on the table, with physical ids."""

    def __init__(
        self,
        kind: MeldKind,
        tiles: list[int],
        called: int | None = None,
        from_seat: int | None = None,
    ) -> None:
        self.kind = kind
        self.tiles = tiles
        self.called = called
        self.from_seat = from_seat

    def kind_id(self) -> int:
        """The lowest kind of the meld."""
        return min(self.tiles) // 4

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, TableMeld)
        return (self.kind, self.tiles, self.called, self.from_seat) == (
            other.kind,
            other.tiles,
            other.called,
            other.from_seat,
        )

    def __repr__(self) -> str:
        return _repr(self, _MELD_FIELDS)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class SeatState(SeatFacts):
    """One seat's part of a round: what every family's table has; the family's own state of
    the seat is :attr:`extra`, whose facts every reader asks of any seat it answers
    (:class:`~mahjongkit.table.seat_facts.SeatFacts`, and those of :func:`seat_class`).

    ``hand_version`` (not a field) moves on at every change of the seat's concealed tiles or
    melds (the folds): the kept hand facts of a seat are current while it has not moved."""

    def __init__(
        self,
        hand: list[int] | None = None,
        melds: list[TableMeld] | None = None,
        discards: list[int] | None = None,
        claimed: list[bool] | None = None,
        flowers: list[int] | None = None,
        drawn: int | None = None,
        has_drawn: bool = False,
        won: bool = False,
        liable: int | None = None,
        extra: Any = None,
    ) -> None:
        self.hand: list[int] = [] if hand is None else hand
        self.melds: list[TableMeld] = [] if melds is None else melds
        self.discards: list[int] = [] if discards is None else discards
        self.claimed: list[bool] = [] if claimed is None else claimed
        """Per discard: whether another seat claimed it."""
        self.flowers: list[int] = [] if flowers is None else flowers
        """Tiles set aside beside the hand, each replaced by a draw: bonus tiles, and the
        North tiles of three-player Riichi (kita). A table mechanism the engine plays."""
        self.drawn = drawn
        self.has_drawn = has_drawn
        self.won = won
        """The seat has won this hand (the fold of every win sets it; where play goes on, the
        seat plays no more)."""
        self.liable = liable
        """The seat liable (pao) for this seat's big dragons or winds."""
        self.extra = extra  # see SeatFacts; a seat of seat_class answers its public names
        self.hand_version = 0
        """Moved on by every fold that changes :attr:`hand` or :attr:`melds` (not a field)."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, SeatState)
        return _values(self) == _values(other)

    def __repr__(self) -> str:
        return _repr(self, _SEAT_FIELDS)

    def __reduce__(self) -> tuple[Any, ...]:
        # A seat pickles as its fields, and comes back as a seat of its family (whose class
        # is made at run time, so pickle cannot name it).
        return (_seat_of, (_values(self), self.hand_version))


def _values(seat: SeatState) -> tuple[Any, ...]:
    return (
        seat.hand,
        seat.melds,
        seat.discards,
        seat.claimed,
        seat.flowers,
        seat.drawn,
        seat.has_drawn,
        seat.won,
        seat.liable,
        seat.extra,
    )


def seat_class(extra: type) -> type[SeatState]:
    """The seats of a family whose own state of a seat is of class ``extra``: a
    :class:`SeatState` that also answers each public name of ``extra`` by reading it from
    :attr:`SeatState.extra`, so that every reader asks any seat of any family the same way
    (``seat.riichi``). The shared fields stay plain attributes (a ``__getattr__`` would slow
    every read of them).

    >>> from mahjongkit.valueclass import dataclass
    >>> @dataclass
    ... class Extra:
    ...     declared: bool = False
    >>> seat = seat_class(Extra)(extra=Extra(declared=True))
    >>> seat.declared, type(seat).__name__, isinstance(seat, SeatState)
    (True, 'SeatState', True)
    """
    found = _SEAT_CLASSES.get(extra)
    if found is None:
        shared = set(_SEAT_FIELDS)
        names = [n for n in dir(extra) if not n.startswith("_") and n not in shared]
        facts: dict[str, Any] = {n: property(attrgetter("extra." + n)) for n in names}
        found = type(SeatState.__name__, (SeatState,), {"__module__": __name__, **facts})
        found.__qualname__ = SeatState.__qualname__
        _SEAT_CLASSES[extra] = found
    return found


_SEAT_CLASSES: dict[type, type[SeatState]] = {}
"""The seat class of each family's seat state, made once."""


def _seat_of(values: tuple[Any, ...], version: int = 0) -> SeatState:
    extra = values[-1]
    kind = SeatState if extra is None else seat_class(type(extra))
    seat = kind(*values)
    seat.hand_version = version
    return seat


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class RoundState:
    """The state of the round being played."""

    def __init__(
        self,
        round_wind: int = 0,
        hand_number: int = 0,
        dealer: int = 0,
        honba: int = 0,
        deposits: int = 0,
        wall: list[int] | None = None,
        live_next: int = 0,
        replacements: int = 0,
        kongs: int = 0,
        set_aside: int = 0,
        indicators: int = 0,
        pending_indicators: int = 0,
        seats: list[SeatState] | None = None,
        phase: Phase = Phase.TURN,
        turn: int = 0,
        last_discard: int | None = None,
        last_discarder: int | None = None,
        rob_tile: int | None = None,
        rob_seat: int | None = None,
        rob_concealed: bool = False,
        rob_set_aside: bool = False,
        responses: dict[int, dict[str, Any]] | None = None,
        waiting: list[int] | None = None,
        first_go_around: bool = True,
        after_kong: bool = False,
        kong_discard: bool = False,
        consecutive_kongs: int = 0,
        winners: list[int] | None = None,
        result: dict[str, Any] | None = None,
        extra: Any = None,
    ) -> None:
        self.round_wind = round_wind
        self.hand_number = hand_number
        """0-based number of the hand within the prevalent wind (Riichi's kyoku - 1)."""
        self.dealer = dealer
        self.honba = honba
        self.deposits = deposits
        self.wall: list[int] = [] if wall is None else wall
        self.live_next = live_next
        self.replacements = replacements
        self.kongs = kongs
        self.set_aside = set_aside
        """Tiles set aside from the hands this round and replaced from the dead wall
        (three-player Riichi's North): each shortens the live wall by one, as a kong does."""
        self.indicators = indicators
        self.pending_indicators = pending_indicators
        self.seats: list[SeatState] = [] if seats is None else seats
        self.phase = phase
        self.turn = turn
        self.last_discard = last_discard
        self.last_discarder = last_discarder
        self.rob_tile = rob_tile
        self.rob_seat = rob_seat
        self.rob_concealed = rob_concealed
        self.rob_set_aside = rob_set_aside
        """The tile others may win on was just set aside (a North, kita), not added to a
        kong."""
        self.responses: dict[int, dict[str, Any]] = {} if responses is None else responses
        self.waiting: list[int] = [] if waiting is None else waiting
        """Seats whose answer to the pending discard or kong is still expected."""
        self.first_go_around = first_go_around
        self.after_kong = after_kong
        """The current turn began with a replacement draw."""
        self.kong_discard = kong_discard
        """The pending discard was made right after a kong."""
        self.consecutive_kongs = consecutive_kongs
        self.winners: list[int] = [] if winners is None else winners
        self.result = result
        self.extra: Any = extra
        """The family's own state of the round: its flow's
        :attr:`~mahjongkit.table.flow.Flow.RoundExtra`, kept by its folds."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _ROUND_FIELDS)

    def __repr__(self) -> str:
        return _repr(self, _ROUND_FIELDS)


def _repr(value: object, names: tuple[str, ...]) -> str:
    """As a dataclass shows itself: its class and every field."""
    parts = ", ".join(f"{name}={getattr(value, name)!r}" for name in names)
    return f"{type(value).__qualname__}({parts})"


_MELD_SPECS: Final[dict[str, tuple[str, Any]]] = {
    "kind": ("MeldKind", MISSING),
    "tiles": ("list[int]", MISSING),
    "called": ("int | None", None),
    "from_seat": ("int | None", None),
}
_SEAT_SPECS: Final[dict[str, tuple[str, Any]]] = {
    "hand": ("list[int]", list),
    "melds": ("list[TableMeld]", list),
    "discards": ("list[int]", list),
    "claimed": ("list[bool]", list),
    "flowers": ("list[int]", list),
    "drawn": ("int | None", None),
    "has_drawn": ("bool", False),
    "won": ("bool", False),
    "liable": ("int | None", None),
    "extra": ("Any", None),
}
_ROUND_SPECS: Final[dict[str, tuple[str, Any]]] = {
    "round_wind": ("int", 0),
    "hand_number": ("int", 0),
    "dealer": ("int", 0),
    "honba": ("int", 0),
    "deposits": ("int", 0),
    "wall": ("list[int]", list),
    "live_next": ("int", 0),
    "replacements": ("int", 0),
    "kongs": ("int", 0),
    "set_aside": ("int", 0),
    "indicators": ("int", 0),
    "pending_indicators": ("int", 0),
    "seats": ("list[SeatState]", list),
    "phase": ("Phase", Phase.TURN),
    "turn": ("int", 0),
    "last_discard": ("int | None", None),
    "last_discarder": ("int | None", None),
    "rob_tile": ("int | None", None),
    "rob_seat": ("int | None", None),
    "rob_concealed": ("bool", False),
    "rob_set_aside": ("bool", False),
    "responses": ("dict[int, dict[str, Any]]", dict),
    "waiting": ("list[int]", list),
    "first_go_around": ("bool", True),
    "after_kong": ("bool", False),
    "kong_discard": ("bool", False),
    "consecutive_kongs": ("int", 0),
    "winners": ("list[int]", list),
    "result": ("dict[str, Any] | None", None),
    "extra": ("Any", None),
}
_MELD_FIELDS: Final = tuple(_MELD_SPECS)
_SEAT_FIELDS: Final = tuple(_SEAT_SPECS)
_ROUND_FIELDS: Final = tuple(_ROUND_SPECS)
declare(TableMeld, _MELD_SPECS)
declare(SeatState, _SEAT_SPECS)
declare(RoundState, _ROUND_SPECS)


# A Python class when compiled (its decorator makes it at run time).
@mypyc_attr(native_class=False)
@dataclass
class TableState:
    """Everything the fold of a game's events builds: the scores, the round being played, how
    many rounds are over and whether the game is."""

    scores: list[int] = field(default_factory=list)
    round: RoundState = field(default_factory=RoundState)
    rounds_played: int = 0
    over: bool = False


def to_json(value: Any) -> Any:
    """A state (or any of its parts) as plain JSON data: every dataclass field, by name.

    Lists of physical tiles held in no particular order (hands, melds) are sorted, so two
    states that hold the same tiles compare equal; dict keys become strings, as in JSON.
    """
    kind = type(value)
    names = _FIELD_NAMES.get(kind)
    if names is None and is_value_class(value) and not isinstance(value, type):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(value))
    if names is not None:
        out = {name: to_json(getattr(value, name)) for name in names}
        for name in _UNORDERED.get(kind.__name__, ()):
            out[name] = sorted(out[name])
        return out
    if kind is int or kind is bool or kind is str or value is None:
        return value
    if isinstance(value, Enum):  # phases, meld kinds: their names in the log
        return value.value
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in sorted(value.items())}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each state class's field names, read once (``fields`` is slow on a hot path)."""
_UNORDERED = {"TableMeld": ("tiles",), "SeatState": ("hand",)}
