"""The learning site's pages as a learner reads them (issue 32), without a browser: no rule id
or preset id shown, rule-id citations in lesson sources hidden, the course path's states, pattern
tables drawn as tiles with calculator links, the glossary's index, records in the page's
language, the labelled and bare tile pictures, the shipped CJK font covering every page, and the
hand-drawing API refusing garbage."""

from __future__ import annotations

import html
import re
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mahjongkit.game.engine import Game
from mahjongkit.records import Records, Seat
from mahjongkit.tiles import parse_tiles
from mahjongkit.variants import find_variant
from mahjongkit.web import create_app
from mahjongkit.web.examples import format_number
from mahjongkit.web.hands import split_hand
from mahjongkit.web.lessons import SITE_LANGUAGES, render, strip_citations
from mahjongkit.web.patterns import example_command
from tests.web.test_crawl import CJK, crawl

FONT_CHARACTERS = Path(__file__).parents[2] / "src/mahjongkit/web/static/fonts/mahjongkit-cjk.txt"
PRESETS = sorted(
    {name for f in ("riichi", "hongkong", "sichuan") for name in find_variant(f).presets}
)


def _words(parsed: object) -> str:
    return html.unescape(" ".join(" ".join(parsed.text).split()))  # type: ignore[attr-defined]


def test_no_page_shows_a_rule_id_or_a_preset_id() -> None:
    """R-05, H-04, S-11 and ``blood_battle`` mean nothing to a learner (code aside: the
    command lines behind their toggles)."""
    for path, (_, parsed) in crawl().items():
        if not parsed.lang:
            continue
        words = _words(parsed)
        assert not re.search(r"(?<![\w-])[RHS]-\d{1,3}(?![\w-])", words), path
        for preset in PRESETS:
            if preset == "tenhou":  # also a word: the romanisation of 天和
                continue
            assert not re.search(rf"(?<![\w-]){preset}(?![\w-])", words), (path, preset)


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        ("Tanyao (R-09) counts.", "Tanyao counts."),
        ("is refused by the engine (rule H-04).", "is refused by the engine."),
        ("Both [R-05, R-06] apply.", "Both apply."),
        ("See R-05: riichi.", "See: riichi."),
        ("a {S-11} b", "a b"),
        ("x <!-- R-05: the deposit --> y", "x y"),
        ("[tanyao](rule:R-09) is", "tanyao is"),
        ("uses `H-12` here", "uses here"),
        ("(voir R-05 et R-06).", "."),
        ("footnote[^H-03].", "footnote."),
        ("keep S-curve, R-type and 3-5-7.", "keep S-curve, R-type and 3-5-7."),
        # French keeps its space before a semicolon or a colon, cited or not.
        ("au moins un ; ensemble", "au moins un ; ensemble"),
        ("au moins un (R-05) ; ensemble : voir", "au moins un ; ensemble : voir"),
        ("- first (R-05)\n- second", "- first\n- second"),
    ],
)
def test_rule_citations_in_a_lesson_source_are_hidden(source: str, shown: str) -> None:
    assert re.sub(r"[ \t]+", " ", strip_citations(source)).strip() == shown


def test_a_cited_lesson_renders_without_its_ids_and_keeps_its_links() -> None:
    page = render(
        "A [pung](glossary:pung) (R-05) of [[555z]] (see S-11).\n\n| a | b |\n|---|---|\n"
        "| H-04 | x |\n",
        "en",
        "riichi",
    )
    assert page.problems == []
    assert "R-05" not in page.html and "S-11" not in page.html and "H-04" not in page.html
    assert 'href="/en/glossary#pung"' in page.html and 'alt="White dragon"' in page.html
    assert '<div class="table-wrap" role="region" tabindex="0" aria-label="Table">' in page.html


