"""Positions for the AI tests, reached through the core API only."""

from __future__ import annotations

from clanboard.core import Game, Rng, State
from tests.support.options import start_options


def positions(game: Game, count: int, seed: int = 0, players: int | None = None) -> list[State]:
    """``count`` positions with a seat to move and a real choice, from random games
    (each game stopped after a random number of moves)."""
    rng = Rng(seed)
    found: list[State] = []
    attempts = 0
    while len(found) < count:
        attempts += 1
        assert attempts < 50 * count, f"{game.id}: too few positions with a choice"
        state = game.new_state(players, rng.next_u64() >> 1, options=start_options(game))
        stop = rng.randrange(40)
        for _ in range(stop):
            seats = state.players_to_move()
            if not seats:
                break
            state.apply_trusted(rng.choice(state.legal_moves(seats[0])), seats[0])
        seats = state.players_to_move()
        if seats and len(state.legal_moves(seats[-1])) > 1:
            found.append(state)
    return found


def hidden_positions(game: Game, count: int, seed: int = 0) -> list[State]:
    """``count`` positions (from random games under ``hidden_options``) in which something
    is hidden from the seat to move: its determinization differs from the position."""
    from tests.support.options import hidden_options

    rng = Rng(seed)
    found: list[State] = []
    for _ in range(20 * count):
        state = game.new_state(None, rng.next_u64() >> 1, options=hidden_options(game))
        for _ in range(5000):
            seats = state.players_to_move()
            if not seats:
                break
            seat = seats[-1]
            if len(state.legal_moves(seat)) > 1 and \
                    state.determinize(seat, Rng(1)).to_json()["state"] != state.to_json()["state"]:
                found.append(state)
                break
            state.apply_trusted(rng.choice(state.legal_moves(seats[0])), seats[0])
        if len(found) == count:
            return found
    raise AssertionError(f"{game.id}: no position hides anything from the seat to move")


def mover(state: State) -> int:
    """The seat that searches in a test: the last waiting one (at a simultaneous step the
    others' commitments before it are hidden from it)."""
    return state.players_to_move()[-1]
