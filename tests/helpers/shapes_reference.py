"""The discard search asked the slow way: one :func:`shanten` question per discard and draw."""

from __future__ import annotations

from mahjongkit.shapes import HandShape, shanten
from mahjongkit.tiles import COPIES


def every_discard(
    counts: list[int], melds: int, shape: HandShape
) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Per kind held: the shanten after discarding one tile of it and the kinds whose draw
    would then lower it (a kind whose four copies would be held is never drawn)."""
    out = {}
    for kind, held in enumerate(counts):
        if not held:
            continue
        after = list(counts)
        after[kind] -= 1
        before = shanten(after, melds, shape)
        better = []
        for draw in shape.kinds:
            if after[draw] >= COPIES:
                continue
            after[draw] += 1
            if shanten(after, melds, shape) < before:
                better.append(draw)
            after[draw] -= 1
        out[kind] = (before, tuple(better))
    return out
