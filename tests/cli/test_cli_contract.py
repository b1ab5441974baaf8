"""The command line's contract: who discards by default, repeated flags, questions it cannot pose,
the waits page, the default language, bounded numbers and one-line errors (issue 11, item 12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mahjongkit.cli import main
from tests.helpers.paths import DATA, REPO

THREE = ("--option", "players=3", "--option", "uma=15000,0,-15000")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as refused:  # argparse's own refusals
        code = int(refused.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert err == "", err
    answer: dict = json.loads(out)
    answer["_code"] = code
    return answer


# --- the default discarder ---------------------------------------------------------------------


def test_three_player_ron_comes_from_west_for_east_by_default(capsys):
    """East's previous seat at a three-player table is West: North is not at the table."""
    answer = run_json(capsys, "score", "123m456p789s22666z", "--win", "3m", "--riichi", *THREE)
    assert answer["_code"] == 0 and answer["valid"]
    # Only the table's three seats are listed: no "N" seat that never plays.
    assert answer["payments"]["W"] < 0 and "N" not in answer["payments"]
    assert [line["payer"] for line in answer["payment_lines"]] == ["W"]


def test_sichuan_ron_after_a_win_comes_from_the_previous_seat_still_playing(capsys):
    """North has already won: the discard East wins on came from West."""
    answer = run_json(
        capsys, "score", "123m456m234p678p99p", "--variant", "sichuan", "--win", "9p",
        "--seat", "E", "--in-game", "E,S,W",
    )  # fmt: skip
    assert answer["_code"] == 0
    assert answer["payments"] == {"E": 1, "S": 0, "W": -1, "N": 0}


def test_an_explicit_from_is_kept(capsys):
    answer = run_json(
        capsys, "score", "123m456p789s22666z", "--win", "3m", "--riichi", "--from", "S", *THREE
    )
    assert answer["payments"]["S"] < 0 and answer["payments"]["W"] == 0


def test_a_seat_not_at_the_table_exits_2(capsys):
    hand = ("score", "123m456p789s22666z", "--win", "3m")
    code, out, err = run(capsys, *hand, "--seat", "N", *THREE)
    assert code == 2 and out == "" and "--seat N: a table of 3 has the seats E, S, W" in err


def test_a_score_names_the_situation_it_assumed(capsys):
    code, out, _ = run(capsys, "score", "234m456p678s33555z", "--win", "5z", "--seat", "S")
    assert code == 0
    assert out.splitlines()[-1] == "Seat South, East round, ron from East; rules ema2012"
    _, out, _ = run(
        capsys, "score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--rules", "tenhou",
        "--round", "S", "--lang", "fr",
    )  # fmt: skip
    assert out.splitlines()[-1] == "Place Est, manche Sud, pioche du mur ; règles tenhou"
    answer = run_json(capsys, "score", "234m456p678s33555z", "--win", "5z", *THREE)
    assert answer["context"] == {
        "seat": "E",
        "round": "E",
        "from": "W",
        "rules": "ema2012",
        "options": ["players=3", "uma=15000,0,-15000"],
        "lang": "en",
    }


# --- repeated tile flags -----------------------------------------------------------------------


def test_a_repeated_dora_adds_an_indicator(capsys):
    hand = ("score", "234m456p678s33555z", "--win", "5z", "--tsumo")
    once = run_json(capsys, *hand, "--dora", "1m3m")
    twice = run_json(
        capsys, "score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--dora", "1m",
        "--dora", "3m",
    )  # fmt: skip
    dora = {p["id"]: p["value"] for p in twice["patterns"]}["dora"]
    assert dora == 2 and twice["points"] == once["points"] == 11700


def test_a_repeated_ura_adds_an_indicator(capsys):
    hand = ("score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--riichi")
    answer = run_json(capsys, *hand, "--ura", "1m", "--ura", "3m")
    assert {p["id"]: p["value"] for p in answer["patterns"]}["ura_dora"] == 2


