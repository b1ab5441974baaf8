"""A learned policy's file, and the agent that plays it with NumPy alone.

A model file is a NumPy ``.npz`` archive (read without pickles): ``header``, the UTF-8 bytes
of a JSON object, and the weights ``w0, b0, w1, b1, ...`` of a multi-layer perceptron (ReLU
between layers) from the :mod:`~mahjongkit.bots.learned.features` vector to one score per
slot of the vocabulary. The header says what the weights mean and how they were made::

    {"format": "mahjongkit-policy", "version": 1, "family": ..., "features": "f1",
     "layers": [1024, 256, 256, 182], "kind_layers": [23, 32, 2], "training": {...}}

``kind_layers`` (optional) adds the per-kind perceptron ``k0, c0, k1, c1, ...``.

Training needs PyTorch (``mahjongkit train``); playing needs NumPy only (the ``rl`` extra).
A file that is missing, not such an archive, cut, of another format, family, feature version
or shape, or holding a weight that is not a finite number, is refused by
:class:`ModelError` saying which.
"""

from __future__ import annotations

import json
import random
import zipfile
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjongkit.bots.learned.features import (
    FEATURE_SIZE,
    FEATURES,
    KIND_BLOCKS,
    KIND_OF_SLOT,
    KIND_SLOTS,
    VOCABULARY,
    action_slots,
    encode,
)
from mahjongkit.errors import MahjongError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mahjongkit.game.observation import Observation
    from mahjongkit.table.actions import Action

__all__ = ["FORMAT", "LearnedAgent", "ModelError", "PolicyModel", "load_model", "save_model"]

FORMAT = "mahjongkit-policy"
"""The ``format`` a model file's header names."""
VERSION = 1
MAX_LAYERS = 8
MAX_WIDTH = 4096


class ModelError(MahjongError):
    """A model file that cannot be played: missing, unreadable, or made for something else."""

    code = "model"


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:  # pragma: no cover - the rl extra is missing
        raise ModelError("a learned bot needs NumPy: pip install 'mahjongkit[rl]'") from None
    return numpy


