"""The shared game records: round trip, bad files, two writers, the schema version."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import threading

import pytest

from mahjongkit import records as R
from mahjongkit.bots.policy import play_random, random_policy
from mahjongkit.game.engine import Game
from mahjongkit.records import Records, RecordsError, Seat, resume

SEATS = [Seat("ana"), Seat("bot1", "random"), Seat("bot2", "random"), Seat("bot3", "efficient")]


def _played(variant: str, seed: int, actions: int | None = None) -> Game:
    game = Game(variant, seed=seed, max_rounds=1)
    game.start()
    if actions is None:
        play_random(game, random.Random(seed))
        return game
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(random_policy(game, game.waiting_for()[0], rng))
    return game


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_a_finished_game_round_trips_and_replays_equal(tmp_path, variant):
    game = _played(variant, 3)
    with Records(tmp_path / "r.sqlite3") as records:
        number = records.create_game(game, SEATS, surface="test")
        records.save(number, game)
        record = records.load(number)
    assert record.status == "finished" and record.finished
    assert record.variant == variant and record.seed == 3 and record.surface == "test"
    assert record.seats == tuple(SEATS)
    assert record.rules == json.loads(json.dumps(game.log[0]["mjk_rules"]))
    assert record.result is not None and record.result["scores"] == list(game.scores)
    assert list(record.events) == json.loads(json.dumps(game.log))
    again = resume(record)
    assert again.snapshot() == game.snapshot()
    assert again.log == game.log


def test_an_unfinished_game_is_stored_in_steps_and_resumes_where_it_stopped(tmp_path):
    game = _played("riichi", 5, actions=10)
    with Records(tmp_path / "r.sqlite3") as records:
        number = records.create_game(game, SEATS)
        assert records.event_count(number) == len(game.log)
        rng = random.Random(9)
        for _ in range(15):
            game.apply(random_policy(game, game.waiting_for()[0], rng))
        records.save(number, game)
        record = records.load(number)
        assert record.status == "playing" and record.result is None
        assert len(record.events) == len(game.log)
        again = resume(record)
        assert again.snapshot() == game.snapshot()
        listed = records.list_games(status="playing")
        assert [g.id for g in listed] == [number]
        assert records.list_games(status="finished") == []


def test_a_stale_writer_is_refused_and_writes_nothing(tmp_path):
    game = _played("sichuan", 1, actions=4)
    with Records(tmp_path / "r.sqlite3") as records:
        number = records.create_game(game, SEATS)
        count = records.event_count(number)
        with pytest.raises(RecordsError, match="another writer"):
            records.append_events(number, [{"type": "x"}], count - 1)
        assert records.event_count(number) == count


def test_missing_folder_missing_file_folder_and_unknown_game_give_clear_errors(tmp_path):
    with pytest.raises(RecordsError, match="does not exist"):
        Records(tmp_path / "nope" / "r.sqlite3")
    with pytest.raises(RecordsError, match="no records database"):
        Records(tmp_path / "r.sqlite3", create=False)
    with pytest.raises(RecordsError, match="is a folder"):
        Records(tmp_path)
    with Records(tmp_path / "r.sqlite3") as records:
        with pytest.raises(RecordsError, match="no game 42"):
            records.load(42)
        with pytest.raises(RecordsError, match="whole number"):
            records.load("1")  # type: ignore[arg-type]
        with pytest.raises(RecordsError, match="unknown status"):
            records.list_games(status="lost")


@pytest.mark.parametrize(
    "content", [b"not a database at all\n" * 40, b"SQLite format 3\x00" + b"\xff" * 200]
)
def test_a_corrupt_file_is_refused_clearly(tmp_path, content):
    path = tmp_path / "r.sqlite3"
    path.write_bytes(content)
    with pytest.raises(RecordsError, match="not a usable records database"):
        Records(path)
    assert path.read_bytes() == content


def test_another_programs_database_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "other.sqlite3"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    with pytest.raises(RecordsError, match="another program"):
        Records(path)
    check = sqlite3.connect(path)
    assert [r[0] for r in check.execute("SELECT name FROM sqlite_master")] == ["notes"]
    check.close()


def test_a_newer_schema_is_refused_and_an_older_one_migrated(tmp_path, monkeypatch):
    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        assert records.schema_version() == R.SCHEMA_VERSION == 2
        number = records.create_game(_played("riichi", 2, actions=3), SEATS)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE schema_version SET version = 7")
    raw.commit()
    raw.close()
    with pytest.raises(RecordsError, match=r"newer mahjongkit \(schema 7"):
        Records(path)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE schema_version SET version = 2")
    raw.commit()
    raw.close()

    def to_version_3(connection: sqlite3.Connection) -> None:
        connection.execute("ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT 'old'")

    monkeypatch.setattr(R, "MIGRATIONS", [*R.MIGRATIONS, to_version_3])
    monkeypatch.setattr(R, "SCHEMA_VERSION", 3)
    with Records(path) as records:
        assert records.schema_version() == 3
        assert records.load(number).variant == "riichi"
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT note FROM games").fetchall() == [("old",)]
    raw.close()


def test_a_damaged_event_row_is_reported_by_game_and_event(tmp_path):
    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        number = records.create_game(_played("riichi", 2, actions=3), SEATS)
    raw = sqlite3.connect(path)
    raw.execute("UPDATE events SET event = '{oops' WHERE number = 2")
    raw.commit()
    raw.close()
    with Records(path) as records, pytest.raises(RecordsError, match="event 2 is not valid"):
        records.load(number)


def test_a_tampered_log_does_not_resume(tmp_path):
    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        number = records.create_game(_played("riichi", 2, actions=6), SEATS)
    raw = sqlite3.connect(path)
    row = raw.execute("SELECT event FROM events WHERE number = 3").fetchone()[0]
    event = json.loads(row)
    event["pai"] = "9z" if "pai" in event else "?"
    raw.execute("UPDATE events SET event = ? WHERE number = 3", (json.dumps(event),))
    raw.commit()
    raw.close()
    with Records(path) as records:
        record = records.load(number)
    with pytest.raises(RecordsError, match="cannot be replayed: event"):
        resume(record)


def test_two_connections_writing_at_once_keep_every_game_whole(tmp_path):
    path = tmp_path / "r.sqlite3"
    Records(path).close()
    games = [_played("sichuan", seed, actions=30) for seed in (1, 2)]
    errors: list[BaseException] = []

    def writer(game: Game) -> None:
        try:
            with Records(path) as records:
                for _ in range(5):
                    number = records.create_game(game, SEATS)
                    records.save(number, game)
        except BaseException as error:  # reported to the test thread
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(g,)) for g in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with Records(path, create=False) as records:
        listed = records.list_games()
        assert len(listed) == 10
        for summary in listed:
            record = records.load(summary.id)
            game = games[0] if record.seed == 1 else games[1]
            assert list(record.events) == json.loads(json.dumps(game.log))
        raw = records._db.execute("PRAGMA integrity_check").fetchone()[0]
    assert raw == "ok"


def test_default_path_follows_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert R.default_path() == tmp_path / "mahjongkit" / "records.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert R.default_path() == tmp_path / ".local" / "share" / "mahjongkit" / "records.sqlite3"
    with Records() as records:  # the default folder is made on first use
        assert records.path.exists()


def test_a_game_not_started_or_with_wrong_seats_is_not_stored(tmp_path):
    with Records(tmp_path / "r.sqlite3") as records:
        with pytest.raises(RecordsError, match="once started"):
            records.create_game(Game("riichi"), SEATS)
        game = Game("riichi")
        game.start()
        with pytest.raises(RecordsError, match="3 seats given"):
            records.create_game(game, SEATS[:3])
        assert records.list_games() == []


@pytest.mark.parametrize("variant", ["riichi", "sichuan"])
def test_a_whole_game_stored_at_once_reads_back_finished_and_replays(tmp_path, variant):
    game = _played(variant, 4)
    opening = Game(variant, seed=4, max_rounds=1)
    opening.start()
    lines = [json.dumps(event, ensure_ascii=False) for event in game.log]
    result = {"scores": list(game.scores), "rounds": game.rounds_played}
    with Records(tmp_path / "r.sqlite3", durable=False) as records:
        number = records.add_finished(opening, SEATS, lines, result, surface="simulate")
        record = records.load(number)
        assert records.event_count(number) == len(game.log)
    assert record.finished and record.result == result and record.seed == 4
    assert record.surface == "simulate" and record.seats == tuple(SEATS)
    assert list(record.events) == json.loads(json.dumps(game.log))
    assert resume(record).snapshot() == game.snapshot()


def test_a_whole_game_with_unusable_parts_is_refused_and_nothing_stored(tmp_path):
    game = _played("riichi", 4)
    lines = [json.dumps(event) for event in game.log]
    with Records(tmp_path / "r.sqlite3") as records:
        with pytest.raises(RecordsError, match="each as JSON text"):
            records.add_finished(game, SEATS, [dict(e) for e in game.log], {})
        with pytest.raises(RecordsError, match="each as JSON text"):
            records.add_finished(game, SEATS, lines[:3], {})
        with pytest.raises(RecordsError, match="3 seats given for a 4-seat game"):
            records.add_finished(game, SEATS[:3], lines, {})
        with pytest.raises(RecordsError, match="once started"):
            records.add_finished(Game("riichi", seed=1), SEATS, lines, {})
        assert records.list_games() == []


def _lines(game: Game) -> list[str]:
    return [json.dumps(event, ensure_ascii=False) for event in game.log]


def _opening(game: Game) -> Game:
    opening = Game(game.variant, seed=game.seed, max_rounds=1)
    opening.start()
    return opening


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_a_game_stored_whole_is_one_packed_log_that_reads_back_equal(tmp_path, variant):
    game = _played(variant, 4)
    path = tmp_path / "r.sqlite3"
    result = {"scores": list(game.scores)}
    with Records(path) as records:
        number = records.add_finished(_opening(game), SEATS, _lines(game), result)
        record = records.load(number)
        assert records.event_count(number) == len(game.log)
    assert list(record.events) == json.loads(json.dumps(list(game.log)))
    assert record.finished and record.result == result
    assert list(resume(record).scores) == list(game.scores)
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT COUNT(*) FROM events").fetchone() == (0,), "no row an event"
    (packed,) = raw.execute("SELECT log FROM games WHERE id = ?", (number,)).fetchone()
    raw.close()
    assert R.unpack_log(packed) == _lines(game)
    assert len(packed) * 3 < sum(len(line) for line in _lines(game)), "compressed"


def test_a_damaged_packed_log_is_reported_by_game(tmp_path):
    game = _played("sichuan", 5)
    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        number = records.add_finished(_opening(game), SEATS, _lines(game), {"scores": [0] * 4})
    raw = sqlite3.connect(path)
    raw.execute("UPDATE games SET log = ? WHERE id = ?", (b"\x78\x01garbage", number))
    raw.commit()
    raw.close()
    with Records(path, create=False) as records:
        with pytest.raises(RecordsError, match=f"game {number}: the packed log is damaged"):
            records.load(number)
        with pytest.raises(RecordsError, match=f"game {number}: the packed log is damaged"):
            records.event_count(number)
        assert records.load(number, events=False).finished, "the game's row still reads"
    raw = sqlite3.connect(path)
    raw.execute("UPDATE games SET log = ? WHERE id = ?", (R.pack_log(['{"type": oops']), number))
    raw.commit()
    raw.close()
    with (
        Records(path, create=False) as records,
        pytest.raises(RecordsError, match=f"game {number}, event 0 is not valid JSON"),
    ):
        records.load(number)
    with pytest.raises(ValueError, match="damaged"):
        R.unpack_log(b"not zlib")
    assert R.unpack_log(R.pack_log([])) == []


def test_a_version_1_database_is_migrated_and_its_games_read_as_before(tmp_path, monkeypatch):
    """A file written by the schema of one event a row (version 1): opened now it is taken to
    version 2, its games read back equal, and a game stored whole beside them is packed."""
    path = tmp_path / "old.sqlite3"
    old = _played("riichi", 6)
    half = _played("sichuan", 2, actions=5)
    # Written as version 1 wrote it: its schema, a games row and a row an event.
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute(f"PRAGMA application_id = {R.APPLICATION_ID}")
    raw.execute("BEGIN")
    R.MIGRATIONS[0](raw)
    raw.execute("UPDATE schema_version SET version = 1")
    seats = json.dumps([seat.to_json() for seat in SEATS])
    for number, game, status in ((1, old, "finished"), (2, half, "playing")):
        raw.execute(
            "INSERT INTO games (id, variant, rules, seed, seats, status, result, created, updated,"
            " surface) VALUES (?, ?, ?, ?, ?, ?, ?, '2025-01-01T00:00:00+00:00',"
            " '2025-01-01T00:00:00+00:00', 'terminal')",
            (
                number,
                game.variant,
                json.dumps(game.log[0]["mjk_rules"]),
                game.seed,
                seats,
                status,
                json.dumps({"scores": list(game.scores)}) if status == "finished" else None,
            ),
        )
        raw.executemany(
            "INSERT INTO events (game, number, event) VALUES (?, ?, ?)",
            [(number, n, text) for n, text in enumerate(_lines(game))],
        )
    raw.execute("COMMIT")
    raw.execute("PRAGMA journal_mode = WAL")
    raw.close()
    first, playing = 1, 2
    raw = sqlite3.connect(path)
    columns = [row[1] for row in raw.execute("PRAGMA table_info(games)")]
    rows = raw.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    raw.close()
    assert "log" not in columns and rows > len(old.log), "a version 1 file, a row an event"
    new = _played("hongkong", 7)
    with Records(path) as records:
        assert records.schema_version() == 2
        record = records.load(first)
        assert list(record.events) == json.loads(json.dumps(list(old.log)))
        assert list(resume(record).scores) == list(old.scores)
        assert records.event_count(first) == len(old.log)
        # The game still being played goes on appending rows.
        game = resume(records.load(playing))
        game.apply(random_policy(game, game.waiting_for()[0], random.Random(1)))
        records.save(playing, game)
        assert records.event_count(playing) == len(game.log)
        second = records.add_finished(_opening(new), SEATS, _lines(new), {"scores": [0] * 4})
        assert list(records.load(second).events) == json.loads(json.dumps(list(new.log)))
        assert [g.id for g in sorted(records.list_games(), key=lambda g: g.id)] == [
            first,
            playing,
            second,
        ]


def test_reserved_ids_are_kept_from_other_writers_and_a_taken_id_is_refused(tmp_path):
    game = _played("sichuan", 8)
    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        first = records.reserve_ids(3)
        assert first == 1
        at = records.add_finished(_opening(game), SEATS, _lines(game), {}, number=first + 2)
        assert at == 3
        # Another surface writing meanwhile gets an id past the block.
        assert records.create_game(_opening(game), SEATS) == 4
        assert records.reserve_ids(2) == 5
        assert records.reserve_ids(2, first=1) == 1, "a block named again is kept as it is"
        assert records.create_game(_opening(game), SEATS) == 7
        with pytest.raises(RecordsError, match="game id 3 is already taken"):
            records.add_finished(_opening(game), SEATS, _lines(game), {}, number=3)
        with pytest.raises(RecordsError, match="a game id is a whole number"):
            records.add_finished(_opening(game), SEATS, _lines(game), {}, number=0)
        with pytest.raises(RecordsError, match="a number of ids"):
            records.reserve_ids(-1)
        assert records.ids_between(1, 10) == [3, 4, 7]
        assert records.ids_between(1, 10, "finished") == [3]
        with pytest.raises(RecordsError, match="unknown status"):
            records.ids_between(1, 10, "lost")


def test_a_packed_game_is_stored_as_sent_and_a_bad_one_refused(tmp_path):
    game = _played("hongkong", 9)
    path = tmp_path / "r.sqlite3"
    rules = json.loads(json.dumps(game.log[0]["mjk_rules"]))
    with Records(path) as records:
        number = records.add_packed(
            "hongkong", game.seed, rules, SEATS, R.pack_log(_lines(game)), {"scores": [1] * 4}
        )
        record = records.load(number)
        assert list(record.events) == json.loads(json.dumps(list(game.log)))
        assert (record.variant, record.seed, record.rules) == ("hongkong", game.seed, rules)
        assert record.result == {"scores": [1] * 4} and record.finished
        for log, says in ((b"", "packed log"), ("text", "packed log")):
            with pytest.raises(RecordsError, match=says):
                records.add_packed("hongkong", 1, rules, SEATS, log, {})  # type: ignore[arg-type]
        with pytest.raises(RecordsError, match="its seed"):
            records.add_packed("hongkong", "1", rules, SEATS, b"x", {})  # type: ignore[arg-type]
        with pytest.raises(RecordsError, match="already taken"):
            records.add_packed("hongkong", 1, rules, SEATS, b"x", {}, number=number)
        assert [g.id for g in records.list_games()] == [number], "nothing else written"


# --- damaged rows: refused by game and column, and never written by a read -------------------

NOT_UTF8 = "CAST(x'5b7b226e616d65223a2022ff227d5d' AS TEXT)"  # [{"name": "\xff"}], bytes as TEXT
DAMAGES = [
    ("games", "seats", NOT_UTF8, "the seats column holds text that is not UTF-8"),
    ("games", "variant", "CAST(x'72ff' AS TEXT)", "the variant column holds text that is not"),
    ("games", "surface", "CAST(x'ff' AS TEXT)", "the surface column holds text that is not UTF-8"),
    ("games", "rules", "5", "the rules column holds text ('5'), not a JSON object"),
    ("games", "rules", "'[1, 2]'", "the rules column holds text ('[1, 2]'), not a JSON object"),
    ("games", "rules", "x'7b7d'", "the rules column holds bytes, not JSON text"),
    ("games", "seed", "'abc'", "the seed column holds text ('abc'), not a whole number"),
    ("games", "seed", "1.5", "the seed column holds a number (1.5), not a whole number"),
    ("games", "created", "x'3132'", "the created column holds bytes, not text"),
    ("games", "result", "x'00'", "the result column holds bytes, not JSON text"),
    ("games", "result", "'\"done\"'", "the result column holds text ('\"done\"'), not a JSON"),
    ("games", "seats", '\'[{"name": "\\ud800"}]\'', "seats holds a lone surrogate"),
    ("games", "seats", '\'[{"name": "ana", "bot": 3}]\'', "the seats are not a list of"),
    ("games", "status", "'paused'", "the status column holds text ('paused'), not playing or"),
    ("events", "event", "CAST(x'7bff7d' AS TEXT)", "the event 2 column holds text that is not"),
    ("events", "event", "x'7b7d'", "the event 2 column holds bytes, not JSON text"),
    ("events", "event", "'[1]'", "event 2 is not an event (a JSON object with a type)"),
    ("events", "event", '\'{"type": "dahai", "pai": "\\udc80"}\'', "a lone surrogate"),
    ("events", "number", "'two'", "the number of event 2 column holds text ('two')"),
]


def _damage(path, table: str, column: str, value: str) -> None:
    """Write ``value`` (an SQL expression) into one row of the first game, as another program
    or a failing disk could, past the schema's checks."""
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA ignore_check_constraints = ON")
    where = "id = 1" if table == "games" else "game = 1 AND number = 2"
    raw.execute(f"UPDATE {table} SET {column} = {value} WHERE {where}")
    raw.commit()
    raw.close()


