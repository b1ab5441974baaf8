"""Legal actions: what each seat may do now, and why an action it tried is refused.

Pure functions of the table (a :class:`~mahjongkit.table.view.TableView`) and the variant's
hooks; the engine caches their answers between state changes.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, NamedTuple

from mahjongkit.melds import SEAT_LETTERS, MeldKind
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.flow import Flow, WinClaim
from mahjongkit.table.state import Phase, RoundState, SeatState
from mahjongkit.table.turn import TurnHooks, discard_actions
from mahjongkit.table.view import TableView
from mahjongkit.tiles import NUM_PHYSICAL, Tile

SEAT_NAMES = SEAT_LETTERS
"""Seats as the messages name them (seat 0 is East, the first dealer)."""

# The view is the engine (every caller of these readers), whose round is the table's own state:
# ``rnd: RoundState = view.round`` lets compiled code read its fields and its seats' at a fixed
# offset rather than by name (a checked conversion there: another object raises TypeError), and
# costs the interpreter nothing, where a ``cast`` would be a call.


def turn_actions(view: TableView, flow: Flow[Any], seat: int) -> list[Action]:
    """The actions of the seat whose turn it is: win, discard, declare, kong."""
    return turn_actions_by(view, flow, seat, flow.compiled_turn())


def turn_actions_by(
    view: TableView, flow: Flow[Any], seat: int, hooks: TurnHooks | None
) -> list[Action]:
    """:func:`turn_actions`, the turn hooks asked through ``hooks`` (the flow's
    :meth:`~mahjongkit.table.hooks.Defaults.compiled_turn`, which the engine keeps), or
    through the flow's own hooks where it is None."""
    rnd: RoundState = view.round  # type: ignore[assignment]
    state = rnd.seats[seat]
    drawn = state.drawn
    found: list[Action] = []
    if drawn is not None and drawn >= NUM_PHYSICAL:
        # A bonus tile that could win: win on it, or set it aside as usual.
        if flow.win_score(view, WinClaim(seat, drawn)):
            found.append(Action(A.TSUMO, seat, drawn))
        found.append(Action(A.FLOWER, seat, drawn))
        return found
    if drawn is not None:
        # The shape test first: most draws complete nothing, and scoring is dear.
        if hooks is not None:
            complete = hooks.completes(view, rnd, seat)
        else:
            complete = flow.is_complete_with(view, seat, None)
        if complete and flow.win_score(view, WinClaim(seat, drawn)):
            found.append(Action(A.TSUMO, seat, drawn))
    if hooks is not None:
        hooks.add_choices(view, rnd, seat, found)
    else:
        discards = discard_actions(seat)
        for tile in sorted(set(flow.allowed_discards(view, seat))):
            found.append(discards[tile])
        found.extend(flow.turn_declarations(view, seat))
    if drawn is not None:
        _add_kongs(view, flow, seat, state, found)
    return found


