"""A table whose shuffle a client chose (``seed``) while a seat was open for someone else
is marked ``seeded``: shown to every joiner as not fair play, never rated.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE ADD COLUMN: a batch would recreate the table on SQLite
    op.add_column("tables", sa.Column("seeded", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seeded")
