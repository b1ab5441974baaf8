"""The Riichi rules page, generated from the pattern table and a rules object.

One source for the scorer and its documentation: each row's names, value under the chosen rules
(han concealed / open, or yakuman), requirement id and example hand.

>>> page = rules_page(RiichiRules.ema2016(), "en")
>>> "| All Simples | tanyao | 1 | 1 | R-09 |" in page
True
>>> "| All Simples | tanyao | 1 | – | R-09 |" in rules_page(RiichiRules.ema2012(), "en")
True
"""

from __future__ import annotations

from mahjongkit.scoring import name_in
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.scorer import compile_rules
from mahjongkit.variants.riichi.yaku import TABLE

_HEADINGS = {
    "en": ("Pattern", "Japanese", "Concealed", "Open", "Rule", "Example"),
    "fr": ("Combinaison", "Japonais", "Cachée", "Ouverte", "Règle", "Exemple"),
    "es": ("Combinación", "Japonés", "Cerrada", "Abierta", "Regla", "Ejemplo"),
    "ja": ("役", "ローマ字", "門前", "副露", "規則", "例"),
}
_NOT_A_YAKU = {
    "en": "not a yaku under these rules",
    "fr": "pas un yaku dans ces règles",
    "es": "no es un yaku con estas reglas",
    "ja": "この規則では役ではない",
}


def rules_page(rules: RiichiRules | None = None, lang: str = "en") -> str:
    """A Markdown table of every pattern under ``rules``, in ``lang``."""
    rules = rules or RiichiRules.ema2012()
    compiled = compile_rules(rules)
    resolved = {entry.row.id: entry for entry in compiled.rows}
    headings = _HEADINGS.get(lang, _HEADINGS["en"])
    lines = ["| " + " | ".join(headings) + " |", "|" + "---|" * len(headings)]
    for row in TABLE:
        entry = resolved.get(row.id)
        if row.bonus is not None:
            closed, opened = "1 / tile", ("1 / tile" if row.han_open else "–")
        elif entry is None:
            closed, opened = _NOT_A_YAKU.get(lang, _NOT_A_YAKU["en"]), ""
        elif entry.yakuman:
            closed = opened = f"{entry.yakuman}× yakuman"
            if row.concealed:
                opened = "–"
        else:
            closed = str(entry.han_closed)
            opened = str(entry.han_open) if entry.han_open else "–"
        example = f"`{row.example}`" if row.example else ""
        lines.append(
            f"| {name_in(row.names, lang)} | {row.names['ja-Latn']} | {closed} | {opened} | "
            f"{row.rule} | {example} |"
        )
    return "\n".join(lines)
