"""The toy family's pattern table: a complete hand, and a self-draw beside it."""

from __future__ import annotations

from mahjongkit.scoring.patterns import FanRow, with_names
from mahjongkit.scoring.result import Win

NAMES = {
    "en": {"complete_hand": "Complete hand", "self_drawn": "Self-drawn"},
}
"""Every pattern's names by language (the family speaks English only)."""

TABLE: tuple[FanRow[Win], ...] = with_names(
    (
        FanRow(id="complete_hand", rule="T-1", fan=1, test=lambda win: 1),
        FanRow(id="self_drawn", rule="T-2", fan=1, side=True, test=lambda win: win.self_draw),
    ),
    NAMES,
)
"""Any complete hand is worth a point; a self-draw one more."""

PATTERN_NAMES = {row.id: row.names for row in TABLE}
"""Every pattern's names by stable id."""
