"""The registry of rule families.

Each variant package exposes ``VARIANT``, a :class:`Variant`: its rule presets and its scorer.
Adding a variant is adding one package here and one line to ``_PACKAGES``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from mahjongkit.errors import NotationError
from mahjongkit.scoring import Score, Win

_PACKAGES = {
    "riichi": "mahjongkit.variants.riichi",
    "hongkong": "mahjongkit.variants.hongkong",
    "sichuan": "mahjongkit.variants.sichuan",
}


@dataclass(frozen=True)
class Variant:
    """A rule family: its presets (the first is the default), scorer and languages."""

    name: str
    presets: Mapping[str, Callable[[], Any]]
    score: Callable[[Win, Any], Score]
    languages: tuple[str, ...]
    pattern_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Every pattern's names by stable id (to name a pattern a result left out)."""

    def rules(self, preset: str | None = None) -> Any:
        """The rules of a named preset (the default when None)."""
        name = preset or next(iter(self.presets))
        if name not in self.presets:
            raise NotationError(
                f"unknown rules preset {name!r} for {self.name}: "
                f"expected one of {', '.join(self.presets)}"
            )
        return self.presets[name]()


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (``riichi``, ``hongkong``, ``sichuan``)."""
    if name not in _PACKAGES:
        raise NotationError(f"unknown variant {name!r}: expected one of {', '.join(_PACKAGES)}")
    variant: Variant = import_module(_PACKAGES[name]).VARIANT
    return variant


VARIANT_NAMES = tuple(_PACKAGES)

_RULES_PAGES = {
    "riichi": ("mahjongkit.variants.riichi.docs", "rules_page"),
    "hongkong": ("mahjongkit.variants.hongkong.fan", "rules_page"),
    "sichuan": ("mahjongkit.variants.sichuan.fan", "rules_page"),
}


def rules_page(name: str, rules: Any, lang: str) -> str:
    """The variant's pattern table as a Markdown page, generated from the table itself."""
    find_variant(name)
    module, function = _RULES_PAGES[name]
    page: str = getattr(import_module(module), function)(rules=rules, lang=lang)
    return page
