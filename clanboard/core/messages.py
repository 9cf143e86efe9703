"""The core's user-facing words (English message ids of the catalogues): its default
descriptions and its reasons for refusing a move. Apart from :mod:`clanboard.core.game` so
that :mod:`clanboard.i18n` can read them without importing the game API."""

MESSAGES = {
    "hidden_move": "{who} moves",
    "scores": "Scores",
    "total": "Total",
    "no_winner": "No winner",
    "wins": "{who} wins",
    "shared": "Shared win: {who}",
    "seat": "Player {n}",
    "open_seat": "(open)",
    "take_back_none": "there is no move to take back",
    "take_back_over": "the game is over: every hand has been shown",
    "take_back_drawn": "a draw followed it: what was drawn cannot be un-seen",
    "take_back_revealed": "it revealed the seats' hidden choices, which cannot be un-seen",
}
"""User-facing words of the core's default descriptions (one place, for catalogues)."""

ERRORS = {
    "not_legal": "{move} is not a legal move now",
    "over": "the game is over; no more moves can be made",
    "chance": "a chance event is pending; player {player} cannot move now",
    "simultaneous": "this is a simultaneous step: say which player moves",
    "not_turn": "it is not player {player}'s turn; waiting for {who}",
}
"""The core's reasons for refusing a move (English message ids, see :class:`Text`)."""

SETUP_ERRORS = {
    "option_kind": "option {name} must be a {kind}, got {value}",
    "option_choice": "option {name} must be one of {allowed}; got {value}",
    "unknown_options": "unknown option(s) {options} for {game}; known: {known}",
    "unknown_variant": "unknown variant {variant} for {game}; known: {known}",
    "players": "{game} is for {low}-{high} players, not {n}",
    "no_game": "no game {game}; registered games: {known}",
    "no_agent": "no agent {agent} for {game}; available: {known}",
    "none": "none",
}
"""Why a game cannot be set up as asked (an option, a variant, a number of players, a game
or an agent that does not exist): :class:`Text` messages a front end says in its reader's
language."""
OPTION_KINDS = {"bool": "bool", "int": "int", "str": "str"}
"""The kinds of value an option takes, by their Python name (``{kind}`` above)."""
