"""Where each seat finished: the engine's ranking when the rules rank the game, else one rule.

A family whose rules rank the final table (Riichi: uma, oka, and tied players sharing their
placements or ranked by seat order, per ``tied_placements``) writes the ranking in the
``end_game`` event as ``mjk_ranking``; every surface shows that one. Otherwise seats are placed
by score, a tie broken by seat order from the first dealer (seat 0 first): the simulator's
statistics, the terminal game's final table and the web table's all read :func:`ranking`.

>>> placements([25000, 30000, 25000, 20000])
[2, 1, 3, 4]
>>> [row["rank"] for row in ranking({"type": "end_game"}, [100, 100, 0, 0])]
[1, 2, 3, 4]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjongkit.table.events import Kind

__all__ = ["placements", "ranking"]


def placements(scores: Sequence[int]) -> list[int]:
    """Each seat's place (1 the best) by score, a tie broken by seat order."""
    places = [0] * len(scores)
    for place, seat in enumerate(sorted(range(len(scores)), key=lambda s: (-scores[s], s)), 1):
        places[seat] = place
    return places


def ranking(end: Mapping[str, Any], scores: Sequence[int]) -> list[dict[str, Any]]:
    """The final table, best first: the engine's ``mjk_ranking`` of the ``end_game`` event
    ``end`` when it ranks every seat, else ``{"seat", "rank", "points"}`` rows placed by
    :func:`placements`."""
    found = end.get("mjk_ranking") if end.get("type") == Kind.END_GAME else None
    if isinstance(found, list) and len(found) == len(scores):
        rows = [dict(row) for row in found]
        seats = {row.get("seat") for row in rows}
        if seats == set(range(len(scores))) and all(row.get("rank") for row in rows):
            return rows
    places = placements(scores)
    order = sorted(range(len(scores)), key=lambda s: places[s])
    return [{"seat": s, "rank": places[s], "points": scores[s]} for s in order]
