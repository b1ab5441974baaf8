"""The Tenhou mjlog reader and round scripts (issue 6, item 6: Tenhou logs in).

Every record in ``shared/data/riichi/mjlog`` is read and its tiles followed; hand-built records
pin the details (tsumogiri, replacement draws, robbing a kong, the wall layout); garbage must give
a NotationError naming what is wrong.
"""

from __future__ import annotations

import contextlib
import gzip
import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.errors import NotationError
from mahjongkit.formats.replay import DEAD_WALL
from mahjongkit.formats.tenhou import (
    Agari,
    Call,
    CallType,
    Discard,
    Draw,
    GameType,
    MjlogGame,
    NewDora,
    Riichi,
    RoundScript,
    Ryuukyoku,
    decode_meld,
    encode_meld,
    game_to_tenhou6,
    live_wall_size,
    read_mjlog,
    read_tenhou6,
    round_to_tenhou6,
    tile_ids_for,
)
from mahjongkit.melds import Meld, MeldKind
from mahjongkit.table.wall import indicator_indices, replacement_index, ura_indices
from mahjongkit.tiles import Tile, to_tenhou6
from tests.helpers.paths import DATA

MJLOG_DIR = DATA / "riichi" / "mjlog"
FILES = sorted(p.name for p in MJLOG_DIR.glob("*") if p.suffix in (".xml", ".mjlog"))


@cache
def game(name: str) -> MjlogGame:
    return read_mjlog(MJLOG_DIR / name)


def test_the_data_set_is_there() -> None:
    assert len(FILES) == 58


# --- every real record --------------------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_every_record_parses_into_complete_rounds(name: str) -> None:
    record = game(name)
    assert record.rounds
    assert record.players and len(record.players) == record.game_type.players
    for game_round in record.rounds:
        assert game_round.ended, game_round.name
        assert len(game_round.hands) == record.game_type.players
        assert all(len(hand) == 13 for hand in game_round.hands)
    assert record.final_scores is not None
    assert not record.skipped_tags


@pytest.mark.parametrize("name", FILES)
def test_every_tile_is_accounted_for(name: str) -> None:
    """Each id appears at most once among hands, draws and indicators, and every discard and
    called tile leaves the hand that held it (checked here independently of RoundScript)."""
    record = game(name)
    in_play = set(record.game_type.tile_ids)
    for game_round in record.rounds:
        revealed = [*(t for hand in game_round.hands for t in hand), game_round.dora_indicator]
        hands = [Counter(hand) for hand in game_round.hands]
        for action in game_round.actions:
            if isinstance(action, Draw):
                revealed.append(action.tile)
                hands[action.seat][action.tile] += 1
            elif isinstance(action, NewDora):
                revealed.append(action.indicator)
            elif isinstance(action, Discard):
                assert hands[action.seat][action.tile] == 1, (game_round.name, action)
                hands[action.seat][action.tile] -= 1
            elif isinstance(action, Call):
                for tile in action.meld.consumed():
                    assert hands[action.seat][tile] == 1, (game_round.name, action)
                    hands[action.seat][tile] -= 1
        wins = game_round.wins
        if wins and wins[0].ura_indicators:
            revealed.extend(wins[0].ura_indicators)
        assert len(revealed) == len(set(revealed)), game_round.name
        assert set(revealed) <= in_play


@pytest.mark.parametrize("name", FILES)
def test_round_scripts_follow_every_round_and_lay_out_the_wall(name: str) -> None:
    """Every real round's pieces land in the engine's wall where the engine takes them from."""
    record = game(name)
    for game_round in record.rounds:
        script = RoundScript.from_round(game_round)
        wall = script.round_wall().engine_wall()
        size = len(wall)
        assert sorted(wall) == sorted(record.game_type.tile_ids)
        dealt = [list(script.deal[(game_round.dealer + i) % script.players]) for i in range(3)]
        assert wall[:13] == dealt[0] and wall[13:26] == dealt[1] and wall[26:39] == dealt[2]
        first_draw = 13 * script.players
        live = wall[first_draw : first_draw + len(script.live_draws)]
        assert live == list(script.live_draws)
        for index, tile in enumerate(script.replacement_draws):
            assert wall[replacement_index(size, DEAD_WALL, index)] == tile
        dora = indicator_indices(size, DEAD_WALL, len(script.dora_indicators))
        assert wall[dora[0]] == game_round.dora_indicator
        assert [wall[i] for i in dora] == list(script.dora_indicators)
        uras = ura_indices(size, DEAD_WALL, len(script.ura_indicators))
        assert [wall[i] for i in uras] == list(script.ura_indicators)
        # The record's draws must fit the live wall the dead wall leaves after replacements.
        drawn = [a for a in game_round.actions if isinstance(a, Draw)]
        assert len(drawn) == len(script.live_draws) + len(script.replacement_draws)
        assert len(drawn) <= live_wall_size(script.players)


