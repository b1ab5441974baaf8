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
from mahjongkit.bots.learned import PolicyModel, load_model, save_model
from mahjongkit.bots.learned.features import action_slots, encode
from mahjongkit.cli import main
from mahjongkit.game.engine import Game
from mahjongkit.rl import decisions
from mahjongkit.rl.learn import (
    DecisionSet,
    TrainingError,
    _play_recorded,
    _Rows,
    agreement,
    baseline_advantages,
    chance_agreement,
    clone,
    collect,
    duel,
    gate_keeps,
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
    better = improve(model, played, None, seconds=1, seed=1, learning_rate=1e-3, kl_weight=0.0)
    after = _log_prob_taken(better, teacher_data)
    change = (after - before)[choice]
    # the surrogate went up: what paid more likely, what cost less likely, on the whole
    assert (np.where(paid[choice], 1.0, -1.0) * change).mean() > 0.02
    assert change[paid[choice]].mean() > change[~paid[choice]].mean() + 0.05
    assert better.header["layers"] == model.header["layers"]
    assert better.training["self_play"]["decisions"] == int(choice.sum())
    with pytest.raises(TrainingError, match="positive number of seconds"):
        improve(model, played, None, seconds=float("nan"))


def _with_returns(data: DecisionSet, returns: np.ndarray) -> DecisionSet:
    return DecisionSet(
        data.features, data.slots, data.chosen, data.game, data.seat, returns.astype(np.float32)
    )


def test_self_play_returns_are_relative_to_the_table(teacher_data):
    """One round a game: each seat's return is its points less the table's mean change, so
    the four seats' returns add up to nothing (riichi deposits left on the table included)."""
    model = clone(teacher_data, FAMILY, seconds=1, seed=1, hidden=(16,))
    played = self_play(model, FAMILY, 3, seed=5, max_rounds=1)
    for game in np.unique(played.game):
        per_seat = [
            np.unique(played.returns[(played.game == game) & (played.seat == seat)])
            for seat in range(4)
        ]
        assert all(len(r) == 1 for r in per_seat)
        assert abs(sum(float(r[0]) for r in per_seat)) < 1e-3


def test_self_play_against_a_bot_notes_only_the_policys_seats(teacher_data):
    """With an opponent the policy plays the even seats of even games and the odd seats of
    odd games; the bot's decisions are not learnt from."""
    model = clone(teacher_data, FAMILY, seconds=1, seed=1, hidden=(16,))
    played = self_play(model, FAMILY, 2, seed=5, max_rounds=1, opponent="efficient")
    assert set(np.unique(played.seat[played.game == 0])) == {0, 2}
    assert set(np.unique(played.seat[played.game == 1])) == {1, 3}
    alone = self_play(model, FAMILY, 1, seed=5, max_rounds=1)
    assert set(np.unique(alone.seat)) == {0, 1, 2, 3}


def test_the_baseline_takes_out_what_the_state_foretells(teacher_data):
    """Returns that three features foretell (plus a little noise), over 40 games of states:
    the cross-fitted ridge baseline explains nearly all of them and what is left does not
    follow those features; returns of pure noise: no baseline beats their mean, which is
    used."""
    rng = np.random.default_rng(3)
    n = 4000
    features = (rng.random((n, teacher_data.features.shape[1])) < 0.1).astype(np.float32)
    game = np.arange(n) // 100
    data = DecisionSet(
        features,
        np.zeros((n, 1, 3), np.int16),
        np.zeros(n, np.int64),
        game,
        np.zeros(n, np.int64),
        np.zeros(n, np.float32),
    )
    foretold = 8000.0 * features[:, 5] - 3000.0 * features[:, 700] + 2000.0 * features[:, 900]
    foretold += rng.normal(0, 300, n)
    advantages, figures = baseline_advantages(_with_returns(data, foretold))
    assert figures["baseline"] == "ridge" and figures["baseline_explained"] > 0.9, figures
    for column in (5, 700, 900):
        assert abs(np.corrcoef(advantages, features[:, column])[0, 1]) < 0.1
    assert abs(float(advantages.std()) - 1.0) < 1e-3
    noise = rng.normal(0, 1000, n)
    advantages, figures = baseline_advantages(_with_returns(data, noise))
    assert figures["baseline"] == "mean" and figures["baseline_explained"] <= 0, figures
    expected = (noise - noise.mean()) / noise.std()
    assert np.allclose(advantages, expected, atol=1e-4)


def test_the_kl_term_holds_the_policy_near_where_it_started(teacher_data):
    """The same noisy returns, the same steps: with a strong KL term the log-probabilities of
    the actions taken move less than without it."""
    model = clone(teacher_data, FAMILY, seconds=1, seed=1, hidden=(16,))
    rng = np.random.default_rng(1)
    played = _with_returns(teacher_data, np.where(rng.random(len(teacher_data)) < 0.5, 1, -1))
    before = _log_prob_taken(model, teacher_data)
    moved = {}
    for weight in (0.0, 30.0):
        better = improve(
            model, played, None, seconds=1, seed=1, learning_rate=1e-3, kl_weight=weight
        )
        moved[weight] = float(np.abs(_log_prob_taken(better, teacher_data) - before).mean())
        assert better.training["self_play"]["kl_weight"] == weight
    assert moved[30.0] < 0.5 * moved[0.0], moved


def _anti(model: PolicyModel) -> PolicyModel:
    """The model's scores negated: it plays the action its model likes least."""
    weights = list(model.weights)
    weights[-2], weights[-1] = -weights[-2], -weights[-1]
    kind = list(model.kind_weights)
    if kind:
        kind[-2], kind[-1] = -kind[-2], -kind[-1]
    return PolicyModel(weights, model.header, kind)


def test_a_duel_of_a_model_with_itself_is_even_deal_by_deal(teacher_data):
    """Both seatings of a deal replay the same game when the two models are one: the
    candidate's seats and the incumbent's then cover the same four seats, to the point."""
    model = clone(teacher_data, FAMILY, seconds=1, seed=1, hidden=(16,))
    found = duel(model, model, FAMILY, 2, seed=9, max_rounds=1)
    assert found["deals"] == 2 and found["points"] == [0.0, 0.0]
    assert found["candidate_points"] == found["incumbent_points"]
    with pytest.raises(TrainingError, match="positive number"):
        duel(model, model, FAMILY, 0, seed=9)


def test_a_duel_finds_the_model_that_plays_its_worst_move_worse(teacher_data):
    model = clone(teacher_data, FAMILY, seconds=2, seed=1, hidden=(16,))
    found = duel(model, _anti(model), FAMILY, 3, seed=9, max_rounds=1)
    assert found["points"][0] > 0 and found["candidate_points"] > found["incumbent_points"]
    reverse = duel(_anti(model), model, FAMILY, 3, seed=9, max_rounds=1)
    assert reverse["points"][0] == -found["points"][0]


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
        (["--self-play-opponent", "random-ish"], "--self-play-opponent"),
        (["--gate-deals", "-2"], "--gate-deals"),
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


def _train_json(capsys, argv: list[str]) -> dict:
    code = main(["train", "--minutes", "0.05", "--max-rounds", "1", "--seed", "3", *argv, "--json"])
    printed, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(printed)


def test_improve_runs_the_self_play_round_alone_and_gates_it(capsys, tmp_path: Path):
    """--improve reads a model, plays itself, and the duel's verdict says which weights were
    written: the improved ones, or those of the model it started from."""
    first = tmp_path / "m.npz"
    _train_json(
        capsys, ["--games", "1", "--self-play-games", "0", "--hidden", "16", "--out", str(first)]
    )
    out = tmp_path / "better.npz"
    report = _train_json(
        capsys,
        ["--improve", str(first), "--self-play-games", "1", "--gate-deals", "1", "--out", str(out)],
    )
    assert report["start_model"] == str(first) and report["self_play_model"] == str(out)
    assert "behaviour_cloning" not in report
    gate = report["self_play"]["gate"]
    assert gate["deals"] == 1 and gate["kept"] == "start"  # one deal proves nothing
    written, started = load_model(out), load_model(first)
    assert written.training["self_play"]["gate"] == gate
    same = all(np.array_equal(a, b) for a, b in zip(written.weights, started.weights, strict=True))
    assert same == (gate["kept"] == "start")
    assert (
        written.training["agreement_held_out_choices"]
        == (started.training["agreement_held_out_choices"])
    )


def test_the_gate_keeps_only_a_model_ahead_by_more_than_its_noise():
    # half widths of 95% intervals: one standard error is a 1.96th of one
    assert gate_keeps(600.0, 1000.0)
    assert not gate_keeps(500.0, 1000.0) and not gate_keeps(28.3, 1051.2)
    assert not gate_keeps(-600.0, 1000.0)
    assert not gate_keeps(5000.0, float("nan"))


def test_train_gates_the_improved_model_by_default(capsys, tmp_path: Path):
    report = _train_json(
        capsys,
        [
            "--games",
            "1",
            "--self-play-games",
            "1",
            "--hidden",
            "16",
            "--out",
            str(tmp_path / "m.npz"),
        ],
    )
    gate = report["self_play"]["gate"]
    assert gate["deals"] >= 1 and gate["kept"] in ("improved", "start")
    assert load_model(tmp_path / "m-selfplay.npz").training["self_play"]["gate"] == gate
    report = _train_json(
        capsys,
        [
            "--games",
            "1",
            "--self-play-games",
            "1",
            "--gate-deals",
            "0",
            "--hidden",
            "16",
            "--out",
            str(tmp_path / "n.npz"),
        ],
    )
    assert "gate" not in report["self_play"]


def test_improve_refuses_what_it_cannot_start_from(capsys, tmp_path: Path):
    model = tmp_path / "m.npz"
    _train_json(
        capsys, ["--games", "1", "--self-play-games", "0", "--hidden", "8", "--out", str(model)]
    )
    (tmp_path / "junk.npz").write_bytes(b"not a model")
    out = str(tmp_path / "out.npz")
    for argv, said in (
        (["--improve", str(tmp_path / "none.npz")], "no such model file"),
        (["--improve", str(tmp_path / "junk.npz")], "not a model file"),
        (["--improve", str(model), "--variant", VARIANT_NAMES[1]], "not of"),
        (["--improve", str(model), "--self-play-games", "0"], "--self-play-games"),
        (["--improve", str(model), "--out", str(model)], "starts from"),
        (["--improve", str(model), "--games", "5"], "--games"),
        (
            ["--improve", str(model), "--teacher", "efficient", "--hidden", "8"],
            "--hidden, --teacher",
        ),
    ):
        argv = ["--out", out, *argv] if "--out" not in argv else argv
        code = main(["train", "--minutes", "0.1", *argv])
        _, err = capsys.readouterr()
        assert code == 2 and said in err, (argv, err)
        assert not Path(out).exists()
    for value in ("-1", "x", "1.5"):
        try:
            code = main(["train", "--out", out, "--gate-deals", value])
        except SystemExit as stop:
            code = int(stop.code or 0)
        _, err = capsys.readouterr()
        assert code == 2 and "--gate-deals" in err and err.count("\n") == 1
