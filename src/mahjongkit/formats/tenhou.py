"""Tenhou game records: the mjlog XML reader and the round scripts an engine replays.

:func:`read_mjlog` turns a Tenhou mjlog (plain XML, or the gzip-compressed ``.mjlog`` file) into a
:class:`MjlogGame`: the decoded game type, the players, and one :class:`MjlogRound` per ``<INIT>``
with its ordered actions (:class:`Draw`, :class:`Discard`, :class:`Call`, :class:`Riichi`,
:class:`NewDora`) and its ending (one :class:`Agari` per winner, or a :class:`Ryuukyoku`).
:meth:`RoundScript.from_round` follows every tile of a round, checks that the record is consistent,
and lays out the wall the record implies.

Tiles are Tenhou's 136-ids (``id // 4`` is the kind, red fives on ids 16, 52 and 88 when the game
plays them). Seats are absolute, 0..3 (``0`` is the player listed first, not the dealer). Scores
are in points: the ``x100`` of the format is undone.

Real-world records carry more than the rounds, and the reader keeps what it meets: ``<SHUFFLE>``
(the wall generator seed), ``<BYE>`` and later ``<UN>`` tags (a player leaving and coming back:
:class:`PresenceChange`, outside the action list since they change nothing at the table), special
lobbies (``GameType.nonstandard``, chip columns of ``sc``), three-player games (``players == 3``,
108 tiles without 2m-8m, north extraction as a ``nuki`` call) and the 2023 attributes of ``<GO>``.
Tags the reader does not know are skipped and listed in ``MjlogGame.skipped_tags``. Anything it
cannot make sense of (broken XML, a tile id outside 0..135, an impossible meld code, a missing
attribute) raises :class:`~mahjongkit.errors.NotationError` naming the tag and attribute.

Wall layout of :meth:`RoundScript.to_wall`
------------------------------------------

A record reveals the deal, every drawn tile, the dora indicators and (after a riichi win) the ura
indicators; it cannot reveal the tiles nobody drew. The script lays a round out as one flat tuple
of ``4 * 34`` (three players: ``108``) ids in an engine-neutral order::

    [ deal | middle | dora indicators (5) | ura indicators (5) ]

* **deal**: 13 tiles per seat, the dealer's first, then the following seats in turn order, each
  in the order the record lists them.
* **middle**: the live wall and the replacement reserve as one double-ended run. Live draws are
  taken from its front, in order; replacement draws (after a kong, or after a north tile is set
  aside in three-player games) are taken from its back, the first replacement being the last tile
  of the run. The live wall is exhausted when :data:`REPLACEMENT_RESERVE` tiles remain in the
  middle, which keeps the 14-tile dead wall of the real game: each replacement draw shortens the
  live wall by one.
* **indicators**: the five dora indicator positions in order of reveal (the first is shown at the
  start, the others after each kong), then the five ura indicators, ura ``i`` under dora ``i``.

Positions the record leaves unknown (the undrawn end of the live wall, the unused replacement
tiles, the unrevealed indicators) are filled with the tiles nobody saw, in ascending id order, so
that the same record always gives the same wall. :attr:`RoundScript.deal`,
:attr:`RoundScript.live_draws`, :attr:`RoundScript.replacement_draws`,
:attr:`RoundScript.dora_indicators`, :attr:`RoundScript.ura_indicators` and
:attr:`RoundScript.unseen` expose the pieces.
"""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ElementTree
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TypeAlias
from urllib.parse import unquote

from mahjongkit.errors import NotationError
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.tiles import NORTH, Tile

HAND_SIZE = 13
"""Tiles dealt to each seat."""
INDICATOR_SLOTS = 5
"""Dora indicator positions (the first, then one per kong); as many ura positions lie under them."""
REPLACEMENT_RESERVE = 4
"""Middle tiles left when the live wall is exhausted (the replacement tiles of the dead wall)."""

LEVELS = ("ippan", "joukyuu", "tokujou", "houou")
"""Lobby levels, lowest first: general, upper, superior, phoenix."""

_LIVE_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"
_TILE_TAG = re.compile(r"([DEFGTUVW])(\d+)")


