"""The ``mahjongkit`` command line: a thin surface over the library.

Exit codes: 0 success (a win, for ``score``), 1 a valid question whose answer is "no" (a hand that
is not a win, a replay with mismatches), 2 unusable input (one line on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.hand import Hand
from mahjongkit.melds import parse_seat
from mahjongkit.shapes import (
    HONG_KONG,
    RIICHI,
    HandShape,
    regular_shanten,
    seven_pairs_shanten,
    shanten,
    sichuan,
    thirteen_orphans_shanten,
    ukeire,
    waits,
)
from mahjongkit.tiles import (
    NUM_KINDS,
    Tile,
    counts_of,
    format_kind,
    format_kinds,
    parse_kinds,
    parse_tiles,
)

EXAMPLE_HAND = "234m456p678s3355z"


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"mahjongkit: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _shape(variant: str, missing: str | None) -> HandShape:
    if variant == "hongkong":
        return HONG_KONG
    if variant == "sichuan":
        return sichuan("mps".index(missing) if missing else None)
    return RIICHI


def _analyse(args: argparse.Namespace) -> dict[str, Any]:
    hand = Hand.parse(args.hand, args.meld)
    hand.require_size()
    if args.missing and args.variant != "sichuan":
        raise _usage(f"--missing is a sichuan flag: {args.variant} has no missing suit")
    shape = _shape(args.variant, getattr(args, "missing", None))
    counts = hand.counts
    melds = len(hand.melds)
    visible = counts_of(parse_kinds(args.visible), what="visible tiles") if args.visible else None
    # The hand's own melds are tiles it can no longer draw: seen, for ukeire and waits.
    for meld in hand.melds:
        if visible is None:
            visible = [0] * NUM_KINDS
        for kind in meld.kinds:
            visible[kind] += 1
    held = [n + (visible[k] if visible else 0) for k, n in enumerate(counts)]
    if any(n > 4 for n in held):
        kind = next(k for k, n in enumerate(held) if n > 4)
        raise MahjongError(
            f"more than four {format_kind(kind)} between the hand, its melds and --visible"
        )
    result: dict[str, Any] = {
        "hand": str(hand),
        "tiles": hand.size,
        "shanten": shanten(counts, melds, shape),
        "regular": regular_shanten(shape.usable(counts), melds),
        "seven_pairs": (
            seven_pairs_shanten(shape.usable(counts), shape.seven_pairs_quads)
            if melds == 0 and shape.seven_pairs
            else None
        ),
        "thirteen_orphans": (
            thirteen_orphans_shanten(counts) if melds == 0 and shape.thirteen_orphans else None
        ),
    }
    if hand.size == 13:
        found = ukeire(counts, melds, shape, visible)
        # A wait whose four copies are all in the hand or its melds cannot be won on.
        ready = [k for k in waits(counts, melds, shape) if counts[k] + _in_melds(hand, k) < 4]
        result["waits"] = [format_kind(k) for k in ready]
        result["wait_details"] = _wait_details(hand, ready, args)
        result["ukeire"] = found.tiles
        result["ukeire_tiles"] = [format_kind(k) for k in found.kinds]
        return result
    options: list[dict[str, Any]] = []
    for kind in sorted({t.kind for t in hand.concealed}):
        counts[kind] -= 1
        found = ukeire(counts, melds, shape, visible)
        options.append(
            {
                "discard": format_kind(kind),
                "shanten": shanten(counts, melds, shape),
                "waits": [format_kind(k) for k in waits(counts, melds, shape)],
                "ukeire": found.tiles,
                "ukeire_tiles": [format_kind(k) for k in found.kinds],
            }
        )
        counts[kind] += 1
    options.sort(key=lambda o: (o["shanten"], -o["ukeire"]))
    result["waits"] = []
    result["ukeire"] = options[0]["ukeire"] if result["shanten"] >= 0 else 0
    result["discards"] = options
    return result


def _in_melds(hand: Hand, kind: int) -> int:
    return sum(meld.kinds.count(kind) for meld in hand.melds)


def _wait_details(hand: Hand, kinds: list[int], args: argparse.Namespace) -> list[dict[str, Any]]:
    """For each wait: what a win on it by discard and by self-draw is worth, or why it is none.

    The hand is scored in the East round with the variant's default rules, by the first seat
    (East, the dealer, if it can) that no meld was claimed from, on a discard from the seat
    before it; a wait that completes the shape may still be no win (no yaku, below the minimum).
    """
    from mahjongkit.scoring import Win
    from mahjongkit.variants import find_variant

    variant = find_variant(args.variant)
    rules = variant.rules()
    missing = "mps".index(args.missing) if getattr(args, "missing", None) else None
    sources = {m.from_seat for m in hand.melds}
    seat = next((s for s in range(4) if s not in sources), None)
    if seat is None:
        raise MahjongError("the melds claim tiles from all four seats: one of them is the hand's")
    details = []
    for kind in kinds:
        tile = Tile(kind)
        entry: dict[str, Any] = {"tile": format_kind(kind)}
        for how, self_draw in (("ron", False), ("tsumo", True)):
            win = Win(
                hand=hand.with_tile(tile),
                win_tile=tile,
                self_draw=self_draw,
                seat=seat,
                from_seat=None if self_draw else (seat + 3) % 4,
                missing_suit=missing,
            )
            score = variant.score(win, rules)
            if score.valid:
                entry[how] = {
                    "valid": True,
                    "value": score.value,
                    "unit": score.unit,
                    "fu": score.fu,
                    "points": score.points,
                }
            else:
                assert score.error is not None
                entry[how] = {
                    "valid": False,
                    "code": score.error.code,
                    "message": score.error.message,
                }
        details.append(entry)
    return details


def _print_analysis(result: dict[str, Any]) -> None:
    value = result["shanten"]
    state = "complete" if value == -1 else "ready" if value == 0 else f"{value}-shanten"
    print(f"{result['hand']}: {state}")
    parts = [f"regular {result['regular']}"]
    if result["seven_pairs"] is not None:
        parts.append(f"seven pairs {result['seven_pairs']}")
    if result["thirteen_orphans"] is not None:
        parts.append(f"thirteen orphans {result['thirteen_orphans']}")
    print("shanten by shape: " + ", ".join(parts))
    if "discards" in result:
        for option in result["discards"]:
            if option["shanten"] == result["discards"][0]["shanten"]:
                print(
                    f"discard {option['discard']}: shanten {option['shanten']}, "
                    f"{option['ukeire']} tiles improve ({' '.join(option['ukeire_tiles'])})"
                )
        return
    if result["waits"]:
        print("waits: " + " ".join(result["waits"]))
        for detail in result.get("wait_details", []):
            parts = []
            for how in ("ron", "tsumo"):
                outcome = detail[how]
                if outcome["valid"]:
                    fu = f" {outcome['fu']} fu" if outcome["fu"] else ""
                    parts.append(
                        f"{how} {outcome['value']} {outcome['unit']}{fu} = {outcome['points']}"
                    )
                else:
                    parts.append(f"{how}: no win ({outcome['code']})")
            print(f"  {detail['tile']}: " + "; ".join(parts))
    print(f"ukeire: {result['ukeire']} tiles ({' '.join(result['ukeire_tiles'])})")


def _cmd_shanten(args: argparse.Namespace) -> int:
    result = _analyse(args)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print_analysis(result)
    return 0


def _cmd_score(args: argparse.Namespace) -> int:
    from mahjongkit.scoring import Score, Win

    variant, rules, lang = _variant_rules_language(args)
    _refuse_foreign_flags(args)
    win_tile = Tile.parse(args.win)
    seat = parse_seat(args.seat)
    if args.tsumo and args.from_seat:
        raise _usage("--tsumo and --from exclude each other: a self-draw has no discarder")
    from_seat = (
        None if args.tsumo else (parse_seat(args.from_seat) if args.from_seat else (seat - 1) % 4)
    )
    if from_seat == seat:
        raise _usage("--from names the winner's own seat: use --tsumo for a self-draw")
    if win_tile.kind >= NUM_KINDS and args.variant != "hongkong":
        raise _usage(f"--win {win_tile}: {args.variant} has no bonus tiles to win on")
    try:
        hand = Hand.parse(args.hand, args.meld)
        if win_tile.kind >= NUM_KINDS:
            # A win on a bonus tile (Hong Kong's seven or eight flowers): the tile is set aside,
            # so HAND is the 13 tiles held.
            hand.require_size((13,))
        else:
            hand.require_size((14,))
        if (
            win_tile.kind < NUM_KINDS
            and win_tile not in hand.concealed
            and Tile(win_tile.kind) not in hand.concealed
        ):
            raise MahjongError(
                f"the winning tile {win_tile} is not among the concealed tiles {args.hand} "
                "(HAND includes the winning tile)"
            )
    except NotationError:
        raise  # unusable input: exit 2, one line on stderr
    except MahjongError as error:
        score = Score.failure(variant.name, "invalid_hand", str(error), args.hand)
    else:
        win = Win(
            hand=hand,
            win_tile=win_tile,
            self_draw=args.tsumo,
            seat=seat,
            from_seat=from_seat,
            round_wind=parse_seat(args.round),
            after_kong=args.after_kong or args.second_kong,
            second_kong=args.second_kong,
            robbing_kong=args.robbing_kong,
            kong_discard=args.kong_discard,
            last_tile=args.last_tile,
            first_turn=args.first_turn,
            riichi=args.riichi or args.double_riichi,
            double_riichi=args.double_riichi,
            ippatsu=args.ippatsu,
            dora_indicators=tuple(parse_tiles(args.dora)),
            ura_indicators=tuple(parse_tiles(args.ura)),
            honba=args.honba,
            deposits=args.deposits,
            nukidora=args.nukidora,
            flowers=tuple(parse_tiles(args.flowers.replace(",", " "))),
            missing_suit="mps".index(args.missing) if args.missing else None,
            in_game=frozenset(parse_seat(s) for s in args.in_game.split(",") if s.strip()),
        )
        score = variant.score(win, rules)
    if args.json:
        print(json.dumps(score.to_json(lang), ensure_ascii=False))
    else:
        print(score.explain(lang))
    return 0 if score.valid else 1


def _cmd_selfplay(args: argparse.Namespace) -> int:
    import random

    from mahjongkit.bots import EfficientAgent, play
    from mahjongkit.bots.policy import play_random
    from mahjongkit.game.engine import Game

    _, rules, _ = _variant_rules_language(args)
    for number in range(args.games):
        seed = args.seed + number
        game = Game(args.variant, rules, seed=seed, max_rounds=args.max_rounds)
        if args.bot == "efficient":
            play(game, [EfficientAgent() for _ in range(game.players)])
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
            scores = " ".join(f"{'ESWN'[s]}={v}" for s, v in enumerate(game.scores))
            print(
                f"game {number + 1} (seed {seed}): {game.rounds_played} rounds, "
                f"final scores {scores}"
            )
    return 0


def _cmd_replay_check(args: argparse.Namespace) -> int:
    from mahjongkit.formats.tenhou.replay import check_file

    found = False
    unreadable = False
    for path in args.files:
        try:
            report = check_file(path)
        except (MahjongError, OSError) as error:
            # One damaged file is reported and the others are still checked.
            print(f"{path}: cannot be read: {error}", file=sys.stderr)
            unreadable = True
            continue
        if report.skipped:
            print(f"{path}: skipped ({report.skipped})")
            continue
        mismatches = report.mismatches
        found = found or bool(mismatches)
        print(f"{path}: {report.checked} rounds checked, {len(mismatches)} mismatches")
        for line in mismatches:
            print(f"  {line}")
    return 2 if unreadable else 1 if found else 0


def _cmd_rules(args: argparse.Namespace) -> int:
    from mahjongkit.variants import rules_page

    _, rules, lang = _variant_rules_language(args)
    print(rules_page(args.variant, rules, lang))
    return 0


def _variant_rules_language(args: argparse.Namespace) -> tuple[Any, Any, str]:
    """The variant, its rules (``--rules`` preset, ``--option`` overrides) and the language."""
    from mahjongkit.options import override
    from mahjongkit.variants import find_variant

    variant = find_variant(args.variant)
    lang = getattr(args, "lang", None) or variant.languages[0]
    if lang not in variant.languages:
        raise _usage(f"--lang {lang}: {args.variant} speaks {', '.join(variant.languages)}")
    return variant, override(variant.rules(args.rules), args.option), lang


_VARIANT_FLAGS = {
    "riichi": (
        "dora",
        "ura",
        "riichi",
        "double_riichi",
        "ippatsu",
        "honba",
        "deposits",
        "nukidora",
    ),
    "hongkong": ("flowers", "second_kong"),
    "sichuan": ("missing", "in_game", "kong_discard"),
}
"""``score`` flags that only one variant reads; given to another, they are an error."""
_FLAG_DEFAULTS: dict[str, Any] = {"in_game": "E,S,W,N", "honba": 0, "deposits": 0, "nukidora": 0}


def _refuse_foreign_flags(args: argparse.Namespace) -> None:
    for variant, flags in _VARIANT_FLAGS.items():
        if variant == args.variant:
            continue
        for flag in flags:
            if getattr(args, flag) not in (_FLAG_DEFAULTS.get(flag), None, False, ""):
                option = "--" + flag.replace("_", "-")
                raise _usage(f"{option} is a {variant} flag: {args.variant} does not use it")


def _usage(message: str) -> MahjongError:
    return MahjongError(message)


def _check_nonnegative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, not {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _Parser(prog="mahjongkit", description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def hand_command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("hand", help="concealed tiles in mpsz, e.g. 123m456p789s1122z")
        sub.add_argument(
            "--meld",
            action="append",
            default=[],
            metavar="KIND:TILES[@SEAT]",
            help="a declared meld, e.g. pung:777z@W (repeatable)",
        )
        sub.add_argument(
            "--variant",
            choices=("riichi", "hongkong", "sichuan"),
            default="riichi",
            help="which complete shapes count (default riichi)",
        )
        sub.add_argument(
            "--missing", choices=("m", "p", "s"), help="Sichuan: the declared missing suit"
        )
        sub.add_argument(
            "--visible",
            default="",
            help="tiles seen elsewhere (discards, melds, indicators), for ukeire",
        )
        sub.add_argument("--json", action="store_true", help="print one JSON object")
        sub.set_defaults(run=_cmd_shanten)
        return sub

    hand_command("shanten", "Shanten of a hand, by shape, with its waits and ukeire.")
    hand_command("waits", "Waits of a ready hand and the tiles that improve it.")

    score = commands.add_parser("score", help="Score a winning hand and explain the result.")
    score.add_argument("hand", help="concealed tiles in mpsz, including the winning tile")
    score.add_argument("--variant", choices=("riichi", "hongkong", "sichuan"), default="riichi")
    score.add_argument("--rules", help="a rules preset (riichi: ema2012, ema2016, tenhou)")
    score.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override one rule option (repeatable)",
    )
    score.add_argument("--win", required=True, metavar="TILE", help="the winning tile")
    how = score.add_mutually_exclusive_group()
    how.add_argument("--tsumo", action="store_true", help="won by self-draw")
    how.add_argument(
        "--from",
        dest="from_seat",
        metavar="SEAT",
        help="the seat that discarded the winning tile (default: the previous seat)",
    )
    score.add_argument(
        "--meld",
        action="append",
        default=[],
        metavar="KIND:TILES[@SEAT]",
        help="a declared meld, e.g. pung:777z@W or concealed-kong:1111m",
    )
    score.add_argument("--seat", default="E", help="the winner's seat, E S W N (E deals)")
    score.add_argument("--round", default="E", help="the prevalent wind, E S W N")
    score.add_argument("--dora", default="", help="dora indicators (Riichi), mpsz")
    score.add_argument("--ura", default="", help="ura dora indicators (Riichi), mpsz")
    riichi = score.add_mutually_exclusive_group()
    riichi.add_argument("--riichi", action="store_true")
    riichi.add_argument("--double-riichi", action="store_true")
    score.add_argument("--ippatsu", action="store_true")
    score.add_argument("--after-kong", action="store_true", help="won on a kong replacement")
    score.add_argument(
        "--second-kong",
        action="store_true",
        help="won on the replacement of a second consecutive kong (Hong Kong)",
    )
    score.add_argument("--robbing-kong", action="store_true")
    score.add_argument(
        "--kong-discard",
        action="store_true",
        help="won on the discard right after a kong (Sichuan)",
    )
    score.add_argument(
        "--last-tile",
        action="store_true",
        help="won on the last wall tile, or the discard after it",
    )
    score.add_argument(
        "--first-turn", action="store_true", help="won in the first uninterrupted go-around"
    )
    score.add_argument("--honba", type=_check_nonnegative, default=0, help="counters")
    score.add_argument(
        "--deposits", type=_check_nonnegative, default=0, help="riichi sticks on the table"
    )
    score.add_argument(
        "--nukidora",
        type=_check_nonnegative,
        default=0,
        help="North tiles set aside (three-player Riichi: --option players=3 --option uma=...)",
    )
    score.add_argument("--flowers", default="", help="the winner's bonus tiles, e.g. 1f,3g")
    score.add_argument("--missing", choices=("m", "p", "s"), help="Sichuan: the missing suit")
    score.add_argument(
        "--in-game", default="E,S,W,N", help="Sichuan: the seats still playing, e.g. E,S,W"
    )
    score.add_argument("--lang", help="language of the explanation (en, fr, es, ja, zh)")
    score.add_argument("--json", action="store_true", help="print one JSON object")
    score.set_defaults(run=_cmd_score)

    selfplay = commands.add_parser(
        "selfplay", help="Play seeded games with random legal players and print the scores."
    )
    selfplay.add_argument("--variant", choices=("riichi", "hongkong", "sichuan"), default="riichi")
    selfplay.add_argument("--rules", help="a rules preset of the variant")
    selfplay.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    selfplay.add_argument("--seed", type=_check_nonnegative, default=0)
    selfplay.add_argument("--games", type=_positive, default=1)
    selfplay.add_argument(
        "--json", action="store_true", help="print each game's event log as JSON lines"
    )
    selfplay.add_argument(
        "--tenhou6", metavar="DIR", help="also write each Riichi game as tenhou.net/6 JSON in DIR"
    )
    selfplay.add_argument(
        "--bot",
        choices=("random", "efficient"),
        default="random",
        help="random legal players (default) or tile-efficiency players",
    )
    selfplay.add_argument(
        "--max-rounds", type=_positive, default=None, help="stop each game after this many rounds"
    )
    selfplay.set_defaults(run=_cmd_selfplay)

    pages = commands.add_parser(
        "rules", help="Print a variant's pattern table (names, values, examples) as Markdown."
    )
    pages.add_argument("--variant", choices=("riichi", "hongkong", "sichuan"), default="riichi")
    pages.add_argument("--rules", help="a rules preset of the variant")
    pages.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    pages.add_argument("--lang", help="language of the names")
    pages.set_defaults(run=_cmd_rules)

    replay = commands.add_parser(
        "replay-check",
        help="Replay Tenhou mjlog files through the engine and list every mismatch.",
    )
    replay.add_argument("files", nargs="+", help="mjlog files (.xml, or gzip .mjlog)")
    replay.set_defaults(run=_cmd_replay_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except MahjongError as error:
        print(f"mahjongkit: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as error:
        print(
            f"mahjongkit: error: {error.strerror or error}: {error.filename or ''}", file=sys.stderr
        )
        return 2
    return code


__all__ = ["EXAMPLE_HAND", "build_parser", "format_kinds", "main"]
