"""A Riichi game played by the engine, written as a Tenhou record (to open in Tenhou's viewer).

:func:`game_record` turns an engine log into the structures of
:mod:`mahjongkit.formats.tenhou.records` (one :class:`MjlogRound` per round: the deal, every draw,
discard, call, riichi step, dora and the result with its yaku as Tenhou numbers them);
:func:`game_to_tenhou6_json` writes that record as tenhou.net/6 JSON. Riichi games of three or
four players can be written (three as Tenhou writes them: the North set aside is a ``nuki``
meld, counted with the dora).

>>> import random
>>> from mahjongkit.bots.policy import play_random
>>> from mahjongkit.game.engine import Game
>>> game = Game("riichi", seed=3, max_rounds=2)
>>> _ = play_random(game, random.Random(3))
>>> [len(r.actions) > 0 for r in game_record(game).rounds]
[True, True]
"""

from __future__ import annotations

from typing import Any

from mahjongkit.errors import NotationError
from mahjongkit.formats.tenhou.meldcode import CallType, TenhouMeld, encode_meld
from mahjongkit.formats.tenhou.records import (
    Agari,
    Call,
    Discard,
    Draw,
    GameType,
    MjlogGame,
    MjlogRound,
    NewDora,
    Player,
    Riichi,
    Ryuukyoku,
)
from mahjongkit.formats.tenhou.tenhou6 import game_to_tenhou6
from mahjongkit.game.engine import Game
from mahjongkit.game.fold import folds_for
from mahjongkit.melds import SEAT_LETTERS, MeldKind
from mahjongkit.table.events import JsonEvent, Kind, as_json
from mahjongkit.table.state import TableMeld, TableState
from mahjongkit.table.wall import deal, indicator_indices, ura_indices
from mahjongkit.variants import find_variant
from mahjongkit.variants.riichi.rules import RiichiRules
from mahjongkit.variants.riichi.yaku import BY_ID

_DRAW_KINDS = {
    "exhaustive": "",
    "nagashimangan": "nm",
    "kyushukyuhai": "yao9",
    "suchareach": "reach4",
    "sufonrenda": "kaze4",
    "sukaikan": "kan4",
    "sanchaho": "ron3",
}
_LIMITS = {None: 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4}


def game_type_of(game: Game) -> GameType:
    """The Tenhou game type matching the rules: red fives, open tanyao, East-South or East,
    three players."""
    rules = game.flow.rules
    if not isinstance(rules, RiichiRules):
        raise NotationError(f"tenhou.net/6 records Riichi games, not {game.variant}")
    code = 0x01
    if not rules.red_fives:
        code |= 0x02
    if not rules.open_tanyao:
        code |= 0x04
    if rules.game_length >= 2:
        code |= 0x08
    if rules.players == 3:
        code |= 0x10
    return GameType.from_code(code)


def game_record(game: Game) -> MjlogGame:
    """The engine's log as a Tenhou record."""
    if "tenhou" not in find_variant(game.variant).protocols or game.players not in (3, 4):
        raise NotationError(
            "only Riichi games (three-player or four-player Riichi) can be written as Tenhou "
            "records"
        )
    starts = [i for i, e in enumerate(as_json(game.log)) if e["type"] == Kind.START_KYOKU]
    rounds = []
    states = _States(game)
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(game.log)
        rounds.append(_round(game, start, end, states))
    players = tuple(Player(name, None, None, None) for name in game.names)
    return MjlogGame(game_type=game_type_of(game), players=players, rounds=tuple(rounds))


def game_to_tenhou6_json(
    game: Game, title: tuple[str, str] = ("mahjongkit", "")
) -> dict[str, object]:
    """The tenhou.net/6 JSON of an engine game."""
    return game_to_tenhou6(game_record(game), title)


class _States:
    """The table as it was at each point of a game's own log, folded once from its start.

    The log is the engine's own, so its events are folded without being played again; the
    points asked for only ever move forward, so the whole export folds each event once.
    """

    def __init__(self, game: Game) -> None:
        self._log = game.log
        self._folds = folds_for(game.flow)
        self._state = TableState()
        self._folded = 0

    def at(self, index: int) -> TableState:
        """The state just before event ``index``."""
        assert index >= self._folded, "the export reads the log forwards"
        while self._folded < index:
            event = self._log[self._folded]
            self._folds[event["type"]](self._state, event)
            self._folded += 1
        return self._state


def _tenhou_meld(meld: TableMeld, owner: int) -> TenhouMeld:
    relative = 0 if meld.from_seat is None else (meld.from_seat - owner) % 4
    if meld.kind is MeldKind.CONCEALED_KONG:
        return encode_meld(CallType.ANKAN, sorted(meld.tiles))
    if meld.kind is MeldKind.ADDED_KONG:
        added = meld.tiles[-1]
        return encode_meld(CallType.KAKAN, sorted(meld.tiles), meld.called, relative, added)
    kind = {
        MeldKind.CHOW: CallType.CHI,
        MeldKind.PUNG: CallType.PON,
        MeldKind.KONG: CallType.DAIMINKAN,
    }[meld.kind]
    return encode_meld(kind, sorted(meld.tiles), meld.called, relative)


