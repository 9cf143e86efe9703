"""Learn to play: a short first game on a fixed deal against the AI, each step explained at
the table (see docs/web-analysis.md, "Learn to play"); the tutorials themselves are data in
:mod:`clanboard.server.coach.tutorials`.

A tutorial is an ordinary unrated table made with ``POST /api/tables`` from the spec that
``GET /api/tutorials`` lists (so every bound on tables applies), then marked with ``POST
/api/tables/{id}/tutorial``: the server checks that the table is that deal against that AI,
and switches coach mode on for the learner's seat. The seat's view then carries
``tutorial``: the step reached (the learner's moves that follow the plan so far), its
explanation in the view's language and the move it suggests. Played on the real engine; a
learner who plays another move (or whose planned move became impossible) is told the game
is theirs from there. The table itself is the learner's progress, so a tutorial is resumed
by opening it again.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from clanboard.i18n import localized
from clanboard.server.accounts.auth import seated
from clanboard.server.coach import hints as coach
from clanboard.server.coach.tutorials import MESSAGES, TUTORIALS, Tutorial
from clanboard.server.core.errors import ApiError
from clanboard.server.core.requests import Token, request_lang
from clanboard.server.tables.live import VIEW_HOOKS, LiveTable


def words(key: str, lang: str) -> str:
    """A tutorial's words (``MESSAGES`` key) in ``lang``."""
    return localized(MESSAGES, lang)[key]


def matches(table: LiveTable, tutorial: Tutorial) -> bool:
    """Whether ``table`` is ``tutorial``'s deal: its game, seed and options, unrated, and
    its seats (the learner first, then the same AI agents)."""
    state = table.state
    return (state.game.id == tutorial.game and state.seed == tutorial.seed
            and all(state.options.get(k) == v for k, v in tutorial.options.items())
            and not table.rated and len(table.seats) == len(tutorial.seats)
            and all(seat.kind == want["kind"] and (seat.kind != "ai"
                                                   or seat.agent == want.get("agent"))
                    for seat, want in zip(table.seats, tutorial.seats, strict=True)))


def progress(table: LiveTable, tutorial: Tutorial, seat: int) -> tuple[int, bool]:
    """``(step, following)``: the plan's moves the learner has made, and whether every
    move of theirs that the plan counts was the plan's."""
    mine = [text for player, text, _ in table.moves if player == seat and tutorial.counts(text)]
    done = 0
    for played, planned in zip(mine, tutorial.plan, strict=False):
        if played != planned:
            return done, False
        done += 1
    return done, len(mine) <= len(tutorial.plan)


def following(table: LiveTable, seat: int) -> Tutorial | None:
    """The tutorial ``seat`` follows at ``table``, if any."""
    c = table.coach
    if c is None or seat not in c.seats:
        return None
    return TUTORIALS.get(c.seats[seat].tutorial or "")


def where(table: LiveTable, tutorial: Tutorial, seat: int) -> tuple[int, bool, str | None]:
    """``(step, following, move)``: :func:`progress`, off the plan too when the planned
    move became impossible (a deal the plan did not foresee), and the move the plan
    suggests now (``None`` once it is done or left)."""
    step, on_plan = progress(table, tutorial, seat)
    if (on_plan and step < len(tutorial.plan) and table.status == "playing"
            and seat in table.state.players_to_move()
            and tutorial.plan[step] not in {str(m) for m in table.state.legal_moves(seat)}):
        on_plan = False
    move = tutorial.plan[step] if on_plan and step < len(tutorial.plan) else None
    return step, on_plan, move


def view_hook(table: LiveTable, seat: int | None, view: dict[str, Any]) -> None:
    """Adds ``tutorial`` to the learner's view (``None`` for others)."""
    tutorial = None if seat is None else following(table, seat)
    if tutorial is None or seat is None:
        view["tutorial"] = None
        return
    step, on_plan, move = where(table, tutorial, seat)
    key = tutorial.steps[min(step, len(tutorial.steps) - 1)] if on_plan else "own_way"
    view["tutorial"] = {"id": tutorial.id, "game": tutorial.game,
                        "step": min(step + 1, len(tutorial.steps)),
                        "steps": len(tutorial.steps),
                        "text": words(key, view.get("lang", "en")), "move": move,
                        "following": on_plan, "done": move is None}


class TutorialIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=15)
    #: the tutorial's id (``GET /api/tutorials``; a game's first tutorial has its game's id)
    game: str = Field(max_length=64)


def tutorial_router() -> APIRouter:
    """``GET /api/tutorials`` and ``POST /api/tables/{id}/tutorial``."""
    router = APIRouter(tags=["tutorial"])

    @router.get("/api/tutorials", summary="The tutorials: each one's deal to create")
    def listing() -> dict[str, Any]:
        return {"tutorials": [{"id": t.id, "game": t.game, "minutes": t.minutes,
                               "players": len(t.seats), "table": t.spec()}
                              for t in TUTORIALS.values()]}

    @router.post("/api/tables/{table_id}/tutorial", responses={
        404: {"description": "no tutorial by that id"},
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
        if mine.tutorial != tutorial.id or not mine.on:
            mine.tutorial, mine.on = tutorial.id, True
            await tables.run_db(coach.save, tables.store, table.id, body.seat, mine)
        tables.push_views(table)
        return table.view(body.seat, lang)

    return router


def suggested_move(table: LiveTable, seat: int, lang: str) -> str | None:
    """The move the tutorial ``seat`` follows suggests now, if any (``lang``: unused, as
    :data:`~clanboard.server.coach.hints.SUGGESTERS` asks)."""
    tutorial = following(table, seat)
    return None if tutorial is None else where(table, tutorial, seat)[2]


VIEW_HOOKS.append(view_hook)
coach.SUGGESTERS["tutorial"] = suggested_move