def test_repeated_flowers_add_up(capsys):
    hand = ("score", "123m456p789s234s55m", "--variant", "hongkong", "--win", "4s", "--tsumo")
    joined = run_json(capsys, *hand, "--seat", "S", "--flowers", "2f,2g")
    repeated = run_json(capsys, *hand, "--seat", "S", "--flowers", "2f", "--flowers", "2g")
    only_the_last = run_json(capsys, *hand, "--seat", "S", "--flowers", "2g")
    assert repeated["patterns"] == joined["patterns"]
    assert {"seat_flower", "seat_season"} <= {p["id"] for p in repeated["patterns"]}
    assert repeated["fan"] == only_the_last["fan"] + 1


# --- questions the command line cannot pose ----------------------------------------------------


def test_a_thirteen_tile_hand_exits_2_with_a_hint(capsys):
    code, out, err = run(capsys, "score", "234m456p678s3355z", "--win", "5z", "--tsumo")
    assert code == 2 and out == ""
    assert "did you leave out 5z? try 234m456p678s3355z5z" in err
    assert len(err.splitlines()) == 1


def test_a_winning_tile_not_in_the_hand_exits_2_with_a_hint(capsys):
    code, out, err = run(capsys, "score", "234m456p678s33555z", "--win", "9m", "--tsumo")
    assert code == 2 and out == ""
    assert "--win 9m is not among the concealed tiles" in err and "add it to HAND" in err


def test_a_hand_that_is_not_a_win_still_exits_1(capsys):
    code, out, err = run(capsys, "score", "234m456p678s34555z", "--win", "5z", "--tsumo")
    assert code == 1 and err == "" and "Not a win" in out


def test_hands_typed_as_people_type_them(capsys):
    """Capital suit letters, groups apart without quotes, seat names in English, French or
    Spanish: the same question as the notation's own spelling."""
    plain = run_json(capsys, "score", "234m456p678s33555z", "--win", "5z", "--seat", "W")
    for argv in (
        ("234M456P678S33555Z", "--win", "5Z", "--seat", "W"),
        ("234m", "456p", "678s", "33z", "555z", "--win", "5z", "--seat", "Ouest"),
        ("234m456p678s33555z", "--win", "5z", "--seat", "O"),
        ("234m456p678s33555z", "--win", "5z", "--seat", "oeste"),
    ):
        assert run_json(capsys, "score", *argv) == plain, argv
    assert plain["payments"]["S"] < 0  # West's previous seat: South discarded


def test_flags_that_contradict_the_hand_exit_2(capsys):
    code, out, err = run(
        capsys, "score", "234m678s55p", "--meld", "chi:345s@E", "--meld", "pon:777z@W",
        "--win", "5p", "--from", "W", "--seat", "S", "--double-riichi",
    )  # fmt: skip
    assert code == 2 and out == "" and "riichi needs a concealed hand, but chow:345s@E" in err
    code, out, err = run(capsys, "score", "234m456p678s33555z", "--win", "5z", "--nukidora", "2")
    assert code == 2 and out == "" and "only three-player Riichi sets North aside" in err


def test_replay_check_reads_a_folder_and_sums_up(capsys, tmp_path):
    code, out, err = run(capsys, "replay-check", str(DATA / "riichi" / "mjlog"))
    assert code == 0 and err == ""
    last = out.splitlines()[-1]
    assert last.startswith(f"{len(out.splitlines()) - 1} files: ") and ", 0 mismatches" in last
    code, _, err = run(capsys, "replay-check", str(tmp_path))
    assert code == 2 and "the folder holds no .mjlog or .xml file" in err


# --- the waits page ----------------------------------------------------------------------------


def test_waits_count_a_yakuman_in_yakuman(capsys):
    code, out, _ = run(capsys, "waits", "19m19p19s1234567z")
    assert code == 0
    assert "  1m: ron 1 yakuman = 48000; tsumo 1 yakuman = 48000" in out
    assert "13 han" not in out and " fu" not in out
    answer = run_json(capsys, "waits", "1112345678999m")
    ron = answer["wait_details"][0]["ron"]
    assert (ron["value"], ron["unit"], ron["fu"]) == (1, "yakuman", None)
    assert answer["wait_details"][0]["tile"] == "1m" and ron["patterns"] == ["junsei_chuuren"]


