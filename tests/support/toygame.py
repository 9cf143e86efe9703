"""A tiny hidden-information game for testing game-agnostic code (not registered by default).

High-card duel: 9 cards numbered 1-9; each of 2 players is dealt 3 hidden cards by
chance; players alternate playing a card face up, seat 0 leading each trick; the
higher card wins the trick; after 3 tricks the player with more tricks wins.
Notation: a card's number (``"7"``); chance outcomes are ``"deal 7"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clanboard.core import CHANCE, TERMINAL, Game, IllegalMove, Rng, State


@dataclass(frozen=True)
class Deal:
    card: int

    def __str__(self) -> str:
        return f"deal {self.card}"


class ToyState(State):
    def __init__(self, game: Game, n: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, n, seed, options)
        self.hands: list[list[int]] = [[], []]
        self.trick: list[int] = []
        self.tricks = [0, 0]
        self.played: list[int] = []

    def current_player(self) -> int:
        if sum(map(len, self.hands)) + len(self.played) < 6:
            return CHANCE
        if len(self.played) == 6:
            return TERMINAL
        return len(self.trick)

    def _dealt(self) -> set[int]:
        return set(self.hands[0] + self.hands[1] + self.played)

    def legal_moves(self, player: int | None = None) -> list[Any]:
        cur = self.current_player()
        if cur == CHANCE:
            return [Deal(c) for c in range(1, 10) if c not in self._dealt()]
        p = cur if player is None else player
        if cur == TERMINAL or p != cur:
            return []
        return sorted(self.hands[p])

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        moves = self.legal_moves()
        return [(m, 1 / len(moves)) for m in moves]

    def parse_move(self, text: str, player: int | None = None) -> Any:
        text = text.strip()
        if text.startswith("deal "):
            text = text[5:]
            if text.isdigit():
                return Deal(int(text))
        if text.isdigit():
            return int(text)
        raise IllegalMove(f"cannot read {text!r}: write a card number 1-9")

    def _apply(self, move: Any, player: int) -> None:
        if player == CHANCE:
            seat = 0 if len(self.hands[0]) <= len(self.hands[1]) else 1
            self.hands[seat].append(move.card)
            return
        self.hands[player].remove(move)
        self.trick.append(move)
        self.played.append(move)
        if len(self.trick) == 2:
            a, b = self.trick
            if a != b:
                self.tricks[0 if a > b else 1] += 1
            self.trick = []

    def scores(self) -> list[float]:
        return [float(t) for t in self.tricks]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        a, b = self.tricks
        return [0, 1] if a == b else [0 if a > b else 1]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "hand": sorted(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "played": list(self.played),
            "tricks": list(self.tricks),
            "to_move": self.current_player(),
        }

    def determinize(self, player: int, rng: Rng) -> State:
        clone = self.clone()
        assert isinstance(clone, ToyState)
        other = 1 - player
        pool = [c for c in range(1, 10) if c not in self.hands[player] and c not in self.played]
        rng.shuffle(pool)
        clone.hands[other] = pool[: len(self.hands[other])]
        clone.rng = rng.fork()
        return clone

    def _to_json(self) -> Any:
        return {"hands": self.hands, "trick": self.trick, "tricks": self.tricks,
                "played": self.played}


class ToyGame(Game):
    id = "toy-duel"
    name = "High-card duel (test game)"
    min_players = 2
    max_players = 2
    zero_sum = False

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        return ToyState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> State:
        s = ToyState(self, num_players, seed, options)
        s.hands = [list(map(int, h)) for h in body["hands"]]
        s.trick, s.tricks = list(body["trick"]), list(body["tricks"])
        s.played = list(body["played"])
        return s


TOY = ToyGame()
