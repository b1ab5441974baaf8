"""Result types shared by every variant's scorer, and their explanation.

A scorer returns a :class:`Score`: either a win (its patterns, value, limit and payments) or a
non-win with a stable error code (``no_yaku``, ``not_complete``, ``invalid_hand``,
``below_minimum_fan``). :meth:`Score.explain` renders it in a language; :meth:`Score.to_json`
gives the public JSON shape of the command line and the web.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.hand import Hand
from mahjongkit.i18n import t, t_or
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.tiles import Tile

Names = Mapping[str, str]
"""A name in every language: language code -> text."""


def name_in(names: Names, lang: str) -> str:
    """The name in ``lang``, else English."""
    return names.get(lang) or names["en"]


@dataclass(frozen=True, slots=True)
class Win:
    """Everything a scorer needs to know about one win, in any variant.

    ``hand`` holds the concealed tiles *including* the winning tile, and the melds. Seats are
    0..3 = East (the dealer), South, West, North; winds likewise. Each variant reads the fields
    that matter to it and ignores the others.
    """

    hand: Hand
    win_tile: Tile
    self_draw: bool = False
    seat: int = 0
    from_seat: int | None = None
    round_wind: int = 0
    after_kong: bool = False
    """Won on a kong's replacement tile."""
    second_kong: bool = False
    """Won on the replacement tile of a second consecutive kong (Hong Kong)."""
    robbing_kong: bool = False
    kong_discard: bool = False
    """Won on the discard made right after a kong (Sichuan 槓上炮)."""
    last_tile: bool = False
    """Won on the last wall tile (self-draw) or on the discard after it."""
    first_turn: bool = False
    """Won in the first uninterrupted go-around (heavenly, earthly, human hands)."""
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    deposits: int = 0
    """Riichi sticks on the table (in units of 1,000 points)."""
    flowers: tuple[Tile, ...] = ()
    """The winner's bonus tiles (Hong Kong)."""
    missing_suit: int | None = None
    """The declared missing suit, 0 m, 1 p, 2 s (Sichuan)."""
    in_game: frozenset[int] = frozenset(range(4))
    """Seats still playing (Sichuan blood battle: winners leave)."""
    liable_seat: int | None = None
    """The seat liable for the whole hand (pao), if any."""
    nukidora: int = 0
    """North tiles the winner set aside (three-player Riichi, kita): each is a dora, and once
    more for each dora indicator showing North (ura dora likewise, after a riichi)."""


@dataclass(frozen=True, slots=True)
class PatternHit:
    """One scoring pattern found in a hand: its stable id, value and names.

    ``count`` is how many times it applies (dora, roots); ``value`` is the total.
    ``unit`` is ``han``, ``fan`` or ``yakuman``.
    """

    id: str
    value: int
    names: Names
    unit: str = "han"
    count: int = 1

    def name(self, lang: str = "en") -> str:
        """The pattern's name in ``lang``."""
        return name_in(self.names, lang)


@dataclass(frozen=True, slots=True)
class FuItem:
    """One fu component: a stable id, its fu, and a short description of what earned it."""

    id: str
    fu: int
    names: Names

    def name(self, lang: str = "en") -> str:
        """The component's description in ``lang``."""
        return name_in(self.names, lang)


@dataclass(frozen=True, slots=True)
class PaymentLine:
    """One transfer: ``payer`` gives ``amount`` to ``payee``, for a reason (stable id + names)."""

    payer: int
    payee: int
    amount: int
    reason: str
    names: Names = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ScoreError:
    """Why a hand is not a win: a stable code and a message naming the problem."""

    code: str
    message: str


