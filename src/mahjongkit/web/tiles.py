"""Tile pictures: our own SVG drawing of each tile, made from its mpsz code, and the HTML that
shows tiles with their text alternatives in the page's language.

The faces are those a player knows: 一 … 九 over 萬 for characters, circles and bamboo sticks
as they are printed (the one of bamboo a bird), 東 南 西 北, 中 in red, 發 in green, the white
dragon's blue frame, and each flower (梅 蘭 菊 竹) and season (春 夏 秋 冬) its own picture
with its name and number. The characters are outlines (:mod:`mahjongkit.web.tile_glyphs`): a
picture loaded by ``<img>`` cannot use the page's fonts. Red fives are drawn in red with a dot.

Each tile exists with a small corner label for beginners (``/tiles/5m.svg``: "5m", "E", "Wh")
and without it (``/tiles/bare/5m.svg``); ``back`` is a face-down tile. Suits are also told apart
without colour, by their shapes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from html import escape

from mahjongkit.errors import NotationError
from mahjongkit.i18n import t, tile_name
from mahjongkit.melds import SEAT_LETTERS, Meld
from mahjongkit.tiles import Tile, parse_tiles
from mahjongkit.web.tile_glyphs import GLYPHS

BACK = "back"
"""The code of the face-down tile's picture."""
_FACE = "#fdf9ee"
_NAVY = "#1b2a4a"
_RED = "#c0161b"
_GREEN = "#16703a"
_BLUE = "#1d4f9a"
_NUMERALS = "一二三四五六七八九"
_WINDS = "東南西北"
_LABELS = {1: "E", 2: "S", 3: "W", 4: "N", 5: "Wh", 6: "G", 7: "R"}
_BONUS = {
    "f": ("梅蘭菊竹", ("#b8336a", "#6d3fa0", "#c77700", _GREEN)),
    "g": ("春夏秋冬", (_GREEN, _RED, "#b5510c", _BLUE)),
}


def _code(code: str) -> tuple[int, str]:
    if len(code) != 2 or not code[0].isdigit() or code[1] not in "mpszfg":
        raise NotationError(f"{code!r} is not one tile in mpsz (such as 5s, 0p, 3z, 2f)")
    number, suit = int(code[0]), code[1]
    valid = {"m": range(10), "p": range(10), "s": range(10), "z": range(1, 8)}.get(
        suit, range(1, 5)
    )
    if number not in valid:
        raise NotationError(f"{code!r} is not a tile")
    return number, suit


def _glyph(char: str, x: float, y: float, size: float, colour: str) -> str:
    """A tile character ``size`` units wide with its box's top-left corner at (x, y)."""
    scale = size / 100
    return (
        f'<path transform="translate({x:g} {y:g}) scale({scale:g})" fill="{colour}" '
        f'd="{GLYPHS[char]}"/>'
    )


def _circle(x: float, y: float, r: float, colour: str) -> str:
    # A printed circle: a coloured disc, a ring of the face, a coloured eye and its light.
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{colour}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.74:.2f}" fill="{_FACE}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.52:.2f}" fill="{colour}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.2:.2f}" fill="{_FACE}"/>'
    )


_PINS: dict[int, Sequence[tuple[float, float, float, str]]] = {
    2: [(30, 18, 11.5, _GREEN), (30, 52, 11.5, _BLUE)],
    3: [(14, 14, 9, _BLUE), (30, 35, 9, _RED), (46, 56, 9, _GREEN)],
    4: [(17, 18, 10, _BLUE), (43, 18, 10, _GREEN), (17, 52, 10, _GREEN), (43, 52, 10, _BLUE)],
    5: [
        (15, 15, 9, _BLUE),
        (45, 15, 9, _GREEN),
        (30, 35, 9, _RED),
        (15, 55, 9, _GREEN),
        (45, 55, 9, _BLUE),
    ],
    6: [(17, 13, 9, _GREEN), (43, 13, 9, _GREEN)]
    + [(x, y, 9, _RED) for y in (37, 58) for x in (17, 43)],
    7: [(13, 10, 7.5, _GREEN), (30, 17, 7.5, _GREEN), (47, 24, 7.5, _GREEN)]
    + [(x, y, 7.5, _RED) for y in (44, 61) for x in (18, 42)],
    8: [(x, y, 8, _BLUE) for y in (10, 27, 44, 61) for x in (17, 43)],
    9: [
        (x, y, 8, colour)
        for y, colour in ((12, _BLUE), (35, _RED), (58, _GREEN))
        for x in (13, 30, 47)
    ],
}


