"""mjai logs do not say how long the game is (option ``game_length``): they are read as
East-South, as mjai.app plays, and ``--rules`` / ``--option`` (``rules=`` / ``options=`` in the
library) say otherwise. A game that ends in East because a seat is bust is East-South all the
same: read as East-only, it would end at East 4 when the last dealer stops (``tenpai_yame``,
``agari_yame``), one hand before the bust.

The logs are constructed: the engine plays scripted walls from East 4, and the log is written
as mjai without the rules mahjongkit adds to it (an mjai.app log has none).
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.errors import NotationError
from mahjongkit.formats.convert import convert, load_game
from mahjongkit.formats.mjai import read_mjai, to_mjai
from mahjongkit.game.engine import Game
from mahjongkit.rl.decisions import DecisionsError, decisions
from mahjongkit.table.events import as_json
from mahjongkit.table.state import Phase
from mahjongkit.table.wall import tile_set
from mahjongkit.variants.riichi.rules import RiichiRules
from tests.helpers.paths import REPO
from tests.helpers.table_scenarios import RIICHI_DEAD, lay_wall, tsumogiri

# Dealer first. A ready hand waits on 1p and 4p, whose other copies sit in a hand that only
# ever discards what it draws; the other hands are far from ready.
READY = "123m456m789m1234p"
HOLDER = "111p444p159s1357z"
OTHERS = ("147m258s369s1246z", "258m147s369p2467z", "147m258p369s1234z")
DEALER_READY = [READY, HOLDER, OTHERS[0], OTHERS[1]]
SECOND_READY = [OTHERS[2], HOLDER, READY, OTHERS[1]]  # seat 1 ready, the dealer (3) not
EAST_4 = {"round_wind": 0, "hand_number": 3, "dealer": 3, "honba": 0, "deposits": 0}
BUST = [1000, 24000, 25000, 50000]
"""East 4: the dealer is ready alone (seat 0 pays its last 1,000); East 4-1: seat 1 is ready
alone, the dealer is not, and seat 0 goes below zero: bust, the end."""


def _played(rules: RiichiRules, scores: list[int], walls: list[list[str]]) -> Game:
    laid = [lay_wall(hands, tiles=tile_set(), dead_size=RIICHI_DEAD) for hands in walls]
    game = Game("riichi", rules, wall_source=lambda g, number: list(laid[number]))
    game.start_at(scores=scores, single_round=False, **EAST_4)
    while not game.over:
        assert game.round.phase is Phase.TURN
        tsumogiri(game, 1)
    return game


def _as_mjai_app(game: Game) -> list[dict[str, Any]]:
    """The game's mjai log as another writer gives it: no mjk_ rules, no aka_flag."""
    log = to_mjai(game.log)
    start = log[0]
    for key in ("mjk_rules", "mjk_variant", "mjk_max_rounds", "aka_flag"):
        start.pop(key, None)
    return log


def _bust_log() -> list[dict[str, Any]]:
    game = _played(RiichiRules.tenhou(), BUST, [DEALER_READY, SECOND_READY])
    assert min(game.scores) < 0 and game.over
    return _as_mjai_app(game)


def _starts(game: Game) -> list[tuple[str, int, int]]:
    return [
        (e["bakaze"], e["kyoku"], e["honba"])
        for e in as_json(game.log)
        if e["type"] == "start_kyoku"
    ]


def test_a_game_bust_in_east_reads_to_its_end_by_default():
    """game_length: East-South by default, so the bust ends the game where the log does."""
    log = _bust_log()
    assert all(e.get("bakaze", "E") == "E" for e in log)  # the log never reaches South
    game = read_mjai(log)
    assert game.flow.rules.game_length == 2
    assert _starts(game) == [("E", 4, 0), ("E", 4, 1)]
    assert game.over and game.scores == [-1000, 26000, 23000, 52000]
    assert to_mjai(game.log)[1:] == log[1:]


def test_read_as_east_only_the_game_ends_one_hand_early():
    """game_length=1 (and the tenpai_yame of Tenhou's rules): the dealer stops at East 4."""
    log = _bust_log()
    with pytest.raises(NotationError, match=r"\(start_kyoku\): the game gives end_game here"):
        read_mjai(log, options=["game_length=1"])
    # Without the dealer's stop, East-only reads the same game.
    game = read_mjai(log, options=["game_length=1", "tenpai_yame=off"])
    assert game.over and game.scores == [-1000, 26000, 23000, 52000]


def test_rules_read_a_log_under_a_preset():
    """rules=: a preset replaces the implied rules; EMA has no bust (option bust)."""
    log = _bust_log()
    with pytest.raises(NotationError, match=r"\(end_game\): the game gives start_kyoku here"):
        read_mjai(log, "ema2016", options=["red_fives=on"])
    game = read_mjai(log, RiichiRules.tenhou())
    assert game.over


def test_an_east_only_game_needs_game_length_1():
    """game_length: an East game that ends at East 4 is read as one only when told."""
    # East 4, the dealer not ready, seat 1 reaches 30,000: the end of an East-only game.
    scores = [25000, 27000, 24000, 24000]
    game = _played(dataclasses.replace(RiichiRules.tenhou(), game_length=1), scores, [SECOND_READY])
    log = _as_mjai_app(game)
    assert read_mjai(log, options=["game_length=1"]).over
    with pytest.raises(NotationError, match=r"\(end_game\): the game gives start_kyoku here"):
        read_mjai(log)


