"""The engine's guards: corrupt logs, wrongly typed actions, hidden fields, immutable views, and
the rules the Tenhou records taught (issue 11, items 6-8, 10, 11).
"""

from __future__ import annotations

import dataclasses
import json
import random
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongkit.bots.policy import play_random
from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import FrozenDict, check_event
from mahjongkit.table.state import Phase
from mahjongkit.table.wall import tile_set
from mahjongkit.variants.hongkong.rules import HongKongRules
from mahjongkit.variants.riichi.flow import RiichiFlow
from mahjongkit.variants.riichi.rules import RiichiRules
from tests.helpers.table_scenarios import (
    discard,
    held,
    lay_wall,
    new_game,
    only,
    pass_all,
    pattern_ids,
    play,
    riichi,
    riichi_game,
)

VARIANTS = ("riichi", "hongkong", "sichuan")


def _played(variant: str, seed: int, **options: object) -> Game:
    game = Game(variant, seed=seed, **options)  # type: ignore[arg-type]
    play_random(game, random.Random(seed))
    return game


def _draws(game: Game) -> list[list[int]]:
    """The physical tiles drawn in each round (deal, draws, replacements), in order."""
    rounds: list[list[int]] = []
    for event in game.log:
        if event["type"] == "start_kyoku":
            rounds.append(list(event["mjk_wall"][: 13 * game.players]))
        elif event["type"] in ("tsumo", "mjk:deal_replacement"):
            rounds[-1].append(event["mjk_id"])
    return rounds


# --- item 6: no physical tile is drawn twice -----------------------------------------------------


@pytest.mark.parametrize(("variant", "seed"), [(v, s) for v in VARIANTS for s in (3, 14)])
def test_no_physical_tile_is_ever_drawn_twice_over_a_full_game(variant, seed):
    game = _played(variant, seed)
    assert game.over
    for drawn in _draws(game):
        assert len(drawn) == len(set(drawn)), "a tile was drawn twice"
    flowers = [e["mjk_id"] for e in game.log if e["type"] == "mjk:flower"]
    starts = [i for i, e in enumerate(game.log) if e["type"] == "start_kyoku"]
    for begin, end in zip(starts, [*starts[1:], len(game.log)], strict=True):
        shown = [e["mjk_id"] for e in game.log[begin:end] if e["type"] == "mjk:flower"]
        assert len(shown) == len(set(shown)), "a flower was set aside twice"
    assert variant != "hongkong" or flowers


def test_h02_a_flower_drawn_as_the_last_live_tile_ends_the_hand_without_a_replacement():
    """The last live tile is a flower: nothing is left to replace it, the wall is exhausted."""
    rules = HongKongRules.old_style()
    hands = ["123m456m789m123p4p", "147m258p369s1234z", "258m369p147s5566z", "369m147p258s7z777z"]
    # The deal, then a live wall of one tile: a flower (bonus tiles are ids 136..143).
    wall = [*lay_wall(hands, "", tiles=tile_set(), live=0), 140]
    game = new_game("hongkong", rules, wall, max_rounds=1)
    game.start()  # the dealer draws the flower: set aside, and nothing is left to draw
    assert game.over
    kinds = [e["type"] for e in game.log]
    assert kinds.count("mjk:flower") == 1 and "ryukyoku" in kinds
    assert only(game.log, "ryukyoku")["reason"] == "exhaustive"
    assert [e["mjk_id"] for e in game.log if e["type"] == "tsumo"] == [140]


# --- item 7: replay checks every event -----------------------------------------------------------


def _log(variant: str = "riichi", seed: int = 2) -> list[dict]:
    game = Game(variant, seed=seed, max_rounds=1)
    play_random(game, random.Random(seed))
    return json.loads(json.dumps(game.log))


def _index(log: list[dict], kind: str, nth: int = 0) -> int:
    return [i for i, e in enumerate(log) if e["type"] == kind][nth]


def test_replay_refuses_a_duplicated_draw_naming_its_index():
    log = _log()
    at = _index(log, "tsumo", 3)
    bad = [*log[: at + 1], log[at], *log[at + 1 :]]
    with pytest.raises(IllegalActionError, match=f"event {at + 1} \\(tsumo\\)"):
        Game.replay(bad)


