"""The explanation of a result as text, and its public JSON shape.

One renderer for every variant. A variant adds its own lines through the score's
``detail_lines(lang, section)`` hook (the fan toward a minimum, a base amount, a hand value),
never by editing the rendered text; the names it shows come with the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mahjongkit.i18n import number, say, t, t_or
from mahjongkit.lite_typing import Any, Literal
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.scoring.names import Names, name_in

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Protocol

    Section = Literal["failure", "value", "settlement"]
    """Where a variant's own lines go: after the reason for a non-win, after the fan total, or just
    before the points."""

    class _Hit(Protocol):
        @property
        def id(self) -> str: ...
        @property
        def value(self) -> int: ...
        @property
        def unit(self) -> str: ...
        @property
        def count(self) -> int: ...
        def name(self, lang: str = "en") -> str: ...

    class _Fu(Protocol):
        @property
        def id(self) -> str: ...
        @property
        def fu(self) -> int: ...
        def name(self, lang: str = "en") -> str: ...

    class _Line(Protocol):
        @property
        def payer(self) -> int: ...
        @property
        def payee(self) -> int: ...
        @property
        def amount(self) -> int: ...
        @property
        def reason(self) -> str: ...
        @property
        def names(self) -> Names: ...

    class _Error(Protocol):
        @property
        def code(self) -> str: ...
        @property
        def message(self) -> str: ...

    class Explainable(Protocol):
        """What the renderer reads of a :class:`~mahjongkit.scoring.Score` (result.py imports this
        module, so it names the shape instead of the class)."""

        @property
        def replaced_sentence(self) -> str: ...
        @property
        def variant(self) -> str: ...
        @property
        def error(self) -> _Error | None: ...
        @property
        def patterns(self) -> Sequence[_Hit]: ...
        @property
        def value(self) -> int: ...
        @property
        def raw_value(self) -> int: ...
        @property
        def unit(self) -> str: ...
        @property
        def fu(self) -> int | None: ...
        @property
        def fu_breakdown(self) -> Sequence[_Fu]: ...
        @property
        def limit(self) -> str | None: ...
        @property
        def limit_names(self) -> Names: ...
        @property
        def cap(self) -> int | None: ...
        @property
        def points(self) -> int: ...
        @property
        def payments(self) -> Mapping[int, int]: ...
        @property
        def lines(self) -> Sequence[_Line]: ...
        @property
        def replaced(self) -> Sequence[tuple[str, str]]: ...
        @property
        def hand(self) -> str: ...
        @property
        def extra(self) -> Mapping[str, Any]: ...
        @property
        def players(self) -> int: ...
        @property
        def valid(self) -> bool: ...
        def pattern_name(self, pattern: str, lang: str = "en") -> str: ...
        def detail_lines(self, lang: str, section: Section) -> tuple[str, ...]: ...
        def explain(self, lang: str = "en") -> str: ...


def pattern_lines(score: Explainable, lang: str) -> list[str]:
    """One line per pattern: its name, count and value."""
    lines = []
    for hit in score.patterns:
        unit = t(f"unit.{hit.unit}", lang)
        if hit.count > 1:
            line = t(
                "score.pattern_count",
                lang,
                name=hit.name(lang),
                count=hit.count,
                value=hit.value,
                unit=unit,
            )
        else:
            line = t("score.pattern", lang, name=hit.name(lang), value=hit.value, unit=unit)
        lines.append(line)
    return lines


def replaced_lines(score: Explainable, lang: str) -> list[str]:
    """One line per dropped pattern, naming the pattern that includes it."""
    return [
        t(
            score.replaced_sentence,
            lang,
            replaced=score.pattern_name(dropped, lang),
            name=score.pattern_name(by, lang),
        )
        for dropped, by in score.replaced
    ]


def _limit(score: Explainable, lang: str) -> str:
    assert score.limit is not None
    return name_in(score.limit_names, lang) if score.limit_names else score.limit


_SHAPES = ("seven pairs", "thirteen orphans", "bonus tiles")
"""The readings that are a shape's name rather than the groups of the hand."""


def explain(score: Explainable, lang: str = "en") -> str:
    """The whole result as text in ``lang``: patterns, fu, limit, payments."""
    lines = [t("score.hand", lang, hand=score.hand)] if score.hand else []
    reading = getattr(score, "reading", "") or score.extra.get("reading")
    if isinstance(reading, str) and reading:
        # The hand as the reading scored splits it (the hand line is sorted and merged).
        if reading in _SHAPES:
            reading = t(f"score.shape.{reading.replace(' ', '_')}", lang)
        lines.append(t("score.reading", lang, reading=reading))
    if score.error is not None:
        # The reason in words of the page's language; the stable code is in the JSON.
        reason = t_or(f"code.{score.error.code}", lang, t("code.unknown", lang))
        lines.append(t("score.invalid", lang, code=reason, message=say(score.error.message, lang)))
        lines.extend(score.detail_lines(lang, "failure"))
        return "\n".join(lines)
    lines.extend(pattern_lines(score, lang))
    lines.extend(replaced_lines(score, lang))
    yakuman = sum(p.value for p in score.patterns if p.unit == "yakuman")
    if yakuman:
        # A yakuman is paid by its count: han and fu play no part.
        lines.append(t("score.total_yakuman", lang, count=yakuman))
    elif score.fu is not None:
        lines.append(t("score.fu_header", lang))
        for item in score.fu_breakdown:
            lines.append(t("score.fu_item", lang, reason=item.name(lang), fu=item.fu))
        if sum(item.fu for item in score.fu_breakdown) != score.fu:
            # Only a sum that was rounded says so (20 stays 20, 25 for seven pairs stays 25).
            lines.append(t("score.fu_rounded", lang, fu=score.fu))
        lines.append(t("score.total_han_fu", lang, han=score.value, fu=score.fu))
    elif score.cap is not None and score.raw_value > score.value:
        # The sum of the lines first, then the cap that brings it down.
        lines.append(t("score.total_capped", lang, raw=score.raw_value, fan=score.value))
    else:
        lines.append(t("score.total_fan", lang, fan=score.value))
    lines.extend(score.detail_lines(lang, "value"))
    if score.limit is not None:
        lines.append(t("score.limit", lang, limit=_limit(score, lang)))
    lines.extend(score.detail_lines(lang, "settlement"))
    lines.append(t("score.points", lang, points=number(score.points, lang)))
    lines.extend(money_lines(score, lang))
    return "\n".join(lines)


