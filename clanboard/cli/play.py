"""Terminal play and replay for any registered game."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from clanboard.cli.lang import LangOption, _, current_language, said, set_language
from clanboard.core import (
    SIMULTANEOUS,
    ClanboardError,
    GameRecord,
    IllegalMove,
    InvalidState,
    Plural,
    State,
    agent_names,
    games,
    get_game,
    make_agent,
    picture,
    seat_name,
)
from clanboard.core.agents import agent_plugin_errors
from clanboard.core.registry import discovery_errors
from clanboard.i18n import ai_name, ai_seat_name, default_names, game_name

console = Console(highlight=False)
#: a move list this long or shorter is shown one move by one, a longer one by groups
SHORT_LIST = 24
#: where a Japanese group's shared words may end and begin (after a particle or a comma)
_BREAKS = "をにでてがは、・"

def _help() -> str:
    return _("Type a move in the game's notation or its number from the list. "
             "Commands: {moves} list legal moves, {board} redraw, {save} save the game "
             "record, {quit} leave.").format(moves="[bold]moves[/]", board="[bold]board[/]",
                                              save="[bold]save FILE[/]", quit="[bold]quit[/]") \
        + " " + _("{resign} gives the game up.").format(resign="[bold]resign[/]")


MESSAGES = {
    "players": Plural("{n} player", "{n} players"),
    "players_range": Plural("{low}–{high} player", "{low}–{high} players", "high"),
}
"""Counted words of ``clanboard games`` (the ``_()`` calls hold the others)."""
SEAT_HELP = ("your seat, 1..N (1 moves first): counted as the board and the move words count "
             "players, since a person types it (the APIs count seats from 0)")


def plugin_errors() -> list[str]:
    """Why each game or agent plug-in that failed to load did (none when all loaded), in
    the current language: without a plug-in its game or agent is simply missing, so a
    command that cannot find one says this too."""
    failed = {**discovery_errors(), **agent_plugin_errors()}
    return [_("The plug-in {name} could not be loaded: {error}").format(name=name, error=error)
            for name, error in sorted(failed.items())]


def _plugin_errors() -> None:
    for line in plugin_errors():
        console.print(f"[yellow]{escape(line)}[/]")


class Resigned(Exception):
    """The player typed ``resign`` and confirmed it."""


def _parse_options(game_id: str, variant: str | None, option: list[str]) -> dict[str, object]:
    game = get_game(game_id)
    opts: dict[str, object] = dict(game.variant_options(variant)) if variant else {}
    for item in option:
        key, sep, val = item.partition("=")
        if not sep:
            raise InvalidState(_("--option takes NAME=VALUE, got {item}").format(item=repr(item)))
        opts[key.strip()] = val.strip()
    return game.check_options(opts)


def _flag_options(game_id: str, flags: dict[str, object]) -> list[str]:
    """General flags of ``play`` (``--provisional``, ``--chronicles``) as ``NAME=VALUE``
    options, for a game that has an option of that name; None = the flag was not given."""
    game = get_game(game_id)
    known = [o.name for o in game.options]
    out = []
    for name, value in flags.items():
        if value is None:
            continue
        if name not in known:
            raise InvalidState(_("--{name} sets the option {option}, which {game} does not "
                                 "have; its options: {options}").format(
                name=name, option=repr(name), game=game_name(game, current_language()),
                options=", ".join(known) or _("none")))
        out.append(f"{name}={str(value).lower() if isinstance(value, bool) else value}")
    return out


def _moves_in_order(state: State, seat: int) -> list[str]:
    """The seat's legal moves in the order :func:`_show_moves` numbers them: as the game
    lists them when short, else grouped by what comes before ``@`` (or by the first two
    words), each group's moves together."""
    moves = [str(m) for m in state.legal_moves(seat)]
    if len(moves) <= SHORT_LIST:
        return moves
    return [m for group in _groups(moves).values() for m in group]


def _groups(moves: list[str]) -> dict[str, list[str]]:
    """Moves by their head (``5g@``, ``place L05 3,4``), in the order heads first come."""
    groups: dict[str, list[str]] = {}
    for m in moves:
        groups.setdefault(_split(m)[0], []).append(m)
    return groups


def _split(move: str) -> tuple[str, str]:
    head, at, tail = move.partition("@")
    if at:
        return head + at, tail
    # "place L05 3,4 r1": the ways to turn one tile on one square together; "take T05 2" by
    # their first two words
    words = move.split(" ")
    cut = len(words) - 1 if len(words) > 3 else 2
    return (" ".join(words[:cut]) + " ", " ".join(words[cut:])) if len(words) > 2 else (move, "")


