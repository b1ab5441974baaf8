"""The end of a Riichi game after the last dealer's win or ready draw (options ``agari_yame``
and ``tenpai_yame``) and in the sudden-death extension (option ``extension``), as Tenhou and
libriichi's arena play them: the dealer stops in first place with the return score (ties go
by seat order from the first dealer), and in the extension the dealer's repeat comes before
the end that somebody's reaching the return score brings.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest

from mahjongkit.variants.riichi.flow import RiichiFlow
from mahjongkit.variants.riichi.rules import RiichiRules

TENHOU = RiichiRules.tenhou()
EAST = dataclasses.replace(TENHOU, game_length=1)
SPLIT = dataclasses.replace(TENHOU, tied_placements="split")
NO_EXTENSION = dataclasses.replace(TENHOU, extension=False)
NO_STOP = dataclasses.replace(TENHOU, agari_yame=False, tenpai_yame=False)

WIN = {"kind": "win", "winners": [3]}
READY = {"kind": "exhaustive", "tenpai": [3]}
NOT_READY = {"kind": "exhaustive", "tenpai": [0]}
ABORT = {"kind": "abort"}


def _after(
    rules: RiichiRules, result: dict[str, Any], scores: list[int], where: tuple[int, int]
) -> tuple[int, int, int, int] | None:
    """What follows a hand (wind, number) dealt by seat ``number``: the next hand or None."""
    wind, number = where
    round_state = SimpleNamespace(
        round_wind=wind, hand_number=number, dealer=number, honba=0, result=result, deposits=0
    )
    view = SimpleNamespace(round=round_state, scores=scores, players=4)
    return RiichiFlow(rules).next_round(view)  # type: ignore[arg-type]


SOUTH_4 = (1, 3)
WEST_1 = (2, 0)


@pytest.mark.parametrize(
    ("rules", "result", "scores", "ends"),
    [
        # agari_yame and tenpai_yame: first alone with the return score stops.
        (TENHOU, WIN, [20000, 20000, 25000, 35000], True),
        (TENHOU, READY, [20000, 20000, 25000, 35000], True),
        (TENHOU, READY, [23000, 22000, 25000, 30000], True),  # exactly the return score
        # Tied first: seat order from the first dealer puts seat 0 ahead of the dealer (3).
        (TENHOU, READY, [30000, 21000, 19000, 30000], False),
        (TENHOU, WIN, [31000, 19000, 19000, 31000], False),
        (SPLIT, READY, [30000, 21000, 19000, 30000], False),  # shared: first alone nobody
        # First, below the return score: the game would go into the extension, so it goes on.
        (TENHOU, READY, [24000, 24000, 23000, 29000], False),
        (TENHOU, WIN, [24000, 24000, 23000, 29000], False),
        # Without the extension, first place alone is enough.
        (NO_EXTENSION, READY, [24000, 24000, 23000, 29000], True),
        (NO_EXTENSION, READY, [29000, 24000, 18000, 29000], False),
        # Not first, not ready, no stop in the rules, an abortive draw.
        (TENHOU, READY, [20000, 20000, 35000, 25000], False),
        (NO_STOP, WIN, [20000, 20000, 25000, 35000], False),
        (NO_STOP, READY, [20000, 20000, 25000, 35000], False),
        (TENHOU, ABORT, [20000, 20000, 25000, 35000], False),
    ],
)
def test_the_last_dealer_stops_first_with_the_return_score(rules, result, scores, ends):
    """agari_yame / tenpai_yame at South 4 (the next hand would be South 4-1)."""
    following = _after(rules, result, scores, SOUTH_4)
    assert following == (None if ends else (1, 3, 3, 1))


def test_a_dealer_not_ready_at_the_last_draw_ends_the_game_with_the_return_score_reached():
    assert _after(TENHOU, NOT_READY, [31000, 20000, 24000, 25000], SOUTH_4) is None
    # Nobody has it: the extension (West 1, dealt by seat 0).
    assert _after(TENHOU, NOT_READY, [29000, 20000, 26000, 25000], SOUTH_4) == (2, 0, 0, 1)


def test_east_only_stops_at_east_4():
    """agari_yame / tenpai_yame in an East-only game (game_length 1): East 4 is the last."""
    assert _after(EAST, READY, [20000, 20000, 25000, 35000], (0, 3)) is None
    assert _after(TENHOU, READY, [20000, 20000, 25000, 35000], (0, 3)) == (0, 3, 3, 1)


# West 1 is dealt by seat 0.
WEST_READY = {"kind": "exhaustive", "tenpai": [0]}
WEST_WIN = {"kind": "win", "winners": [0]}
WEST_NOT_READY = {"kind": "exhaustive", "tenpai": [1]}


@pytest.mark.parametrize(
    ("result", "scores", "following"),
    [
        # The dealer repeats though another seat has reached the return score.
        (WEST_READY, [28000, 31000, 21000, 20000], (2, 0, 0, 1)),
        (WEST_WIN, [29000, 33000, 19000, 19000], (2, 0, 0, 1)),
        (ABORT, [29000, 29000, 21000, 21000], (2, 0, 0, 1)),
        # The dealer first with the return score stops; a tie goes to seat 0, the dealer.
        (WEST_READY, [31000, 30000, 20000, 19000], None),
        (WEST_READY, [31000, 31000, 20000, 18000], None),
        # The deal passes and somebody has the return score: the game ends.
        (WEST_NOT_READY, [20000, 31000, 25000, 24000], None),
        # Nobody has it: West 2.
        (WEST_NOT_READY, [22000, 29000, 25000, 24000], (2, 1, 1, 1)),
    ],
)
def test_in_the_extension_the_dealers_repeat_comes_first(result, scores, following):
    """extension: Tenhou's sudden death ends at the return score, the dealer's repeat first."""
    assert _after(TENHOU, result, scores, WEST_1) == following


def test_west_4_is_the_end_of_the_extension():
    assert _after(TENHOU, NOT_READY, [24000, 24000, 23000, 29000], (2, 3)) is None
    # The dealer of West 4 repeats while nobody has the return score.
    assert _after(TENHOU, READY, [24000, 24000, 23000, 29000], (2, 3)) == (2, 3, 3, 1)
