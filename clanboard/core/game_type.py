"""The :class:`Game` class (what a game is: its options, its set-up, its encodings) apart
from :mod:`clanboard.core.game` and its :class:`~clanboard.core.game.State`, so that the
registry, which holds games, sits below the states and the records that name them.
Import it from :mod:`clanboard.core` or :mod:`clanboard.core.game`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from clanboard.core.errors import IllegalMove, InvalidState, Text, say
from clanboard.core.messages import OPTION_KINDS, SETUP_ERRORS
from clanboard.core.rng import Rng
from clanboard.core.search_hints import SearchHints

if TYPE_CHECKING:
    from clanboard.core.game import Move, State

STATE_FORMAT_VERSION = 1


@dataclass(frozen=True)
class Option:
    """One option of a game (a variant switch, a number of rounds, ...)."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None

    def check(self, value: Any) -> Any:
        kind = type(self.default)
        if kind is bool and isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
            value = value.lower() in ("true", "1")
        elif kind is int and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if type(value) is not kind:
            word = OPTION_KINDS.get(kind.__name__)
            raise InvalidState(say(SETUP_ERRORS, "option_kind", name=repr(self.name),
                                   kind=Text(word) if word else kind.__name__,
                                   value=repr(value)))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise InvalidState(say(SETUP_ERRORS, "option_choice", name=repr(self.name),
                                   allowed=allowed, value=repr(value)))
        return value


