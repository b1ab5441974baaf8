"""The sentence tables: every key of the English table exists in French and Spanish, and the
tiles' spoken names read right."""

from __future__ import annotations

import string

import pytest

from mahjongkit.errors import NotationError
from mahjongkit.i18n import tile_name
from mahjongkit.i18n.messages import MESSAGES


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_no_key_is_missing_in_french_or_spanish(lang: str) -> None:
    missing = [key for key in MESSAGES["en"] if not MESSAGES[lang].get(key)]
    assert missing == []


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_translations_fill_the_same_placeholders(lang: str) -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key, english in MESSAGES["en"].items():
        assert fields(MESSAGES[lang][key]) == fields(english), key


@pytest.mark.parametrize(
    ("code", "lang", "spoken"),
    [
        ("5s", "fr", "cinq de bambou"),
        ("1m", "es", "uno de caracteres"),
        ("9p", "en", "nine of circles"),
        ("0m", "fr", "cinq rouge de caractères"),
        ("1z", "es", "Viento del este"),
        ("7z", "fr", "Dragon rouge"),
        ("3f", "en", "Chrysanthemum flower"),
        ("4g", "es", "Estación de invierno"),
    ],
)
def test_tile_names(code: str, lang: str, spoken: str) -> None:
    assert tile_name(code, lang) == spoken


@pytest.mark.parametrize("code", ["", "5", "55s", "8z", "0z", "5f", "x1", "5x", "1h"])
def test_tile_name_refuses_what_is_no_tile(code: str) -> None:
    with pytest.raises(NotationError):
        tile_name(code)


@pytest.mark.parametrize(
    ("value", "lang", "digits", "written"),
    [
        (32000, "fr", None, "32\N{NARROW NO-BREAK SPACE}000"),
        (1300, "fr", None, "1\N{NARROW NO-BREAK SPACE}300"),
        (999, "fr", None, "999"),
        (-4000, "fr", None, "-4\N{NARROW NO-BREAK SPACE}000"),
        (1234567, "fr", None, "1\N{NARROW NO-BREAK SPACE}234\N{NARROW NO-BREAK SPACE}567"),
        (2000, "es", None, "2000"),  # RAE: four digits stay together
        (16000, "es", None, "16\N{NARROW NO-BREAK SPACE}000"),
        (2.456, "es", 2, "2,46"),
        (12345.5, "fr", 1, "12\N{NARROW NO-BREAK SPACE}345,5"),
        (32000, "en", None, "32000"),
        (2.5, "en", 2, "2.50"),
        (32000, "ja", None, "32000"),
        (0, "fr", None, "0"),
        (float("nan"), "fr", 1, "nan"),
    ],
)
def test_numbers_are_written_as_each_language_writes_them(value, lang, digits, written):
    from mahjongkit.i18n import number

    assert number(value, lang, digits) == written
