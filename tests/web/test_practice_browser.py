"""The practice pages in a real browser (issue 14): the calculator from clicks to the explanation
in French, a lesson's example opening in the calculator, and one drill of each family answered
with its progress shown. Chromium is launched exactly as in ``test_browser.py``."""

from __future__ import annotations

import pytest

from tests.web import test_browser

CHROMIUM = test_browser.CHROMIUM
# The same server, browser and tab as the site's other browser tests.
site = test_browser.site
browser = test_browser.browser
page = test_browser.page

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (./dev test installs it)"
)


def _click_tiles(page: object, hand: str) -> None:
    digits: list[str] = []
    for char in hand:
        if char.isdigit():
            digits.append(char)
            continue
        for digit in digits:
            page.locator(f"#picker button[data-tile='{digit}{char}']").click()  # type: ignore[attr-defined]
        digits = []


def test_the_calculator_from_clicks_to_the_explanation_in_french(page: object, site: str) -> None:
    page.goto(f"{site}/fr/calculator")  # type: ignore[attr-defined]
    page.locator("#f-variant").select_option("riichi")  # type: ignore[attr-defined]
    _click_tiles(page, "234m456p678s33555z")
    assert page.locator("#f-hand").input_value() == "234m456p678s33555z"  # type: ignore[attr-defined]
    assert page.locator("#hand-preview img").count() == 14  # type: ignore[attr-defined]
    # A wrong winning tile first: the refusal is French and stands beside the field.
    page.locator("#calc-target").select_option("win")  # type: ignore[attr-defined]
    page.locator("#picker button[data-tile='9m']").click()  # type: ignore[attr-defined]
    page.locator("#calc-score").click()  # type: ignore[attr-defined]
    error = page.locator("#err-win")  # type: ignore[attr-defined]
    error.wait_for(state="visible")
    assert error.inner_text().startswith("Le moteur refuse cette entrée : --win 9m n’est pas parmi")
    page.locator("#picker button[data-tile='5z']").click()  # type: ignore[attr-defined]
    page.locator("#f-tsumo").check()  # type: ignore[attr-defined]
    page.locator("#f-seat").select_option("S")  # type: ignore[attr-defined]
    page.locator("#calc-score").click()  # type: ignore[attr-defined]
    view = page.locator(".score-view")  # type: ignore[attr-defined]
    view.wait_for()
    assert not error.is_visible()
    assert "Tout Caché Tiré" in view.locator("table.patterns").inner_text()
    assert view.locator("table.payments tr[data-seat='S'] td").inner_text() == "+2000"
    assert view.locator("table.payments tr[data-seat='E'] td").inner_text() == "-1000"
    assert "Points : 2\N{NARROW NO-BREAK SPACE}000" in view.locator("pre.explanation").inner_text()
    page.locator("#calc-compare").click()  # type: ignore[attr-defined]
    sichuan = page.locator("table.compare tr[data-family='sichuan']")  # type: ignore[attr-defined]
    sichuan.wait_for()
    assert sichuan.get_attribute("data-status") == "refused"


def test_a_lesson_example_opens_in_the_calculator(page: object, site: str) -> None:
    # Empty, the calculator opens on Riichi; a Sichuan example must switch it.
    page.goto(f"{site}/fr/calculator")  # type: ignore[attr-defined]
    assert page.locator("#f-variant").input_value() == "riichi"  # type: ignore[attr-defined]
    page.goto(f"{site}/fr/sichuan/fan-table")  # type: ignore[attr-defined]
    link = page.get_by_role("link", name="Ouvrir dans le calculateur").first  # type: ignore[attr-defined]
    link.click()
    page.wait_for_url("**/fr/calculator?q=*")  # type: ignore[attr-defined]
    page.locator(".score-view, .waits-view").first.wait_for()  # type: ignore[attr-defined]
    assert page.locator("#f-hand").input_value()  # type: ignore[attr-defined]
    assert page.locator("#f-variant").input_value() == "sichuan"  # type: ignore[attr-defined]


def test_a_lesson_example_with_a_rule_option_keeps_it_in_the_calculator(
    page: object, site: str
) -> None:
    # The lower-limit example of the Hong Kong minimum chapter: 18 fan capped at 10, not 13.
    page.goto(f"{site}/fr/hongkong/minimum-and-limit")  # type: ignore[attr-defined]
    example = page.locator("figure.example", has_text="--option limit=10")  # type: ignore[attr-defined]
    example.get_by_role("link", name="Ouvrir dans le calculateur").click()
    page.wait_for_url("**/fr/calculator?q=*")  # type: ignore[attr-defined]
    view = page.locator(".score-view")  # type: ignore[attr-defined]
    view.wait_for()
    assert page.locator("#f-option").input_value() == "limit=10"  # type: ignore[attr-defined]
    assert view.locator("table.payments tr[data-seat='S'] td").inner_text() == "+256"
    assert "la limite de 10 fan" in view.inner_text()


def test_one_drill_of_each_family_is_answered_and_its_progress_shown(
    page: object, site: str
) -> None:
    for family in ("riichi", "hongkong", "sichuan"):
        page.goto(f"{site}/es/practice/drills/{family}")  # type: ignore[attr-defined]
        drill = page.locator("article.drill").first  # type: ignore[attr-defined]
        drill.wait_for()
        assert drill.locator(".drill-verdict").count() == 0  # hidden until answered
        drill.locator(".drill-hand button").first.click()
        drill.locator("button.drill-check").click()
        drill.locator(".drill-verdict").wait_for()
        drill.locator(".drill-progress").wait_for()
        assert drill.locator(".drill-progress").inner_text().startswith("Respuestas: 1")
        assert drill.locator(".drill-expected").inner_text().startswith("Mejores descartes")
        # Hong Kong keeps the 3-fan path in view, Sichuan the missing suit.
        assert drill.locator(".reach-view").count() == (family == "hongkong")
        if family == "hongkong":
            assert "El camino al mínimo de 3 fan" in drill.locator(".reach-view h3").inner_text()
            assert drill.locator(".reach li").count() >= 2
        assert drill.locator(".missing-suit").count() == (family == "sichuan")
        if family == "sichuan":
            assert drill.locator(".missing-suit").inner_text().startswith("Palo ausente")
    page.goto(f"{site}/es/practice/progress")  # type: ignore[attr-defined]
    for family in ("riichi", "hongkong", "sichuan"):
        row = page.locator(f"#progress-{family} tr[data-concept='efficiency']")  # type: ignore[attr-defined]
        assert row.locator("td.answered").inner_text() == "1"