@pytest.mark.parametrize("name", FILES)
def test_score_changes_sum_to_the_deposits_and_chain_into_the_next_round(name: str) -> None:
    """Issue 6 item 6: every sc sums to zero less riichi deposits; the next round starts from
    the scores after it; the scores in sc already have this round's deposits taken off."""
    record = game(name)
    for number, game_round in enumerate(record.rounds):
        accepted = [0] * game_round.players
        for action in game_round.actions:
            if isinstance(action, Riichi) and action.step == 2:
                accepted[action.seat] += 1000
        endings = [a for a in game_round.actions if isinstance(a, Agari | Ryuukyoku)]
        assert list(endings[0].scores) == [
            s - d for s, d in zip(game_round.scores, accepted, strict=True)
        ]
        on_table = game_round.riichi_sticks + sum(accepted) // 1000
        scores = list(endings[0].scores)
        for order, ending in enumerate(endings):
            assert list(ending.scores) == scores
            if isinstance(ending, Agari):
                # The first winner collects every stick; a second ron shows none.
                assert ending.riichi_sticks == (on_table if order == 0 else 0)
                assert sum(ending.deltas) == 1000 * ending.riichi_sticks
            else:
                assert sum(ending.deltas) == 0
            scores = [s + d for s, d in zip(scores, ending.deltas, strict=True)]
        if number + 1 < len(record.rounds):
            following = record.rounds[number + 1]
            assert list(following.scores) == scores
            assert following.riichi_sticks == (0 if game_round.wins else on_table)
        else:
            # Sticks left on the table after a final draw go to the leader.
            if not game_round.wins:
                scores[scores.index(max(scores))] += 1000 * on_table
            assert record.final_scores == tuple(scores)


def test_discards_are_tsumogiri_exactly_when_they_repeat_the_tile_just_drawn() -> None:
    name = "dnovikoff_example.xml"
    for game_round in game(name).rounds:
        previous: dict[int, int | None] = {}
        for action in game_round.actions:
            if isinstance(action, Draw):
                previous[action.seat] = action.tile
            elif isinstance(action, Call):
                previous[action.seat] = None
            elif isinstance(action, Discard):
                assert action.tsumogiri == (previous.get(action.seat) == action.tile)
                previous[action.seat] = None
    total = [a for r in game(name).rounds for a in r.actions if isinstance(a, Discard)]
    assert 0 < sum(a.tsumogiri for a in total) < len(total)


# --- particular records -------------------------------------------------------------------------


def test_game_type_decoding() -> None:
    phoenix = GameType.from_code(169)  # 0xA9
    assert (phoenix.level, phoenix.east_south, phoenix.players, phoenix.red_fives) == (
        "houou",
        True,
        4,
        True,
    )
    assert not phoenix.fast and phoenix.open_tanyao and not phoenix.nonstandard
    general_fast = GameType.from_code(0x41)
    assert (general_fast.level, general_fast.fast, general_fast.east_south) == (
        "ippan",
        True,
        False,
    )
    assert GameType.from_code(0x29).level == "tokujou"
    assert GameType.from_code(0x89).level == "joukyuu"
    no_red_no_kuitan = GameType.from_code(0x07)
    assert not no_red_no_kuitan.red_fives and not no_red_no_kuitan.open_tanyao
    assert not GameType.from_code(0x00).vs_human
    assert GameType.from_code(185).players == 3
    assert GameType.from_code(2113).nonstandard and GameType.from_code(553).nonstandard
    assert len(GameType.from_code(185).tile_ids) == 108
    assert 4 not in tile_ids_for(3) and 31 not in tile_ids_for(3) and 32 in tile_ids_for(3)


def test_players_names_ranks_and_2023_attributes() -> None:
    record = game("dnovikoff_newattr2023.xml")
    assert record.lobby == 1 and record.game_type.nonstandard
    assert record.go_attributes["rule"] == ",,0101,0,0,0,0"
    assert record.players[0].name == "ジェバンニ"
    assert record.players[0].rate == pytest.approx(1634.14)
    assert record.players[3].name == "ronchan4"
    phoenix = game("dnovikoff_bug1.xml")
    assert [p.dan for p in phoenix.players] == [17, 16, 16, 16]
    assert phoenix.players[0].sex == "M" and phoenix.players[0].rate == 2050


