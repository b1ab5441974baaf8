"""The glossary: an entry for every concept id of the lesson contract and every pattern id of
every variant, whose default names are the variants' own."""

from __future__ import annotations

import pytest

from mahjongkit.errors import NotationError
from mahjongkit.i18n.glossary import GLOSSARY_LANGUAGES, glossary, term_name
from mahjongkit.variants import VARIANT_NAMES, find_variant

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
