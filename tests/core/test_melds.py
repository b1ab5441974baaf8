"""Melds and hands (issue 2: melds, hand sizes, errors)."""

import pytest

from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind


@pytest.mark.parametrize(
    ("text", "kind", "kinds", "seat"),
    [
        ("pung:777z@W", MeldKind.PUNG, (33, 33, 33), 2),
        ("chi:435m", MeldKind.CHOW, (2, 3, 4), None),
        ("kan:1111p@N", MeldKind.KONG, (9, 9, 9, 9), 3),
        ("ankan:1111m", MeldKind.CONCEALED_KONG, (0, 0, 0, 0), None),
        ("kakan:5505s@E", MeldKind.ADDED_KONG, (22, 22, 22, 22), 0),
    ],
)
def test_meld_parse(text, kind, kinds, seat):
    meld = Meld.parse(text)
    assert (meld.kind, meld.kinds, meld.from_seat) == (kind, kinds, seat)
    assert Meld.parse(str(meld)) == meld


def test_only_a_concealed_kong_keeps_the_hand_concealed():
    assert Meld.parse("concealed-kong:1111m").is_concealed
    assert not Meld.parse("kong:1111m@S").is_concealed
    assert Hand.parse("234m456p789s11z", ["concealed-kong:1111m"]).is_concealed


@pytest.mark.parametrize(
    ("text", "error", "fragment"),
    [
        ("chow:123z", InvalidHandError, "honours"),
        ("chow:89m1p", InvalidHandError, "one suit"),
        ("chow:135m", InvalidHandError, "consecutive"),
        ("pung:112m", InvalidHandError, "identical"),
        ("kong:111m", InvalidHandError, "has 4 tiles"),
        ("pung:1111m", InvalidHandError, "has 3 tiles"),
        ("concealed-kong:1111m@E", InvalidHandError, "no tile from another seat"),
        ("pung:111f", InvalidHandError, "bonus"),
        ("triple:111m", NotationError, "unknown meld kind"),
        ("pung111m", NotationError, "KIND:TILES"),
        ("pung:111m@X", NotationError, "not a seat"),
        ("pung:11qm", NotationError, "unknown character"),
    ],
)
def test_meld_garbage(text, error, fragment):
    with pytest.raises(error, match=fragment):
        Meld.parse(text)


def test_hand_size_rules():
    with pytest.raises(InvalidHandError, match="15 concealed tiles"):
        Hand.parse("123456789m123456p")
    with pytest.raises(InvalidHandError, match="12 concealed tiles with 1 meld"):
        Hand.parse("123456789m123p", ["pung:111z"])
    with pytest.raises(InvalidHandError, match="fifth 1z"):
        Hand.parse("1z", ["kong:1111z", "pung:222z", "pung:333z", "pung:444z"])
    with pytest.raises(InvalidHandError, match="two red 5m"):
        Hand.parse("00m")
    with pytest.raises(InvalidHandError, match="bonus tile"):
        Hand.parse("1f")
    with pytest.raises(InvalidHandError, match="expected 10 or 11 concealed"):
        Hand.parse("123m", ["pung:111z"]).require_size()
    Hand.parse("1234567m", ["pung:111z", "pung:222z"]).require_size()
