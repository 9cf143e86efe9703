"""Isle of Skye: From Chieftain to King (Pfister & Pelikan), base game, 2-5 players."""

from clanboard.compiled import COMPILED, use_compiled

COMPILED_IN_USE = use_compiled(__name__, COMPILED[__name__])
"""Whether the rules run as their mypyc build (setup.py; see clanboard.compiled)."""

from clanboard.games.isle_of_skye.game import IsleOfSkye  # noqa: E402

GAME = IsleOfSkye()

__all__ = ["GAME", "IsleOfSkye"]
