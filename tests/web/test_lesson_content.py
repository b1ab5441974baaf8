"""What the course teaches, checked against the specification and the engine: every requirement
of REQUIREMENTS.md cited where it is taught in each language, every number the lessons state
computed by the engine, and one word per concept in each language (the terminology table of
docs/lessons.md) over the lessons, the glossary, the catalogs and the engine's explanations."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import cache

import pytest

from mahjongkit.variants.glossary import glossary
from mahjongkit.web.examples import parse_block, run
from mahjongkit.web.lessons import (
    SITE_LANGUAGES,
    Annotation,
    Chapter,
    courses,
    read_annotations,
    render,
    without_annotations,
)
from tests.helpers.lesson_claims import (
    Claim,
    blocks,
    check_annotations,
    cited_ids,
    claims,
    evaluate,
    explanation_text,
    stated_numbers,
    unchecked_numbers,
)
from tests.helpers.paths import REPO, SPEC

CHAPTERS = [chapter for course in courses().values() for chapter in course.chapters]
PREFIX = {"sichuan": "S", "hongkong": "H", "riichi": "R"}
_BLOCK = re.compile(r"^```mjk\n(.*?)^```", re.S | re.M)


def _id(chapter: Chapter) -> str:
    return f"{chapter.family}/{chapter.number:02d}-{chapter.slug}"


@cache
def requirement_ids() -> frozenset[str]:
    """Every id REQUIREMENTS.md numbers (S-, H- and R-)."""
    text = (SPEC / "REQUIREMENTS.md").read_text(encoding="utf-8")
    return frozenset(re.findall(r"\b[SHR]-\d\d\b", text))


# --- requirements --------------------------------------------------------------------------------


def test_the_specification_numbers_every_family() -> None:
    ids = requirement_ids()
    assert {i[0] for i in ids} == {"S", "H", "R"} and len(ids) == 16 + 16 + 49


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_every_requirement_is_taught_and_cited_in_every_language(lang: str) -> None:
    cited = {i for chapter in CHAPTERS for i in cited_ids(chapter.bodies[lang])}
    assert sorted(requirement_ids() - cited) == []


@pytest.mark.parametrize("chapter", CHAPTERS, ids=_id)
def test_citations_name_requirements_of_the_course_family(chapter: Chapter) -> None:
    for lang in SITE_LANGUAGES:
        for cited in cited_ids(chapter.bodies[lang]):
            assert cited in requirement_ids(), (lang, cited)
            assert cited[0] == PREFIX[chapter.family], (lang, cited)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=_id)
def test_each_chapter_cites_the_same_requirements_and_checks_in_every_language(
    chapter: Chapter,
) -> None:
    cited = {lang: sorted(set(cited_ids(chapter.bodies[lang]))) for lang in SITE_LANGUAGES}
    assert cited["fr"] == cited["en"] and cited["es"] == cited["en"]
    checked = {
        lang: sorted(claim.text for _, claim in check_annotations(chapter.bodies[lang]))
        for lang in SITE_LANGUAGES
    }
    assert checked["fr"] == checked["en"] and checked["es"] == checked["en"]


def test_the_coverage_check_would_catch_a_requirement_no_lesson_cites() -> None:
    text = "Seven pairs <!-- teaches: S-08 --> and more <!-- teaches: S-09, S-10 -->."
    assert cited_ids(text) == ["S-08", "S-09", "S-10"]
    assert "S-11" not in cited_ids(text) and "S-11" in requirement_ids()


# --- numbers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("chapter", CHAPTERS, ids=_id)
def test_every_check_agrees_with_the_engine(chapter: Chapter) -> None:
    problems = [
        f"line {line}: {problem}"
        for line, claim in check_annotations(chapter.bodies["en"])
        for problem in evaluate(claim)
    ]
    assert problems == []


@pytest.mark.parametrize("chapter", CHAPTERS, ids=_id)
def test_every_value_the_prose_states_is_checked(chapter: Chapter) -> None:
    for lang in SITE_LANGUAGES:
        assert unchecked_numbers(chapter.bodies[lang], lang) == [], lang


def _claim(text: str) -> Claim:
    return claims(Annotation("check", text, 1))[0]


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("fan hongkong all_honours = 13", "all_honours is 10 fan"),
        ("han sanshoku = 2/2", "is [2, 1] han"),
        ("yakuman daisuushii = 1", "gives 2"),
        ("option riichi riichi_deposit = 100", "gives 1000"),
        ("base hongkong 5 = 16", "gives [24]"),
        ("base hongkong 5 base_table=odd_doubling = 24", "gives [16]"),
        ("value sichuan 7 = 128", "gives [16]"),
        ("ron 3 60 = 11600/11600", "gives [7700, 11600]"),
        ("tsumo 1 40 = 400/400", "gives [400, 700]"),
        ("kong concealed-kong W = W:3,E:-1,S:-1,N:-1", "gives {'E': -2"),
        ("noten 2 = 1000/1000", "gives [1500, 1500]"),
        (
            "score 223344m556677p99s --win 2m --seat W => points=11600",
            "points: expected 11600, the engine gives 7700",
        ),
        ("score 123m456p789s22444z --win 3m --seat W --riichi => fu:edge_wait=4", "gives 2"),
        ("waits 1112345678999m --variant sichuan => max_ron=16", "gives 8"),
        ("fan sichuan nope = 1", "not a pattern"),
        ("teleport 1 = 1", "unknown claim kind"),
        ("fan sichuan all_pungs", "is 'KIND ARGS = VALUE'"),
        ("kong concealed-kong W up E = E:1", "expected 'from SEAT'"),
    ],
)
def test_a_wrong_or_broken_claim_is_reported(text: str, wrong: str) -> None:
    problems = evaluate(_claim(text))
    assert len(problems) == 1 and wrong in problems[0], problems


def test_the_numbers_check_would_catch_the_reviews_wrong_payment() -> None:
    """RE8: "4 han 30 fu and 3 han 60 fu pay 7,700 and 11,600" asserted by the 4-30 hand alone
    leaves 3 and 60 unchecked; its correction states both, each computed."""
    wrong = (
        "4 han 30 fu and 3 han 60 fu pay 7,700 and 11,600. "
        "<!-- check: score 223344m556677p99s --win 2m --seat W => points=7700 -->"
    )
    left = unchecked_numbers(wrong, "en")
    assert [n.split(":")[1].split()[0] for n in left] == ["4", "30", "3", "60", "11600"]
    right = (
        "4 han 30 fu and 3 han 60 fu both pay 7,700 (11,600 for the dealer). "
        "<!-- check: ron 4 30 = 7700/11600; ron 3 60 = 7700/11600 -->"
    )
    assert unchecked_numbers(right, "en") == []


@pytest.mark.parametrize(
    ("text", "lang", "numbers"),
    [
        ("a pure one suit is worth seven fan", "en", [7]),
        ("vaut trois fan, et 1 000 points de plus", "fr", [3, 1000, 1000]),
        ("paga 8.000 puntos; la EMA 2012", "es", [8000, 8000]),
        ("le minimum de 3 fan ; 13-fan", "fr", [3, 13]),
        ("3 tiles, 2 players, 2016", "en", []),
        ("4 × 320 = 1,280", "en", [1280]),
    ],
)
def test_stated_values_are_found_in_each_language(text: str, lang: str, numbers: list[int]) -> None:
    assert sorted(n for n, _ in stated_numbers(text, lang)) == sorted(numbers)


def test_a_table_with_a_unit_heading_checks_every_cell() -> None:
    table = "| pattern | fan |\n|---|---|\n| all pungs | 3 |\n| common hand | 1 |"
    assert len(unchecked_numbers(table, "en")) == 2
    checked = table.replace("| 1 |", "| 1 <!-- check: fan hongkong all_pungs = 3; "
                            "fan hongkong common_hand = 1 --> |")  # fmt: skip
    assert unchecked_numbers(checked, "en") == []
    assert [b.table for b in blocks("text\n\n" + table)] == [False, True]


# --- terminology --------------------------------------------------------------------------------


@cache
def terminology() -> dict[str, tuple[list[str], list[str]]]:
    """By language: (the words to use, the banned words), read from docs/lessons.md."""
    text = (REPO / "docs" / "lessons.md").read_text(encoding="utf-8")
    section = text.split("## Terminology", 1)[1]
    found: dict[str, tuple[list[str], list[str]]] = {lang: ([], []) for lang in SITE_LANGUAGES}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] not in found:
            continue
        use, banned = found[cells[0]]
        use += [word.strip() for word in cells[2].split(",") if word.strip()]
        banned += [word.strip() for word in cells[3].split(",") if word.strip()]
    return found


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFC", text).replace("’", "'")
    return " ".join(text.split())


def banned_in(text: str, lang: str) -> list[str]:
    """The banned words of ``lang`` that ``text`` uses, each with the words around it."""
    use, banned = terminology()[lang]
    plain = _plain(text)
    allowed = [
        (m.start(), m.end())
        for word in use
        for m in re.finditer(rf"(?<!\w){re.escape(_plain(word))}(?!\w)", plain, re.I)
    ]
    found = []
    for word in banned:
        for match in re.finditer(rf"(?<!\w){re.escape(_plain(word))}(?!\w)", plain, re.I):
            # Part of a word to use ("premier tour" of "premier tour de table"): not banned.
            if any(a < match.end() and b >= match.end() for a, b in allowed):
                continue
            found.append(f"{word!r} in {plain[max(0, match.start() - 40) : match.end() + 40]!r}")
    return found


def test_the_terminology_table_bans_words_in_each_language() -> None:
    assert "écart" in terminology()["fr"][1] and "usted" in terminology()["es"][1]
    assert banned_in("La mano vuelve a repartir.", "es")
    assert banned_in("le premier tour ininterrompu", "fr")
    assert banned_in("au premier tour de table", "fr") == []
    assert banned_in("les autres familles de règles", "fr") == []
    assert banned_in("Escalera pura, sin escalera", "es") == [
        "'escalera' in 'Escalera pura, sin escalera'"
    ]


def _lesson_prose(chapter: Chapter, lang: str) -> str:
    body = without_annotations(chapter.bodies[lang])
    body = re.sub(r"^```.*?^```", " ", body, flags=re.S | re.M)
    return chapter.titles[lang] + "\n" + re.sub(r"`[^`]*`", " ", body)


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_lessons_use_one_word_per_concept(lang: str) -> None:
    found = [
        (_id(chapter), problem)
        for chapter in CHAPTERS
        for problem in banned_in(_lesson_prose(chapter, lang), lang)
    ]
    assert found == []


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_the_glossary_uses_one_word_per_concept(lang: str) -> None:
    found = [
        (entry.id, problem)
        for entry in glossary().values()
        for problem in banned_in(entry.name(lang) + "\n" + entry.definition(lang), lang)
    ]
    assert found == []


def _catalogs(lang: str) -> Iterator[tuple[str, str]]:
    from mahjongkit.i18n import messages, play, practice, refusals, site, table

    for tables in (
        messages.TABLES, play.TABLES, practice.PRACTICE, refusals.REFUSALS, site.SITE, table.TABLE
    ):  # fmt: skip
        yield from tables.get(lang, {}).items()


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_the_catalogs_use_one_word_per_concept(lang: str) -> None:
    found = [(key, problem) for key, text in _catalogs(lang) for problem in banned_in(text, lang)]
    assert found == []


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_pattern_pages_and_explanations_use_one_word_per_concept(lang: str) -> None:
    from mahjongkit.variants import find_variant

    found = []
    for family in PREFIX:
        page = find_variant(family).rules_page
        if page is not None:
            found += [(family, p) for p in banned_in(page(None, lang), lang)]
    for chapter in CHAPTERS:
        for text in _BLOCK.findall(chapter.bodies["en"]):
            example = parse_block(text)
            _, result = run(example.words, lang)
            found += [(example.command, p) for p in banned_in(explanation_text(result), lang)]
    assert found == []


def test_taking_annotations_out_keeps_every_other_word() -> None:
    for chapter in CHAPTERS:
        for lang in SITE_LANGUAGES:
            text = chapter.bodies[lang]
            comments = re.compile(r"<!--.*?-->", re.S)
            assert without_annotations(text).split() == comments.sub(" ", text).split()
    text = "<!-- teaches: S-01 --> One <!-- check: x = 1 -->\n<!-- teaches: S-02 -->\nTwo.\n"
    assert without_annotations(text).split() == ["One", "Two."]


def test_rendered_pages_show_no_annotation() -> None:
    for chapter in CHAPTERS:
        for lang in SITE_LANGUAGES:
            page = render(chapter.bodies[lang], lang, chapter.family)
            assert "&lt;!--" not in page.html and "teaches:" not in page.html, (_id(chapter), lang)
            _, problems = read_annotations(chapter.bodies[lang])
            assert problems == [], (_id(chapter), lang)
