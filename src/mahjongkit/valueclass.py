"""Value classes: :func:`dataclasses.dataclass`'s meaning, at a fraction of its start-up cost.

Python 3.11's ``dataclasses`` compiles each generated method on its own, about half a
millisecond a class, and importing it brings ``inspect`` and ``ast``; the first compilation in
a process also builds the ``ast`` types, some ten million instructions. The scoring path
declares some twenty classes, so a one-shot ``mahjongkit score`` spent a third of its time
making them. Here a class's generated methods start generic (closures over its fields, with
the same binding, hash values and errors), and each is compiled, to the code dataclasses
writes, once it has been called :data:`COMPILE_AFTER` times: a hot path runs at dataclasses'
speed, and a one-shot command compiles nothing. :func:`dataclass` supports the parameters the
library uses: ``init``, ``repr``, ``eq``, ``order``, ``frozen``, ``slots`` and ``kw_only``, with
:func:`field`'s ``default``, ``default_factory``, ``init``, ``repr``, ``compare`` and
``metadata``, ``__post_init__``, ``ClassVar`` annotations and inheritance.

The rule: every class of the package is declared with this module (:func:`dataclass`,
:func:`field`, :func:`fields`, :func:`replace`) and no other module imports ``dataclasses``
(``tests/test_architecture.py`` checks it), because a one-shot ``mahjongkit score`` costs the
library 142 million instructions, against 321 million (2.26 times) when its classes are standard
dataclasses (callgrind).

Its classes remain dataclasses to the standard library: ``dataclasses.fields``, ``replace``,
``asdict`` and ``is_dataclass`` work on them, through a ``__dataclass_fields__`` made by the
real ``dataclasses`` on first use, and an assignment to a frozen one raises
``dataclasses.FrozenInstanceError``. The library itself reads them with :func:`fields` and
:func:`replace` here, which need no import.

>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> Point(1), Point(1) == Point(1, 0), hash(Point(1)) == hash(Point(1, 0))
(Point(x=1, y=0), True, True)
>>> replace(Point(1), y=5)
Point(x=1, y=5)
>>> import dataclasses
>>> dataclasses.asdict(Point(2, 3))
{'x': 2, 'y': 3}
"""

from __future__ import annotations

from functools import partial
from operator import attrgetter, eq, ge, gt, le, lt

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any, TypeVar, dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_settings: object) -> Callable[[T], T]:
        return lambda decorated: decorated


class _Missing:
    """No default was given."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""The default of a field without one."""


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen value class.

    What is raised is also :class:`dataclasses.FrozenInstanceError` (see :func:`_frozen`), so
    that code written for standard dataclasses catches it.
    """


_RAISED: list[type[FrozenInstanceError]] = []
"""The class :func:`_frozen` raises, once made."""


def _frozen(message: str) -> FrozenInstanceError:
    """A :class:`FrozenInstanceError` that is :class:`dataclasses.FrozenInstanceError` too.

    Its class is made on the first refusal, which imports ``dataclasses``: a refused assignment
    is a bug being reported, never on a one-shot command's path.
    """
    if not _RAISED:
        import dataclasses

        _RAISED.append(
            type(
                "FrozenInstanceError",
                (FrozenInstanceError, dataclasses.FrozenInstanceError),
                {"__module__": __name__, "__doc__": FrozenInstanceError.__doc__},
            )
        )
    return _RAISED[0](message)


class Field:
    """One field of a value class, as declared (see :func:`field`)."""

    __slots__ = (
        "compare",
        "default",
        "default_factory",
        "init",
        "metadata",
        "name",
        "repr",
        "type",
    )

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        init: bool = True,
        repr: bool = True,
        compare: bool = True,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("a field cannot have both a default and a default_factory")
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.metadata: Mapping[str, Any] = dict(metadata) if metadata else {}
        """What the field's users attach to it (rule options: their range), not to be changed."""

    @property
    def has_default(self) -> bool:
        """Whether the field may be left out of ``__init__``."""
        return self.default is not MISSING or self.default_factory is not MISSING

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, type={self.type!r}, default={self.default!r})"


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | Any = MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
    metadata: Mapping[str, Any] | None = None,
) -> Any:
    """A field's settings, as :func:`dataclasses.field` (the parameters the library uses)."""
    return Field(default, default_factory, init, repr, compare, metadata)


