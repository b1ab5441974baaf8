"""``Game.public_observation``: what someone watching the table sees, holding no seat. At every
step of seeded games of each family it is what the other seats see of each seat, the events as
a seat that is not their actor sees them, and nothing to decide."""

from __future__ import annotations

import pytest

from mahjongkit.bots.agents import RandomAgent
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import PRIVATE_EVENTS, PUBLIC, visible_event


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_the_public_view_is_what_every_other_seat_sees(variant: str) -> None:
    game = Game(variant, seed=8, max_rounds=2)
    game.start()
    agents = [RandomAgent(seat) for seat in range(game.players)]
    steps = 0
    while not game.over:
        public = game.public_observation()
        assert public.seat == PUBLIC and public.legal_actions == ()
        assert public.phase in ("turn", "waiting", "exchange", "declare", "round_over")
        for seat in range(game.players):
            other = (seat + 1) % game.players
            seen = game.observation(other, with_events=False)
            assert public.seats[seat] == seen.seats[seat]
            assert public.seats[seat].hand is None and public.seats[seat].drawn is None
        first = game.observation(0, with_events=False)
        for name in ("scores", "dora_indicators", "wall_remaining", "last_discard", "turn",
                     "dealer", "round_wind", "honba", "deposits", "discard_order"):  # fmt: skip
            assert getattr(public, name) == getattr(first, name), name
        seat = game.waiting_for()[0]
        game.apply(agents[seat].act(game.observation(seat, with_events=False)))
        steps += 1
    assert steps > 50
    # The events: each as a seat that is not its actor sees it; a private one not at all.
    expected = []
    for event in game.log:
        actor = event.get("actor")
        if actor is None:
            shown = visible_event(event, PUBLIC)
            if event["type"] == "start_kyoku":
                assert shown is not None and {t for h in shown["tehais"] for t in h} == {"?"}
        else:
            shown = visible_event(event, (actor + 1) % game.players)
        if shown is not None:
            expected.append(shown)
    events = game.public_observation().events
    assert list(events) == expected
    assert not any(e["type"] in PRIVATE_EVENTS for e in events)
    assert not any(e["type"] == "tsumo" and e["pai"] != "?" for e in events)