def _round(game: Game, start: int, end: int, states: _States) -> MjlogRound:
    events = as_json(game.log[start:end])
    opening = events[0]
    dealer = opening["oya"]
    wall = opening["mjk_wall"]
    actions: list[Any] = []
    for offset, event in enumerate(events):
        index = start + offset
        match event["type"]:
            case Kind.TSUMO:
                actions.append(
                    Draw(event["actor"], event["mjk_id"], event.get("mjk_replacement", False))
                )
            case Kind.DAHAI:
                actions.append(Discard(event["actor"], event["mjk_id"], event["tsumogiri"]))
            case Kind.REACH:
                actions.append(Riichi(event["actor"], 1))
            case Kind.REACH_ACCEPTED:
                actions.append(Riichi(event["actor"], 2, tuple(event["scores"])))
            case Kind.DORA:
                actions.append(NewDora(event["mjk_id"]))
            case Kind.NUKIDORA:
                actions.append(Call(event["actor"], encode_meld(CallType.NUKI, [event["mjk_id"]])))
            case Kind.CHI | Kind.PON | Kind.DAIMINKAN | Kind.ANKAN | Kind.KAKAN as kind:
                after = states.at(index + 1)
                seat = event["actor"]
                meld = next(
                    m
                    for m in reversed(after.round.seats[seat].melds)
                    if (event.get("mjk_id") in m.tiles)
                    or (kind == Kind.ANKAN and m.kind is MeldKind.CONCEALED_KONG)
                )
                actions.append(Call(seat, _tenhou_meld(meld, seat)))
            case Kind.HORA:
                actions.append(_agari(states.at(index), game.flow.dead_wall, event, game.players))
            case Kind.RYUKYOKU:
                actions.append(_ryuukyoku(states.at(index), event))
    return MjlogRound(
        round_index=4 * SEAT_LETTERS.index(opening["bakaze"]) + opening["kyoku"] - 1,
        honba=opening["honba"],
        riichi_sticks=opening["kyotaku"],
        dice=(1, 1),
        dora_indicator=wall[len(wall) - game.flow.dead_wall + 4],
        scores=tuple(opening["scores"]),
        dealer=dealer,
        hands=tuple(tuple(hand) for hand in deal(wall, dealer, game.players)),
        actions=tuple(actions),
        players=game.players,
    )


def _agari(before: TableState, dead_wall: int, event: JsonEvent, players: int) -> Agari:
    rnd = before.round
    seat = event["actor"]
    target = event["target"]
    state = rnd.seats[seat]
    tile = rnd.last_discard if target != seat else state.drawn
    if rnd.rob_tile is not None and target != seat:
        tile = rnd.rob_tile
    assert tile is not None
    hand = tuple(sorted([*state.hand, *([tile] if target != seat else [])]))
    score = event["mjk_score"]
    yaku: list[tuple[int, int]] = []
    yakuman: list[int] = []
    for pattern in score["patterns"]:
        row = BY_ID.get(pattern["id"])
        number = row.tenhou_id if row is not None else None
        if number is None:
            continue
        # Tenhou numbers the wind pungs by wind: seat wind 10-13, prevalent wind 14-17.
        if pattern["id"] == "seat_wind":
            number += (seat - rnd.dealer) % players
        elif pattern["id"] == "round_wind":
            number += rnd.round_wind
        if pattern["unit"] == "yakuman":
            yakuman.append(number)
        else:
            yaku.append((number, pattern["value"]))
    limit = _LIMITS.get(score.get("limit_id"), 5)
    set_aside = [encode_meld(CallType.NUKI, [t]) for t in state.flowers]
    return Agari(
        seat=seat,
        from_seat=target,
        hand=hand,
        melds=(*(_tenhou_meld(m, seat) for m in state.melds), *set_aside),
        win_tile=tile,
        fu=score.get("fu") or 0,
        points=score["points"],
        limit=limit,
        yaku=_one_line_each(yaku),
        yakuman=tuple(yakuman),
        dora_indicators=tuple(
            rnd.wall[i] for i in indicator_indices(len(rnd.wall), dead_wall, rnd.indicators)
        ),
        ura_indicators=tuple(
            rnd.wall[i] for i in ura_indices(len(rnd.wall), dead_wall, rnd.indicators)
        )
        if state.riichi
        else (),
        scores=tuple(event["scores"]),
        deltas=tuple(event["deltas"]),
        honba=rnd.honba,
        riichi_sticks=rnd.deposits,
        pao_seat=state.liable,
    )


def _one_line_each(yaku: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Tenhou's yaku list, one line per Tenhou id: the Norths set aside (three players) count
    on the dora's line, as Tenhou's own records have them.

    >>> _one_line_each([(1, 1), (52, 2), (54, 1), (52, 1)])
    ((1, 1), (52, 3), (54, 1))
    """
    merged: dict[int, int] = {}
    for number, han in yaku:
        merged[number] = merged.get(number, 0) + han
    return tuple(merged.items())


def _ryuukyoku(before: TableState, event: JsonEvent) -> Ryuukyoku:
    shown = {seat: tuple(sorted(before.round.seats[seat].hand)) for seat in event.get("tenpai", [])}
    return Ryuukyoku(
        kind=_DRAW_KINDS.get(event["reason"], str(event["reason"])),
        shown_hands=shown,
        scores=tuple(event["scores"]),
        deltas=tuple(event["deltas"]),
        honba=before.round.honba,
        riichi_sticks=before.round.deposits,
    )
