"""Self-play data for learning: trajectories as Parquet shards, and a loader of numpy batches.

One row per decision (chance events are not decisions): the acting seat's observation
tensor (and, on request, its information-state tensor), its legal action ids, the action
id taken, the search's root visit counts and value when the agent is ISMCTS, the chance
outcomes drawn since the previous decision (the deal at the first), every seat's score
after the move (per-step rewards where a game scores during play) and the game's final
returns. Shard ``k`` holds games
``k * games_per_shard ...`` and is written by the driver as its task finishes, so the
shards land in ``out`` whichever backend played them. The schema is in docs/cluster.md
("Self-play data"). Needs pyarrow and numpy (the ``clanboard[cluster]`` extra).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clanboard.ai.arena import MAX_MOVES, mix_seed
from clanboard.batch.job import BatchError, Job
from clanboard.core import CHANCE, get_game, make_agent

FORMAT = "clanboard-selfplay"
VERSION = 2
"""The schema's version: 2 added ``root_value``, ``chance_actions``, ``scores`` and the
optional ``infostate``; version 1 data sets are still read."""
READABLE = (1, 2)
META_KEY = b"clanboard"
PYARROW_MISSING = ("self-play data needs pyarrow and numpy: install the cluster extra "
                   "(pip install 'clanboard[cluster]')")


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError as exc:
        raise BatchError(PYARROW_MISSING) from exc
    return pyarrow


@dataclass(frozen=True)
class SelfPlayGame:
    """One game: its index in the job, the game seed, and who sits where."""

    index: int
    seed: int
    agent_names: tuple[str, ...]  # per seat
    agent_seeds: tuple[int, ...]  # per seat


@dataclass(frozen=True)
class ShardTask:
    """The games of one shard (the unit of work and of resuming)."""

    shard: int
    game: str
    num_players: int
    options: Mapping[str, Any]
    games: tuple[SelfPlayGame, ...]
    infostate: bool = False


def plan(game: str, agents: Sequence[str], games: int, seed: int, num_players: int,
         options: Mapping[str, Any], games_per_shard: int = 100,
         infostate: bool = False) -> list[ShardTask]:
    """The job's shards. Game ``g`` is dealt from ``mix_seed(seed, g)``; its agents are
    rotated ``g`` seats so each agent plays each seat equally often."""
    k = len(agents)
    if k != num_players:
        raise ValueError(f"give one agent per seat: {num_players} players need "
                         f"{num_players} agents, got {k} ({','.join(agents)})")
    if games < 1 or games_per_shard < 1:
        raise ValueError("the numbers of games and of games per shard must be at least 1")
    planned = [
        SelfPlayGame(
            index=g, seed=mix_seed(seed, g),
            agent_names=tuple(agents[(seat + g) % k] for seat in range(k)),
            agent_seeds=tuple(mix_seed(seed, g, 1 + seat) for seat in range(k)),
        ) for g in range(games)
    ]
    return [ShardTask(s, game, num_players, dict(options),
                      tuple(planned[i:i + games_per_shard]), infostate)
            for s, i in enumerate(range(0, games, games_per_shard))]


def _search(agent: Any, ids: dict[str, int], chosen: str
            ) -> tuple[list[int], list[int], float] | None:
    """The agent's last search as (visited action ids, their visits, the chosen move's
    mean return for the searching seat), when it searched (an ISMCTS agent keeps its
    latest ``SearchResult`` as ``last``)."""
    from clanboard.ai.ismcts import SearchResult

    last = getattr(agent, "last", None)
    if not isinstance(last, SearchResult) or not last.children:
        return None
    pairs = sorted((ids[key], n) for key, (n, _) in last.children.items()
                   if key in ids and n > 0)
    if not pairs:
        return None
    value = last.children[chosen][1] if chosen in last.children else float("nan")
    return [a for a, _ in pairs], [n for _, n in pairs], value


def _scores(state: Any) -> list[float] | None:
    try:
        return [float(x) for x in state.scores()]
    except (NotImplementedError, ValueError):
        return None


def play_shard(task: ShardTask) -> Any:
    """Play a shard's games and return their decisions as a pyarrow Table.

    The games run with ``auto_chance`` off and each chance event drawn as the core draws it
    (``sample_chance`` from the state's own generator), so they are the very games of a
    state that resolves chance itself, with the outcomes seen."""
    pa = _pyarrow()
    game = get_game(task.game)
    n = task.num_players
    actions = game.num_distinct_actions(n, task.options)
    cols: dict[str, list[Any]] = {name: [] for name in columns(task.infostate)}
    for sp in task.games:
        state = game.new_state(n, sp.seed, task.options, auto_chance=False)
        agents = [make_agent(game, name, seed=s)
                  for name, s in zip(sp.agent_names, sp.agent_seeds, strict=True)]
        try:
            cap = game.max_game_length(n, task.options)
        except NotImplementedError:
            cap = MAX_MOVES
        own = [[0.0] * actions for _ in range(n)] if task.infostate else []
        first = len(cols["game"])
        step = 0
        chance = _draw_chance(state, game)  # the deal
        while seats := state.players_to_move():
            if len(state.history) > cap:
                raise RuntimeError(f"game {sp.index + 1} did not end within {cap} moves")
            for seat in seats:
                legal = state.legal_moves(seat)
                ids = {str(m): state.move_to_action(m) for m in legal}
                observation = state.observation_tensor(seat)
                cols["observation"].append(observation)
                move = agents[seat].choose(state, seat)
                action = ids[str(move)]
                if task.infostate:
                    cols["infostate"].append([*observation, *own[seat]])
                    own[seat][action] += 1.0
                search = _search(agents[seat], ids, str(move))
                ply = len([1 for p, _ in state.history if p != CHANCE])
                state.apply(move, seat)
                for name, value in (("game", sp.index), ("seed", sp.seed), ("step", step),
                                    ("ply", ply), ("seat", seat),
                                    ("agent", sp.agent_names[seat]),
                                    ("legal_actions", sorted(ids.values())),
                                    ("action", action),
                                    ("visit_actions", search[0] if search else None),
                                    ("visit_counts", search[1] if search else None),
                                    ("root_value", search[2] if search else None),
                                    ("chance_actions", chance),
                                    ("scores", _scores(state))):
                    cols[name].append(value)
                step += 1
                chance = []
                if state.current_player() >= 0:
                    break
            chance = _draw_chance(state, game)
        final = [float(r) for r in state.returns()]
        cols["returns"].extend([final] * (len(cols["game"]) - first))
    return pa.table(cols, schema=schema(game.observation_tensor_size(n, task.options), n,
                                        actions if task.infostate else None))


def _draw_chance(state: Any, game: Any) -> list[int]:
    """Resolve the pending chance events as the core does; their action ids."""
    drawn = []
    while state.current_player() == CHANCE:
        move = state.sample_chance(state.rng)
        drawn.append(next(i for i, m, _ in game.chance_actions(state) if m == move))
        state.apply_trusted(move, CHANCE)
    return drawn


COLUMNS = ("game", "seed", "step", "ply", "seat", "agent", "observation", "legal_actions",
           "action", "visit_actions", "visit_counts", "root_value", "chance_actions",
           "scores", "returns")


def columns(infostate: bool = False) -> tuple[str, ...]:
    """The shards' columns (``infostate`` after ``observation`` when asked for)."""
    return (*COLUMNS[:7], "infostate", *COLUMNS[7:]) if infostate else COLUMNS


def schema(observation_size: int, num_players: int, infostate_actions: int | None = None
           ) -> Any:
    """The shards' Arrow schema (documented in docs/cluster.md); ``infostate_actions``: the
    number of action ids when the information-state tensor is kept."""
    pa = _pyarrow()
    fields = [
        ("game", pa.int32()), ("seed", pa.int64()), ("step", pa.int32()),
        ("ply", pa.int32()), ("seat", pa.int8()), ("agent", pa.string()),
        ("observation", pa.list_(pa.float32(), observation_size)),
        ("legal_actions", pa.list_(pa.int32())), ("action", pa.int32()),
        ("visit_actions", pa.list_(pa.int32())), ("visit_counts", pa.list_(pa.int32())),
        ("root_value", pa.float32()), ("chance_actions", pa.list_(pa.int32())),
        ("scores", pa.list_(pa.float32(), num_players)),
        ("returns", pa.list_(pa.float32(), num_players)),
    ]
    if infostate_actions is not None:
        fields.insert(7, ("infostate",
                          pa.list_(pa.float32(), observation_size + infostate_actions)))
    return pa.schema(fields)


def selfplay_job(out: str | Path, game: str, agents: Sequence[str], games: int, seed: int = 0,
                 num_players: int | None = None, options: Mapping[str, Any] | None = None,
                 games_per_shard: int = 100, infostate: bool = False) -> Job[ShardTask, Any]:
    """The self-play job writing into ``out``: run it with :func:`clanboard.batch.run`
    (``folder=out``); each result is the shard's ``{"file", "games", "decisions"}``."""
    _pyarrow()
    import pyarrow.parquet as pq

    g = get_game(game)
    n = g.check_players(num_players if num_players is not None else len(agents))
    opts = g.check_options(options)
    for name in dict.fromkeys(agents):
        make_agent(g, name, seed=0)  # an unknown agent or level fails now
    try:
        meta = {"format": FORMAT, "version": VERSION, "game": game, "num_players": n,
                "options": opts, "agents": list(agents), "seed": seed,
                "num_distinct_actions": g.num_distinct_actions(n, opts),
                "observation_tensor_size": g.observation_tensor_size(n, opts),
                "infostate": infostate}
    except NotImplementedError as exc:
        raise BatchError(f"{game} has no RL encoding for self-play data: {exc}") from exc
    tasks = plan(game, list(agents), games, seed, n, opts, games_per_shard, infostate)
    folder = Path(out)

    def store(index: int, table: Any) -> dict[str, Any]:
        name = f"shard-{index:05d}.parquet"
        table = table.replace_schema_metadata({META_KEY: json.dumps(meta)})
        tmp = folder / (name + ".part")
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, folder / name)  # a shard is there whole or not at all
        return {"file": name, "games": len(tasks[index].games), "decisions": table.num_rows}

    spec = {"game": game, "agents": list(agents), "games": games, "seed": seed,
            "players": n, "options": opts, "games_per_shard": games_per_shard,
            "infostate": infostate}
    return Job("selfplay", play_shard, tasks, store=store, spec=spec,
               weights=[len(t.games) for t in tasks])


