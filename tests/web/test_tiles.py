"""The tile pictures: one distinct, well-formed SVG for every tile, with its spoken name as the
text alternative; suits are told apart by their marks as well as their colours."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mahjongkit.errors import MahjongError
from mahjongkit.web.tiles import tile_svg, tiles_html

CODES = (
    [f"{n}{s}" for s in "mps" for n in range(10)]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}{s}" for s in "fg" for n in range(1, 5)]
)


def test_every_tile_has_its_own_picture() -> None:
    pictures = {code: tile_svg(code) for code in CODES}
    assert len(set(pictures.values())) == len(CODES)
    for code, svg in pictures.items():
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg"), code
        assert "http" not in svg.replace("http://www.w3.org/2000/svg", ""), code


def test_suits_differ_by_shape_not_only_by_colour() -> None:
    def shapes(code: str) -> list[str]:
        return sorted(el.tag.split("}")[1] for el in ET.fromstring(tile_svg(code)))

    assert shapes("3p") != shapes("3s") != shapes("3m")
    assert ">3p<" in tile_svg("3p") and ">3s<" in tile_svg("3s") and ">3m<" in tile_svg("3m")


@pytest.mark.parametrize("code", ["8z", "0z", "5f", "10m", "m", "", "5h"])
def test_what_is_no_tile_has_no_picture(code: str) -> None:
    with pytest.raises(MahjongError):
        tile_svg(code)


def test_tiles_html_speaks_the_pages_language() -> None:
    html = tiles_html("55s pung:777z@W", "fr")
    assert html.count('alt="cinq de bambou"') == 2
    assert html.count('alt="Dragon rouge"') == 3
    assert "pung pris à Ouest" in html
    assert '<code class="notation">55s pung:777z@W</code>' in html
    with pytest.raises(MahjongError):
        tiles_html("pung:123m", "fr")
