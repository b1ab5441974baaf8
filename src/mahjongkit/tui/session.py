"""One person's seat at a table of bots, kept in the records: what the terminal game drives.

The session holds the :class:`~mahjongkit.game.engine.Game` only to pass it actions: everything
shown is read from ``game.observation(seat)`` and the person's choices are among
``game.legal_actions(seat)``. Bots answer for the other seats until the person has something
to decide, or a hand has just ended (its result is shown first). After every pause the new
events are stored, so quitting at any point keeps the game up to its last decision.
"""

from __future__ import annotations

import contextlib
from typing import Any

from mahjongkit.bots import BOT_NAMES, Agent
from mahjongkit.bots.seating import seat_agent
from mahjongkit.bots.session import run_until
from mahjongkit.errors import IllegalActionError, NotationError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.game.rounds import RoundSummary, round_summaries
from mahjongkit.records import Records, Seat
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Event, Kind
from mahjongkit.valueclass import dataclass, field

BOTS = BOT_NAMES
"""The bots a seat may be given."""

RESULT_EVENTS = frozenset({Kind.HORA, Kind.RYUKYOKU, Kind.END_GAME})
"""Events after which play pauses so that the person can read them."""


def _seat_bot(spec: str, seat: int, game: Game) -> Agent:
    """The bot of a seat: one of :data:`BOTS`, or ``mjai:COMMAND``, an external mjai program
    (its process starts when the session hosts it)."""
    return seat_agent(spec, seat, game.seed * 8 + seat, game.flow.rules)


