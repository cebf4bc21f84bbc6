"""The engine's hot path compiled with mypyc: the same source, turned into C extension modules beside it.

The Python source stays the reference. ``python -m kotguide.engine compile`` (``make engine``, which ``make run`` and
``make test`` run first) compiles ``MODULES`` when a source changed since the last build. A game then runs the
compiled modules only while the build is newer than every source file of the engine; otherwise (a source edited
since, a mutation test's patch, ``KOTGUIDE_PURE_ENGINE=1``) every module is loaded from source, all together, since
compiled modules call each other directly. ``python -m kotguide.engine compile --clean`` removes the build.

What compiled code does differently, and the engine must therefore not rely on: methods of a ``list`` or ``dict``
subclass are bypassed where the static type says ``list`` or ``dict`` (``Monster.cards`` is typed ``Hand`` so that its
changes are counted), and the functions of a compiled module call each other directly, so patching a module attribute
(``monkeypatch.setattr``) reaches only interpreted callers.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = "kotguide.engine"
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
# the modules every action runs through, and the state they read and write (bench/engine.py measures the gain)
MODULES = ("flow", "ops", "cards.registry", "rng", "resolve", "market", "tokyo", "dice", "guards", "chance",
           "cards.tokens", "cards.common", "state")
GROUP = "kotguide_engine"  # mypyc's shared library of the group, at the project's root: GROUP__mypyc.*.so
PURE_ENV = "KOTGUIDE_PURE_ENGINE"
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def source(module: str) -> Path:
    return HERE.joinpath(*module.split(".")).with_suffix(".py")


def extension(module: str) -> Path:
    return source(module).with_suffix(SUFFIX)


def library() -> Path:
    return ROOT / f"{GROUP}__mypyc{SUFFIX}"


def built() -> bool:
    """Whether the build is newer than every source file of the engine: compiled code takes the types of the modules
    it reads (a class's fields) as they were when it was built, so a change to any of them makes it stale."""
    lib = library()
    if not lib.exists() or not all(extension(module).exists() for module in MODULES):
        return False
    newest = max(path.stat().st_mtime for path in HERE.rglob("*.py"))
    return lib.stat().st_mtime >= newest


def in_use() -> bool:
    """Whether this process runs the compiled modules."""
    flow: ModuleType = importlib.import_module(f"{PACKAGE}.flow")
    return (flow.__file__ or "").endswith(SUFFIX)


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds every module of the package as its source file, ahead of any compiled module beside it."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PACKAGE + "."):
            return None
        file = source(fullname[len(PACKAGE) + 1:])
        return importlib.util.spec_from_file_location(fullname, file) if file.exists() else None


def choose() -> None:
    """Run from the package's ``__init__`` before any engine module is imported: source unless the build is fresh
    (also when part of a build is missing: a compiled module without its group library cannot load)."""
    if os.environ.get(PURE_ENV) or not built():
        sys.meta_path.insert(0, _FromSource())


def build() -> None:
    """Compile ``MODULES`` with mypyc, in place (a few seconds per module on one core)."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    clean()  # a module no longer listed must not stay compiled
    paths = [str(source(module).relative_to(ROOT)) for module in MODULES]
    here = os.getcwd()
    os.chdir(ROOT)  # mypyc names the modules after their paths from the root
    try:
        setup(name="kotguide-engine-compiled", ext_modules=mypycify(paths, group_name=GROUP),
              script_args=["-q", "build_ext", "--inplace", "--build-temp", "build/mypyc"])
    finally:
        os.chdir(here)
    # setuptools leaves a module it finds unchanged as it was: all are as new as this build
    for path in (*(extension(module) for module in MODULES), library()):
        os.utime(path)


def clean() -> None:
    for ext in HERE.rglob(f"*{SUFFIX}"):
        ext.unlink()
    library().unlink(missing_ok=True)

