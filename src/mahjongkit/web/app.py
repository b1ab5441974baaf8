"""The site's routes: every page under its language (``/en/...``, ``/fr/...``, ``/es/...``).

Pages are drawn from the package's lessons, the variants' pattern tables and the glossary; a
worked example or the calculator asks the command line's own JSON answer. Nothing here decides
a rule. Bad input gets a 4xx page (or JSON under ``/api/``) in the page's language.
"""

from __future__ import annotations

import json
import os
import secrets
import unicodedata
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.exceptions import HTTPException
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint

from mahjongkit.errors import MahjongError
from mahjongkit.i18n import t, t_or
from mahjongkit.variants import find_variant
from mahjongkit.variants.glossary import Entry, glossary
from mahjongkit.web.connection import play_router
from mahjongkit.web.examples import format_number, parse_command, run
from mahjongkit.web.lessons import FAMILIES, SITE_LANGUAGES, Course, courses, render
from mahjongkit.web.patterns import patterns_html
from mahjongkit.web.practice import chapter_drill_ids, page_text, practice_router, refusal_text
from mahjongkit.web.progress import Progress
from mahjongkit.web.rooms import Rooms
from mahjongkit.web.table import Limits, Tables, table_router
from mahjongkit.web.tiles import tile_svg, tiles_html

MAX_QUERY = 1000
"""The longest query string read (a command line fits in far less)."""
MAX_PATH = 300
"""The longest path read."""
MAX_BODY = 4096
"""The largest request body read by the API."""
VISITOR_COOKIE = "mjk_visitor"

_LANGUAGE_NAMES = {"en": "English", "fr": "Français", "es": "Español"}


