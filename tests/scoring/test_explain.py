"""The explanation layer: money said once, capped totals in reading order, non-wins explained
in the page's language (codes only in the JSON), yakuman without han and fu."""

from __future__ import annotations

import dataclasses
import importlib
import pickle
import re

import pytest

from mahjongkit.hand import Hand
from mahjongkit.i18n import Sentence
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.hongkong import HongKongRules
from mahjongkit.variants.hongkong import score as hongkong_score
from mahjongkit.variants.hongkong.fan import rules_page
from mahjongkit.variants.riichi import RiichiRules
from mahjongkit.variants.riichi import score as riichi_score
from mahjongkit.variants.sichuan import SichuanRules
from mahjongkit.variants.sichuan import score as sichuan_score


def riichi(hand: str, win: str, **situation: object) -> Win:
    return Win(hand=Hand.parse(hand), win_tile=Tile.parse(win), **situation)  # type: ignore[arg-type]


def test_a_self_draw_lists_each_transfer_once_and_no_per_seat_totals() -> None:
    result = riichi_score(
        riichi("234m456p678s33555z", "5z", self_draw=True, seat=1), RiichiRules.ema2012()
    )
    lines = result.explain().splitlines()
    money = lines[lines.index("Points: 2000") + 1 :]
    assert money == [
        "East → South: 1000 (share of a self-draw)",
        "West → South: 500 (share of a self-draw)",
        "North → South: 500 (share of a self-draw)",
    ]


def test_r05_counters_and_deposits_are_listed_and_add_up_to_the_winners_gain() -> None:
    win = riichi(
        "234m345p406s678s22p", "8s", self_draw=True, seat=1, riichi=True, honba=2, deposits=1
    )
    result = riichi_score(win, RiichiRules.ema2012())
    assert result.payments[1] == 9600  # 8000 + 3 × 200 counters + one 1000 deposit
    lines = result.explain("fr").splitlines()
    # French groups thousands with a narrow no-break space.
    money = [line.replace("\N{NARROW NO-BREAK SPACE}", " ") for line in lines]
    money = money[money.index("Points : 8 000") + 1 :]
    assert money == [
        "Est → Sud : 4 200 (4 000 part d'une victoire sur pioche + 200 compteurs)",
        "Ouest → Sud : 2 200 (2 000 part d'une victoire sur pioche + 200 compteurs)",
        "Nord → Sud : 2 200 (2 000 part d'une victoire sur pioche + 200 compteurs)",
        "Mises de riichi → Sud : 1 000",
        "Sud reçoit 9 600 en tout : 8 000 part d'une victoire sur pioche + 600 compteurs"
        " + 1 000 mises de riichi",
    ]
    # Every amount the winner gains is on a line: the sum of the parts is the total.
    parts = re.findall(r"(\d+(?: \d{3})*) \D", money[-1].split(":", 1)[1])
    assert sum(int(part.replace(" ", "")) for part in parts) == 9600


def test_s03_a_capped_total_reads_the_sum_then_the_cap() -> None:
    win = Win(
        hand=Hand.parse("1111m2222m3333m44m"), win_tile=Tile.parse("4m"), self_draw=True, seat=1
    )
    text = sichuan_score(win, SichuanRules()).explain("fr")
    assert "Total : 7 fan, plafonné à 4 fan" in text.splitlines()
    assert "Plafonné" not in text and "Total : 4 fan" not in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", "Pas de victoire (aucun yaku) : la main est complète mais sans yaku : "
         "123m 456p 234s 789s 11z (attente des deux côtés)"),
        ("es", "No es una victoria (sin yaku): la mano está completa pero no tiene yaku: "
         "123m 456p 234s 789s 11z (espera de dos lados)"),
        ("en", "Not a win (no yaku): the hand is complete but has no yaku: "
         "123m 456p 234s 789s 11z (two-sided wait)"),
    ],
)  # fmt: skip
def test_a_non_win_is_explained_in_the_pages_language_without_its_code(
    lang: str, words: str
) -> None:
    result = riichi_score(riichi("123m456p789s11z234s", "4s", from_seat=3), RiichiRules.ema2012())
    text = result.explain(lang)
    assert words in text.splitlines()
    assert "no_yaku" not in text
    data = result.to_json(lang)
    assert data["error"]["code"] == "no_yaku"
    assert data["error"]["message"] == re.split(r" ?: ", words, maxsplit=1)[1]
    assert result.to_json()["error"]["message"].startswith("the hand is complete but has no yaku")


def test_riichi_impossible_descriptions_are_translated_and_name_the_seat() -> None:
    rules = dataclasses.replace(RiichiRules.ema2012(), players=3, uma=(15000, 0, -15000))
    result = riichi_score(riichi("234m456p678s33555z", "5z", self_draw=True, seat=3), rules)
    assert result.error is not None and result.error.code == "invalid_hand"
    assert result.error.message == "seat North does not exist with 3 players"
    assert "la place Nord n’existe pas à 3 joueurs" in result.explain("fr")
    assert "el asiento Norte no existe con 3 jugadores" in result.explain("es")


def test_h11_below_the_minimum_is_said_once_in_french() -> None:
    win = Win(
        hand=Hand.parse("123m456p789s22z555z"), win_tile=Tile.parse("2z"), seat=1, from_seat=0
    )
    text = hongkong_score(win, HongKongRules()).explain("fr")
    assert "une main complète sous le minimum de 3 fan n’est pas une victoire" in text
    assert "Motifs trouvés :" in text
    # No English sentence or pattern name and no internal code inside the French page.
    assert "Dragon pung" not in text and "below_minimum_fan" not in text and "H-11" not in text


