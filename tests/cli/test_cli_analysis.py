"""The shanten and waits commands (issue 2, item 7)."""

import json
import subprocess
import sys

import pytest

from mahjongkit.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_shanten_json_fields(capsys):
    code, out, err = run(capsys, "shanten", "123m456p789s1122z", "--json")
    result = json.loads(out)
    assert code == 0 and err == ""
    assert result["shanten"] == 0
    assert result["waits"] == ["1z", "2z"]
    assert result["ukeire"] == 4


def test_complete_hand_is_minus_one(capsys):
    _code, out, _ = run(capsys, "shanten", "123m456p789s11222z", "--json")
    result = json.loads(out)
    assert result["shanten"] == -1
    assert result["waits"] == []


def test_waits_with_melds_and_visible_tiles(capsys):
    _code, out, _ = run(
        capsys,
        "waits",
        "23m456p11z",
        "--meld",
        "pung:777z@W",
        "--meld",
        "chi:789s",
        "--visible",
        "1m4m4m",
        "--json",
    )
    result = json.loads(out)
    assert result["waits"] == ["1m", "4m"]
    assert result["ukeire"] == 8 - 1 - 2


def test_fourteen_tiles_list_discards(capsys):
    _code, out, _ = run(capsys, "shanten", "123m456p789s11223z", "--json")
    result = json.loads(out)
    best = result["discards"][0]
    assert best["shanten"] == 0 and best["discard"] == "3z"


def test_sichuan_missing_suit(capsys):
    _, out, _ = run(
        capsys, "shanten", "123456789m11p78s", "--variant", "sichuan", "--missing", "s", "--json"
    )
    assert json.loads(out)["shanten"] == 2


def test_text_output(capsys):
    _code, out, _ = run(capsys, "waits", "1112345678999m")
    assert "waits: 1m 2m 3m 4m 5m 6m 7m 8m 9m" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["shanten", "12x"], "unknown character 'x'"),
        (["shanten", "11111m"], "fifth 1m"),
        (["shanten", "123m"], "expected 13 or 14"),
        (["shanten", "123456789m123456p"], "15 concealed tiles"),
        (["waits", "123m", "--meld", "pong:111z"], "unknown meld kind"),
        (["shanten"], "required: hand"),
        (["shanten", "123m456p789s1122z", "--variant", "go"], "invalid choice"),
        (["frobnicate"], "unknown command 'frobnicate'"),
    ],
)
def test_garbage_exits_2_with_one_line(capsys, argv, fragment):
    with pytest.raises(SystemExit) as raised:
        code = main(argv)
        raise SystemExit(code)
    out, err = capsys.readouterr()
    assert raised.value.code == 2
    assert out == ""
    assert fragment in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_module_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "shanten", "19m19p19s1234567z", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["thirteen_orphans"] == 0


def test_waits_say_what_each_wait_is_worth_or_why_it_is_no_win(capsys):
    """DESIGN 'waits with reasons': West pair and white pung, as the dealer in the East round."""
    _, out, _ = run(capsys, "waits", "234m456p678s3355z", "--json")
    details = {d["tile"]: d for d in json.loads(out)["wait_details"]}
    assert details["3z"]["ron"] == {
        "valid": False,
        "code": "no_yaku",
        "reason": "no yaku",
        "message": details["3z"]["ron"]["message"],
    }
    assert details["3z"]["tsumo"]["valid"] and details["3z"]["tsumo"]["value"] == 1
    assert details["5z"]["ron"]["value"] == 1 and details["5z"]["ron"]["fu"] == 40


def test_h11_waits_below_the_hong_kong_minimum(capsys):
    """A ready shape whose wins are all below 3 fan."""
    _, out, _ = run(
        capsys, "waits", "23s11p456p789s", "--variant", "hongkong", "--json", "--meld", "chow:789m"
    )
    for detail in json.loads(out)["wait_details"]:
        assert detail["ron"]["code"] == "below_minimum_fan"


