"""Table leases: which server process owns a table (runs its AI) until when.

Revision ID: 0006
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


#: PostgreSQL: every change to a table's moves or seats, whoever makes it, is announced on
#: the channel ``clanboard`` when its transaction commits, as "<kind> <table> <seq>":
#: m (a move stored), v (a move's readers changed), d (moves deleted), s (a seat changed)
NOTIFY_UP = [
    """
    CREATE OR REPLACE FUNCTION clanboard_notify() RETURNS trigger AS $$
    DECLARE
        kind text;
        row_table text;
        row_seq integer := 0;
    BEGIN
        IF TG_TABLE_NAME = 'moves' THEN
            kind := CASE TG_OP WHEN 'INSERT' THEN 'm' WHEN 'UPDATE' THEN 'v' ELSE 'd' END;
        ELSE
            kind := 's';
        END IF;
        IF TG_OP = 'DELETE' THEN
            row_table := OLD.table_id;
        ELSE
            row_table := NEW.table_id;
            IF TG_TABLE_NAME = 'moves' THEN
                row_seq := NEW.seq;
            END IF;
        END IF;
        PERFORM pg_notify('clanboard', kind || ' ' || row_table || ' ' || row_seq);
        RETURN NULL;
    END;
    $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER clanboard_moves_notify AFTER INSERT OR UPDATE OR DELETE ON moves
    FOR EACH ROW EXECUTE FUNCTION clanboard_notify()
    """,
    """
    CREATE TRIGGER clanboard_seats_notify AFTER UPDATE ON seats
    FOR EACH ROW EXECUTE FUNCTION clanboard_notify()
    """,
]
NOTIFY_DOWN = [
    "DROP TRIGGER IF EXISTS clanboard_seats_notify ON seats",
    "DROP TRIGGER IF EXISTS clanboard_moves_notify ON moves",
    "DROP FUNCTION IF EXISTS clanboard_notify()",
]


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("owner", sa.String(96), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_table_leases_owner", "table_leases", ["owner"])
    op.create_index("ix_table_leases_expires_at", "table_leases", ["expires_at"])
    if op.get_bind().dialect.name == "postgresql":
        for statement in NOTIFY_UP:
            op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for statement in NOTIFY_DOWN:
            op.execute(statement)
    op.drop_index("ix_table_leases_expires_at", "table_leases")
    op.drop_index("ix_table_leases_owner", "table_leases")
    op.drop_table("table_leases")