def _stick(x: float, y: float, height: float, colour: str, turn: float = 0) -> str:
    # A bamboo stick centred on (x, y): a rounded cane with its three nodes.
    top = y - height / 2
    turned = f' transform="rotate({turn:g} {x:g} {y:g})"' if turn else ""
    nodes = "".join(
        f'<rect x="{x - 4.2:g}" y="{top + height * f - 1:.2f}" width="8.4" height="2" rx="1" '
        f'fill="{colour}"/>'
        for f in (0.08, 0.5, 0.92)
    )
    return (
        f"<g{turned}>"
        f'<rect x="{x - 3:g}" y="{top:g}" width="6" height="{height:g}" rx="2.6" fill="{colour}"/>'
        f'<line x1="{x:g}" y1="{top + 2:g}" x2="{x:g}" y2="{top + height - 2:g}" '
        f'stroke="{_FACE}" stroke-width="1" opacity=".55"/>{nodes}</g>'
    )


_STICKS: dict[int, Sequence[tuple[float, float, float, str, float]]] = {
    2: [(30, 18, 28, _GREEN, 0), (30, 52, 28, _GREEN, 0)],
    3: [(30, 18, 28, _GREEN, 0), (19, 52, 28, _GREEN, 0), (41, 52, 28, _GREEN, 0)],
    4: [(x, y, 28, _GREEN, 0) for y in (18, 52) for x in (19, 41)],
    5: [(x, y, 28, _GREEN, 0) for y in (18, 52) for x in (14, 46)] + [(30, 35, 28, _RED, 0)],
    6: [(x, y, 28, _GREEN, 0) for y in (18, 52) for x in (14, 30, 46)],
    7: [(30, 10, 17, _RED, 0)] + [(x, y, 20, _GREEN, 0) for y in (35, 59) for x in (14, 30, 46)],
    8: [
        (x, y, 28, _GREEN, turn)
        for y, sign in ((18, 1), (52, -1))
        for x, turn in ((9, 0), (23, 22 * sign), (37, -22 * sign), (51, 0))
    ],
    9: [(x, y, 20, _RED if x == 30 else _GREEN, 0) for y in (11, 35, 59) for x in (14, 30, 46)],
}


def _bird(colour: str) -> str:
    # The one of bamboo: a bird on its perch, as the sets print it.
    return (
        f'<path d="M30 62 C18 60 13 48 17 38 C20 31 27 28 31 31 C36 35 35 44 40 50 '
        f'C44 55 40 62 30 62 Z" fill="{colour}"/>'
        '<path d="M31 31 C30 24 34 17 41 17 C46 17 48 21 46 24 C43 22 39 24 38 28 Z" '
        f'fill="{_RED}"/>'
        '<path d="M46 20 L53 21 L46 24 Z" fill="#c77700"/>'
        f'<circle cx="42" cy="21" r="1.6" fill="{_FACE}"/>'
        f'<path d="M22 42 C26 46 30 50 33 57" fill="none" stroke="{_FACE}" stroke-width="1.6"/>'
        f'<path d="M19 58 C12 62 8 66 6 70 M24 61 C20 65 18 68 17 71" fill="none" '
        f'stroke="{_BLUE}" stroke-width="2.5" stroke-linecap="round"/>'
        '<path d="M28 62 L26 69 M33 62 L35 69 M20 69 H42" stroke="#8a4b0f" stroke-width="2" '
        'stroke-linecap="round"/>'
    )


