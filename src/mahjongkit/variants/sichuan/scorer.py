"""Scoring a Sichuan blood-battle win (血战到底): checks, the best reading, value and payments.

:func:`score` turns one :class:`~mahjongkit.scoring.Win` into a :class:`~mahjongkit.scoring.Score`:
the fan of the best reading of the hand (:mod:`.fan`), the value base × 2^min(fan, cap), and who
pays it (:mod:`.payments`). Kong money and the end-of-wall settlement are events of their own,
in :mod:`.payments`; the table rules (exchange three, discard obligation, several winners) are in
:mod:`.flow`.

>>> from mahjongkit.hand import Hand
>>> from mahjongkit.tiles import Tile
>>> win = Win(Hand.parse("123m456m234p678p99p"), Tile.parse("9p"), seat=1, from_seat=0)
>>> result = score(win, SichuanRules.blood_battle())
>>> result.pattern_ids(), result.value, dict(result.payments)
(['simple'], 0, {0: -1, 1: 1, 2: 0, 3: 0})
"""

from __future__ import annotations

from mahjongkit.errors import InvalidHandError, MahjongError
from mahjongkit.i18n import Sentence, reason_of, seat_name, t
from mahjongkit.melds import SEAT_LETTERS, MeldKind
from mahjongkit.scoring import Score, Win
from mahjongkit.scoring.patterns import replaced_names
from mahjongkit.tiles import format_kind
from mahjongkit.valueclass import dataclass
from mahjongkit.variants.sichuan.fan import ROWS, HowWon, best_fan, best_fan_value
from mahjongkit.variants.sichuan.payments import net, win_payments
from mahjongkit.variants.sichuan.rules import SichuanRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.scoring.explain import Section

__all__ = ["IncompleteHandError", "SichuanScore", "points", "score"]

VARIANT_NAME = "sichuan"
SUIT_LETTERS = "mps"


class IncompleteHandError(InvalidHandError):
    """Tiles that cannot make a Sichuan win: a tile of the missing suit, or all three suits."""

    code = "not_complete"


def _seats(seats: frozenset[int]) -> str:
    return ", ".join(SEAT_LETTERS[s] for s in sorted(seats)) or "nobody"


