"""A refused discard says which rule refuses it, in every language: the missing suit first
(Sichuan), the drawn tile after riichi, swap-calling, a riichi that leaves the hand not ready:
the engine's error keeps the reason as a sentence of every language."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from mahjongkit.bots.policy import random_policy
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.i18n import Sentence, reason_of
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import Tile
from mahjongkit.variants import find_variant


def _find(
    variant: str, rules: object, wanted: Callable[[Game, int], int | None], seeds: int = 40
) -> tuple[Game, int, int]:
    """A seeded random game stopped where ``wanted`` names a tile the seat to play holds but
    may not discard: (game, seat, tile)."""
    for seed in range(seeds):
        game = Game(variant, rules, seed=seed, max_rounds=1)
        game.start()
        rng = random.Random(seed)
        while not game.over:
            seat = game.waiting_for()[0]
            tile = wanted(game, seat)
            if tile is not None:
                return game, seat, tile
            game.apply(random_policy(game, seat, rng))
    pytest.skip("no such position in the seeds tried")


def _refused_discards(game: Game, seat: int) -> list[int]:
    legal = game.legal_actions(seat)
    allowed = {a.tile for a in legal if a.type == A.DISCARD}
    if not allowed:
        return []
    return [t for t in game.round.seats[seat].hand if t not in allowed]


def _refusal(game: Game, action: Action) -> Sentence:
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as raised:
        game.apply(action)
    assert game.snapshot() == before  # nothing changed
    reason = reason_of(raised.value)
    assert isinstance(reason, Sentence)
    return reason


def test_sichuan_names_the_missing_suit_tiles_to_discard_first():
    """RULES-sichuan §3, void_discard_rule=strict: while the missing suit is held, it goes
    first; the refusal names the suit and the tiles, in English, French and Spanish."""

    def kept_suit_tile(game: Game, seat: int) -> int | None:
        refused = _refused_discards(game, seat)
        return refused[0] if refused else None

    game, seat, tile = _find("sichuan", None, kept_suit_tile)
    state = game.round.seats[seat]
    suit = state.missing_suit
    assert suit is not None and tile // 36 != suit
    reason = _refusal(game, Action(A.DISCARD, seat, tile))
    assert reason.key == "refusal.discard_missing_suit"
    missing = sorted(t for t in state.hand if t // 36 == suit)
    names = " ".join(str(Tile.from_id(t, red_fives=False)) for t in missing)
    assert str(reason).startswith(f"discard your missing suit ({'mps'[suit]}) first: {names};")
    assert str(Tile.from_id(tile, red_fives=False)) in str(reason)
    assert reason.say("fr").startswith(f"défaussez d’abord votre couleur manquante ({'mps'[suit]})")
    assert reason.say("es").startswith(f"descarte primero su palo ausente ({'mps'[suit]})")


def test_after_riichi_only_the_drawn_tile_may_go():
    """R-05: a riichi hand may not change; the refusal names the drawn tile."""

    def in_riichi(game: Game, seat: int) -> int | None:
        state = game.round.seats[seat]
        if not state.riichi or state.drawn is None:
            return None
        others = [t for t in state.hand if t != state.drawn]
        return others[0] if others else None

    game, seat, tile = _find("riichi", None, in_riichi, seeds=80)
    drawn = game.round.seats[seat].drawn
    assert drawn is not None
    reason = _refusal(game, Action(A.DISCARD, seat, tile))
    assert reason.key == "refusal.discard_after_riichi"
    assert str(reason) == (
        f"after riichi only the tile just drawn ({game.flow.tile(drawn)}) may be discarded, "
        f"not {game.flow.tile(tile)}"
    )
    assert "après riichi" in reason.say("fr") and "tras el riichi" in reason.say("es")


def test_swap_calling_is_refused_by_name_where_the_rules_forbid_it():
    """RULES-riichi, swap-calling (kuikae) forbidden under tenhou: the called kind may not go
    right after the call."""
    rules = find_variant("riichi").rules("tenhou")

    def swap_called(game: Game, seat: int) -> int | None:
        forbidden = game.round.seats[seat].kuikae
        held = [t for t in game.round.seats[seat].hand if t // 4 in forbidden]
        return held[0] if held and game.legal_actions(seat) else None

    game, seat, tile = _find("riichi", rules, swap_called, seeds=80)
    reason = _refusal(game, Action(A.DISCARD, seat, tile))
    assert reason.key == "refusal.discard_swap_call"
    assert str(reason).startswith(f"{game.flow.tile(tile)} may not be discarded right after")
    assert str(Tile(tile // 4)) in str(reason)
    assert reason.say("fr").startswith(f"{game.flow.tile(tile)} ne peut pas être défaussée")
    assert "kuikae prohíbe" in reason.say("es")


def test_riichi_with_a_tile_that_breaks_the_wait_names_the_tiles_that_keep_it():
    """R-05: riichi is declared with a discard that leaves the hand ready."""

    def riichi_offered(game: Game, seat: int) -> int | None:
        legal = game.legal_actions(seat)
        allowed = {a.tile for a in legal if a.type == A.RIICHI}
        if not allowed:
            return None
        others = [t for t in game.round.seats[seat].hand if t not in allowed]
        return others[0] if others else None

    game, seat, tile = _find("riichi", None, riichi_offered, seeds=80)
    allowed = sorted(
        {a.tile // 4 for a in game.legal_actions(seat) if a.type == A.RIICHI and a.tile}
    )
    reason = _refusal(game, Action(A.RIICHI, seat, tile))
    assert reason.key in ("refusal.riichi_not_ready", "refusal.riichi_not_ready_one")
    assert str(reason).startswith(f"discarding {game.flow.tile(tile)} leaves the hand not ready")
    named = ", ".join(str(Tile(k)) for k in allowed)
    assert str(reason).endswith(f"riichi is possible discarding {named}")
    assert f"le riichi est possible en défaussant {named}" in reason.say("fr")


def test_a_tile_not_held_is_refused_as_not_held():
    game = Game("hongkong", seed=2, max_rounds=1)
    game.start()
    seat = game.waiting_for()[0]
    held = set(game.round.seats[seat].hand)
    missing = next(t for t in range(136) if t not in held)
    with pytest.raises(IllegalActionError, match=f"tile {Tile.from_id(missing)} .* not in"):
        game.apply(Action(A.DISCARD, seat, missing))
