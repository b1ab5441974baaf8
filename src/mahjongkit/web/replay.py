"""A finished game, step by step, for the replay page.

The record is played again by the engine (``Game.replay`` checks every event); after the deal
and after each decision (a discard, a call, a win, and every declined call: a ``pass``) the
whole table is taken down as one step. A finished game hides nothing: every hand is shown.
"""

from __future__ import annotations

from typing import Any

from mahjongkit.game.engine import Game
from mahjongkit.game.observation import MeldInfo
from mahjongkit.i18n import t
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.records import GameRecord, RecordsError
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Event, Kind, as_json
from mahjongkit.web.hints import action_label, outcome_lines

__all__ = ["MAX_STEPS", "steps_of"]

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

    def apply(self, action: Action) -> list[Event]:
        """Play the decision, and note the table after it."""
        events = super().apply(action)
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


def steps_of(record: GameRecord, lang: str) -> list[dict[str, Any]]:
    """The steps of a stored game: what was decided, by whom, and the table after it."""
    if not record.events:
        raise RecordsError(f"game {record.id} has no events stored")
    game = _Stepper.replay(list(record.events))
    assert isinstance(game, _Stepper)
    log = as_json(game.log)
    steps = []
    for action, made, table in game.frames:
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
