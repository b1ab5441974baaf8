"""Helpers for table tests: walls laid out from readable hands, the invariants of a game, and
what a web state may show."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from mahjongkit.game.engine import Game
from mahjongkit.table.events import PRIVATE_EVENTS, SECRET_FIELDS
from mahjongkit.tiles import parse_tiles


def ids_for(text: str, taken: set[int]) -> list[int]:
    """Physical ids for mpsz tiles, red fives on copy 0, other tiles on unused copies."""
    ids = []
    for tile in parse_tiles(text):
        if tile.kind >= 34:
            candidates = [136 + tile.kind - 34]
        elif tile.red:
            candidates = [tile.kind * 4]
        else:
            candidates = [tile.kind * 4 + c for c in (1, 2, 3, 0)]
        chosen = next(t for t in candidates if t not in taken)
        taken.add(chosen)
        ids.append(chosen)
    return ids


def check_tiles(game: Game) -> None:
    """Every tile of the wall is in exactly one place: unseen, in a hand, a meld, a river."""
    rnd = game.round
    if not rnd.wall:
        return
    placed: Counter[int] = Counter()
    for seat in rnd.seats:
        placed.update(seat.hand)
        placed.update(seat.flowers)
        for meld in seat.melds:
            placed.update(meld.tiles)
        placed.update(
            t for t, claimed in zip(seat.discards, seat.claimed, strict=True) if not claimed
        )
    assert all(n == 1 for n in placed.values()), "a tile is in two places"
    assert Counter(rnd.wall) == Counter(set(rnd.wall)), "the wall repeats a tile"
    drawn = set(rnd.wall[: rnd.live_next])
    size = len(rnd.wall)
    dead = game.flow.dead_wall
    if dead:
        drawn.update(rnd.wall[size - dead : size - dead + rnd.replacements])
    else:
        drawn.update(rnd.wall[size - rnd.replacements :])
    assert set(placed) == drawn, "tiles in play differ from the tiles taken from the wall"


def check_observations(game: Game) -> None:
    """No seat sees another seat's concealed tiles or the wall."""
    rnd = game.round
    for seat in range(game.players):
        view = game.observation(seat).to_json()
        text = repr(view)
        assert "mjk_wall" not in text
        for other in range(game.players):
            if other == seat:
                continue
            assert "hand" not in view["seats"][other]
        if not view["legal_actions"] and rnd.phase.value in ("claim", "rob"):
            assert view["phase"] == "waiting"  # whether anyone may call is not shown
        for event in view["events"]:
            assert "mjk_robbable" not in event and "mjk_missed_win" not in event
            if event["type"] in ("tsumo", "mjk:deal_replacement") and event["actor"] != seat:
                assert event.get("pai", "?") == "?" and event.get("mjk_id", "?") == "?"
            if event["type"] == "start_kyoku":
                for other, hand in enumerate(event["tehais"]):
                    if other != seat:
                        assert set(hand) == {"?"}
            assert event["type"] not in ("mjk:respond", "mjk:declare") or event["actor"] == seat
        assert view["seats"][seat]["hand"] == sorted(rnd.seats[seat].hand)


def check_seen_by(state: dict[str, Any], seat: int | None) -> None:
    """A web ``state`` message sent to the person at ``seat`` (None: a spectator) holds no
    other hand, no wall, no seed, no other seat's draw, deal or private answer."""
    text = json.dumps(state)
    assert "mjk_wall" not in text and "mjk_seed" not in text
    observation = state["observation"]
    assert observation["seat"] == seat
    for index, shown in enumerate(observation["seats"]):
        if index != seat:
            assert "hand" not in shown and "drawn" not in shown
    for event in state["events"]:
        assert not SECRET_FIELDS.intersection(event)
        if event["type"] == "start_kyoku":
            for index, hand in enumerate(event["tehais"]):
                if index != seat:
                    assert set(hand) == {"?"}
        if event["type"] == "tsumo" and event["actor"] != seat:
            assert event["pai"] == "?" and "mjk_id" not in event
        assert event["type"] not in PRIVATE_EVENTS or event["actor"] == seat
