"""tenhou.net/6 JSON: the form Tenhou's replay viewer opens, written and read.

:func:`game_to_tenhou6` and :func:`round_to_tenhou6` write the JSON of a record (three or four
players); :func:`read_tenhou6` reads it back into the same
:class:`~mahjongkit.formats.tenhou.records.MjlogGame`. The JSON keeps kinds, not copies, and one
column of takes and gives per seat: the reader deals ids in order of appearance and rebuilds the
order of play, matching each call to the discard it names (a seat that let a tile pass and called
the same kind from the same seat later cannot be told apart from the JSON alone). Kong dora are
turned at Tenhou's moments (a concealed kong at once, an open one at its owner's next discard or
kong); nonstandard lobbies that differ are not known. Anything the reader cannot make sense of
raises :class:`~mahjongkit.errors.NotationError` naming the round and the item.

A three-player game is written as Tenhou writes one: ``rule.disp`` begins with ``三``, the fourth
name is empty and the fourth seat's three columns are empty lists, scores and score changes keep
a fourth entry of 0, a North set aside is ``f44`` among its seat's gives (its replacement among
the takes), round indices count four to a wind (South 1 is 4) so that the dealer is the index
modulo four, and a self-draw's header names what the two payers pay.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from pathlib import Path

from mahjongkit.errors import NotationError
from mahjongkit.formats.tenhou.meldcode import CallType, TenhouMeld, encode_meld
from mahjongkit.formats.tenhou.records import (
    HAND_SIZE,
    MOST_COUNTERS,
    MOST_POINTS,
    ROUND_INDICES,
    Action,
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
    tile_ids_for,
)
from mahjongkit.formats.tenhou.script import RoundScript
from mahjongkit.tiles import Tile, from_tenhou6, to_tenhou6
from mahjongkit.valueclass import replace

YAKU_NAMES_JA = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西",
    "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫",
    "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口",
    "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎",
    "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip
"""Tenhou's yaku names, indexed by Tenhou yaku id (the ids of ``<AGARI yaku=...>``)."""

LIMIT_NAMES_JA = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
"""Tenhou's names of the limits of ``<AGARI ten=...>`` (index = limit)."""

RYUUKYOKU_NAMES_JA = {
    "yao9": "九種九牌",
    "reach4": "四家立直",
    "ron3": "三家和了",
    "kaze4": "四風連打",
    "kan4": "四槓散了",
    "nm": "流し満貫",
}
"""tenhou.net/6 result names of the abortive draws (an exhaustive draw is ``流局``)."""

_TSUMOGIRI = 60
_SEATS = 4
"""Seat columns of a tenhou.net/6 round (a three-player game leaves the fourth empty)."""
_NORTH = 44
"""The North's tenhou.net/6 code, after ``f`` when it is set aside (``f44``)."""
_THREE = "三"
"""The mark of a three-player game in ``rule.disp``."""
_LEVEL_LETTERS = {"ippan": "般", "joukyuu": "上", "tokujou": "特", "houou": "鳳"}


def game_to_tenhou6(record: MjlogGame, title: tuple[str, str] = ("", "")) -> dict[str, object]:
    """The tenhou.net/6 JSON object of a game of three or four players (opens in Tenhou's replay
    viewer).

    Tiles become tenhou.net/6 codes (11-47, red fives 51-53), so the exact copy of a tile is
    lost; everything a viewer shows is kept.
    """
    kind = record.game_type
    if kind.players not in (3, 4):
        raise NotationError("tenhou.net/6 export is written for three or four players")
    display = (
        (_THREE if kind.players == 3 else "")
        + _LEVEL_LETTERS[kind.level]
        + ("南" if kind.east_south else "東")
        + ("喰" if kind.open_tanyao else "")
        + ("赤" if kind.red_fives else "")
        + ("速" if kind.fast else "")
    )
    written: dict[str, object] = {
        "title": list(title),
        "name": _padded([player.name for player in record.players], ""),
        "rule": {"disp": display, "aka": 1 if kind.red_fives else 0},
        "log": [round_to_tenhou6(r, red_fives=kind.red_fives) for r in record.rounds],
    }
    if record.log_id is not None:
        written["ref"] = record.log_id  # as Tenhou's own JSON names the game
    return written


