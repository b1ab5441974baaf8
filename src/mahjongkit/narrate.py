"""The game told in words: seats, events, wins, draws, payments and the final table.

The terminal game (:mod:`mahjongkit.tui`), the ``show`` command (:mod:`mahjongkit.formats.text`)
and the web table all name seats and tell what happened with these functions, in the reader's
language from the ``play.`` catalog. Tiles are Unicode glyphs (``glyphs=True``) or mpsz text. A
win's explanation comes from the score the engine put in its event, and every payment from the
round summary (:mod:`mahjongkit.game.rounds`), so that what is told adds up to the scores; the
final table is the engine's ranking, or the one placement rule (:mod:`mahjongkit.game.ranking`).

>>> seat_name(2, "en"), seat_name("N", "fr"), seat_name(7, "en")
('West', 'Nord', '7')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.game.ranking import placements
from mahjongkit.game.rounds import Payment, RoundSummary, event_payments
from mahjongkit.game.wins import WonMeld
from mahjongkit.hand import Hand
from mahjongkit.i18n import number, seat_text, t, t_or, tile_name
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.scoring import name_in
from mahjongkit.table.events import Kind
from mahjongkit.tiles import Tile, format_kind, from_mjai, to_unicode
from mahjongkit.variants import find_variant

__all__ = [
    "draw_lines",
    "draw_why",
    "event_lines",
    "final_lines",
    "meld_words",
    "pattern_name",
    "payment_lines",
    "payment_sentence",
    "result_lines",
    "seat_name",
    "suit_name",
    "tile_text",
    "total_text",
    "win_how",
    "win_lines",
]


def tile_text(tile: Tile, glyphs: bool) -> str:
    """One tile: its glyph (red fives look like fives), or its mpsz (``0m`` a red five)."""
    return to_unicode(tile) if glyphs else str(tile)


def _mjai(text: Any, glyphs: bool) -> str:
    try:
        return tile_text(from_mjai(str(text)), glyphs)
    except MahjongError:
        return str(text)


seat_name = seat_text
"""A table seat's name in a language (:func:`mahjongkit.i18n.seat_text`): ``seat_name(seat,
lang)``, by its place at the table or its letter."""


def suit_name(suit: int | None, lang: str) -> str:
    """``characters (m)``, ``cercles (p)``...; ``-`` when not known."""
    return "-" if suit is None else t(f"play.suit.{suit}", lang)


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
    match kind:
        case Kind.START_KYOKU:
            wind = seat_name(event["bakaze"], lang) if event["bakaze"] in SEAT_LETTERS else ""
            key = "play.event.deal_again" if again else "play.event.deal"
            return [
                t(key, lang, number=event["kyoku"], wind=wind, seat=seat_name(event["oya"], lang))
            ]
        case Kind.DAHAI:
            return [t("play.event.discard", lang, seat=who, tile=_mjai(event["pai"], glyphs))]
        case Kind.CHI | Kind.PON | Kind.DAIMINKAN:
            tiles = " ".join(_mjai(x, glyphs) for x in [*event["consumed"], event["pai"]])
            meld = t(f"play.meld.{kind}", lang)
            return [t("play.event.call", lang, seat=who, kind=meld, tiles=tiles)]
        case Kind.ANKAN:
            return [t("play.event.ankan", lang, seat=who, tile=_mjai(event["consumed"][0], glyphs))]
        case Kind.KAKAN:
            return [t("play.event.kakan", lang, seat=who, tile=_mjai(event["pai"], glyphs))]
        case Kind.REACH_ACCEPTED:
            players = len(event.get("deltas", ())) or 4
            return [
                t("play.event.riichi", lang, seat=who),
                *payment_lines(event_payments(event, dealer, players), variant, lang),
            ]
        case Kind.DORA:
            return [t("play.event.dora", lang, tile=_mjai(event["dora_marker"], glyphs))]
        case Kind.FLOWER:
            return [t("play.event.flower", lang, seat=who, tile=_mjai(event.get("pai"), glyphs))]
        case Kind.MISSING:
            return [t("play.event.missing", lang, seat=who, suit=suit_name(event["suit"], lang))]
        case Kind.EXCHANGE:
            return [t("play.event.exchange", lang)]
        case Kind.PAYMENT:
            players = len(event.get("deltas", ())) or 4
            return payment_lines(event_payments(event, dealer, players), variant, lang)
        case Kind.HORA:
            return win_lines(event, lang, glyphs, dealer, variant=variant)
        case Kind.RYUKYOKU:
            return draw_lines(event, lang, variant)
    return []


def _variant_of_score(score: Mapping[str, Any], variant: str | None) -> Any:
    name = score.get("variant") or variant
    if name is None:
        raise KeyError("variant")  # a score the engine did not write: it names its family
    return find_variant(str(name))


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
    variant: str | None = None,
) -> list[str]:
    """A win: who, on what, the patterns and their values, the total, and (``payments``) every
    payment of the win and each seat's change. ``compact``: the winning hand on one line and
    the patterns on another (for a small screen). The score names its family (``variant``: the
    game's, for a score that does not).

    ``dealer`` is the round's dealer: a score names seats by their wind (East deals), the table
    by their number."""
    actor = event["actor"]
    how = win_how(event, lang)
    lines = [
        t("play.win", lang, seat=seat_name(actor, lang), tile=_mjai(event["pai"], glyphs), how=how)
    ]
    score = event["mjk_score"]
    record = _variant_of_score(score, variant)
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
        name = pattern_name(pattern, record, lang)
        unit = t(f"unit.{pattern['unit']}", lang)
        patterns.append(t("play.pattern", lang, name=name, value=pattern["value"], unit=unit))
    if compact and patterns:
        lines.append("  " + " · ".join(p.strip() for p in patterns))
    else:
        lines.extend(patterns)
    if score.get("yakuman") or score.get("han") is not None or score.get("fan") is not None:
        lines.append(total_text(score, lang))
    if score.get("limit_id"):
        names = record.pattern_names.get(score["limit_id"])
        lines.append(t("play.limit", lang, limit=name_in(names, lang) if names else score["limit"]))
    if payments:
        players = len(event["deltas"])
        lines.extend(payment_lines(event_payments(event, dealer, players), record.name, lang))
        lines.extend(_delta_lines(event["deltas"], lang))
    return lines


def win_how(event: Mapping[str, Any], lang: str) -> str:
    """How a ``hora`` was won: by self-draw, or on whose discard."""
    if event["actor"] == event["target"]:
        return t("play.win.tsumo", lang)
    return t("play.win.ron", lang, seat=seat_name(event["target"], lang))


def pattern_name(pattern: Mapping[str, Any], record: Any, lang: str) -> str:
    """A scored pattern's name in ``lang`` (its family's names, else as scored), ``×N`` when
    it counts more than once."""
    names = record.pattern_names.get(pattern["id"])
    name = name_in(names, lang) if names else pattern["name"]
    if pattern.get("count", 1) > 1:
        name = f"{name} ×{pattern['count']}"
    return str(name)


def total_text(score: Mapping[str, Any], lang: str) -> str:
    """A score's total: yakuman, han and fu, or fan, with its points."""
    points = score["points"]
    if score.get("yakuman"):
        return t("play.total_yakuman", lang, count=score["yakuman"], points=points)
    if score.get("han") is not None:
        return t("play.total_han_fu", lang, han=score["han"], fu=score["fu"], points=points)
    return t("play.total_fan", lang, fan=score.get("fan"), points=points)


