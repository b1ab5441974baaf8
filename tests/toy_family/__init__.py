"""A made-up rule family kept outside the library, to show what a family's author provides.

Two suits (characters and dots, 72 tiles), four players, one round of four hands; any complete
hand of four sets and a pair wins, and pays a fixed stake. ``docs/variants.md`` lists the parts;
this package is one of each: :mod:`.rules` (the options and the preset), :mod:`.patterns` (a
table of two rows), :mod:`.scorer`, :mod:`.flow` (the table hooks), and the record below, which
:func:`mahjongkit.variants.register_variant` adds to the registry.
"""

from __future__ import annotations

from mahjongkit.variants.base import Capabilities, HintKind, Lazy, LazyMapping, Variant
from tests.toy_family.rules import ToyRules

VARIANT = Variant(
    name="toy",
    presets={"plain": ToyRules.plain},
    score=Lazy("tests.toy_family.scorer", "score"),
    points=Lazy("tests.toy_family.scorer", "points"),
    languages=("en",),
    flow=Lazy("tests.toy_family.flow", "ToyFlow"),
    shape=Lazy("tests.toy_family.flow", "hand_shape"),
    pattern_names=LazyMapping("tests.toy_family.patterns", "PATTERN_NAMES"),
    payment_reasons=LazyMapping("tests.toy_family.scorer", "REASONS"),
    capabilities=Capabilities(value_unit="fan"),
    action_layout=(
        ("discard", 18),
        ("chi", 3),
        ("pon", 1),
        ("kan", 1),
        ("ankan", 18),
        ("kakan", 18),
        ("win", 1),
        ("pass", 1),
    ),
    score_scale=30.0,
    # Every win pays the same stake: what a wait is worth tells nothing, so no values.
    hint_kinds=(HintKind.SHANTEN, HintKind.DISCARDS, HintKind.WAITS),
    sentences={"en": {"play.variant.toy": "Toy"}, "fr": {"play.variant.toy": "Jouet"}},
)
