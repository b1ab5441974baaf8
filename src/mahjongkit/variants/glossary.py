"""The glossary: every concept and every pattern by a stable id, with its original Chinese or
Japanese term, a romanisation, its names per language and a short definition.

The data is ``mahjongkit/i18n/glossary.toml``. In each language the first name is the
default (the one lessons, the calculator and explanations use); the others are aliases, each
with its source, so that a learner who read "Attente dorée" elsewhere finds "Hameçon d’or".
A source is one of :data:`SOURCES` (a source document of the course, the EMA rules, common or
Japanese usage, this site), said in the name's own language.

A definition states no value by hand: ``{fan}``, ``{han}`` and the other fields of
:func:`resolve` are read from the pattern tables and the rules when the glossary is loaded.

>>> entry = glossary()["golden_hook"]
>>> entry.term, entry.name("fr"), [alias.name for alias in entry.aliases("fr")]
('金鉤釣', 'Hameçon d’or', ['Attente dorée'])
>>> entry.aliases("fr")[0].source
'traductions des règles de Novikov (MIL)'
>>> glossary()["all_honours"].definition("en")
'Only winds and dragons: 10 fan.'
>>> term_name("pung", "es")
'Pung'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from typing import Any

from mahjongkit.errors import NotationError
from mahjongkit.valueclass import dataclass

GLOSSARY_LANGUAGES = ("en", "fr", "es")
"""The languages every entry has names and a definition in."""

SEED_FILES = {
    "seed:000": "000_4d1209083cd2ac57.txt",
    "seed:001": "001_06c4d2e4cd3a1291.txt",
    "seed:002": "002_02afbea91624b2e1.txt",
    "seed:003": "003_8e0d2db67bffda59.txt",
}
"""The source documents of the course, by the id a name's source gives (a name attributed to
one of them occurs in it: the tests read the files)."""

SOURCES: dict[str, dict[str, str]] = {
    "seed:000": {
        "en": "the French Sichuan rules text this course follows",
        "fr": "texte de règles du Sichuan suivi par ce cours",
        "es": "texto francés de reglas de Sichuan que sigue este curso",
    },
    "seed:001": {
        "en": "the Spanish Sichuan rules text this course follows",
        "fr": "texte espagnol de règles du Sichuan suivi par ce cours",
        "es": "texto de reglas de Sichuan que sigue este curso",
    },
    "seed:002": {
        "en": "the French Hong Kong rules text this course follows",
        "fr": "texte de règles de Hong Kong suivi par ce cours",
        "es": "texto francés de reglas de Hong Kong que sigue este curso",
    },
    "seed:003": {
        "en": "the EMA Riichi rules in French (Ooyamaneko.net), which this course follows",
        "fr": "règles EMA du Riichi en français (Ooyamaneko.net), suivies par ce cours",
        "es": "reglas EMA del Riichi en francés (Ooyamaneko.net), que sigue este curso",
    },
    "ema": {
        "en": "EMA Riichi rules (English names)",
        "fr": "règles EMA du Riichi (noms anglais)",
        "es": "reglas EMA del Riichi (nombres ingleses)",
    },
    "novikov": {
        "en": "Novikov, Sichuan Bloody Rules (MIL)",
        "fr": "traductions des règles de Novikov (MIL)",
        "es": "traducciones de las reglas de Novikov (MIL)",
    },
    "usage": {"en": "common usage", "fr": "usage courant", "es": "uso común"},
    "japanese": {"en": "Japanese usage", "fr": "usage japonais", "es": "uso japonés"},
    "site": {
        "en": "this site's name",
        "fr": "nom retenu par ce site",
        "es": "nombre de este sitio",
    },
}
"""Where a name comes from, by id, said in each language of the glossary."""


@dataclass(frozen=True, slots=True)
class Name:
    """One name of a concept in one language, and where it comes from."""

    name: str
    source: str
    """Where the name comes from, said in the name's own language (what the glossary shows)."""
    origin: str = "usage"
    """The id of that source in :data:`SOURCES`."""


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


def _name(key: str, lang: str, item: dict[str, Any]) -> Name:
    origin = str(item["source"])
    if origin not in SOURCES:
        raise NotationError(
            f"glossary entry {key!r}: the {lang} name {item['name']!r} gives the source "
            f"{origin!r}, expected one of {', '.join(SOURCES)}"
        )
    return Name(str(item["name"]), SOURCES[origin][lang], origin)


