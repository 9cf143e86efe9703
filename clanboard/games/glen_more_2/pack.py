"""Loading and checking a component pack: a directory of CSV files (see :data:`FILES`).

A bad pack raises :class:`PackError`, whose every issue names the file, the row (its
line number, header = line 1), the field and what is allowed.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, get_args

from pydantic import ValidationError

from clanboard.core import InvalidState
from clanboard.games.glen_more_2.effects import Activate, Effect, GainTile, Personality
from clanboard.games.glen_more_2.schema import (
    FILES,
    OPTIONAL_FILES,
    RESOURCES,
    ClanSpaceRow,
    FeastRow,
    HistoricRow,
    LandmarkRow,
    MarketRow,
    Row,
    ScoringRow,
    SettingRow,
    Settings,
    TileRow,
    TrackRow,
)
from clanboard.games.glen_more_2.solo_schema import (  # noqa: E402
    AllenarlyCardRow,
    AllenarlyChronicleRow,
    AllenarlyLevelRow,
    AllenarlyPathRow,
    AllenarlyPriorityRow,
)

PROVISIONAL_PACK = Path(__file__).parent / "packs" / "provisional"


@dataclass(frozen=True)
class Issue:
    """One problem in a pack."""

    file: str
    row: int | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.row is not None:
            where += f", row {self.row}"
        if self.field:
            where += f", field {self.field!r}"
        return f"{where}: {self.message}"


class PackError(InvalidState):
    """A pack that does not follow the schema; ``issues`` lists every problem found."""

    def __init__(self, directory: str, issues: list[Issue]) -> None:
        self.issues = issues
        self.directory = directory
        lines = "\n".join(f"  - {i}" for i in issues[:50])
        more = f"\n  ... and {len(issues) - 50} more" if len(issues) > 50 else ""
        super().__init__(f"bad component pack {directory}: {len(issues)} problem(s)\n"
                         f"{lines}{more}")


@dataclass(frozen=True)
class ProvisionalEntry:
    """A row (or setting) whose value is a placeholder, with the reason."""

    file: str
    key: str
    reason: str


@dataclass
class Pack:
    """A validated pack: its rows by file, the settings, and lookups."""

    directory: str
    settings: Settings
    setting_rows: list[SettingRow]
    tiles: list[TileRow]
    landmarks: list[LandmarkRow]
    clan_spaces: list[ClanSpaceRow]
    scoring: list[ScoringRow]
    market: list[MarketRow]
    feasts: list[FeastRow] = field(default_factory=list)
    alt_scoring: list[ScoringRow] = field(default_factory=list)
    historic: list[HistoricRow] = field(default_factory=list)
    tracks: list[TrackRow] = field(default_factory=list)
    tile_index: dict[str, int] = field(default_factory=dict)
    solo_cards: list[AllenarlyCardRow] = field(default_factory=list)
    solo_levels: list[AllenarlyLevelRow] = field(default_factory=list)
    solo_priority: list[AllenarlyPriorityRow] = field(default_factory=list)
    solo_paths: list[AllenarlyPathRow] = field(default_factory=list)
    solo_chronicles: list[AllenarlyChronicleRow] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.tile_index = {t.id: i for i, t in enumerate(self.tiles)}

    def provisional(self) -> list[ProvisionalEntry]:
        """Everything still provisional, file by file."""
        out: list[ProvisionalEntry] = []
        for name, rows in self.files():
            for r in rows:
                if r.provisional:
                    out.append(ProvisionalEntry(name, _key(r), r.reason))
        return out

    def files(self) -> Iterator[tuple[str, list[Any]]]:
        yield "settings.csv", self.setting_rows
        yield "tiles.csv", self.tiles
        yield "landmarks.csv", self.landmarks
        yield "clan_spaces.csv", self.clan_spaces
        yield "scoring.csv", self.scoring
        yield "market.csv", self.market
        yield "feasts.csv", self.feasts
        yield "alt_scoring.csv", self.alt_scoring
        yield "historic_places.csv", self.historic
        yield "highland_games.csv", self.tracks
        yield "allenarly_cards.csv", self.solo_cards
        yield "allenarly_levels.csv", self.solo_levels
        yield "allenarly_priority.csv", self.solo_priority
        yield "allenarly_paths.csv", self.solo_paths
        yield "allenarly_chronicles.csv", self.solo_chronicles

    def chronicles(self) -> set[int]:
        """The chronicles this pack has the components of (9: feasts + board; 11: historic
        places)."""
        out = {9} if self.feasts and self.alt_scoring else set()
        out |= {12} if self.solo_cards and self.solo_levels and self.solo_priority and \
            self.solo_paths else set()
        return out | ({11} if self.historic else set()) | ({10} if self.tracks else set())

    def scoring_vp(self, difference: int, alternative: bool = False) -> int:
        best = 0
        for r in self.alt_scoring if alternative else self.scoring:
            if r.difference <= difference:
                best = r.vp
        return best


def _key(r: Row) -> str:
    if isinstance(r, TrackRow):
        return f"{r.track} {r.rank}"
    if isinstance(r, AllenarlyPathRow):
        return f"{r.token} {r.step}"
    if isinstance(r, AllenarlyPriorityRow):
        return r.category
    if isinstance(r, AllenarlyChronicleRow):
        return f"chronicle {r.chronicle}"
    for name in ("id", "name", "resource", "difference"):
        if hasattr(r, name):
            return str(getattr(r, name))
    return "?"


def _allowed(model: type[Row], name: str) -> str:
    info = model.model_fields.get(name)
    if info is None:
        return ""
    args = get_args(info.annotation)
    if args and all(isinstance(a, str | int) for a in args):
        return "; allowed: " + ", ".join(map(str, args))
    return ""


def _read(directory: Path, name: str, model: type[Row], issues: list[Issue]) -> list[Any]:
    path = directory / name
    if not path.is_file():
        issues.append(Issue(name, None, None,
                            f"file missing; a pack has {', '.join(FILES)}"))
        return []
    columns = set(model.model_fields)
    rows: list[Any] = []
    try:
        with path.open(encoding="utf-8", newline="") as f:
            reader = csv.DictReader(f)
            header = reader.fieldnames or []
            unknown = [c for c in header if c not in columns]
            if unknown:
                issues.append(Issue(name, 1, unknown[0],
                                    f"unknown column; columns are {', '.join(model.model_fields)}"))
                return []
            required = [n for n, f_ in model.model_fields.items() if f_.is_required()]
            missing = [c for c in required if c not in header]
            if missing:
                issues.append(Issue(name, 1, missing[0], "required column missing"))
                return []
            for line, raw in enumerate(reader, start=2):
                data = {k: v for k, v in raw.items() if k is not None and v is not None}
                try:
                    rows.append(model.model_validate(data))
                except ValidationError as exc:
                    for err in exc.errors():
                        fld = str(err["loc"][0]) if err["loc"] else None
                        msg = err["msg"].removeprefix("Value error, ")
                        got = data.get(fld or "")
                        shown = f" (got {got!r})" if got is not None else ""
                        extra = _allowed(model, fld) if fld and "allowed" not in msg else ""
                        issues.append(Issue(name, line, fld, f"{msg}{shown}{extra}"))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        issues.append(Issue(name, None, None, f"cannot read: {exc}"))
    return rows


def _settings(rows: list[SettingRow], issues: list[Issue]) -> Settings:
    values: dict[str, str] = {}
    lines: dict[str, int] = {}
    known = Settings.model_fields
    for line, r in enumerate(rows, start=2):
        if r.name not in known:
            issues.append(Issue("settings.csv", line, "name",
                                f"unknown setting {r.name!r}; settings are {', '.join(known)}"))
            continue
        if r.name in values:
            issues.append(Issue("settings.csv", line, "name", f"{r.name!r} given twice"))
        values[r.name] = r.value
        lines[r.name] = line
    for name in known:
        if name not in values:
            issues.append(Issue("settings.csv", None, "name",
                                f"setting {name!r} missing ({known[name].description})"))
    try:
        return Settings.model_validate(values)
    except ValidationError as exc:
        for err in exc.errors():
            name = str(err["loc"][0])
            msg = err["msg"].removeprefix("Value error, ")
            issues.append(Issue("settings.csv", lines.get(name), "value",
                                f"{name}: {msg} (got {values.get(name)!r})"))
    return Settings.model_validate({})


def _cross_check(p: Pack, issues: list[Issue]) -> None:
    tiles = {t.id: (i + 2, t) for i, t in enumerate(p.tiles)}
    cards = {c.id: (i + 2, c) for i, c in enumerate(p.landmarks)}
    if len(tiles) != len(p.tiles):
        seen: set[str] = set()
        for i, t in enumerate(p.tiles):
            if t.id in seen:
                issues.append(Issue("tiles.csv", i + 2, "id", f"tile id {t.id!r} used twice"))
            seen.add(t.id)

    def refs(effect: Effect, file: str, line: int, fld: str) -> None:
        for opt in effect.options:
            for g in opt.gains:
                if isinstance(g, GainTile | Personality) and g.tile not in tiles:
                    issues.append(Issue(file, line, fld, f"{g} names no tile"))
                if isinstance(g, Personality) and g.tile in tiles and \
                        tiles[g.tile][1].kind != "personality":
                    issues.append(Issue(file, line, fld, f"{g} names no personality tile"))
                if isinstance(g, Activate) and file == "clan_spaces.csv":
                    issues.append(Issue(file, line, fld, "a clan space cannot activate tiles"))
            for c in opt.conditions:
                if c.relation == "has" and c.tile not in tiles:
                    issues.append(Issue(file, line, fld, f"has:{c.tile} names no tile"))

    for tid, (line, t) in tiles.items():
        if t.landmark and t.landmark not in cards:
            issues.append(Issue("tiles.csv", line, "landmark",
                                f"no landmark card {t.landmark!r}; cards: {', '.join(cards)}"))
        refs(t.bonus, "tiles.csv", line, "bonus")
        refs(t.activation, "tiles.csv", line, "activation")
        if t.rebuild and t.kind in ("personality", "worlds_end"):
            issues.append(Issue("tiles.csv", line, "rebuild",
                                f"a {t.kind} tile cannot be a rebuild tile ({tid})"))
    for cid, (line, c) in cards.items():
        if c.tile not in tiles:
            issues.append(Issue("landmarks.csv", line, "tile", f"no tile {c.tile!r} (card {cid})"))
        refs(c.effect, "landmarks.csv", line, "effect")
    seen_spaces: set[str] = set()
    for i, space in enumerate(p.clan_spaces):
        refs(space.effect, "clan_spaces.csv", i + 2, "effect")
        if space.id in seen_spaces:
            issues.append(Issue("clan_spaces.csv", i + 2, "id",
                                f"space id {space.id!r} used twice"))
        seen_spaces.add(space.id)
    for i, h in enumerate(p.historic):
        line = i + 2
        if h.id in tiles or any(o.id == h.id for o in p.historic[:i]):
            issues.append(Issue("historic_places.csv", line, "id",
                                f"id {h.id!r} is already used by a tile or historic place"))
        fld, problem = h.shape_problem()
        if problem:
            issues.append(Issue("historic_places.csv", line, fld, problem))
        if h.landmark and h.landmark not in cards:
            issues.append(Issue("historic_places.csv", line, "landmark",
                                f"no landmark card {h.landmark!r}"))
        refs(h.bonus, "historic_places.csv", line, "bonus")
        refs(h.activation, "historic_places.csv", line, "activation")
    if p.tracks:
        for track in ("caber", "stone", "solo_caber", "solo_stone"):
            ranks = sorted(r.rank for r in p.tracks if r.track == track)
            if ranks != [1, 2, 3, 4, 5] and (ranks or not track.startswith("solo")):
                issues.append(Issue("highland_games.csv", None, "rank",
                                    f"the {track} track needs ranks 1-5 once each; found {ranks}"))
        central = [r.rank for r in p.tracks if r.track == "central"]
        if len(set(central)) != len(central):
            issues.append(Issue("highland_games.csv", None, "rank",
                                f"a central-track rank is given twice: {sorted(central)}"))
        for i, r in enumerate(p.tracks):
            refs(r.reward, "highland_games.csv", i + 2, "reward")
            want = "reward" if r.track == "central" else "modifier" if r.rank in (3, 4) \
                else "effect"
            if r.type != want:
                issues.append(Issue("highland_games.csv", i + 2, "type",
                                    f"{r.track} rank {r.rank} gives a {want} (HG-RU 326)"))
    by_stack = [t.stack for t in p.tiles]
    worlds = [t for t in p.tiles if t.kind == "worlds_end"]
    if len(worlds) != 1 or worlds[0].stack != "D":
        issues.append(Issue("tiles.csv", None, "kind",
                            "exactly one worlds_end tile, in stack D, is needed"))
    home = sorted(t.kind for t in p.tiles if t.stack == "home")
    if home != ["castle", "village"]:
        issues.append(Issue("tiles.csv", None, "stack",
                            "the home tile is two rows of stack 'home': one village (left half) "
                            f"and one castle (right half); found {home}"))
    for letter in ("S", "A", "B", "C", "D"):
        if letter not in by_stack:
            issues.append(Issue("tiles.csv", None, "stack", f"stack {letter} has no tile"))
    for name, table in (("scoring.csv", p.scoring), ("alt_scoring.csv", p.alt_scoring)):
        diffs = [r.difference for r in table]
        if diffs != list(range(len(diffs))) or (not diffs and name == "scoring.csv"):
            issues.append(Issue(name, None, "difference",
                                f"differences must run 0, 1, 2, ... in order; found {diffs}"))
    if bool(p.feasts) != bool(p.alt_scoring):
        issues.append(Issue("feasts.csv", None, None,
                            "chronicle 9 needs both feasts.csv and alt_scoring.csv"))
    if p.feasts and len(p.feasts) < 5:
        issues.append(Issue("feasts.csv", None, None, "at least 5 feasts are needed (5 face up)"))
    res = sorted(r.resource for r in p.market)
    if res != sorted(RESOURCES):
        issues.append(Issue("market.csv", None, "resource",
                            f"one row per resource ({', '.join(RESOURCES)}); found {res}"))
    s = p.settings
    start = by_stack.count("S")
    n_max = 4
    free = s.rondel_spaces - 1 - start - n_max - (1 if 4 in s.die_player_counts else 0)
    if free < 0:
        issues.append(Issue("settings.csv", None, "value",
                            f"rondel_spaces {s.rondel_spaces} cannot hold {start} start tiles, "
                            f"4 Scotsmen and the gap"))


def load_pack(directory: str | Path) -> Pack:
    """Read and validate a pack; raises :class:`PackError` listing every problem."""
    d = Path(directory)
    if not d.is_dir():
        raise PackError(str(d), [Issue(str(d), None, None, "not a directory")])
    issues: list[Issue] = []
    rows = {name: _read(d, name, model, issues) for name, model in FILES.items()}
    for name, model in OPTIONAL_FILES.items():
        rows[name] = _read(d, name, model, issues) if (d / name).is_file() else []
    settings = (_settings(rows["settings.csv"], issues) if rows["settings.csv"]
                else Settings.model_validate({}))
    pack = Pack(str(d), settings, rows["settings.csv"], rows["tiles.csv"],
                rows["landmarks.csv"], rows["clan_spaces.csv"], rows["scoring.csv"],
                rows["market.csv"], rows["feasts.csv"], rows["alt_scoring.csv"],
                rows["historic_places.csv"], rows["highland_games.csv"])
    pack.solo_cards = rows["allenarly_cards.csv"]
    pack.solo_levels = rows["allenarly_levels.csv"]
    pack.solo_priority = rows["allenarly_priority.csv"]
    pack.solo_paths = rows["allenarly_paths.csv"]
    pack.solo_chronicles = rows["allenarly_chronicles.csv"]
    if not issues:
        _cross_check(pack, issues)
        solo_check(pack, issues)
    if issues:
        raise PackError(str(d), issues)
    return pack


@cache
def provisional_pack() -> Pack:
    """The pack shipped with the game (read once)."""
    return load_pack(PROVISIONAL_PACK)


def solo_check(p: Pack, issues: list[Issue]) -> None:
    """Allenarly's files refer to tiles and clans that exist, and form a whole."""
    names = ("allenarly_cards.csv", "allenarly_levels.csv", "allenarly_priority.csv",
             "allenarly_paths.csv")
    given = [n for n, rows in zip(names, (p.solo_cards, p.solo_levels, p.solo_priority,
                                          p.solo_paths), strict=True) if rows]
    if not given:
        return
    if len(given) != len(names):
        missing = [n for n in names if n not in given]
        issues.append(Issue(missing[0], None, None, "Allenarly (chronicle 12) needs all of "
                            f"{', '.join(names)}; missing or empty: {', '.join(missing)}"))
        return
    ids = [c.id for c in p.solo_cards]
    for line, c in enumerate(p.solo_cards, start=2):
        if ids.count(c.id) > 1:
            issues.append(Issue("allenarly_cards.csv", line, "id", f"card {c.id} given twice"))
    if len(ids) < 3:
        issues.append(Issue("allenarly_cards.csv", None, None,
                            "at least 3 action cards: 2 are set aside at each shuffle "
                            "(HG-RU 606)"))
    tiles = {t.id for t in p.tiles}
    for line, lv in enumerate(p.solo_levels, start=2):
        if lv.start_tile not in tiles:
            issues.append(Issue("allenarly_levels.csv", line, "start_tile",
                                f"no tile {lv.start_tile!r} in tiles.csv"))
    levels = [lv.id for lv in p.solo_levels]
    for lv_id in ("ablach", "dus", "reglar", "skelp", "bodach"):
        if levels.count(lv_id) != 1:
            issues.append(Issue("allenarly_levels.csv", None, "id",
                                f"level {lv_id!r} must be given once (found "
                                f"{levels.count(lv_id)})"))
    cats = sorted(r.category for r in p.solo_priority)
    if cats != sorted(("castle", "landmarks", "whisky", "personalities")):
        issues.append(Issue("allenarly_priority.csv", None, "category",
                            "one token per scoring category: castle, landmarks, whisky, "
                            f"personalities; found {', '.join(cats)}"))
    clans = {s.clan for s in p.clan_spaces}
    seen: set[tuple[str, int]] = set()
    for line, r in enumerate(p.solo_paths, start=2):
        if r.clan not in clans:
            issues.append(Issue("allenarly_paths.csv", line, "clan",
                                f"no clan {r.clan!r} in clan_spaces.csv; clans: "
                                f"{', '.join(sorted(clans))}"))
        if (r.token, r.step) in seen:
            issues.append(Issue("allenarly_paths.csv", line, "step",
                                f"step {r.step} of the {r.token} token given twice"))
        seen.add((r.token, r.step))
    for line, ch in enumerate(p.solo_chronicles, start=2):
        if ch.free_tile and ch.free_tile not in tiles:
            issues.append(Issue("allenarly_chronicles.csv", line, "free_tile",
                                f"no tile {ch.free_tile!r} in tiles.csv"))
        if ch.chronicle == 9 and (len(ch.stack_sizes) != 4 or len(ch.budgets) != 4):
            issues.append(Issue("allenarly_chronicles.csv", line, "budgets",
                                "chronicle 9 gives a bid-stack size and a VP budget for each "
                                "of the 4 scoring rounds, e.g. '1 2 3 4' and '3 4 5 6'"))
