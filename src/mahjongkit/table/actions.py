"""What a player can do: the actions the engine accepts.

Tiles in actions are physical ids (Tenhou's ``kind * 4 + copy``; bonus tiles 136..143), so that
a red five and the exact copy claimed are never ambiguous.
"""

from __future__ import annotations

from typing import Any

from mahjongkit.errors import IllegalActionError, NotationError
from mahjongkit.valueclass import dataclass, field

DISCARD = "discard"
RIICHI = "riichi"
"""Declare riichi and discard ``tile`` in the same move."""
TSUMO = "tsumo"
"""Win on the tile just drawn (self-draw)."""
RON = "ron"
"""Win on the pending discard, or on the tile of a kong being robbed."""
CHI = "chi"
PON = "pon"
KAN = "kan"
"""Exposed kong on the pending discard."""
ANKAN = "ankan"
KAKAN = "kakan"
PASS = "pass"
"""Decline every claim on the pending discard (or kong)."""
ABORT = "abort"
"""Declare an abortive draw (nine different terminals and honours, Riichi)."""
EXCHANGE = "exchange"
"""Sichuan: give three tiles of one suit."""
DECLARE_MISSING = "declare_missing"
"""Sichuan: choose the missing suit."""
FLOWER = "flower"
"""Set aside a drawn bonus tile and draw its replacement (when a win on it is possible)."""
KITA = "kita"
"""Three-player Riichi: set a North tile (``tile``) aside on one's turn, as a dora, and draw
its replacement from the dead wall; the others may win on it first."""

ACTION_TYPES = (
    DISCARD,
    RIICHI,
    TSUMO,
    RON,
    CHI,
    PON,
    KAN,
    ANKAN,
    KAKAN,
    PASS,
    ABORT,
    EXCHANGE,
    DECLARE_MISSING,
    FLOWER,
    KITA,
)


@dataclass(frozen=True, slots=True)
class Action:
    """One move by one seat.

    ``tile`` is the tile discarded, claimed or added; ``consumed`` the tiles taken from the hand
    to make a meld (or the three given in an exchange); ``suit`` the declared missing suit.
    """

    type: str
    seat: int
    tile: int | None = None
    consumed: tuple[int, ...] = field(default=())
    suit: int | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON object for logs and the web."""
        out: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if self.tile is not None:
            out["tile"] = self.tile
        if self.consumed:
            out["consumed"] = list(self.consumed)
        if self.suit is not None:
            out["suit"] = self.suit
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Parse :meth:`to_json` output, with a clear error on anything else."""
        if not isinstance(data, dict):
            raise NotationError(f"an action is a JSON object, not {data!r}")
        kind = data.get("type")
        if kind not in ACTION_TYPES:
            raise NotationError(
                f"unknown action type {kind!r}: expected one of {', '.join(ACTION_TYPES)}"
            )
        seat = data.get("seat")
        if type(seat) is not int or not 0 <= seat < 4:
            raise NotationError(f"action {kind}: 'seat' must be a seat number, not {seat!r:.30}")
        tile = data.get("tile")
        if tile is not None and (type(tile) is not int or not 0 <= tile < _MAX_ID):
            raise NotationError(f"action {kind}: 'tile' must be a tile id, not {tile!r:.30}")
        consumed = data.get("consumed", [])
        if (
            not isinstance(consumed, list)
            or len(consumed) > 4
            or not all(type(t) is int and 0 <= t < _MAX_ID for t in consumed)
        ):
            raise NotationError(f"action {kind}: 'consumed' must be a list of tile ids")
        suit = data.get("suit")
        if suit is not None and (type(suit) is not int or suit not in (0, 1, 2)):
            raise NotationError(f"action {kind}: 'suit' must be 0, 1 or 2, not {suit!r:.30}")
        return cls(kind, seat, tile, tuple(consumed), suit)


def check_action(action: Any, players: int) -> None:
    """Refuse anything that is not a well-formed :class:`Action` for a table of ``players``.

    Fields must be exactly the declared types: a float, a bool or a NumPy integer is refused
    (it would compare equal to a legal action, then fail to serialise or to match later).
    """
    if type(action) is not Action:
        raise IllegalActionError(f"an action is an Action, not {type(action).__name__}")
    kind = action.type
    if type(kind) is not str or kind not in ACTION_TYPES:
        raise IllegalActionError(
            f"unknown action type {kind!r:.30}: expected one of {', '.join(ACTION_TYPES)}"
        )
    seat = action.seat
    if type(seat) is not int:
        raise IllegalActionError(f"action {kind}: 'seat' must be an int, not {_kind(seat)}")
    if not 0 <= seat < players:
        raise IllegalActionError(f"seat {seat} does not exist at a {players}-player table")
    tile = action.tile
    if tile is not None and (type(tile) is not int or not 0 <= tile < _MAX_ID):
        raise IllegalActionError(f"action {kind}: 'tile' must be a tile id, not {_kind(tile)}")
    consumed = action.consumed
    if type(consumed) is not tuple or not all(
        type(t) is int and 0 <= t < _MAX_ID for t in consumed
    ):
        raise IllegalActionError(
            f"action {kind}: 'consumed' must be a tuple of tile ids, not {_kind(consumed)}"
        )
    suit = action.suit
    if suit is not None and (type(suit) is not int or suit not in (0, 1, 2)):
        raise IllegalActionError(f"action {kind}: 'suit' must be 0, 1 or 2, not {_kind(suit)}")


_MAX_ID = 144
"""Physical ids run from 0 to 143 (bonus tiles from 136)."""


def _kind(value: Any) -> str:
    text = repr(value)
    shown = text if len(text) <= 30 else text[:27] + "..."
    return f"{shown} ({type(value).__name__})"
