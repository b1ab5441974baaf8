"""The glossary: every concept and every pattern by a stable id, with its original Chinese or
Japanese term, a romanisation, its names per language and a short definition.

The data is ``glossary.toml`` beside this module. In each language the first name is the
default (the one lessons, the calculator and explanations use); the others are aliases, each
with its source, so that a learner who read "Attente dorée" elsewhere finds "Hameçon d’or".

>>> entry = glossary()["golden_hook"]
>>> entry.term, entry.name("fr"), [alias.name for alias in entry.aliases("fr")]
('金鉤釣', 'Hameçon d’or', ['Attente dorée'])
>>> term_name("pung", "es")
'Pung'
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Any

from mahjongkit.errors import NotationError
from mahjongkit.valueclass import dataclass

GLOSSARY_LANGUAGES = ("en", "fr", "es")
"""The languages every entry has names and a definition in."""


@dataclass(frozen=True, slots=True)
class Name:
    """One name of a concept in one language, and where it comes from."""

    name: str
    source: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One concept of the glossary."""

    id: str
    term: str
    """The original term (Chinese for Hong Kong and Sichuan, Japanese for Riichi)."""
    term_lang: str
    """The language of :attr:`term`: ``zh`` or ``ja``."""
    romanisation: str
    families: tuple[str, ...]
    """The rule families whose pattern tables hold this id (empty for a general term)."""
    names: dict[str, tuple[Name, ...]]
    definitions: dict[str, str]

    def name(self, lang: str) -> str:
        """The default name in ``lang`` (English when ``lang`` has none)."""
        return self.names.get(lang, self.names["en"])[0].name

    def aliases(self, lang: str) -> tuple[Name, ...]:
        """The other names in ``lang``, after the default."""
        return self.names.get(lang, self.names["en"])[1:]

    def definition(self, lang: str) -> str:
        """The definition in ``lang`` (English when ``lang`` has none)."""
        return self.definitions.get(lang) or self.definitions["en"]


def _entry(key: str, data: dict[str, Any]) -> Entry:
    try:
        names = {
            lang: tuple(
                Name(str(item["name"]), str(item["source"])) for item in data["names"][lang]
            )
            for lang in GLOSSARY_LANGUAGES
        }
        definitions = {lang: str(data["definition"][lang]) for lang in GLOSSARY_LANGUAGES}
        entry = Entry(
            id=key,
            term=str(data["term"]),
            term_lang=str(data["term_language"]),
            romanisation=str(data["romanisation"]),
            families=tuple(str(f) for f in data.get("families", ())),
            names=names,
            definitions=definitions,
        )
    except (KeyError, TypeError) as missing:
        raise NotationError(f"glossary entry {key!r} lacks {missing}") from None
    for lang, found in names.items():
        if not found:
            raise NotationError(f"glossary entry {key!r} has no name in {lang}")
    return entry


@cache
def glossary() -> dict[str, Entry]:
    """Every entry by id, read once from the package's ``glossary.toml``."""
    text = files("mahjongkit.i18n").joinpath("glossary.toml").read_text(encoding="utf-8")
    return {key: _entry(key, data) for key, data in tomllib.loads(text).items()}


def term_name(term_id: str, lang: str = "en") -> str:
    """The default name of glossary entry ``term_id`` in ``lang``."""
    entry = glossary().get(term_id)
    if entry is None:
        raise NotationError(f"unknown glossary id {term_id!r}")
    return entry.name(lang)
