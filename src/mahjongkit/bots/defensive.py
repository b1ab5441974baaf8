"""The efficient bot with defence: it weighs pushing on against folding when a seat looks ready.

In Riichi and Hong Kong, with no threat on the table, it plays exactly as
:class:`~mahjongkit.bots.efficient.EfficientAgent` (Sichuan weighs every turn, see below).
Against a riichi, an open hand of three melds or a one-suit hand showing two (see
:func:`mahjongkit.bots.danger.threats`), it compares its own hand (shanten, and for a ready hand
the unseen winning tiles times what they pay) with the danger of the discard it would play:

* Riichi: the deal-in (the discard's danger as a chance, times the threat's likely value from
  its riichi, the dealer's seat, the dora and the yakuhai it shows, for every risky discard
  still to come) against the win (its chance from the shanten, the live winning tiles and the
  turns left, times what the hand pays, plus the threat's win it stops): a ready mangan pushes,
  a far cheap hand folds;
* Hong Kong (the discarder pays twice the base, a self-draw costs each seat the base once): a
  seat is a threat when its melds show fan (:func:`mahjongkit.bots.danger.shown_fan`), and
  every seat is one near the end of the wall; the deal-in (the danger as a chance, times twice
  the base of the fan shown and one hidden, for every risky discard still to come) is weighed
  against the win (its chance times what the hand pays); a hand one step from ready, or ready,
  folds only against a pure one-suit hand of pungs shown (``HK_BIG_FAN``), else soft defence;
* Sichuan (blood battle: a winner leaves and the others play on, a self-draw costs every seat
  still in as much as a deal-in costs the discarder, and a hand not ready at the end pays): no
  hand folds. On every turn, threat or none, it plays the discard of the best shanten whose
  worth in points (a ready hand's wait value, another's improving tiles, both measured over
  efficient games) less its expected cost is highest: the cost is what such a discard paid in
  deal-ins and fed kongs, by the copies of its kind out of sight, the wall left and its danger
  against the threats shown, times the share of it that not discarding it saves (the threat
  mostly wins anyway). A seat that has won threatens nobody, a seat's missing suit is safe
  from it. Every kong is paid at once and is a root, so one that costs the hand a step from
  ready is still made early in the wall (:attr:`DefensiveAgent.SICHUAN_KONG_STEPS`), unless it
  breaks a ready hand;
* Hong Kong, with no threat shown and :attr:`DefensiveAgent.HK_FAN_KEEP` set (off by default):
  of the discards of the best shanten that keep that share of the best one's improving tiles,
  the one whose hand heads for the most fan (a value honour pair, a one-suit hand, all pungs:
  the family's ``BotHints.fan_path``), when that is more than the efficient discard's;
* Hong Kong, with no threat shown and :attr:`DefensiveAgent.HK_STEP_FAN` set (off by default):
  a discard one step further from ready when the hand it leaves heads for that many fan more
  (a flush's off-suit tiles given up early in the wall);
* Hong Kong, when not folding, plays soft defence: of the discards that keep the best one's
  shanten and most of its improving tiles (ready: what its waits pay), the one whose worth
  scaled down by its danger is highest; the discard after the last draw is the safest. No call
  is refused there (calls are where the fan comes from). In Riichi no call is made while two
  steps or more from ready against a threat.

Folding discards the safest tile (:func:`mahjongkit.bots.danger.discard_danger`), the most
efficient among equally safe ones. Pushing in Riichi still takes a safer discard when it costs
little (the same shanten and most of the improving tiles).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from mahjongkit.bots.danger import Threat, discard_danger, shown_fan, threats
from mahjongkit.bots.efficient import EfficientAgent, HandReading
from mahjongkit.shapes import shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.tiles import NUM_KINDS, RED_FIVE_IDS
from mahjongkit.variants.base import Defence

__all__ = ["DefensiveAgent"]

# The defences as globals: an enum member read off its class is a slow attribute lookup.
_NO_DEFENCE, _POINTS, _PAYMENTS = Defence.NONE, Defence.POINTS, Defence.PAYMENTS
_PLAY_ON = Defence.PLAY_ON

FOLD_SHANTEN = 2
"""From this shanten on, any threat makes the agent fold."""
DEAL_IN_SCALE = 0.15
"""The chance of a deal-in with a discard of danger 1 (an unsafe middle tile against a
riichi): the danger scores are relative, this makes them a chance."""


class DefensiveAgent(EfficientAgent):
    """Efficient play, folding against threats when its own hand is not worth the risk."""

    SOFT_WEIGHT: ClassVar[dict[Defence, float]] = {Defence.PAYMENTS: 1.0}
    """By the family's defence. Hong Kong (soft defence): a discard of the best one's shanten
    is worth its improving tiles (ready: what its waits pay) times one less this weight times
    its danger; the best worth is played. Hong Kong's discarder pays the whole win twice
    over."""
    SOFT_FLOOR = 0.6
    """The least share of the best discard's improving tiles (or worth) a safer one keeps."""
    SOFT_KEEP = 0.1
    """The share of the best discard's improving tiles (at least four) a safer one may give up
    of what the plan keeps (a flush, a root)."""

    HK_BIG_FAN = 9
    """Hong Kong: the fan a threat must show (a pure one-suit hand of pungs) before a hand one
    step from ready, or ready, may fold against it; a smaller threat meets soft defence only."""
    HK_HIDDEN_FAN = 1
    """Hong Kong: the fan a threat is reckoned to hide beyond those its melds show."""
    HK_FOLD_SHANTEN = FOLD_SHANTEN
    """Hong Kong: from this shanten on (after the discard), a hand weighs folding against
    any threat; closer hands fold only against ``HK_BIG_FAN``. At 3, against the same bot at
    2, over 300 duplicate deals (bench/strength.py --seed 841): -0.69 ± 2.52 points a game,
    deal-ins +0.0063 ± 0.0045 a game: no gain, so it stays 2."""
    HK_GAIN_WEIGHT = 1.0
    """Hong Kong: what the win side of the fold's weighing is multiplied by (above 1: a hand
    folds less). At 3.0, against the same bot at 1.0, over 300 duplicate deals
    (bench/strength.py --seed 841): -0.03 ± 1.76 points a game: no gain, so it stays 1."""
    HK_NO_FOLD_AFTER_CALL = False
    """Hong Kong: whether a hand with an exposed meld never folds unless a threat shows
    ``HK_BIG_FAN`` (its fan is already paid for by the call). On, against the same bot off,
    over duplicate deals (bench/strength.py): +0.23 ± 0.97 points a game (300 deals, seed
    841), then +0.02 ± 1.10 and -0.30 ± 1.00 (1,000 fresh deals each, seeds 843 and 845;
    deal-ins +0.0009 a game in both): not a confirmed gain, so it is off. Against the
    efficient bot (seed 847, 1,000 deals) it scored +0.72 ± 4.33."""

    HK_FAN_KEEP = 0.0
    """Where the family names a value path (Hong Kong's fan: ``BotHints.fan_path``), with no
    threat shown: a discard of the best one's shanten that keeps at least this share of its
    improving tiles replaces it when the hand it leaves heads for more fan; 0: never (the
    default). At 0.5, against the same bot at 0, over 1,000 fresh duplicate deals of Hong Kong
    each (bench/strength.py): +5.2 ± 3.7 points a game (seed 504), -2.0 ± 3.9 (seed 505):
    not a confirmed gain, so it is off."""

    HK_STEP_FAN = 0.0
    """Where the family names a value path (Hong Kong's fan: ``BotHints.fan_path``), with no
    threat shown and at least :attr:`HK_STEP_WALL` tiles left: a discard one step further from
    ready than the best one's replaces it when the hand it leaves heads for at least this many
    fan more (a flush, three fan on its own, H-11: its off-suit tiles go even at a step); 0:
    never (the default). Against the same bot at 0, over 600 duplicate deals of Hong Kong
    (bench/strength.py --seed 861): at 1.5 (a mixed one-suit hand half reached) +0.01 ± 3.94
    points a game (535 deals differed), at 3.0 (a pure one) +0.79 ± 3.24 (490); at 3.0 over
    1,000 fresh deals (seed 863) -0.41 ± 4.06 (825): no gain shown, so it is off."""
    HK_STEP_WALL = 40
    """Hong Kong: the least tiles left in the wall for :attr:`HK_STEP_FAN` (time to make the
    step up)."""

    SOFT_KEEPS_FAN = False
    """Where the family names a value path (Hong Kong's fan: ``BotHints.fan_path``): soft
    defence of a hand not ready never takes a safer discard whose hand heads for less fan than
    the efficient discard's. False: as before (the default). On, against the same bot off,
    over 600 duplicate deals of Hong Kong (bench/strength.py --seed 821): -0.91 ± 2.59 points
    a game (29 deals differed): no gain, so it is off."""

    SICHUAN_WALL_STEP = 12
    """Sichuan: the tables below are read by the tiles left in the wall, in steps of this many
    (the last row: four steps or more)."""
    SICHUAN_PAID: ClassVar[tuple[tuple[tuple[float, float, float, float], ...], ...]] = (
        # Per wall step; per danger band (no threat shown, then a threat's danger under 0.15,
        # under 0.4, more); per copies of the kind out of sight (0-3): the points a discard
        # of the efficient bot paid on average, for deal-ins and for kongs made on it (a
        # kong fed counted at 2.7 points, what one was found to cost the discarder's round),
        # over every discard of 2,000 efficient games (bench/sichuan_costs.py paid
        # --all-suits), read monotone.
        (
            (0.03, 0.05, 0.12, 0.44),
            (0.02, 0.06, 0.13, 0.60),
            (0.13, 0.14, 0.24, 0.67),
            (0.30, 0.30, 0.32, 0.70),
        ),
        (
            (0.017, 0.031, 0.064, 0.26),
            (0.02, 0.032, 0.072, 0.30),
            (0.076, 0.092, 0.114, 0.40),
            (0.175, 0.176, 0.178, 0.40),
        ),
        (
            (0.017, 0.023, 0.038, 0.147),
            (0.02, 0.023, 0.05, 0.194),
            (0.046, 0.06, 0.075, 0.276),
            (0.10, 0.12, 0.12, 0.276),
        ),
        (
            (0.01, 0.01, 0.01, 0.047),
            (0.02, 0.02, 0.04, 0.10),
            (0.03, 0.05, 0.05, 0.10),
            (0.03, 0.05, 0.07, 0.10),
        ),
        (
            (0.0, 0.0, 0.0, 0.012),
            (0.0, 0.0, 0.0, 0.03),
            (0.0, 0.0, 0.0, 0.05),
            (0.0, 0.0, 0.0, 0.06),
        ),
    )
    SICHUAN_DODGED = 0.3
    """Sichuan: the share of such a payment that a seat saves by not making the discard,
    before the last draw. The threat mostly wins anyway, by self-draw or from another seat,
    and a kong's fourth tile may still come: played out both ways to the end of the round
    (bench/sichuan_costs.py dodged, 600 games), another discard of the same shanten saved
    0.46 of a 1.47-point deal-in (0.31) and 0.89 of a fed kong's 2.7 (0.33)."""
    SICHUAN_WORTH: ClassVar[tuple[tuple[float, float, float], ...]] = (
        # Per wall step: what the rest of the round is worth, in points, per point of a ready
        # hand's wait value (unseen winning tiles times what each pays), and per improving
        # tile of a hand one step from ready and of one further (least squares of the
        # round's result over 500,000 decisions of efficient games).
        (0.075, 0.057, 0.044),
        (0.110, 0.047, 0.032),
        (0.124, 0.041, 0.027),
        (0.127, 0.031, 0.018),
        (0.150, 0.023, 0.020),
    )
    SICHUAN_MARGIN = 0.02
    """Sichuan: the expected points a discard must gain over the efficient one to replace it."""
    SICHUAN_KONG_STEPS = 1
    """Sichuan (every kong is paid at once, and is a root): the steps from ready a kong may
    cost the hand and still be made (0: only a kong that keeps the shanten, as the efficient
    bot plays). With :attr:`SICHUAN_KONG_WALL` at 24, against the same bot at 0, over
    duplicate deals (bench/strength.py): +0.13 ± 0.11 points a game (600 deals, seed 911),
    +0.26 ± 0.14 and +0.13 ± 0.10 (1,000 fresh deals each, seeds 913 and 915)."""
    SICHUAN_KONG_WALL = 24
    """Sichuan: the least tiles left in the wall for a kong that costs the hand a step (time
    to make it up, or its money goes back at the wall's end)."""
    SICHUAN_KONG_READY = False
    """Sichuan: whether a kong that costs a step may break a ready hand."""
    SICHUAN_FLUSH_STEPS = -1
    """Sichuan (a pure suit is 2 fan, four times a plain win's money, S-06): while the hand is
    not ready, has :attr:`SICHUAN_FLUSH_TILES` tiles of one suit kept (its melds in it) and
    :attr:`SICHUAN_FLUSH_WALL` tiles are left in the wall, the steps from ready that the suit's
    tiles alone may lie beyond the whole hand's and still make the other suit's tiles go first
    and a pung or kong of them be refused (−1: never, the default). Against the same bot at
    −1, over 600 duplicate deals (bench/strength.py --seed 951): 2 steps +0.08 ± 0.32 points a
    game (deal-ins +0.020 ± 0.012 a round); 2 steps from 8 tiles with 24 left −0.05 ± 0.36;
    3 steps from 10 tiles +0.06 ± 0.29. At 2 (bench/sichuan_breakdown.py --seed 950, 200
    deals) pure-suit wins rose from 0.022 to 0.044 a game while kong money received fell 0.16
    a game: no gain, so it is off."""
    SICHUAN_FLUSH_TILES = 9
    """Sichuan: the least tiles of one suit (hand and melds) for a flush to be played for."""
    SICHUAN_FLUSH_WALL = 30
    """Sichuan: the least tiles left in the wall for a flush to be played for."""

    def _furiten_rule(self) -> bool:
        # Only where a wait in one's own pond forbids a discard win (Riichi); elsewhere furiten
        # is a passed win, until the next turn (the danger reads that from the discard order).
        return self._flow is not None and self._flow.pond_furiten

    def soft_discard(
        self,
        reading: HandReading,
        options: Sequence[tuple[tuple[float, ...], Action, int]],
        danger: Sequence[float],
    ) -> Action | None:
        """Hong Kong: among the discards of the best one's shanten that keep most
        of its improving tiles (ready: of what its waits pay) and of what the plan keeps, the
        one whose worth, scaled down by its danger, is highest; None when that is the best
        discard itself."""
        key, best, worth = options[0]
        assert best.tile is not None
        weight = self.SOFT_WEIGHT.get(reading.hints.defence, 0.0)
        first = danger[best.tile // 4]
        if first <= 0.0 or weight <= 0.0:
            return None
        ready = key[0] == 0
        base = float(worth) if ready else float(max(1, self._improving(reading, best.tile // 4)))
        choice: Action | None = None
        top = base * (1.0 - weight * first)
        for other_key, other, other_worth in options[1:]:
            if other.tile is None or other_key[0] != key[0] or danger[other.tile // 4] >= first:
                continue
            if ready:
                value = float(other_worth)
            else:
                value = float(self._improving(reading, other.tile // 4))
                # A key is what the plan keeps less the improving tiles.
                if (other_key[1] + value) - (key[1] + base) > self.SOFT_KEEP * max(base, 4.0):
                    continue
            if value < self.SOFT_FLOOR * base:
                continue
            if not ready and self.SOFT_KEEPS_FAN and self._less_fan(reading, other, best):
                continue
            scaled = value * (1.0 - weight * danger[other.tile // 4])
            if scaled > top:
                choice, top = other, scaled
        return choice

    @staticmethod
    def _less_fan(reading: HandReading, other: Action, best: Action) -> bool:
        """Whether discarding ``other`` leaves a hand heading for less fan than discarding
        ``best`` (the family's ``BotHints.fan_path``; never where it names none)."""
        fan_path = reading.hints.fan_path
        if fan_path is None or other.tile is None or best.tile is None:
            return False
        counts = list(reading.counts)
        melds, chows, honours = reading.meld_kinds, reading.meld_chows, reading.value_honours
        found = []
        for action in (other, best):
            assert action.tile is not None
            counts[action.tile // 4] -= 1
            found.append(fan_path(counts, melds, chows, honours))
            counts[action.tile // 4] += 1
        return found[0] < found[1]

    def sichuan_costs(
        self, reading: HandReading, kinds: Sequence[int], danger: Sequence[float] | None
    ) -> dict[int, float]:
        """Sichuan: the points a discard of each of ``kinds`` is expected to cost
        (:attr:`SICHUAN_PAID` times :attr:`SICHUAN_DODGED`), by the copies of the kind out of
        sight, the wall left and its danger against the threats shown (``danger``; None: no
        threat); nothing for a suit that every seat still playing is missing."""
        observation = reading.observation
        paid = self.SICHUAN_PAID[self.sichuan_step(observation.wall_remaining)]
        # The suits some seat still playing may win on (a seat never wins on its missing one).
        open_suits = {
            suit
            for seat, info in enumerate(observation.seats)
            if seat != observation.seat and not info.won
            for suit in range(3)
            if info.missing_suit != suit
        }
        left = reading.left
        share = self.SICHUAN_DODGED
        costs = {}
        for kind in kinds:
            if kind // 9 not in open_suits:
                costs[kind] = 0.0
                continue
            band = self.sichuan_band(None if danger is None else danger[kind])
            costs[kind] = share * paid[band][min(left[kind], 3)]
        return costs

    @classmethod
    def sichuan_step(cls, wall: int) -> int:
        """The row of :attr:`SICHUAN_PAID` and :attr:`SICHUAN_WORTH` for the tiles left in the
        wall."""
        return min(wall // cls.SICHUAN_WALL_STEP, len(cls.SICHUAN_PAID) - 1)

    @staticmethod
    def sichuan_band(danger: float | None) -> int:
        """The row of :attr:`SICHUAN_PAID` for a discard's danger against the threats shown
        (None: no threat)."""
        if danger is None:
            return 0
        return 1 if danger < 0.15 else 2 if danger < 0.4 else 3

    def sichuan_discard(
        self,
        reading: HandReading,
        options: Sequence[tuple[tuple[float, ...], Action, int]],
        danger: Sequence[float] | None,
    ) -> Action | None:
        """Sichuan: among the discards of the best one's shanten (a hand not ready: those
        that keep what its plan keeps), the one whose worth in points (:attr:`SICHUAN_WORTH`:
        a ready hand's by its wait value, another's by its improving tiles) less what the
        discard is expected to cost (:meth:`sichuan_costs`; ``danger``: against the threats
        shown, None: no threat) is highest, by :attr:`SICHUAN_MARGIN` at least; None when
        that is the best discard."""
        step = self.sichuan_step(reading.observation.wall_remaining)
        per_value, per_tile, per_far_tile = self.SICHUAN_WORTH[step]
        kinds = [entry[1].tile // 4 for entry in options if entry[1].tile is not None]
        cost = self.sichuan_costs(reading, kinds, danger)
        key, best, value = options[0]
        assert best.tile is not None
        ready = key[0] == 0
        first = best.tile // 4
        if ready:
            top = per_value * value
        else:
            tiles = self._improving(reading, first)
            # A key is what the plan keeps less the improving tiles.
            keep = key[1] + tiles
            scale = per_tile if key[0] < 2 else per_far_tile
            tolerance = self.SOFT_KEEP * max(tiles, 4.0)
            top = scale * tiles
        top += self.SICHUAN_MARGIN - cost[first]
        choice: Action | None = None
        for other_key, other, other_value in options[1:]:
            if other.tile is None or other_key[0] != key[0]:
                continue
            kind = other.tile // 4
            if ready:
                points = per_value * other_value
            else:
                other_tiles = self._improving(reading, kind)
                if other_key[1] + other_tiles - keep > tolerance:
                    continue
                points = scale * other_tiles
            scored = points - cost[kind]
            if scored > top:
                choice, top = other, scored
        return choice

    @staticmethod
    def safest(
        options: Sequence[tuple[tuple[float, ...], Action, int]], danger: Sequence[float]
    ) -> Action:
        """The least dangerous discard of ``options`` (to three places), the first in their
        order among equally safe ones: a fold, and Hong Kong's discard after the last draw,
        when only a deal-in is left to happen."""
        rank = {id(entry[1]): index for index, entry in enumerate(options)}
        return min(
            options,
            key=lambda entry: (
                (round(danger[entry[1].tile // 4], 3), rank[id(entry[1])])
                if entry[1].tile is not None
                else (2.0, 0)
            ),
        )[1]

    @staticmethod
    def _improving(reading: HandReading, kind: int) -> int:
        _, kinds = reading.after_discards((kind,))[kind]
        return reading.tiles_of(kind, kinds, reading.plan)

    def _big_hand(self, reading: HandReading) -> bool:
        """A hand worth a risk one step from ready: dora, a yakuhai pung, a flush in the making."""
        counts = reading.counts
        if reading.capabilities.dora:
            dora = sum(reading.dora[k] * c for k, c in enumerate(counts))
            dora += sum(1 for t in reading.hand if t in (16, 52, 88))
            return dora >= 3
        tally = reading.suit_tally()
        total = sum(tally) + reading.honour_count()
        return max(tally) + reading.honour_count() >= total - 1

    def threat_value(self, reading: HandReading, found: Sequence[Threat]) -> int:
        """Riichi: the points a deal-in is likely to cost against the worst threat: a riichi
        about a mangan's half (more with the dora open on the table), an open hand less unless
        it shows dora or a yakuhai pung; a dealer's win half again as much."""
        observation = reading.observation
        worst = 0
        for threat in found:
            info = observation.seats[threat.seat]
            value = 5200 if info.riichi else 2600
            for meld in info.melds:
                value += 1300 * sum(reading.dora[t // 4] for t in meld.tiles if t < 4 * NUM_KINDS)
                if meld.tiles and reading.value_honours.get(meld.tiles[0] // 4):
                    value += 1000
            value += 1300 * sum(reading.dora)  # each indicator: a dora the hand may hold
            if threat.seat == observation.dealer:
                value = value * 3 // 2
            worst = max(worst, min(value, 24000))
        return worst

    def own_value(self, reading: HandReading, shanten_after: int, worth: int, live: int) -> int:
        """Riichi: what a win of this hand pays (ready: the scorer's figure per winning tile)."""
        if shanten_after == 0 and live > 0 and worth > 0:
            return worth // live
        counts = reading.counts
        dora = sum(reading.dora[k] * c for k, c in enumerate(counts))
        dora += sum(1 for t in reading.hand if t in RED_FIVE_IDS)
        value = 2000 if not reading.open else 1000
        value += 1500 * dora
        if any(reading.value_honours.get(k) and counts[k] >= 2 for k in range(27, NUM_KINDS)):
            value += 1000
        if reading.seat_wind == 0:
            value = value * 3 // 2
        return value

    def should_fold(
        self,
        reading: HandReading,
        shanten_after: int,
        worth: int,
        danger: float,
        found: Sequence[Threat] = (),
        live: int = 0,
    ) -> bool:
        """Whether to give up on the hand, given the best discard's shanten, its value when it
        leaves a ready hand (``live``: its unseen winning tiles) and its danger.

        Riichi weighs the deal-in (the danger, as a chance, times the threat's likely value,
        for every risky discard still to come) against the win (its chance from the shanten,
        the live tiles and the turns left, times what the hand pays, plus the threat's win it
        stops). Hong Kong weighs the same way with its own figures, Sichuan keeps a simple
        rule (see the module text)."""
        if danger <= 0.05:
            return False
        defence = reading.hints.defence
        if defence is _PLAY_ON or defence is _NO_DEFENCE:
            # Blood battle: a hand given up still pays at the end (no ready hand), and a
            # threat spared a deal-in mostly wins anyway, by self-draw, from every seat still
            # in: no hand folds (its turn weighs each discard's cost instead: sichuan_discard).
            return False
        if defence is _PAYMENTS:
            return self._hong_kong_fold(reading, shanten_after, worth, danger, found, live)
        chance = self.win_chance(reading, shanten_after, live)
        threat = self.threat_value(reading, found)
        gain = chance * (self.own_value(reading, shanten_after, worth, live) + 0.5 * threat)
        risk = DEAL_IN_SCALE * danger * threat * (1 + shanten_after)
        return risk > gain

    @staticmethod
    def win_chance(reading: HandReading, shanten_after: int, live: int) -> float:
        """A rough chance that the hand still wins, from its shanten, its live winning tiles
        (ready) and the turns left."""
        players = len(reading.observation.seats)
        turns = reading.observation.wall_remaining / players
        if shanten_after == 0:
            per_turn = min(0.45, live * 0.03)
            return 1.0 - float((1.0 - per_turn) ** max(turns, 0.0))
        if shanten_after == 1:
            return 0.35 * min(1.0, turns / 12.0)
        return 0.10 * min(1.0, turns / 15.0) * min(1.0, turns / 15.0)

    def hong_kong_deal_in(self, reading: HandReading, found: Sequence[Threat]) -> int:
        """Hong Kong: what a deal-in is likely to cost against the worst threat: the discarder
        pays twice the base of the fan its melds show and a fan more it hides (at least the
        minimum), under the limit."""
        rules = self.rules
        hints = reading.hints
        assert hints.payment is not None and hints.value_limit is not None
        floor = reading.capabilities.minimum_value(rules)
        limit = hints.value_limit(rules)
        fan = max((shown_fan(reading.observation, t.seat) for t in found), default=0)
        return 2 * hints.payment(min(limit, max(floor, fan + self.HK_HIDDEN_FAN)), rules)

    def _hong_kong_fold(
        self,
        reading: HandReading,
        shanten_after: int,
        worth: int,
        danger: float,
        found: Sequence[Threat],
        live: int,
    ) -> bool:
        """Hong Kong (the discarder pays the whole win, twice a self-draw share): a hand two
        steps or more from ready, or any hand against a threat showing ``HK_BIG_FAN``, folds
        when the deal-in (the danger as a chance, times what the threat's shown fan is likely to
        cost, for every risky discard still to come) outweighs the win (its chance times what
        the hand pays: the scorer's figure when ready, else a minimum hand's)."""
        if (
            shanten_after < self.HK_FOLD_SHANTEN or (self.HK_NO_FOLD_AFTER_CALL and reading.open)
        ) and (
            max((shown_fan(reading.observation, t.seat) for t in found), default=0)
            < self.HK_BIG_FAN
        ):
            # Soft defence alone (see soft_discard) keeps most deal-ins away from a hand this
            # close: folding it gave up about three wins for every deal-in it saved.
            return False
        cost = self.hong_kong_deal_in(reading, found)
        if shanten_after == 0 and live > 0 and worth > 0:
            own = worth / live
        else:
            floor = reading.capabilities.minimum_value(self.rules)
            payment = reading.hints.payment
            assert payment is not None
            own = 3.0 * payment(floor + (1 if self._big_hand(reading) else 0), self.rules)
        gain = self.HK_GAIN_WEIGHT * self.win_chance(reading, shanten_after, live) * own
        risk = DEAL_IN_SCALE * danger * cost * (1 + shanten_after)
        return risk > gain

    def fan_discard(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """The discard of the best shanten (not ready) that keeps :attr:`HK_FAN_KEEP` of the
        best one's improving tiles and leaves the hand that heads for the most value (the
        family's ``BotHints.fan_path``), when that is more than the best one's; None
        otherwise."""
        fan_path = reading.hints.fan_path
        if fan_path is None:
            return None
        ranking = self.discard_ranking(reading, legal)
        if ranking is None:
            return None
        band = ranking.first_band()
        counts = list(reading.counts)
        melds, chows, honours = reading.meld_kinds, reading.meld_chows, reading.value_honours
        paths: dict[int, float] = {}
        for kind in band:
            counts[kind] -= 1
            paths[kind] = fan_path(counts, melds, chows, honours)
            counts[kind] += 1
        if len(set(paths.values())) < 2:
            # Every close discard heads for as much: the improving tiles are not worked out.
            return None
        entries = ranking.entries(band)
        key, best, _ = entries[0]
        if key[0] < 1 or best.tile is None:
            return None
        floor = self.HK_FAN_KEEP * self._improving(reading, best.tile // 4)
        top = paths[best.tile // 4]
        choice: Action | None = None
        for other_key, other, _ in entries[1:]:
            if other.tile is None or other_key[0] != key[0]:
                continue
            kind = other.tile // 4
            if self._improving(reading, kind) < floor:
                continue
            found = paths[kind]
            if found > top:
                choice, top = other, found
        return choice

    def fan_step_discard(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """The discard of at most one step more than the best one's shanten (not ready) that
        leaves the hand heading for the most value (the family's ``BotHints.fan_path``), when
        that is :attr:`HK_STEP_FAN` or more above the best one's and at least
        :attr:`HK_STEP_WALL` tiles are left; None otherwise (and when the setting is 0)."""
        fan_path = reading.hints.fan_path
        if (
            fan_path is None
            or self.HK_STEP_FAN <= 0.0
            or reading.observation.wall_remaining < self.HK_STEP_WALL
        ):
            return None
        ranking = self.discard_ranking(reading, legal)
        if ranking is None:
            return None
        after = reading.shanten_after()
        best_shanten = min(after[kind] for kind in ranking.kinds)
        _, best, _ = ranking.top()
        if best.tile is None or best_shanten < 1:
            # A ready hand (even one whose wait wins nothing) is never set back further.
            return None
        counts = list(reading.counts)
        melds, chows, honours = reading.meld_kinds, reading.meld_chows, reading.value_honours

        def path(kind: int) -> float:
            counts[kind] -= 1
            found = fan_path(counts, melds, chows, honours)
            counts[kind] += 1
            return found

        top = path(best.tile // 4) + self.HK_STEP_FAN
        choice: Action | None = None
        near = [kind for kind in ranking.kinds if after[kind] <= best_shanten + 1]
        for _, other, _ in ranking.entries(near):
            if other.tile is None:
                continue
            found = path(other.tile // 4)
            if found >= top:
                # The first in the ranking's order of the most fan: ties keep the hand fastest.
                choice, top = other, found + 1e-9
        return choice

    def turn(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """Fold or push on this seat's turn (see the module text)."""
        observation = reading.observation
        defence = reading.hints.defence
        if defence is _PLAY_ON:
            return self._sichuan_turn(reading, legal)
        if observation.own.riichi or defence is _NO_DEFENCE:
            return super().turn(reading, legal)
        found = threats(observation)
        if not found:
            if reading.hints.fan_path is not None and (
                self.HK_FAN_KEEP > 0.0 or self.HK_STEP_FAN > 0.0
            ):
                kong = self._turn_kong(reading, legal)
                if kong is not None:
                    return kong
                fan = self.fan_step_discard(reading, legal)
                if fan is None and self.HK_FAN_KEEP > 0.0:
                    fan = self.fan_discard(reading, legal)
                if fan is not None:
                    return fan
            return super().turn(reading, legal)
        # The exact ranking, worked out entry by entry: pushing (soft defence, a safer push in
        # Riichi) chooses among the best band's discards only, so only their danger and keys
        # are needed; folding and the last discard also weigh the safest tiles of the hand.
        ranking = self.discard_ranking(reading, legal)
        if ranking is None:
            return super().turn(reading, legal)
        furiten_rule = self._furiten_rule()
        band = ranking.first_band()
        seen = reading.seen()
        danger = discard_danger(observation, furiten_rule, found, band, seen)

        def every_kind() -> tuple[list[float], list[tuple[tuple[float, ...], Action, int]]]:
            """The danger of every kind held, and the entries a defence may then choose."""
            whole = discard_danger(observation, furiten_rule, found, ranking.kinds, seen)
            return whole, ranking.choosable(whole)

        key, action, worth = ranking.top()
        assert action.tile is not None
        shanten_after = int(key[0])
        live = 0
        if shanten_after == 0:
            after, waits = reading.after_discards((action.tile // 4,))[action.tile // 4]
            live = reading.tiles_of(action.tile // 4, waits, None) if after == 0 else 0
        if self.should_fold(reading, shanten_after, worth, danger[action.tile // 4], found, live):
            # The safest tile; among equally safe ones, the best for the hand.
            danger, options = every_kind()
            return self.safest(options, danger)
        if defence is _PAYMENTS:
            # Pushing in Hong Kong: the efficient hand, unless a tile of the same
            # shanten and nearly as many improving tiles is clearly safer (soft defence).
            if observation.wall_remaining == 0:
                danger, options = every_kind()
                return self.safest(options, danger)
            kong = self._turn_kong(reading, legal)
            if kong is not None:
                return kong
            soft = self.soft_discard(reading, ranking.entries(band), danger)
            return soft if soft is not None else self.turn_without_kong(reading, legal)
        # Pushing: a safer discard of the same shanten that keeps most of the hand's chances.
        if key[0] >= 1:
            for other_key, other, _ in ranking.entries(band)[1:4]:
                if other.tile is None or other_key[0] != key[0]:
                    continue
                if (
                    danger[other.tile // 4] + 0.25 < danger[action.tile // 4]
                    and -other_key[1] >= 0.8 * -key[1]
                ):
                    action = other
                    break
        riichi = next((a for a in legal if a.type == A.RIICHI and a.tile == action.tile), None)
        if riichi is not None and shanten_after == 0 and self.wants_riichi(reading, action, worth):
            return riichi
        kong = self._turn_kong(reading, legal)
        if kong is not None and shanten_after <= 1:
            return kong
        return action

    def sichuan_kong_wanted(self, reading: HandReading, before: int, after: int) -> bool:
        """Sichuan: whether a kong that leaves the hand ``after`` steps from ready (it was
        ``before``) is worth its money: one that keeps the shanten always; one that costs at
        most :attr:`SICHUAN_KONG_STEPS` steps with :attr:`SICHUAN_KONG_WALL` tiles left in the
        wall, and a ready hand only under :attr:`SICHUAN_KONG_READY`."""
        if after <= before:
            return True
        if after - before > self.SICHUAN_KONG_STEPS:
            return False
        if before <= 0 and not self.SICHUAN_KONG_READY:
            return False
        return reading.observation.wall_remaining >= self.SICHUAN_KONG_WALL

    def sichuan_turn_kong(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """Sichuan: a concealed or added kong of a kind outside the missing suit that
        :meth:`sichuan_kong_wanted` takes (the efficient bot's kong first, when it makes one)."""
        kong = self._turn_kong(reading, legal)
        if kong is not None or self.SICHUAN_KONG_STEPS <= 0:
            return kong
        counts = reading.counts
        missing = reading.observation.own.missing_suit
        before: int | None = None
        for action in legal:
            if action.type not in (A.ANKAN, A.KAKAN):
                continue
            tile = action.tile if action.tile is not None else action.consumed[0]
            kind = tile // 4
            if missing is not None and kind // 9 == missing:
                continue
            if before is None:
                # The 14 tiles' shanten: the best a discard leaves.
                before = shanten(counts, reading.melds, reading.shape)
            after_counts = list(counts)
            if action.type == A.ANKAN:
                after_counts[kind] = 0
                after = shanten(after_counts, reading.melds + 1, reading.shape)
            else:
                after_counts[kind] -= 1
                after = shanten(after_counts, reading.melds, reading.shape)
            if self.sichuan_kong_wanted(reading, before, after):
                return action
        return None

    def sichuan_claim_kong(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """Sichuan: a kong on another seat's discard that :meth:`sichuan_kong_wanted` takes
        where the efficient bot would not (None: leave the call to it)."""
        if self.SICHUAN_KONG_STEPS <= 0:
            return None
        kong = next((a for a in legal if a.type == A.KAN and a.tile is not None), None)
        if kong is None or kong.tile is None:
            return None
        kind = kong.tile // 4
        missing = reading.observation.own.missing_suit
        if missing is not None and kind // 9 == missing:
            return None
        counts = reading.counts
        before = shanten(counts, reading.melds, reading.shape)
        after_counts = list(counts)
        for tile in kong.consumed:
            after_counts[tile // 4] -= 1
        after = shanten(after_counts, reading.melds + 1, reading.shape)
        if after <= before:
            return None  # the efficient bot weighs it against a pung
        return kong if self.sichuan_kong_wanted(reading, before, after) else None

    def sichuan_flush_suit(self, reading: HandReading) -> int | None:
        """Sichuan: the suit a flush is played for (:attr:`SICHUAN_FLUSH_STEPS`), None when
        none is: the kept suit of the most tiles (hand and melds), with every meld in it,
        :attr:`SICHUAN_FLUSH_TILES` tiles of it, :attr:`SICHUAN_FLUSH_WALL` tiles left, the
        hand not ready (after its best discard, on a turn) and the suit's tiles alone at most
        :attr:`SICHUAN_FLUSH_STEPS` steps further from ready than the whole hand."""
        steps = self.SICHUAN_FLUSH_STEPS
        observation = reading.observation
        missing = observation.own.missing_suit
        if steps < 0 or missing is None or observation.wall_remaining < self.SICHUAN_FLUSH_WALL:
            return None
        tally = reading.suit_tally()
        main = max((suit for suit in range(3) if suit != missing), key=tally.__getitem__)
        if tally[main] < self.SICHUAN_FLUSH_TILES:
            return None
        if any(kind >= 27 or kind // 9 != main for kind in reading.meld_kinds):
            return None
        counts = reading.counts
        whole = shanten(counts, reading.melds, reading.shape)
        if whole <= 0:
            return None
        suited = [0] * len(counts)
        suited[main * 9 : main * 9 + 9] = counts[main * 9 : main * 9 + 9]
        alone = shanten(suited, reading.melds, reading.shape)
        return main if alone - whole <= steps else None

    def sichuan_flush_discard(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """Sichuan: the discard of the other kept suit that leaves the best hand, while a
        flush is played for (:meth:`sichuan_flush_suit`); None when none is, or no such tile
        may go."""
        if self.SICHUAN_FLUSH_STEPS < 0:
            return None
        main = self.sichuan_flush_suit(reading)
        if main is None:
            return None
        missing = reading.observation.own.missing_suit
        ranking = self.discard_ranking(reading, legal)
        if ranking is None:
            return None
        off = [k for k in ranking.kinds if k < 27 and k // 9 != main and k // 9 != missing]
        if not off:
            return None
        return ranking.entries(off)[0][1]

    def _sichuan_turn(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """Sichuan's turn: a kong worth making, else the discard of the best shanten with the
        most expected points less its expected cost (:meth:`sichuan_discard`), threat or none."""
        kong = self.sichuan_turn_kong(reading, legal)
        if kong is not None:
            return kong
        flush = self.sichuan_flush_discard(reading, legal)
        if flush is not None:
            return flush
        observation = reading.observation
        found = threats(observation)
        # After the last draw only a deal-in is left to happen (no self-draw, no kong), so a
        # payment not made is saved whole and the waits' worth no longer counts: the discard
        # of the best band that is expected to cost least goes.
        last = observation.wall_remaining == 0
        if self.nothing_to_weigh(reading, legal):
            # Every discard leaves the same hand (tiles of the missing suit): only the cost
            # tells them apart.
            efficient = self.turn_without_kong(reading, legal)
            found_discards = self._discards(reading, legal)
            if efficient.tile is None or found_discards is None or len(found_discards[0]) < 2:
                return efficient
            by_kind = found_discards[0]
            kinds = list(by_kind)
            shown = discard_danger(observation, False, found, kinds, reading.seen())
            cost = self.sichuan_costs(reading, kinds, shown if found else None)
            if last:
                return by_kind[min(kinds, key=lambda kind: round(cost[kind], 3))]
            low = min(kinds, key=cost.__getitem__)
            if cost[low] + self.SICHUAN_MARGIN < cost[efficient.tile // 4]:
                return by_kind[low]
            return efficient
        # A hand that no discard makes ready weighs its best shanten's discards alone, whose
        # first is the efficient discard (Sichuan has no riichi and no abortive draw).
        entries = self.best_shanten_entries(reading, legal)
        if entries is not None:
            band = [entry[1].tile // 4 for entry in entries if entry[1].tile is not None]
            efficient_first: Action | None = entries[0][1]
        else:
            ranking = self.discard_ranking(reading, legal)
            if ranking is None:
                return self.turn_without_kong(reading, legal)
            band = ranking.first_band()
            if len(band) == 1:
                # One discard of the best band (the ranking's first): nothing to weigh it against.
                return ranking.by_kind[band[0]]
            entries = ranking.entries(band)
            efficient_first = None
        danger = discard_danger(observation, False, found, band, reading.seen()) if found else None
        if last:
            cost = self.sichuan_costs(reading, band, danger)
            first = entries[0][0][0]
            return min(
                (entry for entry in entries if entry[0][0] == first),
                key=lambda entry: (
                    round(cost[entry[1].tile // 4], 3) if entry[1].tile is not None else 2.0
                ),
            )[1]
        choice = self.sichuan_discard(reading, entries, danger)
        if choice is not None:
            return choice
        if efficient_first is not None:
            return efficient_first
        return self.turn_without_kong(reading, legal)

    def sichuan_flush_refusal(self, reading: HandReading, legal: Sequence[Action]) -> Action | None:
        """Sichuan: pass on a pung or kong of a tile off the suit a flush is played for
        (:meth:`sichuan_flush_suit`), when no win is offered; None: no such refusal."""
        if self.SICHUAN_FLUSH_STEPS < 0:
            return None
        passing = next((a for a in legal if a.type == A.PASS), None)
        calls = [a for a in legal if a.type in (A.PON, A.KAN) and a.tile is not None]
        if passing is None or not calls or any(a.type == A.RON for a in legal):
            return None
        main = self.sichuan_flush_suit(reading)
        if main is None:
            return None
        if all(a.tile is not None and a.tile // 36 == main for a in calls):
            return None
        return passing

    def claim(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """No call while folding; otherwise the efficient call."""
        # Only a defence by points (Riichi) refuses calls against a threat: the others never
        # look for one.
        if reading.hints.defence is _PLAY_ON:
            refused = self.sichuan_flush_refusal(reading, legal)
            if refused is not None:
                return refused
            kong = self.sichuan_claim_kong(reading, legal)
            if kong is not None:
                return kong
        found: list[Threat] = (
            threats(reading.observation) if reading.hints.defence is _POINTS else []
        )
        if found and shanten(reading.counts, reading.melds, reading.shape) >= FOLD_SHANTEN:
            return next((a for a in legal if a.type == A.PASS), legal[0])
        return super().claim(reading, legal)
