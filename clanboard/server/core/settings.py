"""Server settings: storage, AI, and the bounds on what one client can make the server hold.

Every field can be set from the environment (``CLANBOARD_<FIELD>`` in capitals, e.g.
``CLANBOARD_MAX_BODY_BYTES=32768``); ``clanboard serve`` has options for the common ones.
A limit of 0 switches that limit off.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from clanboard.server.clocks.clock import Clock, SystemClock


def _env(name: str, default: Any) -> Any:
    raw = os.environ.get(f"CLANBOARD_{name.upper()}")
    if raw is None:
        return default
    try:
        return type(default)(raw)
    except ValueError as exc:
        raise ValueError(f"CLANBOARD_{name.upper()} must be a {type(default).__name__}, "
                         f"not {raw!r}") from exc


def _setting(name: str, default: Any) -> Any:
    return field(default_factory=lambda: _env(name, default))


@dataclass
class Settings:
    """How the server stores games, runs its AI seats and bounds its clients.

    ``db_url`` defaults to a SQLite file ``clanboard.db`` under ``data_dir``.
    ``ai_workers`` > 0 runs AI seats in a process pool of that size (the GIL would
    otherwise make a long search stall every other table); 0 runs them in a thread.
    """

    data_dir: Path = Path("data")
    db_url: str | None = None
    ai_workers: int = min(4, os.cpu_count() or 1)
    #: processes that work out which moves are public, after the move is acknowledged
    #: (0: a thread; -1: on the event loop, before the acknowledgement)
    probe_workers: int = _setting("probe_workers", 1)
    #: the most legal moves probed when deciding whether a move's notation is public
    visibility_probe_limit: int = _setting("probe_limit", 400)

    # -- AI budgets: a seat's agent spec may not ask for more (checked at table creation)
    ai_max_seconds: float = _setting("ai_max_seconds", 5.0)
    ai_max_iterations: int = _setting("ai_max_iterations", 2_000_000)

    # -- post-game analysis (server/analysis/jobs.py): one position searched at a time, in a
    #: process of its own at this nice value (a thread when ai_workers is 0)
    analysis_iterations: int = _setting("analysis_iterations", 1000)
    #: the most iterations per search a request may ask for
    analysis_max_iterations: int = _setting("analysis_max_iterations", 5000)
    #: analyses queued or running at once, over all tables
    analysis_max_jobs: int = _setting("analysis_max_jobs", 8)
    analysis_nice: int = _setting("analysis_nice", 19)
    #: seconds a process's claim on a job lasts unless renewed; a sweep every third of it
    #: renews this process's claims and takes up jobs whose claims ran out
    analysis_claim_seconds: float = _setting("analysis_claim_seconds", 60.0)

    # -- hints and coach mode (server/coach/hints.py), in the AI seats' pool
    #: ISMCTS iterations a hint searches (also held to ai_max_seconds)
    hint_iterations: int = _setting("hint_iterations", 1000)
    #: hints one seat may take in a game
    hints_per_seat: int = _setting("hints_per_seat", 30)
    #: hints asked per minute from one client address
    hint_rate: int = _setting("hint_rate", 10)
    #: ISMCTS iterations of each of a coached move's searches (as the analysis does)
    coach_iterations: int = _setting("coach_iterations", 500)
    #: moves of one seat coached in a game
    coach_moves: int = _setting("coach_moves", 300)
    #: coached positions searched at once over the server (the others wait)
    coach_max_running: int = _setting("coach_max_running", 2)

    # -- requests and sockets
    #: the largest request body read (413 above it); also the largest WebSocket message
    max_body_bytes: int = _setting("max_body_bytes", 64 * 1024)
    #: messages queued for one WebSocket watcher before it is dropped as too slow
    ws_queue: int = _setting("ws_queue", 32)
    #: seconds one WebSocket send may take before the watcher is dropped as too slow
    ws_send_timeout: float = _setting("ws_send_timeout", 10.0)
    #: seconds a seat's WebSocket has to send its ``{"type": "auth"}`` message
    ws_auth_timeout: float = _setting("ws_auth_timeout", 10.0)

    # -- per client IP (0: no limit)
    #: GET requests and WebSocket connections per minute
    rate_reads: int = _setting("rate_reads", 600)
    #: POSTs (moves, joins) and WebSocket messages per minute
    rate_writes: int = _setting("rate_writes", 240)
    #: tables created per minute
    rate_tables: int = _setting("rate_tables", 10)
    #: a bot account's GET requests (streams) and POSTs (moves) per minute, counted per
    #: account wherever it connects from (its requests do not count per address)
    rate_bot_reads: int = _setting("rate_bot_reads", 600)
    rate_bot_writes: int = _setting("rate_bot_writes", 240)
    #: unfinished tables created by one IP within ``open_tables_hours``
    max_open_tables: int = _setting("max_open_tables", 20)
    open_tables_hours: float = _setting("open_tables_hours", 24.0)
    #: WebSockets open at once from one IP
    max_sockets: int = _setting("max_sockets", 32)
    #: requests one IP may have half-sent at once (slow-loris; server/core/connguard.py)
    max_half_open: int = _setting("max_half_open", 16)
    #: seconds a client has to send a request's headers, and then its body
    header_timeout: float = _setting("header_timeout", 10.0)
    body_timeout: float = _setting("body_timeout", 30.0)
    #: seconds between the keep-alive empty lines of a bot API stream
    bot_keepalive: float = _setting("bot_keepalive", 20.0)

    # -- live tables in memory
    #: a table without watchers, AI or activity for this long is dropped from memory
    #: (it is replayed from storage when next asked for)
    idle_minutes: float = _setting("idle_minutes", 30.0)
    #: the most tables kept in memory; the least recently used idle ones go first
    max_live_tables: int = _setting("max_live_tables", 2000)
    #: and at most about this many MiB of them (an estimate per table): idle finished
    #: tables go first, then other idle ones, least recently used first
    max_live_mib: float = _setting("max_live_mib", 192.0)
    #: unfinished tables with an AI seat loaded in the background after a start
    resume_ai_tables: int = _setting("resume_ai_tables", 200)

    # -- the garbage collector (server/core/collector.py)
    #: seconds between freezes of every live object (0: the standard collector alone)
    gc_freeze_seconds: float = _setting("gc_freeze_seconds", 1.0)
    #: a full collection when the frozen heap has grown this many times since the last,
    gc_growth: float = _setting("gc_growth", 2.0)
    #: and at least this many minutes after it
    gc_full_minutes: float = _setting("gc_full_minutes", 10.0)

    # -- accounts
    #: days a log-in lasts
    session_days: float = _setting("session_days", 30.0)
    #: log-in and sign-up attempts per minute from one IP, and per hour for one name
    rate_logins: int = _setting("rate_logins", 10)
    rate_logins_per_name: int = _setting("rate_logins_per_name", 30)
    # -- clocks and presence
    #: where the server gets the time (tests give a fake clock)
    clock: Clock = field(default_factory=SystemClock, repr=False)
    #: seconds between looks for timed tables (not in memory) whose clocks run out soon
    clock_sweep_seconds: float = _setting("clock_sweep_seconds", 30.0)
    #: seconds without a heartbeat before a connected seat shows as away
    presence_away_seconds: float = _setting("presence_away_seconds", 45.0)
    #: seconds the player a live game waits for may be gone (no page or bot stream
    #: connected) before the others may claim the victory or a draw (server/endings/actions.py)
    claim_after_seconds: float = _setting("claim_after_seconds", 180.0)
    # -- several processes on one PostgreSQL database (server/cluster/shared.py)
    #: seconds a table's lease lasts unless renewed; a dead process's tables are taken over
    #: after at most about this long and a third more
    lease_seconds: float = _setting("lease_seconds", 10.0)
    # -- Glen More II component packs
    #: installed packs (clanboard pack install) the lobby offers, comma-separated; the
    #: pack shipped in the package is always offered
    packs: str = _setting("packs", "")
    #: the server's owners: account names, comma-separated, who may install packs from the
    #: pack editor (/packs/edit); nobody when empty
    owners: str = _setting("owners", "")
    #: the largest request body of the pack editor's API (a whole pack, an uploaded archive)
    max_pack_bytes: int = _setting("max_pack_bytes", 1024 * 1024)

    def allowed_packs(self) -> tuple[str, ...]:
        """The installed packs the owner lets tables use (``packs``)."""
        return tuple(p.strip() for p in self.packs.split(",") if p.strip())

    # -- the seek pool, friends and turn notifications (seeks.py, friends.py, notifications.py)
    #: open seeks (and challenges) per account, per address, and on the whole server
    max_seeks_per_account: int = _setting("max_seeks_per_account", 3)
    max_seeks_per_address: int = _setting("max_seeks_per_address", 6)
    max_seeks: int = _setting("max_seeks", 500)
    #: minutes a seek or challenge stays open
    seek_minutes: float = _setting("seek_minutes", 30.0)
    #: seconds a seek outlives its poster's last open page (a reload keeps it)
    seek_grace_seconds: float = _setting("seek_grace_seconds", 20.0)
    #: accounts one account may follow
    max_follows: int = _setting("max_follows", 100)
    #: live sockets (``/api/me/ws``) of one account
    max_account_sockets: int = _setting("max_account_sockets", 16)
    #: Web Push: the server's VAPID private key (a PEM file's path or its base64 DER);
    #: empty: Web Push is off. ``clanboard vapid-keys`` makes one.
    vapid_private_key: str = _setting("vapid_private_key", "")
    #: who runs the server, told to push services: ``mailto:you@example.org`` or a URL
    vapid_subject: str = _setting("vapid_subject", "")
    #: push subscriptions (browsers) per account
    max_push_subscriptions: int = _setting("max_push_subscriptions", 5)
    #: 1: push endpoints may be plain http on any host (tests with a local endpoint only)
    push_any_endpoint: int = _setting("push_any_endpoint", 0)

    def database_url(self) -> str:
        if self.db_url:
            return self.db_url
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'clanboard.db').resolve()}"

    def without_client_limits(self) -> Settings:
        """These settings with every per-IP limit off (load tests from one address)."""
        for f in fields(self):
            if f.name.startswith(("rate_", "max_open_tables", "max_sockets", "max_half_open")):
                setattr(self, f.name, 0)
        return self
