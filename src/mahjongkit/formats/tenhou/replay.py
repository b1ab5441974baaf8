"""Replay Tenhou records through the table engine and report every disagreement.

Each round of a record is started from its ``<INIT>`` (wind, dealer, counters, deposits, scores)
with the wall the record reveals (:class:`~mahjongkit.formats.tenhou.script.RoundScript` follows its
tiles, :class:`~mahjongkit.formats.replay.RoundWall` lays them out as the mjai reader's are), under
the ``tenhou`` preset with the record's red-five, open-tanyao and length flags and Tenhou's rules of
the day the game was played (:func:`record_rules`: its log id dates it), or under rules and options
chosen instead (:func:`replay_rules`). Every recorded action is played as the engine's action
(through :class:`~mahjongkit.formats.replay.RecordReplay`, as the mjai reader plays its log's): it
must be legal at that moment; a draw must be the tile the engine deals; a seat that could claim a
discard and did not is recorded as passing. Every win and draw must happen where Tenhou had it, with
Tenhou's score changes; and what the engine's rules make of the result (the next round's wind,
dealer, counters, deposits and scores, or the end of the game) must be what Tenhou played next.

>>> from pathlib import Path
>>> path = Path("../shared/data/riichi/mjlog/dnovikoff_example.xml")
>>> report = check_file(path) if path.exists() else None
>>> report is None or report.mismatches == []
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import Any, NoReturn

from mahjongkit.errors import IllegalActionError, MahjongError, NotationError
from mahjongkit.formats.replay import RecordReplay, dealt_game
from mahjongkit.formats.rules import log_rules
from mahjongkit.formats.tenhou.meldcode import CallType
from mahjongkit.formats.tenhou.mjlog import read_mjlog
from mahjongkit.formats.tenhou.records import (
    OLD_WALL_GENERATORS,
    Agari,
    Call,
    Discard,
    Draw,
    MjlogGame,
    MjlogRound,
    NewDora,
    Riichi,
    Ryuukyoku,
    log_id_date,
)
from mahjongkit.formats.tenhou.script import RoundScript
from mahjongkit.game.engine import Game
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import JsonEvent, Kind, as_json
from mahjongkit.table.state import Phase
from mahjongkit.valueclass import dataclass, field, replace
from mahjongkit.variants.riichi import VARIANT as RIICHI
from mahjongkit.variants.riichi.rules import RiichiRules

_DRAW_REASONS = {
    "": ("exhaustive", "nagashimangan"),
    "nm": ("nagashimangan",),
    "yao9": ("kyushukyuhai",),
    "reach4": ("suchareach",),
    "kaze4": ("sufonrenda",),
    "kan4": ("sukaikan",),
    "ron3": ("sanchaho",),
}


@dataclass
class RoundReport:
    """One round's replay: how far it went and what disagreed."""

    name: str
    actions: int = 0
    mismatches: list[str] = field(default_factory=list)
    skipped: str | None = None


@dataclass
class FileReport:
    """A whole record's replay."""

    path: str
    rounds: list[RoundReport] = field(default_factory=list)
    skipped: str | None = None

    @property
    def mismatches(self) -> list[str]:
        """Every mismatch, prefixed with its round."""
        return [f"{r.name}: {m}" for r in self.rounds for m in r.mismatches]

    @property
    def checked(self) -> int:
        """Rounds replayed (not skipped)."""
        return sum(1 for r in self.rounds if r.skipped is None)


def standard_skip_reason(record: MjlogGame) -> str | None:
    """Why a record is outside the conformance set (None: a standard game of three or four
    players), as a :class:`~mahjongkit.i18n.Sentence` that a report says in its reader's
    language."""
    if not record.game_type.nonstandard:
        return None
    from mahjongkit.i18n import Sentence

    return Sentence("refusal.replay_special_lobby")


TENPAI_YAME_SINCE = date(2010, 6, 1)
"""From this day on, Tenhou ends the game when the last dealer is ready at the exhaustive draw
in first place with the return score (``tenpai_yame``; announced on 2010-05-18). Its earlier
games play on."""


