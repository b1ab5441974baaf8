"""Names a package exports but imports only when first read (PEP 562 ``__getattr__``).

The package ``__init__`` modules list where each public name lives; reading the name imports
that module once and keeps the value in the package, so ``import mahjongkit`` and the command
line pay only for the modules they use.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any


def lazy_exports(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: each name of ``where`` imported from its module.

    >>> getattr_ = lazy_exports("mahjongkit", {"Tile": "mahjongkit.tiles"})
    >>> getattr_("Tile").__name__
    'Tile'
    """

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


__all__ = ["lazy_exports"]
