"""The hint builder every surface asks: legal discards only, ranked as the analysis ranks them,
waits with what each is worth, and the danger against riichi from the one danger model."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from mahjongkit.bots.danger import danger_by_kind
from mahjongkit.bots.hints import position_hints
from mahjongkit.bots.policy import random_policy
from mahjongkit.game.engine import Game
from mahjongkit.hand import Hand
from mahjongkit.table import actions as A
from mahjongkit.tiles import counts_of_ids
from mahjongkit.variants.analysis import analyse_hand


def _stop_where(
    variant: str, wanted: Callable[[Game, int], bool], seeds: int = 40
) -> tuple[Game, int]:
    for seed in range(seeds):
        game = Game(variant, seed=seed, max_rounds=1)
        game.start()
        rng = random.Random(seed)
        while not game.over:
            seat = game.waiting_for()[0]
            if wanted(game, seat):
                return game, seat
            game.apply(random_policy(game, seat, rng))
    pytest.skip("no such position in the seeds tried")


def _discard_kinds(game: Game, seat: int, kind: str = A.DISCARD) -> set[int]:
    return {a.tile // 4 for a in game.legal_actions(seat) if a.type == kind and a.tile is not None}


def test_sichuan_hints_are_the_missing_suit_while_it_is_held():
    """RULES-sichuan §3 (void_discard_rule=strict): only missing-suit tiles may go first."""

    def kept_suit_held(game: Game, seat: int) -> bool:
        state = game.round.seats[seat]
        legal = _discard_kinds(game, seat)
        return bool(legal) and any(t // 4 not in legal for t in state.hand)

    game, seat = _stop_where("sichuan", kept_suit_held)
    hints = position_hints(game, seat)
    missing = game.round.seats[seat].missing_suit
    kinds = [d.kind for d in hints.discards]
    assert kinds and set(kinds) == _discard_kinds(game, seat)
    assert all(d.kind // 9 == missing and d.missing_suit for d in hints.discards)


def test_after_riichi_the_only_hint_is_the_drawn_tile():
    """R-05: a riichi hand discards what it draws."""

    def in_riichi(game: Game, seat: int) -> bool:
        state = game.round.seats[seat]
        return state.riichi and state.drawn is not None and bool(_discard_kinds(game, seat))

    game, seat = _stop_where("riichi", in_riichi, seeds=80)
    hints = position_hints(game, seat)
    drawn = game.round.seats[seat].drawn
    assert drawn is not None
    assert [d.kind for d in hints.discards] == [drawn // 4]


def test_riichi_choice_hints_only_the_tiles_that_keep_the_hand_ready():
    """R-05: riichi is declared with a discard that leaves the hand ready."""

    def may_riichi(game: Game, seat: int) -> bool:
        return bool(_discard_kinds(game, seat, A.RIICHI))

    game, seat = _stop_where("riichi", may_riichi, seeds=80)
    hints = position_hints(game, seat, riichi=True)
    assert {d.kind for d in hints.discards} == _discard_kinds(game, seat, A.RIICHI)
    assert all(d.shanten == 0 and d.waits for d in hints.discards)


@pytest.mark.parametrize("variant", ["riichi", "hongkong"])
def test_the_ranking_is_the_analysis_ranking_of_the_legal_discards(variant):
    def turn(game: Game, seat: int) -> bool:
        state = game.round.seats[seat]
        return len(state.discards) >= 3 and not state.melds and bool(_discard_kinds(game, seat))

    game, seat = _stop_where(variant, turn)
    hints = position_hints(game, seat)
    obs = game.observation(seat, with_events=False)
    hand = Hand(tuple(sorted(game.flow.tile(t) for t in obs.hand)))
    assert not obs.own.melds  # a concealed hand: the analysis counts the melds' tiles itself
    # Each tile in sight once: a claimed discard is in its pond and in its meld.
    seen = set(obs.dora_indicators)
    for info in obs.seats:
        seen.update(info.discards)
        for meld in info.melds:
            seen.update(meld.tiles)
    found = analyse_hand(hand, variant, visible=counts_of_ids(seen))
    legal = _discard_kinds(game, seat)
    expected = [(o.discard, o.shanten, o.ukeire) for o in found.discards if o.discard in legal]
    assert [(d.kind, d.shanten, d.ukeire) for d in hints.discards] == expected
    assert hints.shanten == found.shanten


def test_a_ready_hand_between_turns_has_its_waits_valued_and_its_danger_read():
    """The waits of a 13-tile ready hand, each scored by the variant's scorer; the danger is
    danger_by_kind's."""

    for seed in range(40):
        game = Game("riichi", seed=seed, max_rounds=1)
        game.start()
        rng = random.Random(seed)
        while not game.over:
            seat = game.waiting_for()[0]
            waiting = [s for s in range(4) if s != seat and len(game.round.seats[s].hand) == 13]
            ready = [s for s in waiting if position_hints(game, s).shanten == 0]
            if ready:
                other = ready[0]
                hints = position_hints(game, other)
                assert hints.waits and len(hints.values) == len(hints.waits)
                assert [v.kind for v in hints.values] == list(hints.waits)
                assert hints.furiten == game.flow.furiten(game, other)
                obs = game.observation(other, with_events=False)
                assert list(hints.danger) == danger_by_kind(obs)
                return
            game.apply(random_policy(game, seat, rng))
    pytest.skip("no ready hand in the seeds tried")