# --- game type ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameType:
    """The rules of a game, decoded from the bit field of ``<GO type=...>``.

    >>> GameType.from_code(169)  # doctest: +NORMALIZE_WHITESPACE
    GameType(code=169, vs_human=True, red_fives=True, open_tanyao=True, east_south=True,
             players=4, fast=False, level='houou', nonstandard=False)
    """

    code: int
    vs_human: bool
    red_fives: bool
    open_tanyao: bool
    east_south: bool
    """A hanchan (East and South rounds); otherwise an East-only game (tonpuusen)."""
    players: int
    fast: bool
    level: str
    """One of :data:`LEVELS`."""
    nonstandard: bool
    """Bits above 0xFF are set: chip, ratio or custom-rule lobbies whose scoring may differ."""

    @classmethod
    def from_code(cls, code: int) -> GameType:
        """Decode the ``type`` attribute of ``<GO>``."""
        if code < 0:
            raise NotationError(f"<GO type={code}>: a game type is a non-negative bit field")
        # Bits 0x20 and 0x80 together name the level: neither = general, 0x80 = upper,
        # 0x20 = superior, both = phoenix.
        level = LEVELS[(2 if code & 0x20 else 0) + (1 if code & 0x80 else 0)]
        return cls(
            code=code,
            vs_human=bool(code & 0x01),
            red_fives=not code & 0x02,
            open_tanyao=not code & 0x04,
            east_south=bool(code & 0x08),
            players=3 if code & 0x10 else 4,
            fast=bool(code & 0x40),
            level=level,
            nonstandard=code >= 0x100,
        )

    @property
    def tile_ids(self) -> tuple[int, ...]:
        """The ids of the tiles in play: 136, or 108 in three-player games (no 2m-8m)."""
        return tile_ids_for(self.players)


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's player as ``<UN>`` lists them (``dan`` 0 is the lowest rank)."""

    name: str
    dan: int | None
    rate: float | None
    sex: str | None


@dataclass(frozen=True, slots=True)
class PresenceChange:
    """A player leaving (``<BYE>``) or coming back (a later ``<UN>``) during the game.

    ``round`` is the index in :attr:`MjlogGame.rounds` of the round under way (-1 before the
    first), ``action`` the number of that round's actions recorded before the change.
    """

    seat: int
    connected: bool
    round: int
    action: int


# --- melds --------------------------------------------------------------------------------------


class CallType(Enum):
    """What a ``<N>`` tag declares."""

    CHI = "chi"
    PON = "pon"
    KAKAN = "kakan"
    """An added kong: the fourth tile laid on an exposed pon."""
    DAIMINKAN = "daiminkan"
    """An exposed kong on another seat's discard."""
    ANKAN = "ankan"
    NUKI = "nuki"
    """A north tile set aside (three-player games); it is replaced like a kong."""

    @property
    def takes_replacement(self) -> bool:
        """A replacement tile is drawn from the dead wall after this call."""
        return self in (CallType.KAKAN, CallType.DAIMINKAN, CallType.ANKAN, CallType.NUKI)

    @property
    def claims_discard(self) -> bool:
        """The call takes the last discard of another seat."""
        return self in (CallType.CHI, CallType.PON, CallType.DAIMINKAN)


_CORE_KIND = {
    CallType.CHI: MeldKind.CHOW,
    CallType.PON: MeldKind.PUNG,
    CallType.KAKAN: MeldKind.ADDED_KONG,
    CallType.DAIMINKAN: MeldKind.KONG,
    CallType.ANKAN: MeldKind.CONCEALED_KONG,
}


@dataclass(frozen=True, slots=True)
class TenhouMeld:
    """A decoded 16-bit meld code.

    ``tiles`` are all the meld's ids in ascending order (four for a kong, one for a nuki);
    ``called`` the tile taken from another seat (for a kakan, the one claimed for the original
    pon; ``None`` for an ankan or nuki); ``added`` the tile a kakan adds; ``relative`` where the
    called tile came from: 0 own, 1 the next seat (right), 2 across, 3 the previous seat (left).
    """

    type: CallType
    code: int
    tiles: tuple[int, ...]
    called: int | None
    relative: int
    added: int | None = None

    @property
    def kind(self) -> int:
        """The tile kind of a pon, kong or nuki; the lowest kind of a chi."""
        return self.tiles[0] // 4

    def consumed(self) -> tuple[int, ...]:
        """The tiles that leave the caller's concealed hand when the call is made."""
        if self.type is CallType.KAKAN:
            return (self.added,) if self.added is not None else ()
        return tuple(t for t in self.tiles if t != self.called)

    def from_seat(self, caller: int) -> int | None:
        """The absolute seat the called tile came from (``None`` for an ankan or nuki).

        Tenhou counts the offset modulo four even in three-player games.
        """
        if self.called is None:
            return None
        return (caller + self.relative) % 4

    def to_meld(self, caller: int, red_fives: bool = True) -> Meld:
        """The core :class:`~mahjongkit.melds.Meld` (a nuki has none: NotationError)."""
        core = _CORE_KIND.get(self.type)
        if core is None:
            raise NotationError(f"meld code {self.code}: a {self.type.value} is not a set")
        tiles = tuple(Tile.from_id(t, red_fives) for t in self.tiles)
        return Meld(core, tiles, self.from_seat(caller))


