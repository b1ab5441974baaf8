"""A stored game as plain text, round by round (what ``mahjongkit show ID`` prints).

Each round gives its name, its dealer and the scores it starts from, then how it ended: every
win with its patterns and points (read from the score the engine put in the ``hora`` event), or
the draw, and what each seat gained or paid. The game ends with the final table. The sentences
are the terminal game's own (the ``play.`` catalog), so the two speak alike in every language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjongkit.i18n import t, t_or

if TYPE_CHECKING:
    from mahjongkit.records import GameRecord

__all__ = ["record_lines", "record_text"]

_WINDS = "ESWN"


def _scores(scores: Sequence[int], lang: str) -> str:
    from mahjongkit.tui.view import seat_name

    if not isinstance(scores, list) or not all(type(score) is int for score in scores):
        raise TypeError(f"scores are a list of whole numbers, not {scores!r:.30}")
    return ", ".join(
        t("play.show.seat_score", lang, seat=seat_name(seat, lang), score=score)
        for seat, score in enumerate(scores)
    )


def _seats(names: Sequence[str], lang: str) -> str:
    from mahjongkit.tui.view import seat_name

    return ", ".join(f"{seat_name(seat, lang)} {name}" for seat, name in enumerate(names))


def _round_lines(
    number: int, start: Mapping[str, Any], names: Sequence[str], variant: str, lang: str
) -> list[str]:
    from mahjongkit.tui.view import seat_name

    wind = start["bakaze"]
    name = t(
        "play.round",
        lang,
        wind=seat_name(_WINDS.index(wind), lang) if wind in _WINDS else str(wind),
        number=start["kyoku"],
    )
    parts = [name, t("play.dealer", lang, seat=seat_name(start["oya"], lang))]
    if variant == "riichi":
        parts.append(t("play.counters", lang, honba=start["honba"], deposits=start["kyotaku"]))
    return [
        "",
        t("play.show.round", lang, number=number, round=" · ".join(parts)),
        t("play.show.start_scores", lang, scores=_scores(start["scores"], lang)),
    ]


def record_lines(record: GameRecord, lang: str = "en") -> list[str]:
    """The lines of :func:`record_text`."""
    from mahjongkit.tui.view import draw_lines, event_lines, final_lines, win_lines

    names = [seat.name + (f" ({seat.bot})" if seat.bot else "") for seat in record.seats]
    lines = [
        t(
            "play.show.title",
            lang,
            game=record.id,
            variant=t_or(f"play.variant.{record.variant}", lang, record.variant),
            seed=record.seed,
            status=t_or(f"play.status.{record.status}", lang, record.status),
        ),
        t("play.show.created", lang, created=record.created, updated=record.updated),
        t("play.show.seats", lang, seats=_seats(names, lang)),
    ]
    rounds = 0
    dealer = 0
    ended: Mapping[str, Any] | None = None
    last_scores: Sequence[int] | None = None
    number = -1  # the event being shown, for the refusal of one the engine never wrote
    try:
        for event in record.events:
            number += 1
            kind = event.get("type")
            if kind == "start_kyoku":
                rounds += 1
                dealer = int(event["oya"])
                lines.extend(_round_lines(rounds, event, names, record.variant, lang))
            elif kind == "hora":
                lines.extend(win_lines(event, lang, glyphs=False, dealer=dealer))
            elif kind == "ryukyoku":
                lines.extend(draw_lines(event, lang, record.variant))
            elif kind == "mjk:payment":
                lines.extend(event_lines(event, lang, glyphs=False))
            elif kind == "end_game":
                ended = event
            if isinstance(event.get("scores"), list) and kind != "start_game":
                last_scores = event["scores"]
        lines.append("")
        if ended is not None:
            number = record.events.index(ended)
            lines.extend(final_lines(ended, names, lang))
        else:
            number = -1
            lines.append(t("play.show.unfinished", lang, rounds=rounds))
            if last_scores is not None:
                lines.append(t("play.show.scores_now", lang, scores=_scores(last_scores, lang)))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
        # A stored event edited or damaged into another shape than the engine writes.
        from mahjongkit.records import RecordsError

        where = f"event {number}" if number >= 0 else "the scores"
        raise RecordsError(
            f"game {record.id}, {where} cannot be shown: a field is missing or of the wrong "
            f"type ({type(error).__name__}: {str(error)[:60]})"
        ) from None
    return lines


def record_text(record: GameRecord, lang: str = "en") -> str:
    """The stored game as text: its table, each round from its start to its result, the end."""
    return "\n".join(record_lines(record, lang)) + "\n"
