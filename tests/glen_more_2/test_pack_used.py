"""``clanboard pack used RECORD``: the provisional values a recorded game actually used,
replayed from the record; other games' records and broken files get a clear error."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.core import get_game
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, load_pack
from clanboard.games.glen_more_2.provenance import used_provisional


def _record(path: Path, moves: int | None = None) -> list[str]:
    state = get_game("glen-more-2").new_state(3, 11, {"provisional": True,
                                                      "chronicles": "9,10,11"})
    rng = random.Random(11)
    n = 0
    while not state.is_terminal() and (moves is None or n < moves):
        p = state.players_to_move()[0]
        state.apply(rng.choice(state.legal_moves(p)), p)
        n += 1
    state.record().save(path)
    return [f"{e.file} {e.key}" for e in used_provisional(state)]  # type: ignore[arg-type]


def test_lists_what_a_finished_game_used(tmp_path: Path) -> None:
    used = _record(tmp_path / "game.json")
    out = CliRunner().invoke(app, ["pack", "used", str(tmp_path / "game.json"), "--markdown"])
    assert out.exit_code == 0, out.output
    rows = [line.split(" | ")[:2] for line in out.output.splitlines()[2:]]
    assert [f"{f.strip('| ')} {k}" for f, k in rows] == used
    assert any(u.startswith("highland_games.csv") for u in used)
    assert any(u.startswith("historic_places.csv") for u in used)
    # every provisional tile the game took counts, tournament tiles (used, then out of the
    # game) and tiles removed from a territory included
    record = json.loads((tmp_path / "game.json").read_text())
    taken = {m.split()[1].split(":")[0] for _, m in record["moves"] if m.startswith("take ")}
    provisional = {e.key for e in load_pack(PROVISIONAL_PACK).provisional()
                   if e.file == "tiles.csv"}
    assert any(t.startswith("G") for t in taken & provisional)
    assert {f"tiles.csv {t}" for t in taken & provisional} <= set(used)
    # far fewer than the pack lists: only what the game met
    listed = CliRunner().invoke(app, ["pack", "provisional", "--markdown"]).output
    assert 0 < len(used) < len(listed.splitlines()) - 2


def test_an_unfinished_game_says_so(tmp_path: Path) -> None:
    used = _record(tmp_path / "part.json", moves=40)
    out = CliRunner().invoke(app, ["pack", "used", str(tmp_path / "part.json")])
    assert out.exit_code == 0, out.output
    assert f"{len(used)} provisional value(s) used so far" in out.output


def test_bad_records_are_refused(tmp_path: Path) -> None:
    other = get_game("schotten-totten").new_state(2, 1)
    other.record().save(tmp_path / "st.json")
    out = CliRunner().invoke(app, ["pack", "used", str(tmp_path / "st.json")])
    assert out.exit_code == 1 and "only glen-more-2 games" in out.output
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    out = CliRunner().invoke(app, ["pack", "used", str(tmp_path / "bad.json")])
    assert out.exit_code == 1 and "not valid JSON" in out.output
    data = json.loads((tmp_path / "st.json").read_text())
    data.update(game="glen-more-2", options={"provisional": True}, num_players=2,
                moves=[[0, "take NOPE"]])
    (tmp_path / "ill.json").write_text(json.dumps(data), encoding="utf-8")
    out = CliRunner().invoke(app, ["pack", "used", str(tmp_path / "ill.json")])
    assert out.exit_code == 1 and "illegal" in out.output
    out = CliRunner().invoke(app, ["pack", "used", str(tmp_path / "missing.json")])
    assert out.exit_code == 1
