"""Every chapter's drills load (issue 32, item 6): the drill set at the end of each chapter of
each course, asked in each language of the site, answers 200 with its questions, and the answer
each question expects is graded right."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from mahjongkit.api.drills import (
    best_discards,
    discard_reach,
    drill_answer,
    drill_of,
    make_drill,
    value_of,
)
from mahjongkit.web.lessons import FAMILIES, SITE_LANGUAGES, courses
from mahjongkit.web.practice import CHAPTER_QUESTIONS, chapter_drills

CHAPTERS = [(family, c.slug) for family in FAMILIES for c in courses()[family].chapters]


def _right_reply(question: dict[str, Any]) -> Any:
    drill = drill_of(question["id"])
    result = drill_answer(drill)
    if drill.kind == "discard":
        return best_discards(result, discard_reach(drill))[0]
    if drill.kind == "waits":
        return list(result["waits"])
    return value_of(result)


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_every_chapters_drill_set_loads_in_every_language(client: TestClient, lang: str) -> None:
    assert len(CHAPTERS) >= 28
    for family, slug in CHAPTERS:
        response = client.get(
            f"/api/drills/{family}?chapter={slug}", headers={"Accept-Language": lang}
        )
        assert response.status_code == 200, (lang, family, slug, response.text[:200])
        questions = response.json()["questions"]
        assert len(questions) == CHAPTER_QUESTIONS, (family, slug)
        for question in questions:
            assert question["family"] == family
            assert len(question["hand_tiles"]) in (13, 14), question["id"]


def test_the_riichi_yaku_chapters_worth_questions_have_a_han_value(client: TestClient) -> None:
    """The yaku chapter used to meet a thirteen-orphans hand, whose value is a yakuman, not a
    number of han: its worth question cannot ask for han, so another tile or position is kept."""
    index = [c.slug for c in courses()["riichi"].chapters].index("yaku")
    for drill in chapter_drills("riichi", "yaku", index):
        assert drill.kind == "worth"
        result = drill_answer(drill)
        assert isinstance(result["han"], int) and result["han"] >= 1, drill.id
        assert value_of(result) in drill.choices
        reply = client.post(
            "/api/drills/answer", json={"id": drill.id, "reply": value_of(result), "lang": "fr"}
        )
        assert reply.status_code == 200 and reply.json()["correct"] is True, reply.text[:200]


def test_a_worth_question_never_asks_for_the_han_of_a_yakuman() -> None:
    # Questions 500-520 cover the numbers chapter drills use; each must carry a han value.
    for number in range(500, 521):
        drill = make_drill("riichi", "worth", number)
        assert drill_answer(drill)["han"] is not None, drill.id


def test_each_chapter_question_is_graded_right_for_its_own_answer(client: TestClient) -> None:
    for family, slug in CHAPTERS:
        response = client.get(f"/api/drills/{family}?chapter={slug}")
        for question in response.json()["questions"]:
            reply = _right_reply(question)
            graded = client.post("/api/drills/answer", json={"id": question["id"], "reply": reply})
            assert graded.status_code == 200, (question["id"], graded.text[:200])
            assert graded.json()["correct"] is True, question["id"]


@pytest.mark.parametrize("chapter", ["", "nope", "../yaku", "yaku" * 30, "%00"])
def test_an_unknown_chapter_is_a_clear_404(client: TestClient, chapter: str) -> None:
    response = client.get(f"/api/drills/riichi?chapter={chapter}")
    if not chapter:
        assert response.status_code == 200  # no chapter: the drills page's first question
        return
    assert response.status_code == 404
    assert response.json()["error"]["field"] == "chapter"


@pytest.mark.parametrize("family", FAMILIES)
def test_each_course_names_its_chapters_drill_kinds_by_existing_slugs(family: str) -> None:
    """A chapter's question kind comes from its course's drills.toml: every slug there is a
    chapter of the course, and the chapters not listed are practised by worth questions."""
    from mahjongkit.web.practice import chapter_drill_ids, chapter_kinds

    kinds = chapter_kinds(family)
    slugs = {chapter.slug for chapter in courses()[family].chapters}
    assert kinds and set(kinds) <= slugs
    assert set(kinds.values()) <= {"discard", "waits"}
    listed = next(iter(kinds))
    assert chapter_drill_ids(family, listed, 0)[0].startswith(f"{family}-{kinds[listed]}-")
    unlisted = sorted(slugs - set(kinds))[0]
    assert chapter_drill_ids(family, unlisted, 0)[0].startswith(f"{family}-worth-")