@dataclass(frozen=True)
class Score:
    """A scored hand, won or not.

    ``value`` is the han (Riichi) or fan (Hong Kong, Sichuan) total after any cap; ``raw_value``
    before it. ``points`` is the winner's gain before counters and deposits; ``payments`` the
    signed change per seat, everything included; ``lines`` itemise who pays whom and why.
    """

    variant: str
    error: ScoreError | None = None
    patterns: tuple[PatternHit, ...] = ()
    value: int = 0
    raw_value: int = 0
    unit: str = "han"
    fu: int | None = None
    fu_breakdown: tuple[FuItem, ...] = ()
    limit: str | None = None
    limit_names: Names = field(default_factory=dict)
    cap: int | None = None
    points: int = 0
    payments: Mapping[int, int] = field(default_factory=dict)
    lines: tuple[PaymentLine, ...] = ()
    replaced: tuple[tuple[str, str], ...] = ()
    """(dropped pattern id, the id of the pattern that includes it)."""
    hand: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def valid(self) -> bool:
        """Whether the hand is a win."""
        return self.error is None

    @classmethod
    def failure(cls, variant: str, code: str, message: str, hand: str = "") -> Score:
        """A non-win with its reason."""
        return cls(variant=variant, error=ScoreError(code, message), hand=hand)

    def _pattern_name(self, pattern: str, lang: str) -> str:
        """A pattern's name in ``lang`` from its variant's table (the id if it has none)."""
        from mahjongkit.variants import VARIANT_NAMES, find_variant

        if self.variant not in VARIANT_NAMES:
            return pattern
        names = find_variant(self.variant).pattern_names.get(pattern)
        return name_in(names, lang) if names else pattern

    def pattern_ids(self) -> list[str]:
        """The ids of the patterns, in table order."""
        return [p.id for p in self.patterns]

    def explain(self, lang: str = "en") -> str:
        """The whole result as text in ``lang``: patterns, fu, limit, payments."""
        lines = [t("score.hand", lang, hand=self.hand)] if self.hand else []
        if self.error is not None:
            # The reason in words, with its stable code for scripts that read the text.
            name = t_or(f"code.{self.error.code}", lang, self.error.code)
            code = name if name == self.error.code else f"{name}: {self.error.code}"
            lines.append(t("score.invalid", lang, code=code, message=self.error.message))
            return "\n".join(lines)
        names = {p.id: p.name(lang) for p in self.patterns}
        for hit in self.patterns:
            unit = t(f"unit.{hit.unit}", lang)
            if hit.count > 1:
                lines.append(
                    t(
                        "score.pattern_count",
                        lang,
                        name=hit.name(lang),
                        count=hit.count,
                        value=hit.value,
                        unit=unit,
                    )
                )
            else:
                lines.append(
                    t("score.pattern", lang, name=hit.name(lang), value=hit.value, unit=unit)
                )
        for dropped, by in self.replaced:
            lines.append(
                t(
                    "score.replaced",
                    lang,
                    replaced=self._pattern_name(dropped, lang),
                    name=names.get(by) or self._pattern_name(by, lang),
                )
            )
        yakuman = sum(p.value for p in self.patterns if p.unit == "yakuman")
        if yakuman:
            # A yakuman is paid by its count: han and fu play no part.
            lines.append(t("score.total_yakuman", lang, count=yakuman))
        elif self.fu is not None:
            lines.append(t("score.fu_header", lang))
            for item in self.fu_breakdown:
                lines.append(t("score.fu_item", lang, reason=item.name(lang), fu=item.fu))
            lines.append(t("score.fu_rounded", lang, fu=self.fu))
            lines.append(t("score.total_han_fu", lang, han=self.value, fu=self.fu))
        else:
            lines.append(t("score.total_fan", lang, fan=self.value))
            if self.cap is not None and self.raw_value > self.value:
                lines.append(t("score.capped", lang, cap=self.cap, raw=self.raw_value))
        if self.limit is not None:
            limit = name_in(self.limit_names, lang) if self.limit_names else self.limit
            lines.append(t("score.limit", lang, limit=limit))
        lines.append(t("score.points", lang, points=self.points))
        for line in self.lines:
            reason = name_in(line.names, lang) if line.names else line.reason
            lines.append(
                t(
                    "score.line",
                    lang,
                    payer=t(f"seat.{SEAT_LETTERS[line.payer]}", lang),
                    payee=t(f"seat.{SEAT_LETTERS[line.payee]}", lang),
                    amount=line.amount,
                    reason=reason,
                )
            )
        for seat, delta in sorted(self.payments.items()):
            if not delta:
                continue  # a seat that neither pays nor collects
            key = "score.payment_in" if delta > 0 else "score.payment_out"
            lines.append(
                t(key, lang, seat=t(f"seat.{SEAT_LETTERS[seat]}", lang), amount=abs(delta))
            )
        return "\n".join(lines)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The public JSON shape (field names are a stable interface)."""
        out: dict[str, Any] = {
            "variant": self.variant,
            "valid": self.valid,
            "error": (
                None
                if self.error is None
                else {"code": self.error.code, "message": self.error.message}
            ),
            "hand": self.hand,
            "patterns": [
                {
                    "id": p.id,
                    "value": p.value,
                    "name": p.name(lang),
                    "unit": p.unit,
                    "count": p.count,
                }
                for p in self.patterns
            ],
        }
        if self.unit == "han":
            out["han"] = self.value
            out["fu"] = self.fu
            out["fu_breakdown"] = [
                {"id": f.id, "fu": f.fu, "name": f.name(lang)} for f in self.fu_breakdown
            ]
        else:
            out["fan"] = self.value
            out["raw_fan"] = self.raw_value
            out["cap"] = self.cap
        out["limit"] = (
            None
            if self.limit is None
            else (name_in(self.limit_names, lang) if self.limit_names else self.limit)
        )
        out["limit_id"] = self.limit
        out["points"] = self.points
        out["payments"] = (
            {SEAT_LETTERS[seat]: self.payments.get(seat, 0) for seat in range(4)}
            if self.valid
            else {}
        )
        out["payment_lines"] = [
            {
                "payer": SEAT_LETTERS[line.payer],
                "payee": SEAT_LETTERS[line.payee],
                "amount": line.amount,
                "reason": line.reason,
            }
            for line in self.lines
        ]
        out["replaced"] = [{"id": a, "by": b} for a, b in self.replaced]
        out.update(self.extra)
        out["explanation"] = self.explain(lang)
        return out
