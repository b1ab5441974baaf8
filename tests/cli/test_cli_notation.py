"""The mjai tile strings the README promises, in HAND and in ``--win``: ``5mr`` (a red five)
and the honour letters; what is neither mpsz nor mjai is refused on one line."""

from __future__ import annotations

import json

import pytest

from mahjongkit.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


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
