"""Value classes behave as the standard library's dataclasses with the same settings.

Each case declares one class twice, with :func:`dataclasses.dataclass` and with
:func:`mahjongkit.valueclass.dataclass`, and compares what both do, before and after the
generated methods are compiled.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import typing

import pytest

from mahjongkit import valueclass
from mahjongkit.lite_typing import Generic, Literal, NamedTuple, TypeVar


def _declare(make, field, **settings):
    @make(**settings)
    class Point:
        """A point."""

        x: int
        y: int = 0
        tags: tuple[str, ...] = field(default_factory=tuple)
        label: str = field(default="p", compare=False, repr=False)
        limit: typing.ClassVar[int] = 9

    return Point


SETTINGS = [
    {"frozen": True, "slots": True},
    {"frozen": True},
    {"slots": True},
    {},
    {"frozen": True, "slots": True, "order": True},
    {"frozen": True, "kw_only": True},
]


@pytest.fixture(params=[False, True], ids=["generic", "compiled"])
def compiled(request, monkeypatch):
    """Generated methods are compiled at once (compiled) or never (generic) in a test."""
    monkeypatch.setattr(valueclass, "COMPILE_AFTER", 1 if request.param else 10**9)
    return request.param


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: ",".join(s) or "plain")
def test_a_value_class_behaves_as_the_dataclass(settings, compiled):
    ours = _declare(valueclass.dataclass, valueclass.field, **settings)
    theirs = _declare(dataclasses.dataclass, dataclasses.field, **settings)
    args = {"x": 1, "y": 2} if settings.get("kw_only") else {}
    make = (
        (lambda cls, *a, **k: cls(**dict(zip(("x", "y"), a, strict=False)), **k)) if args else None
    )
    build = make or (lambda cls, *a, **k: cls(*a, **k))
    for call in ((1,), (1, 2), (1, 2, ("a",))):
        if settings.get("kw_only") and len(call) > 2:
            continue
        a, b = build(ours, *call[:2]), build(theirs, *call[:2])
        assert repr(a) == repr(b)
        assert (a.x, a.y, a.tags, a.label) == (b.x, b.y, b.tags, b.label)
        assert a == build(ours, *call[:2]) and a != build(ours, 5)
        if settings.get("frozen"):
            assert hash(a) == hash(b)
        else:
            assert ours.__hash__ is None
        if settings.get("order"):
            assert build(ours, 1) < build(ours, 2) and not build(ours, 2) <= build(ours, 1)
    # compare=False fields do not count; ClassVar is no field
    assert build(ours, 1, label="q") == build(ours, 1, label="r")
    assert [f.name for f in dataclasses.fields(ours)] == ["x", "y", "tags", "label"]
    assert [f.name for f in valueclass.fields(ours)] == ["x", "y", "tags", "label"]
    assert ours.limit == 9
    value = build(ours, 3, 4)
    assert dataclasses.asdict(value) == {"x": 3, "y": 4, "tags": (), "label": "p"}
    assert dataclasses.replace(value, y=7).y == 7 == valueclass.replace(value, y=7).y
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        valueclass.replace(value, z=1)
    assert dataclasses.is_dataclass(ours) and valueclass.is_value_class(value)
    assert copy.deepcopy(value) == value and copy.copy(value) == value
    if settings.get("frozen"):
        with pytest.raises(AttributeError, match="cannot assign to field 'x'") as refused:
            value.x = 5  # type: ignore[misc]
        # code written for standard dataclasses catches the refusal as their own
        assert isinstance(refused.value, dataclasses.FrozenInstanceError)
        assert isinstance(refused.value, valueclass.FrozenInstanceError)
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'y'"):
            del value.y  # type: ignore[misc]
        assert value.x == 3
    else:
        value.x = 5
        assert value.x == 5
    if settings.get("slots"):
        assert not hasattr(value, "__dict__")


@valueclass.dataclass(frozen=True, slots=True)
class Stored:
    """Pickled between processes, as the engine's values are."""

    kind: int
    names: tuple[str, ...] = ()
    size: int = valueclass.field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.names))


class StoredTuple(NamedTuple):
    mask: int
    fu: int = 20


def test_values_pickle_and_come_back_equal(compiled):
    value = Stored(3, ("a", "b"))
    back = pickle.loads(pickle.dumps(value))
    assert back == value and back.size == 2 and type(back) is Stored
    assert pickle.loads(pickle.dumps(StoredTuple(1))) == StoredTuple(1, 20)


def test_a_default_factory_makes_a_new_value_each_time(compiled):
    @valueclass.dataclass
    class Bag:
        items: list[int] = valueclass.field(default_factory=list)

    first, second = Bag(), Bag()
    first.items.append(1)
    assert second.items == [] and Bag([2]).items == [2]


def test_init_false_fields_are_set_by_post_init_or_their_default(compiled):
    @valueclass.dataclass(frozen=True, slots=True)
    class Hand:
        tiles: tuple[int, ...]
        size: int = valueclass.field(init=False, repr=False, compare=False)
        kind: str = valueclass.field(default="regular", init=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "size", len(self.tiles))

    hand = Hand((1, 2, 3))
    assert (hand.size, hand.kind) == (3, "regular")
    assert repr(hand).endswith(".Hand(tiles=(1, 2, 3), kind='regular')")
    with pytest.raises(TypeError):
        Hand((1,), size=4)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="size cannot be set"):
        valueclass.replace(hand, size=4)
    assert valueclass.replace(hand, tiles=(5,)).size == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda cls: cls(1, 2, 3, 4, 5),
        lambda cls: cls(1, z=2),
        lambda cls: cls(1, x=2),
        lambda cls: cls(),
    ],
    ids=["too many", "unknown keyword", "twice", "missing"],
)
def test_bad_arguments_are_a_type_error_as_for_the_dataclass(call, compiled):
    ours = _declare(valueclass.dataclass, valueclass.field, frozen=True)
    theirs = _declare(dataclasses.dataclass, dataclasses.field, frozen=True)
    with pytest.raises(TypeError):
        call(theirs)
    with pytest.raises(TypeError) as refused:
        call(ours)
    assert "Point.__init__()" in str(refused.value)


