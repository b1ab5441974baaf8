"""Who is at the table and who discards to whom: what every variant's hand questions share.

Kept apart from :mod:`~mahjongkit.variants.analysis` so that scoring one hand from the command
line does not import the analysis (shapes, ukeire, the table of each wait's value).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mahjongkit.errors import NotationError
from mahjongkit.lite_typing import Any
from mahjongkit.melds import SEAT_LETTERS


def seats_in_hand(rules: Any, in_game: Iterable[int] | None = None) -> tuple[int, ...]:
    """The seats still playing the hand, in play order.

    The table size is the rules' ``players`` (Riichi: 3 or 4); ``in_game``, when given, keeps
    only those seats (Sichuan: the players who have not yet won).
    """
    size = rules.players
    keep = None if in_game is None else set(in_game)
    return tuple(s for s in range(int(size)) if keep is None or s in keep)


def previous_seat(seat: int, seats: Sequence[int]) -> int:
    """The nearest seat before ``seat`` in play order among ``seats``: who discards to it.

    >>> previous_seat(0, (0, 1, 2)), previous_seat(1, (1, 3)), previous_seat(2, (0, 1, 2, 3))
    (2, 3, 1)
    """
    others = [s for s in seats if s != seat]
    if not others:
        raise NotationError(
            f"no seat but {SEAT_LETTERS[seat]} is in the hand: nobody can discard to it"
        )
    return max(others, key=lambda s: (s - seat) % 4)


__all__ = ["SEAT_LETTERS", "previous_seat", "seats_in_hand"]
