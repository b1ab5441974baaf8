"""Every 4xx of the calculator's API and the drill routes speaks the request's language: for each
error code, the French and Spanish messages differ from the English one and hold no English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mahjongkit.web import create_app

_SCORE = {"hand": "123m456p789s11z234s", "win": "4s"}
_CASES: list[tuple[str, str, Any]] = [
    # (method and path, expected code, JSON body or raw bytes; None: no body)
    ("POST /api/score", "notation", {**_SCORE, "win": "9z"}),
    ("POST /api/score", "notation", {**_SCORE, "rules": "bogus"}),
    ("POST /api/score", "notation", {**_SCORE, "option": {"uma": "1,2"}}),
    ("POST /api/score", "notation", {**_SCORE, "option": {"zzz": 1}}),
    ("POST /api/score", "notation", {**_SCORE, "option": {"honba_value": 99999}}),
    ("POST /api/score", "notation", {**_SCORE, "option": {"uma": "1,2,3,9999999"}}),
    ("POST /api/score", "notation", {**_SCORE, "option": {"renhou": "sometimes"}}),
    ("POST /api/score", "notation", {**_SCORE, "variant": "hongkong", "option": {"limit": 100000}}),
    ("POST /api/score", "notation", {**_SCORE, "variant": "sichuan", "option": {"fan_cap": 31}}),
    ("POST /api/score", "notation", {**_SCORE, "variant": "hongkong", "dora": "1m"}),
    ("POST /api/score", "notation", {**_SCORE, "seat": "Q"}),
    ("POST /api/score", "invalid_hand", {**_SCORE, "hand": "123m456p789s11z23s"}),
    ("POST /api/score", "invalid_hand", {**_SCORE, "melds": ["pung:135m"]}),
    ("POST /api/score", "invalid_hand", {**_SCORE, "variant": "hongkong", "flowers": ["1m"]}),
    ("POST /api/score", "field", {**_SCORE, "honba": -1}),
    ("POST /api/score", "field", {**_SCORE, "bogus": 1}),
    ("POST /api/score", "field", {"hand": "123m456p789s11z234s"}),
    ("POST /api/score", "invalid", b"{not json"),
    ("POST /api/score", "language", {**_SCORE, "lang": "de"}),
    ("POST /api/score", "too_long", b"[" + b" " * 5000 + b"]"),
    ("GET /api/score", "http_405", None),
    ("POST /api/waits", "invalid_hand", {"hand": "123m456p789s11z2s", "visible": "1111z"}),
    (
        "POST /api/waits",
        "invalid_hand",
        {
            "hand": "123m456p789s",
            "melds": ["chow:123m@S", "chow:123p@W", "chow:123s@N"],
        },
    ),
    ("POST /api/waits", "notation", {"hand": "123m456p789s11z2q"}),
    ("POST /api/waits", "field", {"hand": ""}),
    ("POST /api/compare", "field", {**_SCORE, "variant": "riichi"}),
    ("POST /api/compare", "field", {**_SCORE, "win": 4}),
    ("POST /api/run", "notation", {"command": "score 123m456p789s11z234s"}),
    ("POST /api/run", "notation", {"command": "score 123m456p789s11z234s --win"}),
    ("POST /api/run", "notation", {"command": "score 123m456p789s11z234s --win 4s --honba x"}),
    ("POST /api/run", "notation", {"command": "score 123m456p789s11z234s --win 4s --variant x"}),
    ("POST /api/run", "notation", {"command": "score 1m --win 1m --tsumo --from S"}),
    ("POST /api/run", "notation", {"command": "score 123m456p789s11z234s --win 4s --tsum=1"}),
    ("POST /api/run", "notation", {"command": "frobnicate"}),
    ("POST /api/run", "notation", {"command": "shanten 123m --help"}),
    ("POST /api/run", "notation", {"command": "'unclosed"}),
    ("POST /api/run", "notation", {"command": "score 1m --win 1m --json"}),
    ("POST /api/run", "invalid", {"order": "score"}),
    ("POST /api/drills/answer", "notation", {"id": "bogus", "reply": "1m"}),
    ("POST /api/drills/answer", "notation", {"id": "riichi-worth-0", "reply": "x"}),
    ("POST /api/drills/answer", "field", {"id": "riichi-worth-0"}),
    ("GET /api/drills/chess?kind=waits", "notation", None),
    ("GET /api/drills/riichi?number=abc", "invalid", None),
    ("GET /api/drills/riichi?chapter=nope", "http_404", None),
]
_ENGLISH = {
    "the",
    "expected",
    "argument",
    "arguments",
    "required",
    "unknown",
    "invalid",
    "choice",
    "allowed",
    "with",
    "is",
    "not",
    "must",
    "cannot",
    "should",
    "one",
    "and",
    "of",
    "are",
    "needs",
    "tile",
    "tiles",
    "hand",
    "value",
    "an",
    "to",
    "be",
    "at",
    "most",
    "least",
    "by",
    "this",
    "there",
    "only",
    "seat",
    "meld",
    "melds",
    "request",
    "field",
    "body",
    "than",
    "missing",
    "words",
    "command",
    "number",
    "whole",
}
"""English words that no French or Spanish message uses (field names are quoted by the
messages, so the hand and seat fields are sent by their names only where the words are not
checked: see _words)."""
_FIELD_NAMES = {"hand", "win", "seat", "from", "melds", "missing", "rules", "option", "lang"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def _ask(client: TestClient, case: tuple[str, str, Any], lang: str) -> dict[str, Any]:
    route, _, body = case
    method, path = route.split(" ", 1)
    headers = {"accept-language": lang}
    if isinstance(body, dict) and "lang" not in body and not path.startswith("/api/run"):
        body = {**body, "lang": lang}
    elif isinstance(body, dict) and path.startswith("/api/run"):
        body = {**body, "lang": lang} if "command" in body else body
    if method == "GET":
        response = client.get(path, headers=headers)
    elif isinstance(body, bytes):
        response = client.post(path, content=body, headers=headers)
    else:
        response = client.post(path, json=body, headers=headers)
    assert 400 <= response.status_code < 500, (case, response.status_code, response.text)
    error: dict[str, Any] = response.json()["error"]
    return error


def _words(message: str) -> set[str]:
    # Quoted input ('bogus'), flags (--win), tile codes (4s), option names (red_fives) and field
    # names are not prose.
    prose = re.sub(r"'[^']*'|\"[^\"]*\"|--[\w-]+|\b\w*[\d_]\w*\b", " ", message)
    return {w.lower() for w in re.findall(r"[A-Za-z]+", prose)} - _FIELD_NAMES


@pytest.mark.parametrize("case", _CASES, ids=[f"{c[0]}-{c[1]}-{n}" for n, c in enumerate(_CASES)])
def test_every_refusal_is_said_in_french_and_spanish(
    client: TestClient, case: tuple[str, str, Any]
) -> None:
    english = _ask(client, case, "en")
    assert english["code"] == case[1], english
    assert _words(english["message"]) & _ENGLISH, english["message"]  # the check can see English
    for lang in ("fr", "es"):
        said = _ask(client, case, lang)
        assert said["code"] == english["code"]
        assert said["message"] != english["message"], (lang, said["message"])
        assert not _words(said["message"]) & _ENGLISH, (lang, said["message"])


def test_every_error_code_is_covered() -> None:
    codes = {code for _, code, _ in _CASES}
    assert codes == {
        "notation",
        "invalid_hand",
        "field",
        "invalid",
        "language",
        "too_long",
        "http_404",
        "http_405",
    }


def test_a_refusal_the_library_words_only_in_english_keeps_it_out_of_the_message(
    client: TestClient,
) -> None:
    from mahjongkit.errors import InvalidHandError
    from mahjongkit.web.practice import refusal_text

    error = InvalidHandError("some engine sentence that has no catalog key")
    assert refusal_text(error, "en", "hand") == "some engine sentence that has no catalog key"
    french = refusal_text(error, "fr", "hand")
    assert "engine" not in french and "main impossible" in french and "hand" in french


def test_the_calculator_page_says_a_flag_error_in_french(client: TestClient) -> None:
    page = client.get("/fr/calculator", params={"q": "score 123m456p789s11z234s --win"})
    assert page.status_code == 400
    assert "--win doit être suivi d’une valeur" in page.text
    assert "expected one argument" not in page.text
