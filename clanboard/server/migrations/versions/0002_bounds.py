"""Lobby index on updated_at; the creator's address hash; private tables with an invite.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("private", sa.Boolean(), server_default=sa.false(),
                                   nullable=False))
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
    op.create_index("ix_tables_updated_at", "tables", ["updated_at"])
    op.create_index("ix_tables_creator", "tables", ["creator"])


def downgrade() -> None:
    op.drop_index("ix_tables_creator", "tables")
    op.drop_index("ix_tables_updated_at", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("invite_hash")
        batch.drop_column("private")
        batch.drop_column("creator")
