"""What hidden information costs the search: ``bench/weights_ab.py`` with every
determinization replaced by the true position (the searcher sees both hands and the
order of the decks), against the same reference players on the same deals.

    python bench/oracle_ab.py --game schotten-totten --variant tactics --players 2 \
        --agent ismcts:500 --games 200 --seed 2027 --workers 1 --log LOG --weights 'oracle={}'

Compare its log with a ``weights_ab.py`` run of the same arguments (``--summarise``
reads both). The rules run from their Python source here (``CLANBOARD_PURE=1``): a
compiled state class cannot have its ``determinize`` replaced.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["CLANBOARD_PURE"] = "1"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from clanboard.core import Rng, State, get_game  # noqa: E402


def _true_position(self: State, player: int, rng: Rng) -> State:
    return self.clone()


def see_everything(game_id: str) -> None:
    """Make the game's states determinize to themselves (in this process and its forks)."""
    state_class = type(get_game(game_id).new_state(None, 0))
    state_class.determinize = _true_position  # type: ignore[method-assign]


if __name__ == "__main__":
    import weights_ab

    args = sys.argv[1:]
    see_everything(args[args.index("--game") + 1] if "--game" in args else "")
    weights_ab.main(args)
