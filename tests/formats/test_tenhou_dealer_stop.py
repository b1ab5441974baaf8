"""Tenhou's dealer stop at a ready draw (option ``tenpai_yame``, with ``agari_yame`` its twin):
from June 2010 the dealer of the last hand who is ready at its exhaustive draw, first with at
least the return score, ends the game; earlier games played on. Replaying a Tenhou log chooses
by the log's own date: its id (``YYYYMMDDHHgm-``) in the file name, or tenhou.net/6 ``ref``; a
log dated by neither plays under the ``tenhou`` preset (the rule on), unless a wall generator
Tenhou had replaced before 2010 dealt it.

The logs are constructed: a game the engine plays on scripted walls, written as tenhou.net/6
JSON, and a real 2010-03 record of a ready last dealer in first place, copied under other names
and cut where Tenhou would stop today.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from mahjongkit.errors import NotationError
from mahjongkit.formats.convert import load_game
from mahjongkit.formats.tenhou.mjlog import read_mjlog
from mahjongkit.formats.tenhou.records import log_id_date
from mahjongkit.formats.tenhou.replay import (
    TENPAI_YAME_SINCE,
    check_file,
    check_record,
    record_game,
    record_played,
    record_rules,
)
from mahjongkit.formats.tenhou.tenhou6 import read_tenhou6
from mahjongkit.game.engine import Game
from mahjongkit.table.events import as_json
from mahjongkit.table.state import Phase
from mahjongkit.table.wall import tile_set
from mahjongkit.variants.riichi.rules import RiichiRules
from tests.helpers.paths import DATA
from tests.helpers.table_scenarios import RIICHI_DEAD, lay_wall, tsumogiri

BEFORE = "2010050507gm-00a9-0000-f13f215d"
AFTER = "2011030512gm-00a9-0000-0123abcd"

# Dealer first. The dealer waits on 1p and 4p, whose other copies sit in a hand that only
# ever discards what it draws: the dealer stays ready, and nobody else is.
DEALER_READY = ["123m456m789m1234p", "111p444p159s1357z", "147m258s369s1246z", "258m147s369p2467z"]
DEALER_NOT_READY = [
    "147m258p369s1234z",
    "123m456m789m1234p",
    "111p444p159s1357z",
    "258m147s369p2467z",
]
SOUTH_4 = {"round_wind": 1, "hand_number": 3, "dealer": 3, "honba": 0, "deposits": 0}
SCORES = [24000, 23000, 22000, 31000]


def _engine_game(rules: RiichiRules) -> Game:
    """South 4: the dealer (seat 3, first) is alone ready at the draw; if the game goes on,
    South 4-1 ends in a draw the dealer is not ready at, which ends the game."""
    walls = [
        lay_wall(hands, tiles=tile_set(), dead_size=RIICHI_DEAD)
        for hands in (DEALER_READY, DEALER_NOT_READY)
    ]
    game = Game("riichi", rules, wall_source=lambda g, number: list(walls[number]))
    game.start_at(scores=SCORES, single_round=False, **SOUTH_4)
    while not game.over:
        assert game.round.phase is Phase.TURN
        tsumogiri(game, 1)
    return game


def _tenhou6(rules: RiichiRules, ref: str | None) -> dict[str, object]:
    from mahjongkit.formats.tenhou.export import game_to_tenhou6_json

    game = _engine_game(rules)
    data = game_to_tenhou6_json(game)
    final = game.log[-1]
    assert final["type"] == "end_game"
    data["sc"] = [v for p in final["mjk_ranking"] for v in (p["points"], p["result"])]
    if ref is not None:
        data["ref"] = ref
    return data


PLAYS_ON = dataclasses.replace(RiichiRules.tenhou(), tenpai_yame=False)
STOPS = RiichiRules.tenhou()


def test_the_constructed_games_differ_only_after_the_ready_draw():
    """tenpai_yame: the same South 4 ends the game under the rule and plays on without it."""
    on, off = _engine_game(STOPS), _engine_game(PLAYS_ON)
    starts = [e for e in as_json(off.log) if e["type"] == "start_kyoku"]
    assert [(e["bakaze"], e["kyoku"], e["honba"]) for e in starts] == [("S", 4, 0), ("S", 4, 1)]
    assert [e["type"] for e in as_json(on.log)].count("start_kyoku") == 1
    assert on.scores == [23000, 22000, 21000, 34000]
    assert on.over and off.over


@pytest.mark.parametrize(
    ("played", "ref", "name", "mismatch"),
    [
        # Played on before June 2010: its date from "ref", or from the file name.
        (PLAYS_ON, BEFORE, "", None),
        (PLAYS_ON, None, f"mylogs_{BEFORE}_tw1.json", None),
        # Played on, but dated after: the engine stops where the record goes on.
        (PLAYS_ON, AFTER, "", "next round: Tenhou S4-1 (dealer N), engine the end of the game"),
        # No date anywhere: the preset's rule (Tenhou's since June 2010).
        (PLAYS_ON, None, "game.json", "engine the end of the game"),
        # Stopped, dated after June 2010 (or not dated): the engine stops too.
        (STOPS, AFTER, "", None),
        (STOPS, None, "", None),
        # Stopped, dated before: the engine would have played on.
        (STOPS, BEFORE, "", "Tenhou ends the game here; the engine would play S4-1"),
    ],
)
def test_a_tenhou6_game_replays_under_the_dealer_stop_of_its_date(played, ref, name, mismatch):
    """tenpai_yame by the log's date (tenhou.net/6 ``ref``, else the file name)."""
    record = read_tenhou6(_tenhou6(played, ref))
    assert record.log_id == ref
    report = check_record(record, name)
    assert report.checked == len(report.rounds) > 0
    if mismatch is None:
        assert report.mismatches == []
    else:
        assert len(report.mismatches) == 1 and mismatch in report.mismatches[0]


