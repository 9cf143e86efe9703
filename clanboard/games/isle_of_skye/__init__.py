"""Isle of Skye: From Chieftain to King (Pfister & Pelikan), base game, 2-5 players."""

from clanboard.games.isle_of_skye.game import IsleOfSkye

GAME = IsleOfSkye()

__all__ = ["GAME", "IsleOfSkye"]
