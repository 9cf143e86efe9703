"""Compiled parts (optional): without a C compiler the install still works and the
games fall back to their Python rules. Everything else is in pyproject.toml."""

import sys

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "clanboard.games.schotten_totten._playout",
            ["clanboard/games/schotten_totten/_playout.c"],
            extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
            optional=True,
        )
    ]
)