def test_sichuan_reasons_in_spanish_and_chinese() -> None:
    win = Win(
        hand=Hand.parse("123m456p789s234s55m"), win_tile=Tile.parse("5m"), self_draw=True
    )
    result = sichuan_score(win, SichuanRules())
    assert "la mano tiene los tres palos m, p y s" in result.explain("es")
    assert "手牌有萬、筒、條三門" in result.explain("zh")
    assert result.to_json("es")["error"]["code"] == "not_complete"


def test_french_text_has_a_space_before_every_colon() -> None:
    win = riichi("234m567p22s", "2s", from_seat=0, seat=1)
    hand = Hand.parse("234m567p22s", ["chi:345s@E", "pon:666m@W"])
    result = riichi_score(Win(hand=hand, win_tile=win.win_tile, seat=1, from_seat=0),
                          RiichiRules.ema2012())  # fmt: skip
    text = result.explain("fr")
    assert "aucun yaku" in text
    # A colon in French follows a space (the mpsz notation "chow:345s" is input syntax).
    words = re.sub(r"\b(chow|pung|kong|concealed-kong):", "", text)
    assert re.search(r"\S:", words) is None, text


def test_a_yakuman_json_has_no_han_and_no_fu() -> None:
    result = riichi_score(riichi("11112345678999m", "1m", from_seat=3), RiichiRules.ema2012())
    data = result.to_json()
    assert data["yakuman"] == 1 and data["limit_id"] == "yakuman"
    assert (data["han"], data["fu"], data["fu_breakdown"]) == (None, None, [])
    assert data["points"] == 48000
    assert "13 han" not in data["explanation"] and "1 yakuman" in data["explanation"]


def test_a_sentence_is_its_english_text_and_survives_pickling() -> None:
    sentence = Sentence("riichi.no_seat", seat={"en": "North", "fr": "Nord"}, players=3)
    assert sentence == "seat North does not exist with 3 players"
    copy = pickle.loads(pickle.dumps(sentence))
    assert copy.say("fr") == "la place Nord n’existe pas à 3 joueurs"
    assert copy.key == "riichi.no_seat"


# The same pattern, one name per language across the three families (seeds 001-003 words).
SAME_PATTERN = [
    ("es", ("riichi", "chinitsu"), ("hongkong", "pure_one_suit"), ("sichuan", "pure_suit")),
    ("es", ("riichi", "honitsu"), ("hongkong", "mixed_one_suit")),
    ("es", ("riichi", "daisangen"), ("hongkong", "big_three_dragons")),
    ("es", ("riichi", "daisuushii"), ("hongkong", "big_four_winds")),
    ("fr", ("riichi", "daisuushii"), ("hongkong", "big_four_winds")),
    ("fr", ("hongkong", "concealed_hand"), ("sichuan", "men_qing")),
]


@pytest.mark.parametrize("case", SAME_PATTERN)
def test_one_pattern_has_one_name_in_each_language(case: tuple[object, ...]) -> None:
    lang, *rows = case
    # Capitals follow each seed (seed 003 capitalises every word of the EMA names).
    names = {
        names_of(str(variant))[str(lang)][str(pattern)].casefold()
        for variant, pattern in rows
    }
    assert len(names) == 1, names


def names_of(variant: str) -> dict[str, dict[str, str]]:
    module = importlib.import_module(f"mahjongkit.variants.{variant}.names")
    return module.NAMES  # type: ignore[no-any-return]


def test_seed_terms_in_french_and_spanish_names() -> None:
    assert names_of("hongkong")["fr"]["concealed_hand"] == "Main cachée"  # seeds 002/003
    assert names_of("hongkong")["fr"]["seat_wind"] == "Pung du vent du joueur"  # seed 003
    assert names_of("riichi")["es"]["tanyao"] == "Solo simples"
    assert names_of("hongkong")["es"]["round_wind"] == "Pung del viento dominante"


def test_a_replaced_pattern_line_agrees_with_any_name() -> None:
    win = Win(
        hand=Hand.parse("1111m2222m3333m44m"), win_tile=Tile.parse("4m"), self_draw=True, seat=1
    )
    result = sichuan_score(win, SichuanRules())
    assert "  (Sept paires du dragon contient déjà Sept paires)" in result.explain("fr")
    assert "  (Siete parejas del dragón ya incluye Siete parejas)" in result.explain("es")


def test_an_unrounded_fu_sum_is_not_said_to_be_rounded() -> None:
    win = riichi("234m345p406s678s22p", "8s", self_draw=True, seat=1, riichi=True)
    text = riichi_score(win, RiichiRules.ema2012()).explain("fr")
    assert "arrondi" not in text and "Total : 5 han 20 fu" in text
    rounded = riichi_score(
        riichi("234m456p678s33555z", "5z", from_seat=0, seat=1), RiichiRules.ema2012()
    ).explain("fr")
    assert "  arrondi à la dizaine supérieure : 40" in rounded  # 20 + 10 + 4 = 34


@pytest.mark.parametrize(
    ("lang", "cell"), [("fr", "13 (limite)"), ("es", "13 (límite)"), ("zh", "13（爆棚）")]
)
def test_h12_the_hong_kong_page_names_the_limit_in_its_language(lang: str, cell: str) -> None:
    page = rules_page(HongKongRules(), lang)
    assert f"| {cell} |" in page and "(limit)" not in page
