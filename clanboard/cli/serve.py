"""``clanboard serve``: the web app (lobby, tables, API) on one port; ``clanboard
vapid-keys``: the key pair of its Web Push notifications. Both speak the user's language
(``--lang`` or the environment), and so do uvicorn's lines as the server starts and stops
(:class:`LogWords`); the request log stays as uvicorn writes it."""

from __future__ import annotations

import copy
import logging
import re
from pathlib import Path
from typing import Annotated, Any

import typer

from clanboard.cli.lang import LangOption, _, set_language
from clanboard.core.plural import Plural
from clanboard.i18n import gettext, normalize

MESSAGES = {
    "banner": Plural("clanboard: http://{host}:{port}/ (storage: {storage}, {n} process)",
                     "clanboard: http://{host}:{port}/ (storage: {storage}, {n} processes)"),
}
"""Counted words of ``serve`` (the ``_()`` calls hold the others)."""
UVICORN = {
    "started": "Started server process [{pid}]",
    "finished": "Finished server process [{pid}]",
    "parent": "Started parent process [{pid}]",
    "stopping": "Stopping parent process [{pid}]",
    "startup": "Waiting for application startup.",
    "started_app": "Application startup complete.",
    "shutdown": "Waiting for application shutdown.",
    "stopped_app": "Application shutdown complete.",
    "shutting_down": "Shutting down",
    "running": "Uvicorn running on {url} (Press CTRL+C to quit)",
    "sigint": "Received SIGINT, exiting.",
    "sigterm": "Received SIGTERM, exiting.",
}
"""uvicorn's lines as the server starts and stops, by the English line it logs."""
_LINES = [(re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(line))), line)
          for line in UVICORN.values()]


