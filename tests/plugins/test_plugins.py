"""Plug-ins: a separate package adds a game, an agent and a renderer through entry points,
and the core loads no game and no AI by itself."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clanboard.core import agents, make_agent, play_game, registry
from clanboard.core.plugins import AGENTS_GROUP, GAMES_GROUP

PLUGIN = Path(__file__).parent / "example_plugin"


def _install_as_dist_info(root: Path) -> None:
    """What ``pip install`` leaves for importlib.metadata: a dist-info with the package's
    entry points (read from its own pyproject.toml), on sys.path with the sources."""
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text())["project"]
    dist = root / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    lines = []
    for group, entries in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {target}" for name, target in entries.items()]
    (dist / "entry_points.txt").write_text("\n".join(lines) + "\n")


def _keep_registries(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game and agent registries, with their discovered flags, come back as they are
    now after the test (a flag left set over a restored, empty registry made later tests
    find no game)."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(registry, "_ERRORS", dict(registry._ERRORS))
    monkeypatch.setattr(registry, "_discovered", registry._discovered)
    monkeypatch.setattr(agents, "_GENERIC", dict(agents._GENERIC))
    monkeypatch.setattr(agents, "_PLUGIN_ERRORS", dict(agents._PLUGIN_ERRORS))
    monkeypatch.setattr(agents, "_plugins_loaded", agents._plugins_loaded)


@pytest.fixture()
def pebbles_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _install_as_dist_info(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(PLUGIN))
    _keep_registries(monkeypatch)
    registry.rediscover()
    agents.reload_agent_plugins()
    yield
    for name in [m for m in sys.modules if m.startswith("clanboard_pebbles")]:
        del sys.modules[name]


def test_the_example_plugin_declares_a_game_and_an_agent() -> None:
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text())["project"]
    assert set(project["entry-points"]) == {GAMES_GROUP, AGENTS_GROUP}


def test_a_plugin_game_and_agent_are_registered_and_play_to_the_end(
        pebbles_installed: None) -> None:
    game = registry.get_game("pebbles")
    assert game in registry.games()
    assert registry.discovery_errors() == {}
    assert "greedy-pebbles" in agents.agent_names(game)
    assert agents.agent_plugin_errors() == {}
    for seed in range(5):
        state = game.new_state(seed=seed, options={"stones": 13})
        players = [make_agent(game, "greedy-pebbles", seed), make_agent(game, "random", seed)]
        play_game(state, players)
        assert state.is_terminal()
        assert state.winners() == [0]  # 13 = 1 + 3*4: the greedy first player always wins
        assert [str(m) for _, m in state.history][0] == "take 1"


def test_the_built_in_games_and_search_come_through_the_same_entry_points() -> None:
    from importlib.metadata import entry_points

    games = {ep.name for ep in entry_points(group=GAMES_GROUP)}
    assert {"schotten-totten", "glen-more", "isle-of-skye"} <= games
    assert "ismcts" in {ep.name for ep in entry_points(group=AGENTS_GROUP)}


def test_a_plugin_game_brings_its_browser_renderer(pebbles_installed: None) -> None:
    pytest.importorskip("fastapi", reason="the server is in the optional extra clanboard[web]")
    from clanboard.server.lobby.games import renderer_source

    source = renderer_source(registry.get_game("pebbles"))
    assert source is not None and 'registerRenderer("pebbles"' in source


def test_a_broken_plugin_is_reported_and_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dist = tmp_path / "broken-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        f"[{GAMES_GROUP}]\nbroken = no_such_module:GAME\n"
        f"[{AGENTS_GROUP}]\nnot-callable = sys:maxsize\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    _keep_registries(monkeypatch)
    registry._ERRORS.clear()
    agents._PLUGIN_ERRORS.clear()
    registry.rediscover()
    agents.reload_agent_plugins()
    assert "ModuleNotFoundError" in registry.discovery_errors()["broken"]
    assert "agent factory" in agents.agent_plugin_errors()["not-callable"]
    assert registry.get_game("schotten-totten")  # the others still load


@pytest.mark.parametrize("module", ["clanboard", "clanboard.core"])
def test_importing_the_core_loads_no_game_and_no_ai(module: str) -> None:
    code = (f"import sys, {module}; "
            "print(sorted(m for m in sys.modules if m.startswith(('clanboard.games', "
            "'clanboard.ai'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_threads_asking_while_the_games_load_wait_for_all_of_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A server asks from several threads at once; none may see a half-filled registry
    (it answered "no game 'schotten-totten'; registered games: none" under load)."""
    import threading
    import time

    slow_started = threading.Event()
    real = registry.load_group

    def slow_load(group: str, accept: Any) -> Any:
        slow_started.set()
        time.sleep(0.3)
        return real(group, accept)

    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_ERRORS", {})
    monkeypatch.setattr(registry, "_discovered", False)
    monkeypatch.setattr(registry, "load_group", slow_load)
    seen: list[list[str]] = []
    first = threading.Thread(target=lambda: seen.append([g.id for g in registry.games()]))
    first.start()
    slow_started.wait(5)
    seen.append([g.id for g in registry.games()])  # asked while the first thread loads
    first.join()
    assert len(seen) == 2 and seen[0] == seen[1] and "schotten-totten" in seen[1]


def test_every_built_in_game_package_has_an_entry_point() -> None:
    """A game package added under clanboard/games is found only through an entry point:
    this names the package whose line is missing from pyproject.toml."""
    import importlib
    import pkgutil
    from importlib.metadata import entry_points

    import clanboard.games

    declared = {ep.value.split(":")[0] for ep in entry_points(group=GAMES_GROUP)}
    for info in pkgutil.iter_modules(clanboard.games.__path__):
        module = importlib.import_module(f"clanboard.games.{info.name}")
        if hasattr(module, "GAME"):
            assert module.__name__ in declared, (
                f"{module.__name__} defines GAME but has no entry point: add "
                f'{module.GAME.id} = "{module.__name__}:GAME" under '
                f'[project.entry-points."{GAMES_GROUP}"] in pyproject.toml, then pip install -e .')
