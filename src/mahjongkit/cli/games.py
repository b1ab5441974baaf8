"""``selfplay``, ``play``, ``history``, ``show`` and ``export``: games played, stored and
shown."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mahjongkit.api.words import sentence
from mahjongkit.cli.output import PLAY_LANGUAGES, cli_text, fail, language_of, rules_of
from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.lite_typing import Any
from mahjongkit.variants import VARIANT_NAMES, find_variant

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    pass


def run_selfplay(args: argparse.Namespace) -> int:
    import json
    import random

    from mahjongkit.bots import EfficientAgent, make_bot, play
    from mahjongkit.bots.policy import play_random
    from mahjongkit.game.engine import Game
    from mahjongkit.i18n import number, t
    from mahjongkit.variants.seats import SEAT_LETTERS

    _, rules, lang = rules_of(args)
    for index in range(args.games):
        seed = args.seed + index
        game = Game(args.variant, rules, seed=seed, max_rounds=args.max_rounds)
        if args.bot == "efficient":
            play(game, [EfficientAgent() for _ in range(game.players)])
        elif args.bot == "defensive":
            play(game, [make_bot("defensive", seed, rules) for _ in range(game.players)])
        else:
            play_random(game, random.Random(seed))
        if args.tenhou6:
            from pathlib import Path

            from mahjongkit.formats.tenhou.export import game_to_tenhou6_json

            folder = Path(args.tenhou6)
            folder.mkdir(parents=True, exist_ok=True)
            target = folder / f"game-{seed}.json"
            target.write_text(json.dumps(game_to_tenhou6_json(game), ensure_ascii=False))
        if args.json:
            for event in game.log:
                print(json.dumps(event, ensure_ascii=False))
        else:
            # Each seat by its initial in the language (fr, es: O for Ouest, Oeste).
            scores = " ".join(
                f"{t(f'seat.{SEAT_LETTERS[s]}', lang)[:1]}={number(v, lang)}"
                for s, v in enumerate(game.scores)
            )
            print(
                cli_text(
                    "game",
                    lang,
                    number=index + 1,
                    seed=seed,
                    rounds=game.rounds_played,
                    scores=scores,
                )
            )
    return 0


def _need_terminal(lang: str, records: Any) -> None:
    """``play`` draws a screen: refused, before any game is stored, unless its input and output
    are a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        from mahjongkit.i18n import t

        records.close()
        fail(t("play.needs_terminal", lang))


def run_play(args: argparse.Namespace) -> int:
    try:
        import textual  # noqa: F401
    except ImportError:
        fail(sentence("command.tui_missing"))
    from mahjongkit.records import Records
    from mahjongkit.tui.session import Session

    resuming = args.resume is not None
    variant_given = args.variant
    args.variant = args.variant or VARIANT_NAMES[0]
    lang = language_of(args, PLAY_LANGUAGES)
    if resuming:
        given = [
            flag
            for flag, value in (
                ("--variant", variant_given),
                ("--rules", args.rules),
                ("--option", args.option),
                ("--seed", args.seed),
                ("--seat", args.seat),
                ("--bots", args.bots),
                ("--max-rounds", args.max_rounds),
            )
            if value not in (None, [])
        ]
        if given:
            raise NotationError(sentence("command.resume_fixed", flags=", ".join(given)))
        records = Records(args.db, create=False)
        _need_terminal(lang, records)
        session = Session.resume_record(records, args.resume)
    else:
        from mahjongkit.game.engine import Game

        family = find_variant(args.variant)
        if (args.bots or "").startswith("mjai:") and "mjai" in family.protocols and not args.rules:
            args.rules = family.play_preset  # an mjai bot is told no rules: it plays the usual
        _, rules, _ = rules_of(argparse.Namespace(**{**vars(args), "lang": None}))
        seat = 0 if args.seat is None else args.seat
        game = Game(args.variant, rules, seed=args.seed or 0, max_rounds=args.max_rounds)
        if seat >= game.players:
            raise NotationError(sentence("command.play_seat", seat=seat, last=game.players - 1))
        records = Records(args.db)
        _need_terminal(lang, records)
        session = Session.start(game, seat, args.bots or "efficient", records, rules)
    from mahjongkit.tui.app import PlayApp

    try:
        PlayApp(session, lang, glyphs=not args.plain).run()
    finally:
        try:
            session.save()
        finally:
            session.close()
            records.close()
    return 0


