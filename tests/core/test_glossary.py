"""The glossary: an entry for every concept id of the lesson contract and every pattern id of
every variant, whose default names are the variants' own."""

from __future__ import annotations

import re
import unicodedata
from importlib.resources import files
from pathlib import Path

import pytest

from mahjongkit.errors import NotationError
from mahjongkit.variants import VARIANT_NAMES, find_variant
from mahjongkit.variants.glossary import (
    GLOSSARY_LANGUAGES,
    SEED_FILES,
    SOURCES,
    describe_value,
    glossary,
    term_name,
)

CONCEPTS = [
    "tile",
    "suit",
    "honour",
    "wind",
    "dragon",
    "bonus_tile",
    "flower",
    "season",
    "pung",
    "chow",
    "kong",
    "exposed_kong",
    "concealed_kong",
    "added_kong",
    "pair",
    "set",
    "meld",
    "concealed",
    "wall",
    "dead_wall",
    "replacement_tile",
    "dealer",
    "round_wind",
    "seat_wind",
    "turn",
    "draw",
    "discard",
    "claim",
    "claim_priority",
    "self_draw",
    "discard_win",
    "ready",
    "shanten",
    "wait",
    "ukeire",
    "furiten",
    "riichi",
    "ippatsu",
    "dora",
    "ura_dora",
    "red_five",
    "han",
    "fu",
    "fan",
    "yaku",
    "yakuman",
    "limit",
    "mangan",
    "minimum_fan",
    "fan_limit",
    "payment_table",
    "honba",
    "riichi_deposit",
    "uma",
    "exhaustive_draw",
    "abortive_draw",
    "robbing_a_kong",
    "win_on_replacement",
    "missing_suit",
    "exchange_three",
    "blood_battle",
    "root",
    "bonus_fan",
    "fan_cap",
    "kong_money",
    "flower_pig",
    "ready_check",
    "tax_refund",
    "base_points",
]


def test_every_concept_of_the_contract_has_an_entry() -> None:
    missing = [term for term in CONCEPTS if term not in glossary()]
    assert missing == []


def test_every_pattern_has_an_entry_whose_default_names_are_the_variants() -> None:
    """The glossary's default name of a pattern is its first family's name, in every language;
    every other family's name for the same id is among its names."""
    for variant_name in VARIANT_NAMES:
        for pattern, names in find_variant(variant_name).pattern_names.items():
            entry = glossary().get(pattern)
            assert entry is not None, pattern
            assert variant_name in entry.families, pattern
            first = find_variant(entry.families[0]).pattern_names[pattern]
            for lang in GLOSSARY_LANGUAGES:
                assert entry.name(lang) == first[lang], (pattern, lang)
                assert names[lang] in [n.name for n in entry.names[lang]], (pattern, lang)


def test_every_entry_is_complete() -> None:
    for entry in glossary().values():
        assert entry.term and entry.romanisation and entry.term_lang in ("zh", "ja"), entry.id
        for lang in GLOSSARY_LANGUAGES:
            assert entry.definition(lang).endswith("."), (entry.id, lang)
            assert all(n.name and n.source for n in entry.names[lang]), (entry.id, lang)
            names = [n.name for n in entry.names[lang]]
            assert len(names) == len(set(names)), (entry.id, lang)
        assert entry.definition("fr") != entry.definition("en"), entry.id


def test_seed_names_are_defaults_and_other_names_are_aliases() -> None:
    hook = glossary()["golden_hook"]
    assert (hook.term, hook.name("fr"), hook.name("es")) == (
        "金鉤釣",
        "Hameçon d’or",
        "Anzuelo de oro",
    )
    assert "Attente dorée" in [alias.name for alias in hook.aliases("fr")]
    assert glossary()["pure_suit"].name("fr") == "Couleur pure"
    assert glossary()["pure_suit"].name("es") == "Palo puro"
    assert glossary()["seven_pairs"].families == ("sichuan", "hongkong")


def test_term_name_refuses_an_unknown_id() -> None:
    assert term_name("missing_suit", "es") == "Palo ausente"
    with pytest.raises(NotationError, match="unknown glossary id 'nope'"):
        term_name("nope")


# --- sources, seed names and values -----------------------------------------------------------

