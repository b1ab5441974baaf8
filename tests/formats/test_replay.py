"""The wall a recorded round implies, laid out once for every record reader (Tenhou, mjai)."""

from __future__ import annotations

from mahjongkit.formats.mjai import read_mjai, to_mjai
from mahjongkit.formats.replay import RoundWall
from mahjongkit.formats.tenhou.mjlog import read_mjlog
from mahjongkit.formats.tenhou.replay import record_game
from tests.helpers.paths import DATA

HANDS = tuple(tuple(range(13 * seat, 13 * seat + 13)) for seat in range(4))


def test_every_piece_goes_where_the_engine_takes_it_from() -> None:
    wall = RoundWall(
        tiles=tuple(range(136)),
        dealer=2,
        deal=HANDS,
        live=(70, 60),
        replacements=(100, 101),
        indicators=(110, 111, 112),
        uras=(120, 121, 122),
    ).engine_wall()
    assert sorted(wall) == list(range(136))
    # The deal from the dealer's seat on.
    assert wall[:13] == list(HANDS[2]) and wall[13:26] == list(HANDS[3])
    assert wall[26:39] == list(HANDS[0]) and wall[39:52] == list(HANDS[1])
    assert wall[52:54] == [70, 60]
    # The dead wall: replacements at its front, indicators from its fifth tile, uras under them.
    assert wall[122:124] == [100, 101]
    assert wall[126:129] == [110, 111, 112] and wall[131:134] == [120, 121, 122]


def test_the_tiles_nobody_saw_fill_the_rest_in_ascending_order() -> None:
    """A place the record shows without its tile (None: a seat's view hides the others') and
    the places it does not show take the unseen tiles in the order of the wall."""
    wall = RoundWall(
        tiles=tuple(range(136)),
        dealer=0,
        deal=(HANDS[0], HANDS[1], HANDS[2], (None,) * 13),
        live=(None, 135),
        replacements=(),
        indicators=(134,),
        uras=(),
    ).engine_wall()
    unseen = [t for t in range(136) if t not in {*range(39), 135, 134}]
    assert wall[39:52] == unseen[:13] and wall[52] == unseen[13] and wall[53] == 135
    assert wall[126] == 134 and wall[54:126] == unseen[14:86]


def test_a_tenhou_record_and_its_mjai_log_are_dealt_the_same_tiles() -> None:
    """Both readers lay out the wall the same way: the mjai log of a Tenhou record, read back,
    deals every round the same kinds of tiles in the same places the record's own wall has."""
    record = read_mjlog(DATA / "riichi" / "mjlog" / "dnovikoff_example.xml")
    tenhou = record_game(record)
    mjai = read_mjai(to_mjai(tenhou.log))

    def dealt(log: list) -> list[list[int]]:
        return [[t // 4 for t in e["mjk_wall"][:52]] for e in log if e["type"] == "start_kyoku"]

    assert dealt(list(mjai.log)) == dealt(list(tenhou.log))
