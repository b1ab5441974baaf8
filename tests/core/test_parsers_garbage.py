"""The core parsers given garbage (issue 11, item 9): a NotationError naming what was expected.

Non-strings where text belongs, non-integers where an id belongs, and any text at all: each parser
answers with its value or a NotationError, never an AttributeError or TypeError.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, parse_seat
from mahjongkit.options import override
from mahjongkit.tiles import (
    Tile,
    from_mjai,
    from_tenhou6,
    from_unicode,
    kind_of_id,
    parse_kinds,
    parse_tiles,
)


@dataclass(frozen=True)
class Demo:
    """A rules object with one option of each kind the parser converts."""

    cap: int = 4
    ratio: float = 0.5
    bonus: bool = False


PARSERS: dict[str, Callable[[object], object]] = {
    "Tile.parse": Tile.parse,  # type: ignore[dict-item]
    "parse_tiles": parse_tiles,  # type: ignore[dict-item]
    "parse_kinds": parse_kinds,  # type: ignore[dict-item]
    "from_mjai": from_mjai,  # type: ignore[dict-item]
    "from_unicode": from_unicode,  # type: ignore[dict-item]
    "from_tenhou6": from_tenhou6,  # type: ignore[dict-item]
    "kind_of_id": kind_of_id,  # type: ignore[dict-item]
    "Tile.from_id": Tile.from_id,  # type: ignore[dict-item]
    "Meld.parse": Meld.parse,  # type: ignore[dict-item]
    "parse_seat": parse_seat,  # type: ignore[dict-item]
    "Hand.parse": Hand.parse,  # type: ignore[dict-item]
    "Hand.parse melds": lambda melds: Hand.parse("123m", melds),  # type: ignore[arg-type]
    "Hand.parse a meld": lambda meld: Hand.parse("123m", [meld]),  # type: ignore[list-item]
    "override": lambda options: override(Demo(), options),  # type: ignore[arg-type]
    "override an option": lambda option: override(Demo(), [option]),  # type: ignore[list-item]
}
ID_PARSERS = ("from_tenhou6", "kind_of_id", "Tile.from_id")
TEXT_PARSERS = [name for name in PARSERS if name not in ID_PARSERS]
NOT_TEXT = [None, 5, 2.5, b"1m", ["1m"], {"1m": 1}, object(), float("nan")]
NOT_AN_ID = [None, "5", b"5", [5], 2.5, True, object()]


@pytest.mark.parametrize("name", TEXT_PARSERS)
@pytest.mark.parametrize("value", NOT_TEXT, ids=lambda v: type(v).__name__)
def test_text_parsers_given_non_strings_name_what_they_expected(name: str, value: object) -> None:
    with pytest.raises(NotationError) as raised:
        PARSERS[name](value)
    message = str(raised.value)
    assert "\n" not in message
    # The message says what was given (its type or its text) or what was expected.
    assert type(value).__name__ in message or any(
        word in message for word in ("expected", "not a", "is not", "NAME=VALUE")
    )


@pytest.mark.parametrize("name", ID_PARSERS)
@pytest.mark.parametrize("value", NOT_AN_ID, ids=lambda v: type(v).__name__)
def test_id_parsers_given_non_integers_name_the_type(name: str, value: object) -> None:
    with pytest.raises(NotationError, match=r"\bint\b"):
        PARSERS[name](value)


def test_a_tenhou6_code_of_thousands_of_digits_is_refused_without_being_printed() -> None:
    with pytest.raises(NotationError, match="a number of more than 12 digits is not a tenhou"):
        from_tenhou6(10**5000)


def test_a_lone_string_of_melds_is_refused_not_read_letter_by_letter() -> None:
    with pytest.raises(NotationError, match=r"melds are a list .* not str"):
        Hand.parse("123m456p789s11z", "pung:777z@W")
    hand = Hand.parse("123m456p789s11z", ["pung:777z@W"])
    assert hand.melds[0].from_seat == 2


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("cap=" + "1" * 5000, "a number of 5000 digits is out of range"),
        ("cap=-" + "9" * 10, "a number of 10 digits is out of range"),
        ("ratio=inf", "finite number"),
        ("ratio=nan", "finite number"),
        ("ratio=1e400", "finite number"),
        ("cap=" + "x" * 100, r"takes an integer, not 'xxx.*\.\.\.$"),
    ],
)
def test_number_options_are_bounded(option: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        override(Demo(), [option])


def test_bounded_options_still_take_ordinary_values() -> None:
    assert override(Demo(), ["cap=999999999", "ratio=-2.5", "bonus=on"]) == Demo(
        cap=999999999, ratio=-2.5, bonus=True
    )


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789mpszfg @:,-chowpungkE\n\x00", max_size=30))
def test_any_text_parses_or_is_a_notation_error(text: str) -> None:
    for name in ("parse_tiles", "from_mjai", "from_unicode", "Meld.parse", "parse_seat"):
        with contextlib.suppress(NotationError):
            PARSERS[name](text)
    with contextlib.suppress(MahjongError):
        # A hand that parses may still be an invalid hand (a fifth copy): a typed error too.
        Hand.parse(text, [])
    with contextlib.suppress(NotationError):
        override(Demo(), [f"cap={text}"])
