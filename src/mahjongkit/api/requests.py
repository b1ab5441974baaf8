"""The questions the application answers, as typed values: a hand to score, a hand whose waits
or shanten are wanted, a hand to compare across the families.

Every field is what a person types (tiles in mpsz, mjai or glyphs, seats as ``E S W N`` or their
names, options as ``NAME=VALUE``): the command line fills a request from its flags, the site
from a JSON body, the lessons and drills directly. Defaults are those of the command line;
which family reads which field is the family's record's (:attr:`Variant.score_fields`).

>>> ScoreRequest("234m456p678s33555z", win="5z", tsumo=True).round
'E'
"""

from __future__ import annotations

from mahjongkit.valueclass import dataclass, field

ALL_SEATS = ("E", "S", "W", "N")
"""The seats still in a hand unless a request names fewer (Sichuan's ``in_game``)."""


@dataclass(frozen=True)
class HandRequest:
    """What every question about a hand carries: the hand, its family, rules and language."""

    hand: str
    """The concealed tiles (for a score, the winning tile among them); melds written inline
    (``pung:777z@W``) are read as :attr:`melds`."""
    variant: str | None = None
    """The rule family (None: the registry's first)."""
    rules: str | None = None
    """A preset of the family (None: its first)."""
    options: tuple[str, ...] = ()
    """``NAME=VALUE`` overrides of single rules."""
    melds: tuple[str, ...] = ()
    """Declared melds, ``KIND:TILES[@SEAT]``."""
    seat: str | None = None
    """The hand's seat (None: East, or for waits the first seat no meld was claimed from)."""
    round: str = "E"
    """The prevalent wind."""
    lang: str | None = None
    """The language of the answer's text (None: English)."""


@dataclass(frozen=True)
class ShantenRequest(HandRequest):
    """How far a hand is from ready, by shape, with its waits and useful tiles."""

    missing: str | None = None
    """Sichuan: the declared missing suit, ``m``, ``p`` or ``s``."""
    visible: str = ""
    """Tiles seen elsewhere (discards, melds, indicators), left out of the useful tiles."""


@dataclass(frozen=True)
class WaitsRequest(ShantenRequest):
    """The waits of a ready hand, what a win on each is worth or why it is none."""


@dataclass(frozen=True)
class ScoreRequest(HandRequest):
    """A winning hand to score: how it was won, at which seat, with which extras."""

    win: str = ""
    """The winning tile."""
    tsumo: bool = False
    """Won by self-draw."""
    from_seat: str | None = None
    """The seat that discarded the winning tile (None: the previous seat still in the hand)."""
    dora: str = ""
    """Dora indicators (Riichi), mpsz."""
    ura: str = ""
    """Ura dora indicators (Riichi), mpsz."""
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    after_kong: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    first_turn: bool = False
    honba: int = 0
    deposits: int = 0
    nukidora: int = 0
    flowers: str = ""
    """The winner's bonus tiles, mpsz (commas allowed)."""
    second_kong: bool = False
    missing: str | None = None
    """Sichuan: the winner's missing suit."""
    in_game: tuple[str, ...] = field(default=ALL_SEATS)
    """Sichuan: the seats still playing the hand."""
    kong_discard: bool = False


@dataclass(frozen=True)
class CompareRequest:
    """One hand and how it was won, scored under every family."""

    hand: str
    win: str = ""
    tsumo: bool = False
    from_seat: str | None = None
    seat: str | None = None
    round: str = "E"
    melds: tuple[str, ...] = ()
    lang: str | None = None


SHARED_SCORE_FIELDS = frozenset(
    ("win", "tsumo", "from_seat", "after_kong", "robbing_kong", "last_tile", "first_turn")
)
"""The fields of a :class:`ScoreRequest` every family reads (besides a hand's): how the hand was
won. Each other field is read by the families whose record names it in ``score_fields``."""


def family_field_defaults() -> dict[str, object]:
    """Each family-owned field of a :class:`ScoreRequest` and the value that asks nothing: a
    request that sets another family's field to anything else is refused."""
    from mahjongkit.valueclass import fields

    shared = {f.name for f in fields(HandRequest)} | SHARED_SCORE_FIELDS
    return {f.name: f.default for f in fields(ScoreRequest) if f.name not in shared}
