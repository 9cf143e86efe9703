"""Every clanboard game as an OpenSpiel (pyspiel) Python game.

Importing this module registers, for each registered clanboard game that provides the RL
encodings, ``python_clanboard_<id>`` (default options) and ``python_clanboard_<id>_<variant>``
for each preset in ``Game.variants`` (``-`` becomes ``_``), plus ``..._simultaneous``
names with SIMULTANEOUS dynamics for a game declaring ``simultaneous_moves``, and for a game
with chance ``..._sampled`` names whose engine draws chance itself (SAMPLED_STOCHASTIC)::

    import pyspiel
    import clanboard.adapters.openspiel  # registers the games
    game = pyspiel.load_game("python_clanboard_schotten_totten_tactics")

Parameters: ``players`` and every game option (defaults from the variant preset), e.g.
``pyspiel.load_game("python_clanboard_schotten_totten", {"expert": True})``.

Mapping (see docs/rl.md): sequential dynamics (a simultaneous step is taken seat by seat,
lowest first; committed choices stay hidden in the others' observations); explicit
stochastic chance from ``State.chance_outcomes()`` with ids from ``State.move_to_action``
(``..._sampled``: one chance node, the deal, then chance drawn inside each step from the
state's own seeded generator, like the native API; parameter ``rng_seed``, -1 for fresh
entropy);
terminal rewards from :func:`clanboard.adapters.common.utilities`; observations from
``observation(player)`` / ``observation_tensor(player)``; the information state adds the
player's own moves; serialization carries the state JSON.
"""

from __future__ import annotations

import json
import secrets
from bisect import bisect_left
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

import numpy as np
import pyspiel

from clanboard.adapters.common import (
    Encoding,
    MissingEncoding,
    TensorWriter,
    acting_seat,
    canonical,
    encoding,
    lists_action_ids,
    lists_chance_ids,
    utilities,
    utility_range,
)
from clanboard.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    Move,
    Rng,
    State,
    games,
    get_game,
)

PREFIX = "python_clanboard_"
_FIRST, _THIRD = itemgetter(0), itemgetter(2)
_MISSING = object()  # no legal move has this action id
_PARAM_TYPES = (bool, int, float, str)

#: short name -> (clanboard game, preset options) of every registered pyspiel game
REGISTERED: dict[str, tuple[Game, dict[str, Any]]] = {}
#: clanboard game id -> why it was not registered
SKIPPED: dict[str, str] = {}
_BY_ID: dict[str, Game] = {}  # games registered here, also those not in the core registry


def short_name(game: Game, variant: str | None = None, simultaneous: bool = False,
               sampled: bool = False) -> str:
    """``python_clanboard_<id>[_<variant>][_simultaneous][_sampled]`` with ``-`` as ``_``."""
    name = PREFIX + game.id.replace("-", "_")
    if variant is not None:
        name += "_" + variant.replace("-", "_")
    return name + ("_simultaneous" if simultaneous else "") + ("_sampled" if sampled else "")


def preset_options(game: Game, variant: str | None) -> dict[str, Any]:
    """The options a registered name stands for: its variant's preset; for a name without
    a variant the game's defaults, or the preset the game names in ``adapter_variant``
    when its defaults cannot start a game (Glen More II: its shipped pack is provisional)."""
    variant = variant or getattr(game, "adapter_variant", None)
    return dict(game.variant_options(variant)) if variant else {}


def has_simultaneous_steps(game: Game) -> bool:
    """Whether the game declares simultaneous steps (``simultaneous_moves`` class attribute)."""
    return bool(getattr(game, "simultaneous_moves", False))


# -- the core state carried inside a pyspiel state ----------------------------------------


def _restore(text: str, own: tuple[tuple[int, ...], ...],
             own_text: tuple[tuple[str, ...], ...]) -> _Carried:
    data = json.loads(text)
    game = _BY_ID.get(data["game"]) or get_game(data["game"])
    log: _Log = None
    for seat, (actions, texts) in enumerate(zip(own, own_text, strict=True)):
        for action, move in zip(actions, texts, strict=True):
            log = (log, seat, action, move)
    return _Carried(game.state_from_json(data), len(own), log)


_Log = tuple[Any, int, int, Any] | None
"""The seats' own moves, newest first, as ``(older, seat, action id, move)`` links: a move
is added in constant time and clones share the links."""