def test_replay_refuses_a_dropped_discard_naming_its_index():
    log = _log()
    at = _index(log, "dahai", 5)
    bad = log[:at] + log[at + 1 :]
    with pytest.raises(IllegalActionError, match=f"event {at} "):
        Game.replay(bad)


def test_replay_refuses_a_changed_tile_id():
    log = _log()
    at = _index(log, "tsumo", 4)
    bad = json.loads(json.dumps(log))
    bad[at]["mjk_id"] = (bad[at]["mjk_id"] + 1) % 136
    with pytest.raises(IllegalActionError, match=f"event {at} \\(tsumo\\): field 'mjk_id'"):
        Game.replay(bad)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"mjk_variant": "chess"}, "unknown variant"),
        ({"mjk_variant": 7}, "field 'mjk_variant' must be a string"),
        ({"mjk_seed": "1"}, "field 'mjk_seed' must be an integer"),
        ({"mjk_seed": True}, "field 'mjk_seed' must be an integer"),
        ({"mjk_rules": {"players": 5}}, "the players option is a whole number from 3 to 4"),
        ({"mjk_rules": {"no_such_option": 1}}, "do not fit"),
        ({"mjk_rules": {"abortive_draws": -5}}, "the abortive_draws option takes a list"),
        ({"mjk_rules": {"riichi_deposit": "x"}}, "the riichi_deposit option takes a whole"),
        ({"mjk_rules": {"double_wind_pair_fu": {"a": 1}}}, "takes a whole number, not {'a': 1}"),
        ({"mjk_rules": {"double_wind_pair_fu": 3}}, "double_wind_pair_fu option is one of 2, 4"),
        ({"mjk_rules": {"players": {"a": 1}}}, "the players option takes a whole number"),
        ({"mjk_rules": {"uma": [1, "x", 3, 4]}}, "each entry of the uma option is a whole"),
        ({"mjk_rules": {"honba_value": 10**20}}, "honba_value is out of range"),
        ({"mjk_rules": {"honba_value": 10**6}}, "the honba_value option is a whole number from 0"),
        ({"mjk_rules": {"renhou": None}}, "the renhou option takes text, not None"),
        ({"mjk_rules": []}, "field 'mjk_rules' must be an object"),
        ({"names": "abcd"}, "field 'names' must be a list"),
        ({"names": ["a", "b"]}, "one string per seat"),
        ({"mjk_scores": [1, 2]}, "2 scores for 4 players"),
        ({"mjk_scores": [1e400] * 4}, "must be an integer"),
        ({"mjk_extra": 1}, "unknown field 'mjk_extra'"),
    ],
)
def test_replay_of_a_malformed_start_game_is_a_typed_error(change, fragment):
    log = _log()
    log[0] = {**log[0], **change}
    with pytest.raises(IllegalActionError, match=fragment):
        Game.replay(log)


GARBAGE_VALUES = ["x", "", None, [1, 2], [], {"a": 1}, 1.5, float("nan"), True, -5, 0, 10**12]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_log_whose_rules_are_garbage_is_refused_as_an_illegal_action(variant):
    """Item 7: every option of a log's ``mjk_rules`` set to values of every JSON type and
    size: the replay raises IllegalActionError (the rules do not fit, or the events do not
    follow from them), or replays under values the options accept; never a TypeError."""
    log = _log(variant, 3)[:40]
    for name in log[0]["mjk_rules"]:
        for value in GARBAGE_VALUES:
            changed = json.loads(json.dumps(log))
            changed[0]["mjk_rules"][name] = value
            try:
                Game.replay(changed)
            except IllegalActionError:
                continue
            rules = Game.replay(changed).flow.rules
            assert getattr(rules, name) == (tuple(value) if isinstance(value, list) else value)


