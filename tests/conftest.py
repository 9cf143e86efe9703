"""Test configuration: a deterministic hypothesis profile for CI."""

import os

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
