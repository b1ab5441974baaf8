"""Every yaku and yakuman of R-05 ... R-47, each shown applying and not applying.

Hands are written as the user writes them: concealed tiles including the winning tile, melds as
``KIND:TILES[@SEAT]``, seats as letters. ``EMA`` is the default preset (ema2012), ``TENHOU`` the
conformance one.
"""

from __future__ import annotations

import dataclasses
import json
import shlex
from typing import Any

import pytest

from mahjongkit.cli import build_parser, main
from mahjongkit.hand import Hand
from mahjongkit.scoring import Score
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import BY_ID, TABLE, score, wait_values
from mahjongkit.variants.riichi.docs import rules_page
from tests.helpers.riichi import EMA, EMA16, TENHOU, make_win, scored, yaku

# --- one han and more -----------------------------------------------------------------------------

PLAIN = "123m456p789s22444z"  # 12 3m ... with West seat, East round: no yaku of its own


def test_r05_riichi_is_a_yaku_and_needs_a_concealed_hand() -> None:
    assert yaku(scored(PLAIN, "3m", riichi=True)) == {"riichi": 1}
    assert scored(PLAIN, "3m").error.code == "no_yaku"  # type: ignore[union-attr]
    opened = scored("123m789s22444z", "3m", melds=("chi:456p",), riichi=True)
    assert opened.error is not None and opened.error.code == "invalid_hand"
    assert "concealed" in opened.error.message


def test_r06_ippatsu_adds_to_riichi_and_needs_it() -> None:
    assert yaku(scored(PLAIN, "3m", riichi=True, ippatsu=True)) == {"riichi": 1, "ippatsu": 1}
    result = scored(PLAIN, "3m", ippatsu=True)
    assert result.error is not None and result.error.code == "invalid_hand"
    assert "R-06" in result.error.message


def test_r07_double_riichi_replaces_riichi() -> None:
    result = scored(PLAIN, "3m", double_riichi=True)
    assert yaku(result) == {"double_riichi": 2}
    assert result.replaced == (("riichi", "double_riichi"),)


def test_r08_fully_concealed_self_draw() -> None:
    assert yaku(scored(PLAIN, "3m", tsumo=True)) == {"menzen_tsumo": 1}
    opened = scored("123m789s22444z", "3m", melds=("chi:456p@S",), tsumo=True)
    assert opened.error is not None and opened.error.code == "no_yaku"


SIMPLES = "234567m34588p678s"  # 234m 567m 345p 678s 88p


def test_r09_all_simples_concealed_only_in_ema2012_open_in_ema2016_and_tenhou() -> None:
    assert yaku(scored(SIMPLES, "3m")) == {"tanyao": 1}  # 3m: closed wait, no pinfu
    opened = ("chi:678s@S",)
    assert scored("234567m34588p", "3m", melds=opened).error.code == "no_yaku"  # type: ignore[union-attr]
    for rules in (EMA16, TENHOU):
        assert yaku(scored("234567m34588p", "3m", rules, melds=opened)) == {"tanyao": 1}


def test_r10_pinfu_two_sided_wait_plain_pair_thirty_fu_on_a_discard() -> None:
    result = scored(SIMPLES, "2m")
    assert yaku(result) == {"tanyao": 1, "pinfu": 1}
    assert result.fu == 30
    drawn = scored(SIMPLES, "2m", tsumo=True)
    assert yaku(drawn) == {"menzen_tsumo": 1, "tanyao": 1, "pinfu": 1}
    assert drawn.fu == 20  # only the base 20 on a self-draw
    assert "pinfu" not in yaku(scored(SIMPLES, "3m"))  # closed wait
    # A value pair (the seat wind, West) is not a plain pair.
    assert "pinfu" not in yaku(scored("234567m345p678s33z", "2m", riichi=True))


def test_r11_pure_double_chow_concealed_only() -> None:
    assert yaku(scored("223344m567p67899s", "2m")) == {"pinfu": 1, "iipeikou": 1}
    opened = scored("223344m67899s", "2m", melds=("chi:567p@S",))
    assert opened.error is not None and opened.error.code == "no_yaku"


