"""A small run of bench/sichuan_costs.py: its counts agree with the games' own logs, its fits
with a known line, and bad options are refused. The tables' values are the bench's to report."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjongkit.bots import EfficientAgent, play
from mahjongkit.game.engine import Game
from mahjongkit.sim import game_seed
from tests.helpers.benches import load_bench


def _bench() -> Any:
    return load_bench("sichuan_costs")


def _log(seed: int, index: int) -> list[dict[str, Any]]:
    """The same game the bench plays: efficient bots on the game seed of ``index``."""
    game = Game("sichuan", seed=game_seed(seed, index))
    play(game, [EfficientAgent(game.flow.rules) for _ in range(game.players)])
    return [dict(event) for event in game.log]


def test_paid_counts_every_discard_its_deal_ins_and_the_kongs_made_on_it():
    bench = _bench()
    log = _log(3, 1)
    discards = sum(1 for e in log if e["type"] == "dahai")
    deal_ins = sum(
        -e["deltas"][e["target"]] for e in log if e["type"] == "hora" and e["target"] != e["actor"]
    )
    kongs = sum(1 for e in log if e["type"] == "daiminkan")
    rows = bench.paid_rows((3, 1, 0.0, False))
    # Discards of a suit no seat still playing may win on are left out (the bot costs them
    # at nothing); every deal-in and fed kong is on another.
    assert discards // 2 < len(rows) < discards
    assert sum(row[3] for row in rows) == deal_ins > 0
    every = bench.paid_rows((3, 1, 0.0, True))
    assert len(every) == discards and sum(row[3] for row in every) == deal_ins
    # Kongs alone, each counted as one point: the deal-ins come on top.
    counted = bench.paid_rows((3, 1, 1.0, False))
    assert sum(row[3] for row in counted) - deal_ins == kongs
    for step, band, left, _ in rows:
        assert 0 <= step < bench.STEPS and 0 <= band <= 3 and 0 <= left <= 3
    table = bench.paid_table(rows)
    assert sum(c["n"] for bands in table for cells in bands for c in cells) == len(rows)


def test_a_discard_is_charged_until_the_next_draw_or_its_seats_next_discard():
    """Seat 0 discards, seat 1 pungs and discards, seat 0 pungs that and discards again, and
    seat 2 wins on that second discard: only the second discard pays for it."""
    bench = _bench()
    log = [
        {"type": "dahai", "actor": 0},
        {"type": "pon", "actor": 1, "target": 0},
        {"type": "dahai", "actor": 1},
        {"type": "pon", "actor": 0, "target": 1},
        {"type": "dahai", "actor": 0},
        {"type": "hora", "actor": 2, "target": 0, "deltas": [-4, 0, 4, 0]},
        {"type": "daiminkan", "actor": 3, "target": 0},
        {"type": "tsumo", "actor": 3},
        {"type": "hora", "actor": 1, "target": 0, "deltas": [-9, 9, 0, 0]},
    ]
    assert bench._after_discard(log, 0, 0) == (0, 0)
    assert bench._after_discard(log, 4, 0) == (4, 1)
    assert bench._rest_of_round([*log, {"type": "end_kyoku"}, *log], 4, 0) == -13


def test_worth_fits_a_slope_and_reads_the_rest_of_the_round():
    bench = _bench()
    assert bench._least_squares([0.0, 1.0, 2.0, 3.0], [1.0, 3.0, 5.0, 7.0]) == pytest.approx(2.0)
    rows = bench.worth_rows((3, 1))
    assert rows and all(row[1] in (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0) for row in rows)
    table = bench.worth_table(rows)
    assert len(table) == bench.STEPS
    assert sum(row["ready_n"] + row["one_step_n"] + row["further_n"] for row in table) == len(rows)


def test_dodged_plays_both_discards_out_and_only_where_a_payment_came():
    bench = _bench()
    rows = bench.dodged_rows((5, 0, 2.5))
    assert rows, "a deal-in or a fed kong in the game"
    for what, paid, gain in rows:
        assert what in ("deal-in", "kong") and paid > 0 and isinstance(gain, int)
        if what == "kong":
            assert paid % 2.5 == 0
    table = bench.dodged_table(rows)
    assert table["deal-in"]["n"] + table["kong"]["n"] == len(rows)
    deal_ins = table["deal-in"]
    assert deal_ins["share"] == pytest.approx(deal_ins["gain"] / deal_ins["paid"])


def test_main_prints_json_and_refuses_bad_options(capsys: pytest.CaptureFixture[str]):
    bench = _bench()
    assert bench.main(["paid", "--games", "1", "--jobs", "1", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert len(table) == bench.STEPS and all(len(bands) == 4 for bands in table)
    assert bench.main(["--games", "1", "--jobs", "1", "--json"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert set(every) == {"paid", "worth", "dodged"}
    assert every["paid"] == table  # the same game: seed and games as asked
    for argv in (["paid", "--games", "0"], ["nothing"], ["worth", "--jobs", "0"]):
        with pytest.raises(SystemExit) as raised:
            bench.main(argv)
        assert raised.value.code == 2
