"""A fan table's active rows read by number, for a family's quick figure of a win (a bot's).

A family's ``waits`` module writes its rows' tests again over counts and keys each by a number
(``codes``: row id to number, 0 for a row that never applies to the wins it is asked about);
:func:`read_rows` reads the rows' fan, limit flags, replacements and absorbed occurrences off
the same :class:`~mahjongkit.scoring.patterns.ActiveRow` tuple the scorer evaluates, and
:func:`tally_rows` keeps the hits as :func:`~mahjongkit.scoring.patterns.tally` does: the rows
another hit replaces dropped, the occurrences a kept row already pays for taken off, the
``alone`` rows only when nothing but side rows is left. Compiled (``native.COMPILED``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from mahjongkit.lite_typing import Any

__all__ = ["QuickRow", "WaitPoints", "read_rows", "tally_rows"]

WaitPoints = Callable[[Sequence[int], int, bool], int]
"""A family's quick figure of a ready hand's waits: (concealed counts before the winning tile,
winning kind, self-draw) to the points won."""


class QuickRow:
    """One active row: its number, fan, flags and what it replaces or absorbs, by position."""

    __slots__ = ("absorbs", "alone", "code", "limit", "replaces", "side", "value")

    def __init__(self, code: int, value: int, limit: bool, side: bool, alone: bool) -> None:
        self.code = code
        self.value = value
        self.limit = limit
        self.side = side
        self.alone = alone
        self.replaces = 0
        """The positions (bits) of the active rows this one replaces."""
        self.absorbs: list[tuple[int, int]] = []
        """(position, occurrences) of the rows whose occurrences this one already pays for."""


def read_rows(active: Sequence[Any], codes: Mapping[str, int]) -> list[QuickRow] | None:
    """The rows of ``active`` (the scorer's active rows) by their numbers in ``codes``; None
    when one of them has no number (a row the family's quick figure does not know)."""
    position = {item.row.id: index for index, item in enumerate(active)}
    out: list[QuickRow] = []
    for item in active:
        row = item.row
        code = codes.get(row.id, -1)
        if code < 0:
            return None
        made = QuickRow(code, item.value, item.limit, row.side, row.alone)
        for other in item.replaces:
            at = position.get(other)
            if at is not None:
                made.replaces |= 1 << at
        for other, count in row.absorbs:
            at = position.get(other)
            if at is not None:
                made.absorbs.append((at, count))
        out.append(made)
    return out


def tally_rows(rows: list[QuickRow], counts: list[int], side_counts: bool) -> tuple[bool, int, int]:
    """(whether a limit row is kept, the fan total, the fan toward a minimum) of one reading
    whose rows hit ``counts`` times each (an ``alone`` row's count: whether it would apply);
    ``side_counts``: side rows count toward the minimum too. ``counts`` is changed (absorbed
    occurrences taken off)."""
    found = 0
    for position, row in enumerate(rows):
        if counts[position] and not row.alone:
            found |= 1 << position
    dropped = 0
    for position, row in enumerate(rows):
        if (found >> position) & 1:
            dropped |= row.replaces
    kept = found & ~dropped
    survivors = kept
    for position, row in enumerate(rows):
        if (survivors >> position) & 1:
            for other, absorbed in row.absorbs:
                if (kept >> other) & 1:
                    counts[other] -= absorbed
                    if counts[other] <= 0:
                        kept &= ~(1 << other)
    only_side = True
    for position, row in enumerate(rows):
        if (kept >> position) & 1 and not row.side:
            only_side = False
            break
    if only_side:
        for position, row in enumerate(rows):
            if row.alone and counts[position]:
                kept |= 1 << position
                counts[position] = 1
    total = toward = 0
    for position, row in enumerate(rows):
        if (kept >> position) & 1:
            if row.limit:
                return True, 0, 0
            total += row.value * counts[position]
            if side_counts or not row.side:
                toward += row.value * counts[position]
    return False, total, toward
