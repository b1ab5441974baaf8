"""The words and tiles of the terminal game, as plain text (no terminal library needed).

Every function reads an :class:`~mahjongkit.game.observation.Observation`, an event of its log,
a legal action, the hints of :mod:`mahjongkit.bots.hints` or a round summary of
:mod:`mahjongkit.game.rounds`, and says it in the player's language from the ``play.``
catalog. Tiles are Unicode glyphs (``glyphs=True``) or mpsz text for terminals without the
mahjong block; a physical tile is named by the game's own rules (:class:`TileNames`: a red five
only where the rules have red fives), so the tile typed, shown and hinted is one name. A win's
explanation comes from the score the engine put in its event, and every payment from the round
summary, so that what is shown adds up to the scores.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mahjongkit.bots.danger import HONOUR
from mahjongkit.bots.hints import Hints
from mahjongkit.errors import MahjongError
from mahjongkit.game.observation import Observation
from mahjongkit.game.rounds import Payment, RoundSummary, event_payments
from mahjongkit.hand import Hand
from mahjongkit.i18n import say, t, t_or
from mahjongkit.scoring import name_in
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import Tile, from_mjai, to_unicode
from mahjongkit.variants import find_variant

LETTERS = "ESWN"

__all__ = [
    "TileNames",
    "action_label",
    "cells",
    "danger_rows",
    "draw_lines",
    "event_lines",
    "final_lines",
    "header_line",
    "hint_rows",
    "payment_lines",
    "result_lines",
    "seat_line",
    "seat_name",
    "tile_text",
    "win_lines",
]


# --- tiles and seats ---------------------------------------------------------------------------


def tile_text(tile: Tile, glyphs: bool) -> str:
    """One tile: its glyph (red fives look like fives), or its mpsz (``0m`` a red five)."""
    return to_unicode(tile) if glyphs else str(tile)


@dataclass(frozen=True, slots=True)
class TileNames:
    """How the game's physical tiles are named: ``tile_of`` is the rules' own reading of an id
    (:meth:`mahjongkit.table.flow.Flow.tile`: red fives only where the rules have them)."""

    tile_of: Callable[[int], Tile]
    glyphs: bool

    def id(self, tile_id: int) -> str:
        """One physical tile."""
        return tile_text(self.tile_of(tile_id), self.glyphs)

    def ids(self, ids: Sequence[int]) -> str:
        """Physical tiles, separated by spaces."""
        return " ".join(self.id(i) for i in ids)

    def kind(self, kind: int) -> str:
        """A kind (never red)."""
        return tile_text(Tile(kind), self.glyphs)

    def kinds(self, kinds: Sequence[int]) -> str:
        """Kinds, separated by spaces."""
        return " ".join(self.kind(k) for k in kinds)

    def red(self, tile_id: int) -> bool:
        """Whether the id is a red five in this game."""
        return self.tile_of(tile_id).red


def _mjai(text: Any, glyphs: bool) -> str:
    try:
        return tile_text(from_mjai(str(text)), glyphs)
    except MahjongError:
        return str(text)


def seat_name(seat: int, lang: str) -> str:
    """A table seat's name (East, Sud, Oeste...), by its place at the table."""
    return t(f"seat.{LETTERS[seat]}", lang) if 0 <= seat < 4 else str(seat)


def suit_name(suit: int | None, lang: str) -> str:
    """``characters (m)``, ``cercles (p)``...; ``-`` when not known."""
    return "-" if suit is None else t(f"play.suit.{suit}", lang)


def header_line(
    obs: Observation, lang: str, names: TileNames, game_id: int | None, hand_number: int
) -> str:
    """The round, dealer, wall, counters and (Riichi) dora indicators."""
    parts = [
        t(
            "play.title",
            lang,
            variant=t(f"play.variant.{obs.variant}", lang),
            game="-" if game_id is None else game_id,
        ),
        t("play.round", lang, wind=seat_name(obs.round_wind, lang), number=hand_number),
        t("play.dealer", lang, seat=seat_name(obs.dealer, lang)),
        t("play.wall", lang, count=obs.wall_remaining),
    ]
    if obs.variant == "riichi":
        parts.append(t("play.counters", lang, honba=obs.honba, deposits=obs.deposits))
    if obs.dora_indicators:
        parts.append(t("play.dora", lang, tiles=names.ids(obs.dora_indicators)))
    return " · ".join(parts)


