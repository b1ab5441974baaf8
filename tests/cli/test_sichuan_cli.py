"""``mahjongkit score --variant sichuan`` (issue 5, item 8): JSON, languages, flags, bad input."""

from __future__ import annotations

import json

import pytest

from mahjongkit.cli import main

GOLDEN = ("88p", "--meld", "pung:222m@W", "--meld", "pung:555m@N", "--meld", "pung:888m@E")
GOLDEN = (*GOLDEN, "--meld", "pung:555p@W", "--win", "8p", "--seat", "S")


def run(capsys, *argv):
    code = main(["score", *argv, "--variant", "sichuan"])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert err == ""
    return code, json.loads(out)


def test_json_has_fan_cap_and_payments_by_seat_letter(capsys):
    code, result = run_json(capsys, *GOLDEN, "--tsumo")
    assert code == 0 and result["valid"]
    assert result["fan"] == 4 and result["raw_fan"] == 4 and result["cap"] == 4
    assert [p["id"] for p in result["patterns"]] == ["all_pungs", "two_five_eight", "golden_hook"]
    assert result["payments"] == {"E": -16, "S": 48, "W": -16, "N": -16}
    assert result["points"] == 48 and result["hand_value"] == 16
    assert {line["reason"] for line in result["payment_lines"]} == {"win_self_draw"}


def test_default_language_is_english_and_each_language_names_the_patterns(capsys):
    _, out, _ = run(capsys, *GOLDEN, "--tsumo")
    assert "Golden hook" in out and "2-5-8 pungs" in out and "金鉤釣" not in out
    for lang, words in (("zh", "金鉤釣"), ("fr", "Hameçon d’or"), ("es", "Anzuelo de oro")):
        _, out, _ = run(capsys, *GOLDEN, "--tsumo", "--lang", lang)
        assert words in out, lang


def test_s03_explanation_shows_the_cap_and_every_payment_line(capsys):
    code, out, _ = run(
        capsys, "1111m22m44m66m88m99m", "--win", "9m", "--seat", "S", "--from", "E", "--lang", "en"
    )
    assert code == 0
    assert "Total: 5 fan, capped at 4 fan" in out
    assert "East → South: 16 (win on a discard: the discarder pays)" in out


def test_missing_suit_defaults_to_the_absent_suit(capsys):
    code, result = run_json(capsys, "123m456m234p678p99p", "--win", "9p", "--seat", "S")
    assert code == 0 and result["missing_suit"] == "s"
    assert result["payments"] == {"E": -1, "S": 1, "W": 0, "N": 0}  # --from defaults to E


def test_all_three_suits_is_not_complete(capsys):
    code, result = run_json(capsys, "123m456m234p678p3s9p", "--win", "9p")
    assert code == 1 and result["error"]["code"] == "not_complete"
    assert "three suits" in result["error"]["message"]


def test_declared_missing_suit_held_is_not_complete(capsys):
    code, result = run_json(capsys, "123m456m234p678p99p", "--win", "9p", "--missing", "m")
    assert code == 1 and result["error"]["code"] == "not_complete"
    assert result["error"]["message"] == "holds 1m of the missing suit m"


@pytest.mark.parametrize(("seat", "limit"), [("E", "heavenly"), ("W", "earthly")])
def test_s15_first_turn_self_draw_is_heavenly_for_east_earthly_for_others(capsys, seat, limit):
    code, result = run_json(
        capsys, "123m456m234p678p99p", "--win", "9p", "--seat", seat, "--tsumo", "--first-turn"
    )
    assert code == 0 and result["limit_id"] == limit and result["fan"] == 4


def test_in_game_excludes_players_who_have_won(capsys):
    _, result = run_json(
        capsys, "123m456m234p678p99p", "--win", "9p", "--seat", "S", "--tsumo", "--in-game", "S,W"
    )
    assert result["payments"] == {"E": 0, "S": 1, "W": -1, "N": 0}


def test_bonus_flags_and_options(capsys):
    _, result = run_json(
        capsys,
        "123m456m234p678p99p",
        "--win",
        "9p",
        "--seat",
        "S",
        "--from",
        "W",
        "--kong-discard",
        "--last-tile",
        "--option",
        "fan_cap=1",
    )
    assert [p["id"] for p in result["patterns"]] == ["simple", "kong_discard", "last_discard"]
    assert result["raw_fan"] == 2 and result["fan"] == 1
    assert result["payments"] == {"E": 0, "S": 2, "W": -2, "N": 0}


def test_mil_preset(capsys):
    _, result = run_json(
        capsys, "123m456m234p678p99p", "--win", "9p", "--tsumo", "--rules", "mil_sbr"
    )
    assert result["cap"] == 3
    assert result["payments"]["E"] == 6  # 3 payers × (1 + 1 base of 自摸加底)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("123m456m234p678p11z", "--win", "1z"), "no honours"),
        (("456m234p678p99p", "--win", "9p", "--meld", "chow:123m"), "no chow"),
        (("123m456m234p678p99p", "--win", "9p", "--robbing-kong", "--tsumo"), "rob"),
        (("123m456m234p678p99p", "--win", "9p", "--after-kong"), "self-draw"),
    ],
)
def test_unusable_hands_exit_2_with_a_reason(capsys, argv, words):
    """Not a Sichuan hand at all: the question cannot be posed (one line on stderr)."""
    code, out, err = run(capsys, *argv, "--lang", "en")
    assert code == 2 and out == "" and words in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("123m456m234p678p99p", "--win", "9p", "--option", "fan_cap=many"), "fan_cap"),
        (("123m456m234p678p99p", "--win", "9p", "--option", "bogus=1"), "unknown option"),
        (("123m456m234p678p99p", "--win", "9p", "--lang", "ja"), "zh, en, fr, es"),
        (("123m456m234p678p99p", "--win", "9p", "--rules", "tenhou"), "blood_battle"),
        (("123m456m234p678p99p", "--win", "9p", "--in-game", "E,X"), "seat"),
        (("123m456m234p678p99p", "--win", "9p", "--meld", "chow:123s"), "at most 11"),
    ],
)
def test_bad_arguments_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err


@pytest.mark.parametrize(
    ("lang", "value_line", "dropped"),
    [
        ("zh", "牌值：1 × 2^4 = 16（封頂 4 番）", "七對"),
        ("en", "Hand value: 1 × 2^4 = 16 (cap 4 fan)", "Seven pairs not counted"),
        ("fr", "Valeur de la main : 1 × 2^4 = 16 (plafond 4 fan)", "contient déjà Sept paires"),
        ("es", "Valor de la mano: 1 × 2^4 = 16 (tope 4 fan)", "ya incluye Siete parejas"),
    ],
)
def test_explanation_states_value_and_cap_and_names_what_was_included(
    capsys, lang, value_line, dropped
):
    """Item 7: each pattern with its fan, the cap, the value; no pattern id shown as text."""
    _, out, _ = run(capsys, "1111m22m44m66m88m99m", "--win", "9m", "--seat", "S", "--lang", lang)
    lines = out.splitlines()
    assert value_line in lines
    assert dropped in out and "seven_pairs" not in out
    # The value line follows the total, which names the cap (after the hand and its reading).
    assert lines.index(value_line) == 6


def test_value_line_is_there_below_the_cap_too(capsys):
    _, out, _ = run(capsys, "123m456m234p678p99p", "--win", "9p", "--seat", "S", "--lang", "en")
    assert "Hand value: 1 × 2^0 = 1 (cap 4 fan)" in out
