"""Scoring a hand: a :class:`ScoreRequest` checked, its defaults filled in, made a
:class:`~mahjongkit.scoring.Win` and scored by its family.

>>> found = score(ScoreRequest("11223344556677m", variant="sichuan", win="7m", tsumo=True))
>>> found.valid, found.score.value, found.score.points, found.context.rules
(True, 4, 48, 'blood_battle')
"""

from __future__ import annotations

from mahjongkit.api.hands import (
    family_name,
    one_tile,
    parse_hand,
    seat_of,
    variant_rules_language,
)
from mahjongkit.api.requests import ScoreRequest, family_field_defaults
from mahjongkit.errors import InvalidHandError, NotationError
from mahjongkit.lite_typing import Any
from mahjongkit.valueclass import dataclass

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from mahjongkit.hand import Hand
    from mahjongkit.i18n import Sentence
    from mahjongkit.scoring import Score, Win
    from mahjongkit.tiles import Tile
    from mahjongkit.variants import Variant


@dataclass(frozen=True)
class ScoreContext:
    """What a score assumed: the seats, the round, the rules and the language."""

    seat: str
    round: str
    from_seat: str | None
    """The discarder's letter; None for a self-draw."""
    rules: str
    options: tuple[str, ...]
    lang: str

    def to_json(self) -> dict[str, Any]:
        """The ``context`` object of ``score --json``."""
        return {
            "seat": self.seat,
            "round": self.round,
            "from": self.from_seat,
            "rules": self.rules,
            "options": list(self.options),
            "lang": self.lang,
        }


@dataclass(frozen=True)
class ScoreAnswer:
    """A scored hand and the context it was scored in."""

    score: Score
    context: ScoreContext

    @property
    def valid(self) -> bool:
        """Whether the hand is a win (the command line's exit code 0)."""
        return bool(self.score.valid)

    def to_json(self) -> dict[str, Any]:
        """The object ``score --json`` prints and ``POST /api/score`` answers."""
        return {**self.score.to_json(self.context.lang), "context": self.context.to_json()}


def refuse_foreign_fields(request: ScoreRequest, variant: Variant) -> None:
    """Refuse a field only another family reads, set to anything but its default (the other
    families' records are read only then: a score imports one family)."""
    from mahjongkit.i18n import Sentence
    from mahjongkit.variants import VARIANT_NAMES, find_variant

    foreign = [
        name
        for name, default in family_field_defaults().items()
        if name not in variant.score_fields and getattr(request, name) != default
    ]
    if not foreign:
        return
    for other in VARIANT_NAMES:
        owned = find_variant(other).score_fields if other != variant.name else frozenset()
        for name in foreign:
            if name in owned:
                flag = "--" + name.replace("_", "-")
                raise NotationError(
                    Sentence("refusal.foreign_flag", flag=flag, owner=other, variant=variant.name)
                )


def win_hint(hand: Hand, win_tile: Tile, text: str) -> Sentence | None:
    """Why a hand and its winning tile do not pose a question, with what to type instead; None
    if they do."""
    from mahjongkit.i18n import Sentence
    from mahjongkit.tiles import NUM_KINDS, Tile, format_tiles

    if win_tile.kind >= NUM_KINDS:
        # A win on a bonus tile (Hong Kong's seven or eight flowers): the tile is set aside,
        # so the hand is the 13 tiles held.
        if hand.size == 13:
            return None
        return Sentence("refusal.bonus_win_size", tile=str(win_tile), count=hand.size)
    if hand.size == 13:
        return Sentence("refusal.thirteen", tile=str(win_tile), hand=text.strip())
    if hand.size != 14:
        return Sentence("refusal.win_size", count=hand.size)
    if win_tile not in hand.concealed and Tile(win_tile.kind) not in hand.concealed:
        return Sentence(
            "refusal.win_not_held", tile=str(win_tile), hand=format_tiles(hand.concealed)
        )
    return None


