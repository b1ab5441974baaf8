"""The README runs as written (issue 29, item 4): every command of its shell blocks is run, in
the order written, in a temporary clone folder beside a copy of ``../shared`` (the tests never
write there), and fails on an exit code its comment does not give (``# exit 2: ...``). Games and
rounds are cut small to keep the whole under a minute; a server and the terminal game are
started, probed and stopped; the Python blocks run too, and every value their comments state is
checked."""

from __future__ import annotations

import ast
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.helpers.paths import DATA, REPO

README = REPO / "README.md"

SKIPPED = {
    "./dev run": "sets the clone's .venv up with pip (minutes, the package index) before it "
    "starts the site; the site itself is started and probed through `mahjongkit serve` below",
    "./dev test": "runs ruff, mypy and this very test suite",
}
"""Commands the test does not run, with the reason."""

BOUNDED = ("mahjongkit serve", "mahjongkit play")
"""Commands that do not end by themselves: started, probed on loopback or on their screen,
then stopped."""

SMALL = 2
"""The most games (and, for selfplay and simulate, rounds a game) a command plays here."""


def shell_lines(text: str) -> list[tuple[int, str]]:
    """Each command of the README's ``sh`` blocks with its line number (comment lines left out)."""
    found = []
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            inside = line.strip() in ("```sh", "```bash", "```shell", "```console") and not inside
            continue
        if inside and line.strip() and not line.lstrip().startswith("#"):
            found.append((number, line.strip()))
    return found


def python_blocks(text: str) -> list[tuple[int, str]]:
    """Each ``python`` block of the README with the line number of its first line."""
    blocks = re.finditer(r"^```python\n(.*?)^```", text, re.DOTALL | re.MULTILINE)
    return [(text[: m.start()].count("\n") + 2, m.group(1)) for m in blocks]


def split_comment(line: str) -> tuple[str, str]:
    """A shell line's command and its trailing comment (a ``#`` outside quotes after a space)."""
    quote = ""
    for at, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and at and line[at - 1] == " ":
            return line[:at].rstrip(), line[at + 1 :].strip()
    return line, ""


def documented_exit(comment: str) -> int:
    """The exit code a line's comment gives (``# exit 2: ...``), else 0."""
    found = re.search(r"\bexit (\d+)\b", comment)
    return int(found.group(1)) if found else 0


def small(command: str) -> str:
    """``command`` with at most :data:`SMALL` games, and for selfplay and simulate at most
    :data:`SMALL` rounds a game."""
    command = re.sub(r"--games (\d+)", lambda m: f"--games {min(int(m.group(1)), SMALL)}", command)
    if re.search(r"mahjongkit (selfplay|simulate)\b", command):
        if "--max-rounds" in command:
            command = re.sub(r"--max-rounds (\d+)", f"--max-rounds {SMALL}", command)
        else:
            command += f" --max-rounds {SMALL}"
    return command


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A folder to run the README in, ``../shared`` beside it (a copy of what the README
    reads), and an environment whose ``mahjongkit`` is this checkout's and whose data folder
    is a temporary one (nothing is written to the user's records)."""
    root = tmp_path_factory.mktemp("readme")
    here = root / "clone"
    here.mkdir()
    logs = DATA / "riichi" / "mjlog"
    if not logs.is_dir():
        pytest.skip(f"{logs} is not there: the README reads ../shared beside the clone")
    shutil.copytree(logs, root / "shared" / "data" / "riichi" / "mjlog")
    tools = root / "bin"
    tools.mkdir()
    shim = tools / "mahjongkit"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m mahjongkit "$@"\n')
    shim.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{tools}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(REPO / "src"),
        "HOME": str(root / "home"),
        "XDG_DATA_HOME": str(root / "data"),
        "COLUMNS": "80",
    }
    return here, env


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _serve(command: str, cwd: Path, env: dict[str, str]) -> str | None:
    """Start the site on a free loopback port, ask /api/health, stop it; what went wrong."""
    port = _free_port()
    command = re.sub(r"--port \d+", f"--port {port}", command) + " --host 127.0.0.1"
    server = subprocess.Popen(
        ["bash", "-c", f"exec {command}"],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if server.poll() is not None:
                return f"the site stopped with {server.returncode}: {server.stdout.read()!r}"  # type: ignore[union-attr]
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/api/health", timeout=2
                ) as got:
                    answer = got.read()
                return None if answer == b'{"ok":true}' else f"/api/health answered {answer!r}"
            except OSError:
                time.sleep(0.2)
        return "the site did not answer on 127.0.0.1 within 30 s"
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)


