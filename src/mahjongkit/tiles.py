"""Tiles as small integers, and their notations.

A tile *kind* is an int: 0-8 are 1-9 characters (``m``), 9-17 1-9 circles (``p``), 18-26 1-9
bamboo (``s``), 27-33 the honours East, South, West, North, White, Green, Red (``1z``-``7z``), and
34-41 the bonus tiles: flowers ``1f``-``4f`` (plum, orchid, chrysanthemum, bamboo) and seasons
``1g``-``4g`` (spring, summer, autumn, winter).

A *physical* tile id is Tenhou's: ``kind * 4 + copy`` for the 136 playing tiles, with the red five
of each suit on copy 0 (ids 16, 52, 88), and 136-143 for the eight bonus tiles.

:class:`Tile` is the value object used at the edges (parsing, display); hot paths use kinds and
34-entry count lists.

>>> parse_tiles("120m")
[Tile.parse('1m'), Tile.parse('2m'), Tile.parse('0m')]
>>> format_tiles(parse_tiles("123m 456p 789s 1122z"))
'123m456p789s1122z'
>>> to_unicode(Tile.parse("7z"))
'🀄︎'
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.i18n import Sentence
from mahjongkit.valueclass import dataclass

NUM_KINDS = 34
"""Kinds of playing tile (three suits of nine and seven honours)."""
NUM_BONUS = 8
"""Kinds of bonus tile (four flowers, four seasons)."""
NUM_ALL_KINDS = NUM_KINDS + NUM_BONUS
COPIES = 4
NUM_PHYSICAL = NUM_KINDS * COPIES
"""Physical playing tiles: 136 (Tenhou ids 0..135); bonus tiles follow as 136..143."""

MAN, PIN, SOU, HONOR, FLOWER, SEASON = range(6)
SUIT_LETTERS = "mpszfg"
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
FIRST_FLOWER, FIRST_SEASON = 34, 38
RED_FIVE_IDS = (16, 52, 88)
"""Physical ids of the red fives (copy 0 of 5m, 5p, 5s) when a rule set plays them."""

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, *range(27, 34))
GREEN_KINDS = (19, 20, 21, 23, 25, GREEN)
"""The kinds of All Green: 2, 3, 4, 6, 8 of bamboo and the green dragon."""

_SUIT_SIZES = (9, 9, 9, 7, 4, 4)
_SUIT_STARTS = (0, 9, 18, 27, 34, 38)


def suit_of(kind: int) -> int:
    """The suit index (``MAN`` ... ``SEASON``) of a kind.

    >>> suit_of(9), suit_of(33), suit_of(40)
    (1, 3, 5)
    """
    if kind < NUM_KINDS:
        return kind // 9
    return FLOWER if kind < FIRST_SEASON else SEASON


def number_of(kind: int) -> int:
    """The number written on a kind: 1-9 in a suit, 1-7 for honours, 1-4 for bonus tiles."""
    return kind - _SUIT_STARTS[suit_of(kind)] + 1


def is_honor(kind: int) -> bool:
    """Winds and dragons."""
    return 27 <= kind < NUM_KINDS


def is_terminal(kind: int) -> bool:
    """A 1 or a 9 of a suit."""
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    """A 1, a 9 or an honour (the tiles of Thirteen Orphans)."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_bonus(kind: int) -> bool:
    """A flower or a season."""
    return NUM_KINDS <= kind < NUM_ALL_KINDS


def kind_of(suit: int, number: int) -> int:
    """The kind with the given suit and number (1-based)."""
    return _SUIT_STARTS[suit] + number - 1


