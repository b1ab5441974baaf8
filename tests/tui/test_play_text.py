"""The terminal game's words and tiles, and its commands: every key in three languages, glyphs
in the order of the Unicode block, one clear line for a bad flag."""

from __future__ import annotations

import json
import random
import string
import sys
from pathlib import Path

import pytest

from mahjongkit.cli import main
from mahjongkit.i18n import messages
from mahjongkit.i18n.play import TABLES
from mahjongkit.tiles import Tile
from mahjongkit.tui.view import tile_text


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_play_key_is_in_english_french_and_spanish_with_the_same_fields():
    assert set(TABLES["en"]) == set(TABLES["fr"]) == set(TABLES["es"])
    for key, english in TABLES["en"].items():
        assert key.startswith("play.")
        for lang in ("fr", "es"):
            assert _fields(TABLES[lang][key]) == _fields(english), (lang, key)
        # Merged into the shared tables, so t() finds them.
        assert messages.MESSAGES["fr"][key] == TABLES["fr"][key]


def test_french_and_spanish_use_the_words_of_the_rule_documents():
    assert "en attente (tenpai)" in TABLES["fr"]["play.hint.ready"]
    assert "tuiles utiles" in TABLES["fr"]["play.hint.discard"]
    assert "lista (tenpai)" in TABLES["es"]["play.hint.ready"]
    assert "fichas útiles" in TABLES["es"]["play.hint.discard"]
    assert "palo" in TABLES["es"]["play.missing"]


@pytest.mark.parametrize(
    ("mpsz", "code"),
    [
        ("1m", 0x1F007),
        ("9m", 0x1F00F),
        ("1s", 0x1F010),
        ("1p", 0x1F019),
        ("1z", 0x1F000),
        ("4z", 0x1F003),
        ("5z", 0x1F006),  # white dragon
        ("6z", 0x1F005),  # green dragon
        ("1f", 0x1F022),
        ("3f", 0x1F025),
        ("4f", 0x1F024),
    ],
)
def test_tiles_are_the_glyphs_of_the_mahjong_block_or_mpsz(mpsz, code):
    tile = Tile.parse(mpsz)
    assert tile_text(tile, glyphs=True) == chr(code)
    assert tile_text(tile, glyphs=False) == mpsz


def test_the_red_dragon_is_asked_to_render_as_text():
    assert tile_text(Tile.parse("7z"), glyphs=True) == "\U0001f004\ufe0e"
    assert tile_text(Tile.parse("0p"), glyphs=False) == "0p"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "--bots", "genius"], "'genius': expected one of defensive, efficient, random"),
        (["play", "--bots", "mjai:"], "mjai:"),
        (["play", "--seat", "5"], "expected a seat 0 to 3"),
        (["play", "--variant", "american"], "invalid choice"),
        (["play", "--lang", "de"], "en, fr, es"),
        (["play", "--seed", "-1"], "expected a number of at least 0"),
        (["play", "--resume", "x"], "expected a whole number"),
        (["play", "--rules", "nosuch"], "unknown rules preset"),
        (["play", "--option", "nonsense=1"], "nonsense"),
        (["play", "--resume", "1", "--seed", "3"], "--seed cannot change it"),
    ],
)
def test_bad_play_flags_exit_2_with_one_line(tmp_path, capsys, argv, expected):
    argv = [*argv, "--db", str(tmp_path / "r.sqlite3")]
    with pytest.raises(SystemExit) as stop:
        code = main(argv)
        raise SystemExit(code)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1


