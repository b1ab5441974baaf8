"""The read-only view of a table that a variant's hooks are given.

A hook (:class:`~mahjongkit.table.flow.Flow`) answers a rule question from what is on the
table; it never changes the state and never calls the engine. These protocols say exactly what
it may read, with read-only types (``Sequence``, ``Mapping``, properties): mypy refuses a hook
that writes. The engine's :class:`~mahjongkit.game.engine.Game` is such a view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from mahjongkit.melds import MeldKind
from mahjongkit.shapes import HandShape
from mahjongkit.table.events import Event
from mahjongkit.table.state import Phase
from mahjongkit.valueclass import dataclass


class HandFacts(NamedTuple):
    """What the claim and win checks read of one seat's hand, kept until the hand changes
    (by :mod:`mahjongkit.game.hands`, which the table's view answers with).

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


class MeldView(Protocol):
    """A meld on the table."""

    @property
    def kind(self) -> MeldKind:
        """Chow, pung, kong (exposed, concealed or added)."""

    @property
    def tiles(self) -> Sequence[int]:
        """Its physical ids."""

    @property
    def called(self) -> int | None:
        """The claimed tile, if any."""

    @property
    def from_seat(self) -> int | None:
        """The seat the claimed tile came from."""

    def kind_id(self) -> int:
        """The lowest kind of the meld."""


class SeatView(Protocol):
    """One seat's part of the round (see :class:`~mahjongkit.table.state.SeatState`)."""

    @property
    def hand(self) -> Sequence[int]: ...
    @property
    def melds(self) -> Sequence[MeldView]: ...
    @property
    def discards(self) -> Sequence[int]: ...
    @property
    def claimed(self) -> Sequence[bool]: ...
    @property
    def flowers(self) -> Sequence[int]: ...
    @property
    def drawn(self) -> int | None: ...
    @property
    def has_drawn(self) -> bool: ...
    @property
    def won(self) -> bool: ...
    @property
    def liable(self) -> int | None: ...
    @property
    def extra(self) -> Any:
        """The family's own state of the seat (a :class:`SeatExtra` of its flow)."""

    # What every surface asks of any seat, answered by the family's own state (SeatExtra).
    @property
    def riichi(self) -> bool: ...
    @property
    def missing_suit(self) -> int | None: ...


@dataclass(slots=True, hot=True)
class SeatExtra:
    """A family's own state of one seat: its flow declares a dataclass of its fields that
    subclasses this one (:attr:`~mahjongkit.table.flow.Flow.SeatExtra`), and its folds keep
    it. The seat reads its fields through (``seat.riichi``).

    What this class answers is the answer of a family that keeps no such thing, to the
    questions every surface asks of any seat (the observation, the replay, the RL planes).

    >>> SeatExtra().riichi, SeatExtra().missing_suit
    (False, None)
    """

    @property
    def riichi(self) -> bool:
        """The seat declared a ready hand, which the others see (Riichi's riichi)."""
        return False

    @property
    def missing_suit(self) -> int | None:
        """The suit the seat must be rid of, once declared (Sichuan)."""
        return None


@dataclass(slots=True, hot=True)
class RoundExtra:
    """A family's own state of the round, beside the shared :class:`RoundView` (a subclass
    declared by its flow, :attr:`~mahjongkit.table.flow.Flow.RoundExtra`)."""


class RoundView(Protocol):
    """The round being played (see :class:`~mahjongkit.table.state.RoundState`)."""

    @property
    def round_wind(self) -> int: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def honba(self) -> int: ...
    @property
    def deposits(self) -> int: ...
    @property
    def kongs(self) -> int: ...
    @property
    def set_aside(self) -> int: ...
    @property
    def seats(self) -> Sequence[SeatView]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> int: ...
    @property
    def last_discard(self) -> int | None: ...
    @property
    def last_discarder(self) -> int | None: ...
    @property
    def rob_tile(self) -> int | None: ...
    @property
    def rob_seat(self) -> int | None: ...
    @property
    def rob_concealed(self) -> bool: ...
    @property
    def rob_set_aside(self) -> bool: ...
    @property
    def responses(self) -> Mapping[int, Mapping[str, Any]]: ...
    @property
    def first_go_around(self) -> bool: ...
    @property
    def after_kong(self) -> bool: ...
    @property
    def kong_discard(self) -> bool: ...
    @property
    def consecutive_kongs(self) -> int: ...
    @property
    def winners(self) -> Sequence[int]: ...
    @property
    def result(self) -> Mapping[str, Any] | None: ...
    @property
    def extra(self) -> Any:
        """The family's own state of the round (a :class:`RoundExtra` of its flow)."""


class TableView(Protocol):
    """What a hook may read of the table."""

    @property
    def players(self) -> int:
        """Number of seats."""

    @property
    def seed(self) -> int:
        """The game's seed (hooks derive their own seeded choices from it)."""

    @property
    def rounds_played(self) -> int:
        """Rounds over so far."""

    @property
    def scores(self) -> Sequence[int]:
        """Each seat's score."""

    @property
    def round(self) -> RoundView:
        """The round being played."""

    @property
    def log(self) -> Sequence[Event]:
        """Every event so far."""

    def live_remaining(self) -> int:
        """Live-wall tiles left to draw."""

    def replacement_tile(self) -> int:
        """The next replacement tile (after a kong or a bonus tile)."""

    def indicator_tiles(self) -> list[int]:
        """Physical ids of the dora indicators shown."""

    def ura_tiles(self) -> list[int]:
        """Physical ids under the indicators shown (ura dora)."""

    def hand_facts(self, seat: int) -> HandFacts:
        """Counts and waits of this seat's hand, kept until the hand changes."""

    def shanten_of(self, seat: int) -> int:
        """The shanten of the seat's hand (by its shape), kept with its hand facts."""

    def ready_of_counts(
        self, counts: list[int], melds: int, shape: HandShape
    ) -> tuple[int, frozenset[int]]:
        """The shanten and the waits of a hand of ``13 - 3 * melds`` tiles given by its kind
        counts (remembered: claim checks, self-draws and riichi declarations meet the same
        hands again)."""
