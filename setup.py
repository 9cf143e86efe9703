"""Compiled parts (optional): without a C compiler the install still works and the
games fall back to their Python rules. Everything else is in pyproject.toml.

- Schotten Totten's random-playout kernel, ``_playout.c``.
- The four games' rule modules and RL encodings (Glen More II's Allenarly too), Schotten
  Totten's search hints and the core's Rng compiled from their Python source with mypyc
  (the list is ``clanboard.compiled.COMPILED``); skipped without mypy or with
  ``CLANBOARD_PURE=1``. In place: ``python setup.py build_ext --inplace``.
"""

import ast
import os
import sys
from pathlib import Path

from setuptools import Extension, setup


def compiled_rules() -> list[Extension]:
    if os.environ.get("CLANBOARD_PURE") == "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    source = Path(__file__).parent / "clanboard" / "compiled.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    table = next(node.value for node in tree.body if isinstance(node, ast.AnnAssign)
                 and getattr(node.target, "id", "") == "COMPILED")
    out: list[Extension] = []
    for package, modules in ast.literal_eval(table).items():
        folder = package.replace(".", "/")
        out += mypycify([f"{folder}/{m}.py" for m in modules], opt_level="3",
                        group_name=f"clanboard_{package.rsplit('.', 1)[-1]}")  # group_library
    for ext in out:
        ext.optional = True
    return out


setup(
    ext_modules=[
        Extension(
            "clanboard.games.schotten_totten._playout",
            ["clanboard/games/schotten_totten/_playout.c"],
            extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
            optional=True,
        ),
        *compiled_rules(),
    ]
)