def run_history(args: argparse.Namespace) -> int:
    import json

    from mahjongkit.i18n import t, t_or
    from mahjongkit.records import Records

    lang = language_of(args, PLAY_LANGUAGES)
    with Records(args.db, read_only=True) as records:
        games = records.list_games(status=args.status, limit=args.limit)
        path = str(records.path)
    if args.json:
        # The same values in every language: ids, the family's and the state's own names.
        listed = [
            {
                "id": game.id,
                "variant": game.variant,
                "status": game.status,
                "seats": ", ".join(s.name + (f" ({s.bot})" if s.bot else "") for s in game.seats),
                "seat_list": [
                    {"name": s.name, "bot": s.bot, "person": s.bot is None} for s in game.seats
                ],
                "scores": (game.result or {}).get("scores"),
                "result": " ".join(str(x) for x in (game.result or {}).get("scores") or ()),
                "updated": game.updated,
            }
            for game in games
        ]
        print(json.dumps(listed, ensure_ascii=False))
        return 0
    if not games:
        print(t("play.history.empty", lang, path=path))
        return 0
    columns = ("id", "variant", "status", "seats", "result", "updated")
    rows = [
        (
            str(game.id),
            t_or(f"play.variant.{game.variant}", lang, game.variant),
            t_or(f"play.status.{game.status}", lang, game.status),
            _seats_in_short(game.seats, lang),
            _scores_in_two_lines((game.result or {}).get("scores"), lang),
            game.updated[:10] + "\n" + game.updated[11:16],  # the UTC day, then the time
        )
        for game in games
    ]
    try:
        from rich.console import Console
    except ImportError:
        for row in rows:
            print("\t".join(cell.replace("\n", " ") for cell in row))
        return 0
    _print_history(rows, [t(f"play.history.{c}", lang) for c in columns], path, lang, Console())
    return 0


def _print_history(
    rows: Sequence[Sequence[str]], headings: Sequence[str], path: str, lang: str, console: Any
) -> None:
    """The stored games as a table that 80 columns hold: the seats in short, the scores two to
    a line, the day above the time."""
    from rich import box
    from rich.table import Table

    from mahjongkit.i18n import t

    table = Table(title=t("play.history.title", lang, path=path), box=box.SIMPLE_HEAD)
    for at, heading in enumerate(headings):
        seats = at == 3
        table.add_column(heading, justify="right" if at == 0 else "left", no_wrap=not seats,
                         overflow="fold", ratio=1 if seats else None)  # fmt: skip
    for row in rows:
        table.add_row(*row)
    console.print(table)


def _seats_in_short(seats: Sequence[Any], lang: str) -> str:
    """The seats of a stored game in short, one a line: each person by name, marked as the
    player, then the bots, one kind after another with their count (``player0 (you)``,
    ``efficient ×3``)."""
    from mahjongkit.i18n import t

    people = [f"{seat.name} ({t('play.you', lang)})" for seat in seats if seat.bot is None]
    kinds: dict[str, int] = {}
    for seat in seats:
        if seat.bot is not None:
            kinds[seat.bot] = kinds.get(seat.bot, 0) + 1
    bots = [name if count == 1 else f"{name} ×{count}" for name, count in kinds.items()]
    return "\n".join(people + bots)  # one a line: a narrow column never cuts one in two


def _scores_in_two_lines(scores: Sequence[int] | None, lang: str) -> str:
    """Final scores in seat order, two to a line (East South, then West North)."""
    from mahjongkit.i18n import number

    if not scores:
        return ""
    shown = [number(score, lang) for score in scores]
    return "\n".join(" ".join(shown[at : at + 2]) for at in range(0, len(shown), 2))


def run_show(args: argparse.Namespace) -> int:
    from mahjongkit.formats.text import record_text
    from mahjongkit.records import Records

    lang = language_of(args, PLAY_LANGUAGES)
    with Records(args.db, read_only=True) as records:
        record = records.load(args.id)
    sys.stdout.write(record_text(record, lang))
    return 0


def run_export(args: argparse.Namespace) -> int:
    import json

    from mahjongkit.records import Records, RecordsError, resume

    with Records(args.db, read_only=True) as records:
        record = records.load(args.id)
    if args.format == "jsonl":
        text = "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in record.events)
    else:
        if "tenhou" not in find_variant(record.variant).protocols:
            raise RecordsError(
                sentence("command.export_riichi", id=record.id, variant=record.variant)
            )
        from mahjongkit.formats.tenhou.export import game_to_tenhou6_json

        exported = game_to_tenhou6_json(resume(record), ("mahjongkit", f"game {record.id}"))
        text = json.dumps(exported, ensure_ascii=False) + "\n"
    if args.out is None:
        sys.stdout.write(text)
        return 0
    from pathlib import Path

    out = Path(args.out)
    if out.is_dir():
        raise MahjongError(sentence("command.out_folder", path=str(out)))
    if not out.parent.is_dir():
        raise MahjongError(sentence("command.out_no_parent", path=str(out), parent=str(out.parent)))
    out.write_text(text, encoding="utf-8")
    return 0
