"""One placement rule: the engine's ranking when the rules rank, else by score with ties in
seat order from the first dealer, for the simulator, the terminal game and the web table."""

from __future__ import annotations

from mahjongkit.game.ranking import placements, ranking
from mahjongkit.narrate import final_lines
from mahjongkit.sim.plan import _placements


def test_ties_are_broken_by_seat_order_from_the_first_dealer():
    assert placements([100, 300, 300, 100]) == [3, 1, 2, 4]
    end = {"type": "end_game", "scores": [100, 300, 300, 100]}
    rows = ranking(end, end["scores"])
    assert [(row["seat"], row["rank"]) for row in rows] == [(1, 1), (2, 2), (0, 3), (3, 4)]
    assert _placements([end], end["scores"]) == [3, 1, 2, 4]
    assert final_lines(end, ["a", "b", "c", "d"], "en")[1:] == [
        "1. South b: 300",
        "2. West c: 300",
        "3. East a: 100",
        "4. North d: 100",
    ]


def test_the_engines_ranking_is_kept_when_it_ranks_every_seat():
    shared = [
        {"seat": 1, "rank": 1, "points": 300, "result": 20.0},
        {"seat": 2, "rank": 1, "points": 300, "result": 20.0},
        {"seat": 0, "rank": 3, "points": 100, "result": -20.0},
        {"seat": 3, "rank": 3, "points": 100, "result": -20.0},
    ]
    end = {"type": "end_game", "scores": [100, 300, 300, 100], "mjk_ranking": shared}
    assert ranking(end, end["scores"]) == shared
    assert _placements([end], end["scores"]) == [3, 1, 1, 3]
    # A ranking that leaves a seat out is not the engine's: the rule places them.
    assert _placements([{**end, "mjk_ranking": shared[:3]}], end["scores"]) == [3, 1, 2, 4]
