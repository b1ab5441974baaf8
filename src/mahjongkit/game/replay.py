"""A log played again through the engine, every event checked on the way.

:meth:`Game.replay <mahjongkit.game.engine.Game.replay>` delegates here. The module sits below
:mod:`.engine` (it never imports it): it asks of a game only what :class:`Replayed` lists, and
the engine hands it the class to build, so the engine may import this module without a cycle.

>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=4)
>>> _ = game.start()
>>> _ = game.apply(game.legal_actions(0)[0])
>>> Game.replay(game.log).snapshot() == game.snapshot()
True
>>> Game.replay(game.log[1:])
Traceback (most recent call last):
...
mahjongkit.errors.IllegalActionError: event 0: a log starts with a start_game event
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.game.fold import WINDS
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Event, JsonEvent, Kind, StartKyoku, as_json, check_event
from mahjongkit.table.flow import Flow
from mahjongkit.table.state import Phase, RoundState
from mahjongkit.table.wall import shuffled_wall
from mahjongkit.variants import find_variant

__all__ = ["Replayed", "rebuild_rules", "replay_log", "settle_claims"]


class Replayed(Protocol):
    """What replaying a log asks of a game (:class:`~mahjongkit.game.engine.Game` has it)."""

    flow: Flow[Any]
    variant: str
    seed: int
    players: int
    log: list[Event]

    @property
    def round(self) -> RoundState: ...

    def start(self) -> list[Event]: ...

    def start_at(
        self,
        *,
        round_wind: int,
        hand_number: int,
        dealer: int,
        honba: int,
        deposits: int,
        scores: Sequence[int],
        single_round: bool = True,
    ) -> list[Event]: ...

    def apply(self, action: Action) -> list[Event]: ...

    def waiting_for(self) -> list[int]: ...

    def _restore(self, events: list[Event]) -> None: ...


G = TypeVar("G", bound=Replayed)


def rebuild_rules(variant: str, recorded: Any) -> Any:
    """The rules object a log's ``start_game`` recorded (lists back to tuples)."""
    kind = type(find_variant(variant).rules())
    if not isinstance(recorded, dict):
        raise IllegalActionError(f"the log's rules are not an object: {recorded!r:.60}")
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in recorded.items()}
    try:
        return kind(**values)
    except (TypeError, ValueError) as error:
        raise IllegalActionError(f"the log's rules do not fit {kind.__name__}: {error}") from None


def replay_log(
    make: Callable[..., G],
    events: Iterable[Any],
    variant: str | None = None,
    rules: Any = None,
    **options: Any,
) -> G:
    """The game (built by ``make``, the game class) a log describes; see
    :meth:`Game.replay <mahjongkit.game.engine.Game.replay>`."""
    recorded = _as_list(events)
    if (
        not recorded
        or not isinstance(recorded[0], dict)
        or recorded[0].get("type") != ("start_game")
    ):
        raise IllegalActionError("event 0: a log starts with a start_game event")
    start = _checked(recorded, 0)
    assert start["type"] == Kind.START_GAME
    walls = _WallsOf(recorded)
    try:
        name = variant if variant is not None else start["mjk_variant"]
        if rules is None:
            rules = rebuild_rules(name, start["mjk_rules"])
        game = make(
            name,
            rules,
            seed=start["mjk_seed"],
            names=start["names"],
            wall_source=walls,
            max_rounds=start.get("mjk_max_rounds"),
            **options,
        )
    except MahjongError as error:
        raise IllegalActionError(f"event 0 (start_game): {error}") from None
    opening = _checked(recorded, 1) if len(recorded) > 1 else None
    try:
        if opening is None:
            game.start()  # the log is cut right after start_game: the fold stops there
        elif opening["type"] != Kind.START_KYOKU:
            raise IllegalActionError("the first round is dealt next (start_kyoku)")
        else:
            if opening["bakaze"] not in WINDS:
                raise IllegalActionError(f"unknown prevalent wind {opening['bakaze']!r:.20}")
            game.start_at(
                round_wind=WINDS.index(opening["bakaze"]),
                hand_number=opening["kyoku"] - 1,
                dealer=opening["oya"],
                honba=opening["honba"],
                deposits=opening["kyotaku"],
                scores=start["mjk_scores"],
                single_round=start.get("mjk_single_round", False),
            )
    except MahjongError as error:
        raise IllegalActionError(f"event 1 (start_kyoku): {error}") from None
    _follow(game, recorded, 0)
    while len(game.log) < len(recorded):
        index = len(game.log)
        event = _checked(recorded, index)
        action = _decision_of(game, recorded, index, event)
        try:
            game.apply(action)
        except MahjongError as error:
            raise IllegalActionError(f"event {index} ({event['type']}): {error}") from None
        _follow(game, recorded, index)
    return game


def _follow(game: Replayed, recorded: list[Any], since: int) -> None:
    """Check the events emitted since ``since`` against the log; where the log ends inside
    them, go back to the state its own events give."""
    for index in range(since, len(game.log)):
        if index >= len(recorded):
            game._restore(game.log[: len(recorded)])
            return
        mine, theirs = game.log[index], recorded[index]
        if mine != theirs:
            _checked(recorded, index)
            raise IllegalActionError(
                f"event {index} ({theirs.get('type')}): " + _difference(mine, theirs)
            )


