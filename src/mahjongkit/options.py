"""Rule options: frozen dataclasses with named presets, overridden by ``NAME=VALUE`` strings.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo:
...     cap: int = 4
...     bonus: bool = False
>>> override(Demo(), ["cap=3", "bonus=yes"])
Demo(cap=3, bonus=True)

Every option of a family's rules has a range, declared next to it as data: a number option
with :func:`option` (``low`` to ``high``, or a few ``choices``), a choice with its ``Literal``
annotation, a list option with the choices of its entries. :func:`check_options`, which every
rules class calls on construction, reads the declarations and the annotations and refuses a
value out of range, or of the wrong type, with an :class:`~mahjongkit.errors.OptionValueError`
whose sentence names the option and what it takes; :func:`option_ranges` gives the ranges for
the documentation.

>>> from mahjongkit.valueclass import dataclass
>>> @dataclass(frozen=True)
... class Table:
...     cap: int = option(4, low=0, high=30, unit="fan")
...     def __post_init__(self) -> None:
...         check_options(self)
>>> Table(cap=31)
Traceback (most recent call last):
...
mahjongkit.errors.OptionValueError: the cap option is a whole number from 0 to 30, not 31
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from mahjongkit.errors import NotationError, OptionValueError
from mahjongkit.i18n import Sentence
from mahjongkit.lite_typing import Any, NamedTuple, TypeVar
from mahjongkit.valueclass import field, fields, is_value_class, replace

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
                Sentence("refusal.option_digits", name=name, digits=len(digits), most=OPTION_DIGITS)
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
            shown = _shown(text)
            raise NotationError(
                Sentence("refusal.option_finite", name=name, digits=OPTION_DIGITS, text=shown)
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
                    choices=", ".join(map(str, allowed)),
                    value=_shown(text),
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
        raise NotationError(Sentence("refusal.options_type", type=type(assignments).__name__))
    for assignment in assignments:
        if not isinstance(assignment, str):
            raise NotationError(Sentence("refusal.option_type_of", type=type(assignment).__name__))
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


def recorded(rules: object) -> dict[str, Any]:
    """The options as a game's log records them: every option, except one declared
    ``when_set`` (:func:`option`) that keeps its default. Such an option came after logs were
    kept: a game that does not use it writes the log it always wrote, and a log without it
    reads back with its default.

    >>> from mahjongkit.valueclass import dataclass
    >>> @dataclass(frozen=True)
    ... class Table:
    ...     cap: int = option(4, low=0, high=30)
    ...     late: bool = option(False, when_set=True)
    >>> recorded(Table()), recorded(Table(late=True))
    ({'cap': 4}, {'cap': 4, 'late': True})
    """
    assert is_value_class(rules) and not isinstance(rules, type)
    out = {}
    for spec in fields(rules):
        value = getattr(rules, spec.name)
        if spec.metadata.get(RANGE, _PLAIN).when_set and value == spec.default:
            continue
        out[spec.name] = value
    return out


# --- ranges ----------------------------------------------------------------------------------

RANGE = "mahjongkit.option"
"""The key of an option's declaration in its field's ``metadata``."""


class Declared(NamedTuple):
    """What :func:`option` declares of one option: its bounds, its unit, its choices."""

    low: int | None = None
    high: int | None = None
    unit: str = ""
    """What the number counts (fan, points, counters...), for the documentation."""
    choices: tuple[Any, ...] = ()
    """The values allowed (of a number, or of each entry of a list); empty: any in range."""
    when_set: bool = False
    """A log records the option only when it differs from its default (see :func:`recorded`)."""


def option(
    default: Any,
    *,
    low: int | None = None,
    high: int | None = None,
    unit: str = "",
    choices: tuple[Any, ...] = (),
    when_set: bool = False,
) -> Any:
    """The field of a rule option with its range: a whole number from ``low`` to ``high``
    (both included), or one of ``choices`` (for a list option, what each entry may be).
    ``when_set``: a game's log records the option only when it is not the default
    (:func:`recorded`).

    The type comes from the field's annotation; :func:`check_options` reads both.
    """
    if (low is None) != (high is None) or (low is not None and high is not None and low > high):
        raise ValueError(f"an option's range is low <= high, not {low}..{high}")
    declared = Declared(low, high, unit, choices, when_set)
    return field(default=default, metadata={RANGE: declared})


_PLAIN = Declared()
"""The declaration of a field that declares nothing."""


class OptionSpec(NamedTuple):
    """What one option takes, read once per class from its annotation and declaration."""

    name: str
    kind: str
    """``bool``, ``int``, ``float`` or ``str``: the type of the value, or of each entry."""
    optional: bool
    """None is allowed."""
    many: bool
    """A tuple of such values."""
    choices: tuple[Any, ...]
    low: int | None
    high: int | None
    unit: str


_KINDS = ("bool", "int", "float", "str")


def _read_annotation(text: str) -> tuple[str, bool, bool, tuple[Any, ...]]:
    """(kind, optional, many, choices) of an option's annotation, as the class statement
    wrote it (a string: ``int``, ``int | None``, ``Literal['a', 'b']``, ``tuple[int, ...]``,
    ``tuple[Literal['a', 'b'], ...]``). Read without :mod:`typing`, which a one-shot command
    does not import; the tests check every option against ``typing.get_type_hints``."""
    text = " ".join(text.split())
    optional = False
    if text.endswith(" | None"):
        text, optional = text[: -len(" | None")], True
    many = False
    if text.startswith("tuple[") and text.endswith(", ...]"):
        text, many = text[len("tuple[") : -len(", ...]")], True
    if text in _KINDS:
        return text, optional, many, ()
    if text.startswith("Literal[") and text.endswith("]"):
        choices = tuple(_literal(item) for item in text[len("Literal[") : -1].split(","))
        kinds = {type(choice).__name__ for choice in choices}
        if len(kinds) == 1 and next(iter(kinds)) in _KINDS:
            return next(iter(kinds)), optional, many, choices
    raise TypeError(f"an option's annotation {text!r} is not one check_options reads")


def _literal(item: str) -> Any:
    """One value of a ``Literal[...]``: a quoted string or a whole number."""
    item = item.strip()
    if len(item) >= 2 and item[0] == item[-1] and item[0] in "'\"":
        return item[1:-1]
    return int(item)


_SPECS: dict[type, tuple[OptionSpec, ...]] = {}


def option_specs(kind: type) -> tuple[OptionSpec, ...]:
    """What every option of a rules class takes, in order (read on the class's first check)."""
    found = _SPECS.get(kind)
    if found is None:
        made = []
        for spec in fields(kind):
            annotation = spec.type if isinstance(spec.type, str) else _annotation_text(spec.type)
            value_kind, optional, many, choices = _read_annotation(annotation)
            declared = spec.metadata.get(RANGE, Declared())
            made.append(
                OptionSpec(
                    spec.name,
                    value_kind,
                    optional,
                    many,
                    declared.choices or choices,
                    declared.low,
                    declared.high,
                    declared.unit,
                )
            )
        found = _SPECS[kind] = tuple(made)
    return found


def _annotation_text(annotation: Any) -> str:
    """A class's annotation that is a type, not a string (a class without
    ``from __future__ import annotations``), as a string."""
    return annotation.__name__ if isinstance(annotation, type) else repr(annotation)


def check_options(rules: object) -> None:
    """Refuse any option of ``rules`` (a rules value class) that is of the wrong type or out of
    its declared range, with an :class:`~mahjongkit.errors.OptionValueError` naming it."""
    for check in option_specs(type(rules)):
        value = getattr(rules, check.name)
        if value is None and check.optional:
            continue
        if not check.many:
            _check_value(check, value, "")
            continue
        if type(value) is not tuple:
            raise OptionValueError(
                Sentence(
                    "refusal.option_type",
                    name=check.name,
                    expected=Sentence("refusal.option_expect.list"),
                    value=_value(value),
                )
            )
        for item in value:
            _check_value(check, item, "item_")


def _check_value(check: OptionSpec, value: Any, item: str) -> None:
    """One value (``item``: one entry of a list option) against its check."""
    kind = check.kind
    if kind == "bool":
        right = type(value) is bool
    elif kind == "int":
        right = type(value) is int
    elif kind == "float":
        right = type(value) in (int, float) and math.isfinite(value)
    else:
        right = type(value) is str
    if not right:
        expect = "int_none" if kind == "int" and check.optional and not item else kind
        raise OptionValueError(
            Sentence(
                f"refusal.option_{item}type",
                name=check.name,
                expected=Sentence(f"refusal.option_expect.{expect}"),
                value=_value(value),
            )
        )
    if check.choices and value not in check.choices:
        if len(check.choices) == 1 and not item:
            only = check.choices[0]
            raise OptionValueError(
                Sentence("refusal.option_only", name=check.name, only=only, value=_value(value))
            )
        raise OptionValueError(
            Sentence(
                f"refusal.option_{item}choice",
                name=check.name,
                choices=", ".join(map(str, check.choices)),
                value=_value(value),
            )
        )
    if check.low is not None and check.high is not None and not check.low <= value <= check.high:
        raise OptionValueError(
            Sentence(
                f"refusal.option_{item}range",
                name=check.name,
                low=check.low,
                high=check.high,
                value=_value(value),
            )
        )


def _value(value: Any) -> str:
    """A refused value as the refusal shows it: text quoted, anything cut short, a huge number
    by its size (Python refuses to write a number of over 4,300 digits)."""
    if type(value) is int and abs(value) >= 10**OPTION_DIGITS:
        return Sentence("refusal.option_huge", digits=OPTION_DIGITS + 1)
    if isinstance(value, str):
        return _shown(value)
    try:
        shown = repr(value)
    except ValueError:  # a container holding such a number
        return type(value).__name__
    return shown if len(shown) <= 40 else shown[:37] + "..."


class OptionRange(NamedTuple):
    """One option's type and accepted values, in words for the documentation."""

    name: str
    value: Any
    """Its value in the rules asked about."""
    accepts: str


def option_ranges(rules: object) -> list[OptionRange]:
    """Every option of ``rules`` with its value there and what it accepts, in order."""
    rows = []
    for check in option_specs(type(rules)):
        if check.kind == "bool":
            accepts = "true or false"
        elif len(check.choices) == 1:
            accepts = f"{check.choices[0]} only"
        elif check.choices:
            accepts = "one of " + ", ".join(map(str, check.choices))
        elif check.low is not None:
            accepts = f"{check.low} to {check.high}" + (f" {check.unit}" if check.unit else "")
        else:
            accepts = {"int": "a whole number", "float": "a number", "str": "text"}[check.kind]
        if check.many:
            accepts = f"a list, each entry {accepts}"
        if check.optional:
            accepts += ", or none"
        rows.append(OptionRange(check.name, getattr(rules, check.name), accepts))
    return rows


def shown_value(value: Any) -> str:
    """An option's value as ``--option NAME=VALUE`` writes it (``-`` for an empty list)."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "-"
    return str(value)


def options_page(rules: object) -> str:
    """A Markdown table of every option of ``rules``: its value there and what it accepts
    (what ``mahjongkit rules --options`` prints, and ``docs/options.md`` holds per family)."""
    lines = ["| Option | Value | Accepts |", "|---|---|---|"]
    for row in option_ranges(rules):
        lines.append(f"| `{row.name}` | {shown_value(row.value)} | {row.accepts} |")
    return "\n".join(lines) + "\n"
