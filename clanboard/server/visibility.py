"""Which viewers may read a move's notation while the game is on.

The core API says what each seat may *see* (``observation``), not which moves are
public. A move's text is shown to a viewer only when that viewer's observation after
the move tells it apart from every other legal move of the mover: then the text adds
nothing the viewer does not already see. Forced moves (a single legal move) and
moves whose effect the viewer cannot see (a card returned to a hidden deck, a secret
bid) stay hidden until the game is over.
"""

from __future__ import annotations

from clanboard.core import Move, State

SPECTATOR = -1


def public_to(before: State, player: int, move: Move, limit: int = 400) -> list[int]:
    """The viewers (seats, :data:`SPECTATOR`) allowed to read ``move``'s notation; the
    mover always is."""
    legal = before.legal_moves(player)
    others: list[int | None] = [v for v in range(before.num_players) if v != player]
    others.append(None)
    if len(legal) < 2 or len(legal) > limit:
        return [player]

    def after(m: Move) -> State:
        clone = before.clone()
        clone.apply_trusted(m, player)
        return clone

    chosen = after(move)
    target = {v: chosen.observation(v) for v in others}
    telling = set(others)
    for m in legal:
        if m == move:
            continue
        alt = after(m)
        for v in list(telling):
            if alt.observation(v) == target[v]:
                telling.discard(v)
        if not telling:
            break
    return sorted([player] + [SPECTATOR if v is None else v for v in telling])
