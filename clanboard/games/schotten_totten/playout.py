"""The compiled random-playout kernel (``_playout.c``), when it was built.

``KERNEL`` is the extension module or ``None`` (no C compiler at install time); callers
fall back to the Python rules. The kernel plays positions without tactic cards exactly
as the generic loop :meth:`clanboard.core.State.random_playout` would (same moves from
the same generators, same final position and history); see ``_playout.c``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from clanboard.core import Rng
from clanboard.games.schotten_totten.cards import CLAN_CARDS
from clanboard.games.schotten_totten.moves import CLAIMS, DONE, PASS, PLAYS, Deal


def _load() -> ModuleType | None:
    try:
        module = importlib.import_module("clanboard.games.schotten_totten._playout")
    except ImportError:  # not built: no C compiler or Python headers at install time
        return None
    module.init(
        [PLAYS[c][s] for c in range(CLAN_CARDS) for s in range(9)],
        list(CLAIMS),
        [Deal(c) for c in range(CLAN_CARDS)],
        DONE,
        PASS,
    )
    return module


KERNEL: ModuleType | None = _load()


def playout(state: Any, rng: Rng, log: list | None = None) -> int:
    """Run the kernel on ``state`` (a SchottenState) in place; -1 when it is not built or
    the position has tactic cards (the state is then untouched). ``log`` receives one
    ``(actor, move, legal_count, claimable_mask)`` per event, deals included (actor -1)."""
    if KERNEL is None:
        return -1
    return KERNEL.playout(state, rng, log)  # type: ignore[no-any-return]


def shuffle(rng: Rng, cards: list[int]) -> None:
    """``rng.shuffle(cards)``, with the same draws, in C when the kernel is built."""
    if KERNEL is None:
        rng.shuffle(cards)
    else:
        KERNEL.shuffle(rng, cards)
