"""Hong Kong payments: the base amount of a fan total, who pays, and the liability rules.

The table engine calls :func:`base_amount` and :func:`settle` directly; the scorer calls
:func:`settle` for the payments of a win.

* H-16: ``base(fan)`` comes from a table that doubles every two fan, 8 at 3 fan (half-spicy).
* H-15 / H-10 (full liability, 全銃): on a self-draw each of the three others pays base(fan); on a
  discard the discarder alone pays 2·base(fan).
* Half liability (半銃): on a discard the discarder pays 2·base and the other two base each; on a
  self-draw each pays 2·base.
* Liability (包, ``RULES-hongkong.md`` §6): one seat takes over the shares of the others. On a
  self-draw it pays all three shares; on a discard the discarder still pays its own share and the
  liable seat pays the shares of the other two (nothing more under full liability, where they
  owe nothing).

>>> [base_amount(fan, HongKongRules()) for fan in range(14)]
[1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Names, PaymentLine, Win
from mahjongkit.tiles import DRAGONS, WINDS
from mahjongkit.valueclass import dataclass
from mahjongkit.variants.hongkong.rules import HongKongRules


def base_amount(fan: int, rules: HongKongRules) -> int:
    """The base amount of ``fan`` (already capped) in the table of ``rules.base_table`` (H-16).

    >>> rules = HongKongRules(base_table="odd_doubling")
    >>> [base_amount(fan, rules) for fan in (3, 4, 5, 7, 13)]
    [8, 12, 16, 32, 256]
    >>> base_amount(10, HongKongRules(base_table="full_spicy"))
    1024
    """
    if fan < 0:
        raise ValueError(f"a fan total cannot be negative ({fan})")
    if rules.base_table == "full_spicy":
        return 1 << fan
    # Both other tables double every fan up to an anchor, then every two fan, the fan in between
    # paying half as much again (×1.5): half-spicy anchors at 4 fan (16), the odd reading at 3 (8).
    anchor = 4 if rules.base_table == "half_spicy" else 3
    if fan <= anchor:
        return 1 << fan
    steps, odd = divmod(fan - anchor, 2)
    amount = (1 << anchor) << steps
    return amount * 3 // 2 if odd else amount


REASONS: dict[str, Names] = {
    "self_draw": {
        "en": "self-draw",
        "fr": "auto-pioche",
        "es": "robo propio",
        "zh": "自摸",
    },
    "discard": {
        "en": "discarded the winning tile",
        "fr": "a défaussé la tuile gagnante",
        "es": "descartó la ficha ganadora",
        "zh": "出銃",
    },
    "half_liability": {
        "en": "half liability: a losing seat's share",
        "fr": "demi-responsabilité : part d'un perdant",
        "es": "media responsabilidad: parte de un perdedor",
        "zh": "半銃",
    },
    "robbed_kong": {
        "en": "declared the robbed kong",
        "fr": "a déclaré le kong volé",
        "es": "declaró el kong robado",
        "zh": "被搶槓",
    },
    "twelve_tiles": {
        "en": "liable: discarded the tile of the fourth exposed set",
        "fr": "responsable : a donné la tuile de la quatrième combinaison exposée",
        "es": "responsable: dio la ficha de la cuarta combinación expuesta",
        "zh": "十二張落地包自摸",
    },
    "kong_replacement": {
        "en": "liable: discarded the tile of the kong",
        "fr": "responsable : a donné la tuile du kong",
        "es": "responsable: dio la ficha del kong",
        "zh": "槓上開花包自摸",
    },
    "big_dragons": {
        "en": "liable: fed the third dragon set",
        "fr": "responsable : a donné la troisième combinaison de dragons",
        "es": "responsable: dio la tercera combinación de dragones",
        "zh": "包三元",
    },
    "big_winds": {
        "en": "liable: fed the fourth wind set",
        "fr": "responsable : a donné la quatrième combinaison de vents",
        "es": "responsable: dio la cuarta combinación de vientos",
        "zh": "包四喜",
    },
    "liability": {
        "en": "liable for the hand",
        "fr": "responsable de la main",
        "es": "responsable de la mano",
        "zh": "包牌",
    },
}
"""Why a seat pays: stable reason id -> names."""


def _claimed_from(meld: Meld, winner: int) -> int | None:
    """The seat a claimed meld's tile came from; a chow can only come from the left (H-04)."""
    if meld.kind is MeldKind.CONCEALED_KONG:
        return None
    if meld.from_seat is None and meld.kind is MeldKind.CHOW:
        return (winner - 1) % 4
    return meld.from_seat


def _twelve_tiles(win: Win, rules: HongKongRules, pattern_ids: frozenset[str]) -> int | None:
    melds = win.hand.melds
    if not (rules.twelve_tiles_liability and win.self_draw and len(melds) == 4):
        return None
    if any(m.kind is MeldKind.CONCEALED_KONG for m in melds):
        return None
    return _claimed_from(melds[-1], win.seat)


def _kong_replacement(win: Win, rules: HongKongRules, pattern_ids: frozenset[str]) -> int | None:
    melds = win.hand.melds
    if not (rules.kong_replacement_liability and win.self_draw and win.after_kong and melds):
        return None
    # Only a claimed kong has a discarder to blame; the kong just declared is the last meld.
    return melds[-1].from_seat if melds[-1].kind is MeldKind.KONG else None


