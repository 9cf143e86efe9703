"""What one seat may see: the observation JSON (format in docs/isle-of-skye.md)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from clanboard.games.isle_of_skye.constants import COLOURS
from clanboard.games.isle_of_skye.tiles import (
    DIRS,
    LETTERS,
    castles,
    scoring_tiles,
)

if TYPE_CHECKING:
    from clanboard.games.isle_of_skye.state import SkyeState


def offers_visible(state: SkyeState, seat: int, viewer: int | None) -> bool:
    """A seat's discard and prices: to itself at once, to others after the reveal (R-5.4)."""
    return viewer == seat or state.phase != "price"


def tile_info(state: SkyeState, tile_id: str) -> dict[str, Any]:
    """A tile as printed (rotation 0), for front ends that draw it: edge terrains, roads,
    icon counts, and where things lie: ``regions`` (terrain per region id),
    ``edge_regions`` (region of N, E, S, W), ``internal`` (regions touching no edge),
    ``icon_regions`` ([icon, count, region]) and ``scroll_region``."""
    tile = state.tiles.get(tile_id) or castles()[tile_id.removeprefix("castle-")]
    nets: dict[int, list[str]] = {}
    for d, net in enumerate(tile.roads):
        if net >= 0:
            nets.setdefault(net, []).append(DIRS[d])
    return {
        "edges": tile.edges,
        "roads": "".join(DIRS[d] for d in range(4) if tile.roads[d] >= 0),
        "road_networks": ["".join(v) for v in nets.values()],
        "icons": dict(tile.counts),
        "scroll": tile.scroll or None,
        "regions": "".join(tile.region_terrain),
        "edge_regions": list(tile.edge_region),
        "internal": list(tile.internal),
        "icon_regions": [[kind, n, region] for kind, n, region in tile.icons],
        "scroll_region": tile.scroll_region if tile.scroll else None,
        "castle": tile.castle,
    }


@cache
def scoring_text() -> dict[str, dict[str, str]]:
    """Every scoring tile's name and rule as printed in the data file."""
    return {sid: {"name": t.name, "rule": t.rule} for sid, t in scoring_tiles().items()}


def observation(state: SkyeState, viewer: int | None) -> dict[str, Any]:
    players = []
    for p in range(state.num_players):
        show = offers_visible(state, p, viewer)
        offers = None
        if show:
            offers = [
                {"tile": t, "price": a, "buyer": state.bought_by.get(t)}
                for t, a in state.prices[p].items()
            ]
        players.append({
            "seat": p,
            "colour": COLOURS[p],
            "vp": state.vp[p],
            "gold": state.gold[p] if state.gold_visible(p, viewer) else None,
            "reserved": (
                sum(a for t, a in state.prices[p].items() if t not in state.bought_by)
                if show else None
            ),
            "income": state.income[p],
            "territory": [[f"castle-{COLOURS[p]}", 0, 0, 0]] + [list(x) for x in state.placed[p]],
            "drawn": list(state.drawn[p]),
            "committed": state.committed(p) if state.phase == "price" else None,
            "discard": state.discard[p] if show else None,
            "offers": offers,
            "pending": list(state.pending[p]),
        })
    letters = state.letters_now()
    shown = {t for d in state.drawn for t in d} | {t for d in state.pending for t in d}
    shown |= {t for pl in state.placed for t, *_ in pl}
    shown |= {f"castle-{COLOURS[p]}" for p in range(state.num_players)}
    return {
        "game": "isle-of-skye",
        "viewer": viewer,
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "start_player": state.start,
        "to_move": state.current_player(),
        "players_to_move": state.players_to_move(),
        "scoring_tiles": {LETTERS[i]: s for i, s in enumerate(state.scoring)},
        "active_letters": list(letters),
        "catchup_gold": state.track[state.round - 1].catchup if state.round else 0,
        "round_track": [
            {"round": i + 1, "letters": list(r.letters), "catchup": r.catchup}
            for i, r in enumerate(state.track)
        ],
        "scoring_text": {s: scoring_text()[s] for s in state.scoring},
        "bag_size": len(state.bag),
        "players": players,
        "tiles": {t: tile_info(state, t) for t in sorted(shown)},
        "round_points": [{k: list(v) for k, v in r.items()} for r in state.round_points],
        "final": {k: list(v) for k, v in state.final.items()} or None,
        "winners": state.winners() or None,
    }
