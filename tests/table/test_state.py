"""The shared table state holds what every family's table has; each family's own state of the
seats and the round is its flow's (``SeatExtra``, ``RoundExtra``), kept by its folds and read
through the seat (issue 30, item 3)."""

from __future__ import annotations

import dataclasses
import random
import token
import tokenize
from typing import Any

import pytest

from mahjongkit.bots.policy import random_policy
from mahjongkit.game.engine import Game
from mahjongkit.game.fold import folds_for
from mahjongkit.table import state as table_state
from mahjongkit.table.state import RoundState, SeatState, TableState, to_json
from mahjongkit.table.view import RoundExtra, SeatExtra
from mahjongkit.variants import VARIANT_NAMES, find_variant


def _family_fields(name: str) -> set[str]:
    flow = type(find_variant(name).make_flow())
    return {f.name for f in dataclasses.fields(flow.SeatExtra)} | {
        f.name for f in dataclasses.fields(flow.RoundExtra)
    }


def test_the_shared_state_names_no_family_field() -> None:
    # The names the code uses (its words, docstrings and comments aside).
    with open(table_state.__file__, "rb") as source:
        words = {t.string for t in tokenize.tokenize(source.readline) if t.type == token.NAME}
    shared = {f.name for f in dataclasses.fields(SeatState)} | {
        f.name for f in dataclasses.fields(RoundState)
    }
    found = {name: _family_fields(name) for name in VARIANT_NAMES}
    assert found["riichi"] >= {"riichi", "ippatsu", "furiten_riichi", "kuikae"}
    assert found["sichuan"] >= {"missing_suit", "exchange", "kong_income"}
    for name, fields in found.items():
        assert not fields & shared, name
        assert not fields & words, f"table/state.py names {name}'s {sorted(fields & words)}"
    assert "last_kong_seat" not in shared


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_seat_holds_its_familys_state_and_answers_the_surfaces_questions(
    variant: str,
) -> None:
    game = Game(variant, seed=0)
    game.start()
    flow = game.flow
    assert type(game.round.extra) is flow.RoundExtra
    assert isinstance(game.round.extra, RoundExtra)
    for seat in game.round.seats:
        assert type(seat.extra) is flow.SeatExtra
        assert isinstance(seat.extra, SeatExtra)
        # Asked of any seat, in any family: read through from the family's state.
        assert seat.riichi is False and seat.missing_suit is None
        assert seat.riichi is seat.extra.riichi
        with pytest.raises(AttributeError):
            _ = seat.no_such_fact


def _extras(state: TableState) -> Any:
    rnd = state.round
    return to_json([rnd.extra, [seat.extra for seat in rnd.seats]])


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_familys_state_is_the_fold_of_the_log(variant: str) -> None:
    # Played live, then the log folded afresh event by event: the family's state (its
    # extras) is the same at every decision.
    game = Game(variant, seed=5, max_rounds=2)
    game.start()
    rng = random.Random(5)
    seen: dict[int, Any] = {len(game.log): _extras(game.state)}
    while seats := game.waiting_for():
        game.apply(random_policy(game, seats[0], rng))
        seen[len(game.log)] = _extras(game.state)
    assert len(seen) > 50
    folds = folds_for(game.flow)
    state = TableState()
    for index, event in enumerate(game.log, start=1):
        folds[event["type"]](state, event)
        if index in seen:
            assert _extras(state) == seen[index], (variant, index, event["type"])
    # Hong Kong keeps no state of its own; the others' changes as the game goes.
    assert variant == "hongkong" or len({repr(v) for v in seen.values()}) > 2


def test_riichi_state_follows_the_declaration() -> None:
    # Riichi declared whenever offered: the flow's events, folded into the seat's Riichi state.
    game = Game("riichi", seed=1)
    game.start()
    rng = random.Random(1)
    while seats := game.waiting_for():
        legal = game.legal_actions(seats[0])
        riichi = [a for a in legal if a.type == "riichi"]
        before = len(game.log)
        game.apply(riichi[0] if riichi else random_policy(game, seats[0], rng))
        kinds = [e["type"] for e in game.log[before:]]
        if riichi:
            assert kinds[:2] == ["reach", "dahai"]
            # Pending until the discard has gone by unwon (at once when nobody may claim it).
            pending = game.round.seats[riichi[0].seat].extra.riichi_pending
            assert pending is ("reach_accepted" not in kinds)
        accepted = [e for e in game.log[before:] if e["type"] == "reach_accepted"]
        if accepted:
            seat = game.round.seats[accepted[0]["actor"]]
            assert seat.extra.riichi and not seat.extra.riichi_pending and seat.riichi
            return
    pytest.fail("no riichi accepted in the game")
