"""The toy high-card duel with RL encodings, to test the adapters without a real game."""

from __future__ import annotations

from typing import Any

from clanboard.core import CHANCE, Move
from tests.support.toygame import Deal, ToyGame, ToyState

SIZE = 9 + 9 + 9 + 2  # own hand, cards played, card led in this trick, tricks won


class EncodedToyState(ToyState):
    def move_to_action(self, move: Move) -> int:
        return (move.card if isinstance(move, Deal) else int(move)) - 1  # type: ignore[call-overload]

    def action_to_move(self, action: int) -> Move:
        if not 0 <= action < 9:
            raise ValueError(f"action {action} is not a card id 0-8")
        return Deal(action + 1) if self.current_player() == CHANCE else action + 1

    def observation_tensor(self, player: int) -> list[float]:
        t = [0.0] * SIZE
        for c in self.hands[player]:
            t[c - 1] = 1.0
        for c in self.played:
            t[9 + c - 1] = 1.0
        for c in self.trick:
            t[18 + c - 1] = 1.0
        t[27], t[28] = self.tricks[player] / 3, self.tricks[1 - player] / 3
        return t


class EncodedToyGame(ToyGame):
    id = "toy-duel-encoded"
    variants = {"plain": {}}

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> ToyState:
        return EncodedToyState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> ToyState:
        s = EncodedToyState(self, num_players, seed, options)
        s.hands = [list(map(int, h)) for h in body["hands"]]
        s.trick, s.tricks = list(body["trick"]), list(body["tricks"])
        s.played = list(body["played"])
        return s

    def num_distinct_actions(self, num_players: int, options: Any) -> int:
        return 9

    def max_chance_outcomes(self, num_players: int, options: Any) -> int:
        return 9

    def observation_tensor_size(self, num_players: int, options: Any) -> int:
        return SIZE

    def max_game_length(self, num_players: int, options: Any) -> int:
        return 12


class ZeroSumToyState(EncodedToyState):
    def returns(self) -> list[float]:
        w = self.winners()
        return [0.0, 0.0] if len(w) != 1 else [1.0, -1.0] if w == [0] else [-1.0, 1.0]


class ZeroSumToyGame(EncodedToyGame):
    """The same game declared zero-sum: +1 / -1, 0 for a draw."""

    id = "toy-duel-zero-sum"
    zero_sum = True
    variants = {}

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> ToyState:
        return ZeroSumToyState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> ToyState:
        s = ZeroSumToyState(self, num_players, seed, options)
        s.hands = [list(map(int, h)) for h in body["hands"]]
        s.trick, s.tricks = list(body["trick"]), list(body["tricks"])
        s.played = list(body["played"])
        return s


ENCODED_TOY = EncodedToyGame()
ZERO_SUM_TOY = ZeroSumToyGame()
