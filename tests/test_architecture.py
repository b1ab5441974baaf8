"""The tiers import one way, and no family is named outside its folder.

The tiers, from the bottom up (DESIGN.md, and §4 of the 2026-12-04 architecture review):
core → scoring → table → variants → game → library services (api, bots, records, formats) →
surfaces (the command line, web, tui, rl, sim). A module imports its own package and the tiers
below its own. Between two packages of one tier, only the imports of :data:`SAME_TIER` are
allowed.

Every import of the package's own modules counts: at the top of a module, inside a function,
under ``TYPE_CHECKING``, and module names given as strings (``import_module`` calls, lazy
registries, f-string prefixes). The test fails on any cycle and on any import that points up.

Outside ``variants/`` and ``i18n/``, no code names a family (``"riichi"``, ``"hongkong"``,
``"sichuan"``): it asks the family's record. Docstrings (their examples) and ``__all__`` lists
may — the rule is that prose and doctests may name a family, code may not
(:func:`test_the_literal_check_sees_code_and_spares_docstrings`) — and so may
:mod:`mahjongkit.table.actions`, where ``"riichi"`` is the action type. The check compares
whole strings: a list of families inside a longer text (a help line) is built from the registry
instead (``mahjongkit.api.words.fill_help``), which the command line's help tests. The seat
letters ``"ESWN"`` are written once, as ``melds.SEAT_LETTERS``.

Every class of the package is declared with :mod:`mahjongkit.valueclass`: no module but
``valueclass.py`` imports ``dataclasses``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import mahjongkit

SOURCE = Path(mahjongkit.__file__).parent

TIERS = ("core", "scoring", "table", "variants", "game", "services", "surfaces")
"""From the bottom up: a module may import its own tier and the tiers below it."""

_CORE = {
    "lite_typing",
    "errors",
    "options",
    "tiles",
    "melds",
    "hand",
    "shapes",
    "shape_tuples",
    "shape_table",
    "shanten_batch",
    "i18n",
    "lazy",
    "valueclass",
    "native",
}
_SERVICES = {"api", "bots", "records", "formats", "narrate"}
"""The library's services: the application API, the players, the game store, the formats and
the game told in words."""
_SURFACES = {"cli", "__main__", "web", "tui", "sim", "rl"}
_LAUNCHERS = {"cli", "__main__"}
"""The command line starts the other surfaces (``serve``, ``play``, ``simulate``): it may
import them. The other surfaces import no surface but their own."""

SAME_TIER = {
    ("api", "bots"): "a drill deals its position with the bots' random policy",
    ("bots", "formats"): "the mjai seats speak the mjai wire format",
    ("formats", "records"): "the text of a stored game reads it from the store",
    ("formats", "narrate"): "the text of a stored game is the game told in words",
}
"""The imports allowed between two packages of the services tier, and why."""

SEAT_LETTERS_WRITTEN = {
    "melds.py": "SEAT_LETTERS itself",
    "i18n/__init__.py": "below melds (melds imports i18n), so it cannot import them",
}
"""Where ``"ESWN"`` may be written for good."""

_ACTION_TYPES = "table/actions.py"
"""Where ``"riichi"`` is the action type (declaring riichi), not a family."""


def package_of(module: str) -> str:
    """The top package of a module of the package (``mahjongkit.x.y`` → ``x``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def tier_of(module: str) -> str:
    """The tier of a module of the package (``mahjongkit.x.y``)."""
    top = package_of(module)
    if top == "" or top in _CORE:
        return "core"
    if top in _SERVICES:
        return "services"
    if top in _SURFACES:
        return "surfaces"
    if top in TIERS:
        return top
    raise AssertionError(f"{module} belongs to no tier: add it to the tier map of this test")


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


def wrong_way(edges: dict[str, set[str]]) -> list[str]:
    """Every import that points to a higher tier, or to another package of its own tier
    without leave (:data:`SAME_TIER`, :data:`_LAUNCHERS`)."""
    found = []
    for source, targets in sorted(edges.items()):
        rank = TIERS.index(tier_of(source))
        top = package_of(source)
        for target in sorted(targets):
            target_rank = TIERS.index(tier_of(target))
            other = package_of(target)
            # Below the services, a tier is one package (or the core's modules, which may
            # import each other).
            sibling = target_rank == rank >= TIERS.index("services") and other != top
            if target_rank > rank or (
                sibling and (top, other) not in SAME_TIER and top not in _LAUNCHERS
            ):
                found.append(f"{source} → {target}")
    return found


def test_no_import_cycle_counting_every_kind_of_import():
    assert cycles(graph()) == []


def test_no_module_imports_a_tier_above_its_own_or_a_sibling_without_leave():
    assert sorted(wrong_way(graph())) == []


def test_the_checks_see_function_local_type_checking_and_string_imports():
    """The scanner itself: a lazy import, a ``TYPE_CHECKING`` one, a registry string and an
    f-string prefix all count; the tiers and their leaves are read as documented."""
    known = modules()
    base = imports_of("mahjongkit.variants.base", known["mahjongkit.variants.base"], known)
    assert "mahjongkit.shapes" in base  # imported inside a function (and for the types)
    assert "mahjongkit.table.flow" in base  # imported for the types only
    registry = imports_of("mahjongkit.variants", known["mahjongkit.variants"], known)
    assert {"mahjongkit.variants.riichi", "mahjongkit.variants.sichuan"} <= registry
    fake = {"a.b": set(), "a.c": {"a.b"}}
    assert cycles({**fake, "a.b": {"a.c"}}) == [["a.b", "a.c"]]
    assert cycles(fake) == []
    assert tier_of("mahjongkit.variants.riichi.flow") == "variants"
    assert tier_of("mahjongkit.tiles") == "core"
    assert tier_of("mahjongkit.bots.efficient.reading") == "services"
    assert tier_of("mahjongkit.rl.aec") == "surfaces"
    assert wrong_way({"mahjongkit.bots.policy": {"mahjongkit.records"}}) == [
        "mahjongkit.bots.policy → mahjongkit.records"
    ]
    assert wrong_way({"mahjongkit.bots.mjai_host": {"mahjongkit.formats.mjai"}}) == []
    assert wrong_way({"mahjongkit.web.app": {"mahjongkit.tui.view"}}) != []
    assert wrong_way({"mahjongkit.cli": {"mahjongkit.web.app"}}) == []


def test_variants_reach_the_engine_only_through_their_record():
    """The engine finds a variant's flow in the registry record; no variant imports game/."""
    edges = graph()
    for source, targets in edges.items():
        if source.startswith("mahjongkit.variants"):
            assert not any(t.startswith("mahjongkit.game") for t in targets), source
    engine = edges["mahjongkit.game.engine"]
    assert "mahjongkit.variants" in engine
    assert not any(t.startswith("mahjongkit.variants.") for t in engine)


def _families() -> set[str]:
    """The built-in families: the packages under ``variants/``."""
    folder = SOURCE / "variants"
    return {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}


def _constants(path: Path, wanted: set[str]) -> list[int]:
    """The lines of the string constants of ``wanted`` in a module, docstrings (the module's,
    a class's, a function's or an attribute's) and ``__all__`` lists left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else ():
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                exempt.add(id(statement.value))
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                exempt.update(id(inner) for inner in ast.walk(node))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in wanted and id(node) not in exempt
    )


def literals_outside_variants(
    wanted: set[str], scanned: tuple[str, ...] = (), root: Path = SOURCE
) -> set[str]:
    """The files under ``root`` (``mahjongkit/``) outside the folders of ``scanned`` that
    write one of ``wanted``."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name.startswith(scanned) or name == _ACTION_TYPES:
            continue
        if _constants(path, wanted):
            found.add(name)
    return found


def test_no_family_is_named_outside_its_folder():
    """A surface, a bot or the engine asks the family's record; it never compares names."""
    assert sorted(literals_outside_variants(_families(), ("variants/", "i18n/"))) == []


def test_the_seat_letters_are_written_once():
    found = literals_outside_variants({"ESWN"})
    assert sorted(found - set(SEAT_LETTERS_WRITTEN)) == []


def test_the_literal_check_sees_code_and_spares_docstrings(tmp_path: Path):
    source = tmp_path / "module.py"
    source.write_text(
        '"""Game("sichuan", seed=2)"""\n'
        '__all__ = ["sichuan"]\n'
        "def f(variant):\n"
        '    """Sichuan: ``f("sichuan")``."""\n'
        '    return variant == "sichuan"\n'
        'SCALES = {"riichi": 1.0}\n',
        encoding="utf-8",
    )
    assert _constants(source, {"riichi", "sichuan"}) == [5, 6]


def test_the_checks_fail_on_a_fake_offending_source(tmp_path: Path):
    """Each check, fed a made-up package tree that breaks it, reports the offender and only
    it: a family named in each tier that must not name one, an upward import made inside a
    function, and the seat letters written outside their one place."""
    offenders = {
        "bots/plan.py": 'def plan(variant):\n    return variant == "sichuan"\n',
        "rl/layout.py": 'SIZES = {"hongkong": 34}\n',
        "tui/screen.py": 'def title(record):\n    return "riichi" if record else ""\n',
        "web/page.py": 'FAMILY = "riichi"\n',
        "sim/plan.py": 'def default():\n    return ("sichuan",)\n',
        "game/engine.py": 'def f(v):\n    if v in ["hongkong"]:\n        return 1\n',
        "table/state.py": 'x = dict(family="riichi")\n',
        "scoring/win.py": 'def unit(v):\n    return {"riichi": "han"}.get(v)\n',
    }
    spared = {
        "variants/sichuan/flow.py": 'NAME = "sichuan"\n',
        "i18n/site.py": 'KEYS = {"riichi": "Riichi"}\n',
        "bots/doc.py": '"""Plays ``Game("riichi")``."""\n',
    }
    for name, text in {**offenders, **spared}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = literals_outside_variants(_families(), ("variants/", "i18n/"), tmp_path)
    assert found == set(offenders)

    # The seat letters, written anywhere but their one place, in code or through an index.
    (tmp_path / "web" / "seats.py").write_text('LETTER = "ESWN"[0]\n', encoding="utf-8")
    (tmp_path / "melds.py").write_text('SEAT_LETTERS = "ESWN"\n', encoding="utf-8")
    letters = literals_outside_variants({"ESWN"}, root=tmp_path)
    assert letters - set(SEAT_LETTERS_WRITTEN) == {"web/seats.py"}

    # An upward import made inside a function counts as one made at the top.
    known = modules()
    lazy = tmp_path / "game" / "lazy.py"
    lazy.write_text(
        "def later():\n    from mahjongkit.web import app\n\n    return app\n",
        encoding="utf-8",
    )
    edges = imports_of("mahjongkit.game.lazy", lazy, {**known, "mahjongkit.game.lazy": lazy})
    assert edges == {"mahjongkit.web.app"}
    assert wrong_way({"mahjongkit.game.lazy": edges}) == [
        "mahjongkit.game.lazy → mahjongkit.web.app"
    ]
    hidden = tmp_path / "bots" / "hidden.py"
    hidden.write_text(
        "def f():\n    import mahjongkit.tui.view as view\n\n    return view\n",
        encoding="utf-8",
    )
    edges = imports_of(
        "mahjongkit.bots.hidden", hidden, {**known, "mahjongkit.bots.hidden": hidden}
    )
    assert wrong_way({"mahjongkit.bots.hidden": edges}) == [
        "mahjongkit.bots.hidden → mahjongkit.tui.view"
    ]


def _imports_dataclasses(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(
            alias.name.partition(".")[0] == "dataclasses" for alias in node.names
        ):
            return True
        if isinstance(node, ast.ImportFrom) and not node.level and node.module == "dataclasses":
            return True
        if isinstance(node, ast.Constant) and node.value == "dataclasses":
            return True  # import_module("dataclasses")
    return False


def test_only_valueclass_imports_dataclasses():
    """One value-class dialect: a one-shot ``score`` costs the library 2.26 times the
    instructions when its classes are standard dataclasses (valueclass's docstring)."""
    found = {
        path.relative_to(SOURCE).as_posix()
        for path in modules().values()
        if _imports_dataclasses(path)
    }
    assert sorted(found) == ["valueclass.py"]


def test_the_dataclasses_check_sees_every_kind_of_import(tmp_path: Path):
    for line in (
        "import dataclasses",
        "from dataclasses import dataclass",
        "def f():\n    from dataclasses import field",
        "importlib.import_module('dataclasses')",
    ):
        source = tmp_path / "module.py"
        source.write_text(line + "\n", encoding="utf-8")
        assert _imports_dataclasses(source), line
    source.write_text("from mahjongkit.valueclass import dataclass\n", encoding="utf-8")
    assert not _imports_dataclasses(source)
