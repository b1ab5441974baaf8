"""The learned bot without PyTorch: its features and vocabulary, its model file (garbage
refused, each with its reason), and ``learned:PATH`` at every surface that seats bots."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

from mahjongkit.bots import make_bot, play
from mahjongkit.bots.learned import (
    FEATURE_SIZE,
    FEATURES,
    FORMAT,
    VOCABULARY,
    LearnedAgent,
    ModelError,
    PolicyModel,
    load_model,
    save_model,
)
from mahjongkit.bots.learned.features import action_slots, encode, slots_of, vocabulary_name
from mahjongkit.bots.seating import SimulationError, parse_bots
from mahjongkit.cli import main
from mahjongkit.game.engine import Game
from mahjongkit.table import actions as A
from mahjongkit.variants import VARIANT_NAMES


def random_model(family: str, seed: int = 0, hidden: int = 16) -> PolicyModel:
    """A model of random weights (what a file holds before any training)."""
    rng = np.random.default_rng(seed)
    layers = [FEATURE_SIZE, hidden, VOCABULARY]
    weights = []
    for inputs, outputs in pairwise(layers):
        weights.append(rng.normal(0, 0.1, (inputs, outputs)).astype(np.float32))
        weights.append(rng.normal(0, 0.1, (outputs,)).astype(np.float32))
    header = {
        "format": FORMAT,
        "version": 1,
        "family": family,
        "features": FEATURES,
        "layers": layers,
        "training": {"method": "none"},
    }
    return PolicyModel(weights, header)


@pytest.fixture
def riichi_model(tmp_path: Path) -> Path:
    path = tmp_path / "riichi.npz"
    save_model(path, random_model(VARIANT_NAMES[0]))
    return path


def test_the_vocabulary_names_its_groups():
    assert VOCABULARY == 182
    assert vocabulary_name(0) == "discard 0"
    assert vocabulary_name(36) == "discard 36"  # the red 5s
    assert vocabulary_name(37) == f"{A.RIICHI} 0"
    assert vocabulary_name(148) == A.PASS
    assert vocabulary_name(181) == f"{A.EXCHANGE} 26"
    with pytest.raises(IndexError):
        vocabulary_name(182)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_legal_action_of_every_family_has_slots_and_features_stay_in_range(variant):
    """A legal action the vocabulary cannot name would be unplayable by a learned bot; a
    feature out of [0, 1] would mean a count or scale gone wrong."""
    game = Game(variant, seed=3, max_rounds=1)
    game.start()
    bots = [make_bot("efficient", s) for s in range(game.players)]
    seen_types: set[str] = set()
    decisions = 0
    while not game.over and decisions < 400:
        seat = game.waiting_for()[0]
        observation = game.observation(seat, with_events=False)
        slots = action_slots(observation, red=True)
        wanted = {slots_of(action, True) for action in observation.legal_actions}
        assert None not in wanted
        assert wanted == {group for group, _ in slots}
        seen_types.update(action.type for action in observation.legal_actions)
        features = encode(observation, True, slots)
        assert features.shape == (FEATURE_SIZE,) and features.dtype == np.float32
        assert features.min() >= 0.0 and features.max() <= 1.0
        # the legal slots are the vector's last part
        legal = np.flatnonzero(features[-VOCABULARY:])
        assert set(legal) == {i for s, _ in slots for i in s}
        game.apply(bots[seat].act(observation))
        decisions += 1
    assert A.DISCARD in seen_types and decisions > 20


def test_a_discard_is_scored_by_its_kind_and_the_drawn_tile_is_preferred():
    game = Game(VARIANT_NAMES[0], seed=1, max_rounds=1)
    game.start()
    seat = game.waiting_for()[0]
    observation = game.observation(seat, with_events=False)
    slots = action_slots(observation, red=True)
    discards = [(s, a) for s, a in slots if a.type == A.DISCARD]
    kinds = {a.tile >> 2 for a in observation.legal_actions if a.type == A.DISCARD}
    # one slot a kind (a red five has its own)
    assert len(discards) >= len(kinds)
    drawn = observation.own.drawn
    assert any(a.tile == drawn for _, a in discards)


def test_a_model_file_round_trips_and_scores_as_saved(riichi_model: Path):
    model = load_model(riichi_model)
    again = random_model(VARIANT_NAMES[0])
    assert model.family == VARIANT_NAMES[0] and model.training == {"method": "none"}
    x = np.linspace(0, 1, FEATURE_SIZE, dtype=np.float32)
    expected = np.maximum(x @ again.weights[0] + again.weights[1], 0) @ again.weights[2]
    assert np.allclose(model.scores(x), expected + again.weights[3], atol=1e-5)


def _write(path: Path, header: object = None, **arrays: np.ndarray) -> Path:
    if header is not None:
        raw = header if isinstance(header, bytes) else json.dumps(header).encode()
        arrays["header"] = np.frombuffer(raw, dtype=np.uint8)
    np.savez(path, **arrays)
    return path


def _good_arrays() -> tuple[dict[str, object], dict[str, np.ndarray]]:
    model = random_model(VARIANT_NAMES[0])
    names = ["w0", "b0", "w1", "b1"]
    return dict(model.header), dict(zip(names, model.weights, strict=True))


def _garbage(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    header, arrays = _good_arrays()
    cases: dict[str, tuple[Path, str]] = {}
    cases["missing"] = (tmp_path / "nothing.npz", "no such model file")
    empty = tmp_path / "empty.npz"
    empty.write_bytes(b"")
    cases["empty"] = (empty, "not a model file")
    noise = tmp_path / "noise.npz"
    noise.write_bytes(bytes(range(256)) * 10)
    cases["noise"] = (noise, "not a model file")
    text = tmp_path / "text.npz"
    text.write_text("w0,b0\n1,2\n")
    cases["text"] = (text, "not a model file")
    cases["no header"] = (_write(tmp_path / "h0.npz", None, **arrays), "no header")
    cases["header not json"] = (_write(tmp_path / "h1.npz", b"{nope", **arrays), "not JSON")
    cases["other format"] = (
        _write(tmp_path / "h2.npz", {**header, "format": "pickle"}, **arrays),
        f"not a {FORMAT} file",
    )
    cases["other version"] = (
        _write(tmp_path / "h3.npz", {**header, "version": 9}, **arrays),
        "format version 9",
    )
    cases["other features"] = (
        _write(tmp_path / "h4.npz", {**header, "features": "f0"}, **arrays),
        "features 'f0'",
    )
    cases["no family"] = (
        _write(tmp_path / "h5.npz", {**header, "family": 3}, **arrays),
        "names no family",
    )
    cases["layers"] = (
        _write(tmp_path / "h6.npz", {**header, "layers": [10, 182]}, **arrays),
        "layer sizes",
    )
    cases["huge layers"] = (
        _write(tmp_path / "h7.npz", {**header, "layers": [FEATURE_SIZE, 10**9, VOCABULARY]}),
        "layer sizes",
    )
    cases["a weight missing"] = (
        _write(tmp_path / "w0.npz", header, **{k: v for k, v in arrays.items() if k != "b1"}),
        "weights b1",
    )
    bad_shape = dict(arrays, w1=np.zeros((3, 3), dtype=np.float32))
    cases["a weight of another shape"] = (_write(tmp_path / "w1.npz", header, **bad_shape), "w1")
    as_double = dict(arrays, w0=arrays["w0"].astype(np.float64))
    cases["float64"] = (_write(tmp_path / "w2.npz", header, **as_double), "weights w0")
    nan = dict(arrays)
    nan["b0"] = nan["b0"].copy()
    nan["b0"][3] = np.nan
    cases["nan"] = (_write(tmp_path / "w3.npz", header, **nan), "not a number")
    cases["extra"] = (
        _write(tmp_path / "w4.npz", header, **arrays, w9=np.zeros(1, np.float32)),
        "unknown arrays w9",
    )
    cases["per-kind layers"] = (
        _write(tmp_path / "k0.npz", {**header, "kind_layers": [5, 2]}, **arrays),
        "per-kind layer sizes",
    )
    cases["per-kind weights missing"] = (
        _write(tmp_path / "k1.npz", {**header, "kind_layers": [23, 4, 2]}, **arrays),
        "weights k0",
    )
    return cases


def test_every_kind_of_garbage_model_is_refused_with_its_reason(tmp_path: Path):
    for name, (path, reason) in _garbage(tmp_path).items():
        with pytest.raises(ModelError) as refused:
            load_model(path)
        assert reason in str(refused.value), name


def test_a_pickled_array_is_not_unpickled(tmp_path: Path):
    header, arrays = _good_arrays()
    path = _write(tmp_path / "p.npz", header, **arrays, w2=np.array([object()], dtype=object))
    with pytest.raises(ModelError, match="not a model file"):
        load_model(path)


def test_a_model_of_another_family_is_refused_by_the_check_and_at_the_table(tmp_path: Path):
    other = VARIANT_NAMES[1]
    path = tmp_path / "other.npz"
    save_model(path, random_model(other))
    with pytest.raises(ModelError, match=f"a model of '{other}', not of '{VARIANT_NAMES[0]}'"):
        load_model(path, VARIANT_NAMES[0])
    game = Game(VARIANT_NAMES[0], seed=1, max_rounds=1)
    agent = make_bot(f"learned:{path}", 0, game.flow.rules)
    with pytest.raises(ModelError, match=f"a model of '{other}' cannot play"):
        play(game, [agent] * game.players)


def test_garbage_paths_are_refused_before_any_game(capsys, tmp_path: Path):
    for path, reason in _garbage(tmp_path).values():
        with pytest.raises(ModelError, match=r"\S"):
            parse_bots([f"learned:{path}"], 4)
        code = main(
            [
                "simulate",
                "--games",
                "1",
                "--bot",
                f"learned:{path}",
                "--out",
                str(tmp_path / "g.jsonl"),
            ]
        )
        out, err = capsys.readouterr()
        assert code == 2 and out == "" and reason in err and err.count("\n") == 1
    with pytest.raises(ModelError, match="names no model file"):
        parse_bots(["learned:  "], 4)
    with pytest.raises(SimulationError):
        parse_bots(["learnt:x.npz"], 4)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_model_plays_whole_games_in_simulate(capsys, tmp_path: Path, variant: str):
    path = tmp_path / f"{variant}.npz"
    save_model(path, random_model(variant, seed=2))
    out = tmp_path / "games.jsonl"
    bots = [f"learned:{path}", "random", "efficient", "random"][: Game(variant).players]
    code = main(
        ["simulate", "--variant", variant, "--games", "2", "--max-rounds", "1", "--jobs", "1"]
        + [word for bot in bots for word in ("--bot", bot)]
        + ["--out", str(out), "--json"]
    )
    printed, err = capsys.readouterr()
    assert code == 0, err
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(games) == 2
    assert printed.count(f"learned:{path}") >= 1


def test_the_agent_is_deterministic_when_greedy_and_seeded_when_sampling(riichi_model: Path):
    model = load_model(riichi_model)

    def game_of(agents: list[LearnedAgent]) -> list[object]:
        game = Game(VARIANT_NAMES[0], seed=5, max_rounds=1)
        play(game, agents)
        return list(game.log)

    greedy = game_of([LearnedAgent(model) for _ in range(4)])
    assert greedy == game_of([LearnedAgent(model) for _ in range(4)])
    hot = game_of([LearnedAgent(model, temperature=1.0, seed=s) for s in range(4)])
    assert hot == game_of([LearnedAgent(model, temperature=1.0, seed=s) for s in range(4)])
    assert hot != greedy


def test_mjai_bot_plays_a_model(capsys, riichi_model: Path, tmp_path: Path):
    from mahjongkit.bots.mjai_bot import MjaiBot

    bot = MjaiBot(f"learned:{riichi_model}", 0)
    assert bot.react('[{"type":"start_game","names":["a","b","c","d"],"id":0}]') == (
        '{"type":"none"}'
    )
    assert type(bot.agent).__name__ == "LearnedAgent"
    code = main(["mjai-bot", "--bot", f"learned:{tmp_path / 'none.npz'}"])
    _, err = capsys.readouterr()
    assert code == 2 and "no such model file" in err