def _show_moves(state: State, seat: int, names: list[str] | None = None) -> None:
    """Every move numbered (typing the number plays it): a short list one move a line in
    words (the notation beside the words only where two moves read the same), a long one a
    line per group, ``12–15 5g@{1|2|3|4}`` (12 plays ``5g@1``, 15 ``5g@4``)."""
    moves = [str(m) for m in state.legal_moves(seat)]
    if len(moves) <= SHORT_LIST:
        said = [_menu_words(state, m, seat, names) for m in moves]
        twice = {w for w in said if said.count(w) > 1}
        for i, (m, w) in enumerate(zip(moves, said, strict=True)):
            shown = escape(w) + (f" [dim]({escape(m)})[/]" if w in twice else "")
            console.print(f"[dim]{i + 1:>3}.[/] {shown}")
        return
    first = 1
    for group in _groups(moves).values():
        last = first + len(group) - 1
        numbers = f"{first}." if last == first else f"{first}–{last}"
        console.print(f"[dim]{numbers:>9}[/] {escape(_group_words(state, group, seat, names))}")
        first = last + 1


def _group_words(state: State, group: list[str], seat: int, names: list[str] | None) -> str:
    """A group of moves on one line: in words, what they share once and what tells them
    apart in braces (``Plays red 5 at stone {1|2|3}``); in the notation where two of them
    read the same (a tile turned another way), ``place L14 {-4,0 r0|-4,0 r2}``."""
    said = [_menu_words(state, m, seat, names) for m in group]
    if len(group) == 1:
        return said[0]
    if len(set(said)) < len(said):
        return _split(group[0])[0] + "{" + "|".join(_split(m)[1] for m in group) + "}"
    head = os.path.commonprefix(said)
    tail = os.path.commonprefix([w[len(head):][::-1] for w in said])[::-1]
    if " " in said[0]:  # a language with spaces: whole words in common
        head = head[:head.rfind(" ") + 1]
        tail = tail[tail.find(" "):] if " " in tail else ""
    else:  # Japanese: cut after a particle or a comma, never inside a number
        head = head[:max((head.rfind(c) + 1 for c in _BREAKS), default=0)]
        while tail and not all(w[len(w) - len(tail) - 1] in _BREAKS for w in said):
            tail = tail[1:]
    apart = [w[len(head):len(w) - len(tail)] for w in said]
    if not all(apart):  # one of them would read as nothing: each whole
        head, tail, apart = "", "", said
    return head + "{" + "|".join(apart) + "}" + tail


def _menu_words(state: State, move: str, seat: int, names: list[str] | None) -> str:
    """A move of ``seat`` in words for a list of the seat's own choices: the game's words
    without the player's name leading them ("Discards the tile with a sheep…"); the
    notation when the game has no words for it."""
    lang = current_language()
    try:
        text = state.describe_move(state.parse_move(move, seat), seat, seat, names, lang)
    except Exception:  # words must never stop a game: the notation then
        return move
    who = seat_name(names, seat, lang)
    if text.startswith(who):
        rest = text[len(who):].lstrip(" :：、がは")
        if rest and rest != str(move):
            text = rest[0].upper() + rest[1:]
    return text


def _ask_move(state: State, seat: int, names: list[str] | None = None) -> str | None:
    """Prompt until the seat gives a legal move, played and echoed in words; None when the
    player quits."""
    while True:
        try:
            text = console.input("[bold]" + _("Player {n}").format(n=seat + 1) + "> "
                                 + "[/]").strip()
        except EOFError:
            return None
        if not text:
            continue
        if text in ("quit", "q", "exit"):
            return None
        if text in ("help", "?"):
            console.print(_help())
            continue
        if text == "resign":
            try:
                sure = console.input(_("Resign this game? Type y to confirm: ")).strip()
            except EOFError:
                sure = ""
            if sure.lower() in ("y", "yes", _("y")):
                raise Resigned
            continue
        if text == "moves":
            _show_moves(state, seat, names)
            continue
        if text == "board":
            console.print(picture(state, seat, current_language()))
            continue
        if text.startswith("save "):
            state.record().save(text[5:].strip())
            console.print(_("saved to {file}").format(file=text[5:].strip()))
            continue
        moves = _moves_in_order(state, seat)
        if text.isdigit() and 1 <= int(text) <= len(moves):
            text = moves[int(text) - 1]
        before = state.clone()
        try:
            state.apply(text, seat)
        except IllegalMove as exc:
            console.print("[red]" + _("Not allowed:") + "[/] "
                          + exc.reason_in(current_language()))
            console.print("[dim]" + _("type moves to list what you can play") + "[/]")
            continue
        _echo(before, text, seat, names)
        return text


