"""Terminal play and replay (filled in with Schotten Totten)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command("games")
    def games_cmd() -> None:
        """List the registered games and their variants."""
        import clanboard

        for g in clanboard.games():
            typer.echo(f"{g.id}\t{g.name}\t{g.min_players}-{g.max_players} players")
