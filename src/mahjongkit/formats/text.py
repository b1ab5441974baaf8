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

__all__ = ["WIDTH", "record_lines", "record_text"]

_WINDS = "ESWN"


def _scores(scores: Sequence[int], lang: str) -> str:
    from mahjongkit.tui.view import seat_name

    return ", ".join(
        t("play.show.seat_score", lang, seat=seat_name(seat, lang), score=score)
        for seat, score in enumerate(scores)
    )


def _seats(names: Sequence[str], lang: str) -> list[str]:
    """The seats, one a line under their heading: four on one line pass 80 columns."""
    from mahjongkit.tui.view import seat_name

    heading = t("play.show.seats", lang, seats="").rstrip()
    return [heading, *(f"  {seat_name(seat, lang)} {name}" for seat, name in enumerate(names))]


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
    lines = ["", t("play.show.round", lang, number=number, round=" · ".join(parts))]
    if variant == "riichi":
        # On a line of their own: with them the heading passes 80 columns in French and Spanish.
        counters = t("play.counters", lang, honba=start["honba"], deposits=start["kyotaku"])
        lines.append(f"  {counters}")
    lines.append(t("play.show.start_scores", lang, scores=_scores(start["scores"], lang)))
    return lines


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
        *_seats(names, lang),
    ]
    rounds = 0
    dealer = 0
    ended: Mapping[str, Any] | None = None
    last_scores: Sequence[int] | None = None
    for event in record.events:
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
        lines.extend(final_lines(ended, names, lang))
    else:
        lines.append(t("play.show.unfinished", lang, rounds=rounds))
        if last_scores is not None:
            lines.append(t("play.show.scores_now", lang, scores=_scores(last_scores, lang)))
    return lines


WIDTH = 80
"""The width :func:`record_text` wraps its lines at (a terminal's at least)."""


def record_text(record: GameRecord, lang: str = "en", width: int = WIDTH) -> str:
    """The stored game as text: its table, each round from its start to its result, the end;
    a line longer than ``width`` goes on under its own indent (a payment's long reason)."""
    import textwrap

    out = []
    for line in record_lines(record, lang):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out.extend(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=indent + "    ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out) + "\n"
