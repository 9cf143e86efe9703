"""Schotten Totten (Reiner Knizia): base, tactics and expert variants, and matches."""

from clanboard.games.schotten_totten.game import SchottenTotten

GAME = SchottenTotten()

__all__ = ["GAME", "SchottenTotten"]
