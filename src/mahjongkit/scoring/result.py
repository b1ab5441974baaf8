"""Result types shared by every variant's scorer.

A scorer returns a :class:`Score`: either a win (its patterns, value, limit and payments) or a
non-win with a stable error code (``no_yaku``, ``not_complete``, ``invalid_hand``,
``below_minimum_fan``). :meth:`Score.explain` renders it in a language and
:meth:`Score.to_json` gives the public JSON shape of the command line and the web (both in
:mod:`mahjongkit.scoring.explain`).
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjongkit.hand import Hand
from mahjongkit.lite_typing import Any, ClassVar
from mahjongkit.scoring.explain import explain, to_json
from mahjongkit.scoring.names import Names, name_in
from mahjongkit.tiles import Tile
from mahjongkit.valueclass import dataclass, field

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.scoring.explain import Section


MAX_COUNT = 100_000
"""The most counters (``Win.honba``) or riichi deposits (``Win.deposits``) a win may carry: far
above any real table, small enough for every payment and its explanation to print."""


@dataclass(frozen=True, slots=True)
class Win:
    """Everything a scorer needs to know about one win, in any variant.

    ``hand`` holds the concealed tiles *including* the winning tile, and the melds. Seats are
    0..3 = East (the dealer), South, West, North; winds likewise. Each variant reads the fields
    that matter to it and ignores the others.
    """

    hand: Hand
    win_tile: Tile
    self_draw: bool = False
    seat: int = 0
    from_seat: int | None = None
    round_wind: int = 0
    after_kong: bool = False
    """Won on a kong's replacement tile."""
    second_kong: bool = False
    """Won on the replacement tile of a second consecutive kong (Hong Kong)."""
    robbing_kong: bool = False
    kong_discard: bool = False
    """Won on the discard made right after a kong (Sichuan 槓上炮)."""
    last_tile: bool = False
    """Won on the last wall tile (self-draw) or on the discard after it."""
    first_turn: bool = False
    """Won in the first uninterrupted go-around (heavenly, earthly, human hands)."""
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    """Counters on the table, 0 to :data:`MAX_COUNT`."""
    deposits: int = 0
    """Riichi sticks on the table (in units of the rules' deposit), 0 to :data:`MAX_COUNT`."""
    flowers: tuple[Tile, ...] = ()
    """The winner's bonus tiles (Hong Kong)."""
    missing_suit: int | None = None
    """The declared missing suit, 0 m, 1 p, 2 s (Sichuan)."""
    in_game: frozenset[int] = frozenset(range(4))
    """Seats still playing (Sichuan blood battle: winners leave)."""
    liable_seat: int | None = None
    """The seat liable for the whole hand (pao), if any."""
    nukidora: int = 0
    """North tiles the winner set aside (three-player Riichi, kita): each is a dora, and once
    more for each dora indicator showing North (ura dora likewise, after a riichi)."""


@dataclass(frozen=True, slots=True)
class PatternHit:
    """One scoring pattern found in a hand: its stable id, value and names.

    ``count`` is how many times it applies (dora, roots); ``value`` is the total.
    ``unit`` is ``han``, ``fan`` or ``yakuman``.
    """

    id: str
    value: int
    names: Names
    unit: str = "han"
    count: int = 1

    def name(self, lang: str = "en") -> str:
        """The pattern's name in ``lang``."""
        return name_in(self.names, lang)


@dataclass(frozen=True, slots=True)
class FuItem:
    """One fu component: a stable id, its fu, and a short description of what earned it."""

    id: str
    fu: int
    names: Names

    def name(self, lang: str = "en") -> str:
        """The component's description in ``lang``."""
        return name_in(self.names, lang)


@dataclass(frozen=True, slots=True)
class PaymentLine:
    """One transfer: ``payer`` gives ``amount`` to ``payee``, for a reason (stable id + names)."""

    payer: int
    payee: int
    amount: int
    reason: str
    names: Names = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ScoreError:
    """Why a hand is not a win: a stable code and a message naming the problem."""

    code: str
    message: str


@dataclass(frozen=True)
class Score:
    """A scored hand, won or not.

    ``value`` is the han (Riichi) or fan (Hong Kong, Sichuan) total after any cap; ``raw_value``
    before it. ``points`` is the winner's gain before counters and deposits; ``payments`` the
    signed change per seat, everything included; ``lines`` itemise who pays whom and why.
    """

    variant: str
    error: ScoreError | None = None
    patterns: tuple[PatternHit, ...] = ()
    value: int = 0
    raw_value: int = 0
    unit: str = "han"
    fu: int | None = None
    fu_breakdown: tuple[FuItem, ...] = ()
    limit: str | None = None
    limit_names: Names = field(default_factory=dict)
    cap: int | None = None
    points: int = 0
    payments: Mapping[int, int] = field(default_factory=dict)
    lines: tuple[PaymentLine, ...] = ()
    replaced: tuple[tuple[str, str], ...] = ()
    """(dropped pattern id, the id of the pattern that includes it)."""
    replaced_names: tuple[tuple[str, Names], ...] = ()
    """(pattern id, its names) for the dropped patterns of ``replaced``: the result names
    them itself, without asking its variant."""
    hand: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    players: int = 4
    """The seats at the table (three-player Riichi: 3); the JSON lists a payment for each."""

    replaced_sentence: ClassVar[str] = "score.replaced"
    """The sentence key of a replaced-pattern line (a variant may word it its own way)."""

    @property
    def valid(self) -> bool:
        """Whether the hand is a win."""
        return self.error is None

    @classmethod
    def failure(cls, variant: str, code: str, message: str, hand: str = "") -> Score:
        """A non-win with its reason."""
        return cls(variant=variant, error=ScoreError(code, message), hand=hand)

    def pattern_name(self, pattern: str, lang: str = "en") -> str:
        """The name in ``lang`` of a pattern this result mentions (the id if it has none).

        The names come with the result: its patterns, and ``replaced_names`` for the patterns
        it dropped.
        """
        for hit in self.patterns:
            if hit.id == pattern:
                return hit.name(lang)
        for known, names in self.replaced_names:
            if known == pattern:
                return name_in(names, lang)
        return pattern

    def pattern_ids(self) -> list[str]:
        """The ids of the patterns, in table order."""
        return [p.id for p in self.patterns]

    def detail_lines(self, lang: str, section: Section) -> tuple[str, ...]:
        """Lines a variant adds to the explanation at ``section`` (none by default).

        ``failure``: after the reason a hand is not a win; ``value``: after the fan total;
        ``settlement``: just before the points.
        """
        return ()

    def explain(self, lang: str = "en") -> str:
        """The whole result as text in ``lang``: patterns, fu, limit, payments."""
        return explain(self, lang)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The public JSON shape (field names are a stable interface)."""
        return to_json(self, lang)
