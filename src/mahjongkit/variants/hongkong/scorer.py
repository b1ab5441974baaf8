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

from collections.abc import Iterator, Sequence
from functools import lru_cache

from mahjongkit.errors import InvalidHandError, MahjongError
from mahjongkit.i18n import Sentence, number, reason_of, seat_name, t
from mahjongkit.i18n.messages import TABLES
from mahjongkit.lite_typing import ClassVar
from mahjongkit.melds import SEAT_LETTERS, MeldKind
from mahjongkit.scoring import Names, PatternHit, Score, ScoreError, Win
from mahjongkit.scoring.explain import pattern_lines, replaced_lines
from mahjongkit.scoring.patterns import (
    ActiveRow,
    LastRows,
    activate,
    best_reading,
    evaluate,
    replaced_names,
    tally,
)
from mahjongkit.shapes import CHOW, decompositions, seven_pairs, thirteen_orphans
from mahjongkit.tiles import NUM_ALL_KINDS, NUM_KINDS, format_kind, format_kinds, format_tiles
from mahjongkit.valueclass import dataclass
from mahjongkit.variants.hongkong.context import SetInfo, WinContext
from mahjongkit.variants.hongkong.fan import FAN_TABLE, FAN_TABLE_BY_ID, LANGUAGES, FanRow
from mahjongkit.variants.hongkong.payments import received, settle
from mahjongkit.variants.hongkong.rules import HongKongRules

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.scoring.explain import Section
    from mahjongkit.variants.hongkong.context import Shape

VARIANT_NAME = "hongkong"

LIMIT_NAMES: dict[str, Names] = {
    key: {lang: TABLES[lang][f"hongkong.{key}"] for lang in LANGUAGES}
    for key in ("limit_hand", "limit")
}
"""Names of the two ways to reach the limit, a limit hand or enough fan (``{fan}`` to fill)."""


