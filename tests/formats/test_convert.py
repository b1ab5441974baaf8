"""``convert`` reads what the other commands and tools write: gzipped logs of every format,
folders of logs, and the game lines of ``simulate --out``; damaged ones are one line each."""

from __future__ import annotations

import contextlib
import gzip
import io
import json

import pytest

from mahjongkit.cli import main
from mahjongkit.errors import NotationError
from mahjongkit.formats import convert as C
from mahjongkit.game.engine import Game
from tests.helpers.paths import DATA

EXAMPLE = DATA / "riichi" / "mjlog" / "dnovikoff_example.xml"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a ``simulate --out`` file: three short Riichi games."""
    folder = tmp_path_factory.mktemp("simulate")
    out = folder / "run.jsonl"
    code, _, err = run(
        "simulate", "--games", "3", "--seed", "4", "--jobs", "1", "--max-rounds", "2",
        "--out", str(out),
    )  # fmt: skip
    assert code == 0, err
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    return lines


def test_a_gzipped_log_reads_as_the_log_itself(tmp_path) -> None:
    """An mjlog, a tenhou.net/6 file, mjai lines and engine events, each gzipped."""
    sources = {"example.xml": EXAMPLE.read_bytes()}
    sources["example.tenhou6.json"] = C.convert(EXAMPLE, "tenhou6").encode()
    sources["example.mjai.jsonl"] = C.convert(EXAMPLE, "mjai").encode()
    sources["example.jsonl"] = C.convert(EXAMPLE, "jsonl").encode()
    for name, data in sources.items():
        plain, packed = tmp_path / name, tmp_path / f"{name}.gz"
        plain.write_bytes(data)
        packed.write_bytes(gzip.compress(data))
        assert C.detect(packed.read_bytes()) == C.detect(data), name
        converted = C.convert(packed, "mjai")
        assert converted == C.convert(plain, "mjai") == sources["example.mjai.jsonl"].decode()
        assert C.load_game(packed).log == C.load_game(plain).log


def test_the_games_of_simulate_out_are_each_converted(tmp_path, simulated) -> None:
    source = tmp_path / "run.jsonl"
    source.write_text("\n".join(simulated) + "\n", encoding="utf-8")
    assert C.detect(source.read_bytes()) == "simulate"
    read = list(C.load_games(source))
    assert [label for label, _ in read] == ["game 0", "game 1", "game 2"]
    for line, (_, game) in zip(simulated, read, strict=True):
        stored = json.loads(line)
        assert isinstance(game, Game) and game.log == stored["events"]
        assert list(game.scores) == stored["result"]["scores"]
    with pytest.raises(NotationError, match="several games: read it with load_games"):
        C.load_game(source)
    # The command: every game on standard output, or one file a game in --out.
    code, out, err = run("convert", str(source), "--to", "tenhou6")
    assert code == 0 and err == ""
    assert len(out.splitlines()) == 3 and all("log" in json.loads(x) for x in out.splitlines())
    code, _, err = run("convert", str(source), "--to", "mjai", "--out", str(tmp_path / "out"))
    assert code == 0, err
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == ["run.0.mjai.jsonl", "run.1.mjai.jsonl", "run.2.mjai.jsonl"]
    first = (tmp_path / "out" / "run.0.mjai.jsonl").read_text(encoding="utf-8")
    assert first == C.write_game(read[0][1], "mjai")  # type: ignore[arg-type]


def test_a_damaged_game_line_is_one_line_and_the_others_go_on(tmp_path, simulated) -> None:
    events = json.loads(simulated[2])
    events["events"][5] = {"type": "dahai", "actor": 9}
    lines = [simulated[0], '{"index": 1, "events": [{"type"', "[1, 2]", json.dumps(events)]
    source = tmp_path / "damaged.jsonl"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run("convert", str(source), "--to", "jsonl")
    assert code == 2
    assert out == C.write_game(Game.replay(json.loads(simulated[0])["events"]), "jsonl")
    reported = err.strip().splitlines()
    assert len(reported) == 3, err
    assert reported[0].startswith(f"{source}: line 2: not JSON")
    assert reported[1].startswith(f"{source}: line 3: not a game of simulate --out")
    assert reported[2].startswith(f"{source}: game 2: event 5")
    assert "Traceback" not in err


def test_a_folder_is_read_log_by_log_at_any_depth(tmp_path, simulated) -> None:
    logs = tmp_path / "logs"
    (logs / "sub").mkdir(parents=True)
    (logs / ".hidden").mkdir()
    (logs / "a.xml").write_bytes(EXAMPLE.read_bytes())
    (logs / "sub" / "b.mjlog").write_bytes(gzip.compress(EXAMPLE.read_bytes()))
    (logs / "sub" / "run.jsonl.gz").write_bytes(gzip.compress(simulated[0].encode()))
    (logs / "notes.txt").write_text("not a log")
    (logs / ".hidden" / "c.xml").write_bytes(b"<not read")
    assert [p.relative_to(logs).as_posix() for p in C.log_files(logs)] == [
        "a.xml",
        "sub/b.mjlog",
        "sub/run.jsonl.gz",
    ]
    assert C.log_files(logs / "a.xml") == [logs / "a.xml"]
    out = tmp_path / "out"
    code, _, err = run("convert", str(logs), "--to", "jsonl", "--out", str(out))
    assert code == 0, err
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == ["a.jsonl", "sub/b.jsonl", "sub/run.0.jsonl"]
    expected = C.convert(EXAMPLE, "jsonl")
    assert (out / "a.jsonl").read_text() == (out / "sub" / "b.jsonl").read_text() == expected
    (tmp_path / "empty").mkdir()
    code, out_text, err = run("convert", str(tmp_path / "empty"), "--to", "mjai")
    assert code == 2 and out_text == ""
    assert "the folder holds no .xml, .mjlog, .json, .jsonl, .gz file" in err
    code, _, err = run("convert", str(tmp_path / "nowhere"), "--to", "mjai")
    assert code == 2 and "no such file" in err


def test_damaged_or_oversized_gzip_is_one_line(tmp_path, monkeypatch) -> None:
    packed = gzip.compress(EXAMPLE.read_bytes())
    files = {
        "cut.xml.gz": packed[: len(packed) // 2],
        "bad_crc.xml.gz": packed[:-8] + b"\0" * 8,
        "magic_only.gz": b"\x1f\x8b",
        "words.gz": gzip.compress(b"hello mahjong"),
        "latin.json.gz": gzip.compress('{"log": \xe9}'.encode("latin-1")),
        "empty.gz": gzip.compress(b""),
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(NotationError):
            C.convert(tmp_path / name, "jsonl")
        code, out, err = run("convert", str(tmp_path / name), "--to", "jsonl")
        assert code == 2 and out == "", name
        assert len(err.strip().splitlines()) == 1 and err.startswith(str(tmp_path / name)), err
    # A small file that unpacks past the size limit is refused, not unpacked whole.
    monkeypatch.setattr(C, "_MAX_SIZE", 1 << 16)
    (tmp_path / "bomb.xml.gz").write_bytes(gzip.compress(b"<" + b" " * (1 << 20)))
    with pytest.raises(NotationError, match="unpacks to more than"):
        C.load_game(tmp_path / "bomb.xml.gz")
