"""A family from outside the library is one package and one registry line: registered, it is
played by the bots, simulated, stepped through as an RL environment and played at the web table.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mahjongkit import variants
from mahjongkit.bots import DefensiveAgent, EfficientAgent, RandomAgent, play
from mahjongkit.game.engine import Game
from mahjongkit.variants import VARIANT_NAMES, find_variant, register_variant


def test_registration_puts_the_family_in_every_list_of_names(toy: str) -> None:
    assert toy in VARIANT_NAMES and VARIANT_NAMES[-1] == toy
    assert find_variant(toy).name == toy
    register_variant(toy, "tests.toy_family")  # the same again: nothing changes
    with pytest.raises(variants.NotationError):
        register_variant(toy, "tests.elsewhere")
    with pytest.raises(variants.NotationError):
        register_variant("riichi", "tests.toy_family")


def test_the_registration_is_undone_after_the_test() -> None:
    assert "toy" not in VARIANT_NAMES


def test_the_scorer_wins_any_complete_hand_and_pays_the_stake(toy: str) -> None:
    from mahjongkit.hand import Hand
    from mahjongkit.scoring import Win
    from mahjongkit.tiles import Tile

    record = find_variant(toy)
    rules = record.rules()
    hand = Hand.parse("111234555678m99p")
    score = record.score(Win(hand, Tile.parse("9p"), self_draw=True, seat=1), rules)
    assert score.valid and score.pattern_ids() == ["complete_hand", "self_drawn"]
    assert score.payments == {0: -3, 1: 9, 2: -3, 3: -3}
    ron = record.score(Win(hand, Tile.parse("9p"), seat=1, from_seat=2), rules)
    assert ron.payments == {0: 0, 1: 3, 2: -3, 3: 0} and ron.value == 1
    broken = Hand.parse("111234555678m19p")
    assert not record.score(Win(broken, Tile.parse("9p"), self_draw=True), rules).valid


def test_the_bots_play_it_to_the_end(toy: str) -> None:
    for agents in (
        [EfficientAgent() for _ in range(4)],
        [DefensiveAgent() for _ in range(4)],
        [RandomAgent(seat) for seat in range(4)],
    ):
        game = Game(toy, seed=3)
        play(game, agents)
        assert game.over and game.rounds_played == 4 and sum(game.scores) == 0


def test_simulate_plays_it(toy: str) -> None:
    from mahjongkit.sim import Plan, simulate

    plan = Plan(toy, None, seed=1, games=3, bots=("efficient", "defensive", "random", "efficient"))
    summary = simulate(plan, jobs=1).to_json()
    assert summary["variant"] == toy and summary["games"] == 3 and summary["rounds"] == 12
    assert sum(seat["wins"] for seat in summary["seats"]) > 0


def test_the_rl_environment_steps_it_to_the_end(toy: str) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    from mahjongkit.rl import env, layout_for

    assert layout_for(toy).size == 61
    table = env(toy, max_rounds=1)
    table.reset(seed=1)
    rng = random.Random(0)
    steps = 0
    for _agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        legal = [i for i, on in enumerate(observation["action_mask"]) if on]
        table.step(rng.choice(legal))
        steps += 1
    assert steps > 10


def test_the_web_table_plays_a_hand_of_it(toy: str, tmp_path: Path) -> None:
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    from fastapi.testclient import TestClient

    from mahjongkit.web import create_app

    def send(ws: Any, message: dict[str, Any]) -> None:
        ws.send_text(json.dumps(message))

    app = create_app(records_path=tmp_path / "records.sqlite3")
    rng = random.Random(5)
    client = TestClient(app, raise_server_exceptions=True)
    with client, client.websocket_connect("/ws/play") as ws:
        start = {"type": "start", "variant": toy, "seed": 4, "max_rounds": 1, "hints": True}
        send(ws, {**start, "seat": 0, "bots": "efficient", "lang": "en"})
        message = json.loads(ws.receive_text())
        states = 0
        while message["type"] != "game_over":
            assert message["type"] == "state", message
            states += 1
            if message["legal"]:
                choice = rng.randrange(len(message["legal"]))
                send(ws, {"type": "act", "id": choice, "seq": message["seq"]})
            message = json.loads(ws.receive_text())
    assert states > 5 and message["rounds"] == 1 and sum(message["scores"]) == 0


def test_the_command_line_scores_simulates_and_pages_it(
    toy: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.helpers.cli import run

    code, out, err = run(
        capsys, "score", "111234555678m99p", "--variant", toy, "--win", "9p", "--tsumo",
        "--seat", "S", "--json",
    )
    assert (code, err) == (0, "")
    scored = json.loads(out)
    assert scored["payments"] == {"E": -3, "S": 9, "W": -3, "N": -3}
    assert scored["context"]["rules"] == next(iter(find_variant(toy).presets))
    # A field another family owns is refused by the API, naming its owner.
    code, _, err = run(
        capsys, "score", "111234555678m99p", "--variant", toy, "--win", "9p", "--dora", "1m"
    )
    assert code == 2 and "--dora" in err
    code, out, _ = run(capsys, "waits", "111234555678m9p", "--variant", toy, "--json")
    assert code == 0 and json.loads(out)["waits"] == ["9p"]
    stored = tmp_path / "games.jsonl"
    code, out, err = run(
        capsys, "simulate", "--variant", toy, "--games", "2", "--seed", "4", "--jobs", "1",
        "--bot", "efficient", "--out", str(stored), "--json",
    )
    assert code == 0, err
    summary = json.loads(out)
    assert summary["variant"] == toy and summary["games"] == 2
    assert len(stored.read_text().splitlines()) == 2


def _toy_positions(toy: str) -> Iterator[tuple[Game, int]]:
    """Every seat at every decision of a seeded toy game the efficient bots play."""
    from mahjongkit.bots.session import run_until

    game = Game(toy, seed=6, max_rounds=1)
    game.start()
    bots = [EfficientAgent() for _ in range(4)]
    while not game.over:
        for seat in range(4):
            yield game, seat
        if not run_until(game, bots, max_actions=1):
            break


def test_the_toy_familys_hint_kinds_reach_the_web_hints_and_the_terminal(toy: str) -> None:
    """The record's ``hint_kinds`` (shanten, discards, waits: no values, no danger) decide
    what the web table's hint JSON and the terminal's hint panel give, not a guess from the
    family: a ready hand's waits come without what each is worth."""
    from mahjongkit.bots.hints import position_hints
    from mahjongkit.tiles import format_kind
    from mahjongkit.tui.view import TileNames, hint_rows
    from mahjongkit.variants.base import HintKind
    from mahjongkit.web.hints import hints_for

    offered = find_variant(toy).hint_kinds
    assert HintKind.VALUES not in offered and HintKind.DANGER not in offered
    turns = ready = 0
    for game, seat in _toy_positions(toy):
        observation = game.observation(seat, with_events=False)
        page = hints_for(observation, game.flow.rules, "en")
        assert page["kinds"] == ["shanten", "discards", "waits"]
        hints = position_hints(game, seat)
        assert hints.kinds == offered
        assert not page["danger"] and not hints.danger
        names = TileNames(game.flow.tile, glyphs=False)
        rows = "\n".join(hint_rows(hints, "en", names, 200, 200, observation.hand))
        assert rows.startswith("Hints: ")  # the hand's state: SHANTEN is offered
        if page["discards"]:
            turns += 1
            assert len(page["legend"]) == 3  # the badge, the steps, the useful tiles
            for option in page["discards"]:
                for wait in option.get("waits", ()):
                    assert wait["reason"] is None and "ron" not in wait
        if len(observation.hand) == 13 and hints.shanten == 0:
            ready += 1
            assert hints.waits and not hints.values
            assert [w["tile"] for w in page["waits"]] == [format_kind(k) for k in hints.waits]
            assert all("ron" not in wait for wait in page["waits"])
            assert "waits: " in rows and "ron " not in rows
    assert turns > 10 and ready > 0


def test_a_family_offering_values_gets_them_where_the_toy_does_not() -> None:
    """The same check as the toy's, the other way: Riichi's record offers values, furiten and
    danger, and a ready hand's waits come with what each is worth."""
    from mahjongkit.bots.hints import position_hints
    from mahjongkit.bots.session import run_until
    from mahjongkit.variants.base import HintKind
    from mahjongkit.web.hints import hints_for

    record = find_variant("riichi")
    assert {HintKind.VALUES, HintKind.FURITEN, HintKind.DANGER} <= set(record.hint_kinds)
    game = Game("riichi", seed=2, max_rounds=1)
    game.start()
    bots = [EfficientAgent() for _ in range(4)]
    while not game.over:
        for seat in range(4):
            hints = position_hints(game, seat)
            if len(game.observation(seat, with_events=False).hand) == 13 and hints.waits:
                page = hints_for(game.observation(seat), game.flow.rules, "en")
                assert page["kinds"] == [kind.value for kind in record.hint_kinds]
                assert hints.values and all("ron" in wait for wait in page["waits"])
                return
        run_until(game, bots, max_actions=1)
    raise AssertionError("no ready hand in the seeded game")