def seat_line(
    obs: Observation,
    seat: int,
    name: str,
    bot: str | None,
    lang: str,
    names: TileNames,
    *,
    compact: bool = False,
) -> str:
    """A seat's name, score, marks, melds, bonus tiles, missing suit and pond (two lines; one
    with ``compact``, which leaves out who plays the seat)."""
    info = obs.seats[seat]
    who = (
        t("play.you", lang)
        if bot is None
        else t("play.bot", lang, name=t_or(f"play.bot_name.{bot}", lang, bot))
    )
    head = [
        seat_name(seat, lang) if compact else f"{seat_name(seat, lang)} ({name}, {who})",
        t("play.points", lang, score=obs.scores[seat]),
    ]
    if seat == obs.dealer:
        head.append("*")
    if info.riichi:
        head.append(t("play.riichi_mark", lang))
    if info.won:
        head.append(t("play.won_mark", lang))
    if obs.variant == "sichuan" and info.missing_suit is not None:
        head.append(t("play.missing", lang, suit=suit_name(info.missing_suit, lang)))
    if info.flowers:
        head.append(t("play.flowers", lang, tiles=names.ids(info.flowers)))
    if info.melds:
        melds = " ".join(f"[{names.ids(m.tiles)}]" for m in info.melds)
        head.append(t("play.melds", lang, melds=melds))
    pond = names.ids(info.discards)
    if compact:
        return "  ".join(head) + f" · {pond}"
    return "  ".join(head) + f"\n   {t('play.pond', lang)}: {pond}"


# --- actions -----------------------------------------------------------------------------------


def action_label(action: Action, lang: str, names: TileNames) -> str:
    """What a (non-discard) action does, in words."""
    kind = action.type
    tile = names.id(action.tile) if action.tile is not None else ""
    if kind in (A.CHI, A.PON, A.KAN):
        ids = sorted([*action.consumed, *([action.tile] if action.tile is not None else [])])
        return t(f"play.action.{kind}", lang, tiles=names.ids(ids))
    if kind == A.ANKAN:
        return t("play.action.ankan", lang, tiles=names.ids(sorted(action.consumed)))
    if kind == A.DECLARE_MISSING:
        return t("play.action.declare_missing", lang, suit=suit_name(action.suit, lang))
    if kind == A.EXCHANGE:
        return t("play.action.exchange", lang, tiles=names.ids(action.consumed))
    if kind == A.RIICHI:
        return t("play.action.riichi", lang)
    return t(f"play.action.{kind}", lang, tile=tile)


# --- events ------------------------------------------------------------------------------------


