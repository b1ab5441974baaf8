"""A referee for mjai bots run by the engine: each seat is sent its view of the new events when
the game waits for it, and its one answer must be one of the engine's legal actions."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from typing import Any

from mahjongkit.formats.mjai import action_to_mjai, seat_view, to_mjai
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from tests.helpers.paths import REPO

Answer = Callable[[str], str]
"""A bot: one input line in, one answer line out."""

_SHAPES = {
    "none": set(),
    "dahai": {"actor", "pai", "tsumogiri"},
    "reach": {"actor"},
    "hora": {"actor", "target", "pai"},
    "chi": {"actor", "target", "pai", "consumed"},
    "pon": {"actor", "target", "pai", "consumed"},
    "daiminkan": {"actor", "target", "pai", "consumed"},
    "ankan": {"actor", "consumed"},
    "kakan": {"actor", "pai", "consumed"},
    "ryukyoku": set(),
}
"""The fields of each message a bot may send."""


def check_shape(text: str) -> dict[str, Any]:
    """The answer as an object, if it is one well-formed mjai message (else AssertionError)."""
    message = json.loads(text)
    assert isinstance(message, dict), text
    kind = message.get("type")
    assert kind in _SHAPES, text
    assert set(message) - {"type"} == _SHAPES[kind], text
    return message


def _same(message: dict[str, Any], wanted: dict[str, Any]) -> bool:
    for key, value in wanted.items():
        other = message.get(key)
        if key == "consumed":
            if sorted(other or []) != sorted(value):
                return False
        elif other != value:
            return False
    return True


def match(game: Game, seat: int, message: dict[str, Any]) -> Action | None:
    """The legal action of ``seat`` that ``message`` asks for (None: it asks for none)."""
    legal = game.legal_actions(seat)
    if message["type"] == "none":
        return next((a for a in legal if a.type == A.PASS), None)
    for action in legal:
        if _same(message, action_to_mjai(game, action)):
            return action
    return None


class Referee:
    """Plays one engine game between four mjai bots."""

    def __init__(self, game: Game, bots: Sequence[Answer]) -> None:
        self.game = game
        self.bots = list(bots)
        self.sent = [0] * 4
        self.answers = 0
        self.skip_reach = [False] * 4

    def _send(self, seat: int, extra: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        view = seat_view(to_mjai(self.game.log), seat)
        fresh = view[self.sent[seat] :]
        self.sent[seat] = len(view)
        if self.skip_reach[seat]:
            kept = [e for e in fresh if not (e["type"] == "reach" and e["actor"] == seat)]
            self.skip_reach[seat] = len(kept) == len(fresh)
            fresh = kept
        fresh += extra or []
        if not fresh:
            fresh = [{"type": "none"}]
        answer = self.bots[seat](json.dumps(fresh, separators=(",", ":")))
        self.answers += 1
        return check_shape(answer)

    def play(self, max_actions: int = 50_000) -> Game:
        game = self.game
        if not game.log:
            game.start()
        for _ in range(max_actions):
            if game.over:
                break
            waiting = game.waiting_for()
            assert waiting, "the game waits for nobody"
            seat = waiting[0]
            message = self._send(seat)
            action = match(game, seat, message)
            if message["type"] == "reach":
                riichi = [a for a in game.legal_actions(seat) if a.type == A.RIICHI]
                assert riichi, f"seat {seat} may not declare riichi: {message}"
                # The referee shows the declaration and asks for its discard.
                self.skip_reach[seat] = True
                follow = self._send(seat, [{"type": "reach", "actor": seat}])
                assert follow["type"] == "dahai", follow
                action = next(
                    (
                        a
                        for a in riichi
                        if _same(follow, action_to_mjai(game, Action(A.DISCARD, seat, a.tile)))
                    ),
                    None,
                )
            assert action is not None, f"seat {seat} answered {message}: not legal here"
            game.apply(action)
        for seat in range(4):
            self._send(seat)
        return game


def bot_process(seat: int | None = None, bot: str = "efficient") -> subprocess.Popen[str]:
    """``mahjongkit mjai-bot`` as a child process, speaking on pipes."""
    command = [sys.executable, "-m", "mahjongkit", "mjai-bot", "--bot", bot]
    if seat is not None:
        command.insert(4, str(seat))
    return subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"},
    )


def talk(process: subprocess.Popen[str]) -> Answer:
    """An answer function that writes a line to the process and reads its one answer."""
    assert process.stdin is not None and process.stdout is not None

    def answer(line: str) -> str:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(line + "\n")
        process.stdin.flush()
        return process.stdout.readline()

    return answer
