"""Rule options: frozen dataclasses with named presets, overridden by ``NAME=VALUE`` strings.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     cap: int = 4
...     bonus: bool = False
>>> override(Demo(), ["cap=3", "bonus=yes"])
Demo(cap=3, bonus=True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from mahjongkit.errors import NotationError
from mahjongkit.i18n import Sentence
from mahjongkit.lite_typing import Any, TypeVar
from mahjongkit.valueclass import fields, is_value_class, replace

R = TypeVar("R")

OPTION_DIGITS = 9
"""The most digits a number option may have."""

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _shown(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _family(class_name: str) -> str:
    """The rule family a rules class is named after: ``HongKongRules`` is Hong Kong.

    >>> _family("HongKongRules"), _family("RiichiRules")
    ('Hong Kong', 'Riichi')
    """
    words = class_name.removesuffix("Rules")
    return "".join(f" {c}" if c.isupper() and at else c for at, c in enumerate(words)) or words


def _convert(name: str, text: str, kind: Any) -> Any:
    import typing

    origin = typing.get_origin(kind)
    if kind is bool:
        lowered = text.strip().lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise NotationError(Sentence("refusal.option_bool", name=name, text=repr(text)))
    if kind is int:
        # At most 9 digits: a longer number is no rule, and Python refuses to print 4,300 digits.
        digits = text.strip().lstrip("+-")
        if len(digits) > OPTION_DIGITS and digits.isdigit():
            raise NotationError(
                Sentence(
                    "refusal.option_int_digits", name=name, most=OPTION_DIGITS, count=len(digits)
                )
            )
        try:
            return int(text)
        except ValueError:
            raise NotationError(
                Sentence("refusal.option_int", name=name, text=_shown(text))
            ) from None
    if kind is float:
        try:
            value = float(text)
        except ValueError:
            raise NotationError(
                Sentence("refusal.option_number", name=name, text=_shown(text))
            ) from None
        if not math.isfinite(value) or abs(value) >= 10**OPTION_DIGITS:
            raise NotationError(
                Sentence("refusal.option_finite", name=name, most=OPTION_DIGITS, text=_shown(text))
            )
        return value
    if kind is str:
        return text
    if origin is typing.Literal:
        allowed = typing.get_args(kind)
        if text not in allowed:
            raise NotationError(
                Sentence(
                    "refusal.option_choice",
                    name=name,
                    allowed=", ".join(map(str, allowed)),
                    text=_shown(text),
                )
            )
        return text
    if origin is tuple:
        (item, *_rest) = typing.get_args(kind)
        parts = [p for p in text.split(",") if p.strip()]
        return tuple(_convert(name, p.strip(), item) for p in parts)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        if text.strip().lower() in ("none", "null", ""):
            return None
        return _convert(name, text, args[0])
    raise NotationError(Sentence("refusal.option_not_settable", name=name))


def override(rules: R, assignments: Iterable[str]) -> R:
    """A copy of ``rules`` with each ``NAME=VALUE`` applied; unknown names are an error."""
    assert is_value_class(rules) and not isinstance(rules, type)
    known = {f.name for f in fields(rules)}
    changes: dict[str, Any] = {}
    if isinstance(assignments, str | bytes) or not isinstance(assignments, Iterable):
        raise NotationError(
            f"options are a list of NAME=VALUE strings, not {type(assignments).__name__}"
        )
    for assignment in assignments:
        if not isinstance(assignment, str):
            raise NotationError(
                f"an option is a NAME=VALUE string, not {type(assignment).__name__}"
            )
        name, equals, value = assignment.partition("=")
        name = name.strip().replace("-", "_")
        if not equals:
            raise NotationError(Sentence("refusal.option_form", text=repr(assignment)))
        if name not in known:
            import difflib

            close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
            family = _family(type(rules).__name__)
            if close:
                raise NotationError(
                    Sentence(
                        "refusal.option_unknown_near",
                        name=_shown(name),
                        rules=family,
                        guess=close[0],
                    )
                )
            raise NotationError(
                Sentence(
                    "refusal.option_unknown",
                    name=_shown(name),
                    rules=family,
                    known=", ".join(sorted(known)),
                )
            )
        changes[name] = value.strip()
    if not changes:
        return rules
    # Type hints are read only when there is something to convert: a plain call stays cheap (and
    # does not import typing).
    import typing

    hints = typing.get_type_hints(type(rules))
    return replace(
        rules, **{name: _convert(name, text, hints[name]) for name, text in changes.items()}
    )


def describe(rules: object) -> dict[str, Any]:
    """The options as a plain dict (for JSON and documentation)."""
    assert is_value_class(rules) and not isinstance(rules, type)
    return {f.name: getattr(rules, f.name) for f in fields(rules)}