def event_lines(
    event: Mapping[str, Any],
    lang: str,
    glyphs: bool,
    dealer: int = 0,
    *,
    again: bool = False,
    variant: str | None = None,
) -> list[str]:
    """What a visible event says to the player (nothing for bookkeeping events). ``again``: a
    deal whose dealer dealt the round before too; ``variant`` names the payments."""
    kind = event["type"]
    actor = event.get("actor", -1)
    who = seat_name(actor, lang) if isinstance(actor, int) else ""
    if kind == "start_kyoku":
        wind = seat_name("ESWN".index(event["bakaze"]), lang) if event["bakaze"] in "ESWN" else ""
        key = "play.event.deal_again" if again else "play.event.deal"
        return [t(key, lang, number=event["kyoku"], wind=wind, seat=seat_name(event["oya"], lang))]
    if kind == "dahai":
        return [t("play.event.discard", lang, seat=who, tile=_mjai(event["pai"], glyphs))]
    if kind in ("chi", "pon", "daiminkan"):
        tiles = " ".join(_mjai(x, glyphs) for x in [*event["consumed"], event["pai"]])
        meld = t(f"play.meld.{kind}", lang)
        return [t("play.event.call", lang, seat=who, kind=meld, tiles=tiles)]
    if kind == "ankan":
        return [t("play.event.ankan", lang, seat=who, tile=_mjai(event["consumed"][0], glyphs))]
    if kind == "kakan":
        return [t("play.event.kakan", lang, seat=who, tile=_mjai(event["pai"], glyphs))]
    if kind == "reach_accepted":
        players = len(event.get("deltas", ())) or 4
        return [
            t("play.event.riichi", lang, seat=who),
            *payment_lines(event_payments(event, dealer, players), variant or "riichi", lang),
        ]
    if kind == "dora":
        return [t("play.event.dora", lang, tile=_mjai(event["dora_marker"], glyphs))]
    if kind == "mjk:flower":
        return [t("play.event.flower", lang, seat=who, tile=_mjai(event.get("pai"), glyphs))]
    if kind == "mjk:missing":
        return [t("play.event.missing", lang, seat=who, suit=suit_name(event["suit"], lang))]
    if kind == "mjk:exchange":
        return [t("play.event.exchange", lang)]
    if kind == "mjk:payment":
        players = len(event.get("deltas", ())) or 4
        return payment_lines(event_payments(event, dealer, players), variant or "sichuan", lang)
    if kind == "hora":
        return win_lines(event, lang, glyphs, dealer)
    if kind == "ryukyoku":
        return draw_lines(event, lang, variant)
    return []


def _variant_of_score(score: Mapping[str, Any]) -> Any:
    return find_variant(str(score.get("variant", "riichi")))


def _hand_text(text: Any, glyphs: bool) -> str:
    """A score's reading of the hand (groups of mpsz, melds as ``KIND:TILES@SEAT``), in glyphs
    (a meld in brackets) or as written."""
    if not glyphs or not isinstance(text, str):
        return str(text)
    groups = []
    for group in text.split():
        try:
            hand = Hand.parse(group)
        except MahjongError:
            groups.append(group)
            continue
        tiles = [*hand.concealed, *(x for m in hand.melds for x in m.tiles)]
        shown = "".join(tile_text(x, True) for x in tiles)
        groups.append(f"[{shown}]" if hand.melds else shown)
    return " ".join(groups)


def win_lines(
    event: Mapping[str, Any],
    lang: str,
    glyphs: bool,
    dealer: int = 0,
    *,
    payments: bool = True,
    compact: bool = False,
) -> list[str]:
    """A win: who, on what, the patterns and their values, the total, and (``payments``) every
    payment of the win and each seat's change. ``compact``: the winning hand on one line and
    the patterns on another (for a small screen).

    ``dealer`` is the round's dealer: a score names seats by their wind (East deals), the table
    by their number."""
    actor, target = event["actor"], event["target"]
    how = (
        t("play.win.tsumo", lang)
        if actor == target
        else t("play.win.ron", lang, seat=seat_name(target, lang))
    )
    lines = [
        t("play.win", lang, seat=seat_name(actor, lang), tile=_mjai(event["pai"], glyphs), how=how)
    ]
    score = event["mjk_score"]
    variant = _variant_of_score(score)
    shown_hand = score.get("reading") or score.get("hand")
    if compact and shown_hand:
        lines.append(
            t(
                "play.result.hand",
                lang,
                seat=seat_name(actor, lang),
                tiles=_hand_text(shown_hand, glyphs),
            )
        )
    patterns = []
    for pattern in score["patterns"]:
        names = variant.pattern_names.get(pattern["id"])
        name = name_in(names, lang) if names else pattern["name"]
        if pattern.get("count", 1) > 1:
            name = f"{name} ×{pattern['count']}"
        unit = t(f"unit.{pattern['unit']}", lang)
        patterns.append(t("play.pattern", lang, name=name, value=pattern["value"], unit=unit))
    if compact and patterns:
        lines.append("  " + " · ".join(p.strip() for p in patterns))
    else:
        lines.extend(patterns)
    points = score["points"]
    if score.get("yakuman"):
        lines.append(t("play.total_yakuman", lang, count=score["yakuman"], points=points))
    elif score.get("han") is not None:
        lines.append(t("play.total_han_fu", lang, han=score["han"], fu=score["fu"], points=points))
    elif score.get("fan") is not None:
        lines.append(t("play.total_fan", lang, fan=score["fan"], points=points))
    if score.get("limit_id"):
        names = variant.pattern_names.get(score["limit_id"])
        lines.append(t("play.limit", lang, limit=name_in(names, lang) if names else score["limit"]))
    if payments:
        players = len(event["deltas"])
        lines.extend(payment_lines(event_payments(event, dealer, players), variant.name, lang))
        lines.extend(_delta_lines(event["deltas"], lang))
    return lines