def _seat(seat: int, lang: str) -> str:
    return t(f"seat.{SEAT_LETTERS[seat]}", lang)


def money_lines(score: Explainable, lang: str) -> list[str]:
    """Who pays whom, each amount said once.

    One line per payer and payee (its parts named when it has several: a share and counters);
    then the riichi deposits a seat collects from the table; then, only when the winner's gain
    is more than the points (counters, deposits), the winner's total with what makes it up.
    """
    pairs: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for line in score.lines:
        reason = name_in(line.names, lang) if line.names else line.reason
        pairs.setdefault((line.payer, line.payee), []).append((line.amount, reason))
    out = []
    received: dict[int, dict[str, int]] = {}
    for (payer, payee), parts in pairs.items():
        total = sum(amount for amount, _ in parts)
        if len(parts) == 1:
            reason = parts[0][1]
        else:
            reason = " + ".join(
                t("score.part", lang, amount=number(amount, lang), reason=why)
                for amount, why in parts
            )
        out.append(
            t(
                "score.line",
                lang,
                payer=_seat(payer, lang),
                payee=_seat(payee, lang),
                amount=number(total, lang),
                reason=reason,
            )
        )
        by_reason = received.setdefault(payee, {})
        for amount, why in parts:
            by_reason[why] = by_reason.get(why, 0) + amount
    deposits = t("score.deposits_reason", lang)
    for seat, delta in sorted(score.payments.items()):
        # What a seat gains beyond its transfers comes from the table: the riichi deposits.
        from_lines = sum(line.amount for line in score.lines if line.payee == seat) - sum(
            line.amount for line in score.lines if line.payer == seat
        )
        if delta > from_lines:
            sticks = number(delta - from_lines, lang)
            out.append(t("score.deposits", lang, seat=_seat(seat, lang), amount=sticks))
            received.setdefault(seat, {})[deposits] = delta - from_lines
    for seat, by_reason in received.items():
        gain = score.payments.get(seat, 0)
        if len(by_reason) > 1 and gain > 0:
            parts_text = " + ".join(
                t("score.part", lang, amount=number(amount, lang), reason=why)
                for why, amount in by_reason.items()
            )
            gained = number(gain, lang)
            out.append(
                t("score.receives", lang, seat=_seat(seat, lang), amount=gained, parts=parts_text)
            )
    return out


def to_json(score: Explainable, lang: str = "en") -> dict[str, Any]:
    """The public JSON shape (field names are a stable interface)."""
    out: dict[str, Any] = {
        "variant": score.variant,
        "valid": score.valid,
        "error": (
            None
            if score.error is None
            else {"code": score.error.code, "message": say(score.error.message, lang)}
        ),
        "hand": score.hand,
        "patterns": [
            {
                "id": p.id,
                "value": p.value,
                "name": p.name(lang),
                "unit": p.unit,
                "count": p.count,
            }
            for p in score.patterns
        ],
    }
    yakuman = sum(p.value for p in score.patterns if p.unit == "yakuman")
    if yakuman:
        # A yakuman is counted in yakuman (the "yakuman" field), not in han and fu: 13 han and
        # 40 fu beside it would teach a wrong value.
        out["han"] = None
        out["fu"] = None
        out["fu_breakdown"] = []
    elif score.unit == "han":
        out["han"] = score.value
        out["fu"] = score.fu
        out["fu_breakdown"] = [
            {"id": f.id, "fu": f.fu, "name": f.name(lang)} for f in score.fu_breakdown
        ]

    else:
        out["fan"] = score.value
        out["raw_fan"] = score.raw_value
        out["cap"] = score.cap

    out["limit"] = None if score.limit is None else _limit(score, lang)
    out["limit_id"] = score.limit
    out["points"] = score.points
    out["payments"] = (
        {SEAT_LETTERS[seat]: score.payments.get(seat, 0) for seat in range(score.players)}
        if score.valid
        else {}
    )
    out["payment_lines"] = [
        {
            "payer": SEAT_LETTERS[line.payer],
            "payee": SEAT_LETTERS[line.payee],
            "amount": line.amount,
            "reason": line.reason,
        }
        for line in score.lines
    ]
    out["replaced"] = [{"id": a, "by": b} for a, b in score.replaced]
    out.update(score.extra)
    out["explanation"] = score.explain(lang)
    return out