def test_r47_waits_count_a_double_yakuman_as_two(capsys):
    answer = run_json(capsys, "waits", "111222333z44z55z")
    by_tile = {d["tile"]: d for d in answer["wait_details"]}
    big = by_tile["4z"]["tsumo"]
    assert (big["value"], big["unit"], big["points"]) == (2, "yakuman", 96000)
    assert big["patterns"] == ["daisuushii"]
    assert (by_tile["5z"]["ron"]["value"], by_tile["5z"]["ron"]["unit"]) == (1, "yakuman")
    _, out, _ = run(capsys, "waits", "111222333z44z55z")
    assert "  4z: ron 2 yakuman = 96000; tsumo 2 yakuman = 96000" in out


def test_sichuan_waits_refuse_honours(capsys):
    code, out, err = run(capsys, "waits", "123m456p789s1122z", "--variant", "sichuan")
    assert code == 2 and out == ""
    assert "1z is an honour tile: Sichuan is played with the 108 suited tiles" in err


def test_sichuan_waits_say_why_a_third_suit_is_no_win(capsys):
    answer = run_json(capsys, "waits", "123m456p789s1122s", "--variant", "sichuan")
    assert answer["ready"] and answer["waits"] == ["1s", "2s"]
    assert {d["ron"]["code"] for d in answer["wait_details"]} == {"not_complete"}


def test_waits_say_when_the_hand_is_not_ready_and_exit_1(capsys):
    code, out, _ = run(capsys, "waits", "1358m2469p147s257z")
    assert code == 1
    assert out == (
        "1358m2469p147s257z: not ready (6-shanten): see mahjongkit shanten for the tiles "
        "that improve it\n"
    )
    answer = run_json(capsys, "waits", "1358m2469p147s257z")
    assert answer["_code"] == 1 and answer["ready"] is False and answer["waits"] == []


def test_waits_of_a_fourteen_tile_hand_name_the_discards_that_leave_it_ready(capsys):
    code, out, _ = run(capsys, "waits", "123m456p789s11223z")
    assert code == 0
    assert "discard 3z: waits 1z 2z" in out and "discard 1z" not in out


def test_waits_and_shanten_are_different_pages(capsys):
    _, waits_page, _ = run(capsys, "waits", "1358m2469p147s257z")
    _, shanten_page, _ = run(capsys, "shanten", "1358m2469p147s257z")
    assert "discard" in shanten_page and "discard" not in waits_page


def test_waits_take_the_seat_and_the_round(capsys):
    """A 1z pair and a 2z pung: East in the East round has double East fu on the pair and no
    yaku on a 2z win by discard; South in the South round has a double-wind 2z pung."""
    east = run_json(capsys, "waits", "123m456p789s1122z")
    south = run_json(capsys, "waits", "123m456p789s1122z", "--seat", "S", "--round", "S")
    assert (east["seat"], east["round"], east["from"]) == ("E", "E", "N")
    assert (south["seat"], south["round"], south["from"]) == ("S", "S", "E")
    by_tile = {d["tile"]: d for d in south["wait_details"]}
    assert by_tile["2z"]["ron"]["value"] == 2 and by_tile["1z"]["ron"]["code"] == "no_yaku"
    by_tile = {d["tile"]: d for d in east["wait_details"]}
    assert by_tile["1z"]["ron"]["value"] == 2 and by_tile["2z"]["ron"]["code"] == "no_yaku"