def test_a_log_cut_anywhere_replays_to_the_fold_of_its_events():
    log = _log("sichuan", 4)
    for stop in (1, 2, 3, 7, len(log) // 2, len(log) - 1):
        game = Game.replay(log[:stop])
        assert len(game.log) == stop
        assert game.log == log[:stop]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(VARIANTS),
    st.integers(0, 10_000),
    st.sampled_from(["drop", "copy", "swap", "field"]),
    st.one_of(st.none(), st.integers(-3, 200), st.text(max_size=3), st.booleans()),
)
def test_a_mutated_log_replays_or_is_refused_with_a_typed_error(variant, where, how, value):
    log = _LOGS[variant]
    at = 1 + where % (len(log) - 1)
    bad = json.loads(json.dumps(log))
    if how == "drop":
        del bad[at]
    elif how == "copy":
        bad.insert(at, bad[at])
    elif how == "swap" and at + 1 < len(bad):
        bad[at], bad[at + 1] = bad[at + 1], bad[at]
    else:
        fields = sorted(k for k in bad[at] if k != "type")
        if fields:
            bad[at][fields[where % len(fields)]] = value
    try:
        game = Game.replay(bad)
    except IllegalActionError:
        return
    assert json.loads(json.dumps(game.log)) == bad[: len(game.log)]


_LOGS = {variant: _log(variant, 6) for variant in VARIANTS}


# --- item 8: actions are checked at the boundary --------------------------------------------------


class _NumpyLikeInt(int):
    """An integer type that is not ``int`` (as NumPy's integers are)."""


def _claim_window() -> tuple[Game, Action]:
    """A Riichi game where seat 1 may pon the dealer's discard, and that pon."""
    hands = ["1m234m567m99p1234z", "11m456p789p123s99s", "147m258p369s55z66z", "369m147p258s77z11z"]
    game = riichi_game(RiichiRules.ema2016(), hands, draws="7z")
    discard(game, 0, "1m")
    pon = next(a for a in game.legal_actions(1) if a.type == A.PON)
    return game, pon


@pytest.mark.parametrize(
    "change",
    [
        {"seat": _NumpyLikeInt(1)},
        {"seat": True},
        {"seat": 1.0},
        {"tile": 0.0},
        {"consumed": [0, 1]},
        {"consumed": (0.0, 1)},
        {"type": 5},
    ],
)
def test_an_action_with_a_wrongly_typed_field_is_refused_and_changes_nothing(change):
    game, pon = _claim_window()
    wrong = dataclasses.replace(pon, **change)
    before = game.snapshot()
    with pytest.raises(IllegalActionError, match=r"must be|unknown action type"):
        game.apply(wrong)
    assert game.snapshot() == before
    game.apply(pon)  # the real one still works, and the window closes
    assert game.round.phase is Phase.TURN and game.round.turn == 1
    json.dumps(game.log)


def test_something_that_is_not_an_action_is_refused():
    game, _ = _claim_window()
    with pytest.raises(IllegalActionError, match="an action is an Action, not dict"):
        game.apply({"type": "pass", "seat": 1})  # type: ignore[arg-type]


# --- item 10: hidden fields -----------------------------------------------------------------------


def test_a_kakan_tells_only_its_actor_whether_the_added_tile_was_just_drawn():
    hands = ["1m234m567m99p1234z", "11m456p789p123s99s", "258m258p369s55z66z", "369m147p258s77z55s"]
    game = riichi_game(RiichiRules.ema2016(), hands, draws="7z5z6z7z1m")
    discard(game, 0, "1m")
    play(game, 1, A.PON)
    discard(game, 1, "9s")
    pass_all(game)
    for _ in range(3):
        seat = game.round.turn
        game.apply(Action(A.DISCARD, seat, game.round.seats[seat].drawn))
        pass_all(game)
    assert game.round.turn == 1
    play(game, 1, A.KAKAN)
    added = [e for e in game.log if e["type"] == "kakan"]
    assert added and added[0]["mjk_drawn_now"] is True
    for seat in range(4):
        seen = [e for e in game.observation(seat).events if e["type"] == "kakan"]
        assert ("mjk_drawn_now" in seen[0]) == (seat == 1)


# --- immutable observations and events ------------------------------------------------------------