def decode_meld(code: int) -> TenhouMeld:
    """Decode the ``m`` attribute of ``<N>`` (and of ``<AGARI>``).

    The low two bits give the relative seat the tile came from. Then bit 2 marks a chi, bit 3 a
    pon, bit 4 an added kong, bit 5 a nuki; none of them, a kong (exposed from another seat,
    concealed from the own hand). A chi keeps ``lowest * 3 + called index`` above bit 10 (the
    lowest tile counted over 7 starts per suit) and each tile's copy in bits 3-8; a pon or added
    kong keeps ``kind * 3 + called index`` above bit 9 and the copy left out of the pon in bits
    5-6; a kong or nuki keeps one of its tile ids above bit 8.

    >>> m = decode_meld(51722)
    >>> m.type.value, m.tiles, m.called, m.relative
    ('pon', (133, 134, 135), 135, 2)
    >>> decode_meld(31008).type.value, decode_meld(31008).tiles
    ('nuki', (121,))
    """
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code <= 0xFFFF:
        raise NotationError(f"meld code {code!r} is not a 16-bit number")
    relative = code & 3
    if code & 0x4:
        return _decode_chi(code, relative)
    if code & 0x18:
        return _decode_pon_or_kakan(code, relative)
    if code & 0x20:
        tile = code >> 8
        if tile // 4 != NORTH or relative:
            raise NotationError(f"meld code {code}: a nuki sets aside a north tile, not id {tile}")
        return TenhouMeld(CallType.NUKI, code, (tile,), None, 0)
    tile = code >> 8
    if tile >= 136 or code & 0xDC:
        raise NotationError(f"meld code {code}: no kong of tile id {tile} has this code")
    tiles = tuple(range(tile - tile % 4, tile - tile % 4 + 4))
    if relative == 0:
        return TenhouMeld(CallType.ANKAN, code, tiles, None, 0)
    return TenhouMeld(CallType.DAIMINKAN, code, tiles, tile, relative)


def _decode_chi(code: int, relative: int) -> TenhouMeld:
    if relative != 3:
        raise NotationError(
            f"meld code {code}: a chi is called from the previous seat (relative 3), "
            f"not relative {relative}"
        )
    pattern, called_index = divmod(code >> 10, 3)
    suit, start = divmod(pattern, 7)
    if suit > 2:
        raise NotationError(f"meld code {code}: chi pattern {pattern} is beyond the 21 runs")
    lowest = suit * 9 + start
    tiles = tuple((lowest + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3))
    return TenhouMeld(CallType.CHI, code, tiles, tiles[called_index], relative)


def _decode_pon_or_kakan(code: int, relative: int) -> TenhouMeld:
    if code & 0x18 == 0x18 or code & 0x180:
        raise NotationError(f"meld code {code}: pon and added-kong bits contradict each other")
    kind, called_index = divmod(code >> 9, 3)
    if kind >= 34:
        raise NotationError(f"meld code {code}: tile kind {kind} is out of range 0..33")
    if relative == 0:
        raise NotationError(f"meld code {code}: a pon is called from another seat (relative 0)")
    left_out = kind * 4 + ((code >> 5) & 3)
    pon = tuple(t for t in range(kind * 4, kind * 4 + 4) if t != left_out)
    if code & 0x8:
        return TenhouMeld(CallType.PON, code, pon, pon[called_index], relative)
    everything = tuple(range(kind * 4, kind * 4 + 4))
    return TenhouMeld(CallType.KAKAN, code, everything, pon[called_index], relative, left_out)


# --- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """A seat draws a tile; ``replacement`` when it follows a kong or nuki (from the dead wall)."""

    seat: int
    tile: int
    replacement: bool = False

    def to_tag(self) -> str:
        """The mjlog tag text."""
        return f"<{_LIVE_DRAW_TAGS[self.seat]}{self.tile}/>"