def _check_tiles(win: Win) -> int:
    """Validate the tiles against Sichuan's rules; return the missing suit (0 m, 1 p, 2 s)."""
    hand = win.hand
    if hand.size != 14:
        raise InvalidHandError(Sentence("sichuan.size", size=hand.size))
    if win.win_tile.kind not in {tile.kind for tile in hand.concealed}:
        raise InvalidHandError(Sentence("sichuan.win_tile_not_held", tile=str(win.win_tile)))
    if win.flowers:
        raise InvalidHandError(Sentence("sichuan.no_flowers"))
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            raise InvalidHandError(Sentence("sichuan.no_chow", meld=str(meld)))
    kinds = [tile.kind for tile in hand.concealed] + [k for m in hand.melds for k in m.kinds]
    honours = sorted({k for k in kinds if k >= 27})
    if honours:
        raise InvalidHandError(Sentence("sichuan.honours", tile=format_kind(honours[0])))
    suits = {kind // 9 for kind in kinds}
    missing = win.missing_suit
    if missing is None:
        absent = [suit for suit in range(3) if suit not in suits]
        if not absent:
            raise IncompleteHandError(Sentence("sichuan.three_suits"))
        return absent[0]
    if missing not in (0, 1, 2):
        raise InvalidHandError(f"missing suit {missing!r} is not 0 (m), 1 (p) or 2 (s)")
    held = sorted(k for k in set(kinds) if k // 9 == missing)
    if held:
        raise IncompleteHandError(
            Sentence("sichuan.missing_held", tile=format_kind(held[0]), suit=SUIT_LETTERS[missing])
        )
    return missing


def _how(win: Win, rules: SichuanRules) -> tuple[HowWon, int | None, str | None]:
    """How the hand was won, who pays alone (None: everyone in the game) and the line reason."""
    if not win.self_draw:
        if win.after_kong:
            raise InvalidHandError(
                "a win on a kong replacement is a self-draw: it has no discarder"
            )
        if win.from_seat is None:
            raise InvalidHandError("a win on a discard needs the seat that discarded")
    else:
        if win.kong_discard:
            raise InvalidHandError("a win on the discard after a kong is not a self-draw")
        if win.robbing_kong:
            raise InvalidHandError("robbing a kong is a win on another player's tile")
    if win.after_kong and not any(m.is_kong for m in win.hand.melds):
        raise InvalidHandError(
            "a win on a kong's replacement tile needs a kong, the hand shows none"
        )
    if win.robbing_kong and not rules.rob_kong:
        raise InvalidHandError("robbing a kong is not allowed (rob_kong=false)")
    if win.robbing_kong and win.kong_discard:
        raise InvalidHandError("a win cannot both rob a kong and take a discard after one")
    payer: int | None = None if win.self_draw else win.from_seat
    reason: str | None = "robbed_kong_win" if win.robbing_kong else None
    paid_as_self_draw = win.self_draw
    if win.self_draw and win.after_kong and rules.dian_gang_hua == "as_discard":
        feeder = _kong_feeder(win)
        if feeder is not None:
            payer, reason, paid_as_self_draw = feeder, "fed_kong_flower", False
    first = win.first_turn and win.self_draw and not win.hand.melds
    how = HowWon(
        self_draw=win.self_draw,
        paid_as_self_draw=paid_as_self_draw,
        after_kong=win.after_kong,
        kong_discard=win.kong_discard,
        robbing_kong=win.robbing_kong,
        last_tile=win.last_tile,
        heavenly=first and win.seat == 0,
        earthly=first and win.seat != 0,
    )
    return how, payer, reason


def _kong_feeder(win: Win) -> int | None:
    """Who fed the kong whose replacement tile won: ``liable_seat`` if the caller says, else the
    discarder of the last kong listed when it is an exposed kong (the kong just declared)."""
    if win.liable_seat is not None:
        return win.liable_seat
    kongs = [meld for meld in win.hand.melds if meld.is_kong]
    if kongs and kongs[-1].kind is MeldKind.KONG:
        return kongs[-1].from_seat
    return None


@dataclass(frozen=True, slots=True)
class SichuanScore(Score):
    """A Sichuan result: its explanation also states the hand value and the cap (S-02, S-03)."""

    def detail_lines(self, lang: str, section: Section) -> tuple[str, ...]:
        """The hand value after the fan total."""
        if section != "value" or self.error is not None or self.cap is None:
            return ()
        line = t(
            "sichuan.value",
            lang,
            base=self.extra["base"],
            fan=self.value,
            value=self.extra["hand_value"],
            cap=self.cap,
        )
        return (line,)


def _checked(win: Win, rules: SichuanRules) -> tuple[int, HowWon, int | None, str | None]:
    """Check the win (a :class:`MahjongError` naming what is wrong): the missing suit, how the
    hand was won, who pays alone (None: everyone in the game) and the line reason."""
    missing = _check_tiles(win)
    for seat, what in ((win.seat, "winner"), (win.from_seat, "discarder")):
        if seat is not None and not 0 <= seat < 4:
            raise InvalidHandError(f"the {what}'s seat {seat} is not 0..3")
    if any(not 0 <= s < 4 for s in win.in_game):
        raise InvalidHandError(f"in-game seats {sorted(win.in_game)} are not 0..3")
    if win.seat not in win.in_game:
        raise InvalidHandError(
            Sentence(
                "sichuan.winner_left",
                seat=seat_name(win.seat),
                seats=_seats(win.in_game),
            )
        )
    how, payer, reason = _how(win, rules)
    if payer is not None and (payer == win.seat or payer not in win.in_game):
        raise InvalidHandError(
            Sentence("sichuan.payer_left", seat=seat_name(payer), seats=_seats(win.in_game))
        )
    return missing, how, payer, reason


def points(win: Win, rules: SichuanRules) -> int:
    """What the winner of ``win`` receives under ``rules``, 0 when it wins nothing (impossible
    or not complete): :func:`score`'s ``points`` on a valid win, without the explained result
    (no text, names or hits are made). A bot asks this for each wait of a ready hand.
    """
    try:
        _, how, payer, reason = _checked(win, rules)
    except MahjongError:
        return 0
    fan = best_fan_value(win.hand, win.win_tile.kind, rules, how)
    if fan is None:
        return 0
    lines = win_payments(win.seat, rules.hand_value(fan), win.in_game, rules, payer, reason)
    return net(lines)[win.seat]


def score(win: Win, rules: SichuanRules) -> Score:
    """Score a Sichuan win: patterns, fan, value and payments (S-01 … S-15, §6).

    A hand holding a tile of its missing suit, or all three suits, is ``not_complete``; so is a
    hand that does not form four sets and a pair or seven pairs. Without ``win.missing_suit`` the
    missing suit is the one absent from the hand.
    """
    text = str(win.hand)
    try:
        missing, how, payer, reason = _checked(win, rules)
    except MahjongError as error:
        return SichuanScore.failure(VARIANT_NAME, error.code, reason_of(error), text)
    result = best_fan(win.hand, win.win_tile.kind, rules, how)
    if result is None:
        return SichuanScore.failure(
            VARIANT_NAME,
            "not_complete",
            Sentence("sichuan.not_complete"),
            text,
        )
    value = rules.hand_value(result.fan)
    lines = win_payments(win.seat, value, win.in_game, rules, payer, reason)
    payments = net(lines)
    return SichuanScore(
        variant=VARIANT_NAME,
        patterns=result.hits,
        value=result.fan,
        raw_value=result.raw_fan,
        unit="fan",
        limit=result.limit.id if result.limit else None,
        limit_names=result.limit.names if result.limit else {},
        cap=rules.fan_cap,
        points=payments[win.seat],
        payments=payments,
        lines=tuple(lines),
        replaced=result.replaced,
        replaced_names=replaced_names(result.replaced, ROWS),
        hand=text,
        extra={
            "hand_value": value,
            "base": rules.base,
            "missing_suit": SUIT_LETTERS[missing],
            "reading": result.reading,
        },
    )
