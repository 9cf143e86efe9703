"""Build the provisional pack from the research data, so no value is retyped by hand.

    python -m clanboard.games.glen_more_2.build_pack SOURCE_DIR [OUT_DIR]

``SOURCE_DIR`` is the research folder of Glen More II component data (``tile_kinds.csv``,
``base_named_components.csv``, ``clans.csv``, ``scoring_table.csv``); ``OUT_DIR`` defaults to
the pack shipped in the package. Placeholders for what no source gives are taken from the
original Glen More's own data files (``clanboard/games/glen_more/data``): its tiles
fill the unknown stacks and its special cards the unknown landmark cards, each row marked
provisional with the original's id. The settings are the rules the base specification
tags ``[GM1]``, ``[MEM]`` or ``[?]``; :data:`SETTINGS` carries each with its section.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path
from typing import Any

import clanboard.games.glen_more_2.build_solo as build_solo
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, load_pack
from clanboard.games.glen_more_2.schema import FILES, OPTIONAL_FILES

GM1_DATA = Path(__file__).parent.parent / "glen_more" / "data"

#: original Glen More kind -> Glen More II kind symbol (spec 5.2; grain field's kind is [?])
GM1_KIND = {
    "quarry": "material", "forest": "material", "field": "material", "abbey": "material",
    "meadow": "animal", "pasture": "animal", "village": "village", "castle": "castle",
    "loch": "loch", "distillery": "whisky", "fair": "trade", "butcher": "trade",
    "tavern": "trade", "grocer": "trade", "bridge": "trade", "start_village": "village",
}
#: original stack -> Glen More II stack for the placeholder tiles (S takes the first five)
GM1_STACK = {"0": "A", "1": "A", "2": "B", "3": "C"}
#: original special-card effects in the pack's vocabulary ("" = nothing GM II can express)
GM1_CARD = {
    "chieftains x2": ("none", ""), "gain 2 any": ("immediate", "2 any"),
    "gain clansman on_tile": ("immediate", "scotsman"), "none": ("none", ""),
    "vp_per_tile 2 green": ("final", "2 vp per kind:animal"),
    "activate any_one_tile per_turn": ("none", ""),
    "vp_per_tile 2 yellow": ("final", "2 vp per kind:material"),
    "vp_per_tile 3 village": ("final", "3 vp per kind:village"),
    "gain whisky": ("immediate", "whisky"), "fill empty_production_tiles": ("none", ""),
    "gain 2 whisky": ("immediate", "2 whisky"), "activate all_tiles": ("immediate", "activate all"),
    "gain 3 coin": ("immediate", "3 coin"),
}
#: landmark cards whose Glen More II effect the research data gives
GM2_CARD = {"Loch Morar": ("immediate", "remove 2")}
#: the trade tiles named in the research data, as exchanges (from their known_data column)
NAMED_TRADE = {
    "Glengorm": ("3 any -> 8 vp | 2 any -> 5 vp", False, ""),
    "Highland Market": ("3 any -> 7 vp", False, ""),
    "Tomintoul Fair": ("3 any -> 7 vp", True,
                       "needs 3 resources (inferred); its VP unknown: Highland Market's 7 used"),
    "Tap O'Noth": ("any -> 2 vp", True, "only one option known (1 resource -> 2 VP)"),
    "Pittenweem": ("2 stone -> 1 vp", True,
                   "printed options unknown: Allenarly's end rate (1 VP per 2 stones) used"),
}

# name, value, status, source, provisional reason ("" = not provisional)
SETTINGS: list[tuple[str, str, str, str, str]] = [
    ("rondel_spaces", "14", "unknown", "spec 1.1 [?]",
     "[?]: 14 as in the original Glen More (plausible with 5 start tiles + 4 Scotsmen + gap)"),
    ("start_coins_first", "5", "confirmed", "spec 2.6 [C:LUD]", ""),
    ("start_coins_step", "1", "confirmed", "spec 2.6 [C:LUD]", ""),
    ("scotsmen_per_player", "8", "confirmed", "spec 1.4 [C:BGD]", ""),
    ("clan_markers_per_player", "10", "confirmed", "spec 1.4 [C:BGD]", ""),
    ("tile_capacity", "3", "confirmed", "spec 8.4 [C:HG-RU 552]", ""),
    ("worlds_end_position", "lower_half", "unknown", "spec 2.2 [?]",
     "[?]: sources say 'at random' / 'about the middle' / 'second half'; spec: lower half"),
    ("worlds_end_rule", "after_passed", "unknown", "spec 15.1 [?]",
     "[?]: tiles stop being added once it is drawn; the game ends when every Scotsman has "
     "passed it (a Scotsman can move past it, HG-RU 745)"),
    ("die_player_counts", "2 3", "unknown", "spec 2.8 [C:HG-RU 590] for 2; [?] for 3",
     "3 players: [?], original Glen More's rule (the die is used with 2-3 players)"),
    ("die_faces", "1 1 1 2 2 3", "probable", "spec 2.8 [GM1]", "[GM1]: original die"),
    ("die_setup", "behind_scotsmen", "unknown", "spec 2.8 [GM1]",
     "[GM1] puts the die on the next empty space clockwise; in GM II the Scotsmen stand "
     "anticlockwise from the start tiles, so the die takes the next space in that row, behind "
     "them (it moves first)"),
    ("market_prefill_player_counts", "2 3", "unknown", "spec 2.8 [?]",
     "[?]: original Glen More's rule (one coin on each 1-coin space with 2-3 players)"),
    ("placement_adjacency", "8", "probable", "spec 6.2 [GM1: yes]",
     "[GM1]: diagonal contact with a Scotsman's tile counts"),
    ("river_rule", "none", "unknown", "spec 6.4 [?]",
     "[?]: no river placement rule known; neutral value: river tiles go anywhere"),
    ("move_adjacency", "8", "unknown", "spec 11.2 [?] (GM1: one step to an adjacent tile)",
     "[?]: original Glen More's step (8 directions)"),
    ("new_scotsman_on", "tile", "unknown", "spec 11.4 [?] (GM1: on that tile)",
     "[?]: original Glen More's rule (on the tile that gave it)"),
    ("rebuild_covered", "keep", "unknown", "spec 7.4 [?]",
     "[?]: neutral value: resources and Scotsmen stay on the rebuilt position"),
    ("no_tile_takeable", "pass", "probable", "spec 4.2 [GM1]",
     "[GM1]: the Scotsman moves to a tile it cannot take, which leaves the game"),
    ("territory_penalty", "3", "probable", "spec 15.3 [GM1: 3 VP]", "[GM1]: 3 VP per tile"),
    ("tie_break", "resources", "unknown", "spec 15.4 [?] (GM1: most resources)",
     "[?]: original Glen More's tie-break (most resources, else shared)"),
    ("personality_without_space", "allowed", "unknown", "spec 12.2 [?]",
     "[?]: neutral value: the tile is kept, no clan marker is placed"),
    ("clan_space_reuse", "own", "unknown", "spec 12.2 [?]",
     "[?]: neutral value: only other players' spaces are closed (HG-RU 380)"),
]

RESOURCES = ("wood", "stone", "grain", "sheep", "cattle")
PLACEHOLDER_CATEGORIES = ("castle", "landmarks", "whisky", "personalities")
#: the chronicle-9 shields' texts (clans.csv) as rules of the vocabulary
SHIELD_EFFECT = {"Cameron": "rule:bids5", "Innes": "rule:feast_whisky",
                 "MacDonell": "any -> rule:feast_ignore", "MacLaine": "any -> rule:feast_ignore"}

HEAD = ("status", "source", "provisional", "reason", "notes")

#: chronicle 11: the historic places the research data names (historic_places.csv) in the
#: pack's columns: stack, kind, over (per side), one-time bonus, activation, castle flag.
#: Unknown values get a placeholder and say so in the row's reason.
HISTORIC_KNOWN = {
    "Caledonian Canal": dict(
        id="CANAL", stack="A", kind="castle village | village village",
        over="castle@river village@river | village@river village@river", bonus="",
        activation="vp + move", castle="no",
        unknown="its blueprint tile's stack (A or B), its halves' kinds (the kinds it covers "
                "used), its cost (2 any: the stated minimum of 2 turns, HG-RU 484) and "
                "one-time effect (none)"),
    "New Fort George": dict(
        id="FORT", stack="B", kind="castle castle | village village",
        over="castle castle | village village", bonus="", activation="", castle="yes",
        unknown="its blueprint's conditions (two castles, or two villages), stack (B), "
                "cost (2 any) and one-time effect (none)"),
    "Melrose Abbey": dict(
        id="MELROSE", stack="A", kind="material", over="material",
        bonus="orthogonal:loch ? personality:MSCOT", activation="", castle="no",
        unknown="its kind and blueprint condition (material over material), stack (A) "
                "and cost (2 any); its activation (none)"),
    "Stirling Castle": dict(
        id="STIRLING", stack="B", kind="castle", over="castle", bonus="",
        activation="2 coin -> 2 any", castle="no",
        unknown="its blueprint condition (castle over castle), stack (B), cost (2 any) and "
                "one-time effect (none)"),
}
#: placeholders for the unknown places: (id, kind (built over the same kind), stack, bonus);
#: H1 carries the rulebook's example condition (HG-RU 472)
HISTORIC_PLACEHOLDERS = [
    ("H1", "village", "A", "orthogonal:village & not orthogonal:trade ? 3 vp"),
    ("H2", "trade", "A", "orthogonal:village ? 2 vp"),
    ("H3", "whisky", "B", "orthogonal:animal ? 2 vp"),
    ("H4", "animal", "B", "orthogonal:material ? 2 vp"),
    ("H5", "loch", "C", "orthogonal:castle ? 2 vp"),
    ("H6", "material", "A", "orthogonal:whisky ? 2 vp"),
]
THIRD_DOUBLE = dict(id="BRIDGE", name="Third double historic place (placeholder)",
                    stack="B", kind="material material | animal animal",
                    over="material material | animal animal")


def historic_rows(source: Path) -> list[dict[str, Any]]:
    """historic_places.csv from the research data (chronicle 11)."""
    rows = []
    for r in _read(source / "historic_places.csv"):
        known = HISTORIC_KNOWN.get(r["historic_place"])
        if not known:
            continue
        rows.append(_row(
            id=known["id"], name=r["historic_place"], name_ru=r["name_ru"], format=r["format"],
            stack=known["stack"], kind=known["kind"], over=known["over"], cost="2 any",
            bonus=known["bonus"], activation=known["activation"], castle=known["castle"],
            landmark="", status=_status(r["status"].replace("effect confirmed", "partly")),
            source=r["source"], provisional=True, reason=f"unknown [?]: {known['unknown']}",
            notes=" ".join(x for x in (r["blueprint_condition"], r["one_time_effect"],
                                       r["ongoing_effect"]) if x and x != "?")))
    rows.append(_row(
        id=THIRD_DOUBLE["id"], name=THIRD_DOUBLE["name"], name_ru="", format="double",
        stack=THIRD_DOUBLE["stack"], kind=THIRD_DOUBLE["kind"], over=THIRD_DOUBLE["over"],
        cost="2 any", bonus="", activation="", castle="no", landmark="", status="unknown",
        source="HG-RU 79, 428", provisional=True,
        reason="the third double is unknown [?] (perhaps Forth Bridge): a neutral placeholder "
               "over two materials or two animals, 2 any, no effects"))
    for hid, kind, stack, bonus in HISTORIC_PLACEHOLDERS:
        rows.append(_row(
            id=hid, name=f"Historic place {hid} (placeholder)", name_ru="", format="single",
            stack=stack, kind=kind, over=kind, cost="2 any", bonus=bonus, activation="",
            castle="no", landmark="", status="unknown", source="HG-RU 87, 426, 472",
            provisional=True,
            reason="one of the 6 unknown single places [?]: built over its own kind, 2 any, a "
                   "conditional one-time VP bonus" + (" (the example of HG-RU 472)"
                                                      if hid == "H1" else "")))
    return rows


#: chronicle 10's track steps whose rewards are unknown: neutral placeholders (one-time
#: effects at ranks 1, 2, 5; scoring modifiers at 3, 4; central-track rewards at 1-5)
TRACK_PLACEHOLDERS = {
    ("caber", 1): "wood", ("caber", 2): "coin", ("caber", 3): "1 extra castle",
    ("caber", 4): "1 extra whisky", ("caber", 5): "2 vp",
    ("stone", 1): "stone", ("stone", 2): "coin", ("stone", 3): "1 extra personalities",
    ("stone", 4): "1 extra landmarks", ("stone", 5): "2 vp",
    ("central", 1): "coin", ("central", 2): "any", ("central", 3): "whisky",
    ("central", 4): "fame", ("central", 5): "3 vp",
    # the solo side's leftmost (caber) and rightmost (stone) columns: Allenarly's rewards
    # instead of the normal ones (HG-RU 1146); their contents are unknown
    ("solo_caber", 1): "vp", ("solo_caber", 2): "vp", ("solo_caber", 3): "1 extra castle",
    ("solo_caber", 4): "1 extra whisky", ("solo_caber", 5): "2 vp",
    ("solo_stone", 1): "vp", ("solo_stone", 2): "vp",
    ("solo_stone", 3): "1 extra personalities", ("solo_stone", 4): "1 extra landmarks",
    ("solo_stone", 5): "2 vp",
}
#: chronicle 10's 14 tiles (S 3, A 2, B 2, C 4, D 3, HG-RU 276-286) by the research data's
#: names, with placeholders for what is unknown: (id, name key, stack, kind, use, cost,
#: bonus, activation, min players, what is unknown)
HG_TILES = [
    ("G01", "Boreraig & Kyle? (transliteration)", "S", "material", "territory", "", "",
     "wood", 1, "kind, cost and effect unknown [?]: a start material tile giving wood"),
    ("G02", None, "S", "animal", "territory", "", "", "sheep", 4,
     "one of the 2 unknown S tiles [?] (4 players only): an animal tile giving sheep"),
    ("G03", None, "S", "material", "territory", "", "", "stone", 4,
     "one of the 2 unknown S tiles [?] (4 players only): a material tile giving stone"),
    ("G04", "tournament tiles", "A", "trade", "tournament", "",
     "train caber + train stone | 2 train caber | 2 train stone", "", 1,
     "count, stacks and cost unknown [?]: free, one per stack A, A, C, D"),
    ("G05", "tournament tiles", "A", "trade", "tournament", "",
     "train caber + train stone | 2 train caber | 2 train stone", "", 1,
     "count, stacks and cost unknown [?]: free, one per stack A, A, C, D"),
    ("G06", "spectator tiles", "B", "personality", "spectator", "",
     "train caber | train stone", "", 1,
     "count, stacks, cost and the rise unknown [?]: free, +1 to one representative"),
    ("G07", "Triumphant Return", "B", "castle", "territory", "2 fame",
     "activate row_column_instead", "", 1,
     "kind and stack unknown [?] (castle, B); cost in fame unknown: 2 fame"),
    ("G08", "Important Friends", "C", "village", "territory", "2 fame", "clan_free", "move", 1,
     "kind and stack unknown [?] (village, C); cost in fame unknown: 2 fame"),
    ("G09", "Hero's Homeland", "C", "village", "territory", "2 fame", "to_castle", "move", 1,
     "kind and stack unknown [?] (village, C); cost in fame unknown: 2 fame"),
    ("G10", "tournament tiles", "C", "trade", "tournament", "",
     "train caber + train stone | 2 train caber | 2 train stone", "", 1,
     "count, stacks and cost unknown [?]: free, one per stack A, A, C, D"),
    ("G11", "spectator tiles", "C", "personality", "spectator", "",
     "train caber | train stone", "", 1,
     "count, stacks, cost and the rise unknown [?]: free, +1 to one representative"),
    ("G12", "Town Square Sculpture", "D", "trade", "territory", "", "", "stone -> 2 vp", 1,
     "kind probable, effect unknown [?]: 1 stone -> 2 VP (Allenarly gains VP from it "
     "without stones, HG-RU 1170)"),
    ("G13", "tournament tiles", "D", "trade", "tournament", "",
     "train caber + train stone | 2 train caber | 2 train stone", "", 1,
     "count, stacks and cost unknown [?]: free, one per stack A, A, C, D"),
    ("G14", "spectator tiles", "D", "personality", "spectator", "",
     "train caber | train stone", "", 1,
     "count, stacks, cost and the rise unknown [?]: free, +1 to one representative"),
]
#: the chronicle-10 shields (clans.csv) in the vocabulary
HG_SHIELD_EFFECT = {"Ruthven": "2 train stone + whisky",
                    "Murray": "2 train caber + scotsman_anywhere"}


def track_rows(source: Path) -> list[dict[str, Any]]:
    """highland_games.csv from highland_games_board.csv (chronicle 10)."""
    board = {(r["track"].split()[0], r["rank"]): r for r in _read(source /
                                                                    "highland_games_board.csv")}
    rows = []
    for (track, rank), reward in TRACK_PLACEHOLDERS.items():
        r = board.get(("solo", "-")) if track.startswith("solo") else \
            board.get((track, str(rank)), board.get(("central", "1..5 (probably)")))
        assert r is not None
        kind = "reward" if track == "central" else "modifier" if rank in (3, 4) else "effect"
        rows.append(_row(
            track=track, rank=rank, type=kind, reward=reward, status="unknown",
            source=r["source"], provisional=True,
            reason=(f"Allenarly's {kind} in the solo side's "
                    f"{'leftmost' if track == 'solo_caber' else 'rightmost'} column is "
                    f"unknown [?] ({r['status']}): placeholder '{reward}'")
            if track.startswith("solo") else
            f"the printed {kind} is unknown [?] ({r['status']}): placeholder "
            f"'{reward}'" + (" (the central track's ranks 1-5 are probable)"
                            if track == "central" else ""),
            notes=r["notes"]))
    return rows


def hg_tile_rows(source: Path) -> list[dict[str, Any]]:
    known = {r["tile"]: r for r in _read(source / "tiles_highland_games.csv")}
    rows = []
    for tid, key, stack, kind, use, cost, bonus, act, players, why in HG_TILES:
        r = known.get(key or "")
        rows.append(_row(
            id=tid, name=(key or f"Highland Games start tile {tid} (placeholder)").replace(
                "? (transliteration)", ""),
            name_ru=r["name_ru"] if r else "", stack=stack, kind=kind, cost=cost, bonus=bonus,
            activation=act, river="no", rebuild="no", landmark="", chronicle=10, use=use,
            min_players=players,
            status=_status(r["status"].replace("name confirmed", "partly")) if r else "unknown",
            source=r["source"] if r else "HG-RU 276-286", provisional=True, reason=why,
            notes=r["effect"] if r else ""))
    return rows


def hg_parameter(source: Path, chronicle: str, parameter: str) -> dict[str, str]:
    """One row of hg_rule_parameters.csv."""
    for r in _read(source / "hg_rule_parameters.csv"):
        if r["chronicle"] == chronicle and r["parameter"] == parameter:
            return r
    raise KeyError(f"hg_rule_parameters.csv has no {parameter!r} for chronicle {chronicle}")


def _status(text: str) -> str:
    """A research status line ("partly confirmed", "name confirmed; effect unknown") as one
    word of the schema: the weakest claim it makes about the row's values."""
    t = text.lower()
    if "unknown" in t or "uncertain" in t:
        return "unknown"
    if t.startswith("partly") or "inferred" in t:
        return "inferred"
    return t.split()[0] if t else "unknown"


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _gm1_tokens(text: str) -> str:
    words = []
    for part in text.split("+"):
        p = part.strip()
        if p in ("card", "chieftain", ""):
            continue
        words.append(p.replace("clansman", "scotsman"))
    return " + ".join(words)


