"""Which provisional values of its pack a game has actually used so far."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clanboard.games.glen_more_2.moves import CLAN, MOVE, PASS, GMove
from clanboard.games.glen_more_2.pack import ProvisionalEntry

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

#: settings every game consults
_ALWAYS = {"rondel_spaces", "start_coins_first", "start_coins_step", "scotsmen_per_player",
           "clan_markers_per_player", "tile_capacity", "worlds_end_rule",
           "market_prefill_player_counts", "die_player_counts", "placement_adjacency",
           "river_rule", "territory_penalty"}


def used_settings(s: GlenMore2State) -> set[str]:
    moves = [m for _, m in s.history if isinstance(m, GMove)]
    used = set(_ALWAYS)
    if s.use_die:
        used |= {"die_faces", "die_setup"}
    if s.d_drawn:
        used.add("worlds_end_position")
    if any(m.op == MOVE for m in moves):
        used.add("move_adjacency")
    if any(m.op == PASS for m in moves):
        used.add("no_tile_takeable")
    clan = [m for m in moves if m.op == CLAN]
    if clan:
        used.add("clan_space_reuse")
    if any(m.name == "none" for m in clan):
        used.add("personality_without_space")
    if any(t.scotsmen() > 1 for t in s.terr):
        used.add("new_scotsman_on")
    if any(u for t in s.terr for u in t.under):
        used.add("rebuild_covered")
    if 11 in s.ch and s.final:
        used.add("unbuilt_historic_penalty")
    if s.final and len(s.winners()) != sum(v == max(s.vp) for v in s.vp):
        used.add("tie_break")
    return used


def used_provisional(s: GlenMore2State) -> list[ProvisionalEntry]:
    """The pack's provisional entries this game has met: settings it consulted, tiles laid
    out on the rondel or owned, landmark cards taken, clan spaces used, scoring rows hit."""
    comp = s.comp
    tiles = {comp.tile_id(t) for t in s.track if t >= 0}
    tiles |= {comp.tile_id(t) for t in s.discarded}
    # tournament tiles (applied, then out of the game) and tiles removed from territories
    tiles |= {comp.tile_id(t) for t in s.removed}
    for p in range(s.num_players):
        terr = s.terr[p]
        tiles |= {comp.tile_id(t) for t in terr.tiles}
        tiles |= {comp.tile_id(u) for us in terr.under for u in us}
        tiles |= {comp.tile_id(t) for t in s.personalities[p]}
    solo = _solo_keys(s)
    tiles |= solo.pop("tiles.csv")
    historic = {comp.historic[comp.index[t]].id for t in tiles if comp.index[t] in comp.historic}
    historic |= {comp.historic[c["tile"]].id for cs in s.blueprints for c in cs}
    historic |= {comp.historic[t].id for t in s.removed if t in comp.historic}
    tracks = set(s.reached)  # chronicle 10: the board's steps some representative reached
    cards = {c for cs in s.cards for c in cs}
    spaces = {k for k, v in s.clan.items() if v}
    top = max(r.difference for r in comp.pack.scoring)
    diffs: set[str] = set()
    for sc in s.scorings:
        for cat in ("castle", "landmarks", "whisky", "personalities"):
            if cat in sc:
                low = min(sc[cat])
                diffs |= {str(min(v - low, top)) for v in sc[cat]}
    feasts: set[str] = set()
    alt: set[str] = set()
    if 9 in s.ch:
        feasts = {comp.feasts[f].id for f in s.feast_row}
        feasts |= {comp.feasts[f].id for f in s.feast_discard}
        alt, diffs = diffs, set()
    keys = {"settings.csv": used_settings(s), "tiles.csv": tiles, "landmarks.csv": cards,
            "clan_spaces.csv": spaces, "scoring.csv": diffs, "market.csv": set(),
            "feasts.csv": feasts, "alt_scoring.csv": alt, "historic_places.csv": historic,
            "highland_games.csv": tracks, **solo}
    return [e for e in comp.pack.provisional() if e.key in keys[e.file]]


def _solo_keys(s: GlenMore2State) -> dict[str, set[str]]:
    """Allenarly's rows a solo game met: the action cards drawn, her level, her priority
    tokens and token paths, her rules for the chronicles in play, her tiles."""
    a, tid = s.allen, s.comp.tile_id
    if a is None:
        return {"tiles.csv": set(), "allenarly_cards.csv": set(),
                "allenarly_levels.csv": set(), "allenarly_priority.csv": set(),
                "allenarly_paths.csv": set(), "allenarly_chronicles.csv": set()}
    drawn = {str(c) for c in a.used}
    paths = {f"{r.token} {r.step}" for r in s.comp.pack.solo_paths}
    return {"tiles.csv": {tid(t) for t in [a.start, *a.trade, *a.pile, *a.gone]},
            "allenarly_cards.csv": drawn, "allenarly_levels.csv": {a.level},
            "allenarly_priority.csv": set(a.priority), "allenarly_paths.csv": paths,
            "allenarly_chronicles.csv": {f"chronicle {c}" for c in s.ch}}