def test_an_observation_cannot_be_changed_and_editing_its_json_changes_nothing():
    game = Game("hongkong", seed=3)
    game.start()
    observation = game.observation(0)
    before = game.snapshot()
    with pytest.raises(dataclasses.FrozenInstanceError):
        observation.seat = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        observation.events[0]["type"] = "x"  # type: ignore[index]
    with pytest.raises(TypeError):
        observation.events[1]["tehais"].append(["?"])  # type: ignore[typeddict-item]
    view = observation.to_json()
    view["seats"][0]["hand"].clear()
    view["legal_actions"].clear()
    with pytest.raises(TypeError):
        view["events"][1]["tehais"][0].clear()
    view["events"].clear()
    assert game.snapshot() == before
    assert game.observation(0).to_json() == observation.to_json()
    assert isinstance(game.log[0], FrozenDict)
    with pytest.raises(TypeError):
        game.log[1]["scores"][0] = 10**6  # type: ignore[typeddict-item]


def test_every_event_the_engine_emits_fits_its_declaration():
    for variant in VARIANTS:
        for event in _played(variant, 8, max_rounds=2).log:
            check_event(json.loads(json.dumps(event)))


# --- item 11: rules found by replaying Tenhou games -----------------------------------------------


def test_r06_r19_a_riichi_player_who_robs_an_added_kong_in_the_first_go_around_keeps_ippatsu():
    """The robbed kong never happened (R-19), so nothing interrupted the go-around (R-06)."""
    hands = ["1359m1359p1359s7z", "2468m2468p268s23z", "123456789m9p45s1z", "7m789p66789s1234z"]
    game = riichi_game(RiichiRules.ema2016(), hands, draws="5z6z5z6z9p6s")
    discard(game, 0, "5z")
    pass_all(game)
    discard(game, 1, "6s")
    play(game, 3, A.PON)
    pass_all(game)
    discard(game, 3, "1z")
    pass_all(game)
    discard(game, 0, "5z")
    pass_all(game)
    discard(game, 1, "6z")
    pass_all(game)
    riichi(game, 2, "1z")
    pass_all(game)
    assert game.round.turn == 3 and held(game, 3, "6s")
    play(game, 3, A.KAKAN)
    assert game.round.phase is Phase.ROB
    events = play(game, 2, A.RON)
    win = only(events, "hora")
    assert {"riichi", "ippatsu", "chankan"} <= pattern_ids(win)


_TENPAI_YAME = dataclasses.replace(RiichiRules.tenhou(), tenpai_yame=True)
_BEFORE_2010 = dataclasses.replace(RiichiRules.tenhou(), tenpai_yame=False)


def _last_hand(result: dict, scores: list[int]) -> SimpleNamespace:
    """A view of South 4 (the last hand of a Tenhou game), dealt by seat 3."""
    round_state = SimpleNamespace(
        round_wind=1, hand_number=3, dealer=3, honba=0, result=result, deposits=0
    )
    return SimpleNamespace(round=round_state, scores=scores, players=4)


@pytest.mark.parametrize(
    ("rules", "scores", "ends"),
    [
        (_TENPAI_YAME, [20000, 20000, 25000, 35000], True),
        (_TENPAI_YAME, [20000, 20000, 35000, 25000], False),  # not first: play on
        (_TENPAI_YAME, [20000, 20000, 30000, 30000], False),  # tied first
        (RiichiRules.tenhou(), [20000, 20000, 25000, 35000], True),  # Tenhou since June 2010
        # Tenhou's records from before June 2010 play on.
        (_BEFORE_2010, [20000, 20000, 25000, 35000], False),
        (RiichiRules.ema2016(), [20000, 20000, 25000, 35000], False),
    ],
)
def test_tenpai_yame_ends_the_game_when_the_last_dealer_is_ready_and_alone_in_first(
    rules, scores, ends
):
    flow = RiichiFlow(rules)
    view = _last_hand({"kind": "exhaustive", "tenpai": [3]}, scores)
    following = flow.next_round(view)  # type: ignore[arg-type]
    assert (following is None) == ends
    if not ends and rules.game_length == 2 and not rules.extension:
        assert following is not None


