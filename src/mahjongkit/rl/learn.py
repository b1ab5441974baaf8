"""Training a policy end to end: decisions of a bot's self-play, behaviour cloning, then one
round of self-play improvement (policy gradient), each written as a model file that
``learned:PATH`` plays without PyTorch (:mod:`mahjongkit.bots.learned`).

PyTorch (the ``train`` extra) is needed here only, and imported by the functions that train.

1. :func:`collect`: seeded games of a teacher bot (``defensive``) at every seat; every decision
   the engine asks of a seat (claim windows' passes included: the decisions of
   :func:`mahjongkit.rl.decisions`) is kept with the seat's features, its legal actions' slots
   and the teacher's choice.
2. :func:`clone`: a multi-layer perceptron fitted to the teacher's choices (a softmax over the
   legal actions only) for a time budget, on the decisions of all games but the last tenth,
   which measure its agreement.
3. :func:`improve`: the cloned policy plays itself, each choice drawn from its softmax; each
   decision is credited with the points its seat won or lost over the round it was made in,
   less the batch's mean (REINFORCE with a baseline); a step up that gradient, held near the
   teacher's choices by their cross-entropy, gives the second model.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.bots import make_bot
from mahjongkit.bots.learned import (
    FEATURE_SIZE,
    FEATURES,
    FORMAT,
    VOCABULARY,
    LearnedAgent,
    PolicyModel,
)
from mahjongkit.bots.learned.features import (
    KIND_BLOCKS,
    KIND_SLOTS,
    action_slots,
    encode,
    slots_of,
)
from mahjongkit.bots.learned.model import VERSION, kind_index
from mahjongkit.bots.session import run_seats
from mahjongkit.errors import MahjongError
from mahjongkit.game.engine import Game
from mahjongkit.valueclass import dataclass

__all__ = [
    "DecisionSet",
    "TrainingError",
    "agreement",
    "baseline_advantages",
    "clone",
    "collect",
    "duel",
    "gate_keeps",
    "improve",
    "torch_available",
]

_PAD = VOCABULARY
"""The slot index that pads an action's slots (scored 0)."""
_WIDTH = 3
"""Slots per action at most (an exchange gives three tiles)."""
_Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


class TrainingError(MahjongError):
    """Training that cannot be done as asked: PyTorch missing, no decisions, a bad budget."""

    code = "training"


def torch_available() -> bool:
    """Whether PyTorch can be imported (the ``train`` extra)."""
    try:
        import torch  # noqa: F401
    except ImportError:
        return False
    return True


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise TrainingError(
            "training needs PyTorch: pip install 'mahjongkit[train]' (a CPU build is enough)"
        ) from None
    return torch


@dataclass(frozen=True, slots=True)
class DecisionSet:
    """Decisions as arrays: ``features`` (n, FEATURE_SIZE) float32; ``slots`` (n, actions, 3)
    int16, each legal action's slots padded with VOCABULARY (and whole padding rows for the
    actions a decision does not have); ``chosen`` (n,) the index of the action taken; ``game``
    and ``seat`` (n,) where it was taken; ``returns`` (n,) float32, the points its seat won or
    lost over the round (0 when not recorded)."""

    features: npt.NDArray[np.float32]
    slots: npt.NDArray[np.int16]
    chosen: npt.NDArray[np.int64]
    game: npt.NDArray[np.int64]
    seat: npt.NDArray[np.int64]
    returns: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return int(self.chosen.shape[0])

    def subset(self, keep: npt.NDArray[np.bool_]) -> DecisionSet:
        """The decisions where ``keep`` is true."""
        return DecisionSet(
            self.features[keep],
            self.slots[keep],
            self.chosen[keep],
            self.game[keep],
            self.seat[keep],
            self.returns[keep],
        )

    def choices(self) -> npt.NDArray[np.int64]:
        """How many legal actions each decision had."""
        return (self.slots[:, :, 0] != _PAD).sum(axis=1)  # type: ignore[no-any-return]