def _add_kongs(
    view: TableView, flow: Flow[Any], seat: int, state: SeatState, found: list[Action]
) -> None:
    """Adds the concealed and added kongs the seat may make after its draw to ``found``."""
    counts = view.hand_facts(seat).counts
    four = False
    for held in counts:
        if held == 4:
            four = True
            break
    pungs = False
    for meld in state.melds:
        if meld.kind is MeldKind.PUNG and counts[meld.kind_id()]:
            pungs = True
            break
    # The hand first: most hands hold no four and no pung's fourth tile.
    if not (four or pungs) or not kong_possible(view, flow):
        return
    if four:
        for kind, held in enumerate(counts):
            if held == 4 and flow.concealed_kong_allowed(view, seat, kind):
                tiles = tuple(sorted(t for t in state.hand if t // 4 == kind))
                found.append(Action(A.ANKAN, seat, None, tiles))
    for meld in state.melds:
        if meld.kind is MeldKind.PUNG and counts[meld.kind_id()]:
            kind = meld.kind_id()
            for t in [t for t in state.hand if t // 4 == kind]:
                if flow.may_add_kong(view, seat, t):
                    found.append(Action(A.KAKAN, seat, t))


def kong_possible(view: TableView, flow: Flow[Any]) -> bool:
    """Whether a kong may be made now: a replacement is left, and the kongs are not all made."""
    rnd: RoundState = view.round  # type: ignore[assignment]
    return view.live_remaining() > 0 and rnd.kongs < flow.max_kongs


def next_seat(view: TableView, seat: int) -> int:
    """The next seat in turn order still in the hand."""
    players = view.players
    rnd: RoundState = view.round  # type: ignore[assignment]
    seats = rnd.seats
    for step in range(1, players + 1):
        nxt = (seat + step) % players
        if not seats[nxt].won:
            return nxt
    return seat


def claim_actions(view: TableView, flow: Flow[Any], seat: int) -> list[Action]:
    """What ``seat`` may answer to the pending discard: win, pung, kong, chow, pass."""
    rnd: RoundState = view.round  # type: ignore[assignment]
    discarder = rnd.last_discarder
    tile = rnd.last_discard
    if tile is None or discarder is None or seat == discarder:
        return []
    state = rnd.seats[seat]
    kind = tile // 4
    facts = view.hand_facts(seat)
    # Most seats can do nothing with most discards: a tile that is neither a wait nor a pair's
    # match nor a chow's missing tile is settled without asking the rules anything.
    if (
        tile < NUM_PHYSICAL
        and kind not in facts.waits
        and not _may_call(view, flow, seat, discarder, kind, facts.counts)
    ):
        return []
    found: list[Action] = []
    # Furiten (a few reads) before the score (a scorer's search): a furiten seat's win is not
    # scored at all.
    if (
        (tile >= NUM_PHYSICAL or kind in facts.waits)
        and not flow.furiten(view, seat)
        and flow.win_score(view, WinClaim(seat, tile, discarder))
    ):
        found.append(Action(A.RON, seat, tile))
    last = view.live_remaining() == 0
    allowed = flow.calls_on_last_discard if last else (A.PON, A.KAN, A.CHI)
    if allowed and flow.may_claim(view, seat, tile):
        same = sorted(t for t in state.hand if t // 4 == kind)
        if len(same) >= 2 and A.PON in allowed:
            for pair in distinct_combinations(flow, same, 2):
                found.append(Action(A.PON, seat, tile, pair))
        if len(same) >= 3 and rnd.kongs < flow.max_kongs and A.KAN in allowed:
            found.append(Action(A.KAN, seat, tile, tuple(same[:3])))
        if (
            flow.chow_allowed
            and A.CHI in allowed
            and seat == next_seat(view, discarder)
            and kind < 27
        ):
            found.extend(_chi_actions(view, flow, seat, tile))
    if found:
        found.append(Action(A.PASS, seat))
    return found


def _may_call(
    view: TableView, flow: Flow[Any], seat: int, discarder: int, kind: int, counts: list[int]
) -> bool:
    """Whether the hand's tiles could make any call with a tile of ``kind`` (the rules that
    may still forbid it are asked afterwards)."""
    if counts[kind] >= 2:
        return True
    if not flow.chow_allowed or kind >= 27:
        return False
    # The seat last: the tiles settle most hands.
    return _completes_a_chow(counts, kind) and seat == next_seat(view, discarder)


def may_answer(counts: list[int], waits: frozenset[int], kind: int, chow: bool) -> bool:
    """Whether a hand of these counts and waits could answer a discard of ``kind`` at all: a
    wait, a pair's match, or (``chow``: the seat after the discarder, where chows are played)
    a chow's missing tile. When it could not, :func:`claim_actions` refuses it before a rule is
    asked, so the engine passes the seat over without asking it.

    >>> from mahjongkit.tiles import counts_of, parse_kinds
    >>> counts = counts_of(parse_kinds("1135m"))
    >>> [k for k in range(34) if may_answer(counts, frozenset({4}), k, False)]
    [0, 4]
    >>> [k for k in range(34) if may_answer(counts, frozenset(), k, True)]
    [0, 1, 3]
    """
    if counts[kind] >= 2 or kind in waits:
        return True
    return chow and kind < 27 and _completes_a_chow(counts, kind)


def _completes_a_chow(counts: list[int], kind: int) -> bool:
    """Whether a suited ``kind`` makes a run with two tiles of these counts."""
    number = kind % 9
    below = number >= 1 and counts[kind - 1] > 0
    above = number <= 7 and counts[kind + 1] > 0
    return (
        (below and above)
        or (below and number >= 2 and counts[kind - 2] > 0)
        or (above and number <= 6 and counts[kind + 2] > 0)
    )


def distinct_combinations(flow: Flow[Any], tiles: list[int], size: int) -> list[tuple[int, ...]]:
    """Combinations of physical tiles, one per distinct set of (kind, red) values."""
    seen: set[tuple[tuple[int, bool], ...]] = set()
    out = []
    for combo in combinations(tiles, size):
        key = tuple(sorted((t // 4, flow.red(t)) for t in combo))
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return out


def _chi_actions(view: TableView, flow: Flow[Any], seat: int, tile: int) -> list[Action]:
    rnd: RoundState = view.round  # type: ignore[assignment]
    hand = rnd.seats[seat].hand
    kind = tile // 4
    number = kind % 9
    found: list[Action] = []
    reds: dict[int, bool] = {}  # the rules' red fives, asked once a tile (a hook each)
    for low in (kind - 2, kind - 1, kind):
        if low < kind - number or low + 2 > kind - number + 8:
            continue
        needed = [k for k in (low, low + 1, low + 2) if k != kind]
        lows = [t for t in hand if t // 4 == needed[0]]
        highs = [t for t in hand if t // 4 == needed[1]] if lows else []
        if not highs:
            continue
        # One chow per distinct pair of (kind, red) values: the first tile is always of the
        # lower kind, so its red and the second's tell two pairs apart.
        seen: set[tuple[bool, bool]] = set()
        for first in lows:
            red_first = reds.get(first)
            if red_first is None:
                red_first = reds[first] = flow.red(first)
            for second in highs:
                red_second = reds.get(second)
                if red_second is None:
                    red_second = reds[second] = flow.red(second)
                key = (red_first, red_second)
                if key in seen:
                    continue
                seen.add(key)
                if flow.chi_allowed(view, seat, tile, (first, second)):
                    found.append(Action(A.CHI, seat, tile, (first, second)))
    return found


def rob_actions(view: TableView, flow: Flow[Any], seat: int) -> list[Action]:
    """Win on the tile of the kong being made, or let it stand."""
    rnd: RoundState = view.round  # type: ignore[assignment]
    if rnd.rob_tile is None or rnd.rob_seat is None:
        return []
    if may_rob(
        view,
        flow,
        seat,
        rnd.rob_seat,
        rnd.rob_tile,
        concealed=rnd.rob_concealed,
        set_aside=rnd.rob_set_aside,
    ):
        return [Action(A.RON, seat, rnd.rob_tile), Action(A.PASS, seat)]
    return []


def may_rob(
    view: TableView,
    flow: Flow[Any],
    seat: int,
    konger: int,
    tile: int,
    *,
    concealed: bool,
    set_aside: bool = False,
) -> bool:
    """Whether ``seat`` may win on the tile of ``konger``'s kong (R-19, H-13), or on the North
    it sets aside (``set_aside``: three-player Riichi's kita, won on as a kong's tile is)."""
    rnd: RoundState = view.round  # type: ignore[assignment]
    if seat == konger or rnd.seats[seat].won:
        return False
    if concealed and not flow.may_rob_concealed(view, seat, tile):
        return False
    return not flow.furiten(view, seat) and bool(
        flow.win_score(view, WinClaim(seat, tile, konger, robbing=True, set_aside=set_aside))
    )


def equivalent_legal(flow: Flow[Any], hand: list[int], action: Action, legal: list[Action]) -> bool:
    """A call listed with other copies of the same tiles (same kinds, same red fives)."""
    if not action.consumed:
        return False
    rest = list(hand)
    for tile in action.consumed:
        if tile not in rest:
            return False
        rest.remove(tile)

    def signature(a: Action) -> tuple[Any, ...]:
        tiles = sorted((t // 4, flow.red(t)) for t in a.consumed)
        return (a.type, a.seat, a.tile, tuple(tiles))

    wanted = signature(action)
    return any(signature(a) == wanted for a in legal)


class Refusal(NamedTuple):
    """Why an action is refused, and the rule that refuses it (an id or an option's name)."""

    message: str
    rule: str
    reason: str | None = None
    """The reason alone, without the action and seat the message starts with: a
    :class:`~mahjongkit.i18n.Sentence` where a surface can say it in its reader's language."""


def why_illegal(
    view: TableView, flow: Flow[Any], action: Action, legal: list[Action]
) -> Refusal:
    """Why ``action`` is refused, in words that name the seat, the tile and the rule."""
    rnd = view.round
    rule = rule_of(action)
    if rnd.phase is Phase.GAME_OVER:
        return Refusal("the game is over", rule)
    if not 0 <= action.seat < view.players:
        return Refusal(f"seat {action.seat} does not exist at a {view.players}-player table", rule)
    if action.type in (A.RON, A.TSUMO) and action.tile is not None:
        refused = why_no_win(view, flow, action)
        if refused:
            return refused
    own = flow.why_refused(view, action)
    if own is not None:
        message = f"{action.type} by seat {SEAT_NAMES[action.seat]}: {own[0]}"
        return Refusal(message, own[1], own[0])
    if not legal:
        if rnd.phase is Phase.TURN:
            return Refusal(
                f"it is seat {SEAT_NAMES[rnd.turn]}'s turn, not {SEAT_NAMES[action.seat]}'s", rule
            )
        return Refusal(
            f"seat {SEAT_NAMES[action.seat]} has nothing to decide now ({rnd.phase.value})", rule
        )
    same_type = [a for a in legal if a.type == action.type]
    if not same_type:
        types = ", ".join(sorted({a.type for a in legal}))
        return Refusal(
            f"{action.type} is not possible now; seat {SEAT_NAMES[action.seat]} may: {types}", rule
        )
    if action.tile is not None:
        name = str(Tile.from_id(action.tile)) if 0 <= action.tile < 144 else str(action.tile)
        if action.type in (A.DISCARD, A.RIICHI) and action.tile not in rnd.seats[action.seat].hand:
            return Refusal(f"tile {name} (id {action.tile}) is not in the hand", rule)
        return Refusal(f"{action.type} with {name} is not allowed here", rule)
    return Refusal(f"{action.type} with these tiles is not allowed here", rule)


def why_no_win(view: TableView, flow: Flow[Any], action: Action) -> Refusal | None:
    """Why a declared win is refused: the shape, the scorer's reason, or furiten."""
    rnd = view.round
    seat = action.seat
    assert action.tile is not None
    self_draw = action.type == A.TSUMO
    if self_draw and (rnd.phase is not Phase.TURN or seat != rnd.turn):
        return None
    if not self_draw and (rnd.phase not in (Phase.CLAIM, Phase.ROB) or seat in rnd.responses):
        return None
    tile = action.tile
    if self_draw and tile != rnd.seats[seat].drawn:
        return None
    if not self_draw and tile not in (rnd.last_discard, rnd.rob_tile):
        return None
    name = str(flow.tile(tile))
    rule = rule_of(action)
    if not flow.is_complete_with(view, seat, None if self_draw else tile):
        return Refusal(f"{action.type} on {name}: the hand is not complete with it", rule)
    discarder = (
        None if self_draw else (rnd.rob_seat if rnd.phase is Phase.ROB else rnd.last_discarder)
    )
    robbing = rnd.phase is Phase.ROB
    claim = WinClaim(seat, tile, discarder, robbing, robbing and rnd.rob_set_aside)
    score = flow.score(flow.make_win(view, claim))
    if score.error is not None:
        return Refusal(f"{action.type} on {name}: {score.error.code}: {score.error.message}", rule)
    furiten = None if self_draw else flow.furiten_reason(view, seat)
    if furiten is not None:
        return Refusal(
            f"{action.type} on {name}: seat {SEAT_NAMES[seat]} is furiten: {furiten}",
            "furiten: no win on a discard",
        )
    return None


def rule_of(action: Action) -> str:
    """The rule a refused action most likely broke (for the error's tag)."""
    return {
        A.CHI: "H-04 chow only from the previous player",
        A.RON: "win needs a complete hand worth the minimum, not in furiten",
        A.TSUMO: "win needs a complete hand worth the minimum",
        A.RIICHI: "R-05 riichi: concealed, ready, 1,000 points, enough wall",
    }.get(action.type, "turn order and hand contents")
