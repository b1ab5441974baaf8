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

tenhou.net/6 JSON
-----------------

:func:`game_to_tenhou6` and :func:`round_to_tenhou6` write the JSON that Tenhou's replay viewer
opens (four players); :func:`read_tenhou6` reads it back into the same :class:`MjlogGame`. The
JSON keeps kinds, not copies, and one column of takes and gives per seat: the reader deals ids in
order of appearance and rebuilds the order of play, matching each call to the discard it names
(a seat that let a tile pass and called the same kind from the same seat later cannot be told
apart from the JSON alone). Kong dora are turned at Tenhou's moments (a concealed kong at once,
an open one at its owner's next discard or kong); nonstandard lobbies that differ are not known.
"""

from __future__ import annotations

import gzip
import json
import re
import xml.etree.ElementTree as ElementTree
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import TypeAlias
from urllib.parse import unquote

from mahjongkit.errors import NotationError
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.tiles import NORTH, Tile, from_tenhou6, to_tenhou6

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
        if tile // 4 != NORTH or relative or code & 0xC0:
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
    if code & 0x200:
        raise NotationError(f"meld code {code}: bit 9 of a chi is always clear")
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


def encode_meld(
    call: CallType,
    tiles: Sequence[int],
    called: int | None = None,
    relative: int = 0,
    added: int | None = None,
) -> TenhouMeld:
    """Build the meld (and its 16-bit code) from its tiles: the inverse of :func:`decode_meld`.

    ``tiles`` are all the meld's ids (four for a kong, including a kakan's ``added`` tile).

    >>> encode_meld(CallType.PON, (133, 134, 135), called=135, relative=2).code
    51722
    """
    ordered = tuple(sorted(tiles))
    size = {CallType.CHI: 3, CallType.PON: 3, CallType.NUKI: 1}.get(call, 4)
    if len(ordered) != size or not all(0 <= t < 136 for t in ordered):
        raise NotationError(f"a {call.value} has {size} tile ids in 0..135, not {list(tiles)}")
    if call is CallType.CHI:
        lowest = ordered[0] // 4
        if called not in ordered or [t // 4 for t in ordered] != [lowest, lowest + 1, lowest + 2]:
            raise NotationError(f"{list(tiles)} calling {called} is not a chi")
        pattern = lowest // 9 * 7 + lowest % 9
        copies = sum((t % 4) << (3 + 2 * i) for i, t in enumerate(ordered))
        code = (pattern * 3 + ordered.index(called)) << 10 | copies | 0x4 | 3
    elif call in (CallType.PON, CallType.KAKAN):
        pon = tuple(t for t in ordered if t != added)
        if called not in pon or len({t // 4 for t in ordered}) != 1 or len(pon) != 3:
            raise NotationError(f"{list(tiles)} calling {called} is not a {call.value}")
        left_out = ({0, 1, 2, 3} - {t % 4 for t in pon}).pop()
        flag = 0x8 if call is CallType.PON else 0x10
        code = (pon[0] // 4 * 3 + pon.index(called)) << 9 | left_out << 5 | flag | relative
    elif call is CallType.NUKI:
        code = ordered[0] << 8 | 0x20
    else:
        if len({t // 4 for t in ordered}) != 1:
            raise NotationError(f"{list(tiles)} is not a kong")
        tile = ordered[0] if call is CallType.ANKAN else called
        code = (tile if tile is not None else -1) << 8 | relative
    try:
        return decode_meld(code)
    except NotationError:
        raise NotationError(
            f"no {call.value} of {list(tiles)} called from relative seat {relative}"
        ) from None


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


# --- tenhou.net/6 JSON --------------------------------------------------------------------------

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
_LEVEL_LETTERS = {"ippan": "般", "joukyuu": "上", "tokujou": "特", "houou": "鳳"}


def game_to_tenhou6(record: MjlogGame, title: tuple[str, str] = ("", "")) -> dict[str, object]:
    """The tenhou.net/6 JSON object of a four-player game (opens in Tenhou's replay viewer).

    Tiles become tenhou.net/6 codes (11-47, red fives 51-53), so the exact copy of a tile is
    lost; everything a viewer shows is kept.
    """
    if record.game_type.players != 4:
        raise NotationError("tenhou.net/6 export is written for four-player games only")
    kind = record.game_type
    display = (
        _LEVEL_LETTERS[kind.level]
        + ("南" if kind.east_south else "東")
        + ("喰" if kind.open_tanyao else "")
        + ("赤" if kind.red_fives else "")
        + ("速" if kind.fast else "")
    )
    return {
        "title": list(title),
        "name": [player.name for player in record.players],
        "rule": {"disp": display, "aka": 1 if kind.red_fives else 0},
        "log": [round_to_tenhou6(r, red_fives=kind.red_fives) for r in record.rounds],
    }


def round_to_tenhou6(game_round: MjlogRound, red_fives: bool = True) -> list[object]:
    """One round as a tenhou.net/6 ``log`` entry (the round must be consistent, see RoundScript).

    The entry lists the counters, the starting scores, the dora and ura indicators, then for
    each seat its dealt tiles, what it took (draws, and the chi, pon and exposed kongs it called)
    and what it gave (discards, 60 for a tsumogiri, ``r`` before a riichi discard, concealed and
    added kongs, 0 after an exposed kong), and last the result.
    """
    if game_round.players != 4:
        raise NotationError("tenhou.net/6 export is written for four-player games only")
    script = RoundScript.from_round(game_round)

    def code(tile: int) -> int:
        return to_tenhou6(Tile.from_id(tile, red_fives))

    takes: list[list[int | str]] = [[] for _ in range(4)]
    gives: list[list[int | str]] = [[] for _ in range(4)]
    declaring = [False] * 4
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
            results.extend([list(action.deltas), _agari_detail(action, game_round.dealer)])
        elif isinstance(action, Ryuukyoku):
            results.extend(_draw_result(action))
    entry: list[object] = [
        [game_round.round_index, game_round.honba, game_round.riichi_sticks],
        list(game_round.scores),
        [code(t) for t in script.dora_indicators],
        [code(t) for t in script.ura_indicators],
    ]
    for seat in range(4):
        entry.extend([[code(t) for t in game_round.hands[seat]], takes[seat], gives[seat]])
    entry.append(results)
    return entry


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
        raise NotationError("tenhou.net/6 export has no north extraction (four players only)")
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


def _agari_detail(win: Agari, dealer: int) -> list[object]:
    han = sum(value for _, value in win.yaku)
    header = LIMIT_NAMES_JA[min(win.limit, 5)] if win.limit else f"{win.fu}符{han}飜"
    if not win.self_draw:
        header += f"{win.points}点"
    elif win.seat == dealer:
        header += f"{win.points // 3}点∀"
    else:
        child, dealer = _self_draw_split(win, han)
        header += f"{child}-{dealer}点"
    yaku = [f"{_yaku_name(i)}({value}飜)" for i, value in win.yaku if value]
    yaku += [f"{_yaku_name(i)}(役満)" for i in win.yakuman]
    pao = win.seat if win.pao_seat is None else win.pao_seat
    return [win.seat, win.from_seat, pao, header, *yaku]


def _self_draw_split(win: Agari, han: int) -> tuple[int, int]:
    """What each non-dealer and the dealer pay on a non-dealer's self-draw (before counters)."""
    if win.limit:
        return win.points // 4, win.points // 2
    base = win.fu * 2 ** (han + 2)
    child, dealer = -(-base // 100) * 100, -(-2 * base // 100) * 100
    if 2 * child + dealer == win.points:
        return child, dealer
    return win.points // 4, win.points // 2


def _yaku_name(yaku_id: int) -> str:
    if 0 <= yaku_id < len(YAKU_NAMES_JA):
        return YAKU_NAMES_JA[yaku_id]
    return f"yaku {yaku_id}"


def _draw_result(draw: Ryuukyoku) -> list[object]:
    if draw.kind in RYUUKYOKU_NAMES_JA:
        name = RYUUKYOKU_NAMES_JA[draw.kind]
        return [name, list(draw.deltas)] if draw.kind == "nm" else [name]
    ready = len(draw.shown_hands)
    name = "全員聴牌" if ready == len(draw.deltas) else "全員不聴" if ready == 0 else "流局"
    return [name, list(draw.deltas)]


DAN_NAMES_JA = (
    "新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
    "初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
)  # fmt: skip
"""Tenhou's ranks, indexed by the ``dan`` numbers of ``<UN>``."""

_LEVEL_BITS = {"般": 0x00, "上": 0x80, "特": 0x20, "鳳": 0xA0}
_CALL_LETTERS = {"c": CallType.CHI, "p": CallType.PON, "m": CallType.DAIMINKAN}
_KONG_LETTERS = {"a": CallType.ANKAN, "k": CallType.KAKAN}
_CALL_TOKEN = re.compile(r"([a-z]?)(\d\d)")


def read_tenhou6(source: str | bytes | Path | Mapping[str, object]) -> MjlogGame:
    """Read a tenhou.net/6 JSON game (``{"title", "name", "rule", "log": [...]}``).

    The JSON form keeps tile kinds, not copies: each tile gets a physical id as it first appears
    (the red five on copy 0, other copies in ascending order), so the ids differ from the mjlog
    of the same game while every kind, red five, action and score is the same. The order of
    play is rebuilt from each seat's columns; kong dora are revealed where Tenhou reveals them.
    Only four-player games are read.
    """
    data = _load_json(source)
    log = data.get("log")
    names = data.get("name")
    rule = data.get("rule", {})
    if not isinstance(log, list) or not isinstance(rule, dict):
        raise NotationError("a tenhou.net/6 game has a 'log' list and a 'rule' object")
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise NotationError("tenhou.net/6 'name' must list four player names (four players only)")
    display = str(rule.get("disp", ""))
    if "三" in display or "3-Player" in display:
        raise NotationError("tenhou.net/6 import reads four-player games only")
    red_fives = any(rule.get(key) for key in ("aka", "aka51", "aka52", "aka53"))
    code = 0x01 | (0 if red_fives else 0x02) | (0x08 if "南" in display else 0)
    code |= 0x40 if "速" in display else 0
    code |= 0x04 if display and "喰" not in display else 0
    code |= next((bits for letter, bits in _LEVEL_BITS.items() if letter in display), 0)
    rounds = [_Tenhou6Round(entry, red_fives, number).build() for number, entry in enumerate(log)]
    final = data.get("sc")
    if rounds and isinstance(final, list):
        rounds[-1] = _with_final(rounds[-1], final)
    return MjlogGame(
        game_type=GameType.from_code(code),
        players=tuple(_json_player(data, seat, names[seat]) for seat in range(4)),
        rounds=tuple(rounds),
        lobby=data.get("lobby") if isinstance(data.get("lobby"), int) else None,  # type: ignore[arg-type]
    )


def _load_json(source: str | bytes | Path | Mapping[str, object]) -> dict[str, object]:
    if isinstance(source, Mapping):
        return dict(source)
    if isinstance(source, Path) or (
        isinstance(source, str) and source.lstrip()[:1] not in ("{", "[")
    ):
        path = Path(source)
        try:
            source = path.read_bytes()
        except OSError as error:
            raise NotationError(f"cannot read tenhou.net/6 file {path}: {error}") from error
    try:
        data = json.loads(source)
    except (ValueError, UnicodeDecodeError) as error:
        raise NotationError(f"tenhou.net/6 JSON does not parse: {error}") from error
    if not isinstance(data, dict):
        raise NotationError("a tenhou.net/6 game is a JSON object")
    return data


def _json_player(data: Mapping[str, object], seat: int, name: str) -> Player:
    def column(key: str) -> object:
        values = data.get(key)
        return values[seat] if isinstance(values, list) and seat < len(values) else None

    dan, rate, sex = column("dan"), column("rate"), column("sx")
    return Player(
        name=name,
        dan=DAN_NAMES_JA.index(dan) if dan in DAN_NAMES_JA else None,
        rate=float(rate) if isinstance(rate, int | float) else None,
        sex=sex if isinstance(sex, str) else None,
    )


def _with_final(game_round: MjlogRound, sc: list[object]) -> MjlogRound:
    if len(sc) < 8 or not all(isinstance(v, int | float) for v in sc):
        raise NotationError("tenhou.net/6 'sc' lists a final score and result for each seat")
    numbers = [float(v) for v in sc]  # type: ignore[arg-type]
    scores = tuple(round(v) for v in numbers[0:8:2])
    points = tuple(numbers[1:8:2])
    actions = list(game_round.actions)
    last = actions[-1]
    if isinstance(last, Agari | Ryuukyoku):
        actions[-1] = replace(last, final_scores=scores, final_points=points)
    return replace(game_round, actions=tuple(actions))


class _Tenhou6Round:
    """Rebuilds one round's order of play from the per-seat columns of a tenhou.net/6 entry."""

    def __init__(self, entry: object, red_fives: bool, number: int) -> None:
        self.where = f"tenhou.net/6 log[{number}]"
        if not isinstance(entry, list) or len(entry) != 17:
            raise NotationError(f"{self.where}: a round is a list of 17 items")
        counters, scores = entry[0], entry[1]
        if not _int_list(counters, 3) or not _int_list(scores, 4):
            raise NotationError(f"{self.where}: expected [round, counters, sticks] and 4 scores")
        self.round_index, self.honba, self.sticks = counters
        self.dealer = self.round_index % 4
        self.start_scores = tuple(scores)
        self.scores = list(scores)
        self.red_fives = red_fives
        self.free = {kind: [kind * 4 + c for c in range(4)] for kind in range(34)}
        self.dora_codes = self._codes(entry[2], "dora indicators")
        self.ura_codes = self._codes(entry[3], "ura indicators")
        self.takes: list[list[object]] = []
        self.gives: list[list[object]] = []
        self.hands: list[list[int]] = []
        self.dealt: list[tuple[int, ...]] = []
        for seat in range(4):
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
        self.melds: list[list[TenhouMeld]] = [[] for _ in range(4)]
        self.last_draw: list[int | None] = [None] * 4
        self.robbable: tuple[int, int] | None = None  # (seat, tile) last discarded or added
        self.declared: set[int] = set()
        self.pending_dora = 0
        self.accepted: list[int] = []
        self.ura: list[int] = []

    # tiles

    def _codes(self, value: object, what: str) -> list[int]:
        if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
            raise NotationError(f"{self.where}: {what} must be a list of tile codes")
        return list(value)

    def _code_of(self, tile: int) -> int:
        return to_tenhou6(Tile.from_id(tile, self.red_fives))

    def _new_id(self, code: object) -> int:
        if not isinstance(code, int) or isinstance(code, bool):
            raise NotationError(f"{self.where}: {code!r} is not a tile code")
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
                    f"{self.where}: seat {seat} calls {item!r} with nothing to call"
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
        )

    def _turn(self, seat: int) -> tuple[int, bool, bool]:
        """What ``seat`` does after taking a tile: (next seat to draw, replacement, round over)."""
        give = self._next(self.gives[seat])
        if give is None:
            return seat, False, True  # a self-draw win or an abortive draw
        if isinstance(give, str) and any(letter in give for letter in _KONG_LETTERS):
            self._own_kong(seat, give)
            return seat, True, not self.takes[seat]
        riichi = isinstance(give, str) and give.startswith("r")
        raw = give[1:] if isinstance(give, str) and riichi else give
        try:
            code = int(raw)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            raise NotationError(f"{self.where}: seat {seat} gives {give!r}") from None
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
        over = caller is None and not self.takes[(seat + 1) % 4]
        if riichi and not (over and self._ron_on(seat)):
            self.scores[seat] -= 1000
            self.accepted.append(seat)
            self.actions.append(Riichi(seat, 2, tuple(self.scores)))
        if caller is None:
            return (seat + 1) % 4, False, over
        return self._claim(caller, seat, tile)

    def _ron_on(self, seat: int) -> bool:
        return any(isinstance(d, list) and len(d) > 1 and d[1] == seat and d[0] != seat
                   for d in self.result[1:])  # fmt: skip

    def _caller(self, discarder: int, tile: int) -> int | None:
        # A seat's next take names the seat and tile it calls; a call that does not match this
        # discard waits for a later one. Pon and kong outrank chi when both could match.
        matches: list[tuple[bool, int]] = []
        for offset in (1, 2, 3):
            seat = (discarder + offset) % 4
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
            raise NotationError(f"{self.where}: {text!r} is not a call")
        marks = [i for i, (letter, _) in enumerate(tokens) if letter]
        if len(marks) != 1:
            raise NotationError(f"{self.where}: {text!r} must carry one call letter")
        place, letter = marks[0], tokens[marks[0]][0]
        call = _CALL_LETTERS.get(letter) or _KONG_LETTERS.get(letter)
        if call is None:
            raise NotationError(f"{self.where}: unknown call letter {letter!r} in {text!r}")
        sizes = {CallType.CHI: 3, CallType.PON: 3}
        if len(tokens) != sizes.get(call, 4):
            raise NotationError(f"{self.where}: {text!r} has the wrong number of tiles")
        # The letter's place names the seat: first the left, second across, last the right.
        last = 2 if call in (CallType.PON, CallType.KAKAN) else 3
        relative = {0: 3, 1: 2, last: 1}.get(place, 0)
        if call is CallType.ANKAN:
            relative = 0
        elif relative == 0 or (call is CallType.CHI and relative != 3):
            raise NotationError(f"{self.where}: {text!r} names no seat to call from")
        return call, relative, tokens

    def _claim(self, seat: int, discarder: int, tile: int) -> tuple[int, bool, bool]:
        text = self.takes[seat].pop(0)
        assert isinstance(text, str)
        call, relative, tokens = self._parse_call(text)
        called_code = next(code for letter, code in tokens if letter)
        if called_code != self._code_of(tile):
            raise NotationError(f"{self.where}: {text!r} does not call the discard {tile}")
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
                raise NotationError(f"{self.where}: seat {seat} has no pon for {text!r}")
            meld = encode_meld(call, [*pon.tiles, added], pon.called, pon.relative, added)
            self.melds[seat][self.melds[seat].index(pon)] = meld
            self.robbable = (seat, added)
        self.last_draw[seat] = None
        self.actions.append(Call(seat, meld))
        self._kong_dora(call)

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
        if not _int_list(value, 4):
            raise NotationError(f"{self.where}: score changes must be 4 integers, not {value!r}")
        return tuple(value)  # type: ignore[arg-type]

    def _agari(self, deltas_value: object, detail: object, first: bool) -> Agari:
        deltas = self._deltas(deltas_value)
        if not isinstance(detail, list) or len(detail) < 4 or not _int_list(detail[:3], 3):
            raise NotationError(f"{self.where}: win details are [who, from, pao, text, yaku...]")
        seat, source, pao = detail[0], detail[1], detail[2]
        if not all(0 <= v < 4 for v in (seat, source, pao)):
            raise NotationError(f"{self.where}: win seats {detail[:3]} are not 0..3")
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
        fu, points, limit = _parse_agari_header(str(detail[3]), self.where)
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
            raise NotationError(f"{self.where}: unknown result {name!r}")
        kind = kinds.get(name, "")
        deltas = self._deltas(self.result[1]) if len(self.result) > 1 else (0, 0, 0, 0)
        if kind == "yao9":
            last = next(a for a in reversed(self.actions) if isinstance(a, Draw))
            ready = [last.seat]
        elif kind:
            ready = []
        elif name == "全員聴牌":
            ready = [0, 1, 2, 3]
        else:
            ready = [seat for seat in range(4) if deltas[seat] > 0]
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


_HEADER = re.compile(
    r"(?:(?P<fu>\d+)符(?P<han>\d+)飜|(?P<limit>満貫|跳満|倍満|三倍満|数え役満|役満))"
    r"(?:(?P<child>\d+)-(?P<dealer>\d+)点|(?P<each>\d+)点∀|(?P<ron>\d+)点)"
)


def _parse_agari_header(text: str, where: str) -> tuple[int, int, int]:
    """(fu, points, limit) of a header like ``30符2飜2000点`` or ``満貫2000-4000点``."""
    match = _HEADER.fullmatch(text)
    if match is None:
        raise NotationError(f"{where}: {text!r} is not a tenhou.net/6 win header")
    limit_name = match["limit"]
    limit = 0
    if limit_name:
        limit = 5 if "役満" in limit_name else LIMIT_NAMES_JA.index(limit_name)
    if match["ron"]:
        points = int(match["ron"])
    elif match["each"]:
        points = 3 * int(match["each"])
    else:
        points = 2 * int(match["child"]) + int(match["dealer"])
    return int(match["fu"] or 0), points, limit


_YAKU_TEXT = re.compile(r"(?P<name>.+)\((?:(?P<han>\d+)飜|役満)\)")


def _parse_yaku(
    texts: list[object], where: str
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    yaku: list[tuple[int, int]] = []
    yakuman: list[int] = []
    for text in texts:
        match = _YAKU_TEXT.fullmatch(str(text))
        if match is None or match["name"] not in YAKU_NAMES_JA:
            raise NotationError(f"{where}: unknown yaku {text!r}")
        yaku_id = YAKU_NAMES_JA.index(match["name"])
        if match["han"] is None:
            yakuman.append(yaku_id)
        else:
            yaku.append((yaku_id, int(match["han"])))
    return tuple(yaku), tuple(yakuman)
