"""The claim side of a discard: the chows listed, the swap-calling check on a chow, the ron
check's order, and what follows a discard nobody answers."""

from __future__ import annotations

import random

import pytest

from mahjongkit.game import legal
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.variants.riichi.rules import RiichiRules

TENHOU = RiichiRules.tenhou()
"""Red fives, no swap-calling."""
EMA2016 = RiichiRules.ema2016()
"""No red fives, no swap-calling."""
EMA2012 = RiichiRules.ema2012()
"""Red fives, swap-calling allowed."""

FILLER = [108, 112, 116, 120, 124, 128, 132]
"""One of each honour (E S W N P F C): tiles no chow in the man suit uses."""


def _game_with_hand(rules: RiichiRules, seat: int, hand: list[int]) -> Game:
    game = Game("riichi", rules, seed=3)
    game.start()
    game.round.seats[seat].hand = list(hand)
    return game


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # 4m-5m (plain and red), 5m-7m (plain and red), 7m-8m: five chows.
        (TENHOU, [(12, 16), (12, 17), (16, 24), (17, 24), (24, 28)]),
        # Without red fives every 5m is alike: one chow per run.
        (EMA2016, [(12, 16), (16, 24), (24, 28)]),
    ],
    ids=["red-fives", "no-red-fives"],
)
def test_h04_r_a_chow_is_listed_once_per_run_and_red_five(
    rules: RiichiRules, expected: list[tuple[int, int]]
) -> None:
    """H-04 (a chow: three consecutive tiles of one suit), RULES-riichi.md red fives: a 6m
    discarded to a hand of 4m, 5m, red 5m, 7m, 8m makes the runs 4-5-6, 5-6-7 and 6-7-8; a
    run is offered once for each distinct choice of red five (the chow listing asks the rules
    once a tile, not once a pair)."""
    hand = [12, 16, 17, 24, 28, *FILLER, 109]
    game = _game_with_hand(rules, 1, hand)
    chows = legal._chi_actions(game, game.flow, 1, 22)
    assert [action.consumed for action in chows] == expected
    assert all(action == Action(A.CHI, 1, 22, action.consumed) for action in chows)


def _swap_calling_kinds(tile: int, consumed: tuple[int, int]) -> set[int]:
    """RULES-riichi.md swap-calling, stated plainly: the called kind, and for a chow that the
    called tile ends the kind at the run's other end, one further along the suit."""
    kind = tile // 4
    low, high = sorted(t // 4 for t in consumed)
    kinds = {kind}
    if low == kind + 1 and kind % 9 <= 5:
        kinds.add(kind + 3)
    if high == kind - 1 and kind % 9 >= 3:
        kinds.add(kind - 3)
    return kinds


@pytest.mark.parametrize("rules", [TENHOU, EMA2012], ids=["no-swap-calling", "swap-calling"])
def test_a_chow_is_allowed_exactly_when_it_leaves_a_tile_to_discard(rules: RiichiRules) -> None:
    """RULES-riichi.md swap-calling (option ``swap_calling``): without it a chow that would
    leave only tiles of the kinds it forbids is refused; with it any chow leaving a tile is
    allowed. Hands from 4 to 13 tiles of a few neighbouring kinds (so that small hands leave
    nothing else), against the rule stated plainly."""
    rng = random.Random(35)
    outcomes: dict[tuple[bool, bool], int] = {}
    for _ in range(400):
        size = rng.choice([4, 4, 5, 7, 10, 11, 13])
        # Small hands of four kinds (4m-7m), where a chow may leave only forbidden kinds;
        # larger ones of seven (3m-9m).
        tiles = list(range(12, 28) if size < 7 else range(8, 36))
        rng.shuffle(tiles)
        hand = sorted(tiles[:size])
        tile = tiles[size]  # another copy, discarded
        kind = tile // 4
        for low in (kind - 2, kind - 1, kind):
            if low < 0 or low + 2 > 8:
                continue
            needed = [k for k in (low, low + 1, low + 2) if k != kind]
            firsts = [t for t in hand if t // 4 == needed[0]]
            seconds = [t for t in hand if t // 4 == needed[1]]
            if not firsts or not seconds:
                continue
            consumed = (firsts[0], seconds[0])
            rest = list(hand)
            for t in consumed:
                rest.remove(t)
            forbidden = set() if rules.swap_calling else _swap_calling_kinds(tile, consumed)
            expected = any(t // 4 not in forbidden for t in rest)
            game = _game_with_hand(rules, 2, hand)
            assert game.flow.chi_allowed(game, 2, tile, consumed) == expected, (hand, tile)
            key = (len(rest) > 8, expected)
            outcomes[key] = outcomes.get(key, 0) + 1
    # Large hands (always allowed) and small ones, both allowed and refused without it.
    assert outcomes.get((True, True), 0) > 20
    assert outcomes.get((False, True), 0) > 20
    assert outcomes.get((True, False), 0) == 0
    if not rules.swap_calling:
        assert outcomes.get((False, False), 0) > 5


def test_a_furiten_seat_is_offered_no_ron_and_its_win_is_not_scored() -> None:
    """RULES-riichi.md furiten (own discards): a seat whose wait lies among its own discards is
    offered no win on a discard; the check reads the discards before scoring the hand at all."""
    game = Game("riichi", TENHOU, seed=3)
    game.start()
    flow = game.flow
    scored: list[object] = []
    original = flow.win_score

    def counting(view: object, claim: object) -> object:
        scored.append(claim)
        return original(view, claim)  # type: ignore[arg-type]

    flow.win_score = counting  # type: ignore[method-assign,assignment]
    rnd = game.round
    # A ready hand (1-9m, 11p, 23p: waits 1p and 4p) with a 4p among its own discards.
    seat = 1
    rnd.seats[seat].hand = [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 37, 40, 44]
    rnd.seats[seat].hand_version += 1
    rnd.seats[seat].discards.append(48)
    rnd.seats[seat].claimed.append(False)
    rnd.last_discard = 49  # another 4p, from seat 0
    rnd.last_discarder = 0
    rnd.phase = Phase.CLAIM
    assert game.hand_facts(seat).waits == {9, 12}
    actions = legal.claim_actions(game, flow, seat)
    assert all(a.type != A.RON for a in actions)
    assert scored == []  # furiten settled it: no score asked
    # Without the 4p in its pond, the same wait is offered as a win (scored once).
    rnd.seats[seat].discards.pop()
    rnd.seats[seat].claimed.pop()
    actions = legal.claim_actions(game, flow, seat)
    assert actions[0] == Action(A.RON, seat, 49)
    assert len(scored) == 1
