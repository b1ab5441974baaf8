"""Which build is running: the hot modules compiled with mypyc, or the plain Python sources.

The modules of :data:`COMPILED` are plain typed Python that ``setup.py`` also compiles with
mypyc when a C compiler is at hand (``./dev`` builds them in place, beside their sources). An
extension module is imported before a source of the same name, so a compiled build runs unless
:func:`choose` sees a reason not to, and then loads every one of them from its source:

- ``MAHJONGKIT_PURE=1`` in the environment (the pure-Python test run, a comparison);
- in a checkout, a source newer than the build (an edit not yet built: the extension would run
  the old code, and compiled modules call each other directly, so it is all or none).

Nothing here imports more than the interpreter has loaded at start-up: it runs on every
``import mahjongkit``.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see lite_typing)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

COMPILED = (
    "shapes",
    "table.wall",
    "table.seat_facts",
    "table.state",
    "table.turn",
    "game.fold",
    "game.legal",
    "game.hands",
    "bots.policy",
    "bots.danger",
    "bots.efficient.reading",
    "bots.efficient.search",
    "rl.encoder",
    "rl.planes_v2",
    "variants.riichi.readings",
    "rl.masks",
    "rl.stepper",
    "game.observation",
    "game.engine",
    "variants.riichi.flow_turn",
    "variants.sichuan.flow_turn",
    "scoring.quick_rows",
    "variants.hongkong.waits",
    "variants.sichuan.waits",
)
"""The modules ``setup.py`` compiles (dotted names within the package), and so the ones
:func:`choose` may load from their sources instead.

Those that run fewer instructions compiled (``bench/*_instructions.py``, with and without
``MAHJONGKIT_PURE=1``). A compiled function refuses a value of the wrong type for a typed
parameter (a bare ``TypeError``) before its own check can name it: a compiled module's public
entry points take ``object`` where a caller may pass anything and check it first (the engine's
``Game``; the Riichi scorers' one-call path, ``variants.riichi.readings.plain_answer``, takes
the win's fields untyped), and modules whose public functions are typed throughout stay Python
(the tile parsers, the scorers). A compiled class extended in Python is marked
``@mypyc_attr(allow_interpreted_subclasses=True)`` (``Game``: replays, recorders and tests
subclass it); the flows and the agents are subclassed so widely that their loops are module
functions of compiled modules instead (``variants.*.flow_turn``), the classes staying Python.
A module compiles well when what its hot loop reads is typed and ``Final``: any other
module-level name costs a dictionary look-up by name at each use compiled (the interpreter
caches it), which is why the Riichi search, with its tables imported by name, first ran more
instructions compiled than interpreted. Likewise a field of a Python object (a slotted
dataclass's): compiled code reads it through the generic attribute look-up (about a hundred
instructions), the interpreter's specialised read in a few, which is why the Riichi scorers
read the win's fields in Python and pass them to the compiled call. The table's state
(``table.state``'s ``RoundState``, ``SeatState``, ``TableMeld``; ``table.seat_facts``, the
seat's base) is native for that reason: the engine, the folds and the hand facts read its
fields at a fixed offset. Its classes are ``serializable`` (copied and pickled by their
fields), and ``SeatState`` allows interpreted subclasses: each family's seat class
(``seat_class``) is one, made at run time. A class allowing them cannot have a
``__getattr__``, even for the type checker alone (mypyc compiles no ``if`` in a class body):
the facts every reader asks of any seat are properties of its base."""


PURE_VARIABLE = "MAHJONGKIT_PURE"
"""Set to ``1``, the sources run even where a compiled build is installed."""

LIBRARY = "mahjongkit__mypyc"
"""The compiled modules' shared library: a top-level module beside the package (mypyc places
its modules' files, ``__file__``, from the library's folder)."""

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
_PREFIX = __name__.rpartition(".")[0] + "."

_state: list[str] = []
"""What :func:`choose` found: "compiled", "pure" or "stale"; "absent" where nothing is built."""


def _library() -> str | None:
    """The path of the shared library, if one is built beside the package."""
    for suffix in EXTENSION_SUFFIXES:
        path = os.path.join(os.path.dirname(_PACKAGE), LIBRARY + suffix)
        if os.path.exists(path):
            return path
    return None


def modules() -> list[str]:
    """The full dotted name of every module of :data:`COMPILED`."""
    return [_PREFIX + name for name in COMPILED]


def source(name: str) -> str:
    """The source file of a module of the package (``mahjongkit.x.y``), compiled or not."""
    return os.path.join(_PACKAGE, *name.split(".")[1:]) + ".py"


def sources() -> list[str]:
    """The source file of every module of :data:`COMPILED`."""
    return [source(name) for name in modules()]


def _stale(library: str) -> bool:
    """Whether a source was changed after the build, in a checkout (an installed package is
    consistent as installed, whatever order its files were written in)."""
    checkout = os.path.dirname(os.path.dirname(_PACKAGE))
    if not os.path.exists(os.path.join(checkout, "setup.py")):
        return False
    built = os.stat(library).st_mtime
    return any(os.stat(path).st_mtime > built for path in sources())


class _SourceFinder:
    """Finds the compiled modules' sources ahead of their extensions."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None, /
    ) -> ModuleSpec | None:
        if not name.startswith(_PREFIX) or name[len(_PREFIX) :] not in COMPILED:
            return None
        from importlib.util import spec_from_file_location

        return spec_from_file_location(name, source(name))


def choose() -> str:
    """Decide once which build this process runs (see the module); what it runs."""
    if not _state:
        library = _library()
        if library is None:
            _state.append("absent")
        elif os.environ.get(PURE_VARIABLE) == "1":
            _state.append("pure")
        elif _stale(library):
            _state.append("stale")
        else:
            _state.append("compiled")
        if _state[0] != "compiled":
            # Also where no library is built: an extension left without it cannot load.
            sys.meta_path.insert(0, _SourceFinder())
    return _state[0]


def is_compiled() -> bool:
    """Whether the compiled modules are the ones running."""
    return choose() == "compiled"


def describe() -> str:
    """The build running, in a few words (``mahjongkit --version`` prints it)."""
    return {
        "compiled": "compiled (mypyc)",
        "pure": f"pure Python ({PURE_VARIABLE}=1)",
        "stale": (
            "pure Python (the compiled modules are older than their sources: ./dev builds them)"
        ),
        "absent": "pure Python",
    }[choose()]
