"""The table's state. It changes only by folding events (see :mod:`mahjongkit.game.fold`).

Every field is plain data, so :func:`to_json` gives the whole state for snapshots (a replay is
compared with live play field by field) without a hand-written field list to drift.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from mahjongkit.melds import MeldKind
from mahjongkit.valueclass import dataclass, field, fields, is_value_class


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


@dataclass(hot=True)
class TableMeld:
    """A meld on the table, with physical ids."""

    kind: MeldKind
    tiles: list[int]
    called: int | None = None
    from_seat: int | None = None

    def kind_id(self) -> int:
        """The lowest kind of the meld."""
        return min(self.tiles) // 4


@dataclass(hot=True)
class SeatState:
    """One seat's part of a round: what every family's table has; the family's own state of
    the seat is :attr:`extra`."""

    hand: list[int] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    claimed: list[bool] = field(default_factory=list)
    """Per discard: whether another seat claimed it."""
    flowers: list[int] = field(default_factory=list)
    """Tiles set aside beside the hand, each replaced by a draw: bonus tiles, and the North
    tiles of three-player Riichi (kita). A table mechanism the engine plays."""
    drawn: int | None = None
    has_drawn: bool = False
    won: bool = False
    """The seat has won this hand (the fold of every win sets it; where play goes on, the seat
    plays no more)."""
    liable: int | None = None
    """The seat liable (pao) for this seat's big dragons or winds."""
    extra: Any = None
    """The family's own state of the seat: its flow's
    :attr:`~mahjongkit.table.flow.Flow.SeatExtra`, kept by its folds. A seat made by
    :func:`seat_class` answers its public names too."""

    if TYPE_CHECKING:
        # The family's own facts, read through from ``extra`` (see :func:`seat_class`).
        def __getattr__(self, name: str) -> Any: ...

    def __reduce__(self) -> tuple[Any, ...]:
        # A seat pickles as its fields, and comes back as a seat of its family.
        return (_seat_of, (dict(self.__dict__),))


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
        shared = {f.name for f in fields(SeatState)}
        names = [n for n in dir(extra) if not n.startswith("_") and n not in shared]
        facts = {n: property(attrgetter("extra." + n)) for n in names}
        found = type(SeatState.__name__, (SeatState,), {"__module__": __name__, **facts})
        found.__qualname__ = SeatState.__qualname__
        _SEAT_CLASSES[extra] = found
    return found


_SEAT_CLASSES: dict[type, type[SeatState]] = {}
"""The seat class of each family's seat state, made once."""


def _seat_of(fields: dict[str, Any]) -> SeatState:
    extra = fields.get("extra")
    kind = SeatState if extra is None else seat_class(type(extra))
    return kind(**fields)


@dataclass(hot=True)
class RoundState:
    """The state of the round being played."""

    round_wind: int = 0
    hand_number: int = 0
    """0-based number of the hand within the prevalent wind (Riichi's kyoku - 1)."""
    dealer: int = 0
    honba: int = 0
    deposits: int = 0
    wall: list[int] = field(default_factory=list)
    live_next: int = 0
    replacements: int = 0
    kongs: int = 0
    set_aside: int = 0
    """Tiles set aside from the hands this round and replaced from the dead wall (three-player
    Riichi's North): each shortens the live wall by one, as a kong does."""
    indicators: int = 0
    pending_indicators: int = 0
    seats: list[SeatState] = field(default_factory=list)
    phase: Phase = Phase.TURN
    turn: int = 0
    last_discard: int | None = None
    last_discarder: int | None = None
    rob_tile: int | None = None
    rob_seat: int | None = None
    rob_concealed: bool = False
    rob_set_aside: bool = False
    """The tile others may win on was just set aside (a North, kita), not added to a kong."""
    responses: dict[int, dict[str, Any]] = field(default_factory=dict)
    waiting: list[int] = field(default_factory=list)
    """Seats whose answer to the pending discard or kong is still expected."""
    first_go_around: bool = True
    after_kong: bool = False
    """The current turn began with a replacement draw."""
    kong_discard: bool = False
    """The pending discard was made right after a kong."""
    consecutive_kongs: int = 0
    winners: list[int] = field(default_factory=list)
    result: dict[str, Any] | None = None
    extra: Any = None
    """The family's own state of the round: its flow's
    :attr:`~mahjongkit.table.flow.Flow.RoundExtra`, kept by its folds."""


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
