"""The registry of rule families.

Each variant package exposes ``VARIANT``, a :class:`~mahjongkit.variants.base.Variant`: its
rule presets, its scorer, its table hooks. Adding a variant is adding one package and one line
to ``_PACKAGES``. Packages are imported on first use (importing all three costs a noticeable
part of a command's start-up).
"""

from __future__ import annotations

from importlib import import_module

from mahjongkit.errors import NotationError
from mahjongkit.lazy import lazy_exports
from mahjongkit.lite_typing import Any

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.variants.base import Capabilities, Variant

# Every command's parser reads the registry's names: the record's classes (and the catalogs
# they bring) are imported when first asked for.
__getattr__ = lazy_exports(
    __name__, {name: "mahjongkit.variants.base" for name in ("Capabilities", "Variant")}
)

_PACKAGES = {
    "riichi": "mahjongkit.variants.riichi",
    "hongkong": "mahjongkit.variants.hongkong",
    "sichuan": "mahjongkit.variants.sichuan",
}

__all__ = ["VARIANT_NAMES", "Capabilities", "Variant", "find_variant", "rules_page"]


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (``riichi``, ``hongkong``, ``sichuan``)."""
    if not isinstance(name, str) or name not in _PACKAGES:
        raise NotationError(f"unknown variant {name!r}: expected one of {', '.join(_PACKAGES)}")
    variant: Variant = import_module(_PACKAGES[name]).VARIANT
    return variant


VARIANT_NAMES = tuple(_PACKAGES)


def rules_page(name: str, rules: Any, lang: str) -> str:
    """The variant's pattern table as a Markdown page, generated from the table itself."""
    variant = find_variant(name)
    if variant.rules_page is None:
        raise NotationError(f"{name} has no rules page")
    return variant.rules_page(rules, lang)
