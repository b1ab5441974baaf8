"""Non-wins are answers, not crashes (issue 3 item 5): invalid_hand, not_complete, no_yaku, each
with a message that names the problem; and garbage never raises."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongkit.hand import Hand
from mahjongkit.scoring import Win
from mahjongkit.tiles import Tile
from mahjongkit.variants.riichi import hand_value, has_yaku, score
from tests.helpers.riichi import EMA, TENHOU, make_win, scored


def error_of(result: object) -> tuple[str, str]:
    error = result.error  # type: ignore[attr-defined]
    assert error is not None, "expected a non-win"
    return error.code, error.message


def test_not_complete_names_the_tiles_left_over() -> None:
    code, message = error_of(scored("234m456p678s34555z", "5z", tsumo=True, seat="S"))
    assert code == "not_complete"
    assert "234m 456p 678s 555z" in message and "leaves 34z over" in message
    assert "1 tile exchange" in message


def test_no_yaku_names_the_readings_tried() -> None:
    code, message = error_of(scored("123m456p789s22444z", "3m", dora="2z"))
    assert code == "no_yaku"
    assert "123m 456p 789s 444z 22z (edge wait)" in message
    assert "dora and red fives add han but are not yaku" in message
    code, message = error_of(scored("123m789s22444z", "3m", melds=("chi:456p@S",)))
    assert code == "no_yaku" and "not concealed" in message


def test_invalid_descriptions() -> None:
    cases = [
        (make_win("123m456p789s2244z", "3m"), "a winning hand has 14"),
        (make_win("123m456p789s22444z", "5m"), "winning tile 5m is not among"),
        (make_win("123m456p789s22444z", "3m", discarder="W"), "another seat"),
        (make_win("123m789s22444z", "3m", melds=("chi:456p@W",)), "from the winner's own seat"),
        (make_win("123m456p789s22444z", "3m", double_riichi=False, ippatsu=True), "R-06"),
        (make_win("123m456p789s22444z", "3m", tsumo=True, after_kong=True), "needs a kong"),
        (make_win("123m456p789s22444z", "3m", liable_seat=2), "cannot be liable"),
        (
            make_win(
                "123m456p789s22z",
                "3m",
                melds=("kong:4444z@N",),
                tsumo=True,
                after_kong=True,
                last_tile=True,
            ),
            "never the last wall tile",
        ),
    ]
    for win, fragment in cases:
        code, message = error_of(score(win, EMA))
        assert code == "invalid_hand", (win, message)
        assert fragment in message, message


def _with_seat_wind(meld: str, seat: str) -> Win:
    """A self-drawn win whose only yaku is the seat wind's pung, with ``meld`` shown."""
    wind = "ESWN".index(seat) + 1
    hand = f"123m456p22s{wind}{wind}{wind}z"
    return make_win(hand, f"{wind}z", melds=(meld,), tsumo=True, seat=seat)


def test_h04_a_chow_is_claimed_from_the_previous_seat_only() -> None:
    """H-04 (H-03: "chow only from the previous player"), the same in Riichi (chi from the
    player on the left): a chow shown as claimed from another seat is not a hand; a pung may
    come from any seat; in three-player Riichi East's previous seat is West, and North does
    not sit at the table."""
    three = dataclasses.replace(EMA, players=3, uma=(15000, 0, -15000))
    refused = [
        ("chi:789s@E", "W", EMA, "chow:789s@E: a chow is claimed only from the previous player"),
        ("chi:789s@E", "W", EMA, "South for West (H-04"),
        ("chi:789s@N", "W", EMA, "South for West (H-04"),
        ("chi:789s@W", "S", EMA, "East for South (H-04"),
        ("chi:789s@S", "E", three, "West for East (H-04"),
        ("chi:789s@N", "E", three, "seat North does not exist with 3 players"),
        ("pon:777s@N", "S", three, "seat North does not exist with 3 players"),
    ]
    for meld, seat, rules, fragment in refused:
        code, message = error_of(score(_with_seat_wind(meld, seat), rules))
        assert code == "invalid_hand" and fragment in message, (meld, seat, message)
    accepted = [
        ("chi:789s@S", "W", EMA),
        ("chi:789s", "W", EMA),  # no seat named: the previous one
        ("chi:789s@N", "E", EMA),
        ("pon:777s@E", "W", EMA),
        ("pon:777s@N", "W", EMA),
        ("chi:789s@W", "E", three),
        ("pon:777s@S", "E", three),
    ]
    for meld, seat, rules in accepted:
        result = score(_with_seat_wind(meld, seat), rules)
        assert result.valid and "seat_wind" in result.pattern_ids(), (meld, seat, result)


