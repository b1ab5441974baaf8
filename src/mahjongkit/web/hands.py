"""A hand drawn as a learner reads it: its concealed tiles split into sets and a pair, its
called sets beside them, and the winning tile marked.

The split is the engine's own reading when its answer gives one (``reading`` in the answer of
``score``), otherwise the first split :func:`mahjongkit.shapes.decompositions` finds; seven
pairs are drawn as pairs. Nothing here judges a hand: a hand no split fits is drawn as written.
"""

from __future__ import annotations

from collections import Counter
from html import escape

from mahjongkit.errors import MahjongError
from mahjongkit.i18n import t, tile_name
from mahjongkit.shapes import decompositions, seven_pairs
from mahjongkit.tiles import NUM_KINDS, Tile, parse_tiles
from mahjongkit.web.tiles import meld_group, tile_images


def _groups_of_reading(reading: str, tiles: list[Tile]) -> list[list[Tile]] | None:
    """The reading's groups that make up exactly ``tiles`` (its melds left out), or None."""
    left = Counter(tile.kind for tile in tiles)
    groups: list[list[int]] = []
    for word in reading.split():
        if ":" in word:
            continue
        try:
            kinds = [tile.kind for tile in parse_tiles(word)]
        except MahjongError:
            return None
        need = Counter(kinds)
        if all(left[k] >= n for k, n in need.items()):
            left -= need
            groups.append(kinds)
    if +left:
        return None
    return _with_red(groups, tiles)


def _with_red(groups: list[list[int]], tiles: list[Tile]) -> list[list[Tile]]:
    # Kinds back to the tiles held, so that a red five stays red where it is drawn.
    pool = {kind: [tile for tile in tiles if tile.kind == kind] for kind in {t.kind for t in tiles}}
    return [[pool[kind].pop() for kind in group] for group in groups]


def split_hand(tiles: list[Tile], reading: str | None = None) -> list[list[Tile]]:
    """``tiles`` (the concealed part of a hand) as its sets and pair, in the engine's reading
    when it fits; a hand with no split is one group, as written."""
    if reading:
        found = _groups_of_reading(reading, tiles)
        if found is not None:
            return found
    if any(tile.kind >= NUM_KINDS for tile in tiles):
        return [tiles]
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile.kind] += 1
    if len(tiles) % 3 == 2:
        splits = decompositions(counts)
        if splits:
            first = splits[0]
            groups = [list(meldset.kinds()) for meldset in first.sets]
            groups.append([first.pair, first.pair])
            return _with_red(groups, tiles)
        pairs = seven_pairs(counts) if len(tiles) == 14 else None
        if pairs:
            return _with_red([[kind, kind] for kind in pairs], tiles)
    return [tiles]


def _group_name(group: list[Tile], lang: str) -> str:
    names = [tile_name(str(tile), lang) for tile in group]
    if len(group) == 2 and group[0].kind == group[1].kind:
        colon = "\u00a0: " if lang == "fr" else ": "
        return f"{t('learn.example.pair', lang)}{colon}{names[0]}"
    return ", ".join(names)


def hand_html(
    concealed: str,
    melds: list[str],
    lang: str,
    win: str | None = None,
    reading: str | None = None,
) -> str:
    """The hand drawn: the concealed tiles in their sets (each a labelled group), the called
    sets with their claimed tile sideways, and the winning tile ``win`` marked."""
    tiles = parse_tiles(concealed)
    groups = split_hand(tiles, reading) if win is not None else [tiles]
    marked = win is None
    winning = Tile.parse(win) if win is not None else None
    parts = []
    # The winning tile is marked in the last group that holds it (where the wait was).
    last = max(
        (i for i, g in enumerate(groups) if winning is not None and winning in g), default=-1
    )
    for index, group in enumerate(groups):
        codes = [str(tile) for tile in group]
        images = tile_images(codes, lang)
        if index == last and not marked and winning is not None:
            at = max(i for i, tile in enumerate(group) if tile == winning)
            name = f"{tile_name(codes[at], lang)} ({t('learn.example.winning', lang)})"
            winner = (
                f'<img class="tile win" src="/tiles/{codes[at]}.svg" alt="{escape(name)}" '
                f'title="{escape(name)}" width="30" height="40">'
            )
            images = tile_images(codes[:at], lang) + winner + tile_images(codes[at + 1 :], lang)
            marked = True
        # A hand no split fits is one long row: it wraps like text.
        css = "set" if len(group) <= 4 else "set loose"
        parts.append(
            f'<span class="{css}" role="group" aria-label="{escape(_group_name(group, lang))}">'
            f"{images}</span>"
        )
    parts.extend(meld_group(word, lang) for word in melds)
    return f'<div class="hand-row">{"".join(parts)}</div>'


def tile_words(code: str, lang: str) -> str:
    """One tile as a picture followed by its name (``[5m] five of characters``)."""
    name = escape(tile_name(code, lang))
    return f'{tile_images([code], lang)} <span class="tile-name">{name}</span>'
