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
        (["--progress", "-1"], "--progress is a number of deals, 0 for none"),
        (["--progress", "ten"], "argument --progress: invalid int value: 'ten'"),
    ],
)
def test_bad_options_are_refused(argv, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        _bench().main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_a_tweak_that_changes_nothing_plays_every_deal_alike(capsys):
    """Two versions that decide alike play the same game in both line-ups: every deal adds
    exactly 0 and none is counted as differing (a tweak seated wrong, or seeds not shared,
    would show a difference)."""
    bench = _bench()
    argv = ["--games", "3", "--rounds", "1", "--variants", "hongkong", "--json"]
    argv += ["--bots", "defensive,same", "--tweak", "same=defensive:HK_BIG_FAN=9"]
    assert bench.main(argv) == 0
    found = json.loads(capsys.readouterr().out)["hongkong"]
    pair = found["paired"]["same-defensive"]
    assert pair["deals"] == [3, 0]
    assert pair["points"] == [0.0, 0.0] and pair["win"] == [0.0, 0.0]
    assert found["tweaks"] == {"same": {"bot": "defensive", "settings": {"HK_BIG_FAN": 9}}}


def test_a_tweak_is_played_by_its_seats_and_changes_their_games(capsys):
    bench = _bench()
    agent = bench.tweaked_agent("defensive", (("SICHUAN_MARGIN", 100.0),), None)
    assert agent.SICHUAN_MARGIN == 100.0 and type(agent).sichuan_step(60) == 4
    assert bench.DefensiveAgent.SICHUAN_MARGIN != 100.0  # the bot itself is untouched
    # A tuple's commas stay in its value.
    worth = ((0.1, 0.0, 0.0),) * 5
    name, base, settings = bench.parse_tweak(f"t=defensive:SICHUAN_WORTH={worth},SICHUAN_MARGIN=1")
    assert (name, base) == ("t", "defensive")
    assert settings == (("SICHUAN_WORTH", worth), ("SICHUAN_MARGIN", 1.0))
    # A margin no discard clears: the version never weighs a discard's cost, so it leaves
    # the defensive bot's choices on some deal.
    argv = ["--games", "3", "--rounds", "1", "--variants", "sichuan", "--json"]
    argv += ["--bots", "defensive,blunt", "--tweak", "blunt=defensive:SICHUAN_MARGIN=100"]
    assert bench.main(argv) == 0
    pair = json.loads(capsys.readouterr().out)["sichuan"]["paired"]["blunt-defensive"]
    compared, differed = pair["deals"]
    assert compared == 3 and differed >= 1


@pytest.mark.parametrize(
    "tweak, message",
    [
        ("x", "is not NAME=BOT:ATTR=VALUE"),
        ("x=defensive", "is not NAME=BOT:ATTR=VALUE"),
        ("x=random:A=1", "cannot tweak 'random', only efficient, defensive"),
        ("x=defensive:HK_BIG_FAN=1.5", "HK_BIG_FAN is int (9), not float"),
        ("x=defensive:SOFT_FLOOR=True", "SOFT_FLOOR is float (0.6), not bool"),
        ("x=defensive:SICHUAN_WORTH=((1,2,3),)", "SICHUAN_WORTH is 5 values like ((0.075,"),
        ("x=defensive:SICHUAN_WORTH=((1,2,3),)*5", "is not a Python literal"),
        ("x=defensive:SICHUAN_WORTH=(1,2,3,4,5)", "SICHUAN_WORTH is 5 values like"),
        ("x=defensive:HK_BIG_FAN=abc", "HK_BIG_FAN='abc' is not a Python literal"),
        ("x=defensive:soft_discard=1", "defensive has no setting 'soft_discard'"),
        ("x=defensive:SOFT_WEIGHT=1", "defensive has no setting 'SOFT_WEIGHT'"),
        ("x=defensive:HK_BIG_FAN=1,HK_BIG_FAN=2", "HK_BIG_FAN given twice"),
        ("x=defensive:HK_BIG_FAN", "'HK_BIG_FAN' is not ATTR=VALUE"),
        ("X=defensive:HK_BIG_FAN=1", "tweak name 'X': lower-case letters"),
        ("defensive=defensive:HK_BIG_FAN=1", "tweak name 'defensive' is already a bot's name"),
    ],
)
def test_garbage_tweaks_are_refused_in_words(tweak, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        _bench().main(["--bots", "defensive,x", "--tweak", tweak])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--tweak", "x=defensive:HK_BIG_FAN=1"], "tweak 'x' is not seated"),
        (["--bots", "x,x", "--tweak", "x=defensive:HK_BIG_FAN=1"], "a bot is named twice"),
        (
            ["--bots", "x,y", "--tweak", "x=defensive:HK_BIG_FAN=1", "--tweak", "x=efficient:A=1"],
            "tweak name 'x' is given twice",
        ),
        (["--bots", "x", "--cost", "--tweak", "x=defensive:HK_BIG_FAN=1"], "not tweaks"),
    ],
)
def test_tweaks_that_are_not_seated_once_are_refused(argv, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        _bench().main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_progress_tells_the_paired_points_so_far_and_last_the_whole_runs(capsys):
    bench = _bench()
    argv = ["--games", "2", "--rounds", "1", "--variants", "sichuan", "--json"]
    assert bench.main([*argv, "--bots", "defensive,efficient", "--progress", "1"]) == 0
    captured = capsys.readouterr()
    pair = json.loads(captured.out)["sichuan"]["paired"]["efficient-defensive"]
    lines = captured.err.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "sichuan after 1 deals",
        "sichuan after 2 deals",
    ]
    points, half = pair["points"]
    assert lines[-1].endswith(f"points {points:+.2f} ±{half:.2f}")


def test_every_bot_is_paired_with_every_one_named_before_it(capsys):
    bench = _bench()
    argv = ["--games", "1", "--rounds", "1", "--variants", "sichuan", "--json"]
    argv += ["--bots", "efficient,defensive,x", "--tweak", "x=defensive:SICHUAN_MARGIN=0.5"]
    assert bench.main(argv) == 0
    found = json.loads(capsys.readouterr().out)["sichuan"]
    assert list(found["paired"]) == ["defensive-efficient", "x-efficient", "x-defensive"]
    # One deal: each pair's difference is the difference of the two versions' means.
    for name, pair in found["paired"].items():
        later, earlier = name.split("-")
        difference = found[later]["points"][0] - found[earlier]["points"][0]
        assert pair["points"][0] == pytest.approx(difference, abs=0.2)
