"""The game-agnostic API: a :class:`Game` describes a game, a :class:`State` is one position.

Everything outside ``clanboard/games`` (AI, adapters, server, CLI) talks to games
through these two classes only. A game subclasses both; the base classes supply
validation, chance handling, records and JSON framing so each game writes only
its rules.

Whose turn it is: :meth:`State.current_player` returns a seat (0-based),
:data:`CHANCE` while a random event is pending, :data:`SIMULTANEOUS` while
several seats commit hidden choices (see :meth:`State.players_to_move`), or
:data:`TERMINAL` when the game is over.

Moves are small immutable, hashable values whose ``str()`` is the game's
documented notation; :meth:`State.parse_move` reads it back.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from clanboard.core.errors import IllegalMove, InvalidState, Players, say
from clanboard.core.game_type import STATE_FORMAT_VERSION, Game
from clanboard.core.game_type import Option as Option  # importable from here as before
from clanboard.core.messages import ERRORS, MESSAGES
from clanboard.core.record import GameRecord
from clanboard.core.rng import Rng

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -4

Move = Hashable
"""A move: hashable, equality-comparable, ``str(move)`` is its notation."""


PLAYOUT_MOVE_LIMIT = 100_000
"""A random playout longer than this many moves is reported as not terminating."""


class State(ABC):
    """One position of a game. Mutable: :meth:`apply` changes it; :meth:`clone` copies it."""

    game: Game
    num_players: int
    options: dict[str, Any]
    seed: int
    rng: Rng
    auto_chance: bool
    history: list[tuple[int, Move]]

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.auto_chance = True
        self.history = []

    # -- whose turn -----------------------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, or :data:`CHANCE`, :data:`SIMULTANEOUS`, :data:`TERMINAL`."""

    def players_to_move(self) -> list[int]:
        """Seats whose move is awaited now (several at a simultaneous step, none otherwise)."""
        p = self.current_player()
        return [p] if p >= 0 else []

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # -- moves ----------------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self, player: int | None = None) -> list[Move]:
        """Legal moves of ``player`` (default: the player to move); chance outcomes at a
        chance node; empty when the game is over or the player has nothing to do now."""

    @abstractmethod
    def parse_move(self, text: str, player: int | None = None) -> Move:
        """Read a move in this game's notation; raises :class:`IllegalMove` if malformed."""

    @abstractmethod
    def _apply(self, move: Move, player: int) -> None:
        """Apply a move already known to be legal for ``player`` (CHANCE for outcomes)."""

    def explain_illegal(self, move: Move, player: int) -> str:
        """Why a well-formed move is not legal now (games override for precise reasons).
        A :class:`~clanboard.core.errors.Text` (a ``str``) so front ends can say it in the
        player's language."""
        return say(ERRORS, "not_legal", move=str(move))

    def _actor(self, player: int | None) -> int:
        cur = self.current_player()
        if cur == TERMINAL:
            raise IllegalMove(say(ERRORS, "over"))
        if cur == CHANCE:
            if player not in (None, CHANCE):
                raise IllegalMove(say(ERRORS, "chance", player=player + 1))
            return CHANCE
        waiting = self.players_to_move()
        if player is None:
            if cur == SIMULTANEOUS:
                raise IllegalMove(
                    say(ERRORS, "simultaneous"),
                    [f"player {p + 1}" for p in waiting],
                )
            return cur
        if player not in waiting:
            raise IllegalMove(say(ERRORS, "not_turn", player=player + 1, who=Players(waiting)))
        return player

    def apply(self, move: Move | str, player: int | None = None) -> None:
        """Validate and apply a move (a move value or its notation) for ``player``.

        Raises :class:`IllegalMove` with the reason and the allowed moves, leaving
        the state unchanged. With ``auto_chance`` any chance events that follow are
        resolved from the seeded generator.
        """
        actor = self._actor(player)
        if isinstance(move, str):
            move = self.parse_move(move, actor)
        legal = self.legal_moves(actor)
        if move not in legal:
            raise IllegalMove(self.explain_illegal(move, actor), [str(m) for m in legal])
        self.apply_trusted(move, actor)

    def apply_trusted(self, move: Move, player: int | None = None) -> None:
        """Apply a move taken from :meth:`legal_moves` without re-checking it (fast path)."""
        actor = self.current_player() if player is None else player
        self._apply(move, actor)
        self.history.append((actor, move))
        if self.auto_chance:
            self.resolve_chance()

    def random_playout(self, rng: Rng) -> int:
        """Play uniformly random legal moves (and chance draws) to the end of the game, in
        place; returns the number of moves made (chance outcomes not counted).

        Each move is ``rng.choice(legal_moves(seat))`` for the first seat in
        :meth:`players_to_move`, applied with :meth:`apply_trusted` (so it is in the
        history); a pending chance event is drawn with :meth:`sample_chance` from the
        state's own generator, as :meth:`resolve_chance` does. Games may override this
        with a faster engine that keeps the same distribution of games (benchmarks and
        search use it). Raises ``RuntimeError`` past :data:`PLAYOUT_MOVE_LIMIT` moves."""
        moves = 0
        while True:
            if self.current_player() == CHANCE:
                self.apply_trusted(self.sample_chance(self.rng), CHANCE)
                continue
            seats = self.players_to_move()
            if not seats:
                return moves
            seat = seats[0]
            self.apply_trusted(rng.choice(self.legal_moves(seat)), seat)
            moves += 1
            if moves > PLAYOUT_MOVE_LIMIT:
                raise RuntimeError(
                    f"{self.game.id}: a random game did not end in {PLAYOUT_MOVE_LIMIT} moves"
                )

    # -- chance ---------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """At a chance node: every outcome with its probability."""
        return []

    def sample_chance(self, rng: Rng) -> Move:
        """Draw one chance outcome; games may override with a faster direct draw."""
        outcomes = self.chance_outcomes()
        r = rng.random()
        for outcome, p in outcomes:
            r -= p
            if r < 0:
                return outcome
        return outcomes[-1][0]

    def resolve_chance(self) -> None:
        """Resolve pending chance events from the state's own seeded generator."""
        while self.current_player() == CHANCE:
            self._apply(self.sample_chance(self.rng), CHANCE)

    # -- outcome --------------------------------------------------------------------------

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's points as the game counts them (final when terminal)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once terminal (several on a shared win); empty before."""

    def returns(self) -> list[float]:
        """Per seat: 1 for a sole win, 1/k for a k-way shared win, 0 otherwise."""
        w = self.winners()
        if not w:
            return [0.0] * self.num_players
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.num_players)]

    # -- information ----------------------------------------------------------------------

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see, as JSON-ready data (``None``: a spectator's view).

        Two states that differ only in what is hidden from ``player`` give equal
        observations.
        """

    def public_viewers(self, move: Move, player: int) -> list[int] | None:
        """Who besides ``player`` may read ``move``'s notation once it is played: seats,
        and -1 for spectators. ``None`` means the game does not say (a front end then works
        it out by comparing observations)."""
        return None

    def revealed_by(self, before: State) -> list[int] | None:
        """Called on the position just after a move (``before``: the position before it):
        the viewers (seats, -1 for spectators) who may now read the hidden moves that led
        up to it, or ``None`` when it revealed nothing. By default the end of a
        simultaneous step reveals its hidden choices to everyone (screens lifted, bids
        shown): front ends then show those moves in full. Games override it for reveals of
        their own."""
        if (before.current_player() == SIMULTANEOUS
                and self.current_player() != SIMULTANEOUS):
            return [-1, *range(self.num_players)]
        return None

    def describe_move(self, move: Move, player: int, viewer: int | None,
                      names: Sequence[str] | None = None, lang: str = "en") -> str:
        """``move`` by ``player`` in words for ``viewer`` (a seat, ``None``: a spectator),
        called on the state *before* the move; ``names`` are the seats' names, ``lang``
        the language (``"en"``, ``"ru"``, ``"uk"``, ``"ja"``; see :mod:`clanboard.i18n`).

        A description never says what ``viewer``'s observation hides: describing any
        other move of ``player`` that ``viewer`` cannot tell apart gives the same words.
        The mover's own description adds nothing to the notation but what every viewer
        sees (front ends show it to whoever may read the notation).
        The default gives the notation to the mover and to the viewers
        :meth:`public_viewers` lists, and to others only who moved."""
        who = seat_name(names, player, lang)
        if viewer == player:
            return f"{who}: {move}"
        public = self.public_viewers(move, player)
        key = -1 if viewer is None else viewer
        if public is not None and key in public:
            return f"{who}: {move}"
        return words(MESSAGES, lang)["hidden_move"].format(who=who)

    def result_explanation(self, viewer: int | None, names: Sequence[str] | None = None,
                           lang: str = "en") -> dict[str, Any] | None:
        """Once the game is over: why it ended as it did, for ``viewer``, as
        ``{"summary": str, "lines": [str], "tables": [{"title": str, "columns": [str],
        "rows": [{"label": str, "values": [...]}]}]}`` (``None`` before the end). The
        default names the winners and lists the scores; games add their scoring."""
        if not self.is_terminal():
            return None
        seats = [seat_name(names, p, lang) for p in range(self.num_players)]
        m = words(MESSAGES, lang)
        return {
            "summary": winners_text(self.winners(), seats, lang),
            "lines": [],
            "tables": [{"title": m["scores"], "columns": seats,
                        "rows": [{"label": m["total"], "values": self.scores()}]}],
        }

    def view_words(self, viewer: int | None, lang: str = "en") -> dict[str, Any] | None:
        """Words a board needs beyond the observation (names and effects of components in
        ``lang``), sent with the table's view as ``words``; ``None``: none (the default)."""
        return None

    def explain(self, topic: str, viewer: int | None, params: Mapping[str, Any],
                names: Sequence[str] | None = None, lang: str = "en") -> dict[str, Any]:
        """Answer a question about the position for ``viewer`` using only what it may see
        (e.g. Schotten Totten's ``"claim"`` with ``{"player": 0, "stone": 3}``), in words
        naming the seats by ``names``. Raises :class:`InvalidState` for a topic or
        parameter the game does not know."""
        raise InvalidState(f"{self.game.id} explains nothing about {topic!r}")

    def determinize(self, player: int, rng: Rng) -> State:
        """A copy in which everything hidden from ``player`` is re-dealt at random,
        consistently with ``player``'s observation, and future chance is re-seeded.
        Used by information-set search."""
        if self.game.imperfect_information:
            raise NotImplementedError(f"{self.game.id} does not implement determinize()")
        clone = self.clone()
        clone.rng = rng.fork()
        return clone

    def render(self, player: int | None = None, *, lang: str = "en") -> str:
        """A text picture of the position as ``player`` sees it (rich console markup), its
        words in ``lang`` (see :mod:`clanboard.i18n`)."""
        import json

        return json.dumps(self.observation(player), indent=1)

    # -- taking moves back ----------------------------------------------------------------

    def take_back_refusal(self, n: int = 1, lang: str = "en") -> str | None:
        """Why the last ``n`` moves of the history cannot be taken back, in words of
        ``lang``; ``None`` when they can.

        A move cannot be taken back when it, or what followed it automatically, revealed
        something that cannot be un-seen: a chance event (a card or tile drawn, a die
        rolled) or the hidden choices of a simultaneous step (prices, bids). Nor once the
        game is over. Taking back means replaying the history without those moves from
        the seed (:meth:`without_last`), which gives exactly the earlier position."""
        code = self.take_back_code(n)
        return None if code is None else self.take_back_reason(code, lang)

    def take_back_reason(self, code: str, lang: str = "en") -> str:
        """A :meth:`take_back_code` in words of ``lang``."""
        key = f"take_back_{code}"
        own = self.take_back_words()
        return words(own if key in own else MESSAGES, lang)[key]

    def take_back_words(self) -> Mapping[str, str]:
        """The game's words for its take-back refusals: a ``MESSAGES`` dict of a module
        listed in :data:`clanboard.i18n.WORD_SOURCES`, with ``take_back_<code>`` keys;
        codes it lacks get the core's words."""
        return {}

    def can_take_back(self, n: int = 1) -> bool:
        """True when the last ``n`` moves may be taken back (see :meth:`take_back_refusal`)."""
        return self.take_back_code(n) is None

    def take_back_code(self, n: int = 1) -> str | None:
        """The reason (``"none"``, ``"over"``, ``"drawn"``, ``"revealed"`` or a game's
        own code) the last ``n`` moves cannot be taken back, or ``None``."""
        players = [i for i, (p, _) in enumerate(self.history) if p >= 0]
        if n < 1 or n > len(players):
            return "none"
        if self.is_terminal():
            return "over"
        first = players[-n]
        if any(p < 0 for p, _ in self.history[first:]):
            return "drawn"  # chance events recorded in the history (auto_chance off)
        replay = self._replay_start()
        for i, (p, move) in enumerate(self.history):
            if i >= first:
                before = replay.clone()
                replay.apply(str(move), p)
                code = replay._take_back_check(before, move, p)
                if code is not None:
                    return code
            else:
                replay.apply(str(move), p)
            if self.auto_chance:
                replay.resolve_chance()
        return None

    def _replay_start(self) -> State:
        state = self.game.new_state(self.num_players, self.seed, self.options,
                                    auto_chance=False)
        if self.auto_chance:
            state.resolve_chance()
        return state

    def _take_back_check(self, before: State, move: Move, player: int) -> str | None:
        """Called on the position just after ``move`` by ``player`` (chance not yet
        resolved; ``before`` is the position before it): the code of what it revealed,
        or ``None``. Games override it for reveals of their own, calling this one."""
        if self.current_player() == CHANCE:
            return "drawn"
        if (before.current_player() == SIMULTANEOUS
                and self.current_player() != SIMULTANEOUS):
            return "revealed"
        return None

    def without_last(self, n: int) -> State:
        """The position before the last ``n`` moves (chance entries not counted), replayed
        from the seed (the same generator, so the same draws follow)."""
        players = [i for i, (p, _) in enumerate(self.history) if p >= 0]
        if n < 1 or n > len(players):
            raise InvalidState(f"there are {len(players)} moves to take back, not {n}")
        keep = players[-n]
        state = self._replay_start()
        for p, move in self.history[:keep]:
            if p < 0:
                state.apply(str(move), CHANCE)
                continue
            state.apply(str(move), p)
            if self.auto_chance:
                state.resolve_chance()
        state.auto_chance = self.auto_chance
        return state

    # -- copying and JSON ---------------------------------------------------------------

    def clone(self) -> State:
        """An independent copy (games override with a faster shallow-structured copy)."""
        return copy.deepcopy(self)

    @abstractmethod
    def _to_json(self) -> Any:
        """The game-specific part of :meth:`to_json` (everything, hidden parts included)."""

    def to_json(self) -> dict[str, Any]:
        """The complete state, hidden information included (a save, not an observation)."""
        return {
            "game": self.game.id,
            "version": STATE_FORMAT_VERSION,
            "num_players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "rng": self.rng.state,
            "auto_chance": self.auto_chance,
            "history": [[p, str(m)] for p, m in self.history],
            "state": self._to_json(),
        }

    def _parse_history(self, player: int, text: str) -> Move:
        """History entries are kept as parsed text where the position no longer allows
        re-parsing; games whose notation needs context may override."""
        return _HistoryMove(text)

    def check_consistency(self) -> None:  # noqa: B027 - optional hook
        """Raise :class:`InvalidState` if the position breaks the game's invariants."""

    # -- records --------------------------------------------------------------------------

    def record(self, players: Sequence[str] | None = None) -> GameRecord:
        return GameRecord(
            game=self.game.id,
            options=dict(self.options),
            seed=self.seed,
            num_players=self.num_players,
            moves=[(p, str(m)) for p, m in self.history],
            players=list(players) if players else None,
        )

    # -- RL encodings (optional) ------------------------------------------------------------

    def move_to_action(self, move: Move) -> int:
        raise NotImplementedError(f"{self.game.id} has no integer action encoding")

    def action_to_move(self, action: int) -> Move:
        raise NotImplementedError(f"{self.game.id} has no integer action encoding")

    def observation_tensor(self, player: int) -> list[float]:
        raise NotImplementedError(f"{self.game.id} has no observation tensor")

    def __str__(self) -> str:
        return self.render(None)


def picture(state: State, player: int | None = None, lang: str = "en") -> str:
    """``state.render(player, lang)``; a game whose ``render`` takes no language yet is
    drawn in English rather than refused."""
    import inspect

    if "lang" in inspect.signature(state.render).parameters:
        return state.render(player, lang=lang)
    return state.render(player)


def seat_name(names: Sequence[str] | None, seat: int, lang: str = "en") -> str:
    """The name of ``seat`` (0-based): ``names[seat]`` when given, else "Player N"."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return words(MESSAGES, lang)["seat"].format(n=seat + 1)


def winners_text(winners: Sequence[int], seats: Sequence[str], lang: str = "en") -> str:
    """"Anna wins", "Shared win: Anna, Bob" or "No winner"."""
    m = words(MESSAGES, lang)
    if not winners:
        return m["no_winner"]
    if len(winners) == 1:
        return m["wins"].format(who=seats[winners[0]])
    return m["shared"].format(who=", ".join(seats[w] for w in winners))


def words(messages: Mapping[str, str], lang: str) -> Mapping[str, str]:
    """``messages`` (a module's ``MESSAGES``: English words by key) in ``lang``, through
    the gettext catalogues of :mod:`clanboard.i18n` (the core only passes ``lang`` on)."""
    if lang == "en":
        return messages
    return _localized()(messages, lang)


def _localized() -> Any:
    global _LOCALIZE
    if _LOCALIZE is None:
        from clanboard.i18n import localized  # Babel loads only when a language is asked for

        _LOCALIZE = localized
    return _LOCALIZE


_LOCALIZE: Any = None


@dataclass(frozen=True)
class _HistoryMove:
    """A history entry restored from JSON, kept as its notation."""

    text: str

    def __str__(self) -> str:
        return self.text