def test_convert_reads_a_tenhou6_file_by_its_date(tmp_path):
    """tenpai_yame: ``convert`` (load_game) dates a tenhou.net/6 file by its ref or name."""
    named = tmp_path / f"{BEFORE}.json"
    named.write_text(json.dumps(_tenhou6(PLAYS_ON, None)))
    game = load_game(named)
    assert [e["type"] for e in as_json(game.log)].count("start_kyoku") == 2
    undated = tmp_path / "game.json"
    undated.write_text(named.read_text())
    with pytest.raises(NotationError, match="the engine ends the game where Tenhou plays on"):
        load_game(undated)
    stopped = tmp_path / "stopped.json"
    stopped.write_text(json.dumps(_tenhou6(STOPS, AFTER)))
    assert load_game(stopped).over


def test_the_ref_is_written_back_and_only_a_log_id_is_one():
    record = read_tenhou6(_tenhou6(STOPS, AFTER))
    from mahjongkit.formats.tenhou.tenhou6 import game_to_tenhou6

    assert game_to_tenhou6(record)["ref"] == AFTER
    for ref in (5, "", "2011030512gm", "x" * 10_000, ["2011030512gm-00a9-0000-0123abcd"]):
        data = _tenhou6(STOPS, None)
        data["ref"] = ref
        assert read_tenhou6(data).log_id is None


# --- mjlog: a real record of a ready last dealer in first place, under other names ------------

REAL = DATA / "riichi" / "mjlog" / "fastmaj_2010030412gm-00e1-0000-4a275c59_tw0.mjlog"
"""East 4 (East-only): the dealer N is ready at the draw with 34,000, first; Tenhou went on to
East 4-1 (March 2010). Its wall generator is the one Tenhou still uses: it dates nothing."""


def _xml() -> str:
    return gzip.decompress(REAL.read_bytes()).decode()


def _stopped_xml() -> str:
    """The record cut after East 4-0, the game ended there as Tenhou ends it since June 2010."""
    text = _xml()
    cut = text.index('<INIT seed="3,1,')
    end = text.rindex("<RYUUKYOKU", 0, cut)
    tag = text[end : text.index("/>", end)]
    scores = [int(v) for v in re.search(r'sc="([^"]+)"', tag).group(1).split(",")]  # type: ignore[union-attr]
    after = [scores[i] + scores[i + 1] for i in range(0, 8, 2)]
    owari = ",".join(f"{s},0.0" for s in after)
    return text[:end] + tag + f' owari="{owari}" />' + "</mjloggm>"


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    if name.endswith(".mjlog"):
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("name", "stopped", "mismatch"),
    [
        ("mylogs_2010030412gm-00e1-0000-4a275c59_tw0.mjlog", False, None),
        ("2010053123gm-00e1-0000-4a275c59.xml", False, None),  # the last day before
        ("mylogs_2011030512gm-00a9-0000-0123abcd_tw2.mjlog", False, "engine the end of the game"),
        ("2010060100gm-00e1-0000-4a275c59.xml", False, "engine the end of the game"),
        ("game.mjlog", False, "engine the end of the game"),  # no date: the preset
        ("2011030512gm-00a9-0000-0123abcd.xml", True, None),
        ("game.xml", True, None),
        ("2010030412gm-00e1-0000-4a275c59.xml", True, "the engine would play E4-1"),
        # Not dates: no 13th month, no 31 February, no hour 24, nothing before 2006.
        ("2010133112gm-00e1-0000-4a275c59.mjlog", False, "engine the end of the game"),
        ("2010023112gm-00e1-0000-4a275c59.mjlog", False, "engine the end of the game"),
        ("2010030424gm-00e1-0000-4a275c59.mjlog", False, "engine the end of the game"),
        ("1999030412gm-00e1-0000-4a275c59.mjlog", False, "engine the end of the game"),
        ("x12010030412gm-00e1.mjlog", False, "engine the end of the game"),  # 11 digits
        # The first real date counts, wherever it stands.
        ("2010133112gm-00e1_then_2010030412gm-00e1.mjlog", False, None),
    ],
)
def test_an_mjlog_replays_under_the_dealer_stop_of_the_date_in_its_name(
    tmp_path, name, stopped, mismatch
):
    """tenpai_yame by the date of the log id in the file name; bad dates fall back."""
    path = _write(tmp_path, name, _stopped_xml() if stopped else _xml())
    report = check_file(path)
    assert report.skipped is None and report.checked == len(report.rounds)
    if mismatch is None:
        assert report.mismatches == []
    else:
        assert len(report.mismatches) == 1 and mismatch in report.mismatches[0]
        assert report.mismatches[0].startswith("E4-0: ")


