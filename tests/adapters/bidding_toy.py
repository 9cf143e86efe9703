"""A tiny game with simultaneous steps, to test how the adapters sequence them.

Secret bids: each of 2 players holds cards 1-3; in each of 3 rounds both commit a card
at once (hidden), then both are revealed and the higher card scores a point.
Notation: the card number. No chance.
"""

from __future__ import annotations

from typing import Any

from clanboard.core import SIMULTANEOUS, TERMINAL, Game, IllegalMove, Move, Rng, State


class BidState(State):
    def __init__(self, game: Game, n: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, n, seed, options)
        self.hands = [[1, 2, 3], [1, 2, 3]]
        self.committed: list[int | None] = [None, None]
        self.revealed: list[tuple[int, int]] = []

    def current_player(self) -> int:
        return TERMINAL if len(self.revealed) == 3 else SIMULTANEOUS

    def players_to_move(self) -> list[int]:
        if self.is_terminal():
            return []
        return [p for p in (0, 1) if self.committed[p] is None]

    def legal_moves(self, player: int | None = None) -> list[Move]:
        if player is None or player not in self.players_to_move():
            return []
        return list(self.hands[player])

    def parse_move(self, text: str, player: int | None = None) -> Move:
        if text.strip().isdigit():
            return int(text)
        raise IllegalMove(f"cannot read {text!r}: write a card number 1-3")

    def _apply(self, move: Any, player: int) -> None:
        self.hands[player].remove(move)
        self.committed[player] = move
        if None not in self.committed:
            a, b = self.committed
            self.revealed.append((a, b))  # type: ignore[arg-type]
            self.committed = [None, None]

    def scores(self) -> list[float]:
        return [float(sum(r[p] > r[1 - p] for r in self.revealed)) for p in (0, 1)]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        a, b = self.scores()
        return [0, 1] if a == b else [0 if a > b else 1]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "hand": None if player is None else self.hands[player],
            "my_bid": None if player is None else self.committed[player],
            "committed": [c is not None for c in self.committed],
            "revealed": [list(r) for r in self.revealed],
        }

    def determinize(self, player: int, rng: Rng) -> State:
        clone = self.clone()
        assert isinstance(clone, BidState)
        other = 1 - player
        committed = self.committed[other]
        if committed is not None:  # the other's bid is any of its unplayed cards
            pool = [*self.hands[other], committed]
            bid = rng.choice(pool)
            clone.hands[other] = sorted(c for c in pool if c != bid)
            clone.committed[other] = bid
        clone.rng = rng.fork()
        return clone

    def _to_json(self) -> Any:
        return {"hands": self.hands, "committed": self.committed, "revealed": self.revealed}

    # RL encodings
    def move_to_action(self, move: Move) -> int:
        return int(move) - 1  # type: ignore[call-overload]

    def action_to_move(self, action: int) -> Move:
        return action + 1

    def observation_tensor(self, player: int) -> list[float]:
        t = [0.0] * 15
        for c in self.hands[player]:
            t[c - 1] = 1.0
        if self.committed[player] is not None:
            t[3 + self.committed[player] - 1] = 1.0  # type: ignore[operator]
        t[6] = float(self.committed[1 - player] is not None)
        for mine, theirs in ((r[player], r[1 - player]) for r in self.revealed):
            t[7 + mine - 1] = t[10 + theirs - 1] = 1.0
        t[13], t[14] = self.scores()[player] / 3, self.scores()[1 - player] / 3
        return t


class BidGame(Game):
    id = "toy-secret-bids"
    name = "Secret bids (test game)"
    min_players = 2
    max_players = 2
    simultaneous_moves = True

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        return BidState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> State:
        s = BidState(self, num_players, seed, options)
        s.hands = [list(h) for h in body["hands"]]
        s.committed = list(body["committed"])
        s.revealed = [(int(a), int(b)) for a, b in body["revealed"]]
        return s

    def num_distinct_actions(self, num_players: int, options: Any) -> int:
        return 3

    def max_chance_outcomes(self, num_players: int, options: Any) -> int:
        return 0

    def observation_tensor_size(self, num_players: int, options: Any) -> int:
        return 15

    def max_game_length(self, num_players: int, options: Any) -> int:
        return 6


BIDS = BidGame()
