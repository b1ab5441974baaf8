"""The courses: chapters read from the package's ``lessons/<family>/NN-slug/<lang>.md`` files,
and their Markdown drawn as HTML (links between chapters, glossary links, tiles, examples).

The file layout and the Markdown conventions are described in ``docs/lessons.md``. Annotations
(``<!-- teaches: R-06 -->``, ``<!-- check: ... -->``) are HTML comments kept in the source for
the tests and never drawn: :func:`read_annotations` reads them, :func:`render` leaves them out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from html import escape
from importlib.resources.abc import Traversable
from itertools import pairwise
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from mahjongkit.errors import MahjongError, NotationError
from mahjongkit.i18n import t
from mahjongkit.valueclass import dataclass, field
from mahjongkit.variants import VARIANT_NAMES, find_variant
from mahjongkit.variants.glossary import glossary
from mahjongkit.web.examples import example_html, parse_block
from mahjongkit.web.tiles import tiles_html


def course_families() -> tuple[str, ...]:
    """The families that have a course, in the order the site lists them (each record's
    ``course``)."""
    records = [find_variant(name) for name in VARIANT_NAMES]
    with_course = sorted((r.course, r.name) for r in records if r.course is not None)
    return tuple(name for _, name in with_course)


FAMILIES = course_families()
"""The courses, in the order the site lists them."""
SITE_LANGUAGES = ("en", "fr", "es")
"""Every page of the site exists in each of these."""

ANNOTATION_KINDS = ("teaches", "check")
"""The words an annotation starts with: the requirement ids a passage teaches, and the numbers
it states with the engine's answer they must match (``docs/lessons.md``)."""
_ANNOTATION = re.compile(r"<!--(.*?)-->", re.S)
# A comment alone on its line goes with its line, so that it cannot split a paragraph in two.
_ANNOTATION_LINE = re.compile(r"^[ \t]*(?:<!--(?:(?!-->)[\s\S])*-->[ \t]*)+\n", re.M)

_RULE_ID = r"[RHS]-\d{1,3}[a-z]?"
# Each citation goes with the spaces before it, never those after it: "un; la" keeps
# French's space before the semicolon, "counts ." its full stop. No pattern crosses a line.
_CITATIONS = (
    # HTML comments: the Markdown is drawn without raw HTML, so they would show as text.
    re.compile(r"<!--.*?-->", re.DOTALL),
    # A link to a rule ([R-05](rule:R-05), [tanyao](spec:R-09)) keeps its words only.
    re.compile(r"\[([^\]\n]*)\]\((?:rule:|spec:|#)?" + _RULE_ID + r"\)"),
    # A rule id in code, or a group of ids in brackets: "(R-05)", "[R-05, R-06]", "{S-11}",
    # "()", "[^H-12]".
    re.compile(r"[ \t]*`[ \t]*" + _RULE_ID + r"[ \t]*`"),
    re.compile(
        r"[ \t]*[(\[{]\^?[ \t]*(?:(?:rules?|règles?|reglas?|see|voir|véase|ver|cf\.?)[ \t]+)?"
        + _RULE_ID
        + r"(?:[ \t]*(?:,|;|/|–|-|&|and|et|y)[ \t]*"
        + _RULE_ID
        + r")*[ \t]*[)\]}]"
    ),
    # A bare id left in a sentence.
    re.compile(r"[ \t]*(?<![\w-])" + _RULE_ID + r"(?![\w-])"),
)


def strip_citations(text: str) -> str:
    """Markdown without the specification's rule ids (``R-05``, ``H-12``, ``S-03``): lessons
    may cite the rule they teach in their source, but a learner is shown words, not ids."""
    for pattern in _CITATIONS:
        text = pattern.sub(lambda m: m.group(1) if m.groups() and m.group(1) else "", text)
    return text


_FOLDER = re.compile(r"(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)")
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class LessonError(MahjongError):
    """A lesson file that breaks the layout of ``docs/lessons.md``."""

    code = "lesson"


@dataclass(frozen=True, slots=True)
class Chapter:
    """One chapter of a course, in every language."""

    family: str
    number: int
    slug: str
    titles: dict[str, str]
    bodies: dict[str, str]
    """The Markdown of each language, without its title line."""


