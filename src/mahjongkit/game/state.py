"""The table's state. It changes only by folding events (see :mod:`mahjongkit.game.engine`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from mahjongkit.melds import MeldKind


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


@dataclass
class TableMeld:
    """A meld on the table, with physical ids."""

    kind: MeldKind
    tiles: list[int]
    called: int | None = None
    from_seat: int | None = None

    def kind_id(self) -> int:
        """The lowest kind of the meld."""
        return min(self.tiles) // 4

    def to_json(self) -> dict[str, Any]:
        """For snapshots and observations."""
        return {
            "kind": self.kind.value,
            "tiles": sorted(self.tiles),
            "called": self.called,
            "from": self.from_seat,
        }


@dataclass
class SeatState:
    """One seat's part of a round."""

    hand: list[int] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    claimed: list[bool] = field(default_factory=list)
    """Per discard: whether another seat claimed it."""
    flowers: list[int] = field(default_factory=list)
    drawn: int | None = None
    riichi: bool = False
    riichi_pending: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    furiten_temporary: bool = False
    furiten_riichi: bool = False
    kuikae: list[int] = field(default_factory=list)
    """Kinds this seat may not discard right after its call."""
    has_drawn: bool = False
    missing_suit: int | None = None
    exchange: list[int] = field(default_factory=list)
    won: bool = False
    liable: int | None = None
    """The seat liable (pao) for this seat's big dragons or winds."""

    def to_json(self) -> dict[str, Any]:
        """Everything, for snapshots (observations filter this)."""
        return {
            "hand": sorted(self.hand),
            "melds": [m.to_json() for m in self.melds],
            "discards": list(self.discards),
            "claimed": list(self.claimed),
            "flowers": list(self.flowers),
            "drawn": self.drawn,
            "riichi": self.riichi,
            "riichi_pending": self.riichi_pending,
            "double_riichi": self.double_riichi,
            "ippatsu": self.ippatsu,
            "furiten_temporary": self.furiten_temporary,
            "furiten_riichi": self.furiten_riichi,
            "kuikae": list(self.kuikae),
            "has_drawn": self.has_drawn,
            "missing_suit": self.missing_suit,
            "exchange": list(self.exchange),
            "won": self.won,
            "liable": self.liable,
        }


@dataclass
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
    last_kong_seat: int | None = None
    kong_income: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """Everything, for snapshots and replay comparison."""
        return {
            "round_wind": self.round_wind,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "honba": self.honba,
            "deposits": self.deposits,
            "wall": list(self.wall),
            "live_next": self.live_next,
            "replacements": self.replacements,
            "kongs": self.kongs,
            "indicators": self.indicators,
            "pending_indicators": self.pending_indicators,
            "seats": [s.to_json() for s in self.seats],
            "phase": self.phase.value,
            "turn": self.turn,
            "last_discard": self.last_discard,
            "last_discarder": self.last_discarder,
            "rob_tile": self.rob_tile,
            "rob_seat": self.rob_seat,
            "responses": {str(k): v for k, v in sorted(self.responses.items())},
            "waiting": list(self.waiting),
            "first_go_around": self.first_go_around,
            "after_kong": self.after_kong,
            "kong_discard": self.kong_discard,
            "consecutive_kongs": self.consecutive_kongs,
            "winners": list(self.winners),
            "last_kong_seat": self.last_kong_seat,
            "kong_income": {str(k): v for k, v in sorted(self.kong_income.items())},
            "result": self.result,
        }
