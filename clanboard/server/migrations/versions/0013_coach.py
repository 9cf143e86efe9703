"""Hints and coach mode per seat (``coach_seats``): the hints taken, coach mode on or
off, the moves coached, the latest verdict and the tutorial the seat follows.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "coach_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("coach", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("coached", sa.Integer(), nullable=False),
        sa.Column("verdict", sa.JSON(), nullable=True),
        sa.Column("tutorial", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("coach_seats")