def default_db_path() -> Path:
    """Where ``serve`` keeps progress by default: ``mahjongkit/site.sqlite3`` in the user's
    data folder (``$XDG_DATA_HOME``, else ``~/.local/share``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mahjongkit" / "site.sqlite3"


def preferred_language(header: str | None) -> str:
    """The site language an ``Accept-Language`` header prefers (English if none fits).

    >>> preferred_language("de-DE,de;q=0.9,fr;q=0.8,en;q=0.5")
    'fr'
    """
    choices = []
    for position, part in enumerate((header or "")[:MAX_QUERY].split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        base = tag.strip().lower().split("-")[0]
        if base in SITE_LANGUAGES and weight > 0:
            choices.append((-weight, position, base))
    return min(choices)[2] if choices else "en"


def _page_language(request: Request) -> str:
    first = request.url.path.strip("/").split("/")[0]
    return (
        first
        if first in SITE_LANGUAGES
        else preferred_language(request.headers.get("accept-language"))
    )


class _Limits(BaseHTTPMiddleware):
    """Refuse over-long addresses and bodies before any route reads them."""

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        lang = _page_language(request)
        if len(request.url.query) > MAX_QUERY or len(request.url.path) > MAX_PATH:
            limit = MAX_QUERY if len(request.url.query) > MAX_QUERY else MAX_PATH
            return _refusal(request, 414, t("web.error.too_long", lang, limit=limit), "too_long")
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return _refusal(request, 413, t("web.error.too_long", lang, limit=MAX_BODY), "too_long")
        return await call_next(request)


_TEMPLATES = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=select_autoescape(("html",)),
    trim_blocks=True,
    lstrip_blocks=True,
)
_TEMPLATES.globals["practice_text"] = page_text


def _tiles_markup(notation: str, lang: str) -> Markup:
    return Markup(tiles_html(notation, lang, show_notation=False))


_TEMPLATES.globals["tiles"] = _tiles_markup


_TEMPLATES.globals["number"] = format_number


def _switch_links(request: Request, lang: str) -> list[dict[str, Any]]:
    parts = request.url.path.strip("/").split("/")
    rest = "/".join(parts[1:]) if parts and parts[0] in SITE_LANGUAGES else ""
    # An over-long query (refused with a 414) is not carried into the other languages' links.
    fits = request.url.query and len(request.url.query) <= MAX_QUERY
    query = f"?{request.url.query}" if fits else ""
    trailing = "/" if request.url.path.endswith("/") and rest else ""
    return [
        {
            "lang": other,
            "name": _LANGUAGE_NAMES[other],
            "href": f"/{other}/{rest}{trailing}{query}",
            "current": other == lang,
        }
        for other in SITE_LANGUAGES
    ]


_SECTIONS = {
    "home.html": "courses",
    "course.html": "courses",
    "chapter.html": "courses",
    "patterns.html": "courses",
    "glossary.html": "glossary",
    "calculator.html": "calculator",
    "practice_hub.html": "practice",
    "practice_drills.html": "practice",
    "practice_progress.html": "practice",
    "table.html": "play",
    "table_records.html": "records",
    "table_replay.html": "records",
}
"""The part of the main menu each page belongs to (marked as the current one)."""


def _page(
    request: Request, template: str, lang: str, status: int = 200, **values: Any
) -> HTMLResponse:
    def tr(key: str, **fill: object) -> str:
        return t(key, lang, **fill)

    def tr_or(key: str, default: str) -> str:
        # A stored game may be of a family this site no longer has: shown by its id.
        return t_or(key, lang, default)

    values.setdefault("section", _SECTIONS.get(template, ""))
    html = _TEMPLATES.get_template(template).render(
        lang=lang,
        t=tr,
        t_or=tr_or,
        switch=_switch_links(request, lang),
        families=FAMILIES,
        **values,
    )
    return HTMLResponse(html, status_code=status)


def _refusal(request: Request, status: int, message: str, code: str) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)
    lang = _page_language(request)
    return _page(request, "error.html", lang, status, status_code=status, message=message)


def _sort_key(text: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c)
    )


def course_path(progress: Progress, visitor: str, family: str) -> list[dict[str, Any]]:
    """Each chapter of a course with where the visitor stands: ``done`` when its practice
    questions are all answered right, ``started`` when opened, else ``todo``; the first chapter
    not done is ``next``."""
    found = courses()[family]
    opened = progress.read(visitor, family)
    passed = progress.passed(visitor)
    steps = []
    for index, chapter in enumerate(found.chapters):
        ids = chapter_drill_ids(family, chapter.slug, index)
        right = sum(1 for drill in ids if drill in passed)
        state = "done" if right == len(ids) else "started" if chapter.slug in opened else "todo"
        steps.append(
            {"chapter": chapter, "state": state, "right": right, "total": len(ids), "next": False}
        )
    for step in steps:
        if step["state"] != "done":
            step["next"] = True
            break
    return steps


def create_app(
    db_path: Path | None = None,
    records_path: Path | None = None,
    table_limits: Limits | None = None,
) -> FastAPI:
    """The site as an ASGI application; ``db_path`` is the SQLite file of learners' progress
    (None: kept in memory while the application runs). The table's games go to
    ``records_path`` (by default ``records.sqlite3`` beside ``db_path``; with neither, a
    temporary file)."""
    if records_path is None and db_path is not None:
        records_path = db_path.with_name("records.sqlite3")
    tables = Tables(records_path, table_limits)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await tables.workers.ready()  # the first games do not wait for a worker to start
        await _app.state.rooms.restore()  # the rooms open when the server stopped
        yield

    app = FastAPI(
        title="mahjongkit", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.add_middleware(_Limits)
    progress = Progress(db_path)
    static = Path(__file__).parent / "static"
    app.mount("/static", StaticFiles(directory=static), name="static")
    app.state.tables = tables
    app.state.rooms = Rooms(tables)
    app.include_router(play_router(tables, app.state.rooms))
    app.include_router(table_router(app.state.tables, _page))

    def known_language(request: Request, lang: str) -> str:
        if lang not in SITE_LANGUAGES:
            message = t(
                "web.error.language",
                _page_language(request),
                lang=lang,
                languages=", ".join(SITE_LANGUAGES),
            )
            raise HTTPException(404, message)
        return lang

    def course_of(request: Request, family: str) -> Course:
        if family not in FAMILIES:
            lang = _page_language(request)
            raise HTTPException(404, t("web.error.not_found", lang, path=request.url.path))
        return courses()[family]

    def visitor(request: Request) -> tuple[str, bool]:
        known = request.cookies.get(VISITOR_COOKIE, "")
        if len(known) == 32 and all(c in "0123456789abcdef" for c in known):
            return known, False
        return secrets.token_hex(16), True

    # Before the pages below: their /{lang}/{family}/... patterns would take practice's paths.
    app.include_router(practice_router(progress, _page, visitor, preferred_language))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        lang = _page_language(request)
        message = str(error.detail)
        if error.status_code == 404 and message in ("Not Found", ""):
            message = t("web.error.not_found", lang, path=request.url.path[:MAX_PATH])
        elif error.status_code == 405:
            message = t("web.error.bad_request", lang, message=request.method)
        return _refusal(request, error.status_code, message, "http_" + str(error.status_code))

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError) -> Response:
        lang = _page_language(request)
        # The parameter's own name, quoted: "query" and "body" are the framework's words.
        names = ", ".join(
            sorted({repr(str(e.get("loc", ("?",))[-1]))[:40] for e in error.errors()})
        )
        return _refusal(request, 400, t("web.error.parameter", lang, names=names), "invalid")

    @app.get("/", include_in_schema=False)
    async def root(request: Request) -> RedirectResponse:
        lang = preferred_language(request.headers.get("accept-language"))
        return RedirectResponse(f"/{lang}/", status_code=303, headers={"Vary": "Accept-Language"})

    @app.get("/api/health")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    @app.post("/api/run")
    async def api_run(request: Request) -> Response:
        lang = preferred_language(request.headers.get("accept-language"))
        body = await request.body()
        if len(body) > MAX_BODY:
            return _refusal(request, 413, t("web.error.too_long", lang, limit=MAX_BODY), "too_long")
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("command"), str):
            message = t(
                "web.error.bad_request", lang, message='{"command": "score ...", "lang": "fr"}'
            )
            return _refusal(request, 400, message, "invalid")
        if data.get("lang") is not None:
            if data["lang"] not in SITE_LANGUAGES:
                message = t(
                    "web.error.language",
                    lang,
                    lang=data["lang"],
                    languages=", ".join(SITE_LANGUAGES),
                )
                return _refusal(request, 400, message, "language")
            lang = data["lang"]
        try:
            code, result = run(parse_command(data["command"]), lang)
        except MahjongError as error:
            return _refusal(request, 400, refusal_text(error, lang, "command"), error.code)
        return JSONResponse({"exit_code": code, "result": result})

    def tile_picture(request: Request, name: str, label: bool) -> Response:
        code = name.removesuffix(".svg")
        try:
            if not name.endswith(".svg"):
                raise MahjongError(name)
            picture = tile_svg(code, label)
        except MahjongError:
            lang = _page_language(request)
            raise HTTPException(
                404, t("web.error.not_found", lang, path=request.url.path)
            ) from None
        return Response(
            picture, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
        )

    @app.get("/tiles/{name}", include_in_schema=False)
    async def tile(request: Request, name: str) -> Response:
        return tile_picture(request, name, True)

    @app.get("/tiles/bare/{name}", include_in_schema=False)
    async def bare_tile(request: Request, name: str) -> Response:
        # The same picture without its corner label (the learner switched labels off).
        return tile_picture(request, name, False)

    @app.get("/{lang}/", response_class=HTMLResponse)
    async def home(request: Request, lang: str) -> HTMLResponse:
        known_language(request, lang)
        counts = {family: len(courses()[family].chapters) for family in FAMILIES}
        who, new = visitor(request)
        paths = {family: course_path(progress, who, family) for family in FAMILIES}
        done = {family: sum(s["state"] == "done" for s in paths[family]) for family in FAMILIES}
        resume = None
        last = None if new else progress.last_visit(who)
        if last is not None and last[0] in FAMILIES:
            chapter = courses()[last[0]].find(last[1])
            if chapter is not None:
                resume = {"family": last[0], "chapter": chapter}
        return _page(
            request, "home.html", lang, counts=counts, done=done, resume=resume, paths=paths
        )

    @app.get("/{lang}/glossary", response_class=HTMLResponse)
    async def glossary_page(request: Request, lang: str) -> HTMLResponse:
        known_language(request, lang)
        entries: list[Entry] = sorted(glossary().values(), key=lambda e: _sort_key(e.name(lang)))
        groups: dict[str, list[Entry]] = {}
        for entry in entries:
            first = _sort_key(entry.name(lang))[:1].upper()
            groups.setdefault(first if first.isalpha() else "#", []).append(entry)
        return _page(
            request,
            "glossary.html",
            lang,
            entries=entries,
            groups=groups,
            alphabet=[chr(c) for c in range(ord("A"), ord("Z") + 1)],
            languages=SITE_LANGUAGES,
        )

    @app.get("/{lang}/{family}/", response_class=HTMLResponse)
    async def course(request: Request, lang: str, family: str) -> HTMLResponse:
        known_language(request, lang)
        found = course_of(request, family)
        who, _ = visitor(request)
        steps = course_path(progress, who, family)
        return _page(
            request,
            "course.html",
            lang,
            family=family,
            course=found,
            steps=steps,
            done=sum(step["state"] == "done" for step in steps),
        )

    @app.get("/{lang}/{family}/patterns", response_class=HTMLResponse)
    async def patterns(request: Request, lang: str, family: str, rules: str = "") -> HTMLResponse:
        known_language(request, lang)
        course_of(request, family)
        variant = find_variant(family)
        preset = rules or next(iter(variant.presets))
        if preset not in variant.presets:
            raise HTTPException(
                404, t("web.error.not_found", lang, path=f"{request.url.path}?rules={preset}")
            )
        table = patterns_html(family, preset, lang)
        return _page(
            request,
            "patterns.html",
            lang,
            family=family,
            table=table,
            presets=list(variant.presets),
            preset=preset,
        )

    @app.get("/{lang}/{family}/{slug}", response_class=HTMLResponse)
    async def chapter(request: Request, lang: str, family: str, slug: str) -> HTMLResponse:
        known_language(request, lang)
        found = course_of(request, family)
        chapter = found.find(slug)
        if chapter is None:
            raise HTTPException(404, t("web.error.not_found", lang, path=request.url.path))
        index = found.chapters.index(chapter)
        page = render(chapter.bodies[lang], lang, family)
        who, new = visitor(request)
        progress.mark(who, family, slug)
        progress.visit(who, family, slug)
        step = course_path(progress, who, family)[index]
        response = _page(
            request,
            "chapter.html",
            lang,
            family=family,
            chapter=chapter,
            body=page.html,
            number=index + 1,
            total=len(found.chapters),
            previous=found.chapters[index - 1] if index > 0 else None,
            next=found.chapters[index + 1] if index + 1 < len(found.chapters) else None,
            step=step,
        )
        if new:
            response.set_cookie(
                VISITOR_COOKIE, who, max_age=3600 * 24 * 365, samesite="lax", httponly=True
            )
        return response

    return app
