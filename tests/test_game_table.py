"""The table's mechanics on laid-out walls (issue 6, item 1; H-03, H-04, H-06, S rules §3-§4)."""

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.game import actions as A
from mahjongkit.game.actions import Action
from mahjongkit.game.engine import Game
from mahjongkit.game.state import Phase
from mahjongkit.game.wall import tile_set
from mahjongkit.tiles import parse_kinds
from tests.table_helpers import build_wall

JUNK = ["147m258p369s1234z", "258m369p147s5677z", "369m147p258s1567z", "258m369p147s2344z"]
REST = "14p25p36s9s4567z"
"""Ten tiles that make nothing with the others, to complete a hand around a few chosen tiles."""


def kind(text):
    return parse_kinds(text)[0]


def table(variant, hands, draws="", rules=None, **extra):
    wall = build_wall(hands, draws, tiles=extra.pop("tiles", None))
    game = Game(variant, rules, wall_source=lambda g, n: list(wall), **extra)
    game.start()
    return game


def discard_kind(game, seat, text):
    tile = next(t for t in game.round.seats[seat].hand if t // 4 == kind(text))
    return game.apply(Action(A.DISCARD, seat, tile))


def claims(game, seat):
    return sorted({a.type for a in game.legal_actions(seat)})


def test_chow_only_from_the_previous_player():
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


def test_pung_beats_chow_whatever_the_order_of_answers():
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
        (Action("fly", 0), "not possible now"),
    ]
    for action, fragment in cases:
        with pytest.raises(IllegalActionError, match=fragment):
            game.apply(action)
        assert game.snapshot() == before
        assert len(game.log) == log_size


def test_garbage_actions_from_json_are_refused():
    from mahjongkit.errors import NotationError

    for data in [
        None,
        [],
        {"type": "jump", "seat": 0},
        {"type": "discard"},
        {"type": "discard", "seat": "E"},
        {"type": "discard", "seat": 0, "tile": "5m"},
        {"type": "chi", "seat": 1, "consumed": "12"},
        {"type": "declare_missing", "seat": 0, "suit": 3},
    ]:
        with pytest.raises(NotationError):
            Action.from_json(data)
    assert Action.from_json(Action(A.CHI, 1, 8, (1, 5)).to_json()) == Action(A.CHI, 1, 8, (1, 5))


def test_concealed_kong_draws_a_replacement_and_turns_a_dora_at_once():
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


def test_unknown_variant_and_seat_are_clear_errors():
    from mahjongkit.errors import NotationError

    with pytest.raises(NotationError, match="unknown variant"):
        Game("go")
    game = Game("sichuan", seed=1)
    game.start()
    with pytest.raises(IllegalActionError, match="does not exist"):
        game.observation(9)


def test_sichuan_missing_suit_must_go_first_and_cannot_be_claimed():
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


def test_hong_kong_bonus_tiles_in_the_deal_are_set_aside_and_replaced():
    """H-02: a flower or season is set aside and replaced."""
    hands = ["1f2g147m258p369s12z", *JUNK[1:]]
    game = table("hongkong", hands, draws="5z", tiles=tile_set(bonus=True))
    seat = game.round.seats[0]
    assert {136, 141} <= set(seat.flowers)
    assert all(t < 136 for t in seat.hand)
    assert len(seat.hand) == 14
    # Replacements come from the back of the wall, and a replacement flower is replaced too.
    assert game.round.replacements == len(seat.flowers)


def test_a_flower_replacement_is_not_a_kong_replacement():
    """H-02, H-14: a tile drawn to replace a flower is not a win "on a kong's replacement"."""
    hands = [*JUNK]
    game = table("hongkong", hands, draws="1f", tiles=tile_set(bonus=True))
    replacement = [e for e in game.log if e["type"] == "tsumo"][-1]
    assert replacement["mjk_replacement"] is True
    assert replacement["mjk_after_kong"] is False
    assert game.round.after_kong is False
