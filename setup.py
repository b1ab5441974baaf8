"""The build: mahjongkit's hot modules compiled with mypyc where a C compiler is at hand.

The modules named in ``src/mahjongkit/native.py`` (``COMPILED``) are plain typed Python; mypyc
turns them into C extensions that run the same code faster, and the package falls back to
them as sources whenever no extension is built. Without a C compiler, Python's headers or
mypy, or with ``MAHJONGKIT_PURE=1``, the package installs as pure Python, with a one-line
notice. ``./dev`` builds in place (``setup.py build_ext --inplace``): the extensions land beside
their sources, git-ignored, and an editable install runs them.
"""

from __future__ import annotations

import ast
import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
NATIVE = HERE / "src" / "mahjongkit" / "native.py"
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""The commands that build extensions (metadata commands never pay for mypyc)."""


def compiled_modules() -> list[str]:
    """``COMPILED`` of ``native.py`` (names within the package), read without importing it."""
    for node in ast.parse(NATIVE.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "COMPILED" for target in node.targets
        ):
            return list(ast.literal_eval(node.value))
    raise SystemExit(f"{NATIVE}: no COMPILED tuple")


def why_pure() -> str | None:
    """Why the modules cannot be compiled here (None: they can)."""
    if os.environ.get("MAHJONGKIT_PURE") == "1":
        return "MAHJONGKIT_PURE=1"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h: python3-dev)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypy is not installed"
    return None


class BuildExt(build_ext):
    """Builds the extensions; a build that fails leaves the package pure Python, and an
    in-place one marks the shared library as new (the package compares its time with the
    sources' to see an edit not yet built)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a compiler that is there but fails: pure Python still works
            print(f"mahjongkit: pure Python (compiling failed: {error})", file=sys.stderr)
            return
        if self.inplace:
            # The modules' shared library: a top-level module, where mypyc's modules find
            # their own files (__file__) as in their package.
            for library in (HERE / "src").glob("mahjongkit__mypyc.*"):
                library.touch()
            # A module compiled before and no longer: its extension would shadow its source.
            package = HERE / "src" / "mahjongkit"
            compiled = set(compiled_modules())
            for extension in package.rglob("*.so"):
                folder = extension.relative_to(package).parent.parts
                if ".".join((*folder, extension.name.split(".")[0])) not in compiled:
                    extension.unlink()


def extensions() -> list:
    if not BUILDS.intersection(sys.argv[1:]):
        return []
    reason = why_pure()
    if reason is not None:
        print(f"mahjongkit: pure Python ({reason}): nothing compiled", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    return mypycify(
        [f"src/mahjongkit/{name.replace('.', '/')}.py" for name in compiled_modules()],
        opt_level="3",
        multi_file=True,
        group_name="mahjongkit",
        target_dir="build/mypyc",
    )


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