@pytest.mark.parametrize(
    ("table", "column", "value", "says"), DAMAGES, ids=[f"{d[0]}.{d[1]}={d[2]}" for d in DAMAGES]
)
def test_a_damaged_row_is_refused_by_game_and_column_and_never_written(
    tmp_path, capsys, table, column, value, says
):
    """Text that is not UTF-8, a value of the wrong type or JSON of the wrong shape in a row:
    a RecordsError naming the game and the column, from the library, and one line (exit 2)
    from ``history`` and ``show``; the file's bytes are the same after every read."""
    from mahjongkit.cli import main

    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        first = records.create_game(_played("riichi", 2, actions=6), SEATS)
        other = records.create_game(_played("sichuan", 3, actions=4), SEATS)
    assert first == 1
    _damage(path, table, column, value)
    before = path.read_bytes()
    for read_only in (True, False):
        with Records(path, create=False, read_only=read_only) as records:
            with pytest.raises(RecordsError, match=rf"game 1\b.*{re.escape(says)}"):
                records.load(first)
            assert len(records.load(other).events) == len(_played("sichuan", 3, 4).log)
            if table == "games":
                with pytest.raises(RecordsError, match=re.escape(says)):
                    records.list_games()
    commands = [["show", "1"], ["export", "1", "--format", "jsonl"]]
    if table == "games":
        commands.append(["history"])
    for command in commands:
        assert main([*command, "--db", str(path)]) == 2, command
        out, err = capsys.readouterr()
        assert out == "" and "Traceback" not in err
        assert len(err.strip().splitlines()) == 1 and says in err, (command, err)
    assert main(["show", str(other), "--db", str(path)]) == 0, "the other game still shows"
    capsys.readouterr()
    assert path.read_bytes() == before, "a read wrote to the file"
    assert (
        not path.with_name(path.name + "-wal").exists()
        or not path.with_name(path.name + "-wal").read_bytes()
    )


