"""Three-player Riichi records (issue 36, item 3): Tenhou's mjlog and tenhou.net/6 JSON, and mjai.

The one real three-player record at hand is Tenhou's ``dnovikoff_sanma2.xml`` (a phoenix-room
East-South game that ends on a bust in East 3, sixteen Norths set aside); it replays under the
``tenhou3`` preset with zero mismatches. Games played here are written as tenhou.net/6 JSON in
the shape Tenhou gives its own three-player files, as the tools that read those files describe
it (an empty fourth name and fourth seat, ``三`` in ``rule.disp``, ``f44`` for a North set
aside, four scores and score changes with a 0 for the missing seat, the dealer the round index
modulo four): :func:`published_shape_problems` checks each file against that description, and
each file replays through the engine with zero mismatches.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.bots.policy import play_random
from mahjongkit.errors import NotationError
from mahjongkit.formats.mjai import read_mjai, to_mjai
from mahjongkit.formats.tenhou.export import game_to_tenhou6_json
from mahjongkit.formats.tenhou.meldcode import CallType
from mahjongkit.formats.tenhou.mjlog import read_mjlog
from mahjongkit.formats.tenhou.records import Call
from mahjongkit.formats.tenhou.replay import check_file, check_record, record_game
from mahjongkit.formats.tenhou.tenhou6 import YAKU_NAMES_JA, game_to_tenhou6, read_tenhou6
from mahjongkit.game.engine import Game
from mahjongkit.variants.riichi.rules import RiichiRules
from tests.helpers.paths import DATA

SANMA = DATA / "riichi" / "mjlog" / "dnovikoff_sanma2.xml"
TENHOU3 = RiichiRules.tenhou3()

_CODES = {11, 19, *range(21, 30), *range(31, 40), *range(41, 48), 52, 53}
"""The tenhou.net/6 codes of the 108 tiles: 1m and 9m, the circles, the bamboos, the honours,
and the red 5p and 5s."""
_HEADER = re.compile(
    r"(?:\d+符\d+飜|満貫|跳満|倍満|三倍満|役満|数え役満)(?:\d+点|\d+-\d+点|\d+点∀)"
)
_TAKE = re.compile(r"^(?:\d\d)*[pm]\d\d(?:\d\d)*$")
_GIVE = re.compile(r"^(?:r\d\d|f44|(?:\d\d)*[ak]\d\d(?:\d\d)*)$")


def published_shape_problems(data: dict[str, Any]) -> list[str]:
    """What in a tenhou.net/6 game is not the shape of Tenhou's three-player files."""
    problems: list[str] = []
    names = data.get("name")
    if not (isinstance(names, list) and len(names) == 4 and names[3] == ""):
        problems.append(f"name {names!r}: four names, the fourth empty")
    disp = data.get("rule", {}).get("disp", "")
    if not disp.startswith("三"):
        problems.append(f"rule.disp {disp!r} does not begin with 三")
    for number, entry in enumerate(data.get("log", [])):
        where = f"log[{number}]"
        if len(entry) != 17:
            problems.append(f"{where}: {len(entry)} items, not 17")
            continue
        index, honba, sticks = entry[0]
        if index % 4 == 3 or min(index, honba, sticks) < 0:
            problems.append(f"{where}: round index {index} names no dealer of three seats")
        if len(entry[1]) != 4 or entry[1][3] != 0:
            problems.append(f"{where}: scores {entry[1]} (four, the fourth 0)")
        if entry[13:16] != [[], [], []]:
            problems.append(f"{where}: the fourth seat plays")
        tiles = [*entry[2], *entry[3]]
        for seat in range(3):
            deal, takes, gives = entry[4 + 3 * seat : 7 + 3 * seat]
            tiles += deal
            if len(deal) != 13:
                problems.append(f"{where}: seat {seat} dealt {len(deal)}")
            if not 0 <= len(takes) - len(gives) <= 1:
                problems.append(f"{where}: seat {seat} takes {len(takes)}, gives {len(gives)}")
            for take in takes:
                if isinstance(take, int):
                    tiles.append(take)
                elif not _TAKE.match(take):  # a pon or an open kong: no chow with three
                    problems.append(f"{where}: seat {seat} takes {take!r}")
            for give in gives:
                if isinstance(give, int):
                    if give not in (0, 60):
                        tiles.append(give)
                elif not _GIVE.match(give):
                    problems.append(f"{where}: seat {seat} gives {give!r}")
        if not set(tiles) <= _CODES:
            problems.append(f"{where}: codes {sorted(set(tiles) - _CODES)} are not sanma's")
        result = entry[16]
        details = result[1:]
        if result[0] == "和了":
            for deltas, detail in zip(details[::2], details[1::2], strict=True):
                if len(deltas) != 4 or deltas[3] != 0:
                    problems.append(f"{where}: score changes {deltas}")
                if not all(0 <= seat < 3 for seat in detail[:3]):
                    problems.append(f"{where}: win seats {detail[:3]}")
                if not _HEADER.fullmatch(detail[3]):
                    problems.append(f"{where}: header {detail[3]!r}")
                for yaku in detail[4:]:
                    if yaku.split("(")[0] not in YAKU_NAMES_JA:
                        problems.append(f"{where}: yaku {yaku!r} is not one of Tenhou's")
        elif details and (len(details[0]) != 4 or details[0][3] != 0):
            problems.append(f"{where}: score changes {details[0]}")
    return problems


