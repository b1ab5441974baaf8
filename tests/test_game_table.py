"""The table's mechanics on laid-out walls (issue 6, item 1; H-03, H-04, H-06, S rules §3-§4)."""

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.table.wall import tile_set
from mahjongkit.tiles import parse_kinds
from tests.table_scenarios import lay_wall

JUNK = ["147m258p369s1234z", "258m369p147s5677z", "369m147p258s1567z", "258m369p147s2344z"]
REST = "14p25p36s9s4567z"
"""Ten tiles that make nothing with the others, to complete a hand around a few chosen tiles."""


def kind(text):
    return parse_kinds(text)[0]


def table(variant, hands, draws="", rules=None, back="", **extra):
    """A started game dealt from a laid-out wall (``back``: replacement tiles, last first)."""
    tiles = extra.pop("tiles", None) or tile_set()
    dead = 14 if variant == "riichi" else 0
    wall = lay_wall(hands, draws, tiles=tiles, dead_size=dead, back=back)
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
        (Action("fly", 0), "unknown action type"),
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


def act(game, seat, kind_of_action, tile_text=None):
    """Play the legal action of this type (on a tile of this kind, if given)."""
    for action in game.legal_actions(seat):
        if action.type != kind_of_action:
            continue
        if tile_text is None or (action.tile is not None and action.tile // 4 == kind(tile_text)):
            return game.apply(action)
    raise AssertionError(
        f"{kind_of_action} {tile_text} is not legal for seat {seat}: {game.legal_actions(seat)}"
    )


def riichi_rules(preset, **changes):
    from dataclasses import replace

    from mahjongkit.variants.riichi.rules import RiichiRules

    return replace(getattr(RiichiRules, preset)(), **changes)


@pytest.mark.parametrize(("preset", "offered"), [("ema2012", True), ("tenhou", False)])
def test_only_thirteen_orphans_may_rob_a_concealed_kong(preset, offered):
    """R-19: Thirteen Orphans may rob a concealed kong (EMA), and only it; Tenhou: never."""
    hands = ["1111m25p369s1234z", "99m19p19s1234567z", "23m456p22p678s789s", JUNK[3]]
    game = table("riichi", hands, draws="5z", rules=riichi_rules(preset))
    act(game, 0, A.ANKAN)
    assert (A.RON in claims(game, 1)) is offered
    assert A.RON not in claims(game, 2)  # an ordinary hand waiting on 1m-4m may not rob


def pass_all(game):
    while game.round.phase in (Phase.CLAIM, Phase.ROB) and game.waiting_for():
        game.apply(Action(A.PASS, game.waiting_for()[0]))


def test_robbing_an_added_kong_undoes_it():
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


def test_kan_dora_can_be_switched_off():
    hands = ["1111m25p369s1234z", *JUNK[1:]]
    game = table("riichi", hands, draws="5z", rules=riichi_rules("ema2012", kan_dora=False))
    events = act(game, 0, A.ANKAN)
    assert "dora" not in [e["type"] for e in events]
    assert len(game.indicator_tiles()) == 1


def test_a_pung_ends_what_followed_a_kong():
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


def test_observations_hide_who_can_rob_or_claim_and_deal_replacements():
    hands = ["1f2g147m258p369s12z", *JUNK[1:]]
    game = table("hongkong", hands, draws="5z", tiles=tile_set(bonus=True))
    for seat in (1, 2, 3):
        view = game.observation(seat).to_json()
        for event in view["events"]:
            if event["type"] in ("mjk:deal_replacement", "tsumo") and event["actor"] == 0:
                assert event.get("mjk_id", "?") == "?"
            assert "mjk_robbable" not in event


def test_an_action_for_a_seat_that_does_not_exist_is_refused_cleanly():
    game = Game("riichi", seed=2)
    game.start()
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match="does not exist"):
        game.apply(Action(A.PON, 4, 5, (1, 2)))
    assert game.snapshot() == before


def test_replaying_garbage_logs_names_the_bad_event():
    game = Game("sichuan", seed=1)
    game.start()
    good = list(game.log)
    cases = [
        ([], "starts with a start_game"),
        ([{"type": "tsumo"}], "starts with a start_game"),
        (["start_game"], "starts with a start_game"),
        ([good[0], {"type": "fly"}], "event 1: unknown event type 'fly'"),
        ([good[0], {"type": "start_kyoku"}], "event 1: start_kyoku: missing field 'bakaze'"),
        ([good[0], 7], "event 1: an event is a JSON object, not 7"),
        ([*good[:2], {"type": "dahai", "actor": 0, "mjk_id": 999}], "event 2: dahai: missing"),
    ]
    for log, fragment in cases:
        with pytest.raises(IllegalActionError, match=fragment):
            Game.replay(log)
    assert Game.replay(good).snapshot() == game.snapshot()


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


def test_a_seventh_bonus_tile_may_win_at_the_table():
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
