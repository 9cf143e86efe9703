"""The Pebbles game and state, written against the clanboard core API only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clanboard.core import TERMINAL, Game, IllegalMove, InvalidState, Option, State


@dataclass(frozen=True, slots=True)
class Take:
    """Take ``count`` stones; the notation is ``take 2``."""

    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


class PebblesState(State):
    def __init__(self, game: Game, num_players: int, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        self.pile = int(options["stones"])
        self.to_move = 0
        self.last_taker = -1

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.to_move

    def legal_moves(self, player: int | None = None) -> list[Any]:
        if self.pile == 0 or player not in (None, self.to_move):
            return []
        return [Take(k) for k in range(1, min(3, self.pile) + 1)]

    def parse_move(self, text: str, player: int | None = None) -> Any:
        word, _, count = text.strip().partition(" ")
        if word != "take" or not count.isdigit():
            raise IllegalMove(f"moves look like 'take 2', not {text!r}")
        return Take(int(count))

    def _apply(self, move: Any, player: int) -> None:
        self.pile -= move.count
        self.last_taker = player
        self.to_move = 1 - player

    def scores(self) -> list[float]:
        return [1.0 if p == self.last_taker and self.pile == 0 else 0.0 for p in range(2)]

    def winners(self) -> list[int]:
        return [self.last_taker] if self.pile == 0 else []

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.current_player()}

    def _to_json(self) -> Any:
        return {"pile": self.pile, "to_move": self.to_move, "last_taker": self.last_taker}


class Pebbles(Game):
    id = "pebbles"
    name = "Pebbles"
    min_players = 2
    max_players = 2
    options = (Option("stones", 15, "stones on the pile at the start"),)
    imperfect_information = False
    zero_sum = True

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        if options["stones"] < 1:
            raise InvalidState("the pile needs at least one stone")
        return PebblesState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> State:
        state = PebblesState(self, num_players, seed, options)
        state.pile, state.to_move = int(body["pile"]), int(body["to_move"])
        state.last_taker = int(body["last_taker"])
        return state

    def max_game_length(self, num_players: int, options: Any) -> int:
        return int(options["stones"])
