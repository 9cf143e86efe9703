"""The base of a game's search hints (what a generic search may know of a game) and the
check of their tunable weights; the weights file itself is :mod:`clanboard.core.weights`."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clanboard.core.errors import ClanboardError

if TYPE_CHECKING:
    from clanboard.core.game import Move, State
    from clanboard.core.rng import Rng


class BadWeights(ClanboardError, ValueError):
    """A weights file or mapping is not what the game expects."""


def check_weights(given: Mapping[str, Any], known: Mapping[str, float],
                  bounds: Mapping[str, tuple[float, float]] | None = None) -> dict[str, float]:
    """``known`` updated with ``given``, after checking every name is known and every
    value a finite number (inside ``bounds`` when given). Raises :class:`BadWeights`."""
    out = dict(known)
    for name, value in given.items():
        if name not in known:
            raise BadWeights(f"no weight {name!r}; the weights are {', '.join(sorted(known))}")
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(
                value):
            raise BadWeights(f"weight {name} must be a finite number, not {value!r}")
        if bounds and name in bounds:
            lo, hi = bounds[name]
            if not lo <= value <= hi:
                raise BadWeights(f"weight {name} = {value} is outside its range {lo}..{hi}")
        out[name] = float(value)
    return out


class SearchHints:
    """Game knowledge a generic search may use; a game returns a subclass from
    ``Game.search_hints()``. Every method has a neutral default."""

    def rollout_move(self, state: State, player: int, rng: Rng) -> Move:
        """The move a playout makes for ``player`` (default: uniform random)."""
        return rng.choice(state.legal_moves(player))

    def candidate_moves(self, state: State, player: int) -> list[Move]:
        """The moves a search expands, best first; may prune dominated ones
        (default: all legal moves)."""
        return state.legal_moves(player)

    def move_priors(self, state: State, player: int, moves: list[Move]) -> list[float] | None:
        """How promising each of ``moves`` looks to ``player`` (higher is better, any
        scale), or ``None`` for no opinion (the default). A search that widens its tree
        gradually tries moves in this order; it may keep a move's prior for every
        determinization of the same public history, so a prior should depend only on
        the move and on what every seat can see."""
        return None

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of each seat's return in a non-terminal state, for playouts cut
        short; ``None`` means play to the end."""
        return None

    # -- tunable weights (``clanboard tune``; file format in clanboard.core.weights) ------

    def weights(self) -> dict[str, float]:
        """The evaluation's tunable weights by name (default: none). A game ships them in
        a weights data file that its hints read once."""
        return {}

    def weight_bounds(self) -> dict[str, tuple[float, float]]:
        """The range a tuner may search for each weight of :meth:`weights`."""
        return {}

    def with_weights(self, weights: Mapping[str, float]) -> SearchHints:
        """Hints like these with the named weights changed (the others kept). An
        unknown name or a value that is not a finite number is an error
        (:class:`clanboard.core.weights.BadWeights`)."""
        check_weights(weights, self.weights())  # raises on any name: there are none here
        return self

    def weights_file(self) -> Path | None:
        """The data file the shipped weights are read from (what ``clanboard tune
        --write`` replaces), or ``None`` for a game without weights."""
        return None
