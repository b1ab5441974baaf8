"""One builder for a win written as the arguments of ``mahjongkit score``.

Every pattern table writes its examples in that syntax, and most scoring tests write their
hands in it too: ``win_from_cli("123m456p789s234s55m --win 4s --tsumo --seat S",
"hongkong")``. The builder reads the arguments with the command line's own parser and builds the
:class:`~mahjongkit.scoring.Win` the way ``score`` does (the discarder defaults to the previous
seat), with the rules of ``--rules`` and ``--option``.
"""

from __future__ import annotations

import dataclasses
import shlex
from dataclasses import dataclass
from typing import Any

from mahjongkit.api.requests import ScoreRequest
from mahjongkit.api.scoring import win_of
from mahjongkit.api.words import request_of_words
from mahjongkit.hand import Hand
from mahjongkit.melds import parse_seat
from mahjongkit.options import override
from mahjongkit.scoring import Score, Win
from mahjongkit.tiles import Tile
from mahjongkit.variants import find_variant


@dataclass(frozen=True)
class CliWin:
    """A win and the rules its arguments name."""

    win: Win
    rules: Any
    options: tuple[str, ...]
    """The ``--option`` overrides, as written."""

    def score(self) -> Score:
        """The win scored by its variant under its rules."""
        return find_variant(self.win_variant).score(self.win, self.rules)

    @property
    def win_variant(self) -> str:
        """The variant whose rules these are."""
        return type(self.rules).__module__.split(".")[2]


def win_from_cli(arguments: str, variant: str = "riichi", *extra_options: str) -> CliWin:
    """The win that ``mahjongkit score ARGUMENTS --variant VARIANT`` scores, and its rules
    (``extra_options`` are further ``NAME=VALUE`` overrides)."""
    request = request_of_words(["score", *shlex.split(arguments), "--variant", variant])
    assert isinstance(request, ScoreRequest)
    seat = parse_seat(request.seat or "E")
    if request.tsumo:
        from_seat = None
    else:
        from_seat = parse_seat(request.from_seat) if request.from_seat else (seat - 1) % 4
    win = win_of(
        request,
        Hand.parse(request.hand, request.melds),
        Tile.parse(request.win),
        seat,
        from_seat,
        frozenset(parse_seat(s) for s in request.in_game if s.strip()),
    )
    options = (*request.options, *extra_options)
    rules = override(find_variant(variant).rules(request.rules), options)
    return CliWin(win, rules, tuple(options))


_WORD_FLAGS = ("tsumo", "after_kong", "second_kong", "robbing_kong", "last_tile", "first_turn")
_WORD_FIELDS = ("win", "from", "seat", "round", "flowers")


def cli_arguments(words: str) -> str:
    """Command-line arguments for a hand in the compact words of the Hong Kong tests.

    The concealed tiles first, then melds (``KIND:TILES[@SEAT]``), ``win=``, ``from=`` or
    ``tsumo``, ``seat=``, ``round=``, ``flowers=``, flags (``after_kong`` ...) and
    ``option=value`` words.

    >>> cli_arguments("123m456p789s234s55m pung:555s@E win=4s tsumo seat=S min_fan=0")
    '123m456p789s234s55m --meld pung:555s@E --win 4s --tsumo --seat S --option min_fan=0'
    """
    concealed, *rest = words.split()
    out = [concealed]
    for word in rest:
        key, _, value = word.partition("=")
        if ":" in word:
            out += ["--meld", word]
        elif word in _WORD_FLAGS:
            out.append("--" + word.replace("_", "-"))
        elif key in _WORD_FIELDS:
            out += [f"--{key}", value]
        else:
            out += ["--option", word]
    return " ".join(out)


_SEATS = "ESWN"


def make_win(
    concealed: str,
    win: str | None = None,
    *,
    melds: tuple[str, ...] = (),
    seat: int | str = 0,
    discarder: int | str | None = None,
    tsumo: bool = False,
    variant: str = "riichi",
    **fields: Any,
) -> Win:
    """A win built through :func:`win_from_cli`, for tests that vary one field at a time.

    ``win`` defaults to the last tile written; seats are indices or letters; the discarder
    defaults to the previous seat. Other keywords set the :class:`Win` field of that name.
    """
    seat_letter = seat if isinstance(seat, str) else _SEATS[seat]
    words = [concealed, "--win", win or _last_tile(concealed), "--seat", seat_letter]
    for meld in melds:
        words += ["--meld", meld]
    if tsumo:
        words.append("--tsumo")
    elif discarder is not None:
        words += ["--from", discarder if isinstance(discarder, str) else _SEATS[discarder]]
    built = win_from_cli(" ".join(shlex.quote(word) for word in words), variant).win
    return dataclasses.replace(built, **fields) if fields else built


def _last_tile(concealed: str) -> str:
    """The last tile written in mpsz: its digit and the suit letter that follows."""
    digits = concealed.rstrip("mpsz")
    return digits[-1] + concealed[len(digits)]
