"""Any of mahjongkit's bots as an mjai bot (the mjai.app dialect).

Each input line is a JSON array of the events since the bot's last answer; the bot answers
each line with exactly one JSON object: its action, or ``{"type": "none"}``. It keeps the round
it is in mirrored in an engine :class:`~mahjongkit.game.engine.Game`
(:func:`~mahjongkit.formats.mjai.mirror_round`), so the chosen bot sees an ordinary
:class:`~mahjongkit.game.observation.Observation` with the engine's legal actions, and every
answer is one of them. A line it cannot read is answered ``none`` with one line on stderr;
nothing the referee sends makes it stop. ``docs/mjai.md`` lists what it reads and sends.

>>> bot = MjaiBot("efficient")
>>> bot.react('[{"type":"start_game","names":["a","b","c","d"],"id":2}]')
'{"type":"none"}'
>>> bot.seat
2
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import IO, Any

from mahjongkit.errors import MahjongError
from mahjongkit.formats.mjai import MjaiEvent, action_to_mjai, mirror_round
from mahjongkit.game.engine import Game
from mahjongkit.shapes import RIICHI, shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Kind
from mahjongkit.tiles import from_mjai
from mahjongkit.variants import variant_for_protocol

__all__ = ["MjaiBot", "serve"]

NONE = '{"type":"none"}'
_MAX_LINE = 1 << 20
_SEATS = 4


def _dumps(message: Mapping[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class MjaiBot:
    """One seat of an mjai game, played by a named mahjongkit bot."""

    def __init__(
        self,
        bot: str = "efficient",
        seat: int | None = None,
        rules: Any = None,
        *,
        log: Callable[[str], None] | None = None,
        seed: int = 0,
    ) -> None:
        from mahjongkit.bots.seating import make_agents

        self.rules = rules if rules is not None else variant_for_protocol("mjai").table_rules()
        self.agent = make_agents([bot], seed, self.rules)[0]
        self.bot, self.bot_seed = bot, seed
        self.rules_given = rules is not None
        """Rules given by the caller; else those a ``start_game`` states (``mjk_rules``) win."""
        self.fixed_seat = seat
        self.seat: int | None = seat
        self.round: list[MjaiEvent] = []
        self.riichi_tile: str | None = None
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))

    # --- one line in, one answer out ---

    def react(self, line: str) -> str:
        """The answer (one JSON object, as text) to one input line; never raises."""
        try:
            if len(line) > _MAX_LINE:
                raise ValueError(f"a line of {len(line)} characters")
            events = json.loads(line)
            if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
                raise ValueError("a line is a JSON array of event objects")
            if not events:
                raise ValueError("an empty array of events")
        except (ValueError, RecursionError) as error:
            self.log(f"mjai-bot: unreadable input ({str(error)[:120]}): {line[:80]!r}")
            return NONE
        try:
            for event in events:
                self.take(event)
            return _dumps(self.answer())
        except (MahjongError, KeyError, TypeError, ValueError, IndexError) as error:
            # A view the mirror cannot follow costs this answer only; the next round starts
            # afresh from its start_kyoku.
            self.log(f"mjai-bot: cannot follow the game ({type(error).__name__}: {error})"[:300])
            return _dumps(self.fallback())

    def take(self, event: MjaiEvent) -> None:
        """Follow one event."""
        match event.get("type"):
            case Kind.START_GAME:
                identity = event.get("id")
                if self.fixed_seat is None and type(identity) is int and 0 <= identity < _SEATS:
                    self.seat = identity
                self.round = []
                recorded = event.get("mjk_rules")
                if not self.rules_given and isinstance(recorded, dict) and recorded:
                    self._adopt(recorded)
            case Kind.START_KYOKU:
                self.round = [event]
                self.riichi_tile = None
            case Kind.END_KYOKU | Kind.END_GAME:
                self.round = []
            case _ if self.round:
                self.round.append(event)

    def _adopt(self, recorded: dict[str, Any]) -> None:
        """Play under the rules a game states (a mahjongkit host sends its own)."""
        from mahjongkit.bots.seating import make_agents
        from mahjongkit.game.engine import rebuild_rules

        try:
            self.rules = rebuild_rules(variant_for_protocol("mjai").name, recorded)
        except MahjongError as error:
            self.log(f"mjai-bot: start_game rules not used ({error})"[:300])
            return
        self.agent = make_agents([self.bot], self.bot_seed, self.rules)[0]

    def _needs_answer(self) -> bool:
        if not self.round or self.seat is None:
            return False
        last = self.round[-1]
        kind = last.get("type")
        mine = last.get("actor") == self.seat
        if kind in (Kind.TSUMO, Kind.REACH, Kind.CHI, Kind.PON):
            return mine
        if kind == Kind.DAHAI and not mine:
            return self._may_claim(last)
        return kind in (Kind.KAKAN, Kind.ANKAN) and not mine

    def _hand(self) -> tuple[list[int], int]:
        """The kinds of this seat's concealed tiles and its number of melds, from the events
        (cheap: no mirror)."""
        assert self.seat is not None
        tehais = self.round[0].get("tehais") or []
        names = list(tehais[self.seat]) if len(tehais) > self.seat else []
        melds = 0
        for event in self.round[1:]:
            if event.get("actor") != self.seat:
                continue
            match event.get("type"):
                case Kind.TSUMO:
                    names.append(str(event.get("pai")))
                case Kind.DAHAI | Kind.KAKAN:
                    names.remove(event.get("pai"))
                case Kind.CHI | Kind.PON | Kind.DAIMINKAN | Kind.ANKAN:
                    for name in event.get("consumed") or []:
                        names.remove(name)
                    melds += 1
        return [from_mjai(n).kind for n in names], melds

    def _may_claim(self, discard: MjaiEvent) -> bool:
        """Whether this seat could call or win on a discard (else it can only pass)."""
        assert self.seat is not None
        try:
            kinds, melds = self._hand()
            tile = from_mjai(str(discard.get("pai"))).kind
        except (MahjongError, ValueError, TypeError):
            return True  # let the mirror find out (and report what it cannot follow)
        counts = [0] * 34
        for kind in kinds:
            counts[kind] += 1
        if counts[tile] >= 2:
            return True
        counts[tile] += 1
        if shanten(counts, melds, RIICHI) < 0:
            return True
        counts[tile] -= 1
        if discard.get("actor") == (self.seat + 3) % _SEATS and tile < 27:
            number = tile % 9
            near = [tile + d for d in (-2, -1, 1, 2) if 0 <= number + d < 9]
            pairs = [(a, b) for a in near for b in near if a < b]
            for low, high in pairs:
                run = sorted((low, high, tile))
                if run[2] - run[0] == 2 and counts[low] and counts[high]:
                    return True
        return False

    def mirror(self) -> Game:
        """The round so far, played through the engine from this seat's view."""
        assert self.seat is not None
        return mirror_round(self.round, self.seat, self.rules)

    def answer(self) -> MjaiEvent:
        """The message for the events followed so far."""
        if not self._needs_answer():
            return {"type": "none"}
        assert self.seat is not None
        game = self.mirror()
        legal = game.legal_actions(self.seat)
        if not legal:
            # The engine has ended the round (a referee may still deal one more draw): a draw
            # is always answered with a discard.
            return self.fallback()
        last = self.round[-1]
        if last.get("type") == Kind.REACH:
            return self._riichi_discard(game, legal)
        action = self.agent.act(game.observation(self.seat))
        if action not in legal:
            self.log(f"mjai-bot: the bot chose {action}, which is not legal; passing or discarding")
            action = self._safe(game, legal)
        if action.type == A.RIICHI:
            self.riichi_tile = action_to_mjai(game, Action(A.DISCARD, action.seat, action.tile))[
                "pai"
            ]
        return action_to_mjai(game, action)

    def _riichi_discard(self, game: Game, legal: list[Action]) -> MjaiEvent:
        """The discard that goes with the riichi this seat declared."""
        riichi = [a for a in legal if a.type == A.RIICHI]
        chosen = next(
            (
                a
                for a in riichi
                if action_to_mjai(game, Action(A.DISCARD, a.seat, a.tile))["pai"]
                == self.riichi_tile
            ),
            None,
        )
        if chosen is None and riichi:
            picked = self.agent.act(game.observation(game.round.turn))
            chosen = picked if picked in riichi else riichi[0]
        if chosen is None:
            return {"type": "none"}
        return action_to_mjai(game, Action(A.DISCARD, chosen.seat, chosen.tile))

    @staticmethod
    def _safe(game: Game, legal: list[Action]) -> Action:
        for action in legal:
            if action.type == A.PASS:
                return action
        drawn = game.round.seats[legal[0].seat].drawn
        for action in legal:
            if action.type == A.DISCARD and action.tile == drawn:
                return action
        return next((a for a in legal if a.type == A.DISCARD), legal[0])

    def fallback(self) -> MjaiEvent:
        """The answer when the mirror fails: discard the tile just drawn, else none."""
        if self.round and self.seat is not None:
            last = self.round[-1]
            if last.get("actor") == self.seat and last.get("type") in (Kind.TSUMO, Kind.REACH):
                drawn = next(
                    (
                        e.get("pai")
                        for e in reversed(self.round)
                        if e.get("type") == Kind.TSUMO and e.get("actor") == self.seat
                    ),
                    None,
                )
                if isinstance(drawn, str):
                    return {"type": "dahai", "actor": self.seat, "pai": drawn, "tsumogiri": True}
        return {"type": "none"}


def serve(bot: MjaiBot, lines: IO[str], out: IO[str]) -> int:
    """Answer every line of ``lines`` on ``out`` (flushed at once); return the lines answered."""
    answered = 0
    for line in lines:
        text = line.strip()
        if not text:
            continue
        out.write(bot.react(text) + "\n")
        out.flush()
        answered += 1
    return answered