def record_played(record: MjlogGame, name: str = "") -> date | None:
    """The day a record was played, as far as it tells: the date of its own log id
    (:attr:`~mahjongkit.formats.tenhou.records.MjlogGame.log_id`), else of the first log id in
    ``name`` (its file name, say); None when neither holds one that is a real date."""
    for text in (record.log_id or "", name):
        played = log_id_date(text)
        if played is not None:
            return played
    return None


def record_rules(record: MjlogGame, played: date | None = None) -> RiichiRules:
    """The engine's rules for a Tenhou record: the ``tenhou`` preset (``tenhou3`` for a
    three-player game) with the record's red fives, open tanyao and length, and the dealer's
    stop at a ready draw (``tenpai_yame``) as Tenhou played it that day: off before
    :data:`TENPAI_YAME_SINCE`.

    The day is ``played`` if given, else the record's own log id's; a record dated by neither
    is old when a wall generator Tenhou had replaced before 2010 dealt it, and otherwise
    plays under the preset."""
    kind = record.game_type
    preset = RiichiRules.tenhou3 if kind.players == 3 else RiichiRules.tenhou
    rules = replace(
        preset(),
        red_fives=kind.red_fives,
        open_tanyao=kind.open_tanyao,
        game_length=2 if kind.east_south else 1,
    )
    played = played if played is not None else record_played(record)
    if played is not None:
        before = played < TENPAI_YAME_SINCE
    else:
        before = (record.shuffle or "").split(",")[0] in OLD_WALL_GENERATORS
    return replace(rules, tenpai_yame=False) if before else rules


def replay_rules(
    record: MjlogGame,
    played: date | None = None,
    rules: RiichiRules | str | None = None,
    options: Iterable[str] = (),
) -> RiichiRules:
    """The rules a record is replayed under: ``rules`` as given (a :class:`RiichiRules` or a
    preset's name) or else :func:`record_rules`, then each ``NAME=VALUE`` of ``options``
    (see :func:`mahjongkit.formats.rules.log_rules`)."""
    chosen: RiichiRules = log_rules(
        RIICHI.name, rules, options, lambda: record_rules(record, played)
    )
    return chosen