# -- reading ---------------------------------------------------------------------------------


def shards(folder: str | Path) -> list[Path]:
    """The shard files of a self-play folder, in game order."""
    found = sorted(Path(folder).glob("shard-*.parquet"))
    if not found:
        raise BatchError(f"{folder} holds no self-play shards (shard-*.parquet)")
    return found


def metadata(folder: str | Path) -> dict[str, Any]:
    """The data set's description (game, options, sizes, agents, seed) from its shards;
    every shard must describe the same data set."""
    _pyarrow()
    import pyarrow.parquet as pq

    seen: dict[str, Any] | None = None
    for path in shards(folder):
        raw = (pq.read_schema(path).metadata or {}).get(META_KEY)
        try:
            meta = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            meta = None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise BatchError(f"{path} is not a clanboard self-play shard")
        if meta.get("version") not in READABLE:
            raise BatchError(f"{path}: unsupported self-play format version "
                             f"{meta.get('version')!r}; this version reads "
                             f"{', '.join(map(str, READABLE))}")
        if seen is not None and meta != seen:
            raise BatchError(f"{path} belongs to another data set than the other shards")
        seen = meta
    assert seen is not None
    return seen


def read_table(folder: str | Path) -> Any:
    """Every decision of a self-play folder as one pyarrow Table, in game order."""
    pa = _pyarrow()
    import pyarrow.parquet as pq

    metadata(folder)
    return pa.concat_tables([pq.read_table(p) for p in shards(folder)])