def _row(**kw: Any) -> dict[str, Any]:
    kw.setdefault("notes", "")
    kw["provisional"] = "yes" if kw.get("provisional") else "no"
    return kw


def build_rows(source: Path) -> dict[str, list[dict[str, Any]]]:
    """Every file's rows, from the research data and the original game's data."""
    gm1_tiles = _read(GM1_DATA / "tiles.csv")
    gm1_cards = {c["tile_id"]: c for c in _read(GM1_DATA / "specials.csv")}
    named = {r["name_en"]: r for r in _read(source / "base_named_components.csv")}
    kinds = {r["kind_en"] for r in _read(source / "tile_kinds.csv")}
    tiles: list[dict[str, Any]] = [
        _row(id="HV", name="Starting village", name_ru="Начальная деревня", stack="home",
             kind="village", cost="", bonus="", activation="-> move", river="yes",
             rebuild="no", landmark="", status="inferred", source="spec 1.3; HG-RU 488-496",
             provisional=True, reason="activation [GM1]: a village gives 1 movement point"),
        _row(id="HC", name="Home castle", name_ru="Родовой замок", stack="home",
             kind="castle", cost="", bonus="", activation="-> move", river="yes",
             rebuild="no", landmark="", status="inferred", source="spec 1.3; HG-RU 488-496",
             provisional=True, reason="activation unknown: the original castles' 1 movement"),
    ]
    landmarks: list[dict[str, Any]] = []
    start_left = 5
    for t in gm1_tiles:
        if t["stack"] == "start":
            continue
        kind = GM1_KIND[t["kind"]]
        assert kind in kinds, kind
        stack = GM1_STACK[t["stack"]]
        if t["stack"] == "0" and start_left:
            stack, start_left = "S", start_left - 1
        cost = t["cost"] if "clansman" not in t["cost"] else ""
        card = gm1_cards.get(t["id"])
        lm = ""
        if card:
            lm = "L-" + t["id"]
            timing, effect = GM1_CARD[card["effect"]]
            gm2 = named.get(card["name"])
            if card["name"] in GM2_CARD:
                timing, effect = GM2_CARD[card["name"]]
            landmarks.append(_row(
                id=lm, name=card["name"], name_ru=card["name_ru"], tile=t["id"],
                timing=timing, effect=effect, status="unknown",
                source=f"original Glen More card {card['id']}"
                + (f"; {gm2['source']}" if gm2 else ""), provisional=True,
                reason=("GM II effect known in part (HG-RU 526), wording unknown: read as "
                        f"'{effect}'" if card["name"] in GM2_CARD else
                        "card list and effects unknown [?]: the original card's effect"
                        + (" (its GM II effect is not expressible yet: "
                           f"{gm2['known_data']})" if gm2 else "")),
            ))
        tiles.append(_row(
            id=t["id"], name=t["name"], name_ru=t["name_ru"], stack=stack, kind=kind,
            cost=cost, bonus=_gm1_tokens(t["placement_bonus"]), activation=t["activation"],
            river="yes" if t["river"] == "1" else "no", rebuild="no", landmark=lm,
            status="unknown", source=f"original Glen More tile {t['id']} (stack {t['stack']})",
            provisional=True,
            reason="GM II tile list unknown [?]: placeholder from the original Glen More"
            + ("; its cost (a clansman or chieftain) has no GM II form" if cost != t["cost"]
               else ""),
        ))
    for i, (name, (act, prov, why)) in enumerate(NAMED_TRADE.items(), start=1):
        r = named[name]
        tiles.append(_row(
            id=f"N{i}", name=name, name_ru=r["name_ru"], stack="D", kind="trade", cost="",
            bonus="", activation=act, river="no", rebuild="no", landmark="",
            status=_status(r["status"]), source=r["source"], provisional=True,
            reason="stack and cost unknown [?] (stack D, free)" + (f"; {why}" if prov else ""),
            notes=r["known_data"]))
    for i, name in enumerate(("Robert the Bruce (Robert I)", "Mary Stuart"), start=1):
        r = named[name]
        tiles.append(_row(
            id=f"P{i}", name=name, name_ru=r["name_ru"], stack="D", kind="personality",
            cost="", bonus="", activation="", river="no", rebuild="no", landmark="",
            status="confirmed", source=r["source"], provisional=True,
            reason="name confirmed; stack, cost and effect unknown [?] (stack D, free)"))
    hume = named["David Hume"]
    tiles.append(_row(
        id="HUME", name="David Hume", name_ru=hume["name_ru"], stack="clan",
        kind="personality", cost="", bonus="", activation="", river="no", rebuild="no",
        landmark="", status="confirmed", source=hume["source"], provisional=True,
        reason="own effect unknown [?]: none"))
    tiles.extend(hg_tile_rows(source))
    tiles.append(_row(
        id="MSCOT", name="Michael Scot", name_ru="Майкл Скот", stack="clan",
        kind="personality", cost="", bonus="", activation="", river="no", rebuild="no",
        landmark="", status="confirmed", source="HG-RU 75, 432, 544-546", provisional=False,
        reason="", notes="chronicle 11: gained with Melrose Abbey next to a loch"))
    tiles.append(_row(
        id="WE", name="World's End", name_ru="Конец света", stack="D", kind="worlds_end",
        cost="", bonus="", activation="", river="no", rebuild="no", landmark="",
        status="confirmed", source="spec 1.2, 2.2; BGD; LUD; ADX", provisional=False, reason=""))
    clans = []
    for r in _read(source / "clans.csv"):
        if r["module"] not in ("base", "base?") or not r["clan_ru"]:
            continue
        name = r["clan_en"].strip("()").split("/")[0].strip()
        effect = {"MacKay": "tile:HUME", "Munro": "take_discard",
                  "MacMillan": "remove 1"}.get(name, "")
        colour = "purple" if "purple" in r["space"] else "blue" if "blue" in r["space"] else ""
        clans.append(_row(
            id=name.replace(" ", ""), clan=name, clan_ru=r["clan_ru"], colour=colour,
            road_cost=0, chronicle=0, effect=effect, status=_status(r["status"]),
            source=r["source"], provisional=True,
            reason="road cost unknown [?] (0)" + (
                f"; base wording unknown, read as '{effect}'" if effect and name != "MacKay"
                else "" if effect else f"; effect unknown: {r['effect']}"),
            notes=r["notes"]))
    scoring = []
    for r in _read(source / "scoring_table.csv"):
        prov = r["status"] != "confirmed"
        scoring.append(_row(
            difference=int(r["difference"].rstrip("+")), vp=int(r["vp"]), status=r["status"],
            source=r["source"], provisional=prov,
            reason="mapping [GM1], value set confirmed" if prov else "",
            notes="and any larger difference" if r["difference"].endswith("+") else ""))
    market = [_row(resource=res, prices="1 2 3", status="inferred",
                   source="spec 10.1 [C:HG-RU 668-669]", provisional=False, reason="")
              for res in ("wood", "stone", "grain", "sheep", "cattle")]
    settings = [_row(name=n, value=v, status=st, source=src, provisional=bool(why), reason=why)
                for n, v, st, src, why in SETTINGS]
    penalty = hg_parameter(source, "11", "end penalty")
    vp = re.search(r"-(\d+) VP", penalty["value"])
    assert vp, penalty["value"]
    above = {r["rank"]: r for r in _read(source / "highland_games_board.csv")}["6+"]
    per_step = re.search(r"(\d+) VP", above["reward"])
    assert per_step, above["reward"]
    settings.append(_row(
        name="rank_above_top_vp", value=per_step[1], status=above["status"],
        source=f"highland_games_board.csv; {above['source']}", provisional=False, reason=""))
    settings.append(_row(
        name="unbuilt_historic_penalty", value=vp[1],
        status=penalty["status"], source=f"hg_rule_parameters.csv; {penalty['source']}",
        provisional=False, reason=""))
    feasts = []
    for r in _read(source / "feast_cards.csv"):
        if not r["name_ru"]:
            continue
        feasts.append(_row(
            id="F1", name=r["feast"].replace(" (example)", ""), name_ru=r["name_ru"],
            cost="any", effect="2 extra personalities", status="confirmed",
            source=r["source"], provisional=True,
            reason="cost symbol unknown: 'spends 1 resource' (HG-RU 220) read as any resource"))
    for i in range(2, 13):  # the 11 feasts known only as images
        res, cat = RESOURCES[(i - 2) % 5], PLACEHOLDER_CATEGORIES[(i - 2) % 4]
        feasts.append(_row(
            id=f"F{i}", name=f"Feast {i} (placeholder)", name_ru="", cost=res,
            effect=f"1 extra {cat}", status="unknown", source="feast_cards.csv: unknown",
            provisional=True, reason="card unknown: neutral placeholder (1 resource -> 1 more "
            "in one category, rotating through the resources and categories)"))
    alt_scoring = [dict(r, reason="alternative board's values unknown (HG-RU 218): the normal "
                        "table used", provisional="yes", status="unknown",
                        source="HG-RU 27, 187-191, 218")
                   for r in scoring]
    for r in _read(source / "clans.csv"):
        if r["module"] != "ch9 shield":
            continue
        name = r["clan_en"]
        clans.append(_row(
            id=f"S9-{name}", clan=name, clan_ru=r["clan_ru"], colour="", road_cost=0,
            chronicle=9,
            effect=SHIELD_EFFECT[name], status=_status(r["status"]), source=r["source"],
            provisional=True,
            reason=("covers the base MacDonell(s) space (HG-RU 608)" if name == "MacDonell"
                    else "its clan-board space is unknown: an extra space, road cost 0")
            + ("; the lost icon read as a whisky barrel" if name == "Innes" else ""),
            notes=r["effect"]))
    for r in _read(source / "clans.csv"):
        if r["module"] != "ch10 shield":
            continue
        clans.append(_row(
            id=f"S10-{r['clan_en']}", clan=r["clan_en"], clan_ru=r["clan_ru"], colour="",
            road_cost=0, chronicle=10, effect=HG_SHIELD_EFFECT[r["clan_en"]],
            status=_status(r["status"]), source=r["source"], provisional=True,
            reason="its clan-board space is unknown: an extra space, road cost 0",
            notes=r["effect"]))
    for r in _read(source / "clans.csv"):
        if r["module"] != "ch11 shield":
            continue
        clans.append(_row(
            id=f"S11-{r['clan_en']}", clan=r["clan_en"], clan_ru=r["clan_ru"], colour="",
            road_cost=0, chronicle=11, effect="historic >= 4 ? 8 vp | historic >= 3 ? 5 vp",
            status=_status(r["status"]), source=r["source"], provisional=True,
            reason="its clan-board space is unknown: an extra space, road cost 0",
            notes=r["effect"]))
    return {"settings.csv": settings, "tiles.csv": tiles, "landmarks.csv": landmarks,
            "clan_spaces.csv": clans, "scoring.csv": scoring, "market.csv": market,
            "feasts.csv": feasts, "alt_scoring.csv": alt_scoring,
            "historic_places.csv": historic_rows(source),
            "highland_games.csv": track_rows(source),
            **solo_files(source, {t["name"]: t["id"] for t in tiles})}


