"""What happens to a seat whose player resigns at a table of three or more
(``tables.on_resign``): ``ai`` (an AI plays it on, the default when null) or ``last``
(an AI plays it on and it is scored last).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE ADD COLUMN: a batch would recreate the table on SQLite
    op.add_column("tables", sa.Column("on_resign", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("on_resign")
