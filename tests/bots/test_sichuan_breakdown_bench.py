"""A small run of bench/sichuan_breakdown.py: every payment of a game lands in one part, the
parts add up to the points, wins and decisions are counted as the log and the agents show,
and bad options are refused. The figures themselves are the bench's to report."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjongkit.bots import EfficientAgent, play
from mahjongkit.game.engine import Game
from mahjongkit.sim import game_seed
from tests.helpers.benches import load_bench


def _bench() -> Any:
    return load_bench("sichuan_breakdown")


def _game(seed: int, index: int, rounds: int = 4) -> Game:
    game = Game("sichuan", seed=game_seed(seed, index), max_rounds=rounds)
    play(game, [EfficientAgent(game.flow.rules) for _ in range(game.players)])
    return game


def test_the_parts_of_every_seat_add_up_to_its_points_and_kongs_and_wins_are_their_own():
    bench = _bench()
    kong_events = wins = 0
    for index in range(6):
        game = _game(7, index)
        split = bench.split_log(game.log, game.players)
        for seat, found in enumerate(split):
            assert sum(found["parts"].values()) == game.scores[seat]
        # Kong money paid at once is the kong parts' (received equals paid over the table).
        paid_at_once = sum(
            sum(d for d in e["deltas"] if d > 0) for e in game.log if e["type"] == "mjk:payment"
        )
        received = sum(f["parts"]["kong_received"] for f in split)
        assert received >= paid_at_once
        assert received == -sum(f["parts"]["kong_paid"] for f in split)
        kong_events += paid_at_once > 0
        # Every win counted once by its fan, and every self-draw as one.
        horas = [e for e in game.log if e["type"] == "hora"]
        wins += len(horas)
        assert sum(sum(f["fan"].values()) for f in split) == len(horas)
        assert sum(f["patterns"]["self_draw"] for f in split) == sum(
            1 for e in horas if e["actor"] == e["target"]
        )
        deal_ins = sum(-e["mjk_score"]["points"] for e in horas if e["actor"] != e["target"])
        assert sum(f["parts"]["deal_in"] for f in split) == deal_ins
    assert kong_events and wins > 20  # the games did hold kongs and wins


def test_a_call_transfer_goes_from_the_konger_to_the_winner_as_kong_money():
    """A win on the discard after a kong hands that kong's money over (rule SC call transfer):
    a hand-made log, so the line's seats are read as the seats they name."""
    bench = _bench()
    log = [
        {"type": "start_kyoku", "oya": 3},
        {
            "type": "hora",
            "actor": 0,
            "target": 1,
            "deltas": [10, -10, 0, 0],
            "mjk_score": {
                "fan": 3,
                "points": 8,
                "patterns": [{"id": "seven_pairs"}, {"id": "kong_discard"}],
                # Winds from the dealer (seat 3): S is seat 0, W seat 1.
                "payment_lines": [
                    {"payer": "W", "payee": "S", "amount": 8, "reason": "win_discard"}
                ],
            },
            "mjk_lines": [{"payer": 1, "payee": 0, "amount": 2, "reason": "call_transfer"}],
        },
    ]
    split = bench.split_log(log, 4)
    assert split[0]["parts"]["win_discard"] == 8 and split[1]["parts"]["deal_in"] == -8
    assert split[0]["parts"]["kong_received"] == 2 and split[1]["parts"]["kong_paid"] == -2
    assert split[0]["fan"] == {3: 1} and split[0]["patterns"]["seven_pairs"] == 1
    assert split[0]["pure_rounds"] == set()


def test_the_recorder_counts_declined_kongs_and_the_missing_suit_chosen():
    bench = _bench()
    game = Game("sichuan", seed=game_seed(7, 0), max_rounds=4)
    recorders = [bench.Recorder(EfficientAgent(game.flow.rules), 9) for _ in range(4)]
    play(game, recorders)
    declared = [e for e in game.log if e["type"] == "mjk:declare"]
    assert sum(r.counts.get("declared", 0) for r in recorders) == len(declared) == 16
    # The efficient bot declares a suit of fewest tiles... not always (its strength counts
    # pairs and neighbours), but never one of more tiles than it holds of the others.
    assert sum(r.counts.get("missing_fewest", 0) for r in recorders) >= 12
    made = sum(1 for e in game.log if e["type"] in ("daiminkan", "ankan", "kakan"))
    offered = sum(v for r in recorders for k, v in r.counts.items() if k.startswith("kong_offered"))
    declined = sum(
        v for r in recorders for k, v in r.counts.items() if k.startswith("kong_declined")
    )
    # Every kong made was offered and taken (a kong offered and taken is not declined).
    assert offered - declined == made > 0


def test_the_main_run_pairs_the_bots_deal_by_deal(capsys):
    bench = _bench()
    argv = ["--games", "1", "--rounds", "1", "--bots", "efficient,random", "--json"]
    assert bench.main(argv) == 0
    found = json.loads(capsys.readouterr().out)
    points = found["points"]
    # One deal: the paired difference is the two means' difference, and Sichuan points only
    # move between seats, so the two bots' means are opposite.
    assert points["random-efficient"][0] == pytest.approx(points["random"] - points["efficient"])
    assert points["random"] == pytest.approx(-points["efficient"])
    parts = sum(found[name]["efficient"] for name in bench.PARTS)
    assert parts == pytest.approx(points["efficient"], abs=1e-3)
    assert found["declared"]["efficient"] == 1.0  # one round, one declaration per seat


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--games", "0"], "at least 1"),
        (["--jobs", "0"], "at least 1"),
        (["--flush-tiles", "0"], "at least 1"),
        (["--bots", "efficient,efficient"], "each once"),
        (["--bots", "nobody"], "nobody"),
        (["--tweak", "x=efficient:NO_SUCH=1"], "no setting"),
        (["--games", "x"], "invalid int"),
    ],
)
def test_bad_options_are_refused_with_a_reason(argv, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        _bench().main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
