"""The engine plays no family's rule itself: Riichi's declaration, deposit and triple-ron abort,
its furiten, ippatsu and swap-calling, and Sichuan's kong money are its flow's hooks; the Flow a
family's author reads is one short class (issue 30, items 3 and 5)."""

from __future__ import annotations

import io
import random
import token
import tokenize
from pathlib import Path
from typing import Any

import pytest

from mahjongkit import native
from mahjongkit.bots.policy import random_policy
from mahjongkit.game import engine, fold, hands, legal
from mahjongkit.game.engine import Game
from mahjongkit.table import flow as table_flow
from mahjongkit.table.flow import Flow
from mahjongkit.table.hooks import SKIPPED_WHEN_DEFAULT, Defaults
from mahjongkit.table.state import TableState
from mahjongkit.variants import VARIANT_NAMES

FAMILY_WORDS = {
    "riichi_pending",
    "double_riichi",
    "ippatsu",
    "furiten_temporary",
    "furiten_riichi",
    "waiting_on_discard",
    "riichi_deposit",
    "double_riichi_now",
    "reach_accepted",
    "sanchaho",
    "kong_income",
    "missing_suit",
    "exchange",
    "last_kong_seat",
}
"""Riichi's and Sichuan's state and rules, by the names they go by."""


def _names(module: object) -> set[str]:
    """The names and string values a module's code uses (docstrings and comments aside)."""
    # The source itself: a compiled module keeps none for inspect.
    name: str = module.__name__  # type: ignore[attr-defined]
    source = Path(native.source(name)).read_text(encoding="utf-8")
    found = set()
    for item in tokenize.generate_tokens(io.StringIO(source).readline):
        if item.type == token.NAME:
            found.add(item.string)
        elif item.type == token.STRING and len(item.string) < 40:
            found.add(item.string.strip("\"'"))
    return found


@pytest.mark.parametrize("module", [engine, fold, legal, hands], ids=lambda m: m.__name__)
def test_the_engine_names_no_familys_state_or_rule(module: object) -> None:
    assert not _names(module) & FAMILY_WORDS


def test_the_flow_a_family_writes_is_short_and_the_defaults_live_apart() -> None:
    own = {
        name
        for name, value in vars(Flow).items()
        if callable(value) and not name.startswith("_")
    }
    assert own == {"tiles", "score", "next_round"}
    assert Flow.__abstractmethods__ == {"tiles", "score", "next_round"}
    source = Path(native.source(table_flow.__name__)).read_text(encoding="utf-8")
    assert len(source.splitlines()) < 100
    assert issubclass(Flow, Defaults)
    # No per-game cache or memo in a flow: the engine keeps them (game/hands.py).
    assert set(vars(Game("hongkong").flow)) == {"rules", "bonus_tiles"}
    for variant in VARIANT_NAMES:
        game = Game(variant, seed=0)
        game.start()
        assert not {"_facts", "_shape"} & set(vars(game.flow))
    assert not hasattr(table_flow, "_WAITS_MEMO")


def test_a_riichi_declaration_is_played_by_the_flow() -> None:
    # The flow's declaration hook yields the reach; once the discard goes by unwon, the
    # deposit: the same events a live game records.
    game = Game("riichi", seed=1)
    game.start()
    rng = random.Random(1)
    while seats := game.waiting_for():
        riichi = [a for a in game.legal_actions(seats[0]) if a.type == "riichi"]
        if riichi:
            assert list(game.flow.declare(game, riichi[0])) == [
                {"type": "reach", "actor": riichi[0].seat, "mjk_double": False}
            ]
            assert list(game.flow.declaration_stands(game, riichi[0].seat)) == []
            before = len(game.log)
            game.apply(riichi[0])
            accepted = [e for e in game.log[before:] if e["type"] == "reach_accepted"]
            if accepted:
                assert accepted[0]["deltas"][riichi[0].seat] == -game.flow.rules.riichi_deposit
                return
            continue
        game.apply(random_policy(game, seats[0], rng))
    pytest.fail("no riichi accepted at once in the game")


def test_a_hook_a_family_does_not_write_is_not_called(monkeypatch: pytest.MonkeyPatch) -> None:
    # The defaults of the per-turn hooks do nothing, so the engine skips them: with every
    # default made to fail, a Hong Kong game (which writes none of them) plays on, and a
    # family that writes one has it called at each of its events.
    def refuse(*args: object) -> None:
        raise AssertionError("a default hook was called")

    for name in SKIPPED_WHEN_DEFAULT:
        monkeypatch.setattr(Defaults, name, refuse)
    game = Game("hongkong", seed=3, max_rounds=2)
    assert not any(game.flow.writes(name) for name in SKIPPED_WHEN_DEFAULT)
    game.start()
    rng = random.Random(3)
    while seats := game.waiting_for():
        game.apply(random_policy(game, seats[0], rng))
    assert game.rounds_played == 2

    seen: list[tuple[str, int]] = []
    flow_class = type(Game("hongkong").flow)

    class Counting(flow_class):  # type: ignore[misc, valid-type]
        def on_draw(self, state: Any, event: Any, passed: bool) -> None:
            seen.append(("draw", event["actor"]))

        def on_discard(self, state: Any, event: Any) -> None:
            seen.append(("discard", event["actor"]))

    counting = Counting(game.flow.rules)
    assert counting.writes("on_draw") and counting.writes("on_discard")
    assert not counting.writes("on_call") and not counting.writes("declaration_stands")
    folds = fold.folds_for(counting)
    replayed = TableState()
    for event in game.log:
        folds[event["type"]](replayed, event)
    expected = [
        ("draw" if e["type"] == "tsumo" else "discard", e["actor"])
        for e in game.log
        if e["type"] in ("tsumo", "dahai")
    ]
    assert seen == expected and len(seen) > 100
    assert replayed.scores == game.scores


def test_riichi_writes_its_per_turn_hooks_and_sichuan_its_own() -> None:
    riichi = Game("riichi").flow
    sichuan = Game("sichuan").flow
    assert all(riichi.writes(name) for name in SKIPPED_WHEN_DEFAULT if name not in _NOT_RIICHI)
    assert not any(riichi.writes(name) for name in _NOT_RIICHI)
    assert {name for name in SKIPPED_WHEN_DEFAULT if sichuan.writes(name)} == {
        "on_draw",
        "on_win_passed",
        "on_win",
        "on_payment",
    }


_NOT_RIICHI = ("on_win", "on_payment")
"""The per-turn hooks Riichi keeps the default of (no state of its own changes on them)."""
