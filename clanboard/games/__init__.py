"""Game packages. Each subpackage exposes ``GAME`` (a core Game) and depends only on core;
it is registered through a ``clanboard.games`` entry point in pyproject.toml (a new game
package needs one there, see docs/core-api.md).

``clanboard.games`` is both this package and the call that lists the registered games:
``clanboard.games()`` (the module is made callable for that).
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list:  # type: ignore[type-arg]
        from clanboard.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