@dataclass(frozen=True, slots=True)
class Course:
    """A family's chapters in order."""

    family: str
    chapters: tuple[Chapter, ...]

    def find(self, slug: str) -> Chapter | None:
        """The chapter called ``slug``, or None."""
        return next((c for c in self.chapters if c.slug == slug), None)


def _read_chapter(family: str, folder: Traversable) -> Chapter:
    match = _FOLDER.fullmatch(folder.name)
    if match is None:
        raise LessonError(f"lessons/{family}/{folder.name}: a chapter folder is NN-slug")
    titles, bodies = {}, {}
    for lang in SITE_LANGUAGES:
        source = folder.joinpath(f"{lang}.md")
        if not source.is_file():
            raise LessonError(f"lessons/{family}/{folder.name}: {lang}.md is missing")
        text = source.read_text(encoding="utf-8")
        first, _, body = text.partition("\n")
        if not first.startswith("# ") or not first[2:].strip():
            raise LessonError(
                f"lessons/{family}/{folder.name}/{lang}.md: the first line is '# Title'"
            )
        titles[lang], bodies[lang] = first[2:].strip(), body
    return Chapter(family, int(match.group(1)), match.group(2), titles, bodies)


def read_courses(root: Traversable) -> dict[str, Course]:
    """Every course under ``root`` (one folder per family), chapters in their NN order."""
    courses = {}
    for family in FAMILIES:
        folder = root.joinpath(family)
        chapters = []
        if folder.is_dir():
            for item in folder.iterdir():
                if item.is_dir() and not item.name.startswith(("_", ".")):
                    chapters.append(_read_chapter(family, item))
        chapters.sort(key=lambda c: c.number)
        for before, after in pairwise(chapters):
            if before.number == after.number or before.slug == after.slug:
                raise LessonError(
                    f"lessons/{family}: {before.number:02d}-{before.slug} and "
                    f"{after.number:02d}-{after.slug} share a number or a slug"
                )
        courses[family] = Course(family, tuple(chapters))
    return courses


@cache
def courses() -> dict[str, Course]:
    """The package's courses, read once."""
    return read_courses(Path(__file__).parent / "lessons")


# --- Annotations -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Annotation:
    """One ``<!-- kind: body -->`` comment of a lesson: its kind, its text and its line (from 1)."""

    kind: str
    body: str
    line: int


def read_annotations(text: str) -> tuple[list[Annotation], list[str]]:
    """The annotations of a lesson's Markdown, and a problem for each comment that is not one
    (an unknown kind, no colon, a comment never closed)."""
    found, problems = [], []
    for match in _ANNOTATION.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        kind, colon, body = match.group(1).strip().partition(":")
        if not colon or kind.strip() not in ANNOTATION_KINDS:
            problems.append(
                f"line {line}: the comment {match.group(0)[:60]!r} is not an annotation "
                f"(expected <!-- KIND: ... --> with KIND one of {', '.join(ANNOTATION_KINDS)})"
            )
            continue
        found.append(Annotation(kind.strip(), " ".join(body.split()), line))
    rest = _ANNOTATION.sub("", text)
    if "<!--" in rest:
        line = text.count("\n", 0, text.rfind("<!--")) + 1
        problems.append(f"line {line}: a comment opened with '<!--' is never closed with '-->'")
    return found, problems


def without_annotations(text: str) -> str:
    """The Markdown with its annotations taken out (a comment alone on a line takes the line)."""
    return _ANNOTATION.sub("", _ANNOTATION_LINE.sub("", text))


# --- Markdown ----------------------------------------------------------------------------------


@dataclass
class Page:
    """What drawing one Markdown text gave: its HTML and whatever in it could not be used."""

    html: str
    problems: list[str] = field(default_factory=list)


def _tiles_rule(state: StateInline, silent: bool) -> bool:
    # [[123m]] or [[pung:555z]]: tiles, not a link.
    start = state.pos
    if not state.src.startswith("[[", start):
        return False
    end = state.src.find("]]", start + 2)
    if end < 0:
        return False
    if not silent:
        token = state.push("mjk_tiles", "", 0)
        token.content = state.src[start + 2 : end].strip()
    state.pos = end + 2
    return True


