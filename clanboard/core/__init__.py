"""The game-agnostic core: the Game/State API, records, registry, RNG and errors."""
# ruff: noqa: E402 (the compiled-build guard runs before the imports)

from clanboard.compiled import COMPILED, use_compiled

RNG_COMPILED = use_compiled(__name__, COMPILED[__name__])
"""Whether :class:`Rng` runs as its mypyc build (setup.py; see clanboard.compiled)."""

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
    Text,
    UnknownGame,
    in_language,
    say,
)
from clanboard.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    Move,
    Option,
    State,
    picture,
    seat_name,
    winners_text,
    words,
)
from clanboard.core.plural import Plural
from clanboard.core.record import GameRecord, replay
from clanboard.core.registry import games, get_game, register
from clanboard.core.rng import Rng

__all__ = [
    "CHANCE", "SIMULTANEOUS", "TERMINAL", "Agent", "ClanboardError", "EndlessGame", "Game",
    "GameRecord", "Plural",
    "IllegalMove", "InvalidState", "Move", "Option", "RandomAgent", "Rng", "SearchHints", "State",
    "Text", "UnknownGame", "agent_names", "games", "get_game", "in_language", "make_agent",
    "picture", "play_game",
    "register", "register_agent", "replay", "say", "seat_name", "winners_text", "words",
]
