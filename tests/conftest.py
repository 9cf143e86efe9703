"""Test configuration: a deterministic hypothesis profile for CI."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

# a throwaway PostgreSQL cluster for the storage and server suites (fixture ``pg_url``)
pytest_plugins = ["tests.support.postgres"]

settings.register_profile(
    "ci", derandomize=True, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Glen More II packs installed by the tests go to a folder of this run, never the user's
# data directory (clanboard/games/glen_more_2/store.py)
if "CLANBOARD_PACKS_DIR" not in os.environ:
    import tempfile

    os.environ["CLANBOARD_PACKS_DIR"] = tempfile.mkdtemp(prefix="clanboard-test-packs-")

# A server started inside the test process would freeze and unfreeze the garbage collector
# (server/core/collector.py), which is process-wide, from a background thread, under every
# other test's feet. The collector's own tests turn it on explicitly.
os.environ.setdefault("CLANBOARD_GC_FREEZE_SECONDS", "0")


@pytest.fixture(autouse=True)
def _terminal_in_english() -> Iterator[None]:
    """Each test starts with the terminal's language as a new process has it: a command run
    with ``--lang`` in one test leaves the process speaking that language (clanboard.cli.lang)."""
    from clanboard.cli import lang

    lang._current[0], lang._asked[0] = "en", None
    yield
