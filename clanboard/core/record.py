"""Game records: game id, options, seed, players and moves — the save-file format."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clanboard.core.errors import IllegalMove, InvalidState
from clanboard.core.registry import get_game

if TYPE_CHECKING:
    from clanboard.core.game import State

RECORD_FORMAT_VERSION = 1


@dataclass
class GameRecord:
    """Everything needed to replay a game exactly.

    ``moves`` holds ``(player, notation)`` pairs in the order played. Chance
    events are not listed: they follow from ``seed`` (a record made without
    auto-chance lists them with player ``-1``).
    """

    game: str
    seed: int
    num_players: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)
    players: list[str] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": "clanboard-record",
            "version": RECORD_FORMAT_VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "num_players": self.num_players,
            "moves": [[p, m] for p, m in self.moves],
        }
        if self.players:
            data["players"] = self.players
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        if not isinstance(data, Mapping) or data.get("format") != "clanboard-record":
            raise InvalidState("not a clanboard game record (missing format: clanboard-record)")
        if data.get("version") != RECORD_FORMAT_VERSION:
            raise InvalidState(f"unsupported record version {data.get('version')!r}")
        try:
            moves = [(int(p), str(m)) for p, m in data["moves"]]
            return cls(
                game=str(data["game"]),
                seed=int(data["seed"]),
                num_players=int(data["num_players"]),
                options=dict(data.get("options") or {}),
                moves=moves,
                players=list(data["players"]) if data.get("players") else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidState(f"corrupt game record: {type(exc).__name__}: {exc}") from exc

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise InvalidState(f"{path} is not valid JSON: {exc}") from exc
        return cls.from_json(data)

    def states(self) -> Iterator[State]:
        """Yield the start position and the position after each move (the same object,
        advanced in place: clone it to keep one)."""
        explicit_chance = any(p < 0 for p, _ in self.moves)
        state = get_game(self.game).new_state(
            self.num_players, self.seed, self.options, auto_chance=not explicit_chance
        )
        yield state
        for i, (player, text) in enumerate(self.moves):
            try:
                state.apply(text, player)
            except IllegalMove as exc:
                raise InvalidState(
                    f"record move {i + 1} ({player}: {text}) is illegal: {exc}"
                ) from exc
            yield state


def replay(record: GameRecord) -> State:
    """The final position of a record, every move checked."""
    *_, final = record.states()
    return final
