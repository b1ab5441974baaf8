"""External mjai bots as seats: a program started for a seat, spoken to in the mjai.app dialect.

:class:`MjaiSeat` is an :class:`~mahjongkit.bots.agents.Agent` that plays a seat by asking an
external program. When the engine waits for the seat, the program is sent one line: a JSON
array of the mjai events since its last answer, as that seat is shown them
(:func:`~mahjongkit.formats.mjai.seat_view`); it answers with exactly one JSON object. A riichi
is asked in two steps as in mjai.app: the bot answers ``reach``, is shown its own ``reach`` and
answers the discard.

An answer that comes too late, is not one JSON object or is not one of the seat's legal actions
is a *fault*: it is logged, counted (:attr:`MjaiSeat.faults`) and replaced by the safe default
(:func:`safe_default`: pass on another seat's tile; on its own turn discard the tile just drawn,
else the last tile of the hand). With ``strict`` the fault raises :class:`MjaiHostError` instead.
A bot that exits is reported with its exit code and its seat is played by the safe default for
the rest of the game. Every process is started in its own session and, on every way out of
:meth:`MjaiSeat.close` (an interruption included), killed with its whole group and waited for.
``docs/mjai.md`` ("Hosting bots") documents the defaults.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjongkit.errors import MahjongError
from mahjongkit.formats.mjai import MjaiEvent, action_to_mjai, seat_view, to_mjai
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Kind
from mahjongkit.variants import find_variant

if TYPE_CHECKING:
    from mahjongkit.game.engine import Game
    from mahjongkit.game.observation import Observation

__all__ = [
    "DEFAULT_TIMEOUT",
    "FAULTS",
    "PREFIX",
    "STARTUP_TIMEOUT",
    "MjaiHostError",
    "MjaiSeat",
    "command_of",
    "hosted",
    "safe_default",
]

PREFIX = "mjai:"
"""A bot spec ``mjai:COMMAND`` hosts COMMAND as the seat."""

DEFAULT_TIMEOUT = 5.0
"""Seconds a hosted bot has for each answer unless told otherwise (``--mjai-timeout``)."""

STARTUP_TIMEOUT = 30.0
"""Seconds a hosted bot has to answer its ``start_game`` (loading a model takes a while), or the
timeout if that is longer."""

FAULTS = ("timeouts", "malformed", "illegal", "exited")
"""What is counted for each hosted seat: late answers, answers that are not one mjai message,
messages that are not a legal action there, and the bot ending before the game did (0 or 1)."""

_MAX_LINE = 1 << 20
_GRACE = 1.0
"""Seconds a bot has to exit by itself once its input is closed, and again after SIGTERM."""


class MjaiHostError(MahjongError):
    """A hosted mjai bot that cannot be run (no such program, a malformed command, a rule family
    mjai does not speak) or, in strict mode, that answered late, wrongly or not at all."""

    code = "mjai_host"


def _refusal(key: str, **values: Any) -> str:
    """A refusal said in every language (a :class:`~mahjongkit.i18n.Sentence`)."""
    from mahjongkit.i18n import Sentence

    return Sentence(key, **values)


def command_of(spec: str) -> list[str]:
    """The argument list of an ``mjai:COMMAND`` spec (shell-like quoting, no shell).

    ``{seat}`` is left in place; :class:`MjaiSeat` replaces it with the seat number.
    """
    if not spec.startswith(PREFIX):
        raise MjaiHostError(_refusal("refusal.mjai_not_bot", spec=repr(spec[:60])))
    text = spec[len(PREFIX) :]
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise MjaiHostError(
            _refusal("refusal.mjai_split", spec=repr(spec[:80]), reason=str(error))
        ) from None
    if not words:
        raise MjaiHostError(_refusal("refusal.mjai_no_command", spec=repr(spec[:80])))
    return words


def safe_default(game: Game, seat: int, legal: Sequence[Action]) -> Action:
    """The action played for a seat whose bot gave no usable answer: a pass if passing is legal;
    else the discard of the tile just drawn; else the discard of the hand's last tile; else (no
    discard is legal) the first legal action."""
    for action in legal:
        if action.type == A.PASS:
            return action
    discards = [a for a in legal if a.type == A.DISCARD]
    drawn = game.round.seats[seat].drawn
    for action in discards:
        if action.tile == drawn:
            return action
    if discards:
        return discards[-1]
    return legal[0]


def _preexec() -> None:  # pragma: no cover - runs in the child
    # A simulation's workers leave Ctrl-C to their parent; the bot gets it as a terminal sends it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    # Linux: the bot is killed if the process hosting it dies without closing it (a worker
    # terminated by its pool).
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class MjaiSeat:
    """One seat played by an external mjai bot (see the module's description).

    ``command``: the program and its arguments (``{seat}`` in any of them becomes the seat);
    ``timeout``: seconds for each answer; ``strict``: a fault raises :class:`MjaiHostError`;
    ``log``: where faults are told (default: standard error, one line each).
    The process starts at :meth:`bind` and is ended by :meth:`close`.
    """

    def __init__(
        self,
        command: Sequence[str],
        seat: int,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        strict: bool = False,
        log: Callable[[str], None] | None = None,
        label: str | None = None,
    ) -> None:
        if not command:
            raise MjaiHostError("an mjai bot needs a command")
        if not timeout > 0:
            raise MjaiHostError(f"the answer timeout is a number of seconds above 0, not {timeout}")
        self.argv = [word.replace("{seat}", str(seat)) for word in command]
        self.seat = seat
        self.timeout = float(timeout)
        self.strict = strict
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))
        self.label = label or f"{PREFIX}{shlex.join(list(command))}"
        self.faults: dict[str, int] = dict.fromkeys(FAULTS, 0)
        self.exit_code: int | None = None
        self.answers = 0
        self.game: Game | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._waiting = False
        """Whether the bot still owes the answer to its last line (too late to be used): it is
        read and dropped before the bot is sent another line, so one line at most is in flight
        and every answer is the answer to the line it follows."""
        self._unsent: list[MjaiEvent] = []
        """Events not sent yet because the bot was still busy with an earlier line."""
        self._sent = 0
        self._skip_reach = False
        self._dead = False
        self._startup_deadline = 0.0
        self._starting = True
        """Whether the start_game answer is still to be read (with the start-up allowance)."""

    # --- the process ---

    def bind(self, game: Game) -> None:
        """Seat the bot at ``game`` (started here if it was not): start its program and send
        it ``start_game``; its answer is awaited at its first decision."""
        if "mjai" not in find_variant(game.variant).protocols or game.players != 4:
            raise MjaiHostError(
                f"mjai bots play four-player Riichi; this game is {game.variant} "
                f"with {game.players} players (mjai's own bots, libriichi's and the rule-based "
                "one, read four seats and no North set aside)"
            )
        self.game = game
        if not game.log:
            game.start()
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                start_new_session=True,
                preexec_fn=_preexec if sys.platform.startswith("linux") else None,
            )
        except (OSError, ValueError) as error:
            reason = (
                _refusal("refusal.no_such_program")
                if isinstance(error, FileNotFoundError)
                else getattr(error, "strerror", None) or str(error)
            )
            raise MjaiHostError(
                _refusal("refusal.mjai_start", seat=self.seat, label=self.label, reason=reason)
            ) from None
        assert self.process.stdin is not None and self.process.stdout is not None
        os.set_blocking(self.process.stdin.fileno(), False)
        os.set_blocking(self.process.stdout.fileno(), False)
        view = seat_view(to_mjai(game.log[:1]), self.seat)
        self._sent = 1
        self._startup_deadline = time.monotonic() + max(self.timeout, STARTUP_TIMEOUT)
        # The start_game answer is read (and not judged) before the first decision.
        self._waiting = self._write(view, self._startup_deadline)

    def close(self, *, farewell: bool = True) -> None:
        """Show the bot the events it has not seen (the game's end) if ``farewell``, then end
        its process: input closed, SIGTERM to its group, SIGKILL; always waited for."""
        try:
            if farewell:
                self.farewell()
        finally:
            process, self.process = self.process, None
            if process is not None:
                _end([process])

    def farewell(self) -> None:
        """Send the bot the events it has not seen (after a finished game: the end of the round
        and the game) and read its answer; a fault here changes nothing and is not counted."""
        if self.process is None or self._dead or self.game is None:
            return
        fresh = self._fresh()
        deadline = time.monotonic() + self.timeout
        quiet, self.log = self.log, lambda text: None
        faults = dict(self.faults)
        strict, self.strict = self.strict, False
        try:
            if fresh and self._caught_up(deadline) and self._write(fresh, deadline):
                self._read(deadline)
        finally:
            self.log, self.strict, self.faults = quiet, strict, faults

    # --- the agent ---

    def act(self, observation: Observation) -> Action:
        """Ask the bot; its answer as a legal action, or the safe default after a fault."""
        game = self.game
        if game is None:
            raise MjaiHostError(f"seat {self.seat}: {self.label} was not seated (bind) at a game")
        legal = list(observation.legal_actions)
        if self._dead:
            return safe_default(game, self.seat, legal)
        message = self._ask(self._fresh(), legal)
        if message is None:
            return safe_default(game, self.seat, legal)
        if message.get("type") == "reach" and message.get("actor", self.seat) == self.seat:
            return self._riichi(game, legal, message)
        action = _match(game, self.seat, legal, message)
        if action is None:
            return self._fault("illegal", f"{_short(message)} is not a legal action", legal)
        return action

    def _riichi(self, game: Game, legal: list[Action], message: MjaiEvent) -> Action:
        riichi = [a for a in legal if a.type == A.RIICHI]
        if not riichi:
            return self._fault("illegal", f"{_short(message)}: riichi is not possible", legal)
        # Shown its own declaration, the bot answers the discard (and the engine's reach event
        # is not shown it again).
        self._skip_reach = True
        follow = self._ask([{"type": "reach", "actor": self.seat}], legal)
        drawn = game.round.seats[self.seat].drawn
        fallback = next((a for a in riichi if a.tile == drawn), riichi[0])
        if follow is None:
            return fallback
        if follow.get("type") == "dahai":
            for action in riichi:
                as_discard = Action(A.DISCARD, self.seat, action.tile)
                if _agrees(follow, action_to_mjai(game, as_discard)):
                    return action
            for action in riichi:
                as_discard = Action(A.DISCARD, self.seat, action.tile)
                if _agrees(follow, action_to_mjai(game, as_discard), loose=True):
                    return action
        self._fault("illegal", f"{_short(follow)} after reach: not a discard that keeps it ready")
        return fallback

    def _fresh(self) -> list[MjaiEvent]:
        """The seat's view of the events since its last line."""
        assert self.game is not None
        log = self.game.log
        fresh = seat_view(to_mjai(log[self._sent :]), self.seat)
        self._sent = len(log)
        if self._skip_reach:
            for at, event in enumerate(fresh):
                if event.get("type") == Kind.REACH and event.get("actor") == self.seat:
                    del fresh[at]
                    self._skip_reach = False
                    break
        return [e for e in fresh if e.get("type") != Kind.START_GAME]

    def _caught_up(self, deadline: float) -> bool:
        """Whether the bot has answered every line sent (a late answer read and dropped by
        ``deadline``; its first answer has the start-up allowance)."""
        if self._waiting:
            if self._starting:
                deadline = max(deadline, self._startup_deadline)
                self._starting = False
            if self._read(deadline) is None:
                return False
            self._waiting = False
        return True

    def _ask(self, events: list[MjaiEvent], legal: list[Action]) -> MjaiEvent | None:
        """One line sent, one answer read: the message, or None after a fault (counted)."""
        deadline = time.monotonic() + self.timeout
        if not self._caught_up(deadline):
            if not self._dead:
                # Still thinking about an earlier line: this decision is late too, and its
                # events go with the next line.
                self._unsent += events
                self._fault("timeouts", f"no answer within {self.timeout:g} s (still busy)")
            return None
        events = self._unsent + events
        self._unsent = []
        if not events:
            events = [{"type": "none"}]
        deadline = time.monotonic() + self.timeout
        if not self._write(events, deadline):
            return None
        self._waiting = True
        text = self._read(deadline)
        if text is None:
            if not self._dead:
                self._fault("timeouts", f"no answer within {self.timeout:g} s")
            return None
        self._waiting = False
        self.answers += 1
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            self._fault("malformed", f"not JSON: {text[:80]!r}")
            return None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            self._fault("malformed", f"not an mjai message object: {text[:80]!r}")
            return None
        return message

    def _write(self, events: list[MjaiEvent], deadline: float) -> bool:
        """Send one line; False if the bot is gone or not reading (a fault already counted)."""
        process = self.process
        assert process is not None and process.stdin is not None
        data = (json.dumps(events, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
        fd = process.stdin.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_WRITE)
            while data:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    # A line half written cannot be taken back: the bot is not asked again.
                    self._dead = True
                    self._fault("timeouts", f"not reading its input after {self.timeout:g} s")
                    return False
                try:
                    data = data[os.write(fd, data) :]
                except BlockingIOError:
                    continue
                except (BrokenPipeError, ConnectionResetError):
                    self._exited()
                    return False
        return True

    def _read(self, deadline: float) -> str | None:
        """The next answer line (without its newline); None if none came by ``deadline`` or
        the bot has ended (counted)."""
        process = self.process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > _MAX_LINE:
                    self._buffer = b""
                    self._fault("malformed", f"an answer longer than {_MAX_LINE} bytes")
                    return None
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return None
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    self._exited()
                    return None
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        text = line.decode("utf-8", errors="replace").strip()
        if not text:
            return self._read(deadline)  # blank lines are no answers
        return text

    # --- faults ---

    def _where(self) -> str:
        game = self.game
        place = ""
        if game is not None and game.state.round.seats:
            rnd = game.round
            place = f", {SEAT_LETTERS[rnd.round_wind % 4]}{rnd.hand_number + 1}"
            if rnd.honba:
                place += f"-{rnd.honba}"
        return f"seat {self.seat} ({self.label}{place})"

    def _fault(self, kind: str, what: str, legal: list[Action] | None = None) -> Action:
        self.faults[kind] += 1
        if self.strict:
            raise MjaiHostError(f"{self._where()}: {what} (--mjai-strict)")
        self.log(f"mjai host: {self._where()}: {what}; {_DEFAULTS[kind]}")
        assert self.game is not None
        return safe_default(self.game, self.seat, legal) if legal else Action(A.PASS, self.seat)

    def _exited(self) -> None:
        process = self.process
        assert process is not None
        self._dead = True
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=_GRACE)
        code = process.poll()
        self.exit_code = code
        self.faults["exited"] = 1
        said = f"exit code {code}" if code is not None else "its output closed"
        if code is not None and code < 0:
            said = f"killed by signal {-code}"
        what = f"the bot ended before the game ({said}) after {self.answers} answers"
        if self.strict:
            raise MjaiHostError(f"{self._where()}: {what} (--mjai-strict)")
        self.log(f"mjai host: {self._where()}: {what}; the safe default plays the seat to the end")


_DEFAULTS = {
    "timeouts": "played the safe default (pass, or discard the drawn tile)",
    "malformed": "played the safe default (pass, or discard the drawn tile)",
    "illegal": "played the safe default (pass, or discard the drawn tile)",
}


def _end(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    """End bots' processes and their groups, all at once, and wait for each (no zombie left).

    Inputs are closed first and outputs only after, so that a bot finishing an answer as it is
    told to stop exits on its own rather than on a broken pipe; then SIGTERM, then SIGKILL."""
    try:
        for process in processes:
            if process.stdin is not None:
                with contextlib.suppress(OSError):
                    process.stdin.close()
        for number in (signal.SIGTERM, signal.SIGKILL):
            deadline = time.monotonic() + _GRACE
            for process in processes:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=max(0.0, deadline - time.monotonic()))
            left = [p for p in processes if p.returncode is None]
            if not left:
                break
            for process in left:
                _signal_group(process, number)
    finally:
        for process in processes:
            if process.stdout is not None:
                with contextlib.suppress(OSError):
                    process.stdout.close()
            if process.returncode is None:
                _signal_group(process, signal.SIGKILL)
                process.wait()
            # Whatever the bot left running in its group goes with it.
            _signal_group(process, signal.SIGKILL)


def _signal_group(process: subprocess.Popen[bytes], number: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
        if hasattr(os, "killpg"):
            os.killpg(process.pid, number)
        else:  # pragma: no cover - no process groups
            process.send_signal(number)


def _agrees(message: Mapping[str, Any], wanted: MjaiEvent, *, loose: bool = False) -> bool:
    """Whether ``message`` asks for the action written ``wanted``: the same type, and every
    field of ``wanted`` the message gives agrees (``consumed`` in any order). ``loose``: a
    discard's ``tsumogiri`` flag is not compared."""
    if message.get("type") != wanted.get("type"):
        return False
    for key in _NEEDED.get(wanted["type"], ()):
        if key not in message:
            return False
    for key, value in wanted.items():
        if key == "type" or key not in message or (loose and key == "tsumogiri"):
            continue
        given = message[key]
        if key == "consumed":
            if not isinstance(given, list) or sorted(map(str, given)) != sorted(value):
                return False
        elif given != value:
            return False
    return True


_NEEDED = {
    "dahai": ("pai",),
    "chi": ("consumed",),
    "pon": ("consumed",),
    "daiminkan": ("consumed",),
    "ankan": ("consumed",),
    "kakan": ("pai",),
}
"""The fields without which a message names no single action."""


def _match(game: Game, seat: int, legal: list[Action], message: MjaiEvent) -> Action | None:
    """The legal action ``message`` asks for (``none`` is a pass), or None."""
    if message.get("actor", seat) != seat:
        return None
    if message["type"] == "none":
        return next((a for a in legal if a.type == A.PASS), None)
    written = [(a, action_to_mjai(game, a)) for a in legal if a.type != A.RIICHI]
    for loose in (False, True):
        for action, wanted in written:
            if _agrees(message, wanted, loose=loose):
                return action
    return None


def _short(message: Mapping[str, Any]) -> str:
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    return text if len(text) <= 100 else text[:97] + "..."


@contextlib.contextmanager
def hosted(game: Game, agents: Sequence[object]) -> Iterator[None]:
    """The block with every hosted seat of ``agents`` bound to ``game``; each is closed on the
    way out, whichever way that is (after a finished game its bot is shown the end first)."""
    seated: list[MjaiSeat] = []
    finished = False
    try:
        for agent in agents:
            if isinstance(agent, MjaiSeat):
                seated.append(agent)
                agent.bind(game)
        yield
        finished = True
    finally:
        try:
            if finished:
                for agent in seated:
                    agent.farewell()
        finally:
            # Every bot is ended at once, whatever happened above.
            processes = [agent.process for agent in seated if agent.process is not None]
            for agent in seated:
                agent.process = None
            _end(processes)