class Game(ABC):
    """A registered game: its id, player counts, options and how to start or load a state."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    #: variant name -> option values, offered by front ends as presets
    variants: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: True when some information is hidden from some player
    imperfect_information: ClassVar[bool] = True
    #: True when returns always sum to zero (two-player win/loss/draw games)
    zero_sum: ClassVar[bool] = False
    #: True when the game has SIMULTANEOUS steps (several seats commit hidden choices)
    simultaneous_moves: ClassVar[bool] = False

    # -- options and creation ------------------------------------------------------------

    def check_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Fill defaults and validate; raises :class:`InvalidState` naming the bad option."""
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise InvalidState(say(SETUP_ERRORS, "unknown_options", options=", ".join(unknown),
                                   game=self.id,
                                   known=", ".join(known) or Text(SETUP_ERRORS["none"])))
        return {name: o.check(given.get(name, o.default)) for name, o in known.items()}

    def variant_options(self, variant: str) -> dict[str, Any]:
        if variant not in self.variants:
            raise InvalidState(say(SETUP_ERRORS, "unknown_variant", variant=repr(variant),
                                   game=self.id, known=", ".join(self.variants)))
        return dict(self.variants[variant])

    def check_players(self, num_players: int | None) -> int:
        n = self.min_players if num_players is None else num_players
        if not self.min_players <= n <= self.max_players:
            raise InvalidState(say(SETUP_ERRORS, "players", game=self.name,
                                   low=self.min_players, high=self.max_players, n=n))
        return n

    def new_state(
        self,
        num_players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        auto_chance: bool = True,
    ) -> State:
        """A new game. All randomness flows from ``seed``.

        With ``auto_chance`` (the default) chance events are resolved at once from
        the seeded generator; without it the state stops at :data:`CHANCE` nodes
        and the caller applies one of :meth:`State.chance_outcomes`.
        """
        n = self.check_players(num_players)
        opts = self.check_options(options)
        state = self._new_state(n, seed, opts)
        state.auto_chance = auto_chance
        if auto_chance:
            state.resolve_chance()
        return state

    @abstractmethod
    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """Set up the game; may leave the state at a chance node."""

    # -- JSON ---------------------------------------------------------------------------

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_json`; raises :class:`InvalidState` if corrupt."""
        if not isinstance(data, Mapping):
            raise InvalidState("a state must be a JSON object")
        if data.get("game") != self.id:
            raise InvalidState(f"this state is for {data.get('game')!r}, not {self.id!r}")
        if data.get("version") != STATE_FORMAT_VERSION:
            raise InvalidState(
                f"unsupported state format version {data.get('version')!r}; "
                f"expected {STATE_FORMAT_VERSION}"
            )
        try:
            n = self.check_players(int(data["num_players"]))
            opts = self.check_options(data.get("options", {}))
            seed = int(data.get("seed", 0))
            body = data["state"]
            state = self._state_from_json(n, seed, opts, body)
            state.rng = Rng(int(data["rng"]))
            state.auto_chance = bool(data.get("auto_chance", True))
            state.history = [
                (int(p), state._parse_history(p, m)) for p, m in data.get("history", [])
            ]
        except InvalidState:
            raise
        except (KeyError, TypeError, ValueError, IndexError, IllegalMove) as exc:
            raise InvalidState(f"corrupt {self.id} state: {type(exc).__name__}: {exc}") from exc
        state.check_consistency()
        return state

    @abstractmethod
    def _state_from_json(
        self, num_players: int, seed: int, options: dict[str, Any], body: Any
    ) -> State:
        """Rebuild the game-specific part written by :meth:`State._to_json`."""

    # -- AI and encodings (optional) ------------------------------------------------------

    def agents(self) -> Mapping[str, Any]:
        """Game-specific agent factories ``name -> factory(seed: int) -> Agent``."""
        return {}

    def search_hints(self) -> SearchHints:
        """Game knowledge for generic search (rollout policy, pruning, evaluation)."""
        return SearchHints()

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any]) -> int:
        """Size of the fixed integer action space (for RL adapters)."""
        raise NotImplementedError(f"{self.id} has no integer action encoding")

    def max_chance_outcomes(self, num_players: int, options: Mapping[str, Any]) -> int:
        raise NotImplementedError(f"{self.id} has no integer chance encoding")

    def observation_tensor_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        raise NotImplementedError(f"{self.id} has no observation tensor")

    def max_game_length(self, num_players: int, options: Mapping[str, Any]) -> int:
        """An upper bound on the number of moves (player and chance) in one game."""
        raise NotImplementedError(f"{self.id} gives no game-length bound")

    # The methods below are the RL adapters' fast paths. Each has a straightforward
    # default built on the State encodings; a game may override them with faster code that
    # gives equal results (the adapter tests compare both on random games).

    def legal_actions(self, state: State, player: int) -> dict[int, Move]:
        """Action id -> move, for every move of ``state.legal_moves(player)``."""
        return {state.move_to_action(m): m for m in state.legal_moves(player)}

    def legal_action_ids(self, state: State, player: int) -> list[int]:
        """The ids of ``legal_actions(state, player)``, in ``legal_moves`` order. A game
        that overrides it (and :meth:`legal_action_move`) lists the ids without building
        and mapping a move per id; the adapters then call these two instead of
        ``legal_actions``."""
        return list(self.legal_actions(state, player))

    def legal_action_move(self, state: State, player: int, action: int) -> Move:
        """The move of ``action``, one of ``legal_action_ids(state, player)``."""
        return self.legal_actions(state, player)[action]

    def chance_actions(self, state: State) -> list[tuple[int, Move, float]]:
        """``(action id, outcome, probability)`` for every ``state.chance_outcomes()``,
        in ascending id order (the order pyspiel's ``chance_outcomes`` lists them in)."""
        return sorted(((state.move_to_action(m), m, p) for m, p in state.chance_outcomes()),
                      key=itemgetter(0))

    def chance_action_probs(self, state: State) -> list[tuple[int, float]]:
        """``(action id, probability)`` of ``chance_actions(state)``, in its order. A game
        that overrides it (and :meth:`chance_action_move`) lists them without building the
        outcomes; the adapters then call these two instead of ``chance_actions``."""
        return [(a, float(p)) for a, _, p in self.chance_actions(state)]

    def chance_action_move(self, state: State, action: int) -> Move:
        """The chance outcome of ``action``, one of the ids of ``chance_action_probs``."""
        return next(m for a, m, _ in self.chance_actions(state) if a == action)

    def write_observation_tensor(self, state: State, player: int, out: Any) -> None:
        """Write ``state.observation_tensor(player)`` into ``out``: a zero-filled float
        buffer of ``observation_tensor_size`` items taking item assignment, and slice
        assignment from an ``array.array("f")`` (a numpy float32 array, an
        ``array.array("f")``). Only the non-zero items need writing."""
        for i, v in enumerate(state.observation_tensor(player)):
            if v:
                out[i] = v

    def update_observation_tensor(self, state: State, player: int, out: Any,
                                  memo: dict[Any, Any]) -> None:
        """Make ``out`` (an ``array.array("f")`` of ``observation_tensor_size`` items) equal
        to ``state.observation_tensor(player)``. ``out`` and ``memo`` are those of the
        previous call for the same player and set-up (zeros and an empty dict the first
        time), so a game may rewrite only what changed since then, whatever the state: the
        RL adapters keep one pair per seat and call this at every step. This default
        writes everything: the whole tensor in one copy, or through the game's own
        ``write_observation_tensor``."""
        if type(self).write_observation_tensor is Game.write_observation_tensor:
            out[:] = array("f", state.observation_tensor(player))
            return
        if memo:
            out[:] = memo["zeros"]
        else:
            memo["zeros"] = array("f", bytes(4 * len(out)))
        self.write_observation_tensor(state, player, out)

    def __repr__(self) -> str:
        return f"<Game {self.id}>"
