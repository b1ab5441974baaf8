"""Scoring a Hong Kong win: every reading of the hand through the fan table, the best one kept.

Steps: check the win (a clear ``invalid_hand`` message naming the tile or rule); read the hand in
every way it can be complete (each decomposition into four sets and a pair, thirteen orphans,
seven pairs when allowed, or a win on seven or eight bonus tiles); score each reading with the
table (:mod:`mahjongkit.variants.hongkong.fan`), applying the declared replacements and the limit
hands; keep the reading worth most; refuse it below the minimum (H-11, ``below_minimum_fan``);
cap it at the limit (H-12); settle the payments (H-10, H-15, H-16, §5, §6).

>>> from mahjongkit.hand import Hand
>>> from mahjongkit.tiles import Tile
>>> win = Win(Hand.parse("123s789s234s22z", ["pung:555s@E"]), Tile.parse("4s"), seat=1,
...           from_seat=0, flowers=(Tile.parse("3f"),))
>>> result = score(win, HongKongRules())
>>> result.pattern_ids(), result.value, dict(result.payments)
(['mixed_one_suit'], 3, {0: -16, 1: 16, 2: 0, 3: 0})
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from mahjongkit.errors import InvalidHandError, MahjongError
from mahjongkit.i18n import t
from mahjongkit.melds import SEAT_LETTERS, MeldKind
from mahjongkit.scoring import Names, PatternHit, Score, ScoreError, Win, name_in
from mahjongkit.shapes import CHOW, decompositions, seven_pairs, thirteen_orphans
from mahjongkit.tiles import NUM_ALL_KINDS, NUM_KINDS, format_kind, format_tiles
from mahjongkit.variants.hongkong.fan import (
    FAN_TABLE,
    FAN_TABLE_BY_ID,
    FanRow,
    SetInfo,
    WinContext,
)
from mahjongkit.variants.hongkong.payments import settle
from mahjongkit.variants.hongkong.rules import HongKongRules

VARIANT_NAME = "hongkong"

_SENTENCES: dict[str, dict[str, str]] = {
    "en": {
        "minimum": "Fan toward the {minimum}-fan minimum: {fan}",
        "minimum_bonus": "Fan toward the {minimum}-fan minimum: {fan} (bonus tiles not counted)",
        "base": "Base amount: {base}",
        "found": "Patterns found:",
    },
    "fr": {
        "minimum": "Fan comptant pour le minimum de {minimum} fan : {fan}",
        "minimum_bonus": (
            "Fan comptant pour le minimum de {minimum} fan : {fan} (fleurs et saisons non comptées)"
        ),
        "base": "Montant de base : {base}",
        "found": "Combinaisons trouvées :",
    },
    "es": {
        "minimum": "Fan que cuentan para el mínimo de {minimum} fan: {fan}",
        "minimum_bonus": (
            "Fan que cuentan para el mínimo de {minimum} fan: {fan} "
            "(sin contar flores ni estaciones)"
        ),
        "base": "Importe base: {base}",
        "found": "Patrones encontrados:",
    },
    "zh": {
        "minimum": "計入 {minimum} 番起糊的番數：{fan}",
        "minimum_bonus": "計入 {minimum} 番起糊的番數：{fan}（花不計）",
        "base": "底數：{base}",
        "found": "牌型：",
        # The shared sentence table has no Chinese for this line yet.
        "replaced": "  （{replaced}不另計：已計入{name}）",
    },
}

LIMIT_NAMES: dict[str, Names] = {
    "limit_hand": {
        "en": "limit hand ({fan} fan)",
        "fr": "main limite ({fan} fan)",
        "es": "mano límite ({fan} fan)",
        "zh": "例牌（{fan} 番）",
    },
    "limit": {
        "en": "the {fan}-fan limit",
        "fr": "la limite de {fan} fan",
        "es": "el límite de {fan} fan",
        "zh": "滿糊（{fan} 番）",
    },
}
"""Names of the two ways to reach the limit: a limit hand, or enough fan."""


def _say(key: str, lang: str, **values: object) -> str:
    table = _SENTENCES.get(lang, _SENTENCES["en"])
    return table[key].format(**values)


def _pattern_name(pattern_id: str, lang: str) -> str:
    row = FAN_TABLE_BY_ID.get(pattern_id)
    return name_in(row.names, lang) if row is not None else pattern_id


@dataclass(frozen=True, slots=True)
class HongKongScore(Score):
    """A :class:`Score` whose explanation also names what was replaced, the fan toward the
    minimum and the base amount, in the chosen language."""

    def explain(self, lang: str = "en") -> str:
        """The result as text in ``lang``: patterns, replacements, minimum, limit, payments."""
        if self.error is not None:
            lines = Score.explain(self, lang).split("\n")
            if self.patterns:
                lines.append(_say("found", lang))
                unit = t("unit.fan", lang)
                lines.extend(
                    "  " + t("score.pattern", lang, name=p.name(lang), value=p.value, unit=unit)
                    for p in self.patterns
                )
                lines.extend(self._replaced_lines(lang))
                lines.append(self._minimum_line(lang))
            return "\n".join(lines)
        # The shared explanation names replaced patterns by id; this one names them in ``lang``.
        lines = Score.explain(dataclasses.replace(self, replaced=()), lang).split("\n")
        after_patterns = (1 if self.hand else 0) + len(self.patterns)
        lines[after_patterns:after_patterns] = self._replaced_lines(lang)
        points = lines.index(t("score.points", lang, points=self.points))
        lines[points:points] = [
            self._minimum_line(lang),
            _say("base", lang, base=self.extra.get("base_amount", 0)),
        ]
        return "\n".join(lines)

    def _replaced_lines(self, lang: str) -> list[str]:
        own = _SENTENCES.get(lang, {}).get("replaced")
        lines = []
        for dropped, by in self.replaced:
            values = {"replaced": _pattern_name(dropped, lang), "name": _pattern_name(by, lang)}
            lines.append(own.format(**values) if own else t("score.replaced", lang, **values))
        return lines

    def _minimum_line(self, lang: str) -> str:
        key = "minimum" if self.extra.get("bonus_counts_toward_minimum") else "minimum_bonus"
        return _say(
            key,
            lang,
            minimum=self.extra.get("minimum", 0),
            fan=self.extra.get("fan_toward_minimum", 0),
        )


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of the hand, scored: the patterns kept, what replaced what, the totals."""

    context: WinContext
    patterns: tuple[PatternHit, ...]
    replaced: tuple[tuple[str, str], ...]
    total: int
    toward_minimum: int
    limit_hand: bool


