"""The events of a game: the engine's only output, from which any state replays.

Every event is a JSON object with a ``type``. Types and fields follow mjai (the protocol of
Mortal, mjai.app and most bot tooling), so an mjai reader understands a Riichi log as it is.
What mjai lacks is namespaced: extra fields start with ``mjk_`` and extra types with ``mjk:``
(bonus tiles, Sichuan's exchange and missing suit, kong money, the answers to a claim). Tiles
are mjai strings (``5mr`` a red five, ``E``..``N``, ``P F C`` the dragons) with the physical id
beside them (``mjk_id``) so that a replay is exact. ``docs/events.md`` lists every type with an
example.

Each type is a :class:`~typing.TypedDict` below, so code that builds or reads events is checked
by mypy, and a name of :class:`Kind`, which readers compare and dispatch on; :func:`check_event`
checks a value read from outside (a saved log, a client) against the same declarations at run
time. Events the engine has emitted are frozen (:func:`freeze`): a
reader that edits an event it was given gets a :class:`TypeError`, never a changed game.

>>> check_event({"type": "dahai", "actor": 1, "pai": "5p", "tsumogiri": False, "mjk_id": 53})
{'type': 'dahai', 'actor': 1, 'pai': '5p', 'tsumogiri': False, 'mjk_id': 53}
>>> check_event({"type": "dahai", "actor": "1", "pai": "5p", "tsumogiri": False, "mjk_id": 53})
Traceback (most recent call last):
...
mahjongkit.errors.NotationError: dahai: field 'actor' must be an integer, not '1'
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, NotRequired, TypedDict, Union

from mahjongkit.errors import NotationError

# --- mjai events ---------------------------------------------------------------------------------


class StartGame(TypedDict):
    """The game begins: the players, the rules, the starting scores."""

    type: Literal["start_game"]
    names: list[str]
    mjk_variant: str
    mjk_seed: int
    mjk_rules: dict[str, Any]
    mjk_scores: list[int]
    mjk_single_round: NotRequired[bool]
    """The game was started at a recorded position for one round only."""
    mjk_max_rounds: NotRequired[int]
    """The game ends after this many rounds whatever the rules say."""


class StartKyoku(TypedDict):
    """A round is dealt: prevalent wind, hand number (1-based), counters, scores, hands."""

    type: Literal["start_kyoku"]
    bakaze: str
    kyoku: int
    honba: int
    kyotaku: int
    oya: int
    scores: list[int]
    tehais: list[list[str]]
    dora_marker: NotRequired[str]
    mjk_wall: list[int]
    """The whole wall in drawing order (secret: no seat sees it)."""


class Tsumo(TypedDict):
    """A seat draws a tile (``?`` to the others)."""

    type: Literal["tsumo"]
    actor: int
    pai: str
    mjk_id: int
    mjk_replacement: NotRequired[bool]
    """Drawn from the replacement end (after a kong or a bonus tile)."""
    mjk_after_kong: NotRequired[bool]
    """The replacement counts as drawn after a kong (a win on it is "after a kong")."""


class Dahai(TypedDict):
    """A seat discards a tile (``tsumogiri``: the tile it just drew)."""

    type: Literal["dahai"]
    actor: int
    pai: str
    tsumogiri: bool
    mjk_id: int
    mjk_waiting: NotRequired[list[int]]
    """The other seats whose hand the tile completes (secret: it tells their waits); each is
    furiten once the tile goes by unwon, where the rules say so."""


class Reach(TypedDict):
    """A seat declares riichi; its discard follows."""

    type: Literal["reach"]
    actor: int
    mjk_double: bool


class ReachAccepted(TypedDict):
    """Nobody won on the riichi discard: the deposit is on the table."""

    type: Literal["reach_accepted"]
    actor: int
    deltas: list[int]
    scores: list[int]


class Call(TypedDict):
    """A claim of a discard: ``chi``, ``pon`` or ``daiminkan`` (an exposed kong)."""

    type: Literal["chi", "pon", "daiminkan"]
    actor: int
    target: int
    pai: str
    consumed: list[str]
    mjk_id: int
    mjk_consumed: list[int]
    mjk_kuikae: list[int]
    """Kinds the caller may not discard right after the call."""
    mjk_liable: NotRequired[int]
    """The seat this call makes liable (feeding the last dragon or wind set)."""


class Ankan(TypedDict):
    """A concealed kong."""

    type: Literal["ankan"]
    actor: int
    consumed: list[str]
    mjk_consumed: list[int]
    mjk_robbable: bool
    """Whether some seat may rob it (secret: who could win is not told)."""


class Kakan(TypedDict):
    """A tile added to one's pung."""

    type: Literal["kakan"]
    actor: int
    pai: str
    consumed: list[str]
    mjk_id: int
    mjk_drawn_now: bool
    """The added tile is the one just drawn (only the actor sees this)."""
    mjk_robbable: bool


