"""Practice on the site: the score calculator (``POST /api/score``, ``POST /api/waits``), the
same hand under the three families (``POST /api/compare``), drills from seeded games and the
learner's progress.

The API's bodies carry the command line's flags as JSON fields named after them; each body
becomes a typed request of :mod:`mahjongkit.api` (no command words), answered by the same
functions as ``mahjongkit score --json``, so that the two give the same object. Questions and
their answers come from :mod:`mahjongkit.api.drills`. Nothing here decides a rule.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from mahjongkit.api import (
    CompareRequest,
    ScoreRequest,
    ShantenRequest,
    WaitsRequest,
    analyse,
    answer_request,
    request_of_words,
    score,
)
from mahjongkit.api import compare as compare_hands
from mahjongkit.api.drills import (
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
from mahjongkit.api.words import MAX_COUNT
from mahjongkit.errors import MahjongError
from mahjongkit.i18n import Sentence, reason_of, say, t, tile_name
from mahjongkit.melds import Meld
from mahjongkit.tiles import Tile, parse_tiles
from mahjongkit.valueclass import fields, replace
from mahjongkit.variants import VARIANT_NAMES, find_variant
from mahjongkit.variants.seats import SEAT_LETTERS
from mahjongkit.web.examples import MAX_COMMAND, answered_html, parse_command
from mahjongkit.web.hands import hand_html
from mahjongkit.web.lessons import SITE_LANGUAGES
from mahjongkit.web.progress import Progress

MAX_FIELD = 200
"""The longest text field read (a hand with four melds fits in far less)."""
MAX_ITEMS = 8
"""The most items a list field may hold (four melds, a handful of indicators)."""
MAX_BODY = 4096

_BOOLS = tuple(f.name for f in fields(ScoreRequest) if f.default is False)
"""The yes-or-no fields of a score request, named as the request names them (``tsumo``, ...)."""
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


def _texts(data: Mapping[str, Any], names: tuple[str, ...]) -> dict[str, str]:
    """The text fields of ``names`` the body gives, stripped, left out when empty."""
    found = {}
    for name in names:
        value = _text(data, name)
        if value is not None and value.strip():
            found[name] = value.strip()
    return found


def _options(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The ``option`` object as ``NAME=VALUE`` overrides."""
    options = data.get("option")
    if options is None:
        return ()
    wrong = FieldError(
        "option", Sentence("practice.error.type", field="option", expected=_kind("object"))
    )
    if not isinstance(options, dict) or len(options) > MAX_ITEMS * 2:
        raise wrong
    found = []
    for key, value in options.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        if not isinstance(value, str | int | float) or len(str(key) + str(value)) > MAX_FIELD:
            raise wrong
        found.append(f"{key}={value}")
    return tuple(found)


def request_of_body(command: str, data: Mapping[str, Any]) -> ScoreRequest | ShantenRequest:
    """The request a body asks: ``score``, ``waits`` or ``shanten`` with the fields named by
    the body's (each checked for its type and size; the library checks the values).

    >>> request_of_body("score", {"hand": "234m456p678s33555z", "win": "5z", "tsumo": True})
    ScoreRequest(hand='234m456p678s33555z', ...)
    """
    allowed = SCORE_FIELDS if command == "score" else WAITS_FIELDS
    _check_fields(data, allowed)
    hand = _text(data, "hand")
    if hand is None or not hand.strip():
        raise FieldError("hand", Sentence("practice.error.required", field="hand"))
    if command == "score" and not (_text(data, "win") or "").strip():
        raise FieldError("win", Sentence("practice.error.required", field="win"))
    texts = _texts(data, tuple(n for n in _TEXTS if n in allowed and n != "hand"))
    common: dict[str, Any] = {
        "hand": " ".join(hand.split()),
        "variant": texts.get("variant"),
        "rules": texts.get("rules"),
        "options": _options(data),
        "melds": tuple(meld.strip() for meld in _words(data, "melds")),
        "seat": texts.get("seat"),
        "round": texts.get("round", "E"),
        "lang": texts.get("lang"),
    }
    if command != "score":
        kind = WaitsRequest if command == "waits" else ShantenRequest
        visible = " ".join(_words(data, "visible")).strip()
        return kind(**common, missing=texts.get("missing"), visible=visible)
    if data.get("tsumo") is True and texts.get("from"):
        raise FieldError("from", Sentence("refusal.tsumo_and_from"))
    flags: dict[str, Any] = {}
    for name in _BOOLS:
        value = data.get(name)
        if value is not None and not isinstance(value, bool):
            raise FieldError(
                name, Sentence("practice.error.type", field=name, expected=_kind("boolean"))
            )
        flags[name] = value is True
    for name in _COUNTS:
        value = data.get(name)
        if value is None:
            value = 0
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
            raise FieldError(name, Sentence("practice.error.count", field=name, most=MAX_COUNT))
        flags[name] = value
    for name in _TILE_LISTS:
        flags[name] = " ".join(_words(data, name)).strip()
    if data.get("in_game") is not None:
        flags["in_game"] = tuple(_words(data, "in_game"))
    return ScoreRequest(
        **common,
        **flags,
        win=texts["win"],
        from_seat=texts.get("from"),
        missing=texts.get("missing"),
    )


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
    """One hand scored under each family, with the reason each result differs: the library's
    answer for a win or a non-win, the refusal for a hand a family cannot hold."""
    _check_fields(data, COMPARE_FIELDS)
    asked = request_of_body("score", {k: v for k, v in data.items() if k != "lang"})
    assert isinstance(asked, ScoreRequest)
    request = CompareRequest(
        asked.hand,
        win=asked.win,
        tsumo=asked.tsumo,
        from_seat=asked.from_seat,
        seat=asked.seat,
        round=asked.round,
        melds=asked.melds,
        lang=lang,
    )
    rows: list[dict[str, Any]] = []
    for row in compare_hands(request):
        if row.answer is None:
            assert row.refusal is not None
            body = {**data, "variant": row.family}
            rows.append(
                {
                    "family": row.family,
                    "status": row.status,
                    "code": row.refusal.code,
                    "reason": refusal_text(row.refusal, lang, blame(row.refusal, body)),
                    "answer": None,
                }
            )
            continue
        result = row.answer.to_json()
        if row.answer.valid:
            unit = find_variant(row.family).capabilities.value_unit
            reason = t(
                "practice.compare.win",
                lang,
                value=result[unit],
                unit=t(f"unit.{unit}", lang),
                points=result["points"],
            )
            code = None
        else:
            code = result["error"]["code"]
            reason = t(
                "practice.compare.no_win",
                lang,
                kind=t(f"code.{code}", lang),
                message=result["error"]["message"],
            )
        rows.append(
            {
                "family": row.family,
                "status": row.status,
                "code": code,
                "reason": reason,
                "answer": result,
            }
        )
    return {"hand": data.get("hand"), "families": rows}


