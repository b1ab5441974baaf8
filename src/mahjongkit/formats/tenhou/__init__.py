"""Tenhou game records: the mjlog XML reader, tenhou.net/6 JSON, and the round scripts replayed.

The package is cut along the seams of the format:

* :mod:`~mahjongkit.formats.tenhou.records`: the record model (:class:`MjlogGame`,
  :class:`MjlogRound` and the actions of a round), shared by every reader and writer;
* :mod:`~mahjongkit.formats.tenhou.meldcode`: Tenhou's 16-bit meld codes;
* :mod:`~mahjongkit.formats.tenhou.mjlog`: :func:`read_mjlog`, the XML reader;
* :mod:`~mahjongkit.formats.tenhou.script`: :class:`RoundScript`, a round's tiles followed and
  checked, and the wall it implies;
* :mod:`~mahjongkit.formats.tenhou.tenhou6`: tenhou.net/6 JSON, read and written;
* :mod:`~mahjongkit.formats.tenhou.export`: an engine game written as a Tenhou record;
* :mod:`~mahjongkit.formats.tenhou.replay`: real records replayed through the engine (on the wall
  and the engine driver every record reader shares, :mod:`mahjongkit.formats.replay`).

The names of the first five are importable from here; ``export`` and ``replay`` need the engine
and are imported as modules of their own. Every reader raises
:class:`~mahjongkit.errors.NotationError` (naming what was wrong and where) on input it cannot
make sense of, and nothing else.
"""

from __future__ import annotations

from mahjongkit.formats.tenhou.meldcode import CallType, TenhouMeld, decode_meld, encode_meld
from mahjongkit.formats.tenhou.mjlog import read_mjlog
from mahjongkit.formats.tenhou.records import (
    HAND_SIZE,
    LEVELS,
    RYUUKYOKU_NAMES,
    Action,
    Agari,
    Call,
    Discard,
    Draw,
    GameType,
    MjlogGame,
    MjlogRound,
    NewDora,
    Player,
    PresenceChange,
    Riichi,
    Ryuukyoku,
    tile_ids_for,
)
from mahjongkit.formats.tenhou.script import INDICATOR_SLOTS, RoundScript, live_wall_size
from mahjongkit.formats.tenhou.tenhou6 import (
    DAN_NAMES_JA,
    LIMIT_NAMES_JA,
    RYUUKYOKU_NAMES_JA,
    YAKU_NAMES_JA,
    game_to_tenhou6,
    read_tenhou6,
    round_to_tenhou6,
)

__all__ = [
    "DAN_NAMES_JA",
    "HAND_SIZE",
    "INDICATOR_SLOTS",
    "LEVELS",
    "LIMIT_NAMES_JA",
    "RYUUKYOKU_NAMES",
    "RYUUKYOKU_NAMES_JA",
    "YAKU_NAMES_JA",
    "Action",
    "Agari",
    "Call",
    "CallType",
    "Discard",
    "Draw",
    "GameType",
    "MjlogGame",
    "MjlogRound",
    "NewDora",
    "Player",
    "PresenceChange",
    "Riichi",
    "RoundScript",
    "Ryuukyoku",
    "TenhouMeld",
    "decode_meld",
    "encode_meld",
    "game_to_tenhou6",
    "live_wall_size",
    "read_mjlog",
    "read_tenhou6",
    "round_to_tenhou6",
    "tile_ids_for",
]