def dora_after(indicator: int) -> int:
    """The dora shown by an indicator kind: the next in its suit, winds and dragons cycling.

    >>> dora_after(8), dora_after(30), dora_after(33)
    (0, 27, 31)
    """
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile: its kind and, for a five, whether it is the red one."""

    kind: int
    red: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.kind < NUM_ALL_KINDS:
            raise NotationError(f"tile kind {self.kind} is out of range 0..{NUM_ALL_KINDS - 1}")
        if self.red and (self.kind >= 27 or self.kind % 9 != 4):
            raise NotationError(f"only a five of a suit can be red, not {format_kind(self.kind)}")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """One tile in mpsz (``0m`` is the red five).

        >>> Tile.parse("0p")
        Tile.parse('0p')
        """
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise NotationError(Sentence("refusal.one_tile", count=len(tiles), text=repr(text)))
        return tiles[0]

    @classmethod
    def from_id(cls, tile_id: int, red_fives: bool = True) -> Tile:
        """The tile of a physical id (Tenhou's 0..135, bonus tiles 136..143)."""
        return cls(kind_of_id(tile_id), red_fives and tile_id in RED_FIVE_IDS)

    def __str__(self) -> str:
        if self.red:
            return "0" + SUIT_LETTERS[self.kind // 9]
        return format_kind(self.kind)

    def __repr__(self) -> str:
        return f"Tile.parse('{self}')"


def format_kind(kind: int) -> str:
    """The mpsz of a kind (never red).

    >>> format_kind(0), format_kind(31), format_kind(41)
    ('1m', '5z', '4g')
    """
    if not 0 <= kind < NUM_ALL_KINDS:
        raise NotationError(f"tile kind {kind} is out of range 0..{NUM_ALL_KINDS - 1}")
    return f"{number_of(kind)}{SUIT_LETTERS[suit_of(kind)]}"


def kind_of_id(tile_id: int) -> int:
    """The kind of a physical tile id."""
    # operator.index takes any integer type (numpy's too) and refuses floats and strings.
    try:
        index = None if isinstance(tile_id, bool) else operator.index(tile_id)
    except TypeError:
        index = None
    if index is None:
        raise NotationError(f"a physical tile id is an int, not {type(tile_id).__name__}")
    tile_id = index
    if not 0 <= tile_id < NUM_PHYSICAL + NUM_BONUS:
        raise NotationError(f"physical tile id {tile_id} is out of range 0..143")
    return tile_id // 4 if tile_id < NUM_PHYSICAL else NUM_KINDS + tile_id - NUM_PHYSICAL


def parse_tiles(text: str) -> list[Tile]:
    """Parse mpsz: digit runs each closed by a suit letter, spaces allowed between groups.

    ``0`` is a red five (m, p, s only); ``z`` honours are 1-7, ``f`` and ``g`` bonus tiles 1-4.

    >>> [str(t) for t in parse_tiles("19m 0p 7z 2f")]
    ['1m', '9m', '0p', '7z', '2f']
    """
    if not isinstance(text, str):
        raise NotationError(Sentence("refusal.mpsz_type", type=type(text).__name__))
    tiles: list[Tile] = []
    digits: list[tuple[int, str]] = []
    # Positions are counted from 1, as a person counts the characters typed.
    for position, char in enumerate(text, start=1):
        if char.isdigit() and char.isascii():
            digits.append((position, char))
        elif char in SUIT_LETTERS:
            if not digits:
                raise NotationError(
                    Sentence(
                        "refusal.suit_first", char=repr(char), position=position, text=repr(text)
                    )
                )
            suit = SUIT_LETTERS.index(char)
            for digit_position, digit in digits:
                tiles.append(_tile_of(int(digit), suit, digit_position, text))
            digits = []
        elif char.isspace():
            if digits:
                raise NotationError(
                    Sentence(
                        "refusal.digits_no_suit",
                        digits=repr("".join(d for _, d in digits)),
                        position=position,
                        text=repr(text),
                        letters=repr(SUIT_LETTERS),
                    )
                )
        else:
            raise NotationError(
                Sentence(
                    "refusal.unknown_char",
                    char=repr(char),
                    position=position,
                    text=repr(text),
                    letters=repr(SUIT_LETTERS),
                )
            )
    if digits:
        raise NotationError(
            Sentence(
                "refusal.ends_digits",
                digits=repr("".join(d for _, d in digits)),
                text=repr(text),
                letters=repr(SUIT_LETTERS),
            )
        )
    return tiles


def _tile_of(number: int, suit: int, position: int, text: str) -> Tile:
    size = _SUIT_SIZES[suit]
    letter = SUIT_LETTERS[suit]
    if number == 0:
        if suit > SOU:
            raise NotationError(
                Sentence("refusal.red_suit", tile=f"0{letter}", position=position, text=repr(text))
            )
        return Tile(_SUIT_STARTS[suit] + 4, red=True)
    if number > size:
        raise NotationError(
            Sentence(
                "refusal.suit_range",
                tile=f"{number}{letter}",
                position=position,
                text=repr(text),
                letter=letter,
                size=size,
            )
        )
    return Tile(_SUIT_STARTS[suit] + number - 1)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """mpsz of tiles in the order given, one suit letter per run of the same suit."""
    out: list[str] = []
    current = ""
    for tile in tiles:
        text = str(tile)
        if current and current != text[-1]:
            out.append(current)
        out.append(text[:-1])
        current = text[-1]
    if current:
        out.append(current)
    return "".join(out)


def sort_key(tile: Tile) -> tuple[int, bool]:
    """Order for display: by kind, the red five just before the other fives."""
    return (tile.kind, not tile.red)


def format_hand(tiles: Iterable[Tile]) -> str:
    """Sorted mpsz of a hand.

    >>> format_hand(parse_tiles("3m1z2m0m1m"))
    '1230m1z'
    """
    return format_tiles(sorted(tiles, key=lambda t: (t.kind, t.red)))


def format_kinds(kinds: Iterable[int]) -> str:
    """Sorted mpsz of kinds."""
    return format_tiles(Tile(k) for k in sorted(kinds))


def parse_kinds(text: str) -> list[int]:
    """Kinds of an mpsz string (red fives become plain fives)."""
    return [t.kind for t in parse_tiles(text)]


def counts_of(kinds: Iterable[int], *, what: str = "hand") -> list[int]:
    """A 34-entry count list of playing-tile kinds; a fifth copy or a bonus tile is an error."""
    counts = [0] * NUM_KINDS
    for kind in kinds:
        if not 0 <= kind < NUM_KINDS:
            raise InvalidHandError(Sentence("refusal.bonus_in", tile=format_kind(kind), what=what))
        counts[kind] += 1
        if counts[kind] > COPIES:
            raise InvalidHandError(Sentence("refusal.fifth_in", tile=format_kind(kind), what=what))
    return counts


def counts_of_ids(tile_ids: Iterable[int]) -> list[int]:
    """34-entry kind counts of physical ids (``kind * 4 + copy``); bonus tiles are not counted.

    >>> counts_of_ids([0, 1, 135, 136])[:2], counts_of_ids([135])[33]
    ([2, 0], 1)
    """
    counts = [0] * NUM_KINDS
    for tile_id in tile_ids:
        if tile_id < NUM_PHYSICAL:
            counts[tile_id >> 2] += 1
    return counts


def counts_to_kinds(counts: Sequence[int]) -> list[int]:
    """The sorted kinds of a count list."""
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


# --- mjai ---------------------------------------------------------------------------------------

_MJAI_HONORS = ("E", "S", "W", "N", "P", "F", "C")


def to_mjai(tile: Tile) -> str:
    """mjai's tile string: ``1m``..``9s``, ``5mr`` red, ``E S W N P F C`` honours.

    Bonus tiles, which mjai lacks, use the namespaced mpsz form ``1f``..``4g``.

    >>> to_mjai(Tile.parse("0s")), to_mjai(Tile.parse("5z"))
    ('5sr', 'P')
    """
    if tile.kind >= NUM_KINDS:
        return format_kind(tile.kind)
    if tile.kind >= 27:
        return _MJAI_HONORS[tile.kind - 27]
    text = format_kind(tile.kind)
    return text + "r" if tile.red else text


def from_mjai(text: str) -> Tile:
    """Parse an mjai tile string (see :func:`to_mjai`)."""
    if not isinstance(text, str):
        raise NotationError(f"an mjai tile is a string, not {type(text).__name__}")
    if text in _MJAI_HONORS:
        return Tile(27 + _MJAI_HONORS.index(text))
    if len(text) == 3 and text[0] == "5" and text[1] in "mps" and text[2] == "r":
        return Tile(_SUIT_STARTS["mps".index(text[1])] + 4, red=True)
    if len(text) == 2 and text[0] in "123456789" and text[1] in "mps":
        return Tile(_SUIT_STARTS["mps".index(text[1])] + int(text[0]) - 1)
    if len(text) == 2 and text[0] in "1234" and text[1] in "fg":
        return Tile(_SUIT_STARTS[SUIT_LETTERS.index(text[1])] + int(text[0]) - 1)
    raise NotationError(
        f"{text!r} is not an mjai tile (expected 1m-9s, 5mr/5pr/5sr, E S W N P F C or 1f-4g)"
    )


# --- tenhou.net/6 -------------------------------------------------------------------------------


def to_tenhou6(tile: Tile) -> int:
    """tenhou.net/6's tile int: 11-19 m, 21-29 p, 31-39 s, 41-47 honours, 51-53 red fives.

    >>> to_tenhou6(Tile.parse("0p")), to_tenhou6(Tile.parse("7z"))
    (52, 47)
    """
    if tile.kind >= NUM_KINDS:
        raise NotationError(f"tenhou.net/6 has no code for the bonus tile {tile}")
    if tile.red:
        return 51 + tile.kind // 9
    return (tile.kind // 9 + 1) * 10 + number_of(tile.kind)


def from_tenhou6(code: int) -> Tile:
    """Parse a tenhou.net/6 tile int (see :func:`to_tenhou6`)."""
    if not isinstance(code, int) or isinstance(code, bool):
        raise NotationError(f"a tenhou.net/6 tile is an int, not {code!r}")
    if code in (51, 52, 53):
        return Tile(_SUIT_STARTS[code - 51] + 4, red=True)
    tens, number = divmod(code, 10)
    if 1 <= tens <= 3 and 1 <= number <= 9:
        return Tile(_SUIT_STARTS[tens - 1] + number - 1)
    if tens == 4 and 1 <= number <= 7:
        return Tile(27 + number - 1)
    shown = code if abs(code) < 10**12 else "a number of more than 12 digits"
    raise NotationError(
        f"{shown} is not a tenhou.net/6 tile (expected 11-19, 21-29, 31-39, 41-47 or 51-53)"
    )


# --- Unicode ------------------------------------------------------------------------------------

_TEXT_STYLE = "\ufe0e"
# The Mahjong Tiles block orders suits characters, bamboo, circles and dragons red, green, white,
# and flowers plum, orchid, bamboo, chrysanthemum: each differs from mpsz order.
_UNICODE_SUIT_START = {MAN: 0x1F007, SOU: 0x1F010, PIN: 0x1F019}
_UNICODE_HONOR = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_UNICODE_BONUS = (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)
_FROM_UNICODE = {
    **{
        chr(start + n): Tile(_SUIT_STARTS[suit] + n)
        for suit, start in _UNICODE_SUIT_START.items()
        for n in range(9)
    },
    **{chr(code): Tile(27 + i) for i, code in enumerate(_UNICODE_HONOR)},
    **{chr(code): Tile(NUM_KINDS + i) for i, code in enumerate(_UNICODE_BONUS)},
}


def to_unicode(tile: Tile) -> str:
    """The tile's glyph in the U+1F000 block (red fives look like fives).

    The red dragon U+1F004 is followed by U+FE0E so that it renders as text, like the others.
    """
    kind = tile.kind
    if kind >= NUM_KINDS:
        return chr(_UNICODE_BONUS[kind - NUM_KINDS])
    if kind >= 27:
        glyph = chr(_UNICODE_HONOR[kind - 27])
        return glyph + _TEXT_STYLE if kind == RED else glyph
    return chr(_UNICODE_SUIT_START[kind // 9] + kind % 9)


def from_unicode(text: str) -> list[Tile]:
    """Tiles of a string of glyphs; spaces and the text-style selector are ignored."""
    if not isinstance(text, str):
        raise NotationError(f"expected a string of tile glyphs, got {type(text).__name__}")
    tiles = []
    for position, char in enumerate(text):
        if char == _TEXT_STYLE or char.isspace():
            continue
        tile = _FROM_UNICODE.get(char)
        if tile is None:
            raise NotationError(
                f"character {char!r} (U+{ord(char):04X}) at position {position} "
                "is not a mahjong tile glyph"
            )
        tiles.append(tile)
    return tiles
