"""Sentences of the explanations, one table per language, keyed by stable ids.

Pattern names live in each variant's pattern table; this module holds the sentences around them.
A missing translation falls back to English, never to a key.

>>> t("score.total_fan", "fr", fan=3)
'Total : 3 fan'
"""

from __future__ import annotations

from mahjongkit.i18n.messages import MESSAGES

LANGUAGES = ("en", "fr", "es", "ja", "zh")
"""Languages with sentence tables (pattern tables add their names per variant)."""


def t(key: str, lang: str = "en", /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` with ``values`` filled in."""
    table = MESSAGES.get(lang, MESSAGES["en"])
    template = table.get(key) or MESSAGES["en"][key]
    return template.format(**values)


def t_or(key: str, lang: str, default: str, /, **values: object) -> str:
    """The sentence ``key`` in ``lang`` (else English), or ``default`` if no table has it."""
    table = MESSAGES.get(lang, MESSAGES["en"])
    template = table.get(key) or MESSAGES["en"].get(key)
    return template.format(**values) if template else default


def check_language(lang: str, allowed: tuple[str, ...] = LANGUAGES) -> str:
    """Return ``lang`` if it is one of ``allowed``, else raise a clear error."""
    if lang not in allowed:
        from mahjongkit.errors import NotationError

        raise NotationError(f"unknown language {lang!r}: expected one of {', '.join(allowed)}")
    return lang