def test_pattern_tables_draw_their_examples_and_link_them_to_the_calculator(
    client: TestClient,
) -> None:
    for family in ("riichi", "hongkong", "sichuan"):
        for preset in find_variant(family).presets:
            page = client.get(f"/fr/{family}/patterns?rules={preset}").text
            rows = page.count("<tr>") - 1
            links = re.findall(r'class="open-example" href="/fr/calculator\?q=([^"]+)"', page)
            assert rows > 5 and links, (family, preset)
            assert page.count('class="pattern-example"') == rows
            if preset != next(iter(find_variant(family).presets)):
                assert all(f"--rules%20{preset}" in link for link in links), preset
            for link in links[:3]:
                assert client.get(f"/fr/calculator?q={link}").status_code == 200, link
    assert example_command("`22m --win 2m`", "sichuan", "mil_sbr", "blood_battle") == (
        "score 22m --win 2m --variant sichuan --rules mil_sbr"
    )


def test_preset_switches_name_the_presets(client: TestClient) -> None:
    page = client.get("/es/sichuan/patterns").text
    assert '<span aria-current="page">Sangre hasta el final</span>' in page
    assert ">Torneo MIL (2025)</a>" in page


def test_the_glossary_has_a_letter_index_and_every_entry_is_searchable(client: TestClient) -> None:
    page = client.get("/fr/glossary").text
    letters = re.findall(r'<a href="#letter-([A-Z])">', page)
    assert letters and letters == sorted(letters)
    for letter in letters:
        assert f'id="letter-{letter}"' in page
    entries = re.findall(r'<div class="entry" data-search="([^"]*)"', page)
    assert len(entries) > 100
    # Each entry is found by its original term and by its names in the other languages.
    pung = next(e for e in entries if "碰" in e)
    assert "Pung" in pung and "pon" in pung.lower()


def test_numbers_are_written_as_the_pages_language_writes_them() -> None:
    assert format_number(25000, "en") == "25000"
    assert format_number(25000, "fr") == "25\u202f000"
    assert format_number(-16000, "es") == "−16\u202f000"
    assert format_number(-7, "es", signed=True) == "−7"
    assert format_number(0, "fr", signed=True) == "0"
    assert format_number(1200, "es", signed=True) == "+1200"
    assert format_number("x", "en") == "x"


def test_records_name_the_seats_and_date_each_game(tmp_path: Path) -> None:
    records_path = tmp_path / "records.sqlite3"
    with Records(records_path) as records:
        game = Game("sichuan", seed=3, max_rounds=1)
        game.start()
        number = records.create_game(
            game, [Seat("me")] + [Seat(f"b{i}", "random") for i in range(3)]
        )
        records.finish(number, {"scores": [-7, 0, 6, 1]})
    with TestClient(create_app(records_path=records_path)) as browser:
        page = browser.get("/fr/records").text
    assert "Est −7 · Sud 0 · Ouest +6 · Nord +1" in page
    assert re.search(
        r'<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d</time>', page
    )
    assert f'href="/fr/records/{number}">revoir' in page.lower() or f"/fr/records/{number}" in page


def test_every_page_has_records_in_its_menu_and_marks_where_it_is(client: TestClient) -> None:
    for lang in SITE_LANGUAGES:
        for path, section in (("/", "/"), ("/glossary", "/glossary"), ("/records", "/records")):
            page = client.get(f"/{lang}{path}").text
            assert f'<a href="/{lang}/records"' in page
            assert re.search(rf'<a href="/{lang}{section}" aria-current="page">', page), path


def test_tiles_come_labelled_or_bare_and_face_down(client: TestClient) -> None:
    labelled = client.get("/tiles/5m.svg")
    bare = client.get("/tiles/bare/5m.svg")
    back = client.get("/tiles/back.svg")
    assert labelled.status_code == bare.status_code == back.status_code == 200
    assert ">5m</text>" in labelled.text and "<text" not in bare.text
    assert bare.headers["content-type"].startswith("image/svg+xml")
    for wrong in ("/tiles/bare/8z.svg", "/tiles/bare/5m", "/tiles/bare/..%2F5m.svg"):
        assert client.get(wrong).status_code == 404, wrong


