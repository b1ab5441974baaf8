"""The rules pages: one Markdown table generator for every variant's pattern table.

A variant says which columns its page has (a heading's sentence key and how to fill a cell from
a row, in a language) and which rows the rules switch on; the generator writes the table. The
headings come from the sentence tables of :mod:`mahjongkit.i18n`.

>>> from mahjongkit.scoring.patterns import FanRow
>>> rows = (FanRow(id="pure", rule="X-1", fan=7, test=bool),)
>>> columns = (Column("page.pattern", lambda row, lang: row.id),
...            Column("page.fan", lambda row, lang: str(row.fan)))
>>> print(markdown_table(rows, columns, "fr", ("en", "fr")))
| Motif | Fan |
|---|---|
| pure | 7 |
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from mahjongkit.i18n import check_language, t
from mahjongkit.lite_typing import Generic, TypeVar
from mahjongkit.valueclass import dataclass

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Column(Generic[R]):
    """One column of a rules page: the sentence key of its heading and its cell for a row."""

    heading: str
    cell: Callable[[R, str], str]


def markdown_table(
    rows: Iterable[R], columns: Sequence[Column[R]], lang: str, languages: Sequence[str]
) -> str:
    """The rows as a Markdown table in ``lang``, one of the variant's ``languages``."""
    check_language(lang, tuple(languages))
    lines = [
        "| " + " | ".join(t(column.heading, lang) for column in columns) + " |",
        "|" + "---|" * len(columns),
    ]
    for row in rows:
        lines.append("| " + " | ".join(column.cell(row, lang) for column in columns) + " |")
    return "\n".join(lines)
