"""The practice pages in a real browser (issue 14): the calculator from clicks to the explanation
in French, a lesson's example opening in the calculator, and one drill of each family answered
with its progress shown. Chromium is launched exactly as in ``test_browser.py``."""

from __future__ import annotations

import pytest

from tests.web.conftest import CHROMIUM

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


def _in_view(locator: object) -> bool:
    box = locator.evaluate(  # type: ignore[attr-defined]
        "e => { const r = e.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; }"
    )
    return bool(box)


def test_the_calculator_from_clicks_to_the_explanation_in_french(page: object, site: str) -> None:
    """Issue 32: tiles picked by clicks, the last one the winning tile, a refusal beside the
    hand and scrolled into view, then one explanation with the hand split into its sets."""
    page.goto(f"{site}/fr/calculator")  # type: ignore[attr-defined]
    assert page.locator("input[name=family][value=riichi]").is_checked()  # type: ignore[attr-defined]
    _click_tiles(page, "234m456p678s33555z")
    assert page.locator("#f-hand").input_value() == "234m456p678s33555z"  # type: ignore[attr-defined]
    assert page.locator("#hand-preview img").count() == 14  # type: ignore[attr-defined]
    assert page.locator("#hand-count").inner_text() == "14 tuiles sur 14"  # type: ignore[attr-defined]
    assert page.locator("#f-win").input_value() == "5z"  # type: ignore[attr-defined]
    # A tile short: the refusal stands next to the hand, in view, and takes the focus.
    page.locator("#calc-undo").click()  # type: ignore[attr-defined]
    assert page.locator("#hand-count").inner_text() == "13 tuiles sur 14"  # type: ignore[attr-defined]
    page.locator("#calc-score").click()  # type: ignore[attr-defined]
    error = page.locator("#err-hand")  # type: ignore[attr-defined]
    error.wait_for(state="visible")
    assert error.inner_text().startswith("Le moteur refuse cette entrée : la main a 13 tuiles")
    assert _in_view(error)
    assert page.evaluate("() => document.activeElement.id") == "err-hand"  # type: ignore[attr-defined]
    page.locator("#picker button[data-tile='5z']").click()  # type: ignore[attr-defined]
    page.locator("#f-tsumo").check()  # type: ignore[attr-defined]
    page.locator("#f-seat").select_option("S")  # type: ignore[attr-defined]
    page.locator("#calc-score").click()  # type: ignore[attr-defined]
    view = page.locator(".score-view")  # type: ignore[attr-defined]
    view.wait_for()
    assert not error.is_visible()
    assert "Tout Caché Tiré" in view.locator("table.patterns").inner_text()
    # Numbers as French writes them: a narrow no-break space between thousands, a true minus.
    assert view.locator("table.payments tr[data-seat='S'] td").inner_text() == "+2\u202f000"
    assert view.locator("table.payments tr[data-seat='E'] td").inner_text() == "\u22121\u202f000"
    assert "2\u202f000 points en pioche" in view.inner_text()
    # The explanation once, and the hand drawn in its four sets and pair, the winner marked.
    assert page.locator("#calc-result pre").count() == 0  # type: ignore[attr-defined]
    hand = page.locator("#calc-result .result-hand")  # type: ignore[attr-defined]
    assert hand.locator(".set").count() == 5
    assert hand.locator("img.win").get_attribute("alt") == "Dragon blanc (tuile gagnante)"
    # Another winning tile by a click on the hand.
    page.locator("#hand-preview button.held[data-tile='2m']").click()  # type: ignore[attr-defined]
    assert page.locator("#f-win").input_value() == "2m"  # type: ignore[attr-defined]
    assert "deux de caractères" in page.locator("#win-preview").inner_text()  # type: ignore[attr-defined]
    page.locator("#calc-compare").click()  # type: ignore[attr-defined]
    sichuan = page.locator("table.compare tr[data-family='sichuan']")  # type: ignore[attr-defined]
    sichuan.wait_for()
    assert sichuan.get_attribute("data-status") == "refused"


def test_red_fives_bonus_tiles_and_melds_are_picked_by_clicks(page: object, site: str) -> None:
    """The picker offers what the family plays with: red fives for Riichi, flowers for Hong
    Kong, no honours for Sichuan; a called set is built by clicks; fields of other families
    are hidden."""
    page.goto(f"{site}/en/calculator")  # type: ignore[attr-defined]
    picker = page.locator("#picker")  # type: ignore[attr-defined]
    assert picker.locator("button[data-tile='0p']").count() == 1
    assert page.locator("#tab-flowers").is_hidden()  # type: ignore[attr-defined]
    assert page.locator("#f-riichi").is_visible()  # type: ignore[attr-defined]
    page.locator("input[name=family][value=sichuan]").check()  # type: ignore[attr-defined]
    assert picker.locator("button[data-tile='1z']").count() == 0
    assert picker.locator("button[data-tile='0p']").count() == 0
    assert page.locator("#f-missing").is_visible()  # type: ignore[attr-defined]
    assert page.locator("#f-riichi").is_hidden()  # type: ignore[attr-defined]
    assert page.locator("#tab-dora").is_hidden()  # type: ignore[attr-defined]
    page.locator("input[name=family][value=hongkong]").check()  # type: ignore[attr-defined]
    options = page.locator("#f-rules option").all_inner_texts()  # type: ignore[attr-defined]
    assert options[0] == "Hong Kong old style" and "Old style, no flowers" in options
    page.locator("#tab-flowers").click()  # type: ignore[attr-defined]
    assert picker.locator("button").count() == 8
    picker.locator("button[data-tile='1f']").click()
    assert page.locator("#f-flowers").input_value() == "1f"  # type: ignore[attr-defined]
    # A pung of green dragons claimed from West.
    page.locator("#tab-meld").click()  # type: ignore[attr-defined]
    page.locator("#meld-kind").select_option("pung")  # type: ignore[attr-defined]
    page.locator("#meld-from").select_option("W")  # type: ignore[attr-defined]
    for _ in range(3):
        picker.locator("button[data-tile='6z']").click()
    page.locator("#meld-add").click()  # type: ignore[attr-defined]
    meld = page.locator("#meld-list li")  # type: ignore[attr-defined]
    assert meld.get_attribute("data-meld") == "pung:666z@W"
    assert meld.locator("img.sideways").count() == 1
    page.locator("#tab-hand").click()  # type: ignore[attr-defined]
    _click_tiles(page, "111z222z777z55z")
    assert page.locator("#hand-count").inner_text() == "14 of 14 tiles"  # type: ignore[attr-defined]
    page.locator("#f-seat").select_option("S")  # type: ignore[attr-defined]
    page.locator("#f-from").select_option("E")  # type: ignore[attr-defined]
    page.locator("#calc-score").click()  # type: ignore[attr-defined]
    view = page.locator(".score-view")  # type: ignore[attr-defined]
    view.wait_for()
    assert view.locator(".verdict.win").count() == 1
    assert page.locator("#calc-result .result-hand .meld img.sideways").count() == 1  # type: ignore[attr-defined]
    # The command line lives in the advanced section, closed until asked for.
    assert not page.locator("#command-box").evaluate("d => d.open")  # type: ignore[attr-defined]


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
