"""The fixed discrete action space of each family, and its mapping to the engine's actions.

Every index names a kind of decision (discard a 5p, chi with the called tile lowest, pass...);
the groups and their sizes are the family record's ``action_layout``.
Which indices are legal comes from :meth:`Game.legal_actions` alone: each legal action is given
its index, and an index stands for the first legal action that has it (for a discard, the drawn
tile when it is of that slot). Nothing here decides a rule.

>>> layout = layout_for("riichi")
>>> layout.size, layout.name(0), layout.name(34), layout.name(37), layout.name(layout.pass_index)
(150, 'discard 1m', 'discard 0m', 'riichi 1m', 'pass')
>>> layout_for("sichuan").size, layout_for("hongkong").size
(583, 110)

Some rules add groups after the family's own (three-player Riichi's North set aside):

>>> from mahjongkit.variants.riichi.rules import RiichiRules
>>> three = layout_for("riichi", RiichiRules.tenhou3())
>>> three.size, three.name(150), layout_for("riichi", RiichiRules.tenhou()).size
(151, 'kita', 150)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import IllegalActionError
from mahjongkit.rl.masks import legal_indices, mask_bytes
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import NUM_PHYSICAL, RED_FIVE_IDS, format_kind
from mahjongkit.valueclass import dataclass
from mahjongkit.variants import VARIANT_NAMES, find_variant

__all__ = ["ActionLayout", "layout_for"]

_RED_SLOT_NAMES = ("0m", "0p", "0s")

_EXCHANGE_TRIOS: tuple[tuple[int, int, int], ...] = tuple(
    (suit * 9 + a, suit * 9 + b, suit * 9 + c)
    for suit in range(3)
    for a, b, c in combinations_with_replacement(range(9), 3)
)
"""Three kinds of one suit (sorted), suit by suit: the 3 x 165 exchanges of Sichuan."""
_EXCHANGE_INDEX = {trio: i for i, trio in enumerate(_EXCHANGE_TRIOS)}


@dataclass(frozen=True, slots=True)
class ActionLayout:
    """One family's action space: named groups of consecutive indices."""

    variant: str
    groups: tuple[tuple[str, int], ...]
    """(group name, size) in index order."""
    tile_slots: int
    """Tile slots of the discard groups: kinds, then the three red fives (Riichi)."""

    @property
    def size(self) -> int:
        """The number of actions (the ``Discrete`` space's ``n``)."""
        return sum(size for _, size in self.groups)

    def offset(self, group: str) -> int:
        """The first index of a group."""
        start = 0
        for name, size in self.groups:
            if name == group:
                return start
            start += size
        raise IllegalActionError(f"{self.variant} has no action group {group!r}")

    @property
    def pass_index(self) -> int:
        """The index of declining a claim."""
        return self.offset("pass")

    def name(self, index: int) -> str:
        """A short English name of an index (``discard 5p``, ``chi_mid``, ``pass``...)."""
        start = 0
        for group, size in self.groups:
            if start <= index < start + size:
                local = index - start
                if group in ("discard", A.RIICHI):
                    return f"{group} {self._slot_name(local)}"
                if group in ("ankan", "kakan"):
                    return f"{group} {format_kind(local)}"
                if group == "chi":
                    return ("chi_low", "chi_mid", "chi_high")[local]
                if group == "exchange":
                    return "exchange " + " ".join(format_kind(k) for k in _EXCHANGE_TRIOS[local])
                if group == "declare":
                    return "declare " + "mps"[local]
                return group
            start += size
        raise IllegalActionError(
            f"action {index!r:.20} is outside the {self.variant} action space 0..{self.size - 1}"
        )

    def _slot_name(self, slot: int) -> str:
        return _RED_SLOT_NAMES[slot - 34] if slot >= 34 else format_kind(slot)


def _layout(variant: str, added: tuple[tuple[str, int], ...] = ()) -> ActionLayout:
    groups = (*find_variant(variant).action_layout, *added)
    if not groups:
        raise IllegalActionError(f"{variant} has no action space (its record names no layout)")
    sizes = dict(groups)
    exchanges = len(_EXCHANGE_TRIOS)
    if (
        not {"discard", "win", "pass"} <= sizes.keys()
        or sizes.get("exchange", exchanges) != exchanges
    ):
        raise IllegalActionError(
            f"{variant}'s action layout needs discard, win and pass groups"
            f" (and {exchanges} exchanges, when it has the exchange)"
        )
    return ActionLayout(variant, groups, sizes["discard"])