def test_r12_mixed_triple_chow_two_han_concealed_one_open() -> None:
    assert yaku(scored("123456m12399p123s", "6m"))["sanshoku"] == 2
    assert yaku(scored("123456m12399p", "6m", melds=("chi:123s@S",))) == {"sanshoku": 1}


def test_r13_pure_straight_two_han_concealed_one_open() -> None:
    assert yaku(scored("123456789m234p55s", "9m"))["ittsu"] == 2
    assert yaku(scored("123456m234p55s", "6m", melds=("chi:789m@S",))) == {"ittsu": 1}


def test_r14_r15_r16_value_pungs_dragons_seat_and_prevalent_wind() -> None:
    assert yaku(scored("123m456p789s55566z", "6z", melds=())) == {"haku": 1}
    # The dealer in the East round: East is both seat and prevalent wind, two yaku.
    double_east = scored("123m456p789s11144z", "4z", seat="E", discarder="N")
    assert yaku(double_east) == {"seat_wind": 1, "round_wind": 1}
    # A kong counts as a pung; an open one too.
    assert yaku(scored("123m456p789s44z", "4z", melds=("kong:7777z@N",))) == {"chun": 1}
    # North is nobody's value wind for West in the East round.
    assert scored("123m456p789s44455z", "5z").error.code == "no_yaku"  # type: ignore[union-attr]


def test_r17_outside_hand_needs_a_chow_two_han_concealed_one_open() -> None:
    result = scored("123m789p789s11122z", "3m", round_wind="S")
    assert yaku(result) == {"chanta": 2}
    opened = scored("123m789p11122z", "3m", round_wind="S", melds=("chi:789s@S",))
    assert yaku(opened) == {"chanta": 1}


def test_r18_after_a_kong_is_a_self_draw() -> None:
    result = scored("123m456p789s44z", "4z", melds=("kong:7777z@N",), tsumo=True, after_kong=True)
    assert yaku(result) == {"chun": 1, "rinshan": 1}
    no_kong = scored(PLAIN, "3m", tsumo=True, after_kong=True)
    assert no_kong.error is not None and no_kong.error.code == "invalid_hand"
    on_discard = scored("123m456p789s44z", "4z", melds=("kong:7777z@N",), after_kong=True)
    assert on_discard.error is not None and "R-18" in on_discard.error.message


def test_r19_robbing_the_kong_is_a_win_on_a_discard() -> None:
    assert yaku(scored(PLAIN, "3m", riichi=True, robbing_kong=True)) == {
        "riichi": 1,
        "chankan": 1,
    }
    drawn = scored(PLAIN, "3m", tsumo=True, robbing_kong=True)
    assert drawn.error is not None and "R-19" in drawn.error.message


def test_r20_r21_under_the_sea_by_draw_and_under_the_river_by_discard() -> None:
    assert yaku(scored(PLAIN, "3m", tsumo=True, last_tile=True)) == {
        "menzen_tsumo": 1,
        "haitei": 1,
    }
    assert yaku(scored(PLAIN, "3m", last_tile=True)) == {"houtei": 1}


def test_r22_seven_pairs_different_pairs_always_25_fu() -> None:
    result = scored("1133557799m1122p", "2p")
    assert yaku(result) == {"chiitoitsu": 2}
    assert result.fu == 25
    assert [item.id for item in result.fu_breakdown] == ["seven_pairs"]
    # Four of a kind are not two pairs.
    four = scored("1111m335577p1122s", "2s")
    assert four.error is not None and four.error.code == "not_complete"


def test_r23_triple_pung() -> None:
    assert yaku(scored("222345m222p222s11z", "5m")) == {"sanshoku_doukou": 2, "sanankou": 2}


