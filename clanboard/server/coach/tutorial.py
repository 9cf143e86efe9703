"""Learn to play: a short first game on a fixed deal against the AI, each step explained at
the table (see docs/web-analysis.md, "Learn to play").

A tutorial is an ordinary unrated table made with ``POST /api/tables`` from the spec that
``GET /api/tutorials`` lists (so every bound on tables applies), then marked with ``POST
/api/tables/{id}/tutorial``: the server checks that the table is that deal against that AI,
and switches coach mode on for the learner's seat. The seat's view then carries
``tutorial``: the step reached (the learner's moves that follow the plan so far), its
explanation in the view's language and the move it suggests. Played on the real engine:
the learner's draws come from the fixed deck in order whatever the AI plays, so the plan's
cards are in hand when their step comes; a learner who plays another move (or whose planned
move the AI's play made impossible) is told the game is theirs from there. The table itself
is the learner's progress, so a tutorial is resumed by opening it again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from clanboard.server.accounts.auth import seated
from clanboard.server.coach import hints as coach
from clanboard.server.core.errors import ApiError
from clanboard.server.core.requests import Token, request_lang
from clanboard.server.tables.live import VIEW_HOOKS, LiveTable


@dataclass(frozen=True)
class Tutorial:
    """A tutorial: the deal (``seed``, ``options``), the AI opponent, the learner's
    ``plan`` of moves and one explanation (a :data:`MESSAGES` key) per step, the last
    after the plan."""

    game: str
    seed: int
    options: dict[str, Any]
    opponent: str
    plan: tuple[str, ...]
    steps: tuple[str, ...]
    minutes: int
    extra: dict[str, Any] = field(default_factory=dict)

    def spec(self) -> dict[str, Any]:
        """The ``POST /api/tables`` body that makes this tutorial's table."""
        return {"game": self.game, "seed": self.seed, "options": dict(self.options),
                "private": True, "seats": [{"kind": "human"},
                                           {"kind": "ai", "agent": self.opponent}]}


TUTORIALS = {
    "schotten-totten": Tutorial(
        "schotten-totten", 7, {"tactics": False, "expert": False, "rounds": 1}, "ismcts:easy",
        ("4y@5", "5y@5", "7r@4", "6y@5", "7p@4", "7y@4"),
        ("st_1", "st_2", "st_3", "st_4", "st_5", "st_6", "st_done"), 15),
}
"""The tutorials by game id."""

MESSAGES = {
    "st_1": "Nine boundary stones lie between you and your opponent: win five of them, or "
            "three side by side. Your six clan cards are at the bottom. Click the yellow 4 "
            "in your hand, then stone 5: cards of one colour can make a colour-run, the "
            "strongest formation.",
    "st_2": "After each card you draw one, so you always hold six. Now play the yellow 5 at "
            "stone 5 too: yellow 4 and 5 need a yellow 3 or 6 to become a colour-run.",
    "st_3": "Start a second formation: play the red 7 at stone 4. Three cards of one value "
            "make three of a kind, the second strongest formation, and you hold two more "
            "sevens.",
    "st_4": "You drew the yellow 6! Play it at stone 5: yellow 4, 5, 6 is a colour-run. A "
            "side of a stone holds three cards, and the stronger formation wins the stone.",
    "st_5": "Play the purple 7 at stone 4: two sevens there, the third is in your hand.",
    "st_6": "Play the yellow 7 at stone 4: three of a kind. When your three cards at a stone "
            "surely beat whatever your opponent can still add there, that stone glows: click "
            "it to claim it. 'Why can't I claim?' under your hand explains any stone.",
    "st_done": "You know the basics. Play on to the end of the game: win five stones, or "
               "three side by side. Coach mode is on: after each of your moves the coach says "
               "how good it was, and the Hint button shows what the AI would play.",
    "own_way": "You chose your own move: the game is yours from here. Coach mode is on, and "
                "the Hint button shows what the AI would play.",
    "not_tutorial": "This table is not that tutorial's deal against its AI.",
    "no_tutorial": "There is no tutorial for this game yet.",
}
"""Words of the tutorials (the explanations, step by step, and refusals)."""


