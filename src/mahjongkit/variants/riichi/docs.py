"""The Riichi rules page, generated from the pattern table and a rules object.

One source for the scorer and its documentation: each row's names, value under the chosen rules
(han concealed / open, or yakuman), requirement id and example hand, written by the one page
generator of :mod:`mahjongkit.scoring.pages`.

>>> page = rules_page(RiichiRules.ema2016(), "en")
>>> "| All Simples | tanyao | 1 | 1 | R-09 |" in page
True
>>> "| All Simples | tanyao | 1 | – | R-09 |" in rules_page(RiichiRules.ema2012(), "en")
True
>>> page = rules_page(RiichiRules.ema2012(), "fr")
>>> "| Nagashi Mangan | nagashi mangan | mangan, à la fin du mur | – |" in page
True
>>> "| Dora | dora | 1 par tuile | 1 par tuile |" in page
True
"""

from __future__ import annotations

from collections.abc import Callable

from mahjongkit.i18n import t
from mahjongkit.scoring import name_in
from mahjongkit.scoring.pages import Column, markdown_table
from mahjongkit.variants.riichi.compiled import compile_rules
from mahjongkit.variants.riichi.features import F_NEVER
from mahjongkit.variants.riichi.names import NAMES
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.yaku import TABLE, Yaku

LANGUAGES = tuple(NAMES)
"""Languages of the pattern names: ``ja-Latn`` gives the Japanese names in romaji."""


def _values(rules: RiichiRules) -> Callable[[Yaku, str], tuple[str, str]]:
    """(concealed, open) cells of a row under ``rules``."""
    resolved = {entry.row.id: entry for entry in compile_rules(rules).rows}

    def values(row: Yaku, lang: str) -> tuple[str, str]:
        entry = resolved.get(row.id)
        if row.bonus is not None:
            per_tile = t("page.riichi.per_tile", lang, han=row.han_closed)
            return per_tile, (per_tile if row.han_open else "–")
        if entry is None:
            return t("page.riichi.not_a_yaku", lang), ""
        if row.needs & F_NEVER:
            # Nagashi mangan is no hand shape: a mangan paid at the draw, never added to.
            return t("page.riichi.at_draw", lang), "–"
        if entry.yakuman:
            yakuman = f"{entry.yakuman}× yakuman"
            return yakuman, ("–" if row.concealed else yakuman)
        return str(entry.han_closed), (str(entry.han_open) if entry.han_open else "–")

    return values


def rules_page(rules: RiichiRules | None = None, lang: str = "en") -> str:
    """A Markdown table of every pattern under ``rules`` (EMA 2012 by default), in ``lang``."""
    values = _values(rules or RiichiRules.ema2012())
    columns: tuple[Column[Yaku], ...] = (
        Column("page.riichi.pattern", lambda row, lang: name_in(row.names, lang)),
        Column("page.riichi.japanese", lambda row, lang: row.names["ja-Latn"]),
        Column("page.riichi.concealed", lambda row, lang: values(row, lang)[0]),
        Column("page.riichi.open", lambda row, lang: values(row, lang)[1]),
        Column("page.rule", lambda row, lang: row.rule),
        Column("page.example", lambda row, lang: f"`{row.example}`" if row.example else ""),
    )
    return markdown_table(TABLE, columns, lang, LANGUAGES)
