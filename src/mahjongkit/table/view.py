"""The read-only view of a table that a variant's hooks are given.

A hook (:class:`~mahjongkit.table.flow.Flow`) answers a rule question from what is on the
table; it never changes the state and never calls the engine. These protocols say exactly what
it may read, with read-only types (``Sequence``, ``Mapping``, properties): mypy refuses a hook
that writes. The engine's :class:`~mahjongkit.game.engine.Game` is such a view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from mahjongkit.melds import MeldKind
from mahjongkit.table.events import Event
from mahjongkit.table.state import Phase


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
    def riichi(self) -> bool: ...
    @property
    def riichi_pending(self) -> bool: ...
    @property
    def double_riichi(self) -> bool: ...
    @property
    def ippatsu(self) -> bool: ...
    @property
    def furiten_temporary(self) -> bool: ...
    @property
    def furiten_riichi(self) -> bool: ...
    @property
    def kuikae(self) -> Sequence[int]: ...
    @property
    def has_drawn(self) -> bool: ...
    @property
    def missing_suit(self) -> int | None: ...
    @property
    def exchange(self) -> Sequence[int]: ...
    @property
    def won(self) -> bool: ...
    @property
    def liable(self) -> int | None: ...


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
    def kong_income(self) -> Mapping[int, Sequence[Mapping[str, Any]]]: ...
    @property
    def result(self) -> Mapping[str, Any] | None: ...


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