class _Carried:
    """The clanboard state plus each seat's own moves; pickles as the state JSON (this is
    what pyspiel's serialization stores) and deep-copies with the game's fast ``clone``.

    What a step needs (the legal actions, the chance outcomes) is computed once per
    position, on first use; the notation of the own moves only when a string asks for it.
    """

    __slots__ = ("core", "seats", "log", "direct", "_seat", "_legal", "_ids", "_sorted",
                 "_chance", "_outcomes")

    #: per game class: whether it lists legal ids, and chance ids, directly
    _FAST: dict[type, tuple[bool, bool]] = {}

    def __init__(self, core: State, seats: int, log: _Log = None) -> None:
        self.core = core
        self.seats = seats
        game = core.game
        fast = self._FAST.get(type(game))
        if fast is None:
            fast = self._FAST[type(game)] = (lists_action_ids(game), lists_chance_ids(game))
        self.direct = fast  # legal ids, chance ids without a move per id
        self.log = log  # the own moves of every seat (immutable, shared by clones)
        self._seat: int | None = None
        self._legal: dict[int, dict[int, Move]] | None = None
        self._ids: list[int] | None = None  # the acting seat's sorted legal ids
        self._sorted: dict[int, list[int]] | None = None  # other seats' (simultaneous steps)
        self._chance: list[tuple[int, float]] | None = None
        self._outcomes: list[tuple[int, Move, float]] | None = None

    def _own(self, item: int) -> tuple[tuple[Any, ...], ...]:
        per_seat: list[list[Any]] = [[] for _ in range(self.seats)]
        link = self.log
        while link is not None:
            per_seat[link[1]].append(link[item])
            link = link[0]
        return tuple(tuple(reversed(moves)) for moves in per_seat)

    @property
    def own(self) -> tuple[tuple[int, ...], ...]:
        """Per seat: the action ids it played, oldest first."""
        return self._own(2)

    @property
    def own_text(self) -> tuple[tuple[str, ...], ...]:
        """Per seat: the notation of the moves it played."""
        return tuple(tuple(str(m) for m in moves) for moves in self._own(3))

    def played(self, seat: int, action: int, move: Any) -> None:
        self.log = (self.log, seat, action, move)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (json.dumps(self.core.to_json()), self.own, self.own_text))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Carried:
        return _Carried(self.core.clone(), self.seats, self.log)

    def seat(self) -> int:
        """The acting seat (:func:`acting_seat`) of the position."""
        seat = self._seat
        if seat is None:
            seat = self._seat = acting_seat(self.core)
        return seat

    def legal(self, seat: int) -> dict[int, Move]:
        """Action id -> move for the acting seat (chance outcomes at a chance node)."""
        if self._legal is None:
            self._legal = {}
        legal = self._legal.get(seat)
        if legal is None:
            if seat == CHANCE:
                core = self.core
                outcomes = self._outcomes or core.game.chance_actions(core)
                legal = self._legal[CHANCE] = {a: m for a, m, _ in outcomes}
            else:
                core = self.core
                legal = self._legal[seat] = core.game.legal_actions(core, seat)
        return legal

    def sorted_ids(self, seat: int) -> list[int]:
        """The legal action ids of ``seat``, sorted (kept: do not change it)."""
        if seat == self.seat():
            ids = self._ids
            return self.acting_ids(seat) if ids is None else ids
        if self._sorted is None:
            self._sorted = {}
        ids = self._sorted.get(seat)
        if ids is None:
            ids = self._sorted[seat] = self._list_ids(seat)
        return ids

    def acting_ids(self, seat: int) -> list[int]:
        """The legal action ids of ``seat``, the acting seat, sorted: listed now and kept
        (``_ids``, read directly once listed)."""
        ids = self._ids = self._list_ids(seat)
        return ids

    def _list_ids(self, seat: int) -> list[int]:
        if self.direct[0] and seat >= 0:
            core = self.core
            return sorted(core.game.legal_action_ids(core, seat))
        return sorted(self.legal(seat))

    def sorted_legal(self, seat: int) -> list[int]:
        """The legal action ids of ``seat``, sorted (a copy the caller may keep)."""
        return self.sorted_ids(seat)[:]

    def play(self, seat: int, action: int) -> bool:
        """Apply the legal move of id ``action`` of ``seat``, the acting seat (not chance),
        and log it; False, changing nothing, when no legal move has that id."""
        core = self.core
        if self.direct[0]:
            ids = self._ids
            if ids is None:
                ids = self.acting_ids(seat)
            i = bisect_left(ids, action)
            if i == len(ids) or ids[i] != action:
                return False
            move = core.game.legal_action_move(core, seat, action)
        else:
            move = self.legal(seat).get(action, _MISSING)
            if move is _MISSING:
                return False
        core.apply_trusted(move, seat)  # it came from legal_moves
        if seat >= 0:
            self.log = (self.log, seat, action, move)  # self.played, inlined
        self.moved()
        return True

    def chance(self) -> list[tuple[int, float]]:
        """The chance outcomes as sorted ``(action id, probability)``."""
        chance = self._chance
        if chance is None:
            core = self.core
            if self.direct[1]:
                chance = self._chance = core.game.chance_action_probs(core)
                return chance
            # ascending ids already (the contract of Game.chance_actions)
            outcomes = self._outcomes = core.game.chance_actions(core)
            chance = self._chance = list(zip(map(_FIRST, outcomes),
                                             map(float, map(_THIRD, outcomes)), strict=True))
        return chance

    def chance_move(self, action: int) -> Any:
        """The chance outcome of id ``action``, or :data:`_MISSING` if it is not one now."""
        chance = self.chance()
        if self.direct[1]:
            i = bisect_left(chance, action, key=_FIRST)
            if i == len(chance) or chance[i][0] != action:
                return _MISSING
            core = self.core
            return core.game.chance_action_move(core, action)
        outcomes = self._outcomes or []
        i = bisect_left(outcomes, action, key=_FIRST)  # ids ascend: no dict to build
        return outcomes[i][1] if i < len(outcomes) and outcomes[i][0] == action else _MISSING

    def changed(self) -> None:
        """Forget what was computed for the previous position."""
        self._seat = self._legal = self._ids = self._sorted = self._chance = None
        self._outcomes = None

    def moved(self) -> None:
        """After a move or chance outcome: :meth:`changed`, and the acting seat now (what
        every caller asks next; :func:`acting_seat`, inlined)."""
        self._legal = self._ids = self._sorted = self._chance = self._outcomes = None
        core = self.core
        seat = core.current_player()
        self._seat = seat if seat != SIMULTANEOUS else min(core.players_to_move())


