"""mahjongkit: one engine for Japanese Riichi, Hong Kong old style and Sichuan blood battle.

The core (tiles, melds, hands, shapes) depends on nothing outside the standard library. The
names below are imported from their modules on first use, so ``import mahjongkit`` (and the
command line, which needs only some of them) costs almost nothing.
"""

from __future__ import annotations

from mahjongkit import native
from mahjongkit.lazy import lazy_exports

native.choose()  # the compiled modules, or their sources (MAHJONGKIT_PURE=1, an edit not built)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a tenth of a start-up)
if TYPE_CHECKING:
    from mahjongkit.errors import IllegalActionError, InvalidHandError, MahjongError, NotationError
    from mahjongkit.hand import Hand
    from mahjongkit.melds import Meld, MeldKind
    from mahjongkit.tiles import Tile, parse_tiles

__version__ = "0.1.0"

_EXPORTS = {
    "IllegalActionError": "mahjongkit.errors",
    "InvalidHandError": "mahjongkit.errors",
    "MahjongError": "mahjongkit.errors",
    "NotationError": "mahjongkit.errors",
    "Hand": "mahjongkit.hand",
    "Meld": "mahjongkit.melds",
    "MeldKind": "mahjongkit.melds",
    "Tile": "mahjongkit.tiles",
    "parse_tiles": "mahjongkit.tiles",
}
"""Where each public name lives."""

__getattr__ = lazy_exports(__name__, _EXPORTS)


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
