"""Request bodies of the JSON API."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt
from pydantic_core import PydanticCustomError

from clanboard.server.core import textcheck


def _plain_text(value: str | None) -> str | None:
    """Refuse control characters and lone surrogates: no database column (PostgreSQL's
    text refuses NUL) nor page should have to hold them; and invisible formatting
    characters (:mod:`clanboard.server.core.textcheck`)."""
    if value is not None and any(unicodedata.category(c) in ("Cc", "Cs") for c in value):
        raise ValueError("must not contain control characters (such as NUL, tab or newline)")
    if value is not None and textcheck.invisible(value):
        # the request's language is not known here: the app's handler words it
        raise PydanticCustomError(textcheck.CODE, textcheck.reason())
    return value


#: a player's display name
Name = Annotated[str | None, Field(default=None, max_length=40), AfterValidator(_plain_text)]


class SeatSpec(BaseModel):
    """One seat of a new table: ``human`` (you; a token comes back), ``ai`` (an agent by
    name or a difficulty), or ``open`` (for a friend who joins by link)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "ai", "open"] = "human"
    name: Name = None
    agent: Annotated[str | None, AfterValidator(_plain_text)] = Field(
        default=None, max_length=64,
        description="random, heuristic, or ismcts[:easy|normal|hard|N|Xs] within the "
                    "server's caps")
    difficulty: Literal["easy", "normal", "hard"] | None = None


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(description="game id, e.g. schotten-totten")
    variant: str | None = Field(default=None, description="a variant preset of the game")
    options: dict[str, Any] = Field(default_factory=dict, description="option values")
    num_players: StrictInt | None = None
    seed: StrictInt | None = Field(default=None, ge=0, lt=1 << 62,
                             description="fixes the shuffle; random when left out")
    seats: list[SeatSpec] = Field(default_factory=list, max_length=16,
                                  description="one per player; default: you against AI")
    private: StrictBool = Field(default=False,
                          description="not listed in the lobby; open seats need the invite "
                                      "secret (returned once, in the join link's #invite=)")
    rated: StrictBool = Field(default=False,
                        description="Glicko-2 rated: needs a logged-in creator; every seat "
                                    "an account (open seats: accounts join) or a named AI level")
    clock: dict[str, Any] | None = Field(
        default=None, description="a time control: {\"kind\": \"realtime\", \"initial_s\": "
        "600, \"increment_s\": 15} or {\"kind\": \"correspondence\", \"days_per_move\": 1}; "
        "default: untimed")
    on_resign: Literal["ai", "last"] = Field(
        default="ai", description="at a table of 3 or more, a seat whose player resigns is "
        "played on by an AI at the table's level: 'ai' (its place counts as played) or "
        "'last' (it is scored last)")


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt | None = Field(default=None, ge=0,
                                   description="the seat to take; default: first open")
    name: Name = None
    invite: str | None = Field(default=None, max_length=100,
                               description="a private table's invite secret")


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(ge=0)
    move: str = Field(min_length=1, max_length=200, description="the move in game notation")
    seq: StrictInt | None = Field(default=None, ge=0,
                            description="the move number this move is meant to be (the "
                                        "view's seq); a stale one is refused")