def test_r24_three_concealed_pungs_not_when_a_discard_completes_one() -> None:
    hand = "111456m222p333s77z"
    assert yaku(scored(hand, "4m"))["sanankou"] == 2
    assert "sanankou" not in yaku(scored(hand, "1m", riichi=True))  # the 1m pung is open
    assert yaku(scored(hand, "1m", tsumo=True))["sanankou"] == 2


def test_r24_three_concealed_pungs_need_not_be_a_concealed_hand() -> None:
    result = scored("111m222p333s77z", "7z", melds=("chi:456m@S",), tsumo=True)
    assert yaku(result) == {"sanankou": 2}


def test_r25_three_kongs() -> None:
    result = scored("345m22z", "5m", melds=("kong:1111m@N", "concealed-kong:9999p", "kong:2222s@E"))
    assert yaku(result) == {"sankantsu": 2}


def test_r26_all_pungs() -> None:
    result = scored("22m444p555z", "5z", melds=("pung:666s@N", "pung:777m@S"))
    assert yaku(result) == {"toitoi": 2, "haku": 1}


def test_r27_half_flush_three_concealed_two_open() -> None:
    assert yaku(scored("123456789m11122z", "9m", round_wind="S"))["honitsu"] == 3
    opened = scored("123456m11122z", "6m", round_wind="S", melds=("chi:789m@S",))
    assert yaku(opened) == {"honitsu": 2, "ittsu": 1}


def test_r28_little_three_dragons_adds_both_dragon_pungs() -> None:
    result = scored("234m55566677z", "4m", melds=("chi:678p@S",))
    assert yaku(result) == {"haku": 1, "hatsu": 1, "shousangen": 2}


def test_r29_all_terminals_and_honours_with_all_pungs_or_seven_pairs() -> None:
    pungs = scored("111s999s33z", "3z", melds=("pung:111m@N", "pung:999p@S"))
    assert yaku(pungs) == {"toitoi": 2, "honroutou": 2}
    pairs = scored("1199m1199p11s1133z", "3z")
    assert yaku(pairs) == {"chiitoitsu": 2, "honroutou": 2}


def test_r30_terminals_in_all_sets_replaces_outside_hand() -> None:
    result = scored("123789m123p11789s", "3m")
    assert yaku(result)["junchan"] == 3 and "chanta" not in yaku(result)
    assert ("chanta", "junchan") in result.replaced
    opened = scored("123789m11789s", "3m", melds=("chi:123p@S",))
    assert yaku(opened) == {"junchan": 2}


def test_r31_twice_pure_double_chow_beats_the_seven_pairs_reading() -> None:
    result = scored("223344m556677p99s", "2m")
    assert yaku(result) == {"pinfu": 1, "ryanpeikou": 3}
    assert ("iipeikou", "ryanpeikou") in result.replaced
    assert result.extra["reading"] == "234m 234m 567p 567p 99s"


def test_r32_full_flush_replaces_half_flush() -> None:
    result = scored("12233445556789m", "2m")
    assert "chinitsu" in yaku(result) and "honitsu" not in yaku(result)
    opened = scored("11123455999m", "2m", melds=("chi:678m@S",))
    assert yaku(opened) == {"chinitsu": 5}


def test_r33_nagashi_mangan_is_a_row_but_never_a_hand_pattern() -> None:
    row = BY_ID["nagashi_mangan"]
    assert row.rule == "R-33"
    result = scored("19m19p19s12345677z", "7z", riichi=True)
    assert "nagashi_mangan" not in yaku(result)


# --- yakuman --------------------------------------------------------------------------------------


def test_r34_thirteen_orphans_and_its_thirteen_sided_wait() -> None:
    result = scored("19m19p19s12345677z", "7z", riichi=True)
    assert yaku(result) == {"kokushi_13": 1}
    assert result.points == 32000 and result.limit == "yakuman"
    single = scored("19m19p19s12345677z", "6z")
    assert yaku(single) == {"kokushi": 1}


