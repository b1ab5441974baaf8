"""The shared table state holds what every family's table has; each family's own state of the
seats and the round is its flow's (``SeatExtra``, ``RoundExtra``), kept by its folds and read
through the seat (issue 30, item 3)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
import token
import tokenize
from typing import Any

import pytest

from mahjongkit.bots.policy import random_policy
from mahjongkit.game.engine import Game
from mahjongkit.game.fold import folds_for
from mahjongkit.melds import MeldKind
from mahjongkit.native import source as source_of
from mahjongkit.table import state as table_state
from mahjongkit.table.state import Phase, RoundState, SeatState, TableMeld, TableState, to_json
from mahjongkit.table.view import RoundExtra, SeatExtra
from mahjongkit.valueclass import fields as value_fields
from mahjongkit.valueclass import replace
from mahjongkit.variants import VARIANT_NAMES, find_variant
from mahjongkit.variants.sichuan.rules import SichuanRules


def _family_fields(name: str) -> set[str]:
    flow = type(find_variant(name).make_flow())
    return {f.name for f in dataclasses.fields(flow.SeatExtra)} | {
        f.name for f in dataclasses.fields(flow.RoundExtra)
    }


def test_the_shared_state_names_no_family_field() -> None:
    # The names the code uses (its words, docstrings and comments aside).
    # The source, also where the compiled module is the one imported.
    with open(source_of(table_state.__name__), "rb") as source:
        words = {t.string for t in tokenize.tokenize(source.readline) if t.type == token.NAME}
    shared = {f.name for f in value_fields(SeatState)} | {f.name for f in value_fields(RoundState)}
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


def _tiles_and_melds(seat: SeatState) -> tuple[list[int], Any]:
    return sorted(seat.hand), to_json(seat.melds)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_change_of_a_seats_tiles_or_melds_moves_its_hand_version(variant: str) -> None:
    # The engine keeps a seat's hand facts while its hand_version stays: a fold that changed
    # the tiles or the melds without moving it on would leave them stale.
    moved_by: set[str] = set()
    # Sichuan with its exchange of three tiles, a variant's own fold that moves tiles.
    rules = SichuanRules(huan_san_zhang="cw") if variant == "sichuan" else None
    for seed in range(3):
        game = Game(variant, rules, seed=seed, max_rounds=2)
        game.start()
        rng = random.Random(seed)
        while seats := game.waiting_for():
            rnd = game.round
            before = [(seat.hand_version, _tiles_and_melds(seat)) for seat in rnd.seats]
            logged = len(game.log)
            game.apply(random_policy(game, seats[0], rng))
            if game.round is not rnd:
                continue  # a new deal: new seats
            for seat, (version, held) in zip(rnd.seats, before, strict=True):
                if _tiles_and_melds(seat) != held:
                    assert seat.hand_version > version, [e["type"] for e in game.log[logged:]]
                    moved_by.update(e["type"] for e in game.log[logged:])
                else:
                    assert seat.hand_version >= version
    assert {"tsumo", "dahai"} <= moved_by
    if variant == "sichuan":
        assert "mjk:exchange" in moved_by
    if variant != "sichuan":
        assert moved_by & {"chi", "pon"}


def _play(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        seats = game.waiting_for()
        if not seats:
            return
        game.apply(random_policy(game, seats[0], rng))


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_game_copied_or_pickled_keeps_its_seats_and_plays_on_alike(variant: str) -> None:
    # The state's classes are native when compiled: a copy must keep each seat's family class
    # (made at run time), its fields and its hand_version, and the kept hand facts must follow
    # the copy's own seats, so that the copy plays on exactly as the original does.
    game = Game(variant, seed=4)
    game.start()
    _play(game, random.Random(4), 40)
    for copied in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert to_json(copied.state) == to_json(game.state)
        assert copied.round == game.round and copied.round is not game.round
        for mine, theirs in zip(game.round.seats, copied.round.seats, strict=True):
            assert type(theirs) is type(mine) and theirs is not mine
            assert theirs.hand_version == mine.hand_version > 0
            assert theirs.hand == mine.hand and theirs.hand is not mine.hand
            assert theirs.riichi == mine.riichi and theirs.missing_suit == mine.missing_suit
        for seat in range(4):
            # What the facts answer (a kept shanten bound may be tighter on one side).
            mine_facts, their_facts = game.hand_facts(seat), copied.hand_facts(seat)
            assert their_facts[:6] == mine_facts[:6]
            assert copied.shanten_of(seat) == game.shanten_of(seat)
        original = copy.deepcopy(game)
        _play(original, random.Random(9), 60)
        _play(copied, random.Random(9), 60)
        assert copied.log == original.log
        assert to_json(copied.state) == to_json(original.state)


def test_the_state_classes_are_value_classes_of_their_fields() -> None:
    # Written out by hand (no decorator makes a native class): the fields, the comparison
    # and the representation must still be those of the value classes they were.
    assert [f.name for f in value_fields(TableMeld)] == [
        "kind",
        "tiles",
        "called",
        "from_seat",
    ]
    seat_fields = [f.name for f in value_fields(SeatState)]
    assert seat_fields[:3] == ["hand", "melds", "discards"] and "hand_version" not in seat_fields
    assert len(value_fields(RoundState)) == 30
    meld = TableMeld(MeldKind.PUNG, [4, 5, 6], 6, 2)
    assert meld == TableMeld(MeldKind.PUNG, [4, 5, 6], 6, 2)
    assert meld != TableMeld(MeldKind.PUNG, [4, 5, 6], 6, 1)
    assert meld.kind_id() == 1
    assert repr(meld) == (
        "TableMeld(kind=<MeldKind.PUNG: 'pung'>, tiles=[4, 5, 6], called=6, from_seat=2)"
    )
    assert replace(meld, from_seat=3).from_seat == 3
    seat = SeatState(hand=[1, 2])
    assert seat == SeatState(hand=[1, 2]) and seat != SeatState(hand=[1, 3])
    moved = SeatState(hand=[1, 2])
    moved.hand_version = 7
    assert moved == seat  # the version is no field: not compared, not shown, not in to_json
    assert "hand_version" not in repr(moved) and "hand_version" not in to_json(moved)
    assert SeatState().melds == [] and SeatState().melds is not SeatState().melds
    round_ = RoundState(dealer=2)
    assert round_.phase is Phase.TURN and round_.first_go_around and round_.dealer == 2
    assert round_ == RoundState(dealer=2) and round_ != RoundState(dealer=1)
    assert repr(round_).startswith("RoundState(round_wind=0, hand_number=0, dealer=2,")
    for value in (meld, seat, round_):
        with pytest.raises(TypeError):
            hash(value)
