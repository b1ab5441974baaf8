"""The rules a game log is read under: what the log implies, a preset or rules object chosen
instead, and ``NAME=VALUE`` options over either (the ``--rules`` and ``--option`` of
``convert`` and ``replay-check``, the ``rules=`` and ``options=`` of the readers).

>>> from mahjongkit.variants.riichi.rules import RiichiRules
>>> log_rules("riichi", None, ["game_length=1"], RiichiRules.tenhou).game_length
1
>>> log_rules("riichi", "ema2016", [], RiichiRules.tenhou) == RiichiRules.ema2016()
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from mahjongkit.errors import NotationError
from mahjongkit.game.engine import rebuild_rules
from mahjongkit.i18n import Sentence
from mahjongkit.options import override
from mahjongkit.table.events import Kind
from mahjongkit.variants import find_variant

__all__ = ["engine_log_rules", "log_rules"]


def log_rules(variant: str, rules: Any, options: Iterable[str], implied: Callable[[], Any]) -> Any:
    """The rules to read a log of ``variant`` under.

    ``rules`` is None (then ``implied()``: the rules the log itself implies), the name of one
    of the variant's presets, or a rules object of the variant, used as given; each
    ``NAME=VALUE`` of ``options`` then overrides one option. An empty or unknown preset name,
    a rules object of another kind, an unknown option or a value it cannot take raises
    :class:`~mahjongkit.errors.NotationError` naming it.
    """
    record = find_variant(variant)
    assignments = _assignments(options)
    if rules is None:
        chosen = implied()
    elif isinstance(rules, str):
        if not rules.strip():
            presets = ", ".join(record.presets)
            raise NotationError(Sentence("refusal.rules_empty", variant=variant, presets=presets))
        chosen = record.rules(rules)
    else:
        default = record.rules()
        if type(rules) is not type(default):
            raise NotationError(
                f"a {variant} log is read under {type(default).__name__} or a preset name "
                f"({', '.join(record.presets)}), not {type(rules).__name__}"
            )
        chosen = rules
    return override(chosen, assignments)


def engine_log_rules(events: list[Any], rules: Any, options: Iterable[str]) -> Any:
    """The rules to replay mahjongkit's own event log under (``Game.replay``'s ``rules``):
    None, the log's own, when neither ``rules`` nor ``options`` is given; else
    :func:`log_rules` over the rules its ``start_game`` records."""
    assignments = _assignments(options)
    if rules is None and not assignments:
        return None
    start = events[0] if events else None
    if not isinstance(start, dict) or start.get("type") != Kind.START_GAME:
        raise NotationError("event 0: a log starts with a start_game event")
    variant = start.get("mjk_variant")
    if not isinstance(variant, str):
        raise NotationError("event 0 (start_game): mjk_variant must be a variant name")
    recorded = start.get("mjk_rules")
    return log_rules(variant, rules, assignments, lambda: rebuild_rules(variant, recorded))


def _assignments(options: Iterable[str]) -> list[str]:
    """``options`` as a list (each item is checked by :func:`~mahjongkit.options.override`)."""
    if isinstance(options, str | bytes) or not isinstance(options, Iterable):
        raise NotationError(
            f"options are a list of NAME=VALUE strings, not {type(options).__name__}"
        )
    return list(options)
