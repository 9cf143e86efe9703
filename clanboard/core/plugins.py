"""Plug-ins: games and agents come from package entry points.

A distribution adds a game by naming it in the ``clanboard.games`` group and an agent in
``clanboard.agents`` (``pyproject.toml``)::

    [project.entry-points."clanboard.games"]
    my-game = "my_package.game:GAME"          # a Game instance (or a class making one)

    [project.entry-points."clanboard.agents"]
    my-bot = "my_package.bot:make_bot"        # factory(seed=..., **options) -> Agent

The built-in games and the ``ismcts`` agent register the same way (clanboard's own
``pyproject.toml``). Nothing is imported until the registry is first asked for games or
agents; a plug-in that fails to load is reported with the error and skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

GAMES_GROUP = "clanboard.games"
AGENTS_GROUP = "clanboard.agents"


def load_group(group: str, accept: Callable[[Any], Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Load every entry point of ``group``: ``(name -> accept(object), name -> error)``.

    ``accept`` turns the loaded object into what the registry keeps, raising ``TypeError``
    when it is not one; a later distribution with the same name replaces an earlier one."""
    loaded: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for ep in _sorted(entry_points(group=group)):
        try:
            loaded[ep.name] = accept(ep.load())
        except Exception as exc:  # one broken plug-in must not hide the others
            errors[ep.name] = f"{ep.value}: {type(exc).__name__}: {exc}"
    return loaded, errors


def _sorted(eps: Any) -> list[EntryPoint]:
    return sorted(eps, key=lambda ep: (ep.name, ep.value))
