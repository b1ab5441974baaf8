"""Practice on the site: the score calculator (``POST /api/score``, ``POST /api/waits``), the
same hand under the three families (``POST /api/compare``), drills from seeded games and the
learner's progress.

The API's bodies carry the command line's flags as JSON fields named after them; each request
becomes the command's words and is answered by :func:`mahjongkit.commands.answer`, so that the
site and ``mahjongkit score --json`` give the same object. Questions and their answers come
from :mod:`mahjongkit.bots.drills`. Nothing here decides a rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from mahjongkit.bots.drills import (
    FAMILIES,
    KINDS,
    MAX_NUMBER,
    Drill,
    answer_in,
    best_discards,
    discard_reach,
    drill_of,
    grade,
    make_drill,
    missing_suit_facts,
)
from mahjongkit.commands import MAX_COUNT, answer, parse_words
from mahjongkit.errors import MahjongError
from mahjongkit.i18n import Sentence, reason_of, say, t, tile_name
from mahjongkit.melds import Meld
from mahjongkit.tiles import Tile, parse_tiles
from mahjongkit.variants import find_variant
from mahjongkit.web.examples import MAX_COMMAND, example_html, parse_command
from mahjongkit.web.hands import hand_html
from mahjongkit.web.lessons import SITE_LANGUAGES
from mahjongkit.web.progress import Progress

MAX_FIELD = 200
"""The longest text field read (a hand with four melds fits in far less)."""
MAX_ITEMS = 8
"""The most items a list field may hold (four melds, a handful of indicators)."""
MAX_BODY = 4096

_BOOLS = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "after_kong",
    "second_kong",
    "robbing_kong",
    "kong_discard",
    "last_tile",
    "first_turn",
)
_COUNTS = ("honba", "deposits", "nukidora")
_TILE_LISTS = ("dora", "ura", "flowers")
_TEXTS = ("hand", "variant", "rules", "win", "from", "seat", "round", "missing", "lang")
SCORE_FIELDS = (*_TEXTS, *_BOOLS, *_COUNTS, *_TILE_LISTS, "melds", "option", "in_game")
"""The fields of ``POST /api/score``: the flags of ``mahjongkit score`` by name."""
WAITS_FIELDS = (
    "hand",
    "variant",
    "rules",
    "seat",
    "round",
    "missing",
    "lang",
    "melds",
    "option",
    "visible",
)
"""The fields of ``POST /api/waits``: the flags of ``mahjongkit waits``."""
COMPARE_FIELDS = ("hand", "win", "tsumo", "from", "seat", "round", "melds", "lang")
"""The fields of ``POST /api/compare``: a hand and how it was won, without a family."""
_CHOICES = {"variant": FAMILIES, "missing": ("m", "p", "s")}
CALCULATOR_EXAMPLES = (
    "score 11223344556677m --variant sichuan --win 7m --tsumo",
    "waits 1122334455667m --variant sichuan",
    "score 234m456p678s33555z --win 5z --tsumo --seat S --dora 3s",
    "score 111z222z777z55z --variant hongkong --meld pung:666z@W --win 5z --from E --seat S",
    "shanten 123m456p789s1122z",
)
"""The commands the calculator offers to try, one per kind of question and family."""

CHAPTER_KINDS = {
    ("riichi", "turn-and-calls"): "discard",
    ("riichi", "riichi"): "waits",
    ("riichi", "furiten"): "waits",
    ("hongkong", "tiles-flowers-seasons"): "discard",
    ("hongkong", "a-turn"): "discard",
    ("hongkong", "claims"): "waits",
    ("hongkong", "the-hand"): "waits",
    ("sichuan", "tiles"): "discard",
    ("sichuan", "exchange-three"): "discard",
    ("sichuan", "missing-suit"): "discard",
    ("sichuan", "turn-and-claims"): "waits",
    ("sichuan", "after-a-win"): "waits",
    ("sichuan", "wall-end"): "waits",
}
"""The kind of question that practises what a chapter teaches (scoring chapters: ``worth``)."""
CHAPTER_QUESTIONS = 2
_CHAPTER_BASE = 500
"""Chapter questions are numbered from here, so that they differ from the drills page's first."""

