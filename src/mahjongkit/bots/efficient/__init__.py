"""A variant-aware tile-efficiency bot: the fastest hand that is worth something.

The agent reads only its :class:`~mahjongkit.game.observation.Observation` and asks the library
every rule question: shanten and improving tiles come from :mod:`mahjongkit.shapes`, and what a
ready hand's waits are worth (or that they win nothing: no yaku, below the minimum fan) from the
variant's own scorer. What is left to the agent is judgement:

* a discard is chosen by shanten first, then by the unseen tiles that improve the hand, less a
  value for the tiles worth keeping (a yakuhai pair, dora, a flush in the making, pairs towards
  all pungs or seven pairs), plus a bonus for tiles the plan wants gone (the missing suit, off-suit
  tiles of a flush, terminals when all simples is in reach);
* a ready hand whose waits all win nothing counts as not ready unless riichi can be declared with
  it: the bot does not sit on a dead hand;
* riichi is declared on a live wait unless the hand is already worth a mangan quietly;
* calls are made only when the meld lowers the shanten and the hand keeps a path to a legal win
  (Riichi: yakuhai, open all simples where the rules allow it, a flush; Hong Kong: enough fan for
  the minimum from honour pungs, a flush or all pungs; Sichuan: pungs and kongs of the suits kept);
* Sichuan: gives away and declares the weakest suit, and clears it first.

Choices depend on nothing but the observation, so a game of these bots is the same from one run
to the next.

The package is split by concern: :mod:`.reading` (what a decision reads off the observation),
:mod:`.value` (what a ready hand is worth), :mod:`.discards` (which tile goes, and the
ranking), :mod:`.calls` (kongs and calls), :mod:`.opening` (a missing suit's exchange and
declaration) and :mod:`.agent` (the protocol's entry and the turn). What the family plays for
comes from its record's capabilities and bot hints, never from its name.
"""

from __future__ import annotations

from mahjongkit.bots.efficient.agent import EfficientAgent
from mahjongkit.bots.efficient.discards import DiscardRanking, Entry
from mahjongkit.bots.efficient.reading import HandReading

__all__ = ["DiscardRanking", "EfficientAgent", "Entry", "HandReading"]
