"""The Tenhou mjlog reader: XML (plain, or the gzip-compressed ``.mjlog`` file) into a record.

:func:`read_mjlog` turns a Tenhou mjlog into a
:class:`~mahjongkit.formats.tenhou.records.MjlogGame`: the decoded game type, the players, and one
round per ``<INIT>`` with its ordered actions and its ending.

Real-world records carry more than the rounds, and the reader keeps what it meets: ``<SHUFFLE>``
(the wall generator seed; the oldest records give it on their ``<INIT>``), ``<BYE>`` and later
``<UN>`` tags (a player leaving and coming back:
:class:`~mahjongkit.formats.tenhou.records.PresenceChange`, outside the action list since they
change nothing at the table), special lobbies (``GameType.nonstandard``, chip columns of ``sc``),
three-player games (``players == 3``, 108 tiles without 2m-8m, north extraction as a ``nuki``
call) and the 2023 attributes of ``<GO>``. Tags the reader does not know are skipped and listed in
``MjlogGame.skipped_tags``. Anything it cannot make sense of (broken XML, a tile id outside
0..135, an impossible meld code, a missing attribute, a number outside its range) raises
:class:`~mahjongkit.errors.NotationError` naming the tag and attribute.
"""

from __future__ import annotations

import gzip
import math
import re
import xml.etree.ElementTree as ElementTree
import zlib
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

from mahjongkit.errors import NotationError
from mahjongkit.formats.tenhou.meldcode import TenhouMeld, decode_meld
from mahjongkit.formats.tenhou.records import (
    DISCARD_TAGS,
    DRAW_TAGS,
    HAND_SIZE,
    LARGEST,
    MOST_COUNTERS,
    MOST_FU,
    MOST_HAN,
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
    PresenceChange,
    Riichi,
    Ryuukyoku,
)
from mahjongkit.valueclass import dataclass

_TILE_TAG = re.compile(r"([DEFGTUVW])(\d+)")


def read_mjlog(source: str | bytes | Path) -> MjlogGame:
    """Read a Tenhou mjlog: a path, the XML text, or the file's bytes (plain or gzip).

    A ``str`` that starts with ``<`` is XML text; any other ``str`` is a path.
    """
    return _MjlogReader(_xml_root(_load_bytes(source))).read()


def _load_bytes(source: str | bytes | Path) -> bytes:
    if isinstance(source, bytes):
        data = source
    elif isinstance(source, str) and source.lstrip().startswith("<"):
        data = source.encode("utf-8")
    elif isinstance(source, str | Path):
        if "\0" in str(source):
            raise NotationError(f"cannot read mjlog file {str(source)!r}: the path holds a NUL")
        try:
            data = Path(source).read_bytes()
        except OSError as error:
            raise NotationError(f"cannot read mjlog file {source}: {error.strerror}") from error
    else:
        raise NotationError(
            f"an mjlog source is a path, XML text or bytes, not {type(source).__name__}"
        )
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise NotationError(f"the gzip-compressed mjlog is damaged: {error}") from error
    return data


def _xml_root(data: bytes) -> ElementTree.Element:
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as error:
        raise NotationError(f"not well-formed mjlog XML: {error}") from error
    if root.tag != "mjloggm":
        raise NotationError(f"an mjlog's root tag is <mjloggm>, not <{root.tag}>")
    return root


def _tag_text(element: ElementTree.Element) -> str:
    shown = " ".join(f'{k}="{v}"' for k, v in element.attrib.items())
    text = f"<{element.tag} {shown}/>" if shown else f"<{element.tag}/>"
    return text if len(text) <= 120 else text[:117] + "...>"


def _attribute(element: ElementTree.Element, name: str) -> str:
    value = element.get(name)
    if value is None:
        raise NotationError(f"{_tag_text(element)}: attribute {name!r} is missing")
    return value


def _int(element: ElementTree.Element, name: str, text: str | None = None) -> int:
    raw = _attribute(element, name) if text is None else text
    # Length first: int() of thousands of digits is slow, and Python refuses to print it.
    value: int | None = None
    if len(raw.strip()) <= 20:
        try:
            value = int(raw)
        except ValueError:
            value = None
    if value is None:
        raise NotationError(
            f"{_tag_text(element)}: attribute {name!r} must be an integer, not {_short(raw)}"
        )
    if abs(value) > LARGEST:
        raise NotationError(
            f"{_tag_text(element)}: attribute {name!r} holds {value}, "
            f"larger than any record holds (at most {LARGEST})"
        )
    return value