_PAGE_TEXT = (
    "calc.hand",
    "calc.win",
    "calc.melds",
    "calc.add_meld",
    "calc.remove",
    "calc.clear",
    "calc.undo",
    "calc.score",
    "calc.waits",
    "calc.compare",
    "calc.patterns",
    "calc.fu",
    "calc.limit",
    "calc.payments",
    "calc.points",
    "calc.explanation",
    "calc.total",
    "calc.no_win",
    "calc.win_label",
    "calc.wait_on",
    "calc.ron",
    "calc.tsumo_short",
    "calc.not_ready",
    "calc.discards",
    "calc.discard_line",
    "calc.refused",
    "calc.context",
    "calc.compare_title",
    "calc.family",
    "calc.result",
    "calc.why",
    "calc.value",
    "drill.check",
    "drill.next",
    "drill.right",
    "drill.wrong",
    "drill.expected",
    "drill.best",
    "drill.choose",
    "drill.discard_q",
    "drill.waits_q",
    "drill.worth_q",
    "drill.how_tsumo",
    "drill.how_ron",
    "drill.seat",
    "drill.missing",
    "drill.riichi",
    "drill.flowers",
    "drill.option_line",
    "drill.explanation",
    "drill.loading",
    "drill.answered",
    "drill.command",
    "drill.reach_title",
    "drill.reach_line",
    "drill.reach_short",
    "drill.reach_far",
    "drill.reach_none",
    "drill.missing_held",
    "drill.missing_clear",
)


def _kind(name: str) -> dict[str, str]:
    """A type's name in every language of the site, for a :class:`Sentence` value."""
    return {lang: t(f"practice.types.{name}", lang) for lang in SITE_LANGUAGES}


def _error(status: int, code: str, message: str, field: str | None, key: str | None) -> Response:
    body = {"error": {"code": code, "id": key, "field": field, "message": message}}
    return JSONResponse(body, status_code=status)


class FieldError(MahjongError):
    """A field of a request body that cannot be used: its name and the reason."""

    code = "field"

    def __init__(self, field: str | None, reason: Sentence) -> None:
        super().__init__(reason)
        self.field = field


def _text(data: Mapping[str, Any], name: str) -> str | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise FieldError(name, Sentence("practice.error.type", field=name, expected=_kind("text")))
    if len(value) > MAX_FIELD:
        raise FieldError(name, Sentence("practice.error.long", field=name, most=MAX_FIELD))
    if name in _CHOICES and value not in _CHOICES[name]:
        choices = ", ".join(_CHOICES[name])
        raise FieldError(
            name, Sentence("practice.error.choice", field=name, value=value[:20], choices=choices)
        )
    return value


def _words(data: Mapping[str, Any], name: str) -> list[str]:
    """A list field (or, for tiles, one mpsz string) as its words."""
    value = data.get(name)
    if value is None:
        return []
    if isinstance(value, str):
        value = [value] if name != "melds" else value.split()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise FieldError(name, Sentence("practice.error.type", field=name, expected=_kind("list")))
    if len(value) > MAX_ITEMS or any(len(item) > MAX_FIELD for item in value):
        raise FieldError(name, Sentence("practice.error.many", field=name, most=MAX_ITEMS))
    return [item for item in value if item.strip()]


