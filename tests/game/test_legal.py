"""Legal actions and claims on laid-out walls: who may call what, and in which order (H-03,
H-04, R-19, RULES-sichuan §3, RULES-hongkong §4)."""

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.table.wall import tile_set
from tests.helpers.table_scenarios import (
    JUNK,
    REST,
    act,
    claims,
    discard_kind,
    kind,
    riichi_rules,
    table,
)


def test_h03_h04_chow_only_from_the_previous_player():
    """H-03, H-04: only the player after the discarder may chow."""
    hands = ["3m147p258p369s123z", "12m" + REST, "45m" + REST, "24m" + REST]
    game = table("riichi", hands, draws="9p")
    discard_kind(game, 0, "3m")
    assert A.CHI in claims(game, 1)
    assert A.CHI not in claims(game, 2)
    assert A.CHI not in claims(game, 3)
    wrong = tuple(t for t in game.round.seats[2].hand if t // 4 in (kind("4m"), kind("5m")))
    with pytest.raises(IllegalActionError, match="has nothing to decide"):
        game.apply(Action(A.CHI, 2, game.round.last_discard, wrong))


def test_h03_pung_beats_chow_whatever_the_order_of_answers():
    """H-03: win > kong > pung > chow."""
    hands = ["3m147p258p369s123z", "12m" + REST, "33m" + REST, "99m" + REST]
    game = table("riichi", hands, draws="9p")
    discard_kind(game, 0, "3m")
    chow = next(a for a in game.legal_actions(1) if a.type == A.CHI)
    pung = next(a for a in game.legal_actions(2) if a.type == A.PON)
    game.apply(chow)
    assert game.round.phase is Phase.CLAIM  # seat 2 has not answered yet
    game.apply(pung)
    assert game.round.turn == 2
    assert [m.kind.value for m in game.round.seats[2].melds] == ["pung"]
    assert game.round.seats[1].melds == []


def test_rules_sichuan_3_missing_suit_must_go_first_and_cannot_be_claimed():
    """RULES-sichuan §3: discard the missing suit first; no pung of the missing suit."""
    hands = ["11m234p567p99s123s", "112p5m345s678s999m", "246m246p246s1357p", "1357m1357p13579s"]
    game = table("sichuan", hands, draws="9p", tiles=tile_set(27))
    assert game.round.phase is Phase.DECLARE
    for seat, suit in enumerate((0, 0, 1, 2)):
        game.apply(Action(A.DECLARE_MISSING, seat, suit=suit))
    assert game.round.phase is Phase.TURN and game.round.turn == 0
    allowed = {a.tile // 4 for a in game.legal_actions(0) if a.type == A.DISCARD}
    assert allowed == {kind("1m")}
    discard_kind(game, 0, "1m")
    # Seat 1 holds no pair of 1m and seat 1's missing suit is m: nobody may claim it.
    assert all(A.PON not in claims(game, s) for s in (1, 2, 3))


@pytest.mark.parametrize(("preset", "offered"), [("ema2012", True), ("tenhou", False)])
def test_r19_only_thirteen_orphans_may_rob_a_concealed_kong(preset, offered):
    """R-19: Thirteen Orphans may rob a concealed kong (EMA), and only it; Tenhou: never."""
    hands = ["1111m25p369s1234z", "99m19p19s1234567z", "23m456p22p678s789s", JUNK[3]]
    game = table("riichi", hands, draws="5z", rules=riichi_rules(preset))
    act(game, 0, A.ANKAN)
    assert (A.RON in claims(game, 1)) is offered
    assert A.RON not in claims(game, 2)  # an ordinary hand waiting on 1m-4m may not rob


def test_a_refused_win_says_why():
    """R-05…R-47 need a yaku: the refusal names the scorer's reason, and changes nothing."""
    hands = ["5p147m369s123456z", "55p258m147s23677z", "46p123m456m789s11z", "258m369p258s1567z"]
    game = table("riichi", hands, draws="9m", rules=riichi_rules("ema2016", renhou="none"))
    act(game, 0, A.DISCARD, "5p")
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="ron on 5p: no_yaku"):
        game.apply(Action(A.RON, 2, game.round.last_discard))
    with pytest.raises(IllegalActionError, match="not complete"):
        game.apply(Action(A.RON, 3, game.round.last_discard))
    assert game.snapshot() == before


def test_nothing_is_legal_before_the_deal():
    game = Game("riichi", seed=1)
    assert game.legal_actions(0) == [] and game.waiting_for() == []
    with pytest.raises(IllegalActionError):
        game.apply(Action(A.DISCARD, 0, 0))


def test_rules_hongkong_4_1_a_seventh_bonus_tile_may_win_at_the_table():
    """RULES-hongkong §4 花糊: the seventh bonus tile is a win by itself, or is set aside."""
    hands = ["1f2f3f4f1g2g147m258p9s", *JUNK[1:]]
    tiles = tile_set(bonus=True)
    for choice in (A.TSUMO, A.FLOWER):
        game = table("hongkong", hands, draws="3g", back="9s9s9s8s8s8s7s", tiles=tiles)
        seat = game.round.seats[0]
        assert len(seat.flowers) == 6 and seat.drawn == 142
        assert {a.type for a in game.legal_actions(0)} == {A.TSUMO, A.FLOWER}
        events = game.apply(Action(choice, 0, 142))
        if choice == A.TSUMO:
            hora = next(e for e in events if e["type"] == "hora")
            assert [p["id"] for p in hora["mjk_score"]["patterns"]] == ["seven_bonus_tiles"]
            assert hora["deltas"] == [24, -8, -8, -8]
        else:
            assert len(game.round.seats[0].flowers) == 7
            assert A.DISCARD in claims(game, 0)


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_a_win_offered_is_listed_first(variant: str) -> None:
    """The engine lists a win before any other action (bots read the first one alone)."""
    import random as _random

    from mahjongkit.bots.policy import random_policy

    wins_seen = 0
    for seed in range(10):
        game = Game(variant, seed=seed, max_rounds=3)
        game.start()
        rng = _random.Random(seed)
        while seats := game.waiting_for():
            for seat in seats:
                legal = game.legal_actions(seat)
                kinds = [a.type for a in legal]
                if "tsumo" in kinds or "ron" in kinds:
                    wins_seen += 1
                    assert kinds[0] in ("tsumo", "ron"), kinds
            game.apply(random_policy(game, seats[0], rng))
    assert wins_seen >= (2 if variant == "hongkong" else 5)  # Hong Kong's 3-fan minimum
