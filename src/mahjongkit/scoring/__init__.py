"""Result types shared by every variant's scorer, their explanation and the pattern tables.

:mod:`.result` holds :class:`Win` and :class:`Score` with their parts, :mod:`.explain` renders
a score as text and JSON, :mod:`.patterns` is the row base and evaluator of the pattern tables,
and :mod:`.pages` generates a rules page from a table.
"""

from __future__ import annotations

from mahjongkit.scoring.names import Names, name_in
from mahjongkit.scoring.result import (
    FuItem,
    PatternHit,
    PaymentLine,
    Score,
    ScoreError,
    Win,
)

__all__ = [
    "FuItem",
    "Names",
    "PatternHit",
    "PaymentLine",
    "Score",
    "ScoreError",
    "Win",
    "name_in",
]
