"""The mjai tile strings the README promises, in HAND and in ``--win``: ``5mr`` (a red five)
and the honour letters; what is neither mpsz nor mjai is refused on one line."""

from __future__ import annotations

import json

import pytest

from tests.helpers.cli import run


def test_a_red_five_in_mjai_reads_as_0m(capsys):
    code, out, _ = run(capsys, "waits", "5mr6m7m1p2p3p4s5s6s7s8s9sE", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["hand"] == "067m123p456789s1z" and answer["waits"] == ["1z"]


def test_win_takes_an_mjai_tile_too(capsys):
    code, out, _ = run(capsys, "score", "5mr6m7m1p2p3p4s5s6s7s8s9sEE", "--win", "E", "--tsumo",
                       "--json")  # fmt: skip
    answer = json.loads(out)
    assert code == 0 and answer["valid"] and "aka_dora" in [p["id"] for p in answer["patterns"]]
    code, out, _ = run(capsys, "score", "234m456p678s33555z", "--win", "P", "--tsumo")
    assert code == 0 and "Dragon Pung (white)" in out  # P is the white dragon, 5z
    code, _, err = run(capsys, "score", "234m456p678s33555z", "--win", "F", "--tsumo")
    assert code == 2 and "--win 6z is not among" in err  # F is the green one


@pytest.mark.parametrize(
    "argv",
    [
        ("waits", "5mrr6m"),
        ("waits", "5pr6m7m1p2p3p4s5s6s7s8s9sX"),
        ("score", "234m456p678s33555z", "--win", "5zr", "--tsumo"),
        ("score", "234m456p678s33555z", "--win", "EE", "--tsumo"),
        ("score", "234m456p678s33555z", "--win", "", "--tsumo"),
    ],
)
def test_what_is_neither_mpsz_nor_mjai_is_refused(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("mahjongkit: error: ")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("hand", "says"),
    [
        ("234m456p678s33555q", "unknown character 'q' at position 18 of '234m456p678s33555q'"),
        ("m123", "suit letter 'm' at position 1 of 'm123' has no digits before it"),
        ("8z", "8z at position 1 of '8z': the z suit has tiles 1-7 only"),
        ("1m0z", "0z at position 3 of '1m0z': only m, p and s have a red five"),
    ],
)
def test_positions_are_counted_from_one(capsys, hand, says):
    """The first-use review counted 'q' as the 18th character: so does the refusal."""
    code, _, err = run(capsys, "shanten", hand)
    assert code == 2 and says in err, err


def test_digits_without_a_suit_are_quoted(capsys):
    code, _, err = run(capsys, "score", "234m", "456p", "678s", "33", "555z", "--win", "5z")
    assert code == 2 and "the digits '33' before position 18 of '234m 456p 678s 33 555z'" in err
    code, _, err = run(capsys, "shanten", "234m456p678s3355")
    assert code == 2 and "ends with the digits '3355' but no suit letter" in err