def _one_pin() -> str:
    # The one of circles: one large ornamented circle.
    petals = "".join(
        f'<circle cx="{30 + 14 * dx:.2f}" cy="{35 + 14 * dy:.2f}" r="2.6" fill="{_RED}"/>'
        for dx, dy in (
            (1, 0),
            (0.707, 0.707),
            (0, 1),
            (-0.707, 0.707),
            (-1, 0),
            (-0.707, -0.707),
            (0, -1),
            (0.707, -0.707),
        )
    )
    return (
        f'<circle cx="30" cy="35" r="24" fill="{_GREEN}"/>'
        f'<circle cx="30" cy="35" r="21" fill="{_FACE}"/>'
        f'<circle cx="30" cy="35" r="18.5" fill="{_BLUE}"/>'
        f'<circle cx="30" cy="35" r="17" fill="{_FACE}"/>'
        + petals
        + f'<circle cx="30" cy="35" r="9" fill="{_RED}"/>'
        f'<circle cx="30" cy="35" r="5.5" fill="{_FACE}"/>'
        f'<circle cx="30" cy="35" r="3" fill="{_GREEN}"/>'
    )


def _flower_picture(suit: str, number: int, colour: str) -> str:
    """The picture of a flower (``f``) or season (``g``), in the art box's top part."""
    if suit == "f" and number == 1:  # plum: a branch and its five-petal blossoms
        blossoms = "".join(
            "".join(
                f'<circle cx="{x + 4.5 * dx:.1f}" cy="{y + 4.5 * dy:.1f}" r="3.6" fill="{colour}"/>'
                for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))
            )
            + f'<circle cx="{x}" cy="{y}" r="2" fill="#f5d04c"/>'
            for x, y in ((22, 18), (40, 28), (26, 38))
        )
        return (
            '<path d="M8 46 C18 40 26 30 44 12 M20 38 C28 34 36 30 46 32" fill="none" '
            'stroke="#6b3d1f" stroke-width="2.4" stroke-linecap="round"/>' + blossoms
        )
    if suit == "f" and number == 2:  # orchid: long leaves and one bloom
        return (
            f'<path d="M30 48 C22 36 12 30 6 30 M30 48 C30 34 34 22 42 14 M30 48 C38 40 48 38 '
            f'54 40" fill="none" stroke="{_GREEN}" stroke-width="2.6" stroke-linecap="round"/>'
            f'<path d="M34 22 C28 14 30 8 36 8 C40 8 42 14 38 20 C44 16 50 20 46 26 C42 30 36 28 '
            f'34 22 Z" fill="{colour}"/><circle cx="37" cy="20" r="2" fill="#f5d04c"/>'
        )
    if suit == "f" and number == 3:  # chrysanthemum: many narrow petals
        petals = "".join(
            f'<ellipse cx="30" cy="15" rx="2.6" ry="9" fill="{colour}" '
            f'transform="rotate({angle} 30 26)"/>'
            for angle in range(0, 360, 24)
        )
        return (
            '<path d="M30 34 C30 40 28 46 26 50 M28 44 C22 42 18 44 16 46" fill="none" '
            f'stroke="{_GREEN}" stroke-width="2.4" stroke-linecap="round"/>'
            + petals
            + '<circle cx="30" cy="26" r="5" fill="#8a4b0f"/>'
        )
    if suit == "f":  # bamboo: a jointed stalk and its leaves
        return (
            f'<path d="M28 50 V6" stroke="{colour}" stroke-width="5" stroke-linecap="round"/>'
            f'<path d="M25 18 H31 M25 32 H31 M25 44 H31" stroke="{_FACE}" stroke-width="1.6"/>'
            f'<path d="M29 18 C36 12 44 10 52 10 C46 16 38 18 29 18 Z M29 32 C22 26 14 24 8 26 '
            f'C14 32 22 34 29 32 Z M29 26 C36 22 44 24 50 28 C42 30 36 30 29 26 Z" '
            f'fill="{colour}"/>'
        )
    if number == 1:  # spring: a budding branch
        buds = "".join(
            f'<circle cx="{x}" cy="{y}" r="3.4" fill="#e36b9a"/>'
            for x, y in ((18, 14), (34, 10), (44, 22), (24, 28))
        )
        return (
            f'<path d="M10 48 C18 36 26 26 34 10 M22 32 C30 28 38 26 44 22 M16 40 C18 30 20 20 '
            f'18 14" fill="none" stroke="#6b3d1f" stroke-width="2.2" stroke-linecap="round"/>'
            f'<path d="M26 38 C30 32 36 32 40 34 C36 38 30 40 26 38 Z" fill="{colour}"/>' + buds
        )
    if number == 2:  # summer: the sun and its rays
        rays = "".join(
            f'<path d="M30 3 L33 10 L27 10 Z" fill="{colour}" transform="rotate({a} 30 26)"/>'
            for a in range(0, 360, 30)
        )
        return rays + f'<circle cx="30" cy="26" r="12" fill="{colour}"/>'
    if number == 3:  # autumn: a maple leaf
        return (
            f'<path d="M30 4 L34 16 L44 10 L41 22 L54 22 L44 30 L49 38 L36 35 L32 46 H28 L24 35 '
            f'L11 38 L16 30 L6 22 L19 22 L16 10 L26 16 Z" fill="{colour}"/>'
            '<path d="M30 46 V52" stroke="#6b3d1f" stroke-width="2.2" stroke-linecap="round"/>'
        )
    arms = "".join(  # winter: a snowflake
        f'<g transform="rotate({a} 30 26)"><path d="M30 26 V6 M30 12 L25 8 M30 12 L35 8 M30 19 '
        f'L24 15 M30 19 L36 15" stroke="{colour}" stroke-width="2.4" stroke-linecap="round"/></g>'
        for a in range(0, 360, 60)
    )
    return arms + f'<circle cx="30" cy="26" r="3" fill="{colour}"/>'


