"""A validated pack turned into the lookups the rules use (tiles by index, stacks, costs)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from clanboard.core import InvalidState
from clanboard.games.glen_more_2.effects import RESOURCES, Cost, Effect
from clanboard.games.glen_more_2.market import Need
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, Pack, load_pack
from clanboard.games.glen_more_2.schema import HistoricCell, HistoricRow, TileRow, TrackRow
from clanboard.games.glen_more_2.store import content_hash, installed

STACK_ORDER = ("A", "B", "C", "D")
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
PACKS_DIR = PROVISIONAL_PACK.parent


class Components:
    """The pack's components for the rules: tiles by index, their costs as :class:`Need`."""

    def __init__(self, name: str, pack: Pack) -> None:
        self.name = name
        self.pack = pack
        self.settings = pack.settings
        self.provisional_entries = pack.provisional()
        self.tiles: list[TileRow] = list(pack.tiles)
        # chronicle 11: every historic place as tiles (a single tile; a double's blueprint
        # tile in its stack and one tile per half and side, laid beside the rondel)
        self.historic: dict[int, HistoricRow] = {}
        self.halves: dict[int, list[tuple[int, int]]] = {}
        self.cell_of: dict[int, HistoricCell] = {}
        self.partner: dict[int, int] = {}
        self.blueprint_need: dict[int, Need] = {}
        # per blueprint card: each side's cells as (kind built over, over a river only),
        # left to right (HistoricRow.sides without building its models at each look)
        self.build_sides: dict[int, list[list[tuple[str, bool]]]] = {}
        for h in pack.historic:
            self._add_historic(h)
        self.index = {t.id: i for i, t in enumerate(self.tiles)}
        self.costs: list[tuple[Need, ...]] = [
            tuple(Need.of(alt) for alt in t.cost.alternatives) for t in self.tiles]
        self.stack_tiles = {s: [i for i, t in enumerate(self.tiles) if t.stack == s
                                and i not in self.historic and not t.chronicle]
                            for s in ("S", *STACK_ORDER)}
        self.tracks: dict[tuple[str, int], TrackRow] = {(r.track, r.rank): r for r in pack.tracks}
        self.home_village = next(i for i, t in enumerate(self.tiles)
                                 if t.stack == "home" and t.kind == "village")
        self.home_castle = next(i for i, t in enumerate(self.tiles)
                                if t.stack == "home" and t.kind == "castle")
        self.worlds_end = next(i for i, t in enumerate(self.tiles) if t.kind == "worlds_end")
        self.cards = {c.id: c for c in pack.landmarks}
        self.card_ids = [c.id for c in pack.landmarks]
        self.spaces = list(pack.clan_spaces)
        self.space_index = {s.id: i for i, s in enumerate(self.spaces)}
        self.feasts = list(pack.feasts)
        self.feast_costs = [tuple(Need.of(a) for a in f.cost.alternatives) for f in self.feasts]
        self.market_prices = {RES_INDEX[r.resource]: r.prices for r in pack.market}
        self._stacks: dict[tuple[frozenset[int], int], dict[str, list[int]]] = {}

    def _add_historic(self, h: HistoricRow) -> None:
        sides = h.sides()
        first = sides[0][0]

        def tile(tid: str, name: str, stack: str, cell: HistoricCell) -> int:
            self.tiles.append(TileRow.model_construct(
                id=tid, name=name, name_ru=h.name_ru, stack=stack, kind=cell.kind, cost=Cost(),
                bonus=Effect(), activation=h.activation, river=cell.river, rebuild=False,
                landmark="", status=h.status, source=h.source, provisional=h.provisional,
                reason=h.reason, notes=h.notes))
            i = len(self.tiles) - 1
            self.historic[i] = h
            self.cell_of[i] = cell
            return i

        if h.format == "single":
            card = tile(h.id, h.name, h.stack, first)
        else:
            card = tile(h.id, f"{h.name} (blueprint tile)", h.stack, first)
            pairs = []
            for n, side in enumerate(sides, start=1):
                left = tile(f"{h.id}-{n}L", f"{h.name} ({n}, left)", "historic", side[0])
                right = tile(f"{h.id}-{n}R", f"{h.name} ({n}, right)", "historic", side[1])
                self.partner[left], self.partner[right] = right, left
                pairs.append((left, right))
            self.halves[card] = pairs
        self.build_sides[card] = [[(c.over, c.river) for c in side] for side in sides]
        alts = h.cost.alternatives
        self.blueprint_need[card] = Need.of(alts[0]) if alts else Need(any=2)

    def stacks_for(self, chronicles: frozenset[int], players: int = 4) -> dict[str, list[int]]:
        """The tiles of each stack in a game (chronicle 11 adds its historic places and
        blueprint tiles, HG-RU 442; chronicle 10 its tiles, in S only those for this many
        players, HG-RU 286). Counted once per setting (each new game asks)."""
        key = (chronicles, players)
        if key not in self._stacks:
            self._stacks[key] = self._stacks_for(chronicles, players)
        return {k: list(v) for k, v in self._stacks[key].items()}

    def _stacks_for(self, chronicles: frozenset[int], players: int) -> dict[str, list[int]]:
        out = {k: list(v) for k, v in self.stack_tiles.items()}
        if 10 in chronicles:
            for i, t in enumerate(self.tiles):
                if t.chronicle == 10 and t.stack in out and players >= t.min_players:
                    out[t.stack].append(i)
        if 11 in chronicles:
            for i in self.historic:
                if self.tiles[i].stack in out:
                    out[self.tiles[i].stack].append(i)
        return out

    def is_historic_card(self, tile: int) -> bool:
        """A tile that goes onto a blueprint card when taken (a single historic place or a
        double's blueprint tile)."""
        return tile in self.historic and self.tiles[tile].stack != "historic"

    def active_spaces(self, chronicles: frozenset[int]) -> list[str]:
        """The clan board's spaces in a game: the base spaces, where a chronicle's shield of
        the same clan replaces the printed space (HG-RU 187), and its other shields added."""
        base = [s for s in self.spaces if s.chronicle == 0]
        shields = [s for s in self.spaces if s.chronicle in chronicles]
        by_clan = {s.clan: s for s in shields}
        out = [by_clan.pop(s.clan).id if s.clan in by_clan else s.id for s in base]
        return out + [s.id for s in shields if s.clan in by_clan]

    def costs_of_feast(self, feast: int) -> tuple[Need, ...]:
        return self.feast_costs[feast]

    def prices(self, k: int) -> tuple[int, ...]:
        return self.market_prices[k]

    def tile_id(self, i: int) -> str:
        return self.tiles[i].id