def test_a_read_only_open_reads_an_old_schema_as_it_is_and_refuses_what_it_cannot_read(tmp_path):
    """``read_only``: a version 1 file is read without being migrated (its bytes unchanged);
    a missing file, an empty one and another program's database are refused as on writing."""
    path = tmp_path / "old.sqlite3"
    old = _played("riichi", 6)
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute(f"PRAGMA application_id = {R.APPLICATION_ID}")
    raw.execute("BEGIN")
    R.MIGRATIONS[0](raw)
    raw.execute("UPDATE schema_version SET version = 1")
    raw.execute(
        "INSERT INTO games (id, variant, rules, seed, seats, status, result, created, updated)"
        " VALUES (1, 'riichi', ?, 6, ?, 'finished', '{}', 'then', 'then')",
        (json.dumps(old.log[0]["mjk_rules"]), json.dumps([s.to_json() for s in SEATS])),
    )
    raw.executemany(
        "INSERT INTO events (game, number, event) VALUES (1, ?, ?)", enumerate(_lines(old))
    )
    raw.execute("COMMIT")
    raw.close()
    before = path.read_bytes()
    with Records(path, read_only=True) as records:
        assert records.schema_version() == 1
        assert list(records.load(1).events) == json.loads(json.dumps(old.log))
        assert records.event_count(1) == len(old.log)
        assert [g.id for g in records.list_games()] == [1]
        with pytest.raises(RecordsError, match="no game 2"):
            records.load(2)
    assert path.read_bytes() == before
    with pytest.raises(RecordsError, match="no records database"):
        Records(tmp_path / "none.sqlite3", read_only=True)
    assert not (tmp_path / "none.sqlite3").exists()
    (tmp_path / "empty.sqlite3").write_bytes(b"")
    with pytest.raises(RecordsError, match="holds no records yet"):
        Records(tmp_path / "empty.sqlite3", read_only=True)
    assert (tmp_path / "empty.sqlite3").read_bytes() == b""
    other = sqlite3.connect(tmp_path / "other.sqlite3")
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    with pytest.raises(RecordsError, match="another program"):
        Records(tmp_path / "other.sqlite3", read_only=True)
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 50)
    with pytest.raises(RecordsError, match="not a usable records database"):
        Records(tmp_path / "junk.sqlite3", read_only=True)
