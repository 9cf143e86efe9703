"""Alembic environment, run programmatically by ``clanboard.server.core.storage.migrate``
(or by the ``alembic`` command with ``-x url=...``)."""

from __future__ import annotations

from alembic import context

from clanboard.server.core.models import Base
from clanboard.server.core.storage import make_engine

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url")
    if not url:
        raise SystemExit("give the database: alembic -x url=sqlite:///data/clanboard.db "
                         "upgrade head")
    engine = make_engine(url)  # psycopg 3 for postgresql:// too, UTC sessions
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run()
