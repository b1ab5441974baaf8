"""What the table page explains: hints for the person's hand, and each win or draw in words.

The hints are the library's (:func:`mahjongkit.bots.hints.hints_of`, which the terminal game
shows too: the legal discards by shanten and useful tiles, the waits with their value or the
reason they win nothing, furiten, the danger of each tile of the hand from
:mod:`mahjongkit.bots.danger`), read from the person's own observation and said here in the
page's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjongkit.bots.danger import HONOUR, SAFE, SUJI, Danger
from mahjongkit.bots.hints import Hints, hints_of
from mahjongkit.errors import MahjongError
from mahjongkit.game.observation import Observation
from mahjongkit.i18n import t, tile_name
from mahjongkit.melds import SEAT_LETTERS
from mahjongkit.narrate import draw_why, pattern_name, seat_name, total_text, win_how
from mahjongkit.scoring.names import name_in
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Kind
from mahjongkit.tiles import format_kind
from mahjongkit.variants import find_variant
from mahjongkit.variants.analysis import WaitValue

__all__ = ["action_label", "danger_band", "danger_marks", "hints_for", "mpsz", "outcome_lines"]


def mpsz(tile_id: int) -> str:
    """A physical tile id in mpsz (``0m`` for a red five under rules with red fives is left to
    the picture: the id names the copy)."""
    return format_kind(tile_id // 4) if tile_id < 136 else _bonus(tile_id)


def _bonus(tile_id: int) -> str:
    index = tile_id - 136
    return f"{index % 4 + 1}{'f' if index < 4 else 'g'}"


def hints_for(observation: Observation, rules: Any, lang: str) -> dict[str, Any]:
    """The person's hints now (:func:`~mahjongkit.bots.hints.hints_of` under the game's
    ``rules``) as the page draws them: per legal discard its shanten and ukeire (and, when it
    leaves the hand ready, what each wait is worth), the waits of a ready hand with their value
    or the reason they win nothing, and danger marks per tile kind."""
    hints = hints_of(observation, rules, discard_values=True)
    out: dict[str, Any] = {
        "discards": [],
        "waits": [],
        "danger": danger_marks(hints),
    }
    if hints.shanten is None:
        return out
    for option in hints.discards:
        entry: dict[str, Any] = {
            "tile": format_kind(option.kind),
            "shanten": option.shanten,
            "ukeire": option.ukeire,
            "kinds": [format_kind(k) for k in option.ukeire_kinds],
        }
        if option.shanten == 0 and option.waits:
            entry["waits"] = _wait_values(option.waits, option.values, lang, furiten=option.furiten)
        out["discards"].append(entry)
    if not hints.discards and hints.shanten == 0 and hints.waits:
        out["waits"] = _wait_values(hints.waits, hints.values, lang, furiten=hints.furiten)
    out["shanten"] = hints.shanten
    return out


def _wait_values(
    kinds: Sequence[int], values: Sequence[WaitValue], lang: str, *, furiten: bool
) -> list[dict[str, Any]]:
    if not values:  # the scorer could not read the hand
        return [{"tile": format_kind(k), "reason": None} for k in kinds]
    out = []
    for value in values:
        entry: dict[str, Any] = {
            "tile": value.tile,
            "name": tile_name(value.tile, lang),
            "ron": _outcome(value.ron, lang),
            "tsumo": _outcome(value.tsumo, lang),
        }
        if furiten:
            entry["ron"] = {
                "valid": False,
                "reason": "furiten",
                "text": t("table.hint.furiten", lang),
            }
        out.append(entry)
    return out


def _outcome(outcome: Any, lang: str) -> dict[str, Any]:
    if not outcome.valid:
        return {
            "valid": False,
            "reason": outcome.reason,
            "text": t_reason(outcome.reason, outcome.message, lang),
        }
    unit = t(f"unit.{outcome.unit}", lang)
    text = f"{outcome.value} {unit}"
    if outcome.fu:
        text += f" {outcome.fu} fu"
    return {
        "valid": True,
        "value": outcome.value,
        "unit": outcome.unit,
        "points": outcome.points,
        "text": t("table.hint.points", lang, value=text, points=outcome.points),
    }


def t_reason(code: str | None, message: str | None, lang: str) -> str:
    """Why a wait wins nothing, in ``lang`` (the scorer's sentence when no name is known)."""
    key = f"table.reason.{code}"
    return t(key, lang) if code and _known(key) else (message or "")


def _known(key: str) -> bool:
    from mahjongkit.i18n.messages import MESSAGES

    return key in MESSAGES["en"]


def danger_marks(hints: Hints) -> list[dict[str, Any]]:
    """The danger of each kind in the hand against the declared ready hands, as the page marks
    it: ``safe`` (no win on it is possible), ``low`` (suji, or an honour three copies of which
    are in sight) or ``high`` (anything else)."""
    return [
        {"tile": format_kind(d.kind), "level": danger_band(d), "against": list(hints.threats)}
        for d in sorted(hints.danger, key=lambda d: d.kind)
    ]


def danger_band(danger: Danger) -> str:
    """A danger level in the page's three marks."""
    if danger.level == SAFE:
        return "safe"
    if danger.level == SUJI or (danger.level == HONOUR and danger.seen >= 3):
        return "low"
    return "high"


def action_label(action: Action, lang: str) -> str:
    """A legal action in words, in ``lang`` (``chow 3m4m``, ``pass``...)."""
    tile = mpsz(action.tile) if action.tile is not None else ""
    tiles = " ".join(mpsz(x) for x in action.consumed)
    suit = t(f"play.suit.{action.suit}", lang) if action.suit is not None else ""
    if action.type in (A.DISCARD, A.RIICHI):
        return t(f"table.action.{action.type}", lang, tile=tile)
    return t(f"play.action.{action.type}", lang, tile=tile, tiles=tiles, suit=suit)


# --- a win or a draw in words ---------------------------------------------------------------------


def outcome_lines(event: Mapping[str, Any], variant: str, lang: str) -> dict[str, Any]:
    """A ``hora`` or ``ryukyoku`` event as the page shows it: the title, each pattern with its
    value, the total, every payment and each seat's change, all in ``lang``."""
    record = find_variant(variant)
    deltas = list(event.get("deltas", []))
    if event["type"] == Kind.HORA:
        actor = event["actor"]
        score = event["mjk_score"]
        patterns = [
            {
                "name": pattern_name(pattern, record, lang),
                "value": pattern["value"],
                "unit": t(f"unit.{pattern['unit']}", lang),
            }
            for pattern in score.get("patterns", [])
        ]
        limit = None
        if score.get("limit_id"):
            names = record.pattern_names.get(score["limit_id"])
            limit = name_in(names, lang) if names else score.get("limit")
        return {
            "kind": "win",
            "seat": actor,
            "title": t(
                "play.win",
                lang,
                seat=seat_name(actor, lang),
                tile=_tile_text(event["pai"], lang),
                how=win_how(event, lang),
            ),
            "hand": score.get("hand", ""),
            "reading": score.get("reading", ""),
            "patterns": patterns,
            "total": total_text(score, lang).strip(),
            "limit": limit,
            "payments": _payments(score.get("payment_lines", []), record, lang),
            "deltas": deltas,
        }
    ready = event.get("tenpai")
    lines = [
        {**row, "payer": SEAT_LETTERS[row["payer"]], "payee": SEAT_LETTERS[row["payee"]]}
        if isinstance(row.get("payer"), int) and isinstance(row.get("payee"), int)
        else row
        for row in event.get("mjk_lines", [])
    ]
    return {
        "kind": "draw",
        "title": t("play.draw", lang, reason=draw_why(event.get("reason", ""), lang)),
        "tenpai": None
        if ready is None
        else (", ".join(seat_name(s, lang) for s in ready) or t("play.nobody", lang)),
        "payments": _payments(lines, record, lang),
        "deltas": deltas,
    }


def _tile_text(code: Any, lang: str) -> str:
    from mahjongkit.tiles import from_mjai

    try:
        tile = from_mjai(str(code))
    except MahjongError:
        return str(code)
    text = ("0" + format_kind(tile.kind)[1]) if tile.red else format_kind(tile.kind)
    return f"{text} ({tile_name(text, lang)})"


def _payments(rows: Any, record: Any, lang: str) -> list[str]:
    out = []
    for row in rows:
        names = record.payment_reasons.get(row.get("reason"))
        reason = name_in(names, lang) if names else str(row.get("reason", ""))
        out.append(
            t(
                "play.payment",
                lang,
                payer=seat_name(row.get("payer"), lang),
                payee=seat_name(row.get("payee"), lang),
                amount=row.get("amount"),
                reason=reason,
            ).strip()
        )
    return out


__all__ += ["t_reason"]
