"""What both adapters share: the encoding check, seat utilities and observation text."""

from __future__ import annotations

import json
import math
from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from clanboard.core import SIMULTANEOUS, Game, State


class MissingEncoding(NotImplementedError):
    """A game lacks the integer action / observation tensor encodings the adapters need."""


@dataclass(frozen=True)
class Encoding:
    """The fixed sizes of one game set-up (players and options)."""

    num_distinct_actions: int
    max_chance_outcomes: int
    observation_tensor_size: int
    max_game_length: int


def encoding(game: Game, num_players: int | None = None,
             options: Mapping[str, Any] | None = None) -> Encoding:
    """The game's RL encoding sizes; raises :class:`MissingEncoding` naming what is missing."""
    n = game.check_players(num_players)
    opts = game.check_options(options)
    try:
        return Encoding(
            num_distinct_actions=int(game.num_distinct_actions(n, opts)),
            max_chance_outcomes=int(game.max_chance_outcomes(n, opts)),
            observation_tensor_size=int(game.observation_tensor_size(n, opts)),
            max_game_length=int(game.max_game_length(n, opts)),
        )
    except NotImplementedError as exc:
        raise MissingEncoding(
            f"{game.id} cannot be used by the RL adapters: {exc} "
            "(it must implement num_distinct_actions, max_chance_outcomes, "
            "observation_tensor_size, max_game_length, move_to_action, action_to_move "
            "and observation_tensor)"
        ) from exc


def tensor_bounds(game: Game, num_players: int | None = None,
                  options: Mapping[str, Any] | None = None) -> tuple[list[float], list[float]]:
    """``(low, high)``: the bounds each observation tensor item of the set-up lies in, as
    the game declares them (``Game.observation_tensor_bounds(num_players, options)``, from
    its rules and components), checked: one finite pair per item, ``low <= high``. A game
    that declares none gets ``(-inf, inf)`` for every item."""
    n = game.check_players(num_players)
    opts = game.check_options(options)
    size = int(game.observation_tensor_size(n, opts))
    declare = getattr(game, "observation_tensor_bounds", None)
    if declare is None:
        return [-math.inf] * size, [math.inf] * size
    low, high = (list(map(float, b)) for b in declare(n, opts))
    if len(low) != size or len(high) != size:
        raise ValueError(f"{game.id} declares {len(low)} / {len(high)} tensor bounds for "
                         f"{size} items")
    bad = next((i for i, (a, b) in enumerate(zip(low, high, strict=True))
                if not (math.isfinite(a) and math.isfinite(b) and a <= b)), None)
    if bad is not None:
        raise ValueError(f"{game.id} declares item {bad} of its tensor in "
                         f"[{low[bad]}, {high[bad]}]: bounds must be finite, low <= high")
    return low, high


def lists_action_ids(game: Game) -> bool:
    """Whether ``game`` lists its legal action ids directly (overrides
    ``Game.legal_action_ids`` and ``legal_action_move``): the adapters then use those two;
    otherwise ``Game.legal_actions``, one call giving both the ids and their moves."""
    return type(game).legal_action_ids is not Game.legal_action_ids


def lists_chance_ids(game: Game) -> bool:
    """Whether ``game`` lists its chance ids and probabilities directly (overrides
    ``Game.chance_action_probs`` and ``chance_action_move``), as :func:`lists_action_ids`."""
    return type(game).chance_action_probs is not Game.chance_action_probs


def acting_seat(state: State) -> int:
    """The seat that moves now, or CHANCE / TERMINAL.

    A simultaneous step is taken turn by turn, lowest seat first: this is sound because
    a committed choice is hidden from the other seats' observations until revealed.
    """
    cur = state.current_player()
    if cur != SIMULTANEOUS:
        return cur
    return min(state.players_to_move())


def utilities(state: State) -> list[float]:
    """Each seat's utility: the core ``returns()`` at the end, 0 for every seat before.

    Zero-sum games return +1 win / -1 loss / 0 draw; the other games the core default
    (1 for a sole win, 1/k for a k-way shared win, 0 otherwise).
    """
    if not state.is_terminal():
        return [0.0] * state.num_players
    return [float(x) for x in state.returns()]


def utility_range(game: Game) -> tuple[float, float]:
    """The bounds of :func:`utilities` (checked for every game by the adapter tests)."""
    return (-1.0, 1.0) if game.zero_sum else (0.0, 1.0)


def canonical(data: Any) -> str:
    """Compact JSON with sorted keys: equal data, equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class TensorWriter:
    """Observation tensors of one game set-up as float32 numpy arrays. Each seat keeps a
    buffer (an ``array.array``: item assignment as cheap as a list's, shared with numpy
    without a copy) that ``Game.update_observation_tensor`` brings up to date, rewriting
    only what changed since that seat's previous tensor."""

    def __init__(self, game: Game, size: int) -> None:
        self.game = game
        self.size = size
        self._seats: dict[int, tuple[array[float], dict[Any, Any], Any]] = {}

    def view(self, state: State, player: int) -> Any:
        """The tensor of ``player`` as a read-only numpy view of the seat's buffer: valid
        until the next call for that seat."""
        entry = self._seats.get(player)
        if entry is None:
            import numpy as np

            buf = array("f", bytes(4 * self.size))
            view = np.frombuffer(buf, np.float32)
            view.flags.writeable = False
            entry = self._seats[player] = (buf, {}, view)
        buf, memo, view = entry
        self.game.update_observation_tensor(state, player, buf, memo)
        return view

    def __call__(self, state: State, player: int) -> Any:
        """The tensor of ``player``: a new float32 array the caller may keep."""
        return self.view(state, player).copy()