def test_r35_nine_gates_and_the_pure_nine_sided_wait() -> None:
    assert yaku(scored("11123455678999m", "5m")) == {"junsei_chuuren": 1}
    assert yaku(scored("11123455678999m", "1m")) == {"chuuren": 1}
    with_kong = scored("23455678999m", "5m", melds=("concealed-kong:1111m",))
    assert "chuuren" not in yaku(with_kong) and "junsei_chuuren" not in yaku(with_kong)


def test_r36_r37_blessings_of_heaven_and_earth_need_a_self_draw_without_calls() -> None:
    assert yaku(scored(PLAIN, "3m", seat="E", tsumo=True, first_turn=True)) == {"tenhou": 1}
    assert yaku(scored(PLAIN, "3m", seat="S", tsumo=True, first_turn=True)) == {"chiihou": 1}
    called = scored("123m789s22444z", "3m", melds=("concealed-kong:5555p",), first_turn=True)
    assert called.error is not None and called.error.code == "invalid_hand"


def test_r38_blessing_of_man_per_preset() -> None:
    assert yaku(scored(PLAIN, "3m", seat="S", first_turn=True)) == {"renhou": 1}
    mangan = scored(PLAIN, "3m", EMA16, seat="S", first_turn=True)
    assert yaku(mangan) == {"renhou": 5} and mangan.limit == "mangan"
    assert scored(PLAIN, "3m", TENHOU, seat="S", first_turn=True).error.code == "no_yaku"  # type: ignore[union-attr]
    # The dealer has no blessing on a discard.
    assert scored(PLAIN, "3m", seat="E", first_turn=True).error.code == "no_yaku"  # type: ignore[union-attr]


def test_r39_four_concealed_pungs_on_a_discard_only_with_a_pair_wait() -> None:
    assert yaku(scored("111m222p333s44455z", "1m", tsumo=True)) == {"suuankou": 1}
    assert yaku(scored("111m222p333s44455z", "5z")) == {"suuankou_tanki": 1}
    shanpon = scored("111m222p333s44455z", "1m", riichi=True)
    assert "suuankou" not in yaku(shanpon)
    assert {"toitoi", "sanankou"} <= set(yaku(shanpon))


def test_r40_four_kongs() -> None:
    melds = ("kong:1111m@N", "concealed-kong:9999p", "kong:2222s@E", "added-kong:5555z@S")
    assert yaku(scored("77z", "7z", melds=melds)) == {"suukantsu": 1}


def test_r41_all_green() -> None:
    assert yaku(scored("223344666888s66z", "8s", tsumo=True)) == {"ryuuiisou": 1}
    assert "ryuuiisou" not in yaku(scored("223344666888s77z", "8s", tsumo=True))


def test_r42_r43_all_terminals_and_all_honours() -> None:
    melds = ("pung:111m@N", "pung:999p@S")
    assert yaku(scored("111s999s99m", "9m", melds=melds)) == {"chinroutou": 1}
    honours = ("pung:111z@N", "pung:333z@S")
    assert yaku(scored("555z777z22z", "2z", melds=honours)) == {"tsuuiisou": 1}
    # Seven pairs of honours only does not exist (there are seven honours, one pair each) ...
    # ... but seven pairs of terminals and honours is honroutou, not a yakuman.
    assert "tsuuiisou" not in yaku(scored("1199m1199p11s1133z", "3z"))


def test_r44_big_three_dragons() -> None:
    result = scored("234m55m", "5m", melds=("pung:555z@N", "pung:666z@S", "pung:777z@E"))
    assert yaku(result) == {"daisangen": 1}


def test_r45_r46_r47_little_and_big_four_winds_big_pays_double_in_ema2012() -> None:
    little = scored("123m111z222z333z44z", "4z")
    assert yaku(little) == {"shousuushii": 1}
    big = scored("22m444z", "2m", melds=("pung:111z@N", "pung:222z@S", "pung:333z@E"))
    assert yaku(big) == {"daisuushii": 2}
    assert big.limit == "double_yakuman" and big.points == 64000
    assert yaku(scored("22m444z", "2m", TENHOU, melds=big_melds())) == {"daisuushii": 1}


