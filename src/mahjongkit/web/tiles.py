"""Tile pictures: our own SVG drawing of each tile, made from its mpsz code, and the HTML that
shows tiles with their text alternatives in the page's language.

Suits are told apart without colour: circles are rings, bamboo are sticks, characters carry a
large numeral over a seal mark, and every numbered tile shows its number and suit letter in the
corner. Red fives add a star.
"""

from __future__ import annotations

from functools import cache
from html import escape

from mahjongkit.errors import NotationError
from mahjongkit.i18n import t, tile_name
from mahjongkit.melds import Meld
from mahjongkit.tiles import Tile, parse_tiles

_INK = {
    "m": "#8a1c1c",
    "p": "#1d3f8a",
    "s": "#1f6b32",
    "z": "#222222",
    "f": "#8a4b0f",
    "g": "#5b2a86",
}
_SPOTS = {
    1: [(30, 48)],
    2: [(30, 32), (30, 64)],
    3: [(18, 30), (30, 48), (42, 66)],
    4: [(18, 32), (42, 32), (18, 64), (42, 64)],
    5: [(18, 30), (42, 30), (30, 48), (18, 66), (42, 66)],
    6: [(18, 30), (42, 30), (18, 48), (42, 48), (18, 66), (42, 66)],
    7: [(18, 27), (30, 33), (42, 39), (18, 55), (42, 55), (18, 70), (42, 70)],
    8: [(20, 27), (40, 27), (20, 42), (40, 42), (20, 57), (40, 57), (20, 72), (40, 72)],
    9: [(18, 30), (30, 30), (42, 30), (18, 48), (30, 48), (42, 48), (18, 66), (30, 66), (42, 66)],
}


def _code(code: str) -> tuple[int, str]:
    if len(code) != 2 or not code[0].isdigit() or code[1] not in _INK:
        raise NotationError(f"{code!r} is not one tile in mpsz (such as 5s, 0p, 3z, 2f)")
    number, suit = int(code[0]), code[1]
    valid = {"m": range(10), "p": range(10), "s": range(10), "z": range(1, 8)}.get(
        suit, range(1, 5)
    )
    if number not in valid:
        raise NotationError(f"{code!r} is not a tile")
    return number, suit


