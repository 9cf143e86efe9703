"""Storage: the Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from clanboard.server.models import Base
from clanboard.server.storage import make_engine, migrate


def test_migrations_match_the_models(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite'}")
    migrate(engine)
    migrate(engine)  # a second start-up finds nothing to do
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0002"
    assert set(inspect(engine).get_table_names()) >= {"tables", "seats", "moves"}