class LogWords(logging.Filter):
    """A log filter that words uvicorn's start and stop lines in ``lang`` (the lines it
    does not know pass as they are)."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = normalize(lang)

    def filter(self, record: logging.LogRecord) -> bool:
        if self.lang != "en":
            text = record.getMessage()
            for pattern, line in _LINES:
                m = pattern.fullmatch(text)
                if m:
                    said = gettext(self.lang, line).format(**m.groupdict())
                    record.msg, record.args = said, ()
                    record.color_message = said  # uvicorn's coloured copy of the line
                    break
        return True


def log_config(lang: str) -> dict[str, Any] | None:
    """uvicorn's logging set-up with :class:`LogWords` on its handlers (``None``, its
    own, in English); a dict, so that every worker process sets it up alike."""
    if normalize(lang) == "en":
        return None
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["clanboard_words"] = {
        "()": f"{__name__}.LogWords", "lang": normalize(lang)}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("clanboard_words")
    return config


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
        ai_max_seconds: Annotated[float | None, typer.Option(
            help="Most seconds an AI seat may think a move (default 5; env "
                 "CLANBOARD_AI_MAX_SECONDS).")] = None,
        ai_max_iterations: Annotated[int | None, typer.Option(
            help="Most search iterations an AI seat may ask for (default 2,000,000).")] = None,
        max_body_bytes: Annotated[int | None, typer.Option(
            help="Largest request body or WebSocket message (default 65536).")] = None,
        rate_reads: Annotated[int | None, typer.Option(
            help="GETs and socket handshakes per minute per client address (default 600; "
                 "0: no limit).")] = None,
        rate_writes: Annotated[int | None, typer.Option(
            help="POSTs and socket messages per minute per address (default 240).")] = None,
        rate_tables: Annotated[int | None, typer.Option(
            help="Tables created per minute per address (default 10).")] = None,
        max_open_tables: Annotated[int | None, typer.Option(
            help="Unfinished tables one address may have created in the last 24 hours "
                 "(default 20).")] = None,
        max_sockets: Annotated[int | None, typer.Option(
            help="WebSockets open at once per address (default 32).")] = None,
        idle_minutes: Annotated[float | None, typer.Option(
            help="Minutes before an idle table leaves memory (default 30).")] = None,
        max_live_tables: Annotated[int | None, typer.Option(
            help="Most tables kept in memory (default 2000).")] = None,
        vapid_private_key: Annotated[str | None, typer.Option(
            help="Web Push: the VAPID private key's PEM file (clanboard vapid-keys makes "
                 "one); unset: no push notifications.")] = None,
        vapid_subject: Annotated[str | None, typer.Option(
            help="Web Push: who runs this server, mailto:you@example.org or a URL.")] = None,
        workers: Annotated[int, typer.Option(
            help="Server processes sharing the port (more than 1 needs PostgreSQL; "
                 "see docs/deploy.md).")] = 1,
        pack: Annotated[list[str], typer.Option(
            "--pack", help="A Glen More II component pack installed with 'clanboard pack "
                           "install' that the lobby offers (repeat for several; the shipped "
                           "pack is always offered; env CLANBOARD_PACKS).")] = [],  # noqa: B006
        owner: Annotated[list[str], typer.Option(
            "--owner", help="An account name that may install packs from the pack editor "
                            "(/packs/edit); repeat for several; env CLANBOARD_OWNERS.")]
        = [],  # noqa: B006
        client_limits: Annotated[bool, typer.Option(
            "--client-limits/--no-client-limits",
            help="Per-address rate limits and caps; switch off only for load tests from "
                 "one address.")] = True,
        lang: LangOption = None,
    ) -> None:
        """Serve the web app: open http://HOST:PORT/ in a browser."""
        code = set_language(lang)
        try:
            import uvicorn

            from clanboard.server import Settings, create_app
        except ImportError as exc:
            raise typer.BadParameter(_(
                "the web server needs the 'web' extras (pip install 'clanboard[web]'): {error}"
            ).format(error=exc)) from exc
        settings = Settings(data_dir=data_dir, db_url=db_url)
        if ai_workers >= 0:
            settings.ai_workers = ai_workers
        chosen = {"ai_max_seconds": ai_max_seconds, "ai_max_iterations": ai_max_iterations,
                  "max_body_bytes": max_body_bytes, "rate_reads": rate_reads,
                  "rate_writes": rate_writes, "rate_tables": rate_tables,
                  "max_open_tables": max_open_tables, "max_sockets": max_sockets,
                  "idle_minutes": idle_minutes, "max_live_tables": max_live_tables,
                  "vapid_private_key": vapid_private_key, "vapid_subject": vapid_subject}
        for name, value in chosen.items():
            if value is not None:
                setattr(settings, name, value)
        if not client_limits:
            settings.without_client_limits()
        if pack:
            from clanboard.games.glen_more_2.store import installed

            missing = [p for p in pack if p not in installed()]
            if missing:
                raise typer.BadParameter(
                    _("not installed: {packs}; installed: {installed} (clanboard pack "
                      "install DIR)").format(packs=", ".join(missing),
                                             installed=", ".join(installed()) or _("none")),
                    param_hint="--pack")
            settings.packs = ",".join(pack)
        if owner:
            settings.owners = ",".join(owner)
        from sqlalchemy.engine import make_url

        from clanboard.server.core.workers import WorkersRefused, check_workers, run_workers

        try:
            check_workers(workers, settings.database_url())
        except WorkersRefused:
            raise typer.BadParameter(
                _("--workers must be 1 or more, not {n}").format(n=workers) if workers < 1
                else _("--workers {n} needs PostgreSQL (--db-url postgresql+psycopg://...): "
                       "SQLite is one process's database, so with SQLite run one worker")
                .format(n=workers), param_hint="--workers") from None
        shown = make_url(settings.database_url()).render_as_string(hide_password=True)
        typer.echo(banner(host, port, shown, workers))
        from clanboard.server.core.connguard import PROTOCOL

        # no permessage-deflate: compressing every view cost the server more CPU per move
        # than building it, and the messages are a few KiB (docs/web-security.md);
        # the HTTP protocol times a request's headers and body and caps half-sent requests
        # per address (server/core/connguard.py)
        options: dict[str, Any] = {"log_level": log_level, "ws_ping_interval": 20,
                                   "http": PROTOCOL,
                                   "ws_max_size": settings.max_body_bytes or 16 * 1024 * 1024,
                                   "ws_per_message_deflate": False}
        if (logging_words := log_config(code)) is not None:
            options["log_config"] = logging_words
        if workers > 1:
            run_workers(settings, workers, host, port, **options)
            return
        from clanboard.server.core.collector import tune

        tune()  # fewer, shorter young collections (server/core/collector.py)
        uvicorn.run(create_app(settings), host=host, port=port, **options)

    @app.command("vapid-keys")
    def vapid_keys(
        out: Annotated[Path, typer.Option(
            help="Where to write the private key (PEM, readable by you only).")],
        lang: LangOption = None,
    ) -> None:
        """Make a VAPID key pair for Web Push turn notifications (docs/deploy.md)."""
        set_language(lang)
        from clanboard.server.notifications.push import generate_key

        if out.exists():
            raise typer.BadParameter(_("{file} exists: keep it, or remove it first (browsers "
                                       "subscribed with its public key stop getting pushes)")
                                     .format(file=out), param_hint="--out")
        pem, public = generate_key()
        out.touch(mode=0o600)
        out.write_text(pem)
        typer.echo(_("private key: {file}").format(file=out))
        typer.echo(_("public key: {key}").format(key=public))
        typer.echo(_("serve with: {command}").format(
            command=f"clanboard serve --vapid-private-key {out} "
                    "--vapid-subject mailto:you@example.org"))


def banner(host: str, port: int, storage: str, workers: int) -> str:
    """The line ``serve`` starts with: where to open the app, where its data lives and,
    with several, how many server processes share the port."""
    if workers > 1:
        return _(MESSAGES["banner"]).format(host=host, port=port, storage=storage, n=workers)
    return _("clanboard: http://{host}:{port}/ (storage: {storage})").format(
        host=host, port=port, storage=storage)