@pytest.mark.parametrize(
    ("rules", "options", "fragment"),
    [
        ("bogus", [], "unknown rules preset 'bogus' for riichi"),
        ("", [], "--rules is empty"),
        ("old_style", [], "unknown rules preset 'old_style' for riichi"),
        (5, [], "read under RiichiRules or a preset name"),
        (None, "game_length=1", "a list of NAME=VALUE strings, not str"),
        (None, ["game_length"], "game_length"),
        (None, ["game_length=long"], "game_length"),
        (None, ["length=1"], "unknown option 'length'"),
        (None, [7], "not int"),
    ],
)
def test_read_mjai_refuses_bad_rules_and_options(rules, options, fragment):
    with pytest.raises(NotationError, match=fragment):
        read_mjai(_bust_log(), rules, options=options)


def test_convert_and_load_game_take_rules_and_options(tmp_path):
    """game_length through the library's convert and load_game."""
    path = tmp_path / "bust.mjai.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in _bust_log()))
    assert load_game(path).over
    with pytest.raises(NotationError, match="the game gives end_game here"):
        load_game(path, options=["game_length=1"])
    written = [json.loads(x) for x in convert(path, "jsonl", rules="tenhou").splitlines()]
    assert written[0]["mjk_rules"]["game_length"] == 2
    # Our own events carry their rules: options override them too.
    ours = tmp_path / "ours.jsonl"
    ours.write_text(convert(path, "jsonl"))
    with pytest.raises(NotationError, match="game_length"):
        load_game(ours, options=["game_length=0x"])
    assert load_game(ours, options=["tenpai_yame=on"]).over


def test_decisions_take_rules_and_options(tmp_path):
    """game_length in rl.decisions(): mjai lists, files and our own logs alike."""
    log = _bust_log()
    whole = list(decisions(log))
    assert len(whole) > 100 and {d.phase for d in whole} >= {"turn", "claim"}
    with pytest.raises(DecisionsError, match="the game gives end_game here"):
        list(decisions(log, options=["game_length=1"]))
    path = tmp_path / "bust.mjai.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in log))
    assert len(list(decisions(path, rules="tenhou"))) == len(whole)
    ours = read_mjai(log).log
    assert len(list(decisions(list(ours), options=["game_length=2"]))) == len(whole)
    for rules, options, fragment in [
        ("bogus", (), "unknown rules preset"),
        (None, "game_length=1", "a list of NAME=VALUE strings"),
        (None, ["nonsense=1"], "unknown option 'nonsense'"),
    ]:
        for source in (log, list(ours), path):
            with pytest.raises(DecisionsError, match=fragment):
                list(decisions(source, rules=rules, options=options))


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mahjongkit", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"},
        timeout=120,
        check=False,
    )


def test_convert_command_takes_rules_and_options(tmp_path: Path):
    """convert --rules / --option game_length=1, as docs/mjai.md has them."""
    path = tmp_path / "bust.mjai.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in _bust_log()))
    done = _cli("convert", str(path), "--to", "jsonl")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[0])["mjk_rules"]["game_length"] == 2
    done = _cli("convert", str(path), "--to", "mjai", "--option", "game_length=1")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "the game gives end_game here" in done.stderr
    done = _cli("convert", str(path), "--to", "mjai", "--rules", "ema2016")
    assert done.returncode == 2 and "'5sr' is not a tile of this game" in done.stderr
    done = _cli(
        "convert", str(path), "--to", "mjai", "--rules", "ema2016", "--option", "red_fives=on"
    )
    assert done.returncode == 2 and "(end_game): the game gives start_kyoku here" in done.stderr
    done = _cli("convert", str(path), "--to", "mjai", "--rules", "tenhou", "--option", "bust=on")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--rules", "bogus"], "unknown rules preset 'bogus'"),
        (["--rules", ""], "--rules is empty"),
        (["--rules", "x" * 5000], "expected one of ema2012"),
        (["--option", "game_length"], "NAME=VALUE"),
        (["--option", "game_length=" + "9" * 40], "at most 9 digits"),
        (["--option", "nonsense=1"], "unknown option 'nonsense'"),
    ],
)
def test_convert_and_replay_check_refuse_bad_rules_flags_on_one_line(tmp_path, args, fragment):
    path = tmp_path / "bust.mjai.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in _bust_log()))
    mjlog = REPO.parent / "shared" / "data" / "riichi" / "mjlog" / "dnovikoff_example.xml"
    for command in (["convert", str(path), "--to", "mjai"], ["replay-check", str(mjlog)]):
        done = _cli(*command, *args)
        assert done.returncode == 2, (command, args, done.stdout)
        assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
        assert fragment in done.stderr
        assert len(done.stderr) < 2000


def test_replay_check_takes_rules_and_options():
    """replay-check --option tenpai_yame / --rules: a record played on before June 2010."""
    mjlog = (
        REPO.parent
        / "shared"
        / "data"
        / "riichi"
        / "mjlog"
        / "fastmaj_2009082713gm-00e1-0000-8820f355_tw3.mjlog"
    )
    assert _cli("replay-check", str(mjlog)).returncode == 0
    done = _cli("replay-check", str(mjlog), "--option", "tenpai_yame=on")
    assert done.returncode == 1
    assert "E4-0: next round: Tenhou E4-1 (dealer N), engine the end of the game" in done.stdout
    done = _cli("replay-check", str(mjlog), "--rules", "ema2016")
    assert done.returncode == 1 and "mismatches" in done.stdout