class _RoundReplay(RecordReplay):
    """One round of a Tenhou record played through the engine, checked as Tenhou shows it:
    each draw, each win and draw with its score changes, the kan dora indicators."""

    def __init__(
        self,
        rules: RiichiRules,
        game_round: MjlogRound,
        report: RoundReport,
        game: Game | None = None,
    ) -> None:
        self.round = game_round
        self.report = report
        if game is None:
            wall = RoundScript.from_round(game_round).round_wall().engine_wall()
            game = dealt_game(RIICHI.name, rules, [wall])
        # A round of a game already under way starts at its own start_kyoku.
        starts = [i for i, e in enumerate(as_json(game.log)) if e["type"] == Kind.START_KYOKU]
        super().__init__(game, starts[-1] if starts else 0)
        self.since = self.seen
        self.riichi_declared: set[int] = set()
        self.doras: list[int] = []
        self.single_round = True

    def fail(self, message: str) -> NoReturn:
        self.report.mismatches.append(f"action {self.report.actions}: {message}")
        raise _Stop

    def run(self) -> None:
        rnd = self.round
        if not self.game.log:
            self.game.start_at(
                round_wind=rnd.round_index // 4,
                hand_number=rnd.round_index % 4,
                dealer=rnd.dealer,
                honba=rnd.honba,
                deposits=rnd.riichi_sticks,
                scores=rnd.scores,
                single_round=self.single_round,
            )
        self.queues: dict[str, list[JsonEvent]] = {}
        actions = list(rnd.actions)
        index = 0
        while index < len(actions):
            action = actions[index]
            self.report.actions = index
            if isinstance(action, Agari):
                group = [action]
                while index + 1 < len(actions) and isinstance(actions[index + 1], Agari):
                    index += 1
                    group.append(actions[index])  # type: ignore[arg-type]
                self.wins(group)
                self.check_doras()
                return
            if isinstance(action, Ryuukyoku):
                self.draw(action)
                self.check_doras()
                return
            self.step(action)
            index += 1
        self.fail("the record ends before the round does")

    # --- one recorded action ---

    def take_event(self, kind: str) -> JsonEvent | None:
        """The next engine event of ``kind`` not yet matched.

        Events are matched in order within each kind only: Tenhou writes an open kong's new
        dora indicator before the replacement tile's discard, though it takes effect with it.
        """
        for event in self.fresh():
            self.queues.setdefault(event["type"], []).append(event)
        queue = self.queues.get(kind, [])
        return queue.pop(0) if queue else None

    def refused(self, action: Action, error: MahjongError) -> NoReturn:
        legal = ", ".join(self.describe(a) for a in self.game.legal_actions(action.seat))
        self.fail(
            f"Tenhou played {self.describe(action)}; the engine refused it ({error}); "
            f"legal: {legal or 'nothing'}"
        )

    def describe(self, action: Action) -> str:
        tile = "" if action.tile is None else f" {self.game.flow.tile(action.tile)}"
        return f"{SEAT_LETTERS[action.seat]} {action.type}{tile}"

    def step(self, action: Any) -> None:
        match action:
            case Draw():
                self.settle()
                event = self.take_event(Kind.TSUMO)
                if event is None or event["actor"] != action.seat or event["mjk_id"] != action.tile:
                    got = "nothing"
                    if event is not None:
                        got = f"{SEAT_LETTERS[event['actor']]} {event['pai']}"
                    self.fail(
                        f"Tenhou: {SEAT_LETTERS[action.seat]} draws "
                        f"{self.game.flow.tile(action.tile)}; engine: {got}"
                    )
            case Riichi(step=1):
                self.riichi_declared.add(action.seat)
            case Discard():
                kind = A.RIICHI if action.seat in self.riichi_declared else A.DISCARD
                self.riichi_declared.discard(action.seat)
                self.apply(Action(kind, action.seat, action.tile))
            case Call():
                self.call(action)
            case NewDora():
                self.doras.append(action.indicator)

    def call(self, action: Call) -> None:
        meld = action.meld
        seat = action.seat
        if meld.type is CallType.NUKI:
            self.apply(Action(A.KITA, seat, meld.tiles[0]))
            return
        if meld.type in (CallType.CHI, CallType.PON, CallType.DAIMINKAN):
            kind = {CallType.CHI: A.CHI, CallType.PON: A.PON, CallType.DAIMINKAN: A.KAN}
            claim = Action(kind[meld.type], seat, meld.called, meld.consumed())
            if self.game.round.phase is not Phase.CLAIM:
                self.fail(f"Tenhou: {self.describe(claim)}; the engine has no discard to claim")
            self.settle({seat: claim})
            if self.game.round.phase is Phase.CLAIM:
                self.fail(f"Tenhou: {self.describe(claim)}; the engine did not give it the tile")
        elif meld.type is CallType.ANKAN:
            self.apply(Action(A.ANKAN, seat, None, tuple(sorted(meld.tiles))))
        else:
            self.apply(Action(A.KAKAN, seat, meld.added))

    # --- endings ---

    def wins(self, group: list[Agari]) -> None:
        game = self.game
        first = group[0]
        if first.self_draw:
            self.apply(Action(A.TSUMO, first.seat, first.win_tile))
        else:
            winners = {a.seat for a in group}
            keep = {s: Action(A.RON, s, first.win_tile) for s in winners}
            for seat in winners:
                if not any(a.type == A.RON for a in game.legal_actions(seat)):
                    self.fail(
                        f"Tenhou: {SEAT_LETTERS[seat]} wins on {game.flow.tile(first.win_tile)}; "
                        "the engine offers no ron"
                    )
            self.settle(keep)
        for agari in group:
            event = self.take_event(Kind.HORA)
            if event is None or event["actor"] != agari.seat:
                self.fail(
                    f"Tenhou: {SEAT_LETTERS[agari.seat]} wins; engine: "
                    f"{'no win' if event is None else SEAT_LETTERS[event['actor']] + ' wins'}"
                )
            self.compare(agari.deltas, event, f"{SEAT_LETTERS[agari.seat]}'s win")

    def draw(self, ending: Ryuukyoku) -> None:
        game = self.game
        if ending.kind == "yao9":
            self.apply(Action(A.ABORT, game.round.turn))
        elif ending.kind == "ron3":
            claimants = [
                s
                for s in range(game.players)
                if any(a.type == A.RON for a in game.legal_actions(s))
            ]
            self.settle({s: Action(A.RON, s, game.round.last_discard) for s in claimants})
        else:
            self.settle()
        event = self.take_event(Kind.RYUKYOKU)
        if event is None:
            self.fail(f"Tenhou: {ending.description}; the engine did not draw the round")
        if event["reason"] not in _DRAW_REASONS.get(ending.kind, (ending.kind,)):
            self.fail(f"Tenhou: {ending.description}; engine: {event['reason']}")
        self.compare(ending.deltas, event, ending.description)

    def check_doras(self) -> None:
        """The kong dora indicators the engine turned, against the record's."""
        self.take_event(Kind.DORA)  # file pending events
        turned = [e["mjk_id"] for e in self.queues_seen(Kind.DORA)]
        if turned != self.doras:
            names = self.game.flow.tile
            self.report.mismatches.append(
                f"kong dora indicators: Tenhou {[str(names(t)) for t in self.doras]}, "
                f"engine {[str(names(t)) for t in turned]}"
            )

    def queues_seen(self, kind: str) -> list[JsonEvent]:
        return [e for e in as_json(self.game.log[self.since :]) if e["type"] == kind]

    def compare(self, expected: tuple[int, ...], event: JsonEvent, what: str) -> None:
        got = list(event["deltas"])[: len(expected)]
        if list(expected) != got:
            detail = ""
            if "mjk_score" in event:
                score = event["mjk_score"]
                detail = (
                    f" (engine: {score.get('han')} han {score.get('fu')} fu, "
                    f"{[p['id'] for p in score.get('patterns', [])]})"
                )
            self.report.mismatches.append(
                f"{what}: Tenhou's score changes {list(expected)}, engine's {got}{detail}"
            )


