"""Points: basic points and limits, and who pays whom.

Basic points are ``fu x 2^(2 + han)``, capped at a mangan (2,000), with the higher limits by han:
haneman 3,000 (6-7), baiman 4,000 (8-10), sanbaiman 6,000 (11-12), yakuman 8,000 (13+, or a
yakuman pattern; a double yakuman 16,000). A win on a discard is paid by the discarder, 4x basic
(6x for the dealer); a self-draw by everyone else, 1x from each non-dealer and 2x from the dealer
(2x from each when the dealer wins); every payment is rounded up to 100. Counters and riichi
deposits come on top. These functions are what the table engine calls too (nagashi mangan, the
second winner of a double ron, liability).

>>> basic_points(3, 30, 0, RiichiRules.tenhou())
(960, None)
>>> payments_for(960, winner=1, self_draw=False, from_seat=2, rules=RiichiRules.tenhou()).points
3900
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjongkit.errors import InvalidHandError
from mahjongkit.scoring import Names, PaymentLine
from mahjongkit.valueclass import dataclass, field
from mahjongkit.variants.riichi.rules import RiichiRules

MANGAN = 2000
"""Basic points of a mangan (nagashi mangan is paid as a self-drawn mangan, R-33)."""
HANEMAN, BAIMAN, SANBAIMAN, YAKUMAN = 3000, 4000, 6000, 8000


def _names(en: str, fr: str, es: str, ja: str, romaji: str) -> Names:
    return {"en": en, "fr": fr, "es": es, "ja": ja, "ja-Latn": romaji}


LIMIT_NAMES: dict[str, Names] = {
    "mangan": _names("Mangan", "Mangan", "Mangan", "満貫", "mangan"),
    "haneman": _names("Haneman", "Haneman", "Haneman", "跳満", "haneman"),
    "baiman": _names("Baiman", "Baiman", "Baiman", "倍満", "baiman"),
    "sanbaiman": _names("Sanbaiman", "Sanbaiman", "Sanbaiman", "三倍満", "sanbaiman"),
    "yakuman": _names("Yakuman", "Yakuman", "Yakuman", "役満", "yakuman"),
    "counted_yakuman": _names(
        "Counted yakuman (13 han or more)",
        "Yakuman compté (13 fan ou plus)",
        "Yakuman contado (13 han o más)",
        "数え役満",
        "kazoe yakuman",
    ),
    "double_yakuman": _names(
        "Double yakuman", "Double yakuman", "Doble yakuman", "ダブル役満", "daburu yakuman"
    ),
    "triple_yakuman": _names(
        "Triple yakuman", "Triple yakuman", "Triple yakuman", "トリプル役満", "toripuru yakuman"
    ),
}
"""Names of the limits by id; more than three yakuman are named by :func:`limit_names`."""


def limit_names(limit: str) -> Names:
    """The names of a limit id (``mangan`` ... ``yakuman_x4``)."""
    if limit in LIMIT_NAMES:
        return LIMIT_NAMES[limit]
    times = limit.removeprefix("yakuman_x")
    return _names(
        f"{times}x yakuman", f"Yakuman x{times}", f"Yakuman x{times}", f"{times}倍役満",
        f"{times}-bai yakuman",
    )  # fmt: skip


_YAKUMAN_LIMITS = ("", "yakuman", "double_yakuman", "triple_yakuman")


def basic_points(han: int, fu: int, yakuman: int, rules: RiichiRules) -> tuple[int, str | None]:
    """Basic points and the limit's id (None below a mangan) for a hand.

    ``yakuman`` is the number of yakuman the hand's patterns are worth (0 for ordinary yaku).

    >>> rules = RiichiRules.tenhou()
    >>> basic_points(4, 30, 0, rules), basic_points(4, 40, 0, rules)
    ((1920, None), (2000, 'mangan'))
    >>> basic_points(13, 30, 0, rules), basic_points(0, 0, 2, rules)
    ((8000, 'counted_yakuman'), (16000, 'double_yakuman'))
    """
    if yakuman:
        name = _YAKUMAN_LIMITS[yakuman] if yakuman < 4 else f"yakuman_x{yakuman}"
        return YAKUMAN * yakuman, name
    if han >= 13:
        mode = rules.counted_yakuman
        if mode == "sanbaiman":
            return SANBAIMAN, "sanbaiman"
        if mode == "multiple" and han >= 26:
            times = han // 13
            return YAKUMAN * times, _YAKUMAN_LIMITS[times] if times < 4 else f"yakuman_x{times}"
        return YAKUMAN, "counted_yakuman"
    if han >= 11:
        return SANBAIMAN, "sanbaiman"
    if han >= 8:
        return BAIMAN, "baiman"
    if han >= 6:
        return HANEMAN, "haneman"
    if han >= 5:
        return MANGAN, "mangan"
    basic = fu << (2 + han)
    if basic >= MANGAN or (
        rules.kiriage_mangan and ((han == 4 and fu == 30) or (han == 3 and fu == 60))
    ):
        return MANGAN, "mangan"
    return basic, None


def round_up(amount: int) -> int:
    """Round up to the next 100 points."""
    return -(-amount // 100) * 100


def total_points(
    basic: int, dealer_wins: bool, self_draw: bool, players: int = 4, split: bool = False
) -> int:
    """What the winner gains from the hand alone (no counters, no deposits). With three
    players a self-draw is paid by two seats: the missing seat's share is lost (tsumo loss),
    or, with ``split``, shared by the payers (:attr:`RiichiRules.missing_seat_share`).

    >>> total_points(960, False, False), total_points(960, False, True)
    (3900, 4000)
    >>> total_points(960, True, True)
    6000
    >>> total_points(2000, False, True, 3), total_points(2000, False, True, 3, split=True)
    (6000, 8000)
    """
    if not self_draw:
        return round_up(basic * (6 if dealer_wins else 4))
    if split and players < 4:
        return sum(share_with_missing(basic, dealer_wins, dealer) for dealer in (True, False))
    others = players - 1
    if dealer_wins:
        return round_up(basic * 2) * others
    return round_up(basic * 2) + round_up(basic) * (others - 1)


def share_with_missing(basic: int, dealer_wins: bool, dealer_pays: bool) -> int:
    """One payer's share of a three-player self-draw when the missing (non-dealer) seat's share
    is split between the two payers (北家折半): its own share and half the missing one, rounded
    up to 100 together.

    >>> share_with_missing(2000, False, True), share_with_missing(2000, False, False)
    (5000, 3000)
    >>> share_with_missing(2000, True, False)
    6000
    """
    own = 2 * basic if dealer_wins or dealer_pays else basic
    missing = 2 * basic if dealer_wins else basic
    return -(-(2 * own + missing) // 200) * 100


_REASONS: dict[str, Names] = {
    "ron": _names(
        "win on a discard", "victoire sur une défausse", "victoria con un descarte", "ロン", "ron"
    ),
    "tsumo": _names(
        "share of a self-draw", "part d'une victoire sur pioche", "parte de un robo propio",
        "ツモ", "tsumo",
    ),
    "counters": _names("counters", "compteurs", "contadores", "積み棒", "tsumibou"),
    "liability": _names(
        "liability (pao)", "responsabilité (pao)", "responsabilidad (pao)", "包", "pao"
    ),
    "deposits": _names(
        "riichi deposits", "mises de riichi", "depósitos de riichi", "供託", "kyoutaku"
    ),
    "nagashi_mangan": _names(
        "nagashi mangan", "nagashi mangan", "nagashi mangan", "流し満貫", "nagashi mangan"
    ),
}  # fmt: skip
"""Names of the payment reasons by id."""


@dataclass(frozen=True, slots=True)
class Payments:
    """The settlement of one win: the winner's gain from the hand, the signed change per seat
    (counters and deposits included), and the itemised transfers."""

    points: int
    deltas: Mapping[int, int] = field(default_factory=dict)
    """Signed change per seat; seats whose score does not change are absent."""
    lines: tuple[PaymentLine, ...] = ()


_LINES: dict[tuple[int, int, int, str], PaymentLine] = {}
LINES_LIMIT = 10_000
"""Transfer lines kept before the memo is emptied: a table sees a few hundred (amounts grow only
with counters and deposits)."""


def _line(payer: int, payee: int, amount: int, reason: str) -> PaymentLine:
    """The (memoised) transfer line: amounts are few, and lines are immutable values."""
    key = (payer, payee, amount, reason)
    found = _LINES.get(key)
    if found is None:
        if len(_LINES) >= LINES_LIMIT:
            _LINES.clear()
        found = _LINES[key] = PaymentLine(payer, payee, amount, reason, _REASONS[reason])
    return found


def _check_seats(winner: int, self_draw: bool, from_seat: int | None, players: int) -> None:
    """Raise :class:`~mahjongkit.errors.InvalidHandError` unless the seats of a win exist and a
    discard win names another seat as its discarder."""
    if not 0 <= winner < players:
        raise InvalidHandError(
            f"winner seat {winner} does not exist with {players} players (seats 0..{players - 1})"
        )
    if self_draw:
        return
    if from_seat is None:
        raise InvalidHandError(
            f"a win on a discard needs the discarder's seat: from_seat is None for winner {winner}"
        )
    if not 0 <= from_seat < players or from_seat == winner:
        raise InvalidHandError(
            f"discarder seat {from_seat} cannot pay winner {winner}: a discarder is another seat "
            f"among 0..{players - 1}"
        )


def payments_for(
    basic: int,
    winner: int,
    self_draw: bool,
    from_seat: int | None,
    rules: RiichiRules,
    *,
    dealer: int = 0,
    honba: int = 0,
    deposits: int = 0,
    liable_seat: int | None = None,
    liable_basic: int = 0,
    reason: str | None = None,
) -> Payments:
    """Who pays what for a win worth ``basic`` basic points.

    ``deposits`` is the number of riichi sticks the winner collects. ``liable_seat`` is the
    player liable for ``liable_basic`` of those basic points (a liability yakuman, R-48): on a
    self-draw that player pays all of it; on a discard it is split with the discarder (or paid by
    the discarder alone) per :attr:`RiichiRules.liability_ron`; counters go with
    :attr:`RiichiRules.liability_counters`. Seats are ``0 .. rules.players - 1``.

    >>> rules = RiichiRules.ema2012()
    >>> payments_for(2000, 0, True, None, rules, honba=1).deltas
    {1: -4100, 2: -4100, 3: -4100, 0: 12300}
    >>> payments_for(8000, 1, False, 2, rules, liable_seat=3, liable_basic=8000).deltas
    {2: -16000, 3: -16000, 1: 32000}

    A seat that does not exist, or a discard win without another seat as the discarder, raises
    :class:`~mahjongkit.errors.InvalidHandError` (a ``ValueError``).
    """
    _check_seats(winner, self_draw, from_seat, rules.players)
    dealer_wins = winner == dealer
    liable = liable_seat if liable_seat is not None and liable_basic > 0 else None
    shared = basic - liable_basic if liable is not None else basic
    main = reason or ("tsumo" if self_draw else "ron")
    transfers: list[tuple[int, int, str]] = []
    """(payer, amount, reason)"""
    if self_draw:
        payers = [seat for seat in range(rules.players) if seat != winner]
        split = rules.missing_seat_share == "split" and rules.players < 4
        if shared:
            for payer in payers:
                if split:
                    amount = share_with_missing(shared, dealer_wins, payer == dealer)
                else:
                    share = shared * 2 if dealer_wins or payer == dealer else shared
                    amount = -(-share // 100) * 100
                transfers.append((payer, amount, main))
        counters = honba * rules.honba_per_payer
        if liable is not None:
            whole = total_points(liable_basic, dealer_wins, True, rules.players, split)
            transfers.append((liable, whole, "liability"))
            transfers.append((liable, counters * len(payers), "counters"))
        else:
            transfers.extend((payer, counters, "counters") for payer in payers)
    else:
        assert from_seat is not None  # checked above
        counters_payer = from_seat
        if shared:
            transfers.append((from_seat, total_points(shared, dealer_wins, False), main))
        if liable is not None:
            whole = total_points(liable_basic, dealer_wins, False)
            if rules.liability_ron == "split" and liable != from_seat:
                half = whole // 2
                transfers.append((from_seat, whole - half, main))
                transfers.append((liable, half, "liability"))
                if rules.liability_counters == "liable":
                    counters_payer = liable
            else:
                transfers.append((from_seat, whole, main))
        transfers.append((counters_payer, honba * rules.honba_value, "counters"))
    deltas: dict[int, int] = {}
    lines: list[PaymentLine] = []
    points = 0
    received = 0
    for payer, amount, why in transfers:
        if amount:
            deltas[payer] = deltas.get(payer, 0) - amount
            received += amount
            if why != "counters":
                points += amount
            lines.append(_line(payer, winner, amount, why))
    received += deposits * rules.riichi_deposit
    if received:
        deltas[winner] = received
    return Payments(points, deltas, tuple(lines))


def nagashi_mangan_payments(
    seat: int, rules: RiichiRules, *, dealer: int = 0, honba: int = 0, deposits: int = 0
) -> Payments:
    """R-33: nagashi mangan is paid as a self-drawn mangan, plus counters and deposits.

    >>> nagashi_mangan_payments(2, RiichiRules.ema2012()).deltas
    {0: -4000, 1: -2000, 3: -2000, 2: 8000}
    """
    return payments_for(
        MANGAN,
        seat,
        True,
        None,
        rules,
        dealer=dealer,
        honba=honba,
        deposits=deposits,
        reason="nagashi_mangan",
    )