def test_the_shipped_font_holds_every_cjk_character_a_page_shows() -> None:
    held = set(FONT_CHARACTERS.read_text(encoding="utf-8").strip())
    shown: set[str] = set()
    for _, parsed in crawl().values():
        shown.update(CJK.findall(" ".join(parsed.text) + " ".join(parsed.attributes)))
    assert {"清", "一", "色", "碰", "槓"} <= shown
    assert shown - held == set(), "run tools/cjk_fonts.py to rebuild the font subset"
    font = FONT_CHARACTERS.with_name("mahjongkit-cjk.woff2")
    assert font.read_bytes()[:4] == b"wOF2" and font.stat().st_size < 120_000
    assert "SIL OPEN FONT LICENSE Version 1.1" in font.with_name("OFL.txt").read_text()


def test_a_hand_is_split_into_its_sets_as_the_engine_reads_it() -> None:
    tiles = parse_tiles("111222333m789p11s")
    assert [len(g) for g in split_hand(tiles)] == [3, 3, 3, 3, 2]
    # The engine's reading decides between the two splits.
    chows = split_hand(tiles, "123m 123m 123m 789p 11s")
    assert ["".join(str(t) for t in g) for g in chows][:3] == ["1m2m3m"] * 3
    pairs = split_hand(parse_tiles("1133557799m1122p"))
    assert len(pairs) == 7 and all(len(g) == 2 for g in pairs)
    red = split_hand(parse_tiles("340m456p789s11122z"))
    assert any("0m" in [str(t) for t in g] for g in red)
    assert split_hand(parse_tiles("123m456p789s1357z")) == [parse_tiles("123m456p789s1357z")]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"hand": "12x"}, "hand"),
        ({"hand": "123m", "melds": ["pung:123m"]}, "melds"),
        ({"hand": "123m", "win": "9q"}, "win"),
        ({"hand": "123m", "colour": "red"}, "colour"),
        ({"hand": ["123m"]}, "hand"),
        ({"hand": "1m" * 150}, "hand"),
    ],
)
def test_the_hand_drawing_api_refuses_garbage_clearly(
    client: TestClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/hand", json={**body, "lang": "es"})
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["field"] == field and error["message"]


def test_the_hand_drawing_api_draws_sets_and_the_winning_tile(client: TestClient) -> None:
    response = client.post(
        "/api/hand",
        json={"hand": "234m456p678s33555z", "win": "5z", "melds": [], "lang": "fr"},
    )
    drawn = response.json()["html"]
    assert drawn.count('class="set"') == 5
    assert 'alt="Dragon blanc (tuile gagnante)"' in drawn
    assert client.post("/api/hand", content=b"{not json").status_code == 400


def test_a_stored_game_of_a_family_the_site_no_longer_has_is_listed_by_its_name(
    tmp_path: Path,
) -> None:
    """A records file outlives the families installed beside it: the list and the replay page
    name such a game by the family's id instead of failing the whole page."""
    records_path = tmp_path / "records.sqlite3"
    with Records(records_path) as records:
        game = Game("sichuan", seed=3, max_rounds=1)
        game.start()
        number = records.create_game(
            game, [Seat("me")] + [Seat(f"b{i}", "random") for i in range(3)]
        )
        records.finish(number, {"scores": [-7, 0, 6, 1]})
    with sqlite3.connect(records_path) as db:
        db.execute("UPDATE games SET variant = 'retired' WHERE id = ?", (number,))
    with TestClient(create_app(records_path=records_path)) as browser:
        listing = browser.get("/en/records")
        replay = browser.get(f"/en/records/{number}")
    assert listing.status_code == 200
    row = rf'data-game="{number}">\s*<td class="number">{number}</td>\s*<td>retired</td>'
    assert re.search(row, listing.text)
    assert replay.status_code == 200
    assert "<p>retired ·" in replay.text