def test_the_real_records_that_play_on_after_a_ready_last_dealer_are_dated_before_june_2010():
    """tenpai_yame: the shared records where Tenhou played on are old, by name or generator."""
    folder = DATA / "riichi" / "mjlog"
    names = [
        "dnovikoff_bug1.xml",
        "fastmaj_2009082713gm-00e1-0000-8820f355_tw3.mjlog",
        "fastmaj_2009082815gm-00e1-0000-b7e41fe8_tw3.mjlog",
        "fastmaj_2010030412gm-00e1-0000-4a275c59_tw0.mjlog",
    ]
    for name in names:
        record = read_mjlog(folder / name)
        assert record_rules(record, record_played(record, name)).tenpai_yame is False, name
        assert check_file(folder / name).mismatches == []
        forced = check_file(folder / name, options=["tenpai_yame=on"])
        assert any("engine the end of the game" in m for m in forced.mismatches), name
    # bug1 has no date: its wall is seeded on its <INIT>, the oldest form.
    assert read_mjlog(folder / "dnovikoff_bug1.xml").shuffle.startswith("mt19937ar,")  # type: ignore[union-attr]


def test_record_rules_default_to_the_preset_and_follow_the_date():
    record = read_mjlog(_stopped_xml())
    assert record.shuffle is not None and record.shuffle.startswith("mt19937ar-sha512-n288-base64")
    assert record_rules(record).tenpai_yame is True
    assert record_rules(record, date(2010, 5, 31)).tenpai_yame is False
    assert record_rules(record, TENPAI_YAME_SINCE).tenpai_yame is True
    assert record_rules(record).game_length == 1  # the record's own length


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("mylogs_2011030512gm-00a9-0000-0123abcd_tw2.mjlog", date(2011, 3, 5)),
        ("2006102000gm-0009-0000-00000000", date(2006, 10, 20)),
        ("a/b/2012022923gm-x.mjlog", date(2012, 2, 29)),  # a leap day
        ("2011022923gm-x.mjlog", None),
        ("2011030512gm", None),  # no dash: not an id
        ("2011030512GM-", None),
        ("", None),
        ("\0" * 50, None),
        ("9" * 10_000 + "gm-", None),
        ("20110305\u0661\u0662gm-", None),  # Arabic-Indic digits are no hour
    ],
)
def test_log_id_dates(text, day):
    assert log_id_date(text) == day


def test_replay_check_dates_each_file_by_its_name(tmp_path):
    """tenpai_yame: the command replays one log under each name's date."""
    old = _write(tmp_path, "mylogs_2010030412gm-00e1-0000-4a275c59_tw0.mjlog", _xml())
    new = _write(tmp_path, "mylogs_2011030512gm-00a9-0000-0123abcd_tw2.mjlog", _xml())
    done = subprocess.run(
        [sys.executable, "-m", "mahjongkit", "replay-check", str(old), str(new)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert f"{old.name}: 6 rounds checked, 0 mismatches" in done.stdout
    assert f"{new.name}: 6 rounds checked, 1 mismatches" in done.stdout
    assert "E4-0: next round: Tenhou E4-1 (dealer N), engine the end of the game" in done.stdout
    assert done.stderr == ""


def test_record_game_takes_the_date_and_rules():
    record = read_mjlog(_xml())
    with pytest.raises(NotationError, match="E4-0: the engine ends the game where Tenhou"):
        record_game(record)
    assert record_game(record, played=date(2010, 3, 4)).over
    assert record_game(record, options=["tenpai_yame=off"]).over