def _entry(key: str, data: dict[str, Any]) -> Entry:
    try:
        names = {
            lang: tuple(_name(key, lang, item) for item in data["names"][lang])
            for lang in GLOSSARY_LANGUAGES
        }
        families = tuple(str(f) for f in data.get("families", ()))
        definitions = {
            lang: resolve(str(data["definition"][lang]), lang, key, families)
            for lang in GLOSSARY_LANGUAGES
        }
        entry = Entry(
            id=key,
            term=str(data["term"]),
            term_lang=str(data["term_language"]),
            romanisation=str(data["romanisation"]),
            families=families,
            names=names,
            definitions=definitions,
        )
    except (KeyError, TypeError) as missing:
        raise NotationError(f"glossary entry {key!r} lacks {missing}") from None
    for lang, found in names.items():
        if not found:
            raise NotationError(f"glossary entry {key!r} has no name in {lang}")
    return entry


# --- values read from the tables ---------------------------------------------------------------

_FIELD = re.compile(r"\{([a-z_]+)(?::([a-z0-9_]+))?(?::([a-z0-9_]+))?\}")


def format_number(value: int, lang: str) -> str:
    """``value`` written as each language groups thousands: 12,000, 12 000 (no-break), 12.000.

    >>> format_number(12000, "fr"), format_number(300, "es"), format_number(1000, "es")
    ('12\xa0000', '300', '1.000')
    """
    if abs(value) < 1000:
        return str(value)
    grouped = f"{value:,}"
    return grouped.replace(",", {"fr": "\u00a0", "es": "."}.get(lang, ","))


@cache
def _derived() -> dict[str, Callable[[], int]]:
    # Numbers a definition states that are no single option: each is computed by the engine.
    from mahjongkit.melds import MeldKind
    from mahjongkit.variants import values
    from mahjongkit.variants.riichi.fu import SEVEN_PAIRS_FU
    from mahjongkit.variants.sichuan.payments import kong_payments

    def kong(kind: MeldKind) -> int:
        rules = values.family_rules("sichuan")
        discarder = 1 if kind is MeldKind.KONG else None
        return kong_payments(kind, 0, range(4), rules, discarder=discarder)[0].amount

    def mangan_han() -> int:
        return min(h for h in range(1, 14) if values.riichi_basic(h, 20) >= 2000)

    def mangan_fu_at(han: int) -> int:
        return min(fu for fu in range(20, 120, 10) if values.riichi_basic(han, fu) >= 2000)

    return {
        "sichuan_cap_value": lambda: values.sichuan_value(
            values.option_value("sichuan", "fan_cap")
        ),
        "kong_concealed": lambda: kong(MeldKind.CONCEALED_KONG),
        "kong_exposed": lambda: kong(MeldKind.KONG),
        "kong_added": lambda: kong(MeldKind.ADDED_KONG),
        "mangan_han": mangan_han,
        "mangan_fu_4": lambda: mangan_fu_at(4),
        "mangan_fu_3": lambda: mangan_fu_at(3),
        "mangan": lambda: values.riichi_payment(mangan_han(), 30),
        "mangan_dealer": lambda: values.riichi_payment(mangan_han(), 30, dealer=True),
        "seven_pairs_fu": lambda: SEVEN_PAIRS_FU,
        "hongkong_min_base": lambda: values.hongkong_base(
            values.option_value("hongkong", "min_fan")
        ),
        "yakuman": _yakuman_points,
        "yakuman_dealer": lambda: _yakuman_points(dealer=True),
    }


def _yakuman_points(dealer: bool = False) -> int:
    from mahjongkit.variants.riichi.points import YAKUMAN, total_points

    return total_points(YAKUMAN, dealer, False)


_VALUE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "fan": "{n} fan",
        "limit": "a limit hand ({n} fan)",
        "cap": "worth the cap ({n} fan)",
        "off": "{value} (a house rule, off by default)",
        "closed": "{n} han, concealed hand only",
        "same": "{n} han, open or concealed",
        "open": "{n} han concealed, {m} open",
        "per_tile": "{n} han for each one, but no yaku",
        "at_draw": "paid as a self-drawn mangan and combined with nothing",
        "yakuman": "yakuman",
        "yakuman_2": "double yakuman",
        "family.sichuan": "in Sichuan, {value}",
        "family.hongkong": "in Hong Kong, {value}",
        "family.riichi": "in Riichi, {value}",
        "join": "; ",
    },
    "fr": {
        "fan": "{n} fan",
        "limit": "main limite ({n} fan)",
        "cap": "vaut le plafond ({n} fan)",
        "off": "{value} (règle maison, désactivée par défaut)",
        "closed": "{n} han, main cachée seulement",
        "same": "{n} han, main ouverte ou cachée",
        "open": "{n} han main cachée, {m} main ouverte",
        "per_tile": "{n} han pour chacun, sans être un yaku",
        "at_draw": "payée comme un mangan en auto-pioche, sans se cumuler avec rien",
        "yakuman": "yakuman",
        "yakuman_2": "double yakuman",
        "family.sichuan": "au Sichuan, {value}",
        "family.hongkong": "à Hong Kong, {value}",
        "family.riichi": "en Riichi, {value}",
        "join": " ; ",
    },
    "es": {
        "fan": "{n} fan",
        "limit": "mano límite ({n} fan)",
        "cap": "vale el tope ({n} fan)",
        "off": "{value} (regla de la casa, desactivada por defecto)",
        "closed": "{n} han, solo con la mano cerrada",
        "same": "{n} han, con la mano abierta o cerrada",
        "open": "{n} han con la mano cerrada, {m} con la mano abierta",
        "per_tile": "{n} han por cada uno, sin ser un yaku",
        "at_draw": "se cobra como un mangan por robo propio y no se combina con nada",
        "yakuman": "yakuman",
        "yakuman_2": "yakuman doble",
        "family.sichuan": "en Sichuan, {value}",
        "family.hongkong": "en Hong Kong, {value}",
        "family.riichi": "en Riichi, {value}",
        "join": "; ",
    },
}
"""How a definition's ``{value}`` says what a pattern is worth, by language."""


