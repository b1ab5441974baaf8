"""A small run of bench/strength.py: duplicate deals rotate the line-up over every seat, the
figures add up, and bad options are refused. Strength and times are the bench's to report."""

from __future__ import annotations

import json

import pytest

from tests.helpers.benches import load_bench


def _bench():
    return load_bench("strength")


def test_lineups_put_every_bot_in_every_seat_and_play_each_line_up_once():
    lineups = _bench().lineups(["random", "efficient"], 4)
    # A B A B turned twice is A B A B again, the same seeded games: played once.
    assert lineups == [
        ("random", "efficient", "random", "efficient"),
        ("efficient", "random", "efficient", "random"),
    ]
    for seat in range(4):
        assert {lineup[seat] for lineup in lineups} == {"random", "efficient"}
    three = _bench().lineups(["random", "efficient", "defensive"], 4)
    assert len(three) == 4 and len(set(three)) == 4
    for seat in range(4):
        assert {lineup[seat] for lineup in three} == {"random", "efficient", "defensive"}
    assert len(_bench().lineups(["efficient"], 4)) == 1


def test_a_repeated_line_up_would_replay_the_same_games():
    """Why a repeated rotation is left out: the same line-up on the same deal is the same
    game, to the last point."""
    bench = _bench()
    lineup = ("efficient", "random", "efficient", "random")
    assert bench.play_deal(("sichuan", 1, 2, 1, lineup)) == bench.play_deal(
        ("sichuan", 1, 2, 1, lineup)
    )


def test_duplicate_deals_sum_to_zero_points_and_count_every_seat(capsys):
    bench = _bench()
    assert bench.main(["--games", "1", "--rounds", "1", "--variants", "sichuan", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["sichuan"]
    pair = found.pop("paired")["efficient-random"]
    assert set(found) == {"random", "efficient"}
    # One deal: the paired difference is the difference of the two bots' means, no interval.
    difference = found["efficient"]["points"][0] - found["random"]["points"][0]
    assert pair["points"][0] == pytest.approx(difference, abs=0.2)
    assert all(row["seat_games"] == 4 for row in found.values())  # two line-ups, two seats
    # Sichuan payments move points between seats: what one bot wins the other loses.
    assert found["random"]["points"][0] == -found["efficient"]["points"][0]
    places = [row["placement"][0] for row in found.values()]
    assert sum(places) == pytest.approx(5.0)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--bots", "clever"], "unknown bot 'clever'"),
        (["--variants", "mahjong"], "unknown family 'mahjong'"),
        (["--games", "0"], "--games and --jobs are at least 1"),
    ],
)
def test_bad_options_are_refused(argv, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        _bench().main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
