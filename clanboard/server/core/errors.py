"""API errors: a status, a short code, the reason in words, and what is allowed instead.

A reason made with :func:`say` (a template of :data:`MESSAGES` and its values) is given in
the language of the request or socket (:meth:`ApiError.body`); other reasons stay as they
are (English: those only a program sending malformed requests meets)."""

from __future__ import annotations

from typing import Any

from clanboard.core.errors import Text

MESSAGES = {
    "no_such_table": "there is no table '{table}'",
    "no_such_seat": "this table has Players 1–{players}; there is no Player {player}",
    "seats_are": "this game had Players 1–{players}",
    "token_required": "acting for Player {player} needs their seat's token "
                      "(header 'Authorization: Bearer <token>')",
    "wrong_token": "that token does not belong to Player {player}'s seat",
    "rated_join": "this table is rated: log in to an account to take a seat",
    "invite_required": "this table is private: its seats are taken with the invite link "
                       "(the secret after #invite= in it)",
    "no_open_seat": "every seat at this table is taken",
    "seat_taken": "Player {player}'s seat is already taken",
    "already_seated": "you already have a seat at this rated table",
    "game_over": "the game is over; no more moves can be made",
    "waiting_for_players": "waiting for players to take the open seats ({seats})",
    "stale_move": "move {seq} was expected to be move number {expected}: the game has "
                  "moved on; fetch the view again",
    "moved_elsewhere": "move {seq} was just made elsewhere: the game has moved on; fetch the "
                       "view again",
    "not_your_turn": "it is not Player {player}'s turn; waiting for {waiting}",
    "seat_taken_over": "Player {player}'s seat is played by an AI (its clock ran out)",
    "time_over": "Player {player}'s clock has run out",
    "spectators_move": "spectators cannot move",
    "record_not_yet": "the record (with its seed) is published once the game is over",
    "analysis_not_yet": "a game is analysed once it is over (the analysis sees every hand)",
    "not_analysed": "this game has not been analysed",
    "too_many_analyses": "{limit} analyses are queued or running on this server; "
                         "try again later",
    "rated_create": "log in to create a rated table",
    "rated_seats": "a rated table has one seat per account: take one seat and leave the "
                   "others open (for other accounts) or to the AI",
    "name_taken": "the name '{name}' is taken; choose another",
    "wrong_login": "wrong name or password",
    "no_such_player": "there is no player '{name}'",
    "bot_token_login": "log in to manage your bot API token",
    "no_such_game": "there is no game '{game}'; games: {games}",
    "no_renderer": "{game} has no browser renderer",
    "rematch_not_yet": "a rematch is offered once the game is over",
    "rematch_humans": "only a human seat offers a rematch",
    "no_rematch_offer": "no rematch is being offered",
    "no_rematch": "this table has no rematch yet",
    "rematch_seat": "only a human seat has a seat at the rematch",
    "chat_empty": "a chat message needs some text",
    "chat_long": "a chat message has at most {most} characters, not {n}",
    "chat_control": "a chat message must not contain control characters (such as NUL, tab "
                    "or newline)",
    "chat_rate": "too many chat messages: at most {n} per {seconds} seconds",
    "chat_full": "this table's chat holds {n} messages",
    "chat_name": "a name must not contain control characters",
    "mute_other": "mute another player (Players 1–{players}), not yourself (Player {player})",
    "spectators_cannot": "spectators cannot do that",
    "seat_left": "this seat's player resigned or left: an AI plays it now; watch the table "
                 "as a spectator",
}
"""Words of the errors a player may meet (message ids of the catalogues). A seat is named as
people count: "Player 2" is seat 1 of the API (the ``seat`` fields count from 0)."""


def say(key: str, **params: Any) -> Text:
    """The reason ``MESSAGES[key]`` with ``params``, to be said in the reader's language."""
    return Text(MESSAGES[key], **params)


#: the most characters of a client's own input an error echoes back
ECHO = 40


def echo(value: Any, limit: int = ECHO) -> str:
    """``value`` as text for an error's reason, cut to ``limit`` characters (a client's
    4,000-digit number or 2,000-character id is not sent back in full)."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "..."


class ApiError(Exception):
    def __init__(self, status: int, code: str, reason: str, allowed: list[str] | None = None,
                 **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason
        self.allowed = allowed
        self.extra = extra

    def body(self, lang: str = "en") -> dict[str, Any]:
        """The error as JSON, its reason in ``lang`` where it has words there."""
        reason = self.reason.render(lang) if isinstance(self.reason, Text) else self.reason
        data: dict[str, Any] = {"error": self.code, "reason": reason}
        if self.allowed is not None:
            data["allowed"] = self.allowed
        data.update(self.extra)
        return data