class PolicyModel:
    """A multi-layer perceptron's weights and the header that says what they mean; with
    ``kind_weights``, a second small perceptron shared by the 34 kinds adds to each discard's
    and riichi discard's score from that kind's numbers alone (see
    :data:`~mahjongkit.bots.learned.features.KIND_BLOCKS`)."""

    def __init__(
        self,
        weights: Sequence[npt.NDArray[np.float32]],
        header: Mapping[str, Any],
        kind_weights: Sequence[npt.NDArray[np.float32]] = (),
    ):
        self.weights = list(weights)
        """``w0, b0, w1, b1, ...``: layer ``i`` maps ``x`` to ``x @ w_i + b_i``."""
        self.kind_weights = list(kind_weights)
        """``k0, c0, k1, c1, ...``: the per-kind perceptron's layers (empty: none)."""
        self.header = dict(header)

    @property
    def family(self) -> str:
        """The rule family the model was trained on (its record's name)."""
        return str(self.header["family"])

    @property
    def training(self) -> dict[str, Any]:
        """The figures of its training, as the header keeps them."""
        found = self.header.get("training", {})
        return dict(found) if isinstance(found, dict) else {}

    def scores(self, features: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The score of every slot for one feature vector, or a row per vector of a batch."""
        numpy = _numpy()
        x: npt.NDArray[np.float32] = _mlp(numpy, features, self.weights)
        if self.kind_weights:
            per_kind = _mlp(numpy, features[..., kind_index()], self.kind_weights)
            rest = numpy.zeros((*x.shape[:-1], VOCABULARY - 2 * per_kind.shape[-2]), x.dtype)
            x = x + numpy.concatenate([per_kind[..., 0], per_kind[..., 1], rest], axis=-1)
        return x

    def action_scores(
        self, features: npt.NDArray[np.float32], slots: Sequence[tuple[int, ...]]
    ) -> list[float]:
        """The score of each action given by its slots (the sum of its slots' scores)."""
        scores = self.scores(features)
        return [float(sum(scores[s] for s in group)) for group in slots]


def _mlp(np: Any, x: Any, weights: Sequence[Any]) -> Any:
    last = len(weights) // 2 - 1
    for layer in range(last + 1):
        x = x @ weights[2 * layer] + weights[2 * layer + 1]
        if layer < last:
            x = np.maximum(x, 0.0)
    return x


@cache  # every decision reads it: made once, never written to
def kind_index() -> Any:
    """For each discard slot (37) and each per-kind block (23): where its number is in the
    feature vector (a NumPy array of shape (37, 23), not to be written to)."""
    np = _numpy()
    index = np.asarray(KIND_BLOCKS)[None, :] + np.asarray(KIND_OF_SLOT)[:, None]
    index.setflags(write=False)
    return index


def save_model(path: str | Path, model: PolicyModel) -> None:
    """Write ``model`` to ``path`` (an ``.npz`` archive; see the module's description)."""
    np = _numpy()
    arrays = {f"{'w' if i % 2 == 0 else 'b'}{i // 2}": w for i, w in enumerate(model.weights)}
    arrays.update(
        {f"{'k' if i % 2 == 0 else 'c'}{i // 2}": w for i, w in enumerate(model.kind_weights)}
    )
    header = np.frombuffer(json.dumps(model.header, sort_keys=True).encode(), dtype=np.uint8)
    with open(path, "wb") as out:
        np.savez(
            out, header=header, **{k: np.asarray(v, dtype=np.float32) for k, v in arrays.items()}
        )


def load_model(path: str | Path, family: str | None = None) -> PolicyModel:
    """The model of the file at ``path``, checked through (``family``: the family it must be
    of, when known); :class:`ModelError` says what is wrong with any other file."""
    np = _numpy()
    where = Path(path)
    name = str(path)[:120]
    if not where.is_file():
        raise ModelError(f"{name}: no such model file")
    try:
        with np.load(where, allow_pickle=False) as archive:
            arrays = {key: archive[key] for key in archive.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as error:
        raise ModelError(f"{name}: not a model file (a NumPy .npz archive): {error}") from None
    raw = arrays.pop("header", None)
    if raw is None or raw.dtype != np.uint8 or raw.ndim != 1:
        raise ModelError(f"{name}: not a model file: no header")
    try:
        header = json.loads(raw.tobytes().decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ModelError(f"{name}: the model's header is not JSON") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ModelError(f"{name}: not a {FORMAT} file")
    if header.get("version") != VERSION:
        raise ModelError(
            f"{name}: a model of format version {header.get('version')!r:.20}; "
            f"this library reads version {VERSION}"
        )
    if header.get("features") != FEATURES:
        raise ModelError(
            f"{name}: a model of features {header.get('features')!r:.20}; this library "
            f"computes {FEATURES!r} (train it again)"
        )
    model_family = header.get("family")
    if not isinstance(model_family, str):
        raise ModelError(f"{name}: the header names no family")
    if family is not None and model_family != family:
        raise ModelError(f"{name}: a model of {model_family!r:.30}, not of {family!r:.30}")
    layers = header.get("layers")
    if (
        not isinstance(layers, list)
        or not 2 <= len(layers) <= MAX_LAYERS + 1
        or not all(type(n) is int and 0 < n <= MAX_WIDTH for n in layers)
        or layers[0] != FEATURE_SIZE
        or layers[-1] != VOCABULARY
    ):
        raise ModelError(
            f"{name}: layer sizes {str(layers)[:60]} do not fit features of {FEATURE_SIZE} "
            f"and {VOCABULARY} slots"
        )
    weights = _weights(np, name, arrays, layers, "wb")
    kind_layers = header.get("kind_layers")
    kind_weights = []
    if kind_layers is not None:
        if (
            not isinstance(kind_layers, list)
            or not 2 <= len(kind_layers) <= MAX_LAYERS + 1
            or not all(type(n) is int and 0 < n <= MAX_WIDTH for n in kind_layers)
            or kind_layers[0] != len(KIND_BLOCKS)
            or kind_layers[-1] != len(KIND_SLOTS[0])
        ):
            raise ModelError(
                f"{name}: per-kind layer sizes {str(kind_layers)[:60]} do not fit "
                f"{len(KIND_BLOCKS)} numbers a kind and {len(KIND_SLOTS[0])} scores"
            )
        kind_weights = _weights(np, name, arrays, kind_layers, "kc")
    if arrays:
        raise ModelError(f"{name}: unknown arrays {', '.join(sorted(arrays))[:60]}")
    return PolicyModel(weights, header, kind_weights)


def _weights(
    np: Any, name: str, arrays: dict[str, Any], layers: list[int], letters: str
) -> list[Any]:
    """The checked weights of a perceptron of ``layers`` (taken out of ``arrays``), named by
    ``letters`` (a weight's letter, a bias's letter)."""
    weights = []
    for layer, (inputs, outputs) in enumerate(pairwise(layers)):
        for key, shape in (
            (f"{letters[0]}{layer}", (inputs, outputs)),
            (f"{letters[1]}{layer}", (outputs,)),
        ):
            array = arrays.pop(key, None)
            if array is None or array.shape != shape or array.dtype != np.float32:
                got = "missing" if array is None else f"{array.dtype} {array.shape}"
                raise ModelError(f"{name}: weights {key} should be float32 {shape}, not {got}")
            if not np.isfinite(array).all():
                raise ModelError(f"{name}: weights {key} hold a value that is not a number")
            weights.append(array)
    return weights


class LearnedAgent:
    """Plays a :class:`PolicyModel`: the legal action of highest score (or, with
    ``temperature``, one drawn in proportion to ``exp(score / temperature)``).

    ``rules``: the game's rules object (None: the family's defaults), which says whether red
    fives are their own discards.
    """

    def __init__(
        self,
        model: PolicyModel,
        rules: Any = None,
        *,
        temperature: float = 0.0,
        seed: int = 0,
    ) -> None:
        self.model = model
        self.rules = rules
        self.temperature = temperature
        self.rng = random.Random(seed)
        self._red: bool | None = None

    def red(self, observation: Observation) -> bool:
        """Whether the game's red fives are told apart (its rules, read once)."""
        if self._red is None:
            rules = self.rules
            if rules is None:
                from mahjongkit.variants import find_variant

                rules = find_variant(observation.variant).rules()
            self._red = bool(getattr(rules, "red_fives", False))
        return self._red

    def choose(
        self, observation: Observation
    ) -> tuple[npt.NDArray[np.float32], list[tuple[tuple[int, ...], Action]], int]:
        """The features, the legal actions with their slots, and the index of the one chosen."""
        if observation.variant != self.model.family:
            raise ModelError(
                f"a model of {self.model.family!r:.30} cannot play {observation.variant!r:.30}"
            )
        red = self.red(observation)
        slots = action_slots(observation, red)
        if not slots:
            raise ModelError("no legal action this model knows how to play")
        features = encode(observation, red, slots)
        scores = self.model.action_scores(features, [s for s, _ in slots])
        if self.temperature <= 0:
            chosen = max(range(len(scores)), key=scores.__getitem__)
        else:
            import math

            top = max(scores)
            weights = [math.exp((s - top) / self.temperature) for s in scores]
            chosen = self.rng.choices(range(len(scores)), weights)[0]
        return features, slots, chosen

    def act(self, observation: Observation) -> Action:
        """The legal action the model scores highest (see the class)."""
        _, slots, chosen = self.choose(observation)
        return slots[chosen][1]
