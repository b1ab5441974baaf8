"""The package as installed: every module folder is a package, typed, with its entry points."""

import importlib
import subprocess
import sys
from pathlib import Path

import mahjongkit

ROOT = Path(mahjongkit.__file__).parent


def test_every_module_folder_is_a_package_that_imports():
    folders = [p for p in ROOT.rglob("*") if p.is_dir() and any(p.glob("*.py"))]
    assert folders
    for folder in folders:
        assert (folder / "__init__.py").exists(), f"{folder} has no __init__.py"
        name = ".".join(folder.relative_to(ROOT.parent).parts)
        importlib.import_module(name)


def test_typed_and_versioned():
    assert (ROOT / "py.typed").exists()
    assert mahjongkit.__version__.count(".") == 2


def test_the_core_imports_nothing_outside_the_standard_library():
    code = (
        "import sys; import mahjongkit.tiles, mahjongkit.melds, mahjongkit.hand, "
        "mahjongkit.shapes, mahjongkit.scoring, mahjongkit.game, mahjongkit.variants.riichi, "
        "mahjongkit.variants.hongkong, mahjongkit.variants.sichuan; "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    # __main__ is the -c script; _distutils_hack is setuptools' .pth hook, loaded at start-up;
    # mahjongkit__mypyc is the package's own compiled modules (mahjongkit.native).
    outside = {m for m in loaded if m not in sys.stdlib_module_names} - {
        "mahjongkit",
        "mahjongkit__mypyc",
        "__main__",
        "_distutils_hack",
    }
    assert outside == set()