def settle_claims(
    game: Replayed,
    keep: Mapping[int, Action] | None = None,
    apply: Callable[[Action], object] | None = None,
) -> None:
    """Answer the open claim window (a discard, or a kong that may be robbed): each seat of
    ``keep`` plays its action there, every other seat still asked passes. ``apply`` plays each
    answer (default :meth:`Game.apply`): a log reader passes its own, to word a refusal."""
    keep = keep or {}
    play = apply or game.apply
    # Each answer settles one seat: more answers than two rounds of seats is a broken window.
    for _ in range(2 * game.players):
        if game.round.phase not in (Phase.CLAIM, Phase.ROB):
            return
        waiting = game.waiting_for()
        if not waiting:
            return
        seat = waiting[0]
        play(keep.get(seat, Action(A.PASS, seat)))


def _as_list(events: Iterable[Any]) -> list[Any]:
    if isinstance(events, str | bytes | dict) or not isinstance(events, Iterable):
        raise IllegalActionError(f"a log is a list of events, not {type(events).__name__}")
    return list(events)


def _checked(recorded: list[Any], index: int) -> Event:
    """The log's event ``index``, checked against its type's declaration."""
    try:
        return check_event(recorded[index])
    except MahjongError as error:
        raise IllegalActionError(f"event {index}: {error}") from None


class _WallsOf:
    """The walls a log's rounds were dealt from, checked to be the variant's tiles."""

    def __init__(self, recorded: list[Any]) -> None:
        self.indices = [
            i
            for i, e in enumerate(recorded)
            if isinstance(e, dict) and e.get("type") == Kind.START_KYOKU
        ]
        self.recorded = recorded

    def __call__(self, game: Replayed, number: int) -> list[int]:
        if number >= len(self.indices):
            # The log ends before this round: deal it as a live game would (the comparison
            # with the log stops where the log does).
            return shuffled_wall(game.flow.tiles(), random.Random(f"{game.seed}:{number}"))
        index = self.indices[number]
        event = cast(StartKyoku, _checked(self.recorded, index))
        wall = list(event["mjk_wall"])
        if sorted(wall) != sorted(game.flow.tiles()):
            raise IllegalActionError(
                f"event {index} (start_kyoku): the wall is not the {game.variant} tile set "
                f"({len(wall)} tiles, {len(set(wall))} distinct)"
            )
        return wall


def _decision_of(game: Replayed, recorded: list[Any], index: int, checked: Event) -> Action:
    """The player's decision that the log's event ``index`` records, as an action."""
    event: JsonEvent = as_json([checked])[0]  # checked: every field has its declared type
    kind = event["type"]
    actor = event.get("actor")
    if actor is not None and not 0 <= actor < game.players:
        raise IllegalActionError(f"event {index} ({kind}): no seat {actor} at this table")
    if actor is not None:

        def following() -> JsonEvent:
            return as_json([_checked(recorded, index + 1)])[0] if index + 1 < len(recorded) else {}

        try:
            own = game.flow.recorded_decision(event, following)
        except IllegalActionError as error:
            raise IllegalActionError(f"event {index} ({kind}): {error}") from None
        if own is not None:
            return own
        if kind == Kind.DAHAI:
            return Action(A.DISCARD, actor, event["mjk_id"])
        if kind == Kind.HORA and event["target"] == actor:
            return Action(A.TSUMO, actor, game.round.seats[actor].drawn)
        if kind == Kind.ANKAN:
            return Action(A.ANKAN, actor, None, tuple(event["mjk_consumed"]))
        if kind == Kind.KAKAN:
            return Action(A.KAKAN, actor, event["mjk_id"])
        if kind == Kind.RYUKYOKU and event["reason"] == "kyushukyuhai":
            return Action(A.ABORT, actor)
        if kind == Kind.FLOWER:
            return Action(A.FLOWER, actor, event["mjk_id"])
        if kind == Kind.NUKIDORA:
            return Action(A.KITA, actor, event["mjk_id"])
        if kind == Kind.RESPOND:
            try:
                action = Action.from_json(event["action"])
            except MahjongError as error:
                raise IllegalActionError(f"event {index} (mjk:respond): {error}") from None
            if action.seat != actor:
                raise IllegalActionError(
                    f"event {index} (mjk:respond): seat {actor} answers for seat {action.seat}"
                )
            return action
    expected = ", ".join(str(s) for s in game.waiting_for()) or "nobody"
    raise IllegalActionError(
        f"event {index} ({kind}) is not a decision the game waits for here "
        f"(seats to act: {expected}; phase {game.round.phase.value})"
    )


def _difference(mine: Event, theirs: Any) -> str:
    """What differs between the event the game gives and the log's, in a few words."""
    if not isinstance(theirs, dict) or mine["type"] != theirs.get("type"):
        return f"the log has {_short(theirs)} where the game gives {mine['type']}"
    for key in sorted(set(mine) | set(theirs)):
        if mine.get(key) != theirs.get(key):
            return (
                f"field {key!r} is {_short(theirs.get(key))} in the log, "
                f"{_short(mine.get(key))} in the game"
            )
    return "the events differ"  # pragma: no cover - equal fields make equal events


def _short(value: Any) -> str:
    if isinstance(value, dict) and "type" in value:
        return str(value["type"])
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
