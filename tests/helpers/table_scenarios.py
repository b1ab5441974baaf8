"""Scenario helpers for the rule tests of the table flow and of the engine (issue 6, items 1-4).

A scenario is a wall laid out tile by tile (who is dealt what, which tiles are drawn in which
order, which tiles the kongs and bonus tiles take), played through :meth:`Game.apply` only.
A wall may be cut short: a live wall of ``live`` tiles stands for the end of a full one, so that
the last-tile and exhaustive-draw rules are reached in a few moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.state import Phase
from mahjongkit.table.wall import DEAL_SIZE, tile_set
from mahjongkit.tiles import parse_kinds
from mahjongkit.variants.riichi.rules import RiichiRules
from tests.helpers.table_checks import ids_for

RIICHI_DEAD = 14


def lay_wall(
    hands: Sequence[str],
    draws: str = "",
    *,
    tiles: Sequence[int],
    dead: str = "",
    dead_size: int = 0,
    back: str = "",
    live: int | None = None,
) -> list[int]:
    """A wall: seat i (dealer 0) is dealt ``hands[i]``, the live draws begin with ``draws``.

    ``dead`` fills a Riichi dead wall of ``dead_size`` tiles from its front (replacements, then
    indicators); ``back`` lists the tiles taken from the back of the wall in the order they are
    taken (Hong Kong and Sichuan replacements: ``wall[-1]`` first). ``live`` cuts the live wall
    to that many tiles (the deal excluded).
    """
    taken: set[int] = set()

    def place(text: str) -> list[int]:
        try:
            return ids_for(text, taken)
        except StopIteration:
            raise AssertionError(f"a fifth copy of a tile in {text!r}") from None

    dealt = [place(hand) for hand in hands]
    assert all(len(hand) == DEAL_SIZE for hand in dealt), "a hand is not 13 tiles"
    drawn = place(draws)
    dead_ids = place(dead)
    back_ids = place(back)
    pool = sorted((t for t in tiles if t not in taken), key=lambda t: (t % 4, t))
    dead_part = list(dead_ids)
    while len(dead_part) < dead_size:
        dead_part.append(pool.pop(0))
    tail = list(reversed(back_ids))
    if live is None:
        middle = drawn + pool
    else:
        assert live >= len(drawn)
        middle = drawn + pool[: live - len(drawn)]
    wall = [t for hand in dealt for t in hand] + middle + dead_part + tail
    assert len(set(wall)) == len(wall)
    return wall


def new_game(variant: str, rules: Any, wall: list[int], **options: Any) -> Game:
    """A game whose every round is dealt from ``wall``."""
    return Game(variant, rules, wall_source=lambda game, n: list(wall), **options)


def riichi_game(
    rules: Any,
    hands: Sequence[str],
    draws: str = "",
    *,
    dead: str = "",
    live: int | None = None,
    scores: Sequence[int] | None = None,
    start: dict[str, Any] | None = None,
) -> Game:
    """A started Riichi game on a laid-out wall (``start``: the keywords of ``start_at``)."""
    wall = lay_wall(hands, draws, tiles=tile_set(), dead=dead, dead_size=RIICHI_DEAD, live=live)
    game = new_game("riichi", rules, wall)
    if start is None and scores is None:
        game.start()
    else:
        where = {"round_wind": 0, "hand_number": 0, "dealer": 0, "honba": 0, "deposits": 0}
        where.update(start or {})
        game.start_at(
            scores=list(scores or game.flow.starting_scores()),
            **where,
        )
    return game


def sanma_game(
    hands: Sequence[str],
    draws: str = "",
    *,
    rules: Any = None,
    dead: str = "",
    live: int | None = None,
    scores: Sequence[int] | None = None,
    start: dict[str, Any] | None = None,
) -> Game:
    """A started three-player Riichi game (``tenhou3`` unless ``rules``) on a laid-out wall of
    the 108 tiles (no 2m-8m)."""
    rules = rules or RiichiRules.tenhou3()
    tiles = [t for t in tile_set() if not 1 <= t // 4 <= 7]
    wall = lay_wall(hands, draws, tiles=tiles, dead=dead, dead_size=RIICHI_DEAD, live=live)
    game = new_game("riichi", rules, wall)
    if start is None and scores is None:
        game.start()
    else:
        where = {"round_wind": 0, "hand_number": 0, "dealer": 0, "honba": 0, "deposits": 0}
        where.update(start or {})
        game.start_at(scores=list(scores or game.flow.starting_scores()), **where)
    return game


def kind(text: str) -> int:
    """The kind of one mpsz tile."""
    return parse_kinds(text)[0]


def held(game: Game, seat: int, text: str) -> int:
    """A physical tile of kind ``text`` in the seat's hand."""
    wanted = kind(text)
    return next(t for t in sorted(game.round.seats[seat].hand) if t // 4 == wanted)


def discard(game: Game, seat: int, text: str) -> list[dict[str, Any]]:
    """The seat discards a tile of kind ``text``."""
    return game.apply(Action(A.DISCARD, seat, held(game, seat, text)))


def riichi(game: Game, seat: int, text: str) -> list[dict[str, Any]]:
    """The seat declares riichi with a tile of kind ``text``."""
    return game.apply(Action(A.RIICHI, seat, held(game, seat, text)))


def types(game: Game, seat: int) -> set[str]:
    """The types of the seat's legal actions."""
    return {a.type for a in game.legal_actions(seat)}


def first(game: Game, seat: int, action_type: str) -> Action:
    """The seat's first legal action of a type."""
    return next(a for a in game.legal_actions(seat) if a.type == action_type)


def play(game: Game, seat: int, action_type: str) -> list[dict[str, Any]]:
    """Play the seat's first legal action of a type."""
    return game.apply(first(game, seat, action_type))


def pass_all(game: Game) -> list[dict[str, Any]]:
    """Every seat that may claim the pending discard (or kong) declines."""
    out: list[dict[str, Any]] = []
    while game.round.phase in (Phase.CLAIM, Phase.ROB):
        seats = game.waiting_for()
        if not seats:
            break
        out += game.apply(Action(A.PASS, seats[0]))
    return out


def tsumogiri(game: Game, moves: int) -> list[dict[str, Any]]:
    """``moves`` turns in which the seat to play discards its drawn tile, every claim declined."""
    out: list[dict[str, Any]] = []
    for _ in range(moves):
        assert game.round.phase is Phase.TURN
        seat = game.round.turn
        drawn = game.round.seats[seat].drawn
        assert drawn is not None
        out += game.apply(Action(A.DISCARD, seat, drawn))
        out += pass_all(game)
    return out


def events_of(events: list[dict[str, Any]], event_type: str) -> list[dict[str, Any]]:
    """The events of one type."""
    return [e for e in events if e["type"] == event_type]


def only(events: list[dict[str, Any]], event_type: str) -> dict[str, Any]:
    """The one event of a type."""
    found = events_of(events, event_type)
    assert len(found) == 1, f"{len(found)} {event_type} events in {[e['type'] for e in events]}"
    return found[0]


def pattern_ids(hora: dict[str, Any]) -> set[str]:
    """The pattern ids of a ``hora`` event's score."""
    return {p["id"] for p in hora["mjk_score"]["patterns"]}


# Laid-out tables for the engine's own tests: a few chosen tiles per seat, the rest junk.

JUNK = ["147m258p369s1234z", "258m369p147s5677z", "369m147p258s1567z", "258m369p147s2344z"]
"""Four hands that make nothing, one per seat."""
REST = "14p25p36s9s4567z"
"""Ten tiles that make nothing with the others, to complete a hand around a few chosen tiles."""


def table(
    variant: str,
    hands: Sequence[str],
    draws: str = "",
    rules: Any = None,
    back: str = "",
    **extra: Any,
) -> Game:
    """A started game dealt from a laid-out wall (``back``: replacement tiles, last first)."""
    tiles = extra.pop("tiles", None) or tile_set()
    dead = RIICHI_DEAD if variant == "riichi" else 0
    wall = lay_wall(hands, draws, tiles=tiles, dead_size=dead, back=back)
    game = Game(variant, rules, wall_source=lambda g, n: list(wall), **extra)
    game.start()
    return game


def discard_kind(game: Game, seat: int, text: str) -> list[dict[str, Any]]:
    """The seat discards a tile of kind ``text`` (the first one its hand lists)."""
    tile = next(t for t in game.round.seats[seat].hand if t // 4 == kind(text))
    return game.apply(Action(A.DISCARD, seat, tile))


def claims(game: Game, seat: int) -> list[str]:
    """The sorted types of the seat's legal actions."""
    return sorted({a.type for a in game.legal_actions(seat)})


def act(
    game: Game, seat: int, kind_of_action: str, tile_text: str | None = None
) -> list[dict[str, Any]]:
    """Play the legal action of this type (on a tile of this kind, if given)."""
    for action in game.legal_actions(seat):
        if action.type != kind_of_action:
            continue
        if tile_text is None or (action.tile is not None and action.tile // 4 == kind(tile_text)):
            return game.apply(action)
    raise AssertionError(
        f"{kind_of_action} {tile_text} is not legal for seat {seat}: {game.legal_actions(seat)}"
    )


def riichi_rules(preset: str, **changes: Any) -> RiichiRules:
    """A Riichi preset with some of its options changed."""
    rules: RiichiRules = replace(getattr(RiichiRules, preset)(), **changes)
    return rules
