"""Shared helpers: games from the provisional pack or from an edited copy of it."""

from __future__ import annotations

import csv
import itertools
import shutil
import tempfile
from pathlib import Path

from clanboard.core import get_game
from clanboard.games.glen_more_2.components import add_pack
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK
from clanboard.games.glen_more_2.state import GlenMore2State

GAME = get_game("glen-more-2")
OPTS = {"provisional": True}
_names = itertools.count()


def new(n: int = 3, seed: int = 0, pack: str = "provisional") -> GlenMore2State:
    s = GAME.new_state(n, seed=seed, options={**OPTS, "pack": pack}) if pack == "provisional" \
        else _direct(n, seed, pack)
    assert isinstance(s, GlenMore2State)
    return s


def _direct(n: int, seed: int, pack: str) -> GlenMore2State:
    s = GlenMore2State(GAME, n, seed, {"pack": pack, "provisional": True})
    s.setup()
    s.resolve_chance()
    return s


def edit_rows(path: Path, key: str, changes: dict[str, str]) -> None:
    """Change columns of the row whose first cell is ``key`` (append it when new)."""
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    cols = list(rows[0])
    hit = [r for r in rows if r[cols[0]] == key]
    if not hit:
        row = {c: "" for c in cols}
        row[cols[0]] = key
        rows.append(row)
        hit = [row]
    hit[0].update(changes)
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def custom_pack(settings: dict[str, str] | None = None,
                tiles: dict[str, dict[str, str]] | None = None) -> str:
    """An edited copy of the provisional pack, registered under a fresh name."""
    d = Path(tempfile.mkdtemp(prefix="gm2pack")) / "pack"
    shutil.copytree(PROVISIONAL_PACK, d)
    for name, value in (settings or {}).items():
        edit_rows(d / "settings.csv", name, {"value": value})
    for tid, changes in (tiles or {}).items():
        base = {"status": "unknown", "provisional": "yes", "reason": "test tile"}
        edit_rows(d / "tiles.csv", tid, {**base, **changes})
    name = f"test{next(_names)}"
    add_pack(name, d)
    return name


def to_take(s: GlenMore2State) -> None:
    """Resolve chance until a player is to take a tile."""
    s.resolve_chance()


def give(s: GlenMore2State, p: int, cell: tuple[int, int], **res: int) -> None:
    from clanboard.games.glen_more_2.components import RES_INDEX

    slot = s.terr[p].cells[cell]
    for k, v in res.items():
        s.terr[p].res[slot][RES_INDEX[k]] = v


def front(s: GlenMore2State, tile: str) -> None:
    """Put ``tile`` (from anywhere) directly ahead of the player to move (test set-up)."""
    comp = s.comp
    t = comp.index[tile]
    for st in s.stacks.values():
        if t in st:
            st.remove(t)
    if t in s.track:
        s.track.remove(t)
    s.track.insert(1, t)
    if len(s.track) > comp.settings.rondel_spaces - 1:
        last = max(i for i, v in enumerate(s.track) if v >= 0 and v != t)
        s.discarded.append(s.track.pop(last))


def moves(s: GlenMore2State) -> list[str]:
    return [str(m) for m in s.legal_moves()]


