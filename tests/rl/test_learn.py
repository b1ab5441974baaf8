"""Training a tiny policy for a few seconds: the decisions it learns from are those of
``decisions()``, it agrees with its teacher more than random choice does, its files play in
``simulate``, and the self-play round changes it. Real training runs are not tests."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

from mahjongkit.bots import make_bot
from mahjongkit.bots.learned import load_model, save_model
from mahjongkit.bots.learned.features import action_slots, encode
from mahjongkit.cli import main
from mahjongkit.game.engine import Game
from mahjongkit.rl import decisions
from mahjongkit.rl.learn import (
    TrainingError,
    _play_recorded,
    _Rows,
    agreement,
    chance_agreement,
    clone,
    collect,
    improve,
    self_play,
)
from mahjongkit.variants import VARIANT_NAMES

FAMILY = VARIANT_NAMES[0]


@pytest.fixture(scope="module")
def teacher_data():
    return collect(FAMILY, 3, seed=4, max_rounds=1)


def test_the_decisions_learned_are_those_decisions_gives(teacher_data):
    """Every decision the engine asks of a seat is kept, passes included, in the order
    ``decisions()`` finds them when the game is played again from its log."""
    game = Game(FAMILY, seed=11, max_rounds=1)
    teacher = [make_bot("defensive", s) for s in range(4)]
    played = []

    def choose(seat, observation):
        action = teacher[seat].act(observation)
        slots = action_slots(observation, True)
        index = (
            next(i for i, (_, a) in enumerate(slots) if a == action)
            if any(a == action for _, a in slots)
            else None
        )
        if index is None:
            pytest.skip("a copy choice the slots fold together")
        played.append((seat, action))
        return encode(observation, True, slots), slots, index

    rows = _Rows()
    _play_recorded(game, 0, choose, rows)
    replayed = [(d.seat, d.engine_action) for d in decisions(game)]
    assert played == replayed
    assert any(action.type == "pass" for _, action in played)
    assert len(rows.chosen) == len(replayed)


def test_a_tiny_model_agrees_with_its_teacher_above_chance(teacher_data, tmp_path: Path):
    data = teacher_data
    assert len(data) > 100 and data.features.shape[1] == data.features[0].size
    model = clone(data, FAMILY, seconds=3, seed=1, hidden=(32,), held_out=0.0)
    chance = chance_agreement(data, choices_only=True)
    agreed = agreement(model, data, choices_only=True)  # fitted and validation decisions
    # random choice among the legal actions agrees about 1 in 6 times here
    assert chance < 0.3
    assert agreed > chance + 0.2, (agreed, chance)
    path = tmp_path / "tiny.npz"
    save_model(path, model)
    again = load_model(path, FAMILY)
    assert agreement(again, data, choices_only=True) == agreed
    figures = again.training
    assert figures["method"] == "behaviour cloning"
    assert figures["decisions"] + figures["validation_decisions"] == len(data)
    assert 1 <= figures["kept_pass"] <= figures["epochs"]
    assert figures["agreement_train_choices"] > chance


def test_an_untrained_network_does_not_agree_above_chance_by_accident(teacher_data):
    """The agreement measure itself: a model that has not learnt scores near chance."""
    model = clone(teacher_data, FAMILY, seconds=1e-6, seed=3, hidden=(4,), learning_rate=1e-9)
    assert agreement(model, teacher_data, choices_only=True) < 0.5


def _log_prob_taken(model, data) -> np.ndarray:
    """The log-probability the model gives each decision's action taken."""
    scores = model.scores(data.features)
    padded = np.concatenate([scores, np.zeros((len(data), 1), np.float32)], axis=1)
    per_action = padded[np.arange(len(data))[:, None, None], data.slots.astype(int)].sum(axis=2)
    per_action[data.slots[:, :, 0] == data.slots.max()] = -np.inf
    per_action -= per_action.max(axis=1, keepdims=True)
    log_z = np.log(np.exp(per_action).sum(axis=1))
    return per_action[np.arange(len(data)), data.chosen] - log_z


