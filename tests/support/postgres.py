"""A throwaway PostgreSQL cluster for the tests (a pytest plugin).

The first test that asks for ``pg_url`` starts one cluster for the whole session: initdb
into a temp dir, a free port on 127.0.0.1, ``pg_ctl start``. Under pytest-xdist the
workers share it (the first to need it starts it, under a file lock) and the controller
stops and removes it when the session ends. Each test gets a fresh schema of its own.

The server programs come from ``$PG_BIN``, Debian's ``/usr/lib/postgresql/<version>/bin``
(not on PATH) or PATH. initdb refuses to run as root: as root the cluster runs as the
``postgres`` user that Debian's package creates. Without the programs the PostgreSQL
variants skip, except under CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock

#: a zone far from UTC, like a server whose clock is set to local time: timestamps the
#: database makes itself must still come out in UTC
CLUSTER_TIMEZONE = "Pacific/Kiritimati"
DATABASE = "clanboard"
_DIR_KEY = "clanboard_pg_dir"
_root_key = pytest.StashKey[Path]()
_owner_key = pytest.StashKey[bool]()


def find_bin_dir() -> Path | None:
    """The directory holding initdb and pg_ctl, newest version first."""
    candidates: list[Path] = []
    if os.environ.get("PG_BIN"):
        candidates.append(Path(os.environ["PG_BIN"]))
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        versions = [p for p in debian.iterdir() if p.name.replace(".", "").isdigit()]
        versions.sort(key=lambda p: float(p.name), reverse=True)
        candidates += [v / "bin" for v in versions]
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for c in candidates:
        if (c / "initdb").is_file() and (c / "pg_ctl").is_file():
            return c
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One PostgreSQL cluster living in ``root`` (data, socket, log, port file)."""

    def __init__(self, root: Path, durable: bool = False) -> None:
        self.root = root
        #: fsync as a production server does (benchmarks); tests skip it for speed
        self.durable = durable
        self.data = root / "data"
        self.port_file = root / "port"
        self.failed_file = root / "failed"
        self.log = root / "server.log"
        self.user: str | None = None
        if os.geteuid() == 0:  # initdb refuses root: run the cluster as an ordinary user
            self.user = "postgres" if _user_exists("postgres") else "nobody"

    @property
    def port(self) -> int:
        return int(self.port_file.read_text())

    def url(self, schema: str | None = None) -> str:
        """A SQLAlchemy URL of the test database (with ``schema`` first on the path)."""
        url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{DATABASE}"
        if schema:
            url += f"?options=-csearch_path%3D{schema}"
        return url

    def ensure_started(self) -> None:
        """Start the cluster unless another process already did (under a file lock)."""
        with FileLock(str(self.root / "lock")):
            if self.failed_file.exists():
                raise RuntimeError(self.failed_file.read_text())
            if self.port_file.exists():
                return
            try:
                self._start()
            except Exception as exc:
                self.failed_file.write_text(f"the test PostgreSQL did not start: {exc}")
                raise RuntimeError(self.failed_file.read_text()) from exc

    def _start(self) -> None:
        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise FileNotFoundError("initdb and pg_ctl not found")
        if self.user:
            pw = pwd.getpwnam(self.user)
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
        self._run(bin_dir / "initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--locale=C.UTF-8", "--no-sync", "--no-instructions")
        # the tests kill clanboard, never PostgreSQL nor the machine: no fsync needed
        opts = (f"-c listen_addresses=127.0.0.1 -c unix_socket_directories='{self.root}' "
                f"-c timezone={CLUSTER_TIMEZONE}")
        if not self.durable:
            opts += " -c fsync=off -c full_page_writes=off"
        for attempt in range(3):  # the free port may be taken before the server binds it
            port = _free_port()
            try:
                self._run(bin_dir / "pg_ctl", "-D", str(self.data), "-l", str(self.log),
                          "-w", "-t", "60", "-s", "-o", f"{opts} -p {port}", "start")
                break
            except RuntimeError:
                if attempt == 2:
                    raise
        import psycopg

        with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
        self.port_file.write_text(str(port))

    def stop(self) -> None:
        bin_dir = find_bin_dir()
        if bin_dir is not None and (self.data / "postmaster.pid").exists():
            with contextlib.suppress(RuntimeError):
                self._run(bin_dir / "pg_ctl", "-D", str(self.data), "-m", "immediate", "-s",
                          "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def new_schema(self) -> str:
        """A fresh, empty schema: a test's own database, fast to make."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres",
                             dbname=DATABASE, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return name

    def _run(self, *cmd: Any) -> None:
        ids: dict[str, Any] = {}
        if self.user:
            pw = pwd.getpwnam(self.user)
            ids = {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": []}
        done = subprocess.run([str(c) for c in cmd], cwd=self.root, capture_output=True,
                              text=True, timeout=120, **ids)
        if done.returncode != 0:
            log = self.log.read_text()[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{Path(str(cmd[0])).name} failed ({done.returncode}): "
                               f"{done.stderr.strip()[-2000:]} {log}".strip())


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


# -- the pytest plugin ----------------------------------------------------------------------

def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", {})
    if _DIR_KEY in workerinput:  # an xdist worker: the controller made the directory
        config.stash[_root_key] = Path(workerinput[_DIR_KEY])
        return
    root = Path(tempfile.mkdtemp(prefix="clanboard-pg-"))
    os.chmod(root, 0o755)  # the cluster's user must reach it
    config.stash[_root_key] = root
    config.stash[_owner_key] = True


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """xdist: tell each worker where the shared cluster lives."""
    node.workerinput[_DIR_KEY] = str(node.config.stash[_root_key])


def pytest_unconfigure(config: pytest.Config) -> None:
    if config.stash.get(_owner_key, False):
        Cluster(config.stash[_root_key]).stop()


@pytest.fixture(scope="session")
def pg_cluster(pytestconfig: pytest.Config) -> Cluster:
    """The session's PostgreSQL cluster (started on first use)."""
    cluster = Cluster(pytestconfig.stash[_root_key])
    if find_bin_dir() is None and not _in_ci():
        pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) were not found: install "
                    "Debian's postgresql package (`make postgres` as root) or set PG_BIN")
    try:
        cluster.ensure_started()
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    return cluster


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    """A SQLAlchemy URL of an empty schema of the test cluster, this test's alone."""
    yield pg_cluster.url(pg_cluster.new_schema())
