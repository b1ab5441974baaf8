"""The tile pictures: one distinct, well-formed SVG for every tile with the faces a player knows
(一 … 九 over 萬, 東 南 西 北, 中 red, 發 green, the white dragon's frame, each flower and
season its own picture, name and number), with and without the corner label, and the HTML that
shows them with their spoken names."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mahjongkit.errors import MahjongError
from mahjongkit.web.tile_glyphs import GLYPHS
from mahjongkit.web.tiles import BACK, tile_svg, tiles_html

CODES = (
    [f"{n}{s}" for s in "mps" for n in range(10)]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}{s}" for s in "fg" for n in range(1, 5)]
)


def _glyph_fills(svg: str) -> dict[str, str]:
    """The tile characters a picture draws, with their colour."""
    found = {}
    for char, path in GLYPHS.items():
        match = re.search(r'fill="(#[0-9a-f]{6})" d="' + re.escape(path) + '"', svg)
        if match:
            found[char] = match.group(1)
    return found


def _shapes(code: str) -> list[str]:
    return sorted(el.tag.split("}")[1] for el in ET.fromstring(tile_svg(code)).iter())


def test_every_tile_has_its_own_picture_with_and_without_its_label() -> None:
    for label in (True, False):
        pictures = {code: tile_svg(code, label) for code in [*CODES, BACK]}
        assert len(set(pictures.values())) == len(CODES) + 1
        for code, svg in pictures.items():
            root = ET.fromstring(svg)
            assert root.tag.endswith("svg"), code
            assert "http" not in svg.replace("http://www.w3.org/2000/svg", ""), code
    assert ">3p</text>" in tile_svg("3p") and ">3p</text>" not in tile_svg("3p", False)
    assert ">E</text>" in tile_svg("1z") and ">Wh</text>" in tile_svg("5z")
    assert "<text" not in tile_svg("5z", False)


def test_characters_are_numerals_over_wan() -> None:
    for number, numeral in enumerate("一二三四五六七八九", start=1):
        fills = _glyph_fills(tile_svg(f"{number}m"))
        assert set(fills) == {numeral, "萬"}, number
        assert fills["萬"] == "#c0161b" and fills[numeral] != "#c0161b"
    # The red five: its numeral red too, and the red dot.
    assert _glyph_fills(tile_svg("0m"))["五"] == "#c0161b"


def test_winds_and_dragons_carry_their_characters_and_colours() -> None:
    for number, wind in enumerate("東南西北", start=1):
        assert set(_glyph_fills(tile_svg(f"{number}z"))) == {wind}
    assert _glyph_fills(tile_svg("7z")) == {"中": "#c0161b"}
    assert _glyph_fills(tile_svg("6z")) == {"發": "#16703a"}
    white = tile_svg("5z", False)
    assert _glyph_fills(white) == {} and white.count('fill="none" stroke="#1d4f9a"') == 2


def test_circles_are_counted_rings_and_bamboo_counted_sticks() -> None:
    for number in range(2, 10):
        # Each printed circle is four discs; each stick a cane and its three nodes.
        assert _shapes(f"{number}p").count("circle") == 4 * number, number
        sticks = ET.fromstring(tile_svg(f"{number}s", False)).iter()
        canes = [el for el in sticks if el.tag.endswith("rect") and el.get("width") == "6"]
        assert len(canes) == number, number
    assert "circle" not in _shapes("3s") and "path" not in _shapes("3p")
    assert tile_svg("0p").count('fill="#c0161b"') > tile_svg("5p").count('fill="#c0161b"')


def test_each_flower_and_season_has_its_own_picture_name_and_number() -> None:
    seen = set()
    for suit, names in (("f", "梅蘭菊竹"), ("g", "春夏秋冬")):
        for number, name in enumerate(names, start=1):
            svg = tile_svg(f"{number}{suit}", False)
            assert set(_glyph_fills(svg)) == {name}, (suit, number)
            assert f">{number}</text>" in svg
            picture = re.sub(r"<text.*?</text>|<path transform=[^>]*>", "", svg)
            seen.add(picture)
    assert len(seen) == 8


@pytest.mark.parametrize("code", ["8z", "0z", "5f", "10m", "m", "", "5h", "bak", "0g"])
def test_what_is_no_tile_has_no_picture(code: str) -> None:
    with pytest.raises(MahjongError):
        tile_svg(code)


def test_tiles_html_speaks_the_pages_language_and_groups_the_tiles() -> None:
    html = tiles_html("55s pung:777z@W", "fr")
    assert html.count('alt="cinq de bambou"') == 2
    assert html.count('alt="Dragon rouge"') == 3
    assert 'aria-label="pung pris à Ouest"' in html
    assert 'role="group" aria-label="cinq de bambou, cinq de bambou"' in html
    assert '<code class="notation">55s pung:777z@W</code>' in html
    assert "<code" not in tiles_html("55s", "fr", show_notation=False)
    with pytest.raises(MahjongError):
        tiles_html("pung:123m", "fr")


def test_a_called_tile_is_sideways_and_a_concealed_kong_shows_two_backs() -> None:
    called = tiles_html("pung:777z@W", "en")
    assert called.count("sideways") == 1
    hidden = tiles_html("concealed-kong:1111m", "en")
    assert hidden.count('src="/tiles/back.svg"') == 2 and "sideways" not in hidden
    assert hidden.count('alt="face-down tile"') == 2