def played(seed: int) -> Game:
    game = Game("riichi", TENHOU3, seed=seed)
    play_random(game, random.Random(seed))
    return game


# --- Tenhou's own three-player game --------------------------------------------------------------


def test_tenhous_three_player_game_replays_with_zero_mismatches() -> None:
    """Every action of the record is legal when played, every draw the engine deals is
    Tenhou's, each round's score changes and the next round (or the end on the bust) are
    Tenhou's; the whole game ends on Tenhou's final scores."""
    report = check_file(SANMA)
    assert report.skipped is None and report.mismatches == []
    assert report.checked == len(report.rounds) == 6
    record = read_mjlog(SANMA)
    game = record_game(record)
    set_aside = sum(
        1 for r in record.rounds for a in r.actions
        if isinstance(a, Call) and a.meld.type is CallType.NUKI
    )  # fmt: skip
    assert set_aside == 16 == sum(1 for e in game.log if e["type"] == "nukidora")
    end = game.log[-1]
    assert end["type"] == "end_game" and tuple(end["scores"]) == record.final_scores
    tenhou = dict(enumerate(record.rounds[-1].actions[-1].final_points))
    ours = {row["seat"]: row["result"] for row in end["mjk_ranking"]}
    assert sorted(ours, key=ours.__getitem__) == sorted(tenhou, key=tenhou.__getitem__)
    assert all(abs(ours[seat] - tenhou[seat]) <= 1 for seat in tenhou)


def test_tenhous_three_player_game_as_tenhou6_has_tenhous_shape_and_replays() -> None:
    record = read_mjlog(SANMA)
    data = json.loads(json.dumps(game_to_tenhou6(record), ensure_ascii=False))
    assert published_shape_problems(data) == []
    gives = [g for entry in data["log"] for seat in range(3) for g in entry[6 + 3 * seat]]
    assert gives.count("f44") == 16
    back = read_tenhou6(data)
    report = check_record(back)
    assert report.mismatches == [] and report.checked == 6
    wins = [a.deltas for r in record.rounds for a in r.wins]
    assert [a.deltas for r in back.rounds for a in r.wins] == wins


# --- games played here, written as Tenhou writes them --------------------------------------------


