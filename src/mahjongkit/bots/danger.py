"""How dangerous each tile of a hand is to discard, from what one seat sees: the one danger
model of the library, which the defensive bot plays by and the hints of every surface show.

Only what one seat sees counts (its :class:`~mahjongkit.game.observation.Observation`).
:func:`threats` finds the seats that may be ready (a declared ready hand, an open hand that
looks ready or a one-suit hand in the making) and :func:`kind_danger` puts a number on a
discard against each: safe for certain are the tiles a threat may not win on (its own discards
under a furiten rule, its missing suit, the tiles it let go by since its last turn: it would
have won on them, :func:`passed_since_turn`); then suji, kabe, honours by the copies seen, the
suit an open hand shows. :func:`discard_danger` combines the threats: the worst one where a
ready hand is declared (one at a time is the usual danger), else the chance that any of them
wins on the tile, since nothing announces a ready hand.

:func:`danger_by_kind` is the same model told in levels, against the declared ready hands (the
threats a player is shown): a tile safe for certain against every one, a suited tile whose
suji partners (three apart) they all discarded (fairly safe against a two-sided wait), an
honour with the copies in sight, anything else dangerous.

>>> SAFE < SUJI < HONOUR < UNSAFE
True
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjongkit.game.observation import Observation, SeatInfo
from mahjongkit.tiles import NUM_KINDS
from mahjongkit.valueclass import dataclass
from mahjongkit.variants import find_variant
from mahjongkit.variants.base import Plan

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from typing import Final

SAFE, SUJI, HONOUR, UNSAFE = range(4)
"""Danger levels, safest first."""

__all__ = ["HONOUR", "SAFE", "SUJI", "UNSAFE", "Danger", "danger_by_kind", "riichi_seats"]


@dataclass(frozen=True, slots=True)
class Danger:
    """The danger of discarding one kind: its level, the copies of it in sight (the
    observer's hand included) and the model's number for it (0-1, :func:`discard_danger`)."""

    kind: int
    level: int
    seen: int = 0
    value: float = 0.0


def riichi_seats(observation: Observation) -> list[int]:
    """The other seats still playing that declared a ready hand (riichi)."""
    return [
        seat
        for seat, info in enumerate(observation.seats)
        if info.riichi and seat != observation.seat and not info.won
    ]


def _suji_partners(kind: int) -> list[int]:
    number = kind % 9
    partners = []
    if number >= 3:
        partners.append(kind - 3)
    if number <= 5:
        partners.append(kind + 3)
    return partners


def danger_by_kind(observation: Observation) -> list[Danger]:
    """The danger of each kind in the observer's hand against the declared ready hands (none:
    empty), safest first: :func:`discard_danger` against them, told in levels."""
    declared = set(riichi_seats(observation))
    found = [t for t in threats(observation) if t.seat in declared]
    if not found:
        return []
    furiten_rule = find_variant(observation.variant).capabilities.furiten
    seen = _seen_counts(observation)
    passed = _passed(observation, found, furiten_rule)
    ponds = _ponds(observation, found)
    kinds = sorted({t // 4 for t in observation.hand if t < 4 * NUM_KINDS})
    values = discard_danger(observation, furiten_rule, found, kinds, seen)
    out = []
    for kind in kinds:
        if all(
            _certainly_safe(observation, kind, t, furiten_rule, passed[t.seat], ponds[t.seat])
            for t in found
        ):
            level = SAFE
        elif kind >= 27:
            level = HONOUR
        elif all(all(p in ponds[t.seat] for p in _suji_partners(kind)) for t in found):
            level = SUJI
        else:
            level = UNSAFE
        out.append(Danger(kind, level, seen[kind] if level == HONOUR else 0, values[kind]))
    out.sort(key=lambda d: (d.level, -d.seen, d.kind))
    return out


# --- numeric danger, every family ---------------------------------------------------------------

RIICHI_THREAT = 1.0
"""Weight of a seat in riichi: it is ready for certain."""
OPEN_THREAT = 0.8
"""Weight of a seat with three melds or more: likely ready."""
FLUSH_THREAT = 0.7
"""Weight of a seat with two melds all of one suit (or honours): a flush in the making."""


@dataclass(frozen=True, slots=True)
class Threat:
    """A seat to defend against, how sure it is that it is ready (0-1), and the suit its melds
    show when they are all of one suit (0-2; None: mixed or none)."""

    seat: int
    weight: float
    suit: int | None = None
    honours: bool = False
    pungs: bool = False
    """Two melds or more and no chow: an all-pungs hand, which waits on a pair or a single
    tile, never on the sides of a run."""


def _meld_suits(info: SeatInfo) -> tuple[set[int], bool]:
    suits = {meld.tiles[0] // 36 for meld in info.melds if meld.tiles and meld.tiles[0] < 108}
    honours = any(meld.tiles and 108 <= meld.tiles[0] < 136 for meld in info.melds)
    return suits, honours


HK_WEAK_THREAT = 0.35
"""Hong Kong: weight of a seat with three melds that show less than two fan (mixed suits,
chows, no honour pung worth a fan): it still has to find the minimum in its concealed tiles."""
HK_FAN_THREAT = 0.6
"""Hong Kong: weight of a seat with two melds that already show three fan (a one-suit hand,
all pungs, honour pungs)."""
HK_LATE_THREAT = 0.3
"""Hong Kong: weight of any other seat near the end of the wall (a concealed hand has its
three fan hidden, and the last tiles add one)."""
HK_LATE_WALL = 12
"""Hong Kong: tiles left in the wall from which every seat counts as a threat."""


def shown_fan(observation: Observation, seat: int) -> int:
    """Hong Kong: the fan a seat's open melds already promise: a pung or kong of a dragon, of
    its seat wind or of the round wind (one each); all melds of one suit with honours (three)
    or without (six); no chow among two melds or more (all pungs, three)."""
    info = observation.seats[seat]
    players = len(observation.seats)
    seat_wind = 27 + (seat - observation.dealer) % players
    fan = 0
    chows = 0
    for meld in info.melds:
        if not meld.tiles:
            continue
        kind = meld.tiles[0] // 4
        if meld.kind == "chow":
            chows += 1
        elif kind >= 31:
            fan += 1
        elif kind >= 27:
            fan += (kind == seat_wind) + (kind == 27 + observation.round_wind)
    suits, honours = _meld_suits(info)
    if len(suits) == 1:
        fan += 3 if honours else 6
    elif not suits and honours:
        fan += 3
    if chows == 0 and len(info.melds) >= 2:
        fan += 3
    return fan


def _hong_kong_weight(observation: Observation, seat: int) -> float:
    melds = len(observation.seats[seat].melds)
    fan = shown_fan(observation, seat)
    if melds >= 3:
        return OPEN_THREAT if fan >= 2 else HK_WEAK_THREAT
    if melds == 2 and fan >= 3:
        return HK_FAN_THREAT
    return 0.0


_MINIMUM: Final = Plan.MINIMUM
"""The plan of a family whose win needs a minimum value, as a C static compiled (an enum
member read off its class is a slow look-up)."""
_FACTS: Final[dict[str, tuple[bool, bool, bool]]] = {}
"""Per family's name: whether a hand is a threat by the value it shows, whether seats have a
missing suit, whether a ready hand is declared (read off its record once: a family's record
does not change in a process, and looking it up costs more than the rest of a quiet turn)."""


def _facts(variant: str) -> tuple[bool, bool, bool]:
    found = _FACTS.get(variant)
    if found is None:
        record = find_variant(variant)
        found = _FACTS[variant] = (
            record.bot_hints.plan is _MINIMUM,
            bool(record.capabilities.missing_suit),
            bool(record.capabilities.ready_declaration),
        )
    return found


def threats(observation: Observation) -> list[Threat]:
    """The other seats still playing that may be ready: a riichi, three melds or more, or two
    melds that show a one-suit hand. In Sichuan a seat that has won is out of the hand (blood
    battle) and threatens nobody; late in a Sichuan hand every seat still in it with two melds
    is a threat, since there is no riichi to announce a ready hand. In Hong Kong a hand must
    show fan to be a threat (:func:`shown_fan`): three melds of mixed chows are a weak one, two
    melds of one suit or of pungs a real one."""
    out: list[Threat] = []
    # A family whose win needs a minimum value: a hand is a threat by the value it shows.
    shows_value, missing_suit, _ = _facts(observation.variant)
    for seat, info in enumerate(observation.seats):
        if seat == observation.seat or info.won:
            continue
        melds = len(info.melds)
        if not melds and not shows_value and not info.riichi:
            # No meld shows a suit or an honour (what the branches below read of them): only
            # Sichuan's late concealed seat can be a threat (the usual seat, early: none).
            if missing_suit and _sichuan_late_and_clear(observation, info):
                out.append(Threat(seat, SICHUAN_LATE_THREAT, None, False))
            continue
        if shows_value:
            # Fewer than two melds show no fan (_hong_kong_weight): only a late wall counts.
            weight = _hong_kong_weight(observation, seat) if melds >= 2 else 0.0
            if weight == 0 and observation.wall_remaining < HK_LATE_WALL:
                weight = HK_LATE_THREAT
            if weight > 0:
                suits, honours = _meld_suits(info)
                suit = next(iter(suits)) if len(suits) == 1 else None
                pungs = melds >= 2 and all(m.kind != "chow" for m in info.melds)
                out.append(Threat(seat, weight, suit, honours, pungs))
            continue
        suits, honours = _meld_suits(info)
        suit = next(iter(suits)) if len(suits) == 1 else None
        if info.riichi:
            out.append(Threat(seat, RIICHI_THREAT, suit, honours))
        elif melds >= 3:
            out.append(Threat(seat, OPEN_THREAT, suit, honours))
        elif melds >= 2 and (
            suit is not None
            or (not suits and honours)
            or (missing_suit and observation.wall_remaining < 24)
        ):
            out.append(Threat(seat, FLUSH_THREAT, suit, honours))
        elif missing_suit and _sichuan_late_and_clear(observation, info):
            out.append(Threat(seat, SICHUAN_LATE_THREAT, suit, honours))
    return out


SICHUAN_LATE_THREAT = 0.45
"""Sichuan: weight of a concealed seat late in the hand with its missing suit gone: most such
hands are ready, and nothing announces it."""
SICHUAN_LATE_WALL = 28
"""Sichuan: tiles left in the wall from which a concealed seat counts as late."""


def _sichuan_late_and_clear(observation: Observation, info: SeatInfo) -> bool:
    """Late in the hand and the seat has played a tile outside its missing suit: the engine has
    it shed that suit first, so it holds none and may be ready."""
    if observation.wall_remaining >= SICHUAN_LATE_WALL or not info.discards:
        return False
    last = info.discards[-1]
    missing = info.missing_suit
    return missing is None or last >= 108 or last // 36 != missing


def passed_since_turn(observation: Observation, seat: int) -> set[int]:
    """The kinds other seats discarded after ``seat``'s own last discard (every discard so far
    when it has made none), which it let go by without winning.

    A hand changes only on its own turn, so its waits are the same as when those tiles went
    by: a ready seat takes a win it is offered (Riichi and Sichuan even forbid one on a discard
    until its next turn once it passes one), so none of them can win it anything now. Empty
    when the order of the discards is not known."""
    passed = set()
    # From the latest discard back to the seat's own last one: a few entries, not the hand's.
    for who, tile in reversed(observation.discard_order):
        if who == seat:
            break
        if tile < 4 * NUM_KINDS:
            passed.add(tile // 4)
    return passed


def _seen_counts(observation: Observation) -> list[int]:
    """Copies of each kind the observer can see: its hand, every pond and meld, the indicators
    (a claimed discard counted once)."""
    seen = [min(4, v) for v in observation.visible_counts()]
    for tile in observation.hand:
        if tile < 4 * NUM_KINDS:
            seen[tile // 4] += 1
    return [min(4, v) for v in seen]


def _no_chance(kind: int, seen: list[int]) -> bool:
    """No two-sided wait can take ``kind``: every pair of neighbours it would finish has one
    kind all four copies of which are in sight (kabe)."""
    number = kind % 9
    sides = []
    if number <= 6:
        sides.append((kind + 1, kind + 2))
    if number >= 2:
        sides.append((kind - 1, kind - 2))
    return all(seen[a] >= 4 or seen[b] >= 4 for a, b in sides)


def kind_danger(
    observation: Observation,
    kind: int,
    threat: Threat,
    seen: list[int],
    furiten_rule: bool,
    passed: set[int] | None = None,
    pond: set[int] | None = None,
) -> float:
    """How likely (roughly, 0-1) a discard of ``kind`` is to deal into ``threat``.

    Safe for certain: a tile of the threat's missing suit (Sichuan: it can never win on one),
    a tile in ``passed`` (let go by since the threat's last turn: see
    :func:`passed_since_turn`) and under a furiten rule a tile in its own pond. Then honours
    by the copies in sight,
    suji (the tile three away discarded by the threat: no two-sided wait of its own pond),
    kabe (no two-sided wait possible), and the suit an open one-suit hand shows. Under a furiten
    rule, the tiles a riichi seat let go by since declaring count as its own discards.
    ``passed`` None: both worked out from the observation. ``pond``: the kinds of the threat's
    discards, when the caller has them (None: read from the observation).
    """
    info = observation.seats[threat.seat]
    if passed is None:
        passed = _passed_by(observation, threat.seat, furiten_rule)
    if pond is None:
        pond = {t // 4 for t in info.discards}
    if _certainly_safe(observation, kind, threat, furiten_rule, passed, pond):
        return 0.0
    in_pond = kind in pond
    if kind >= 27:
        value = (0.5, 0.45, 0.25, 0.05, 0.0)[seen[kind]]
        if threat.suit is not None or threat.honours:
            value *= 1.3 if threat.honours else 1.0
    elif threat.pungs:
        # A pair or single wait: what counts is how many copies are left to wait on.
        value = (0.8, 0.7, 0.45, 0.1, 0.0)[seen[kind]]
        if threat.suit is not None:
            value *= 1.3 if kind // 9 == threat.suit else 0.15
    else:
        number = kind % 9
        value = 0.55 if number in (0, 8) else 0.75 if number in (1, 7) else 1.0
        partners = _suji_partners(kind)
        if partners and all(p in pond for p in partners):
            value *= 0.4
        elif len(partners) == 2 and any(p in pond for p in partners):
            value *= 0.7
        if _no_chance(kind, seen):
            value *= 0.4
        if seen[kind] >= 3:
            value *= 0.6  # only a single wait or a pair wait is left
        if threat.suit is not None:
            value *= 1.3 if kind // 9 == threat.suit else 0.15
        elif threat.honours and threat.weight < RIICHI_THREAT:
            value *= 0.8
    if in_pond:
        value *= 0.3  # no furiten: a wait it gave up is still less likely
    return min(1.0, value * threat.weight)


def discard_danger(
    observation: Observation,
    furiten_rule: bool = True,
    found: list[Threat] | None = None,
    kinds: Iterable[int] | None = None,
    seen: list[int] | None = None,
) -> list[float]:
    """The danger of discarding each kind (34 entries), 0 when there is no threat. Riichi: the
    worst over every threat (one riichi at a time is the usual danger). Hong Kong and Sichuan:
    the chance that at least one threat wins on it, since the threats are rarely announced
    and, in Sichuan, several may win on one discard. ``furiten_rule``: whether a player may
    not win by discard on a tile of its own pond (Riichi; not Hong Kong or Sichuan, whose
    only furiten is a passed win until the next turn). ``kinds``: only these are weighed (the
    others stay 0), for a caller that asks about its own discards only. ``seen``: the copies
    of each kind in sight to the observer, its hand included (at most four), when the caller
    has them counted already (None: counted here)."""
    found = threats(observation) if found is None else found
    if not found:
        return [0.0] * NUM_KINDS
    if seen is None:
        seen = _seen_counts(observation)
    passed = _passed(observation, found, furiten_rule)
    ponds = _ponds(observation, found)
    worst = _facts(observation.variant)[2]
    out = [0.0] * NUM_KINDS
    for kind in range(NUM_KINDS) if kinds is None else kinds:
        dangers = [
            kind_danger(
                observation,
                kind,
                threat,
                seen,
                furiten_rule,
                passed[threat.seat],
                ponds[threat.seat],
            )
            for threat in found
        ]
        out[kind] = _combined(dangers, worst=worst)
    return out


def _combined(dangers: list[float], *, worst: bool) -> float:
    """The danger of one discard against several threats: the worst (``worst``), else the
    chance that any of them wins on it."""
    if worst:
        return max(dangers)
    escape = 1.0
    for danger in dangers:
        escape *= 1.0 - danger
    return 1.0 - escape


def _certainly_safe(
    observation: Observation,
    kind: int,
    threat: Threat,
    furiten_rule: bool,
    passed: set[int],
    pond: set[int],
) -> bool:
    """Whether ``threat`` may not win on ``kind`` at all: its missing suit, a tile it let go
    by (``passed``) or, under a furiten rule, one of its own discards (``pond``)."""
    missing = observation.seats[threat.seat].missing_suit
    if missing is not None and kind < 27 and kind // 9 == missing:
        return True
    return kind in passed or (furiten_rule and kind in pond)


def _passed_by(observation: Observation, seat: int, furiten_rule: bool) -> set[int]:
    """The kinds ``seat`` let go by: since its last turn and, under a furiten rule, since its
    ready declaration (it is furiten for good once it passes a winning tile)."""
    passed = passed_since_turn(observation, seat)
    if furiten_rule and observation.seats[seat].riichi:
        passed |= observation.passed_since_riichi(seat)
    return passed


def _passed(
    observation: Observation, found: list[Threat], furiten_rule: bool
) -> dict[int, set[int]]:
    return {t.seat: _passed_by(observation, t.seat, furiten_rule) for t in found}


def _ponds(observation: Observation, found: list[Threat]) -> dict[int, set[int]]:
    return {t.seat: {x // 4 for x in observation.seats[t.seat].discards} for t in found}


__all__ += ["Threat", "discard_danger", "kind_danger", "passed_since_turn", "shown_fan", "threats"]
