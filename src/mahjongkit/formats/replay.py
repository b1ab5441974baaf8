"""A recorded round replayed through the engine: the wall its record implies, and the engine
side of playing its decisions.

Every reader of a played game (Tenhou's mjlog and tenhou.net/6, mjai) follows a round's tiles
and finds where each one it shows came from: the deal, the live draws in order, the replacement
draws after a kan, the dora indicators and the ura indicators a riichi winner turned over.
:class:`RoundWall` holds those pieces as physical tile ids and lays them out as the engine's wall
(:mod:`mahjongkit.table.wall`), so that the engine, dealt from it, draws every tile the record
shows where the record shows it. A record never shows the tiles nobody drew; they fill the
remaining places in ascending id order, so the same record always gives the same wall.

:class:`RecordReplay` is the engine side every record reader drives: the game dealt from that
wall, the engine's events as they come, each recorded decision played (a refusal worded by the
reader, naming where its record disagrees) and a claim window answered as the record shows it.

>>> wall = RoundWall(
...     tiles=tuple(range(136)),
...     dealer=1,
...     deal=tuple(tuple(range(13 * s, 13 * s + 13)) for s in range(4)),
...     live=(60, 52),
...     replacements=(),
...     indicators=(135,),
...     uras=(),
... ).engine_wall()
>>> wall[:13] == list(range(13, 26)), wall[52:54], wall[126]
(True, [60, 52], 135)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from mahjongkit.errors import MahjongError
from mahjongkit.game.engine import Game, settle_claims
from mahjongkit.table.actions import Action
from mahjongkit.table.events import JsonEvent, as_json
from mahjongkit.table.wall import (
    DEAL_SIZE,
    indicator_indices,
    replacement_index,
    ura_indices,
)
from mahjongkit.valueclass import dataclass

__all__ = ["DEAD_WALL", "RecordReplay", "RoundWall", "dealt_game"]

DEAD_WALL = 14
"""The tiles of the dead wall in every record read here (Riichi's)."""


@dataclass(frozen=True, slots=True)
class RoundWall:
    """The tiles a round's record shows, by where each came from (physical ids).

    ``tiles`` is the set the round is played with; ``deal`` the 13 tiles of each seat (absolute
    seats, the dealer's included); ``live`` and ``replacements`` the draws in the order drawn;
    ``indicators`` the dora indicators in order of reveal; ``uras`` those a winner showed (may be
    empty). Each id appears once among them all; None is a tile the record shows was there
    without showing which (a seat's view hides the others' tiles).
    """

    tiles: tuple[int, ...]
    dealer: int
    deal: tuple[tuple[int | None, ...], ...]
    live: tuple[int | None, ...]
    replacements: tuple[int | None, ...]
    indicators: tuple[int | None, ...]
    uras: tuple[int | None, ...]

    def engine_wall(self) -> list[int]:
        """The whole wall in the engine's layout, every place filled: the deal from the
        dealer's seat on, the live draws after it, the replacement draws, indicators and uras
        where the dead wall keeps them, and the tiles nobody saw, ascending, everywhere else."""
        size = len(self.tiles)
        players = len(self.deal)
        wall: list[int | None] = [None] * size
        for offset in range(players):
            start = DEAL_SIZE * offset
            wall[start : start + DEAL_SIZE] = self.deal[(self.dealer + offset) % players]
        first_draw = DEAL_SIZE * players
        for number, tile in enumerate(self.live):
            wall[first_draw + number] = tile
        for number, tile in enumerate(self.replacements):
            wall[replacement_index(size, DEAD_WALL, number)] = tile
        for spot, tile in zip(
            indicator_indices(size, DEAD_WALL, len(self.indicators)), self.indicators, strict=True
        ):
            wall[spot] = tile
        for spot, tile in zip(ura_indices(size, DEAD_WALL, len(self.uras)), self.uras, strict=True):
            wall[spot] = tile
        placed = {tile for tile in wall if tile is not None}
        unseen = iter(tile for tile in sorted(self.tiles) if tile not in placed)
        return [tile if tile is not None else next(unseen) for tile in wall]


def dealt_game(
    variant: str,
    rules: Any,
    walls: Sequence[Sequence[int]],
    *,
    names: Sequence[str] | None = None,
    max_rounds: int | None = None,
) -> Game:
    """A game whose rounds are dealt the ``walls`` of a record's rounds, in order. A round
    past them (the game goes on where the record stops) is dealt the set in order: the
    comparison with the record reports it."""
    return Game(
        variant,
        rules,
        names=names,
        max_rounds=max_rounds,
        wall_source=lambda _game, number: (
            list(walls[number]) if number < len(walls) else sorted(walls[0])
        ),
    )


class RecordReplay(ABC):
    """A record's decisions played through ``game``, and what the engine emits on the way.

    A reader subclasses it: it plays each decision its record shows (:meth:`apply`,
    :meth:`settle`), reads the engine's answer (:meth:`fresh`) and compares; :meth:`refused`
    words the engine's refusal of a recorded decision in the reader's terms. ``seen`` is the
    first event of ``game.log`` not yet read.
    """

    def __init__(self, game: Game, seen: int = 0) -> None:
        self.game = game
        self.seen = seen

    def fresh(self) -> list[JsonEvent]:
        """The events the engine emitted since the last call."""
        events = as_json(self.game.log[self.seen :])
        self.seen = len(self.game.log)
        return events

    def apply(self, action: Action) -> None:
        """Play one recorded decision; the engine's refusal goes to :meth:`refused`."""
        try:
            self.game.apply(action)
        except MahjongError as error:
            self.refused(action, error)

    @abstractmethod
    def refused(self, action: Action, error: MahjongError) -> NoReturn:
        """Raise the reader's own error for an action the engine refuses."""

    def settle(self, keep: Mapping[int, Action] | None = None) -> None:
        """Answer the open claim window: the seats of ``keep`` play their action, every other
        seat passes (as a record shows a seat that could call and did not)."""
        settle_claims(self.game, keep, self.apply)

    def claimed_tile(self) -> int | None:
        """The tile a win on someone else's tile would take: the discard, or the kan's tile."""
        rnd = self.game.round
        return rnd.last_discard if rnd.last_discard is not None else rnd.rob_tile
