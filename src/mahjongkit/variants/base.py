"""The record a rule family registers: everything the engine and the surfaces ask of it.

A surface never switches on a variant's name: it asks the record (its presets, its scorer, its
table hooks, the shapes a hand may take, its languages). The record names its scorer, hooks and
pages by module (:class:`Lazy`): a command imports only the parts of a variant it calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from importlib import import_module

from mahjongkit.errors import NotationError
from mahjongkit.i18n import Sentence
from mahjongkit.lite_typing import Any
from mahjongkit.valueclass import dataclass, field

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.melds import Meld
    from mahjongkit.scoring import Score, Win
    from mahjongkit.shapes import HandShape
    from mahjongkit.table.flow import Flow


def _regular(rules: Any, missing_suit: int | None = None) -> HandShape:
    from mahjongkit.shapes import RIICHI

    return RIICHI


def no_minimum(rules: Any) -> int:
    """A win worth anything is a win: no minimum."""
    return 0


def never(rules: Any) -> bool:
    """A rule the family does not have: never on."""
    return False


@dataclass(frozen=True)
class Capabilities:
    """What a family's table has, for the surfaces and bots that would otherwise ask its name.

    Every default is the plainest table (no such rule); each family's record sets its own.
    """

    ready_declaration: bool = False
    """A seat may declare ready (Riichi's riichi): a threat the others see, the hand locked."""
    furiten: bool = False
    """A seat's own discards can forbid its win on a discard."""
    dora: bool = False
    """Dora indicators are turned, and each tile they name adds to a win."""
    bonus_tiles: bool = False
    """Flowers and seasons are dealt, set aside and replaced; a win may come on one."""
    missing_suit: bool = False
    """Each seat declares a suit it must be rid of before it may win."""
    plays_on_after_win: bool = False
    """The hand goes on after a win, among the seats that have not won."""
    honours: bool = False
    """The set has winds and dragons."""
    value_unit: str = "fan"
    """What a hand's value is counted in (``han`` or ``fan``)."""
    minimum_value: Callable[[Any], int] = no_minimum
    """What a win must be worth under the rules, in ``value_unit`` (0: no minimum)."""


class HintKind(Enum):
    """A kind of hint the surfaces show a seat deciding (the terminal game, the web table):
    a family offers those that mean something at its table (:attr:`Variant.hint_kinds`), and
    the hint builder works out and the surfaces show those alone."""

    SHANTEN = "shanten"
    """How far the hand is from ready, and the tiles that bring it closer."""
    DISCARDS = "discards"
    """Each legal discard, ranked by the shanten it leaves and the useful tiles after it."""
    WAITS = "waits"
    """The tiles a ready hand wins on."""
    VALUES = "values"
    """What a win on each wait is worth (the patterns the scorer finds, their total and the
    payment), or why it wins nothing."""
    FURITEN = "furiten"
    """A wait among the seat's own discards, which refuses a win on a discard."""
    DANGER = "danger"
    """How dangerous each tile of the hand is against the declared ready hands (the safe
    tiles, suji, honours by the copies seen)."""
    MISSING_SUIT = "missing_suit"
    """The tiles of the declared missing suit, which must go first."""


PLAIN_HINTS = (HintKind.SHANTEN, HintKind.DISCARDS, HintKind.WAITS, HintKind.VALUES)
"""The hints every family's table can give: they need only its hand shapes and its scorer."""


class Plan(Enum):
    """What the library's bots aim a hand at beside speed (their discards, calls and kongs)."""

    NONE = "none"
    """Any complete hand wins: tile efficiency alone."""
    YAKU = "yaku"
    """A win needs a pattern (a yaku): value-honour sets, all simples or a flush are kept in
    reach, calls only keep one, dora are kept, a ready hand declares."""
    MINIMUM = "minimum"
    """A win needs the minimum value: honour sets, a flush or all pungs must reach it, and
    calls only keep one that does."""
    MISSING_SUIT = "missing_suit"
    """Each seat clears the suit it declared, then aims at one suit and four of a kind."""


class Defence(Enum):
    """How the library's defensive bot meets a threat."""

    NONE = "none"
    """It does not: it plays as the efficient bot."""
    POINTS = "points"
    """Against a declared or open threat, it weighs the deal-in's likely points against its
    own win's and folds, or pushes with a safer tile of the same shanten."""
    PAYMENTS = "payments"
    """The discarder pays the whole win: a tile nearly as useful and clearly safer is played
    (soft defence), and a hand far from ready folds against a big threat, by the fan paid."""
    PLAY_ON = "play_on"
    """Nobody folds (a hand given up still pays at the end, and a threat spared mostly wins
    anyway): each discard is weighed by what it is expected to cost."""


@dataclass(frozen=True)
class BotHints:
    """How the library's bots play the family. The defaults play plain tile efficiency."""

    plan: Plan = Plan.NONE
    """What a hand aims at beside speed."""
    defence: Defence = Defence.NONE
    """How a threat is met."""
    double_wind: int = 1
    """What a set of the wind that is both the seat's and the round's is worth (each value
    honour, dragon or wind, is worth one)."""
    kongs_pay: bool = False
    """Every kong is paid for: one is made whenever the hand keeps its shanten."""
    open_simples: Callable[[Any], bool] = never
    """Under the rules, whether all simples counts in a hand with melds."""
    bonus_toward_minimum: Callable[[Any], bool] = never
    """Under the rules, whether bonus-tile value counts toward the minimum."""
    value_limit: Callable[[Any], int] | None = None
    """The most a hand is worth under the rules, in the value unit (None: no limit)."""
    payment: Callable[[int, Any], int] | None = None
    """What one payer pays for a hand of a given value under the rules (the defence reckons
    a deal-in with it; None: the defence does not reckon payments)."""
    fan_path: Callable[[Any, Any, int, Any], float] | None = None
    """The value a hand heads for, from its concealed counts per kind, the first kind of each
    meld shown, how many of those are chows and the value of each honour kind's set to the
    seat: the defensive bot, with no threat shown and its ``HK_FAN_KEEP`` set (off by
    default), keeps the discard of the best shanten that heads for the most (None: it does not
    weigh this)."""


class Lazy:
    """A function (or class) named by its module and attribute, imported on its first call.

    >>> hypot = Lazy("math", "hypot")
    >>> hypot(3, 4)
    5.0
    """

    __slots__ = ("_target", "module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name
        self._target: Any = None

    def resolve(self) -> Any:
        """The named object (imported on first use)."""
        if self._target is None:
            self._target = getattr(import_module(self.module), self.name)
        return self._target

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Lazy({self.module!r}, {self.name!r})"


class LazyMapping(Mapping[str, Any]):
    """A mapping named by its module: a function that builds it on first read (a variant's
    pattern names), or the mapping itself (its payment reasons)."""

    def __init__(self, module: str, name: str) -> None:
        self._build = Lazy(module, name)
        self._found: Mapping[str, Any] | None = None

    def _mapping(self) -> Mapping[str, Any]:
        if self._found is None:
            found = self._build.resolve()
            self._found = found() if callable(found) else found
        assert self._found is not None
        return self._found

    def __getitem__(self, key: str) -> Any:
        return self._mapping()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._mapping())

    def __len__(self) -> int:
        return len(self._mapping())


_RULES_TYPES: dict[Callable[[], Any], type] = {}
"""The class of the rules each default preset's factory makes (see ``Variant._rules_type``)."""


@dataclass(frozen=True)
class Variant:
    """A rule family: its presets (the first is the default), scorer, table hooks, languages."""

    name: str
    presets: Mapping[str, Callable[[], Any]]
    score: Callable[[Win, Any], Score]
    languages: tuple[str, ...]
    flow: Callable[[Any], Flow[Any]] | None = None
    """The class of the family's table hooks, built with the game's rules."""
    shape: Callable[[Any, int | None], HandShape] = _regular
    """The complete shapes a hand may take under the rules (given the seat's missing suit,
    where it has one)."""
    pattern_names: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Every pattern's names by stable id (to name a pattern a result left out)."""
    payment_reasons: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The names of the reasons of payment lines by id (to name a line kept as JSON)."""
    rules_page: Callable[[Any, str], str] | None = None
    """The pattern table under some rules as a Markdown page, in a language."""
    points: Callable[[Win, Any], int] | None = None
    """What the winner of a win receives, 0 when it wins nothing: the scorer's ``points`` on a
    valid win, without the explained result (a bot asks it for every wait). None: the family
    has no such entry, and a bot reads the scorer's result."""
    wait_points: Callable[[Any, tuple[Meld, ...], Mapping[str, Any]], Any] | None = None
    """What the waits of one hand pay, for a bot weighing a ready hand: given the rules, the
    hand's melds (seats counted as winds, from the dealer) and the win's other fixed fields
    (those of :class:`Win`, by name), a function of (concealed counts before the winning tile,
    winning kind, self-draw) giving :attr:`points` of that win won plainly (no riichi, first
    turn, kong replacement, last tile nor robbed kong), or None when :attr:`points` must be
    asked. None: the family has no such entry."""
    capabilities: Capabilities = field(default_factory=Capabilities)
    """What the family's table has (furiten, dora, bonus tiles, ...)."""
    score_fields: frozenset[str] = frozenset()
    """The :class:`ScoreRequest` fields only this family reads (given to another family, they
    are refused)."""
    action_layout: tuple[tuple[str, int], ...] = ()
    """The RL action space: named groups of consecutive indices in order, with their sizes
    (``docs/rl.md``); the ``discard`` group has a slot per tile kind the family discards (and
    per red five). Empty: the family has no RL action space."""
    rules_actions: Callable[[Any], tuple[tuple[str, int], ...]] | None = None
    """The groups the RL action space adds after :attr:`action_layout` under some rules (Riichi
    with North set aside: ``kita``); None: the layout is the same under every rule set."""
    play_preset: str | None = None
    """The preset a game is played under when a surface names none and wants the rules most
    recorded games use (the RL env, a seat playing over a wire protocol); None: the first."""
    protocols: frozenset[str] = frozenset()
    """The wire protocols that carry this family's games (``mjai``)."""
    score_scale: float = 1000.0
    """A score of this size is a large one (the RL observation maps it to the top of its
    range)."""
    round_cap: int = 64
    """The rounds after which a learning environment stops a game its rules have not ended,
    as truncated (not terminated): well above a real game's length, and reached only where
    play never ends the game, as random play does where a draw keeps the deal."""
    bot_hints: BotHints = field(default_factory=BotHints)
    """How the library's bots play the family."""
    hint_kinds: tuple[HintKind, ...] = PLAIN_HINTS
    """The hints a seat is offered at this family's table, in the order shown."""
    course: int | None = None
    """Where the family's course comes among the site's courses (None: it has none)."""
    read_tables: Callable[[], object] | None = None
    """Reads the family's shipped tables at once (None: it ships none)."""
    sentences: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """A family from outside the library: its sentences by language (its name at the table,
    ``play.variant.<name>``, and any key its scorer's results use), merged into the catalogs
    when it is registered. The built-in families keep theirs in :mod:`mahjongkit.i18n`."""

    def table_rules(self) -> Any:
        """The rules of :attr:`play_preset`."""
        return self.rules(self.play_preset)

    def rules(self, preset: str | None = None) -> Any:
        """The rules of a named preset (the default when None)."""
        name = preset or next(iter(self.presets))
        if name not in self.presets:
            raise NotationError(
                Sentence(
                    "refusal.rules_preset",
                    name=repr(name),
                    variant=self.name,
                    presets=", ".join(self.presets),
                )
            )
        return self.presets[name]()

    def import_parts(self) -> None:
        """Import the parts a game calls (the scorer and its bots' entry, the table hooks, the
        hand shapes) and read its shipped tables now rather than on first use: for a process
        about to fork workers that play games, so that they inherit the modules and the tables
        instead of each making its own."""
        for part in (self.score, self.points, self.wait_points, self.flow, self.shape):
            if isinstance(part, Lazy):
                part.resolve()
        if isinstance(self.payment_reasons, LazyMapping):
            len(self.payment_reasons)
        if self.read_tables is not None:
            self.read_tables()

    def make_flow(self, rules: Any = None) -> Flow[Any]:
        """The family's table hooks under ``rules`` (the default preset when None)."""
        if self.flow is None:
            raise NotationError(f"{self.name} cannot be played at the table")
        if rules is None:
            return self.flow(self.rules())
        expected = self._rules_type()
        if type(rules) is not expected:
            raise NotationError(
                f"{self.name} is played under {expected.__name__}, "
                f"not {type(rules).__name__} (a preset: {', '.join(self.presets)})"
            )
        return self.flow(rules)

    def _rules_type(self) -> type:
        """The class of the family's rules (its default preset's), found once: a game is made
        for every round of self-play, and building a preset to learn its class costs more than
        the rest of the game's set-up."""
        default = next(iter(self.presets.values()))
        found = _RULES_TYPES.get(default)
        if found is None:
            found = _RULES_TYPES[default] = type(default())
        return found