def load(folder: str | Path, batch_size: int = 1024) -> Iterator[dict[str, Any]]:
    """Numpy batches of decisions, in game order (shuffle them yourself for training).

    Each batch maps ``observation`` (float32, [B, observation size]), ``mask`` (bool,
    [B, actions]: the legal actions), ``action`` (int64, [B]), ``policy`` (float32,
    [B, actions]: the root visit counts normalised to sum 1; zeros where the agent did not
    search), ``has_policy`` (bool, [B]), ``returns`` (float32, [B, players]), ``value``
    (float32, [B]: the acting seat's return), and ``game``, ``seed``, ``step``, ``seat``
    (int64, [B]); from version 2 also ``root_value`` (float32, [B]: the search's value of
    its move for the acting seat, NaN where it did not search), ``scores`` (float32,
    [B, players]: every seat's score after the move; their differences are per-step
    rewards) and, when recorded, ``infostate`` (float32, [B, observation size + actions]).
    Numeric columns are numpy views of the Arrow buffers where Arrow allows it (no copy);
    the masks and policies are built. ``torch.from_numpy`` / ``jax.numpy.asarray`` take the
    arrays as they are."""
    import numpy as np

    _pyarrow()
    import pyarrow.parquet as pq

    meta = metadata(folder)
    actions = int(meta["num_distinct_actions"])
    obs_size = int(meta["observation_tensor_size"])
    players = int(meta["num_players"])
    for path in shards(folder):
        for rb in pq.ParquetFile(path).iter_batches(batch_size=batch_size):
            b = rb.num_rows
            obs = _flat(rb.column("observation"))
            mask = np.zeros((b, actions), dtype=bool)
            legal = rb.column("legal_actions")
            mask[np.repeat(np.arange(b), _lengths(legal)), _flat(legal)] = True
            policy = np.zeros((b, actions), dtype=np.float32)
            va, vc = rb.column("visit_actions"), rb.column("visit_counts")
            has = np.asarray(va.is_valid().to_numpy(zero_copy_only=False), dtype=bool)
            policy[np.repeat(np.arange(b), _lengths(va)), _flat(va)] = _flat(vc)
            sums = policy.sum(axis=1, keepdims=True)
            np.divide(policy, sums, out=policy, where=sums > 0)
            returns = _flat(rb.column("returns"))
            returns = returns.reshape(b, players).astype(np.float32)
            seat = rb.column("seat").to_numpy().astype(np.int64)
            batch = {
                "observation": obs.reshape(b, obs_size).astype(np.float32, copy=False),
                "mask": mask,
                "action": rb.column("action").to_numpy().astype(np.int64),
                "policy": policy,
                "has_policy": has,
                "returns": returns,
                "value": returns[np.arange(b), seat],
                "game": rb.column("game").to_numpy().astype(np.int64),
                "seed": rb.column("seed").to_numpy().astype(np.int64),
                "step": rb.column("step").to_numpy().astype(np.int64),
                "seat": seat,
            }
            names = rb.schema.names
            if "root_value" in names:
                batch["root_value"] = rb.column("root_value").to_numpy(
                    zero_copy_only=False).astype(np.float32, copy=False)
            if "scores" in names:
                scores = rb.column("scores")
                filled = np.full((b, players), np.nan, np.float32)
                valid = np.asarray(scores.is_valid().to_numpy(zero_copy_only=False), bool)
                filled[valid] = _flat(scores.filter(scores.is_valid())).reshape(-1, players)
                batch["scores"] = filled
            if "infostate" in names:
                batch["infostate"] = _flat(rb.column("infostate")).reshape(
                    b, obs_size + actions).astype(np.float32, copy=False)
            yield batch


def _flat(array: Any) -> Any:
    """The values of a (fixed-size) list column as numpy, slice offsets respected."""
    return array.flatten().to_numpy(zero_copy_only=False)


def _lengths(array: Any) -> Any:
    """Each row's list length (0 for a null list)."""
    return array.value_lengths().fill_null(0).to_numpy(zero_copy_only=False)