class Nukidora(TypedDict):
    """A seat sets a North tile aside on its turn (three-player Riichi's kita; the name is
    mjai's, as three-player bots read it); its replacement draw follows, once nobody wins on
    it."""

    type: Literal["nukidora"]
    actor: int
    pai: str
    mjk_id: int
    mjk_robbable: bool
    """Whether some seat may win on it (secret, as a kong's)."""


class Dora(TypedDict):
    """A new dora indicator is turned."""

    type: Literal["dora"]
    dora_marker: str
    mjk_id: int


class Hora(TypedDict):
    """A win; ``target`` is the discarder, or the winner on a self-draw."""

    type: Literal["hora"]
    actor: int
    target: int
    pai: str
    deltas: list[int]
    scores: list[int]
    mjk_deposits_taken: bool
    mjk_score: dict[str, Any]
    """The score's JSON form (``Score.to_json`` without the explanation text)."""
    mjk_robbed: NotRequired[dict[str, Any]]
    """``{"seat", "tile"}``: the kong this win robbed (it never happened)."""
    mjk_kongs_settled: NotRequired[dict[str, Any]]
    """``{"seat", "kongs"}``: kong money this win hands over (Sichuan)."""
    mjk_lines: NotRequired[list[dict[str, Any]]]
    """The money the win moves besides its score's payment lines, in table seats (Sichuan: the
    kong money handed to the winner or refunded, 呼叫轉移)."""
    uradora_markers: NotRequired[list[str]]


class Ryukyoku(TypedDict):
    """A round ends without a win: the wall ran dry, or an abortive draw (``reason``)."""

    type: Literal["ryukyoku"]
    reason: str
    deltas: list[int]
    scores: list[int]
    actor: NotRequired[int]
    """Who declared the abortive draw (nine terminals)."""
    tenpai: NotRequired[list[int]]
    tenpais: NotRequired[list[bool]]
    nagashi: NotRequired[list[int]]
    mjk_deposits_taken: NotRequired[bool]
    mjk_lines: NotRequired[list[dict[str, Any]]]
    """The payment lines of an end-of-wall settlement (Sichuan)."""


class EndKyoku(TypedDict):
    """The round is over."""

    type: Literal["end_kyoku"]
    mjk_result: dict[str, Any]
    """``{"kind": "win" | "exhaustive" | "abort", ...}``: what the next round depends on."""


class EndGame(TypedDict):
    """The game is over: final scores and, where the rules have them, ranks and uma."""

    type: Literal["end_game"]
    scores: list[int]
    mjk_ranking: NotRequired[list[dict[str, Any]]]


# --- mahjongkit's extensions ---------------------------------------------------------------------


class Respond(TypedDict):
    """A seat's answer to a claim window (private: only the actor sees it)."""

    type: Literal["mjk:respond"]
    actor: int
    action: dict[str, Any]
    mjk_missed_win: NotRequired[bool]
    """It passed up a win (secret: temporary furiten follows)."""


class KongDone(TypedDict):
    """Nobody robbed the kong: it stands (``kind``: exposed, concealed, added)."""

    type: Literal["mjk:kong_done"]
    actor: int
    kind: str


class KitaDone(TypedDict):
    """Nobody won on the North set aside: it stands, and its replacement is drawn."""

    type: Literal["mjk:kita_done"]
    actor: int


class PendingDora(TypedDict):
    """A kong's new indicator will be turned after the next discard (Tenhou)."""

    type: Literal["mjk:pending_dora"]


class Flower(TypedDict):
    """A bonus tile is set aside (Hong Kong's flowers and seasons)."""

    type: Literal["mjk:flower"]
    actor: int
    pai: str
    mjk_id: int