def solo_files(source: Path, tile_ids: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    """Allenarly's files (chronicle 12), see :mod:`.build_solo`."""
    return {"allenarly_cards.csv": build_solo.card_rows(source),
            "allenarly_levels.csv": build_solo.level_rows(source, tile_ids),
            "allenarly_priority.csv": build_solo.priority_rows(),
            "allenarly_paths.csv": build_solo.path_rows(source),
            "allenarly_chronicles.csv": build_solo.chronicle_rows(source, tile_ids)}


def write_pack(rows: dict[str, list[dict[str, Any]]], out: Path) -> None:
    """Write the files (columns in schema order, provenance columns last)."""
    out.mkdir(parents=True, exist_ok=True)
    for name, model in {**FILES, **OPTIONAL_FILES}.items():
        cols = [c for c in model.model_fields if c not in HEAD] + list(HEAD)
        with (out / name).open("w", encoding="utf-8", newline="") as f:
            w = csv.DictWriter(f, fieldnames=cols, lineterminator="\n")
            w.writeheader()
            defaults = {c: f.default for c, f in model.model_fields.items()
                        if isinstance(f.default, int | str) and not isinstance(f.default, bool)}
            for r in rows[name]:
                w.writerow({c: r.get(c, defaults.get(c, "")) for c in cols})


def main(argv: list[str]) -> int:
    if not argv or len(argv) > 2:
        print(__doc__)
        return 2
    out = Path(argv[1]) if len(argv) > 1 else PROVISIONAL_PACK
    write_pack(build_rows(Path(argv[0])), out)
    pack = load_pack(out)
    print(f"wrote {out}: {len(pack.tiles)} tiles, {len(pack.provisional())} provisional rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
