"""How dangerous each tile of a hand is to discard against players in riichi, from what is open.

Only what one seat sees counts (its :class:`~mahjongkit.game.observation.Observation`): a tile
every riichi player has discarded, or has let go by since declaring (any seat's discard after
the riichi tile: a riichi hand that passes a winning tile is furiten for good), is safe; a
suited tile whose suji partners (three apart) they all discarded is fairly safe against a
two-sided wait; an honour is judged by how many copies are already in sight. Anything else is
dangerous.

:func:`discard_danger` puts a number on it for every family, against every threat (a riichi,
an open hand that looks ready or a one-suit hand in the making): genbutsu under a furiten rule,
the threat's missing suit in Sichuan, suji, kabe, honours by the copies seen, the suit an open
hand shows; in every family the tiles a threat let go by since its last turn (it would have
won on them: :func:`passed_since_turn`). Hong Kong and Sichuan threats add up (the chance that
any of them wins on the tile), since neither family announces a ready hand.

>>> SAFE < SUJI < HONOUR < UNSAFE
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mahjongkit.game.observation import Observation, SeatInfo
from mahjongkit.tiles import NUM_KINDS, counts_of_ids

SAFE, SUJI, HONOUR, UNSAFE = range(4)
"""Danger levels, safest first."""

__all__ = ["HONOUR", "SAFE", "SUJI", "UNSAFE", "Danger", "danger_by_kind", "riichi_seats"]


@dataclass(frozen=True, slots=True)
class Danger:
    """The danger of discarding one kind: its level and, for an honour, the copies seen."""

    kind: int
    level: int
    seen: int = 0


def riichi_seats(observation: Observation) -> list[int]:
    """The other seats in riichi."""
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
    """The danger of each kind in the observer's hand against every riichi (none: empty)."""
    threats = riichi_seats(observation)
    if not threats:
        return []
    ponds = [
        {t // 4 for t in observation.seats[seat].discards} | observation.passed_since_riichi(seat)
        for seat in threats
    ]
    seen_ids: list[int] = [*observation.hand, *observation.dora_indicators]
    for info in observation.seats:
        seen_ids.extend(t for t in info.discards if t < 4 * NUM_KINDS)
        for meld in info.melds:
            seen_ids.extend(meld.tiles)
    seen = counts_of_ids(seen_ids)
    out = []
    for kind in sorted({t // 4 for t in observation.hand if t < 4 * NUM_KINDS}):
        if all(kind in pond for pond in ponds):
            out.append(Danger(kind, SAFE))
        elif kind >= 27:
            out.append(Danger(kind, HONOUR, seen[kind]))
        elif all(all(partner in pond for partner in _suji_partners(kind)) for pond in ponds):
            out.append(Danger(kind, SUJI))
        else:
            out.append(Danger(kind, UNSAFE))
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


def threats(observation: Observation) -> list[Threat]:
    """The other seats still playing that may be ready: a riichi, three melds or more, or two
    melds that show a one-suit hand. In Sichuan a seat that has won is out of the hand (blood
    battle) and threatens nobody; late in a Sichuan hand every seat still in it with two melds
    is a threat, since there is no riichi to announce a ready hand. In Hong Kong a hand must
    show fan to be a threat (:func:`shown_fan`): three melds of mixed chows are a weak one, two
    melds of one suit or of pungs a real one."""
    out = []
    hong_kong = observation.variant == "hongkong"
    for seat, info in enumerate(observation.seats):
        if seat == observation.seat or info.won:
            continue
        melds = len(info.melds)
        if hong_kong:
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
            or (observation.variant == "sichuan" and observation.wall_remaining < 24)
        ):
            out.append(Threat(seat, FLUSH_THREAT, suit, honours))
        elif observation.variant == "sichuan" and _sichuan_late_and_clear(observation, info):
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
    if info.missing_suit is not None and kind < 27 and kind // 9 == info.missing_suit:
        return 0.0
    if passed is None:
        passed = passed_since_turn(observation, threat.seat)
        if furiten_rule and info.riichi:
            passed |= observation.passed_since_riichi(threat.seat)
    if kind in passed:
        return 0.0
    if pond is None:
        pond = {t // 4 for t in info.discards}
    in_pond = kind in pond
    if in_pond and furiten_rule:
        return 0.0
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
    passed = {}
    for threat in found:
        safe = passed_since_turn(observation, threat.seat)
        if furiten_rule and observation.seats[threat.seat].riichi:
            safe |= observation.passed_since_riichi(threat.seat)
        passed[threat.seat] = safe
    ponds = {t.seat: {x // 4 for x in observation.seats[t.seat].discards} for t in found}
    worst = observation.variant == "riichi"
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
        if worst:
            out[kind] = max(dangers)
        else:
            escape = 1.0
            for danger in dangers:
                escape *= 1.0 - danger
            out[kind] = 1.0 - escape
    return out


__all__ += ["Threat", "discard_danger", "kind_danger", "passed_since_turn", "shown_fan", "threats"]