class _Rows:
    """Decisions being gathered, one row at a time."""

    def __init__(self) -> None:
        self.features: list[npt.NDArray[np.float32]] = []
        self.slots: list[list[tuple[int, ...]]] = []
        self.chosen: list[int] = []
        self.game: list[int] = []
        self.seat: list[int] = []
        self.round: list[int] = []

    def add(
        self,
        features: npt.NDArray[np.float32],
        slots: list[tuple[int, ...]],
        chosen: int,
        game: int,
        seat: int,
        round_number: int,
    ) -> None:
        self.features.append(features)
        self.slots.append(slots)
        self.chosen.append(chosen)
        self.game.append(game)
        self.seat.append(seat)
        self.round.append(round_number)

    def finish(self, returns: Sequence[float] | None = None) -> DecisionSet:
        n = len(self.chosen)
        if n == 0:
            raise TrainingError("no decisions were played")
        width = max(len(s) for s in self.slots)
        slots = np.full((n, width, _WIDTH), _PAD, dtype=np.int16)
        for row, actions in enumerate(self.slots):
            for column, group in enumerate(actions):
                slots[row, column, : len(group)] = group
        return DecisionSet(
            np.stack(self.features).astype(np.float32, copy=False),
            slots,
            np.asarray(self.chosen, dtype=np.int64),
            np.asarray(self.game, dtype=np.int64),
            np.asarray(self.seat, dtype=np.int64),
            np.asarray(returns if returns is not None else [0.0] * n, dtype=np.float32),
        )


def _red(rules: Any) -> bool:
    return bool(getattr(rules, "red_fives", False))


def _play_recorded(
    game: Game,
    number: int,
    choose: Callable[[int, Any], tuple[npt.NDArray[np.float32], list[Any], int]],
    rows: _Rows,
    others: dict[int, Any] | None = None,
) -> list[list[int]]:
    """Play ``game`` to its end, ``choose(seat, observation)`` deciding every seat but those
    of ``others`` (seat: a bot, whose decisions are not noted); note every decision chosen in
    ``rows``; return the scores at the start of every round and at the end."""
    if not game.log:
        game.start()
    scores = [list(game.scores)]

    def decide(seat: int) -> Any:
        observation = game.observation(seat, with_events=False)
        if others and seat in others:
            return others[seat].act(observation)
        features, slots, chosen = choose(seat, observation)
        rows.add(features, [s for s, _ in slots], chosen, number, seat, game.rounds_played)
        return slots[chosen][1]

    def on_round(_: int) -> None:
        scores.append(list(game.scores))

    run_seats(game, range(game.players), decide, on_round=on_round)
    if len(scores) <= game.rounds_played:
        scores.append(list(game.scores))
    return scores


def _teacher_choice(teacher: Any, red: bool) -> Callable[[int, Any], Any]:
    def choose(seat: int, observation: Any) -> tuple[npt.NDArray[np.float32], list[Any], int]:
        action = teacher[seat].act(observation)
        slots = action_slots(observation, red)
        chosen = next((i for i, (_, a) in enumerate(slots) if a == action), None)
        if chosen is None:
            # Another copy of the same kind (or another red five): the same slots.
            wanted = slots_of(action, red)
            chosen = next(i for i, (s, _) in enumerate(slots) if s == wanted)
            slots[chosen] = (slots[chosen][0], action)
        return encode(observation, red, slots), slots, chosen

    return choose