def win_of(
    request: ScoreRequest,
    hand: Hand,
    win_tile: Tile,
    seat: int,
    from_seat: int | None,
    in_game: frozenset[int],
) -> Win:
    """The :class:`~mahjongkit.scoring.Win` a request describes, once the hand, the winning
    tile and the seats are read (the one place a request becomes a win)."""
    from mahjongkit.scoring import Win
    from mahjongkit.tiles import parse_tiles

    return Win(
        hand=hand,
        win_tile=win_tile,
        self_draw=request.tsumo,
        seat=seat,
        from_seat=from_seat,
        round_wind=seat_of(request.round),
        after_kong=request.after_kong or request.second_kong,
        second_kong=request.second_kong,
        robbing_kong=request.robbing_kong,
        kong_discard=request.kong_discard,
        last_tile=request.last_tile,
        first_turn=request.first_turn,
        riichi=request.riichi or request.double_riichi,
        double_riichi=request.double_riichi,
        ippatsu=request.ippatsu,
        dora_indicators=tuple(parse_tiles(request.dora)),
        ura_indicators=tuple(parse_tiles(request.ura)),
        honba=request.honba,
        deposits=request.deposits,
        nukidora=request.nukidora,
        flowers=tuple(parse_tiles(request.flowers.replace(",", " "))),
        missing_suit="mps".index(request.missing) if request.missing else None,
        in_game=in_game,
    )


def score(request: ScoreRequest) -> ScoreAnswer:
    """Score the hand a request describes, or refuse it with a typed error naming what is
    wrong (a :class:`~mahjongkit.errors.NotationError` for words that cannot be read, an
    :class:`~mahjongkit.errors.InvalidHandError` for a hand that cannot be, each with its
    catalog sentence)."""
    from mahjongkit.i18n import Sentence
    from mahjongkit.melds import parse_seat
    from mahjongkit.tiles import NUM_KINDS
    from mahjongkit.variants.seats import SEAT_LETTERS, previous_seat, seats_in_hand

    variant, rules, lang = variant_rules_language(
        request.variant, request.rules, request.options, request.lang
    )
    refuse_foreign_fields(request, variant)
    win_tile = one_tile(request.win)
    seat_text = "E" if request.seat is None else request.seat
    seat = seat_of(seat_text)
    table = seats_in_hand(rules)
    if seat not in table:
        raise NotationError(
            Sentence(
                "refusal.seat_not_at_table",
                seat=seat_text,
                count=len(table),
                seats=", ".join(SEAT_LETTERS[s] for s in table),
            )
        )
    in_game = frozenset(parse_seat(s) for s in request.in_game if s.strip())
    if request.tsumo and request.from_seat is not None:
        raise NotationError(Sentence("refusal.tsumo_and_from"))
    if request.tsumo:
        from_seat = None
    elif request.from_seat is not None:
        from_seat = seat_of(request.from_seat)
    else:
        # The discarder by default: the nearest seat before the winner still playing the hand.
        from_seat = previous_seat(seat, seats_in_hand(rules, in_game | {seat}))
    if from_seat == seat:
        raise NotationError(Sentence("refusal.from_self"))
    if win_tile.kind >= NUM_KINDS and not variant.capabilities.bonus_tiles:
        raise NotationError(
            Sentence("refusal.no_bonus_win", tile=str(win_tile), variant=variant.name)
        )
    hand = parse_hand(request.hand, request.melds)
    hint = win_hint(hand, win_tile, request.hand)
    if hint is not None:
        raise InvalidHandError(hint)
    win = win_of(request, hand, win_tile, seat, from_seat, in_game)
    # Every option is in its range (the rules refused any other), so every result prints.
    found = variant.score(win, rules)
    if found.error is not None and found.error.code == "invalid_hand":
        # Not a hand at all (or fields that contradict it): the question cannot be posed.
        raise InvalidHandError(found.error.message)
    context = ScoreContext(
        seat=SEAT_LETTERS[seat],
        round=SEAT_LETTERS[win.round_wind],
        from_seat=None if from_seat is None else SEAT_LETTERS[from_seat],
        rules=request.rules or next(iter(variant.presets)),
        options=tuple(request.options),
        lang=lang,
    )
    return ScoreAnswer(found, context)


__all__ = ["ScoreAnswer", "ScoreContext", "family_name", "score", "win_hint", "win_of"]