def words(key: str, lang: str) -> str:
    from clanboard.i18n import localized

    return localized(MESSAGES, lang)[key]


def matches(table: LiveTable, tutorial: Tutorial) -> bool:
    """Whether ``table`` is ``tutorial``'s deal, the learner at seat 0 against its AI."""
    state = table.state
    return (state.game.id == tutorial.game and state.seed == tutorial.seed
            and all(state.options.get(k) == v for k, v in tutorial.options.items())
            and not table.rated and len(table.seats) == 2
            and table.seats[0].kind == "human" and table.seats[1].kind == "ai"
            and table.seats[1].agent == tutorial.opponent)


def progress(table: LiveTable, tutorial: Tutorial, seat: int) -> tuple[int, bool]:
    """``(step, following)``: the plan's moves the learner has made, and whether every
    move of theirs so far was the plan's."""
    mine = [text for player, text, _ in table.moves if player == seat and "@" in text]
    done = 0
    for played, planned in zip(mine, tutorial.plan, strict=False):
        if played != planned:
            return done, False
        done += 1
    return done, len(mine) <= len(tutorial.plan)


def view_hook(table: LiveTable, seat: int | None, view: dict[str, Any]) -> None:
    """Adds ``tutorial`` to the learner's view (``None`` for others)."""
    c = table.coach
    name = None
    if c is not None and seat is not None and seat in c.seats:
        name = c.seats[seat].tutorial
    tutorial = TUTORIALS.get(name or "")
    if tutorial is None or seat is None:
        view["tutorial"] = None
        return
    lang = view.get("lang", "en")
    step, following = progress(table, tutorial, seat)
    if (following and step < len(tutorial.plan) and table.status == "playing"
            and seat in table.state.players_to_move()
            and tutorial.plan[step] not in {str(m) for m in table.state.legal_moves(seat)}):
        following = False  # the AI's play made the planned card impossible (a rare deal)
    key = tutorial.steps[min(step, len(tutorial.steps) - 1)] if following else "own_way"
    move = tutorial.plan[step] if following and step < len(tutorial.plan) else None
    view["tutorial"] = {"game": tutorial.game, "step": min(step + 1, len(tutorial.steps)),
                        "steps": len(tutorial.steps), "text": words(key, lang), "move": move,
                        "following": following, "done": move is None}


class TutorialIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=15)
    game: str = Field(max_length=64)


def tutorial_router() -> APIRouter:
    """``GET /api/tutorials`` and ``POST /api/tables/{id}/tutorial``."""
    router = APIRouter(tags=["tutorial"])

    @router.get("/api/tutorials", summary="The tutorials: each game's deal to create")
    def listing() -> dict[str, Any]:
        return {"tutorials": [{"game": t.game, "minutes": t.minutes, "table": t.spec()}
                              for t in TUTORIALS.values()]}

    @router.post("/api/tables/{table_id}/tutorial", responses={
        404: {"description": "no tutorial for that game"},
        409: {"description": "the table is not that tutorial's deal"}},
        summary="Follow a tutorial at a table made from its spec (coach mode comes on)")
    async def follow(table_id: str, body: TutorialIn, request: Request,
                     authorization: Token = None) -> dict[str, Any]:
        lang = request_lang(request)
        tables, table = await seated(request, table_id, body.seat, authorization)
        tutorial = TUTORIALS.get(body.game)
        if tutorial is None:
            raise ApiError(404, "no_tutorial", words("no_tutorial", lang))
        if body.seat != 0 or not matches(table, tutorial):
            raise ApiError(409, "not_tutorial", words("not_tutorial", lang))
        mine = coach.of(table).seat(body.seat)
        if mine.tutorial != tutorial.game or not mine.on:
            mine.tutorial, mine.on = tutorial.game, True
            await tables.run_db(coach.save, tables.store, table.id, body.seat, mine)
        tables.push_views(table)
        return table.view(body.seat, lang)

    return router


VIEW_HOOKS.append(view_hook)
