"""The engine on laid-out walls: refused actions change nothing; kongs, replacements and bonus
tiles move the right tiles (H-02, H-06, H-13, H-14, R-19, S-14)."""

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.table.wall import tile_set
from tests.helpers.table_scenarios import JUNK, act, claims, pass_all, riichi_rules, table


def test_illegal_actions_name_the_problem_and_change_nothing():
    game = Game("riichi", seed=5)
    game.start()
    before = game.snapshot()
    log_size = len(game.log)
    not_held = next(t for t in range(136) if t not in game.round.seats[0].hand)
    cases = [
        (Action(A.DISCARD, 1, game.round.seats[1].hand[0]), "turn"),
        (Action(A.DISCARD, 0, not_held), "not in the hand"),
        (Action(A.PON, 0, 5), "not possible now"),
        (Action(A.DISCARD, 7, 0), "does not exist"),
        (Action("fly", 0), "unknown action type"),
    ]
    for action, fragment in cases:
        with pytest.raises(IllegalActionError, match=fragment):
            game.apply(action)
        assert game.snapshot() == before
        assert len(game.log) == log_size


def test_unknown_variant_and_seat_are_clear_errors():
    from mahjongkit.errors import NotationError

    with pytest.raises(NotationError, match="unknown variant"):
        Game("go")
    game = Game("sichuan", seed=1)
    game.start()
    with pytest.raises(IllegalActionError, match="does not exist"):
        game.observation(9)


def test_an_action_for_a_seat_that_does_not_exist_is_refused_cleanly():
    game = Game("riichi", seed=2)
    game.start()
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="does not exist"):
        game.apply(Action(A.PON, 4, 5, (1, 2)))
    assert game.snapshot() == before


def test_h06_concealed_kong_draws_a_replacement_and_turns_a_dora_at_once():
    """H-06 kong forms; Riichi kan dora (every preset turns a concealed kong's dora at once)."""
    hands = ["1111m25p369s1234z", *JUNK[1:]]
    game = table("riichi", hands, draws="5z")
    ankan = next(a for a in game.legal_actions(0) if a.type == A.ANKAN)
    events = game.apply(ankan)
    types = [e["type"] for e in events]
    assert types[0] == "ankan"
    assert "dora" in types
    draw = next(e for e in events if e["type"] == "tsumo")
    assert draw.get("mjk_replacement") is True
    dead = game.round.wall[-14:]
    assert draw["mjk_id"] == dead[0]
    assert game.indicator_tiles() == [dead[4], dead[5]]


def test_kan_dora_can_be_switched_off():
    hands = ["1111m25p369s1234z", *JUNK[1:]]
    game = table("riichi", hands, draws="5z", rules=riichi_rules("ema2012", kan_dora=False))
    events = act(game, 0, A.ANKAN)
    assert "dora" not in [e["type"] for e in events]
    assert len(game.indicator_tiles()) == 1


def test_h13_r19_robbing_an_added_kong_undoes_it():
    """R-19, H-13: the kong did not happen; the robbed tile leaves the pung's owner."""
    hands = ["5p147m369s123456z", "55p258m147s23677z", "46p123m456m789s11z", "258m369p258s1567z"]
    game = table("riichi", hands, draws="9m8p9p3p5p", rules=riichi_rules("ema2016", renhou="none"))
    act(game, 0, A.DISCARD, "5p")
    assert A.RON not in claims(game, 2)  # no yaku (and no renhou under these rules)
    act(game, 1, A.PON, "5p")
    act(game, 1, A.DISCARD, "2z")
    for seat, text in ((2, "8p"), (3, "9p"), (0, "3p")):
        pass_all(game)
        act(game, seat, A.DISCARD, text)
    pass_all(game)
    assert game.round.turn == 1
    act(game, 1, A.KAKAN, "5p")
    assert game.round.phase is Phase.ROB
    act(game, 2, A.RON, "5p")
    index, hora = next((i, e) for i, e in enumerate(game.log) if e["type"] == "hora")
    assert "chankan" in [p["id"] for p in hora["mjk_score"]["patterns"]]
    at_win = Game.replay(game.log[: index + 1])  # the next round has begun in the live game
    pung = at_win.round.seats[1].melds[0]
    assert pung.kind.value == "pung" and len(pung.tiles) == 3
    assert at_win.round.kongs == 0


def test_h02_hong_kong_bonus_tiles_in_the_deal_are_set_aside_and_replaced():
    """H-02: a flower or season is set aside and replaced."""
    hands = ["1f2g147m258p369s12z", *JUNK[1:]]
    game = table("hongkong", hands, draws="5z", tiles=tile_set(bonus=True))
    seat = game.round.seats[0]
    assert {136, 141} <= set(seat.flowers)
    assert all(t < 136 for t in seat.hand)
    assert len(seat.hand) == 14
    # Replacements come from the back of the wall, and a replacement flower is replaced too.
    assert game.round.replacements == len(seat.flowers)


def test_h02_h14_a_flower_replacement_is_not_a_kong_replacement():
    """H-02, H-14: a tile drawn to replace a flower is not a win "on a kong's replacement"."""
    hands = [*JUNK]
    game = table("hongkong", hands, draws="1f", tiles=tile_set(bonus=True))
    replacement = [e for e in game.log if e["type"] == "tsumo"][-1]
    assert replacement["mjk_replacement"] is True
    assert replacement["mjk_after_kong"] is False
    assert game.round.after_kong is False


def test_s14_a_pung_ends_what_followed_a_kong():
    """S-14: only the discard made right after the kong is "the discard after a kong" (+1 fan)."""
    hands = ["1111m234p567p88p9p", "99p22334455667s", "258m369p258s1357s", "23456678m78p889s"]
    game = table("sichuan", hands, draws="5m", back="6m", tiles=tile_set(27))
    for seat, suit in enumerate((2, 0, 1, 1)):
        game.apply(Action(A.DECLARE_MISSING, seat, suit=suit))
    act(game, 0, A.ANKAN)
    act(game, 0, A.DISCARD, "9p")
    assert game.round.kong_discard is True
    act(game, 1, A.PON, "9p")
    pass_all(game)
    act(game, 1, A.DISCARD, "7s")
    assert game.round.kong_discard is False
    assert game.round.after_kong is False