def fields_of(command: str) -> dict[str, Any]:
    """The request body that asks what a command line asks (the calculator is filled from a
    lesson's example this way); the inverse of :func:`request_of_body`."""
    return fields_of_request(request_of_words(list(parse_command(command))))


def fields_of_request(request: ShantenRequest | ScoreRequest) -> dict[str, Any]:
    """The request body that asks ``request`` (see :func:`fields_of`)."""
    words = request.hand.split()
    fields: dict[str, Any] = {
        "command": _command_name(request),
        "hand": " ".join(w for w in words if ":" not in w),
        "variant": request.variant or VARIANT_NAMES[0],
        "melds": [*(w for w in words if ":" in w), *request.melds],
    }
    for name in ("rules", "seat", "round", "missing"):
        if getattr(request, name, None):
            fields[name] = getattr(request, name)
    if request.options:
        fields["option"] = dict(o.partition("=")[::2] for o in request.options)
    if isinstance(request, ScoreRequest):
        fields["win"] = request.win
        if request.from_seat:
            fields["from"] = request.from_seat
        for name in _BOOLS:
            if getattr(request, name):
                fields[name] = True
        for name in _TILE_LISTS:
            if getattr(request, name):
                fields[name] = [getattr(request, name)]
        for name in _COUNTS:
            if getattr(request, name):
                fields[name] = getattr(request, name)
        variant = find_variant(fields["variant"])
        seats = [s.strip() for s in request.in_game if s.strip()]
        if "in_game" in variant.score_fields and seats and set(seats) != set(SEAT_LETTERS):
            fields["in_game"] = seats
    return fields


def _command_name(request: ScoreRequest | ShantenRequest) -> str:
    """The command a request is the question of."""
    if isinstance(request, ScoreRequest):
        return "score"
    return "waits" if isinstance(request, WaitsRequest) else "shanten"


@cache
def chapter_kinds(family: str) -> dict[str, str]:
    """The kind of question that practises what each chapter of a family's course teaches, by
    the chapter's slug, as its course folder's ``drills.toml`` gives it (a chapter it leaves out,
    a scoring one, is practised by ``worth`` questions)."""
    path = Path(__file__).parent / "lessons" / family / "drills.toml"
    if not path.is_file():
        return {}
    found = tomllib.loads(path.read_text(encoding="utf-8"))
    wrong = {slug: kind for slug, kind in found.items() if kind not in KINDS}
    if wrong:
        raise ValueError(f"lessons/{family}/drills.toml: not a kind of question: {wrong}")
    return found


def chapter_drill_ids(family: str, slug: str, index: int) -> list[str]:
    """The ids of the questions that end a chapter (those of :func:`chapter_drills`), known
    without dealing their games: a course page lists every chapter's."""
    kind = chapter_kinds(family).get(slug, "worth")
    first = _CHAPTER_BASE + index * CHAPTER_QUESTIONS
    return [f"{family}-{kind}-{first + n}" for n in range(CHAPTER_QUESTIONS)]


def chapter_drills(family: str, slug: str, index: int) -> list[Drill]:
    """The questions that end a chapter: of the kind that practises what it teaches."""
    kind = chapter_kinds(family).get(slug, "worth")
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
    text.update({f"seat.{s}": t(f"seat.{s}", lang) for s in SEAT_LETTERS})
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
            asked = request_of_body(command, body)
            if isinstance(asked, ScoreRequest):
                result = score(asked).to_json()
            else:
                result = analyse(asked).to_json()
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
                # Read and answered once; refused input is a 400 beside the form.
                words = parse_command(q)
                question = request_of_words(words)
                code, result = answer_request(replace(question, lang=lang))
                prefill = fields_of_request(question)
                title = t("web.calc.title", lang)
                answer_html = answered_html(words, question, code, result, lang, title)
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
