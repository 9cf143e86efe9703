"""Accounts: users, sessions, ratings and results; seats.user_id; tables.rated.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("bot", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("created_at", sa.DateTime(), server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("created_at", sa.DateTime(), server_default=sa.func.now(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_index("ix_sessions_expires_at", "sessions", ["expires_at"])
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("variant", sa.String(64), primary_key=True),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(8), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=True),
        sa.Column("rating_after", sa.Float(), nullable=True),
        sa.Column("rd_after", sa.Float(), nullable=True),
        sa.Column("created_at", sa.DateTime(), server_default=sa.func.now(), nullable=False),
    )
    op.create_index("ix_results_user_id", "results", ["user_id"])
    # plain ALTER TABLE ADD COLUMN, not a batch: SQLite would recreate the tables, and
    # dropping the old "tables" cascades to every seat and move
    op.add_column("tables", sa.Column("rated", sa.Boolean(), server_default=sa.false(),
                                      nullable=False))
    if op.get_bind().dialect.name == "sqlite":  # Alembic adds no constraint there
        op.execute("ALTER TABLE seats ADD COLUMN user_id INTEGER REFERENCES users (id)")
    else:
        op.add_column("seats", sa.Column("user_id", sa.Integer(),
                                         sa.ForeignKey("users.id"),
                                         nullable=True))
    op.create_index("ix_seats_user_id", "seats", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_user_id", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("user_id")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
    op.drop_index("ix_results_user_id", "results")
    op.drop_table("results")
    op.drop_table("ratings")
    op.drop_index("ix_sessions_expires_at", "sessions")
    op.drop_index("ix_sessions_user_id", "sessions")
    op.drop_table("sessions")
    op.drop_table("users")
