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

_PRIVATE_FIELDS = ("mjk_wall", "mjk_ids")


def visible_event(event: Event, seat: int) -> Event | None:
    """The event as ``seat`` sees it, or None if it sees nothing of it."""
    kind = event["type"]
    actor = event.get("actor")
    if kind in ("mjk:respond", "mjk:exchange_choose", "mjk:declare") and actor != seat:
        return None
    shown = {k: v for k, v in event.items() if k not in _PRIVATE_FIELDS}
    if kind == "start_kyoku":
        shown["tehais"] = [
            hand if index == seat else ["?"] * len(hand)
            for index, hand in enumerate(event["tehais"])
        ]
    elif kind == "tsumo" and actor != seat:
        shown["pai"] = "?"
        shown.pop("mjk_id", None)
    elif kind == "mjk:exchange":
        shown.pop("mjk_moves", None)
    return shown


def observe(game: Game, seat: int) -> dict[str, Any]:
    """The whole view of ``seat``."""
    if not 0 <= seat < game.players:
        from mahjongkit.errors import IllegalActionError

        raise IllegalActionError(f"seat {seat} does not exist at a {game.players}-player table")
    rnd = game.round
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
    events = [e for e in (visible_event(e, seat) for e in game.log) if e is not None]
    return {
        "seat": seat,
        "variant": game.variant,
        "phase": rnd.phase.value,
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
        "legal_actions": [a.to_json() for a in game.legal_actions(seat)],
        "events": events,
    }
