"""What ended or changed a table outside its moves, other than a clock: a resignation, an
abort, an abandoned table, a claim against a player who left. Each is an :class:`Ending`
in the table's ``events`` (stored with it, shown in its log and result in the viewer's
language); :func:`event_from_json` reads back these and the clocks' :class:`Timeout`.
The actions themselves live in :mod:`clanboard.server.endings.actions`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from clanboard.i18n import ai_name, localized
from clanboard.server.clocks.clock import Timeout
from clanboard.server.core.events import SeatEvent

MESSAGES = {
    "resign": "{who} resigned: {winner} wins",
    "resign_alone": "{who} resigned",
    "resign_ai": "{who} resigned: from now on this seat is played by {ai}",
    "resign_last": "{who} resigned and is scored last: from now on this seat is played by "
                   "{ai}",
    "abort": "{who} aborted the game before it was under way: no result, no rating change",
    "abandon": "{who} abandoned the table before anyone joined",
    "claim_win": "{who} left the game: {winner} claimed the victory",
    "claim_draw": "{who} left the game: {winner} claimed a draw",
    "claim_ai": "{who} left the game: from now on this seat is played by {ai}",
    "claim_last": "{who} left the game and is scored last: from now on this seat is played "
                  "by {ai}",
}
"""Words of the endings (the log and the end screen)."""

#: outcomes that end the game; the others hand a seat to an AI and the table goes on
FINAL = {"resign", "abort", "abandon", "claim_win", "claim_draw"}
#: outcomes after which a seat's player has left it (an AI plays it, or the game is over)
LEFT = {"resign", "resign_ai", "resign_last", "claim_win", "claim_ai", "claim_last"}
#: results that are no result at all: nothing is recorded, no rating changes
NO_RESULT = {"aborted", "abandoned"}


class Ending(SeatEvent):
    """At move ``seq``, seat ``seat`` resigned, aborted, abandoned, or left and was claimed
    against (``outcome``, one of :data:`MESSAGES`' keys); ``winners`` of a game it ended,
    ``agent`` of an AI that took the seat over."""

    KIND = "ending"

    @property
    def final(self) -> bool:
        return self.outcome in FINAL

    def words(self, names: Sequence[str], lang: str) -> str:
        m = localized(MESSAGES, lang)
        key = self.outcome
        if key == "resign" and not self.winners:
            key = "resign_alone"
        winner = ", ".join(names[w] for w in self.winners if 0 <= w < len(names))
        ai = ai_name(self.agent, lang) if self.agent else ""
        return m[key].format(who=names[self.seat], winner=winner, ai=ai)


Event = Timeout | Ending


def event_from_json(data: dict[str, Any]) -> Event:
    """A stored event: an :class:`Ending`, else a clock's :class:`Timeout`."""
    if data.get("kind") == "ending":
        return Ending.from_json(data)
    return Timeout.from_json(data)


def left_seats(events: Iterable[Any]) -> set[int]:
    """Seats whose players resigned or left (they lose; a rated game rates it a loss)."""
    return {e.seat for e in events if isinstance(e, Ending) and e.outcome in LEFT}


def scored_last(events: Iterable[Any]) -> set[int]:
    """Seats scored last whatever their final score (resigned at a table that said so)."""
    return {e.seat for e in events
            if isinstance(e, Ending) and e.outcome in ("resign_last", "claim_last")}


def winners_without(winners: Sequence[int], scores: Sequence[Any],
                    last: set[int]) -> list[int]:
    """The game's winners once the seats in ``last`` are put below everyone: its own
    winners not among them, else the best score of the rest (shared when tied)."""
    kept = [w for w in winners if w not in last]
    if kept:
        return kept
    rest = [p for p in range(len(scores)) if p not in last]
    if not rest:
        return []
    best = max(float(scores[p] or 0) for p in rest)
    return [p for p in rest if float(scores[p] or 0) == best]
