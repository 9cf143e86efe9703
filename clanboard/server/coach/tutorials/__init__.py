"""The tutorials' data: one module a tutorial (``schotten_totten.py``, ...), each with a
``TUTORIAL`` (:class:`Tutorial`) and the ``MESSAGES`` of its steps, keys prefixed by its id
so that they never collide. Modules are found by listing this package, so a new tutorial is
one new file; :mod:`clanboard.server.coach.tutorial` serves them.

A tutorial is played on the real engine from a fixed deal. For its plan to stay legal, the
AI opponents must choose by the seed alone (an agent bounded by iterations, never by time):
the server seeds each AI move from the table's seed and the move number, so a learner who
follows the plan meets the same game every time. ``tests/server/test_tutorials.py`` plays
every plan to its end.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Tutorial:
    """A tutorial: the deal (``game``, ``seed``, ``options``, ``seats`` with the learner
    first), the learner's ``plan`` of moves and one explanation per step (``steps``, keys of
    its module's ``MESSAGES``, one more than the plan: the last follows it), and how many
    ``minutes`` it takes a new player. ``counted`` is a pattern the learner's moves that
    the plan counts match (Schotten Totten's claims are free, so its plan counts card plays
    only)."""

    id: str
    game: str
    seed: int
    options: dict[str, Any]
    seats: tuple[dict[str, str], ...]
    plan: tuple[str, ...]
    steps: tuple[str, ...]
    minutes: int
    counted: str = ""

    def __post_init__(self) -> None:
        if len(self.steps) != len(self.plan) + 1:
            raise ValueError(f"tutorial {self.id}: a step a move and one after the plan")
        if self.seats[0].get("kind") != "human":
            raise ValueError(f"tutorial {self.id}: the learner sits first")

    def spec(self) -> dict[str, Any]:
        """The ``POST /api/tables`` body that makes this tutorial's table."""
        return {"game": self.game, "seed": self.seed, "options": dict(self.options),
                "private": True, "seats": [dict(s) for s in self.seats]}

    def counts(self, move: str) -> bool:
        """Whether the plan counts the learner's ``move``."""
        return re.search(self.counted, move) is not None


COMMON = {
    "own_way": "You chose your own move: the game is yours from here. Coach mode is on, and "
               "the Hint button shows what the AI would play.",
    "not_tutorial": "This table is not that tutorial's deal against its AI.",
    "no_tutorial": "There is no tutorial by that name.",
}
"""Words every tutorial shares (leaving the plan, refusals)."""


def _load() -> tuple[dict[str, Tutorial], dict[str, str]]:
    tutorials: dict[str, Tutorial] = {}
    messages = dict(COMMON)
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        tutorial: Tutorial = module.TUTORIAL
        own: dict[str, str] = module.MESSAGES
        missing = set(tutorial.steps) - set(own)
        if missing or any(not k.startswith(tutorial.id + ".") for k in own):
            raise ValueError(f"tutorial {tutorial.id}: its words are keyed '{tutorial.id}.…'")
        tutorials[tutorial.id] = tutorial
        messages.update(own)
    ordered = sorted(tutorials.values(), key=lambda t: (t.minutes, t.id))
    return {t.id: t for t in ordered}, messages


TUTORIALS, MESSAGES = _load()
"""The tutorials by id in the lobby's order (the shortest first), and the words of all."""
