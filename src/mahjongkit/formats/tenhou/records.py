"""The record model shared by the Tenhou readers and writers.

A game is a :class:`MjlogGame`: its :class:`GameType`, the :class:`Player` of each seat, and one
:class:`MjlogRound` per ``<INIT>`` with its ordered actions (:class:`Draw`, :class:`Discard`,
:class:`Call`, :class:`Riichi`, :class:`NewDora`) and its ending (one :class:`Agari` per winner,
or a :class:`Ryuukyoku`). :class:`PresenceChange` records a player leaving or coming back.

Tiles are Tenhou's 136-ids (``id // 4`` is the kind, red fives on ids 16, 52 and 88 when the game
plays them). Seats are absolute, 0..3 (``0`` is the player listed first, not the dealer). Scores
are in points: the ``x100`` of the format is undone.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TypeAlias

from mahjongkit.errors import NotationError
from mahjongkit.formats.tenhou.meldcode import TenhouMeld
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.tiles import NUM_PHYSICAL
from mahjongkit.valueclass import dataclass, field

HAND_SIZE = 13
"""Tiles dealt to each seat."""

LEVELS = ("ippan", "joukyuu", "tokujou", "houou")
"""Lobby levels, lowest first: general, upper, superior, phoenix."""

DRAW_TAGS = "TUVW"
"""The letters of the live-draw tags, by seat (``<T12/>`` is seat 0 drawing tile id 12)."""
DISCARD_TAGS = "DEFG"
"""The letters of the discard tags, by seat."""

LARGEST = 10**9
"""The largest magnitude the readers take for any number of a record (hostile input is refused
before it reaches arithmetic or printing)."""
ROUND_INDICES = 16
"""Round indices run 0..15: East 1 to North 4."""
MOST_COUNTERS = 999
"""The most counters (honba) or riichi sticks a round may carry."""
MOST_POINTS = 10**7
"""The largest score, score change or final result, in points."""
MOST_FU = 200
MOST_HAN = 99
"""The most han one yaku entry (dora included) may give."""


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


# --- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """A seat draws a tile; ``replacement`` when it follows a kong or nuki (from the dead wall)."""

    seat: int
    tile: int
    replacement: bool = False

    def to_tag(self) -> str:
        """The mjlog tag text."""
        return f"<{DRAW_TAGS[self.seat]}{self.tile}/>"


@dataclass(frozen=True, slots=True)
class Discard:
    """A seat discards; ``tsumogiri`` when it is the tile that seat just drew."""

    seat: int
    tile: int
    tsumogiri: bool

    def to_tag(self) -> str:
        """The mjlog tag text."""
        return f"<{DISCARD_TAGS[self.seat]}{self.tile}/>"


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
        wind = SEAT_LETTERS[self.round_index // 4 % 4]
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
    """The seed of the wall generator: ``<SHUFFLE seed>``, or on the oldest records (which have
    no ``<SHUFFLE>``) the ``shuffle`` of the first ``<INIT>``; None when the record has neither
    (tenhou.net/6 JSON)."""
    presence: tuple[PresenceChange, ...] = ()
    skipped_tags: tuple[str, ...] = ()
    """Tags the reader does not know, kept out of the rounds."""
    go_attributes: dict[str, str] = field(default_factory=dict)
    """Every attribute of ``<GO>`` as written (2023 records add title, rule, csrule, ...)."""
    log_id: str | None = None
    """The game's Tenhou log id (``2011030512gm-00a9-0000-0123abcd``) when the record carries
    it: tenhou.net/6 JSON's ``ref`` does, an mjlog does not (its file name often does)."""

    @property
    def final_scores(self) -> tuple[int, ...] | None:
        """Scores at the end of the game (``owari``), when the record reaches it."""
        for game_round in reversed(self.rounds):
            for action in reversed(game_round.actions):
                if isinstance(action, Agari | Ryuukyoku) and action.final_scores is not None:
                    return action.final_scores
        return None


_LOG_ID = re.compile(r"(?<![0-9])([0-9]{4})([0-9]{2})([0-9]{2})([0-9]{2})gm-")
FIRST_LOG_YEAR = 2006
"""The year Tenhou opened: an id dated earlier is no Tenhou log id."""
OLD_WALL_GENERATORS = ("mt19937ar", "mt19937ar-sha512-n288")
"""Wall generators Tenhou had replaced by ``mt19937ar-sha512-n288-base64`` before March 2010:
a record seeded by one of them was played before that."""


def log_id_date(text: str) -> date | None:
    """The date of the first Tenhou log id (``YYYYMMDDHHgm-``) in ``text``, wherever it stands
    (``mylogs_2011030512gm-00a9-0000-0123abcd_tw2.mjlog``); None when ``text`` holds none that
    names a real day and hour from Tenhou's opening in 2006 on.

    >>> log_id_date("mylogs_2011030512gm-00a9-0000-0123abcd_tw2.mjlog")
    datetime.date(2011, 3, 5)
    >>> log_id_date("2010023112gm-00a9-0000-0123abcd.mjlog") is None  # no 31 February
    True
    """
    for found in _LOG_ID.finditer(text):
        year, month, day, hour = (int(part) for part in found.groups())
        if year < FIRST_LOG_YEAR or hour > 23:
            continue
        try:
            return date(year, month, day)
        except ValueError:
            continue
    return None


def tile_ids_for(players: int) -> tuple[int, ...]:
    """The ids in play: all 136, or the 108 of three-player games (no 2m-8m)."""
    if players == 3:
        return tuple(i for i in range(NUM_PHYSICAL) if not 1 <= i // 4 <= 7)
    return tuple(range(NUM_PHYSICAL))

