"""What a Hong Kong fan-table predicate reads: one reading of a winning hand.

The scorer reads a hand in every way it is complete and gives each reading to the table as a
:class:`WinContext`; the predicates of :mod:`~mahjongkit.variants.hongkong.fan` read only it.
"""

from __future__ import annotations

from mahjongkit.lite_typing import Literal
from mahjongkit.melds import Meld
from mahjongkit.scoring import Win
from mahjongkit.tiles import WINDS
from mahjongkit.valueclass import dataclass, field
from mahjongkit.variants.hongkong.rules import HongKongRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    Shape = Literal["regular", "seven_pairs", "thirteen_orphans", "bonus_tiles"]
COMPLETE_SHAPES: frozenset[Shape] = frozenset(("regular", "seven_pairs", "thirteen_orphans"))
"""The readings of a complete hand; a bonus-tile win (seven or eight) needs none of them."""
ALL_SHAPES: frozenset[Shape] = COMPLETE_SHAPES | {"bonus_tiles"}


@dataclass(frozen=True, slots=True)
class SetInfo:
    """One of the four sets of a hand: a chow (from ``kind`` up) or a pung or kong of ``kind``.

    ``concealed`` is true for sets formed in the hand and for concealed kongs; ``meld`` is the
    declared meld it comes from, None for a set of the concealed part.
    """

    chow: bool
    kind: int
    concealed: bool
    kong: bool = False
    meld: Meld | None = None


@dataclass(frozen=True, slots=True)
class WinContext:
    """Everything a predicate may read: one reading of the hand, the win, the options.

    ``shape`` says which reading: four sets and a pair (``regular``), ``seven_pairs``,
    ``thirteen_orphans``, or ``bonus_tiles`` (a win on seven or eight bonus tiles whose playing
    tiles need not be complete). ``kinds`` are every playing tile of the hand, melds included
    (a kong gives four); ``flowers`` the bonus-tile kinds. ``pungs`` (the kinds of the pungs and
    kongs), ``suits`` (the suits present, 0 m 1 p 2 s) and ``has_honour`` are derived once, as
    most predicates read them.
    """

    win: Win
    rules: HongKongRules
    shape: Shape
    sets: tuple[SetInfo, ...]
    pair: int | None
    kinds: tuple[int, ...]
    flowers: frozenset[int]
    pungs: tuple[int, ...] = field(init=False)
    suits: frozenset[int] = field(init=False)
    has_honour: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pungs", tuple(s.kind for s in self.sets if not s.chow))
        object.__setattr__(self, "suits", frozenset(k // 9 for k in self.kinds if k < 27))
        object.__setattr__(self, "has_honour", any(k >= 27 for k in self.kinds))

    @property
    def seat_wind(self) -> int:
        """The kind of the winner's seat wind."""
        return WINDS[self.win.seat]

    @property
    def round_wind(self) -> int:
        """The kind of the prevailing wind."""
        return WINDS[self.win.round_wind]

    @property
    def is_concealed(self) -> bool:
        """No claimed set: only concealed kongs among the melds."""
        return self.win.hand.is_concealed
