"""The RL environment at a three-player Riichi table (issue 36, item 3): the preset ``tenhou3``.

Three agents, the Riichi action space with one more index for setting North aside (``kita``,
index 150, offered exactly when the engine offers it), and observations that show each seat the
Norths the others have set aside and nothing they may not see; the fast planes agree with the
reference encoding cell for cell.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

from mahjongkit.bots.agents import EfficientAgent
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.rl import env
from mahjongkit.rl.encoder import SCORE_SCALES, SeatPlanesV1
from mahjongkit.rl.spaces import ActionCodec, layout_for
from mahjongkit.table import actions as A
from mahjongkit.variants.riichi.rules import RiichiRules
from tests.rl.test_fast_path import _reference_planes, _reference_table

TENHOU3 = RiichiRules.tenhou3()
KITA = 150
SET_ASIDE_PLANE = 12
"""Plane of "seat +0: bonus tiles set aside" (docs/rl.md); seat +r's is 8 planes further."""


def test_three_agents_and_the_kita_index() -> None:
    table = env("riichi", rules="tenhou3")
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    assert table.action_space("player_0").n == 151
    layout = layout_for("riichi", TENHOU3)
    assert layout.name(KITA) == "kita" and layout.groups[:-1] == layout_for("riichi").groups
    assert env("riichi", rules="tenhou").action_space("player_0").n == 150


def test_the_pettingzoo_api_test_passes_at_three() -> None:
    api_test(env("riichi", rules="tenhou3", max_rounds=1), num_cycles=200)


def test_kita_is_offered_and_played_by_its_index() -> None:
    table = env("riichi", rules="tenhou3")
    table.reset(seed=2)
    rng = random.Random(2)
    for _ in range(20_000):
        observation, _, terminated, _, _ = table.last()
        if terminated:
            table.step(None)
            if not table.agents:
                break
            continue
        mask = observation["action_mask"]
        seat = int(table.agent_selection.removeprefix("player_"))
        offered = [a for a in table.game.legal_actions(seat) if a.type == A.KITA]
        assert bool(mask[KITA]) == bool(offered)
        if offered:
            before = len(table.game.round.seats[seat].flowers)
            table.step(KITA)
            assert len(table.game.round.seats[seat].flowers) == before + 1
            other = (seat + 1) % 3
            planes = table.observe(f"player_{other}")["observation"]
            shown = planes[SET_ASIDE_PLANE + 8 * 2, 0]  # the seat is +2 from the next one
            assert shown == pytest.approx((before + 1) / 8)
            return
        table.step(int(rng.choice(np.flatnonzero(mask))))
    raise AssertionError("no North was set aside")


def test_an_index_the_mask_forbids_is_refused_and_the_game_is_unchanged() -> None:
    table = env("riichi", rules="tenhou3")
    table.reset(seed=5)
    assert not table.last()[0]["action_mask"][KITA]  # the dealer holds no North
    log = len(table.game.log)
    with pytest.raises(IllegalActionError, match="150"):
        table.step(KITA)
    assert len(table.game.log) == log
    four = env("riichi", rules="tenhou")
    four.reset(seed=5)
    with pytest.raises(IllegalActionError, match=r"0\.\.149"):
        four.step(KITA)


@pytest.mark.parametrize("seed", range(3))
def test_fast_planes_and_mask_equal_the_reference_at_three(seed: int) -> None:
    game = Game("riichi", TENHOU3, seed=seed, max_rounds=3)
    game.start()
    codec = ActionCodec(layout_for("riichi", TENHOU3), True)
    planes = [SeatPlanesV1(s, SCORE_SCALES["riichi"], True) for s in range(3)]
    rng = random.Random(seed)
    bot = EfficientAgent()
    kitas = 0
    while not game.over:
        for seat in range(3):
            legal = game.legal_actions(seat)
            fast = planes[seat].planes(game, bool(legal))
            assert not np.argwhere(fast != _reference_planes(game, seat)).size
            mask, chosen = codec.table(legal, game.round.seats[seat].drawn)
            indices, expected = _reference_table(codec, legal, game.round.seats[seat].drawn)
            assert np.flatnonzero(mask).tolist() == indices
            assert all(chosen[i] is expected[i] for i in indices)
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        action = bot.act(game.observation(seat, with_events=False))
        if rng.random() < 0.3:
            action = legal[rng.randrange(len(legal))]
        kitas += action.type == A.KITA
        game.apply(action)
    assert kitas
