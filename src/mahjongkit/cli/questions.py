"""``shanten``, ``waits``, ``score`` and ``rules``: the questions about a hand, asked of
:mod:`mahjongkit.api` and printed as text or JSON."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from mahjongkit.api.words import hand_request_of, score_request_of
from mahjongkit.cli.output import cli_text, rules_of
from mahjongkit.lite_typing import Any

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    pass


def _state(value: int, lang: str) -> str:
    if value == -1:
        return cli_text("complete", lang)
    return cli_text("ready", lang) if value == 0 else cli_text("shanten", lang, n=value)


def _print_shape_line(result: dict[str, Any], lang: str) -> None:
    parts = [cli_text("regular", lang, n=result["regular"])]
    if result["seven_pairs"] is not None:
        parts.append(cli_text("seven_pairs", lang, n=result["seven_pairs"]))
    if result["thirteen_orphans"] is not None:
        parts.append(cli_text("thirteen_orphans", lang, n=result["thirteen_orphans"]))
    print(cli_text("by_shape", lang, parts=", ".join(parts)))


def _print_waits(result: dict[str, Any], lang: str) -> None:
    from mahjongkit.i18n import number, t

    print(cli_text("waits", lang, tiles=" ".join(result["waits"])))
    names = {key: t(f"seat.{result[key]}", lang) for key in ("seat", "round", "from")}
    print("  " + cli_text("context", lang, discarder=names.pop("from"), **names))
    for detail in result.get("wait_details", []):
        parts = []
        for how in ("ron", "tsumo"):
            outcome = detail[how]
            if outcome["valid"]:
                unit = t(f"unit.{outcome['unit']}", lang)
                fu = f" {outcome['fu']} fu" if outcome["fu"] else ""
                points = number(outcome["points"], lang)
                parts.append(f"{how} {outcome['value']} {unit}{fu} = {points}")
            else:
                parts.append(cli_text("no_win", lang, how=how, reason=outcome["reason"]))
        joined = t("list.separator", lang).join(parts)
        print("  " + t("cli.wait_line", lang, tile=detail["tile"], parts=joined))


def _print_analysis(result: dict[str, Any]) -> None:
    lang = result["lang"]
    print(f"{result['hand']}: {_state(result['shanten'], lang)}")
    _print_shape_line(result, lang)
    if "discards" in result:
        for option in result["discards"]:
            if option["shanten"] == result["discards"][0]["shanten"]:
                print(
                    cli_text(
                        "discard",
                        lang,
                        tile=option["discard"],
                        n=option["shanten"],
                        count=option["ukeire"],
                        tiles=" ".join(option["ukeire_tiles"]),
                    )
                )
        return
    if result["waits"]:
        _print_waits(result, lang)
    print(cli_text("ukeire", lang, count=result["ukeire"], tiles=" ".join(result["ukeire_tiles"])))


def _print_wait_page(result: dict[str, Any]) -> None:
    """What ``waits`` prints: the waits and their values, or why the hand has none."""
    lang = result["lang"]
    if not result["ready"]:
        state = _state(result["shanten"], lang)
        if result["tiles"] == 14:
            best = result["discards"][0]["shanten"] if result["discards"] else result["shanten"]
            state = _state(best, lang)
        print(f"{result['hand']}: " + cli_text("not_ready", lang, state=state))
        return
    if "discards" in result:
        print(f"{result['hand']}: {_state(result['shanten'], lang)}")
        for option in result["discards"]:
            if option["shanten"] == 0 and option["waits"]:
                tiles = " ".join(option["waits"])
                print(cli_text("discard_waits", lang, tile=option["discard"], tiles=tiles))
        return
    print(f"{result['hand']}: {_state(result['shanten'], lang)}")
    _print_waits(result, lang)
    print(cli_text("ukeire", lang, count=result["ukeire"], tiles=" ".join(result["ukeire_tiles"])))


def run_shanten(args: argparse.Namespace) -> int:
    _show_analysis(args, _print_analysis)
    return 0


def run_waits(args: argparse.Namespace) -> int:
    return 0 if _show_analysis(args, _print_wait_page)["ready"] else 1


def _show_analysis(
    args: argparse.Namespace, page: Callable[[dict[str, Any]], None]
) -> dict[str, Any]:
    """Analyse the hand and print it as JSON (``--json``) or as ``page``; return the analysis."""
    from mahjongkit.api.analysis import analyse

    result = analyse(hand_request_of(args)).to_json()
    if args.json:
        import json

        print(json.dumps(result, ensure_ascii=False))
    else:
        page(result)
    return result


def run_score(args: argparse.Namespace) -> int:
    from mahjongkit.api.scoring import score

    found = score(score_request_of(args))
    if args.json:
        import json

        print(json.dumps(found.to_json(), ensure_ascii=False))
    else:
        context = found.context.to_json()
        print(found.score.explain(context["lang"]))
        print(_situation(context, context["lang"]))
    return 0 if found.valid else 1


def _situation(context: dict[str, Any], lang: str) -> str:
    """The line under a score naming what was assumed: seat, round, who discarded, the rules."""
    from mahjongkit.i18n import t

    names = {key: t(f"seat.{context[key]}", lang) for key in ("seat", "round")}
    how = (
        cli_text("self_draw", lang)
        if context["from"] is None
        else cli_text("ron_from", lang, discarder=t(f"seat.{context['from']}", lang))
    )
    rules = " ".join([context["rules"], *context["options"]])
    return cli_text("score_context", lang, how=how, rules=rules, **names)


def run_rules(args: argparse.Namespace) -> int:
    from mahjongkit.variants import rules_page

    _, rules, lang = rules_of(args)
    if args.options:
        from mahjongkit.options import options_page

        sys.stdout.write(options_page(rules))
        return 0
    print(rules_page(args.variant, rules, lang))
    return 0
