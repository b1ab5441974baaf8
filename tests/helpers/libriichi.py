"""Our ``mjai-bot`` processes as players of libriichi's arena (Mortal's referee, shipped in the
``mjai`` package of mjai.app as ``mjai.mlibriichi``), spoken to the way mjai.app's simulator
speaks to its players: each seat sees the events since its last answer, others' tiles as ``?``."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
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
        self.round_start: list[dict[str, Any]] = []

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
            # The events are the round's, from its start_kyoku: a new round starts them over
            # (the arena does not call end_kyoku after every kind of round end).
            if self.sent > len(events) or events[:1] != self.round_start:
                self.sent = 0
                self.round_start = events[:1]
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


# --- mixed tables under the referee ------------------------------------------------------------

RULEBASE = "rulebase"
"""The seat name of the ``mjai`` package's own rule-based bot (``mjai.bot.rulebase``)."""


class RulebaseAnswer:
    """``mjai.bot.rulebase.RulebaseBot`` as an answer function: the bot needs its seat when it
    is made, which only the ``start_game`` line tells."""

    def __init__(self) -> None:
        self.bot: Any = None

    def __call__(self, line: str) -> str:
        from mjai.bot.rulebase import RulebaseBot

        for event in json.loads(line):
            if event.get("type") == "start_game":
                self.bot = RulebaseBot(player_id=event["id"])
        assert self.bot is not None, "the referee spoke before start_game"
        text: str = self.bot.react(line)
        return text


@dataclass
class Refereed:
    """One game libriichi refereed: the seats' bots, every action it rejected (its own
    report's first line, one per rejected action), the game's mjai log and each seat's
    answers (every one a well-formed mjai message)."""

    seed: int
    bots: list[str]
    rejects: list[str]
    log: list[dict[str, Any]]
    answers: list[list[dict[str, Any]]]


def _answer_for(bot: str | Answer) -> Answer:
    from mahjongkit.bots.mjai_bot import MjaiBot

    if not isinstance(bot, str):
        return bot
    return RulebaseAnswer() if bot == RULEBASE else MjaiBot(bot).react


def referee_game(seed: int, bots: Sequence[str | Answer]) -> Refereed:
    """Play one East-South game under libriichi's arena (as mjai.app does), seat ``i`` played
    by ``bots[i]``: a mahjongkit bot's name, :data:`RULEBASE`, or an answer function.
    libriichi does not stop a game on an illegal action: it prints an ``invalid action``
    report on the process's standard output and plays on, so that output is read."""
    import gzip

    from loguru import logger
    from mjai.mlibriichi.arena import Match

    logger.remove()  # the rule-based bot logs every decision
    players = [ProcessPlayer(str(seat), _answer_for(bot)) for seat, bot in enumerate(bots)]
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryFile() as sink:
        sys.stdout.flush()
        saved = os.dup(1)
        os.dup2(sink.fileno(), 1)
        try:
            Match(log_dir=folder).py_match(*players, seed_start=(seed, 0))
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        report = sink.read().decode("utf-8", errors="replace")
        (path,) = Path(folder).glob("*.json.gz")
        log = [json.loads(line) for line in gzip.decompress(path.read_bytes()).splitlines()]
    rejects = [block.split("\n", 1)[0] for block in report.split("invalid action")[1:]]
    names = [bot if isinstance(bot, str) else "custom" for bot in bots]
    return Refereed(seed, names, rejects, log, [player.answers for player in players])