SEEDS = Path(__file__).resolve().parents[2] / ".." / "shared" / "spec" / "seeds"


def _plain(text: str) -> str:
    """Text compared the way a reader would: one kind of apostrophe and space, any case."""
    text = unicodedata.normalize("NFC", text).replace("’", "'")
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split()).casefold()


def _seed(origin: str) -> str:
    return (SEEDS / SEED_FILES[origin]).read_text(encoding="utf-8")


def test_a_name_attributed_to_a_source_document_occurs_in_it() -> None:
    wrong = [
        (entry.id, lang, name.name, name.origin)
        for entry in glossary().values()
        for lang in GLOSSARY_LANGUAGES
        for name in entry.names[lang]
        if name.origin in SEED_FILES and _plain(name.name) not in _plain(_seed(name.origin))
    ]
    assert wrong == []


def test_the_check_of_sources_would_catch_a_false_attribution() -> None:
    # "Que des honneurs" is a Hong Kong pattern name the Hong Kong seed never uses.
    assert _plain("Que des honneurs") not in _plain(_seed("seed:002"))
    assert _plain("Couleur mixte") in _plain(_seed("seed:002"))


def test_sources_are_said_in_the_language_of_the_page() -> None:
    for entry in glossary().values():
        for lang in GLOSSARY_LANGUAGES:
            for name in entry.names[lang]:
                assert name.source == SOURCES[name.origin][lang], (entry.id, lang, name.name)
    for origin, labels in SOURCES.items():
        assert labels["fr"] != labels["en"] and labels["es"] != labels["en"], origin
        assert "seed" not in " ".join(labels.values()), origin


def test_an_unknown_source_is_refused_by_name() -> None:
    from mahjongkit.variants.glossary import _entry

    data = {
        "term": "碰",
        "term_language": "zh",
        "romanisation": "pèng",
        "names": {lang: [{"name": "Pung", "source": "seed 000"}] for lang in GLOSSARY_LANGUAGES},
        "definition": {lang: "Three tiles." for lang in GLOSSARY_LANGUAGES},
    }
    with pytest.raises(NotationError, match="gives the source 'seed 000', expected one of"):
        _entry("pung", data)


def _seed_table_names(origin: str) -> dict[str, str]:
    """{Chinese term: name} of the rows of a Sichuan seed's tables ("| Name (術語)Definition |")."""
    rows = re.findall(r"^\| ([^|(]+?) \(([^)]+)\)", _seed(origin), re.M)
    return {term: name for name, term in rows}


_ROMAJI = {
    "menzen tsumo": "menzen_tsumo", "tanyao chuu": "tanyao", "pinfu": "pinfu",
    "iipeikou": "iipeikou", "san shoku doujun": "sanshoku", "ittsuu": "ittsu",
    "chanta": "chanta", "rinshan kaihou": "rinshan", "chan kan": "chankan",
    "chii toitsu": "chiitoitsu", "san shoku doukou": "sanshoku_doukou",
    "san ankou": "sanankou", "san kan tsu": "sankantsu", "toi-toi hou": "toitoi",
    "honitsu": "honitsu", "shou sangen": "shousangen", "honroutou": "honroutou",
    "junchan": "junchan", "ryan peikou": "ryanpeikou", "chinitsu": "chinitsu",
    "nagashi mangan": "nagashi_mangan", "kokushi musou": "kokushi",
    "chuuren poutou": "chuuren", "tenhou": "tenhou", "chihou": "chiihou", "renhou": "renhou",
    "suu ankou": "suuankou", "suu kan tsu": "suukantsu", "ryuu iisou": "ryuuiisou",
    "chinroutou": "chinroutou", "tsuu iisou": "tsuuiisou", "dai sangen": "daisangen",
    "shou suushii": "shousuushii", "dai suushii": "daisuushii", "haitei": "haitei",
    "houtei": "houtei",
}  # fmt: skip
"""Seed 003's romaji (the third part of each yaku's heading) to the table's ids."""
_YAKUHAI = {
    "Dragon Pung": ["haku", "hatsu", "chun"],
    "Seat Wind": ["seat_wind"],
    "Prevalent Wind": ["round_wind"],
}
"""The three headings whose romaji (fanpai/yakuhai) is shared, by their English name."""