def _art(number: int, suit: str) -> str:
    """The face of a tile in an art box 60 wide and 70 high."""
    red = number == 0
    shown = 5 if red else number
    if suit == "m":
        numeral = _RED if red else _NAVY
        return _glyph(_NUMERALS[shown - 1], 14, 1, 32, numeral) + _glyph("萬", 10, 30, 40, _RED)
    if suit == "p":
        if shown == 1:
            return _one_pin()
        return "".join(_circle(x, y, r, _RED if red else c) for x, y, r, c in _PINS[shown])
    if suit == "s":
        if shown == 1:
            return _bird(_GREEN)
        return "".join(
            _stick(x, y, h, _RED if red else c, turn) for x, y, h, c, turn in _STICKS[shown]
        )
    if suit == "z" and number <= 4:
        return _glyph(_WINDS[number - 1], 6, 10, 48, _NAVY)
    if suit == "z" and number == 5:
        return (
            f'<rect x="11" y="8" width="38" height="54" rx="3" fill="none" stroke="{_BLUE}" '
            'stroke-width="4"/>'
            f'<rect x="18" y="15" width="24" height="40" rx="2" fill="none" stroke="{_BLUE}" '
            'stroke-width="2"/>'
        )
    if suit == "z":
        return _glyph("發" if number == 6 else "中", 5, 10, 50, _GREEN if number == 6 else _RED)
    names, colours = _BONUS[suit]
    colour = colours[number - 1]
    return (
        _flower_picture(suit, number, colour)
        + _glyph(names[number - 1], 17, 46, 26, colour)
        + f'<text x="54" y="12" text-anchor="end" font-family="DejaVu Serif, serif" '
        f'font-size="13" font-weight="bold" fill="{_RED}">{number}</text>'
    )


def _label(number: int, suit: str) -> str:
    if suit == "z":
        return _LABELS[number]
    return f"{5 if number == 0 else number}{suit}"