def big_melds() -> tuple[str, ...]:
    return ("pung:111z@N", "pung:222z@S", "pung:333z@E")


def test_r04_yakuman_do_not_add_up_in_ema_but_do_on_tenhou() -> None:
    hand, melds = "444z55z", ("pung:111z@N", "pung:222z@S", "pung:333z@E")
    ema = scored(hand, "5z", melds=melds)
    # All honours and Big Four Winds (double in ema2012): the bigger alone counts.
    assert yaku(ema) == {"daisuushii": 2} and ema.points == 64000
    tenhou = scored(hand, "5z", TENHOU, melds=melds)
    assert yaku(tenhou) == {"tsuuiisou": 1, "daisuushii": 1}
    assert tenhou.limit == "double_yakuman" and tenhou.points == 64000


def test_r02_yaku_add_up_and_the_seed_example_closed_four_han_open_one() -> None:
    concealed = scored("234567m23488p234s", "3m", tsumo=True)
    assert yaku(concealed) == {"menzen_tsumo": 1, "tanyao": 1, "sanshoku": 2}
    assert concealed.value == 4
    opened = scored("234567m23488p", "3m", melds=("chi:234s@S",), tsumo=True)
    assert yaku(opened) == {"sanshoku": 1} and opened.value == 1


def test_r03_thirteen_han_of_yaku_is_one_yakuman_never_more() -> None:
    # Riichi, self-draw, full flush, pure straight, pure double chow ... and dora.
    result = scored("11223345678999m", "9m", tsumo=True, riichi=True, dora="8m9m")
    assert result.value >= 13
    assert result.limit == "counted_yakuman" and result.points == 32000
    assert all(hit.unit == "han" for hit in result.patterns)


def test_dora_red_fives_and_ura_add_han_but_are_not_yaku() -> None:
    red = "234567m34088p678s"
    result = scored(red, "3m", TENHOU, dora="1m", riichi=True, ura="4p")
    assert yaku(result) == {"riichi": 1, "tanyao": 1, "dora": 1, "aka_dora": 1, "ura_dora": 1}
    no_yaku = scored("123m789s22444z0p55p", "0p", TENHOU, dora="4p")
    assert no_yaku.error is not None and no_yaku.error.code == "no_yaku"
    assert "dora" in no_yaku.error.message
    # Without red fives in the rules, a red five is a plain five.
    plain = scored(red, "3m", EMA16, riichi=True)
    assert "aka_dora" not in yaku(plain)
    # Ura dora count for a riichi only, and only where the rules have them.
    assert "ura_dora" not in yaku(scored(red, "3m", TENHOU, dora="1m", ura="4p"))
    no_ura = dataclasses.replace(TENHOU, ura_dora=False)
    assert "ura_dora" not in yaku(scored(red, "3m", no_ura, riichi=True, ura="4p"))


# --- the table itself -----------------------------------------------------------------------------


def test_the_table_has_every_requirement_from_r05_to_r46() -> None:
    rules = {row.rule for row in TABLE}
    for number in range(5, 47):
        assert f"R-{number:02d}" in rules, number


def test_every_row_is_named_in_every_language() -> None:
    for row in TABLE:
        assert set(row.names) == {"en", "fr", "es", "ja", "ja-Latn"}, row.id
        assert all(name.strip() for name in row.names.values()), row.id


@pytest.mark.parametrize("row", [row for row in TABLE if row.replaces], ids=lambda r: r.id)
def test_a_row_only_replaces_rows_of_no_greater_value(row: Any) -> None:
    for other in row.replaces:
        replaced = BY_ID[other]
        assert (replaced.yakuman, replaced.han_closed) <= (row.yakuman or 0, row.han_closed) or (
            row.yakuman >= replaced.yakuman
        ), (row.id, other)


def test_tenhou_ids_are_unique() -> None:
    """One Tenhou id a row, but North tiles set aside: Tenhou counts them among the dora."""
    ids = [row.tenhou_id for row in TABLE if row.tenhou_id is not None and row.id != "nukidora"]
    assert len(ids) == len(set(ids))
    assert BY_ID["nukidora"].tenhou_id == BY_ID["dora"].tenhou_id == 52


