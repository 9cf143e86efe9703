"""Analysis jobs are claimed by one server process (``claimed_by``) until
``claimed_until``, renewed as the job goes on: with several processes on one database,
one runs each job.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE ADD COLUMN: a batch would recreate the table on SQLite
    op.add_column("analyses", sa.Column("claimed_by", sa.String(96), nullable=True))
    op.add_column("analyses", sa.Column("claimed_until", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("analyses") as batch:
        batch.drop_column("claimed_until")
        batch.drop_column("claimed_by")