@pytest.mark.parametrize(
    ("variant", "lang", "fragment"),
    [("riichi", "fr", "Tout Caché Tiré"), ("hongkong", "zh", "小四喜"), ("sichuan", "es", "| 2 |")],
)
def test_rules_pages_come_from_the_pattern_tables(capsys, variant, lang, fragment):
    code, out, _ = run(capsys, "rules", "--variant", variant, "--lang", lang)
    assert code == 0
    assert fragment in out
    assert out.count("\n") > 15


def test_rules_page_follows_the_options(capsys):
    _, out, _ = run(
        capsys, "rules", "--variant", "hongkong", "--option", "small_four_winds_limit=true"
    )
    line = next(x for x in out.splitlines() if x.startswith("| Small four winds"))
    assert "(limit)" in line


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["rules", "--variant", "sichuan", "--lang", "ja"], "speaks"),
        (["rules", "--option", "nonsense=1"], "unknown option"),
        (["rules", "--rules", "ema1999"], "unknown rules preset"),
    ],
)
def test_rules_page_garbage(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and fragment in err and out == ""


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--variant", "hongkong", "--missing", "s"], "--missing is a sichuan flag"),
        (["--variant", "sichuan", "--riichi"], "--riichi is a riichi flag"),
        (["--variant", "riichi", "--flowers", "1f"], "--flowers is a hongkong flag"),
        (["--variant", "hongkong", "--honba", "2"], "--honba is a riichi flag"),
        (["--variant", "riichi", "--in-game", "E,S"], "--in-game is a sichuan flag"),
    ],
)
def test_score_refuses_another_variants_flags(capsys, argv, fragment):
    code, out, err = run(capsys, "score", "123m456p789s234s55m", "--win", "4s", *argv)
    assert code == 2 and out == "" and fragment in err


def test_waits_count_the_hands_own_melds(capsys):
    """A wait whose four copies are in the hand and its melds is none; meld tiles are seen."""
    _, out, _ = run(capsys, "waits", "23m456p789s11z", "--meld", "kong:4444m@W", "--json")
    result = json.loads(out)
    assert result["waits"] == ["1m"] and result["ukeire"] == 4
    _, out, _ = run(capsys, "waits", "23m456p789s11z", "--meld", "chow:123m", "--json")
    assert json.loads(out)["ukeire"] == 3 + 4


def test_sichuan_seven_pairs_count_the_missing_suit_tile_as_dead(capsys):
    """A missing-suit tile is no half of a pair: 112233445566p + 7m is one draw short."""
    _, out, _ = run(
        capsys, "shanten", "112233445566p7m", "--variant", "sichuan", "--missing", "m", "--json"
    )
    result = json.loads(out)
    assert result["shanten"] == 1 and result["seven_pairs"] == 1
    assert all(t[-1] != "z" for t in result["ukeire_tiles"])  # Sichuan has no honours
    _, out, _ = run(
        capsys, "shanten", "1112345678999m", "--variant", "sichuan", "--missing", "m", "--json"
    )
    assert json.loads(out)["seven_pairs"] == 13


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (
            [
                "waits",
                "1z",
                "--meld",
                "pung:111m@E",
                "--meld",
                "pung:222m@S",
                "--meld",
                "pung:333m@W",
                "--meld",
                "pung:444m@N",
            ],
            "every seat",
        ),
        (["waits", "123m456p789s1122z", "--missing", "m"], "--missing is a sichuan flag"),
        (["score", "234m456p678s3355z", "--win", "1f"], "no bonus tiles to win on"),
        (["score", "xyz", "--win", "5z"], "unknown character 'x'"),
        (["selfplay", "--max-rounds", "-3"], "expected a number of at least 1, not -3"),
        (["selfplay", "--games", "0"], "expected a number of at least 1, not 0"),
    ],
)
def test_more_garbage_exits_2(capsys, argv, fragment):
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own refusals
        code = exit_.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and fragment in err