def _link_target(href: str, env: EnvType) -> str | None:
    """The site address of a lesson link, or None if it points nowhere."""
    lang, family, known = env["lang"], env["family"], env["courses"]
    if href.startswith(("https://", "http://", "mailto:")):
        return href
    if href.startswith("glossary:"):
        term = href.partition(":")[2]
        return f"/{lang}/glossary#{term}" if term in glossary() else None
    other = family
    if href.startswith("../"):
        parts = href[3:].split("/")
        if len(parts) != 2 or parts[0] not in known:
            return None
        other, href = parts
    if href == "patterns":
        return f"/{lang}/{other}/patterns"
    if _SLUG.fullmatch(href) and known[other].find(href) is not None:
        return f"/{lang}/{other}/{href}"
    return None


class _Renderer(RendererHTML):
    def mjk_tiles(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        notation = tokens[idx].content
        try:
            drawn = tiles_html(notation, env["lang"], show_notation=False)
            return f'<span class="inline-tiles">{drawn}</span>'
        except MahjongError as error:
            env["problems"].append(f"tiles [[{notation}]]: {error}")
            return f"<code>{escape(notation)}</code>"

    def fence(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        if token.info.strip() != "mjk":
            return super().fence(tokens, idx, options, env)
        try:
            example = parse_block(token.content)
        except MahjongError as error:
            env["problems"].append(f"example block: {error}")
            return f"<pre>{escape(token.content)}</pre>"
        return example_html(example.words, env["lang"])

    def table_open(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        # A wide table scrolls inside its own box, never the page.
        label = escape(t("learn.table", env["lang"]))
        return (
            f'<div class="table-wrap" role="region" tabindex="0" aria-label="{label}">'
            + self.renderToken(tokens, idx, options, env)
        )

    def table_close(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        return self.renderToken(tokens, idx, options, env) + "</div>"

    def link_open(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        token = tokens[idx]
        href = str(token.attrGet("href") or "")
        target = _link_target(href, env)
        if target is None:
            env["problems"].append(f"link ({href}) points to no page")
            target = "#"
        token.attrSet("href", target)
        return self.renderToken(tokens, idx, options, env)


@cache
def _preset_ids() -> frozenset[str]:
    return frozenset(name for family in FAMILIES for name in find_variant(family).presets)


def _preset_names(state: StateCore) -> None:
    """A rules preset written as its id (``table_b``, ``ema2012``) is shown by its name in the
    page's language; command lines (fenced blocks) and link targets keep the id."""
    lang = state.env["lang"]
    ids = _preset_ids()
    # "tenhou" is also a word (the romanisation of 天和): as plain text it is left alone.
    in_text = re.compile(
        r"(?<![\w:=-])(" + "|".join(sorted(i for i in ids if i != "tenhou")) + r")(?![\w-])"
    )
    for block in state.tokens:
        for token in block.children or ():
            if token.type == "code_inline" and token.content in ids:
                token.type, token.tag = "text", ""
                token.content = t(f"learn.preset.{token.content}", lang)
            elif token.type == "text":
                token.content = in_text.sub(
                    lambda m: t(f"learn.preset.{m.group(1)}", lang), token.content
                )


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}, renderer_cls=_Renderer).enable("table")
    md.inline.ruler.before("link", "mjk_tiles", _tiles_rule)
    md.core.ruler.push("mjk_presets", _preset_names)
    # Headings inside a chapter sit under the page's h1.
    return md


_MD = _markdown()


def render(text: str, lang: str, family: str, known: dict[str, Course] | None = None) -> Page:
    """A lesson's Markdown as HTML in ``lang``, with its links resolved against the courses."""
    env: dict[str, Any] = {
        "lang": lang,
        "family": family,
        "courses": courses() if known is None else known,
        "problems": [],
    }
    _, problems = read_annotations(text)
    env["problems"].extend(problems)
    html: str = _MD.render(strip_citations(without_annotations(text)), env)
    return Page(html, env["problems"])


def render_plain(text: str) -> str:
    """Markdown with no lesson links (a generated page such as a pattern table)."""
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return html


def check_language(lang: str) -> str:
    """``lang`` if the site speaks it, else a clear error."""
    if lang not in SITE_LANGUAGES:
        raise NotationError(
            t("web.error.language", "en", lang=lang, languages=", ".join(SITE_LANGUAGES))
        )
    return lang