def test_a_missing_database_folder_or_game_is_one_line(tmp_path, capsys):
    assert main(["play", "--db", str(tmp_path / "no" / "r.sqlite3")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["play", "--resume", "4", "--db", str(tmp_path / "r.sqlite3")]) == 2
    assert "no records database" in capsys.readouterr().err


def test_play_without_the_extra_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual", None)
    with pytest.raises(SystemExit) as stop:
        main(["play"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "pip install 'mahjongkit[tui]'" in err and err.count("\n") == 1


def test_the_command_line_imports_no_terminal_library():
    import subprocess

    code = "import sys, mahjongkit.cli; print('textual' in sys.modules, 'rich' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False False"


def test_history_lists_the_stored_games(tmp_path, capsys):
    import random

    from mahjongkit.bots.policy import play_random
    from mahjongkit.game.engine import Game
    from mahjongkit.records import Records, Seat

    path = tmp_path / "r.sqlite3"
    with Records(path) as records:
        finished = Game("sichuan", seed=1, max_rounds=1)
        play_random(finished, random.Random(1))
        first = records.create_game(finished, [Seat("ana"), *[Seat("b", "random")] * 3])
        records.save(first, finished)
        playing = Game("riichi", seed=2)
        playing.start()
        second = records.create_game(playing, [Seat("bo"), *[Seat("c", "efficient")] * 3])
    assert main(["history", "--db", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    by_id = {int(r["id"]): r for r in rows}
    assert by_id[first]["status"] == "finished" and by_id[second]["status"] == "playing"
    assert by_id[first]["result"] == " ".join(str(s) for s in finished.scores)
    assert main(["history", "--db", str(path), "--status", "playing", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "en cours" in out and "Riichi" in out and "finie" not in out
    assert main(["history", "--db", str(tmp_path / "none.sqlite3")]) == 2


def test_win_payments_name_the_table_seats_whatever_the_dealer() -> None:
    """A score names seats by wind (East deals); the text names them as the table does."""
    import random

    from mahjongkit.bots.policy import play_random
    from mahjongkit.game.engine import Game
    from mahjongkit.tui import view

    checked = 0
    for seed in range(30):
        game = Game("sichuan", seed=seed, max_rounds=4)
        play_random(game, random.Random(seed))
        dealer = 0
        for event in game.log:
            if event["type"] == "start_kyoku":
                dealer = event["oya"]
            if event["type"] != "hora" or dealer == 0 or event["actor"] == dealer:
                continue
            lines = view.win_lines(event, "en", False, dealer)
            winner = view.seat_name(event["actor"], "en")
            payments = [line for line in lines if "→" in line]
            assert payments, lines
            assert all(line.split("→")[1].strip().startswith(winner) for line in payments), lines
            checked += 1
        if checked >= 3:
            return
    raise AssertionError("no win by a seat other than a dealer other than East")


def test_the_terminal_game_seats_the_bot_asked_for_with_the_games_rules() -> None:
    from mahjongkit.bots import DefensiveAgent, RandomAgent
    from mahjongkit.errors import NotationError as Refused
    from mahjongkit.game.engine import Game
    from mahjongkit.tui.session import Session

    game = Game("riichi", seed=3, max_rounds=1)
    session = Session.start(game, 1, "defensive")
    assert sorted(session.bots) == [0, 2, 3]
    assert all(type(bot) is DefensiveAgent for bot in session.bots.values())
    assert all(bot.rules is game.flow.rules for bot in session.bots.values())  # type: ignore[attr-defined]
    assert type(Session.start(Game("sichuan", seed=3), 0, "random").bots[1]) is RandomAgent
    with pytest.raises(Refused, match="unknown bot 'genius'"):
        Session.start(Game("riichi", seed=3), 0, "genius")


def test_the_terminal_game_hosts_mjai_bots_and_ends_their_processes(tmp_path: Path) -> None:
    """``play --bots mjai:COMMAND``: each bot seat is an external mjai program; the person
    plays against them, and closing the session leaves none of their processes."""
    import os

    from mahjongkit.bots.mjai_host import MjaiSeat
    from mahjongkit.bots.policy import random_policy
    from mahjongkit.game.engine import Game
    from mahjongkit.records import Records
    from mahjongkit.tui.session import Session
    from mahjongkit.variants import find_variant

    os.environ.setdefault("PYTHONPATH", str(Path(__file__).resolve().parents[2] / "src"))
    spec = f"mjai:{sys.executable} -m mahjongkit mjai-bot {{seat}}"
    game = Game("riichi", find_variant("riichi").rules("tenhou"), seed=4, max_rounds=1)
    with Records(tmp_path / "records.sqlite3") as records:
        session = Session.start(game, 2, spec, records)
        try:
            seats = list(session.bots.values())
            assert all(isinstance(bot, MjaiSeat) for bot in seats)
            pids = [bot.process.pid for bot in seats if bot.process is not None]  # type: ignore
            assert len(pids) == 3
            rng = random.Random(4)
            for _ in range(400):
                if session.over:
                    break
                if session.paused:
                    session.resume()
                    continue
                legal = session.legal()
                assert legal, "the bots answered until the person must decide"
                session.play(random_policy(game, 2, rng))
            assert session.over
            assert all(not any(bot.faults.values()) for bot in seats)  # type: ignore
        finally:
            session.close()
        stored = records.load(session.record_id or 0)
    assert [s.bot for s in stored.seats] == [spec, spec, None, spec]
    assert [pid for pid in pids if Path(f"/proc/{pid}").exists()] == []  # ended and reaped



@pytest.mark.parametrize(
    ("lang", "shown"), [("en", "bot defensive"), ("fr", "robot défensif"), ("es", "bot defensivo")]
)
def test_a_seats_bot_is_named_in_the_players_language(lang: str, shown: str) -> None:
    from mahjongkit.game.engine import Game
    from mahjongkit.tui.view import TileNames, seat_line

    game = Game("riichi", seed=1, max_rounds=1)
    game.start()
    names = TileNames(game.flow.tile, glyphs=False)
    obs = game.observation(0, with_events=False)
    line = seat_line(obs, 1, "player1", "defensive", lang, names)
    assert shown in line
    hosted = seat_line(obs, 1, "p", "mjai:./bot", lang, names)
    assert "mjai:./bot" in hosted  # a command is shown as given


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "needs a terminal"), ("fr", "a besoin d’un terminal"), ("es", "necesita una terminal")],
)
def test_play_without_a_terminal_says_so_and_stores_no_game(tmp_path, capsys, lang, said):
    """Under a pipe the screen cannot be drawn: one line, exit 2, and no game left playing."""
    from mahjongkit.records import Records

    db = tmp_path / "r.sqlite3"
    with pytest.raises(SystemExit) as stop:
        main(["play", "--db", str(db), "--lang", lang])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    with Records(db, create=False) as records:
        assert records.list_games() == []


def test_hint_rows_fit_the_panel_they_are_cut_for():
    """However narrow or short the panel, each row fits its width and the rows its height; what
    is left out is counted."""
    import random

    from mahjongkit.bots.hints import position_hints
    from mahjongkit.bots.policy import random_policy
    from mahjongkit.game.engine import Game
    from mahjongkit.tui.view import TileNames, cells, hint_rows

    game = Game("riichi", seed=9, max_rounds=1)
    game.start()
    rng = random.Random(9)
    for _ in range(30):
        game.apply(random_policy(game, game.waiting_for()[0], rng))
    seat = game.waiting_for()[0]
    hints = position_hints(game, seat)
    assert hints.discards
    for glyphs in (False, True):
        names = TileNames(game.flow.tile, glyphs)
        for width, height in ((20, 3), (36, 7), (38, 12), (70, 30)):
            rows = hint_rows(hints, "en", names, width, height)
            assert 1 <= len(rows) <= height
            assert all(cells(row) <= width for row in rows), rows
            shown = sum(": shanten" in row for row in rows)
            if shown < len(hints.discards):
                assert any(row.startswith("… ") and "more" in row for row in rows), rows


def test_a_dealer_who_deals_again_is_named_so():
    from mahjongkit.tui.view import event_lines

    start = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "oya": 0, "honba": 1}
    assert event_lines(start, "en", False, again=True) == [
        "Hand 1 of the East round is dealt; East deals again"
    ]
    assert event_lines(start, "fr", False, again=True) == [
        "Donne 1 de la manche Est ; Est donne encore"
    ]
    assert "deals again" not in event_lines(start, "en", False)[0]
