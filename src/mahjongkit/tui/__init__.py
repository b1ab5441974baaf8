"""``mahjongkit play``: a terminal game of Riichi, Hong Kong or Sichuan against bots.

The application (:mod:`.app`) needs the optional extra ``mahjongkit[tui]`` (textual); the
session (:mod:`.session`) and the words and tiles it shows (:mod:`.view`) need nothing but the
library, and read the game only through ``game.observation(seat)`` and its legal actions.
"""

from __future__ import annotations
