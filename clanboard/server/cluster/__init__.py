"""Several server processes on one PostgreSQL database: the shared table state, table leases,
LISTEN/NOTIFY and the group commit of moves.
"""
