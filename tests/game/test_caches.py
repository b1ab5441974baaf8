"""What the engine keeps between decisions: legal actions computed once per seat per state
change, claim checks settled from each seat's kept hand facts, and every cache bounded
(issue 12, items 1 and 3)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from mahjongkit.bots.policy import random_policy
from mahjongkit.game import engine
from mahjongkit.game.engine import Game
from mahjongkit.shapes import HONG_KONG, RIICHI, HandShape, shanten, sichuan
from mahjongkit.table import actions as A
from mahjongkit.tiles import counts_of, parse_kinds
from mahjongkit.variants.riichi.rules import RiichiRules


def _play_counting(variant: str, seed: int) -> Counter:
    """Play one seeded game; count each (state version, seat) the legal actions were made for."""
    computed: Counter = Counter()

    class Counting(Game):
        # A subclass, not a patch of Game: the compiled class's methods cannot be replaced,
        # and the engine's own calls reach an override.
        def _compute_legal(self, seat: int) -> list:
            computed[(id(self), self._version, seat)] += 1
            return super()._compute_legal(seat)

    game = Counting(variant, seed=seed, max_rounds=2)
    game.start()
    rng = random.Random(seed)
    while seats := game.waiting_for():
        game.apply(random_policy(game, seats[0], rng))
        # Asking again, as a bot or a surface does, costs nothing new.
        for seat in range(game.players):
            game.legal_actions(seat)
            game.observation(seat, with_events=False)
    return computed


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_legal_actions_are_computed_once_per_seat_per_state(variant: str) -> None:
    computed = _play_counting(variant, 4)
    assert computed, "the game made no decision"
    repeated = {key: n for key, n in computed.items() if n > 1}
    assert not repeated


def test_an_answer_to_a_claim_leaves_the_other_seats_options_as_they_were() -> None:
    # Find a discard that two seats may claim, answer with one, and check that the other's
    # options are the same list object: they were not made again.
    for seed in range(200):
        game = Game("riichi", RiichiRules.tenhou(), seed=seed)
        game.start()
        rng = random.Random(seed)
        while seats := game.waiting_for():
            if len(seats) >= 2:
                kept = game._legal(seats[1])
                game.apply(next(a for a in game.legal_actions(seats[0]) if a.type == A.PASS))
                assert game._legal(seats[1]) is kept
                assert game.legal_actions(seats[0]) == []
                return
            game.apply(random_policy(game, seats[0], rng))
    pytest.fail("no discard with two claimants in 200 games")


def test_a_claim_check_skips_a_seat_that_can_do_nothing_with_the_tile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The win check runs only for seats whose kept waits hold the discarded kind.
    asked: list[int] = []
    game = Game("riichi", RiichiRules.tenhou(), seed=3)
    game.start()
    original = game.flow.win_score

    def counting(view, claim):  # type: ignore[no-untyped-def]
        if not claim.self_draw:
            asked.append(claim.seat)
        return original(view, claim)

    monkeypatch.setattr(game.flow, "win_score", counting)
    rng = random.Random(3)
    discards = 0
    for _ in range(60):
        seats = game.waiting_for()
        if not seats:
            break
        action = random_policy(game, seats[0], rng)
        discards += action.type == A.DISCARD
        game.apply(action)
    assert discards > 10
    # Three other seats per discard would be asked without the kept waits.
    assert len(asked) < discards


def test_the_waits_memo_is_bounded() -> None:
    game = Game("riichi", seed=1)
    # Every hand of four tiles of one suit plus nine fixed tiles: thousands of distinct hands.
    base = counts_of(parse_kinds("123p456s789s"))
    seen = 0
    for a in range(9):
        for b in range(9):
            for c in range(9):
                for d in range(27, 34):
                    counts = list(base)
                    for kind in (a, b, c, d):
                        counts[kind] += 1
                    if max(counts) <= 4:
                        game.ready_of_counts(counts, 0, RIICHI)
                        seen += 1
    assert seen > engine_memo_size()
    from mahjongkit.game import hands

    assert len(hands._WAITS_MEMO) <= engine_memo_size()


def test_the_shanten_memo_answers_as_shanten_does_and_is_bounded() -> None:
    from mahjongkit.game import hands

    rng = random.Random(7)
    wall = [kind for kind in range(34) for _ in range(4)]
    shapes = (RIICHI, HONG_KONG, sichuan(1))
    for n in range(hands._WAITS_MEMO_SIZE + 200):
        tiles = rng.sample(wall, 14 - 3 * (n % 3))  # 14, 11 and 8 tiles: 0, 1 and 2 melds
        counts = [0] * 34
        for kind in tiles:
            counts[kind] += 1
        shape = shapes[n % 3]
        expected = shanten(counts, n % 3, shape)
        assert hands.shanten_of_counts(counts, n % 3, shape) == expected
        assert hands.shanten_of_counts(counts, n % 3, shape) == expected  # from the memo
        assert len(hands._SHANTEN_MEMO) <= hands._WAITS_MEMO_SIZE


def engine_memo_size() -> int:
    from mahjongkit.game import hands

    return hands._WAITS_MEMO_SIZE


def test_the_tile_names_kept_per_rule_set_are_bounded() -> None:
    for n in range(engine._MJAI_NAMES_KEPT + 8):
        Game("riichi", dataclasses.replace(RiichiRules.tenhou(), uma=(n, 0, 0, -n)), seed=0)
    assert len(engine._MJAI_NAMES) <= engine._MJAI_NAMES_KEPT


def test_tile_names_follow_the_rules_red_fives() -> None:
    red = Game("riichi", RiichiRules.tenhou(), seed=0)
    plain = Game("riichi", dataclasses.replace(RiichiRules.tenhou(), red_fives=False), seed=0)
    # Physical id 16 is copy 0 of the 5m: red where the rules have red fives, else plain.
    assert red._mjai(16) == "5mr"
    assert plain._mjai(16) == "5m"


def test_a_flow_that_declares_its_shape_by_seat_is_asked_for_it_by_seat() -> None:
    from mahjongkit.game.hands import Hands
    from mahjongkit.variants.hongkong.flow import HongKongFlow
    from mahjongkit.variants.riichi.flow import RiichiFlow
    from mahjongkit.variants.sichuan.flow import SichuanFlow

    assert SichuanFlow.shape_by_seat
    assert not RiichiFlow.shape_by_seat and not HongKongFlow.shape_by_seat

    asked: list[int] = []

    class PerSeat(RiichiFlow):
        shape_by_seat = True

        def shape(self, view, seat):  # type: ignore[no-untyped-def]
            asked.append(seat)
            return RIICHI

    game = Game("riichi", seed=0)
    game.start()
    hands = Hands(PerSeat(game.flow.rules), game)
    for seat in (0, 1, 0):
        hands.facts(seat)
    assert asked == [0, 1, 0]


def test_sichuan_facts_follow_the_declared_missing_suit() -> None:
    # The same tiles wait differently once a missing suit is declared: facts kept from before
    # the declaration are made again for the new shape.
    game = Game("sichuan", seed=2)
    game.start()
    rng = random.Random(2)
    while game.round.phase.value == "exchange":
        game.apply(random_policy(game, game.waiting_for()[0], rng))
    assert game.round.phase.value == "declare"
    seat = (game.round.dealer + 1) % 4
    before = game.hand_facts(seat)
    assert before.shape.missing_suit is None
    while game.round.phase.value == "declare":
        game.apply(random_policy(game, game.waiting_for()[0], rng))
    after = game.hand_facts(seat)
    assert after.tiles == before.tiles  # the seat has not drawn yet
    assert after.shape.missing_suit == game.round.seats[seat].missing_suit is not None


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_kept_hand_facts_equal_facts_worked_out_afresh(variant: str) -> None:
    # Facts follow draws and discards without counting the hand again: at every step they
    # must be what counting the hand gives.
    from mahjongkit.table.flow import count_kinds

    floors: set[bool] = set()
    for seed in range(2):
        game = Game(variant, seed=seed, max_rounds=2)
        game.start()
        rng = random.Random(seed)
        steps = 0
        while seats := game.waiting_for():
            game.apply(random_policy(game, seats[0], rng))
            steps += 1
            if not game.round.seats:
                continue
            for seat in range(game.players):
                facts = game.hand_facts(seat)
                hand = game.round.seats[seat].hand
                assert facts.tiles == hand
                assert facts.counts == count_kinds(hand)
                assert facts.size == sum(count_kinds(hand))
                shape = game.flow.shape(game, seat)
                melds = len(game.round.seats[seat].melds)
                value = shanten(facts.counts, melds, shape)
                if facts.drawn_completes is not None:
                    assert facts.drawn_completes == (value == -1)
                # The floor is a true lower bound, exact when it says so, and no hand it
                # declares two away from ready has waits.
                assert facts.floor <= value
                assert not facts.exact or facts.floor == value
                if facts.size % 3 == 1:
                    assert facts.waits == game.ready_of_counts(facts.counts, melds, shape)[1]
                floors.add(facts.floor >= 1 and not facts.exact)
        assert steps > 50
    assert floors == {True, False}  # hands were settled by their floor alone, and others not


@pytest.mark.parametrize("shape", [RIICHI, HONG_KONG, sichuan(), sichuan(1)], ids=str)
def test_shanten_falls_by_one_at_most_per_draw_and_never_per_discard(shape: HandShape) -> None:
    # What the hand facts' shanten floor rests on, over random hands of every family's shape.
    rng = random.Random(7)
    kinds = list(shape.kinds)
    for _ in range(300):
        wall = [kind for kind in kinds for _ in range(4)]
        rng.shuffle(wall)
        melds = rng.randrange(3)
        counts = list(counts_of(wall[: 13 - 3 * melds]))
        before = shanten(counts, melds, shape)
        drawn = wall[13 - 3 * melds]
        counts[drawn] += 1
        after_draw = shanten(counts, melds, shape)
        assert before - 1 <= after_draw <= before
        for kind in {k for k in kinds if counts[k]}:
            counts[kind] -= 1
            assert shanten(counts, melds, shape) >= after_draw
            counts[kind] += 1


def test_the_round_a_game_shows_is_its_states_at_every_step() -> None:
    # Game.round is kept as an attribute: renewed by each deal, by a restore and in a past
    # game rebuilt from the log, it is never a round gone by.
    game = Game("riichi", seed=4, max_rounds=3)
    assert game.round is game.state.round  # before the first deal
    game.start()
    rng = random.Random(4)
    rounds: list[object] = []  # the rounds themselves: an id may be reused once one is freed
    while seats := game.waiting_for():
        assert game.round is game.state.round
        if not any(seen is game.round for seen in rounds):
            rounds.append(game.round)
        game.apply(random_policy(game, seats[0], rng))
    assert game.round is game.state.round and game.rounds_played == 3 and len(rounds) == 3
    past = len(game.log) // 2
    seen = game.observation_at(0, past)
    game._restore(game.log[:past])
    assert game.round is game.state.round
    assert sorted(seen.hand) == sorted(game.round.seats[0].hand)


def test_each_game_records_its_own_rules_options_though_they_are_kept() -> None:
    from mahjongkit.options import recorded

    tenhou, ema = RiichiRules.tenhou(), RiichiRules.ema2016()
    assert recorded(tenhou) != recorded(ema)
    for rules in (tenhou, ema, tenhou, dataclasses.replace(ema, kan_dora=False)):
        game = Game("riichi", rules, seed=1)
        game.start()
        as_json = json.dumps(recorded(rules), sort_keys=True)
        assert json.dumps(game.log[0]["mjk_rules"], sort_keys=True) == as_json
    # A log's options cannot be changed through the kept copy: the event holds its own.
    first = Game("riichi", tenhou, seed=2)
    first.start()
    second = Game("riichi", tenhou, seed=3)
    second.start()
    assert first.log[0]["mjk_rules"] is not second.log[0]["mjk_rules"]


def _ready_hands(shape: HandShape, seed: int) -> list[tuple[list[int], int]]:
    """Ready hands of ``shape`` (complete hands less one tile, with 0 to 2 sets laid down), and
    seven pairs and thirteen orphans where the shape has them."""
    rng = random.Random(seed)
    kinds = [k for k in shape.kinds if k // 9 != shape.missing_suit]
    suited = [k for k in kinds if k < 27 and k % 9 <= 6]
    hands = []
    while len(hands) < 300:
        counts = [0] * 34
        melds = rng.choice([0, 0, 1, 2])
        roll = rng.random()
        if roll < 0.1 and shape.thirteen_orphans:
            melds = 0
            for kind in (0, 8, 9, 17, 18, 26, *range(27, 34)):
                counts[kind] = 1
            counts[rng.choice((0, 8, 9, 17, 18, 26, *range(27, 34)))] += 1
        elif roll < 0.25 and shape.seven_pairs:
            melds = 0
            for kind in rng.sample(kinds, 7):
                counts[kind] += 2
        else:
            for _ in range(4 - melds):
                if rng.random() < 0.6:
                    start = rng.choice(suited)
                    for kind in (start, start + 1, start + 2):
                        counts[kind] += 1
                else:
                    counts[rng.choice(kinds)] += 3
            counts[rng.choice(kinds)] += 2
        if max(counts) > 4:
            continue
        counts[rng.choice([k for k in kinds if counts[k]])] -= 1
        hands.append((counts, melds))
    return hands


@pytest.mark.parametrize(
    "shape", [RIICHI, HONG_KONG, sichuan(), sichuan(2)], ids=["riichi", "hk", "sc", "sc-2"]
)
def test_the_waits_kept_are_every_kind_that_completes_the_hand(shape: HandShape) -> None:
    """The waits tried kind by kind (``shapes.waits``) and the ones found by trying only kinds
    near the hand's tiles agree, for ready hands of every shape: a tile left untried never
    completes a hand."""
    from mahjongkit.game.hands import ready_of_counts
    from mahjongkit.shapes import waits

    tried = 0
    for counts, melds in _ready_hands(shape, 7):
        value, found = ready_of_counts(counts, melds, shape)
        assert value == shanten(counts, melds, shape)
        expected = frozenset(waits(counts, melds, shape)) if value == 0 else frozenset()
        assert found == expected, (counts, melds)
        tried += bool(found)
    assert tried >= 150  # most hands made are ready (a four-copy wait is none)


def _chow_kinds_by_runs(counts: list[int]) -> set[int]:
    """The kinds a chow could take from these counts, by listing every run of a suit."""
    found = set()
    for suit in range(3):
        for low in range(suit * 9, suit * 9 + 7):
            run = (low, low + 1, low + 2)
            for kind in run:
                if all(counts[k] for k in run if k != kind):
                    found.add(kind)
    return found


def test_a_seat_may_answer_a_wait_a_pair_or_as_next_seat_a_chows_missing_tile() -> None:
    from mahjongkit.game.legal import may_answer

    rng = random.Random(35)
    for _ in range(300):
        counts = [0] * 34
        for kind in rng.sample(list(range(34)) * 4, 13):
            counts[kind] += 1
        waits = frozenset(rng.sample(range(34), rng.randrange(4)))
        pairs = waits | {k for k in range(34) if counts[k] >= 2}
        chows = _chow_kinds_by_runs(counts)
        assert {k for k in range(34) if may_answer(counts, waits, k, False)} == pairs
        assert {k for k in range(34) if may_answer(counts, waits, k, True)} == pairs | chows


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_a_discard_offers_each_seat_what_claim_actions_finds_unfiltered(variant: str) -> None:
    # The engine passes over the seats whose kept claim masks miss the discard; at every
    # claim window each seat must still be offered exactly what the rules' own check gives
    # (a seat wrongly passed over would lose a pung, a chow or a win).
    from mahjongkit.game import legal

    windows = offered = 0
    for seed in range(6):
        game = Game(variant, seed=seed, max_rounds=2)
        game.start()
        rng = random.Random(seed)
        while seats := game.waiting_for():
            rnd = game.round
            if rnd.phase.value == "claim" and not rnd.responses:
                windows += 1
                for seat in range(game.players):
                    expected = (
                        []
                        if seat == rnd.last_discarder or rnd.seats[seat].won
                        else legal.claim_actions(game, game.flow, seat)
                    )
                    assert game.legal_actions(seat) == expected, (seed, seat, rnd.last_discard)
                    offered += bool(expected)
            game.apply(random_policy(game, seats[0], rng))
    assert windows > 50 and offered > 5, (windows, offered)
