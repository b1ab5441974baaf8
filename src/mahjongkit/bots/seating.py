"""Who plays each seat of a simulated table: bot names, their agents and every game's seed.

A table is seated by names (:data:`BOTS`, or ``mjai:COMMAND`` for an external mjai program,
hosted as :class:`Hosting` says); :func:`make_agents` makes fresh agents for one game, a
random one seeded from the game's seed and its seat, so that a game depends on nothing but its
seed. :func:`game_seed` derives each game's seed from a run's seed and the game's index.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mahjongkit.errors import MahjongError
from mahjongkit.valueclass import dataclass

if TYPE_CHECKING:
    from mahjongkit.bots.session import Agent


__all__ = [
    "BOTS",
    "Hosting",
    "SimulationError",
    "game_seed",
    "make_agents",
    "parse_bots",
    "seat_agent",
]


BOTS = ("random", "efficient", "defensive")
"""The bots a seat may be given by name (those of :data:`mahjongkit.bots.BOT_NAMES`), or
``mjai:COMMAND``, or ``learned:PATH`` (a model file of ``mahjongkit train``)."""


def _refusal(key: str, **values: Any) -> str:
    """A refusal said in every language (a :class:`~mahjongkit.i18n.Sentence`)."""
    from mahjongkit.i18n import Sentence

    return Sentence(key, **values)


class SimulationError(MahjongError):
    """A simulation that cannot be run as asked: an unknown bot, a wrong number of them, no
    process to run on."""

    code = "simulation"


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: a stable hash, the same on every
    machine and every process (Python's ``hash`` is salted per process, so it is not used).

    48 bits: a stored log's integers are checked to stay below 10**15 when it is replayed.
    """
    digest = hashlib.sha256(f"mahjongkit-simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _bot_name(spec: str) -> str:
    """A bot spec as stored: a known name in lower case, or ``mjai:COMMAND`` as given."""
    name = spec.strip()
    if name.lower().startswith("mjai:"):
        from mahjongkit.bots.mjai_host import command_of

        name = "mjai:" + name[len("mjai:") :].strip()
        command_of(name)  # a command that cannot be split is refused here
        return name
    if name.lower().startswith("learned:"):
        from mahjongkit.bots.learned import model_path
        from mahjongkit.bots.learned.cache import cached_model

        path = model_path(name)
        cached_model(path)  # a missing or broken model file is refused here, before any game
        return "learned:" + path
    if name.lower() not in BOTS:
        raise SimulationError(
            _refusal("refusal.sim_bot", bot=repr(spec[:40]), bots=", ".join(BOTS))
        )
    return name.lower()


def parse_bots(specs: Sequence[str], players: int) -> tuple[str, ...]:
    """The bot of every seat: one spec for all seats or one per seat (``mjai:COMMAND``: an
    external mjai bot, see :mod:`mahjongkit.bots.mjai_host`; ``learned:PATH``: a model file,
    checked here, see :mod:`mahjongkit.bots.learned`)."""
    if not specs:
        specs = ("random",)
    bots = tuple(_bot_name(spec) for spec in specs)
    if len(bots) == 1:
        return bots * players
    if len(bots) != players:
        raise SimulationError(_refusal("refusal.sim_bot_count", count=len(bots), players=players))
    return bots


def make_agents(
    bots: Sequence[str], seed: int, rules: Any = None, hosting: Hosting | None = None
) -> list[Agent]:
    """Fresh agents for one game; a random agent's seed comes from the game's seed and its seat.

    ``rules``: the game's rules object, which the efficient and defensive agents score their
    waits by (None: the variant's defaults). An ``mjai:COMMAND`` seat is a
    :class:`~mahjongkit.bots.mjai_host.MjaiSeat` (its process starts when it is bound to the
    game: :func:`~mahjongkit.bots.mjai_host.hosted`), answering within ``hosting``'s timeout and
    strictness."""
    agents: list[Agent] = []
    for seat, bot in enumerate(bots):
        if not bot.startswith(("mjai:", "learned:")) and bot not in BOTS:
            raise SimulationError(f"unknown bot {bot!r:.40}: expected one of {', '.join(BOTS)}")
        agents.append(seat_agent(bot, seat, game_seed(seed, seat), rules, hosting))
    return agents


def seat_agent(
    spec: str, seat: int, seed: int, rules: Any = None, hosting: Hosting | None = None
) -> Agent:
    """The agent of one seat: a bot by name (:func:`mahjongkit.bots.make_bot`, a random one
    seeded by ``seed``), or for ``mjai:COMMAND`` an external mjai program
    (:class:`~mahjongkit.bots.mjai_host.MjaiSeat`, whose process starts when it is bound to the
    game), answering within ``hosting``'s timeout and strictness."""
    if spec.startswith("mjai:"):
        from mahjongkit.bots.mjai_host import MjaiSeat, command_of

        hosting = hosting or Hosting()
        return MjaiSeat(command_of(spec), seat, timeout=hosting.timeout, strict=hosting.strict)
    from mahjongkit.bots import make_bot

    return make_bot(spec, seed, rules)


@dataclass(frozen=True, slots=True)
class Hosting:
    """How ``mjai:COMMAND`` seats are hosted: seconds for each answer, and whether a fault
    (a late, malformed or illegal answer, a bot that exits) ends the run instead of being
    replaced by the safe default."""

    timeout: float = 5.0
    strict: bool = False
