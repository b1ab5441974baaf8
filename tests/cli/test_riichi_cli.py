"""The command line of issue 3 (item 6): `mahjongkit score HAND --variant riichi ...`."""

from __future__ import annotations

import json

import pytest

from mahjongkit.cli import main

INCOMPLETE = [
    "score",
    "234m456p678s34555z",
    "--win",
    "5z",
    "--tsumo",
    "--seat",
    "S",
    "--dora",
    "3s",
]
WIN = ["score", "234m456p678s44555z", "--win", "5z", "--tsumo", "--seat", "S", "--dora", "3z"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_incomplete_hand_is_explained_not_a_win(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, *INCOMPLETE)
    assert code == 1
    assert out.startswith(
        "Hand: 234m456p678s34555z\nNot a win (the hand is not complete): "
    )
    assert "leaves 34z over" in out


def test_a_win_is_explained_yaku_fu_limit_and_payments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *WIN)
    assert code == 0
    lines = out.splitlines()
    assert lines[:5] == [
        "Hand: 234m456p678s44555z",
        "Reading: 234m 456p 678s 555z 44z",  # the sets and pair the score was read by
        "Fully concealed hand: 1 han",
        "Dragon Pung (white): 1 han",
        "Dora ×2: 2 han",
    ]
    assert "  concealed pung of 5z (terminal or honour): 8" in lines
    assert "Total: 4 han 30 fu" in lines
    assert "Points: 7900" in lines
    assert "East → South: 3900 (share of a self-draw)" in lines
    # The money is said once: the transfers, no per-seat totals repeating them.
    assert not any("receives" in line or " pays " in line for line in lines)


def test_the_explanation_in_french_spanish_and_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    _, french, _ = run(capsys, *WIN, "--lang", "fr")
    assert "Pung de Dragon (blanc) : 1 han" in french
    assert "Tout Caché Tiré : 1 han" in french
    _, spanish, _ = run(capsys, *WIN, "--lang", "es")
    assert "Pung de dragón (blanco): 1 han" in spanish
    _, japanese, _ = run(capsys, *WIN, "--lang", "ja")
    assert "役牌 白: 1 翻" in japanese and "門前清自摸和" in japanese
    _, romaji, _ = run(capsys, *WIN, "--lang", "ja-Latn")
    assert "yakuhai haku: 1 han" in romaji


def test_json_has_the_public_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *WIN, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["valid"] is True and data["error"] is None
    assert [(p["id"], p["value"]) for p in data["patterns"]] == [
        ("menzen_tsumo", 1),
        ("haku", 1),
        ("dora", 2),
    ]
    assert data["patterns"][1]["name"] == "Dragon Pung (white)"
    assert (data["han"], data["fu"], data["limit"], data["points"]) == (4, 30, None, 7900)
    assert [item["fu"] for item in data["fu_breakdown"]] == [20, 8, 2]
    assert data["payments"] == {"E": -3900, "S": 7900, "W": -2000, "N": -2000}
    assert data["reading"] == "234m 456p 678s 555z 44z"


def test_json_of_a_non_win(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *INCOMPLETE, "--json")
    data = json.loads(out)
    assert code == 1 and data["valid"] is False
    assert data["error"]["code"] == "not_complete"


def test_melds_rules_and_situations(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "234567m34588p", "--win", "2m", "--meld", "chi:678s@N", "--seat", "E"]
    code, out, _ = run(capsys, *argv)
    assert code == 1 and "(no yaku)" in out  # ema2012: no open All Simples
    code, out, _ = run(capsys, *argv, "--rules", "tenhou", "--json")
    data = json.loads(out)
    assert code == 0 and [p["id"] for p in data["patterns"]] == ["tanyao"]
    assert data["payments"] == {"E": 1500, "S": 0, "W": 0, "N": -1500}
    code, out, _ = run(
        capsys,
        "score", "123m456p789s22444z", "--win", "3m", "--riichi", "--ippatsu", "--honba", "1",
        "--deposits", "2", "--seat", "W", "--from", "N", "--ura", "1z", "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert [p["id"] for p in data["patterns"]] == ["riichi", "ippatsu", "ura_dora"]
    # 4 han 40 fu (two ura dora on the 2z pair): a mangan, 8,000, plus one counter and two sticks.
    assert data["limit"] == "Mangan"
    assert data["payments"] == {"E": 0, "S": 0, "W": 8000 + 300 + 2000, "N": -8300}
    code, out, _ = run(capsys, *argv, "--option", "open_tanyao=yes")
    assert code == 0 and "All Simples: 1 han" in out


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--win", "8z"], "8z"),
        (["--seat", "X"], "not a seat"),
        (["--option", "kuitan=yes"], "unknown option 'kuitan'"),
        (["--lang", "de"], "--lang de"),
        (["--rules", "wrc"], "unknown rules preset 'wrc'"),
    ],
)
def test_unusable_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], extra: list[str], fragment: str
) -> None:
    argv = ["score", "234m456p678s44555z", "--win", "5z", "--tsumo"]
    code, out, err = run(capsys, *argv, *extra)
    assert code == 2 and out == ""
    assert fragment in err and len(err.strip().splitlines()) == 1


