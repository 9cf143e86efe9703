"""Chat messages and mutes per table; rematch links between tables.

Revision ID: 0005
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), server_default=sa.func.now(), nullable=False),
    )
    op.create_index("ix_chat_messages_table_id", "chat_messages", ["table_id"])
    op.create_table(
        "chat_mutes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("muted", sa.Integer(), primary_key=True),
    )
    op.create_table(
        "rematches",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("rematch_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
                  unique=True),
    )


def downgrade() -> None:
    op.drop_table("rematches")
    op.drop_table("chat_mutes")
    op.drop_index("ix_chat_messages_table_id", "chat_messages")
    op.drop_table("chat_messages")
