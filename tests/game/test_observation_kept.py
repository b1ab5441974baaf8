"""The observation's seats kept between decisions, and the discards' tsumogiri flags (issue 36,
item 2): the kept seats are exactly the seats made afresh, a seat nothing happened to is the
same object as before, and each discard's flag is the one its event announced."""

from __future__ import annotations

import random

import pytest

from mahjongkit.game.engine import Game
from mahjongkit.game.observation import observe
from mahjongkit.table.events import Kind
from mahjongkit.variants import VARIANT_NAMES, find_variant


def _fresh(game: Game, seat: int) -> tuple[object, ...]:
    """The seats of the observation made without anything kept."""
    seen = observe(
        game, game.variant, seat, game.legal_actions(seat), (), game.flow.shape(game, seat)
    )
    return seen.seats


@pytest.mark.parametrize("family", VARIANT_NAMES)
def test_kept_seats_equal_fresh_ones_and_flags_follow_the_events(family: str) -> None:
    game = Game(family, find_variant(family).table_rules(), seed=9, max_rounds=2)
    game.start()
    rng = random.Random(9)
    reused = tsumogiri = tedashi = 0
    before: dict[int, tuple[object, ...]] = {}
    while not game.over:
        for seat in range(game.players):
            seen = game.observation(seat, with_events=False)
            assert seen.seats == _fresh(game, seat)
            # A seat looked at again with nothing changed is the same object.
            again = game.observation(seat, with_events=False)
            others = [i for i in range(game.players) if i != seat]
            assert all(again.seats[i] is seen.seats[i] for i in others)
            reused += sum(seen.seats[i] is before[seat][i] for i in others if seat in before)
            before[seat] = seen.seats
            start = max(i for i, e in enumerate(game.log) if e["type"] == Kind.START_KYOKU)
            flags = [
                bool(e["tsumogiri"])  # type: ignore[typeddict-item]
                for e in game.log[start:]
                if e["type"] == Kind.DAHAI
            ]
            assert list(seen.tsumogiri) == flags
            assert len(seen.tsumogiri) == len(seen.discard_order)
        tsumogiri += sum(seen.tsumogiri)
        tedashi += len(seen.tsumogiri) - sum(seen.tsumogiri)
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        game.apply(legal[rng.randrange(len(legal))])
    assert reused > 100 and tsumogiri and tedashi