def _short(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _within(element: ElementTree.Element, what: str, value: int, low: int, high: int) -> int:
    """``value`` itself, or a NotationError saying which number is outside ``low..high``."""
    if not low <= value <= high:
        raise NotationError(f"{_tag_text(element)}: {what} {value} is outside {low}..{high}")
    return value


def _points(
    element: ElementTree.Element, what: str, values: list[int], scale: int
) -> tuple[int, ...]:
    """Scores or score changes in points (``scale`` undoes the x100 of the format), bounded."""
    for value in values:
        _within(element, what, value * scale, -MOST_POINTS, MOST_POINTS)
    return tuple(scale * v for v in values)


def _ints(element: ElementTree.Element, name: str, default: str | None = None) -> list[int]:
    raw = element.get(name, default)
    if raw is None:
        raise NotationError(f"{_tag_text(element)}: attribute {name!r} is missing")
    if not raw.strip():
        return []
    return [_int(element, name, part.strip()) for part in raw.split(",")]


def _floats(element: ElementTree.Element, name: str) -> list[float]:
    raw = _attribute(element, name)
    values = []
    for part in raw.split(","):
        if not part.strip():
            continue
        try:
            value = float(part) if len(part) <= 40 else math.nan
        except ValueError:
            value = math.nan
        # inf, nan and 1e400 (which float() makes inf) are no score.
        if not math.isfinite(value) or abs(value) > LARGEST:
            raise NotationError(
                f"{_tag_text(element)}: attribute {name!r} must be finite numbers of at most "
                f"{LARGEST}, not {_short(part)}"
            )
        values.append(value)
    return values


def _tile_ids(
    element: ElementTree.Element, name: str, default: str | None = None
) -> tuple[int, ...]:
    tiles = _ints(element, name, default)
    for tile in tiles:
        if not 0 <= tile < 136:
            raise NotationError(
                f"{_tag_text(element)}: attribute {name!r} has tile id {tile}, outside 0..135"
            )
    return tuple(tiles)


def _one_tile(element: ElementTree.Element, name: str) -> int:
    tiles = _tile_ids(element, name)
    if len(tiles) != 1:
        raise NotationError(f"{_tag_text(element)}: attribute {name!r} must be one tile id")
    return tiles[0]


def _seat(element: ElementTree.Element, name: str, players: int) -> int:
    seat = _int(element, name)
    if not 0 <= seat < players:
        raise NotationError(f"{_tag_text(element)}: seat {name}={seat} is not 0..{players - 1}")
    return seat


class _MjlogReader:
    """One pass over the tags of a record."""

    def __init__(self, root: ElementTree.Element) -> None:
        self.root = root
        self.game_type = GameType.from_code(0x01)
        self.type_seen = False
        self.lobby: int | None = None
        self.go_attributes: dict[str, str] = {}
        self.shuffle: str | None = None
        self.players: list[Player] = []
        self.rounds: list[MjlogRound] = []
        self.presence: list[PresenceChange] = []
        self.skipped: list[str] = []
        self.current: _RoundBuilder | None = None

    @property
    def seats(self) -> int:
        return self.game_type.players

    def read(self) -> MjlogGame:
        handlers: dict[str, Callable[[ElementTree.Element], None]] = {
            "SHUFFLE": self._shuffle,
            "GO": self._go,
            "UN": self._un,
            "TAIKYOKU": lambda element: None,
            "INIT": self._init,
            "BYE": self._bye,
        }
        for element in self.root:
            handler = handlers.get(element.tag)
            if handler is not None:
                handler(element)
            elif element.tag in _ROUND_TAGS or _TILE_TAG.fullmatch(element.tag):
                if self.current is None:
                    raise NotationError(f"{_tag_text(element)} comes before any <INIT>")
                self.current.add(element)
            else:
                self.skipped.append(element.tag)
        self._close_round()
        return MjlogGame(
            game_type=self.game_type,
            players=tuple(self.players),
            rounds=tuple(self.rounds),
            lobby=self.lobby,
            shuffle=self.shuffle,
            presence=tuple(self.presence),
            skipped_tags=tuple(self.skipped),
            go_attributes=self.go_attributes,
        )

    def _shuffle(self, element: ElementTree.Element) -> None:
        self.shuffle = element.get("seed")

    def _go(self, element: ElementTree.Element) -> None:
        self.game_type = GameType.from_code(_int(element, "type"))
        self.type_seen = True
        self.go_attributes = dict(element.attrib)
        if "lobby" in element.attrib:
            self.lobby = _int(element, "lobby")

    def _un(self, element: ElementTree.Element) -> None:
        if self.players:
            # A later <UN> names only the seat that came back.
            for seat in range(4):
                if f"n{seat}" in element.attrib:
                    self._presence(seat, connected=True)
            return
        dan = [_within(element, "'dan' rank", d, 0, 99) for d in _ints(element, "dan", "")]
        rate = _floats(element, "rate") if "rate" in element.attrib else []
        sexes = element.get("sx", "").split(",")
        self.players = [
            Player(
                name=unquote(element.get(f"n{seat}", "")),
                dan=dan[seat] if seat < len(dan) else None,
                rate=rate[seat] if seat < len(rate) else None,
                sex=sexes[seat] or None if seat < len(sexes) else None,
            )
            for seat in range(self.seats)
        ]

    def _bye(self, element: ElementTree.Element) -> None:
        self._presence(_seat(element, "who", self.seats), connected=False)

    def _presence(self, seat: int, connected: bool) -> None:
        if self.current is None:
            self.presence.append(PresenceChange(seat, connected, -1, 0))
        else:
            # The round under way is appended to self.rounds only when the next one starts.
            index, action = len(self.rounds), len(self.current.actions)
            self.presence.append(PresenceChange(seat, connected, index, action))

    def _init(self, element: ElementTree.Element) -> None:
        self._close_round()
        if self.shuffle is None and not self.rounds:
            # The oldest records seed each round's wall on its <INIT> (no <SHUFFLE> tag).
            self.shuffle = element.get("shuffle")
        seed = _ints(element, "seed")
        if len(seed) != 6:
            raise NotationError(
                f"{_tag_text(element)}: 'seed' has 6 numbers "
                f"(round, counters, sticks, die, die, dora indicator), not {len(seed)}"
            )
        _within(element, "'seed' round index", seed[0], 0, ROUND_INDICES - 1)
        _within(element, "'seed' counters", seed[1], 0, MOST_COUNTERS)
        _within(element, "'seed' riichi sticks", seed[2], 0, MOST_COUNTERS)
        _within(element, "'seed' die", seed[3], 0, 6)
        _within(element, "'seed' die", seed[4], 0, 6)
        _within(element, "'seed' dora indicator", seed[5], 0, 135)
        hands = [_tile_ids(element, f"hai{seat}", "") for seat in range(4)]
        if not self.type_seen and not hands[3]:
            # No <GO>: an empty fourth hand is the only sign of a three-player game.
            self.game_type = GameType.from_code(0x11)
        for seat in range(4):
            expected = HAND_SIZE if seat < self.seats else 0
            if len(hands[seat]) != expected:
                raise NotationError(
                    f"{_tag_text(element)}: 'hai{seat}' deals {len(hands[seat])} tiles, "
                    f"not {expected}"
                )
        scores = _ints(element, "ten")
        if len(scores) < self.seats:
            raise NotationError(f"{_tag_text(element)}: 'ten' has fewer than {self.seats} scores")
        self.current = _RoundBuilder(
            MjlogRound(
                round_index=seed[0],
                honba=seed[1],
                riichi_sticks=seed[2],
                dice=(seed[3], seed[4]),
                dora_indicator=seed[5],
                scores=_points(element, "score", scores[: self.seats], 100),
                dealer=_seat(element, "oya", self.seats),
                hands=tuple(hands[: self.seats]),
                actions=(),
                players=self.seats,
            )
        )

    def _close_round(self) -> None:
        if self.current is not None:
            self.rounds.append(self.current.build())
            self.current = None


_ROUND_TAGS = ("N", "REACH", "DORA", "AGARI", "RYUUKYOKU")


@dataclass(frozen=True, slots=True)
class _Settlement:
    """The score columns shared by ``<AGARI>`` and ``<RYUUKYOKU>``."""

    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    honba: int
    riichi_sticks: int
    chip_deltas: tuple[int, ...] | None
    final_scores: tuple[int, ...] | None
    final_points: tuple[float, ...] | None


class _RoundBuilder:
    """Collects one round's actions, deciding tsumogiri and replacement draws on the way."""

    def __init__(self, start: MjlogRound) -> None:
        self.start = start
        self.seats = start.players
        self.actions: list[Action] = []
        # The tile each seat drew and still holds untouched (None after a call or discard).
        self.fresh_draw: list[int | None] = [None] * 4
        self.awaiting_replacement = [False] * 4
        self.finished = False

    def add(self, element: ElementTree.Element) -> None:
        if self.finished and element.tag != "AGARI":
            raise NotationError(f"{_tag_text(element)} comes after the round ended")
        match = _TILE_TAG.fullmatch(element.tag)
        if match:
            number = match.group(2)
            if len(number) > 3 or int(number) >= 136:
                raise NotationError(
                    f"<{element.tag[:10]}>: tile id {number[:10]} is outside 0..135"
                )
            self._tile(element, match.group(1), int(number))
        elif element.tag == "N":
            self._call(element)
        elif element.tag == "REACH":
            step = _int(element, "step")
            if step not in (1, 2):
                raise NotationError(f"{_tag_text(element)}: riichi 'step' is 1 or 2, not {step}")
            scores = _ints(element, "ten") if "ten" in element.attrib else None
            if scores and len(scores) < self.seats:
                raise NotationError(
                    f"{_tag_text(element)}: 'ten' has fewer than {self.seats} scores"
                )
            self.actions.append(
                Riichi(
                    _seat(element, "who", self.seats),
                    step,
                    _points(element, "score", scores[: self.seats], 100) if scores else None,
                )
            )
        elif element.tag == "DORA":
            self.actions.append(NewDora(_one_tile(element, "hai")))
        elif element.tag == "AGARI":
            if self.finished and not isinstance(self.actions[-1], Agari):
                raise NotationError(f"{_tag_text(element)} comes after the round ended")
            self.actions.append(self._agari(element))
            self.finished = True
        else:  # RYUUKYOKU
            self.actions.append(self._ryuukyoku(element))
            self.finished = True

    def _tile(self, element: ElementTree.Element, letter: str, tile: int) -> None:
        if tile >= 136:
            raise NotationError(f"<{element.tag}>: tile id {tile} is outside 0..135")
        if letter in DRAW_TAGS:
            seat = DRAW_TAGS.index(letter)
            self._check_seat(element, seat)
            self.actions.append(Draw(seat, tile, self.awaiting_replacement[seat]))
            self.awaiting_replacement[seat] = False
            self.fresh_draw[seat] = tile
        else:
            seat = DISCARD_TAGS.index(letter)
            self._check_seat(element, seat)
            self.actions.append(Discard(seat, tile, self.fresh_draw[seat] == tile))
            self.fresh_draw[seat] = None

    def _check_seat(self, element: ElementTree.Element, seat: int) -> None:
        if seat >= self.seats:
            raise NotationError(
                f"<{element.tag}>: seat {seat} does not play in a {self.seats}-player game"
            )

    def _call(self, element: ElementTree.Element) -> None:
        seat = _seat(element, "who", self.seats)
        try:
            meld = decode_meld(_int(element, "m"))
        except NotationError as error:
            raise NotationError(f"{_tag_text(element)}: {error}") from None
        self.fresh_draw[seat] = None
        self.awaiting_replacement[seat] = meld.type.takes_replacement
        self.actions.append(Call(seat, meld))

    def _ends(self, element: ElementTree.Element) -> _Settlement:
        ba = _ints(element, "ba")
        if len(ba) != 2:
            raise NotationError(f"{_tag_text(element)}: 'ba' is 'counters,sticks', not {ba}")
        _within(element, "'ba' counters", ba[0], 0, MOST_COUNTERS)
        _within(element, "'ba' riichi sticks", ba[1], 0, MOST_COUNTERS)
        sc = _ints(element, "sc")
        if len(sc) < 2 * self.seats:
            raise NotationError(
                f"{_tag_text(element)}: 'sc' needs a score and a change for each seat"
            )
        # Chip lobbies append a second block of 8 numbers: chips held and chips won.
        chips = None
        if len(sc) >= 16:
            chips = _points(element, "chip count", sc[9::2][: self.seats], 1)
        final_scores: tuple[int, ...] | None = None
        final_points: tuple[float, ...] | None = None
        if "owari" in element.attrib:
            owari = _floats(element, "owari")
            if len(owari) < 2 * self.seats:
                raise NotationError(
                    f"{_tag_text(element)}: 'owari' needs a score and a result for each seat"
                )
            final_scores = tuple(round(100 * v) for v in owari[0::2][: self.seats])
            for value in [*final_scores, *owari[1::2]]:
                if abs(value) > MOST_POINTS:
                    raise NotationError(
                        f"{_tag_text(element)}: 'owari' holds {value}, beyond {MOST_POINTS} points"
                    )
            final_points = tuple(owari[1::2][: self.seats])
        return _Settlement(
            scores=_points(element, "score", sc[0:8:2][: self.seats], 100),
            deltas=_points(element, "score change", sc[1:8:2][: self.seats], 100),
            honba=ba[0],
            riichi_sticks=ba[1],
            chip_deltas=chips,
            final_scores=final_scores,
            final_points=final_points,
        )

    def _agari(self, element: ElementTree.Element) -> Agari:
        ten = _ints(element, "ten")
        if len(ten) < 3:
            raise NotationError(f"{_tag_text(element)}: 'ten' is 'fu,points,limit', not {ten}")
        _within(element, "'ten' fu", ten[0], 0, MOST_FU)
        _within(element, "'ten' points", ten[1], 0, MOST_POINTS)
        _within(element, "'ten' limit", ten[2], 0, 5)
        yaku = _ints(element, "yaku", "")
        if len(yaku) % 2:
            raise NotationError(f"{_tag_text(element)}: 'yaku' is pairs of id and han")
        if len(yaku) > 2 * 64:
            raise NotationError(f"{_tag_text(element)}: 'yaku' lists more than 64 yaku")
        for yaku_id in yaku[0::2]:
            _within(element, "'yaku' id", yaku_id, 0, 999)
        for han in yaku[1::2]:
            _within(element, "'yaku' han", han, 0, MOST_HAN)
        yakuman = _ints(element, "yakuman", "")
        if len(yakuman) > 64:
            raise NotationError(f"{_tag_text(element)}: 'yakuman' lists more than 64 yakuman")
        for yaku_id in yakuman:
            _within(element, "'yakuman' id", yaku_id, 0, 999)
        melds: list[TenhouMeld] = []
        for code in _ints(element, "m", ""):
            try:
                melds.append(decode_meld(code))
            except NotationError as error:
                raise NotationError(f"{_tag_text(element)}: {error}") from None
        pao = element.get("paoWho")
        ends = self._ends(element)
        return Agari(
            seat=_seat(element, "who", self.seats),
            from_seat=_seat(element, "fromWho", self.seats),
            hand=_tile_ids(element, "hai"),
            melds=tuple(melds),
            win_tile=_one_tile(element, "machi"),
            fu=ten[0],
            points=ten[1],
            limit=ten[2],
            yaku=tuple(zip(yaku[0::2], yaku[1::2], strict=True)),
            yakuman=tuple(yakuman),
            dora_indicators=_tile_ids(element, "doraHai", ""),
            ura_indicators=_tile_ids(element, "doraHaiUra", ""),
            scores=ends.scores,
            deltas=ends.deltas,
            honba=ends.honba,
            riichi_sticks=ends.riichi_sticks,
            pao_seat=None if pao is None else _seat(element, "paoWho", self.seats),
            chip_deltas=ends.chip_deltas,
            final_scores=ends.final_scores,
            final_points=ends.final_points,
        )

    def _ryuukyoku(self, element: ElementTree.Element) -> Ryuukyoku:
        shown = {
            seat: _tile_ids(element, f"hai{seat}")
            for seat in range(self.seats)
            if f"hai{seat}" in element.attrib
        }
        ends = self._ends(element)
        return Ryuukyoku(
            kind=element.get("type", ""),
            shown_hands=shown,
            scores=ends.scores,
            deltas=ends.deltas,
            honba=ends.honba,
            riichi_sticks=ends.riichi_sticks,
            chip_deltas=ends.chip_deltas,
            final_scores=ends.final_scores,
            final_points=ends.final_points,
        )

    def build(self) -> MjlogRound:
        start = self.start
        return MjlogRound(
            round_index=start.round_index,
            honba=start.honba,
            riichi_sticks=start.riichi_sticks,
            dice=start.dice,
            dora_indicator=start.dora_indicator,
            scores=start.scores,
            dealer=start.dealer,
            hands=start.hands,
            actions=tuple(self.actions),
            players=start.players,
        )