class _Stop(Exception):
    """Ends one round's replay at its first mismatch."""


def check_record(
    record: MjlogGame,
    path: str = "",
    *,
    played: date | None = None,
    rules: RiichiRules | str | None = None,
    options: Iterable[str] = (),
) -> FileReport:
    """Replay every round of a parsed record, under :func:`replay_rules` (``played``, when
    None, is the date of the log id in ``path`` or in the record)."""
    report = FileReport(path)
    reason = standard_skip_reason(record)
    if reason:
        report.skipped = reason
        return report
    if played is None:
        played = record_played(record, Path(path).name)
    chosen = replay_rules(record, played, rules, options)
    rounds = record.rounds
    for index, game_round in enumerate(rounds):
        round_report = RoundReport(game_round.name)
        report.rounds.append(round_report)
        if not game_round.ended:
            round_report.skipped = "the record stops before the round ends"
            continue
        game = _replay_round(chosen, game_round, round_report)
        if game is None:
            continue
        following = rounds[index + 1] if index + 1 < len(rounds) else None
        if following is not None or record.final_scores is not None:
            check_transition(game, following, round_report)
    return report


def _replay_round(rules: RiichiRules, game_round: MjlogRound, report: RoundReport) -> Game | None:
    """One round played through the engine; None when it stopped on a mismatch (reported)."""
    try:
        replay = _RoundReplay(rules, game_round, report)
        replay.run()
    except _Stop:
        return None
    except MahjongError as error:
        report.mismatches.append(f"error: {error}")
        return None
    return replay.game


def round_games(
    record: MjlogGame,
    *,
    played: date | None = None,
    rules: RiichiRules | str | None = None,
    options: Iterable[str] = (),
) -> Iterator[tuple[MjlogRound, Game]]:
    """Each finished round of a standard record, played through the engine (passes included)
    under :func:`replay_rules`: the round and the one-round game whose log it gives. A round
    the engine cannot play as Tenhou did raises :class:`~mahjongkit.errors.IllegalActionError`
    naming the round."""
    reason = standard_skip_reason(record)
    if reason:
        raise IllegalActionError(f"this record cannot be replayed: {reason}")
    chosen = replay_rules(record, played, rules, options)
    for game_round in record.rounds:
        if not game_round.ended:
            continue
        report = RoundReport(game_round.name)
        game = _replay_round(chosen, game_round, report)
        if game is None or report.mismatches:
            problem = report.mismatches[0] if report.mismatches else "it did not replay"
            raise IllegalActionError(f"round {game_round.name}: {problem}")
        yield game_round, game


