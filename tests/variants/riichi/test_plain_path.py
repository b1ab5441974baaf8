"""The scorers' one-call path (``readings.plain_win``): the checks and the search in one compiled
call, for a win the checks plainly accept. It must accept only what ``why_impossible`` accepts,
find what ``best_reading`` finds, and leave every refusal (fields of the wrong type included) to
the careful path, which words it."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongkit.hand import Hand
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import hand_value, score
from mahjongkit.variants.riichi.answer import build_answer
from mahjongkit.variants.riichi.checks import why_impossible
from mahjongkit.variants.riichi.compiled import compile_rules
from mahjongkit.variants.riichi.readings import NOT_A_WIN, best_reading, plain_win
from mahjongkit.variants.riichi.search import R_HAN
from tests.helpers.riichi import EMA, TENHOU, make_win

THREE = dataclasses.replace(TENHOU, players=3, uma=(15000, 0, -15000))
_FLAGS = (
    "self_draw",
    "riichi",
    "double_riichi",
    "ippatsu",
    "after_kong",
    "robbing_kong",
    "last_tile",
    "first_turn",
)
_COUNTS = st.one_of(
    st.integers(-2, 12), st.sampled_from([100_000, 100_001, 10**12, "3", 2.0, None, True])
)
"""Counts a caller may pass: in range, out of range, and of the wrong type."""
_WINNING = (
    Hand.parse("123m456p789s22444z"),
    Hand.parse("234m456p678s44555z"),
    Hand.parse("11223344556677z"),
    Hand.parse("19m19p19s12345677z"),
    Hand.parse("123m789s22z", ["chi:456p@S", "pon:444z@E"]),
    Hand.parse("234m55s", ["ankan:7777p", "pon:111z@N", "pon:222z@E"]),
)
"""Complete hands (the random tiles are rarely one): regular, seven pairs, thirteen orphans,
open, with a concealed kong."""


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kinds=st.lists(st.integers(0, 33), min_size=11, max_size=14),
    win_kind=st.integers(0, 33),
    pung=st.one_of(st.none(), st.tuples(st.sampled_from(list(MeldKind)), st.integers(0, 26))),
    meld_from=st.one_of(st.none(), st.integers(0, 3)),
    flags=st.fixed_dictionaries({name: st.sampled_from([False, True, 0, 1, 2]) for name in _FLAGS}),
    seat=st.one_of(st.integers(-1, 4), st.sampled_from(["1", 1.0])),
    from_seat=st.one_of(st.none(), st.integers(-1, 4), st.just("2")),
    round_wind=st.one_of(st.integers(-1, 4), st.just(1.0)),
    honba=_COUNTS,
    deposits=_COUNTS,
    nukidora=st.sampled_from([0, 0, 1, 2]),
    liable_seat=st.sampled_from([None, None, 0, 2, 5]),
    complete=st.one_of(st.none(), st.sampled_from(_WINNING)),
)
def test_the_plain_path_accepts_only_what_the_checks_accept_and_finds_the_same_reading(
    kinds: list[int],
    win_kind: int,
    pung: tuple[MeldKind, int] | None,
    meld_from: int | None,
    flags: dict[str, object],
    seat: object,
    from_seat: object,
    round_wind: object,
    honba: object,
    deposits: object,
    nukidora: int,
    liable_seat: int | None,
    complete: Hand | None,
) -> None:
    counts = [0] * 34
    melds: tuple[Meld, ...] = ()
    if pung is not None:
        meld_kind, start = pung
        if meld_kind is MeldKind.CHOW:
            start = start // 9 * 9 + min(start % 9, 6)
            meld_tiles = tuple(Tile(start + n) for n in range(3))
        else:
            meld_tiles = (Tile(start),) * (4 if meld_kind.is_kong else 3)
        for tile in meld_tiles:
            counts[tile.kind] += 1
        seat_of = None if meld_kind is MeldKind.CONCEALED_KONG else meld_from
        melds = (Meld(meld_kind, meld_tiles, seat_of),)
    tiles = []
    for kind in kinds[: 14 - 3 * len(melds)]:
        if counts[kind] < 4:
            counts[kind] += 1
            tiles.append(Tile(kind))
    hand = Hand(tuple(tiles), melds) if complete is None else complete
    if complete is not None:  # one of its own tiles wins it
        win_kind = complete.concealed[win_kind % len(complete.concealed)].kind
    win = Win(
        hand=hand,
        win_tile=Tile(win_kind),
        seat=seat,  # type: ignore[arg-type]
        from_seat=from_seat,  # type: ignore[arg-type]
        round_wind=round_wind,  # type: ignore[arg-type]
        honba=honba,  # type: ignore[arg-type]
        deposits=deposits,  # type: ignore[arg-type]
        nukidora=nukidora,
        liable_seat=liable_seat,
        **flags,  # type: ignore[arg-type]
    )
    for rules in (EMA, TENHOU, THREE):
        compiled = compile_rules(rules)
        found = plain_win(win, compiled)
        if found == NOT_A_WIN:
            assert why_impossible(win, rules) is None, win
            assert best_reading(win, compiled, None) is None
            assert hand_value(win, rules) is None and not score(win, rules).valid
        elif found is not None:
            assert why_impossible(win, rules) is None, win
            assert found == best_reading(win, compiled, None)
            scored = score(win, rules)
            assert scored.value == found[R_HAN]
            # The one-call answer (the memo tables by int keys) is the careful one's.
            careful = build_answer(win, rules, compiled, found)
            assert scored.to_json() == careful.to_json() and scored == careful
            value = hand_value(win, rules)
            assert value is not None and (value.han, value.fu) == (scored.value, scored.fu)
            assert value.points == scored.points and value.basic == found[5]
            assert value.patterns == compiled.ids_of(found[0]) and value.limit == scored.limit


def test_counts_of_the_wrong_type_are_refused_in_words_on_every_path() -> None:
    """The scorer takes its one-call path once the rules are compiled: the second call must
    still word the refusal (a compiled conversion of ``"3"`` to an int would raise instead)."""
    plain = make_win("123m456p789s22444z", "3m", riichi=True)
    for field, value, fragment in (
        ("honba", "3", "'3' counters: expected a whole number from 0 to 100000"),
        ("honba", 2.0, "2.0 counters"),
        ("deposits", -1, "-1 riichi deposits"),
        ("deposits", None, "None riichi deposits"),
    ):
        win = dataclasses.replace(plain, **{field: value})
        for _ in range(2):
            result = score(win, EMA)
            assert result.error is not None and result.error.code == "invalid_hand"
            assert fragment in result.error.message, result.error.message
            assert hand_value(win, EMA) is None
    assert score(plain, EMA).points == 1300 and hand_value(plain, EMA) is not None


def test_the_plain_path_leaves_rare_flags_and_non_wins_to_the_careful_one() -> None:
    compiled = compile_rules(EMA)
    assert plain_win(make_win("123m456p789s22444z", "3m", riichi=True), compiled) is not None
    # No yaku: plainly possible but not a win; the careful path words the readings tried.
    no_yaku = make_win("123m456p789s22444z", "3m")
    assert plain_win(no_yaku, compiled) == NOT_A_WIN
    assert "no yaku: 123m 456p 789s 444z 22z (edge wait)" in score(no_yaku, EMA).error.message  # type: ignore[union-attr]
    # Ippatsu without riichi: refused by the checks, worded by them.
    refused = make_win("123m456p789s22444z", "3m", double_riichi=False, ippatsu=True)
    assert plain_win(refused, compiled) is None
    assert "R-06" in (score(refused, EMA).error.message)  # type: ignore[union-attr]
    # A rare flag the checks accept: the plain path asks them and scores it the same.
    haitei = make_win("123m456p789s22444z", "3m", tsumo=True, last_tile=True)
    found = plain_win(haitei, compiled)
    assert found is not None and found == best_reading(haitei, compiled, None)
    assert "haitei" in score(haitei, EMA).pattern_ids()


def test_the_one_call_answer_reads_its_rows_from_the_memo_when_first_read() -> None:
    """The compiled call makes the numbers only (han, fu, limit, points); the pattern lines and
    the payments are made when first read, from the memo tables under the keys the careful way
    computes (compiled.pattern_key and payment_key), and are the careful answer's."""
    from mahjongkit.variants.riichi.compiled import pattern_key, payment_key

    for win, points in (
        (make_win("123m456p789s22444z", "3m", riichi=True), 1300),  # R-05 riichi, 40 fu
        (make_win("234m456p678s44555z", "5z", tsumo=True, seat="E"), 3000),  # R-02, dealer
        (make_win("123m789s22z", "2z", melds=("chi:456p@S", "pon:555z@E"), honba=3), 1000),
    ):
        compiled = compile_rules(TENHOU)
        score(win, TENHOU)  # the rules compiled and remembered: the next call is the one-call path
        compiled.pattern_lists.clear()
        compiled.settlements.clear()
        result = score(win, TENHOU)
        assert result.valid, result.error
        assert result.points == points and not compiled.pattern_lists and not compiled.settlements
        reading = plain_win(win, compiled)
        assert reading
        mask, dora, ura, red, concealed = reading[:5]
        patterns = result.patterns
        assert list(compiled.pattern_lists) == [pattern_key(mask, dora, ura, red, concealed, 0)]
        assert next(iter(compiled.pattern_lists.values())) is patterns
        payments = result.payments
        key = payment_key(reading[5], win.seat, win.self_draw, win.from_seat, win.honba, 0)
        assert list(compiled.settlements) == [key]
        kept_points, kept_payments, kept_lines, _ = compiled.settlements[key]
        assert kept_points == result.points
        assert kept_payments is payments and result.lines is kept_lines
        careful = build_answer(win, TENHOU, compiled, reading)
        assert careful.patterns is patterns and careful.payments is payments
        assert careful == result and careful.to_json() == result.to_json()


def test_rows_read_after_the_memo_is_emptied_are_made_again_the_same() -> None:
    """An answer kept while the memo tables are emptied (they are, past their limit) makes its
    pattern lines and payments again when read: equal to those of an answer read at once."""
    compiled = compile_rules(TENHOU)
    wins = (
        make_win("123m456p789s22444z", "3m", riichi=True, honba=2),  # R-05, counters paid
        make_win("234m456p678s44555z", "5z", tsumo=True, seat="E"),  # dealer self-draw
        make_win("11123455678999m", "9m", tsumo=True),  # nine gates (R-04 yakuman)
    )
    for win in wins:
        score(win, TENHOU)
        kept = score(win, TENHOU)
        compiled.pattern_lists.clear()
        compiled.settlements.clear()
        late = (kept.patterns, dict(kept.payments), kept.lines, kept.to_json())
        fresh = score(win, TENHOU)
        assert late == (fresh.patterns, dict(fresh.payments), fresh.lines, fresh.to_json())
        # The winner gains the hand and 300 a counter; the others pay it all.
        assert sum(kept.payments.values()) == 0
        assert kept.payments[win.seat] == kept.points + 300 * win.honba > 0