def test_waits_follow_the_rules_and_options(capsys):
    """An open All Simples wait: no yaku under EMA 2012, one han with open tanyao (Tenhou)."""
    hand = ("waits", "44m67p", "--meld", "chi:345s@N", "--meld", "pon:666m@W")
    hand = (*hand, "--meld", "chi:678s")
    ema = run_json(capsys, *hand)
    tenhou = run_json(capsys, *hand, "--rules", "tenhou")
    optioned = run_json(capsys, *hand, "--option", "open_tanyao=true")
    assert {d["ron"]["code"] for d in ema["wait_details"]} == {"no_yaku"}
    assert [d["ron"]["patterns"] for d in tenhou["wait_details"]] == [["tanyao"], ["tanyao"]]
    assert optioned["wait_details"] == tenhou["wait_details"]
    three = run_json(capsys, "waits", "123m456p789s1122z", *THREE)
    assert three["from"] == "W"


def test_waits_name_the_seat_the_values_are_for(capsys):
    _, out, _ = run(capsys, "waits", "23m456p11z", "--meld", "pung:777z@E", "--meld", "chi:789s@W")
    assert "values for South in the East round, ron from East" in out
    code, _, err = run(
        capsys, "waits", "23m456p11z", "--meld", "pung:777z@E", "--meld", "chi:789s@W",
        "--seat", "E",
    )  # fmt: skip
    assert code == 2 and "--seat E: a meld of the hand was claimed from E" in err


def test_waits_speak_the_language_asked(capsys):
    _, out, _ = run(capsys, "waits", "234m456p678s3355z", "--lang", "fr")
    assert "en attente (tenpai)" in out and "attentes : 3z 5z" in out
    assert "ron : pas de victoire (aucun yaku)" in out and "no_yaku" not in out
    _, out, _ = run(capsys, "waits", "234m456p678s3355z", "--lang", "es_ES.UTF-8")
    assert "lista (tenpai)" in out and "fichas útiles: 4 (3z 5z)" in out


def test_waits_read_melds_written_in_the_hand_unicode_glyphs_and_mjai_tiles(capsys):
    inline = run_json(capsys, "waits", "23m456p11z pung:777z@W chi:789s")
    flags = run_json(capsys, "waits", "23m456p11z", "--meld", "pung:777z@W", "--meld", "chi:789s")
    assert inline == flags and inline["waits"] == ["1m", "4m"]
    glyphs = run_json(capsys, "waits", "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀅🀅")
    assert glyphs["hand"] == "123m123p123s1166z" and glyphs["waits"] == ["1z", "6z"]
    mjai = run_json(capsys, "waits", "2m3m4p5p6pEEPPP7s8s9s")
    assert mjai["hand"] == "23m456p789s11555z" and mjai["waits"] == ["1m", "4m"]
    assert run_json(capsys, "waits", "23m456p789s11555z") == mjai


# --- languages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "english"),
    [
        (("score", "111m123m456p789p22p", "--variant", "sichuan", "--win", "2p"), "Root: 1 fan"),
        (("score", "123m456p789s234s55m", "--variant", "hongkong", "--win", "4s"), "Not a win"),
        (("score", "234m456p678s33555z", "--win", "5z"), "Points:"),
        (("waits", "123m456m789p1122p", "--variant", "sichuan"), "waits: 1p 2p"),
    ],
)
def test_every_command_answers_in_english_by_default(capsys, argv, english):
    """Sichuan spoke Chinese by default; every variant now answers in English."""
    _, out, _ = run(capsys, *argv)
    assert english in out
    assert not any("\u4e00" <= char <= "\u9fff" for char in out), out


def test_the_sichuan_rules_page_is_english_by_default(capsys):
    _, out, _ = run(capsys, "rules", "--variant", "sichuan")
    assert out.startswith("| Pattern | Fan |") and "| Golden hook (金鉤釣) |" in out


def test_lang_forgives_case_and_region(capsys):
    _, upper, _ = run(capsys, "score", "234m456p678s33555z", "--win", "5z", "--lang", "FR")
    _, region, _ = run(capsys, "score", "234m456p678s33555z", "--win", "5z", "--lang", "fr_FR")
    assert upper == region and upper.startswith("Main : ")


