"""mahjongkit: one engine for Japanese Riichi, Hong Kong old style and Sichuan blood battle.

The core (tiles, melds, hands, shapes) depends on nothing outside the standard library.
"""

from mahjongkit.errors import IllegalActionError, InvalidHandError, MahjongError, NotationError
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.tiles import Tile, parse_tiles

__version__ = "0.1.0"

__all__ = [
    "Hand",
    "IllegalActionError",
    "InvalidHandError",
    "MahjongError",
    "Meld",
    "MeldKind",
    "NotationError",
    "Tile",
    "parse_tiles",
]
