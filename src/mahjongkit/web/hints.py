"""What the table page explains: hints for the person's hand, and each win or draw in words.

Hints are asked of the library (:func:`mahjongkit.variants.analysis.analyse_hand` for shanten
and ukeire, :func:`~mahjongkit.variants.analysis.score_waits` for what each wait is worth or
why it is no win, the flow's own furiten check); only the danger marks are a reading of the
open table (tiles a threatening player discarded are safe against that player, their suji
safer), which decides no rule. Everything is computed from the person's own observation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.hand import Hand
from mahjongkit.i18n import t, tile_name
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring.names import name_in
from mahjongkit.table.actions import Action
from mahjongkit.tiles import format_kind, is_honor
from mahjongkit.variants import find_variant
from mahjongkit.variants.analysis import analyse_hand, score_waits

__all__ = ["action_label", "danger_marks", "hints_for", "mpsz", "outcome_lines"]

_LETTERS = "ESWN"


def mpsz(tile_id: int) -> str:
    """A physical tile id in mpsz (``0m`` for a red five under rules with red fives is left to
    the picture: the id names the copy)."""
    return format_kind(tile_id // 4) if tile_id < 136 else _bonus(tile_id)


def _bonus(tile_id: int) -> str:
    index = tile_id - 136
    return f"{index % 4 + 1}{'f' if index < 4 else 'g'}"


def _seen(observation: Observation) -> list[int]:
    return [min(count, 4) for count in observation.visible_counts()]


def _hand_of(game: Game, observation: Observation, tiles: tuple[int, ...]) -> Hand:
    flow = game.flow
    melds = tuple(
        Meld(
            MeldKind(meld.kind),
            tuple(flow.tile(x) for x in sorted(meld.tiles)),
            meld.from_seat if meld.kind != MeldKind.CONCEALED_KONG.value else None,
        )
        for meld in observation.own.melds
    )
    return Hand(tuple(flow.tile(x) for x in tiles), melds)


def hints_for(game: Game, observation: Observation, lang: str) -> dict[str, Any]:
    """The person's hints now: per discard its shanten and ukeire, the waits of a ready hand
    with their value or the reason they win nothing, and danger marks per tile kind."""
    out: dict[str, Any] = {"discards": [], "waits": [], "danger": danger_marks(observation)}
    hand = observation.hand
    own = observation.own
    if not hand:
        return out
    shape_missing = own.missing_suit
    visible = _seen(observation)
    # The tiles of the hand's own melds are added by the analysis itself.
    for meld in own.melds:
        for tile in meld.tiles:
            if tile < 136:
                visible[tile // 4] -= 1
    try:
        found = analyse_hand(
            _hand_of(game, observation, hand),
            game.variant,
            missing_suit=shape_missing,
            visible=[max(v, 0) for v in visible],
        )
    except MahjongError:
        return out
    own_discards = {x // 4 for x in own.discards}
    furiten_rule = game.flow.pond_furiten
    if found.discards:
        for option in found.discards:
            entry: dict[str, Any] = {
                "tile": format_kind(option.discard),
                "shanten": option.shanten,
                "ukeire": option.ukeire,
                "kinds": [format_kind(k) for k in option.ukeire_kinds],
            }
            if option.shanten == 0 and option.waits:
                remaining = list(hand)
                remaining.remove(next(x for x in hand if x // 4 == option.discard))
                entry["waits"] = _wait_values(
                    game,
                    observation,
                    tuple(remaining),
                    option.waits,
                    lang,
                    furiten=furiten_rule
                    and bool((own_discards | {option.discard}) & set(option.waits)),
                )
            out["discards"].append(entry)
    elif found.shanten == 0 and found.waits:
        furiten = game.flow.furiten(game, observation.seat) or (
            furiten_rule and bool(own_discards & set(found.waits))
        )
        out["waits"] = _wait_values(game, observation, hand, found.waits, lang, furiten=furiten)
    out["shanten"] = found.shanten
    return out


def _wait_values(
    game: Game,
    observation: Observation,
    tiles: tuple[int, ...],
    kinds: tuple[int, ...],
    lang: str,
    *,
    furiten: bool,
) -> list[dict[str, Any]]:
    players = game.players
    seat_wind = (observation.seat - observation.dealer) % players
    try:
        values = score_waits(
            _hand_of(game, observation, tiles),
            kinds,
            find_variant(game.variant),
            game.flow.rules,
            seat=seat_wind,
            round_wind=observation.round_wind,
            missing_suit=observation.own.missing_suit,
        )
    except MahjongError:
        return [{"tile": format_kind(k), "reason": None} for k in kinds]
    out = []
    for value in values:
        ron, tsumo = value.ron, value.tsumo
        entry: dict[str, Any] = {
            "tile": value.tile,
            "name": tile_name(value.tile, lang),
            "ron": _outcome(ron, lang),
            "tsumo": _outcome(tsumo, lang),
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


def danger_marks(observation: Observation) -> list[dict[str, Any]]:
    """For each kind in the hand: how dangerous it is to discard against a riichi or an open
    hand of three melds or more (``safe``: that player discarded it; ``low``: its suji or an
    honour three of which are seen; ``high``: anything else)."""
    threats = [
        index
        for index, seat in enumerate(observation.seats)
        if index != observation.seat and not seat.won and (seat.riichi or len(seat.melds) >= 3)
    ]
    if not threats:
        return []
    seen = _seen(observation)
    marks = []
    for kind in sorted({x // 4 for x in observation.hand if x < 136}):
        levels = []
        for threat in threats:
            pond = {x // 4 for x in observation.seats[threat].discards}
            if kind in pond:
                levels.append(0)
            elif is_honor(kind):
                levels.append(1 if seen[kind] + 1 >= 3 else 2)
            else:
                number = kind % 9
                partners = [kind + d for d in (-3, 3) if 0 <= number + d < 9]
                # A middle tile (4-6) is covered only when both its suji were discarded.
                covered = all(k in pond for k in partners)
                levels.append(1 if covered else 2)
        level = max(levels)
        marks.append(
            {"tile": format_kind(kind), "level": ("safe", "low", "high")[level], "against": threats}
        )
    return marks


def action_label(action: Action, lang: str) -> str:
    """A legal action in words, in ``lang`` (``chow 3m4m``, ``pass``...)."""
    tile = mpsz(action.tile) if action.tile is not None else ""
    tiles = " ".join(mpsz(x) for x in action.consumed)
    suit = t(f"play.suit.{action.suit}", lang) if action.suit is not None else ""
    if action.type in ("discard", "riichi"):
        return t(f"table.action.{action.type}", lang, tile=tile)
    return t(f"play.action.{action.type}", lang, tile=tile, tiles=tiles, suit=suit)


# --- a win or a draw in words ---------------------------------------------------------------------


def _seat(seat: Any, lang: str) -> str:
    if isinstance(seat, int) and 0 <= seat < 4:
        return t(f"seat.{_LETTERS[seat]}", lang)
    if isinstance(seat, str) and seat in _LETTERS:
        return t(f"seat.{seat}", lang)
    return str(seat)


def outcome_lines(event: Mapping[str, Any], variant: str, lang: str) -> dict[str, Any]:
    """A ``hora`` or ``ryukyoku`` event as the page shows it: the title, each pattern with its
    value, the total, every payment and each seat's change, all in ``lang``."""
    record = find_variant(variant)
    deltas = list(event.get("deltas", []))
    if event["type"] == "hora":
        actor, target = event["actor"], event["target"]
        score = event["mjk_score"]
        how = (
            t("play.win.tsumo", lang)
            if actor == target
            else t("play.win.ron", lang, seat=_seat(target, lang))
        )
        patterns = []
        for pattern in score.get("patterns", []):
            names = record.pattern_names.get(pattern["id"])
            name = name_in(names, lang) if names else pattern["name"]
            if pattern.get("count", 1) > 1:
                name = f"{name} ×{pattern['count']}"
            patterns.append(
                {
                    "name": name,
                    "value": pattern["value"],
                    "unit": t(f"unit.{pattern['unit']}", lang),
                }
            )
        if score.get("yakuman"):
            total = t("play.total_yakuman", lang, count=score["yakuman"], points=score["points"])
        elif score.get("han") is not None:
            total = t(
                "play.total_han_fu", lang, han=score["han"], fu=score["fu"], points=score["points"]
            )
        else:
            total = t("play.total_fan", lang, fan=score.get("fan"), points=score["points"])
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
                seat=_seat(actor, lang),
                tile=_tile_text(event["pai"], lang),
                how=how,
            ),
            "hand": score.get("hand", ""),
            "reading": score.get("reading", ""),
            "patterns": patterns,
            "total": total.strip(),
            "limit": limit,
            "payments": _payments(score.get("payment_lines", []), record, lang),
            "deltas": deltas,
        }
    reason = event.get("reason", "")
    why = (
        t("play.draw.exhaustive", lang)
        if reason == "exhaustive"
        else t("play.draw.other", lang, reason=reason)
    )
    ready = event.get("tenpai")
    lines = [
        {**row, "payer": _LETTERS[row["payer"]], "payee": _LETTERS[row["payee"]]}
        if isinstance(row.get("payer"), int) and isinstance(row.get("payee"), int)
        else row
        for row in event.get("mjk_lines", [])
    ]
    return {
        "kind": "draw",
        "title": t("play.draw", lang, reason=why),
        "tenpai": None
        if ready is None
        else (", ".join(_seat(s, lang) for s in ready) or t("play.nobody", lang)),
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
                payer=_seat(row.get("payer"), lang),
                payee=_seat(row.get("payee"), lang),
                amount=row.get("amount"),
                reason=reason,
            ).strip()
        )
    return out


__all__ += ["t_reason"]