@cache
def tile_svg(code: str) -> str:
    """The SVG picture of one tile (``5s``, ``0p``, ``7z``, ``3f``)."""
    number, suit = _code(code)
    ink = "#c0161b" if number == 0 else _INK[suit]
    shown = 5 if number == 0 else number
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80">',
        '<rect x="1.5" y="1.5" width="57" height="77" rx="7" fill="#fbf7ea" stroke="#3a3a3a" '
        'stroke-width="3"/>',
    ]
    if suit in "mpsfg":
        parts.append(
            f'<text x="6" y="15" font-family="sans-serif" font-size="12" font-weight="bold" '
            f'fill="{ink}">{shown}{suit}</text>'
        )
    if suit == "p":
        radius = 13 if shown == 1 else 6
        for x, y in _SPOTS[shown]:
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{radius}" fill="none" stroke="{ink}" '
                'stroke-width="3"/>'
                f'<circle cx="{x}" cy="{y}" r="{radius / 3:.1f}" fill="{ink}"/>'
            )
    elif suit == "s":
        for x, y in _SPOTS[shown]:
            parts.append(
                f'<rect x="{x - 3}" y="{y - 7}" width="6" height="14" rx="2" fill="{ink}"/>'
                f'<line x1="{x - 3}" y1="{y}" x2="{x + 3}" y2="{y}" stroke="#fbf7ea" '
                'stroke-width="1.5"/>'
            )
    elif suit == "m":
        parts.append(
            f'<text x="30" y="47" text-anchor="middle" font-family="serif" font-size="30" '
            f'font-weight="bold" fill="{ink}">{shown}</text>'
            f'<path d="M17 56 H43 M24 56 V72 M24 63 H40 V71 L36 74 M31 63 L19 74" fill="none" '
            f'stroke="{ink}" stroke-width="3" stroke-linecap="round"/>'
        )
    elif suit == "z" and number <= 4:
        parts.append(
            f'<text x="30" y="54" text-anchor="middle" font-family="sans-serif" font-size="36" '
            f'font-weight="bold" fill="{ink}">{"ESWN"[number - 1]}</text>'
        )
    elif suit == "z" and number == 5:
        parts.append(
            '<rect x="13" y="17" width="34" height="46" fill="none" stroke="#1d3f8a" '
            'stroke-width="3"/><rect x="19" y="23" width="22" height="34" fill="none" '
            'stroke="#1d3f8a" stroke-width="2"/>'
        )
    elif suit == "z":
        colour, letter = ("#1f6b32", "F") if number == 6 else ("#c0161b", "C")
        parts.append(
            f'<circle cx="30" cy="42" r="19" fill="none" stroke="{colour}" stroke-width="3"/>'
            f'<text x="30" y="53" text-anchor="middle" font-family="sans-serif" font-size="30" '
            f'font-weight="bold" fill="{colour}">{letter}</text>'
        )
    elif suit == "f":
        for dx, dy in ((0, -9), (9, -3), (6, 8), (-6, 8), (-9, -3)):
            parts.append(f'<circle cx="{30 + dx}" cy="{48 + dy}" r="6" fill="{ink}"/>')
        parts.append('<circle cx="30" cy="48" r="4" fill="#fbf7ea"/>')
    else:
        parts.append(f'<circle cx="30" cy="48" r="9" fill="{ink}"/>')
        for dx, dy in (
            (0, -16),
            (0, 16),
            (-16, 0),
            (16, 0),
            (11, 11),
            (-11, -11),
            (11, -11),
            (-11, 11),
        ):
            parts.append(
                f'<line x1="{30 + dx * 0.75:.1f}" y1="{48 + dy * 0.75:.1f}" x2="{30 + dx}" '
                f'y2="{48 + dy}" stroke="{ink}" stroke-width="3" stroke-linecap="round"/>'
            )
    if number == 0:
        parts.append(
            '<path d="M50 6 L52 11 L57 11 L53 14 L55 19 L50 16 L45 19 L47 14 L43 11 L48 11 Z" '
            'fill="#c0161b"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def tile_images(tiles: list[str], lang: str, css: str = "tile") -> str:
    """``<img>`` elements for tiles given as mpsz codes, each with its spoken name as ``alt``."""
    return "".join(
        f'<img class="{css}" src="/tiles/{code}.svg" alt="{escape(tile_name(code, lang))}" '
        'width="30" height="40">'
        for code in tiles
    )


def tiles_html(notation: str, lang: str) -> str:
    """Tiles or melds written in mpsz (``123m``, ``pung:555z``, several separated by spaces)
    drawn as pictures with text alternatives, followed by the notation itself."""
    groups = []
    for word in notation.split():
        if ":" in word:
            meld = Meld.parse(word)
            label = t(f"meld.{meld.kind.value}", lang)
            if meld.from_seat is not None:
                label = t(
                    "meld.from", lang, meld=label, seat=t(f"seat.{'ESWN'[meld.from_seat]}", lang)
                )
            groups.append(
                f'<span class="meld"><span class="meld-kind">{escape(label)}</span> '
                f"{tile_images([str(tile) for tile in meld.tiles], lang)}</span>"
            )
        else:
            tiles: list[Tile] = parse_tiles(word)
            if not tiles:
                raise NotationError(f"{word!r} holds no tile")
            groups.append(
                f'<span class="group">{tile_images([str(tile) for tile in tiles], lang)}</span>'
            )
    return (
        f'<span class="tiles">{" ".join(groups)}</span> '
        f'<code class="notation">{escape(notation)}</code>'
    )