def _party(seat: int | None, lang: str) -> str:
    return t("play.table", lang) if seat is None else seat_name(seat, lang)


def payment_lines(payments: Sequence[Payment], variant: str, lang: str) -> list[str]:
    """Each payment: payer → payee, amount, and the reason in the variant's words."""
    reasons = find_variant(variant).payment_reasons
    out = []
    for line in payments:
        names = reasons.get(line.reason)
        reason = (
            name_in(names, lang) if names else t_or(f"play.reason.{line.reason}", lang, line.reason)
        )
        out.append(
            t(
                "play.payment",
                lang,
                payer=_party(line.payer, lang),
                payee=_party(line.payee, lang),
                amount=line.amount,
                reason=reason,
            )
        )
    return out


def _delta_lines(deltas: Sequence[int], lang: str) -> list[str]:
    return [
        t("play.delta", lang, seat=seat_name(seat, lang), delta=delta)
        for seat, delta in enumerate(deltas)
        if delta
    ]


def draw_lines(
    event: Mapping[str, Any], lang: str, variant: str | None = None, *, payments: bool = True
) -> list[str]:
    """A hand without a winner: why, who was ready, and (``payments``) what each seat gained or
    paid."""
    reason = event["reason"]
    why = (
        t("play.draw.exhaustive", lang)
        if reason == "exhaustive"
        else t("play.draw.other", lang, reason=reason)
    )
    lines = [t("play.draw", lang, reason=why)]
    if "tenpai" in event:
        ready = ", ".join(seat_name(s, lang) for s in event["tenpai"]) or t("play.nobody", lang)
        lines.append(t("play.tenpai", lang, seats=ready))
    if payments:
        players = len(event["deltas"])
        found = event_payments(event, 0, players)
        # Only Sichuan's draws list their payments; a Riichi draw tells who was ready.
        shown = variant or ("sichuan" if "mjk_lines" in event else "riichi")
        lines.extend(payment_lines(found, shown, lang))
        lines.extend(_delta_lines(event["deltas"], lang))
    return lines


def result_lines(
    summary: RoundSummary, variant: str, lang: str, glyphs: bool, *, compact: bool = False
) -> list[str]:
    """The end of a round: each win (patterns and totals) or the draw, then every payment of
    the round in order (riichi sticks, kong money, wins, counters, deposits, settlement), then
    each seat's change, which the payments add up to. ``compact`` (a small screen): the change
    first, on one line, then the rest (the scores are the table's)."""
    lines: list[str] = []
    if compact:
        changes = " · ".join(
            t(
                "play.result.seat_delta",
                lang,
                seat=seat_name(seat, lang),
                delta=f"{delta:+d}" if delta else "0",
            )
            for seat, delta in enumerate(summary.deltas)
        )
        lines.append(t("play.result.change", lang, changes=changes))
    for event in summary.results:
        if event["type"] == "hora":
            lines.extend(
                win_lines(event, lang, glyphs, summary.dealer, payments=False, compact=compact)
            )
        else:
            lines.extend(draw_lines(event, lang, variant, payments=False))
    if summary.payments:
        lines.append(t("play.result.payments", lang))
        lines.extend(payment_lines(summary.payments, variant, lang))
    if not compact:
        lines.extend(_delta_lines(summary.deltas, lang))
    return lines


