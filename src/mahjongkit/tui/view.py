"""The words and tiles of the terminal game, as plain text (no terminal library needed).

Every function reads an :class:`~mahjongkit.game.observation.Observation`, an event of its log
or a legal action, and says it in the player's language from the ``play.`` catalog. Tiles are
Unicode glyphs (``glyphs=True``) or mpsz text for terminals without the mahjong block. Hints come
from :mod:`mahjongkit.variants.analysis` (what ``mahjongkit shanten`` and ``waits`` print) and
:mod:`mahjongkit.bots.danger`; a win's explanation from the score the engine put in its event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjongkit.bots.danger import HONOUR, SAFE, SUJI, danger_by_kind
from mahjongkit.errors import MahjongError
from mahjongkit.game.observation import Observation
from mahjongkit.hand import Hand
from mahjongkit.i18n import say, t, t_or
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import name_in
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import NUM_KINDS, Tile, counts_of_ids, from_mjai, to_unicode
from mahjongkit.variants import find_variant

LETTERS = "ESWN"

__all__ = [
    "action_label",
    "event_lines",
    "final_lines",
    "header_line",
    "hint_lines",
    "seat_line",
    "seat_name",
    "tile_text",
    "tiles_text",
]


# --- tiles and seats ---------------------------------------------------------------------------


def tile_text(tile: Tile, glyphs: bool) -> str:
    """One tile: its glyph (red fives look like fives), or its mpsz (``0m`` a red five)."""
    return to_unicode(tile) if glyphs else str(tile)


def tile_of_id(tile_id: int) -> Tile:
    """The tile of a physical id (a red five where the id is one)."""
    return Tile.from_id(tile_id)


def tiles_text(ids: Sequence[int], glyphs: bool) -> str:
    """Tiles by physical id, separated by spaces."""
    return " ".join(tile_text(tile_of_id(i), glyphs) for i in ids)


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
    obs: Observation, lang: str, glyphs: bool, game_id: int | None, hand_number: int
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
        parts.append(t("play.dora", lang, tiles=tiles_text(obs.dora_indicators, glyphs)))
    return " · ".join(parts)


def _meld_text(kind: str, tiles: Sequence[int], glyphs: bool) -> str:
    return f"[{tiles_text(tiles, glyphs)}]"


def seat_line(
    obs: Observation, seat: int, name: str, bot: str | None, lang: str, glyphs: bool
) -> str:
    """A seat's name, score, marks, melds, bonus tiles, missing suit and pond (one or two lines)."""
    info = obs.seats[seat]
    who = (
        t("play.you", lang)
        if bot is None
        else t("play.bot", lang, name=t_or(f"play.bot_name.{bot}", lang, bot))
    )
    head = [
        f"{seat_name(seat, lang)} ({name}, {who})",
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
        head.append(t("play.flowers", lang, tiles=tiles_text(info.flowers, glyphs)))
    if info.melds:
        melds = " ".join(_meld_text(m.kind, m.tiles, glyphs) for m in info.melds)
        head.append(t("play.melds", lang, melds=melds))
    pond = tiles_text(info.discards, glyphs)
    return "  ".join(head) + f"\n   {t('play.pond', lang)}: {pond}"


# --- actions -----------------------------------------------------------------------------------


def action_label(action: Action, lang: str, glyphs: bool) -> str:
    """What a (non-discard) action does, in words."""
    kind = action.type
    tile = tile_text(tile_of_id(action.tile), glyphs) if action.tile is not None else ""
    if kind in (A.CHI, A.PON, A.KAN):
        ids = sorted([*action.consumed, *([action.tile] if action.tile is not None else [])])
        return t(f"play.action.{kind}", lang, tiles=tiles_text(ids, glyphs))
    if kind == A.ANKAN:
        return t("play.action.ankan", lang, tiles=tiles_text(sorted(action.consumed), glyphs))
    if kind == A.DECLARE_MISSING:
        return t("play.action.declare_missing", lang, suit=suit_name(action.suit, lang))
    if kind == A.EXCHANGE:
        return t("play.action.exchange", lang, tiles=tiles_text(action.consumed, glyphs))
    return t(f"play.action.{kind}", lang, tile=tile)


# --- events ------------------------------------------------------------------------------------


def event_lines(
    event: Mapping[str, Any], lang: str, glyphs: bool, dealer: int = 0
) -> list[str]:
    """What a visible event says to the player (nothing for bookkeeping events)."""
    kind = event["type"]
    actor = event.get("actor", -1)
    who = seat_name(actor, lang) if isinstance(actor, int) else ""
    if kind == "start_kyoku":
        wind = seat_name("ESWN".index(event["bakaze"]), lang) if event["bakaze"] in "ESWN" else ""
        return [
            t("play.event.deal", lang, number=event["kyoku"], wind=wind,
              seat=seat_name(event["oya"], lang))
        ]  # fmt: skip
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
        return [t("play.event.riichi", lang, seat=who)]
    if kind == "dora":
        return [t("play.event.dora", lang, tile=_mjai(event["dora_marker"], glyphs))]
    if kind == "mjk:flower":
        return [t("play.event.flower", lang, seat=who, tile=_mjai(event.get("pai"), glyphs))]
    if kind == "mjk:missing":
        return [t("play.event.missing", lang, seat=who, suit=suit_name(event["suit"], lang))]
    if kind == "mjk:exchange":
        return [t("play.event.exchange", lang)]
    if kind == "hora":
        return win_lines(event, lang, glyphs, dealer)
    if kind == "ryukyoku":
        return draw_lines(event, lang)
    return []


def _variant_of_score(score: Mapping[str, Any]) -> Any:
    return find_variant(str(score.get("variant", "riichi")))


def win_lines(
    event: Mapping[str, Any], lang: str, glyphs: bool, dealer: int = 0
) -> list[str]:
    """A win: who, on what, the patterns and their values, the total and every payment.

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
    for pattern in score["patterns"]:
        names = variant.pattern_names.get(pattern["id"])
        name = name_in(names, lang) if names else pattern["name"]
        if pattern.get("count", 1) > 1:
            name = f"{name} ×{pattern['count']}"
        unit = t(f"unit.{pattern['unit']}", lang)
        lines.append(t("play.pattern", lang, name=name, value=pattern["value"], unit=unit))
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
    players = len(event["deltas"])
    lines.extend(
        _payment_lines(
            [
                {
                    **row,
                    "payer": _at_table(row["payer"], dealer, players),
                    "payee": _at_table(row["payee"], dealer, players),
                }
                for row in score.get("payment_lines", ())
            ],
            variant,
            lang,
        )
    )
    lines.extend(_delta_lines(event["deltas"], lang))
    return lines


def _at_table(wind: Any, dealer: int, players: int) -> Any:
    """The table seat letter of a seat named by its wind in a score (East = the dealer)."""
    if wind not in LETTERS[:players]:
        return wind
    return LETTERS[(LETTERS.index(wind) + dealer) % players]


def _payment_lines(rows: Sequence[Mapping[str, Any]], variant: Any, lang: str) -> list[str]:
    out = []
    for row in rows:
        names = variant.payment_reasons.get(row["reason"])
        reason = name_in(names, lang) if names else str(row["reason"])
        payer, payee = row["payer"], row["payee"]
        out.append(
            t(
                "play.payment",
                lang,
                payer=seat_name(LETTERS.index(payer), lang) if payer in LETTERS else payer,
                payee=seat_name(LETTERS.index(payee), lang) if payee in LETTERS else payee,
                amount=row["amount"],
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


def draw_lines(event: Mapping[str, Any], lang: str, variant: str | None = None) -> list[str]:
    """A hand without a winner: why, who was ready, and what each seat gained or paid."""
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
    if event.get("mjk_lines"):
        lines.extend(
            _payment_lines(
                [
                    {**row, "payer": _letter(row["payer"]), "payee": _letter(row["payee"])}
                    for row in event["mjk_lines"]
                ],
                find_variant(variant or "sichuan"),
                lang,
            )
        )
    lines.extend(_delta_lines(event["deltas"], lang))
    return lines


def _letter(seat: Any) -> Any:
    return LETTERS[seat] if isinstance(seat, int) and 0 <= seat < 4 else seat


def final_lines(event: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The final table: each seat by rank with its score (and result, where the rules rank)."""
    scores = list(event["scores"])
    ranking = event.get("mjk_ranking")
    lines = [t("play.game_over", lang)]
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


def hand_of(obs: Observation) -> Hand:
    """The observer's hand as a :class:`Hand` (concealed tiles and melds)."""
    melds = tuple(
        Meld(
            MeldKind(m.kind),
            tuple(tile_of_id(i) for i in m.tiles),
            None if m.kind == MeldKind.CONCEALED_KONG.value else m.from_seat,
        )
        for m in obs.own.melds
    )
    return Hand(tuple(sorted(tile_of_id(i) for i in obs.hand)), melds)


def visible_counts(obs: Observation, hand: Hand) -> list[int]:
    """Tiles in sight outside the hand and its melds, capped so no kind passes four."""
    ids: list[int] = list(obs.dora_indicators)
    for seat, info in enumerate(obs.seats):
        ids.extend(info.discards)
        if seat != obs.seat:
            for meld in info.melds:
                ids.extend(meld.tiles)
    seen = counts_of_ids([i for i in ids if i < 4 * NUM_KINDS])
    held = list(hand.held_counts)
    return [max(0, min(seen[k], 4 - held[k])) for k in range(NUM_KINDS)]


def _kinds(kinds: Sequence[int], glyphs: bool) -> str:
    return " ".join(tile_text(Tile(k), glyphs) for k in kinds)


def _state(value: int, lang: str) -> str:
    if value < 0:
        return t("play.hint.complete", lang)
    return t("play.hint.ready", lang) if value == 0 else t("cli.shanten", lang, n=value)


def hint_lines(obs: Observation, rules: Any, lang: str, glyphs: bool, limit: int = 8) -> list[str]:
    """Shanten and useful tiles per discard, waits with what each is worth or why it is no win,
    and the danger of each tile against a riichi."""
    from mahjongkit.variants.analysis import analyse_hand, score_waits

    hand = hand_of(obs)
    if hand.size not in (13, 14):
        return []
    missing = obs.own.missing_suit
    try:
        found = analyse_hand(
            hand, obs.variant, missing_suit=missing, visible=visible_counts(obs, hand)
        )
    except MahjongError:
        return []
    lines = [t("play.hint.state", lang, state=_state(found.shanten, lang))]
    if hand.size == 14:
        for option in found.discards[:limit]:
            lines.append(
                t(
                    "play.hint.discard",
                    lang,
                    tile=tile_text(Tile(option.discard), glyphs),
                    n=option.shanten,
                    count=option.ukeire,
                    tiles=_kinds(option.ukeire_kinds, glyphs),
                )
            )
            if option.shanten == 0 and option.waits:
                lines.append("   " + t("play.hint.waits", lang, tiles=_kinds(option.waits, glyphs)))
    elif found.waits:
        lines.append(t("play.hint.waits", lang, tiles=_kinds(found.waits, glyphs)))
        players = len(obs.seats)
        try:
            values = score_waits(
                hand,
                found.waits,
                find_variant(obs.variant),
                rules,
                seat=(obs.seat - obs.dealer) % players,
                round_wind=obs.round_wind,
                missing_suit=missing,
            )
        except MahjongError:
            values = ()
        for value in values:
            lines.append(
                t(
                    "play.hint.wait_value",
                    lang,
                    tile=tile_text(Tile(value.kind), glyphs),
                    ron=_outcome(value.ron, lang),
                    tsumo=_outcome(value.tsumo, lang),
                )
            )
    else:
        lines.append(
            t(
                "play.hint.not_ready",
                lang,
                n=found.shanten,
                count=found.ukeire,
                tiles=_kinds(found.ukeire_kinds, glyphs),
            )
        )
    lines.extend(danger_lines(obs, lang, glyphs))
    return lines


def _outcome(outcome: Any, lang: str) -> str:
    if outcome.valid:
        unit = t(f"unit.{outcome.unit}", lang)
        value = f"{outcome.value} {unit}" + (f" {outcome.fu} fu" if outcome.fu else "")
        return f"{value} = {outcome.points}"
    reason = say(outcome.message, lang) if outcome.message else str(outcome.reason)
    return t("play.hint.no_win", lang, reason=reason)


def danger_lines(obs: Observation, lang: str, glyphs: bool) -> list[str]:
    """The danger of each tile of the hand against the players in riichi (none: no lines)."""
    found = danger_by_kind(obs)
    if not found:
        return []
    threats = ", ".join(
        seat_name(s, lang) for s, i in enumerate(obs.seats) if i.riichi and s != obs.seat
    )
    lines = [t("play.hint.danger_header", lang, seats=threats)]
    for item in found:
        if item.level == SAFE:
            level = t("play.danger.safe", lang)
        elif item.level == SUJI:
            level = t("play.danger.suji", lang)
        elif item.level == HONOUR:
            level = t("play.danger.honour", lang, seen=item.seen)
        else:
            level = t("play.danger.unsafe", lang)
        lines.append(
            t("play.hint.danger", lang, tile=tile_text(Tile(item.kind), glyphs), level=level)
        )
    return lines
