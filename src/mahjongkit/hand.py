"""A hand: concealed tiles and declared melds, validated once at the edge.

>>> hand = Hand.parse("123m456p789s11z", ["pung:777z@W"])
>>> hand.size, str(hand)
(14, '123m456p789s11z pung:777z@W')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.i18n import Sentence
from mahjongkit.melds import Meld
from mahjongkit.tiles import (
    COPIES,
    NUM_KINDS,
    SUIT_LETTERS,
    Tile,
    format_kind,
    parse_tiles,
)
from mahjongkit.valueclass import dataclass, field

PACKED_BITS = 3
"""Bits per kind in :attr:`Hand.packed` (a kind is held at most four times)."""
_SUIT_BITS = 9 * PACKED_BITS
_SUIT_MASK = (1 << _SUIT_BITS) - 1
PACKED_ONE = tuple(1 << (PACKED_BITS * kind) for kind in range(NUM_KINDS))
"""What one tile of each kind adds to :attr:`Hand.packed`."""


_OR = {"en": " or ", "fr": " ou ", "es": " o "}
_SUIT_TEXTS: dict[tuple[int, int, int], str] = {}
"""One suit's part of a hand's text by (suit, its packed counts, its red kinds)."""
_SUIT_TEXTS_LIMIT = 1 << 14
_SUIT_RED_MASK = (1 << 9) - 1


def _suit_text(suit: int, key: int, red: int) -> str:
    """The mpsz of one suit's tiles, sorted (a red five after the plain ones)."""
    digits = []
    for number in range(9 if suit < 3 else 7):
        held = (key >> (PACKED_BITS * number)) & ((1 << PACKED_BITS) - 1)
        if red >> number & 1:
            digits.append(str(number + 1) * (held - 1) + "0")
        else:
            digits.append(str(number + 1) * held)
    if len(_SUIT_TEXTS) >= _SUIT_TEXTS_LIMIT:
        _SUIT_TEXTS.clear()
    found = _SUIT_TEXTS[(suit, key, red)] = "".join(digits) + SUIT_LETTERS[suit]
    return found

@dataclass(frozen=True, slots=True)
class Hand:
    """Concealed tiles and melds; a kong counts as three tiles towards the hand size."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    packed: int = field(init=False, repr=False, compare=False)
    """The concealed tiles' counts as one int, :data:`PACKED_BITS` bits per kind (kind ``k`` at
    bits ``3k .. 3k+2``): what scorers key their tables by."""
    red_kinds: int = field(init=False, repr=False, compare=False)
    """The kinds of the red fives among the concealed tiles, as bits."""
    suit_keys: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)
    """:attr:`packed` cut by suit (m, p, s, honours), each kind at bits ``3n .. 3n+2`` of its
    suit's key: small ints for per-suit tables."""
    red_count: int = field(init=False, repr=False, compare=False)
    """The red fives held, melds included."""
    size: int = field(init=False, repr=False, compare=False)
    """Tiles counted towards 13 or 14: concealed tiles plus three per meld."""
    held_counts: bytes = field(init=False, repr=False, compare=False)
    """How many tiles of each of the 34 kinds the hand holds, melds included (a kong's four):
    what dora are counted on."""

    def __post_init__(self) -> None:
        packed = red_kinds = 0
        for tile in self.concealed:
            kind = tile.kind
            if kind >= NUM_KINDS:
                raise InvalidHandError(Sentence("refusal.bonus_held", tile=str(tile)))
            packed += PACKED_ONE[kind]
            if tile.red:
                red_kinds |= 1 << kind
        object.__setattr__(self, "packed", packed)
        object.__setattr__(
            self,
            "suit_keys",
            (
                packed & _SUIT_MASK,
                packed >> _SUIT_BITS & _SUIT_MASK,
                packed >> 2 * _SUIT_BITS & _SUIT_MASK,
                packed >> 3 * _SUIT_BITS,
            ),
        )
        object.__setattr__(self, "red_kinds", red_kinds)
        if len(self.melds) > 4:
            raise InvalidHandError(Sentence("refusal.too_many_melds", count=len(self.melds)))
        limit = 14 - 3 * len(self.melds)
        if len(self.concealed) > limit:
            raise InvalidHandError(
                Sentence(
                    "refusal.too_many_tiles",
                    count=len(self.concealed),
                    melds=len(self.melds),
                    limit=limit,
                )
            )
        counts = [0] * NUM_KINDS
        reds: dict[int, int] = {}
        for tile in (*self.concealed, *(t for m in self.melds for t in m.tiles)):
            counts[tile.kind] += 1
            if counts[tile.kind] > COPIES:
                raise InvalidHandError(Sentence("refusal.fifth", tile=format_kind(tile.kind)))
            if tile.red:
                reds[tile.kind] = reds.get(tile.kind, 0) + 1
                if reds[tile.kind] > 1:
                    raise InvalidHandError(Sentence("refusal.two_red", tile=format_kind(tile.kind)))
        object.__setattr__(self, "held_counts", bytes(counts))
        object.__setattr__(self, "red_count", sum(reds.values()))
        object.__setattr__(self, "size", len(self.concealed) + 3 * len(self.melds))

    @classmethod
    def parse(cls, concealed: str, melds: Iterable[str | Meld] = ()) -> Hand:
        """Parse mpsz concealed tiles and melds written ``KIND:TILES[@SEAT]``."""
        # A lone string would be read letter by letter as melds: it must come in a list.
        if isinstance(melds, str | bytes) or not isinstance(melds, Iterable):
            raise NotationError(Sentence("refusal.melds_type", type=type(melds).__name__))
        return cls(
            tuple(parse_tiles(concealed)),
            tuple(m if isinstance(m, Meld) else Meld.parse(m) for m in melds),
        )

    @property
    def counts(self) -> list[int]:
        """34-entry counts of the concealed tiles."""
        counts = [0] * NUM_KINDS
        for tile in self.concealed:
            counts[tile.kind] += 1
        return counts

    @property
    def is_concealed(self) -> bool:
        """No meld other than concealed kongs."""
        return all(m.is_concealed for m in self.melds)

    def require_size(self, sizes: Sequence[int] = (13, 14)) -> None:
        """Raise unless the hand counts one of ``sizes`` tiles."""
        if self.size not in sizes:
            counts = [str(s - 3 * len(self.melds)) for s in sizes if s - 3 * len(self.melds) >= 0]
            # "13 or 14" in each language's own word for "or".
            wanted = {lang: word.join(counts) for lang, word in _OR.items()}
            raise InvalidHandError(
                Sentence(
                    "refusal.hand_size",
                    count=len(self.concealed),
                    melds=len(self.melds),
                    wanted=wanted,
                )
            )

    def with_tile(self, tile: Tile) -> Hand:
        """The hand after drawing or claiming ``tile`` into the concealed part."""
        return Hand((*self.concealed, tile), self.melds)

    def __str__(self) -> str:
        # Scorers write the hand into every result: the text is put together from each suit's
        # counts and red five, each suit's part made once (the same as sorting the tiles).
        parts = []
        for suit, key in enumerate(self.suit_keys):
            if key:
                red = (self.red_kinds >> (9 * suit)) & _SUIT_RED_MASK
                text = _SUIT_TEXTS.get((suit, key, red))
                if text is None:
                    text = _suit_text(suit, key, red)
                parts.append(text)
        text = "".join(parts)
        return " ".join([text, *map(str, self.melds)]) if self.melds else text
