"""What happened to one seat during a game, stored with the table as JSON: a clock's
timeout (``clocks``) or an ending such as a resignation (``endings``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Self


@dataclass
class SeatEvent:
    """At move ``seq``, ``outcome`` happened to seat ``seat``; ``winners`` of a game it
    ended, ``agent`` of an AI that took the seat over. ``KIND`` tells the kinds apart in
    the stored JSON."""

    KIND: ClassVar[str] = ""

    seq: int
    seat: int
    outcome: str
    agent: str | None = None
    winners: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.KIND, "seq": self.seq, "seat": self.seat,
                "outcome": self.outcome, "agent": self.agent, "winners": list(self.winners)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        return cls(int(data["seq"]), int(data["seat"]), str(data["outcome"]),
                   data.get("agent"), [int(w) for w in data.get("winners", [])])