_EXTRA: dict[str, Path] = {}


def add_pack(name: str, directory: str | Path) -> None:
    """Make a pack directory outside the package loadable by name (tests, tools)."""
    _EXTRA[name] = Path(directory)
    forget_packs()


def forget_packs() -> None:
    """Read the packs again at next use (after an install or an added pack)."""
    components.cache_clear()
    pack_hash.cache_clear()
    _LOADED.clear()


@cache
def shipped_names() -> tuple[str, ...]:
    """The packs shipped in the package (directories under ``packs/``)."""
    return tuple(sorted(p.name for p in PACKS_DIR.iterdir() if (p / "tiles.csv").is_file()))


def known_packs() -> frozenset[str]:
    """The packs known without reading the installed ones: shipped, added, and those
    already loaded in this process (a game's start stays cheap); see :func:`pack_names`."""
    return frozenset({*shipped_names(), *_EXTRA, *_LOADED})


def pack_names() -> tuple[str, ...]:
    """Every pack a game may name: shipped, added by :func:`add_pack`, and installed with
    ``clanboard pack install`` (looked up at each call, never fixed at import)."""
    return tuple(sorted({*shipped_names(), *_EXTRA, *installed()}))


def pack_dir(name: str) -> Path:
    """The directory of the pack called ``name`` (an added one first, then shipped, then
    the latest installed version)."""
    if name in _EXTRA:
        return _EXTRA[name]
    if name in shipped_names():
        return PACKS_DIR / name
    found = installed().get(name)
    if found is None:
        raise InvalidState(f"no component pack {name!r}; packs: {', '.join(pack_names())} "
                           f"(install one with 'clanboard pack install DIR')")
    return found.path


@cache
def pack_hash(name: str) -> str:
    """The content hash of the pack a game called ``name`` loads (see :mod:`.store`)."""
    return content_hash(pack_dir(name))


_LOADED: set[str] = set()


@cache
def components(name: str) -> Components:
    """The components of a pack, loaded once."""
    comp = Components(name, load_pack(pack_dir(name)))
    _LOADED.add(name)
    return comp