DEAL = 0
"""The one chance outcome of a ``..._sampled`` game: the deal, which starts the engine's
own generator from the next seed of the game's sequence."""


def _restore_undealt(text: str, seats: int) -> _Undealt:
    data = json.loads(text)
    game = _BY_ID.get(data["game"]) or get_game(data["game"])
    return _Undealt(game.state_from_json(data), seats)


class _Undealt:
    """What a ``..._sampled`` state carries before its deal: the set-up not yet dealt, at a
    chance node whose one outcome is :data:`DEAL`. Never changed, so copies share it."""

    __slots__ = ("core", "seats", "log", "_seat")

    def __init__(self, core: State, seats: int) -> None:
        self.core = core
        self.seats = seats
        self.log: _Log = None
        self._seat: int | None = CHANCE

    own = property(lambda self: ((),) * self.seats)
    own_text = own

    def seat(self) -> int:
        return CHANCE

    def chance(self) -> list[tuple[int, float]]:
        return [(DEAL, 1.0)]

    def legal(self, seat: int) -> dict[int, Any]:
        return {DEAL: "deal"} if seat == CHANCE else {}

    def sorted_legal(self, seat: int) -> list[int]:
        return sorted(self.legal(seat))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_undealt, (json.dumps(self.core.to_json()), self.seats))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Undealt:
        return self


# -- pyspiel game, state, observer ----------------------------------------------------------


