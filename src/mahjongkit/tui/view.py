"""The words and tiles of the terminal game, as plain text (no terminal library needed).

Every function reads an :class:`~mahjongkit.game.observation.Observation`, a legal action, the
hints of :mod:`mahjongkit.bots.hints` or a round summary of :mod:`mahjongkit.game.rounds`, and
says it in the player's language from the ``play.`` catalog. Tiles are Unicode glyphs
(``glyphs=True``) or mpsz text for terminals without the mahjong block; a physical tile is named
by the game's own rules (:class:`TileNames`: a red five only where the rules have red fives), so
the tile typed, shown and hinted is one name. Seats, events, wins, draws and payments are told
by :mod:`mahjongkit.narrate`, which ``show`` and the web table read too (named here as well).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from mahjongkit.bots.danger import HONOUR
from mahjongkit.bots.hints import Hints
from mahjongkit.game.observation import Observation
from mahjongkit.i18n import say, t, t_or
from mahjongkit.narrate import (
    draw_lines,
    event_lines,
    final_lines,
    payment_lines,
    result_lines,
    seat_name,
    suit_name,
    tile_text,
    win_lines,
)
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import Tile
from mahjongkit.valueclass import dataclass
from mahjongkit.variants import find_variant
from mahjongkit.variants.base import HintKind

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
    "suit_name",
    "tile_text",
    "win_lines",
]


# --- tiles and the table -----------------------------------------------------------------------


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
    # Counters and deposits come with a ready declaration (its stick is the deposit).
    if find_variant(obs.variant).capabilities.ready_declaration:
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
    if info.missing_suit is not None and find_variant(obs.variant).capabilities.missing_suit:
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
    elif hints.shanten is not None and hints.shanten > 0 and HintKind.SHANTEN in hints.kinds:
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
    alone is named as such). Only the kinds of hint the family offers are shown
    (``hints.kinds``: the hand's state needs ``SHANTEN``)."""
    if hints.shanten is None:
        rows = [t("play.hints", lang), *danger_rows(hints, lang, names, width, held)]
        return [_cut(row, width) for row in rows[: max(height, 1)]]
    if HintKind.SHANTEN in hints.kinds:
        top = [t("play.hints_state", lang, state=_state(hints.shanten, lang))]
    else:
        top = [t("play.hints", lang)]
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
