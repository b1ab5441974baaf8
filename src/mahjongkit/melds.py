"""Melds: the sets a player lays down (chow, pung, and the three kinds of kong).

A meld is written ``KIND:TILES[@SEAT]``: ``KIND`` is ``chow``, ``pung``, ``kong``,
``concealed-kong`` or ``added-kong`` (the Japanese ``chi``, ``pon``, ``kan``, ``ankan`` and
``kakan`` are accepted too), ``TILES`` is mpsz and ``SEAT`` (``E``, ``S``, ``W``, ``N``) is the
seat the claimed tile came from.

>>> Meld.parse("pung:777z@W")
Meld.parse('pung:777z@W')
>>> Meld.parse("chi:3m4m5m").kinds
(2, 3, 4)
"""

from __future__ import annotations

from enum import Enum

from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.i18n import Sentence
from mahjongkit.tiles import Tile, format_tiles, parse_tiles
from mahjongkit.valueclass import dataclass, field

SEAT_LETTERS = "ESWN"
"""Seat letters in play order; East deals. The one place they are written."""


def parse_seat(text: str) -> int:
    """A seat letter (``E S W N``) as 0..3; East is the dealer."""
    if not isinstance(text, str):
        raise NotationError(Sentence("refusal.seat_type", type=type(text).__name__))
    letter = text.strip().upper()
    if len(letter) != 1 or letter not in SEAT_LETTERS:
        raise NotationError(Sentence("refusal.seat", text=repr(text)))
    return SEAT_LETTERS.index(letter)


class MeldKind(Enum):
    """The five kinds of meld."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    """Exposed kong: a discard claimed onto three concealed tiles."""
    ADDED_KONG = "added-kong"
    """A fourth tile added to an exposed pung."""
    CONCEALED_KONG = "concealed-kong"

    @property
    def is_kong(self) -> bool:
        """One of the three kongs."""
        return self in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)


_KIND_NAMES = {
    **{kind.value: kind for kind in MeldKind},
    "chi": MeldKind.CHOW,
    "pon": MeldKind.PUNG,
    "kan": MeldKind.KONG,
    "minkan": MeldKind.KONG,
    "daiminkan": MeldKind.KONG,
    "exposed-kong": MeldKind.KONG,
    "ankan": MeldKind.CONCEALED_KONG,
    "kakan": MeldKind.ADDED_KONG,
    "shouminkan": MeldKind.ADDED_KONG,
}


MELD_KIND_INDEX = {kind: index for index, kind in enumerate(MeldKind)}
"""Each meld kind's place in :class:`MeldKind` (see :attr:`Meld.code`)."""


@dataclass(frozen=True, slots=True)
class Meld:
    """One declared set, with the seat its claimed tile came from (None when concealed)."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    from_seat: int | None = None
    code: int = field(init=False, repr=False, compare=False)
    """The meld's kind and first tile's kind as one small int (``kind index * 64 + tile kind``),
    for tables indexed by meld: enum members hash in Python, ints do not."""

    def __post_init__(self) -> None:
        # Canonical order, so that equal melds compare equal however they were written.
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles, key=lambda t: (t.kind, t.red))))
        kinds = [t.kind for t in self.tiles]
        name = self.kind.value
        shown = format_tiles(self.tiles)
        size = 4 if self.kind.is_kong else 3
        if len(kinds) != size:
            raise InvalidHandError(
                Sentence("refusal.meld_size", name=name, size=size, shown=shown, count=len(kinds))
            )
        if any(k >= 34 for k in kinds):
            raise InvalidHandError(Sentence("refusal.meld_bonus", name=name, shown=shown))
        if self.kind is MeldKind.CHOW:
            if kinds[0] >= 27:
                raise InvalidHandError(Sentence("refusal.chow_honours", shown=shown))
            if kinds[0] // 9 != kinds[2] // 9:
                raise InvalidHandError(Sentence("refusal.chow_suit", shown=shown))
            if kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
                raise InvalidHandError(Sentence("refusal.chow_run", shown=shown))
        elif len(set(kinds)) != 1:
            raise InvalidHandError(
                Sentence("refusal.meld_same", name=name, size=size, shown=shown)
            )
        if self.from_seat is not None and not 0 <= self.from_seat < 4:
            raise InvalidHandError(f"seat {self.from_seat} is out of range 0..3")
        if self.kind is MeldKind.CONCEALED_KONG and self.from_seat is not None:
            raise InvalidHandError(Sentence("refusal.concealed_kong_seat"))
        object.__setattr__(self, "code", MELD_KIND_INDEX[self.kind] * 64 + kinds[0])

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse ``KIND:TILES[@SEAT]`` (see the module's documentation)."""
        if not isinstance(text, str) or ":" not in text:
            raise NotationError(Sentence("refusal.meld_form", text=repr(text)))
        name, _, rest = text.strip().partition(":")
        kind = _KIND_NAMES.get(name.strip().lower())
        if kind is None:
            raise NotationError(Sentence("refusal.meld_kind", name=repr(name), text=repr(text)))
        tiles_text, at, seat_text = rest.partition("@")
        seat = parse_seat(seat_text) if at else None
        return cls(kind, tuple(parse_tiles(tiles_text)), seat)

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kinds of the tiles, sorted."""
        return tuple(sorted(t.kind for t in self.tiles))

    @property
    def first(self) -> int:
        """The lowest kind: the pung's or kong's kind, the chow's start."""
        return min(t.kind for t in self.tiles)

    @property
    def is_kong(self) -> bool:
        """One of the three kongs."""
        return self.kind.is_kong

    @property
    def is_concealed(self) -> bool:
        """Only a concealed kong keeps the hand concealed."""
        return self.kind is MeldKind.CONCEALED_KONG

    def __str__(self) -> str:
        seat = f"@{SEAT_LETTERS[self.from_seat]}" if self.from_seat is not None else ""
        return f"{self.kind.value}:{format_tiles(self.tiles)}{seat}"

    def __repr__(self) -> str:
        return f"Meld.parse('{self}')"