def record_game(
    record: MjlogGame,
    *,
    played: date | None = None,
    rules: RiichiRules | str | None = None,
    options: Iterable[str] = (),
) -> Game:
    """A whole Tenhou record played as one engine game under :func:`replay_rules` (every round
    dealt from the wall the record reveals, each next round started by the engine's rules).

    Raises :class:`~mahjongkit.errors.NotationError` at the first round the engine does not
    play as Tenhou did, naming it and what differed.
    """
    reason = standard_skip_reason(record)
    if reason:
        raise NotationError(f"this record cannot be played by the engine: {reason}")
    rounds = [r for r in record.rounds if r.ended]
    if not rounds:
        raise NotationError("the record has no complete round")
    chosen = replay_rules(record, played, rules, options)
    walls = [RoundScript.from_round(r).round_wall().engine_wall() for r in rounds]
    game = dealt_game(
        RIICHI.name,
        chosen,
        walls,
        names=[p.name or f"player{i}" for i, p in enumerate(record.players)],
    )
    for index, game_round in enumerate(rounds):
        report = RoundReport(game_round.name)
        replay = _RoundReplay(chosen, game_round, report, game)
        replay.single_round = len(rounds) == 1 and record.final_scores is None
        with contextlib.suppress(_Stop):  # the mismatch is in the report
            replay.run()
        following = rounds[index + 1] if index + 1 < len(rounds) else None
        if following is not None and not report.mismatches:
            _check_started(game, following, report)
        if report.mismatches:
            raise NotationError(f"{game_round.name}: {report.mismatches[0]}")
        if following is None:
            break
    last = [e["type"] for e in as_json(game.log)][-1]
    if record.final_scores is not None and last != Kind.END_GAME:
        raise NotationError("Tenhou ends the game where the engine goes on")
    return game


def _check_started(game: Game, following: MjlogRound, report: RoundReport) -> None:
    """The round the engine dealt next, against the record's next round."""
    rnd = game.round
    if game.over:
        report.mismatches.append("the engine ends the game where Tenhou plays on")
        return
    got = (rnd.round_wind, rnd.hand_number, rnd.dealer, rnd.honba)
    expected = (
        following.round_index // 4,
        following.round_index % 4,
        following.dealer,
        following.honba,
    )
    if got != expected:
        report.mismatches.append(
            f"next round: Tenhou {_round_name(*expected)}, engine {_round_name(*got)}"
        )
    elif list(game.scores) != list(following.scores) or rnd.deposits != following.riichi_sticks:
        report.mismatches.append(
            f"next round starts from: Tenhou {list(following.scores)} with "
            f"{following.riichi_sticks} deposits, engine {game.scores} with {rnd.deposits}"
        )


def check_transition(game: Game, following: MjlogRound | None, report: RoundReport) -> None:
    """What comes after a round: the next round's wind, dealer, counters, deposits and scores,
    or the end of the game, as the engine's rules decide and as Tenhou had it."""
    planned = game.flow.next_round(game)
    if following is None:
        if planned is not None:
            report.mismatches.append(
                f"Tenhou ends the game here; the engine would play {_round_name(*planned)}"
            )
        return
    expected = (
        following.round_index // 4,
        following.round_index % 4,
        following.dealer,
        following.honba,
    )
    if planned != expected:
        got = "the end of the game" if planned is None else _round_name(*planned)
        report.mismatches.append(f"next round: Tenhou {_round_name(*expected)}, engine {got}")
    if list(game.scores) != list(following.scores):
        report.mismatches.append(
            f"scores after the round: Tenhou {list(following.scores)}, engine {game.scores}"
        )
    if game.round.deposits != following.riichi_sticks:
        report.mismatches.append(
            f"deposits carried over: Tenhou {following.riichi_sticks}, engine {game.round.deposits}"
        )


def _round_name(wind: int, number: int, dealer: int, honba: int) -> str:
    return f"{SEAT_LETTERS[wind % 4]}{number + 1}-{honba} (dealer {SEAT_LETTERS[dealer]})"


def check_file(
    path: str | Path,
    *,
    rules: RiichiRules | str | None = None,
    options: Iterable[str] = (),
) -> FileReport:
    """Replay one mjlog file (dated by the log id in its name, see :func:`record_rules`)."""
    return check_record(read_mjlog(Path(path)), str(path), rules=rules, options=options)
