"""Hosting external mjai bots as seats (``--bot mjai:COMMAND``): a well-behaved bot, one that
answers garbage, one that is late, one that exits, one that hangs; faults counted and replaced
by the safe default, strict mode, and no bot process left behind on any way out."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.bots.mjai_host import (
    DEFAULT_TIMEOUT,
    FAULTS,
    MjaiHostError,
    MjaiSeat,
    _match,
    command_of,
    hosted,
    safe_default,
)
from mahjongkit.cli import main
from mahjongkit.game.engine import Game
from mahjongkit.sim import Hosting, Plan, SimulationError, parse_bots, play_game
from mahjongkit.table import actions as A
from mahjongkit.variants import find_variant
from tests.helpers.paths import REPO
from tests.helpers.processes import start_command

SCRIPT = Path(__file__).with_name("mjai_bots") / "scripted.py"
PYTHON = shlex.quote(sys.executable)


def bot(*flags: str) -> str:
    """The spec of the scripted test bot with ``flags``."""
    return f"mjai:{PYTHON} {shlex.quote(str(SCRIPT))} {{seat}} " + " ".join(flags)


def pids_in(folder: Path) -> list[int]:
    """The process ids the scripted bots wrote to ``folder``."""
    return [int(name.name.split("-")[1]) for name in folder.glob("[0-3]-*")]


def gone(pid: int) -> bool:
    """Whether the process ``pid`` no longer exists, not even as a zombie."""
    return not Path(f"/proc/{pid}").exists()


def wait_gone(pids: list[int], seconds: float = 5.0) -> list[int]:
    """The pids still there after ``seconds`` (a process reparented to init is reaped soon)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not all(gone(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if not gone(p)]


def plan(
    bots: tuple[str, ...],
    timeout: float = 2.0,
    strict: bool = False,
    seed: int = 3,
    rounds: int = 1,
) -> Plan:
    """One game of ``rounds`` rounds between ``bots``, hosted with ``timeout`` and ``strict``,
    under the Tenhou rules an mjai bot plays by (``mjai-bot``'s default ``--rules``)."""
    tenhou = find_variant("riichi").rules("tenhou")
    return Plan("riichi", tenhou, seed, 1, bots, rounds, Hosting(timeout, strict))


# --- specs ----------------------------------------------------------------------------------


def test_specs_keep_the_command_as_given_and_refuse_an_empty_or_unsplittable_one() -> None:
    assert parse_bots(["mjai:My/Bot --Seat {seat}"], 4) == ("mjai:My/Bot --Seat {seat}",) * 4
    assert parse_bots(["MJAI: bot", "random", "Efficient", "random"], 4)[:3] == (
        "mjai:bot",
        "random",
        "efficient",
    )
    assert command_of("mjai:'my bot' -x {seat}") == ["my bot", "-x", "{seat}"]
    with pytest.raises(MjaiHostError, match="needs a command"):
        parse_bots(["mjai:  "], 4)
    with pytest.raises(MjaiHostError, match="cannot be split"):
        parse_bots(["mjai:bot 'unclosed"], 4)
    with pytest.raises(SimulationError, match="mjai:COMMAND"):
        parse_bots(["mjia:bot"], 4)
    assert Hosting().timeout == DEFAULT_TIMEOUT


def test_the_seat_number_replaces_seat_in_every_argument() -> None:
    seat = MjaiSeat(["prog", "--seat={seat}", "{seat}"], 2)
    assert seat.argv == ["prog", "--seat=2", "2"]
    with pytest.raises(MjaiHostError, match="above 0"):
        MjaiSeat(["prog"], 0, timeout=0)


def test_messages_are_matched_to_legal_actions_strictly_by_seat_and_tile() -> None:
    game = Game("riichi", seed=1)
    game.start()
    seat = game.waiting_for()[0]
    legal = game.legal_actions(seat)
    drawn = game.round.seats[seat].drawn
    default = safe_default(game, seat, legal)
    assert default.type == A.DISCARD and default.tile == drawn, "its own turn: the drawn tile"
    from mahjongkit.formats.mjai import action_to_mjai

    message = action_to_mjai(game, default)
    assert _match(game, seat, legal, message) == default
    # Extra fields (Mortal sends "meta") are ignored; a wrong tsumogiri flag still names the tile.
    assert _match(game, seat, legal, {**message, "meta": {"q": [1]}}) == default
    assert _match(game, seat, legal, {**message, "tsumogiri": not message["tsumogiri"]}) is not None
    assert _match(game, seat, legal, {**message, "actor": (seat + 1) % 4}) is None
    assert _match(game, seat, legal, {"type": "none"}) is None, "no pass on its own turn"
    assert _match(game, seat, legal, {"type": "dahai", "actor": seat}) is None, "no tile"
    assert _match(game, seat, legal, {"type": "pon", "actor": seat, "consumed": []}) is None


# --- hosted games ---------------------------------------------------------------------------


def test_mjai_bot_seats_play_the_same_game_as_the_bot_itself(tmp_path: Path) -> None:
    """Four ``mahjongkit mjai-bot`` processes, spoken to through the host, play move for move
    the game four efficient agents play in-process: every view and every answer carried over."""
    spec = f"mjai:{PYTHON} -m mahjongkit mjai-bot {{seat}} --bot efficient"
    os.environ.setdefault("PYTHONPATH", str(REPO / "src"))
    hosted_game = play_game(plan((spec,), timeout=20, seed=2), 0)
    direct = play_game(plan(("efficient",), seed=2), 0)
    assert hosted_game.faults == tuple(dict.fromkeys(FAULTS, 0) for _ in range(4))
    assert hosted_game.events == direct.events
    assert hosted_game.events[-1]["type"] == "end_game"


def test_well_behaved_bots_finish_and_leave_no_process(tmp_path: Path) -> None:
    played = play_game(plan((bot("--pids", str(tmp_path)),), rounds=2), 0)
    assert played.rounds == 2
    assert played.faults == tuple(dict.fromkeys(FAULTS, 0) for _ in range(4))
    pids = pids_in(tmp_path)
    assert len(pids) == 4
    assert [p for p in pids if not gone(p)] == [], "every bot waited for (no zombie)"
    discards = [e for e in played.events if e["type"] == "dahai"]
    assert discards and all(e["tsumogiri"] for e in discards), "tsumogiri bots, as answered"


def test_faults_are_counted_replaced_by_the_safe_default_and_logged(
    tmp_path: Path, capsys: Any
) -> None:
    bots = (
        bot("--garbage", "3,5", "--pids", str(tmp_path)),
        bot("--sleep", "3,6", "--sleep-for", "0.75", "--pids", str(tmp_path)),
        bot("--exit-at", "4", "--exit-code", "3", "--pids", str(tmp_path)),
        bot("--illegal", "2,6", "--pids", str(tmp_path)),
    )
    played = play_game(plan(bots, timeout=0.5), 0)
    assert played.faults == (
        {"timeouts": 0, "malformed": 2, "illegal": 0, "exited": 0},
        {"timeouts": 2, "malformed": 0, "illegal": 0, "exited": 0},
        {"timeouts": 0, "malformed": 0, "illegal": 0, "exited": 1},
        {"timeouts": 0, "malformed": 0, "illegal": 2, "exited": 0},
    )
    assert played.events[-1]["type"] == "end_game", "the game is played to its end"
    err = capsys.readouterr().err
    assert err.count("not JSON") == 2
    assert err.count("no answer within 0.5 s") == 2
    assert "the bot ended before the game (exit code 3) after 2 answers" in err
    assert err.count("is not a legal action") == 2
    # The late bot's answers after its delays are its own again: no answer taken for another.
    late = [e for e in played.events if e.get("actor") == 1 and e["type"] == "dahai"]
    assert late and all(e["tsumogiri"] for e in late)
    assert wait_gone(pids_in(tmp_path)) == []


def test_a_bot_that_hangs_and_ignores_sigterm_is_killed_and_reaped(tmp_path: Path) -> None:
    stubborn = bot("--hang-at", "2", "--ignore-term", "--pids", str(tmp_path))
    began = time.monotonic()
    played = play_game(plan((stubborn, "efficient", "efficient", "efficient"), timeout=0.1), 0)
    own = [e for e in played.events if e["type"] == "dahai" and e["actor"] == 0]
    assert own and all(e["tsumogiri"] for e in own), "the safe default: the drawn tile"
    assert played.faults[0] is not None
    assert played.faults[0]["timeouts"] >= len(own), "every decision after the hang is late"
    assert time.monotonic() - began < 20, "each decision waits its timeout, no more"
    pids = pids_in(tmp_path)
    assert len(pids) == 1 and gone(pids[0])


def test_strict_mode_ends_the_game_with_the_fault(tmp_path: Path) -> None:
    bots = (bot("--garbage", "2", "--pids", str(tmp_path)), "random", "random", "random")
    with pytest.raises(MjaiHostError, match=r"seat 0 .*not JSON.*--mjai-strict"):
        play_game(plan(bots, strict=True), 0)
    assert [p for p in pids_in(tmp_path) if not gone(p)] == []


def test_an_exception_in_the_game_still_ends_every_bot(tmp_path: Path) -> None:
    game = Game("riichi", seed=1, max_rounds=1)
    seats = [MjaiSeat(command_of(bot("--pids", str(tmp_path))), s) for s in range(4)]
    with pytest.raises(RuntimeError), hosted(game, seats):
        deadline = time.monotonic() + 10
        while len(pids_in(tmp_path)) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        raise RuntimeError("interrupted")
    pids = pids_in(tmp_path)
    assert len(pids) == 4 and all(gone(p) for p in pids)


def test_a_program_that_cannot_start_is_one_error(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-bot")
    with pytest.raises(MjaiHostError, match=r"cannot start mjai:.*no-such-bot"):
        play_game(plan((f"mjai:{missing}", "random", "random", "random")), 0)


def test_other_families_are_refused() -> None:
    game = Game("sichuan", seed=1)
    with pytest.raises(MjaiHostError, match="four-player Riichi"):
        MjaiSeat(["prog"], 0).bind(game)


def test_three_player_riichi_is_refused_with_the_reason() -> None:
    game = Game("riichi", find_variant("riichi").rules("tenhou3"), seed=1)
    with pytest.raises(MjaiHostError, match=r"with 3 players .*read four seats") as refused:
        MjaiSeat(["prog"], 0).bind(game)
    assert "no North set aside" in str(refused.value)
    assert not game.log  # refused before the game was started or any program run


def test_mjai_s_own_player_state_reads_four_seats_only() -> None:
    # Why the refusal stands (docs/three-player.md): the mjai package's libriichi state, which
    # its rule-based bot plays from, refuses three names and a three-seat deal, and has no
    # nukidora event. A release that reads them fails this test: three-player hosting may
    # then be offered.
    state_module = pytest.importorskip("mjai.mlibriichi.state")
    hand = ["1m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "E", "N"]
    deal = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "2s", "kyoku": 1,
            "honba": 0, "kyotaku": 0, "oya": 0, "scores": [35000] * 3,
            "tehais": [hand, ["?"] * 13, ["?"] * 13]}  # fmt: skip
    refusal = "expected an array of length 4"
    with pytest.raises(RuntimeError, match=refusal):
        state_module.PlayerState(0).update(json.dumps({"type": "start_game", "names": list("abc")}))
    with pytest.raises(RuntimeError, match=refusal):
        state_module.PlayerState(0).update(json.dumps(deal))
    four = state_module.PlayerState(0)
    padded = {**deal, "scores": [35000] * 3 + [0], "tehais": [hand] + [["?"] * 13] * 3}
    four.update(json.dumps(padded))  # four seats are read
    four.update(json.dumps({"type": "tsumo", "actor": 0, "pai": "N"}))
    with pytest.raises(RuntimeError, match="unknown variant `nukidora`"):
        four.update(json.dumps({"type": "nukidora", "actor": 0, "pai": "N"}))


# --- the command ----------------------------------------------------------------------------


def test_simulate_counts_each_seats_faults_over_its_games(tmp_path: Path, capsys: Any) -> None:
    flags = ["--games", "2", "--seed", "4", "--max-rounds", "1", "--jobs", "2"]
    flags += ["--out", str(tmp_path / "games.jsonl"), "--mjai-timeout", "2", "--json"]
    flags += ["--bot", bot("--garbage", "2,3"), "--bot", bot(), "--bot", "random"]
    flags += ["--bot", bot("--illegal", "2")]
    code = main(["simulate", *flags])
    out, err = capsys.readouterr()
    assert code == 0, err
    found = json.loads(out)
    faults = [seat.get("mjai_faults") for seat in found["seats"]]
    assert faults == [
        {"timeouts": 0, "malformed": 4, "illegal": 0, "exited": 0},
        {"timeouts": 0, "malformed": 0, "illegal": 0, "exited": 0},
        None,
        {"timeouts": 0, "malformed": 0, "illegal": 2, "exited": 0},
    ]
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert [json.loads(line)["result"]["mjai_faults"][0]["malformed"] for line in lines] == [2, 2]


def test_simulate_strict_is_one_line_and_exit_2(tmp_path: Path) -> None:
    spec = bot("--exit-at", "2", "--exit-code", "7", "--pids", str(tmp_path))
    command = [sys.executable, "-m", "mahjongkit", "simulate", "--games", "1", "--seed", "1"]
    command += ["--out", str(tmp_path / "g.jsonl"), "--bot", spec, "--mjai-strict"]
    command += ["--bot", bot(), "--bot", bot(), "--bot", bot()]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "seat 0" in lines[0] and "exit code 7" in lines[0] and "--mjai-strict" in lines[0]
    assert wait_gone(pids_in(tmp_path)) == []


def test_simulate_interrupted_leaves_no_bot_running(tmp_path: Path) -> None:
    spec = bot("--hang-at", "3", "--ignore-term", "--pids", str(tmp_path))
    command = ["simulate", "--games", "3", "--seed", "1", "--out", str(tmp_path / "g.jsonl")]
    command += ["--bot", spec, "--mjai-timeout", "60", "--jobs", "2"]
    child = start_command(*command)
    try:
        deadline = time.monotonic() + 30
        while len(pids_in(tmp_path)) < 8 and time.monotonic() < deadline:
            time.sleep(0.05)
        started = pids_in(tmp_path)
        assert len(started) == 8, "two games at once, each with its own four bots"
        time.sleep(0.3)
        os.killpg(child.pid, signal.SIGINT)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode != 0
    assert wait_gone(started, 10) == []


def test_simulate_refuses_bad_hosting_flags(capsys: Any) -> None:
    base = ["simulate", "--games", "1", "--seed", "1"]
    assert main([*base, "--bot", "mjai:bot", "--variant", "sichuan"]) == 2
    assert "Riichi only" in capsys.readouterr().err
    three = [*base, "--bot", "mjai:bot", "--option", "players=3", "--option", "uma=15000,0,-15000"]
    assert main(three) == 2
    assert "four-player Riichi only, not 3-player" in capsys.readouterr().err
    for value in ("0", "-1", "soon"):
        with pytest.raises(SystemExit) as stop:
            main([*base, "--bot", "mjai:bot", "--mjai-timeout", value])
        assert stop.value.code == 2
        assert "seconds" in capsys.readouterr().err


def test_a_hosted_run_plays_tenhou_rules_unless_told_otherwise(tmp_path: Path) -> None:
    """An mjai bot is told no rules, so a run with one plays Tenhou's: the stored game says so."""
    from mahjongkit.records import Records

    bot = f"mjai:{PYTHON} -m mahjongkit mjai-bot {{seat}}"
    db = tmp_path / "runs.sqlite3"
    words = ["simulate", "--games", "1", "--seed", "2", "--max-rounds", "1", "--db", str(db)]
    seats = ["--bot", "random"] * 3 + ["--bot", bot]
    assert main([*words, *seats]) == 0
    with Records(db, create=False) as records:
        (game,) = records.list_games()
        stored = records.load(game.id)
    tenhou = find_variant("riichi").rules("tenhou")
    assert Game.replay(list(stored.events)).flow.rules == tenhou
