"""``clanboard serve``: the web app (lobby, tables, API) on one port."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        data_dir: Annotated[Path, typer.Option(
            help="Where the SQLite database lives.")] = Path("data"),
        db_url: Annotated[str | None, typer.Option(
            help="SQLAlchemy database URL instead of SQLite under --data-dir, "
                 "e.g. postgresql+psycopg://user:pw@host/clanboard")] = None,
        ai_workers: Annotated[int, typer.Option(
            help="Processes for AI seats (0: one thread; -1: up to 4 by CPUs).")] = -1,
        log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    ) -> None:
        """Serve the web app: open http://HOST:PORT/ in a browser."""
        try:
            import uvicorn

            from clanboard.server import Settings, create_app
        except ImportError as exc:
            raise typer.BadParameter(
                f"the web server needs the 'web' extras (pip install 'clanboard[web]'): {exc}"
            ) from exc
        settings = Settings(data_dir=data_dir, db_url=db_url)
        if ai_workers >= 0:
            settings.ai_workers = ai_workers
        from sqlalchemy.engine import make_url

        shown = make_url(settings.database_url()).render_as_string(hide_password=True)
        typer.echo(f"clanboard: http://{host}:{port}/ (storage: {shown})")
        import gc

        # fewer, shorter collections: a server holds many long-lived game states
        gc.set_threshold(50_000, 50, 100)
        uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level,
                    ws_ping_interval=20)