def final_lines(
    event: Mapping[str, Any],
    names: Sequence[str],
    lang: str,
    leftover: Sequence[Payment] = (),
    variant: str = "riichi",
) -> list[str]:
    """The final table: what the end moves (``leftover``: riichi sticks left on the table),
    then each seat by rank with its score (and result, where the rules rank)."""
    scores = list(event["scores"])
    ranking = event.get("mjk_ranking")
    lines = [t("play.game_over", lang)]
    if leftover:
        lines.append(t("play.result.leftover", lang))
        lines.extend(payment_lines(leftover, variant, lang))
    if ranking:
        for row in ranking:
            text = t(
                "play.final_row",
                lang,
                rank=row["rank"],
                seat=seat_name(row["seat"], lang),
                name=names[row["seat"]],
                score=row["points"],
            )
            lines.append(text + t("play.final_result", lang, result=row["result"]))
        return lines
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    for rank, seat in enumerate(order, 1):
        lines.append(
            t(
                "play.final_row",
                lang,
                rank=rank,
                seat=seat_name(seat, lang),
                name=names[seat],
                score=scores[seat],
            )
        )
    return lines


# --- hints -------------------------------------------------------------------------------------


def _state(value: int, lang: str) -> str:
    if value < 0:
        return t("play.hint.complete", lang)
    return t("play.hint.ready", lang) if value == 0 else t("cli.shanten", lang, n=value)


def _outcome(outcome: Any, lang: str) -> str:
    if outcome.valid:
        unit = t(f"unit.{outcome.unit}", lang)
        value = f"{outcome.value} {unit}" + (f" {outcome.fu} fu" if outcome.fu else "")
        return f"{value} = {outcome.points}"
    reason = say(outcome.message, lang) if outcome.message else str(outcome.reason)
    return t("play.hint.no_win", lang, reason=reason)


def cells(text: str) -> int:
    """The columns ``text`` takes in a terminal: wide characters two, selectors none."""
    count = 0
    for char in text:
        if unicodedata.combining(char) or 0xFE00 <= ord(char) <= 0xFE0F:
            continue
        count += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return count


def _wrapped(head: str, words: Sequence[str], width: int) -> list[str]:
    """``head`` then ``words``, over as many rows of ``width`` as they need (rows after the
    first indented)."""
    rows: list[str] = []
    row = head
    for word in words:
        if cells(row) + 1 + cells(word) > width and row.strip():
            rows.append(row)
            row = "   " + word
        else:
            row = f"{row} {word}" if row else word
    rows.append(row)
    return rows


