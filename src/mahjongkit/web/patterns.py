"""A family's pattern table as the site shows it: the table the variant generates
(:func:`mahjongkit.variants.rules_page`), with each example hand drawn as tiles and opened in
the calculator by a click, and without the specification's rule ids."""

from __future__ import annotations

import re
import shlex
from functools import cache
from html import escape
from urllib.parse import quote

from markdown_it import MarkdownIt

from mahjongkit.api.words import answer_request, request_of_words
from mahjongkit.errors import MahjongError
from mahjongkit.i18n import t
from mahjongkit.variants import DEFAULT_VARIANT, find_variant, rules_page
from mahjongkit.web.examples import example_hand, parse_command

_RULE_ID = re.compile(r"^[RHS]-\d{1,3}[a-z]?(?:\s*,\s*[RHS]-\d{1,3}[a-z]?)*$")
_INLINE = MarkdownIt("commonmark", {"html": False})


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(markdown: str) -> tuple[list[str], list[list[str]], str, str]:
    """The header, the rows, and the text before and after the first table of a page."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    header = _cells(lines[start])
    rows = [_cells(line) for line in lines[start + 2 : end]]
    return header, rows, "\n".join(lines[:start]), "\n".join(lines[end:])


def example_command(fragment: str, family: str, preset: str, default: str) -> str:
    """The ``score`` command line a table's example asks (the family and preset added)."""
    words = ["score", *shlex.split(fragment.strip("`"))]
    if family != DEFAULT_VARIANT:
        words += ["--variant", family]
    if preset != default:
        words += ["--rules", preset]
    return " ".join(shlex.quote(word) for word in words)


@cache
def patterns_html(family: str, preset: str, lang: str) -> str:
    """The pattern table of ``family`` under ``preset`` in ``lang``, as HTML."""
    variant = find_variant(family)
    default = next(iter(variant.presets))
    header, rows, before, after = _table(rules_page(family, variant.rules(preset), lang))
    rule_columns = {
        i
        for i in range(len(header))
        if all(not row[i] or _RULE_ID.match(row[i]) for row in rows if i < len(row))
        and any(row[i] for row in rows if i < len(row))
    }
    example = len(header) - 1
    head = "".join(
        f'<th scope="col">{escape(name)}</th>'
        for i, name in enumerate(header)
        if i not in rule_columns
    )
    body = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            if i in rule_columns:
                continue
            if i == example:
                drawn = _example_cell(cell, row[0], family, preset, default, lang)
                cells.append(
                    f'<td class="pattern-example" data-label="{escape(header[i])}">{drawn}</td>'
                )
            elif i == 0:
                cells.append(f'<th scope="row">{_INLINE.renderInline(cell)}</th>')
            else:
                cells.append(
                    f'<td data-label="{escape(header[i])}">{_INLINE.renderInline(cell)}</td>'
                )
        body.append("<tr>" + "".join(cells) + "</tr>")
    label = escape(t("web.course.patterns", lang))
    table = (
        f'<div class="table-wrap" role="region" tabindex="0" aria-label="{label}">'
        f'<table class="patterns-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )
    render = MarkdownIt("commonmark", {"html": False}).enable("table").render
    return str(render(before)) + table + str(render(after))


def _example_cell(cell: str, name: str, family: str, preset: str, default: str, lang: str) -> str:
    fragment = cell.strip().strip("`").strip()
    if not fragment:
        return ""
    command = example_command(fragment, family, preset, default)
    try:
        request = request_of_words(parse_command(command))
        drawn = example_hand(request, lang)
    except MahjongError:
        return f"<code>{escape(fragment)}</code>"
    try:
        answer_request(request)
    except MahjongError:
        # The example asks what this preset refuses (flowers at a table without them): the
        # hand is shown, but the calculator would only refuse it.
        return drawn
    plain = re.sub(r"<[^>]+>", "", _INLINE.renderInline(name))
    label = escape(f"{t('learn.patterns.open', lang)}: {plain}")
    return (
        f'{drawn}<a class="open-example" href="/{lang}/calculator?q={quote(command)}" '
        f'aria-label="{label}">{escape(t("learn.patterns.open", lang))}</a>'
    )