def _play(command: str, cwd: Path, env: dict[str, str]) -> str | None:
    """Start the terminal game on a pseudo-terminal of 100×30, wait for its screen, quit it
    with ``q``; what went wrong."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    game = subprocess.Popen(
        ["bash", "-c", f"exec {command}"],
        cwd=cwd,
        env={**env, "TERM": "xterm-256color"},
        stdin=child,
        stdout=child,
        stderr=child,
        start_new_session=True,
    )
    os.close(child)
    seen = b""
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and b"mahjongkit" not in seen:
            if game.poll() is not None:
                return f"the game stopped with {game.returncode}: {seen[-500:]!r}"
            if select.select([parent], [], [], 0.1)[0]:
                seen += os.read(parent, 65536)
        if b"mahjongkit" not in seen:
            return "no screen within 30 s"
        os.write(parent, b"q")
        try:
            game.wait(15)
        except subprocess.TimeoutExpired:
            return "q did not end the game within 15 s"
        return None if game.returncode == 0 else f"the game ended with {game.returncode}"
    finally:
        if game.poll() is None:
            os.killpg(game.pid, signal.SIGKILL)
            game.wait(10)
        os.close(parent)


def test_every_readme_command_runs_as_written(clone):
    here, env = clone
    lines = shell_lines(README.read_text(encoding="utf-8"))
    assert len(lines) > 20, "the README's shell blocks were not found"
    failures = []
    began = time.monotonic()
    for number, line in lines:
        command, comment = split_comment(line)
        if command in SKIPPED:
            continue
        command = small(command)
        if command.startswith(BOUNDED[0]):
            problem = _serve(command, here, env)
        elif command.startswith(BOUNDED[1]):
            problem = _play(command, here, env)
        else:
            done = subprocess.run(
                ["bash", "-c", command],
                cwd=here,
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
                stdin=subprocess.DEVNULL,
            )
            wanted = documented_exit(comment)
            problem = None
            if done.returncode != wanted:
                problem = f"exit {done.returncode}, not {wanted}: {done.stderr[-800:]}"
            elif wanted == 0 and done.stderr.strip():
                problem = f"wrote on stderr: {done.stderr[-800:]}"
        if problem is not None:
            failures.append(f"README.md:{number}: {command}\n    {problem}")
    assert failures == [], "\n".join(failures)
    assert time.monotonic() - began < 120, "the README's commands are meant to take seconds"
    # The examples leave their files in the folder they ran in, where the README says.
    assert (here / "out" / "game-0.json").is_file()
    assert (here / "game.json").is_file() and (here / "logs" / "game.mjai.jsonl").is_file()
    assert {"progress.sqlite3", "records.sqlite3", "records.sqlite3.secret"} <= {
        path.name for path in here.iterdir()
    }


def test_every_shell_line_is_run_bounded_or_skipped_with_a_reason():
    commands = [split_comment(line)[0] for _, line in shell_lines(README.read_text())]
    assert set(SKIPPED) <= set(commands), "a skipped command is no longer in the README"
    for command in commands:
        assert command in SKIPPED or command.startswith(("mahjongkit ", "echo ")), command
    assert all(any(c.startswith(prefix) for c in commands) for prefix in BOUNDED)


def test_the_readme_names_no_file_that_nothing_makes():
    """An example's file is one the clone holds, ``../shared`` holds, or an example writes."""
    text = README.read_text()
    commands = [split_comment(line)[0] for _, line in shell_lines(text)]
    assert not any("./mybot" in command for command in commands)
    written = {"out/", "game.json", "logs/", "progress.sqlite3", "play.sqlite3"}
    for command in commands:
        for word in command.split():
            if re.fullmatch(r"[\w./-]+\.(json|jsonl|mjlog|xml|sqlite3)", word):
                assert word in written or word.startswith("../shared/"), (command, word)


def test_the_readme_helpers_read_comments_exits_and_sizes():
    assert split_comment('echo \'{"a": "#"}\' | x  # exit 2: why') == (
        'echo \'{"a": "#"}\' | x',
        "exit 2: why",
    )
    assert split_comment("mahjongkit a#b") == ("mahjongkit a#b", "")
    assert documented_exit("exit 2: 13 tiles") == 2 and documented_exit("the site") == 0
    assert small("mahjongkit simulate --games 1000 --seed 7") == (
        "mahjongkit simulate --games 2 --seed 7 --max-rounds 2"
    )
    assert small("mahjongkit selfplay --max-rounds 4") == "mahjongkit selfplay --max-rounds 2"
    assert small("mahjongkit score 11m --games 1") == "mahjongkit score 11m --games 1"


# --- the Python blocks -------------------------------------------------------------------------


def _stated(source: str) -> list[tuple[str, object]]:
    """The expressions of a block whose comment states their value (``shanten(hand)  # 0``),
    with that value; a comment that is no Python value states none."""
    found = []
    for line in source.splitlines():
        code, _, comment = line.partition("#")
        value = comment.strip().split("  ")[0]
        if not comment or not code.strip() or "=" in code.replace("==", "") or not value:
            continue
        try:
            ast.parse(code.strip(), mode="eval")
            expected = ast.literal_eval(value)
        except (SyntaxError, ValueError):
            continue
        found.append((code.strip(), expected))
    return found


@pytest.mark.parametrize(
    "block", python_blocks(README.read_text()), ids=lambda block: f"line {block[0]}"
)
def test_each_python_block_runs_and_gives_the_values_its_comments_state(block, capsys):
    start, source = block
    namespace: dict[str, object] = {}
    exec(compile(source, f"README.md:{start}", "exec"), namespace)
    for expression, expected in _stated(source):
        assert eval(expression, namespace) == expected, expression
    if "explain(" in source:
        assert "Points : 7\N{NARROW NO-BREAK SPACE}900" in capsys.readouterr().out


def test_the_python_blocks_state_values_the_test_checks():
    stated = [pair for _, source in python_blocks(README.read_text()) for pair in _stated(source)]
    assert ("shanten(hand)", 0) in stated and ("waits(hand)", [27, 28]) in stated
    assert ("result.valid, result.value, result.fu, result.points", (True, 4, 30, 7900)) in stated