def _held_name(kind: int, names: TileNames, held: Sequence[int]) -> str:
    """A kind as the hand holds it: ``0m`` when every copy held is the red five, so that the
    tile hinted is the one shown and typed."""
    copies = [i for i in held if i // 4 == kind]
    if copies and all(names.red(i) for i in copies):
        return names.id(copies[0])
    return names.kind(kind)


def danger_rows(
    hints: Hints, lang: str, names: TileNames, width: int, held: Sequence[int] = ()
) -> list[str]:
    """The danger against the riichi players, one group a level (safe, suji, honours,
    dangerous), wrapped to ``width``: none without a riichi. ``held``: the hand's tiles."""
    if not hints.danger or not hints.threats:
        return []
    threats = ", ".join(seat_name(s, lang) for s in hints.threats)
    rows = [t("play.hint.danger_header", lang, seats=threats)]
    for level in range(4):
        group = [d for d in hints.danger if d.level == level]
        if not group:
            continue
        tiles = [
            t("play.danger.seen", lang, tile=names.kind(d.kind), seen=d.seen)
            if level == HONOUR
            else _held_name(d.kind, names, held)
            for d in group
        ]
        head = t("play.danger.group", lang, level=t(f"play.danger.level.{level}", lang), tiles="")
        rows.extend(_wrapped(" " + head.rstrip(), tiles, width))
    return rows


def _hint_texts(hints: Hints, lang: str, names: TileNames, held: Sequence[int]) -> list[str]:
    """Each hint after the danger, as one text: the legal discards best first (with the waits
    of those that leave the hand ready), or the waits and what each is worth."""
    texts: list[str] = []
    for option in hints.discards:
        text = t(
            "play.hint.discard",
            lang,
            tile=_held_name(option.kind, names, held),
            n=option.shanten,
            count=option.ukeire,
            tiles=names.kinds(option.ukeire_kinds),
        )
        if option.shanten == 0 and option.waits:
            text += " · " + t("play.hint.waits", lang, tiles=names.kinds(option.waits))
        texts.append(text)
    if hints.discards:
        return texts
    if hints.waits:
        texts.append(t("play.hint.waits", lang, tiles=names.kinds(hints.waits)))
        if hints.furiten:
            texts.append(t("play.hint.furiten", lang))
        for value in hints.values:
            texts.append(
                t(
                    "play.hint.wait_value",
                    lang,
                    tile=names.kind(value.kind),
                    ron=_outcome(value.ron, lang),
                    tsumo=_outcome(value.tsumo, lang),
                )
            )
    elif hints.shanten is not None and hints.shanten > 0:
        texts.append(
            t(
                "play.hint.not_ready",
                lang,
                n=hints.shanten,
                count=hints.ukeire,
                tiles=names.kinds(hints.ukeire_kinds),
            )
        )
    return texts


def _fitted(
    rows: list[str], body: list[list[str]], height: int, lang: str
) -> tuple[list[str], bool]:
    """``rows`` then as many whole hints of ``body`` as fit in ``height`` rows, the last row
    counting those left out; and whether every hint fitted."""
    out = list(rows)
    for index, hint in enumerate(body):
        left = len(body) - index
        room = height - len(out)
        # A row stays for the count while hints are left after this one.
        if len(hint) > room or (left > 1 and len(hint) == room):
            out.append(t("play.hint.more", lang, count=left))
            return out, False
        out.extend(hint)
    return out, True


def hint_rows(
    hints: Hints,
    lang: str,
    names: TileNames,
    width: int,
    height: int,
    held: Sequence[int] = (),
) -> list[str]:
    """The hints as at most ``height`` rows of ``width`` columns: the hand's state, the danger
    against riichi (first, and whole), then the legal discards best first (or the waits and
    what each is worth). Each hint wraps over rows when all then fit; else each takes one row,
    cut, and the last row counts what did not fit. ``held``: the hand's tiles (a red five held
    alone is named as such)."""
    if hints.shanten is None:
        rows = [t("play.hints", lang), *danger_rows(hints, lang, names, width, held)]
        return [_cut(row, width) for row in rows[: max(height, 1)]]
    top = [t("play.hints_state", lang, state=_state(hints.shanten, lang))]
    danger = danger_rows(hints, lang, names, width, held)
    texts = _hint_texts(hints, lang, names, held)
    if len(top) + len(danger) + (1 if texts else 0) > height:
        # Too short for the whole danger: a row stays to count the hints left out.
        danger = danger[: max(0, height - len(top) - (1 if texts else 0))]
    wrapped = [_wrapped("", text.split(" "), width) for text in texts]
    rows, whole = _fitted([*top, *danger], wrapped, height, lang)
    if not whole:
        rows, _ = _fitted([*top, *danger], [[text] for text in texts], height, lang)
    return [_cut(row, width) for row in rows[: max(height, 1)]]


def _cut(row: str, width: int) -> str:
    """``row`` cut to ``width`` columns, an ellipsis marking the cut."""
    if cells(row) <= width:
        return row
    while row and cells(row) > width - 1:
        row = row[:-1]
    return row + "…"