def test_self_play_records_each_decision_with_its_rounds_points(teacher_data):
    model = clone(teacher_data, FAMILY, seconds=1, seed=1, hidden=(16,))
    played = self_play(model, FAMILY, 2, seed=2, max_rounds=2)
    assert len(played) > 40 and set(np.unique(played.game)) == {0, 1}
    # a seat's decisions of one round share one return: what the round paid it
    for game in (0, 1):
        for seat in range(4):
            mine = played.returns[(played.game == game) & (played.seat == seat)]
            assert len(np.unique(mine)) <= 2  # two rounds at most
    with pytest.raises(TrainingError, match="positive number"):
        self_play(model, FAMILY, 0)


def test_the_policy_gradient_favours_what_paid_and_shuns_what_cost(teacher_data):
    """Returns of +1 and -1 drawn at random over the teacher's decisions: a step without the
    anchor raises the log-probability of the actions that paid and lowers the others'."""
    model = clone(teacher_data, FAMILY, seconds=1, seed=1, hidden=(16,))
    rng = np.random.default_rng(0)
    paid = rng.random(len(teacher_data)) < 0.5
    played = type(teacher_data)(
        teacher_data.features,
        teacher_data.slots,
        teacher_data.chosen,
        teacher_data.game,
        teacher_data.seat,
        np.where(paid, 1.0, -1.0).astype(np.float32),
    )
    choice = teacher_data.choices() > 1
    before = _log_prob_taken(model, teacher_data)
    better = improve(model, played, None, seconds=1, seed=1, learning_rate=1e-3)
    after = _log_prob_taken(better, teacher_data)
    change = (after - before)[choice]
    # the surrogate went up: what paid more likely, what cost less likely, on the whole
    assert (np.where(paid[choice], 1.0, -1.0) * change).mean() > 0.02
    assert change[paid[choice]].mean() > change[~paid[choice]].mean() + 0.05
    assert better.header["layers"] == model.header["layers"]
    assert better.training["self_play"]["decisions"] == int(choice.sum())
    with pytest.raises(TrainingError, match="positive number of seconds"):
        improve(model, played, None, seconds=float("nan"))


def test_train_writes_two_models_that_simulate_plays(capsys, tmp_path: Path):
    out = tmp_path / "m.npz"
    code = main(
        [
            "train",
            "--games",
            "1",
            "--minutes",
            "0.1",
            "--max-rounds",
            "1",
            "--self-play-games",
            "1",
            "--hidden",
            "16",
            "--seed",
            "3",
            "--out",
            str(out),
            "--json",
        ]
    )
    printed, err = capsys.readouterr()
    assert code == 0, err
    report = json.loads(printed)
    second = tmp_path / "m-selfplay.npz"
    assert report["model"] == str(out) and report["self_play_model"] == str(second)
    assert load_model(out).training["agreement_held_out_choices"] > 0
    for model in (out, second):
        code = main(
            [
                "simulate",
                "--games",
                "1",
                "--max-rounds",
                "1",
                "--jobs",
                "1",
                "--bot",
                f"learned:{model}",
                "--out",
                str(tmp_path / f"{model.stem}.jsonl"),
            ]
        )
        assert code == 0, capsys.readouterr().err
    capsys.readouterr()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--minutes", "0"], "--minutes '0'"),
        (["--minutes", "nan"], "--minutes 'nan'"),
        (["--minutes", "lots"], "--minutes 'lots'"),
        (["--games", "0"], "--games"),
        (["--hidden", "0"], "--hidden '0'"),
        (["--hidden", "8,8,8,8,8"], "--hidden"),
        (["--hidden", "a,b"], "--hidden"),
        (["--teacher", "mjai:x"], "--teacher"),
        (["--variant", "chess"], "--variant"),
    ],
)
def test_train_refuses_garbage_flags_in_one_line(capsys, tmp_path: Path, argv, said):
    code = 0
    try:
        code = main(["train", "--out", str(tmp_path / "m.npz"), *argv])
    except SystemExit as stop:
        code = int(stop.code or 0)
    _, err = capsys.readouterr()
    assert code == 2 and said in err and err.count("\n") == 1
    assert not (tmp_path / "m.npz").exists()


def test_train_refuses_an_out_it_cannot_write(capsys, tmp_path: Path):
    for argv, said in (
        (["--out", str(tmp_path)], "a folder"),
        (["--out", str(tmp_path / "no" / "m.npz")], "no such folder"),
        (
            ["--out", str(tmp_path / "m.npz"), "--self-play-out", str(tmp_path / "m.npz")],
            "same file",
        ),
    ):
        code = main(["train", *argv])
        _, err = capsys.readouterr()
        assert code == 2 and said in err, err
