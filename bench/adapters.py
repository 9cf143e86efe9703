"""RL adapters against the native API: random full games/s through pyspiel and PettingZoo,
interleaved in one run, with the ratios to the core API.

    python bench/adapters.py [--seconds S] [--game ID[:VARIANT] ...] [--json]

See :mod:`clanboard.adapters.bench` and docs/rl.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clanboard.adapters.bench import main  # noqa: E402

if __name__ == "__main__":
    main()
