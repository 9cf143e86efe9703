"""The game-agnostic core: the Game/State API, records, registry, RNG and errors."""

from clanboard.core.agents import (
    Agent,
    RandomAgent,
    SearchHints,
    agent_names,
    make_agent,
    play_game,
    register_agent,
)
from clanboard.core.errors import (
    ClanboardError,
    EndlessGame,
    IllegalMove,
    InvalidState,
    UnknownGame,
)
from clanboard.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    Move,
    Option,
    State,
    seat_name,
    winners_text,
    words,
)
from clanboard.core.record import GameRecord, replay
from clanboard.core.registry import games, get_game, register
from clanboard.core.rng import Rng

__all__ = [
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "Agent", "ClanboardError", "EndlessGame", "Game",
    "GameRecord",
    "IllegalMove", "InvalidState", "Move", "Option", "RandomAgent", "Rng", "SearchHints", "State",
    "UnknownGame", "agent_names", "games", "get_game", "make_agent", "play_game",
    "register", "register_agent", "replay", "seat_name", "winners_text", "words",
]
