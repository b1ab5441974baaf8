"""The efficient bot with defence: it weighs pushing on against folding when a seat looks ready.

With no threat on the table it plays exactly as :class:`~mahjongkit.bots.efficient.EfficientAgent`.
Against a riichi, an open hand of three melds or a one-suit hand showing two (see
:func:`mahjongkit.bots.danger.threats`), it compares its own hand (shanten, and for a ready hand
the unseen winning tiles times what they pay) with the danger of the discard it would play:

* Riichi: the deal-in (the discard's danger as a chance, times the threat's likely value from
  its riichi, the dealer's seat, the dora and the yakuhai it shows, for every risky discard
  still to come) against the win (its chance from the shanten, the live winning tiles and the
  turns left, times what the hand pays, plus the threat's win it stops): a ready mangan pushes,
  a far cheap hand folds;
* Hong Kong (the discarder pays all, but three fan are needed): a seat is a threat only when
  its melds show fan (:func:`mahjongkit.bots.danger.shown_fan`); most wins are self-drawn, so
  only a hand two steps or more from ready gives way, and only to a clear danger;
* Sichuan (blood battle: a winner leaves and the others play on, and a hand not ready at the
  end pays): only a far hand gives way, and only to a clear danger (a threat's missing suit is
  safe); a seat that has won threatens nobody;
* Hong Kong and Sichuan push with the efficient play itself; no call is refused there (calls
  are where the fan comes from). In Riichi no call is made while two steps or more from
  ready against a threat.

Folding discards the safest tile (:func:`mahjongkit.bots.danger.discard_danger`), the most
efficient among equally safe ones. Pushing in Riichi still takes a safer discard when it costs
little (the same shanten and most of the improving tiles).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjongkit.bots.danger import Threat, discard_danger, threats
from mahjongkit.bots.efficient import EfficientAgent, HandReading
from mahjongkit.shapes import shanten
from mahjongkit.table import actions as A
from mahjongkit.table.actions import Action
from mahjongkit.table.flow import Flow
from mahjongkit.tiles import NUM_KINDS, RED_FIVE_IDS

__all__ = ["DefensiveAgent"]

FOLD_SHANTEN = 2
"""From this shanten on, any threat makes the agent fold."""
DEAL_IN_SCALE = 0.15
"""The chance of a deal-in with a discard of danger 1 (an unsafe middle tile against a
riichi): the danger scores are relative, this makes them a chance."""


class DefensiveAgent(EfficientAgent):
    """Efficient play, folding against threats when its own hand is not worth the risk."""

    def _furiten_rule(self) -> bool:
        return self._flow is not None and type(self._flow).furiten is not Flow.furiten

    def _big_hand(self, reading: HandReading) -> bool:
        """A hand worth a risk one step from ready: dora, a yakuhai pung, a flush in the making."""
        counts = reading.counts
        if reading.variant == "riichi":
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
        stops). The other families keep simpler rules (see the module text)."""
        if danger <= 0.05:
            return False
        if reading.variant == "sichuan":
            # Blood battle: most hands are ready soon and nobody announces it, and a hand given
            # up still pays at the end (no ready hand). Only a far hand gives way to a danger.
            return shanten_after >= FOLD_SHANTEN and danger > 0.6
        if reading.variant != "riichi":
            # Hong Kong: the discarder pays the whole win, but a threat's danger is already
            # scaled by the fan it shows; a far hand gives way to any real danger, a near one
            # only to a clear one, a ready hand only when it has few tiles left to win on.
            big = self._big_hand(reading)
            return shanten_after >= FOLD_SHANTEN and danger > (0.7 if big else 0.5)
        players = len(reading.observation.seats)
        turns = reading.observation.wall_remaining / players
        if shanten_after == 0:
            per_turn = min(0.45, live * 0.03)
            chance = 1.0 - float((1.0 - per_turn) ** max(turns, 0.0))
        elif shanten_after == 1:
            chance = 0.35 * min(1.0, turns / 12.0)
        else:
            chance = 0.10 * min(1.0, turns / 15.0) * min(1.0, turns / 15.0)
        threat = self.threat_value(reading, found)
        gain = chance * (self.own_value(reading, shanten_after, worth, live) + 0.5 * threat)
        risk = DEAL_IN_SCALE * danger * threat * (1 + shanten_after)
        return risk > gain

    def turn(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """Fold or push on this seat's turn (see the module text)."""
        observation = reading.observation
        if observation.own.riichi:
            return super().turn(reading, legal)
        found = threats(observation)
        if not found:
            return super().turn(reading, legal)
        # Outside Riichi the fold test reads only the first discard's shanten and danger, which
        # the cheap ranking gets right unless it weighs nothing; the exact order is wanted only
        # to fold.
        exact = reading.variant == "riichi" or self.weighs_nothing(reading, legal)
        options = self.discard_options(reading, legal, exact=exact)
        if not options:
            return super().turn(reading, legal)
        held = {entry[1].tile // 4 for entry in options if entry[1].tile is not None}
        danger = discard_danger(observation, self._furiten_rule(), found, held)
        key, action, worth = options[0]
        assert action.tile is not None
        shanten_after = int(key[0])
        live = 0
        if shanten_after == 0:
            after, waits = reading.after_discards((action.tile // 4,))[action.tile // 4]
            live = reading.tiles_of(action.tile // 4, waits, None) if after == 0 else 0
        if self.should_fold(reading, shanten_after, worth, danger[action.tile // 4], found, live):
            # The safest tile; among equally safe ones, the best for the hand.
            if not exact:
                options = self.discard_options(reading, legal)
            rank = {id(entry[1]): index for index, entry in enumerate(options)}
            safest = min(
                options,
                key=lambda entry: (
                    (round(danger[entry[1].tile // 4], 3), rank[id(entry[1])])
                    if entry[1].tile is not None
                    else (2.0, 0)
                ),
            )
            return safest[1]
        if reading.variant != "riichi":
            # Pushing in Hong Kong or Sichuan is playing the efficient hand: without a furiten
            # rule (Hong Kong) or with a threat's waits hidden (Sichuan) a "safer" tile of the
            # same shape is seldom safer, and it costs the hand its best tile.
            return super().turn(reading, legal)
        # Pushing: a safer discard of the same shanten that keeps most of the hand's chances.
        if key[0] >= 1:
            for other_key, other, _ in options[1:4]:
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

    def claim(self, reading: HandReading, legal: Sequence[Action]) -> Action:
        """No call while folding; otherwise the efficient call."""
        found: list[Threat] = threats(reading.observation)
        if (
            found
            and reading.variant == "riichi"
            and shanten(reading.counts, reading.melds, reading.shape) >= FOLD_SHANTEN
        ):
            return next((a for a in legal if a.type == A.PASS), legal[0])
        return super().claim(reading, legal)
