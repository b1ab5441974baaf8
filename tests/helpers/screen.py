"""The terminal game as a person sees it: the text of the rendered screen, the keys it offers,
and seeded positions where the person has a given choice to make."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mahjongkit.bots import EfficientAgent
from mahjongkit.game.engine import Game
from mahjongkit.tui.session import Session

OFFER = re.compile(r"\[([^\]\s]+)\] (.+?)(?= {3}\[|\s*$)")
"""``[key] label`` as the screen lists an offered action (several on a row, three spaces
apart)."""


def screen_lines(app: Any) -> list[str]:
    """The rows the terminal shows now, as text (what the compositor drew, not widget data)."""
    strips = app.screen._compositor.render_strips()
    return [strip.text.rstrip() for strip in strips]


def screen_text(app: Any) -> str:
    """The whole screen as text, one row a line."""
    return "\n".join(screen_lines(app))


def offered(app: Any) -> dict[str, str]:
    """Every ``[key] label`` on the screen: label → key (as shown: ``x/Esc`` for a pass)."""
    found: dict[str, str] = {}
    for line in screen_lines(app):
        for match in OFFER.finditer(line):
            found[match.group(2).strip()] = match.group(1)
    return found


def position_where(
    variant: str,
    wanted: Callable[[Session], bool],
    *,
    seeds: range = range(30),
    human: int = 0,
    rules: Any = None,
    max_rounds: int = 2,
) -> Session:
    """A session of the first seeded game where ``wanted`` holds while the person has a choice
    to make: the person's seat is played by the efficient bot until then (a hand's result is
    read at once). Fails the test when no seed gets there."""
    for seed in seeds:
        game = Game(variant, rules, seed=seed, max_rounds=max_rounds)
        session = Session.start(game, human, "efficient")
        player = EfficientAgent(game.flow.rules)
        while not session.over:
            if session.paused:
                session.resume()
                continue
            if session.legal() and wanted(session):
                return session
            session.play(player.act(game.observation(human, with_events=False)))
    raise AssertionError(f"no {variant} position of the wanted kind in seeds {seeds}")
