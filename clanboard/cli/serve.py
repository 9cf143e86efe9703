"""``clanboard serve``: the web app (lobby, tables, API) on one port."""

from __future__ import annotations

from pathlib import Path

import typer


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, help="Port to listen on."),
        data_dir: Path = typer.Option(Path("data"), help="Where the SQLite database lives."),
        db_url: str = typer.Option(
            None, help="SQLAlchemy database URL instead of SQLite under --data-dir, "
                       "e.g. postgresql+psycopg://user:pw@host/clanboard"),
        ai_workers: int = typer.Option(
            -1, help="Processes for AI seats (0: one thread; default: up to 4 by CPUs)."),
        log_level: str = typer.Option("info", help="uvicorn log level."),
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
        uvicorn.run(create_app(settings), host=host, port=port, log_level=log_level,
                    ws_ping_interval=20)