def _echo(before: State, text: str, seat: int, names: list[str] | None) -> None:
    """One's own move in words, as the AI's are shown (nothing when it cannot be read)."""
    try:
        words = before.describe_move(before.parse_move(text, seat), seat, seat, names,
                                     current_language())
    except Exception:  # words must never stop a game: the board shows the move anyway
        return
    console.print(f"[green]{escape(words)}[/]")


def register(app: typer.Typer) -> None:
    @app.command("games")
    def games_cmd(lang: LangOption = None) -> None:
        """List the registered games, their variants and agents."""
        code = set_language(lang)
        for g in games():
            variants = ", ".join(g.variants) or "-"
            players = (_(MESSAGES["players"]).format(n=g.min_players)
                       if g.min_players == g.max_players else
                       _(MESSAGES["players_range"]).format(low=g.min_players,
                                                           high=g.max_players))
            console.print(f"[bold]{g.id}[/]  {game_name(g, code)}  ({players})")
            console.print("   " + _("variants: {variants}").format(variants=variants))
            console.print("   " + _("agents: {agents}").format(agents=", ".join(agent_names(g))))
        console.print(_("Rules of a game: clanboard rules GAME"))
        _plugin_errors()

    @app.command("play")
    def play_cmd(
        game_id: Annotated[str, typer.Argument(help="game id, e.g. schotten-totten")],
        variant: Annotated[str | None, typer.Option(help="variant preset, e.g. tactics")] = None,
        vs: Annotated[str, typer.Option(help="opponent agent(s), comma-separated")] = "heuristic",
        players: Annotated[int | None, typer.Option(help="number of players")] = None,
        seat: Annotated[int, typer.Option(help=SEAT_HELP)] = 1,
        seed: Annotated[int | None, typer.Option(help="seed (random if omitted)")] = None,
        option: Annotated[list[str], typer.Option(help="game option NAME=VALUE")] = [],  # noqa: B006
        save: Annotated[Path | None, typer.Option(help="save the record here at the end")] = None,
        lang: LangOption = None,
        provisional: Annotated[bool, typer.Option(
            "--provisional", help="allow a component pack with provisional values "
            "(the option provisional=true, for games that have it)")] = False,
        chronicles: Annotated[str | None, typer.Option(
            help="chronicles to play, e.g. 9 (the option chronicles=, for games that have it)",
        )] = None,
        solo: Annotated[bool, typer.Option(
            "--solo", help="play alone against the game's solo opponent (the option "
            "solo=true and 1 player, for games that have it)")] = False,
        level: Annotated[str | None, typer.Option(
            help="the solo opponent's level (the option level=, e.g. skelp)")] = None,
        pack: Annotated[str | None, typer.Option(
            help="a component pack installed with 'clanboard pack install' (the option "
                 "pack=, for games that have it)")] = None,
    ) -> None:
        """Play a game in the terminal against agents (random, heuristic, ismcts:LEVEL)."""
        code = set_language(lang)
        try:
            game = get_game(game_id)
            flags = _flag_options(game_id, {"provisional": True if provisional else None,
                                            "chronicles": chronicles,
                                            "solo": True if solo else None, "level": level,
                                            "pack": pack})
            opts = _parse_options(game_id, variant, [*flags, *option])
            n = game.check_players(1 if solo and players is None else players)
            if not 1 <= seat <= n:
                raise InvalidState(_("--seat must be 1..{last}").format(last=n))
            seat -= 1  # from here on the seat's index, as the engine counts
            seed = random.SystemRandom().randrange(2**31) if seed is None else seed
            names = [a.strip() for a in vs.split(",") if a.strip()]
            others = [s for s in range(n) if s != seat]
            agents = {
                s: make_agent(game, names[min(i, len(names) - 1)], seed=seed + 1 + s)
                for i, s in enumerate(others)
            }
            state = game.new_state(n, seed, opts)
        except (ClanboardError, ValueError) as exc:
            console.print(f"[red]{escape(said(exc))}[/]")
            _plugin_errors()
            raise typer.Exit(2) from None
        console.print(f"[bold]{game_name(game, code)}[/] " + _("seed {seed}.").format(seed=seed)
                      + " " + _help())
        specs = {s: names[min(i, len(names) - 1)] for i, s in enumerate(others)}
        # an AI seat by its clan and level, as at the web tables; "": "Player N" in words
        names_ = [ai_seat_name(specs[s], s, code) if s in agents else "" for s in range(n)]
        shown = -1
        while not state.is_terminal():
            for s in state.players_to_move():
                if s in agents:
                    secret = state.current_player() == SIMULTANEOUS
                    move = agents[s].choose(state, s)
                    before = state.clone()
                    state.apply(move, s)
                    if not secret:
                        words = before.describe_move(move, s, seat, names_, code)
                        console.print(f"[cyan]{escape(words)}[/]")
                    elif s not in state.players_to_move():
                        console.print("[cyan]" + _("{who} has chosen").format(who=names_[s])
                                      + "[/]")
                else:
                    if shown != len(state.history):
                        console.print(picture(state, seat, code))
                        shown = len(state.history)
                    _show_moves(state, seat, names_)
                    try:
                        asked = _ask_move(state, seat, names_)
                    except Resigned:
                        if n <= 2:  # the others win; the game ends here
                            console.print("[bold]" + _("You resigned: {winner} wins").format(
                                winner=", ".join(names_[w] for w in others)) + "[/]")
                            _finish(state, save, quit_early=True, resigned=True)
                            return
                        # 3+: an AI at the opponents' level plays the seat on, as online
                        spec = names[0]
                        agents[seat] = make_agent(game, spec, seed=seed + 1 + seat)
                        console.print("[bold]" + _("You resigned: from now on your seat is "
                                                   "played by {ai}").format(
                            ai=ai_name(spec, code)) + "[/]")
                        break
                    if asked is None:
                        _finish(state, save, quit_early=True)
                        return
                if state.current_player() >= 0:
                    break
        console.print(picture(state, seat, code))
        _finish(state, save, names=names_, lang=code)

    @app.command("replay")
    def replay_cmd(
        file: Annotated[Path, typer.Argument(help="a game record (JSON)")],
        seat: Annotated[int | None, typer.Option(
            help="show the game as this player sees it (1..N, as in play)")] = None,
        step: Annotated[bool, typer.Option(help="wait for Enter between moves")] = True,
        lang: LangOption = None,
    ) -> None:
        """Step through a saved game: Enter = next move, b = back, q = quit."""
        code = set_language(lang)
        try:
            record = GameRecord.load(file)
            if seat is not None:
                if not 1 <= seat <= record.num_players:
                    raise InvalidState(_("--seat must be 1..{last}").format(
                        last=record.num_players))
                seat -= 1
            frames = [s.clone() for s in record.states()]
            # a server's names ("AI (ismcts:hard)") as its pages show them
            names = default_names(record.players, code) if record.players else None
        except (ClanboardError, OSError) as exc:
            console.print("[red]" + _("cannot replay {file}: {error}").format(
                file=file, error=said(exc)) + "[/]")
            raise typer.Exit(2) from None
        i = 0
        while True:
            last = ""
            if i:
                player, notation = record.moves[i - 1][0], record.moves[i - 1][1]
                last = f": {_words(frames[i - 1], notation, player, seat, names, code)}"
            console.rule(_("move {i}/{n}").format(i=i, n=len(frames) - 1) + last)
            console.print(picture(frames[i], seat, code))
            if not step:
                if i == len(frames) - 1:
                    break
                i += 1
                continue
            try:
                key = console.input("[dim]" + _("Enter/n next, b back, q quit> ")
                                    + "[/]").strip().lower()
            except EOFError:
                break
            if key == "q":
                break
            if key == "b":
                i = max(0, i - 1)
            elif i < len(frames) - 1:
                i += 1
            else:
                break
        final = frames[-1]
        if final.is_terminal():
            why = final.result_explanation(seat, names, code)
            summary = why["summary"] if why else ""
            console.print(_("result: {summary}; scores {scores}").format(
                summary=summary, scores=" : ".join(map(str, final.scores()))))


def _words(before: State, notation: str, player: int, viewer: int | None,
           names: list[str] | None, lang: str) -> str:
    """A recorded move in words for ``viewer`` (the notation when it cannot be read)."""
    try:
        return before.describe_move(before.parse_move(notation, player), player, viewer,
                                    names, lang)
    except Exception:  # words must never stop a replay: the notation then
        who = names[player] if names else _("Player {n}").format(n=player + 1)
        return f"{who}: {notation}"


def _finish(state: State, save: Path | None, quit_early: bool = False,
            names: list[str] | None = None, lang: str = "en", resigned: bool = False) -> None:
    if quit_early:
        if not resigned:
            console.print("[yellow]" + _("game left unfinished") + "[/]")
    else:
        why = state.result_explanation(None, names, lang)
        if why:
            console.print(f"[bold]{why['summary']}[/]")
            for line in why.get("lines", []):
                if line and not why["summary"].endswith(line):
                    console.print(line)
        console.print(_("scores: {scores}").format(scores=" : ".join(map(str,
                                                                         state.scores()))))
    if save:
        state.record().save(save)
        console.print(_("record saved to {file}").format(file=save))
