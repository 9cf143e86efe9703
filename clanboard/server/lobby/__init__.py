"""The lobby: game descriptions, the live socket of every page, and each player's list of
unfinished games.
"""