def _names_agree(default: str, seed_name: str) -> bool:
    # The seed's name, or the seed's name with a qualifier: "Fond de la Mer (défausse)".
    return _plain(default) == _plain(seed_name) or _plain(default).startswith(
        _plain(seed_name) + " ("
    )


def test_the_source_documents_names_are_the_default_names() -> None:
    by_term = {entry.term: entry for entry in glossary().values() if "sichuan" in entry.families}
    checked = 0
    for origin, lang in (("seed:000", "fr"), ("seed:001", "es")):
        for term, name in _seed_table_names(origin).items():
            entry = by_term[term]
            assert _names_agree(entry.name(lang), name), (entry.id, lang, name)
            checked += 1
    for fr, en, romaji in re.findall(r"^(.+?) - (.+?) - (.+?) (?=[A-ZÉ])", _seed("seed:003"), re.M):
        ids = _YAKUHAI.get(en) or [_ROMAJI.get(romaji.strip(), romaji.strip())]
        for pattern in ids:
            entry = glossary()[pattern]
            assert _names_agree(entry.name("fr"), fr), (entry.id, fr)
            checked += 1
    assert checked >= 16 + 16 + 36
    assert glossary()["dealer"].name("es") == "Repartidor"
    assert (glossary()["bonus_fan"].name("fr"), glossary()["bonus_fan"].name("es")) == (
        "Fan bonus",
        "Fan extra",
    )


_STATED = re.compile(
    r"(?<![{\w+])(\d+|one|two|three|four|five|six|seven|eight|nine|ten|un|une|deux|trois|quatre"
    r"|cinq|uno|una|dos|tres|cuatro|cinco)\s+(fan|han|fu|yakuman|bases?)\b",
    re.I,
)


def test_no_definition_states_a_value_by_hand() -> None:
    """A fan, han or fu in a definition comes from the tables: written as a field, never as a
    number (RE1–RE4 of the course review: the glossary contradicted the fan table)."""
    text = (Path(files("mahjongkit.i18n").joinpath("glossary.toml"))).read_text(encoding="utf-8")
    stated = [
        (line.split(" = ")[0], match.group(0))
        for line in text.splitlines()
        if line.startswith("definition.")
        for match in _STATED.finditer(line)
    ]
    assert stated == []
    assert _STATED.search("worth 10 fan") and not _STATED.search("worth {fan} fan")


def test_every_pattern_definition_gives_the_tables_value() -> None:
    for entry in glossary().values():
        if not entry.families:
            continue
        for lang in GLOSSARY_LANGUAGES:
            for family in entry.families:
                said = describe_value(family, entry.id, lang)
                assert said in entry.definition(lang), (entry.id, lang, family)


def test_the_hong_kong_values_the_review_found_wrong_are_the_tables() -> None:
    """RE1–RE4: all honours 10 fan, all terminals 13, eight immortals 8 and an immediate win, the
    common hand with any bonus tiles, all as the Hong Kong table and its examples say."""
    from mahjongkit.variants.values import pattern_value

    entries = glossary()
    for pattern in ("all_honours", "all_terminals", "eight_bonus_tiles"):
        value = pattern_value("hongkong", pattern)
        assert not value.limit
        assert entries[pattern].definition("fr").count(f"{value.fan} fan") == 1, pattern
        assert "limite" not in entries[pattern].definition("fr").split(":")[1].split(",")[0]
    assert "bonus" not in entries["common_hand"].definition("en").split(":")[0]
    assert "(ou une tuile bonus)" not in entries["win_on_replacement"].definition("fr")
    assert "Hong Kong" in entries["bonus_fan"].definition("en")  # the other family's "bonus"
    assert "repartidor" in entries["earthly_hand"].definition("es")


def test_the_glossary_reads_new_values_when_the_tables_change() -> None:
    from mahjongkit.variants.glossary import resolve

    assert resolve("{fan:hongkong:all_honours} fan", "en") == "10 fan"
    assert resolve("{option:sichuan:fan_cap}", "es") == "4"
    assert describe_value("hongkong", "thirteen_orphans", "fr") == "main limite (13 fan)"
    assert describe_value("riichi", "daisuushii", "es") == "yakuman doble"
    with pytest.raises(NotationError, match="unknown field"):
        resolve("{nope}", "en", "x")