class DealReplacement(TypedDict):
    """The replacement of a bonus tile dealt in the hand (``mjk_id`` only to the actor)."""

    type: Literal["mjk:deal_replacement"]
    actor: int
    mjk_id: int


class Payment(TypedDict):
    """Money moved outside a win (Sichuan's wind and rain for a kong)."""

    type: Literal["mjk:payment"]
    reason: str
    deltas: list[int]
    mjk_payee: int
    mjk_kong_income: dict[str, Any]


class PhaseChange(TypedDict):
    """The table enters a phase (Sichuan's exchange and declaration, play after a win)."""

    type: Literal["mjk:phase"]
    phase: str


class Missing(TypedDict):
    """A seat's declared missing suit is shown (0 m, 1 p, 2 s)."""

    type: Literal["mjk:missing"]
    actor: int
    suit: int


class ExchangeChoose(TypedDict):
    """A seat chose the three tiles it passes (private)."""

    type: Literal["mjk:exchange_choose"]
    actor: int
    mjk_ids: list[int]


class Exchange(TypedDict):
    """Everyone has chosen: the tiles pass (``receivers[giver]`` gets the giver's three)."""

    type: Literal["mjk:exchange"]
    direction: int
    receivers: list[int]


class Declare(TypedDict):
    """A seat chose its missing suit (private until all have: then ``mjk:missing``)."""

    type: Literal["mjk:declare"]
    actor: int
    suit: int


Event = Union[  # noqa: UP007 (a runtime alias of a union of TypedDicts)
    StartGame,
    StartKyoku,
    Tsumo,
    Dahai,
    Reach,
    ReachAccepted,
    Call,
    Ankan,
    Kakan,
    Nukidora,
    Dora,
    Hora,
    Ryukyoku,
    EndKyoku,
    EndGame,
    Respond,
    KongDone,
    KitaDone,
    PendingDora,
    Flower,
    DealReplacement,
    Payment,
    PhaseChange,
    Missing,
    ExchangeChoose,
    Exchange,
    Declare,
]
"""Any event."""

EVENT_TYPES: dict[str, type[Any]] = {}
"""Each event type's declaration, by its ``type``."""
for _declaration in typing.get_args(Event):
    for _name in typing.get_args(typing.get_type_hints(_declaration)["type"]):
        EVENT_TYPES[_name] = _declaration

MJAI_TYPES = frozenset(name for name in EVENT_TYPES if not name.startswith("mjk:"))
"""The event types mjai itself has."""


class Kind:
    """An event's ``type``, one name per type declared above: readers compare and dispatch on
    these (``event["type"] == Kind.DAHAI``, ``case Kind.HORA:``), never on a string literal, so
    that a misspelt type is a name error and every reader of a type can be found.

    Each name is the type's string itself, declared ``Final``: mypy reads ``Kind.DAHAI`` as
    ``Literal["dahai"]`` and narrows an :data:`Event` on it (``event["mjk_id"]`` after
    ``event["type"] == Kind.DAHAI`` is checked as a discard's), which an :class:`enum.StrEnum`
    would not (mypy calls its members and the declared literals non-overlapping). Events keep
    plain strings, and a dict keyed by these names is looked up by an event's ``type``.

    >>> Kind.PAYMENT, {Kind.DAHAI: "discard"}["dahai"]
    ('mjk:payment', 'discard')
    """

    __slots__ = ()

    START_GAME: Final = "start_game"
    START_KYOKU: Final = "start_kyoku"
    TSUMO: Final = "tsumo"
    DAHAI: Final = "dahai"
    REACH: Final = "reach"
    REACH_ACCEPTED: Final = "reach_accepted"
    CHI: Final = "chi"
    PON: Final = "pon"
    DAIMINKAN: Final = "daiminkan"
    ANKAN: Final = "ankan"
    KAKAN: Final = "kakan"
    NUKIDORA: Final = "nukidora"
    DORA: Final = "dora"
    HORA: Final = "hora"
    RYUKYOKU: Final = "ryukyoku"
    END_KYOKU: Final = "end_kyoku"
    END_GAME: Final = "end_game"
    RESPOND: Final = "mjk:respond"
    KONG_DONE: Final = "mjk:kong_done"
    KITA_DONE: Final = "mjk:kita_done"
    PENDING_DORA: Final = "mjk:pending_dora"
    FLOWER: Final = "mjk:flower"
    DEAL_REPLACEMENT: Final = "mjk:deal_replacement"
    PAYMENT: Final = "mjk:payment"
    PHASE: Final = "mjk:phase"
    MISSING: Final = "mjk:missing"
    EXCHANGE_CHOOSE: Final = "mjk:exchange_choose"
    EXCHANGE: Final = "mjk:exchange"
    DECLARE: Final = "mjk:declare"