_FIELDS = "__valueclass_fields__"


def _is_class_var(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _collect(cls: type) -> list[Field]:
    inherited: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for known in base.__dict__.get(_FIELDS, ()):
            inherited[known.name] = known
    own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - inspect is what we avoid
    for name, annotation in own.items():
        if _is_class_var(annotation):
            continue
        declared = cls.__dict__.get(name, MISSING)
        spec = declared if isinstance(declared, Field) else Field(default=declared)
        if isinstance(spec.default, list | dict | set):
            raise ValueError(
                f"mutable default {type(spec.default).__name__} for field {name} of "
                f"{cls.__name__}: use default_factory"
            )
        spec.name = name
        spec.type = annotation
        inherited[name] = spec
    return list(inherited.values())


def _init(
    cls: type, fields_: list[Field], settings: dict[str, bool], scope: dict[str, Any]
) -> list[str]:
    params: list[str] = []
    body: list[str] = []
    keyword_only = settings["kw_only"]
    for spec in fields_:
        value = spec.name
        if spec.default_factory is not MISSING:
            scope[f"_factory_{spec.name}"] = spec.default_factory
            value = f"_factory_{spec.name}()"
            if spec.init:
                value += f" if {spec.name} is MISSING else {spec.name}"
        elif spec.default is not MISSING:
            scope[f"_default_{spec.name}"] = spec.default
            if not spec.init:
                value = f"_default_{spec.name}"
        elif not spec.init:
            continue  # set by __post_init__
        if spec.init:
            if spec.has_default:
                default = "MISSING" if spec.default is MISSING else f"_default_{spec.name}"
                params.append(f"{spec.name}={default}")
            else:
                params.append(spec.name)
        if settings["frozen"]:
            body.append(f"  _setattr(self, {spec.name!r}, {value})")
        else:
            body.append(f"  self.{spec.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    star = ["*"] if keyword_only and params else []
    return [f"def __init__(self, {', '.join(star + params)}):", *(body or ["  pass"])]


def _tuple(prefix: str, names: list[str]) -> str:
    return "(" + "".join(f"{prefix}.{name}," for name in names) + ")"


def _comparison(name: str, operator: str, compared: list[str]) -> list[str]:
    return [
        f"def {name}(self, other):",
        "  if other.__class__ is self.__class__:",
        f"    return {_tuple('self', compared)} {operator} {_tuple('other', compared)}",
        "  return NotImplemented",
    ]


def _key(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of a value's ``names``, as the generated methods compare and hash it."""
    if not names:
        return lambda _value: ()
    if len(names) == 1:
        only = attrgetter(names[0])
        return lambda value: (only(value),)
    return attrgetter(*names)


def _generic_init(cls: type, fields_: list[Field], settings: dict[str, bool]) -> Any:
    """``__init__`` without generated code: the same binding, defaults and order of setting."""
    name = f"{cls.__qualname__}.__init__()"
    params = {spec.name: spec for spec in fields_ if spec.init}
    positional = () if settings["kw_only"] else tuple(params)
    setter = object.__setattr__ if settings["frozen"] else setattr
    post_init = hasattr(cls, "__post_init__")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(positional):
            raise TypeError(
                f"{name} takes {len(positional) + 1} positional arguments "
                f"but {len(args) + 1} were given"
            )
        given = dict(zip(positional, args, strict=False))
        for key, value in kwargs.items():
            if key not in params:
                raise TypeError(f"{name} got an unexpected keyword argument {key!r}")
            if key in given:
                raise TypeError(f"{name} got multiple values for argument {key!r}")
            given[key] = value
        for spec in fields_:
            value = given.get(spec.name, MISSING) if spec.init else MISSING
            if value is MISSING:
                if spec.default is not MISSING:
                    value = spec.default
                elif spec.default_factory is not MISSING:
                    value = spec.default_factory()
                elif spec.init:
                    raise TypeError(f"{name} missing a required argument: {spec.name!r}")
                else:
                    continue  # set by __post_init__
            setter(self, spec.name, value)
        if post_init:
            self.__post_init__()

    return __init__


def _generic_comparison(
    key: Callable[[Any], tuple[Any, ...]], compare: Callable[[Any, Any], bool]
) -> Any:
    def method(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return compare(key(self), key(other))
        return NotImplemented

    return method


_ORDER = (("__lt__", "<", lt), ("__le__", "<=", le), ("__gt__", ">", gt), ("__ge__", ">=", ge))


def _methods(
    cls: type, fields_: list[Field], settings: dict[str, bool]
) -> tuple[dict[str, Any], dict[str, tuple[Any, Callable[[], list[str]]]], dict[str, Any]]:
    """The methods dataclasses would write for ``cls``: those made now; for each one that a hot
    path calls, its generic form and how to write its source; and the names the sources read.

    ``__init__``, the comparisons and ``__hash__`` start generic and are compiled once a class
    is used often (see :func:`_tiered`); ``__repr__`` is a closure over the names.
    """
    declared = cls.__dict__
    scope: dict[str, Any] = {"MISSING": MISSING, "_setattr": object.__setattr__}
    tiered: dict[str, tuple[Any, Callable[[], list[str]]]] = {}
    if settings["init"] and "__init__" not in declared:
        tiered["__init__"] = (
            _generic_init(cls, fields_, settings),
            lambda: _init(cls, fields_, settings, scope),
        )
    compared = [spec.name for spec in fields_ if spec.compare]
    key = _key(compared)
    if settings["eq"] and "__eq__" not in declared:
        tiered["__eq__"] = (
            _generic_comparison(key, eq),
            partial(_comparison, "__eq__", "==", compared),
        )
    if settings["order"]:
        for name, operator, compare in _ORDER:
            if name in declared:
                raise TypeError(f"{cls.__name__} defines {name}: order=True would replace it")
            tiered[name] = (
                _generic_comparison(key, compare),
                partial(_comparison, name, operator, compared),
            )
    # __hash__ by dataclasses' rule: kept when written by hand or when eq=False; made from the
    # compared fields when frozen; otherwise None (a mutable value that compares is unhashable).
    class_hash = declared.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in declared))
    methods: dict[str, Any] = {}
    if settings["eq"] and not explicit_hash:
        if settings["frozen"]:
            tiered["__hash__"] = (
                lambda self: hash(key(self)),
                lambda: ["def __hash__(self):", f"  return hash({_tuple('self', compared)})"],
            )
        else:
            methods["__hash__"] = None
    if settings["repr"] and "__repr__" not in declared:
        shown = [spec.name for spec in fields_ if spec.repr]

        def __repr__(self: Any) -> str:
            parts = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
            return f"{self.__class__.__qualname__}({parts})"

        __repr__.__qualname__ = f"{cls.__qualname__}.__repr__"
        methods["__repr__"] = __repr__
    return methods, tiered, scope


COMPILE_AFTER = 500
"""Calls of a generated method before it is compiled. A one-shot command makes few values of
each class and never compiles one: the first compilation in a process costs it some 10 million
instructions, a tenth of its start-up. A game or a scoring run reaches it at once."""


def _tiered(
    owner: list[type],
    name: str,
    generic: Any,
    source: Callable[[], list[str]],
    scope: dict[str, Any],
    hot: bool = False,
) -> Any:
    """Method ``name`` of ``owner[0]``: ``generic`` for its first :data:`COMPILE_AFTER` calls
    (a ``hot`` class: none), then the code dataclasses writes, compiled and put in the class
    in its place."""
    calls = 0

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if hot or calls >= COMPILE_AFTER:
            made = owner[0]
            code = compile("\n".join(source()), f"<value class {made.__qualname__}>", "exec")
            exec(code, scope)
            compiled = scope[name]
            compiled.__qualname__ = f"{made.__qualname__}.{name}"
            type.__setattr__(made, name, compiled)
        return generic(self, *args, **kwargs)

    method.__name__ = name
    method.__qualname__ = f"{owner[0].__qualname__}.{name}"
    return method


def _frozen_guards(owner: list[type], names: frozenset[str]) -> dict[str, Any]:
    """``__setattr__`` and ``__delattr__`` refusing the fields, as a frozen dataclass's do."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is owner[0] or name in names:
            raise _frozen(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is owner[0] or name in names:
            raise _frozen(f"cannot delete field {name!r}")
        object.__delattr__(self, name)

    for method in (__setattr__, __delattr__):
        method.__qualname__ = f"{owner[0].__qualname__}.{method.__name__}"
    return {"__setattr__": __setattr__, "__delattr__": __delattr__}


def _build(cls: type, settings: dict[str, bool], hot: bool = False) -> type:
    fields_ = _collect(cls)
    if not settings["kw_only"]:
        seen_default = False
        for spec in fields_:
            if not spec.init:
                continue
            if seen_default and not spec.has_default:
                raise TypeError(
                    f"non-default field {spec.name!r} of {cls.__name__} follows a default one"
                )
            seen_default = seen_default or spec.has_default
    declared = cls.__dict__
    namespace = dict(declared)
    owner = [cls]  # the class made below, once made: the methods' closures read it
    methods, tiered, scope = _methods(cls, fields_, settings)
    namespace.update(methods)
    for name, (generic, source) in tiered.items():
        namespace[name] = _tiered(owner, name, generic, source, scope, hot)
    if settings["frozen"]:
        namespace.update(_frozen_guards(owner, frozenset(spec.name for spec in fields_)))
    namespace.setdefault(
        "__match_args__",
        tuple(spec.name for spec in fields_ if spec.init and not settings["kw_only"]),
    )
    own = declared.get("__annotations__", {})
    for spec in fields_:
        if spec.name not in own:
            continue
        if settings["slots"] or spec.default is MISSING:
            namespace.pop(spec.name, None)
        else:
            namespace[spec.name] = spec.default
    namespace[_FIELDS] = tuple(fields_)
    namespace["__valueclass_settings__"] = settings
    namespace["__dataclass_fields__"] = _StandardFields()
    if settings["slots"]:
        inherited = {
            slot for base in cls.__mro__[1:] for slot in base.__dict__.get("__slots__", ())
        }
        namespace["__slots__"] = tuple(spec.name for spec in fields_ if spec.name not in inherited)
        namespace.pop("__dict__", None)
        namespace.pop("__weakref__", None)
        if settings["frozen"]:
            namespace["__getstate__"] = _getstate
            namespace["__setstate__"] = _setstate
        built = type(cls)(cls.__name__, cls.__bases__, namespace)
        built.__qualname__ = cls.__qualname__  # a class statement keeps it out of its namespace
    else:
        for name, value in namespace.items():
            if declared.get(name, MISSING) is not value:
                type.__setattr__(cls, name, value)
        for spec in fields_:
            if spec.name in own and spec.default is MISSING and spec.name in declared:
                type.__delattr__(cls, spec.name)
        built = cls
    owner[0] = built
    return built


class _StandardFields:
    """``__dataclass_fields__``, made by the standard ``dataclasses`` when first read."""

    def __get__(self, instance: object, owner: type) -> dict[str, Any]:
        import dataclasses

        own: tuple[Field, ...] = fields(owner)
        namespace: dict[str, Any] = {
            "__annotations__": {spec.name: spec.type for spec in own},
            "__module__": owner.__module__,
            "__qualname__": owner.__qualname__,
        }
        for spec in own:
            namespace[spec.name] = dataclasses.field(
                default=dataclasses.MISSING if spec.default is MISSING else spec.default,
                default_factory=(
                    dataclasses.MISSING if spec.default_factory is MISSING else spec.default_factory
                ),
                init=spec.init,
                repr=spec.repr,
                compare=spec.compare,
                metadata=spec.metadata,
            )
        settings = next(
            c.__dict__["__valueclass_settings__"]
            for c in owner.__mro__
            if "__valueclass_settings__" in c.__dict__
        )
        shadow: Any = dataclasses.dataclass(
            type(owner.__name__, (), namespace),
            eq=settings["eq"],
            order=settings["order"],
            frozen=settings["frozen"],
            kw_only=settings["kw_only"],
        )
        made: dict[str, Any] = shadow.__dataclass_fields__
        type.__setattr__(owner, "__dataclass_fields__", made)
        return made


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, spec.name) for spec in getattr(type(self), _FIELDS)]


def _setstate(self: Any, state: list[Any]) -> None:
    for spec, value in zip(getattr(type(self), _FIELDS), state, strict=True):
        object.__setattr__(self, spec.name, value)


@dataclass_transform(field_specifiers=(field,))
def dataclass(
    cls: type[T] | None = None,
    /,
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    frozen: bool = False,
    slots: bool = False,
    kw_only: bool = False,
    hot: bool = False,
) -> Any:
    """Make ``cls`` a value class, as :func:`dataclasses.dataclass` with the same settings would.

    ``hot`` (not a dataclasses setting): the class is made in bulk wherever it is made at all
    (a table's state, every round of every game), so each generated method is compiled at its
    first call rather than after :data:`COMPILE_AFTER`; a command that never makes one pays
    nothing."""
    settings = {
        "init": init,
        "repr": repr,
        "eq": eq,
        "order": order,
        "frozen": frozen,
        "slots": slots,
        "kw_only": kw_only,
    }
    if order and not eq:
        raise ValueError("order=True needs eq=True")

    def wrap(declared: type[T]) -> type[T]:
        return _build(declared, settings, hot)

    return wrap if cls is None else wrap(cls)


def fields(value: object) -> tuple[Field, ...]:
    """The fields of a value class or of one of its values, in declaration order.

    A standard dataclass is read through :func:`dataclasses.fields`, its fields given the
    same shape.
    """
    kind = value if isinstance(value, type) else type(value)
    # A subclass that is not itself a value class has the fields of the one it extends.
    for c in kind.__mro__:
        if _FIELDS in c.__dict__:
            return c.__dict__[_FIELDS]  # type: ignore[no-any-return]
        if c in _DECLARED:
            return _DECLARED[c]
    import dataclasses

    if not dataclasses.is_dataclass(kind):
        raise TypeError(f"{kind.__name__} is not a value class")
    made_fields = []
    for spec in dataclasses.fields(kind):
        copied = Field(
            MISSING if spec.default is dataclasses.MISSING else spec.default,
            MISSING if spec.default_factory is dataclasses.MISSING else spec.default_factory,
            spec.init,
            spec.repr,
            spec.compare,
            spec.metadata,
        )
        copied.name, copied.type = spec.name, spec.type
        made_fields.append(copied)
    return tuple(made_fields)


def declare(cls: type, specs: Mapping[str, tuple[str, Any]]) -> None:
    """Make a class whose methods are written by hand a value class of the fields ``specs``
    (name: its type, as written, and its default; a callable default is a default factory):
    :func:`fields`, :func:`is_value_class` and :func:`replace` then read it as any other. For
    a class compiled by mypyc, which no decorator of this module can make
    (``mahjongkit.table.state``): its ``__init__``, ``__eq__`` and ``__repr__`` are its own,
    written to match these fields. The fields are kept here, not on the class: an attribute
    set on a compiled class after it is made leaves it unable to be called from Python.
    """
    made = []
    for name, (annotation, default) in specs.items():
        spec = Field(default_factory=default) if callable(default) else Field(default=default)
        spec.name, spec.type = name, annotation
        made.append(spec)
    _DECLARED[cls] = tuple(made)


_DECLARED: dict[type, tuple[Field, ...]] = {}
"""The fields of the classes made value classes by :func:`declare`."""


def is_value_class(value: object) -> bool:
    """Whether ``value`` is a value class or one of its values (or a standard dataclass)."""
    kind = value if isinstance(value, type) else type(value)
    return any(
        "__dataclass_fields__" in base.__dict__ or base in _DECLARED for base in kind.__mro__
    )


def replace(value: T, /, **changes: Any) -> T:
    """A copy of ``value`` with ``changes`` applied, as :func:`dataclasses.replace`."""
    for spec in fields(value):
        if not spec.init:
            if spec.name in changes:
                raise ValueError(f"field {spec.name} cannot be set: it is made by its class")
            continue
        if spec.name not in changes:
            changes[spec.name] = getattr(value, spec.name)
    return type(value)(**changes)