@dataclass
class Session:
    """A game, the person's seat, the bots of the other seats and the record it is kept in."""

    game: Game
    human: int
    bots: dict[int, Agent]
    records: Records | None = None
    record_id: int | None = None
    rules: Any = None
    seen: int = 0
    """How many of the person's visible events have been handed out by :meth:`new_events`."""
    paused: bool = False
    """A hand's result is waiting to be read: bots wait for :meth:`resume`."""
    ended_at: int | None = None
    """While a result is shown (or once the game is over): the length of the log right after
    the hand ended (or the win happened), where the table is read (:meth:`finished_table`)."""
    hand_over: bool = False
    """Whether the result shown ends its hand (a Sichuan win may leave the others playing)."""
    _logged: int = 0
    """The log's length when events were last gathered."""
    _table_at: tuple[int, Observation] | None = None
    """The table of the result shown, with the log length it was read at."""
    _fresh: list[Event] = field(default_factory=list)
    _hosting: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)
    """The external (mjai) bots' processes, ended by :meth:`close`."""

    @classmethod
    def start(
        cls,
        game: Game,
        human: int,
        bot: str,
        records: Records | None = None,
        rules: Any = None,
    ) -> Session:
        """A new session: the game started, stored, and played up to the person's first choice."""
        if type(human) is not int or not 0 <= human < game.players:
            raise NotationError(f"seat {human!r} does not exist at a {game.players}-seat table")
        bots = {s: _seat_bot(bot, s, game) for s in range(game.players) if s != human}
        if not game.log:
            game.start()
        session = cls(game, human, bots, records, rules=rules)
        session.host()
        try:
            if records is not None:
                seats = [
                    Seat(game.names[s], None if s == human else bot) for s in range(game.players)
                ]
                session.record_id = records.create_game(game, seats, surface="terminal")
            session.advance()
        except BaseException:
            session.close()  # no external bot outlives a session that could not start
            raise
        return session

    @classmethod
    def resume_record(cls, records: Records, record_id: int, rules: Any = None) -> Session:
        """The stored unfinished game ``record_id``, replayed and checked by the engine."""
        from mahjongkit.records import RecordsError, resume

        record = records.load(record_id)
        if record.finished:
            raise RecordsError(f"game {record_id} is finished: there is nothing to continue")
        people = [s for s, seat in enumerate(record.seats) if seat.bot is None]
        if len(people) != 1:
            raise RecordsError(
                f"game {record_id} has {len(people)} seats played by a person: the terminal "
                "game continues a game of one person and bots"
            )
        game = resume(record)
        human = people[0]
        bots = {
            s: _seat_bot(seat.bot or "efficient", s, game)
            for s, seat in enumerate(record.seats)
            if s != human
        }
        if rules is None:
            rules = game.flow.rules
        session = cls(game, human, bots, records, record_id, rules)
        # What happened before is shown in the log, but no old result waits to be read.
        session._fresh = list(game.observation(human).events)
        session.seen = len(session._fresh)
        session._logged = len(game.log)
        session.host()
        try:
            session.advance()
        except BaseException:
            session.close()
            raise
        return session

    def host(self) -> None:
        """Start the processes of the external (``mjai:COMMAND``) bots, bound to the game."""
        from mahjongkit.bots.mjai_host import hosted

        self._hosting.enter_context(hosted(self.game, list(self.bots.values())))

    def close(self) -> None:
        """End the external bots' processes (each is shown the end of the game first when the
        session ends normally); safe to call more than once."""
        self._hosting.close()

    # --- what the person sees and may do -------------------------------------------------------

    def observation(self) -> Observation:
        """What the person's seat sees now (without the log: see :meth:`new_events`)."""
        return self.game.observation(self.human, with_events=False)

    def legal(self) -> list[Action]:
        """What the person may do now (nothing while paused, or while bots play)."""
        return [] if self.paused else self.game.legal_actions(self.human)

    def new_events(self) -> list[Event]:
        """The person's visible events not handed out yet."""
        fresh, self._fresh = self._fresh, []
        return fresh

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.over

    # --- playing --------------------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Apply the person's ``action`` (refused, with nothing changed, unless legal now)."""
        if self.paused:
            raise IllegalActionError("a hand's result is shown: continue before playing")
        if action.seat != self.human:
            raise IllegalActionError(f"the person plays seat {self.human}, not {action.seat}")
        self.game.apply(action)
        self.advance()

    def resume(self) -> None:
        """The result has been read: the bots play on."""
        self.paused = False
        self.ended_at = None
        self.advance()

    def finished_table(self) -> Observation | None:
        """The person's view of the table as the hand whose result is shown ended (the next
        hand may be dealt already); None when no result is shown."""
        if self.ended_at is None:
            return None
        kept = self._table_at
        if kept is None or kept[0] != self.ended_at:
            # Folded once a result: the screen is drawn again at every key.
            kept = self._table_at = (
                self.ended_at,
                self.game.observation_at(self.human, self.ended_at),
            )
        return kept[1]

    def last_round(self) -> RoundSummary | None:
        """The summary of the hand whose result is shown (so far, for a win the hand goes on
        after), read from the person's view of the log; None when no result is shown."""
        if self.ended_at is None:
            return None
        rounds = round_summaries(self.game.visible_log(self.human))
        if self.hand_over:
            rounds = [s for s in rounds if s.finished]
        return rounds[-1] if rounds else None

    def advance(self, max_actions: int = 100_000) -> None:
        """Let the bots play until the person must decide, a hand ends, or the game is over."""
        # A result read pauses the bots: _collect is asked before each of their actions.
        if not self.paused:
            run_until(self.game, self.bots, stop=self._collect, max_actions=max_actions)
        self._collect()
        self.save()

    def _collect(self) -> bool:
        """Gather newly visible events; pause (True) when one of them ends a hand."""
        log = self.game.observation(self.human).events
        fresh = list(log[self.seen :])
        self.seen = len(log)
        self._fresh.extend(fresh)
        if any(e["type"] in RESULT_EVENTS for e in fresh):
            # At the game's end the final table is shown instead: nothing is left to wait for.
            self.paused = not self.game.over
            played = self.game.log
            ends = [
                i for i in range(self._logged, len(played)) if played[i]["type"] == Kind.END_KYOKU
            ]
            # A Sichuan win before the hand's end is shown on the table as it stands.
            self.hand_over = bool(ends)
            self.ended_at = ends[-1] + 1 if ends else len(played)
        self._logged = len(self.game.log)
        return self.paused

    def save(self) -> None:
        """Store the events not stored yet (and the result once the game is over)."""
        if self.records is not None and self.record_id is not None:
            self.records.save(self.record_id, self.game)