@dataclass(frozen=True, slots=True)
class HongKongScore(Score):
    """A :class:`Score` whose explanation also gives the fan toward the minimum and the base
    amount, and on a hand below the minimum the patterns found, in the chosen language."""

    replaced_sentence: ClassVar[str] = "hongkong.replaced"
    reading: str = ""
    """How the reading scored splits the concealed tiles, for the explanation (kept out of
    :attr:`extra`: the engine's events carry that, and a stored game replays against them)."""

    def detail_lines(self, lang: str, section: Section) -> tuple[str, ...]:
        """The patterns found below the minimum; the minimum and base amount before points."""
        if section == "failure" and self.patterns:
            return (
                t("hongkong.found", lang),
                *("  " + line for line in pattern_lines(self, lang)),
                *replaced_lines(self, lang),
                self._minimum_line(lang),
            )
        if section == "settlement":
            base = t("hongkong.base", lang, base=number(self.extra.get("base_amount", 0), lang))
            return (self._minimum_line(lang), base)
        return ()

    def _minimum_line(self, lang: str) -> str:
        key = "minimum" if self.extra.get("bonus_counts_toward_minimum") else "minimum_bonus"
        return t(
            f"hongkong.{key}",
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


def _reading_text(context: WinContext) -> str:
    """How the reading scored splits the concealed tiles (``123s 789s 234s 22z``, the melds
    shown in the hand already), or the shape's name (``seven pairs``)."""
    if context.shape != "regular":
        return context.shape.replace("_", " ")
    groups = [
        format_kinds([s.kind, s.kind + 1, s.kind + 2] if s.chow else [s.kind] * 3)
        for s in context.sets
        if s.meld is None  # a kong is always a declared meld
    ]
    if context.pair is not None:
        groups.append(format_kinds([context.pair] * 2))
    return " ".join(groups)


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
            raise InvalidHandError(Sentence("refusal.not_bonus", tile=format_kind(kind)))
    repeated = sorted({k for k in flowers if flowers.count(k) > 1})
    if repeated:
        raise InvalidHandError(Sentence("refusal.bonus_twice", tile=format_kind(repeated[0])))
    if flowers and not rules.flowers:
        raise InvalidHandError(Sentence("refusal.no_flowers", tiles=format_tiles(win.flowers)))
    flower_win = win.win_tile.kind >= NUM_KINDS
    if flower_win:
        if not (rules.bonus_tile_win and win.win_tile.kind in flowers and len(flowers) >= 7):
            raise InvalidHandError(Sentence("refusal.bonus_win", tile=str(win.win_tile)))
        if hand.size not in (13, 14):
            raise InvalidHandError(
                f"{hand.size} tiles is not a hand: a hand holds 13 or 14 (a kong counting three)"
            )
    else:
        if hand.size != 14:
            raise InvalidHandError(Sentence("hongkong.size", size=hand.size, hand=str(hand)))
        if win.win_tile.kind not in (tile.kind for tile in hand.concealed):
            raise InvalidHandError(
                Sentence("hongkong.win_tile_not_held", tile=str(win.win_tile), hand=str(hand))
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
                Sentence(
                    "hongkong.chow_from",
                    meld=str(meld),
                    left=seat_name(left),
                    seat=seat_name(win.seat),
                )
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


@lru_cache(maxsize=64)
def _active_rows(rules: HongKongRules, shape: Shape) -> tuple[ActiveRow[WinContext], ...]:
    """The rows that can apply to a reading of ``shape`` under ``rules`` (computed once)."""

    def keep(row: object) -> bool:
        return isinstance(row, FanRow) and shape in row.shapes

    return activate(FAN_TABLE, rules, keep)


def _read(ctx: WinContext) -> Reading:
    """Score one reading with the table: its hits, replacements and limit hands."""
    rules = ctx.rules
    found = evaluate(_rows(rules, ctx.shape), ctx, rules.limit)
    if found.limit is not None:
        return Reading(ctx, found.hits, found.replaced, rules.limit, rules.limit, True)
    # Bonus-tile fan (the side rows) count toward the minimum only when the option says so.
    toward = sum(
        hit.value
        for active, hit in zip(found.rows, found.hits, strict=True)
        if rules.bonus_counts_toward_minimum or not active.row.side
    )
    return Reading(ctx, found.hits, found.replaced, found.total, toward, False)


# --- the result ---------------------------------------------------------------------------------


def _hand_text(win: Win) -> str:
    text = str(win.hand)
    return f"{text} +{format_tiles(win.flowers)}" if win.flowers else text


def _limit_names(key: str, fan: int) -> Names:
    return {lang: t(f"hongkong.{key}", lang, fan=fan) for lang in LANGUAGES}


def points(win: Win, rules: HongKongRules) -> int:
    """What the winner of ``win`` receives under ``rules``, 0 when it wins nothing (impossible,
    not complete, below the minimum): :func:`score`'s ``points`` on a valid win, without the
    explained result (no text, names, hits or payment lines are made for the readings). A bot
    asks this for each wait of a ready hand.
    """
    try:
        _check(win, rules)
    except MahjongError:
        return 0
    best: tuple[int, int] | None = None
    limit = rules.limit
    side_counts = rules.bonus_counts_toward_minimum
    for ctx in _readings(win, rules):
        counted = tally(_rows(rules, ctx.shape), ctx)
        winner = counted.winner
        if winner is not None:
            key = (limit, limit)
        else:
            total = toward = 0
            for active, count in counted.kept:
                total += active.value * count
                if side_counts or not active.row.side:
                    toward += active.value * count
            key = (total, toward)
        # The first of equals is kept, as best_reading does.
        if best is None or key > best:
            best = key
    if best is None or best[1] < rules.min_fan:
        return 0
    # The patterns scored only say who is liable, never how much the winner receives.
    return received(win, min(best[0], limit), rules)


_rows: LastRows[WinContext] = LastRows(_active_rows)
"""The active rows of each shape under the rules asked for last."""


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
        return HongKongScore.failure(VARIANT_NAME, "invalid_hand", reason_of(error), hand_text)
    readings = [_read(ctx) for ctx in _readings(win, rules)]
    if not readings:
        message = Sentence("hongkong.not_complete", hand=hand_text)
        if not win.hand.melds and seven_pairs(win.hand.counts) is not None:
            message = Sentence("hongkong.no_seven_pairs", reason=message)
        return HongKongScore.failure(VARIANT_NAME, "not_complete", message, hand_text)
    best = best_reading(readings, key=lambda r: (r.total, r.toward_minimum))
    assert best is not None
    extra = {
        "fan_toward_minimum": best.toward_minimum,
        "minimum": rules.min_fan,
        "bonus_counts_toward_minimum": rules.bonus_counts_toward_minimum,
        "shape": best.context.shape,
        "flowers": [str(tile) for tile in win.flowers],
    }
    if best.toward_minimum < rules.min_fan:
        # The patterns found and the fan toward the minimum are the result's own lines, in the
        # page's language: the reason does not repeat them.
        message = Sentence("hongkong.below_minimum", minimum=rules.min_fan)
        return HongKongScore(
            variant=VARIANT_NAME,
            error=ScoreError("below_minimum_fan", message),
            patterns=best.patterns,
            value=best.total,
            raw_value=best.total,
            unit="fan",
            cap=rules.limit,
            replaced=best.replaced,
            replaced_names=replaced_names(best.replaced, FAN_TABLE_BY_ID),
            hand=hand_text,
            extra=extra,
            reading=_reading_text(best.context),
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
        replaced_names=replaced_names(best.replaced, FAN_TABLE_BY_ID),
        hand=hand_text,
        extra={**extra, "base_amount": settlement.base},
        reading=_reading_text(best.context),
    )