def test_reconnects_are_kept_out_of_the_actions() -> None:
    record = game("dnovikoff_bye.xml")
    assert [(p.seat, p.connected) for p in record.presence] == [(1, False), (1, True)]
    left, back = record.presence
    assert left.round == back.round == 1 and left.action < back.action
    assert record.rounds[1].actions[left.action - 1] == Discard(1, 45, tsumogiri=True)
    assert record.players[1].name.startswith("@")  # the reconnect <UN> renames no one


def test_three_player_game_with_north_extraction() -> None:
    record = game("dnovikoff_sanma2.xml")
    assert record.game_type.players == 3 and len(record.players) == 3
    first = record.rounds[0]
    assert first.scores == (35000, 35000, 35000)
    nuki = [a for a in first.actions if isinstance(a, Call) and a.meld.type is CallType.NUKI]
    assert len(nuki) == 3
    after = [first.actions[first.actions.index(n) + 1] for n in nuki]
    assert all(
        isinstance(a, Draw) and a.replacement and a.seat == n.seat
        for a, n in zip(after, nuki, strict=True)
    )
    script = RoundScript.from_round(first)
    assert len(script.round_wall().engine_wall()) == 108 and live_wall_size(3) == 55
    assert len(script.replacement_draws) == 3


def test_r48_double_ron_pao_and_special_draws() -> None:
    doubles = 0
    for name in FILES:
        for game_round in game(name).rounds:
            wins = game_round.wins
            if len(wins) > 1:
                doubles += 1
                assert wins[0].win_tile == wins[1].win_tile
                assert wins[0].from_seat == wins[1].from_seat
                assert wins[0].honba == wins[1].honba
    assert doubles == 7
    # the seat that fed the third dragon pung pays half of Big Three Dragons.
    pao = [w for r in game("dnovikoff_pao.xml").rounds for w in r.wins if w.pao_seat is not None]
    assert len(pao) == 1 and pao[0].yakuman == (39,) and pao[0].limit == 5
    assert pao[0].self_draw and pao[0].deltas == (-32300, 0, 32300, 0)
    assert pao[0].pao_seat == 0
    draws = [r.draw for name in FILES for r in game(name).rounds if r.draw is not None]
    kinds = Counter(d.kind for d in draws)
    assert kinds["nm"] == 1 and kinds["yao9"] == 4 and kinds[""] == 70
    nagashi = next(d for d in draws if d.kind == "nm")
    assert nagashi.description == "nagashi mangan"
    aborted = next(d for d in draws if d.kind == "yao9")
    assert len(aborted.shown_hands) == 1  # R-33 aside: the nine-terminal hand is shown
    (shown,) = aborted.shown_hands.values()
    assert len({t // 4 for t in shown if t // 4 in (0, 8, 9, 17, 18, 26, *range(27, 34))}) >= 9


def test_chip_lobby_keeps_the_chip_column_apart_from_the_points() -> None:
    win = game("dnovikoff_chip.xml").rounds[0].wins[0]
    assert win.deltas == (13000, -4000, -4000, -4000)
    assert win.chip_deltas == (3, -1, -1, -1)
    assert win.ura_indicators == (114,)


# --- meld codes ---------------------------------------------------------------------------------


def test_meld_codes_decode_to_the_hand_worked_tiles() -> None:
    # 51722 = 0xCA0A: relative 2, pon bit; 51722 >> 9 = 101 = 33 * 3 + 2; copy 0 left out.
    red_pon = decode_meld(51722)
    assert (red_pon.type, red_pon.tiles, red_pon.called, red_pon.relative) == (
        CallType.PON,
        (133, 134, 135),
        135,
        2,
    )
    # 49705 = 0xC229: relative 1, pon; 97 = 32 * 3 + 1; copy 1 left out.
    green_pon = decode_meld(49705)
    assert (green_pon.tiles, green_pon.called, green_pon.relative) == ((128, 130, 131), 130, 1)
    # 42423 = 0xA5B7: chi from the left; 42423 >> 10 = 41 = 13 * 3 + 2 -> 7p8p9p, third called;
    # copies 2, 1, 3.
    chi = decode_meld(42423)
    assert (chi.type, chi.tiles, chi.called, chi.relative) == (CallType.CHI, (62, 65, 71), 71, 3)
    # 47666 = 0xBA32: added-kong bit; 93 = 31 * 3 + 0 (white dragon); copy 1 was left out.
    kakan = decode_meld(47666)
    assert (kakan.type, kakan.tiles, kakan.called, kakan.added) == (
        CallType.KAKAN,
        (124, 125, 126, 127),
        124,
        125,
    )
    assert kakan.consumed() == (125,)
    # 1539 = 0x0603: kong of tile 6 (2m) from the left; 6144 = 0x1800: concealed kong of 7m.
    exposed = decode_meld(1539)
    assert (exposed.type, exposed.tiles, exposed.called, exposed.relative) == (
        CallType.DAIMINKAN,
        (4, 5, 6, 7),
        6,
        3,
    )
    assert exposed.consumed() == (4, 5, 7)
    concealed = decode_meld(6144)
    assert (concealed.type, concealed.tiles, concealed.called) == (
        CallType.ANKAN,
        (24, 25, 26, 27),
        None,
    )
    # 31008 = 0x7920: nuki of tile 121 (a north).
    north = decode_meld(31008)
    assert (north.type, north.tiles, north.consumed()) == (CallType.NUKI, (121,), (121,))


def test_meld_seats_and_core_melds() -> None:
    pon = decode_meld(51722)
    assert pon.from_seat(2) == 0 and pon.from_seat(3) == 1
    assert pon.to_meld(2) == Meld.parse("pung:777z@E")
    chi = decode_meld(42423)
    assert chi.to_meld(1).kind is MeldKind.CHOW and chi.to_meld(1).from_seat == 0
    red_chi = decode_meld(((7 + 3) * 3 << 10) | 0x4 | 3)  # run 10 = 4p5p6p, copies 0: red 5p
    assert red_chi.tiles == (48, 52, 56)
    assert str(red_chi.to_meld(0, red_fives=True)) == "chow:406p@N"
    assert str(red_chi.to_meld(0, red_fives=False)) == "chow:456p@N"
    assert decode_meld(6144).to_meld(0).from_seat is None
    with pytest.raises(NotationError, match="nuki"):
        decode_meld(31008).to_meld(0)


def test_every_16_bit_code_decodes_consistently_or_is_refused() -> None:
    for code in range(0x10000):
        try:
            meld = decode_meld(code)
        except NotationError:
            continue
        size = {CallType.CHI: 3, CallType.PON: 3, CallType.NUKI: 1}.get(meld.type, 4)
        assert len(meld.tiles) == size and all(0 <= t < 136 for t in meld.tiles)
        if meld.type is CallType.CHI:
            kinds = [t // 4 for t in meld.tiles]
            assert (
                kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2] and kinds[0] // 9 == kinds[2] // 9
            )
            assert kinds[2] < 27
        elif meld.type is not CallType.NUKI:
            assert len({t // 4 for t in meld.tiles}) == 1
        assert (meld.called is None) == (meld.type in (CallType.ANKAN, CallType.NUKI))
        assert meld.called is None or meld.called in meld.tiles


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (0x4 | 1, "relative 3"),  # chi from the right
        ((21 * 3) << 10 | 0x4 | 3, "beyond the 21 runs"),
        ((34 * 3) << 9 | 0x8 | 1, "out of range"),  # pon of kind 34
        (0x18 | 1, "contradict"),
        (0x8, "relative 0"),
        (0 << 8 | 0x20, "north"),  # nuki of a 1m
        (136 << 8 | 1, "kong"),
        (70000, "16-bit"),
        (-1, "16-bit"),
    ],
)
def test_impossible_meld_codes_are_refused(code: int, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        decode_meld(code)


# --- hand-built records -------------------------------------------------------------------------

SEAT_HANDS = (
    [32, 33, 34, 36, 40, 44, 72, 76, 80, 108, 109, 124, 125],
    [0, 4, 8, 12, 37, 41, 45, 73, 77, 81, 112, 116, 120],
    [128, 129, 1, 5, 9, 38, 42, 46, 74, 78, 82, 113, 114],
    [2, 6, 10, 13, 17, 21, 39, 43, 47, 75, 79, 83, 130],
)
PON_SOUTH = (28 * 3 + 0) << 9 | 3 << 5 | 0x8 | 3  # 112 from the left, copy 3 left out: 43115
KAKAN_SOUTH = PON_SOUTH - 0x8 + 0x10
ANKAN_9M = 32 << 8


def record(body: str, *, dealer: int = 0, go: str = '<GO type="169" lobby="0"/>') -> str:
    hands = " ".join(f'hai{s}="{",".join(map(str, h))}"' for s, h in enumerate(SEAT_HANDS))
    return (
        f'<mjloggm ver="2.3">{go}<UN n0="%41" n1="%42" n2="%43" n3="%44" dan="1,2,3,4" '
        f'rate="1500,1600.5,1700,1800" sx="M,F,M,C"/><TAIKYOKU oya="0"/>'
        f'<INIT seed="0,0,0,3,4,100" ten="250,250,250,250" oya="{dealer}" {hands}/>'
        f"{body}</mjloggm>"
    )


ROBBED_KONG = record(
    "<T35/>"
    f'<N who="0" m="{ANKAN_9M}"/><DORA hai="101"/><T48/><D48/>'
    "<U52/><E112/>"
    f'<N who="2" m="{PON_SOUTH}"/><F128/>'
    "<W56/><G56/><T60/><D60/><U64/><E64/><V115/>"
    f'<N who="2" m="{KAKAN_SOUTH}"/>'
    '<AGARI ba="0,0" hai="2,6,10,13,17,21,39,43,47,75,79,83,115,130" machi="115" '
    'ten="30,1000,0" yaku="1,1" doraHai="100,101" doraHaiUra="102,103" who="3" fromWho="2" '
    'sc="250,0,250,0,250,-10,250,10" owari="250,5.0,250,-5.0,240,-15.0,260,15.0"/>'
)


def test_hand_built_round_reads_every_detail() -> None:
    parsed = read_mjlog(ROBBED_KONG)
    assert [p.name for p in parsed.players] == ["A", "B", "C", "D"]
    assert parsed.players[1].rate == 1600.5
    (game_round,) = parsed.rounds
    assert (game_round.dice, game_round.dora_indicator, game_round.name) == ((3, 4), 100, "E1-0")
    actions = game_round.actions
    assert actions[0] == Draw(0, 35, replacement=False)
    assert isinstance(actions[1], Call) and actions[1].meld.type is CallType.ANKAN
    assert actions[2] == NewDora(101)
    assert actions[3] == Draw(0, 48, replacement=True)
    assert actions[4] == Discard(0, 48, tsumogiri=True)
    assert actions[6] == Discard(1, 112, tsumogiri=False)
    pon = actions[7]
    assert isinstance(pon, Call) and pon.from_seat == 1 and pon.meld.called == 112
    assert actions[8] == Discard(2, 128, tsumogiri=False)
    assert actions[10] == Discard(3, 56, tsumogiri=True)
    (win,) = game_round.wins
    assert win.seat == 3 and win.from_seat == 2 and not win.self_draw
    assert (win.fu, win.points, win.limit) == (30, 1000, 0)
    assert win.deltas == (0, 0, -1000, 1000) and win.final_points == (5.0, -5.0, -15.0, 15.0)
    assert parsed.final_scores == (25000, 25000, 24000, 26000)


def test_r19_hand_built_round_script_lays_out_the_wall() -> None:
    """R-19 (robbing the kong): the added tile can be won on; the wall keeps every piece."""
    script = RoundScript.from_round(read_mjlog(ROBBED_KONG).rounds[0])
    assert script.live_draws == (35, 52, 56, 60, 64, 115)
    assert script.replacement_draws == (48,)
    assert script.dora_indicators == (100, 101) and script.ura_indicators == (102, 103)
    assert script.melds_at_end[2][0].type is CallType.KAKAN
    assert script.concealed_at_end[3] == tuple(sorted(SEAT_HANDS[3]))
    wall = script.round_wall().engine_wall()
    assert live_wall_size(4) == 70
    assert wall[:13] == SEAT_HANDS[0] and wall[39:52] == SEAT_HANDS[3]
    assert wall[52:58] == [35, 52, 56, 60, 64, 115]
    assert wall[122] == 48  # the first replacement is the dead wall's first tile
    assert wall[126:128] == [100, 101] and wall[131:133] == [102, 103]
    unseen = script.unseen
    assert len(unseen) == 136 - 52 - 7 - 4 and unseen == tuple(sorted(unseen))
    assert wall[58] == unseen[0]  # unknown positions take the unseen tiles in ascending order
    again = RoundScript.from_round(read_mjlog(ROBBED_KONG).rounds[0])
    assert again.round_wall().engine_wall() == wall


def test_the_deal_starts_with_the_dealer() -> None:
    body = "<T35/><D35/>" + '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>'
    script = RoundScript.from_round(read_mjlog(record(body, dealer=2)).rounds[0])
    wall = script.round_wall().engine_wall()
    assert wall[:13] == SEAT_HANDS[2] and wall[13:26] == SEAT_HANDS[3]
    assert wall[26:39] == SEAT_HANDS[0]


def test_sources_path_text_bytes_and_gzip(tmp_path: Path) -> None:
    text = ROBBED_KONG
    plain = tmp_path / "game.xml"
    plain.write_text(text, encoding="utf-8")
    packed = tmp_path / "game.mjlog"
    packed.write_bytes(gzip.compress(text.encode()))
    expected = read_mjlog(text)
    for source in (str(plain), plain, packed, text.encode(), gzip.compress(text.encode())):
        assert read_mjlog(source) == expected


# --- garbage ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "words"),
    [
        (b"\x00\x01\x02 not xml", "well-formed"),
        (b"", "well-formed"),
        ("<mjloggm><GO type=", "well-formed"),
        (ROBBED_KONG[: len(ROBBED_KONG) // 2], "well-formed"),
        (gzip.compress(ROBBED_KONG.encode())[:60], "gzip"),
        (b"\x1f\x8b garbage after the gzip magic", "gzip"),
        ("<html><body/></html>", "mjloggm"),
        (ROBBED_KONG.replace("<T35/>", "<T136/>"), "T136"),
        (ROBBED_KONG.replace("<D48/>", "<D999/>"), "999"),
        (ROBBED_KONG.replace(f'm="{PON_SOUTH}"', 'm="5"'), r"<N who=\"2\" m=\"5\"/>.*relative 3"),
        (ROBBED_KONG.replace(f'm="{PON_SOUTH}"', 'm="pon"'), "'m' must be an integer"),
        (ROBBED_KONG.replace('<DORA hai="101"/>', '<DORA hai="200"/>'), "200"),
        (ROBBED_KONG.replace('seed="0,0,0,3,4,100"', 'seed="0,0,0"'), "seed"),
        (ROBBED_KONG.replace('seed="0,0,0,3,4,100"', ""), "'seed' is missing"),
        (ROBBED_KONG.replace('hai0="32,33,', 'hai0="'), "hai0"),
        (ROBBED_KONG.replace('hai1="0,', 'hai1="140,'), "140"),
        (ROBBED_KONG.replace('oya="0" hai0', 'oya="7" hai0'), "oya=7"),
        (ROBBED_KONG.replace(' sc="250,0', ' sc="250'), "'sc'"),
        (ROBBED_KONG.replace('ten="30,1000,0"', 'ten="30"'), "fu,points,limit"),
        (ROBBED_KONG.replace('ba="0,0"', 'ba="x"'), "'ba'"),
        (ROBBED_KONG.replace('who="3" fromWho', 'who="9" fromWho'), "who=9"),
        (ROBBED_KONG.replace('<GO type="169" lobby="0"/>', '<GO type="x"/>'), "'type'"),
        (ROBBED_KONG.replace("<TAIKYOKU", "<T5/><TAIKYOKU"), "before any <INIT>"),
        (ROBBED_KONG.replace("</mjloggm>", "<T70/></mjloggm>"), "after the round ended"),
    ],
)
def test_garbage_is_a_notation_error_naming_the_problem(source: str | bytes, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        read_mjlog(source)


def test_missing_file_is_a_notation_error(tmp_path: Path) -> None:
    with pytest.raises(NotationError, match="cannot read"):
        read_mjlog(tmp_path / "nowhere.mjlog")


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("<T48/><D48/>", "<T0/><D0/>", "tile id 0 .* already seen .*dealt to seat 1"),
        ("<E112/>", "<E113/>", "tile id 113 is not in seat 1's hand"),
        ("<F128/>", "<F112/>", "not in seat 2's hand"),  # the called tile is in the meld now
        (f'<N who="2" m="{PON_SOUTH}"/>', f'<N who="2" m="{PON_SOUTH + 0x200}"/>', "last discard"),
        ('<DORA hai="101"/>', '<DORA hai="100"/>', "100 .*first dora indicator"),
        ('doraHai="100,101"', 'doraHai="100"', "dora indicators"),
        ('fromWho="2"', 'fromWho="1"', "not the tile just discarded"),
        ('hai="2,6,10,', 'hai="3,6,10,', "winning hand"),
        ("<T48/><D48/>", "<T48/>", "holds 11 concealed tiles, expected 10"),
    ],
)
def test_inconsistent_rounds_are_refused_by_the_script(old: str, new: str, words: str) -> None:
    broken = ROBBED_KONG.replace(old, new)
    assert broken != ROBBED_KONG
    game_round = read_mjlog(broken).rounds[0]
    with pytest.raises(NotationError, match=words):
        RoundScript.from_round(game_round)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_crash(data: bytes) -> None:
    with contextlib.suppress(NotationError):
        read_mjlog(data)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(['m="', 'seed="', 'sc="', 'hai="', 'ten="', 'ba="', 'machi="', 'who="']),
    st.text(alphabet="0123456789,-. x", max_size=12),
)
def test_mangled_attributes_never_crash(attribute: str, value: str) -> None:
    start = ROBBED_KONG.index(attribute) + len(attribute)
    end = ROBBED_KONG.index('"', start)
    mangled = ROBBED_KONG[:start] + value + ROBBED_KONG[end:]
    try:
        parsed = read_mjlog(mangled)
        for game_round in parsed.rounds:
            RoundScript.from_round(game_round)
    except NotationError:
        pass


# --- tenhou.net/6 JSON --------------------------------------------------------------------------


def test_every_decodable_meld_code_encodes_back() -> None:
    for code in range(0x10000):
        try:
            meld = decode_meld(code)
        except NotationError:
            continue
        again = encode_meld(meld.type, meld.tiles, meld.called, meld.relative, meld.added)
        if meld.type is CallType.ANKAN:
            assert again.tiles == meld.tiles  # any copy's id may name a concealed kong
        else:
            assert again == meld


def test_round_written_as_tenhou6_json() -> None:
    entry = round_to_tenhou6(read_mjlog(ROBBED_KONG).rounds[0])
    assert entry[0] == [0, 0, 0] and entry[1] == [25000] * 4
    assert entry[2] == [38, 38] and entry[3] == [38, 38]  # 8s indicators, ura 8s too
    assert entry[5] == [19, 24, 27] and entry[6] == ["191919a19", 60, 60]  # 9m kong, tsumogiri
    assert entry[8] == [52, 28] and entry[9] == [42, 60]  # red 5p drawn, South discarded
    assert entry[11] == ["p424242", 42]  # pon of South from the left, then a draw
    assert entry[12] == [46, "k42424242"]  # green discarded, the South added to the pon
    assert entry[14] == [26] and entry[15] == [60]
    assert entry[16] == ["和了", [0, 0, -1000, 1000], [3, 2, 3, "30符1飜1000点", "立直(1飜)"]]


def _normalised(game_round: object, red: bool) -> list[tuple[object, ...]]:
    """A round's actions by tile code (ids differ between the two formats)."""

    def code(tile: int) -> int:
        return to_tenhou6(Tile.from_id(tile, red))

    out: list[tuple[object, ...]] = []
    for a in game_round.actions:  # type: ignore[attr-defined]
        if isinstance(a, Draw):
            out.append(("T", a.seat, code(a.tile), a.replacement))
        elif isinstance(a, Discard):
            out.append(("D", a.seat, code(a.tile), a.tsumogiri))
        elif isinstance(a, Call):
            tiles = sorted(code(t) for t in a.meld.tiles)
            out.append(("N", a.seat, a.meld.type, a.meld.relative, tuple(tiles)))
        elif isinstance(a, Riichi):
            out.append(("R", a.seat, a.step))
        elif isinstance(a, NewDora):
            out.append(("DORA", code(a.indicator)))
        elif isinstance(a, Agari):
            hand = sorted(code(t) for t in a.hand)
            indicators = [code(t) for t in a.dora_indicators + a.ura_indicators]
            yaku = sorted(y for y in a.yaku if y[1])
            fu = 0 if a.limit else a.fu
            out.append(("AGARI", a.seat, a.from_seat, code(a.win_tile), hand, fu, a.points))
            out.append((a.limit, a.yakuman, a.pao_seat, yaku, a.scores, a.deltas, indicators))
            out.append((a.honba, a.riichi_sticks, len(a.ura_indicators)))
        elif isinstance(a, Ryuukyoku):
            shown = sorted(a.shown_hands) if not a.kind else None
            out.append(("RYUUKYOKU", a.kind, shown, a.deltas, a.scores, a.riichi_sticks))
    return out


FOUR_PLAYER = [name for name in FILES if game(name).game_type.players == 4]


@pytest.mark.parametrize("name", FOUR_PLAYER)
def test_tenhou6_json_round_trip_keeps_every_action(name: str) -> None:
    """Written as tenhou.net/6 JSON and read back, a game has the same actions, tile kinds,
    scores and results. The JSON has no copies, no dice and no zero-han entries; a chip lobby
    (nonstandard) turns open-kong dora at once, which the JSON cannot show."""
    record = game(name)
    text = json.dumps(game_to_tenhou6(record), ensure_ascii=False)
    again = read_tenhou6(text)
    assert again.game_type.red_fives == record.game_type.red_fives
    assert again.game_type.east_south == record.game_type.east_south
    assert again.game_type.level == record.game_type.level
    assert [p.name for p in again.players] == [p.name for p in record.players]
    assert len(again.rounds) == len(record.rounds)
    red = record.game_type.red_fives
    for original, read_back in zip(record.rounds, again.rounds, strict=True):
        RoundScript.from_round(read_back)
        expected, actual = _normalised(original, red), _normalised(read_back, red)
        if record.game_type.nonstandard:
            expected = [a for a in expected if a[0] != "DORA"]
            actual = [a for a in actual if a[0] != "DORA"]
        assert actual == expected, original.name


def test_tenhou6_reads_a_file_and_the_final_scores(tmp_path: Path) -> None:
    data = game_to_tenhou6(game("dnovikoff_example.xml"))
    data["sc"] = [31000, 41.0, 25000, 5.0, 24000, -16.0, 20000, -30.0]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    record = read_tenhou6(path)
    assert record.final_scores == (31000, 25000, 24000, 20000)
    assert record.game_type.level == "tokujou"
    assert read_tenhou6(data).rounds == record.rounds


def test_three_player_games_are_written_as_tenhou6_and_read_back() -> None:
    """The three-player game round-trips (the shape Tenhou writes is checked in
    tests/formats/test_three_player_records.py)."""
    record = game("dnovikoff_sanma2.xml")
    back = read_tenhou6(json.loads(json.dumps(game_to_tenhou6(record), ensure_ascii=False)))
    assert back.game_type.players == 3 and len(back.players) == 3
    assert [r.scores for r in back.rounds] == [r.scores for r in record.rounds]
    assert [len(r.actions) for r in back.rounds] == [len(r.actions) for r in record.rounds]


def _broken_json(change: str) -> str:
    data = game_to_tenhou6(read_mjlog(ROBBED_KONG))
    entry = data["log"][0]  # type: ignore[index]
    if change == "code":
        entry[4][0] = 99
    elif change == "call":
        entry[11][0] = "x424242"
    elif change == "mismatch":
        entry[11][0] = "p414141"
    elif change == "yaku":
        entry[16][2][4] = "焼き鳥(1飜)"
    elif change == "result":
        entry[16][0] = "引き分け"
    elif change == "short":
        del entry[3]
    elif change == "fifth":
        entry[4][0] = entry[4][1] = entry[4][2] = 11
        entry[7][0] = 11
        entry[7][1] = 11
    return json.dumps(data, ensure_ascii=False)


def _three_player_with_a_fourth_seat() -> str:
    """A three-player game (an empty fourth name) whose fourth seat is dealt tiles."""
    data = game_to_tenhou6(read_mjlog(ROBBED_KONG))
    data["name"] = ["a", "b", "c", ""]
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("{not json", "does not parse"),
        ("[1, 2]", "JSON object"),
        ('{"log": 3, "name": ["a", "b", "c", "d"], "rule": {}}', "'log' list"),
        ('{"log": [], "name": ["a"], "rule": {}}', "four player names"),
        (_three_player_with_a_fourth_seat(), "seat 3 plays in a 3-player game"),
        (_broken_json("code"), "99 is not a tenhou.net/6 tile"),
        (_broken_json("call"), "unknown call letter 'x'"),
        (_broken_json("mismatch"), "calls"),
        (_broken_json("yaku"), "unknown yaku"),
        (_broken_json("result"), "unknown result"),
        (_broken_json("short"), "17 items"),
        (_broken_json("fifth"), "too many"),
    ],
)
def test_tenhou6_garbage_is_a_notation_error(source: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        read_tenhou6(source)
