"""The observation encoders by name: ``v1`` (56 planes) and ``v2`` (136 planes).

A name keeps its layout for good: a new layout gets a new name. Each encoder gives a seat's
planes kept from one look to the next (only what changed is made again), equal to the planes
made from nothing of the same observation.

>>> ENCODERS["v2"].shape, ENCODERS["v1"].shape
((136, 34), (56, 34))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.engine import Game
from mahjongkit.game.observation import Observation
from mahjongkit.rl.encoder import PLANES_V1, SeatPlanesV1
from mahjongkit.rl.planes_v2 import PLANES_V2, SeatPlanesV2
from mahjongkit.valueclass import dataclass

__all__ = ["ENCODERS", "Encoder", "SeatPlanes", "encoder_named"]


class SeatPlanes(Protocol):
    """One seat's planes, kept from one look to the next."""

    seat: int

    def planes(
        self, source: Observation | Game, has_legal: bool | None = None
    ) -> npt.NDArray[np.float32]:
        """The seat's planes now (a fresh array)."""


@dataclass(frozen=True, slots=True)
class Encoder:
    """A named observation layout."""

    name: str
    planes: tuple[str, ...]
    """What each plane shows, in order (``docs/rl.md`` lists them)."""
    make: Callable[[int, float, bool], SeatPlanes]
    """A seat's kept planes: ``make(seat, score_scale, red_fives)``."""

    @property
    def shape(self) -> tuple[int, int]:
        """The shape of an observation: planes by the 34 tile kinds."""
        return (len(self.planes), 34)


ENCODERS: dict[str, Encoder] = {
    "v1": Encoder("v1", PLANES_V1, SeatPlanesV1),
    "v2": Encoder("v2", PLANES_V2, SeatPlanesV2),
}


def encoder_named(name: object) -> Encoder:
    """The encoder of that name, or a refusal naming the known ones."""
    found = ENCODERS.get(name) if isinstance(name, str) else None
    if found is None:
        raise IllegalActionError(
            f"unknown encoder {name!r:.40}: expected one of {', '.join(ENCODERS)}"
        )
    return found
