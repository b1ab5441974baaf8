"""What the pattern tables and the rules say a pattern, a hand or a payment is worth, for text
that states those numbers (the glossary, the lessons' checks): one place that reads them, so
that no sentence carries a number written by hand.

Every value is read under a family's rules preset (its default when none is named) with the
variants' own tables and functions; nothing here computes a rule of its own.

>>> pattern_value("hongkong", "all_honours").fan, pattern_value("hongkong", "nine_gates").limit
(10, True)
>>> found = pattern_value("riichi", "sanshoku")
>>> found.fan, found.han_open, pattern_value("riichi", "daisuushii").yakuman
(2, 1, 2)
>>> pattern_value("sichuan", "heavenly").fan, pattern_value("sichuan", "heavenly").limit
(4, True)
>>> option_value("sichuan", "fan_cap"), riichi_payment(4, 30, dealer=True)
(4, 11600)
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjongkit.errors import NotationError
from mahjongkit.lite_typing import Any
from mahjongkit.valueclass import dataclass

FAMILIES = ("sichuan", "hongkong", "riichi")


@dataclass(frozen=True, slots=True)
class PatternValue:
    """A pattern's worth under some rules.

    ``fan`` is the fan (Hong Kong, Sichuan) or the concealed hand's han (Riichi); a limit hand
    has the limit (Hong Kong) or the cap (Sichuan) there and ``limit`` set. ``han_open`` is
    Riichi's open value (0: the yaku needs a concealed hand; None outside Riichi); ``yakuman``
    how many yakuman a Riichi limit hand is worth (its ``fan`` is then 0).
    """

    fan: int
    limit: bool = False
    han_open: int | None = None
    yakuman: int = 0
    enabled: bool = True
    """False for a house rule the preset leaves off (its value is the one it has when on)."""
    per_tile: bool = False
    """Riichi's dora, ura dora and red fives: ``fan`` han for each tile, and no yaku."""
    at_draw: bool = False
    """Riichi's nagashi mangan: paid as a self-drawn mangan at an exhaustive draw, never
    counted with other han."""


def family_rules(family: str, preset: str | None = None, options: Iterable[str] = ()) -> Any:
    """The rules object of ``family`` under ``preset`` (the family's default when None), with
    ``options`` (``NAME=VALUE``, as ``--option`` takes them) applied."""
    from mahjongkit.options import override
    from mahjongkit.variants import find_variant

    if family not in FAMILIES:
        raise NotationError(f"unknown rule family {family!r}: expected one of {FAMILIES}")
    rules = find_variant(family).rules(preset)
    return override(rules, options) if options else rules


def pattern_value(family: str, pattern_id: str, preset: str | None = None) -> PatternValue:
    """The worth of pattern ``pattern_id`` in ``family``'s table under ``preset``.

    A pattern the rules switch off has ``enabled`` false; one the family's table lacks is a
    clear error.

    >>> pattern_value("sichuan", "men_qing").enabled, pattern_value("riichi", "dora").per_tile
    (False, True)
    >>> pattern_value("riichi", "nagashi_mangan").at_draw
    True
    """
    rules = family_rules(family, preset)
    if family == "riichi":
        return _riichi_value(pattern_id, rules, preset)
    if family == "hongkong":
        from mahjongkit.variants.hongkong.fan import FAN_TABLE_BY_ID

        row = FAN_TABLE_BY_ID.get(pattern_id)
        if row is not None:
            limit = row.is_limit(rules)
            fan = rules.limit if limit else row.value(rules)
            return PatternValue(fan, limit, enabled=row.enabled(rules))
    else:
        from mahjongkit.variants.sichuan.fan import ROWS

        found = ROWS.get(pattern_id)
        if found is not None:
            enabled = found.enabled(rules)
            if found.group == "limit":
                return PatternValue(rules.fan_cap, True, enabled=enabled)
            return PatternValue(found.value(rules), enabled=enabled)
    raise NotationError(
        f"{pattern_id!r} is not a pattern of the {family} table under {preset or 'its default'}"
    )


def _riichi_value(pattern_id: str, rules: Any, preset: str | None) -> PatternValue:
    from mahjongkit.variants.riichi.compiled import compile_rules
    from mahjongkit.variants.riichi.features import F_NEVER
    from mahjongkit.variants.riichi.yaku import TABLE

    row = next((row for row in TABLE if row.id == pattern_id), None)
    if row is None:
        raise NotationError(f"{pattern_id!r} is not a pattern of the riichi table")
    if row.bonus is not None:
        return PatternValue(row.han_closed, han_open=row.han_open, per_tile=True)
    for entry in compile_rules(rules).rows:
        if entry.row.id == pattern_id:
            at_draw = bool(row.needs & F_NEVER)
            return PatternValue(
                entry.han_closed, bool(entry.yakuman), entry.han_open, entry.yakuman,
                at_draw=at_draw,
            )  # fmt: skip
    return PatternValue(row.han_closed, bool(row.yakuman), row.han_open, row.yakuman, False)


def option_value(family: str, name: str, preset: str | None = None) -> Any:
    """The value of rules option ``name`` of ``family`` under ``preset``."""
    rules = family_rules(family, preset)
    if name.startswith("_") or not hasattr(rules, name):
        raise NotationError(f"{family} rules have no option {name!r}")
    return getattr(rules, name)


def hongkong_base(fan: int, preset: str | None = None, options: Iterable[str] = ()) -> int:
    """The Hong Kong base amount of ``fan`` fan (H-16), under ``preset`` with ``options``.

    >>> hongkong_base(5), hongkong_base(5, options=["base_table=odd_doubling"])
    (24, 16)
    """
    from mahjongkit.variants.hongkong.payments import base_amount

    return base_amount(fan, family_rules("hongkong", preset, options))


def sichuan_value(fan: int, preset: str | None = None, options: Iterable[str] = ()) -> int:
    """What one payer pays for a Sichuan hand of ``fan`` fan: base × 2^min(fan, cap) (S-02).

    >>> sichuan_value(2), sichuan_value(7), sichuan_value(7, options=["fan_cap=3"])
    (4, 16, 8)
    """
    value: int = family_rules("sichuan", preset, options).hand_value(fan)
    return value


def riichi_basic(han: int, fu: int, preset: str | None = None) -> int:
    """Riichi basic points of ``han`` han and ``fu`` fu, the limits applied."""
    from mahjongkit.variants.riichi.points import basic_points

    return basic_points(han, fu, 0, family_rules("riichi", preset))[0]


def riichi_payment(
    han: int, fu: int, dealer: bool = False, self_draw: bool = False, preset: str | None = None
) -> int:
    """What the winner of ``han`` han ``fu`` fu gains from the hand alone (no counters)."""
    from mahjongkit.variants.riichi.points import total_points

    return total_points(riichi_basic(han, fu, preset), dealer, self_draw)


def riichi_self_draw_shares(
    han: int, fu: int, dealer: bool = False, preset: str | None = None
) -> tuple[int, ...]:
    """Each payer's share of a self-drawn win: (each non-dealer, the dealer) for a non-dealer
    winner, (each payer,) for the dealer."""
    from mahjongkit.variants.riichi.points import round_up

    basic = riichi_basic(han, fu, preset)
    if dealer:
        return (round_up(basic * 2),)
    return (round_up(basic), round_up(basic * 2))
