"""A finished game, step by step, for the replay page.

The record is played again by the engine (``Game.replay`` checks every event); after the deal
and after each decision (a discard, a call, a win, and every declined call: a ``pass``) the
whole table is taken down as one step. A finished game against bots hides nothing: every hand
is shown. A room's game is replayed from one seat: a person who shows their seat's token sees
their own concealed tiles and nobody else's, and whatever only another seat saw (its answers to
a claim, the tiles it chose to pass, the suit it declared) is left out; anyone else sees what
every seat saw (:data:`~mahjongkit.game.observation.PUBLIC`).
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from mahjongkit.game.engine import Game
from mahjongkit.game.observation import PUBLIC, MeldInfo, visible_event
from mahjongkit.i18n import t
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.records import GameRecord, RecordsError
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Event, Kind, as_json
from mahjongkit.table.state import Phase
from mahjongkit.web.hints import action_label, outcome_lines

__all__ = ["MAX_STEPS", "private_events", "seat_key", "steps_of", "viewer_of"]

MAX_STEPS = 20_000
"""The most steps one replay gives (a long game has a few thousand)."""


class _Stepper(Game):
    """A game that notes the table after each start and each decision while it is replayed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frames: list[tuple[Action | None, range, dict[str, Any]]] = []
        """Per step: the decision, where its events are in the log, the table after it."""

    def start_at(self, **position: Any) -> list[Event]:
        """Begin at a position, and note it."""
        events = super().start_at(**position)
        self._note(None, events)
        return events

    def apply(self, action: object) -> list[Event]:
        """Play the decision, and note the table after it."""
        events = super().apply(action)
        assert isinstance(action, Action)  # the game played it
        self._note(action, events)
        return events

    def _note(self, action: Action | None, events: list[Event]) -> None:
        if len(self.frames) >= MAX_STEPS:
            return
        rnd = self.round
        seats = [
            {
                "hand": sorted(seat.hand),
                "drawn": seat.drawn,
                "melds": [MeldInfo.of(m).to_json() for m in seat.melds],
                "discards": list(seat.discards),
                "flowers": list(seat.flowers),
                A.RIICHI: seat.riichi,
                "won": seat.won,
                "missing_suit": seat.missing_suit,
            }
            for seat in rnd.seats
        ]
        table = {
            "declaring": bool(rnd.seats) and rnd.phase is Phase.DECLARE,
            "round_wind": rnd.round_wind,
            "dealer": rnd.dealer,
            "honba": rnd.honba,
            "deposits": rnd.deposits,
            "scores": list(self.scores),
            "dora_indicators": list(self.indicator_tiles()) if rnd.seats else [],
            "wall_remaining": self.live_remaining() if rnd.seats else 0,
            "seats": seats,
        }
        self.frames.append((action, range(len(self.log) - len(events), len(self.log)), table))


def seat_key(token: str) -> str:
    """The digest of a room seat's token kept in the records (:attr:`Seat.key
    <mahjongkit.records.Seat.key>`): it opens that seat's own replay, and the records never
    hold the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def private_events(record: GameRecord) -> bool:
    """Whether the game's seats hold secrets (a room's game): its replay and its events are
    then shown from one seat, never the whole table."""
    return any(seat.key is not None for seat in record.seats)


def viewer_of(record: GameRecord, token: str | None) -> int | None:
    """From where ``token`` may see the game: None, the whole table (a game without secrets);
    the seat whose key it matches; else :data:`~mahjongkit.game.observation.PUBLIC`."""
    if not private_events(record):
        return None
    if not isinstance(token, str) or not token:
        return PUBLIC
    given = seat_key(token[:64]).encode()
    found = PUBLIC
    for index, seat in enumerate(record.seats):
        # Each seat compared, in constant time: nothing tells how close a guess came.
        if seat.key is not None and hmac.compare_digest(given, seat.key.encode()):
            found = index
    return found


def steps_of(record: GameRecord, lang: str, viewer: int | None = None) -> list[dict[str, Any]]:
    """The steps of a stored game: what was decided, by whom, and the table after it.

    ``viewer`` None: the whole table; a seat, or
    :data:`~mahjongkit.game.observation.PUBLIC`: only what that seat saw (its own concealed
    tiles, none of the others'; another seat's step only when the viewer saw that seat decide:
    never its answer to a claim, the tiles it chose to pass or the suit it declared)."""
    if not record.events:
        raise RecordsError(f"game {record.id} has no events stored")
    game = _Stepper.replay(list(record.events))
    assert isinstance(game, _Stepper)
    log = as_json(game.log)
    steps = []
    for action, made, table in game.frames:
        declaring = table.pop("declaring")
        if (
            viewer is not None
            and action is not None
            and action.seat != viewer
            and not _seen_deciding(game.log, made, action, viewer)
        ):
            continue
        if viewer is not None:
            table["seats"] = [
                seat if index == viewer else _outside(seat, declaring)
                for index, seat in enumerate(table["seats"])
            ]
        if action is None:
            label = t("table.replay.deal", lang)
            actor = None
        else:
            actor = action.seat
            label = t(
                "table.replay.step",
                lang,
                seat=t(f"seat.{SEAT_LETTERS[action.seat]}", lang),
                action=action_label(action, lang),
            )
        steps.append(
            {
                "actor": actor,
                "action": None if action is None else action.to_json(),
                "declined": action is not None and action.type == "pass",
                "label": label,
                "table": table,
                "outcomes": [
                    outcome_lines(log, index, record.variant, lang)
                    for index in made
                    if log[index]["type"] in (Kind.HORA, Kind.RYUKYOKU)
                ],
            }
        )
    return steps


def _seen_deciding(log: list[Event], made: range, action: Action, viewer: int) -> bool:
    """Whether ``viewer`` saw another seat make this decision. Its own event says so, except
    for an answer to a claim (private until the window closes): a pass is never seen, a call
    only when it is made (the seat's call or win follows among the events)."""
    if not made:
        return False
    first = log[made[0]]
    if visible_event(first, viewer) is not None:
        return True
    if first["type"] != Kind.RESPOND or action.type == A.PASS:
        return False
    return any(
        log[index].get("actor") == action.seat and visible_event(log[index], viewer) is not None
        for index in made[1:]
    )


def _outside(seat: dict[str, Any], declaring: bool) -> dict[str, Any]:
    """Another seat as a viewer sees it: how many concealed tiles, not which; its missing suit
    once every seat has declared."""
    shown = {key: value for key, value in seat.items() if key not in ("hand", "drawn")}
    shown["hand"] = None
    shown["drawn"] = None
    shown["hand_size"] = len(seat["hand"])
    if declaring:
        shown["missing_suit"] = None
    return shown
