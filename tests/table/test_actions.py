"""Actions read from JSON: anything that is not an action is a notation error."""

import pytest

from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action


def test_garbage_actions_from_json_are_refused():
    from mahjongkit.errors import NotationError

    for data in [
        None,
        [],
        {"type": "jump", "seat": 0},
        {"type": "discard"},
        {"type": "discard", "seat": "E"},
        {"type": "discard", "seat": 0, "tile": "5m"},
        {"type": "chi", "seat": 1, "consumed": "12"},
        {"type": "declare_missing", "seat": 0, "suit": 3},
    ]:
        with pytest.raises(NotationError):
            Action.from_json(data)
    assert Action.from_json(Action(A.CHI, 1, 8, (1, 5)).to_json()) == Action(A.CHI, 1, 8, (1, 5))
