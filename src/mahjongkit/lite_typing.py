"""The few names of :mod:`typing` the scoring path needs at run time, without importing it.

Importing ``typing`` costs a one-shot ``mahjongkit score`` about 3 ms, a tenth of its start-up,
and a ``typing.NamedTuple`` compiles each of its annotations once more. Annotations are never
evaluated at import (every module starts with ``from __future__ import annotations``), so what
runs is what the class statements use: ``NamedTuple`` and ``Generic`` as bases, ``TypeVar`` for
their parameters, ``Any`` where a base or an alias is subscripted with it. The type checker sees
:mod:`typing`'s own names; at run time these are stand-ins with the same behaviour for the
library's uses:

- ``class X(NamedTuple)`` makes a :func:`collections.namedtuple` with the annotated fields,
  their defaults, and the class's own methods, properties and docstring;
- ``Generic[T]`` is a base whose subscripts (``Row[int]``) give the class itself;
- ``TypeVar("T")`` is a placeholder, and ``Any`` is ``object``;
- ``Literal`` and ``ClassVar`` give :mod:`typing`'s own forms when subscripted, so that
  ``typing.get_type_hints`` still reads every annotation (rule options do);
- ``mypyc_attr`` is ``mypy_extensions``' class decorator, which tells mypyc how to compile a
  class (:mod:`mahjongkit.native`): it does nothing at run time.

Type aliases (``Kind = Literal[...]``) are for the type checker only: they would subscript at
import, so they are declared under ``TYPE_CHECKING``, and a field that rule options read writes
its kinds out.

>>> class Point(NamedTuple):
...     x: int
...     y: int = 0
...     def norm(self) -> int:
...         return abs(self.x) + abs(self.y)
>>> Point(3, -4), Point(3, -4).norm(), Point(1) == (1, 0)
(Point(x=3, y=-4), 7, True)
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any as Any
    from typing import ClassVar as ClassVar
    from typing import Generic as Generic
    from typing import Literal as Literal
    from typing import NamedTuple as NamedTuple
    from typing import TypeVar as TypeVar

    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    _MADE_BY_NAMEDTUPLE = frozenset(
        ("__module__", "__qualname__", "__annotations__", "__dict__", "__weakref__")
    )

    class _NamedTupleMeta(type):
        """Turns a class statement with ``NamedTuple`` as its base into a namedtuple."""

        def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, object]):
            if namespace.get("_stand_in_root"):
                return super().__new__(mcs, name, bases, namespace)
            annotations = namespace.get("__annotations__", {})
            names = list(annotations)
            defaults = []
            for field in names:
                if field in namespace:
                    defaults.append(namespace[field])
                elif defaults:
                    raise TypeError(f"{name}.{field} has no default but follows one that has")
            made = namedtuple(name, names, defaults=defaults, module=namespace["__module__"])
            made.__qualname__ = namespace.get("__qualname__", name)
            made.__annotations__ = dict(annotations)
            for key, value in namespace.items():
                if key in names or key in _MADE_BY_NAMEDTUPLE:
                    continue
                if key.startswith("_") and key in made.__dict__ and key != "__doc__":
                    raise AttributeError(f"{name} cannot redefine namedtuple's {key}")
                setattr(made, key, value)
            return made

    class NamedTuple(metaclass=_NamedTupleMeta):
        """Base of a class statement that makes a namedtuple (see the module)."""

        _stand_in_root = True

    Any = object
    """For the run-time expressions that name it (a base ``Mapping[str, Any]``)."""

    class _Subscripted:
        """A special form whose subscript is made by :mod:`typing` itself, on first use.

        Nothing subscripts it at import (annotations are strings); ``typing.get_type_hints``
        does, and then gets the real ``Literal[...]`` or ``ClassVar[...]``.
        """

        __slots__ = ("_name",)

        def __init__(self, name: str) -> None:
            self._name = name

        def __getitem__(self, parameters: object) -> object:
            import typing

            return getattr(typing, self._name)[parameters]

        def __repr__(self) -> str:
            return f"typing.{self._name}"

    Literal = _Subscripted("Literal")
    ClassVar = _Subscripted("ClassVar")

    class Generic:
        """Base of a generic class: ``Generic[T]`` and ``Class[int]`` give the class itself."""

        __slots__ = ()

        def __class_getitem__(cls, _parameters: object) -> type:
            return cls

    class TypeVar:
        """A type parameter's placeholder: its name."""

        __slots__ = ("__name__",)

        def __init__(self, name: str, *_constraints: object, **_options: object) -> None:
            self.__name__ = name

        def __repr__(self) -> str:
            return f"~{self.__name__}"


    def mypyc_attr(*_flags: str, **_settings: object):
        """How mypyc compiles a class (``native_class=False``: as a Python class); nothing at
        run time. The type checker, and so mypyc, see ``mypy_extensions``' own."""
        return lambda declared: declared


__all__ = ["Any", "ClassVar", "Generic", "Literal", "NamedTuple", "TypeVar", "mypyc_attr"]