def test_a_bonus_tile_cannot_win() -> None:
    win = dataclasses.replace(make_win("123m456p789s22444z", "3m"), win_tile=Tile.parse("1f"))
    code, message = error_of(score(win, EMA))
    assert code == "invalid_hand" and "bonus tile" in message


def test_the_fast_paths_say_no_without_raising() -> None:
    assert hand_value(make_win("123m456p789s22444z", "3m"), EMA) is None
    assert not has_yaku(make_win("123m456p789s22444z", "3m"), EMA)
    assert has_yaku(make_win("123m456p789s22444z", "3m", riichi=True), EMA)
    assert not has_yaku(make_win("123m456p789s2244z", "3m"), EMA)
    value = hand_value(make_win("123m456p789s22444z", "3m", riichi=True), EMA)
    assert value is not None and (value.han, value.fu, value.points) == (1, 40, 1300)
    assert value.patterns == ("riichi",)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kinds=st.lists(st.integers(0, 33), min_size=1, max_size=14),
    win=st.integers(0, 33),
    flags=st.fixed_dictionaries(
        {
            name: st.booleans()
            for name in (
                "self_draw",
                "riichi",
                "double_riichi",
                "ippatsu",
                "after_kong",
                "robbing_kong",
                "last_tile",
                "first_turn",
            )
        }
    ),
    seat=st.integers(-1, 4),
    from_seat=st.one_of(st.none(), st.integers(-1, 4)),
    honba=st.integers(0, 9),
)
def test_garbage_is_an_answer_never_a_crash(
    kinds: list[int],
    win: int,
    flags: dict[str, bool],
    seat: int,
    from_seat: int | None,
    honba: int,
) -> None:
    counts = [0] * 34
    tiles = []
    for kind in kinds:
        if counts[kind] < 4:
            counts[kind] += 1
            tiles.append(Tile(kind))
    win_obj = Win(
        hand=Hand(tuple(tiles)),
        win_tile=Tile(win),
        seat=seat,
        from_seat=from_seat,
        honba=honba,
        **flags,
    )
    for rules in (EMA, TENHOU):
        result = score(win_obj, rules)
        if not result.valid:
            code, message = error_of(result)
            assert code in {"invalid_hand", "not_complete", "no_yaku", "below_minimum_han"}
            assert message
        else:
            assert result.points > 0 and result.value > 0
        assert (hand_value(win_obj, rules) is not None) == result.valid


def test_a_truthy_flag_counts_as_true() -> None:
    """Flags from loose sources (JSON, 0/1 columns) may be ints: 2 is yes, as ``True`` is (an
    open hand stays open, and the self-draw share is the one paid)."""
    hand = Hand.parse("223344m456p22s", ["chow:678s@E"])
    loose = Win(hand, Tile.parse("4m"), self_draw=2, seat=1)  # type: ignore[arg-type]
    strict = Win(hand, Tile.parse("4m"), self_draw=True, seat=1)
    assert score(loose, TENHOU).to_json() == score(strict, TENHOU).to_json()
    assert score(strict, TENHOU).pattern_ids() == ["tanyao"]
    assert hand_value(loose, TENHOU) == hand_value(strict, TENHOU)
