"""Bot accounts: the SHA-256 of an account's bot API token (indexed), and an index on the
seats' token hashes (the bot API's seat-token lookup).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE ADD COLUMN: a batch would recreate "users" on SQLite
    op.add_column("users", sa.Column("api_token_hash", sa.String(64), nullable=True))
    op.create_index("ix_users_api_token_hash", "users", ["api_token_hash"], unique=True)
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])


def downgrade() -> None:
    op.drop_index("ix_seats_token_hash", "seats")
    op.drop_index("ix_users_api_token_hash", "users")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("api_token_hash")
