"""The Schotten Totten game object: options, variants, loading, agents and encodings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import clanboard.games.schotten_totten.encoding as encoding
from clanboard.core import Game, InvalidState, Move, Option, SearchHints, State
from clanboard.games.schotten_totten.cards import (
    ALL_CLAN,
    BLIND,
    CLAN_CARDS,
    JOKERS,
    MUD,
    card_name,
    cards_named,
)
from clanboard.games.schotten_totten.constants import JSON_FIELDS, OVER, STONES
from clanboard.games.schotten_totten.state import SchottenState


class SchottenTotten(Game):
    id = "schotten-totten"
    name = "Schotten Totten"
    min_players = 2
    max_players = 2
    zero_sum = True
    options = (
        Option("tactics", False, "tactics variant: 10 tactic cards, 7-card hands"),
        Option("expert", False, "expert variant: claim only at the start of your turn"),
        Option("rounds", 1, "rounds in a match (winner 5 points, loser 1 per stone held)",
               tuple(range(1, 16))),
    )
    variants = {
        "base": {},
        "tactics": {"tactics": True},
        "expert": {"expert": True},
        "tactics-expert": {"tactics": True, "expert": True},
    }

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        state = SchottenState(self, num_players, seed, options)
        state._shuffle_and_deal()
        return state

    def _state_from_json(
        self, num_players: int, seed: int, options: dict[str, Any], body: Any
    ) -> State:
        return load_state(self, num_players, seed, options, body)

    def agents(self) -> Mapping[str, Any]:
        # not at the top: the AI's modules load only when asked for
        from clanboard.games.schotten_totten.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def search_hints(self) -> SearchHints:
        # not at the top: the AI's modules load only when asked for
        from clanboard.games.schotten_totten.hints import SchottenHints

        return SchottenHints()

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.num_actions(bool(options.get("tactics")))  # type: ignore[no-any-return]

    def max_chance_outcomes(self, num_players: int, options: Mapping[str, Any]) -> int:
        return 64

    def observation_tensor_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.OBSERVATION_SIZE  # type: ignore[no-any-return]

    def observation_tensor_bounds(self, num_players: int, options: Mapping[str, Any]
                                  ) -> tuple[list[float], list[float]]:
        """Each tensor item's declared bounds (see the encoding; the RL adapters' Box)."""
        return encoding.observation_tensor_bounds(bool(options.get("tactics")))

    def max_game_length(self, num_players: int, options: Mapping[str, Any]) -> int:
        return 3000 * int(options.get("rounds", 1))

    def legal_actions(self, state: State, player: int) -> dict[int, Move]:
        return encoding.legal_actions(state, player)  # type: ignore[arg-type]

    def legal_action_ids(self, state: State, player: int) -> list[int]:
        return encoding.legal_action_ids(state, player)  # type: ignore[arg-type]

    def legal_action_move(self, state: State, player: int, action: int) -> Move:
        return encoding.legal_action_move(state, player, action)  # type: ignore[arg-type]

    def chance_actions(self, state: State) -> list[tuple[int, Move, float]]:
        return encoding.chance_actions(state)  # type: ignore[arg-type]

    def chance_action_probs(self, state: State) -> list[tuple[int, float]]:
        return encoding.chance_action_probs(state)  # type: ignore[arg-type]

    def chance_action_move(self, state: State, action: int) -> Move:
        return encoding.chance_action_move(state, action)  # type: ignore[arg-type]

    def write_observation_tensor(self, state: State, player: int, out: Any) -> None:
        encoding.write_observation_tensor(state, player, out)  # type: ignore[arg-type]

    def update_observation_tensor(self, state: State, player: int, out: Any,
                                  memo: dict[Any, Any]) -> None:
        encoding.update_observation_tensor(state, player, out, memo)  # type: ignore[arg-type]


def load_state(
    game: Game, num_players: int, seed: int, options: dict[str, Any], body: Mapping[str, Any]
) -> SchottenState:
    """Rebuild a position from its JSON body, checking every card is where one card can be."""
    state = SchottenState(game, num_players, seed, options)
    used: set[int] = set()

    def card(name: str) -> int:
        try:
            ids = cards_named(str(name))
        except KeyError:
            raise InvalidState(f"unknown card {name!r}; cards are like 5g or joker") from None
        for c in ids:
            if c not in used:
                used.add(c)
                return c
        raise InvalidState(f"card {name} appears more than once")

    for field in JSON_FIELDS:
        if field not in body:
            raise InvalidState(f"schotten-totten state lacks {field!r}")
        setattr(state, field, body[field])
    state.round_winners = list(body.get("round_winners", []))
    state.hands = [sum(1 << card(n) for n in hand) for hand in body["hands"]]
    state.sides = [[[card(n) for n in side] for side in row] for row in body["sides"]]
    state.decks = [[card(n) for n in deck] for deck in body["decks"]]
    state.discard = [card(n) for n in body["discard"]]
    for mode, mask in ((MUD, state.mud), (BLIND, state.blind)):
        if not isinstance(mask, int) or mask < 0 or mask >= 1 << STONES or mask.bit_count() > 1:
            raise InvalidState(f"{card_name(mode)} lies on at most one stone (a 9-bit mask)")
        if mask:
            card(card_name(mode))
    expected = set(range(CLAN_CARDS)) | (set(range(CLAN_CARDS, 64)) if state.tactics else set())
    if used != expected:
        missing = sorted(expected - used)
        extra = sorted(used - expected)
        raise InvalidState(
            "every card must be in exactly one hand, side, deck or the discard; "
            f"missing: {[card_name(c) for c in missing]}, not in this variant: "
            f"{[card_name(c) for c in extra]}"
        )
    state.seen = 0
    for row in state.sides:
        for side in row:
            for c in side:
                if c < CLAN_CARDS:
                    state.seen |= 1 << c
    for c in state.discard:
        if c < CLAN_CARDS:
            state.seen |= 1 << c
    state.seen &= ALL_CLAN
    check(state)
    state.recount_full()
    return state


def check(state: SchottenState) -> None:
    """Invariants a position must keep; raises InvalidState naming the broken one."""
    if len(state.sides) != 2 or any(len(row) != STONES for row in state.sides):
        raise InvalidState("there must be 2 sides of 9 stones")
    if not 0 <= state.phase <= OVER:
        raise InvalidState(f"unknown phase {state.phase}")
    if state.to_move not in (0, 1):
        raise InvalidState("to_move must be 0 or 1")
    for p in (0, 1):
        if state.hands[p].bit_count() > state.hand_limit + 2:
            raise InvalidState(f"player {p} holds too many cards")
        for s in range(STONES):
            if len(state.sides[p][s]) > state.capacity(s):
                raise InvalidState(f"player {p} has too many cards at stone {s + 1}")
        if sum(1 for side in state.sides[p] for c in side if c in JOKERS) > 1:
            raise InvalidState(f"player {p} has more than one joker on their side")
    if any(o not in (-1, 0, 1) for o in state.owner) or len(state.owner) != STONES:
        raise InvalidState("stone owners must be -1 (unclaimed), 0 or 1")
    for d in (0, 1):
        if not 0 <= state.bottom[d] <= len(state.decks[d]) or \
                len(state.bottom_by[d]) != state.bottom[d]:
            raise InvalidState("deck bottom bookkeeping does not match the deck")