def collect(
    variant: str,
    games: int,
    seed: int = 0,
    *,
    rules: Any = None,
    teacher: str = "defensive",
    seconds: float | None = None,
    max_rounds: int | None = None,
    on_game: Callable[[int, int], None] | None = None,
) -> DecisionSet:
    """The decisions of up to ``games`` seeded games of ``teacher`` at every seat (fewer when
    ``seconds`` run out first; at least one game is played). ``on_game(games_over,
    decisions)`` follows the progress."""
    if games < 1:
        raise TrainingError(f"games is a positive number, not {games!r:.20}")
    rows = _Rows()
    start = time.monotonic()
    for number in range(games):
        game = Game(variant, rules, seed=_game_seed(seed, number), max_rounds=max_rounds)
        red = _red(game.flow.rules)
        bots = [
            make_bot(teacher, _game_seed(seed, number) + s, game.flow.rules)
            for s in range(game.players)
        ]
        _play_recorded(game, number, _teacher_choice(bots, red), rows)
        if on_game is not None:
            on_game(number + 1, len(rows.chosen))
        if seconds is not None and time.monotonic() - start > seconds:
            break
    return rows.finish()


def _game_seed(seed: int, number: int) -> int:
    return (seed * 1_000_003 + number * 7919) % (2**48)


def agreement(model: PolicyModel, data: DecisionSet, *, choices_only: bool = False) -> float:
    """The share of ``data``'s decisions where ``model`` picks the action taken
    (``choices_only``: only those with more than one legal action)."""
    keep = data.choices() > 1 if choices_only else np.ones(len(data), dtype=bool)
    if not keep.any():
        return math.nan
    picked = _best(model, data.subset(keep))
    return float((picked == data.chosen[keep]).mean())


def chance_agreement(data: DecisionSet, *, choices_only: bool = False) -> float:
    """The agreement a uniformly random choice among the legal actions would expect."""
    choices = data.choices()
    if choices_only:
        choices = choices[choices > 1]
    return float((1.0 / choices).mean()) if len(choices) else math.nan


def _best(model: PolicyModel, data: DecisionSet) -> npt.NDArray[np.int64]:
    scores = model.scores(data.features)
    padded = np.concatenate([scores, np.zeros((len(data), 1), dtype=scores.dtype)], axis=1)
    rows = np.arange(len(data))[:, None, None]
    per_action = padded[rows, data.slots.astype(np.int64)].sum(axis=2)
    per_action[data.slots[:, :, 0] == _PAD] = -np.inf
    return per_action.argmax(axis=1)  # type: ignore[no-any-return]


class _Net:
    """The PyTorch twin of a :class:`PolicyModel` (built on demand: torch is optional)."""

    def __init__(
        self,
        layers: Sequence[int],
        seed: int,
        start: PolicyModel | None = None,
        kind_layers: Sequence[int] = (),
        dropout: float = 0.0,
    ):
        torch = _torch()
        torch.manual_seed(seed)
        self.net = _perceptron(torch, layers, dropout)
        self.kind = _perceptron(torch, kind_layers) if kind_layers else None
        if start is not None:
            _load(torch, self.net, start.weights)
            if self.kind is not None:
                _load(torch, self.kind, start.kind_weights)
        self.layers = list(layers)
        self.kind_layers = list(kind_layers)
        self.index = torch.from_numpy(kind_index().astype(np.int64))

    def parameters(self) -> list[Any]:
        """Every weight trained."""
        found = list(self.net.parameters())
        if self.kind is not None:
            found += list(self.kind.parameters())
        return found

    def scores(self, features: Any) -> Any:
        """Every slot's score (the per-kind perceptron's added to the discards')."""
        torch = _torch()
        scores = self.net(features)
        if self.kind is not None:
            per_kind = self.kind(features[:, self.index])
            rest = torch.zeros(scores.shape[0], VOCABULARY - 2 * per_kind.shape[1])
            scores = scores + torch.cat([per_kind[:, :, 0], per_kind[:, :, 1], rest], dim=1)
        return scores

    def log_probs(self, features: Any, slots: Any) -> Any:
        """Log-probabilities of every action slot group (padding actions: -inf)."""
        torch = _torch()
        scores = self.scores(features)
        padded = torch.cat([scores, torch.zeros(scores.shape[0], 1)], dim=1)
        gathered = torch.gather(padded.unsqueeze(1).expand(-1, slots.shape[1], -1), 2, slots).sum(
            dim=2
        )
        gathered = gathered.masked_fill(slots[:, :, 0] == _PAD, -1e9)
        return torch.log_softmax(gathered, dim=1)

    def model(self, header: dict[str, Any]) -> PolicyModel:
        """The weights as a :class:`PolicyModel` (NumPy, float32)."""
        kind = _saved(self.kind) if self.kind is not None else []
        return PolicyModel(_saved(self.net), header, kind)