def test_selfplay_and_replay_check_speak_the_language_asked(capsys):
    code, out, _ = run(capsys, "selfplay", "--max-rounds", "1", "--lang", "fr")
    assert code == 0 and out.startswith("partie 1 (graine 0) : 1 donnes, scores finaux E=")
    _, english, _ = run(capsys, "selfplay", "--max-rounds", "1")
    assert english.startswith("game 1 (seed 0): 1 rounds, final scores E=")
    example = str(DATA / "riichi" / "mjlog" / "dnovikoff_example.xml")
    code, out, _ = run(capsys, "replay-check", example, example, "--lang", "es")
    assert code == 0
    assert out.splitlines() == [
        f"{example}: 9 manos comprobadas, 0 diferencias",
        f"{example}: 9 manos comprobadas, 0 diferencias",
        "2 archivos: 18 manos comprobadas, 0 diferencias, 0 omitidos, 0 ilegibles",
    ]
    code, _, err = run(capsys, "replay-check", example, "--lang", "de")
    assert code == 2 and "--lang de: replay-check speaks en, fr, es, ja, zh" in err


# --- numbers, lines and terminals --------------------------------------------------------------


def test_a_huge_limit_exits_2_instead_of_crashing(capsys):
    code, out, err = run(
        capsys, "score", "19m19p19s12345677z", "--variant", "hongkong", "--win", "7z", "--tsumo",
        "--option", "limit=100000",
    )  # fmt: skip
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "the limit option is a whole number from 1 to 100, not 100000" in err


@pytest.mark.parametrize(
    ("variant", "option", "says"),
    [
        ("riichi", "honba_value=10001", "the honba_value option is a whole number from 0 to 10000"),
        ("riichi", "players=2", "the players option is a whole number from 3 to 4, not 2"),
        ("riichi", "uma=1,2,3,1000001", "each entry of the uma option is a whole number from"),
        ("riichi", "renhou=maybe", "the renhou option is one of yakuman, mangan, none"),
        ("hongkong", "all_terminals_fan=101", "the all_terminals_fan option is a whole number"),
        ("sichuan", "fan_cap=31", "the fan_cap option is a whole number from 0 to 30, not 31"),
    ],
)
def test_an_option_out_of_its_range_is_one_line_and_exit_2(capsys, variant, option, says):
    hand = {"riichi": "234m456p678s33555z", "hongkong": "234m456p678s33555z"}.get(
        variant, "11223344556677m"
    )
    code, out, err = run(
        capsys, "score", hand, "--win", hand[-2:], "--variant", variant, "--option", option
    )
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    assert says in err


def test_rules_options_lists_each_option_with_its_value_and_range(capsys):
    code, out, _ = run(capsys, "rules", "--variant", "riichi", "--rules", "tenhou", "--options")
    assert code == 0
    assert "| `honba_value` | 300 | 0 to 10000 points |" in out
    assert "| `uma` | 20000,10000,-10000,-20000 | a list, each entry -1000000 to 1000000" in out
    assert "| `max_ron_winners` | 2 | 1 to 3 winners, or none |" in out
    code, out, _ = run(capsys, "rules", "--variant", "hongkong", "--options", "--option", "limit=8")
    assert code == 0 and "| `limit` | 8 | 1 to 100 fan |" in out
    sichuan = ["rules", "--variant", "sichuan", "--options"]
    code, out, err = run(capsys, *sichuan, "--option", "base=-1")
    assert code == 2 and "the base option is a whole number from 0 to 10000, not -1" in err


@pytest.mark.parametrize("digits", [10, 4300, 5000])
def test_huge_numbers_in_flags_and_options_exit_2(capsys, digits):
    number = "9" * digits
    code, out, err = run(capsys, "score", "234m456p678s33555z", "--win", "5z", "--honba", number)
    assert code == 2 and out == "" and "--honba" in err and len(err.splitlines()) == 1
    code, out, err = run(
        capsys, "score", "234m456p678s33555z", "--win", "5z", "--option", f"riichi_deposit={number}"
    )
    assert code == 2 and out == "" and "riichi_deposit" in err and "out of range" in err