def round_to_tenhou6(game_round: MjlogRound, red_fives: bool = True) -> list[object]:
    """One round as a tenhou.net/6 ``log`` entry (the round must be consistent, see RoundScript).

    The entry lists the counters, the starting scores, the dora and ura indicators, then for
    each seat its dealt tiles, what it took (draws, and the chi, pon and exposed kongs it called)
    and what it gave (discards, 60 for a tsumogiri, ``r`` before a riichi discard, concealed and
    added kongs, 0 after an exposed kong, ``f44`` for a North set aside), and last the result.
    A three-player round keeps the fourth seat's columns, empty.
    """
    players = game_round.players
    if players not in (3, 4):
        raise NotationError("tenhou.net/6 export is written for three or four players")
    script = RoundScript.from_round(game_round)

    def code(tile: int) -> int:
        return to_tenhou6(Tile.from_id(tile, red_fives))

    takes: list[list[int | str]] = [[] for _ in range(_SEATS)]
    gives: list[list[int | str]] = [[] for _ in range(_SEATS)]
    declaring = [False] * _SEATS
    results: list[object] = []
    for action in game_round.actions:
        if isinstance(action, Draw):
            takes[action.seat].append(code(action.tile))
        elif isinstance(action, Discard):
            shown = _TSUMOGIRI if action.tsumogiri else code(action.tile)
            gives[action.seat].append(f"r{shown}" if declaring[action.seat] else shown)
            declaring[action.seat] = False
        elif isinstance(action, Riichi):
            declaring[action.seat] = action.step == 1
        elif isinstance(action, Call):
            _write_call(action.meld, code, takes[action.seat], gives[action.seat])
        elif isinstance(action, Agari):
            if not results:
                results.append("和了")
            detail = _agari_detail(action, game_round.dealer, players)
            results.extend([_padded(list(action.deltas), 0), detail])
        elif isinstance(action, Ryuukyoku):
            results.extend(_draw_result(action, players))
    entry: list[object] = [
        [game_round.round_index, game_round.honba, game_round.riichi_sticks],
        _padded(list(game_round.scores), 0),
        [code(t) for t in script.dora_indicators],
        [code(t) for t in script.ura_indicators],
    ]
    for seat in range(_SEATS):
        dealt = game_round.hands[seat] if seat < players else ()
        entry.extend([[code(t) for t in dealt], takes[seat], gives[seat]])
    entry.append(results)
    return entry


def _padded(values: list[object], empty: object) -> list[object]:
    """A list of one value per seat as tenhou.net/6 keeps it: four, the missing seat ``empty``."""
    return [*values, *[empty] * (_SEATS - len(values))]


def _write_call(
    meld: TenhouMeld,
    code: Callable[[int], int],
    takes: list[int | str],
    gives: list[int | str],
) -> None:
    # The marker letter stands before the called tile; its place says where the tile came from:
    # first from the left (relative 3), second from across (2), last from the right (1).
    if meld.type is CallType.ANKAN:
        shown = [str(code(t)) for t in meld.tiles]
        gives.append("".join(shown[:3]) + "a" + shown[3])
        return
    if meld.type is CallType.NUKI:
        gives.append(f"f{code(meld.tiles[0])}")
        return
    called = meld.called if meld.called is not None else meld.tiles[0]
    others = [str(code(t)) for t in meld.tiles if t not in (called, meld.added)]
    if meld.type is CallType.CHI:
        takes.append(f"c{code(called)}" + "".join(others))
        return
    letter = {CallType.PON: "p", CallType.DAIMINKAN: "m", CallType.KAKAN: "k"}[meld.type]
    marked = f"{letter}{code(called)}"
    if meld.type is CallType.KAKAN and meld.added is not None:
        marked = f"k{code(meld.added)}{code(called)}"
    place = {3: 0, 2: 1, 1: len(others)}[meld.relative]
    text = "".join([*others[:place], marked, *others[place:]])
    if meld.type is CallType.KAKAN:
        gives.append(text)
    else:
        takes.append(text)
        if meld.type is CallType.DAIMINKAN:
            gives.append(0)  # no discard between the call and the replacement draw


def _agari_detail(win: Agari, dealer: int, players: int = _SEATS) -> list[object]:
    han = sum(value for _, value in win.yaku)
    header = LIMIT_NAMES_JA[min(win.limit, 5)] if win.limit else f"{win.fu}符{han}飜"
    if not win.self_draw:
        header += f"{win.points}点"
    elif win.seat == dealer:
        header += f"{win.points // (players - 1)}点∀"
    else:
        child, dealer = _self_draw_split(win, han, players)
        header += f"{child}-{dealer}点"
    yaku = [f"{_yaku_name(i)}({value}飜)" for i, value in win.yaku if value]
    yaku += [f"{_yaku_name(i)}(役満)" for i in win.yakuman]
    pao = win.seat if win.pao_seat is None else win.pao_seat
    return [win.seat, win.from_seat, pao, header, *yaku]


