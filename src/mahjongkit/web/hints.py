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
from mahjongkit.game.rounds import Payment, payments_at
from mahjongkit.game.wins import won_hand
from mahjongkit.i18n import t, tile_name
from mahjongkit.narrate import (
    draw_why,
    meld_words,
    pattern_name,
    payment_sentence,
    seat_name,
    total_text,
    win_how,
)
from mahjongkit.scoring.names import name_in
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.events import Kind
from mahjongkit.tiles import format_kind
from mahjongkit.variants import find_variant
from mahjongkit.variants.analysis import WaitValue
from mahjongkit.variants.base import HintKind

__all__ = [
    "action_label",
    "danger_band",
    "danger_marks",
    "hand_tiles",
    "hints_for",
    "mpsz",
    "outcome_lines",
    "payment_json",
    "payment_lines",
    "payments_in_play",
]


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
    or the reason they win nothing, and danger marks per tile kind; each said in ``lang`` too
    (``text``: "discard 3z (Red dragon): 2 steps from ready, 26 useful tiles"), with a
    ``legend`` of the numbers and marks. ``kinds`` lists the kinds of hint the family offers
    (:attr:`~mahjongkit.variants.base.Variant.hint_kinds`), in order: only those are given.
    Where the family offers furiten, the hand and each discard say whether a win on a discard
    is refused (``furiten``); where it offers the missing suit, each discard says whether it is
    of that suit (``missing_suit``)."""
    hints = hints_of(observation, rules, discard_values=True)
    danger = danger_marks(hints, lang)
    kinds = hints.kinds
    legend = [
        *(("badge",) if HintKind.DISCARDS in kinds else ()),
        *(("steps", "useful") if HintKind.SHANTEN in kinds else ()),
        *(("danger",) if danger else ()),
    ]
    out: dict[str, Any] = {
        "kinds": [kind.value for kind in kinds],
        "discards": [],
        "waits": [],
        "danger": danger,
        "legend": [t(f"table.hint.legend.{part}", lang) for part in legend],
    }
    if hints.shanten is None:
        return out
    for option in hints.discards:
        code = format_kind(option.kind)
        name = tile_name(code, lang)
        entry: dict[str, Any] = {
            "tile": code,
            "name": name,
            "shanten": option.shanten,
            "ukeire": option.ukeire,
            "kinds": [format_kind(k) for k in option.ukeire_kinds],
            "text": t(
                "table.hint.discard_text",
                lang,
                tile=code,
                name=name,
                steps=_steps(option.shanten, lang),
                tiles=_useful(option.shanten, option.ukeire, lang),
            ),
        }
        if option.shanten == 0 and option.waits:
            entry["waits"] = _wait_values(option.waits, option.values, lang, furiten=option.furiten)
        if HintKind.FURITEN in kinds:
            entry["furiten"] = option.furiten
        if HintKind.MISSING_SUIT in kinds:
            entry["missing_suit"] = option.missing_suit
        out["discards"].append(entry)
    if not hints.discards and hints.shanten >= 0 and HintKind.SHANTEN in kinds:
        out["text"] = t(
            "table.hint.hand_text",
            lang,
            steps=_steps(hints.shanten, lang),
            tiles=_useful(hints.shanten, hints.ukeire, lang),
        )
    if not hints.discards and hints.shanten == 0 and hints.waits:
        out["waits"] = _wait_values(hints.waits, hints.values, lang, furiten=hints.furiten)
    if HintKind.FURITEN in kinds:
        out["furiten"] = hints.furiten
    out["shanten"] = hints.shanten
    return out


def _steps(shanten: int, lang: str) -> str:
    """How far a hand is from ready, in words."""
    return t(f"table.hint.steps.{shanten if shanten < 2 else 'n'}", lang, n=shanten)


def _useful(shanten: int, count: int, lang: str) -> str:
    """The useful tiles of a hand, or its winning tiles once it is ready, in words."""
    kind = "winning" if shanten == 0 else "useful"
    return t(f"table.hint.{kind}.{'1' if count == 1 else 'n'}", lang, count=count)


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


def danger_marks(hints: Hints, lang: str = "en") -> list[dict[str, Any]]:
    """The danger of each kind in the hand against the declared ready hands, as the page marks
    it: ``safe`` (no win on it is possible), ``low`` (suji, or an honour three copies of which
    are in sight) or ``high`` (anything else); with the tile's ``name`` and the mark in words
    (``text``), in ``lang``."""
    marks = []
    for danger in sorted(hints.danger, key=lambda d: d.kind):
        code, level = format_kind(danger.kind), danger_band(danger)
        name = tile_name(code, lang)
        marks.append(
            {
                "tile": code,
                "name": name,
                "level": level,
                "against": list(hints.threats),
                "text": t(
                    "table.hint.danger_text",
                    lang,
                    tile=code,
                    name=name,
                    level=t(f"table.hint.danger.{level}", lang),
                ),
            }
        )
    return marks


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


def payment_lines(
    events: Sequence[Mapping[str, Any]], index: int, variant: str, lang: str
) -> list[dict[str, Any]]:
    """Every payment the event at ``index`` of the seat's log makes
    (:func:`mahjongkit.game.rounds.payments_at`) as :func:`payment_json` gives it: received
    minus paid, they add up seat by seat to the event's ``deltas``."""
    return [payment_json(line, variant, lang) for line in payments_at(events, index)]


