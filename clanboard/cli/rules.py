"""``clanboard rules GAME``: a game's rules help in the terminal, in our own words."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from clanboard.cli.lang import LangOption, _, set_language
from clanboard.core import UnknownGame, games, get_game
from clanboard.i18n import rules_markdown

console = Console(highlight=False)


def register(app: typer.Typer) -> None:
    @app.command("rules")
    def rules_cmd(
        game_id: Annotated[str, typer.Argument(help="game id, e.g. glen-more")],
        lang: LangOption = None,
    ) -> None:
        """Show a game's rules: aim, turn, scoring, each variant and option."""
        code = set_language(lang)
        try:
            game = get_game(game_id)
        except (UnknownGame, KeyError):
            known = ", ".join(g.id for g in games())
            console.print("[red]" + _("unknown game {game}; choose one of: {games}").format(
                game=game_id, games=known) + "[/]")
            raise typer.Exit(2) from None
        found = rules_markdown(game, code)
        if found is None:
            console.print(_("{game} has no rules help yet.").format(game=game.name))
            raise typer.Exit(1)
        used, text = found
        if used != code:
            console.print("[yellow]" + _("(not translated yet: shown in English)") + "[/]")
        console.print(Markdown(text))
