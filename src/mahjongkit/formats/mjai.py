"""The mjai protocol as data: a game's log written as mjai events, one seat's view, and mjai
logs read back into the engine.

mjai is the JSON event protocol of most Riichi bot tooling (Mortal and its libriichi, the
mjai.app arena). The engine's own events are mjai-shaped already (:mod:`mahjongkit.table.events`);
:func:`to_mjai` keeps the fields mjai has and drops mahjongkit's extensions (physical tile ids,
the wall, the answers to a claim), so a converted log reads like any mjai log. The engine's
``start_game`` rules and variant travel as ``mjk_rules``/``mjk_variant`` on ``start_game`` (mjai
readers ignore unknown fields), so a log written here reads back under the very same rules.

:func:`read_mjai` goes the other way: from an mjai log (tiles as names only) it lays out every
round's wall (:mod:`.mjai_wall`: the deal, each draw, the replacement tiles, the dora and ura
indicators, placed by :class:`~mahjongkit.formats.replay.RoundWall` as a Tenhou record's are),
plays every decision the
log records through the engine (:class:`~mahjongkit.formats.replay.RecordReplay`) and checks that
each event the engine then emits is the log's own. :func:`mirror_round` does the same for one seat's
view of a round, where the other seats' hidden tiles are ``"?"``: it fills them with tiles nobody
has seen (a seat that declares riichi gets a ready hand of such tiles), so the seat's own options
are exactly the real game's. Both raise :class:`~mahjongkit.errors.NotationError` naming the event
and what disagreed.

A three-player game is written and read in sanma's own mjai (the form of Mortal's three-player
bots): three names, scores and hands, and ``nukidora`` (``actor``, ``pai`` ``N``) for a North set
aside, its replacement ``tsumo`` following.

>>> from mahjongkit.bots.policy import play_random
>>> import random
>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=5, max_rounds=2)
>>> _ = play_random(game, random.Random(5))
>>> log = to_mjai(game.log)
>>> to_mjai(read_mjai(log).log) == log
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn

from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.formats.mjai_wall import HIDDEN, at_event, mjai_name, round_wall
from mahjongkit.formats.replay import RecordReplay, dealt_game
from mahjongkit.formats.rules import log_rules
from mahjongkit.game.engine import Game, rebuild_rules
from mahjongkit.game.legal import why_illegal
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Kind, thaw
from mahjongkit.table.state import Phase
from mahjongkit.valueclass import replace
from mahjongkit.variants import find_variant, variant_for_protocol

__all__ = [
    "MJAI_FIELDS",
    "MjaiEvent",
    "action_to_mjai",
    "mirror_round",
    "parse_mjai",
    "read_mjai",
    "seat_view",
    "to_mjai",
]

MjaiEvent = dict[str, Any]
"""One mjai event, as the JSON object it is."""

MJAI_FIELDS: dict[str, tuple[str, ...]] = {
    "start_game": ("names", "mjk_variant", "mjk_rules", "mjk_max_rounds", "aka_flag"),
    "start_kyoku": (
        "bakaze",
        "dora_marker",
        "kyoku",
        "honba",
        "kyotaku",
        "oya",
        "scores",
        "tehais",
    ),
    "tsumo": ("actor", "pai"),
    "dahai": ("actor", "pai", "tsumogiri"),
    "chi": ("actor", "target", "pai", "consumed"),
    "pon": ("actor", "target", "pai", "consumed"),
    "daiminkan": ("actor", "target", "pai", "consumed"),
    "ankan": ("actor", "consumed"),
    "kakan": ("actor", "pai", "consumed"),
    "nukidora": ("actor", "pai"),
    "reach": ("actor",),
    "reach_accepted": ("actor", "deltas", "scores"),
    "dora": ("dora_marker",),
    "hora": ("actor", "target", "pai", "uradora_markers", "deltas", "scores"),
    "ryukyoku": ("reason", "actor", "deltas", "scores", "tenpais"),
    "end_kyoku": (),
    "end_game": ("scores",),
}
"""The fields :func:`to_mjai` writes for each mjai event type (in this order)."""

_SEATS = (3, 4)
"""The tables mjai logs are read for: three-player (sanma) and four-player Riichi."""
_CALLS = {Kind.CHI: A.CHI, Kind.PON: A.PON, Kind.DAIMINKAN: A.KAN}
_STOPS = frozenset({Kind.HORA, Kind.RYUKYOKU, Kind.END_KYOKU, Kind.END_GAME})
"""Events after which a seat of the round has nothing left to decide."""


# --- writing ------------------------------------------------------------------------------------


def to_mjai(events: Iterable[Mapping[str, Any]]) -> list[MjaiEvent]:
    """The mjai events of an engine log (a whole game, or part of one): mahjongkit's own event
    types are left out and each event keeps the fields of :data:`MJAI_FIELDS`."""
    out: list[MjaiEvent] = []
    for event in events:
        kind = event.get("type")
        fields = MJAI_FIELDS.get(kind) if isinstance(kind, str) else None
        if fields is None:
            continue
        converted: MjaiEvent = {"type": kind}
        for name in fields:
            if name in event:
                converted[name] = thaw(event[name])
        if kind == Kind.START_GAME:
            converted["mjk_rules"] = dict(event.get("mjk_rules", {}))
            if "mjk_variant" in event:
                converted["mjk_variant"] = event["mjk_variant"]
            rules = event.get("mjk_rules", {})
            if isinstance(rules, Mapping) and "red_fives" in rules:
                converted["aka_flag"] = bool(rules["red_fives"])
        out.append(converted)
    return out


def seat_view(events: Iterable[Mapping[str, Any]], seat: int) -> list[MjaiEvent]:
    """An mjai log as ``seat`` is shown it (the mjai.app way): the other seats' dealt hands and
    draws are ``"?"``, ``start_game`` names the seat (``id``) and carries nothing else."""
    out: list[MjaiEvent] = []
    for event in events:
        shown = dict(event)
        match shown.get("type"):
            case Kind.START_GAME:
                shown = {"type": "start_game", "names": list(event.get("names", [])), "id": seat}
            case Kind.START_KYOKU:
                shown["tehais"] = [
                    list(hand) if number == seat else [HIDDEN] * len(hand)
                    for number, hand in enumerate(event.get("tehais", []))
                ]
            case Kind.TSUMO if shown.get("actor") != seat:
                shown["pai"] = HIDDEN
        out.append(shown)
    return out


def action_to_mjai(game: Game, action: Action) -> MjaiEvent:
    """An engine action as the mjai message a bot sends for it (``none`` for a pass).

    A riichi is sent as ``reach``; its discard follows once the referee has shown the
    declaration (see ``docs/mjai.md``).
    """
    name = game.flow.tile
    seat = action.seat
    rnd = game.round
    if action.type == A.PASS:
        return {"type": "none"}
    if action.type == A.DISCARD and action.tile is not None:
        return {
            "type": "dahai",
            "actor": seat,
            "pai": mjai_name(game, action.tile),
            "tsumogiri": action.tile == rnd.seats[seat].drawn,
        }
    if action.type == A.RIICHI:
        return {"type": "reach", "actor": seat}
    if action.type in (A.TSUMO, A.RON) and action.tile is not None:
        target = seat if action.type == A.TSUMO else rnd.last_discarder
        if action.type == A.RON and rnd.phase is Phase.ROB:
            target = rnd.rob_seat
        return {
            "type": "hora",
            "actor": seat,
            "target": target,
            "pai": mjai_name(game, action.tile),
        }
    if action.type in (A.CHI, A.PON, A.KAN) and action.tile is not None:
        kind = {A.CHI: "chi", A.PON: "pon", A.KAN: "daiminkan"}[action.type]
        return {
            "type": kind,
            "actor": seat,
            "target": rnd.last_discarder,
            "pai": mjai_name(game, action.tile),
            "consumed": [mjai_name(game, t) for t in action.consumed],
        }
    if action.type == A.ANKAN:
        return {
            "type": "ankan",
            "actor": seat,
            "consumed": [mjai_name(game, t) for t in action.consumed],
        }
    if action.type == A.KAKAN and action.tile is not None:
        kind_id = action.tile // 4
        pung = next(
            (m for m in rnd.seats[seat].melds if m.kind_id() == kind_id and len(m.tiles) == 3),
            None,
        )
        consumed = [mjai_name(game, t) for t in pung.tiles] if pung is not None else []
        return {
            "type": "kakan",
            "actor": seat,
            "pai": mjai_name(game, action.tile),
            "consumed": consumed,
        }
    if action.type == A.ABORT:
        return {"type": "ryukyoku"}
    if action.type == A.KITA and action.tile is not None:
        return {"type": "nukidora", "actor": seat, "pai": mjai_name(game, action.tile)}
    raise NotationError(f"mjai has no message for {action.type} ({name})")


# --- reading ------------------------------------------------------------------------------------

_MAX_LINE = 1 << 20


def parse_mjai(text: str) -> list[MjaiEvent]:
    """The events of an mjai log: JSON lines, or one JSON array of events.

    Every event must be an object with a known mjai ``type``; anything else raises
    :class:`~mahjongkit.errors.NotationError` naming the line.
    """
    if not isinstance(text, str):
        raise NotationError(f"an mjai log is text, not {type(text).__name__}")
    stripped = text.strip()
    if not stripped:
        raise NotationError("the mjai log is empty")
    values: list[tuple[int, Any]] = []
    if stripped.startswith("["):
        try:
            loaded = json.loads(stripped)
        except (ValueError, RecursionError) as error:
            raise NotationError(f"the mjai log is not JSON: {error}") from None
        if not isinstance(loaded, list):
            raise NotationError("an mjai log is a list of events")
        values = [(1, value) for value in loaded]
    else:
        for number, line in enumerate(stripped.splitlines(), start=1):
            if not line.strip():
                continue
            if len(line) > _MAX_LINE:
                raise NotationError(f"line {number}: longer than {_MAX_LINE} characters")
            try:
                values.append((number, json.loads(line)))
            except (ValueError, RecursionError) as error:
                raise NotationError(f"line {number}: not JSON ({error})") from None
    events = []
    for number, value in values:
        if not isinstance(value, dict):
            raise NotationError(f"line {number}: an mjai event is a JSON object, not {value!r:.40}")
        kind = value.get("type")
        if kind not in MJAI_FIELDS and kind != "none":
            raise NotationError(f"line {number}: unknown mjai event type {kind!r:.40}")
        events.append(value)
    return events


def read_mjai(
    source: str | Iterable[Mapping[str, Any]],
    rules: Any = None,
    *,
    names: Sequence[str] | None = None,
    options: Iterable[str] = (),
) -> Game:
    """The engine game an mjai log (a whole game) describes, checked event by event.

    Rules: ``rules`` if given (a rules object or a preset's name), else the ``mjk_rules`` the
    log's ``start_game`` carries, else Tenhou's with red fives as the log shows them
    (``aka_flag``, or a red five seen), East-South as mjai.app plays (mjai records no length:
    ``options=["game_length=1"]`` reads an East-only game); each ``NAME=VALUE`` of ``options``
    then overrides one option.
    """
    events = parse_mjai(source) if isinstance(source, str) else [dict(e) for e in source]
    events = _engine_order([e for e in events if e.get("type") != "none"])
    if not events or events[0].get("type") != Kind.START_GAME:
        raise NotationError("event 0: an mjai log starts with start_game")
    start = events[0]
    kyoku_at = [i for i, e in enumerate(events) if e.get("type") == Kind.START_KYOKU]
    if not kyoku_at:
        raise NotationError("the mjai log deals no round (no start_kyoku)")
    variant, rules = _rules_of(events, rules, options)
    players = find_variant(variant).make_flow(rules).players
    if players not in _SEATS:
        raise NotationError(
            f"mjai logs are three-player or four-player games, not {players}-player {variant}"
        )
    player_names = list(names) if names is not None else start.get("names")
    if not (
        isinstance(player_names, list)
        and len(player_names) == players
        and all(isinstance(n, str) for n in player_names)
    ):
        player_names = [f"player{i}" for i in range(players)]
    limit = start.get("mjk_max_rounds")
    if limit is not None and (type(limit) is not int or limit < 1):
        raise NotationError(f"start_game: mjk_max_rounds is a positive integer, not {limit!r:.20}")
    probe = Game(variant, rules)
    walls = []
    for number, index in enumerate(kyoku_at):
        end = kyoku_at[number + 1] if number + 1 < len(kyoku_at) else len(events)
        walls.append(round_wall(probe, events, index, end, viewer=None))
    game = dealt_game(variant, rules, walls, names=player_names, max_rounds=limit)
    first = events[kyoku_at[0]]
    try:
        game.start_at(**_position(first), single_round=False)
    except MahjongError as error:
        raise NotationError(f"event {kyoku_at[0]} (start_kyoku): {error}") from None
    _Driver(game, events, kyoku_at[0], viewer=None).run()
    return game


_OPEN_KANS = (Kind.DAIMINKAN, Kind.KAKAN)


def _engine_order(events: list[MjaiEvent]) -> list[MjaiEvent]:
    """The events with an open kan's new indicator where the engine shows it (as Tenhou's own
    records do): after the discard that follows the replacement draw. libriichi writes it
    between the draw and the discard; a view that ends before the discard keeps it last."""
    out = list(events)
    index = 2
    while index < len(out):
        if (
            out[index].get("type") == Kind.DORA
            and out[index - 1].get("type") == Kind.TSUMO
            and out[index - 2].get("type") in _OPEN_KANS
        ):
            actor = out[index - 1].get("actor")
            after = index + 1
            while after < len(out) and not (
                out[after].get("type") == Kind.DAHAI and out[after].get("actor") == actor
            ):
                if out[after].get("type") in (
                    Kind.HORA,
                    Kind.RYUKYOKU,
                    Kind.END_KYOKU,
                    *_OPEN_KANS,
                ):
                    break  # no discard follows the draw: the indicator stays where it is
                after += 1
            if after < len(out) and out[after].get("type") == Kind.DAHAI:
                out.insert(after, out.pop(index))  # just after the discard
                continue
            if after == len(out):
                out.append(out.pop(index))
                break
        index += 1
    return out


def _rules_of(events: list[MjaiEvent], rules: Any, options: Iterable[str]) -> tuple[str, Any]:
    start = events[0]
    variant = start.get("mjk_variant", variant_for_protocol("mjai").name)
    if not isinstance(variant, str):
        raise NotationError("start_game: mjk_variant must be a variant name")
    try:
        record = find_variant(variant)
    except MahjongError as error:
        raise NotationError(f"start_game: {error}") from None

    def implied() -> Any:
        recorded = start.get("mjk_rules")
        if isinstance(recorded, dict) and recorded:
            try:
                return rebuild_rules(record.name, recorded)
            except MahjongError as error:
                raise NotationError(f"start_game: {error}") from None
        # mjai carries no game length: a game that ends in East (one seat bust) is as long
        # as any other, and mjai.app's games are East-South. Three hands dealt: sanma.
        tehais: Any = next(
            (e.get("tehais") for e in events if e.get("type") == Kind.START_KYOKU), []
        )
        three = isinstance(tehais, list) and len(tehais) == 3
        base = record.rules("tenhou3" if three else "tenhou")
        red = start.get("aka_flag")
        if not isinstance(red, bool):
            red = any(_is_red(e) for e in events)
        rules = replace(base, red_fives=red, game_length=2)
        if _triple_ron(events):
            # libriichi (mjai.app) lets three seats win on one discard, where Tenhou aborts.
            rules = replace(
                rules,
                abortive_draws=tuple(k for k in rules.abortive_draws if k != "triple_ron"),
                max_ron_winners=None,
            )
        return rules

    return record.name, log_rules(record.name, rules, options, implied)


def _triple_ron(events: list[MjaiEvent]) -> bool:
    """Whether the log shows three seats winning on one discard."""
    run = 0
    for event in events:
        if event.get("type") == Kind.HORA and event.get("actor") != event.get("target"):
            run += 1
            if run >= 3:
                return True
        else:
            run = 0
    return False


def _is_red(event: Mapping[str, Any]) -> bool:
    for value in event.values():
        if isinstance(value, str) and value.endswith("r") and len(value) == 3:
            return True
        if isinstance(value, list) and any(_is_red({"v": v}) for v in value):
            return True
    return False


def _position(event: Mapping[str, Any]) -> dict[str, Any]:
    winds = SEAT_LETTERS
    bakaze = event.get("bakaze")
    kyoku = event.get("kyoku")
    if bakaze not in tuple(winds) or type(kyoku) is not int:
        raise NotationError(f"start_kyoku: bakaze {bakaze!r:.10} and kyoku {kyoku!r:.10}")
    scores = event.get("scores")
    if not isinstance(scores, list):
        raise NotationError("start_kyoku: scores must be a list")
    return {
        "round_wind": winds.index(bakaze),
        "hand_number": kyoku - 1,
        "dealer": event.get("oya"),
        "honba": event.get("honba"),
        "deposits": event.get("kyotaku"),
        "scores": scores,
    }


def mirror_round(
    events: Sequence[Mapping[str, Any]], seat: int, rules: Any, variant: str | None = None
) -> Game:
    """The round a seat's mjai view describes (``events`` from its ``start_kyoku`` on), played
    through the engine up to the last event: the seat's own hand, options and everything open
    on the table are the real game's; the other seats' unseen tiles are stand-ins. ``variant``:
    the family, by default the one mjai carries."""
    variant = variant_for_protocol("mjai").name if variant is None else variant
    log = _engine_order([dict(e) for e in events])
    if not log or log[0].get("type") != Kind.START_KYOKU:
        raise NotationError("a round's view begins with start_kyoku")
    probe = Game(variant, rules)
    wall = round_wall(probe, log, 0, len(log), viewer=seat)
    game = dealt_game(variant, rules, [wall])
    try:
        game.start_at(**_position(log[0]), single_round=True)
    except MahjongError as error:
        raise NotationError(f"event 0 (start_kyoku): {error}") from None
    _Driver(game, log, 0, viewer=seat).run()
    return game


# --- playing the log's decisions ------------------------------------------------------------------


class _Driver(RecordReplay):
    """Plays the decisions of ``events`` through ``game`` and checks what the game emits."""

    def __init__(self, game: Game, events: list[MjaiEvent], start: int, viewer: int | None) -> None:
        super().__init__(game)
        self.events = events
        self.index = start
        self.viewer = viewer
        self.queue: list[MjaiEvent] = []
        self.collect()

    def collect(self) -> None:
        self.queue.extend(e for e in to_mjai(self.fresh()) if e["type"] != Kind.START_GAME)

    def run(self) -> None:
        events = self.events
        while self.index < len(events):
            event = events[self.index]
            if self.viewer is not None and event.get("type") in _STOPS:
                return  # the view's round is over: nothing is left to follow
            if (
                self.viewer is not None
                and not self.queue
                and all(e.get("type") == Kind.DORA for e in events[self.index :])
            ):
                return  # an open kan's indicator, which the engine shows after the discard
            if not self.queue:
                if not self.decide(event):
                    return
                self.collect()
            if not self.queue:
                raise NotationError(
                    f"{at_event(self.index, event)}: the game emits nothing here "
                    f"(it waits for seats {self.game.waiting_for() or 'none'})"
                )
            if (
                self.queue[0]["type"] == Kind.RYUKYOKU
                and event.get("type") == Kind.TSUMO
                and (
                    events[self.index + 1].get("type") == Kind.RYUKYOKU
                    if self.index + 1 < len(events)
                    else self.viewer is not None
                )
            ):
                # libriichi deals one more draw before it ends the round on a fourth riichi
                # (a seat's view may stop at that draw: the round is over all the same).
                self.index += 1
                continue
            self.compare(self.queue.pop(0), event)
            self.index += 1
        ended = any(e.get("type") == Kind.END_GAME for e in events)
        if self.queue and self.viewer is None and ended:
            left = self.queue[0]
            raise NotationError(f"the log ends where the game goes on with {left['type']}")

    def compare(self, mine: MjaiEvent, theirs: MjaiEvent) -> None:
        where = at_event(self.index, theirs)
        if mine["type"] != theirs.get("type"):
            raise NotationError(f"{where}: the game gives {mine['type']} here")
        for key, value in mine.items():
            if key not in theirs or key in ("mjk_rules", "mjk_variant"):
                continue
            other = theirs[key]
            if self.viewer is not None and (other == HIDDEN or key == "tehais"):
                continue
            if self.viewer is not None and key in ("deltas", "scores", "tenpais"):
                continue
            if (
                key == "consumed"
                and isinstance(other, list)
                and sorted(map(str, other)) == sorted(value)
            ):
                continue
            if value != other:
                raise NotationError(
                    f"{where}: {key} is {other!r:.60} in the log, {value!r:.60} in the game"
                )

    # --- the decision an event records ---

    def legal(self, seat: int) -> list[Action]:
        return self.game.legal_actions(seat)

    def pick(self, seat: int, test: Any, what: str, attempt: Action | None = None) -> Action:
        """The legal action ``test`` accepts; else an error with the engine's reason for
        refusing ``attempt`` (the action the event records), or what the seat may do."""
        for action in self.legal(seat):
            if test(action):
                return action
        where = at_event(self.index, self.events[self.index])
        if attempt is not None:
            refusal = why_illegal(self.game, self.game.flow, attempt, self.legal(seat))
            raise NotationError(f"{where}: may not {what}: {refusal.message} [{refusal.rule}]")
        offered = ", ".join(sorted({a.type for a in self.legal(seat)})) or "nothing"
        raise NotationError(f"{where}: seat {seat} may not {what} here (it may: {offered})")

    def held_named(self, seat: int, event: Mapping[str, Any] | None) -> int | None:
        """The physical tile of the seat's hand an event's ``pai`` names (the drawn one first
        where the event says ``tsumogiri``); None when the hand holds no such tile."""
        if event is None:
            return None
        state = self.game.round.seats[seat]
        named = [t for t in state.hand if self.name(t) == event.get("pai")]
        if event.get("tsumogiri") and state.drawn in named:
            return state.drawn
        return next((t for t in named if t != state.drawn), named[0] if named else None)

    def attempt(self, kind: str, seat: int, tile: int | None) -> Action | None:
        """The action an event records, where the tile it names is known."""
        return None if tile is None else Action(kind, seat, tile)

    def name(self, tile: int | None) -> str:
        return "" if tile is None else mjai_name(self.game, tile)

    def discard_test(self, seat: int, event: Mapping[str, Any], kind: str) -> Any:
        drawn = self.game.round.seats[seat].drawn
        wanted = event.get("tsumogiri")

        def test(action: Action) -> bool:
            return (
                action.type == kind
                and self.name(action.tile) == event.get("pai")
                and (wanted is None or (action.tile == drawn) == wanted)
            )

        return test

    def refused(self, action: Action, error: MahjongError) -> NoReturn:
        raise NotationError(f"{at_event(self.index, self.events[self.index])}: {error}") from None

    def decide(self, event: MjaiEvent) -> bool:
        """Play the decision ``event`` records; False where a view ends before one is made."""
        if self.game.round.phase in (Phase.CLAIM, Phase.ROB):
            self.answer(event)
            return True
        kind = event.get("type")
        play = _TURN_PLAYS.get(kind) if isinstance(kind, str) else None
        return True if play is None else play(self, event)

    def answer(self, event: MjaiEvent) -> None:
        """Answer the open claim window as the log goes on: with its call, with its wins on
        the tile, else every seat passes."""
        first = self.index
        # The riichi deposit (and a kan's indicator) may be written before the call that
        # answers the discard: the call decides.
        while first < len(self.events) and self.events[first].get("type") in (
            Kind.REACH_ACCEPTED,
            Kind.DORA,
        ):
            first += 1
        if first < len(self.events):
            event = self.events[first]
        kind = event.get("type")
        if kind in _CALLS:
            seat = self.seat(event)
            consumed = sorted(map(str, event.get("consumed") or []))
            claim = self.pick(
                seat,
                lambda a: (
                    a.type == _CALLS[kind]
                    and self.name(a.tile) == event.get("pai")
                    and sorted(self.name(t) for t in a.consumed) == consumed
                ),
                f"{kind} {event.get('pai')} with {consumed}",
            )
            self.settle({seat: claim})
            return
        keep: dict[int, Action] = {}
        if kind == Kind.HORA and event.get("actor") != event.get("target"):
            number = first
            while number < len(self.events) and self.events[number].get("type") == Kind.HORA:
                seat = self.seat(self.events[number])
                keep[seat] = self.pick(
                    seat,
                    lambda a: a.type == A.RON,
                    "win on the discard",
                    self.attempt(A.RON, seat, self.claimed_tile()),
                )
                number += 1
        self.settle(keep)

    def riichi(self, event: MjaiEvent) -> bool:
        """A riichi: played with the discard the log shows next."""
        seat = self.seat(event)
        following = self.events[self.index + 1] if self.index + 1 < len(self.events) else None
        if following is None:
            if self.viewer is not None:
                return False
            raise NotationError(f"{at_event(self.index, event)}: the log ends before the discard")
        if following.get("type") != Kind.DAHAI or following.get("actor") != seat:
            raise NotationError(
                f"{at_event(self.index, event)}: a riichi is followed by its discard"
            )
        self.apply(
            self.pick(
                seat,
                self.discard_test(seat, following, A.RIICHI),
                f"declare riichi with {following.get('pai')}",
                self.attempt(A.RIICHI, seat, self.held_named(seat, following)),
            )
        )
        return True

    def discard(self, event: MjaiEvent) -> bool:
        """A discard, of the drawn tile where the log says ``tsumogiri``."""
        seat = self.seat(event)
        self.apply(
            self.pick(
                seat,
                self.discard_test(seat, event, A.DISCARD),
                f"discard {event.get('pai')}",
                self.attempt(A.DISCARD, seat, self.held_named(seat, event)),
            )
        )
        return True

    def self_drawn_win(self, event: MjaiEvent) -> bool:
        """A win on the seat's own draw (no claim window is open)."""
        seat = self.seat(event)
        self.apply(
            self.pick(
                seat,
                lambda a: a.type == A.TSUMO,
                "win on its draw",
                self.attempt(A.TSUMO, seat, self.game.round.seats[seat].drawn),
            )
        )
        return True

    def concealed_kan(self, event: MjaiEvent) -> bool:
        """A concealed kan of the four tiles the log names."""
        seat = self.seat(event)
        consumed = sorted(map(str, event.get("consumed") or []))
        self.apply(
            self.pick(
                seat,
                lambda a: (
                    a.type == A.ANKAN and sorted(self.name(t) for t in a.consumed) == consumed
                ),
                f"declare a concealed kan of {consumed}",
            )
        )
        return True

    def added_kan(self, event: MjaiEvent) -> bool:
        """A tile added to the seat's pon."""
        seat = self.seat(event)
        self.apply(
            self.pick(
                seat,
                lambda a: a.type == A.KAKAN and self.name(a.tile) == event.get("pai"),
                f"add {event.get('pai')} to a pon",
            )
        )
        return True

    def set_aside(self, event: MjaiEvent) -> bool:
        """A North set aside (``nukidora``)."""
        seat = self.seat(event)
        self.apply(
            self.pick(
                seat,
                lambda a: a.type == A.KITA and self.name(a.tile) == event.get("pai"),
                f"set {event.get('pai')} aside",
                self.attempt(A.KITA, seat, self.held_named(seat, event)),
            )
        )
        return True

    def abort(self, event: MjaiEvent) -> bool:
        """A draw on a seat's turn: its abort (nine terminals)."""
        if self.game.round.phase is Phase.TURN:
            seat = self.game.round.turn
            self.apply(self.pick(seat, lambda a: a.type == A.ABORT, "abort (nine terminals)"))
        return True

    def seat(self, event: Mapping[str, Any]) -> int:
        actor = event.get("actor")
        players = self.game.players
        if type(actor) is not int or not 0 <= actor < players:
            raise NotationError(
                f"{at_event(self.index, event)}: actor must be a seat 0-{players - 1}, "
                f"not {actor!r:.10}"
            )
        return actor


_TURN_PLAYS: dict[str, Callable[[_Driver, MjaiEvent], bool]] = {
    Kind.REACH: _Driver.riichi,
    Kind.DAHAI: _Driver.discard,
    Kind.HORA: _Driver.self_drawn_win,
    Kind.ANKAN: _Driver.concealed_kan,
    Kind.KAKAN: _Driver.added_kan,
    Kind.NUKIDORA: _Driver.set_aside,
    Kind.RYUKYOKU: _Driver.abort,
}
"""The decision each event records on a seat's turn (no claim window open)."""
