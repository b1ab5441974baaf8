"""How far a hand is from ready, what it waits on and what each wait is worth: a
:class:`ShantenRequest` or :class:`WaitsRequest` answered.

>>> from mahjongkit.api.requests import WaitsRequest
>>> found = analyse(WaitsRequest("1122334455667m", variant="sichuan"))
>>> found.ready, found.to_json()["waits"]
(True, ['1m', '4m', '7m'])
"""

from __future__ import annotations

from mahjongkit.api.hands import parse_hand, seat_field, variant_rules_language
from mahjongkit.api.requests import ShantenRequest
from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.lite_typing import Any
from mahjongkit.valueclass import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.variants.analysis import HandAnalysis, WaitValue


@dataclass(frozen=True)
class AnalysisAnswer:
    """A hand's shanten by shape, its waits (each scored from the seat, for a ready hand of
    13 tiles) or the discards of a hand of 14, and the seats assumed."""

    analysis: HandAnalysis
    wait_values: tuple[WaitValue, ...]
    seat: int
    round_wind: int
    discarder: int
    lang: str

    @property
    def ready(self) -> bool:
        """Whether the hand is ready (``waits``' exit code 0)."""
        return bool(self.analysis.ready)

    def to_json(self) -> dict[str, Any]:
        """The object ``shanten --json`` and ``waits --json`` print."""
        from mahjongkit.tiles import format_kind
        from mahjongkit.variants.seats import SEAT_LETTERS

        found = self.analysis
        hand = found.hand
        result: dict[str, Any] = {
            "hand": str(hand),
            "tiles": hand.size,
            "shanten": found.shanten,
            "regular": found.regular,
            "seven_pairs": found.seven_pairs,
            "thirteen_orphans": found.thirteen_orphans,
            "ready": found.ready,
            "seat": SEAT_LETTERS[self.seat],
            "round": SEAT_LETTERS[self.round_wind],
            "from": SEAT_LETTERS[self.discarder],
            "lang": self.lang,
        }
        if hand.size == 13:
            result["waits"] = [format_kind(k) for k in found.waits]
            result["wait_details"] = [wait_json(value, self.lang) for value in self.wait_values]
            result["ukeire"] = found.ukeire
            result["ukeire_tiles"] = [format_kind(k) for k in found.ukeire_kinds]
            return result
        result["waits"] = []
        result["ukeire"] = found.ukeire
        result["discards"] = [
            {
                "discard": format_kind(option.discard),
                "shanten": option.shanten,
                "waits": [format_kind(k) for k in option.waits],
                "ukeire": option.ukeire,
                "ukeire_tiles": [format_kind(k) for k in option.ukeire_kinds],
            }
            for option in found.discards
        ]
        return result


def wait_json(value: WaitValue, lang: str) -> dict[str, Any]:
    """One wait's value by discard and by self-draw, or why each is no win, as JSON."""
    from mahjongkit.i18n import say, t_or

    entry: dict[str, Any] = {"tile": value.tile}
    for how, outcome in (("ron", value.ron), ("tsumo", value.tsumo)):
        if outcome.valid:
            entry[how] = {
                "valid": True,
                "value": outcome.value,
                "unit": outcome.unit,
                "fu": outcome.fu,
                "points": outcome.points,
                "patterns": outcome.score.pattern_ids(),
                "limit": outcome.score.limit,
            }
        else:
            entry[how] = {
                "valid": False,
                "code": outcome.reason,
                "reason": t_or(f"code.{outcome.reason}", lang, outcome.reason or ""),
                "message": say(outcome.message, lang) if outcome.message else outcome.message,
            }
    return entry


def analyse(request: ShantenRequest) -> AnalysisAnswer:
    """Analyse the hand of a request (a :class:`WaitsRequest` asks the same, and its answer
    is read for its waits); refusals are typed errors with their catalog sentence."""
    from mahjongkit.i18n import Sentence
    from mahjongkit.tiles import counts_of, parse_kinds
    from mahjongkit.variants.analysis import (
        analyse_hand,
        default_seat,
        previous_seat,
        score_waits,
        seats_in_hand,
    )
    from mahjongkit.variants.seats import SEAT_LETTERS

    variant, rules, lang = variant_rules_language(
        request.variant, request.rules, request.options, request.lang
    )
    if request.missing and not variant.capabilities.missing_suit:
        raise NotationError(Sentence("refusal.missing_flag", variant=variant.name))
    hand = parse_hand(request.hand, request.melds)
    missing = "mps".index(request.missing) if request.missing else None
    visible = (
        counts_of(parse_kinds(request.visible), what="visible tiles") if request.visible else None
    )
    found = analyse_hand(hand, variant.name, missing_suit=missing, visible=visible)
    seats = seats_in_hand(rules)
    seat = seat_field(request.seat, "--seat")
    if seat is None:
        seat = default_seat(hand, seats)
    elif any(m.from_seat == seat for m in hand.melds):
        raise InvalidHandError(Sentence("refusal.meld_own_seat", seat=SEAT_LETTERS[seat]))
    round_wind = seat_field(request.round, "--round") or 0
    discarder = previous_seat(seat, seats)
    values: tuple[WaitValue, ...] = ()
    if hand.size == 13:
        values = score_waits(
            hand,
            found.waits,
            variant,
            rules,
            seat=seat,
            round_wind=round_wind,
            discarder=discarder,
            missing_suit=missing,
        )
    return AnalysisAnswer(found, values, seat, round_wind, discarder, lang)


__all__ = ["AnalysisAnswer", "analyse", "wait_json"]
