"""Rebuild the CJK glyphs the site ships, from Debian's Noto CJK fonts (OFL 1.1):

* ``src/mahjongkit/web/static/fonts/mahjongkit-cjk.woff2``: Noto Sans CJK SC cut down to the
  CJK characters the site's pages show (every page of every language, as the site draws it), so
  that pattern names such as 清一色 render on a system without CJK fonts; beside it
  ``mahjongkit-cjk.txt`` lists the characters it holds (the tests read it), and ``OFL.txt``;
* ``src/mahjongkit/web/tile_glyphs.py``: the outlines of the characters printed on the tiles
  (一 … 九, 萬, 東 南 西 北, 中, 發, the flowers' and seasons' names) from Noto Serif CJK TC Bold,
  as SVG path data: a picture loaded by ``<img>`` cannot use the page's fonts.

Run after a lesson, the glossary or a pattern name gains a CJK character::

    apt-get install fonts-noto-cjk && pip install fonttools brotli
    PYTHONPATH=src python tools/cjk_fonts.py
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path

from fontTools import subset
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection

NOTO = Path("/usr/share/fonts/opentype/noto")
SANS, SANS_FACE = NOTO / "NotoSansCJK-Regular.ttc", "Noto Sans CJK SC"
SERIF, SERIF_FACE = NOTO / "NotoSerifCJK-Bold.ttc", "Noto Serif CJK TC"
LICENCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
REPO = Path(__file__).resolve().parent.parent
WEB = REPO / "src" / "mahjongkit" / "web"
FONTS = WEB / "static" / "fonts"
TILE_CHARACTERS = "一二三四五六七八九萬東南西北中發梅蘭菊竹春夏秋冬"
"""The characters drawn on tiles: numerals and 萬 of the characters suit, winds, dragons, and
the names of the four flowers and the four seasons."""
CJK = re.compile(
    r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]"
)


def _face(path: Path, name: str):  # type: ignore[no-untyped-def]
    for font in TTCollection(str(path)).fonts:
        if font["name"].getDebugName(1) == name:
            return font
    raise SystemExit(f"{path} has no face {name!r}: install fonts-noto-cjk")


def site_characters() -> set[str]:
    """Every CJK character of every page the site shows, found by following its links."""
    sys.path.insert(0, str(REPO))
    from tests.web.test_crawl import crawl

    found: set[str] = set()
    for _, parsed in crawl().values():
        found.update(CJK.findall(" ".join(parsed.text)))
        found.update(CJK.findall(" ".join(parsed.attributes)))
    return found


def build_subset(characters: set[str]) -> None:
    font = _face(SANS, SANS_FACE)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["vert", "vrt2", "locl"]
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = ["*"]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=sorted(ord(c) for c in characters))
    cutter.subset(font)
    FONTS.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff2"
    font.save(str(FONTS / "mahjongkit-cjk.woff2"))
    held = sorted(c for c in characters if ord(c) in font.getBestCmap())
    (FONTS / "mahjongkit-cjk.txt").write_text("".join(held) + "\n", encoding="utf-8")
    text = LICENCE.read_text(encoding="utf-8")
    ofl = text[text.index("License: SIL-1.1\n -") :].split("\nLicense: ", 1)[0]
    owners = [
        _face(path, face)["name"].getDebugName(0).split(".")[0]
        for path, face in ((SANS, SANS_FACE), (SERIF, SERIF_FACE))
    ]
    notice = (
        f"mahjongkit-cjk.woff2 is a subset of {SANS_FACE} ({owners[0]}), made by "
        f"tools/cjk_fonts.py;\nthe tile characters of tile_glyphs.py are outlines of "
        f"{SERIF_FACE} Bold ({owners[1]}).\nBoth are used under the SIL Open Font License "
        "1.1:\n\n"
    )
    body = "\n".join(line[1:] if line.startswith(" ") else line for line in ofl.splitlines()[1:])
    (FONTS / "OFL.txt").write_text(notice + body.replace("\n.\n", "\n\n") + "\n", encoding="utf-8")


def build_tile_glyphs() -> None:
    font = _face(SERIF, SERIF_FACE)
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    lines = []
    for char in TILE_CHARACTERS:
        name = cmap[ord(char)]
        pen = SVGPathPen(glyphs, ntos=lambda v: str(round(v)))
        # Font units, y up, 1000 to the em: turned into a 100-unit box with y down.
        glyphs[name].draw(TransformPen(pen, (0.1, 0, 0, -0.1, 0, 88)))
        # Paths as strings of at most 90 characters each, cut between numbers.
        pieces = textwrap.wrap(pen.getCommands(), 90, break_long_words=False, drop_whitespace=False)
        lines.append(f"    {json.dumps(char, ensure_ascii=False)}: (")
        lines.extend(f"        {json.dumps(piece)}" for piece in pieces)
        lines.append("    ),")
    module = (
        '"""The outlines of the characters printed on the tiles, as SVG path data in a box of\n'
        "100 by 100 units (y down, the em's baseline at 88): made from Noto Serif CJK TC Bold\n"
        "(SIL Open Font License 1.1, static/fonts/OFL.txt) by ``tools/cjk_fonts.py``; do not\n"
        'edit."""\n\n'
        "from __future__ import annotations\n\n"
        "GLYPHS: dict[str, str] = {\n" + "\n".join(lines) + "\n}\n"
    )
    (WEB / "tile_glyphs.py").write_text(module, encoding="utf-8")


def main() -> None:
    characters = site_characters() | set("清一色")
    build_subset(characters)
    build_tile_glyphs()
    size = (FONTS / "mahjongkit-cjk.woff2").stat().st_size
    print(f"{len(characters)} characters, {size} bytes; {len(TILE_CHARACTERS)} tile glyphs")


if __name__ == "__main__":
    main()
