"""What one seat may see: the only view of the game given to players, bots and surfaces.

A seat sees its own concealed tiles, everyone's melds, discards, bonus tiles and scores, the
dora indicators shown, the number of tiles left, and the events of the game with every hidden
part removed (other seats' draws and deals, the wall, private answers to a claim).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjongkit.game.engine import Event

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game

PRIVATE_EVENTS = frozenset({"mjk:respond", "mjk:exchange_choose", "mjk:declare"})
"""Events only their actor sees: answers to a claim, tiles chosen to pass, a declared suit."""
SECRET_FIELDS = frozenset({"mjk_wall", "mjk_seed", "mjk_ids", "mjk_robbable", "mjk_missed_win"})
"""Fields no seat sees: the wall and the seed it is shuffled from, whether anyone could rob a
kong, who passed up a win."""
ACTOR_FIELDS = {"tsumo": ("pai", "mjk_id"), "mjk:deal_replacement": ("mjk_id",)}
"""Fields of an event that only its actor sees (a drawn tile)."""


def visible_event(event: Event, seat: int) -> Event | None:
    """The event as ``seat`` sees it, or None if it sees nothing of it."""
    kind = event["type"]
    mine = event.get("actor") == seat
    if kind in PRIVATE_EVENTS and not mine:
        return None
    shown = {k: v for k, v in event.items() if k not in SECRET_FIELDS}
    if not mine:
        for name in ACTOR_FIELDS.get(kind, ()):
            if name in shown:
                shown[name] = "?"
    if kind == "start_kyoku":
        shown["tehais"] = [
            hand if index == seat else ["?"] * len(hand)
            for index, hand in enumerate(event["tehais"])
        ]
    return shown


_OPEN_PHASES = ("turn", "round_over", "game_over", "exchange", "declare")


def observe(game: Game, seat: int, with_events: bool = True) -> dict[str, Any]:
    """The whole view of ``seat`` (``with_events=False``: without the log, for fast bots)."""
    if not 0 <= seat < game.players:
        from mahjongkit.errors import IllegalActionError

        raise IllegalActionError(f"seat {seat} does not exist at a {game.players}-player table")
    rnd = game.round
    legal = game.legal_actions(seat)
    seats = []
    for index, state in enumerate(rnd.seats):
        public: dict[str, Any] = {
            "melds": [m.to_json() for m in state.melds],
            "discards": list(state.discards),
            "flowers": list(state.flowers),
            "riichi": state.riichi,
            "won": state.won,
            "hand_size": len(state.hand),
            "missing_suit": state.missing_suit if game.round.phase.value != "declare" else None,
        }
        if index == seat:
            public["hand"] = sorted(state.hand)
            public["drawn"] = state.drawn
            public["missing_suit"] = state.missing_suit
        seats.append(public)
    events = game.visible_log(seat) if with_events else []
    return {
        "seat": seat,
        "variant": game.variant,
        # Others' claim windows are not shown: that a pause happens at all would tell that
        # somebody can call or win.
        "phase": (
            rnd.phase.value
            if rnd.seats and (legal or rnd.phase.value in _OPEN_PHASES)
            else "waiting"
        ),
        "turn": rnd.turn,
        "dealer": rnd.dealer,
        "round_wind": rnd.round_wind,
        "honba": rnd.honba,
        "deposits": rnd.deposits,
        "scores": list(game.scores),
        "dora_indicators": game.indicator_tiles(),
        "wall_remaining": game.live_remaining(),
        "last_discard": rnd.last_discard,
        "seats": seats,
        "legal_actions": [a.to_json() for a in legal],
        "events": events,
    }
