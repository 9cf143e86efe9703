"""Small test games for the searcher: simultaneous hidden bids and a perfect-information race.

*Lowest unique bid* (2-4 players, registered as ``test-bids``): three rounds; in each,
every seat secretly commits a bid 1-3 at once (a SIMULTANEOUS step); when all have
committed, the lowest bid that nobody else made scores a point for its bidder. Bids
are revealed at the end of the round. Most points wins (ties share).

*Race to 10* (2-3 players, registered as ``test-race``): seats in turn add 1 or 2 to a
shared total; whoever makes it reach exactly 10 wins. Perfect information: with two
players the mover wins by leaving a multiple of 3 (10 - total ≡ 0 mod 3).
"""

from __future__ import annotations

from typing import Any

from clanboard.core import SIMULTANEOUS, TERMINAL, Game, IllegalMove, Rng, SearchHints, State

ROUNDS = 3
BIDS = (1, 2, 3)


class BidsState(State):
    def __init__(self, game: Game, n: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, n, seed, options)
        self.round = 0
        self.committed: list[int | None] = [None] * n
        self.points = [0] * n
        self.revealed: list[list[int]] = []

    def current_player(self) -> int:
        return TERMINAL if self.round >= ROUNDS else SIMULTANEOUS

    def players_to_move(self) -> list[int]:
        if self.round >= ROUNDS:
            return []
        return [p for p in range(self.num_players) if self.committed[p] is None]

    def legal_moves(self, player: int | None = None) -> list[Any]:
        if player is None or player not in self.players_to_move():
            return []
        return list(BIDS)

    def parse_move(self, text: str, player: int | None = None) -> Any:
        if text.strip() in ("1", "2", "3"):
            return int(text)
        raise IllegalMove(f"cannot read {text!r}: bid 1, 2 or 3")

    def _apply(self, move: Any, player: int) -> None:
        self.committed[player] = move
        if all(b is not None for b in self.committed):
            bids = [int(b) for b in self.committed if b is not None]
            unique = [b for b in bids if bids.count(b) == 1]
            if unique:
                self.points[bids.index(min(unique))] += 1
            self.revealed.append(bids)
            self.committed = [None] * self.num_players
            self.round += 1

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if self.round < ROUNDS:
            return []
        top = max(self.points)
        return [p for p in range(self.num_players) if self.points[p] == top]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "round": self.round, "points": list(self.points), "revealed": self.revealed,
            "committed": [b is not None for b in self.committed],
            "my_bid": self.committed[player] if player is not None else None,
        }

    def determinize(self, player: int, rng: Rng) -> State:
        clone = self.clone()
        assert isinstance(clone, BidsState)
        for p in range(self.num_players):
            if p != player and self.committed[p] is not None:
                clone.committed[p] = rng.choice(BIDS)
        clone.rng = rng.fork()
        return clone

    def _to_json(self) -> Any:
        return {"round": self.round, "committed": self.committed, "points": self.points,
                "revealed": self.revealed}


class BidsGame(Game):
    id = "test-bids"
    name = "Lowest unique bid (test game)"
    min_players = 2
    max_players = 4

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        return BidsState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> State:
        s = BidsState(self, num_players, seed, options)
        s.round, s.points = body["round"], list(body["points"])
        s.committed, s.revealed = list(body["committed"]), [list(r) for r in body["revealed"]]
        return s


class RaceState(State):
    def __init__(self, game: Game, n: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, n, seed, options)
        self.total = 0
        self.to_move = 0
        self.winner = -1

    def current_player(self) -> int:
        return TERMINAL if self.winner >= 0 else self.to_move

    def legal_moves(self, player: int | None = None) -> list[Any]:
        if self.winner >= 0 or (player is not None and player != self.to_move):
            return []
        return [m for m in (1, 2) if self.total + m <= 10]

    def parse_move(self, text: str, player: int | None = None) -> Any:
        if text.strip() in ("1", "2"):
            return int(text)
        raise IllegalMove(f"cannot read {text!r}: add 1 or 2")

    def _apply(self, move: Any, player: int) -> None:
        self.total += move
        if self.total == 10:
            self.winner = player
        self.to_move = (self.to_move + 1) % self.num_players

    def scores(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"total": self.total, "to_move": self.current_player()}

    def _to_json(self) -> Any:
        return {"total": self.total, "to_move": self.to_move, "winner": self.winner}


class RaceGame(Game):
    id = "test-race"
    name = "Race to 10 (test game)"
    min_players = 2
    max_players = 3
    imperfect_information = False

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        return RaceState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> State:
        s = RaceState(self, num_players, seed, options)
        s.total, s.to_move, s.winner = body["total"], body["to_move"], body["winner"]
        return s


BIDS_GAME = BidsGame()
RACE_GAME = RaceGame()


class LoopState(State):
    """*Stay or stop* (registered as ``test-loop``): seats alternate saying ``stay`` or
    ``stop``; ``stop`` ends the game and the other seat wins. Its playout hint always
    says ``stay``, so playouts never end on their own."""

    def __init__(self, game: Game, n: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, n, seed, options)
        self.turn = 0
        self.stopped_by = -1

    def current_player(self) -> int:
        return TERMINAL if self.stopped_by >= 0 else self.turn % 2

    def legal_moves(self, player: int | None = None) -> list[Any]:
        if self.stopped_by >= 0 or (player is not None and player != self.turn % 2):
            return []
        return ["stay", "stop"]

    def parse_move(self, text: str, player: int | None = None) -> Any:
        if text in ("stay", "stop"):
            return text
        raise IllegalMove(f"cannot read {text!r}: say stay or stop")

    def _apply(self, move: Any, player: int) -> None:
        if move == "stop":
            self.stopped_by = player
        self.turn += 1

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def winners(self) -> list[int]:
        return [1 - self.stopped_by] if self.stopped_by >= 0 else []

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"turn": self.turn, "stopped_by": self.stopped_by}

    def _to_json(self) -> Any:
        return {"turn": self.turn, "stopped_by": self.stopped_by}


class StayHints(SearchHints):
    def rollout_move(self, state: State, player: int, rng: Rng) -> Any:
        return "stay"


class LoopGame(Game):
    id = "test-loop"
    name = "Stay or stop (test game)"
    min_players = 2
    max_players = 2
    imperfect_information = False

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        return LoopState(self, num_players, seed, options)

    def _state_from_json(self, num_players: int, seed: int, options: dict[str, Any],
                         body: Any) -> State:
        s = LoopState(self, num_players, seed, options)
        s.turn, s.stopped_by = body["turn"], body["stopped_by"]
        return s

    def search_hints(self) -> SearchHints:
        return StayHints()

    def max_game_length(self, num_players: int, options: Any) -> int:
        return 40


LOOP_GAME = LoopGame()
