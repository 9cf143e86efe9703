"""Adapters to reinforcement-learning toolkits (the optional extra ``clanboard[rl]``).

- :mod:`clanboard.adapters.openspiel`: every game and variant as a pyspiel Python game;
- :mod:`clanboard.adapters.pettingzoo`: a PettingZoo AEC environment per game, and a
  Gymnasium single-agent environment against a clanboard agent.

Both work through the core API only, so every registered game that provides the RL
encodings (``Game.num_distinct_actions`` and friends) is adapted without extra code.
"""
