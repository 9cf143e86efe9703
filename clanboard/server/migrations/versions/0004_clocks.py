"""Clocks: a table's time control and clocks, the clocks after each move, a result
override (a loss on time) and table events (a clock running out).

Revision ID: 0004
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("clock_state", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("clock_deadline", sa.Float(), nullable=True))
        batch.add_column(sa.Column("result_override", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("events", sa.JSON(), nullable=True))
    op.create_index("ix_tables_clock_deadline", "tables", ["clock_deadline"])
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("clock")
    op.drop_index("ix_tables_clock_deadline", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("events")
        batch.drop_column("result_override")
        batch.drop_column("clock_deadline")
        batch.drop_column("clock_state")
        batch.drop_column("clock")
