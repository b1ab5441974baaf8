"""The layers import one way (DESIGN.md): core → scoring → table → variants → game → surfaces.

Every import of the package's own modules counts: at the top of a module, inside a function,
under ``TYPE_CHECKING``, and module names given as strings (``import_module`` calls, lazy
registries, f-string prefixes). The test fails on any cycle and on any import that points up.
"""

from __future__ import annotations

import ast
from pathlib import Path

import mahjongkit

SOURCE = Path(mahjongkit.__file__).parent

LAYERS = ("core", "scoring", "table", "variants", "game", "surfaces")
"""From the bottom up: a module may import its own layer and the layers below it."""

_CORE = {
    "lite_typing",
    "errors",
    "options",
    "tiles",
    "melds",
    "hand",
    "shapes",
    "shape_table",
    "i18n",
    "lazy",
    "valueclass",
}
_SURFACES = {"cli", "api", "__main__", "formats", "bots", "web", "records", "tui", "sim", "rl"}


def layer_of(module: str) -> str:
    """The layer of a module of the package (``mahjongkit.x.y``)."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else ""
    if top == "" or top in _CORE:
        return "core"
    if top in _SURFACES:
        return "surfaces"
    if top in LAYERS:
        return top
    raise AssertionError(f"{module} belongs to no layer: add it to the layer map of this test")


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    found = {}
    for path in SOURCE.rglob("*.py"):
        parts = ["mahjongkit", *path.relative_to(SOURCE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that ``module`` imports, however it imports them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                prefix = ".".join(base)
                source = f"{prefix}.{node.module}" if node.module else prefix
            else:
                source = node.module or ""
            for alias in node.names:
                # ``from package import submodule`` imports the submodule; anything else
                # (a function, a class) is an import of ``source`` itself.
                submodule = f"{source}.{alias.name}"
                names.append(submodule if submodule in known else source)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.startswith("mahjongkit.") and " " not in node.value:
                names.append(node.value)
        elif isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
            if isinstance(head, ast.Constant) and str(head.value).startswith("mahjongkit."):
                names.append(str(head.value).rstrip("."))
    edges = {_resolve(name, known) for name in names}
    edges.discard(None)
    edges.discard(module)
    return {e for e in edges if e is not None}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_counting_every_kind_of_import():
    assert cycles(graph()) == []


def test_no_module_imports_a_layer_above_its_own():
    upward = []
    for source, targets in sorted(graph().items()):
        rank = LAYERS.index(layer_of(source))
        for target in sorted(targets):
            if LAYERS.index(layer_of(target)) > rank:
                upward.append(f"{source} → {target}")
    assert upward == []


def test_the_checks_see_function_local_and_string_imports():
    """The scanner itself: a lazy import, a registry string and an f-string prefix all count."""
    known = modules()
    cli = imports_of("mahjongkit.cli.games", known["mahjongkit.cli.games"], known)
    assert "mahjongkit.game.engine" in cli  # imported inside the commands, for start-up time
    registry = imports_of("mahjongkit.variants", known["mahjongkit.variants"], known)
    assert {"mahjongkit.variants.riichi", "mahjongkit.variants.sichuan"} <= registry
    fake = {"a.b": set(), "a.c": {"a.b"}}
    assert cycles({**fake, "a.b": {"a.c"}}) == [["a.b", "a.c"]]
    assert cycles(fake) == []
    assert layer_of("mahjongkit.variants.riichi.flow") == "variants"
    assert layer_of("mahjongkit.tiles") == "core"


def test_variants_reach_the_engine_only_through_their_record():
    """The engine finds a variant's flow in the registry record; no variant imports game/."""
    edges = graph()
    for source, targets in edges.items():
        if source.startswith("mahjongkit.variants"):
            assert not any(t.startswith("mahjongkit.game") for t in targets), source
    engine = edges["mahjongkit.game.engine"]
    assert "mahjongkit.variants" in engine
    assert not any(t.startswith("mahjongkit.variants.") for t in engine)