@cache
def _layout_of(variant: str, added: tuple[tuple[str, int], ...] = ()) -> ActionLayout:
    return _layout(variant, added)


def layout_for(variant: str, rules: Any = None) -> ActionLayout:
    """The action layout of a registered family, read from its record; with ``rules``, the
    groups those rules add after it (the record's ``rules_actions``)."""
    if not isinstance(variant, str) or variant not in VARIANT_NAMES:
        raise IllegalActionError(
            f"unknown family {variant!r:.40}: expected one of {', '.join(VARIANT_NAMES)}"
        )
    record = find_variant(variant)
    added = () if rules is None or record.rules_actions is None else record.rules_actions(rules)
    return _layout_of(variant, tuple(added))


class ActionCodec:
    """Engine actions to indices and back, for one family under one rule set (red fives)."""

    def __init__(self, layout: ActionLayout, red_fives: bool) -> None:
        self.layout = layout
        self.size = layout.size
        slots = np.full(NUM_PHYSICAL + 8, -1, dtype=np.int64)
        kinds = np.arange(NUM_PHYSICAL) // 4
        playable = kinds < layout.tile_slots
        slots[:NUM_PHYSICAL][playable] = kinds[playable]
        if red_fives and layout.tile_slots > 34:
            for number, tile in enumerate(RED_FIVE_IDS):
                slots[tile] = 34 + number
        self.slot_of: list[int] = slots.tolist()
        """The discard slot of every physical id (-1: none)."""
        offsets = {name: layout.offset(name) for name, _ in layout.groups}
        self._offsets = offsets
        self._fixed = {
            A.PON: offsets.get("pon", -1),
            A.KAN: offsets.get("kan", -1),
            A.TSUMO: offsets["win"],
            A.RON: offsets["win"],
            A.PASS: offsets["pass"],
            A.ABORT: offsets.get("abort", -1),
            A.FLOWER: offsets.get("flower", -1),
            A.KITA: offsets.get("kita", -1),
        }
        # Discards and riichi declarations: the group's first index, plus the tile's slot.
        self._slot_groups = {A.DISCARD: offsets["discard"]}
        if A.RIICHI in offsets:
            self._slot_groups[A.RIICHI] = offsets[A.RIICHI]

    def index(self, action: Action) -> int:
        """The index of an engine action (one the engine offered)."""
        kind = action.type
        fixed = self._fixed.get(kind)
        if fixed is not None:
            index = fixed
        elif kind == A.DISCARD or kind == A.RIICHI:
            assert action.tile is not None
            slot = self.slot_of[action.tile]
            group = self._offsets["discard" if kind == A.DISCARD else A.RIICHI]
            index = group + slot if slot >= 0 else -1
        elif kind == A.CHI:
            assert action.tile is not None
            low = min(action.tile // 4, *(t // 4 for t in action.consumed))
            index = self._offsets["chi"] + action.tile // 4 - low
        elif kind == A.ANKAN:
            index = self._offsets["ankan"] + action.consumed[0] // 4
        elif kind == A.KAKAN:
            assert action.tile is not None
            index = self._offsets["kakan"] + action.tile // 4
        elif kind == A.EXCHANGE:
            kinds = sorted(t // 4 for t in action.consumed)
            found = _EXCHANGE_INDEX.get((kinds[0], kinds[1], kinds[2])) if len(kinds) == 3 else None
            index = -1 if found is None else self._offsets["exchange"] + found
        elif kind == A.DECLARE_MISSING:
            assert action.suit is not None
            index = self._offsets["declare"] + action.suit
        else:
            index = -1
        if index < 0:
            raise IllegalActionError(
                f"the engine's action {action.to_json()} has no index in the "
                f"{self.layout.variant} action space"
            )
        return index

    def table(
        self, legal: Sequence[Action], drawn: int | None
    ) -> tuple[npt.NDArray[np.int8], dict[int, Action]]:
        """The mask of legal indices and the engine action each stands for.

        Several engine actions may share an index (two copies of a tile, a pon with or without
        the red five): the first in the engine's order stands for it, except that a discard
        slot stands for the drawn tile when the drawn tile is in it.
        """
        chosen = legal_indices(
            legal, drawn, self._slot_groups, self._fixed, self.slot_of, self.index
        )
        return np.frombuffer(mask_bytes(chosen, self.size), dtype=np.int8), chosen