class ClanboardGame(pyspiel.Game):
    """A clanboard game (one set of options) seen as a pyspiel game."""

    core_game: Game  # set on the subclass made for each registered name
    game_type: pyspiel.GameType
    simultaneous: bool = False  # SIMULTANEOUS dynamics (else steps are taken seat by seat)
    sampled: bool = False  # chance drawn by the engine (SAMPLED_STOCHASTIC), after one deal

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self.core_game
        self.num_seats = game.check_players(int(params.pop("players", game.min_players)))
        seeds: dict[str, int] = {}
        if self.sampled:
            seed = params.pop("rng_seed", -1)
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < -1:
                raise ValueError(f"rng_seed must be an integer ≥ 0, or -1 for a seed from the "
                                 f"system's entropy; got {seed!r}")
            seeds["rng_seed"] = seed
            # the seeds of the games' deals, one per deal, in order
            self.deal_seeds = Rng(secrets.randbits(64) if seed == -1 else seed)
        known = {o.name for o in game.options}
        self.core_options = game.check_options({k: v for k, v in params.items() if k in known})
        self.encoding: Encoding = encoding(game, self.num_seats, self.core_options)
        low, high = utility_range(game)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions,
            max_chance_outcomes=1 if self.sampled else self.encoding.max_chance_outcomes,
            num_players=self.num_seats,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if game.zero_sum else None,
            max_game_length=self.encoding.max_game_length,
        )
        # every initial state is this one (seed 0, chance explicit): states copy it, which is
        # cheaper than setting up a game (pyspiel's Clone starts from a new initial state)
        self.initial_core = game.new_state(self.num_seats, seed=0, options=self.core_options,
                                           auto_chance=False)
        all_params = {"players": self.num_seats, **self.core_options, **seeds}
        internal = set(getattr(game, "internal_options", ()))
        super().__init__(self.game_type, info, {k: v for k, v in all_params.items()
                                           if isinstance(v, _PARAM_TYPES) and k not in internal})

    def new_initial_state(self) -> ClanboardState:
        return ClanboardState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> ClanboardObserver:
        return ClanboardObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class SampledGame(ClanboardGame):
    """A ``..._sampled`` game: one chance node (the deal), then chance drawn by the engine."""

    sampled = True

    def new_initial_state(self) -> SampledState:
        return SampledState(self)

    def deal(self) -> State:
        """A new game of these seats and options, dealt from the next seed of the game's
        sequence (``rng_seed``), chance drawn by the engine."""
        return self.core_game.new_state(self.num_seats, seed=self.deal_seeds.next_u64(),
                                        options=self.core_options, auto_chance=True)

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel would ask for the generator state (GetRNGState), which a Python game
        # cannot give: a copy starts its deals again from ``rng_seed``
        return (pyspiel.load_game, (str(self),))


class ClanboardState(pyspiel.State):
    """A pyspiel state wrapping a clanboard state with ``auto_chance=False``."""

    def __init__(self, game: ClanboardGame) -> None:
        super().__init__(game)
        self._carried = _Carried(game.initial_core.clone(), game.num_seats)
        self._simultaneous = game.simultaneous

    @property
    def core(self) -> State:
        """The clanboard state (do not change it directly)."""
        return self._carried.core

    def _simultaneous_step(self) -> bool:
        return self._simultaneous and self._carried.core.current_player() == SIMULTANEOUS

    def current_player(self) -> int:
        if self._simultaneous and self._simultaneous_step():
            return SIMULTANEOUS
        seat = self._carried._seat  # kept per position (called several times a step)
        return self._carried.seat() if seat is None else seat

    def is_chance_node(self) -> bool:
        # the acting seat is CHANCE exactly when current_player() is (no simultaneous step)
        seat = self._carried._seat
        return (self._carried.seat() if seat is None else seat) == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As pyspiel's own ``legal_actions`` (which calls back into Python several times
        per call), answered here in one call."""
        if self._simultaneous:
            return super().legal_actions() if player is None else super().legal_actions(player)
        carried = self._carried
        cur = carried._seat
        if cur is None:
            cur = carried.seat()
        if player is None:
            player = cur
        if cur == TERMINAL:
            return []
        if cur == CHANCE:
            return [a for a, _ in carried.chance()]
        if player == cur:
            ids = carried._ids
            return (carried.acting_ids(cur) if ids is None else ids)[:]
        if player < 0:
            return super().legal_actions(player)  # pyspiel's error for a pseudo-player
        return []

    def _legal_actions(self, player: int) -> list[int]:
        if self._simultaneous_step():
            if player not in self._carried.core.players_to_move():
                return []
        elif player != acting_seat(self._carried.core):
            return []
        return self._carried.sorted_legal(player)

    def _apply_actions(self, actions: list[int]) -> None:
        """A simultaneous step (SIMULTANEOUS dynamics only): one action per seat; those of
        seats that are not to move are ignored."""
        carried = self._carried
        seats = carried.core.players_to_move()
        moves = {}
        for seat in seats:
            legal = carried.legal(seat)
            if actions[seat] not in legal:
                raise ValueError(f"action {actions[seat]} is not legal for player {seat} now; "
                                 f"legal: {sorted(legal)}")
            moves[seat] = legal[actions[seat]]
        for seat, move in moves.items():
            carried.core.apply_trusted(move, seat)
            carried.played(seat, actions[seat], move)
        carried.changed()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._carried.chance())

    def _apply_action(self, action: int) -> None:
        carried = self._carried
        seat = carried._seat
        if seat is None:
            seat = carried.seat()
        if seat == CHANCE:
            self._apply_chance(action)
            return
        if not carried.play(seat, action):
            raise ValueError(f"action {action} is not legal for player {seat} now; "
                             f"legal: {sorted(carried.legal(seat))}")

    def _apply_chance(self, action: int) -> None:
        """``_apply_action`` at a chance node."""
        carried = self._carried
        move = carried.chance_move(action)
        if move is _MISSING:
            raise ValueError(f"action {action} is not legal for chance now; "
                             f"legal: {sorted(carried.legal(CHANCE))}")
        core = carried.core
        core.apply_trusted(move, CHANCE)  # it came from chance_outcomes
        carried.moved()

    def _action_to_string(self, player: int, action: int) -> str:
        carried = self._carried
        if player == acting_seat(carried.core) or (
                player >= 0 and player in carried.core.players_to_move()):
            move = carried.legal(player).get(action)
            if move is not None:
                return str(move)
        if player >= 0:
            try:
                return str(carried.core.action_to_move(action))
            except Exception:  # an id that means nothing here: still printable
                pass
        return f"{'chance' if player == CHANCE else f'player {player}'} action {action}"

    def is_terminal(self) -> bool:
        seat = self._carried._seat
        return (self._carried.seat() if seat is None else seat) == TERMINAL

    def returns(self) -> list[float]:
        return utilities(self._carried.core)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ClanboardState:
        """A copy where everything hidden from ``player_id`` is re-dealt (core
        ``determinize``); used by OpenSpiel's ISMCTS."""
        try:
            seed = int(probability_sampler() * 2**53)
        except TypeError:
            seed = np.random.randint(2**62)
        clone = self.clone()
        clone._carried.core = self._carried.core.determinize(player_id, Rng(seed))
        clone._carried.changed()
        return clone

    def __str__(self) -> str:
        return canonical(self._carried.core.to_json())


