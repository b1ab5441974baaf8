"""The pattern tables of every variant: one row base, one table check and one evaluator.

A table is a tuple of frozen rows. Each :class:`PatternRow` has a stable id, the requirement it
implements, the ids it ``replaces`` (patterns it includes: they are not counted beside it), the
ids it ``implies`` (documentation checked by the tests, never used when scoring), whether it
counts only ``alone`` (when nothing but side rows hits), the option that switches it on, and an
example hand written as the arguments of ``mahjongkit score``. Names are not in the rows: each
variant keeps one mapping per language in its ``names.py``, and :func:`with_names` attaches
them when the table is built.

:class:`FanRow` adds what a fan table needs (Hong Kong, Sichuan): a value, a limit flag (a
number or bool, or a typed :class:`Option` handle naming the rules field that holds it) and a
small pure predicate returning how many times the pattern applies. :func:`evaluate` scores one
reading of a hand with such rows; Riichi keeps its compiled search over rows of the same base.

Precedence is declared, never coded:

- ``replaces`` is a complete list: when A replaces B and B replaces C, A lists C too, so the
  result does not depend on the order of the rows (:func:`check_table` enforces it);
- an ``alone`` row counts only when every other hit is a ``side`` row;
- a limit row stands alone, and when several limit rows hit, the one with the smallest
  ``limit_rank`` is the one reported;
- the best reading is the one :func:`best_reading` ranks first, by a key each variant declares.

>>> rows = with_names(
...     (
...         FanRow(id="pure", rule="X-1", fan=7, replaces=("mixed",), test=lambda c: c == "p"),
...         FanRow(id="mixed", rule="X-2", fan=3, test=lambda c: c in "pm"),
...     ),
...     {"en": {"pure": "Pure one suit", "mixed": "Mixed one suit"}},
... )
>>> check_table(rows, languages=("en",))
>>> found = evaluate(activate(rows, None), "p", limit_value=13)
>>> [(hit.id, hit.value) for hit in found.hits], found.replaced
([('pure', 7)], (('mixed', 'pure'),))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from mahjongkit.errors import MahjongError
from mahjongkit.lite_typing import Any, Generic, TypeVar
from mahjongkit.scoring.names import Names
from mahjongkit.scoring.result import PatternHit
from mahjongkit.valueclass import dataclass, field, fields, replace

T = TypeVar("T")
C = TypeVar("C")
R = TypeVar("R", bound="PatternRow")


class TableError(MahjongError):
    """A pattern table that breaks its own rules (a duplicate id, a dangling reference...)."""

    code = "invalid_table"


class Option(str, Generic[T]):
    """A typed handle on one field of a rules object: ``Option[int]("all_terminals_fan")``.

    It is the field's name (so ``getattr(rules, handle)`` works), and :meth:`of` reads the value
    with its type. :func:`check_table` checks that the field exists.

    >>> from types import SimpleNamespace
    >>> Option[int]("limit").of(SimpleNamespace(limit=13))
    13
    """

    __slots__ = ()

    def of(self, rules: object) -> T:
        """The value of this option in ``rules``."""
        value: T = getattr(rules, self)
        return value


IntOption = Option[int]
BoolOption = Option[bool]


@dataclass(frozen=True, slots=True, kw_only=True)
class PatternRow:
    """The fields every pattern row has, in every variant."""

    id: str
    """Stable id: JSON, tests and the names tables use it."""
    rule: str
    """The requirement it implements (``R-10``, ``H-09``, ``S-04``, or a rules-book section)."""
    names: Names = field(default_factory=dict, compare=False)
    """Its names by language, attached from the variant's ``names.py`` (:func:`with_names`)."""
    replaces: tuple[str, ...] = ()
    """Ids this pattern includes: they are not counted beside it (a complete list)."""
    implies: tuple[str, ...] = ()
    """Whenever this row applies, at least one of these applies too (checked by the tests)."""
    alone: bool = False
    """Counts only when every other hit is a side row (a chicken hand, a simple hand)."""
    enabled_by: BoolOption | None = None
    """A boolean option without which the row never applies."""
    example: str = ""
    """A hand showing the row, as the arguments of ``mahjongkit score`` (the variant's flag
    left out), scored under the default rules plus the options the row depends on."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FanRow(PatternRow, Generic[C]):
    """A row of a fan table: its value, limit flag and predicate over a reading ``C``."""

    test: Callable[[C], int]
    """How many times the pattern applies to one reading (0: not at all; True counts 1)."""
    fan: int | IntOption = 0
    """Fan per occurrence, or the option holding it."""
    limit: bool | BoolOption = False
    """Whether the row is a limit hand (worth the limit alone), or the option saying so."""
    limit_rank: int = 0
    """Among limit rows that hit together, the smallest rank is the one reported."""
    side: bool = False
    """A side row (bonus tiles, the way of winning) does not stop an ``alone`` row."""
    replaces_when: BoolOption | None = None
    """A boolean option that must be on for ``replaces`` to apply."""
    absorbs: tuple[tuple[str, int], ...] = ()
    """(id, count): occurrences of another row already paid for inside this one."""

    def value(self, rules: object) -> int:
        """The fan of one occurrence under ``rules`` (a limit row's own value is unused)."""
        return self.fan.of(rules) if isinstance(self.fan, Option) else self.fan

    def is_limit(self, rules: object) -> bool:
        """Whether the row is a limit hand under ``rules``."""
        return self.limit.of(rules) if isinstance(self.limit, Option) else self.limit

    def enabled(self, rules: object) -> bool:
        """Whether the row can apply under ``rules``."""
        return self.enabled_by is None or bool(self.enabled_by.of(rules))

    def replaced_ids(self, rules: object) -> tuple[str, ...]:
        """The ids this row replaces under ``rules``."""
        if self.replaces_when is not None and not self.replaces_when.of(rules):
            return ()
        return self.replaces


# --- building and checking a table ---------------------------------------------------------------


def with_names(rows: Iterable[R], names: Mapping[str, Mapping[str, str]]) -> tuple[R, ...]:
    """The rows with their names attached: ``names`` maps a language to {row id: name}.

    A row a language does not name has no name in it (:func:`check_table` reports it).
    """
    return tuple(
        replace(
            row, names={lang: table[row.id] for lang, table in names.items() if row.id in table}
        )
        for row in rows
    )


def _options(value: object) -> Iterable[Option[Any]]:
    if isinstance(value, Option):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _options(item)


def check_table(
    rows: Sequence[PatternRow],
    rules_type: type | None = None,
    languages: Sequence[str] = (),
    names: Mapping[str, Mapping[str, str]] | None = None,
) -> None:
    """Raise :class:`TableError` naming the first row that breaks a rule of the tables.

    Ids are unique; ``replaces``, ``implies`` and ``absorbs`` name existing rows; no row
    replaces itself; ``replaces`` is complete (A replaces B replaces C: A lists C); an ``alone``
    row neither replaces nor is replaced; rows that can be limits have distinct positive
    ranks; every option handle names a field of ``rules_type``; every row has a name in each
    of ``languages``, and ``names`` (by language) names no row that is not in the table.
    """
    by_id: dict[str, PatternRow] = {}
    for row in rows:
        if row.id in by_id:
            raise TableError(f"pattern id {row.id!r} appears twice in the table")
        by_id[row.id] = row
    for row in rows:
        others = (*row.replaces, *row.implies)
        if isinstance(row, FanRow):
            others += tuple(other for other, _ in row.absorbs)
        for other in others:
            if other not in by_id:
                raise TableError(f"{row.id} refers to {other!r}, which is not in the table")
        if row.id in row.replaces:
            raise TableError(f"{row.id} replaces itself")
        for included in row.replaces:
            missing = [c for c in by_id[included].replaces if c not in row.replaces]
            if missing:
                raise TableError(
                    f"{row.id} replaces {included}, which replaces {missing[0]}: "
                    f"{row.id} must list {missing[0]} too (replaces is a complete list)"
                )
    replaced = {other for row in rows for other in row.replaces}
    for row in rows:
        if row.alone and (row.replaces or row.id in replaced):
            raise TableError(f"{row.id} counts only alone: it can neither replace nor be replaced")
    ranks: dict[int, str] = {}
    for row in rows:
        if isinstance(row, FanRow) and row.limit is not False:
            if row.limit_rank <= 0 or row.limit_rank in ranks:
                raise TableError(
                    f"{row.id} can be a limit hand: it needs a positive limit_rank of its own "
                    f"(taken: {ranks.get(row.limit_rank, 'none')})"
                )
            ranks[row.limit_rank] = row.id
    if rules_type is not None:
        known = {f.name for f in fields(rules_type)}
        for row in rows:
            for row_field in fields(row):
                for option in _options(getattr(row, row_field.name)):
                    if option not in known:
                        raise TableError(
                            f"{row.id}.{row_field.name} names option {str(option)!r}, which "
                            f"{rules_type.__name__} does not have"
                        )
    for row in rows:
        for lang in languages:
            if not row.names.get(lang):
                raise TableError(f"{row.id} has no name in {lang!r}")
    for lang, table in (names or {}).items():
        for extra in sorted(set(table) - set(by_id)):
            raise TableError(f"the {lang!r} names name {extra!r}, which is not in the table")


# --- evaluating one reading ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActiveRow(Generic[C]):
    """A row as it stands under one set of rules: its value, limit flag and replacements."""

    row: FanRow[C]
    position: int
    value: int
    limit: bool
    replaces: frozenset[str]


def activate(
    table: Sequence[FanRow[C]],
    rules: object,
    keep: Callable[[FanRow[C]], bool] = lambda row: True,
) -> tuple[ActiveRow[C], ...]:
    """The rows of ``table`` that can apply under ``rules`` (and that ``keep`` keeps).

    A row switched off, or worth 0 fan without being a limit or an ``alone`` row, cannot apply.
    Variants compute this once per rules object.
    """
    active = []
    for position, row in enumerate(table):
        if not row.enabled(rules) or not keep(row):
            continue
        value, limit = row.value(rules), row.is_limit(rules)
        if value or limit or row.alone:
            active.append(
                ActiveRow(row, position, value, limit, frozenset(row.replaced_ids(rules)))
            )
    return tuple(active)


@dataclass(frozen=True, slots=True)
class Evaluation(Generic[C]):
    """One reading scored: the patterns kept (table order), what replaced what, the total.

    ``rows`` are the rows behind ``hits``, one for one. ``limit`` is the limit row reported,
    if any; the total is then the limit value.
    """

    context: C
    hits: tuple[PatternHit, ...]
    rows: tuple[ActiveRow[C], ...]
    replaced: tuple[tuple[str, str], ...]
    total: int
    limit: ActiveRow[C] | None = None


class LastRows(Generic[C]):
    """The active rows a variant asks for per key (a shape, a flag) under its rules, kept for
    the last rules object each key was asked with and found by identity: hashing a rules object
    on every reading costs more than the search. ``make(rules, key)`` builds them."""

    __slots__ = ("_last", "_make")

    def __init__(self, make: Callable[[Any, Any], tuple[ActiveRow[C], ...]]) -> None:
        self._make = make
        self._last: dict[Any, tuple[object, tuple[ActiveRow[C], ...]]] = {}

    def __call__(self, rules: object, key: object) -> tuple[ActiveRow[C], ...]:
        """The rows of ``key`` under ``rules``."""
        last = self._last.get(key)
        if last is not None and last[0] is rules:
            return last[1]
        found = self._make(rules, key)
        self._last[key] = (rules, found)
        return found


class Tally(Generic[C]):
    """What :func:`tally` found in one reading: every hit (``found``, id -> [active row,
    count]), the ids another hit replaces (``dropped``), the rows left after the replacements
    (``survivors``, before absorbed occurrences), the hits kept (``kept``), the limit row
    reported (``winner``)."""

    __slots__ = ("dropped", "found", "kept", "survivors", "winner")

    def __init__(
        self,
        found: dict[str, list[Any]],
        dropped: set[str],
        survivors: tuple[ActiveRow[C], ...],
        kept: list[list[Any]],
        winner: ActiveRow[C] | None,
    ) -> None:
        self.found = found
        self.dropped = dropped
        self.survivors = survivors
        self.kept = kept
        self.winner = winner


def tally(rows: Sequence[ActiveRow[C]], context: C) -> Tally[C]:
    """The hits of one reading as counted, without naming them: what :func:`evaluate` builds its
    result from, and all a bot's figure needs (``kept``: [active row, count] pairs after the
    replacements, the absorbed occurrences and the alone rows; ``winner``: the limit row
    reported, if any)."""
    found: dict[str, list[Any]] = {}  # id -> [active row, count], in the order found
    for active in rows:
        row = active.row
        if not row.alone:
            count = row.test(context)
            if count and (count := int(count)):  # most rows miss: int() only on a hit
                found[row.id] = [active, count]
    dropped = {other for active, _ in found.values() for other in active.replaces if other in found}
    if dropped:
        kept = [hit for row_id, hit in found.items() if row_id not in dropped]
    else:
        kept = list(found.values())
    survivors = tuple(active for active, _ in kept)
    counts = {hit[0].row.id: hit for hit in kept}
    for active in survivors:
        for other, absorbed in active.row.absorbs:
            if other in counts:
                counts[other][1] -= absorbed
                if counts[other][1] <= 0:
                    kept.remove(counts.pop(other))
    if all(active.row.side for active, _ in kept):
        kept.extend([active, 1] for active in rows if active.row.alone and active.row.test(context))
    winner: ActiveRow[C] | None = None
    for active, _ in kept:
        # The smallest rank of the limit rows that hit (the first of equals).
        if active.limit and (winner is None or active.row.limit_rank < winner.row.limit_rank):
            winner = active
    return Tally(found, dropped, survivors, kept, winner)


def evaluate(
    rows: Sequence[ActiveRow[C]], context: C, limit_value: int, unit: str = "fan"
) -> Evaluation[C]:
    """Score one reading with active rows: hits, replacements, alone rows, limit hands."""
    counted = tally(rows, context)
    found, dropped, kept = counted.found, counted.dropped, counted.kept
    replaced = [
        (row_id, next(a.row.id for a in counted.survivors if row_id in a.replaces))
        for row_id in found
        if row_id in dropped
    ]
    winner = counted.winner
    if winner is not None:
        # A limit hand is worth the limit alone: nothing else is added.
        replaced += [(active.row.id, winner.row.id) for active, _ in kept if active is not winner]
        hit = PatternHit(winner.row.id, limit_value, winner.row.names, unit=unit)
        return Evaluation(context, (hit,), (winner,), tuple(replaced), limit_value, winner)
    kept.sort(key=lambda hit: hit[0].position)
    hits = tuple(
        PatternHit(active.row.id, active.value * count, active.row.names, unit, count)
        for active, count in kept
    )
    return Evaluation(
        context,
        hits,
        tuple(active for active, _ in kept),
        tuple(replaced),
        sum(hit.value for hit in hits),
    )


def best_reading(readings: Iterable[T], key: Callable[[T], Any]) -> T | None:
    """The reading ``key`` ranks highest (the first of equals), or None when there is none.

    Each variant declares its key: Hong Kong ranks by (total, fan toward the minimum), Sichuan
    by (fan after the cap, fan before it).
    """
    best: T | None = None
    for reading in readings:
        if best is None or key(reading) > key(best):
            best = reading
    return best


def replaced_names(
    replaced: Sequence[tuple[str, str]], table: Mapping[str, PatternRow]
) -> tuple[tuple[str, Names], ...]:
    """(id, names) of every pattern ``replaced`` mentions, for a score to carry."""
    ids = dict.fromkeys(row_id for pair in replaced for row_id in pair)
    return tuple((row_id, table[row_id].names) for row_id in ids)