def test_hands_that_cannot_be_posed_exit_2_and_hands_without_a_win_exit_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Tiles that do not form the hand asked about, or flags that contradict it, are unusable
    input (exit 2, one line on stderr); a hand that is no win is a well-formed "no" (exit 1)."""
    code, out, err = run(capsys, "score", "234m456p678s44555z", "--win", "9m", "--tsumo")
    assert code == 2 and out == "" and "--win 9m is not among the concealed tiles" in err
    code, out, err = run(capsys, "score", "234m456p678s55555z", "--win", "5z", "--tsumo")
    assert code == 2 and out == "" and "fifth 5z" in err
    code, out, err = run(
        capsys, "score", "234m678s44555z", "--win", "5z", "--meld", "chi:456p@N", "--riichi"
    )
    assert code == 2 and out == ""
    assert "riichi needs a concealed hand, but chow:456p@N is an open meld" in err
    code, out, _ = run(capsys, "score", "234m678s44555z", "--win", "5z", "--meld", "chi:456p@N")
    assert code == 0 and "Dragon Pung (white): 1 han" in out  # the same hand without riichi
    code, out, _ = run(capsys, "score", "234m456p678s34555z", "--win", "5z", "--tsumo")
    assert code == 1 and "Not a win" in out
    code, out, err = run(capsys, "score", "234m456p678s44z", "--win", "4z", "--meld", "pung:12z")
    assert code == 2 and out == "" and "a pung has 3 tiles, 12z has 2" in err
    code, out, err = run(capsys, "score", "234m456p678s44z", "--win", "4z", "--meld", "pong:111z")
    assert code == 2 and out == "" and "unknown meld kind 'pong'" in err


def test_three_players_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Three-player Riichi is two rule overrides away, and ``--nukidora`` says how many North
    tiles were set aside: each a han on its own line, and a dora with a West indicator."""
    three = ["--option", "players=3", "--option", "uma=15000,0,-15000"]
    hand = ["score", "123m456p789s22666z", "--win", "3m", "--tsumo", "--seat", "S", "--riichi"]
    code, out, _ = run(capsys, *hand, *three, "--nukidora", "2", "--dora", "3z", "--json")
    answer = json.loads(out)
    assert code == 0 and answer["nukidora"] == 2
    values = {p["id"]: p["value"] for p in answer["patterns"]}
    assert (values["nukidora"], values["dora"]) == (2, 2)
    # 7 han: a mangan self-draw, the missing fourth seat's share lost.
    assert answer["payments"] == {"E": -6000, "S": 9000, "W": -3000}
    code, out, err = run(capsys, *hand, "--nukidora", "1", "--json")
    assert code == 2 and out == "" and "only three-player Riichi sets North aside" in err
    for bad in ("-1", "x", "1.5"):
        with pytest.raises(SystemExit) as refused:  # argparse's own refusal
            main([*hand, *three, "--nukidora", bad])
        err = capsys.readouterr().err
        assert refused.value.code == 2 and "--nukidora" in err
        assert len(err.strip().splitlines()) == 1


def test_h04_a_chow_from_a_seat_other_than_the_previous_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--meld chi:789s@W`` for South: West does not discard to South (H-04, chi from the
    player on the left); ``@E`` is the chow South may claim. The refusal's sentence has its
    French and Spanish (the web says it in the page's language)."""
    from mahjongkit.api import answer
    from mahjongkit.errors import InvalidHandError
    from mahjongkit.i18n import reason_of, say

    words = ["score", "123m456p22s222z", "--meld", "chi:789s@W", "--win", "2z", "--tsumo"]
    code, out, err = run(capsys, *words, "--seat", "S")
    assert code == 2 and out == ""
    assert "chow:789s@W: a chow is claimed only from the previous player" in err
    assert "East for South (H-04" in err and len(err.strip().splitlines()) == 1, err
    with pytest.raises(InvalidHandError) as refused:
        answer([*words, "--seat", "S"])
    assert "Est pour Sud (H-04" in say(reason_of(refused.value), "fr")
    assert "Este para Sur (H-04" in say(reason_of(refused.value), "es")
    words[3] = "chi:789s@E"
    code, out, _ = run(capsys, *words, "--seat", "S", "--json")
    assert code == 0 and json.loads(out)["valid"]