def test_selfplay_tenhou6_records_of_tenhou3_have_tenhous_shape_and_replay(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "selfplay", "--rules", "tenhou3", "--games", "4",
         "--seed", "20", "--tenhou6", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    rounds = kitas = 0
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert published_shape_problems(data) == [], path.name
        report = check_record(read_tenhou6(path))
        assert report.skipped is None and report.mismatches == [], path.name
        assert report.checked == len(data["log"])
        rounds += report.checked
        kitas += sum(g == "f44" for e in data["log"] for s in range(3) for g in e[6 + 3 * s])
    assert rounds >= 30 and kitas >= 20


@pytest.mark.parametrize("seed", [23, 37])
def test_a_win_on_a_north_set_aside_is_written_and_replayed(seed: int) -> None:
    """Seeds whose random players win on a North as it is set aside: Tenhou's files show it as
    an ``f44`` with no replacement taken, and a win from its seat."""
    game = played(seed)
    robbed = [e for e in game.log if e["type"] == "hora" and "mjk_robbed" in e]
    assert robbed and robbed[0]["pai"] == "N"
    data = json.loads(json.dumps(game_to_tenhou6_json(game), ensure_ascii=False))
    assert published_shape_problems(data) == []
    report = check_record(read_tenhou6(data))
    assert report.mismatches == [] and report.checked == game.rounds_played


# --- mjai ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 3, 23])
def test_three_player_mjai_logs_read_back_and_without_our_rules_as_tenhou3(seed: int) -> None:
    """sanma's native mjai: three names, scores and hands, ``nukidora`` for a North set aside.
    A log without our rules is read under tenhou3, as three hands are dealt."""
    game = played(seed)
    log = json.loads(json.dumps(to_mjai(game.log)))
    start = next(e for e in log if e["type"] == "start_kyoku")
    assert len(start["scores"]) == len(start["tehais"]) == 3
    north = [e for e in log if e["type"] == "nukidora"]
    assert north and all(set(e) == {"type", "actor", "pai"} and e["pai"] == "N" for e in north)
    assert to_mjai(read_mjai(log).log) == log
    bare = [{"type": "start_game", "names": log[0]["names"]}, *log[1:]]
    plain = read_mjai(bare)
    assert plain.flow.rules == TENHOU3 and to_mjai(plain.log)[1:] == log[1:]


def _mjai_log() -> list[dict[str, Any]]:
    return json.loads(json.dumps(to_mjai(played(0).log)))


def test_mjai_garbage_of_three_players_is_refused_by_event() -> None:
    log = _mjai_log()
    first = next(i for i, e in enumerate(log) if e["type"] == "nukidora")
    wrong_seat = [dict(e) for e in log]
    wrong_seat[first]["actor"] = 3
    with pytest.raises(NotationError, match=f"event {first} .*actor must be a seat 0-2"):
        read_mjai(wrong_seat)
    four_hands = [dict(e) for e in log]
    start = next(i for i, e in enumerate(log) if e["type"] == "start_kyoku")
    four_hands[start]["tehais"] = [*log[start]["tehais"], ["?"] * 13]
    with pytest.raises(NotationError, match="tehais must be 3 hands"):
        read_mjai(four_hands)
    no_north = [dict(e) for e in log]
    no_north[first]["actor"] = (log[first]["actor"] + 1) % 3
    with pytest.raises(NotationError, match=r"does not hold N|may not set N aside"):
        read_mjai(no_north)


# --- tenhou.net/6 garbage ------------------------------------------------------------------------


def _sanma_json() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(game_to_tenhou6(read_mjlog(SANMA))))
    return data


def test_tenhou6_three_player_garbage_is_a_notation_error() -> None:
    missing_seat_paid = _sanma_json()
    missing_seat_paid["log"][0][16][1][3] = 1000
    with pytest.raises(NotationError, match="move points of a missing seat"):
        read_tenhou6(missing_seat_paid)
    fourth_dealer = _sanma_json()
    fourth_dealer["log"][0][0][0] = 3
    with pytest.raises(NotationError, match="round index 3 names dealer 3, and 3 play"):
        read_tenhou6(fourth_dealer)
    north_not_held = _sanma_json()
    number, seat = next(
        (n, s)
        for n, entry in enumerate(north_not_held["log"])
        for s in range(3)
        if 44 not in entry[4 + 3 * s] and entry[5 + 3 * s][0] != 44
    )
    north_not_held["log"][number][6 + 3 * seat][0] = "f44"  # a North it never held
    with pytest.raises(NotationError, match=f"seat {seat} has no tile 44 to give"):
        read_tenhou6(north_not_held)
    two_m = _sanma_json()
    two_m["log"][0][4][0] = 12
    with pytest.raises(NotationError, match="one tile 2m too many"):
        read_tenhou6(two_m)