class SampledState(ClanboardState):
    """A state of a ``..._sampled`` game: one chance node (the deal, outcome :data:`DEAL`),
    then the engine draws every chance event inside the step that causes it, from the
    state's own generator (copied with the state, so a clone replays the same draws)."""

    def __init__(self, game: SampledGame) -> None:  # type: ignore[override]
        pyspiel.State.__init__(self, game)
        self._carried = _Undealt(game.initial_core, game.num_seats)  # type: ignore[assignment]
        self._simultaneous = game.simultaneous

    def _apply_chance(self, action: int) -> None:
        if type(self._carried) is not _Undealt:
            super()._apply_chance(action)
            return
        if action != DEAL:
            raise ValueError(f"action {action} is not legal for chance now; legal: [{DEAL}]")
        self._carried = _Carried(self.get_game().deal(), self._carried.seats)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SampledState:
        if type(self._carried) is _Undealt:
            return self.clone()  # nothing dealt, nothing hidden
        return super().resample_from_infostate(player_id, probability_sampler)  # type: ignore

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a state with its game's generator state, which a Python game
        # cannot give (GetRNGState): the state's own serialization carries all it needs
        return (_load_state, (str(self.get_game()), self.serialize()))


def _load_state(game: str, text: str) -> pyspiel.State:
    return pyspiel.load_game(game).deserialize_state(text)


