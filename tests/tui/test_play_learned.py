"""The terminal game with a learned model at the other seats: a whole hand played by key
presses, the seats shown as the learned bot, the record naming the model file."""

from __future__ import annotations

import pytest

pytest.importorskip("textual")

from mahjongkit.bots.learned import save_model
from mahjongkit.cli import main
from mahjongkit.game.engine import Game
from mahjongkit.records import Records
from mahjongkit.tui.app import PlayApp
from mahjongkit.tui.session import Session
from mahjongkit.variants import VARIANT_NAMES
from tests.bots.test_learned import random_model
from tests.tui.test_play import play_out, run


def test_a_hand_against_a_learned_model(tmp_path):
    family = VARIANT_NAMES[0]
    path = tmp_path / "policy.npz"
    save_model(path, random_model(family, seed=6))
    records = Records(tmp_path / "r.sqlite3")
    session = Session.start(Game(family, seed=4, max_rounds=1), 0, f"learned:{path}", records)
    assert {type(bot).__name__ for bot in session.bots.values()} == {"LearnedAgent"}
    app = PlayApp(session, "en", glyphs=False)

    async def scenario() -> int:
        async with app.run_test(size=(120, 40)) as pilot:
            return await play_out(app, pilot)

    run(scenario())
    assert session.over
    assert app._bot_name(1) == "learned"  # the seat line names the learned bot
    record = records.load(session.record_id or 0)
    assert [s.bot for s in record.seats] == [None] + [f"learned:{path}"] * 3
    records.close()


def test_play_refuses_a_bad_model_file_in_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a model")
    for argv in (["play", "--bots", f"learned:{bad}"], ["serve", "--model", str(bad)]):
        try:
            code = main(argv)
        except SystemExit as stop:
            code = int(stop.code or 0)
        _, err = capsys.readouterr()
        assert code == 2 and "not a model file" in err and err.count("\n") == 1, err