# --- checking the win ---------------------------------------------------------------------------


def _check(win: Win, rules: HongKongRules) -> None:
    """Raise :class:`InvalidHandError` naming the first thing that makes ``win`` impossible."""
    for name, seat in (("seat", win.seat), ("round_wind", win.round_wind)):
        if not isinstance(seat, int) or not 0 <= seat < 4:
            raise InvalidHandError(f"{name} {seat!r} is not a seat: expected 0..3 (E S W N)")
    hand = win.hand
    flowers = [tile.kind for tile in win.flowers]
    for kind in flowers:
        if not NUM_KINDS <= kind < NUM_ALL_KINDS:
            raise InvalidHandError(
                f"{format_kind(kind)} is not a bonus tile: only 1f-4f and 1g-4g are set aside"
            )
    repeated = sorted({k for k in flowers if flowers.count(k) > 1})
    if repeated:
        raise InvalidHandError(
            f"the bonus tile {format_kind(repeated[0])} is listed twice: there is one of each"
        )
    if flowers and not rules.flowers:
        raise InvalidHandError(
            f"bonus tiles {format_tiles(win.flowers)} listed, but this table plays without "
            "flowers and seasons (option flowers=false)"
        )
    flower_win = win.win_tile.kind >= NUM_KINDS
    if flower_win:
        if not (rules.bonus_tile_win and win.win_tile.kind in flowers and len(flowers) >= 7):
            raise InvalidHandError(
                f"the winning tile {win.win_tile} is a bonus tile: that wins only as the seventh "
                "or eighth bonus tile listed in the flowers (option bonus_tile_win)"
            )
        if hand.size not in (13, 14):
            raise InvalidHandError(
                f"{hand.size} tiles is not a hand: a hand holds 13 or 14 (a kong counting three)"
            )
    else:
        if hand.size != 14:
            raise InvalidHandError(
                f"a winning hand holds 14 tiles (a kong counting three), this one "
                f"{hand.size}: {hand}"
            )
        if win.win_tile.kind not in (tile.kind for tile in hand.concealed):
            raise InvalidHandError(
                f"the winning tile {win.win_tile} is not among the concealed tiles of {hand} "
                "(the hand includes the winning tile)"
            )
    _check_how(win)
    for meld in hand.melds:
        if meld.from_seat == win.seat:
            raise InvalidHandError(
                f"{meld} was claimed from the winner's own seat {SEAT_LETTERS[win.seat]}"
            )
        left = (win.seat - 1) % 4
        if meld.kind is MeldKind.CHOW and meld.from_seat not in (None, left):
            raise InvalidHandError(
                f"{meld}: a chow is claimed only from the player on the left, "
                f"{SEAT_LETTERS[left]} for {SEAT_LETTERS[win.seat]} (H-04)"
            )
    if win.liable_seat is not None and (
        not 0 <= win.liable_seat < 4 or win.liable_seat == win.seat
    ):
        raise InvalidHandError(
            f"liable seat {win.liable_seat!r} must be another player's seat (0..3)"
        )