# --- examples, the rules page, declared implications --------------------------------------------


@pytest.mark.parametrize("row", [row for row in TABLE if row.example], ids=lambda r: r.id)
def test_every_example_hand_shows_its_pattern_through_the_command_line(
    row: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """DESIGN: an example hand for every pattern; each one is run as the user would run it."""
    code = main(["score", *shlex.split(row.example), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0, data["error"]
    assert row.id in [pattern["id"] for pattern in data["patterns"]]


def test_every_pattern_but_nagashi_mangan_has_an_example() -> None:
    assert [row.id for row in TABLE if not row.example] == ["nagashi_mangan"]


def test_implied_rows_apply_whenever_their_row_does() -> None:
    """``implies`` is data: Little Three Dragons brings two dragon pungs, All Terminals and
    Honours brings All Pungs or Seven Pairs, ippatsu comes with a riichi."""
    for row in TABLE:
        if not row.implies or not row.example:
            continue
        result = score_example(row.example)
        ids = set(yaku(result))
        assert row.id in ids
        assert ids & set(row.implies), (row.id, ids)


def test_concealed_yakuman_are_marked_and_need_a_concealed_hand() -> None:
    marked = {row.id for row in TABLE if row.concealed}
    assert marked == {
        "kokushi", "kokushi_13", "chuuren", "junsei_chuuren", "suuankou", "suuankou_tanki",
        "tenhou", "chiihou", "renhou",
    }  # fmt: skip
    # Four pungs, one of them claimed: All Pungs and Three Concealed Pungs, no yakuman.
    result = scored("111m222p44455z", "5z", melds=("pung:333s@N",), tsumo=True)
    assert "suuankou" not in yaku(result) and {"toitoi", "sanankou"} <= set(yaku(result))


def test_the_rules_page_follows_the_rules() -> None:
    ema = rules_page(EMA, "en")
    assert "| All Simples | tanyao | 1 | – | R-09 |" in ema
    assert "| Big Four Winds | daisuushii | 2× yakuman | 2× yakuman | R-46 |" in ema
    tenhou = rules_page(TENHOU, "en")
    assert "| All Simples | tanyao | 1 | 1 | R-09 |" in tenhou
    assert "| Blessing of Man | renhou | not a yaku under these rules |" in tenhou
    assert "| Pung de Dragon (blanc) | yakuhai haku | 1 | 1 | R-14 |" in rules_page(EMA, "fr")
    assert len(ema.splitlines()) == len(TABLE) + 2


def test_waits_with_reasons() -> None:
    """For each wait of a ready hand: its value, or None when it would have no yaku."""
    hand = Hand.parse("234567m3458p678s")  # waits on 8p (pair) only
    assert set(wait_values(hand, EMA)) == {Tile.parse("8p").kind}
    shanpon = Hand.parse("123m456p789s2255z")  # 2z/5z shanpon: only 5z brings a yaku
    found = {kind: value for kind, value in wait_values(shanpon, EMA, seat=2).items()}
    assert found[Tile.parse("2z").kind] is None
    value = found[Tile.parse("5z").kind]
    assert value is not None and value.patterns == ("haku",) and value.fu == 40


def score_example(example: str) -> Score:
    args = build_parser().parse_args(["score", *shlex.split(example)])
    win = make_win(
        args.hand,
        args.win,
        melds=tuple(args.meld),
        tsumo=args.tsumo,
        seat=args.seat,
        round_wind=args.round,
        dora=args.dora,
        ura=args.ura,
        riichi=args.riichi or args.double_riichi,
        double_riichi=args.double_riichi,
        ippatsu=args.ippatsu,
        after_kong=args.after_kong,
        robbing_kong=args.robbing_kong,
        last_tile=args.last_tile,
        first_turn=args.first_turn,
    )
    return score(win, EMA)
