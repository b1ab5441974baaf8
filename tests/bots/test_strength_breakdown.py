"""bench/strength.py --breakdown: where each bot's points come from. The hand's state after a
discard (ready and able to win, by self-draw only, not at all under Hong Kong's three-fan
minimum), the rows a log gives, and a played deal whose rows add up to its points."""

from __future__ import annotations

import json

from mahjongkit.bots import EfficientAgent
from mahjongkit.game.observation import MeldInfo
from mahjongkit.table.events import Kind
from tests.bots.test_strong_bots import discards, ids, observation, seat
from tests.helpers.benches import load_bench


def _bench():
    return load_bench("strength")


def _state(text: str, melds: tuple[MeldInfo, ...] = (), used: dict[int, int] | None = None):
    """The state of East's hand (the East round) once its red dragon is discarded."""
    bench = _bench()
    hand = ids(text, used)
    obs = observation(
        "hongkong", 0, [seat(hand, melds=melds), seat(), seat(), seat()], discards(0, hand)
    )
    return bench.hand_state(EfficientAgent(), obs, 33)


def test_a_ready_hand_is_told_by_whether_a_win_would_reach_the_minimum():
    """H-03 (three fan at least): 123m 456m 789p 23s and a South pair, concealed, waits on 1s
    and 4s with only the common hand (and no bonus tiles) on a discard: a win there is under the
    minimum, a self-draw (and its concealed fan) reaches it. An East pung for East in the East
    round (two fan, RULES-hongkong §4) wins on a discard too. Open, with a chow and a pung shown
    and nothing else, no win counts. A state read by shanten alone would call all three ready."""
    bench = _bench()
    assert _state("123m456m789p23s22z7z") == bench.DRAW_ONLY
    assert _state("111z123m456m23s99s7z") == bench.READY
    used: dict[int, int] = {}
    chow = ids("234p", used)
    open_hand = _state("123m456m888s23s7z", (MeldInfo("chow", chow, chow[0], 3),), used)
    assert open_hand == bench.NO_WIN
    assert _state("123m456m789p2s5s22z7z") == bench.NEAR
    assert _state("159m159p159s1234z7z") == bench.FAR


def _log():
    """Three rounds: South calls and wins on West's discard (5 fan); an exhaustive draw; East
    self-draws (3 fan)."""
    start = {"type": Kind.START_KYOKU}
    return [
        start,  # 0
        {"type": Kind.PON, "actor": 1, "target": 2},  # 1
        {"type": Kind.DAHAI, "actor": 1},  # 2
        {"type": Kind.DAHAI, "actor": 2},  # 3
        {
            "type": Kind.HORA,
            "actor": 1,
            "target": 2,
            "deltas": [0, 32, -32, 0],
            "mjk_score": {"fan": 5},
        },  # 4
        {"type": Kind.END_KYOKU},  # 5
        start,  # 6
        {"type": Kind.RYUKYOKU, "deltas": [0, 0, 0, 0]},  # 7
        {"type": Kind.END_KYOKU},  # 8
        start,  # 9
        {
            "type": Kind.HORA,
            "actor": 0,
            "target": 0,
            "deltas": [24, -8, -8, -8],
            "mjk_score": {"fan": 3},
        },  # 10
        {"type": Kind.END_KYOKU},  # 11
    ]


def test_a_logs_rows_name_each_payment_by_its_fan_and_each_hand_as_it_was_then():
    bench = _bench()
    states = [
        [],
        [(2, bench.READY)],
        [(3, bench.NEAR)],
        [(3, bench.FAR), (7, bench.NO_WIN)],
    ]
    rows = bench.breakdown_of(_log(), states)
    south, west, north = rows[1], rows[2], rows[3]
    assert south["won on a discard, fan 5"] == [1, 32]
    assert south["calls made"] == [1, 0]
    assert south["called in the round | won"] == [1, 32]
    assert west["dealt in, fan 5"] == [1, -32]
    assert west["another won | was one from ready"] == [1, -32]
    # North's state of the first round is its own; at the draw it was ready with no win, and a
    # state of an earlier round is never read into a later one.
    assert north["another won | was two or more from ready"] == [1, 0]
    assert north["draw | was ready, no win counts"] == [1, 0]
    assert north["another won | was no discard yet"] == [1, -8]
    assert north["paid a self-draw, fan 3"] == [1, -8]
    assert rows[0]["won by self-draw, fan 3"] == [1, 24]
    assert all(row["rounds"] == [3, 0] for row in rows)
    assert "called in the round | won" not in rows[0]


def test_fan_bands_group_the_large_wins():
    bench = _bench()
    assert [bench.fan_band(f) for f in (3, 7, 8, 9, 10, 13)] == [
        "3",
        "7",
        "8-9",
        "8-9",
        "10+",
        "10+",
    ]


def test_a_watched_deal_plays_as_unwatched_and_its_rows_add_up_to_its_points():
    bench = _bench()
    lineup = ("efficient", "defensive", "efficient", "defensive")
    plain = bench.play_deal(("hongkong", 5, 1, 2, lineup, {}))
    watched = bench.play_deal(("hongkong", 5, 1, 2, lineup, {}, True))
    assert watched["digest"] == plain["digest"]
    for seat_no, rows in enumerate(watched["breakdown"]):
        money = sum(
            points
            for key, (_, points) in rows.items()
            if key.startswith(("won ", "dealt in", "paid a", "other"))
        )
        assert money == watched["points"][seat_no]
        wins = sum(n for key, (n, _) in rows.items() if key.startswith("won "))
        assert wins == watched["wins"][seat_no]
        assert rows["rounds"][0] == watched["rounds"]


def test_the_breakdown_option_prints_and_writes_each_bots_rows(capsys):
    bench = _bench()
    argv = [
        "--variants",
        "hongkong",
        "--bots",
        "efficient,defensive",
        "--games",
        "1",
        "--rounds",
        "1",
        "--seed",
        "3",
    ]
    assert bench.main([*argv, "--breakdown", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["hongkong"]["breakdown"]
    assert set(found) == {"efficient", "defensive"}
    assert found["efficient"]["rounds"][0] >= 2  # one round per seat game, two line-ups
    assert bench.main([*argv, "--breakdown"]) == 0
    assert "hongkong breakdown, per game" in capsys.readouterr().out


def test_a_wait_that_needs_a_self_draw_is_told_from_one_that_wins_on_a_discard():
    """East's concealed 222m 6m 8m 555p, a South pung and a green dragon pung. Giving the 5p
    waits on 7m (a chow, so no all pungs) with the dragon and the concealed hand, two fan: a
    discard win is refused (H-11), a self-draw makes three (H-09). Giving the 6m waits on 8m
    alone for all pungs: it wins on a discard too. The bots give the 5p."""
    bench = _bench()
    hand = ids("222m68m555p222z666z")
    obs = observation("hongkong", 0, [seat(hand), seat(), seat(), seat()], discards(0, hand))
    assert bench.hand_state(EfficientAgent(), obs, 13) == bench.DRAW_ONLY
    assert bench.hand_state(EfficientAgent(), obs, 5) == bench.READY
    assert EfficientAgent().act(obs).tile // 4 == 13
