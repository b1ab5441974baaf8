"""A stored game as plain text, round by round (what ``mahjongkit show ID`` prints).

Each round gives its name, its dealer and the scores it starts from, then how it ended: every
win with its patterns and points (read from the score the engine put in the ``hora`` event), or
the draw; then every payment of the round (:mod:`mahjongkit.game.rounds`: riichi sticks, kong
money, wins, counters, deposits, the end-of-wall settlement) and what each seat gained or paid,
which is the difference with the next round's starting scores. The game ends with the final
table. The sentences
are :mod:`mahjongkit.narrate`'s, which the terminal game speaks too (the ``play.`` catalog), so
the two speak alike in every language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjongkit.i18n import t, t_or
from mahjongkit.table.events import Kind

if TYPE_CHECKING:
    from mahjongkit.records import GameRecord

__all__ = ["WIDTH", "record_lines", "record_text"]


def _scores(scores: Sequence[int], lang: str) -> str:
    from mahjongkit.narrate import seat_name

    if not isinstance(scores, (list, tuple)) or not all(type(score) is int for score in scores):
        raise TypeError(f"scores are a list of whole numbers, not {scores!r:.30}")
    return ", ".join(
        t("play.show.seat_score", lang, seat=seat_name(seat, lang), score=score)
        for seat, score in enumerate(scores)
    )


def _first_unshown(record: GameRecord, names: Sequence[str], lang: str) -> str:
    """Which stored event stops a game being shown: the first whose prefix of the log no longer
    reads (only asked once showing the whole game failed)."""
    from mahjongkit.game.rounds import leftover_payments, round_summaries
    from mahjongkit.narrate import final_lines, result_lines

    events = record.events
    for end in range(1, len(events) + 1):
        try:
            for summary in round_summaries(events[:end]):
                _round_lines(summary.number, summary.start, names, record.variant, lang)
                result_lines(summary, record.variant, lang, glyphs=False)
            last = events[end - 1]
            if last.get("type") == Kind.END_GAME:
                final_lines(last, names, lang, leftover_payments(events[:end]), record.variant)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return f"event {end - 1}"
    return "the scores"


def _seats(names: Sequence[str], lang: str) -> list[str]:
    """The seats, one a line under their heading: four on one line pass 80 columns."""
    from mahjongkit.narrate import seat_name

    heading = t("play.show.seats", lang, seats="").rstrip()
    return [heading, *(f"  {seat_name(seat, lang)} {name}" for seat, name in enumerate(names))]


def _round_lines(
    number: int, start: Mapping[str, Any], names: Sequence[str], variant: str, lang: str
) -> list[str]:
    from mahjongkit.narrate import seat_name
    from mahjongkit.variants import find_variant

    wind = start["bakaze"]
    name = t(
        "play.round",
        lang,
        wind=seat_name(wind, lang),
        number=start["kyoku"],
    )
    parts = [name, t("play.dealer", lang, seat=seat_name(start["oya"], lang))]
    lines = ["", t("play.show.round", lang, number=number, round=" · ".join(parts))]
    if find_variant(variant).capabilities.ready_declaration:
        # Counters and deposits come with a ready declaration. On a line of their own: with
        # them the heading passes 80 columns in French and Spanish.
        counters = t("play.counters", lang, honba=start["honba"], deposits=start["kyotaku"])
        lines.append(f"  {counters}")
    lines.append(t("play.show.start_scores", lang, scores=_scores(start["scores"], lang)))
    return lines


def record_lines(record: GameRecord, lang: str = "en") -> list[str]:
    """The lines of :func:`record_text`."""
    from mahjongkit.game.rounds import leftover_payments, round_summaries
    from mahjongkit.narrate import final_lines, result_lines

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
    try:
        summaries = round_summaries(record.events)
        for summary in summaries:
            lines.extend(_round_lines(summary.number, summary.start, names, record.variant, lang))
            # Every payment of the round, riichi sticks and kong money too: each seat's change
            # is the difference between this round's starting scores and the next one's.
            lines.extend(result_lines(summary, record.variant, lang, glyphs=False))
        lines.append("")
        ended = record.events[-1] if record.events else None
        if ended is not None and ended.get("type") == Kind.END_GAME:
            leftover = leftover_payments(record.events)
            lines.extend(final_lines(ended, names, lang, leftover, record.variant))
        else:
            lines.append(t("play.show.unfinished", lang, rounds=len(summaries)))
            if summaries:
                now = summaries[-1].scores_after
                lines.append(t("play.show.scores_now", lang, scores=_scores(now, lang)))
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
        # A stored event edited or damaged into another shape than the engine writes.
        from mahjongkit.records import RecordsError

        raise RecordsError(
            f"game {record.id}, {_first_unshown(record, names, lang)} cannot be shown: a field "
            f"is missing or of the wrong type ({type(error).__name__}: {str(error)[:60]})"
        ) from None
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
