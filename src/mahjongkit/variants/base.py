"""The record a rule family registers: everything the engine and the surfaces ask of it.

A surface never switches on a variant's name: it asks the record (its presets, its scorer, its
table hooks, the shapes a hand may take, its languages).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.errors import NotationError
from mahjongkit.scoring import Score, Win
from mahjongkit.shapes import RIICHI, HandShape
from mahjongkit.table.flow import Flow


def _regular(rules: Any, missing_suit: int | None = None) -> HandShape:
    return RIICHI


@dataclass(frozen=True)
class Variant:
    """A rule family: its presets (the first is the default), scorer, table hooks, languages."""

    name: str
    presets: Mapping[str, Callable[[], Any]]
    score: Callable[[Win, Any], Score]
    languages: tuple[str, ...]
    flow: Callable[[Any], Flow[Any]] | None = None
    """The class of the family's table hooks, built with the game's rules."""
    shape: Callable[[Any, int | None], HandShape] = _regular
    """The complete shapes a hand may take under the rules (given the seat's missing suit,
    where it has one)."""
    pattern_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Every pattern's names by stable id (to name a pattern a result left out)."""
    payment_reasons: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The names of the reasons of payment lines by id (to name a line kept as JSON)."""
    rules_page: Callable[[Any, str], str] | None = None
    """The pattern table under some rules as a Markdown page, in a language."""

    def rules(self, preset: str | None = None) -> Any:
        """The rules of a named preset (the default when None)."""
        name = preset or next(iter(self.presets))
        if name not in self.presets:
            raise NotationError(
                f"unknown rules preset {name!r} for {self.name}: "
                f"expected one of {', '.join(self.presets)}"
            )
        return self.presets[name]()

    def make_flow(self, rules: Any = None) -> Flow[Any]:
        """The family's table hooks under ``rules`` (the default preset when None)."""
        if self.flow is None:
            raise NotationError(f"{self.name} cannot be played at the table")
        default = self.rules()
        if rules is not None and type(rules) is not type(default):
            raise NotationError(
                f"{self.name} is played under {type(default).__name__}, "
                f"not {type(rules).__name__} (a preset: {', '.join(self.presets)})"
            )
        return self.flow(default if rules is None else rules)