def describe_value(family: str, pattern_id: str, lang: str) -> str:
    """What pattern ``pattern_id`` is worth in ``family`` under its default rules, in words.

    >>> describe_value("riichi", "sanshoku", "fr"), describe_value("hongkong", "all_honours", "en")
    ('2 han main cachée, 1 main ouverte', '10 fan')
    """
    from mahjongkit.variants.values import pattern_value

    words = _VALUE_WORDS[lang]
    found = pattern_value(family, pattern_id)
    if found.per_tile:
        said = words["per_tile"].format(n=found.fan)
    elif found.at_draw:
        said = words["at_draw"]
    elif found.yakuman:
        said = words["yakuman_2" if found.yakuman == 2 else "yakuman"]
    elif family == "riichi":
        shape = (
            "closed" if not found.han_open else "same" if found.han_open == found.fan else "open"
        )
        said = words[shape].format(n=found.fan, m=found.han_open)
    elif found.limit:
        said = words["cap" if family == "sichuan" else "limit"].format(n=found.fan)
    else:
        said = words["fan"].format(n=found.fan)
    return said if found.enabled else words["off"].format(value=said)


def resolve(text: str, lang: str, entry_id: str = "", families: tuple[str, ...] = ()) -> str:
    """``text`` with its fields filled in from the tables, numbers written for ``lang``.

    - ``{fan}``, ``{fan:ID}``, ``{fan:FAMILY:ID}``: a Hong Kong or Sichuan pattern's fan (the
      limit or the cap for a limit hand); without an id, the entry's own, in its first family;
    - ``{han}``, ``{han_open}``, ``{yakuman}`` (``:ID`` optional): a Riichi yaku's han when
      concealed and open, or its yakuman count, under the default preset;
    - ``{value}``, ``{value:FAMILY}``: what the entry's pattern is worth, in words, in each of
      its families (named when there are several) or in ``FAMILY``;
    - ``{option:FAMILY:NAME}``: a default rules option (a number);
    - ``{value:NAME}``: a number derived from the rules (the kong money, the mangan...).

    >>> resolve("{fan:hongkong:mixed_one_suit} fan, {han:sanshoku}/{han_open:sanshoku} han", "en")
    '3 fan, 2/1 han'
    >>> resolve("{option:riichi:riichi_deposit} points", "fr")
    '1\xa0000 points'
    """
    from mahjongkit.variants import values

    def fill(match: re.Match[str]) -> str:
        kind, first, second = match.groups()
        if kind == "fan":
            family = first if second else (families[0] if families else "")
            pattern = second or first or entry_id
            return str(values.pattern_value(family, pattern).fan)
        if kind in ("han", "han_open", "yakuman"):
            found = values.pattern_value("riichi", first or entry_id)
            number = {"han": found.fan, "han_open": found.han_open, "yakuman": found.yakuman}
            return str(number[kind])
        if kind == "option" and first and second:
            return format_number(int(values.option_value(first, second)), lang)
        if kind == "value" and first in _derived():
            return format_number(_derived()[first](), lang)
        if kind == "value" and (first is None or first in families):
            shown = (first,) if first else families
            said = [describe_value(family, entry_id, lang) for family in shown]
            if len(said) == 1:
                return said[0]
            words = _VALUE_WORDS[lang]
            return words["join"].join(
                words[f"family.{family}"].format(value=value)
                for family, value in zip(shown, said, strict=True)
            )
        raise NotationError(f"glossary entry {entry_id!r}: unknown field {match.group(0)!r}")

    return _FIELD.sub(fill, text)


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