class ClanboardObserver:
    """pyspiel observer: observation string/tensor from ``observation(player)`` /
    ``observation_tensor(player)``; with perfect recall (the information state) the
    player's own moves are added (their notation, and a count per action id)."""

    def __init__(self, game: ClanboardGame, iig_obs_type: Any,
                 params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("clanboard observers show one player's private information, "
                             "not all players'")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.public_info = bool(iig_obs_type.public_info)
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        enc = game.encoding
        self.tensor: np.ndarray | None
        self.dict: dict[str, np.ndarray] = {}
        if self.public_only or not self.public_info:
            # no public-only tensor in the core encoding; strings only
            self.tensor = None
            return
        size = enc.observation_tensor_size
        self.writer = TensorWriter(game.core_game, size)
        if self.perfect_recall:
            size += enc.num_distinct_actions
        self.tensor = np.zeros(size, np.float32)
        self.dict["observation"] = self.tensor[: enc.observation_tensor_size]
        if self.perfect_recall:
            self.dict["own_actions"] = self.tensor[enc.observation_tensor_size:]

    def set_from(self, state: ClanboardState, player: int) -> None:
        if self.tensor is None:
            return
        carried = state._carried
        self.dict["observation"][:] = self.writer.view(carried.core, player)
        if self.perfect_recall:
            own = self.dict["own_actions"]
            own.fill(0)
            for action in carried.own[player]:
                own[action] += 1

    def string_from(self, state: ClanboardState, player: int) -> str:
        carried = state._carried
        if not self.public_info:
            return canonical(list(carried.own_text[player])) if self.perfect_recall else ""
        text = canonical(carried.core.observation(None if self.public_only else player))
        if self.perfect_recall and not self.public_only:
            text += "\nown moves: " + canonical(list(carried.own_text[player]))
        return text


# -- registration ------------------------------------------------------------------------


def _game_type(game: Game, variant: str | None, simultaneous: bool,
               sampled: bool = False) -> pyspiel.GameType:
    options = game.check_options(preset_options(game, variant))
    spec: dict[str, Any] = {"players": game.min_players}
    internal = set(getattr(game, "internal_options", ()))  # filled in by the game
    spec.update({k: v for k, v in options.items()
                 if isinstance(v, _PARAM_TYPES) and k not in internal})
    if sampled:
        spec["rng_seed"] = -1
    enc = encoding(game, game.min_players, options)
    GT = pyspiel.GameType
    details = [d for d in (variant, "simultaneous" if simultaneous else None,
                           "sampled chance" if sampled else None) if d]
    chance = (GT.ChanceMode.SAMPLED_STOCHASTIC if sampled
              else GT.ChanceMode.EXPLICIT_STOCHASTIC if enc.max_chance_outcomes > 0
              else GT.ChanceMode.DETERMINISTIC)
    return GT(
        short_name=short_name(game, variant, simultaneous, sampled),
        long_name=f"clanboard {game.name}" + (f" ({', '.join(details)})" if details else ""),
        dynamics=GT.Dynamics.SIMULTANEOUS if simultaneous else GT.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=(GT.Information.IMPERFECT_INFORMATION if game.imperfect_information
                     else GT.Information.PERFECT_INFORMATION),
        utility=GT.Utility.ZERO_SUM if game.zero_sum else GT.Utility.GENERAL_SUM,
        reward_model=GT.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def register_game(game: Game) -> list[str]:
    """Register ``game`` and its variants with pyspiel; returns the short names.

    A game declaring ``simultaneous_moves`` also gets ``..._simultaneous`` names with
    SIMULTANEOUS dynamics, and a game with chance ``..._sampled`` names where the engine
    draws chance itself. Raises :class:`MissingEncoding` when the game lacks the RL
    encodings."""
    has_chance = encoding(game).max_chance_outcomes > 0  # fails early, with the reason
    _BY_ID[game.id] = game
    names = []
    for simultaneous in sorted({False, has_simultaneous_steps(game)}):
        for sampled in sorted({False, has_chance}):
            for variant in [None, *game.variants]:
                name = short_name(game, variant, simultaneous, sampled)
                names.append(name)
                if name in REGISTERED:
                    continue
                # a class per game (not a closure): pyspiel keeps the creator until process
                # exit, and a class is never freed at interpreter shutdown, while a closure
                # would be freed without the GIL and abort the process
                game_type = _game_type(game, variant, simultaneous, sampled)
                game_class = type(f"ClanboardGame_{name}",
                                  (SampledGame if sampled else ClanboardGame,), {
                                      "core_game": game, "game_type": game_type,
                                      "simultaneous": simultaneous})
                pyspiel.register_game(game_type, game_class)
                REGISTERED[name] = (game, preset_options(game, variant))
    return names


def register_all() -> list[str]:
    """Register every clanboard game that has the encodings; the others are listed in
    :data:`SKIPPED` with the reason. Safe to call again (new games are added)."""
    names = []
    for game in games():
        try:
            names += register_game(game)
        except MissingEncoding as exc:
            SKIPPED[game.id] = str(exc)
    return names


def load(game_id: str, variant: str | None = None, *, sampled: bool = False,
         **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` by clanboard id (``sampled``: the ``..._sampled`` name, chance
    drawn by the engine); a clear error if the game was skipped."""
    game = get_game(game_id)
    register_all()
    if game.id in SKIPPED:
        raise MissingEncoding(SKIPPED[game.id])
    if variant is not None:
        game.variant_options(variant)  # unknown variant: a clear error
    return pyspiel.load_game(short_name(game, variant, sampled=sampled), params)


def ismcts_resampler(state: ClanboardState, player: int) -> ClanboardState:
    """For ``ISMCTSBot.set_resampler``: a determinization of ``state`` for ``player``."""
    return state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))


register_all()
