"""The turn's legal actions: the families' turn hooks answered by one compiled object
(:mod:`mahjongkit.table.turn`), which the engine asks only while the flow keeps the hooks it
stands for; a flow that overrides one is asked through its hooks (issue 35)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from mahjongkit.bots.policy import random_policy
from mahjongkit.game import legal
from mahjongkit.game.engine import Game
from mahjongkit.melds import MeldKind
from mahjongkit.shapes import RIICHI, shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.table.turn import TurnHooks
from mahjongkit.tiles import counts_of_ids
from mahjongkit.variants import find_variant
from mahjongkit.variants.riichi.flow import RiichiFlow
from mahjongkit.variants.sichuan.flow import SichuanFlow


def _turns(game: Game, seed: int, calls: bool = True) -> Iterator[int]:
    """Plays ``game`` with random players, giving the seat at each turn before it acts; they
    pass on every claim but wins unless ``calls`` (concealed hands reach riichi)."""
    rng = random.Random(seed)
    game.start()
    while seats := game.waiting_for():
        seat = seats[0]
        if game.round.phase is Phase.TURN:
            yield seat
        action = random_policy(game, seat, rng, efficient=seed % 2 == 0 or not calls)
        if not calls and action.type in (A.CHI, A.PON, A.KAN):
            action = Action(A.PASS, seat)
        game.apply(action)


def _tiles(actions: list[Action], kind: str) -> list[int | None]:
    return [a.tile for a in actions if a.type == kind]


def _ready_after(hand: list[int], tile: int, melds: int) -> bool:
    """Whether discarding ``tile`` leaves a ready hand with a kind left to win on."""
    counts = counts_of_ids(hand)
    counts[tile // 4] -= 1
    if shanten(counts, melds, RIICHI) != 0:
        return False
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            complete = shanten(counts, melds, RIICHI) == -1
            counts[kind] -= 1
            if complete:
                return True
    return False


def test_r05_a_riichi_turn_offers_the_discards_and_the_riichi_the_rules_allow() -> None:
    """R-05: riichi with each discard that leaves a concealed hand ready, with the deposit and
    a tile per seat left in the wall; after riichi only the drawn tile goes; right after a
    call not a swap-called kind (option swap_calling)."""
    rules = find_variant("riichi").rules("tenhou")
    riichi_turns = after_riichi = after_call = 0
    for seed in range(6):
        game = Game("riichi", rules, seed=seed, max_rounds=3)
        for seat in _turns(game, seed, calls=seed % 3 == 0):
            state = game.round.seats[seat]
            legal_now = game.legal_actions(seat)
            own = state.extra
            hand = list(state.hand)
            if own.riichi and state.drawn is not None:
                after_riichi += 1
                assert _tiles(legal_now, A.DISCARD) == [state.drawn]
                assert not _tiles(legal_now, A.RIICHI)
                continue
            after_call += bool(own.kuikae)
            expected = sorted(t for t in hand if t // 4 not in own.kuikae)
            assert _tiles(legal_now, A.DISCARD) == expected
            may_riichi = (
                state.drawn is not None
                and all(m.kind is MeldKind.CONCEALED_KONG for m in state.melds)
                and game.scores[seat] >= rules.riichi_deposit
                and game.live_remaining() >= game.players
            )
            offered = _tiles(legal_now, A.RIICHI)
            wanted = [t for t in sorted(hand) if _ready_after(hand, t, len(state.melds))]
            assert offered == (wanted if may_riichi else [])
            riichi_turns += bool(offered)
    # Each case was met, so that each assertion above could fail.
    assert riichi_turns > 5 and after_riichi > 5 and after_call > 0


def test_sichuan_a_turn_offers_the_missing_suit_first() -> None:
    """RULES-sichuan §3 (void_discard_rule=strict): while the hand holds its missing suit, only
    those tiles may go; once rid of it, any tile."""
    held_missing = free = 0
    for seed in range(4):
        game = Game("sichuan", seed=seed)
        for seat in _turns(game, seed):
            state = game.round.seats[seat]
            missing = state.extra.missing_suit
            void = sorted(t for t in state.hand if (t // 4) // 9 == missing)
            expected = void or sorted(state.hand)
            held_missing += bool(void)
            free += not void
            assert _tiles(game.legal_actions(seat), A.DISCARD) == expected
    assert held_missing > 10 and free > 10


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_the_compiled_turn_answers_as_the_flows_own_hooks(variant: str) -> None:
    """At every turn of seeded games, the engine's compiled turn lists what the flow's Python
    hooks list, in the same order (a random player picks by position)."""
    turns = 0
    for seed in range(3):
        game = Game(variant, seed=seed, max_rounds=2)
        hooks = game.flow.compiled_turn()
        assert isinstance(hooks, TurnHooks)
        for seat in _turns(game, seed):
            by_hooks = legal.turn_actions_by(game, game.flow, seat, None)
            assert legal.turn_actions_by(game, game.flow, seat, hooks) == by_hooks
            assert game.legal_actions(seat) == by_hooks
            turns += 1
    assert turns > 100


def _no_honours(flow: Any, view: Any, seat: int) -> list[int]:
    hand = view.round.seats[seat].hand
    return [t for t in hand if t // 4 < 27] or list(hand)


class _NoHonours(RiichiFlow):
    """Honours never go while another tile is held."""

    def allowed_discards(self, view: Any, seat: int) -> list[int]:
        return _no_honours(self, view, seat)


class _NeverComplete(SichuanFlow):
    """No hand is ever complete on a draw."""

    def is_complete_with(self, view: Any, seat: int, tile: int | None) -> bool:
        return tile is not None and super().is_complete_with(view, seat, tile)


class _Declares(RiichiFlow):
    """Every turn may end the hand."""

    def turn_declarations(self, view: Any, seat: int) -> list[Action]:
        return [*super().turn_declarations(view, seat), Action(A.ABORT, seat)]


def _game_with(
    monkeypatch: pytest.MonkeyPatch, variant: str, flow: type, seed: int, rules: Any = None
) -> Game:
    package = __import__(f"mahjongkit.variants.{variant}", fromlist=["VARIANT"])
    monkeypatch.setattr(package, "VARIANT", dataclasses.replace(package.VARIANT, flow=flow))
    return Game(variant, rules, seed=seed, max_rounds=2)


def test_a_flow_that_overrides_a_turn_hook_is_asked_through_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert Game("riichi").flow.compiled_turn() is not None
    for flow in (_NoHonours, _NeverComplete, _Declares):
        assert flow(find_variant(flow.variant).rules()).compiled_turn() is None

    honours_held = 0
    game = _game_with(monkeypatch, "riichi", _NoHonours, seed=3)
    for seat in _turns(game, 3):
        hand = game.round.seats[seat].hand
        offered = _tiles(game.legal_actions(seat), A.DISCARD)
        if not game.round.seats[seat].extra.riichi:
            assert offered == sorted(_no_honours(game.flow, game, seat))
        honours_held += any(t // 4 >= 27 for t in hand) and any(t // 4 < 27 for t in hand)
    assert honours_held > 10

    complete = 0
    for seed in (0, 2):
        game = _game_with(monkeypatch, "sichuan", _NeverComplete, seed=seed)
        for seat in _turns(game, seed):
            complete += TurnHooks().completes(game, game.round, seat)
            assert not _tiles(game.legal_actions(seat), A.TSUMO)
    assert complete > 0  # hands the family's own hook would have let win

    game = _game_with(monkeypatch, "riichi", _Declares, seed=2)
    rng = random.Random(2)
    game.start()
    seat = game.waiting_for()[0]
    assert game.legal_actions(seat)[-1] == Action(A.ABORT, seat)
    game.apply(random_policy(game, seat, rng))


def test_a_turn_hook_set_on_the_flow_itself_is_asked_through_it() -> None:
    game = Game("riichi", seed=5)
    flow = game.flow
    flow.allowed_discards = lambda view, seat: _no_honours(flow, view, seat)  # type: ignore[method-assign]
    assert flow.compiled_turn() is None
    game.start()
    seat = game.waiting_for()[0]
    hand = game.round.seats[seat].hand
    offered = legal.turn_actions(game, flow, seat)
    assert _tiles(offered, A.DISCARD) == sorted(_no_honours(flow, game, seat))
    assert len(_tiles(offered, A.DISCARD)) < len(hand)  # this deal's first hand holds honours
