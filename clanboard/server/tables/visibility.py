"""Which viewers may read a move's notation while the game is on.

The core API says what each seat may *see* (``observation``), not which moves are
public. A move's text is shown to a viewer only when that viewer's observation after
the move tells it apart from every other legal move of the mover: then the text adds
nothing the viewer does not already see. Forced moves (a single legal move) and
moves whose effect the viewer cannot see (a card returned to a hidden deck, a secret
bid) stay hidden until the game is over.

A seat sees at least what a spectator sees, so a move a spectator can tell apart is
public to every seat; the seats are probed one by one only when it is not.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from clanboard.core import Move, State, get_game

SPECTATOR = -1
#: a log row: the mover, the move's notation, the viewers who may read it
Row = tuple[int, str, list[int]]


def public_to(before: State, player: int, move: Move, limit: int = 400) -> list[int]:
    """The viewers (seats, :data:`SPECTATOR`) allowed to read ``move``'s notation; the
    mover always is. A game may answer itself with ``State.public_viewers(move, player)``
    (same result format); otherwise the legal moves are probed."""
    own = before.public_viewers(move, player)
    if own is not None:
        return sorted({player, *own})
    legal = before.legal_moves(player)
    if len(legal) < 2 or len(legal) > limit:
        return [player]
    afters: list[State] = []

    def after(m: Move) -> State:
        clone = before.clone()
        clone.apply_trusted(m, player)
        return clone

    def tells_apart(viewer: int | None) -> bool:
        target = chosen.observation(viewer)
        for i, m in enumerate(others):
            if i == len(afters):
                afters.append(after(m))
            if afters[i].observation(viewer) == target:
                return False
        return True

    chosen = after(move)
    others = [m for m in legal if m != move]
    if tells_apart(None):
        return [SPECTATOR, *range(before.num_players)]
    seats = [v for v in range(before.num_players) if v != player and tells_apart(v)]
    return sorted([player, *seats])


def probe_from_json(game_id: str, state_json: dict[str, Any], player: int, move_text: str,
                    limit: int) -> list[int]:
    """:func:`public_to` on a state sent as JSON (runs in a worker process)."""
    state = get_game(game_id).state_from_json(state_json)
    return public_to(state, player, state.parse_move(move_text, player), limit)


def reveal(rows: list[Row], last: int, viewers: Iterable[int]) -> list[int]:
    """Once a move reveals the hidden moves that led up to it (``State.revealed_by``):
    give ``viewers`` the rows from ``last`` back over every row some of them could not
    read (the hidden choices of the step just ended), in place. Returns the indices of
    the rows changed. Readers are only ever added."""
    add = set(viewers)
    changed = []
    i = last
    while i >= 0 and not add <= set(rows[i][2]):
        player, text, readers = rows[i]
        rows[i] = (player, text, sorted(add.union(readers)))
        changed.append(i)
        i -= 1
    return changed