@cache
def tile_svg(code: str, label: bool = True) -> str:
    """The SVG picture of one tile (``5s``, ``0p``, ``7z``, ``3f``, or ``back``), with its
    small corner label (``label``) or without it."""
    head = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80">'
    body = (
        '<rect x="1" y="1" width="58" height="78" rx="7" fill="#d9ccab" stroke="#5d5647" '
        'stroke-width="1.5"/>'
    )
    if code == BACK:
        return (
            head
            + '<rect x="1" y="1" width="58" height="78" rx="7" fill="#1f5e3f" stroke="#123826" '
            'stroke-width="1.5"/><rect x="6" y="6" width="48" height="64" rx="5" fill="none" '
            'stroke="#6fae8b" stroke-width="1.5"/><path d="M30 22 L40 38 L30 54 L20 38 Z" '
            'fill="none" stroke="#6fae8b" stroke-width="1.5"/></svg>'
        )
    number, suit = _code(code)
    parts = [head, body, f'<rect x="2.5" y="2.5" width="55" height="71" rx="6" fill="{_FACE}"/>']
    if label:
        parts.append(f'<g transform="translate(4.5 10.5) scale(0.85)">{_art(number, suit)}</g>')
        text = _label(number, suit)
        width = 8 + 6.6 * len(text)
        parts.append(
            f'<rect x="3" y="3" width="{width:g}" height="12" rx="3" fill="#2b2b2b"/>'
            f'<text x="{3 + width / 2:g}" y="12.6" text-anchor="middle" font-family="DejaVu '
            f'Sans, Verdana, sans-serif" font-size="10.5" font-weight="bold" fill="#ffffff">'
            f"{text}</text>"
        )
    else:
        parts.append(f'<g transform="translate(0 4)">{_art(number, suit)}</g>')
    if number == 0:
        parts.append(f'<circle cx="52" cy="68" r="3.2" fill="{_RED}"/>')
    parts.append("</svg>")
    return "".join(parts)


def tile_images(tiles: list[str], lang: str, css: str = "tile") -> str:
    """``<img>`` elements for tiles given as mpsz codes, each with its spoken name as ``alt``;
    a code after ``~`` (``~5m``) is drawn sideways, as a called tile."""
    images = []
    for code in tiles:
        turned = code.startswith("~")
        code = code.lstrip("~")
        name = t("learn.tiles.back", lang) if code == BACK else tile_name(code, lang)
        images.append(
            f'<img class="{css}{" sideways" if turned else ""}" src="/tiles/{code}.svg" '
            f'alt="{escape(name)}" width="30" height="40">'
        )
    return "".join(images)


def meld_codes(meld: Meld) -> list[str]:
    """The tiles of a meld as mpsz codes, the claimed one marked ``~`` (drawn sideways): the
    first tile of a claimed meld, none of a concealed kong, whose middle two show face down."""
    codes = [str(tile) for tile in meld.tiles]
    if meld.kind.value == "concealed-kong":
        return [BACK, codes[1], codes[2], BACK]
    if meld.from_seat is not None:
        codes[0] = "~" + codes[0]
    return codes


def meld_label(meld: Meld, lang: str) -> str:
    """A meld's kind in ``lang``, with the seat it was claimed from."""
    label = t(f"meld.{meld.kind.value}", lang)
    if meld.from_seat is not None:
        seat = t(f"seat.{SEAT_LETTERS[meld.from_seat]}", lang)
        label = t("meld.from", lang, meld=label, seat=seat)
    return label


def meld_group(word: str, lang: str) -> str:
    """A called or concealed set written ``KIND:TILES[@SEAT]``, drawn as a labelled group: its
    kind's name, then its tiles (sideways where claimed)."""
    meld = Meld.parse(word)
    label = meld_label(meld, lang)
    return (
        f'<span class="meld" role="group" aria-label="{escape(label)}">'
        f'<span class="meld-kind" aria-hidden="true">{escape(label)}</span>'
        f"{tile_images(meld_codes(meld), lang)}</span>"
    )


def tiles_html(notation: str, lang: str, show_notation: bool = True) -> str:
    """Tiles or melds written in mpsz (``123m``, ``pung:555z``, several separated by spaces)
    drawn as pictures with text alternatives, each word a labelled group, followed by the
    notation itself unless ``show_notation`` is False."""
    groups = []
    for word in notation.split():
        if ":" in word:
            groups.append(meld_group(word, lang))
        else:
            tiles: list[Tile] = parse_tiles(word)
            if not tiles:
                raise NotationError(f"{word!r} holds no tile")
            names = ", ".join(tile_name(str(tile), lang) for tile in tiles)
            groups.append(
                f'<span class="group" role="group" aria-label="{escape(names)}">'
                f"{tile_images([str(tile) for tile in tiles], lang)}</span>"
            )
    drawn = f'<span class="tiles">{" ".join(groups)}</span>'
    if not show_notation:
        return drawn
    return f'{drawn} <code class="notation">{escape(notation)}</code>'