def payment_json(line: Payment, variant: str, lang: str) -> dict[str, Any]:
    """One payment as the page gets it: ``payer``, ``payee`` (table seats, ``None`` the
    table), ``amount``, ``reason`` and ``text``, the sentence in ``lang``."""
    return {
        "payer": line.payer,
        "payee": line.payee,
        "amount": line.amount,
        "reason": line.reason,
        "text": payment_sentence(line, variant, lang),
    }


_MONEY_IN_PLAY = (Kind.REACH_ACCEPTED, Kind.PAYMENT)
"""The events that move money while a hand is played: a riichi stick, Sichuan's kong money."""


def payments_in_play(
    events: Sequence[Mapping[str, Any]], first: int, variant: str, lang: str
) -> list[dict[str, Any]]:
    """The money moved during play by the events from ``first`` on (a riichi stick put on the
    table, a kong paid for), for the page's log: per event its position among them
    (``event``), its ``payment_lines`` and its ``deltas``."""
    return [
        {
            "event": index - first,
            "payment_lines": payment_lines(events, index, variant, lang),
            "deltas": list(events[index]["deltas"]),
        }
        for index in range(first, len(events))
        if events[index]["type"] in _MONEY_IN_PLAY
    ]


def hand_tiles(events: Sequence[Mapping[str, Any]], index: int, lang: str) -> dict[str, Any] | None:
    """The winning hand of the ``hora`` at ``index`` as tiles
    (:func:`mahjongkit.game.wins.won_hand`): ``concealed`` (without the winning tile),
    ``melds`` (``kind``, ``tiles``, ``from``, ``called`` and ``text``, the meld in words),
    ``win_tile`` and ``bonus``, every tile an mpsz code the page draws."""
    hand = won_hand(events, index)
    if hand is None:
        return None
    return {
        "concealed": list(hand.concealed),
        "melds": [
            {
                "kind": meld.kind,
                "tiles": list(meld.tiles),
                "from": meld.from_seat,
                "called": meld.called,
                "text": meld_words(meld, lang),
            }
            for meld in hand.melds
        ],
        "win_tile": hand.win_tile,
        "bonus": list(hand.bonus),
    }


def outcome_lines(
    events: Sequence[Mapping[str, Any]], index: int, variant: str, lang: str
) -> dict[str, Any]:
    """The ``hora`` or ``ryukyoku`` at ``index`` of the seat's log as the page shows it: the
    title, each pattern with its value, the total, every payment (``payment_lines``, and
    ``payments`` their sentences), each seat's change (``deltas``) and the scores before and
    after it, all in ``lang``; a win adds its hand as tiles (``hand_tiles``)."""
    event = events[index]
    record = find_variant(variant)
    deltas = list(event.get("deltas", []))
    after = list(event.get("scores", []))
    lines = payment_lines(events, index, variant, lang)
    money = {
        "payment_lines": lines,
        "payments": [line["text"] for line in lines],
        "deltas": deltas,
        "scores_before": [s - d for s, d in zip(after, deltas, strict=True)],
        "scores_after": after,
    }
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
            "hand_tiles": hand_tiles(events, index, lang),
            "patterns": patterns,
            "total": total_text(score, lang).strip(),
            "limit": limit,
            **money,
        }
    ready = event.get("tenpai")
    return {
        "kind": "draw",
        "title": t("play.draw", lang, reason=draw_why(event.get("reason", ""), lang)),
        "tenpai": None
        if ready is None
        else (", ".join(seat_name(s, lang) for s in ready) or t("play.nobody", lang)),
        **money,
    }


def _tile_text(code: Any, lang: str) -> str:
    from mahjongkit.tiles import from_mjai

    try:
        tile = from_mjai(str(code))
    except MahjongError:
        return str(code)
    text = ("0" + format_kind(tile.kind)[1]) if tile.red else format_kind(tile.kind)
    return f"{text} ({tile_name(text, lang)})"


__all__ += ["t_reason"]
