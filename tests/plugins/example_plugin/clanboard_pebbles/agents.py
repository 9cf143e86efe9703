"""An agent plug-in: leaves the opponent a multiple of four stones when it can."""

from __future__ import annotations

from typing import Any

from clanboard.core import Move, State


class GreedyAgent:
    name = "greedy-pebbles"

    def __init__(self, seed: int = 0, **options: Any) -> None:
        self.seed = seed

    def choose(self, state: State, player: int) -> Move:
        moves = state.legal_moves(player)
        pile = state.observation(player)["pile"]
        for move in moves:
            if (pile - move.count) % 4 == 0:  # type: ignore[attr-defined]
                return move
        return moves[0]