def _check_how(win: Win) -> None:
    """The way of winning must be consistent: self-draw, discarder, kongs, first turn."""
    if win.self_draw and win.from_seat is not None:
        raise InvalidHandError("a self-drawn win has no discarder (from_seat must be None)")
    if not win.self_draw:
        if win.from_seat is None:
            raise InvalidHandError("a win on a discard needs the discarder's seat (from_seat)")
        if not 0 <= win.from_seat < 4 or win.from_seat == win.seat:
            raise InvalidHandError(
                f"discarder seat {win.from_seat!r} must be another player's seat (0..3)"
            )
    kongs = sum(meld.is_kong for meld in win.hand.melds)
    if win.after_kong or win.second_kong:
        if not win.self_draw:
            raise InvalidHandError(
                "a win on a kong's replacement tile is drawn from the wall: it is a self-draw "
                "(H-14)"
            )
        wanted = 2 if win.second_kong else 1
        if kongs < wanted:
            raise InvalidHandError(
                f"a win on the replacement of {'a second' if wanted == 2 else 'a'} kong needs "
                f"{wanted} declared kong(s), the hand shows {kongs} (H-14)"
            )
    if win.robbing_kong and (win.self_draw or win.after_kong):
        raise InvalidHandError(
            "robbing the kong is a win on another player's added tile, not a self-draw (H-13)"
        )
    if win.robbing_kong and win.win_tile.kind >= NUM_KINDS:
        raise InvalidHandError("a bonus tile cannot be robbed from a kong (H-13)")
    if win.robbing_kong:
        held = sum(1 for t in win.hand.concealed if t.kind == win.win_tile.kind)
        if held > 1:
            raise InvalidHandError(
                f"robbing a kong of {win.win_tile}: the robbed pung holds three of it, so the "
                f"hand cannot hold {held - 1} more besides the robbed tile (H-13)"
            )
    if win.first_turn and win.hand.melds:
        raise InvalidHandError(
            "a first-turn win comes before any call or kong, but the hand shows melds"
        )


# --- readings -----------------------------------------------------------------------------------