def test_compilation_replaces_the_generic_method_and_keeps_the_answers(monkeypatch):
    monkeypatch.setattr(valueclass, "COMPILE_AFTER", 3)

    @valueclass.dataclass(frozen=True, slots=True)
    class Pair:
        a: int
        b: int = 0

    answers = [(Pair(n) == Pair(n), hash(Pair(n, 1)), Pair(n).b) for n in range(6)]
    assert answers == [(True, hash((n, 1)), 0) for n in range(6)]
    assert Pair.__init__.__code__.co_filename.startswith("<value class")
    assert Pair.__eq__.__code__.co_filename.startswith("<value class")


def test_a_hot_class_compiles_each_method_at_its_first_call(monkeypatch):
    """A class made in bulk on a hot path (the table's state, every round) runs the compiled
    methods from its first value on; any other class stays generic until COMPILE_AFTER."""
    monkeypatch.setattr(valueclass, "COMPILE_AFTER", 10**9)

    @valueclass.dataclass(hot=True)
    class Seat:
        hand: list[int] = valueclass.field(default_factory=list)
        riichi: bool = False

    @valueclass.dataclass
    class Cold:
        hand: list[int] = valueclass.field(default_factory=list)

    first = Seat([1, 2])
    assert Seat.__init__.__code__.co_filename.startswith("<value class")
    assert (first.hand, first.riichi, Seat().hand, Seat().hand is Seat().hand) == (
        [1, 2],
        False,
        [],
        False,
    )
    assert not Seat.__eq__.__code__.co_filename.startswith("<value class")  # not called yet
    assert Seat([1]) == Seat([1]) and Seat.__eq__.__code__.co_filename.startswith("<value")
    Cold()
    assert not Cold.__init__.__code__.co_filename.startswith("<value class")


def test_declaration_mistakes_are_refused_at_once():
    with pytest.raises(TypeError, match="follows a default"):

        @valueclass.dataclass
        class Late:
            a: int = 0
            b: int  # type: ignore[misc]

    with pytest.raises(ValueError, match="mutable default list"):

        @valueclass.dataclass
        class Shared:
            items: list[int] = []  # noqa: RUF012

    with pytest.raises(ValueError, match="both a default and a default_factory"):
        valueclass.field(default=1, default_factory=int)
    with pytest.raises(TypeError, match="not a value class"):
        valueclass.fields(object())


def test_a_subclass_adds_its_fields_after_its_base(compiled):
    @valueclass.dataclass(frozen=True)
    class Base:
        a: int

    @valueclass.dataclass(frozen=True)
    class Child(Base):
        b: str = "x"

    assert Child(1) == Child(1, "x") and Child(1) != Base(1)
    assert [f.name for f in valueclass.fields(Child)] == ["a", "b"]
    assert [f.name for f in dataclasses.fields(Child)] == ["a", "b"]


# --- lite_typing ---------------------------------------------------------------------------------


def test_a_lite_named_tuple_is_a_namedtuple_with_its_methods():
    class Reading(NamedTuple):
        """One reading."""

        mask: int
        fu: int = 20

        def doubled(self) -> int:
            return 2 * self.fu

    reading = Reading(3)
    assert reading == (3, 20) and reading.doubled() == 40 and Reading(1, 2).fu == 2
    assert Reading._fields == ("mask", "fu") and reading._replace(fu=30) == (3, 30)
    assert Reading.__doc__ == "One reading." and repr(reading) == "Reading(mask=3, fu=20)"
    with pytest.raises(TypeError, match="has no default but follows one"):

        class Broken(NamedTuple):
            a: int = 0
            b: int  # type: ignore[misc]


def test_lite_generic_and_type_vars_subscript_to_the_class():
    T = TypeVar("T")

    class Box(Generic[T]):
        pass

    assert Box[int] is Box and repr(T) == "~T"


def test_lite_literal_gives_typing_s_own_form_to_get_type_hints():
    """Rule options read annotations with typing.get_type_hints (see options.override)."""
    from mahjongkit.variants.riichi.rules import RiichiRules

    hints = typing.get_type_hints(RiichiRules)
    assert hints["renhou"] == typing.Literal["yakuman", "mangan", "none"]
    assert typing.get_origin(hints["abortive_draws"]) is tuple
    assert Literal["a"] == typing.Literal["a"]


def test_a_plain_subclass_has_the_fields_of_the_value_class_it_extends() -> None:
    """A class made from a value class without the decorator (the table's seat of a family)
    is read with its parent's fields, by this module and by the standard ``dataclasses``."""
    import dataclasses

    from mahjongkit.valueclass import dataclass, field, fields

    @dataclass
    class Seat:
        hand: list[int] = field(default_factory=list)
        score: int = 0

    Extended = type("Extended", (Seat,), {"riichi": property(lambda self: True)})
    seat = Extended(hand=[1], score=5)
    assert [f.name for f in fields(seat)] == ["hand", "score"]
    assert [f.name for f in dataclasses.fields(seat)] == ["hand", "score"]
    assert dataclasses.is_dataclass(seat) and seat.riichi and seat == Extended([1], 5)
