"""PostgreSQL: a stored move's announcement carries the move itself, so the processes
holding its table apply it without reading it back.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import importlib

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

#: as 0006's, but an inserted move is announced as "m <table> <seq> [player, visible_to,
#: text]" (JSON), unless its text is too long for a notification (under 8000 bytes)
NOTIFY = """
    CREATE OR REPLACE FUNCTION clanboard_notify() RETURNS trigger AS $$
    DECLARE
        kind text;
        row_table text;
        row_seq integer := 0;
        row_move text := '';
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
                IF TG_OP = 'INSERT' AND octet_length(NEW.text) < 6000 THEN
                    row_move := ' ' || json_build_array(NEW.player, NEW.visible_to,
                                                        NEW.text)::text;
                END IF;
            END IF;
        END IF;
        PERFORM pg_notify('clanboard', kind || ' ' || row_table || ' ' || row_seq || row_move);
        RETURN NULL;
    END;
    $$ LANGUAGE plpgsql
    """


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(NOTIFY)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        before = importlib.import_module("clanboard.server.migrations.versions.0006_leases")
        op.execute(before.NOTIFY_UP[0])
