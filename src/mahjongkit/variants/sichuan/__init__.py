"""Sichuan blood-battle mahjong (血战到底): the scorer, the fan table and its money rules.

:func:`score` (:mod:`.scorer`) turns one :class:`~mahjongkit.scoring.Win` into a
:class:`~mahjongkit.scoring.Score`; :mod:`.fan` holds the table, :mod:`.payments` the kong money
and the end-of-wall settlement, :mod:`.flow` the table rules (exchange three, discard obligation,
several winners). ``rules_page(rules, lang)`` is the fan table as a Markdown page.
"""

from __future__ import annotations

from mahjongkit.variants.base import Variant
from mahjongkit.variants.sichuan.fan import LANGUAGES, TABLE, rules_page
from mahjongkit.variants.sichuan.flow import SichuanFlow, hand_shape
from mahjongkit.variants.sichuan.payments import REASONS
from mahjongkit.variants.sichuan.rules import SichuanRules
from mahjongkit.variants.sichuan.scorer import SichuanScore, score

PATTERN_NAMES = {row.id: row.names for row in TABLE}
"""Every pattern's names by stable id."""

__all__ = [
    "LANGUAGES",
    "PATTERN_NAMES",
    "TABLE",
    "VARIANT",
    "SichuanRules",
    "SichuanScore",
    "rules_page",
    "score",
]

VARIANT = Variant(
    name="sichuan",
    presets={"blood_battle": SichuanRules.blood_battle, "mil_sbr": SichuanRules.mil_sbr},
    score=score,
    languages=LANGUAGES,
    pattern_names=PATTERN_NAMES,
    payment_reasons=REASONS,
    flow=SichuanFlow,
    shape=hand_shape,
    rules_page=rules_page,
)