def test_the_largest_allowed_counters_still_print(capsys):
    answer = run_json(
        capsys, "score", "234m456p678s33555z", "--win", "5z", "--tsumo", "--riichi", "--honba",
        "100000",
    )  # fmt: skip
    assert answer["_code"] == 0 and answer["payments"]["E"] > 30_000_000


def test_an_error_quoting_newlines_is_one_line(capsys):
    code, out, err = run(capsys, "score", "234m\n456p", "--win", "5z")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    code, out, err = run(capsys, "waits", "123m456p789s1122z", "--seat", "S\nN")
    assert code == 2 and err.count("\n") == 1 and "S\\nN" in err


def test_a_very_long_input_is_shortened_in_the_message(capsys):
    code, _, err = run(capsys, "waits", "123m456p789s1122z", "--seat", "S" * 20_000)
    assert code == 2 and len(err) < 1000 and "characters)" in err
    assert err.rstrip().endswith("is not a seat: expected one of E, S, W, N")


def _subprocess(*argv: str, **env: str) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src"), **env}
    return subprocess.run(
        [sys.executable, "-m", "mahjongkit", *argv],
        capture_output=True,
        env=environment,
        check=False,
    )


@pytest.mark.parametrize(
    "env", [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}]
)
def test_a_terminal_that_is_not_utf8_gets_no_traceback(env):
    done = _subprocess(
        "score", "111m123m456p789p22p", "--variant", "sichuan", "--win", "2p", "--lang", "zh", **env
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert "根".encode() in done.stdout or b"\\u6839" in done.stdout
    refused = _subprocess("score", "234m456p678s33555z", "--win", "5z", "--seat", "南", **env)
    assert refused.returncode == 2 and b"Traceback" not in refused.stderr
    assert len(refused.stderr.splitlines()) == 1


def test_bytes_that_are_not_utf8_exit_2_with_one_line():
    done = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "shanten", b"123m\xff\xfe"],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        check=False,
    )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1 and b"\\udcff" in done.stderr


def test_replay_check_of_a_path_holding_nul_exits_2(capsys):
    code, _, err = run(capsys, "replay-check", "game\0.mjlog")
    assert code == 2 and "game\\x00.mjlog: cannot be read: the path holds a NUL character" in err


# --- help ----------------------------------------------------------------------------------------


