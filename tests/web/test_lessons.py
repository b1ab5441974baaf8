"""The lessons keep the contract of docs/lessons.md: every chapter in en, fr and es, links and
glossary ids that exist, tiles that parse, and every worked example recomputed by the engine in
every language against its ``expect`` lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahjongkit.errors import MahjongError
from mahjongkit.web.examples import mismatches, parse_block, run
from mahjongkit.web.lessons import (
    SITE_LANGUAGES,
    Chapter,
    LessonError,
    courses,
    read_courses,
    render,
)

_BLOCK = re.compile(r"^```mjk\n(.*?)^```", re.S | re.M)
CHAPTERS = [chapter for course in courses().values() for chapter in course.chapters]


def _id(chapter: Chapter) -> str:
    return f"{chapter.family}/{chapter.number:02d}-{chapter.slug}"


def test_the_sichuan_course_has_every_chapter_the_issue_lists() -> None:
    slugs = [c.slug for c in courses()["sichuan"].chapters]
    assert slugs == [
        "tiles",
        "exchange-three",
        "missing-suit",
        "turn-and-claims",
        "after-a-win",
        "fan-table",
        "roots",
        "bonus-fan",
        "cap",
        "score",
        "wall-end",
    ]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=_id)
def test_every_example_agrees_with_the_engine_in_every_language(chapter: Chapter) -> None:
    for lang in SITE_LANGUAGES:
        for text in _BLOCK.findall(chapter.bodies[lang]):
            example = parse_block(text)
            _, result = run(example.words, lang)
            assert mismatches(example, result) == [], (lang, example.command)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=_id)
def test_the_same_examples_appear_in_every_language(chapter: Chapter) -> None:
    blocks = {lang: _BLOCK.findall(chapter.bodies[lang]) for lang in SITE_LANGUAGES}
    assert blocks["fr"] == blocks["en"] and blocks["es"] == blocks["en"]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=_id)
def test_every_link_tile_and_block_can_be_drawn(chapter: Chapter) -> None:
    for lang in SITE_LANGUAGES:
        page = render(chapter.bodies[lang], lang, chapter.family)
        assert page.problems == [], lang
        assert chapter.titles[lang]


def test_a_wrong_expect_line_is_reported() -> None:
    example = parse_block(
        "score 11223344556677m --variant sichuan --win 7m --tsumo\n"
        "expect valid=true fan=3 points=48 patterns=pure_suit payments=E:48,S:-16,W:-16,N:-15\n"
        "expect waits=1m nothing=1"
    )
    _, result = run(example.words, "en")
    found = mismatches(example, result)
    assert [line.split(":")[0] for line in found] == [
        "fan",
        "patterns",
        "payments",
        "waits",
        "nothing",
    ]
    assert "expected 3, the engine gives 4" in found[0]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("score 11m --win 1m", "no expect line"),
        ("score 11m --win 1m\nexpected fan=1", "starts with 'expect'"),
        ("score 11m --win 1m\nexpect fan", "is not key=value"),
        ("score 11m --win 1m --json\nexpect fan=1", "added by the site"),
        ("score 11m --win 1m --lang fr\nexpect fan=1", "added by the site"),
        ("selfplay --games 3\nexpect fan=1", "unknown command"),
        ("score '11m\nexpect fan=1", "cannot be read"),
        ("score " + "1m" * 300 + "\nexpect fan=1", "at most"),
    ],
)
def test_broken_blocks_are_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(MahjongError, match=words):
        parse_block(text)


def test_broken_links_and_tiles_are_problems() -> None:
    page = render(
        "[a](no-such) [b](glossary:nope) [c](../nowhere/x) [d](patterns) [e](glossary:pung) "
        "[[12x]] [[pung:123m]] [f](../riichi/patterns) [g](tiles)",
        "fr",
        "sichuan",
    )
    assert page.problems[:3] == [
        "link (no-such) points to no page",
        "link (glossary:nope) points to no page",
        "link (../nowhere/x) points to no page",
    ]
    assert len(page.problems) == 5
    assert page.problems[3].startswith("tiles [[12x]]:")
    assert page.problems[4].startswith("tiles [[pung:123m]]:")
    assert 'href="/fr/sichuan/patterns"' in page.html
    assert 'href="/fr/glossary#pung"' in page.html
    assert 'href="/fr/riichi/patterns"' in page.html
    assert 'href="/fr/sichuan/tiles"' in page.html


def _chapter(
    root: Path,
    family: str,
    folder: str,
    langs: tuple[str, ...] = SITE_LANGUAGES,
    title: str = "# Title",
) -> None:
    target = root / family / folder
    target.mkdir(parents=True)
    for lang in langs:
        (target / f"{lang}.md").write_text(f"{title}\n\nText [next](other).\n", encoding="utf-8")


def test_any_set_of_chapters_is_a_course(tmp_path: Path) -> None:
    from importlib.resources.readers import MultiplexedPath

    _chapter(tmp_path, "hongkong", "02-other")
    _chapter(tmp_path, "hongkong", "01-first")
    found = read_courses(MultiplexedPath(tmp_path))
    assert [c.slug for c in found["hongkong"].chapters] == ["first", "other"]
    assert found["riichi"].chapters == () and found["sichuan"].chapters == ()
    page = render(found["hongkong"].chapters[0].bodies["es"], "es", "hongkong", found)
    assert page.problems == [] and 'href="/es/hongkong/other"' in page.html


@pytest.mark.parametrize(
    ("folder", "langs", "title", "words"),
    [
        ("1-bad", SITE_LANGUAGES, "# T", "NN-slug"),
        ("01-Bad_Slug", SITE_LANGUAGES, "# T", "NN-slug"),
        ("01-ok", ("en", "fr"), "# T", "es.md is missing"),
        ("01-ok", SITE_LANGUAGES, "Title", "first line is '# Title'"),
        ("01-ok", SITE_LANGUAGES, "# ", "first line is '# Title'"),
    ],
)
def test_a_broken_course_folder_is_refused(
    tmp_path: Path, folder: str, langs: tuple[str, ...], title: str, words: str
) -> None:
    from importlib.resources.readers import MultiplexedPath

    _chapter(tmp_path, "sichuan", folder, langs, title)
    with pytest.raises(LessonError, match=re.escape(words)):
        read_courses(MultiplexedPath(tmp_path))
