"""Ending a game other than by its moves: resign, abort, abandon and claims, and how each ending is
recorded and scored.
"""