@dataclass(frozen=True, slots=True)
class Discard:
    """A seat discards; ``tsumogiri`` when it is the tile that seat just drew."""

    seat: int
    tile: int
    tsumogiri: bool

    def to_tag(self) -> str:
        """The mjlog tag text."""
        return f"<{_DISCARD_TAGS[self.seat]}{self.tile}/>"


@dataclass(frozen=True, slots=True)
class Call:
    """A ``<N>`` tag: a seat calls chi, pon or a kong, or sets aside a north tile."""

    seat: int
    meld: TenhouMeld

    @property
    def from_seat(self) -> int | None:
        """The absolute seat the called tile came from."""
        return self.meld.from_seat(self.seat)

    def to_tag(self) -> str:
        """The mjlog tag text."""
        return f'<N who="{self.seat}" m="{self.meld.code}"/>'


@dataclass(frozen=True, slots=True)
class Riichi:
    """``<REACH>``: step 1 is the declaration, step 2 the accepted deposit (scores after it)."""

    seat: int
    step: int
    scores: tuple[int, ...] | None = None

    def to_tag(self) -> str:
        """The mjlog tag text."""
        return f'<REACH who="{self.seat}" step="{self.step}"/>'


@dataclass(frozen=True, slots=True)
class NewDora:
    """``<DORA>``: a new dora indicator is turned over (after a kong)."""

    indicator: int

    def to_tag(self) -> str:
        """The mjlog tag text."""
        return f'<DORA hai="{self.indicator}"/>'


@dataclass(frozen=True, slots=True)
class Agari:
    """One win (``<AGARI>``); a double ron gives two in a row.

    ``hand`` is the winner's concealed tiles including the winning tile; ``points`` Tenhou's
    basic value (ron: what the discarder pays before counters; self-draw: the sum of payments);
    ``limit`` 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman. ``yaku`` are
    ``(Tenhou yaku id, han)`` pairs, dora included; ``yakuman`` the yakuman ids. ``scores`` and
    ``deltas`` come from ``sc`` (in points, per seat); ``honba`` and ``riichi_sticks`` from
    ``ba``. ``final_scores`` and ``final_points`` (uma applied) are set on the game's last tag.
    """

    seat: int
    from_seat: int
    hand: tuple[int, ...]
    melds: tuple[TenhouMeld, ...]
    win_tile: int
    fu: int
    points: int
    limit: int
    yaku: tuple[tuple[int, int], ...]
    yakuman: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    honba: int
    riichi_sticks: int
    pao_seat: int | None = None
    chip_deltas: tuple[int, ...] | None = None
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None

    @property
    def self_draw(self) -> bool:
        """Won on the winner's own draw (tsumo)."""
        return self.seat == self.from_seat

    def to_tag(self) -> str:
        """A short tag text (for messages)."""
        return f'<AGARI who="{self.seat}" fromWho="{self.from_seat}" machi="{self.win_tile}"/>'


RYUUKYOKU_NAMES = {
    "": "exhaustive draw",
    "yao9": "nine terminals and honours",
    "reach4": "four riichi",
    "ron3": "triple ron",
    "kaze4": "four winds",
    "kan4": "four kongs",
    "nm": "nagashi mangan",
}
"""``<RYUUKYOKU type=...>`` values and what they mean (no type: the wall ran out)."""


@dataclass(frozen=True, slots=True)
class Ryuukyoku:
    """A drawn round (``<RYUUKYOKU>``); ``kind`` is its ``type`` ('' when the wall ran out).

    ``shown_hands`` maps each seat that showed its hand (ready hands at an exhaustive draw, the
    nine terminals of ``yao9``) to its concealed tiles.
    """

    kind: str
    shown_hands: dict[int, tuple[int, ...]]
    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    honba: int
    riichi_sticks: int
    chip_deltas: tuple[int, ...] | None = None
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None

    @property
    def description(self) -> str:
        """What kind of draw it was, in English."""
        return RYUUKYOKU_NAMES.get(self.kind, self.kind)

    def to_tag(self) -> str:
        """A short tag text (for messages)."""
        return f'<RYUUKYOKU type="{self.kind}"/>' if self.kind else "<RYUUKYOKU/>"


Action: TypeAlias = Draw | Discard | Call | Riichi | NewDora | Agari | Ryuukyoku
"""Everything a round records, in order."""


