"""Our ``mjai-bot`` processes as players of libriichi's arena (Mortal's referee, shipped in the
``mjai`` package of mjai.app as ``mjai.mlibriichi``), spoken to the way mjai.app's simulator
speaks to its players: each seat sees the events since its last answer, others' tiles as ``?``."""

from __future__ import annotations

import json
from typing import Any

from tests.helpers.mjai_referee import Answer, check_shape


class ProcessPlayer:
    """One seat for ``mjai.mlibriichi.arena.Match``: forwards its view to a bot, checks answers."""

    engine_type = "mjai-log"

    def __init__(self, name: str, answer: Answer) -> None:
        self.name = name
        self.answer = answer
        self.player_ids: list[int] = []
        self.sent = 0
        self.seat = 0
        self.answers: list[dict[str, Any]] = []
        self.lines = 0

    def set_player_ids(self, player_ids: list[int]) -> None:
        self.player_ids = player_ids

    def _say(self, events: list[dict[str, Any]]) -> str:
        text = self.answer(json.dumps(events, separators=(",", ":")))
        self.lines += 1
        self.answers.append(check_shape(text))
        return text.strip()

    def react_batch(self, game_states: list[Any]) -> list[str]:
        out = []
        for state in game_states:
            self.seat = self.player_ids[state.game_index]
            events = json.loads(state.events_json)
            if self.sent > len(events):
                self.sent = 0
            fresh = []
            for event in events[self.sent :]:
                if event["type"] == "tsumo" and event["actor"] != self.seat:
                    event["pai"] = "?"
                if event["type"] == "start_kyoku":
                    event["tehais"] = [
                        hand if seat == self.seat else ["?"] * 13
                        for seat, hand in enumerate(event["tehais"])
                    ]
                fresh.append(event)
            self.sent = len(events)
            out.append(self._say(fresh) if fresh else '{"type":"none"}')
        return out

    def start_game(self, game_index: int) -> None:
        seat = self.player_ids[game_index] if self.player_ids else 0
        self._say([{"type": "start_game", "names": ["0", "1", "2", "3"], "id": seat}])

    def end_kyoku(self, game_index: int) -> None:
        self._say([{"type": "end_kyoku"}])
        self.sent = 0

    def end_game(self, game_index: int, scores: list[int]) -> None:
        self._say([{"type": "end_game"}])