def _fed_last(win: Win, kinds: tuple[int, ...], wanted: int) -> int | None:
    sets = [m for m in win.hand.melds if m.kind is not MeldKind.CHOW and m.first in kinds]
    if len(sets) < wanted or any(m.kind is MeldKind.CONCEALED_KONG for m in sets):
        return None
    return _claimed_from(sets[-1], win.seat)


def _big_dragons(win: Win, rules: HongKongRules, pattern_ids: frozenset[str]) -> int | None:
    if not (rules.big_hand_liability and "big_three_dragons" in pattern_ids):
        return None
    return _fed_last(win, DRAGONS, 3)


def _big_winds(win: Win, rules: HongKongRules, pattern_ids: frozenset[str]) -> int | None:
    if not (rules.big_hand_liability and "big_four_winds" in pattern_ids):
        return None
    return _fed_last(win, WINDS, 4)


@dataclass(frozen=True, slots=True)
class LiabilityRule:
    """A liability rule of §6: its reason id and who it makes liable (None: it does not apply)."""

    reason: str
    liable: Callable[[Win, HongKongRules, frozenset[str]], int | None]


LIABILITY_RULES: tuple[LiabilityRule, ...] = (
    LiabilityRule("big_dragons", _big_dragons),
    LiabilityRule("big_winds", _big_winds),
    LiabilityRule("kong_replacement", _kong_replacement),
    LiabilityRule("twelve_tiles", _twelve_tiles),
)
"""The liability rules, the more specific first: the first that applies decides. Each is off or
on through its own option; ``Win.liable_seat``, set by the table engine, overrides them all."""


def liable_seat(
    win: Win, rules: HongKongRules, pattern_ids: frozenset[str] = frozenset()
) -> tuple[int, str] | None:
    """The seat liable for the whole win and the reason id, if a liability rule applies."""
    if win.liable_seat is not None:
        return win.liable_seat, "liability"
    for rule in LIABILITY_RULES:
        seat = rule.liable(win, rules, pattern_ids)
        if seat is not None and seat != win.seat:
            return seat, rule.reason
    return None


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who pays what for one win: signed deltas per seat and the itemised transfers."""

    base: int
    payments: Mapping[int, int]
    lines: tuple[PaymentLine, ...]

    @property
    def points(self) -> int:
        """What the winner receives."""
        return sum(line.amount for line in self.lines)


def received(win: Win, fan: int, rules: HongKongRules) -> int:
    """What the winner of ``win`` receives for ``fan`` (after the cap): :func:`settle`'s
    ``points`` without its lines. A liability only moves a share from one payer to another,
    so the sum is that of the shares before it (a bot asks this for each wait it weighs)."""
    base = base_amount(fan, rules)
    winner = win.seat
    paid_as_self_draw = win.self_draw or (
        win.robbing_kong and rules.rob_kong_payment == "kong_declarer_pays_all"
    )
    discarder = None if win.self_draw else win.from_seat
    full = rules.payment_system == "full"
    total = 0
    for seat in range(rules.players):
        if seat == winner:
            continue
        if paid_as_self_draw:
            total += base if full else 2 * base
        elif seat == discarder:
            total += 2 * base
        elif rules.payment_system == "half":
            total += base
    return total


def settle(
    win: Win, fan: int, rules: HongKongRules, pattern_ids: frozenset[str] = frozenset()
) -> Settlement:
    """The payments of a win worth ``fan`` (after the cap), per the payment system and §6.

    ``pattern_ids`` are the patterns scored (the big-hand liabilities look for them).
    """
    base = base_amount(fan, rules)
    winner = win.seat
    losers = [seat for seat in range(rules.players) if seat != winner]
    robbed_as_self_draw = win.robbing_kong and rules.rob_kong_payment == "kong_declarer_pays_all"
    paid_as_self_draw = win.self_draw or robbed_as_self_draw
    discarder = None if win.self_draw else win.from_seat
    # Each loser's share before any liability.
    shares: dict[int, tuple[int, str]] = {}
    for seat in losers:
        if paid_as_self_draw:
            amount = base if rules.payment_system == "full" else 2 * base
            shares[seat] = (amount, "self_draw")
        elif seat == discarder:
            shares[seat] = (2 * base, "robbed_kong" if win.robbing_kong else "discard")
        elif rules.payment_system == "half":
            shares[seat] = (base, "half_liability")
    liable: tuple[int, str] | None = None
    if robbed_as_self_draw and discarder is not None:
        liable = (discarder, "robbed_kong")
    else:
        liable = liable_seat(win, rules, pattern_ids)
    owed: dict[int, list[tuple[int, str]]] = {seat: [] for seat in losers}
    for seat, (amount, reason) in shares.items():
        if liable is not None and seat != discarder and seat != liable[0]:
            # The liable seat takes this share over (§6).
            owed[liable[0]].append((amount, liable[1]))
        elif liable is not None and seat == liable[0] and paid_as_self_draw:
            owed[seat].append((amount, liable[1]))
        else:
            owed[seat].append((amount, reason))
    lines: list[PaymentLine] = []
    for seat in losers:
        merged: dict[str, int] = {}
        for amount, reason in owed[seat]:
            merged[reason] = merged.get(reason, 0) + amount
        for reason, amount in merged.items():
            if amount:
                lines.append(PaymentLine(seat, winner, amount, reason, REASONS[reason]))
    payments = {seat: 0 for seat in range(rules.players)}
    for line in lines:
        payments[line.payer] -= line.amount
        payments[line.payee] += line.amount
    return Settlement(base, payments, tuple(lines))