def _check_fields(data: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    for name in data:
        if name not in allowed:
            raise FieldError(
                str(name)[:30],
                Sentence("practice.error.unknown", field=str(name)[:30], fields=", ".join(allowed)),
            )


def request_words(command: str, data: Mapping[str, Any]) -> list[str]:
    """The command line that asks what a request body asks: ``score``, ``waits`` or
    ``shanten`` and the flags named by the body's fields (the hand last, after ``--``).

    >>> request_words("score", {"hand": "234m456p678s33555z", "win": "5z", "tsumo": True})
    ['score', '--win=5z', '--tsumo', '--', '234m456p678s33555z']
    """
    allowed = SCORE_FIELDS if command == "score" else WAITS_FIELDS
    _check_fields(data, allowed)
    words = [command]
    hand = _text(data, "hand")
    if hand is None or not hand.strip():
        raise FieldError("hand", Sentence("practice.error.required", field="hand"))
    if command == "score" and not (_text(data, "win") or "").strip():
        raise FieldError("win", Sentence("practice.error.required", field="win"))
    for name in ("variant", "rules", "win", "from", "seat", "round", "missing", "lang"):
        value = _text(data, name) if name in allowed else None
        if value is not None and value.strip():
            words.append(f"--{name}={value.strip()}")
    if command == "score" and data.get("tsumo") is True and (_text(data, "from") or "").strip():
        raise FieldError("from", Sentence("refusal.tsumo_and_from"))
    for name in _BOOLS if command == "score" else ():
        value = data.get(name)
        if value is None or value is False:
            continue
        if value is not True:
            raise FieldError(
                name, Sentence("practice.error.type", field=name, expected=_kind("boolean"))
            )
        words.append("--" + name.replace("_", "-"))
    for name in _COUNTS if command == "score" else ():
        value = data.get(name)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
            raise FieldError(name, Sentence("practice.error.count", field=name, most=MAX_COUNT))
        words.append(f"--{name}={value}")
    for name in (*_TILE_LISTS, "visible"):
        if name in allowed:
            tiles = " ".join(_words(data, name)).strip()
            if tiles:
                words.append(f"--{name}={tiles}")
    for meld in _words(data, "melds"):
        words.append(f"--meld={meld.strip()}")
    if "in_game" in allowed and data.get("in_game") is not None:
        seats = _words(data, "in_game")
        words.append("--in-game=" + ",".join(seats))
    options = data.get("option")
    if options is not None:
        if not isinstance(options, dict) or len(options) > MAX_ITEMS * 2:
            raise FieldError(
                "option", Sentence("practice.error.type", field="option", expected=_kind("object"))
            )
        for key, value in options.items():
            if isinstance(value, bool):
                value = "true" if value else "false"
            if not isinstance(value, str | int | float) or len(str(key) + str(value)) > MAX_FIELD:
                raise FieldError(
                    "option",
                    Sentence("practice.error.type", field="option", expected=_kind("object")),
                )
            words.append(f"--option={key}={value}")
    return [*words, "--", *hand.split()]


_FIELD_OF_KEY = {
    "refusal.win_not_held": "win",
    "refusal.bonus_win_size": "win",
    "refusal.no_bonus_win": "win",
    "refusal.seat_not_at_table": "seat",
    "refusal.meld_own_seat": "seat",
    "refusal.tsumo_and_from": "from",
    "refusal.from_self": "from",
    "refusal.missing_flag": "missing",
    "refusal.option_bool": "option",
    "refusal.option_int": "option",
    "refusal.option_number": "option",
    "refusal.option_digits": "option",
    "refusal.option_form": "option",
    "refusal.option_unknown": "option",
    "refusal.rules_preset": "rules",
    "refusal.rules_empty": "rules",
    "refusal.uma_entries": "option",
    "refusal.option_range": "option",
    "refusal.option_choice": "option",
    "refusal.option_only": "option",
    "refusal.option_type": "option",
    "refusal.option_item_range": "option",
    "refusal.option_item_choice": "option",
    "refusal.option_item_type": "option",
    "refusal.option_finite": "option",
    "refusal.min_above_limit": "option",
    "refusal.max_ron_winners": "option",
    "refusal.option_not_settable": "option",
    "refusal.not_bonus": "flowers",
    "refusal.bonus_twice": "flowers",
    "refusal.no_flowers": "flowers",
    "refusal.seat_not_at_table_of": "seat",
}


def blame(error: MahjongError, data: Mapping[str, Any]) -> str:
    """The field of ``data`` an engine refusal is about (the hand if no other fits)."""
    if isinstance(error, FieldError) and error.field:
        return error.field
    reason = reason_of(error)
    key = reason.key if isinstance(reason, Sentence) else ""
    values = reason.values if isinstance(reason, Sentence) else {}
    if key in _FIELD_OF_KEY:
        return _FIELD_OF_KEY[key]
    if key == "refusal.seat":
        for name in ("seat", "from", "round"):
            if repr(data.get(name)) == values.get("text"):
                return name
        if any(repr(seat) == values.get("text") for seat in _words(data, "in_game")):
            return "in_game"
    if key == "refusal.flag_value":
        return str(values["flag"]).lstrip("-").replace("-", "_")
    if key == "refusal.foreign_flag":
        return str(values["flag"]).lstrip("-").replace("-", "_")
    checks: list[tuple[str, Callable[[str], object]]] = [
        ("win", Tile.parse),
        ("dora", parse_tiles),
        ("ura", parse_tiles),
        ("flowers", parse_tiles),
        ("melds", Meld.parse),
    ]
    for name, check in checks:
        try:
            for word in _words(data, name) if name != "win" else [_text(data, "win") or "1m"]:
                check(word)
        except (MahjongError, TypeError):
            return name
    if "option" in str(reason) and data.get("option"):
        return "option"
    return "hand"


def refusal_text(error: MahjongError, lang: str, field: str) -> str:
    """What a refusal says in ``lang``: its sentence, or, for a refusal the library words only
    in English, its kind and the field at fault in the language (never English in a French or
    Spanish answer; the English stays in the answer's ``detail``)."""
    reason = reason_of(error)
    if isinstance(reason, Sentence) or lang == "en":
        return say(reason, lang)
    code = f"code.{error.code}" if f"code.{error.code}" in _codes() else "code.unknown"
    kind = t(code, lang)
    return Sentence("refusal.generic", kind=kind, field=field).say(lang)


def _refused(error: MahjongError, data: Mapping[str, Any], lang: str) -> Response:
    reason = reason_of(error)
    key = reason.key if isinstance(reason, Sentence) else None
    field = blame(error, data)
    body = {
        "error": {
            "code": error.code,
            "id": key,
            "field": field,
            "message": refusal_text(error, lang, field),
        }
    }
    if key is None:
        body["error"]["detail"] = str(reason)
    return JSONResponse(body, status_code=400)


def _codes() -> set[str]:
    from mahjongkit.i18n.messages import MESSAGES

    return {key for key in MESSAGES["en"] if key.startswith("code.")}


def compare(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """One hand scored under each family, with the reason each result differs: the command's
    answer for a win or a non-win, the refusal for a hand a family cannot hold."""
    _check_fields(data, COMPARE_FIELDS)
    rows: list[dict[str, Any]] = []
    for family in FAMILIES:
        body = {**{k: v for k, v in data.items() if k != "lang"}, "variant": family, "lang": lang}
        try:
            _, result = answer(request_words("score", body))
        except FieldError:
            raise
        except MahjongError as error:
            rows.append(
                {
                    "family": family,
                    "status": "refused",
                    "code": error.code,
                    "reason": refusal_text(error, lang, blame(error, body)),
                    "answer": None,
                }
            )
            continue
        if result["valid"]:
            unit = "han" if family == "riichi" else "fan"
            value = result[unit]
            reason = t(
                "practice.compare.win",
                lang,
                value=value,
                unit=t(f"unit.{unit}", lang),
                points=result["points"],
            )
            rows.append(
                {
                    "family": family,
                    "status": "win",
                    "code": None,
                    "reason": reason,
                    "answer": result,
                }
            )
        else:
            error_code = result["error"]["code"]
            reason = t(
                "practice.compare.no_win",
                lang,
                kind=t(f"code.{error_code}", lang),
                message=result["error"]["message"],
            )
            rows.append(
                {
                    "family": family,
                    "status": "no_win",
                    "code": error_code,
                    "reason": reason,
                    "answer": result,
                }
            )
    return {"hand": data.get("hand"), "families": rows}


def fields_of(command: str) -> dict[str, Any]:
    """The request body that asks what a command line asks (the calculator is filled from a
    lesson's example this way); the inverse of :func:`request_words`."""
    args = parse_words(list(parse_command(command)))
    fields: dict[str, Any] = {"command": args.command, "hand": args.hand, "variant": args.variant}
    inline = [w for w in args.hand.split() if ":" in w]
    fields["hand"] = " ".join(w for w in args.hand.split() if ":" not in w)
    fields["melds"] = [*inline, *args.meld]
    for name in ("rules", "seat", "round", "missing"):
        if getattr(args, name, None):
            fields[name] = getattr(args, name)
    if args.option:
        fields["option"] = dict(o.partition("=")[::2] for o in args.option)
    if args.command == "score":
        fields["win"] = args.win
        if args.from_seat:
            fields["from"] = args.from_seat
        for name in _BOOLS:
            if getattr(args, name):
                fields[name] = True
        for name in _TILE_LISTS:
            if getattr(args, name):
                fields[name] = [getattr(args, name)]
        for name in _COUNTS:
            if getattr(args, name):
                fields[name] = getattr(args, name)
        seats = [s.strip() for s in (args.in_game or "").split(",") if s.strip()]
        if args.variant == "sichuan" and seats and set(seats) != set("ESWN"):
            fields["in_game"] = seats
    return fields


def chapter_drill_ids(family: str, slug: str, index: int) -> list[str]:
    """The ids of the questions that end a chapter (those of :func:`chapter_drills`), known
    without dealing their games: a course page lists every chapter's."""
    kind = CHAPTER_KINDS.get((family, slug), "worth")
    first = _CHAPTER_BASE + index * CHAPTER_QUESTIONS
    return [f"{family}-{kind}-{first + n}" for n in range(CHAPTER_QUESTIONS)]


def chapter_drills(family: str, slug: str, index: int) -> list[Drill]:
    """The questions that end a chapter: of the kind that practises what it teaches."""
    kind = CHAPTER_KINDS.get((family, slug), "worth")
    first = _CHAPTER_BASE + index * CHAPTER_QUESTIONS
    return [make_drill(family, kind, first + n) for n in range(CHAPTER_QUESTIONS)]


def _tile_names(lang: str) -> dict[str, str]:
    codes = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    codes += [f"{n}{s}" for s in "fg" for n in range(1, 5)]
    names = {code: tile_name(code, lang) for code in codes}
    names["back"] = t("learn.tiles.back", lang)
    return names


def page_text(lang: str) -> str:
    """The sentences and tile names the page's script needs, as JSON for a script element."""
    from mahjongkit.i18n.messages import MESSAGES

    # The templates themselves: the script fills in their values.
    table, english = MESSAGES.get(lang, MESSAGES["en"]), MESSAGES["en"]
    text = {key: table.get(f"practice.{key}") or english[f"practice.{key}"] for key in _PAGE_TEXT}
    text["refused"] = table.get("web.example.refused") or english["web.example.refused"]
    # The course path's and calculator's sentences, under their own keys.
    learn = [key for key in english if key.startswith("learn.")]
    text.update({key: table.get(key) or english[key] for key in learn})
    text.update({f"family.{f}": t(f"web.family.{f}", lang) for f in FAMILIES})
    text.update({f"suit.{suit}": t(f"tile.suit.{suit}", lang) for suit in "mps"})
    kinds = ("chow", "pung", "kong", "concealed-kong", "added-kong")
    text.update({f"meld.{kind}": t(f"meld.{kind}", lang) for kind in kinds})
    text.update({f"seat.{s}": t(f"seat.{s}", lang) for s in "ESWN"})
    text.update({f"unit.{u}": t(f"unit.{u}", lang) for u in ("han", "fan")})
    data = {"lang": lang, "text": text, "tiles": _tile_names(lang)}
    # Inside a <script> element "</" must not appear.
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")


def practice_router(
    progress: Progress,
    page: Callable[..., HTMLResponse],
    visitor: Callable[[Request], tuple[str, bool]],
    preferred: Callable[[str | None], str],
) -> APIRouter:
    """The practice pages and API; ``page`` draws a template the way every page of the site is
    drawn, ``visitor`` names the browser, ``preferred`` reads an ``Accept-Language`` header."""
    router = APIRouter()

    def api_language(request: Request, data: Mapping[str, Any] | None) -> str:
        asked = data.get("lang") if isinstance(data, Mapping) else None
        if isinstance(asked, str) and asked.split("-")[0].lower() in SITE_LANGUAGES:
            return asked.split("-")[0].lower()
        return preferred(request.headers.get("accept-language"))

    async def body_of(request: Request) -> tuple[dict[str, Any] | None, Response | None]:
        raw = await request.body()
        lang = preferred(request.headers.get("accept-language"))
        if len(raw) > MAX_BODY:
            message = t("web.error.too_long", lang, limit=MAX_BODY)
            return None, _error(413, "too_long", message, None, "web.error.too_long")
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError, RecursionError):
            data = None
        if not isinstance(data, dict):
            message = t("practice.error.body", lang)
            return None, _error(400, "invalid", message, None, "practice.error.body")
        asked = data.get("lang")
        if asked is not None and (not isinstance(asked, str) or asked not in SITE_LANGUAGES):
            message = t(
                "web.error.language",
                lang,
                lang=str(asked)[:10],
                languages=", ".join(SITE_LANGUAGES),
            )
            return None, _error(400, "language", message, "lang", "web.error.language")
        return data, None

    async def command_api(request: Request, command: str) -> Response:
        data, refusal = await body_of(request)
        if refusal is not None or data is None:
            return refusal or _error(400, "invalid", "", None, None)
        lang = api_language(request, data)
        body = {**data, "lang": lang}
        try:
            words = request_words(command, body)
            if command == "waits" and len((data.get("hand") or "").split()) == 0:
                raise FieldError("hand", Sentence("practice.error.required", field="hand"))
            _, result = answer(words)
        except MahjongError as error:
            return _refused(error, data, lang)
        return JSONResponse(result)

    @router.post("/api/score")
    async def api_score(request: Request) -> Response:
        return await command_api(request, "score")

    @router.post("/api/waits")
    async def api_waits(request: Request) -> Response:
        return await command_api(request, "waits")

    @router.post("/api/hand")
    async def api_hand(request: Request) -> Response:
        """A hand drawn as the site draws it (its sets, called sets, the winning tile
        marked), for the calculator's result: ``{"hand", "melds", "win", "reading"}``."""
        data, refusal = await body_of(request)
        if refusal is not None or data is None:
            return refusal or _error(400, "invalid", "", None, None)
        lang = api_language(request, data)
        try:
            _check_fields(data, ("hand", "melds", "win", "reading", "lang"))
            hand = _text(data, "hand") or ""
            win = _text(data, "win")
            reading = _text(data, "reading")
            melds = _words(data, "melds")
            html = hand_html(hand, melds, lang, win or None, reading)
        except MahjongError as error:
            return _refused(error, data, lang)
        return JSONResponse({"html": html})

    @router.post("/api/compare")
    async def api_compare(request: Request) -> Response:
        data, refusal = await body_of(request)
        if refusal is not None or data is None:
            return refusal or _error(400, "invalid", "", None, None)
        lang = api_language(request, data)
        try:
            return JSONResponse(compare(data, lang))
        except MahjongError as error:
            return _refused(error, data, lang)

    def drill_json(drill: Drill, lang: str) -> dict[str, Any]:
        question = drill.question()
        question["hand_tiles"] = [str(tile) for tile in parse_tiles(drill.hand)]
        return question

    @router.get("/api/drills/{family}")
    async def api_drills(
        request: Request, family: str, kind: str = "discard", number: int = 0, chapter: str = ""
    ) -> Response:
        lang = preferred(request.headers.get("accept-language"))
        if family not in FAMILIES or kind not in KINDS or not 0 <= number <= MAX_NUMBER:
            reason = Sentence(
                "refusal.drill_id", id=repr(f"{family}-{kind}-{number}"[:40]), most=MAX_NUMBER
            )
            return _error(404, "notation", reason.say(lang), "id", reason.key)
        try:
            if chapter:
                from mahjongkit.web.lessons import courses

                course = courses()[family]
                found = course.find(chapter[:80])
                if found is None:
                    message = t("web.error.not_found", lang, path=chapter[:80])
                    return _error(404, "http_404", message, "chapter", "web.error.not_found")
                index = course.chapters.index(found)
                drills = chapter_drills(family, chapter, index)
            else:
                drills = [make_drill(family, kind, number)]
        except MahjongError as error:
            return _error(404, error.code, refusal_text(error, lang, "id"), "id", None)
        return JSONResponse({"questions": [drill_json(d, lang) for d in drills]})

    @router.post("/api/drills/answer")
    async def api_answer(request: Request) -> Response:
        data, refusal = await body_of(request)
        if refusal is not None or data is None:
            return refusal or _error(400, "invalid", "", None, None)
        lang = api_language(request, data)
        try:
            _check_fields(data, ("id", "reply", "lang"))
            if "reply" not in data:
                raise FieldError("reply", Sentence("practice.error.required", field="reply"))
            drill = drill_of(data.get("id"))  # type: ignore[arg-type]
            verdict = grade(drill, data["reply"])
        except MahjongError as error:
            field = "id" if "drill_id" in getattr(reason_of(error), "key", "") else "reply"
            if isinstance(error, FieldError):
                field = error.field or field
            reason = reason_of(error)
            return _error(
                400,
                error.code,
                say(reason, lang),
                field,
                reason.key if isinstance(reason, Sentence) else None,
            )
        who, new = visitor(request)
        progress.answer(who, drill.family, drill.concept, drill.id, verdict.correct)
        result = answer_in(drill, lang)
        body = {
            "id": drill.id,
            "correct": verdict.correct,
            "expected": verdict.expected,
            "answer": result,
        }
        if drill.kind == "discard":
            reach = discard_reach(drill, lang)
            body["best"] = best_discards(result, reach)
            if reach is not None:
                body["reach"] = reach
        missing = missing_suit_facts(drill)
        if missing is not None:
            body["missing"] = missing
        response = JSONResponse(body)
        if new:
            response.set_cookie(
                "mjk_visitor", who, max_age=3600 * 24 * 365, samesite="lax", httponly=True
            )
        return response

    @router.get("/api/progress")
    async def api_progress(request: Request) -> Response:
        who, _ = visitor(request)
        rows = [
            {"family": f, "concept": c, "answered": n, "right": ok}
            for (f, c), (n, ok) in sorted(progress.scores(who).items())
        ]
        return JSONResponse({"progress": rows})

    @router.get("/api/progress/export")
    async def api_export(request: Request) -> Response:
        who, _ = visitor(request)
        return JSONResponse(
            progress.export(who),
            headers={"Content-Disposition": 'attachment; filename="mahjongkit-progress.json"'},
        )

    @router.post("/api/progress/reset")
    async def api_reset(request: Request) -> Response:
        who, _ = visitor(request)
        progress.reset(who)
        return JSONResponse({"reset": True})

    def known(lang: str) -> None:
        if lang not in SITE_LANGUAGES:
            from starlette.exceptions import HTTPException

            raise HTTPException(
                404,
                t("web.error.language", "en", lang=lang[:10], languages=", ".join(SITE_LANGUAGES)),
            )

    @router.get("/{lang}/practice/", response_class=HTMLResponse)
    async def hub(request: Request, lang: str) -> HTMLResponse:
        known(lang)
        return page(request, "practice_hub.html", lang)

    @router.get("/{lang}/calculator", response_class=HTMLResponse)
    async def calculator(request: Request, lang: str, q: str = "") -> HTMLResponse:
        known(lang)
        prefill: dict[str, Any] = {}
        error, answer_html = "", ""
        if q.strip():
            try:
                words = parse_command(q)
                answer(list(words))  # refused input is a 400 beside the form
                prefill = fields_of(q)
                answer_html = example_html(words, lang, t("web.calc.title", lang))
            except MahjongError as refused:
                error = refusal_text(refused, lang, "q")
        return page(
            request,
            "calculator.html",
            lang,
            400 if error else 200,
            prefill=json.dumps(prefill, ensure_ascii=False).replace("</", "<\\/"),
            page_text=page_text(lang),
            error=error,
            query=q,
            answer=answer_html,
            examples=CALCULATOR_EXAMPLES,
            max_command=MAX_COMMAND,
            presets={
                family: [
                    {"id": name, "name": t(f"learn.preset.{name}", lang)}
                    for name in find_variant(family).presets
                ]
                for family in FAMILIES
            },
        )

    @router.get("/{lang}/practice/calculator", include_in_schema=False)
    async def old_calculator(request: Request, lang: str) -> Response:
        # The calculator had two pages; links to this one (bookmarks, older lessons) still work.
        known(lang)
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/{lang}/calculator{query}", status_code=301)

    @router.get("/{lang}/practice/drills/{family}", response_class=HTMLResponse)
    async def drills(request: Request, lang: str, family: str) -> HTMLResponse:
        known(lang)
        if family not in FAMILIES:
            from starlette.exceptions import HTTPException

            raise HTTPException(404, t("web.error.not_found", lang, path=request.url.path))
        return page(
            request,
            "practice_drills.html",
            lang,
            family=family,
            kinds=KINDS,
            page_text=page_text(lang),
        )

    @router.get("/{lang}/practice/progress", response_class=HTMLResponse)
    async def progress_page(request: Request, lang: str) -> HTMLResponse:
        known(lang)
        who, _ = visitor(request)
        scores = progress.scores(who)
        from mahjongkit.web.lessons import courses

        read = {family: len(progress.read(who, family)) for family in FAMILIES}
        chapters = {family: len(courses()[family].chapters) for family in FAMILIES}
        concepts = ("efficiency", "waits", "scoring")
        return page(
            request,
            "practice_progress.html",
            lang,
            scores=scores,
            concepts=concepts,
            read=read,
            chapters=chapters,
            practice_families=FAMILIES,
        )

    @router.post("/{lang}/practice/progress/reset")
    async def reset_page(request: Request, lang: str) -> Response:
        known(lang)
        who, _ = visitor(request)
        progress.reset(who)
        return RedirectResponse(f"/{lang}/practice/progress", status_code=303)

    return router
