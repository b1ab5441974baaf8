"""Self-play properties of the table, for every variant (issue 6, item 7).

Random legal players (seeded) play whole games. Checked: no exception over at least 1,000 rounds
per variant; every round's score changes sum to zero (less riichi deposits put on the table);
replaying the event log rebuilds the same state; and, step by step on a sample, every tile is
accounted for and no observation shows what it must hide.
"""

import json
import random

import pytest

from mahjongkit.bots.policy import play_random, random_policy
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.variants import find_variant
from tests.helpers.table_checks import check_observations, check_tiles

ROUNDS = 1000
VARIANTS = ["riichi", "hongkong", "sichuan"]
CALLS = (A.CHI, A.PON, A.KAN, A.ANKAN, A.KAKAN)


def deposits_put(event):
    return -sum(event["deltas"]) if event["type"] == "reach_accepted" else 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_many_seeded_rounds_conserve_points_and_replay(variant):
    rounds = 0
    seed = 0
    while rounds < ROUNDS:
        game = Game(variant, seed=seed, max_rounds=16)
        play_random(game, random.Random(seed))
        assert game.over
        on_table = 0
        scores: list[int] = []
        for event in game.log:
            if event["type"] == "start_kyoku":
                on_table = 1000 * event["kyotaku"]
                scores = list(event["scores"])
                total = sum(scores) + on_table
            elif "deltas" in event:
                on_table += deposits_put(event)
                if event.get("mjk_deposits_taken"):
                    on_table = 0
                scores = [s + d for s, d in zip(scores, event["deltas"], strict=True)]
            if event["type"] == "end_kyoku":
                assert sum(scores) + on_table == total
        replayed = Game.replay(game.log)
        assert replayed.snapshot() == game.snapshot()
        rounds += game.rounds_played
        seed += 1
    assert rounds >= ROUNDS


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_step_accounts_for_every_tile_and_hides_what_it_must(variant):
    rng = random.Random(7)
    game = Game(variant, seed=7, max_rounds=3)
    game.start()
    steps = 0
    while not game.over:
        check_tiles(game)
        if steps % 5 == 0:
            check_observations(game)
        seat = game.waiting_for()[0]
        game.apply(random_policy(game, seat, rng))
        steps += 1
    assert steps > 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_live_play_equals_replay_at_every_step(variant):
    rng = random.Random(3)
    game = Game(variant, seed=3, max_rounds=1)
    game.start()
    while not game.over:
        seat = game.waiting_for()[0]
        game.apply(random_policy(game, seat, rng))
        assert Game.replay(game.log).snapshot() == game.snapshot()


@pytest.mark.parametrize(
    ("variant", "preset"),
    [
        ("riichi", "ema2012"),
        ("riichi", "ema2016"),
        ("riichi", "tenhou"),
        ("hongkong", "old_style"),
        ("sichuan", "blood_battle"),
    ],
)
def test_replay_rebuilds_the_rules_and_the_furiten_paths(variant, preset):
    """Players who sometimes pass up a win reach temporary and riichi furiten; the log carries
    the rules, so a replay of a JSON round trip needs nothing else."""
    import json

    from mahjongkit.variants import find_variant

    rules = find_variant(variant).rules(preset)
    passed = 0
    for seed in range(6):
        game = Game(variant, rules, seed=seed, max_rounds=3)
        play_random(game, random.Random(seed), win_rate=0.5)
        passed += sum(1 for e in game.log if e.get("mjk_missed_win"))
        log = json.loads(json.dumps(game.log))
        replayed = Game.replay(log)
        assert replayed.flow.rules == rules
        assert replayed.snapshot() == game.snapshot()
    assert passed > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_illegal_actions_are_refused_and_change_nothing(variant):
    """Every entry point gets garbage: a rejected action leaves the game exactly as it was."""
    from mahjongkit.errors import IllegalActionError
    from mahjongkit.table import actions as A
    from mahjongkit.table.actions import Action

    rng = random.Random(11)
    game = Game(variant, seed=11, max_rounds=2)
    game.start()
    refused = 0
    while not game.over:
        for _ in range(3):
            bogus = Action(
                rng.choice(A.ACTION_TYPES),
                rng.randrange(-1, 5),
                rng.choice([None, rng.randrange(-3, 150)]),
                tuple(rng.randrange(0, 140) for _ in range(rng.randrange(0, 4))),
                rng.choice([None, 0, 1, 2]),
            )
            if bogus in game.legal_actions(bogus.seat) if 0 <= bogus.seat < 4 else False:
                continue
            before = game.snapshot()
            size = len(game.log)
            try:
                game.apply(bogus)
            except IllegalActionError:
                refused += 1
                assert game.snapshot() == before and len(game.log) == size
                continue
            # An equivalent of a legal call (same kinds from other copies) is accepted.
            assert bogus.consumed
        seat = game.waiting_for()[0]
        game.apply(random_policy(game, seat, rng))
    assert refused > 100


THREE_PLAYER = {"players": 3, "uma": "15000,0,-15000"}


@pytest.mark.parametrize(
    ("variant", "options"), [*((v, {}) for v in VARIANTS), ("riichi", THREE_PLAYER)]
)
def test_a_snapshot_is_plain_json_at_every_step(variant, options):
    """``Game.snapshot()`` is plain data, as its docstring says: ``json.dumps`` takes it and
    ``json.loads`` gives it back equal, melds (their kinds) included. Seats call whenever they
    may, so that chows, pungs and kongs are on the table."""
    from mahjongkit.options import override

    rules = override(find_variant(variant).rules(), [f"{k}={v}" for k, v in options.items()])
    rng = random.Random(11)
    game = Game(variant, rules, seed=11, max_rounds=2)
    game.start()
    kinds: set[str] = set()
    while not game.over:
        snapshot = game.snapshot()
        assert json.loads(json.dumps(snapshot)) == snapshot
        for seat in snapshot["round"]["seats"]:
            kinds.update(meld["kind"] for meld in seat["melds"])
        seat = game.waiting_for()[0]
        calls = [a for a in game.legal_actions(seat) if a.type in CALLS]
        game.apply(calls[0] if calls else random_policy(game, seat, rng))
    assert json.loads(json.dumps(game.snapshot())) == game.snapshot()
    assert kinds & {"chow", "pung"}, "the game had melds"