def _perceptron(torch: Any, layers: Sequence[int], dropout: float = 0.0) -> Any:
    modules: list[Any] = []
    for i, (inputs, outputs) in enumerate(pairwise(layers)):
        modules.append(torch.nn.Linear(inputs, outputs))
        if i < len(layers) - 2:
            modules.append(torch.nn.ReLU())
            if dropout > 0:
                modules.append(torch.nn.Dropout(dropout))
    return torch.nn.Sequential(*modules)


def _load(torch: Any, net: Any, weights: Sequence[npt.NDArray[np.float32]]) -> None:
    linears = [m for m in net if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        for i, linear in enumerate(linears):
            linear.weight.copy_(torch.from_numpy(weights[2 * i].T.copy()))
            linear.bias.copy_(torch.from_numpy(weights[2 * i + 1].copy()))


def _saved(net: Any) -> list[npt.NDArray[np.float32]]:
    torch = _torch()
    weights: list[npt.NDArray[np.float32]] = []
    for module in net:
        if isinstance(module, torch.nn.Linear):
            weights.append(module.weight.detach().numpy().T.astype(np.float32).copy())
            weights.append(module.bias.detach().numpy().astype(np.float32).copy())
    return weights


def _tensors(data: DecisionSet) -> tuple[Any, Any, Any]:
    torch = _torch()
    return (
        torch.from_numpy(data.features),
        torch.from_numpy(data.slots.astype(np.int64)),
        torch.from_numpy(data.chosen),
    )


def _header(
    variant: str, layers: Sequence[int], training: dict[str, Any], kind_layers: Sequence[int] = ()
) -> dict[str, Any]:
    header = {
        "format": FORMAT,
        "version": VERSION,
        "family": variant,
        "features": FEATURES,
        "layers": list(layers),
        "training": training,
    }
    if kind_layers:
        header["kind_layers"] = list(kind_layers)
    return header


def _split(data: DecisionSet, held_out: float) -> tuple[DecisionSet, DecisionSet]:
    """The decisions of the first games, and of the last ``held_out`` share of them (by game,
    so that no held-out decision comes from a game trained on; one game: its last rounds)."""
    games = np.unique(data.game)
    if held_out <= 0:
        return data, data.subset(np.zeros(len(data), dtype=bool))
    if len(games) >= 2:
        kept = min(len(games) - 1, max(1, round(len(games) * (1 - held_out))))
        cut = games[kept - 1]
        late = data.game > cut
    else:
        late = np.arange(len(data)) >= int(len(data) * (1 - held_out))
    return data.subset(~late), data.subset(late)


def clone(
    data: DecisionSet,
    variant: str,
    *,
    seconds: float,
    seed: int = 0,
    hidden: Sequence[int] = (256, 256),
    kind_hidden: Sequence[int] | None = (32,),
    held_out: float = 0.1,
    validation: float = 0.05,
    dropout: float = 0.2,
    batch: int = 256,
    learning_rate: float = 1e-3,
    on_epoch: Callable[[int, float, float], None] | None = None,
    extra: dict[str, Any] | None = None,
) -> PolicyModel:
    """A policy fitted to ``data``'s choices by behaviour cloning for about ``seconds`` (at
    least one step; the last pass may be cut). The last ``held_out`` share of the games is
    kept out to measure it, and the ``validation`` share of the others chooses the pass kept
    (early stopping); ``dropout`` between the hidden layers. Its header keeps the figures:
    decisions, passes, agreement on the decisions fitted and on those held out (and what
    random choice would agree).
    ``on_epoch(epoch, loss, validation_agreement)`` follows it."""
    torch = _torch()
    if seconds <= 0 or not math.isfinite(seconds):
        raise TrainingError(f"a training time is a positive number of seconds, not {seconds!r:.20}")
    torch.set_num_threads(1)
    train, test = _split(data, held_out)
    fit, check = _split(train, validation)
    layers = [FEATURE_SIZE, *hidden, VOCABULARY]
    kind_layers = (
        [len(KIND_BLOCKS), *kind_hidden, len(KIND_SLOTS[0])] if kind_hidden is not None else []
    )
    net = _Net(layers, seed, kind_layers=kind_layers, dropout=dropout)
    optimiser = torch.optim.AdamW(net.parameters(), lr=learning_rate, weight_decay=1e-3)
    features, slots, chosen = _tensors(fit)
    generator = torch.Generator().manual_seed(seed)
    start = time.monotonic()
    epochs = 0
    loss_value = math.nan
    best: tuple[float, int, PolicyModel] | None = None
    while True:
        order = torch.randperm(len(fit), generator=generator)
        total = 0.0
        for first in range(0, len(fit), batch):
            rows = order[first : first + batch]
            log_probs = net.log_probs(features[rows], slots[rows])
            loss = torch.nn.functional.nll_loss(log_probs, chosen[rows])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(rows)
            if time.monotonic() - start > seconds:
                break  # mid-pass if need be: the time given is a bound
        epochs += 1
        loss_value = total / max(1, len(fit))
        model = net.model(_header(variant, layers, {}, kind_layers))
        checked = agreement(model, check) if len(check) else math.nan
        # Early stopping: the passes that fit the rest of the games best are kept (a network
        # this size learns the decisions it sees by heart long before the time is up).
        if best is None or not checked <= best[0]:
            best = (checked, epochs, model)
        if on_epoch is not None:
            on_epoch(epochs, loss_value, checked)
        if time.monotonic() - start > seconds:
            break
    assert best is not None
    figures = {
        "method": "behaviour cloning",
        "decisions": len(fit),
        "held_out_decisions": len(test),
        "games": len(np.unique(data.game)),
        "epochs": epochs,
        "seconds": round(time.monotonic() - start, 1),
        "loss": round(loss_value, 4),
        "seed": seed,
        **(extra or {}),
    }
    figures["kept_pass"] = best[1]
    figures["validation_decisions"] = len(check)
    model = best[2]
    figures.update(_agreements(model, fit, test))
    return PolicyModel(
        model.weights, _header(variant, layers, figures, kind_layers), model.kind_weights
    )


def _agreements(model: PolicyModel, train: DecisionSet, test: DecisionSet) -> dict[str, float]:
    out: dict[str, float] = {}
    for name, data in (("train", train), ("held_out", test)):
        if len(data):
            out[f"agreement_{name}"] = round(agreement(model, data), 4)
            out[f"agreement_{name}_choices"] = round(agreement(model, data, choices_only=True), 4)
            out[f"chance_{name}_choices"] = round(chance_agreement(data, choices_only=True), 4)
    return out


def self_play(
    model: PolicyModel,
    variant: str,
    games: int,
    seed: int = 0,
    *,
    rules: Any = None,
    temperature: float = 1.0,
    seconds: float | None = None,
    max_rounds: int | None = None,
    opponent: str | None = None,
    on_game: Callable[[int, int], None] | None = None,
) -> DecisionSet:
    """Decisions of ``model`` playing every seat (``opponent``: a bot's name, which takes
    every other seat, the odd ones in even games and the even ones in odd games), each drawn
    from its softmax at ``temperature``, with each decision's return: its seat's points over
    that round less the table's mean change over it."""
    if games < 1:
        raise TrainingError(f"games is a positive number, not {games!r:.20}")
    rows = _Rows()
    returns: list[float] = []
    start = time.monotonic()
    for number in range(games):
        deal = _game_seed(seed, number) + 1
        game = Game(variant, rules, seed=deal, max_rounds=max_rounds)
        agents = [
            LearnedAgent(model, game.flow.rules, temperature=temperature, seed=deal + s)
            for s in range(game.players)
        ]
        others = (
            {
                s: make_bot(opponent, deal + s, game.flow.rules)
                for s in range(game.players)
                if (s + number) % 2 == 1
            }
            if opponent
            else None
        )
        first = len(rows.chosen)

        def choose(seat: int, observation: Any, agents: list[LearnedAgent] = agents) -> Any:
            return agents[seat].choose(observation)

        scores = _play_recorded(game, number, choose, rows, others)
        for row in range(first, len(rows.chosen)):
            r = min(rows.round[row], len(scores) - 2)
            changes = [
                after - before for after, before in zip(scores[r + 1], scores[r], strict=True)
            ]
            # Relative to the table: deposits left on it or taken from it move every seat.
            returns.append(float(changes[rows.seat[row]] - sum(changes) / len(changes)))
        if on_game is not None:
            on_game(number + 1, len(rows.chosen))
        if seconds is not None and time.monotonic() - start > seconds:
            break
    return rows.finish(returns)


RIDGES = (1.0, 10.0, 100.0, 1_000.0, 10_000.0, 100_000.0)
"""The ridge penalties :func:`baseline_advantages` tries (the features are in [0, 1])."""


def baseline_advantages(
    played: DecisionSet, *, ridges: Sequence[float] = RIDGES
) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
    """Each decision's return less a value baseline, over their spread: a ridge regression of
    the returns on the features, fitted on the even games and predicting the odd ones and the
    other way round (a decision's own return never predicts it), with the penalty of
    ``ridges`` that predicts best so. What the seat's state foretells of the round's points
    (the dealer's seat, a ready hand, a riichi against it) is taken out of the return, and
    what is left is closer to what the choice made. When no fitted value predicts the returns
    better than their mean (few games, or returns the state says little of), the mean is the
    baseline. Also returns the figures: the share of the returns' variance the baseline
    explains, which baseline was used and its penalty."""
    returns = played.returns.astype(np.float64)
    n = len(returns)
    mean = float(returns.mean()) if n else 0.0
    odd = played.game % 2 == 1
    best: tuple[float, float, npt.NDArray[np.float64]] = (math.nan, 0.0, np.full(n, mean))
    spread = float(((returns - mean) ** 2).mean()) if n else 0.0
    if odd.any() and (~odd).any() and spread > 0:
        x = np.concatenate([played.features, np.ones((n, 1), np.float32)], axis=1)
        predicted = {ridge: np.empty(n) for ridge in ridges}
        for fit in (odd, ~odd):
            a = x[fit].astype(np.float64)
            gram = a.T @ a
            # Centred, so that a strong penalty shrinks towards the mean and not towards 0;
            # scaled, so that a round of a few thousand points does not dwarf the penalty.
            centre = float(returns[fit].mean())
            target = a.T @ ((returns[fit] - centre) / 1000.0)
            other = x[~fit].astype(np.float64)
            for ridge in ridges:
                penalised = gram.copy()
                penalised[np.diag_indices_from(penalised)] += ridge
                fitted = other @ np.linalg.solve(penalised, target)
                predicted[ridge][~fit] = centre + fitted * 1000.0
        for ridge, guess in predicted.items():
            explained = 1.0 - float(((returns - guess) ** 2).mean()) / spread
            if math.isnan(best[0]) or explained > best[0]:
                best = (explained, ridge, guess)
    explained, ridge, guess = best
    used = "ridge" if explained > 0 else "mean"
    advantage = returns - (guess if used == "ridge" else mean)
    scale = float(advantage.std()) or 1.0
    figures: dict[str, Any] = {
        "baseline": used,
        "baseline_explained": round(explained, 4),
        "baseline_ridge": ridge if used == "ridge" else None,
    }
    return (advantage / scale).astype(np.float32), figures


def improve(
    model: PolicyModel,
    played: DecisionSet,
    anchor: DecisionSet | None,
    *,
    seconds: float,
    seed: int = 0,
    batch: int = 256,
    learning_rate: float = 2e-4,
    anchor_weight: float = 1.0,
    kl_weight: float = 1.0,
    clip: float = 0.2,
    baseline: bool = True,
    extra: dict[str, Any] | None = None,
) -> PolicyModel:
    """``model`` moved up the policy gradient of ``played`` (its own self-play, with returns):
    each decision's probability ratio to the policy that played it, weighed by its advantage
    (:func:`baseline_advantages`; without ``baseline``: the return less the mean, over their
    spread) and clipped to ``1 ± clip`` (PPO's surrogate). Two terms keep it near what it
    learnt: ``kl_weight`` times the Kullback-Leibler divergence of the new policy from
    ``model`` over the decisions played, and ``anchor_weight`` times the cross-entropy of
    ``anchor``'s choices (the teacher's decisions; None: none). About ``seconds`` of passes
    over the data (at least one step; the last pass may be cut)."""
    torch = _torch()
    if seconds <= 0 or not math.isfinite(seconds):
        raise TrainingError(f"a training time is a positive number of seconds, not {seconds!r:.20}")
    torch.set_num_threads(1)
    keep = played.choices() > 1  # a forced move teaches nothing
    played = played.subset(keep)
    if len(played) == 0:
        raise TrainingError("the self-play games had no decision with a choice")
    layers = list(model.header["layers"])
    kind_layers = list(model.header.get("kind_layers", []))
    net = _Net(layers, seed, start=model, kind_layers=kind_layers)
    optimiser = torch.optim.Adam(net.parameters(), lr=learning_rate)
    baseline_figures: dict[str, Any]
    if baseline:
        advantages, baseline_figures = baseline_advantages(played)
    else:
        centred = played.returns - played.returns.mean()
        advantages = (centred / (float(centred.std()) or 1.0)).astype(np.float32)
        baseline_figures = {"baseline": "mean"}
    weights = torch.from_numpy(advantages)
    features, slots, chosen = _tensors(played)
    with torch.no_grad():
        start_log = net.log_probs(features, slots)
        old = start_log.gather(1, chosen.unsqueeze(1)).squeeze(1)
    legal = slots[:, :, 0] != _PAD
    anchored = _tensors(anchor) if anchor is not None and len(anchor) else None
    generator = torch.Generator().manual_seed(seed)
    start = time.monotonic()
    passes = 0
    kl_value = 0.0
    while True:
        order = torch.randperm(len(played), generator=generator)
        for first in range(0, len(played), batch):
            rows = order[first : first + batch]
            log_probs = net.log_probs(features[rows], slots[rows])
            taken = log_probs.gather(1, chosen[rows].unsqueeze(1)).squeeze(1)
            # PPO's clipped ratio: many passes over one batch of games move the policy only
            # so far from the one that played them.
            ratio = torch.exp(taken - old[rows])
            advantage = weights[rows]
            loss = -torch.min(
                ratio * advantage, torch.clamp(ratio, 1 - clip, 1 + clip) * advantage
            ).mean()
            if kl_weight > 0:
                before = start_log[rows]
                gap = torch.where(legal[rows], before.exp() * (before - log_probs), 0.0)
                kl = gap.sum(dim=1).mean()
                kl_value = float(kl.detach())
                loss = loss + kl_weight * kl
            if anchored is not None:
                picks = torch.randint(0, anchored[0].shape[0], (len(rows),), generator=generator)
                anchor_log = net.log_probs(anchored[0][picks], anchored[1][picks])
                loss = loss + anchor_weight * torch.nn.functional.nll_loss(
                    anchor_log, anchored[2][picks]
                )
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            if time.monotonic() - start > seconds:
                break
        passes += 1
        if time.monotonic() - start > seconds:
            break
    figures = dict(model.training)
    figures["self_play"] = {
        "method": "policy gradient (PPO clip), round points relative to the table less a "
        "value baseline, KL to the starting policy"
        + (", teacher anchor" if anchored is not None else ""),
        "decisions": len(played),
        "games": len(np.unique(played.game)),
        "mean_round_points": round(float(played.returns.mean()), 2),
        "passes": passes,
        "seconds": round(time.monotonic() - start, 1),
        "seed": seed,
        "kl_weight": kl_weight,
        "anchor_weight": anchor_weight if anchored is not None else 0.0,
        "last_kl": round(kl_value, 5),
        **baseline_figures,
        **(extra or {}),
    }
    return net.model(_header(model.family, layers, figures, kind_layers))


def duel(
    candidate: PolicyModel,
    incumbent: PolicyModel,
    variant: str,
    deals: int,
    seed: int,
    *,
    rules: Any = None,
    max_rounds: int | None = 4,
    seconds: float | None = None,
) -> dict[str, Any]:
    """``candidate`` against ``incumbent`` over up to ``deals`` duplicate deals (fewer when
    ``seconds`` run out; at least one): every deal is played once with the two on alternate
    seats and once with the seats swapped, each playing its best action. Per deal, the
    candidate's points a game less the incumbent's (the deal's luck cancels); returned as
    their mean and the half width of its 95% interval, beside each model's points a game."""
    if deals < 1:
        raise TrainingError(f"deals is a positive number, not {deals!r:.20}")
    differences: list[float] = []
    mine: list[float] = []
    theirs: list[float] = []
    start = time.monotonic()
    for number in range(deals):
        deal = _game_seed(seed, number) + 2
        totals = {True: 0.0, False: 0.0}
        seats = {True: 0, False: 0}
        lineups: list[tuple[bool, ...]] = []
        players = 0
        for shift in range(2):
            game = Game(variant, rules, seed=deal, max_rounds=max_rounds)
            players = game.players
            lineup = tuple((seat + shift) % 2 == 0 for seat in range(players))
            if lineup in lineups:
                continue
            lineups.append(lineup)
            agents = [
                LearnedAgent(candidate if mine_seat else incumbent, game.flow.rules)
                for mine_seat in lineup
            ]
            game.start()
            first = list(game.scores)

            def decide(seat: int, game: Game = game, agents: list[LearnedAgent] = agents) -> Any:
                return agents[seat].act(game.observation(seat, with_events=False))

            run_seats(game, range(players), decide)
            for seat, mine_seat in enumerate(lineup):
                totals[mine_seat] += game.scores[seat] - first[seat]
                seats[mine_seat] += 1
        mine.append(totals[True] / seats[True])
        theirs.append(totals[False] / seats[False])
        differences.append(mine[-1] - theirs[-1])
        if seconds is not None and time.monotonic() - start > seconds:
            break
    mean, half = _interval(differences)
    return {
        "deals": len(differences),
        "points": [round(mean, 1), round(half, 1)],
        "candidate_points": round(math.fsum(mine) / len(mine), 1),
        "incumbent_points": round(math.fsum(theirs) / len(theirs), 1),
        "seed": seed,
        "max_rounds": max_rounds,
        "seconds": round(time.monotonic() - start, 1),
    }


GATE_MARGIN = 1.0
"""How many standard errors an improved model must be ahead by to be kept: a self-play round
that merely breaks even over a few hundred noisy deals is not worth its risk."""


def gate_keeps(mean: float, half_width: float) -> bool:
    """Whether a :func:`duel`'s verdict (the improved model's points a game less the start's,
    and the half width of its 95% interval) keeps the improved model: ahead by more than
    :data:`GATE_MARGIN` standard errors (never on a single deal, which has no error)."""
    standard_error = half_width / _Z_95
    return math.isfinite(standard_error) and mean > GATE_MARGIN * standard_error


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half width of its 95% interval (normal; nan with one value)."""
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.nan
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, _Z_95 * math.sqrt(variance / n)