def test_version_and_a_bare_command(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("mahjongkit 0.")
    code, out, err = run(capsys)
    assert code == 2 and out == "" and "a command is required: shanten, waits, score" in err


# --- garbage, every command and flag -------------------------------------------------------------

JUNK = {
    "empty": "",
    "unknown": "9x",
    "huge": "1" * 5000,
    "newline": "1m\n2m",
    "nul": "1m\x002m",
    "not-utf8": "1m\udcff",
    "wrong-kind": "E,S",
    "negative": "-1",
    "fraction": "1.5",
}
"""Values a user, a script or a fuzzer may pass; ``\\udcff`` is how Python keeps a byte that is
not UTF-8 in ``sys.argv``."""

HAND = "234m456p678s33555z"
SICHUAN = ("123m456m234p678p99p", "--win", "9p", "--variant", "sichuan")
COMMANDS = {
    "shanten HAND": lambda j: ["shanten", j],
    "waits HAND": lambda j: ["waits", j],
    "waits --meld": lambda j: ["waits", "123m456p789s1z", "--meld", j],
    "waits --seat": lambda j: ["waits", "123m456p789s1122z", "--seat", j],
    "waits --round": lambda j: ["waits", "123m456p789s1122z", "--round", j],
    "waits --lang": lambda j: ["waits", "123m456p789s1122z", "--lang", j],
    "waits --variant": lambda j: ["waits", "123m456p789s1122z", "--variant", j],
    "score HAND": lambda j: ["score", j, "--win", "5z"],
    "score --win": lambda j: ["score", HAND, "--win", j],
    "score --seat": lambda j: ["score", HAND, "--win", "5z", "--seat", j],
    "score --round": lambda j: ["score", HAND, "--win", "5z", "--round", j],
    "score --from": lambda j: ["score", HAND, "--win", "5z", "--from", j],
    "score --honba": lambda j: ["score", HAND, "--win", "5z", "--honba", j],
    "score --deposits": lambda j: ["score", HAND, "--win", "5z", "--deposits", j],
    "score --nukidora": lambda j: ["score", HAND, "--win", "5z", "--nukidora", j],
    "score --option": lambda j: ["score", HAND, "--win", "5z", "--option", j],
    "score --meld": lambda j: ["score", "234m456p678s55z", "--win", "5z", "--meld", j],
    "score --lang": lambda j: ["score", HAND, "--win", "5z", "--lang", j],
    "score --rules": lambda j: ["score", HAND, "--win", "5z", "--rules", j],
    "score --missing": lambda j: ["score", *SICHUAN, "--missing", j],
    "rules --lang": lambda j: ["rules", "--lang", j],
    "rules --option": lambda j: ["rules", "--option", j],
    "rules --rules": lambda j: ["rules", "--rules", j],
    "rules --variant": lambda j: ["rules", "--variant", j],
    "selfplay --seed": lambda j: ["selfplay", "--seed", j],
    "selfplay --games": lambda j: ["selfplay", "--games", j],
    "selfplay --max-rounds": lambda j: ["selfplay", "--max-rounds", j],
    "selfplay --option": lambda j: ["selfplay", "--option", j],
    "selfplay --rules": lambda j: ["selfplay", "--rules", j],
    "selfplay --bot": lambda j: ["selfplay", "--bot", j],
    "selfplay --lang": lambda j: ["selfplay", "--lang", j],
    "replay-check --lang": lambda j: ["replay-check", "x.mjlog", "--lang", j],
}
"""Each command and flag with a slot for junk (flags whose empty or whitespace value means
"none", like ``--dora ""``, are in :data:`TILE_FLAGS`)."""

TILE_FLAGS = {
    "score --dora": lambda j: ["score", HAND, "--win", "5z", "--dora", j],
    "score --ura": lambda j: ["score", HAND, "--win", "5z", "--riichi", "--ura", j],
    "waits --visible": lambda j: ["waits", "123m456p789s1122z", "--visible", j],
    "score --in-game": lambda j: ["score", *SICHUAN, "--in-game", j],
}
TILE_JUNK = ("unknown", "huge", "nul", "not-utf8", "negative", "fraction")


def _shown(value: str) -> str:
    """How a message quotes ``value``: its start, control characters and bytes escaped."""
    return value[:40].replace("\n", "\\n").replace("\x00", "\\x00").replace("\udcff", "")


def _garbage_cases() -> list[tuple[str, str]]:
    cases = [(name, junk) for name in COMMANDS for junk in JUNK]
    cases += [(name, junk) for name in TILE_FLAGS for junk in TILE_JUNK]
    return cases


@pytest.mark.parametrize(("command", "junk"), _garbage_cases())
def test_garbage_exits_2_with_one_line_naming_it(capsys, command, junk):
    make = COMMANDS.get(command) or TILE_FLAGS[command]
    argv = make(JUNK[junk])
    code, out, err = run(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("mahjongkit: error: ")
    assert "Traceback" not in err
    flag = command.split()[1]
    named = flag in err or _shown(JUNK[junk]) in err or "HAND" in err or "hand" in err
    if junk == "empty" and not flag.startswith("--"):
        named = True  # an empty hand: the message counts its 0 tiles
    assert named, err


@pytest.mark.parametrize("junk", ["unknown", "newline", "not-utf8", "wrong-kind", "empty"])
def test_replay_check_garbage_paths_exit_2_and_name_the_path(capsys, junk):
    code, out, err = run(capsys, "replay-check", JUNK[junk])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "cannot be read" in err and "Traceback" not in err
    assert err.startswith(_shown(JUNK[junk]) + ": ") or err.startswith("1m\\xff: ")
