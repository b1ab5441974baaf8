"""The web table and the terminal game show the same hint for the same position: both render
the library's hints (one builder, one danger model), read from the seat's observation."""

from __future__ import annotations

import random

import pytest

from mahjongkit.bots.hints import position_hints
from mahjongkit.bots.policy import random_policy
from mahjongkit.game.engine import Game
from mahjongkit.tiles import Tile, format_kind
from mahjongkit.tui.view import TileNames, danger_rows, hint_rows
from mahjongkit.web.hints import hints_for

_LEVEL_WORDS = {0: "safe", 1: "suji", 2: "honours", 3: "dangerous"}


def _positions(variant: str, seeds: range, every: int = 7):
    """Positions of seeded games where a seat is asked, one in ``every``."""
    for seed in seeds:
        game = Game(variant, seed=seed, max_rounds=1)
        game.start()
        rng = random.Random(seed)
        asked = 0
        while not game.over:
            waiting = game.waiting_for()
            if not waiting:
                break
            seat = waiting[0]
            asked += 1
            if asked % every == 0:
                yield game, seat
            game.apply(random_policy(game, seat, rng))


@pytest.mark.parametrize("variant", ["riichi", "hongkong", "sichuan"])
def test_the_page_and_the_terminal_hint_alike(variant: str) -> None:
    checked = danger_seen = waits_seen = 0
    for game, seat in _positions(variant, range(3)):
        observation = game.observation(seat)
        page = hints_for(observation, game.flow.rules, "en")
        terminal = position_hints(game, seat)
        names = TileNames(game.flow.tile, glyphs=False)
        rows = "\n".join(hint_rows(terminal, "en", names, 200, 200, observation.hand))
        # The discards offered, best first, with the same shanten and useful tiles.
        assert [(d["tile"], d["shanten"], d["ukeire"]) for d in page["discards"]] == [
            (format_kind(d.kind), d.shanten, d.ukeire) for d in terminal.discards
        ]
        for option in terminal.discards:
            assert f"{Tile(option.kind)}: shanten {option.shanten}" in rows or any(
                names.red(x) for x in observation.hand if x // 4 == option.kind
            )
        # The waits of a ready hand and whether a discard win is refused.
        page_waits = [w["tile"] for w in page["waits"]]
        assert page_waits == [format_kind(k) for k in terminal.waits if not terminal.discards]
        if page_waits:
            waits_seen += 1
            refused = all(w["ron"].get("reason") == "furiten" for w in page["waits"])
            assert refused == terminal.furiten
            assert ("furiten" in rows) == terminal.furiten
        assert page.get("shanten") == terminal.shanten
        # The danger: the same tiles, against the same seats, on both.
        marks = {m["tile"]: m for m in page["danger"]}
        assert set(marks) == {format_kind(d.kind) for d in terminal.danger}
        shown = "\n".join(danger_rows(terminal, "en", names, 200, observation.hand))
        for danger in terminal.danger:
            mark = marks[format_kind(danger.kind)]
            assert mark["against"] == list(terminal.threats)
            assert (mark["level"] == "safe") == (danger.level == 0)
            honour_unseen = danger.level == 2 and danger.seen < 3
            assert (mark["level"] == "high") == (danger.level == 3 or honour_unseen)
            assert _LEVEL_WORDS[danger.level] in shown
        danger_seen += bool(terminal.danger)
        checked += 1
    assert checked > 20
    if variant == "riichi":
        assert danger_seen and waits_seen