# --- what each seat sees -------------------------------------------------------------------------

PRIVATE_EVENTS = frozenset({"mjk:respond", "mjk:exchange_choose", "mjk:declare"})
"""Events only their actor sees: answers to a claim, tiles chosen to pass, a declared suit."""
SECRET_FIELDS = frozenset(
    {"mjk_wall", "mjk_seed", "mjk_ids", "mjk_robbable", "mjk_missed_win", "mjk_waiting"}
)
"""Fields no seat sees: the wall and the seed it is shuffled from, whether anyone could rob a
kong, who passed up a win, who waits on a discard."""
MASKED_FIELDS: dict[str, tuple[str, ...]] = {"tsumo": ("pai",)}
"""Fields the other seats see as ``"?"`` (mjai shows another seat's draw so)."""
ACTOR_ONLY_FIELDS: dict[str, tuple[str, ...]] = {
    "tsumo": ("mjk_id",),
    "mjk:deal_replacement": ("mjk_id",),
    "kakan": ("mjk_drawn_now",),
}
"""Fields the other seats do not see at all: which physical tile was drawn, whether an added
tile was just drawn."""

# --- checking events from outside ---------------------------------------------------------------

_MAX_DEPTH = 8
_MAX_INT = 2**63
"""The largest integer an event may hold: a game's seed runs up to it (points stay far below)."""