@pytest.mark.parametrize(
    ("arguments", "fragment"),
    [
        ({"variant": 5}, "unknown variant 5"),
        ({"variant": "chess"}, "unknown variant 'chess'"),
        ({"rules": 5}, "played under RiichiRules, not int"),
        ({"rules": HongKongRules()}, "not HongKongRules"),
        ({"seed": 1.5}, "seed is an integer"),
        ({"seed": 2**70}, "seed is an integer"),
        ({"names": 5}, "one string per seat"),
        ({"names": ["a", "b", "c", 4]}, "one string per seat"),
        ({"max_rounds": 0}, "max_rounds is a positive integer"),
    ],
)
def test_a_game_built_from_garbage_is_a_typed_error(arguments, fragment):
    with pytest.raises(MahjongError, match=fragment):
        Game(**arguments)


def test_settle_claims_plays_the_kept_answers_and_passes_the_rest() -> None:
    from mahjongkit.bots.policy import random_policy
    from mahjongkit.game.engine import settle_claims
    from mahjongkit.table import actions as _A
    from mahjongkit.table.state import Phase as _Phase

    for seed in range(60):
        game = Game("riichi", seed=seed, max_rounds=1)
        game.start()
        rng = random.Random(seed)
        while not game.over and game.waiting_for():
            if game.round.phase is _Phase.CLAIM:
                pons = [
                    a for s in game.waiting_for() for a in game.legal_actions(s) if a.type == _A.PON
                ]
                if pons:
                    break
            game.apply(random_policy(game, game.waiting_for()[0], rng))
        else:
            continue
        passed = Game.replay(list(game.log))
        settle_claims(passed)
        assert passed.round.phase is _Phase.TURN
        assert [e["type"] for e in passed.log[len(game.log) :]].count("pon") == 0
        settle_claims(game, {pons[0].seat: pons[0]})
        called = [e for e in game.log if e["type"] == "pon"]
        assert called and called[-1]["actor"] == pons[0].seat
        assert game.round.turn == pons[0].seat
        return
    raise AssertionError("no pon offered in the seeds tried")


_POSITION = {"round_wind": 0, "hand_number": 0, "dealer": 0, "honba": 0, "deposits": 0}


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"round_wind": 1.0}, "round_wind is an integer from 0 to 3, not 1.0"),
        ({"dealer": "0"}, "dealer is an integer from 0 to 3, not '0'"),
        ({"honba": None}, "honba is an integer"),
        ({"scores": 25000}, "no scores for 4 players"),
        ({"scores": [25000] * 3}, "3 scores for 4 players"),
        ({"scores": [25000, 25000, 25000, 2.5e4]}, "4 scores for 4 players"),
    ],
)
def test_a_game_started_at_a_garbage_position_is_a_typed_error_and_stays_unstarted(
    change, fragment
):
    # The engine is compiled where a build is present: every refusal is still ours, worded.
    game = Game("riichi", seed=1)
    with pytest.raises(IllegalActionError, match=fragment):
        game.start_at(**{**_POSITION, "scores": [25000] * 4, **change})
    assert game.log == []
    assert game.start_at(**_POSITION, scores=(25000,) * 4)[0]["mjk_scores"] == [25000] * 4


@pytest.mark.parametrize("seat", ["0", 0.0, None, True, -1, 4, [0]])
def test_a_garbage_seat_has_no_actions_and_no_observation(seat):
    game = Game("riichi", seed=1)
    game.start()
    assert game.legal_actions(seat) == []
    with pytest.raises(IllegalActionError, match="does not exist at a 4-player table"):
        game.observation(seat)
    with pytest.raises(IllegalActionError, match="does not exist at a 4-player table"):
        game.observation_at(seat, 1)
    assert game.observation(0, with_events=0).events == ()  # any falsy flag leaves them out


@pytest.mark.parametrize("events", ["1", 1.0, None, 0, 10**6])
def test_observation_at_a_garbage_count_of_events_is_a_typed_error(events):
    game = Game("riichi", seed=1)
    game.start()
    with pytest.raises(IllegalActionError, match="the log has 3 events"):
        game.observation_at(0, events)
