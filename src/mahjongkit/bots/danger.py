"""How dangerous each tile of a hand is to discard against players in riichi, from what is open.

Only what one seat sees counts (its :class:`~mahjongkit.game.observation.Observation`): a tile
every riichi player has discarded is safe (that player cannot win on it: furiten); a suited tile
whose suji partners (three apart) they all discarded is fairly safe against a two-sided wait; an
honour is judged by how many copies are already in sight. Anything else is dangerous.

>>> SAFE < SUJI < HONOUR < UNSAFE
True
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjongkit.game.observation import Observation
from mahjongkit.tiles import NUM_KINDS, counts_of_ids

SAFE, SUJI, HONOUR, UNSAFE = range(4)
"""Danger levels, safest first."""

__all__ = ["HONOUR", "SAFE", "SUJI", "UNSAFE", "Danger", "danger_by_kind", "riichi_seats"]


@dataclass(frozen=True, slots=True)
class Danger:
    """The danger of discarding one kind: its level and, for an honour, the copies seen."""

    kind: int
    level: int
    seen: int = 0


def riichi_seats(observation: Observation) -> list[int]:
    """The other seats in riichi."""
    return [
        seat
        for seat, info in enumerate(observation.seats)
        if info.riichi and seat != observation.seat and not info.won
    ]


def _suji_partners(kind: int) -> list[int]:
    number = kind % 9
    partners = []
    if number >= 3:
        partners.append(kind - 3)
    if number <= 5:
        partners.append(kind + 3)
    return partners


def danger_by_kind(observation: Observation) -> list[Danger]:
    """The danger of each kind in the observer's hand against every riichi (none: empty)."""
    threats = riichi_seats(observation)
    if not threats:
        return []
    ponds = [{t // 4 for t in observation.seats[seat].discards} for seat in threats]
    seen_ids: list[int] = [*observation.hand, *observation.dora_indicators]
    for info in observation.seats:
        seen_ids.extend(t for t in info.discards if t < 4 * NUM_KINDS)
        for meld in info.melds:
            seen_ids.extend(meld.tiles)
    seen = counts_of_ids(seen_ids)
    out = []
    for kind in sorted({t // 4 for t in observation.hand if t < 4 * NUM_KINDS}):
        if all(kind in pond for pond in ponds):
            out.append(Danger(kind, SAFE))
        elif kind >= 27:
            out.append(Danger(kind, HONOUR, seen[kind]))
        elif all(all(partner in pond for partner in _suji_partners(kind)) for pond in ponds):
            out.append(Danger(kind, SUJI))
        else:
            out.append(Danger(kind, UNSAFE))
    out.sort(key=lambda d: (d.level, -d.seen, d.kind))
    return out
