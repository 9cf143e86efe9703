"""Game-agnostic AI: information-set MCTS for every registered game, tournaments
(:mod:`clanboard.ai.arena`) and engine benchmarks (:mod:`clanboard.ai.bench`).

Importing this package registers the ``ismcts`` agent with the core, so
``make_agent(game, "ismcts:hard", seed=1)`` works for any game.
"""

from clanboard.ai.agent import DEFAULT_LEVEL, LEVELS, ISMCTSAgent, make_ismcts, parse_level
from clanboard.ai.ismcts import ISMCTS, SearchConfig, SearchResult
from clanboard.core import register_agent

register_agent("ismcts", make_ismcts)

__all__ = [
    "DEFAULT_LEVEL", "ISMCTS", "LEVELS", "ISMCTSAgent", "SearchConfig", "SearchResult",
    "make_ismcts", "parse_level",
]