def _self_draw_split(win: Agari, han: int, players: int = _SEATS) -> tuple[int, int]:
    """What each non-dealer and the dealer pay on a non-dealer's self-draw (before counters):
    the other non-dealers pay one share each, the dealer two (three players: one non-dealer
    pays, the missing seat's share is lost)."""
    children = players - 2
    shares = children + 2
    if win.limit:
        return win.points // shares, 2 * win.points // shares
    base = win.fu * 2 ** (han + 2)
    child, dealer = -(-base // 100) * 100, -(-2 * base // 100) * 100
    if children * child + dealer == win.points:
        return child, dealer
    return win.points // shares, 2 * win.points // shares


def _yaku_name(yaku_id: int) -> str:
    if 0 <= yaku_id < len(YAKU_NAMES_JA):
        return YAKU_NAMES_JA[yaku_id]
    return f"yaku {yaku_id}"


def _draw_result(draw: Ryuukyoku, players: int = _SEATS) -> list[object]:
    deltas = _padded(list(draw.deltas), 0)
    if draw.kind in RYUUKYOKU_NAMES_JA:
        name = RYUUKYOKU_NAMES_JA[draw.kind]
        return [name, deltas] if draw.kind == "nm" else [name]
    ready = len(draw.shown_hands)
    name = "全員聴牌" if ready == players else "全員不聴" if ready == 0 else "流局"
    return [name, deltas]


DAN_NAMES_JA = (
    "新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
    "初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
)  # fmt: skip
"""Tenhou's ranks, indexed by the ``dan`` numbers of ``<UN>``."""

_LEVEL_BITS = {"般": 0x00, "上": 0x80, "特": 0x20, "鳳": 0xA0}
_CALL_LETTERS = {"c": CallType.CHI, "p": CallType.PON, "m": CallType.DAIMINKAN}
_KONG_LETTERS = {"a": CallType.ANKAN, "k": CallType.KAKAN}
_CALL_TOKEN = re.compile(r"([a-z]?)(\d\d)")
_LOG_ID = re.compile(r"[0-9]{10}gm-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{8}")


def read_tenhou6(source: str | bytes | Path | Mapping[str, object]) -> MjlogGame:
    """Read a tenhou.net/6 JSON game (``{"title", "name", "rule", "log": [...]}``).

    The JSON form keeps tile kinds, not copies: each tile gets a physical id as it first appears
    (the red five on copy 0, other copies in ascending order), so the ids differ from the mjlog
    of the same game while every kind, red five, action and score is the same. The order of
    play is rebuilt from each seat's columns; kong dora are revealed where Tenhou reveals them.
    Tenhou's own files name the game in ``ref`` (its log id, kept as ``log_id``). A
    three-player game (``三`` in ``rule.disp``, or an empty fourth name) is read as Tenhou
    writes it (see the module); a ``抜きドラ`` line, which other writers give the Norths set
    aside, counts with the dora as in Tenhou's own records.
    """
    data = _load_json(source)
    log = data.get("log")
    names = data.get("name")
    rule = data.get("rule", {})
    if not isinstance(log, list) or not isinstance(rule, dict):
        raise NotationError("a tenhou.net/6 game has a 'log' list and a 'rule' object")
    if (
        not isinstance(names, list)
        or len(names) not in (3, _SEATS)
        or not all(isinstance(n, str) for n in names)
    ):
        raise NotationError(
            "tenhou.net/6 'name' must list four player names (a three-player game leaves the "
            "fourth empty)"
        )
    display = rule.get("disp", "")
    if not isinstance(display, str):
        raise NotationError(f"tenhou.net/6 'rule.disp' is a text, not {type(display).__name__}")
    three = _THREE in display or "3-Player" in display or len(names) == 3 or names[3] == ""
    players = 3 if three else _SEATS
    red_fives = any(rule.get(key) for key in ("aka", "aka51", "aka52", "aka53"))
    code = 0x01 | (0 if red_fives else 0x02) | (0x08 if "南" in display else 0)
    code |= 0x10 if three else 0
    code |= 0x40 if "速" in display else 0
    code |= 0x04 if display and "喰" not in display else 0
    code |= next((bits for letter, bits in _LEVEL_BITS.items() if letter in display), 0)
    rounds = [
        _Tenhou6Round(entry, red_fives, number, players).build() for number, entry in enumerate(log)
    ]
    final = data.get("sc")
    if rounds and isinstance(final, list):
        rounds[-1] = _with_final(rounds[-1], final, players)
    lobby = data.get("lobby")
    if not isinstance(lobby, int) or isinstance(lobby, bool) or not 0 <= lobby <= 10**9:
        lobby = None
    # Tenhou's own JSON names the game by its log id in "ref"; anything else there is no id.
    ref = data.get("ref")
    log_id = ref if isinstance(ref, str) and _LOG_ID.fullmatch(ref) else None
    return MjlogGame(
        game_type=GameType.from_code(code),
        players=tuple(_json_player(data, seat, names[seat]) for seat in range(players)),
        rounds=tuple(rounds),
        lobby=lobby,
        log_id=log_id,
    )


def _load_json(source: str | bytes | Path | Mapping[str, object]) -> dict[str, object]:
    if isinstance(source, Mapping):
        return dict(source)
    if not isinstance(source, str | bytes | Path):
        raise NotationError(
            f"a tenhou.net/6 source is a path, JSON text or bytes, or an object, "
            f"not {type(source).__name__}"
        )
    if isinstance(source, Path) or (
        isinstance(source, str) and source.lstrip()[:1] not in ("{", "[")
    ):
        if "\0" in str(source):
            raise NotationError(
                f"cannot read tenhou.net/6 file {str(source)!r}: the path holds a NUL"
            )
        path = Path(source)
        try:
            source = path.read_bytes()
        except OSError as error:
            raise NotationError(f"cannot read tenhou.net/6 file {path}: {error}") from error
    try:
        data = json.loads(source, parse_constant=_no_constant)
    except RecursionError:
        raise NotationError("tenhou.net/6 JSON is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise NotationError(f"tenhou.net/6 JSON does not parse: {error}") from error
    if not isinstance(data, dict):
        raise NotationError("a tenhou.net/6 game is a JSON object")
    return data


def _no_constant(name: str) -> object:
    # json.loads takes Infinity, -Infinity and NaN by default: none is a score or a tile.
    raise NotationError(f"tenhou.net/6 JSON holds {name}, which is no number of a game")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _finite(value: object, largest: float) -> bool:
    """A JSON number (not a bool) that is finite and at most ``largest`` in magnitude."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, int):
        return abs(value) <= largest
    return math.isfinite(value) and abs(value) <= largest


def _json_player(data: Mapping[str, object], seat: int, name: str) -> Player:
    def column(key: str) -> object:
        values = data.get(key)
        return values[seat] if isinstance(values, list) and seat < len(values) else None

    dan, rate, sex = column("dan"), column("rate"), column("sx")
    return Player(
        name=name,
        dan=DAN_NAMES_JA.index(dan) if dan in DAN_NAMES_JA else None,
        rate=float(rate) if _finite(rate, 10**9) else None,  # type: ignore[arg-type]
        sex=sex if isinstance(sex, str) else None,
    )


def _with_final(game_round: MjlogRound, sc: list[object], players: int = _SEATS) -> MjlogRound:
    if len(sc) < 2 * players or not all(_finite(v, MOST_POINTS) for v in sc):
        raise NotationError(
            "tenhou.net/6 'sc' lists a final score and result for each seat, "
            f"finite numbers of at most {MOST_POINTS}"
        )
    numbers = [float(v) for v in sc]  # type: ignore[arg-type]
    scores = tuple(round(v) for v in numbers[0 : 2 * players : 2])
    points = tuple(numbers[1 : 2 * players : 2])
    actions = list(game_round.actions)
    last = actions[-1]
    if isinstance(last, Agari | Ryuukyoku):
        actions[-1] = replace(last, final_scores=scores, final_points=points)
    return replace(game_round, actions=tuple(actions))


class _Tenhou6Round:
    """Rebuilds one round's order of play from the per-seat columns of a tenhou.net/6 entry."""

    def __init__(self, entry: object, red_fives: bool, number: int, players: int = _SEATS) -> None:
        self.where = f"tenhou.net/6 log[{number}]"
        self.players = players
        if not isinstance(entry, list) or len(entry) != 17:
            raise NotationError(f"{self.where}: a round is a list of 17 items")
        counters, scores = entry[0], entry[1]
        if not _int_list(counters, 3) or not _int_list(scores, _SEATS):
            raise NotationError(f"{self.where}: expected [round, counters, sticks] and 4 scores")
        self.round_index, self.honba, self.sticks = counters
        if not 0 <= self.round_index < ROUND_INDICES:
            raise NotationError(
                f"{self.where}: round index {_shown(self.round_index)} is outside "
                f"0..{ROUND_INDICES - 1}"
            )
        for what, count in (("counters", self.honba), ("riichi sticks", self.sticks)):
            if not 0 <= count <= MOST_COUNTERS:
                raise NotationError(
                    f"{self.where}: {what} {_shown(count)} is outside 0..{MOST_COUNTERS}"
                )
        self._check_points("score", scores)
        self.dealer = self.round_index % 4
        if self.dealer >= players:
            raise NotationError(
                f"{self.where}: round index {self.round_index} names dealer {self.dealer}, and "
                f"{players} play"
            )
        self.start_scores = tuple(scores[:players])
        self.scores = list(self.start_scores)
        self.red_fives = red_fives
        in_play = tile_ids_for(players)
        self.free = {kind: [t for t in in_play if t // 4 == kind] for kind in range(34)}
        self.dora_codes = self._codes(entry[2], "dora indicators")
        self.ura_codes = self._codes(entry[3], "ura indicators")
        self.takes: list[list[object]] = []
        self.gives: list[list[object]] = []
        self.hands: list[list[int]] = []
        self.dealt: list[tuple[int, ...]] = []
        for seat in range(players, _SEATS):  # the missing seat of a three-player game
            if any(entry[4 + 3 * seat + column] != [] for column in range(3)):
                raise NotationError(f"{self.where}: seat {seat} plays in a {players}-player game")
        for seat in range(players):
            dealt = self._codes(entry[4 + 3 * seat], f"seat {seat}'s deal")
            if len(dealt) != HAND_SIZE:
                raise NotationError(f"{self.where}: seat {seat} is dealt {len(dealt)} tiles")
            self.hands.append([self._new_id(c) for c in dealt])
            self.dealt.append(tuple(self.hands[-1]))
            for column in (entry[5 + 3 * seat], entry[6 + 3 * seat]):
                if not isinstance(column, list):
                    raise NotationError(f"{self.where}: seat {seat}'s columns must be lists")
            self.takes.append(list(entry[5 + 3 * seat]))
            self.gives.append(list(entry[6 + 3 * seat]))
        if not self.dora_codes:
            raise NotationError(f"{self.where}: no dora indicator")
        self.dora = [self._new_id(self.dora_codes[0])]
        self.result = entry[16] if isinstance(entry[16], list) else []
        self.actions: list[Action] = []
        self.melds: list[list[TenhouMeld]] = [[] for _ in range(players)]
        self.last_draw: list[int | None] = [None] * players
        self.robbable: tuple[int, int] | None = None  # (seat, tile) last discarded or added
        self.declared: set[int] = set()
        self.pending_dora = 0
        self.accepted: list[int] = []
        self.ura: list[int] = []

    def _check_points(self, what: str, values: list[int]) -> None:
        for value in values:
            if abs(value) > MOST_POINTS:
                raise NotationError(
                    f"{self.where}: {what} {_shown(value)} is beyond {MOST_POINTS} points"
                )

    # tiles

    def _codes(self, value: object, what: str) -> list[int]:
        if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
            raise NotationError(f"{self.where}: {what} must be a list of tile codes")
        return list(value)

    def _code_of(self, tile: int) -> int:
        return to_tenhou6(Tile.from_id(tile, self.red_fives))

    def _new_id(self, code: object) -> int:
        if not isinstance(code, int) or isinstance(code, bool):
            raise NotationError(f"{self.where}: {_shown(code)} is not a tile code")
        tile = from_tenhou6(code)
        free = self.free[tile.kind]
        if tile.red and not self.red_fives:
            raise NotationError(f"{self.where}: red five {code} in a game without red fives")
        wanted = [t for t in free if self._code_of(t) == code]
        if not wanted:
            raise NotationError(f"{self.where}: one tile {tile} too many")
        free.remove(wanted[0])
        return wanted[0]

    def _from_hand(self, seat: int, code: int, avoid: int | None = None) -> int:
        held = [t for t in self.hands[seat] if self._code_of(t) == code]
        if not held:
            raise NotationError(f"{self.where}: seat {seat} has no tile {code} to give")
        choice = next((t for t in held if t != avoid), held[0])
        self.hands[seat].remove(choice)
        return choice

    # the order of play

    def _next(self, column: list[object]) -> object:
        return column.pop(0) if column else None

    def build(self) -> MjlogRound:
        seat, replacement = self.dealer, False
        ended = False
        while not ended:
            item = self._next(self.takes[seat])
            if item is None:
                break
            if not isinstance(item, int) or isinstance(item, bool):
                raise NotationError(
                    f"{self.where}: seat {seat} calls {_shown(item)} with nothing to call"
                )
            tile = self._new_id(item)
            self.hands[seat].append(tile)
            self.last_draw[seat] = tile
            self.actions.append(Draw(seat, tile, replacement))
            seat, replacement, ended = self._turn(seat)
        self._finish()
        return MjlogRound(
            round_index=self.round_index,
            honba=self.honba,
            riichi_sticks=self.sticks,
            dice=(0, 0),
            dora_indicator=self.dora[0],
            scores=self.start_scores,
            dealer=self.dealer,
            hands=tuple(self.dealt),
            actions=tuple(self.actions),
            players=self.players,
        )

    def _turn(self, seat: int) -> tuple[int, bool, bool]:
        """What ``seat`` does after taking a tile: (next seat to draw, replacement, round over)."""
        give = self._next(self.gives[seat])
        if give is None:
            return seat, False, True  # a self-draw win or an abortive draw
        if isinstance(give, str) and any(letter in give for letter in _KONG_LETTERS):
            self._own_kong(seat, give)
            return seat, True, not self.takes[seat]
        if give == f"f{_NORTH}":
            self._north(seat)
            return seat, True, not self.takes[seat]
        riichi = isinstance(give, str) and give.startswith("r")
        raw = give[1:] if isinstance(give, str) and riichi else give
        # A discard is a tile code, or its digits (after "r" for a riichi): no float, no bool.
        if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 2:
            code = int(raw)
        elif _is_int(raw) and not riichi and 0 <= raw <= 99:  # type: ignore[operator]
            code = raw  # type: ignore[assignment]
        else:
            raise NotationError(f"{self.where}: seat {seat} gives {_shown(give)}")
        drawn = self.last_draw[seat]
        if code == _TSUMOGIRI:
            if drawn is None or drawn not in self.hands[seat]:
                raise NotationError(f"{self.where}: seat {seat} has no drawn tile to discard")
            self.hands[seat].remove(drawn)
            tile = drawn
        else:
            tile = self._from_hand(seat, code, avoid=drawn)
        self.last_draw[seat] = None
        if riichi:
            self.actions.append(Riichi(seat, 1))
            self.declared.add(seat)
        self._reveal_pending()
        self.actions.append(Discard(seat, tile, tile == drawn))
        self.robbable = (seat, tile)
        caller = self._caller(seat, tile)
        over = caller is None and not self.takes[(seat + 1) % self.players]
        if riichi and not (over and self._ron_on(seat)):
            self.scores[seat] -= 1000
            self.accepted.append(seat)
            self.actions.append(Riichi(seat, 2, tuple(self.scores)))
        if caller is None:
            return (seat + 1) % self.players, False, over
        return self._claim(caller, seat, tile)

    def _ron_on(self, seat: int) -> bool:
        return any(isinstance(d, list) and len(d) > 1 and d[1] == seat and d[0] != seat
                   for d in self.result[1:])  # fmt: skip

    def _caller(self, discarder: int, tile: int) -> int | None:
        # A seat's next take names the seat and tile it calls; a call that does not match this
        # discard waits for a later one. Pon and kong outrank chi when both could match.
        # Seats are counted modulo four, as Tenhou's call codes count them, with three too.
        matches: list[tuple[bool, int]] = []
        for offset in (1, 2, 3):
            seat = (discarder + offset) % 4
            if seat >= self.players:
                continue
            item = self.takes[seat][0] if self.takes[seat] else None
            if not isinstance(item, str):
                continue
            call, relative, tokens = self._parse_call(item)
            called = next(code for letter, code in tokens if letter)
            if (seat + relative) % 4 == discarder and called == self._code_of(tile):
                matches.append((call is CallType.CHI, seat))
        return min(matches)[1] if matches else None

    def _parse_call(self, text: str) -> tuple[CallType, int, list[tuple[str, int]]]:
        tokens = [(letter, int(code)) for letter, code in _CALL_TOKEN.findall(text)]
        if "".join(f"{letter}{code}" for letter, code in tokens) != text:
            raise NotationError(f"{self.where}: {_shown(text)} is not a call")
        marks = [i for i, (letter, _) in enumerate(tokens) if letter]
        if len(marks) != 1:
            raise NotationError(f"{self.where}: {_shown(text)} must carry one call letter")
        place, letter = marks[0], tokens[marks[0]][0]
        call = _CALL_LETTERS.get(letter) or _KONG_LETTERS.get(letter)
        if call is None:
            raise NotationError(f"{self.where}: unknown call letter {letter!r} in {_shown(text)}")
        sizes = {CallType.CHI: 3, CallType.PON: 3}
        if len(tokens) != sizes.get(call, 4):
            raise NotationError(f"{self.where}: {_shown(text)} has the wrong number of tiles")
        # The letter's place names the seat: first the left, second across, last the right.
        last = 2 if call in (CallType.PON, CallType.KAKAN) else 3
        relative = {0: 3, 1: 2, last: 1}.get(place, 0)
        if call is CallType.ANKAN:
            relative = 0
        elif relative == 0 or (call is CallType.CHI and relative != 3):
            raise NotationError(f"{self.where}: {_shown(text)} names no seat to call from")
        return call, relative, tokens

    def _claim(self, seat: int, discarder: int, tile: int) -> tuple[int, bool, bool]:
        text = self.takes[seat].pop(0)
        assert isinstance(text, str)
        call, relative, tokens = self._parse_call(text)
        called_code = next(code for letter, code in tokens if letter)
        if called_code != self._code_of(tile):
            raise NotationError(f"{self.where}: {_shown(text)} does not call the discard {tile}")
        own = [self._from_hand(seat, code) for letter, code in tokens if not letter]
        meld = encode_meld(call, [tile, *own], called=tile, relative=relative)
        self.melds[seat].append(meld)
        self.actions.append(Call(seat, meld))
        if call is CallType.DAIMINKAN:
            if self._next(self.gives[seat]) != 0:
                raise NotationError(f"{self.where}: seat {seat}'s kong must be followed by a 0")
            self._kong_dora(call)
            return seat, True, not self.takes[seat]
        self.last_draw[seat] = None
        return self._turn(seat)

    def _own_kong(self, seat: int, text: str) -> None:
        call, _, tokens = self._parse_call(text)
        if call is CallType.ANKAN:
            tiles = [self._from_hand(seat, code) for _, code in tokens]
            meld = encode_meld(call, tiles)
            self.melds[seat].append(meld)
        else:
            added_code = next(code for letter, code in tokens if letter)
            added = self._from_hand(seat, added_code)
            pon = next(
                (m for m in self.melds[seat] if m.type is CallType.PON and m.kind == added // 4),
                None,
            )
            if pon is None:
                raise NotationError(f"{self.where}: seat {seat} has no pon for {_shown(text)}")
            meld = encode_meld(call, [*pon.tiles, added], pon.called, pon.relative, added)
            self.melds[seat][self.melds[seat].index(pon)] = meld
            self.robbable = (seat, added)
        self.last_draw[seat] = None
        self.actions.append(Call(seat, meld))
        self._kong_dora(call)

    def _north(self, seat: int) -> None:
        """A North set aside (``f44``): it leaves the hand as a ``nuki`` meld, and may be won on
        before its replacement is drawn."""
        tile = self._from_hand(seat, _NORTH)
        meld = encode_meld(CallType.NUKI, [tile])
        self.melds[seat].append(meld)
        self.actions.append(Call(seat, meld))
        self.last_draw[seat] = None
        self.robbable = (seat, tile)

    def _kong_dora(self, call: CallType) -> None:
        # Tenhou turns a concealed kong's indicator at once; an open kong's at the next discard
        # or kong of that player. A pending indicator is turned before the next one.
        self._reveal_pending()
        if call is CallType.ANKAN:
            self._reveal(1)
        else:
            self.pending_dora = 1

    def _reveal_pending(self) -> None:
        self._reveal(self.pending_dora)
        self.pending_dora = 0

    def _reveal(self, count: int) -> None:
        for _ in range(count):
            if len(self.dora) < len(self.dora_codes):
                tile = self._new_id(self.dora_codes[len(self.dora)])
                self.dora.append(tile)
                self.actions.append(NewDora(tile))

    # the result

    def _finish(self) -> None:
        head = self.result[0] if self.result else None
        if head == "和了":
            details = self.result[1:]
            if len(details) % 2 or not details:
                raise NotationError(f"{self.where}: a win lists score changes and details")
            for order in range(0, len(details), 2):
                self.actions.append(self._agari(details[order], details[order + 1], order == 0))
        elif isinstance(head, str):
            self.actions.append(self._draw(head))
        else:
            raise NotationError(f"{self.where}: the result must start with its name")

    def _deltas(self, value: object) -> tuple[int, ...]:
        if not _int_list(value, _SEATS):
            raise NotationError(
                f"{self.where}: score changes must be 4 integers, not {_shown(value)}"
            )
        self._check_points("score change", value)  # type: ignore[arg-type]
        if any(value[self.players :]):  # type: ignore[index]
            raise NotationError(
                f"{self.where}: score changes {_shown(value)} move points of a missing seat"
            )
        return tuple(value[: self.players])  # type: ignore[index]

    def _agari(self, deltas_value: object, detail: object, first: bool) -> Agari:
        deltas = self._deltas(deltas_value)
        if not isinstance(detail, list) or len(detail) < 4 or not _int_list(detail[:3], 3):
            raise NotationError(f"{self.where}: win details are [who, from, pao, text, yaku...]")
        seat, source, pao = detail[0], detail[1], detail[2]
        if not all(0 <= v < self.players for v in (seat, source, pao)):
            raise NotationError(
                f"{self.where}: win seats {_shown(detail[:3])} are not 0..{self.players - 1}"
            )
        if seat == source:
            win_tile = self.last_draw[seat]
            hand = list(self.hands[seat])
        else:
            if self.robbable is None or self.robbable[0] != source:
                raise NotationError(f"{self.where}: seat {source} gave no tile to win on")
            win_tile = self.robbable[1]
            hand = [*self.hands[seat], win_tile]
        if win_tile is None:
            raise NotationError(f"{self.where}: seat {seat} has no tile to win on")
        if not isinstance(detail[3], str):
            raise NotationError(f"{self.where}: the win header {_shown(detail[3])} is no text")
        fu, points, limit = _parse_agari_header(detail[3], self.where, self.players)
        yaku, yakuman = _parse_yaku(detail[4:], self.where)
        ura: tuple[int, ...] = ()
        if seat in self.declared and self.ura_codes:
            if len(self.ura) == 0:
                self.ura = [self._new_id(c) for c in self.ura_codes]
            ura = tuple(self.ura)
        sticks = self.sticks + len(self.accepted) if first else 0
        win = Agari(
            seat=seat,
            from_seat=source,
            hand=tuple(hand),
            melds=tuple(self.melds[seat]),
            win_tile=win_tile,
            fu=fu,
            points=points,
            limit=limit,
            yaku=yaku,
            yakuman=yakuman,
            dora_indicators=tuple(self.dora),
            ura_indicators=ura,
            scores=tuple(self.scores),
            deltas=deltas,
            honba=self.honba,
            riichi_sticks=sticks,
            pao_seat=None if pao == seat else pao,
        )
        self.scores = [a + b for a, b in zip(self.scores, deltas, strict=True)]
        return win

    def _draw(self, name: str) -> Ryuukyoku:
        kinds = {text: kind for kind, text in RYUUKYOKU_NAMES_JA.items()}
        if name not in kinds and name not in ("流局", "全員聴牌", "全員不聴"):
            raise NotationError(f"{self.where}: unknown result {_shown(name)}")
        kind = kinds.get(name, "")
        deltas = self._deltas(self.result[1]) if len(self.result) > 1 else (0,) * self.players
        if kind == "yao9":
            last = next((a for a in reversed(self.actions) if isinstance(a, Draw)), None)
            if last is None:
                raise NotationError(
                    f"{self.where}: nine terminals is declared on a draw, and no seat drew"
                )
            ready = [last.seat]
        elif kind:
            ready = []
        elif name == "全員聴牌":
            ready = list(range(self.players))
        else:
            ready = [seat for seat in range(self.players) if deltas[seat] > 0]
        draw = Ryuukyoku(
            kind=kind,
            shown_hands={seat: tuple(self.hands[seat]) for seat in ready},
            scores=tuple(self.scores),
            deltas=deltas,
            honba=self.honba,
            riichi_sticks=self.sticks + len(self.accepted),
        )
        self.scores = [a + b for a, b in zip(self.scores, deltas, strict=True)]
        return draw


def _int_list(value: object, size: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == size
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


# Every number has at most 7 digits: points stay below MOST_POINTS and print.
_HEADER = re.compile(
    r"(?:(?P<fu>\d{1,3})符(?P<han>\d{1,3})飜|(?P<limit>満貫|跳満|倍満|三倍満|数え役満|役満))"
    r"(?:(?P<child>\d{1,7})-(?P<dealer>\d{1,7})点|(?P<each>\d{1,7})点∀|(?P<ron>\d{1,7})点)"
)


def _parse_agari_header(text: str, where: str, players: int = _SEATS) -> tuple[int, int, int]:
    """(fu, points, limit) of a header like ``30符2飜2000点`` or ``満貫2000-4000点`` (a
    self-draw is paid by ``players - 1`` seats)."""
    match = _HEADER.fullmatch(text)
    if match is None:
        raise NotationError(f"{where}: {_shown(text)} is not a tenhou.net/6 win header")
    limit_name = match["limit"]
    limit = 0
    if limit_name:
        limit = 5 if "役満" in limit_name else LIMIT_NAMES_JA.index(limit_name)
    if match["ron"]:
        points = int(match["ron"])
    elif match["each"]:
        points = (players - 1) * int(match["each"])
    else:
        points = (players - 2) * int(match["child"]) + int(match["dealer"])
    return int(match["fu"] or 0), points, limit


_YAKU_TEXT = re.compile(r"(?P<name>.+)\((?:(?P<han>\d{1,2})飜|役満)\)")


def _parse_yaku(
    texts: list[object], where: str
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    yaku: list[tuple[int, int]] = []
    yakuman: list[int] = []
    if len(texts) > 64:
        raise NotationError(f"{where}: a win lists {len(texts)} yaku, more than 64")
    for text in texts:
        match = _YAKU_TEXT.fullmatch(text) if isinstance(text, str) else None
        name = match["name"] if match is not None else None
        if name == _NUKIDORA_JA:
            name = _DORA_JA  # Tenhou counts the Norths set aside with the dora
        if match is None or name not in YAKU_NAMES_JA:
            raise NotationError(f"{where}: unknown yaku {_shown(text)}")
        yaku_id = YAKU_NAMES_JA.index(name)
        if match["han"] is None:
            yakuman.append(yaku_id)
        else:
            yaku.append((yaku_id, int(match["han"])))
    dora = YAKU_NAMES_JA.index(_DORA_JA)
    if sum(1 for number, _ in yaku if number == dora) > 1:  # ドラ and 抜きドラ: one line
        total = sum(han for number, han in yaku if number == dora)
        first = next(i for i, (number, _) in enumerate(yaku) if number == dora)
        yaku = [(n, h) for i, (n, h) in enumerate(yaku) if n != dora or i == first]
        yaku[first] = (dora, total)
    return tuple(yaku), tuple(yakuman)


_DORA_JA = "ドラ"
_NUKIDORA_JA = "抜きドラ"
"""The line other writers give the Norths set aside; Tenhou's own counts them as ドラ."""


def _shown(value: object) -> str:
    """A short, one-line picture of a value for a message (never the whole of a huge one)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "a number of more than 12 digits"
    if isinstance(value, list | dict) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        shown = repr(value)
    except (ValueError, RecursionError):
        shown = f"a {type(value).__name__}"
    return shown if len(shown) <= 60 else shown[:57] + "..."