def _readings(win: Win, rules: HongKongRules) -> Iterator[WinContext]:
    """Every way the hand is complete, as contexts for the fan table."""
    hand = win.hand
    counts = hand.counts
    meld_sets = tuple(
        SetInfo(
            chow=meld.kind is MeldKind.CHOW,
            kind=meld.first,
            concealed=meld.is_concealed,
            kong=meld.is_kong,
            meld=meld,
        )
        for meld in hand.melds
    )
    kinds = tuple(
        sorted([t.kind for t in hand.concealed] + [k for m in hand.melds for k in m.kinds])
    )
    flowers = frozenset(tile.kind for tile in win.flowers)

    def context(shape: str, sets: Sequence[SetInfo], pair: int | None) -> WinContext:
        return WinContext(win, rules, shape, tuple(sets), pair, kinds, flowers)  # type: ignore[arg-type]

    if win.win_tile.kind < NUM_KINDS:
        for found in decompositions(counts):
            if len(found.sets) + len(meld_sets) == 4:
                concealed = [SetInfo(s.type == CHOW, s.kind, True) for s in found.sets]
                yield context("regular", [*concealed, *meld_sets], found.pair)
        if not hand.melds:
            if thirteen_orphans(counts):
                yield context("thirteen_orphans", (), None)
            if rules.seven_pairs and seven_pairs(counts) is not None:
                yield context("seven_pairs", (), None)
    # A win by bonus tiles alone (花糊) is won on the bonus tile that makes seven or eight.
    if (
        rules.flowers
        and rules.bonus_tile_win
        and len(flowers) >= 7
        and win.win_tile.kind >= NUM_KINDS
    ):
        yield context("bonus_tiles", (), None)


@dataclass(frozen=True, slots=True)
class _Active:
    """A row as it stands under one set of rules: its value, limit flag and replacements."""

    position: int
    row: FanRow
    value: int
    limit: bool
    replaces: frozenset[str]


@lru_cache(maxsize=32)
def _active_rows(rules: HongKongRules) -> tuple[tuple[_Active, ...], tuple[_Active, ...]]:
    """The rows that can apply under ``rules`` (a row worth 0 fan cannot, unless it is a limit
    hand or the fallback), split into ordinary rows and fallback rows; computed once per rules."""
    active = [
        _Active(
            position,
            row,
            row.value(rules),
            row.is_limit(rules),
            frozenset(row.replaced_ids(rules)),
        )
        for position, row in enumerate(FAN_TABLE)
        if row.enabled(rules) and (row.fallback or row.value(rules) or row.is_limit(rules))
    ]
    return (
        tuple(a for a in active if not a.row.fallback),
        tuple(a for a in active if a.row.fallback),
    )


def _read(ctx: WinContext) -> Reading:
    """Score one reading: the table's hits, the replacements, the limit hands."""
    rules = ctx.rules
    ordinary, fallbacks = _active_rows(rules)
    hits: dict[str, tuple[_Active, int]] = {}
    for active in ordinary:
        if ctx.shape in active.row.shapes:
            count = int(active.row.test(ctx))
            if count:
                hits[active.row.id] = (active, count)
    if all(active.row.bonus for active, _ in hits.values()):
        for active in fallbacks:
            if ctx.shape in active.row.shapes and active.row.test(ctx):
                hits[active.row.id] = (active, 1)
    replaced_ids = {
        dropped for active, _ in hits.values() for dropped in active.replaces if dropped in hits
    }
    # Table order: the order of the explanation (a fallback row was added last).
    kept = sorted(
        ((active, count) for active, count in hits.values() if active.row.id not in replaced_ids),
        key=lambda hit: hit[0].position,
    )
    replaced = [
        (dropped, next(a.row.id for a, _ in kept if dropped in a.replaces))
        for dropped in hits
        if dropped in replaced_ids
    ]
    limits = [active for active, _ in kept if active.limit]
    if limits:
        # A limit hand is worth the limit alone: nothing else is added (§3).
        first = limits[0]
        replaced += [(active.row.id, first.row.id) for active, _ in kept if active is not first]
        hit = PatternHit(first.row.id, rules.limit, first.row.names, unit="fan")
        return Reading(ctx, (hit,), tuple(replaced), rules.limit, rules.limit, True)
    patterns = tuple(
        PatternHit(active.row.id, active.value * count, active.row.names, "fan", count)
        for active, count in kept
    )
    total = sum(p.value for p in patterns)
    toward = sum(
        p.value
        for (active, _), p in zip(kept, patterns, strict=True)
        if rules.bonus_counts_toward_minimum or not active.row.bonus
    )
    return Reading(ctx, patterns, tuple(replaced), total, toward, False)