# --- rounds and games ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MjlogRound:
    """One round, from its ``<INIT>`` to the ``<AGARI>`` or ``<RYUUKYOKU>`` that ends it.

    ``round_index`` counts rounds from East 1 (0-3 East, 4-7 South, 8-11 West); ``dice`` are
    the two dice of the seed; ``scores`` the starting points per seat; ``hands`` the 13 dealt ids
    per seat (empty for the missing fourth seat of a three-player game).
    """

    round_index: int
    honba: int
    riichi_sticks: int
    dice: tuple[int, int]
    dora_indicator: int
    scores: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    actions: tuple[Action, ...]
    players: int = 4

    @property
    def name(self) -> str:
        """A short name like ``S3-1`` (South 3, one counter)."""
        wind = "ESWN"[self.round_index // 4 % 4]
        return f"{wind}{self.round_index % 4 + 1}-{self.honba}"

    @property
    def wins(self) -> tuple[Agari, ...]:
        """The round's wins (two or more on a multiple ron)."""
        return tuple(a for a in self.actions if isinstance(a, Agari))

    @property
    def draw(self) -> Ryuukyoku | None:
        """The round's draw, if it ended in one."""
        for action in self.actions:
            if isinstance(action, Ryuukyoku):
                return action
        return None

    @property
    def ended(self) -> bool:
        """The record includes the round's ending (a cut-off record may not)."""
        return bool(self.actions) and isinstance(self.actions[-1], Agari | Ryuukyoku)


@dataclass(frozen=True, slots=True)
class MjlogGame:
    """A whole mjlog record."""

    game_type: GameType
    players: tuple[Player, ...]
    rounds: tuple[MjlogRound, ...]
    lobby: int | None = None
    shuffle: str | None = None
    """The ``<SHUFFLE seed>`` of the wall generator (absent from the oldest records)."""
    presence: tuple[PresenceChange, ...] = ()
    skipped_tags: tuple[str, ...] = ()
    """Tags the reader does not know, kept out of the rounds."""
    go_attributes: dict[str, str] = field(default_factory=dict)
    """Every attribute of ``<GO>`` as written (2023 records add title, rule, csrule, ...)."""

    @property
    def final_scores(self) -> tuple[int, ...] | None:
        """Scores at the end of the game (``owari``), when the record reaches it."""
        for game_round in reversed(self.rounds):
            for action in reversed(game_round.actions):
                if isinstance(action, Agari | Ryuukyoku) and action.final_scores is not None:
                    return action.final_scores
        return None


# --- the reader ---------------------------------------------------------------------------------


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
        try:
            data = Path(source).read_bytes()
        except OSError as error:
            raise NotationError(f"cannot read mjlog file {source}: {error.strerror}") from error
    else:
        raise NotationError(f"an mjlog source is a path, XML text or bytes, not {source!r}")
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
    try:
        return int(raw)
    except ValueError:
        raise NotationError(
            f"{_tag_text(element)}: attribute {name!r} must be an integer, not {raw!r}"
        ) from None


def _ints(element: ElementTree.Element, name: str, default: str | None = None) -> list[int]:
    raw = element.get(name, default)
    if raw is None:
        raise NotationError(f"{_tag_text(element)}: attribute {name!r} is missing")
    if not raw.strip():
        return []
    return [_int(element, name, part.strip()) for part in raw.split(",")]


def _floats(element: ElementTree.Element, name: str) -> list[float]:
    raw = _attribute(element, name)
    try:
        return [float(part) for part in raw.split(",") if part.strip()]
    except ValueError:
        raise NotationError(
            f"{_tag_text(element)}: attribute {name!r} must be numbers, not {raw!r}"
        ) from None


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
        dan = _ints(element, "dan", "")
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
        seed = _ints(element, "seed")
        if len(seed) != 6:
            raise NotationError(
                f"{_tag_text(element)}: 'seed' has 6 numbers "
                "(round, counters, sticks, die, die, dora indicator), not {len(seed)}"
            )
        if not 0 <= seed[5] < 136:
            raise NotationError(
                f"{_tag_text(element)}: 'seed' dora indicator {seed[5]} is outside 0..135"
            )
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
                scores=tuple(100 * s for s in scores[: self.seats]),
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
            self._tile(element, match.group(1), int(match.group(2)))
        elif element.tag == "N":
            self._call(element)
        elif element.tag == "REACH":
            step = _int(element, "step")
            if step not in (1, 2):
                raise NotationError(f"{_tag_text(element)}: riichi 'step' is 1 or 2, not {step}")
            scores = _ints(element, "ten") if "ten" in element.attrib else None
            self.actions.append(
                Riichi(
                    _seat(element, "who", self.seats),
                    step,
                    tuple(100 * s for s in scores[: self.seats]) if scores else None,
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
        if letter in _LIVE_DRAW_TAGS:
            seat = _LIVE_DRAW_TAGS.index(letter)
            self._check_seat(element, seat)
            self.actions.append(Draw(seat, tile, self.awaiting_replacement[seat]))
            self.awaiting_replacement[seat] = False
            self.fresh_draw[seat] = tile
        else:
            seat = _DISCARD_TAGS.index(letter)
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
        sc = _ints(element, "sc")
        if len(sc) < 2 * self.seats:
            raise NotationError(
                f"{_tag_text(element)}: 'sc' needs a score and a change for each seat"
            )
        # Chip lobbies append a second block of 8 numbers: chips held and chips won.
        chips = tuple(sc[9::2][: self.seats]) if len(sc) >= 16 else None
        final_scores: tuple[int, ...] | None = None
        final_points: tuple[float, ...] | None = None
        if "owari" in element.attrib:
            owari = _floats(element, "owari")
            final_scores = tuple(round(100 * v) for v in owari[0::2][: self.seats])
            final_points = tuple(owari[1::2][: self.seats])
        return _Settlement(
            scores=tuple(100 * v for v in sc[0:8:2][: self.seats]),
            deltas=tuple(100 * v for v in sc[1:8:2][: self.seats]),
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
        yaku = _ints(element, "yaku", "")
        if len(yaku) % 2:
            raise NotationError(f"{_tag_text(element)}: 'yaku' is pairs of id and han")
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
            yakuman=tuple(_ints(element, "yakuman", "")),
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


# --- round scripts ------------------------------------------------------------------------------


def tile_ids_for(players: int) -> tuple[int, ...]:
    """The ids in play: all 136, or the 108 of three-player games (no 2m-8m)."""
    if players == 3:
        return tuple(i for i in range(136) if not 1 <= i // 4 <= 7)
    return tuple(range(136))


@dataclass(frozen=True, slots=True)
class WallLayout:
    """Where each part of a :meth:`RoundScript.to_wall` tuple lies (see the module docstring)."""

    players: int
    size: int

    @property
    def middle_start(self) -> int:
        """First live draw; the deal fills the positions before it."""
        return HAND_SIZE * self.players

    @property
    def dora_start(self) -> int:
        """First dora indicator; the middle run ends just before it."""
        return self.size - 2 * INDICATOR_SLOTS

    @property
    def ura_start(self) -> int:
        """First ura indicator."""
        return self.size - INDICATOR_SLOTS

    @property
    def middle_size(self) -> int:
        """Live wall plus replacement reserve."""
        return self.dora_start - self.middle_start

    @property
    def live_size(self) -> int:
        """Live draws a round without kongs or nuki offers (70 with four players, 55 with three)."""
        return self.middle_size - REPLACEMENT_RESERVE

    def replacement_position(self, index: int) -> int:
        """The wall position of the ``index``-th replacement draw (0 first)."""
        return self.dora_start - 1 - index

    @classmethod
    def for_players(cls, players: int) -> WallLayout:
        """The layout of a game with this many players."""
        return cls(players, len(tile_ids_for(players)))


@dataclass(frozen=True, slots=True)
class RoundScript:
    """A round's tiles as its record reveals them, checked and laid out as a wall.

    ``deal`` is per absolute seat; ``live_draws`` and ``replacement_draws`` in the order drawn;
    ``dora_indicators`` in order of reveal; ``ura_indicators`` as a winner showed them (empty
    when no riichi win revealed them). ``concealed_at_end`` (sorted) and ``melds_at_end`` are each
    seat's tiles when the round ended, before the winning tile of a ron is added.
    """

    players: int
    dealer: int
    tile_ids: tuple[int, ...]
    deal: tuple[tuple[int, ...], ...]
    live_draws: tuple[int, ...]
    replacement_draws: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    concealed_at_end: tuple[tuple[int, ...], ...]
    melds_at_end: tuple[tuple[TenhouMeld, ...], ...]

    @classmethod
    def from_round(cls, game_round: MjlogRound) -> RoundScript:
        """Follow every tile of ``game_round``; a contradiction raises NotationError.

        Checked: each id appears once among the deal, draws and indicators; every discard and
        every tile of a call comes from the caller's hand; chi, pon and exposed kongs take the
        last discard of the seat they name; hand sizes stay right; the winner's hand, melds and
        dora indicators and the hands shown at a draw agree with the tiles followed.
        """
        return _TileFollower(game_round).run()

    @property
    def layout(self) -> WallLayout:
        """Where the pieces go in :meth:`to_wall`."""
        return WallLayout(self.players, len(self.tile_ids))

    @property
    def unseen(self) -> tuple[int, ...]:
        """The ids the record never shows (undrawn tiles, hidden indicators), ascending."""
        shown = set(self.live_draws) | set(self.replacement_draws)
        shown.update(self.dora_indicators, self.ura_indicators)
        for hand in self.deal:
            shown.update(hand)
        return tuple(t for t in self.tile_ids if t not in shown)

    def to_wall(self) -> tuple[int, ...]:
        """The whole wall, every position filled (the layout is in the module docstring)."""
        layout = self.layout
        wall: list[int | None] = [None] * layout.size
        position = 0
        for offset in range(self.players):
            hand = self.deal[(self.dealer + offset) % self.players]
            wall[position : position + HAND_SIZE] = hand
            position += HAND_SIZE
        for index, tile in enumerate(self.live_draws):
            wall[layout.middle_start + index] = tile
        for index, tile in enumerate(self.replacement_draws):
            wall[layout.replacement_position(index)] = tile
        for index, tile in enumerate(self.dora_indicators):
            wall[layout.dora_start + index] = tile
        for index, tile in enumerate(self.ura_indicators):
            wall[layout.ura_start + index] = tile
        filler = iter(self.unseen)
        return tuple(tile if tile is not None else next(filler) for tile in wall)


class _TileFollower:
    """Replays a round's tiles and checks each step, for :meth:`RoundScript.from_round`."""

    def __init__(self, game_round: MjlogRound) -> None:
        self.round = game_round
        self.seats = game_round.players
        self.tile_ids = tile_ids_for(self.seats)
        self.in_play = frozenset(self.tile_ids)
        self.seen: dict[int, str] = {}
        self.hands = [list(hand) for hand in game_round.hands]
        self.melds: list[list[TenhouMeld]] = [[] for _ in range(self.seats)]
        self.live: list[int] = []
        self.replacements: list[int] = []
        self.dora: list[int] = []
        self.ura: list[int] | None = None
        # The last discard, (seat, tile), while another seat may still call it; and the tiles a
        # kong or a north set aside exposes to robbing, as (seat, tile) pairs.
        self.claimable: tuple[int, int] | None = None
        self.robbable: set[tuple[int, int]] = set()
        self.where = f"round {game_round.name}"

    def fail(self, message: str) -> NotationError:
        return NotationError(f"{self.where}: {message}")

    def reveal(self, tile: int, what: str) -> None:
        if tile not in self.in_play:
            raise self.fail(f"tile id {tile} ({what}) is not in a {self.seats}-player set")
        if tile in self.seen:
            raise self.fail(f"tile id {tile} ({what}) was already seen ({self.seen[tile]})")
        self.seen[tile] = what

    def take(self, seat: int, tile: int) -> None:
        hand = self.hands[seat]
        if tile not in hand:
            raise self.fail(f"tile id {tile} is not in seat {seat}'s hand {sorted(hand)}")
        hand.remove(tile)

    def sets(self, seat: int) -> int:
        return sum(1 for meld in self.melds[seat] if meld.type is not CallType.NUKI)

    def check_size(self, seat: int, extra: int) -> None:
        expected = HAND_SIZE - 3 * self.sets(seat) + extra
        if len(self.hands[seat]) != expected:
            raise self.fail(
                f"seat {seat} holds {len(self.hands[seat])} concealed tiles, expected {expected}"
            )

    def run(self) -> RoundScript:
        for seat, hand in enumerate(self.round.hands):
            for tile in hand:
                self.reveal(tile, f"dealt to seat {seat}")
        self.reveal(self.round.dora_indicator, "first dora indicator")
        self.dora.append(self.round.dora_indicator)
        for number, action in enumerate(self.round.actions):
            self.where = f"round {self.round.name}, action {number} {action.to_tag()}"
            self.step(action)
        self.where = f"round {self.round.name}"
        layout = WallLayout(self.seats, len(self.tile_ids))
        if len(self.dora) > INDICATOR_SLOTS:
            raise self.fail(f"{len(self.dora)} dora indicators, at most {INDICATOR_SLOTS}")
        if len(self.live) > layout.live_size - len(self.replacements):
            raise self.fail(
                f"{len(self.live)} live draws and {len(self.replacements)} replacement draws "
                f"do not fit a live wall of {layout.live_size}"
            )
        return RoundScript(
            players=self.seats,
            dealer=self.round.dealer,
            tile_ids=self.tile_ids,
            deal=self.round.hands,
            live_draws=tuple(self.live),
            replacement_draws=tuple(self.replacements),
            dora_indicators=tuple(self.dora),
            ura_indicators=tuple(self.ura or ()),
            concealed_at_end=tuple(tuple(sorted(hand)) for hand in self.hands),
            melds_at_end=tuple(tuple(melds) for melds in self.melds),
        )

    def step(self, action: Action) -> None:
        if isinstance(action, Draw):
            self.check_size(action.seat, 0)
            kind = "replacement draw" if action.replacement else "live draw"
            self.reveal(action.tile, f"{kind} of seat {action.seat}")
            (self.replacements if action.replacement else self.live).append(action.tile)
            self.hands[action.seat].append(action.tile)
            self.claimable, self.robbable = None, set()
        elif isinstance(action, Discard):
            self.take(action.seat, action.tile)
            self.check_size(action.seat, 0)
            self.claimable, self.robbable = (action.seat, action.tile), set()
        elif isinstance(action, Call):
            self.call(action)
        elif isinstance(action, NewDora):
            self.reveal(action.indicator, "kong dora indicator")
            self.dora.append(action.indicator)
        elif isinstance(action, Agari):
            self.agari(action)
        elif isinstance(action, Ryuukyoku):
            for seat, shown in action.shown_hands.items():
                if sorted(shown) != sorted(self.hands[seat]):
                    raise self.fail(
                        f"seat {seat} shows {sorted(shown)} but holds {sorted(self.hands[seat])}"
                    )

    def call(self, action: Call) -> None:
        seat, meld = action.seat, action.meld
        if meld.type.claims_discard:
            if self.claimable is None:
                raise self.fail("there is no discard to call")
            source, tile = self.claimable
            if (source, tile) != (action.from_seat, meld.called):
                raise self.fail(
                    f"the meld calls tile {meld.called} from seat {action.from_seat}, "
                    f"but the last discard is tile {tile} from seat {source}"
                )
            for tile in meld.consumed():
                self.take(seat, tile)
            self.melds[seat].append(meld)
            self.claimable = None
            # After chi or pon the caller discards; after an exposed kong it draws first.
            self.check_size(seat, 0 if meld.type.takes_replacement else 1)
            return
        for tile in meld.consumed():
            self.take(seat, tile)
        if meld.type is CallType.KAKAN:
            pons = [m for m in self.melds[seat] if m.type is CallType.PON and m.kind == meld.kind]
            if not pons or pons[0].called != meld.called:
                raise self.fail(f"seat {seat} has no matching pon to add tile {meld.added} to")
            self.melds[seat][self.melds[seat].index(pons[0])] = meld
        else:
            self.melds[seat].append(meld)
        self.check_size(seat, 0)  # the replacement draw comes next
        # A kong's tiles (the added one of a kakan) and a north set aside can still be won on.
        robbed = meld.consumed() if meld.type is CallType.KAKAN else meld.tiles
        self.claimable, self.robbable = None, {(seat, tile) for tile in robbed}

    def agari(self, win: Agari) -> None:
        seat = win.seat
        expected = list(self.hands[seat])
        if win.self_draw:
            if win.win_tile not in expected:
                raise self.fail(f"seat {seat} wins on tile {win.win_tile}, not in its hand")
        else:
            targets = self.robbable | ({self.claimable} if self.claimable else set())
            if (win.from_seat, win.win_tile) not in targets:
                raise self.fail(
                    f"seat {seat} wins on tile {win.win_tile} from seat {win.from_seat}, "
                    "which is not the tile just discarded or added to a kong"
                )
            expected.append(win.win_tile)
        if sorted(win.hand) != sorted(expected):
            raise self.fail(f"the winning hand {sorted(win.hand)} is not {sorted(expected)}")
        own_codes = sorted(m.code for m in self.melds[seat])
        if sorted(m.code for m in win.melds) != own_codes:
            raise self.fail(f"the winner's melds {win.melds} are not {self.melds[seat]}")
        if win.dora_indicators and list(win.dora_indicators) != self.dora:
            raise self.fail(
                f"dora indicators {list(win.dora_indicators)} are not those shown, {self.dora}"
            )
        if win.ura_indicators:
            if self.ura is None:
                self.ura = list(win.ura_indicators)
                for tile in self.ura:
                    self.reveal(tile, "ura indicator")
            elif self.ura != list(win.ura_indicators):
                raise self.fail(f"ura indicators {list(win.ura_indicators)} differ from {self.ura}")