def draw_why(reason: Any, lang: str) -> str:
    """Why a hand ended without a winner, in words."""
    if reason == "exhaustive":
        return t("play.draw.exhaustive", lang)
    return t("play.draw.other", lang, reason=reason)


def _party(seat: int | None, lang: str) -> str:
    return t("play.table", lang) if seat is None else seat_name(seat, lang)


def _reason(reason: str, variant: str | None, lang: str) -> str:
    """A payment's reason in the variant's words (None: the catalog's), else its id."""
    names = find_variant(variant).payment_reasons.get(reason) if variant is not None else None
    return name_in(names, lang) if names else t_or(f"play.reason.{reason}", lang, reason)


def payment_lines(payments: Sequence[Payment], variant: str | None, lang: str) -> list[str]:
    """Each payment: payer → payee, amount, and the reason in the variant's words (None: the
    catalog's)."""
    return [
        t(
            "play.payment",
            lang,
            payer=_party(line.payer, lang),
            payee=_party(line.payee, lang),
            amount=line.amount,
            reason=_reason(line.reason, variant, lang),
        )
        for line in payments
    ]


def payment_sentence(line: Payment, variant: str | None, lang: str) -> str:
    """One payment as a sentence, the amount written as ``lang`` writes numbers: who pays whom,
    or what a seat puts on the table or takes from it.

    >>> from mahjongkit.game.rounds import Payment
    >>> payment_sentence(Payment(3, 2, 8000, "ron", 0), "riichi", "en")
    'North pays West 8000 (win on a discard)'
    >>> payment_sentence(Payment(None, 2, 2000, "deposits", 0), "riichi", "fr")
    'Ouest prend 2\\u202f000 sur la table (mises de riichi)'
    """
    key = "play.pays"
    if line.payer is None:
        key = "play.pays.from_table"
    elif line.payee is None:
        key = "play.pays.to_table"
    return t(
        key,
        lang,
        payer=_party(line.payer, lang),
        payee=_party(line.payee, lang),
        amount=number(line.amount, lang),
        reason=_reason(line.reason, variant, lang),
    )


def meld_words(meld: WonMeld, lang: str) -> str:
    """A meld of a winning hand in words: its kind, whom it was called from, its tiles
    (``pung claimed from North: West wind``)."""
    tiles = [Tile.parse(code) for code in meld.tiles]
    if meld.kind == "chow":
        suit = meld.tiles[0][1]
        numbers = ", ".join(t(f"tile.n.{tile.kind % 9 + 1}", lang) for tile in tiles)
        named = t("tile.suited", lang, n=numbers, suit=t(f"tile.suit.{suit}", lang))
    else:
        named = tile_name(format_kind(tiles[0].kind), lang)
    label = t(f"meld.{meld.kind}", lang)
    if meld.from_seat is not None:
        label = t("meld.from", lang, meld=label, seat=seat_name(meld.from_seat, lang))
    return t("play.meld.tiles", lang, meld=label, tiles=named)


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
    lines = [t("play.draw", lang, reason=draw_why(event["reason"], lang))]
    if "tenpai" in event:
        ready = ", ".join(seat_name(s, lang) for s in event["tenpai"]) or t("play.nobody", lang)
        lines.append(t("play.tenpai", lang, seats=ready))
    if payments:
        players = len(event["deltas"])
        found = event_payments(event, 0, players)
        lines.extend(payment_lines(found, variant, lang))
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
        if event["type"] == Kind.HORA:
            lines.extend(
                win_lines(
                    event,
                    lang,
                    glyphs,
                    summary.dealer,
                    payments=False,
                    compact=compact,
                    variant=variant,
                )
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
    variant: str | None = None,
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
    places = placements(scores)
    for seat in sorted(range(len(scores)), key=lambda s: places[s]):
        lines.append(
            t(
                "play.final_row",
                lang,
                rank=places[seat],
                seat=seat_name(seat, lang),
                name=names[seat],
                score=scores[seat],
            )
        )
    return lines
