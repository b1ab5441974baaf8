"""The registry of rule families.

Each variant package exposes ``VARIANT``, a :class:`~mahjongkit.variants.base.Variant`: its
rule presets, its scorer, its table hooks, and what the surfaces and bots ask of it
(:class:`~mahjongkit.variants.base.Capabilities`, its action layout, its bots' hints). Adding a
variant is adding one package and one line to ``_PACKAGES``; a family kept outside the library
joins with :func:`register_variant` (see ``docs/variants.md``). Packages are imported on first
use (importing all three costs a noticeable part of a command's start-up).

``VARIANT_NAMES`` is a live view of the registry: a family registered later is in it, for
every module that imported it before.

>>> "sichuan" in VARIANT_NAMES, VARIANT_NAMES[0]
(True, 'riichi')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from importlib import import_module

from mahjongkit.errors import NotationError
from mahjongkit.lazy import lazy_exports
from mahjongkit.lite_typing import Any

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.variants.base import BotHints, Capabilities, Variant

# Every command's parser reads the registry's names: the record's classes (and the catalogs
# they bring) are imported when first asked for.
__getattr__ = lazy_exports(
    __name__,
    {name: "mahjongkit.variants.base" for name in ("BotHints", "Capabilities", "Variant")},
)

DEFAULT_VARIANT = "riichi"
"""The family a command, a game or a page plays when none is named."""

_PACKAGES = {
    "riichi": "mahjongkit.variants.riichi",
    "hongkong": "mahjongkit.variants.hongkong",
    "sichuan": "mahjongkit.variants.sichuan",
}

__all__ = [
    "DEFAULT_VARIANT",
    "VARIANT_NAMES",
    "BotHints",
    "Capabilities",
    "Variant",
    "find_variant",
    "register_variant",
    "rules_page",
    "variant_for_protocol",
    "variant_names",
    "variant_packages",
]


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (``riichi``, ``hongkong``, ``sichuan``, or one registered)."""
    if not isinstance(name, str) or name not in _PACKAGES:
        raise NotationError(f"unknown variant {name!r}: expected one of {', '.join(_PACKAGES)}")
    variant: Variant = import_module(_PACKAGES[name]).VARIANT
    if variant.name != name:
        raise NotationError(f"{_PACKAGES[name]}.VARIANT is named {variant.name!r}, not {name!r}")
    return variant


def register_variant(name: str, package: str) -> None:
    """Add the family whose package (importable by that dotted name) exposes ``VARIANT``.

    The package is imported now, its record checked and its sentences added to the catalogs.
    Registering a name again with the same package does nothing; with another, it is refused.
    """
    known = _PACKAGES.get(name)
    if known is not None and known != package:
        raise NotationError(f"variant {name!r} is already registered, from {known}")
    variant = import_module(package).VARIANT
    if variant.name != name:
        raise NotationError(f"{package}.VARIANT is named {variant.name!r}, not {name!r}")
    from mahjongkit.i18n.messages import add_sentences

    add_sentences(variant.sentences)
    _PACKAGES[name] = package


def variant_names() -> tuple[str, ...]:
    """The registered families' names, the built-in ones first."""
    return tuple(_PACKAGES)


def variant_packages() -> dict[str, str]:
    """Each registered family's package by name: what another process registers to know the
    same families (a server's worker processes)."""
    return dict(_PACKAGES)


def variant_for_protocol(protocol: str) -> Variant:
    """The family a wire protocol (``mjai``) carries: the one whose record names it."""
    for name in _PACKAGES:
        variant = find_variant(name)
        if protocol in variant.protocols:
            return variant
    raise NotationError(f"no variant is played over {protocol}")


class _Names(Sequence[str]):
    """The registered names, read from the registry at every use."""

    def __getitem__(self, index: Any) -> Any:
        return variant_names()[index]

    def __len__(self) -> int:
        return len(_PACKAGES)

    def __iter__(self) -> Iterator[str]:
        return iter(variant_names())

    def __contains__(self, name: object) -> bool:
        return name in _PACKAGES

    def __eq__(self, other: object) -> bool:
        return variant_names() == (tuple(other) if isinstance(other, Sequence) else other)

    def __hash__(self) -> int:
        return hash(variant_names())

    def __repr__(self) -> str:
        return repr(variant_names())


VARIANT_NAMES: Sequence[str] = _Names()


def rules_page(name: str, rules: Any, lang: str) -> str:
    """The variant's pattern table as a Markdown page, generated from the table itself."""
    variant = find_variant(name)
    if variant.rules_page is None:
        raise NotationError(f"{name} has no rules page")
    return variant.rules_page(rules, lang)
