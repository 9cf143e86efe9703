"""Game set-ups the adapter tests run over: every registered game, default and each variant."""

from __future__ import annotations

from typing import Any

import pytest

from clanboard.adapters.common import MissingEncoding, encoding
from clanboard.core import Game, InvalidState, Rng
from clanboard.core import games as registry_games
from tests.support.options import start_options


def setups() -> list[Any]:
    """``pytest.param(game, variant)`` for every registered game (variant None = defaults)."""
    out = []
    for game in registry_games():
        # a game whose defaults refuse to start (Glen More II's provisional pack) is
        # adapted through its presets
        first: list[str | None] = [None] if not start_options(game) else []
        for variant in [*first, *game.variants]:
            out.append(pytest.param(game, variant, id=f"{game.id}:{variant or 'default'}"))
    return out


def options_of(game: Game, variant: str | None) -> dict[str, Any]:
    return game.variant_options(variant) if variant is not None else {}


def require_encoding(game: Game, variant: str | None = None) -> None:
    """Skip, saying why, when the game has no RL encodings (the adapters skip it too)."""
    try:
        encoding(game, None, options_of(game, variant))
    except MissingEncoding as exc:
        pytest.skip(str(exc))


def json_roundtrip_problem(game: Game, options: dict[str, Any], games: int = 3) -> str | None:
    """Why the game's own state JSON does not reload mid-game (None if it does, in a few
    random games): serialization tests of the adapters cannot pass without it."""
    for seed in range(games):
        state = game.new_state(None, seed=seed, options=options, auto_chance=False)
        rng = Rng(seed)
        while not state.is_terminal():
            try:
                game.state_from_json(state.to_json())
            except InvalidState as exc:
                moves = len(state.history)
                return f"{game.id} state JSON does not reload after {moves} moves: {exc}"
            if state.is_chance():
                state.apply(rng.choice([m for m, _ in state.chance_outcomes()]))
            else:
                seat = state.players_to_move()[0]
                state.apply(rng.choice(state.legal_moves(seat)), player=seat)
    return None
