"""The challenge policy of ``clanboard bot`` in account mode."""

from __future__ import annotations

import pytest

from clanboard.cli.bot_account import Policy
from clanboard.core.registry import games


def test_the_default_is_every_game_the_agent_plays() -> None:
    policy = Policy.for_agent("heuristic", None)
    shipped = {"schotten-totten", "glen-more", "glen-more-2", "isle-of-skye"}
    assert shipped <= policy.games <= {g.id for g in games()}
    assert policy.max_games == 1 and policy.rated


def test_a_game_outside_the_list_is_declined_saying_why() -> None:
    policy = Policy.for_agent("heuristic", "schotten-totten, glen-more")
    assert policy.games == {"schotten-totten", "glen-more"}
    why = policy.refusal({"game": "isle-of-skye"}, playing=0)
    assert why is not None and "isle-of-skye" in why and "glen-more" in why
    assert policy.refusal({"game": "glen-more"}, playing=0) is None


def test_more_games_than_allowed_and_rated_ones_are_declined() -> None:
    policy = Policy.for_agent("heuristic", None, rated=False, max_games=2)
    assert policy.refusal({"game": "schotten-totten"}, playing=1) is None
    assert "at once is 2" in str(policy.refusal({"game": "schotten-totten"}, playing=2))
    assert policy.refusal({"game": "schotten-totten", "rated": True}, playing=0) == (
        "not playing rated games")


def test_unknown_games_and_agents_are_refused_at_start() -> None:
    with pytest.raises(ValueError, match="cannot play no-such-game"):
        Policy.for_agent("heuristic", "no-such-game")
    with pytest.raises(ValueError, match="plays no installed game"):
        Policy.for_agent("no-such-agent", None)