# --- the result ---------------------------------------------------------------------------------


def _hand_text(win: Win) -> str:
    text = str(win.hand)
    return f"{text} +{format_tiles(win.flowers)}" if win.flowers else text


def _limit_names(key: str, fan: int) -> Names:
    return {lang: name.format(fan=fan) for lang, name in LIMIT_NAMES[key].items()}


def score(win: Win, rules: HongKongRules) -> Score:
    """Score a Hong Kong old-style win under ``rules``.

    A non-win is a :class:`Score` with an error code: ``invalid_hand`` (the win is impossible as
    given; the message names the tile or rule), ``not_complete`` (the tiles form no winning
    shape) or ``below_minimum_fan`` (H-11; the patterns found are kept in the result, and the
    message lists them).
    """
    if not isinstance(rules, HongKongRules):
        raise TypeError(f"Hong Kong scoring takes HongKongRules, not {type(rules).__name__}")
    if not isinstance(win, Win):
        raise TypeError(f"Hong Kong scoring takes a Win, not {type(win).__name__}")
    hand_text = _hand_text(win)
    try:
        _check(win, rules)
    except MahjongError as error:
        return HongKongScore.failure(VARIANT_NAME, "invalid_hand", str(error), hand_text)
    readings = [_read(ctx) for ctx in _readings(win, rules)]
    if not readings:
        message = f"{hand_text} is not complete: no four sets and a pair, nor thirteen orphans"
        if not win.hand.melds and seven_pairs(win.hand.counts) is not None:
            message += "; seven pairs is not a Hong Kong old-style hand (option seven_pairs)"
        return HongKongScore.failure(VARIANT_NAME, "not_complete", message, hand_text)
    best = max(readings, key=lambda r: (r.total, r.toward_minimum))
    extra = {
        "fan_toward_minimum": best.toward_minimum,
        "minimum": rules.min_fan,
        "bonus_counts_toward_minimum": rules.bonus_counts_toward_minimum,
        "shape": best.context.shape,
        "flowers": [str(tile) for tile in win.flowers],
    }
    if best.toward_minimum < rules.min_fan:
        found = ", ".join(f"{p.name('en')} {p.value}" for p in best.patterns) or "none"
        bonus = "" if rules.bonus_counts_toward_minimum else " (bonus-tile fan do not count)"
        message = (
            f"{best.toward_minimum} fan toward the {rules.min_fan}-fan minimum{bonus}: "
            f"a complete hand below it is not a win (H-11). Patterns found: {found}"
        )
        return HongKongScore(
            variant=VARIANT_NAME,
            error=ScoreError("below_minimum_fan", message),
            patterns=best.patterns,
            value=best.total,
            raw_value=best.total,
            unit="fan",
            cap=rules.limit,
            replaced=best.replaced,
            hand=hand_text,
            extra=extra,
        )
    value = min(best.total, rules.limit)
    settlement = settle(win, value, rules, frozenset(p.id for p in best.patterns))
    limit_key = "limit_hand" if best.limit_hand else "limit" if value >= rules.limit else None
    return HongKongScore(
        variant=VARIANT_NAME,
        patterns=best.patterns,
        value=value,
        raw_value=best.total,
        unit="fan",
        limit=limit_key,
        limit_names=_limit_names(limit_key, rules.limit) if limit_key else {},
        cap=rules.limit,
        points=settlement.points,
        payments=settlement.payments,
        lines=settlement.lines,
        replaced=best.replaced,
        hand=hand_text,
        extra={**extra, "base_amount": settlement.base},
    )