def _what(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_value(value: Any, kind: Any, where: str, depth: int = 0) -> None:
    """Raise unless ``value`` fits the annotation ``kind`` (the forms the events use)."""
    if depth > _MAX_DEPTH:
        raise NotationError(f"{where} is nested too deeply")
    origin = typing.get_origin(kind)
    if kind is Any:
        _check_json(value, where, depth)
    elif kind is bool:
        if type(value) is not bool:
            raise NotationError(f"{where} must be true or false, not {_what(value)}")
    elif kind is int:
        if type(value) is not int:
            raise NotationError(f"{where} must be an integer, not {_what(value)}")
        if abs(value) > _MAX_INT:
            raise NotationError(f"{where} is out of range: {_what(value)}")
    elif kind is str:
        if type(value) is not str:
            raise NotationError(f"{where} must be a string, not {_what(value)}")
    elif origin is Literal:
        if value not in typing.get_args(kind):
            allowed = ", ".join(map(str, typing.get_args(kind)))
            raise NotationError(f"{where} must be one of {allowed}, not {_what(value)}")
    elif origin is list:
        if not isinstance(value, list):
            raise NotationError(f"{where} must be a list, not {_what(value)}")
        (item,) = typing.get_args(kind)
        for index, element in enumerate(value):
            _check_value(element, item, f"{where}[{index}]", depth + 1)
    elif origin is dict:
        if not isinstance(value, dict):
            raise NotationError(f"{where} must be an object, not {_what(value)}")
        _check_json(value, where, depth)
    elif origin in (Union, types.UnionType):
        options = typing.get_args(kind)
        if value is None and type(None) in options:
            return
        _check_value(value, next(o for o in options if o is not type(None)), where, depth)
    else:  # pragma: no cover - a declaration above uses a form this checker does not know
        raise TypeError(f"no run-time check for {kind!r}")


def _check_json(value: Any, where: str, depth: int) -> None:
    """Raise unless ``value`` is plain, finite JSON data of bounded depth."""
    if depth > _MAX_DEPTH:
        raise NotationError(f"{where} is nested too deeply")
    if value is None or type(value) in (bool, str):
        return
    if type(value) is int:
        if abs(value) > _MAX_INT:
            raise NotationError(f"{where} is out of range: {_what(value)}")
        return
    if type(value) is float:
        if not math.isfinite(value):
            raise NotationError(f"{where} must be a finite number, not {_what(value)}")
        return
    if isinstance(value, list):
        for index, element in enumerate(value):
            _check_json(element, f"{where}[{index}]", depth + 1)
        return
    if isinstance(value, dict):
        for key, element in value.items():
            if type(key) is not str:
                raise NotationError(f"{where} has a key that is not a string: {_what(key)}")
            _check_json(element, f"{where}.{key}", depth + 1)
        return
    raise NotationError(f"{where} must be JSON data, not {type(value).__name__}")


def _fields(declaration: type[Any]) -> tuple[dict[str, Any], frozenset[str]]:
    """A declaration's field types and its required fields (read from ``NotRequired``, which
    postponed annotations hide from ``__required_keys__``)."""
    hints = typing.get_type_hints(declaration, include_extras=True)
    types_of: dict[str, Any] = {}
    required = set()
    for name, hint in hints.items():
        if typing.get_origin(hint) is NotRequired:
            (hint,) = typing.get_args(hint)
        else:
            required.add(name)
        types_of[name] = hint
    return types_of, frozenset(required)


_FIELDS = {name: _fields(kind) for name, kind in EVENT_TYPES.items()}


def check_event(value: Any, *, as_seen: bool = False) -> Event:
    """``value`` as an event, if it is one: a known ``type`` and every field as declared.

    Raises :class:`~mahjongkit.errors.NotationError` naming the type and the field; fields not
    declared are refused too (a misspelt field would otherwise be ignored silently). With
    ``as_seen``, ``value`` is an event as a seat's observation shows it: the fields hidden from
    that seat (:data:`SECRET_FIELDS`, :data:`ACTOR_ONLY_FIELDS`) may be absent.
    """
    if not isinstance(value, dict):
        raise NotationError(f"an event is a JSON object, not {_what(value)}")
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise NotationError(f"unknown event type {_what(kind)}")
    hints, required = _FIELDS[kind]
    if as_seen:
        required = required - SECRET_FIELDS - frozenset(ACTOR_ONLY_FIELDS.get(kind, ()))
    missing = [name for name in required if name not in value]
    if missing:
        raise NotationError(f"{kind}: missing field {', '.join(repr(m) for m in sorted(missing))}")
    for name, field_value in value.items():
        if name not in hints:
            raise NotationError(f"{kind}: unknown field {_what(name)}")
        _check_value(field_value, hints[name], f"{kind}: field {name!r}")
    event: Event = value  # type: ignore[assignment]  # checked field by field above
    return event


# --- frozen events -------------------------------------------------------------------------------


def _refuse(self: Any, *args: Any, **kwargs: Any) -> typing.NoReturn:
    raise TypeError("an event of the game cannot be changed: copy it first (thaw)")


class FrozenDict(dict[str, Any]):
    """A ``dict`` that refuses changes; it is still a dict to ``json`` and ``==``."""

    __slots__ = ()
    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self


class FrozenList(list[Any]):
    """A ``list`` that refuses changes; it is still a list to ``json`` and ``==``."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = clear = extend = insert = pop = remove = reverse = sort = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))

    def __copy__(self) -> FrozenList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenList:
        return self


_PLAIN = frozenset({str, int, bool, float, type(None), FrozenDict, FrozenList})
"""Types ``freeze`` hands back as they are: scalars, and what is frozen already."""


def freeze(value: Any) -> Any:
    """A frozen deep copy of JSON-like data (tuples become frozen lists, as JSON has them)."""
    # Exact types first: events are made of plain scalars, dicts and lists, and every event
    # of the game passes here.
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is dict:
        return FrozenDict(
            {key: item if type(item) in _PLAIN else freeze(item) for key, item in value.items()}
        )
    if kind is list or kind is tuple:
        return FrozenList([item if type(item) in _PLAIN else freeze(item) for item in value])
    if isinstance(value, FrozenDict | FrozenList):
        return value
    if isinstance(value, dict):
        return FrozenDict({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return FrozenList(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """A plain, changeable deep copy of (frozen) JSON-like data."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(item) for item in value]
    return value


def frozen_event(event: Event) -> Event:
    """The event frozen (see :func:`freeze`)."""
    frozen: Event = freeze(event)
    return frozen


JsonEvent = dict[str, Any]
"""An event read generically, as the JSON object it is (format writers, viewers)."""


def as_json(events: Sequence[Event]) -> list[JsonEvent]:
    """The events typed as plain JSON objects, for code that reads any event's fields by name.

    No copy is made: the events stay frozen.
    """
    return typing.cast(list[JsonEvent], list(events))
