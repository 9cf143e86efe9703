"""Modules that setup.py may compile with mypyc, and the guard against stale builds.

Compiled: the four games' rules (Isle of Skye's tiles and Glen More II's Allenarly too),
Schotten Totten's search hints, the four games' RL encodings, and the core's random
generator. A
compiled module (``state.cpython-311-….so`` beside ``state.py``) shadows its source when
Python imports it. The Python source stays the reference: a
package calls :func:`use_compiled` before importing those modules, and unless every one of
them was built no earlier than its source was last changed (and ``CLANBOARD_PURE`` is not
``1``), they are all loaded from their ``.py`` files instead, so an edited rule never runs
as its old build.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path

#: per package: the modules setup.py compiles, in import order (one mypyc group each)
COMPILED: dict[str, tuple[str, ...]] = {
    "clanboard.core": ("rng",),
    "clanboard.games.glen_more": ("moves", "market", "territory", "constants", "encoding",
                                  "state", "agents", "hints"),
    "clanboard.games.glen_more_2": ("moves", "market", "territory", "interpret", "allenarly",
                                    "allenarly_score", "encoding", "state"),
    "clanboard.games.isle_of_skye": ("tiles", "moves", "territory", "scoring", "constants",
                                     "encoding", "state"),
    "clanboard.games.schotten_totten": ("cards", "moves", "formations", "constants", "encoding",
                                        "state", "potential", "agents", "hints"),
}


class StaleBuildWarning(RuntimeWarning):
    """A package's compiled build is there but cannot be used: its source runs instead."""


def built(folder: Path, module: str) -> Path | None:
    """The compiled build of ``folder/module.py`` for this Python, if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = folder / f"{module}{suffix}"
        if path.exists():
            return path
    return None


def group_library(package: str) -> Path | None:
    """The shared library of ``package``'s mypyc group (``clanboard_<game>__mypyc``), which
    holds the compiled code: a rebuild may renew it and leave the modules' stubs as they
    were. It is a top-level module: an editable install (``pip install -e``) maps only the
    ``clanboard`` package, so it is also looked for beside that package, where the build
    puts it."""
    name = f"clanboard_{package.rsplit('.', 1)[-1]}__mypyc"
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.origin:
        return Path(spec.origin)
    root = Path(__file__).resolve().parent.parent
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if (root / f"{name}{suffix}").exists():
            return root / f"{name}{suffix}"
    return None


def _load_library(library: Path) -> None:
    """Make the group library importable by name (the compiled modules import it) when
    it lies outside ``sys.path``."""
    name = library.name.partition(".")[0]
    if name in sys.modules or importlib.util.find_spec(name) is not None:
        return
    spec = importlib.util.spec_from_file_location(name, library)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


def fresh(folder: Path, modules: Sequence[str], library: Path | None = None) -> bool:
    """Whether every module has a build, and the build (its stub or ``library``, whichever
    is newer) is at least as new as its source."""
    since = library.stat().st_mtime if library is not None else 0.0
    for module in modules:
        path = built(folder, module)
        if path is None or max(path.stat().st_mtime, since) < (
                folder / f"{module}.py").stat().st_mtime:
            return False
    return True


def use_compiled(package: str, modules: Sequence[str]) -> bool:
    """Whether ``package``'s compiled ``modules`` will be imported; when not, and some
    build exists, loads each from its source into :data:`sys.modules` first."""
    folder = Path(sys.modules[package].__file__ or "").parent
    library = group_library(package)  # without it the builds cannot load: use the source
    if os.environ.get("CLANBOARD_PURE") != "1" and library is not None and fresh(
            folder, modules, library):
        _load_library(library)
        return True
    if all(built(folder, m) is None for m in modules):
        return False  # nothing built: the ordinary import finds the sources
    if os.environ.get("CLANBOARD_PURE") != "1":
        # a stale build would otherwise slow every game down without a word
        warnings.warn(f"{package}: its compiled build is incomplete or older than its source, "
                      "so the Python source runs (slower); rebuild with "
                      "'python setup.py build_ext --inplace --force'",
                      StaleBuildWarning, stacklevel=2)
    parent = sys.modules[package]
    for module in modules:
        name = f"{package}.{module}"
        spec = importlib.util.spec_from_file_location(name, folder / f"{module}.py")
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[name] = loaded
        spec.loader.exec_module(loaded)
        setattr(parent, module, loaded)
    return False
