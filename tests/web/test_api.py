"""The site's routes under garbage: every refusal is a clear 4xx in the page's language (JSON
with a code and a message under /api/), never a 500."""

from __future__ import annotations

import html as html_module
import re
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mahjongkit.cli import answer
from mahjongkit.web import create_app
from mahjongkit.web.app import MAX_BODY, MAX_QUERY, preferred_language
from mahjongkit.web.lessons import courses


def _alert(html: str) -> str:
    found = re.search(r'role="alert">([^<]*)<', html)
    assert found, html[:500]
    return html_module.unescape(found.group(1))


def test_health(client: TestClient) -> None:
    response = client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"ok": True}


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.5", "fr"),
        ("es", "es"),
        ("de-DE,de;q=0.9,es;q=0.3,fr;q=0.2", "es"),
        ("de", "en"),
        ("", "en"),
        ("fr;q=0, es;q=0.1", "es"),
        ("fr;q=abc,es;q=0.5", "es"),
        (";;;,,,=", "en"),
    ],
)
def test_root_redirects_by_accept_language(client: TestClient, header: str, lang: str) -> None:
    response = client.get("/", headers={"accept-language": header}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == f"/{lang}/"
    assert preferred_language(header) == lang


def test_unknown_language_is_404_in_the_visitors_language(client: TestClient) -> None:
    response = client.get("/de/sichuan/", headers={"accept-language": "fr"})
    assert response.status_code == 404
    assert '<html lang="fr">' in response.text
    assert _alert(response.text) == "La langue de n’est pas proposée : ce site parle en, fr, es."


@pytest.mark.parametrize(
    ("path", "lang", "words"),
    [
        ("/fr/sichuan/no-such-chapter", "fr", "Il n’y a pas de page"),
        ("/es/mahjong/", "es", "No hay ninguna página"),
        ("/en/sichuan/01-tiles", "en", "There is no page"),
        ("/fr/sichuan/patterns?rules=nope", "fr", "rules=nope"),
        ("/es/tiles/9z.svg", "es", "No hay ninguna página"),
        ("/en/glossary/extra", "en", "There is no page"),
    ],
)
def test_unknown_page_is_404_in_the_pages_language(
    client: TestClient, path: str, lang: str, words: str
) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert f'<html lang="{lang}">' in response.text
    assert words in _alert(response.text)


@pytest.mark.parametrize(
    "path",
    [
        "/tiles/9z.svg",
        "/tiles/5s.png",
        "/tiles/..%2f..%2fetc%2fpasswd",
        "/static/..%2f..%2fapp.py",
        "/static/nothing.css",
        "/fr/%00",
        "/fr/sichuan/%ff%fe",
        "/%e2%80%ae/",
        "/fr//sichuan",
        "/fr/sichuan/tiles/extra/deep",
        "/api/nothing",
    ],
)
def test_bad_paths_are_4xx(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert 400 <= response.status_code < 500, (path, response.status_code)


def test_oversized_query_is_414_in_the_pages_language(client: TestClient) -> None:
    response = client.get("/es/calculator?q=" + "1m" * MAX_QUERY)
    assert response.status_code == 414
    assert '<html lang="es">' in response.text
    assert _alert(response.text) == (
        f"La petición es demasiado larga: se leen {MAX_QUERY} caracteres como máximo."
    )
    assert len(response.text) < 10_000  # the query is not echoed back into the page


def test_oversized_body_is_413_json(client: TestClient) -> None:
    response = client.post("/api/run", content=b"x" * (MAX_BODY + 1))
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_long"


def test_api_run_gives_the_command_lines_json(client: TestClient) -> None:
    command = "score 11223344556677m --variant sichuan --win 7m --tsumo"
    response = client.post("/api/run", json={"command": command, "lang": "fr"})
    assert response.status_code == 200
    body = response.json()
    expected = answer([*command.split(), "--lang", "fr"])
    assert body == {"exit_code": expected[0], "result": expected[1]}
    assert body["result"]["points"] == 48
    assert "Couleur pure : 2 fan" in body["result"]["explanation"]


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        (b"not json", "invalid"),
        (b"[1, 2]", "invalid"),
        (b'{"command": 5}', "invalid"),
        (b'{"command": "score 1m --win 1m", "lang": "de"}', "language"),
        (b'{"command": "score 99999m --win 9m"}', "invalid_hand"),
        (b'{"command": "score 123x --win 1m"}', "notation"),
        (b'{"command": "selfplay --games 100"}', "notation"),
        (b'{"command": "score 11223344556677m --win 7m --json"}', "notation"),
        (b'{"command": "score 11223344556677m --variant nope --win 7m"}', "notation"),
        (b'{"command": "score \\"unclosed"}', "notation"),
        (b'{"command": "score 11223344556677m --help"}', "notation"),
    ],
)
def test_api_run_refuses_garbage_with_a_code(client: TestClient, payload: bytes, code: str) -> None:
    response = client.post(
        "/api/run", content=payload, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    assert error["message"]


def test_api_message_is_in_the_asked_language(client: TestClient) -> None:
    response = client.post(
        "/api/run", content=b"[]", headers={"accept-language": "es", "content-type": "x"}
    )
    assert response.json()["error"]["message"].startswith("La petición no se puede usar")


def test_calculator_answers_and_refuses_in_the_pages_language(client: TestClient) -> None:
    good = client.get("/fr/calculator", params={"q": "waits 1122334455667m --variant sichuan"})
    assert good.status_code == 200
    # Each wait named, with what it is worth in words (fan and points).
    wait = "sept de caractères : sur une défausse 4 fan, 16 points ; en pioche 4 fan, 48 points"
    assert wait in good.text
    bad = client.get("/es/calculator", params={"q": "score 123m --win"})
    assert bad.status_code == 400
    assert _alert(bad.text).startswith("El motor rechaza esta entrada:")
    unknown = client.get("/en/calculator", params={"q": "rm -rf /"})
    assert unknown.status_code == 400
    assert "unknown command 'rm'" in _alert(unknown.text)


def test_wrong_method_is_405_not_500(client: TestClient) -> None:
    assert client.post("/fr/sichuan/").status_code == 405
    assert client.get("/api/run").status_code == 405


def test_tile_pictures_are_svg(client: TestClient) -> None:
    response = client.get("/tiles/0p.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg")


def test_progress_is_kept_in_the_database(tmp_path: Path) -> None:
    """A chapter opened is "opened", not done: it is done once its practice questions are
    answered right; the home page offers to continue at the chapter opened last."""
    from mahjongkit.api.drills import drill_answer, drill_of, value_of
    from mahjongkit.web.practice import chapter_drill_ids

    db = tmp_path / "progress" / "site.sqlite3"
    total = len(courses()["sichuan"].chapters)
    index = [c.slug for c in courses()["sichuan"].chapters].index("roots")
    with TestClient(create_app(db)) as browser:
        assert f"0 of {total} chapters done" in browser.get("/en/sichuan/").text
        assert "Start the Sichuan course" in browser.get("/en/").text
        browser.get("/en/sichuan/roots")
        page = browser.get("/en/sichuan/").text
        assert f"0 of {total} chapters done" in page
        assert re.search(r'data-chapter="roots" data-state="started"', page)
        assert "Continue: Roots" in browser.get("/en/").text
        for drill_id in chapter_drill_ids("sichuan", "roots", index):
            reply = value_of(drill_answer(drill_of(drill_id)))
            answered = browser.post("/api/drills/answer", json={"id": drill_id, "reply": reply})
            assert answered.json()["correct"] is True
        page = browser.get("/en/sichuan/").text
        assert f"1 of {total} chapters done" in page
        assert re.search(r'data-chapter="roots" data-state="done"', page)
        assert 'id="chapter-state" data-state="done"' in browser.get("/en/sichuan/roots").text
    rows = sqlite3.connect(db).execute("select family, slug from chapter_read").fetchall()
    assert rows == [("sichuan", "roots")]
    with TestClient(create_app(db)) as stranger:
        assert f"0 of {total} chapters done" in stranger.get("/en/sichuan/").text
        assert "Continue:" not in stranger.get("/en/").text
