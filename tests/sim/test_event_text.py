"""The text each stored event gets (``sim.plan._encode``) is ``json.dumps``'s, byte for byte."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mahjongkit.records import pack_log, unpack_log
from mahjongkit.sim.plan import Plan, _encode, _play


@pytest.mark.parametrize("family", ["riichi", "hongkong", "sichuan"])
def test_every_event_of_a_game_is_stored_as_json_dumps_writes_it(family: str) -> None:
    plan = Plan(family, None, 5, 1, ("random",), max_rounds=2)
    game, played = _play(plan, 0)
    assert len(game.log) > 50
    for event, line in zip(game.log, played.lines, strict=True):
        assert line == json.dumps(event, ensure_ascii=False)
        assert json.loads(line) == json.loads(json.dumps(event))
    assert unpack_log(pack_log(played.lines)) == list(played.lines)


@pytest.mark.parametrize(
    "value",
    [
        {"names": ["東家", "Zoë", 'quote " and \\ back'], "x": 1.5, "n": None, "t": True},
        {"nested": {"a": [1, [2, {"b": -0.0}]], "big": 2**70, "tiny": 1e-300}},
        {"nan": float("nan"), "inf": float("inf")},
        [],
        {},
    ],
)
def test_odd_values_get_the_same_text_as_json_dumps(value: Any) -> None:
    assert _encode(value) == json.dumps(value, ensure_ascii=False)


def test_a_value_json_cannot_write_is_refused_as_json_refuses_it() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        _encode({"tile": object()})
