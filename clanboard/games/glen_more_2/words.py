"""Glen More II's one describer: every component name and every effect of a pack in words
of a language, read from the parsed effect structure (:mod:`.effects`), never from its
text. The log (:mod:`.describe`, :mod:`.solo_describe`), the terminal (:mod:`.render`) and
the web page (:func:`glossary`, sent with the table's view) all speak through it.

Names: the provisional pack's names are catalogued (:data:`NAMES`, read once from its CSV
files) and translated in the gettext catalogues; a name a catalogue lacks (another pack's)
falls back to the pack's Russian column on a Russian page, else to the pack's own name.
Counted items take the language's plural forms (:class:`~clanboard.core.plural.Plural`:
"1 овца", "2 овцы", "5 овец")."""

from __future__ import annotations

import csv
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from clanboard.core import words
from clanboard.core.plural import Plural
from clanboard.games.glen_more_2.effects import (
    Activate,
    Condition,
    Cost,
    Effect,
    GainTile,
    Item,
    Modify,
    Option,
    PerCount,
    Personality,
    Remove,
    Rule,
    Special,
    TakeDiscard,
    Train,
)
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.components import Components

_NAME_COLUMNS = {"tiles.csv": "name", "historic_places.csv": "name", "feasts.csv": "name",
                 "landmarks.csv": "name", "clan_spaces.csv": "clan",
                 "allenarly_levels.csv": "name"}


def _pack_names() -> dict[str, str]:
    out: dict[str, str] = {}
    for file, column in _NAME_COLUMNS.items():
        with (PROVISIONAL_PACK / file).open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                name = (row.get(column) or "").strip()
                if name:
                    out[name] = name
    return out


NAMES = _pack_names()
"""The provisional pack's component names (tiles, historic places, feasts, landmarks,
clans, Allenarly's levels), catalogued like messages."""

MESSAGES = {
    # a name carried by a noun, so that it reads right in any case of the sentence
    "tile": "{name}",
    "tile_from": "from {name}", "tile_over": "over {name}", "tile_on": "on {name}",
    "blueprint": "{name} (blueprint)",
    "half": "{name} (side {side}, {half})",
    "left": "left", "right": "right",
    "clan": "clan {name}",
    # items (what is paid or gained), counted by the language's plural forms
    "n.wood": Plural("{n} wood", "{n} wood"), "n.stone": Plural("{n} stone", "{n} stone"),
    "n.grain": Plural("{n} grain", "{n} grain"), "n.sheep": Plural("{n} sheep", "{n} sheep"),
    "n.cattle": Plural("{n} cattle", "{n} cattle"),
    "n.any": Plural("{n} resource of your choice", "{n} resources of your choice"),
    "one.distinct": "1 resource",
    "n.distinct": Plural("{n} different resource", "{n} different resources"),
    "n.coin": Plural("{n} coin", "{n} coins"),
    "n.whisky": Plural("{n} whisky barrel", "{n} whisky barrels"),
    "n.vp": "{n} VP",
    "n.move": Plural("{n} movement point", "{n} movement points"),
    "n.scotsman": Plural("{n} Scotsman", "{n} Scotsmen"),
    "n.fame": Plural("{n} fame point", "{n} fame points"),
    # how the parts of an effect join
    "and": " and ", "list": ", ", "or": "; or ",
    "nothing": "no effect",
    "gain": "gain {gains}",
    "exchange": "pay {inputs}: {gains}",
    "if": "if {conditions}: {effect}",
    "cond_and": " and ",
    # per-count scoring
    "per.scotsman": "{vp} VP per Scotsman of yours",
    "per.landmark": "{vp} VP per landmark card",
    "per.personality": "{vp} VP per personality",
    "per.whisky": "{vp} VP per whisky barrel",
    "per.coin": "{vp} VP per coin",
    "per.resource": "{vp} VP per resource in your territory",
    "per.historic": "{vp} VP per historic place",
    "per.kind": "{vp} VP per {kind} tile in your territory",
    # counters in conditions ("at least 3 historic places")
    "count.scotsman": "you have at least {n} Scotsmen",
    "count.landmark": "you have at least {n} landmark cards",
    "count.personality": "you have at least {n} personalities",
    "count.whisky": "you have at least {n} whisky barrels",
    "count.coin": "you have at least {n} coins",
    "count.resource": "you have at least {n} resources",
    "count.historic": "you have at least {n} historic places",
    "count.kind": "you have at least {n} {kind} tiles",
    "adjacent": "a {kind} tile is next to it (diagonals count)",
    "orthogonal": "a {kind} tile is next to it (side by side)",
    "not_adjacent": "no {kind} tile is next to it (diagonals count)",
    "not_orthogonal": "no {kind} tile is next to it (side by side)",
    "has": "you have {tile}",
    # tile kinds
    "kind.village": "village", "kind.castle": "castle", "kind.material": "material",
    "kind.animal": "animal", "kind.trade": "trade", "kind.whisky": "whisky",
    "kind.personality": "personality", "kind.loch": "loch", "kind.worlds_end": "World's End",
    # the other gains
    "activate.row_column": "activate the tiles in its row and column as well",
    "activate.river": "activate all your river tiles as well",
    "activate.all": "activate all your tiles",
    "activate.one": "activate one more tile of your choice",
    "activate.row_column_instead": "activate the tiles in its row and column instead of "
                                   "its neighbours",
    "gain_tile": "take the personality {tile} if nobody has it",
    "personality": "take the personality {tile} if nobody has it, and put a clan marker on "
                   "the clan board",
    "modify": "+{n} in the category \u201c{category}\u201d at the next scoring",
    "cat.castle": "Scotsmen in the home castle", "cat.landmarks": "landmarks",
    "cat.whisky": "whisky barrels", "cat.personalities": "personalities", "cat.fame": "fame",
    "rule.bids5": "from now on you may use up to 5 bid tokens instead of 3",
    "rule.feast_whisky": "from now on you may pay 1 whisky barrel instead of 1 resource of a "
                         "feast's cost",
    "rule.feast_ignore": "put it on this shield; from now on you ignore that resource in "
                         "feast costs",
    "take_discard": "take a tile from the discard as if from the rondel",
    "remove": "remove tiles from your territory (up to {n})",
    "train.caber": "caber tosser: +{n} rank", "train.stone": "stone putter: +{n} rank",
    "special.clan_free": "put a clan marker on the clan board without road cost, even on a "
                         "space another player holds",
    "special.to_castle": "move 1 of your Scotsmen from any tile to your home castle",
    "special.scotsman_anywhere": "put 1 Scotsman from your supply on any of your tiles",
    # what a component does, as the page and the terminal show it
    "cost": "cost: {cost}", "free": "free",
    "on_place": "when placed: {effect}",
    "on_activate": "when activated: {effect}",
    "river": "river tile", "rebuild": "rebuild tile",
    "landmark_card": "comes with a landmark card",
    "timing.immediate": "at once: {effect}", "timing.final": "at the end of the game: {effect}",
    "timing.none": "no effect",
    "use.tournament": "tournament tile: its bonus at once, then it leaves the game",
    "use.spectator": "spectator tile: raises a clan representative instead of a clan marker",
    "historic_castle": "Scotsmen on it count as in your home castle",
    "provisional": "provisional value",
    "provisional_mark": "{text} (provisional)",
    "step.effect": "at once: {effect}",
    "step.modifier": "{effect}",
    "step.reward": "{effect}",
    # a pack's provisional values, named (the badge and the end of the game)
    "prov.tiles.csv": "tile {name}",
    "prov.historic_places.csv": "historic place {name}",
    "prov.feasts.csv": "feast {name}",
    "prov.landmarks.csv": "landmark card {name}",
    "prov.clan_spaces.csv": "clan-board space of {name}",
    "prov.highland_games.csv": "Highland Games board: {name}",
    "prov.scoring.csv": "scoring table, difference {name}",
    "prov.alt_scoring.csv": "alternative scoring table, difference {name}",
    "prov.market.csv": "market prices: {name}",
    "prov.allenarly_cards.csv": "Allenarly's action card {name}",
    "prov.allenarly_levels.csv": "Allenarly's level {name}",
    "prov.allenarly_priority.csv": "Allenarly's priority token: {name}",
    "prov.allenarly_paths.csv": "Allenarly's token path: {name}",
    "path_step": "{token}, step {n}",
    "token.blue": "blue token", "token.purple": "purple token",
    "prov.allenarly_chronicles.csv": "Allenarly's rules for chronicle {name}",
    "prov.other": "{file}: {name}",
    "prov.settings": "rule settings: {n}",
    "pack.provisional": "provisional components",
    "track.caber": "caber tossers, rank {n}", "track.stone": "stone putters, rank {n}",
    "track.central": "central track, rank {n}",
    "track.solo_caber": "the solo side's caber tossers, rank {n}",
    "track.solo_stone": "the solo side's stone putters, rank {n}",
}
"""The describer's words (one place, for catalogues)."""

#: the stacks' letters as the tiles' backs show them in the Russian rulebook (HG-RU 276, 286),
#: also used by the Ukrainian page; other languages keep the Latin letters
STACK_LETTERS = {"ru": {"S": "Н", "A": "А", "B": "Б", "C": "В", "D": "Г"},
                 "uk": {"S": "Н", "A": "А", "B": "Б", "C": "В", "D": "Г"}}


def m_(lang: str) -> Mapping[str, str]:
    return words(MESSAGES, lang)


def name(en: str, ru: str, lang: str) -> str:
    """A component's name in ``lang``: the catalogue's translation of the pack's name; for
    a name no catalogue has (another pack's), its Russian column on a Russian page."""
    if lang == "en" or not en:
        return en or ru
    shown = words(NAMES, lang).get(en) if en in NAMES else None
    if shown and (shown != en or lang not in ("ru", "uk")):
        return shown
    return ru if lang == "ru" and ru else (shown or en)


def tile_name(comp: Components, tile: int, lang: str) -> str:
    """A tile's name (a historic place's half or blueprint tile by its place's name)."""
    m = m_(lang)
    h = comp.historic.get(tile)
    if h is not None:
        base = name(h.name, h.name_ru, lang)
        if tile in comp.halves:
            return m["blueprint"].format(name=base)
        tid = comp.tiles[tile].id
        if "-" in tid and tid[-1] in "LR":
            side = tid.rsplit("-", 1)[1][:-1]
            half = m["left"] if tid.endswith("L") else m["right"]
            return m["half"].format(name=base, side=side, half=half)
        return base
    row = comp.tiles[tile]
    return name(row.name, row.name_ru, lang)


def tile_named(comp: Components, tile: int, lang: str, case: str = "") -> str:
    """A tile's name carried by a noun, for sentences: as subject or object ("жетон
    «Лес»"), or with ``case`` "from", "over" or "on" ("с жетона «Лес»")."""
    return m_(lang)[f"tile_{case}" if case else "tile"].format(name=tile_name(comp, tile, lang))


def resource(r: str, lang: str) -> str:
    """A resource's name as the Glen More II page names it (its web catalogue's
    ``gm2.res.*``: the rulebook's "дерево", where Glen More's is "лес")."""
    from clanboard.i18n import _web_words

    return str(_web_words(lang).get(f"gm2.res.{r}") or r)


def clan_name(comp: Components, space_id: str, lang: str) -> str:
    """A clan-board space by its clan ("clan MacKay")."""
    i = comp.space_index.get(space_id)
    if i is None:
        return space_id
    sp = comp.spaces[i]
    return m_(lang)["clan"].format(name=name(sp.clan, sp.clan_ru, lang))


def item(token: str, n: int, lang: str) -> str:
    """``n`` of a token in words ("2 sheep", "2 овцы", "羊2頭")."""
    m = m_(lang)
    if token == "distinct" and n == 1:
        return m["one.distinct"]
    key = f"n.{token}"
    return m[key].format(n=n) if key in m else f"{n} {token}"


def items(parts: tuple[Item, ...], lang: str) -> str:
    return m_(lang)["list"].join(item(i.token, i.count, lang) for i in parts)


def kind(k: str, lang: str) -> str:
    return m_(lang).get(f"kind.{k}", k)


def _counter(key: str, counter: str, lang: str, **kw: Any) -> str:
    m = m_(lang)
    if counter.startswith("kind:"):
        return m[f"{key}.kind"].format(kind=kind(counter[5:], lang), **kw)
    return m[f"{key}.{counter}"].format(**kw)


def condition(c: Condition, comp: Components | None, lang: str) -> str:
    m = m_(lang)
    if c.relation == "has":
        tile = comp.index.get(c.tile) if comp is not None else None
        return m["has"].format(tile=tile_name(comp, tile, lang) if comp is not None
                               and tile is not None else c.tile)
    if c.relation == "count":
        return _counter("count", c.kind, lang, n=c.at_least)
    key = ("not_" if c.negate else "") + c.relation
    return m[key].format(kind=kind(c.kind, lang))


def gain(g: Any, comp: Components | None, lang: str) -> str:
    """One gain of an option in words."""
    m = m_(lang)
    if isinstance(g, Item):
        return item(g.token, g.count, lang)
    if isinstance(g, PerCount):
        return _counter("per", g.counter, lang, vp=g.vp)
    if isinstance(g, Activate):
        return m[f"activate.{g.scope}"]
    if isinstance(g, GainTile | Personality):
        idx = comp.index.get(g.tile) if comp is not None else None
        tile = tile_name(comp, idx, lang) if comp is not None and idx is not None else g.tile
        return m["gain_tile" if isinstance(g, GainTile) else "personality"].format(tile=tile)
    if isinstance(g, Modify):
        return m["modify"].format(n=g.amount, category=m.get(f"cat.{g.category}", g.category))
    if isinstance(g, Rule):
        return m[f"rule.{g.name}"]
    if isinstance(g, TakeDiscard):
        return m["take_discard"]
    if isinstance(g, Remove):
        return m["remove"].format(n=g.count)
    if isinstance(g, Train):
        return m[f"train.{g.track}"].format(n=g.count)
    if isinstance(g, Special):
        return m[f"special.{g.name}"]
    return str(g)


def option(o: Option, comp: Components | None, lang: str) -> str:
    """One option: its conditions, what it costs, what it gives."""
    m = m_(lang)
    parts: list[str] = []
    run: list[str] = []  # items next to each other: one "gain ..." (in the data's order)
    for g in o.gains:
        if isinstance(g, Item):
            run.append(item(g.token, g.count, lang))
            continue
        if run:
            parts.append(m["gain"].format(gains=m["list"].join(run)))
            run = []
        parts.append(gain(g, comp, lang))
    if run:
        parts.append(m["gain"].format(gains=m["list"].join(run)))
    text = m["and"].join(parts)
    if o.inputs:
        text = m["exchange"].format(inputs=items(o.inputs, lang), gains=text)
    if o.conditions:
        conds = m["cond_and"].join(condition(c, comp, lang) for c in o.conditions)
        text = m["if"].format(conditions=conds, effect=text)
    return text


def effect(e: Effect, comp: Components | None, lang: str) -> str:
    """An effect cell in words: its options joined by "or"; "no effect" when empty."""
    m = m_(lang)
    if not e.options:
        return m["nothing"]
    return m["or"].join(option(o, comp, lang) for o in e.options)


def cost(c: Cost, lang: str) -> str:
    """A cost in words: its alternatives joined by "or"; "free" when empty."""
    m = m_(lang)
    if not c.alternatives:
        return m["free"]
    return m["or"].join(items(alt, lang) for alt in c.alternatives)


def provisional(text: str, flag: bool, lang: str) -> str:
    return m_(lang)["provisional_mark"].format(text=text) if flag else text


def tile_lines(comp: Components, tile: int, lang: str) -> list[str]:
    """What a tile does, line by line: cost, placement bonus, activation, river, landmark,
    its chronicle-10 use, and whether its values are provisional."""
    m = m_(lang)
    row = comp.tiles[tile]
    h = comp.historic.get(tile)
    out = [m["cost"].format(cost=cost(h.cost if h is not None and tile in comp.halves
                                        else row.cost, lang))]
    bonus = h.bonus if h is not None else row.bonus
    if bonus:
        out.append(m["on_place"].format(effect=effect(bonus, comp, lang)))
    if row.activation:
        out.append(m["on_activate"].format(effect=effect(row.activation, comp, lang)))
    if row.river:
        out.append(m["river"])
    if row.rebuild:
        out.append(m["rebuild"])
    if row.landmark:
        out.append(m["landmark_card"])
    if row.use != "territory":
        out.append(m[f"use.{row.use}"])
    if h is not None and h.castle:
        out.append(m["historic_castle"])
    if row.provisional:
        out.append(m["provisional"])
    return out


def step_text(comp: Components, track: str, rank: int, lang: str, marked: bool = True) -> str:
    """A Highland Games step's reward in words (``marked``: "(provisional)" when it is)."""
    row = comp.tracks.get((track, rank))
    if row is None:
        return ""
    text = m_(lang)[f"step.{row.type}"].format(effect=effect(row.reward, comp, lang))
    return provisional(text, row.provisional and marked, lang)


def landmark_text(comp: Components, card: str, lang: str) -> str:
    c = comp.cards.get(card)
    if c is None:
        return ""
    m = m_(lang)
    text = m["timing.none"] if c.timing == "none" or not c.effect else \
        m[f"timing.{c.timing}"].format(effect=effect(c.effect, comp, lang))
    return provisional(text, c.provisional, lang)


def pack_name(pack: str, lang: str) -> str:
    """A pack's name: the shipped provisional pack's in words, another pack's as named."""
    return m_(lang)["pack.provisional"] if pack == "provisional" else pack


def provisional_names(comp: Components, entries: list[Any], lang: str) -> list[str]:
    """A pack's provisional entries (file, key) in words: each component by its name, tiles
    of one name counted together ("Quarry ×4"), the rule settings counted in one line."""
    m = m_(lang)
    out, settings = [], 0
    tiles: dict[str, int] = {}  # a tile's name: how many of it, listed where it first comes
    for e in entries:
        key, label = e.key, m.get(f"prov.{e.file}")
        if e.file == "settings.csv":
            settings += 1
            continue
        if e.file == "tiles.csv" and key in comp.index:
            named = tile_named(comp, comp.index[key], lang)
            if named not in tiles:
                out.append(named)
            tiles[named] = tiles.get(named, 0) + 1
            continue
        elif e.file == "historic_places.csv":
            h = next((h for h in comp.historic.values() if h.id == key), None)
            key = name(h.name, h.name_ru, lang) if h else key
        elif e.file == "feasts.csv":
            f = next((f for f in comp.feasts if f.id == key), None)
            key = name(f.name, f.name_ru, lang) if f else key
        elif e.file == "landmarks.csv" and key in comp.cards:
            key = name(comp.cards[key].name, comp.cards[key].name_ru, lang)
        elif e.file == "clan_spaces.csv":
            i = comp.space_index.get(key)
            key = name(comp.spaces[i].clan, comp.spaces[i].clan_ru, lang) if i is not None \
                else key
        elif e.file == "highland_games.csv" and " " in key:
            track, rank = key.split(" ", 1)
            key = m.get(f"track.{track}", track).format(n=rank)
        elif e.file == "allenarly_levels.csv":
            lv = next((r for r in getattr(comp.pack, "solo_levels", ()) if r.id == key), None)
            key = name(lv.name, lv.name_ru, lang) if lv else key
        elif e.file == "allenarly_chronicles.csv":
            key = key.removeprefix("chronicle ")
        elif e.file == "allenarly_priority.csv":
            key = m.get(f"cat.{key}", key)
        elif e.file == "allenarly_paths.csv" and " " in key:
            token, step = key.split(" ", 1)
            key = m["path_step"].format(token=m.get(f"token.{token}", token), n=step)
        elif e.file == "market.csv":
            key = item(key, 1, lang) if f"n.{key}" in m else key
        out.append(label.format(name=key) if label else
                   m["prov.other"].format(file=e.file, name=key))
    out = [f"{x} ×{tiles[x]}" if tiles.get(x, 0) > 1 else x for x in out]
    if settings:
        out.insert(0, m["prov.settings"].format(n=settings))
    return out


@lru_cache(maxsize=64)
def _static_glossary(comp: Components, lang: str) -> dict[str, Any]:
    """The pack's part of :func:`glossary`, worked out once per pack and language."""
    m = m_(lang)
    tiles = {}
    for i, row in enumerate(comp.tiles):
        tiles[row.id] = {"name": tile_name(comp, i, lang), "lines": tile_lines(comp, i, lang),
                         "costs": [items(a, lang) for a in row.cost.alternatives],
                         "bonuses": [option(o, comp, lang) for o in row.bonus.options],
                         "activations": [option(o, comp, lang)
                                         for o in row.activation.options]}
    # the page marks provisional values itself (a "*" explained by its badge)
    clans = {sp.id: {"name": name(sp.clan, sp.clan_ru, lang),
                     "effect": effect(sp.effect, comp, lang)} for sp in comp.spaces}
    feasts = {f.id: {"name": name(f.name, f.name_ru, lang), "cost": cost(f.cost, lang),
                     "effect": effect(f.effect, comp, lang), "provisional": f.provisional}
              for f in comp.feasts}
    cards = {c.id: {"name": name(c.name, c.name_ru, lang),
                    "effect": landmark_text(comp, c.id, lang)} for c in comp.cards.values()}
    steps = {f"{t} {r}": step_text(comp, t, r, lang, marked=False) for (t, r) in comp.tracks}
    places = {}
    for i, h in comp.historic.items():
        if comp.tiles[i].stack != "historic":
            places[h.id] = {"name": name(h.name, h.name_ru, lang),
                            "cost": cost(h.cost, lang) if h.cost.alternatives
                            else item("any", 2, lang),
                            "lines": tile_lines(comp, i, lang)}
    return {
        "tiles": tiles, "clans": clans, "feasts": feasts, "landmarks": cards, "steps": steps,
        "historic": places, "kinds": {k[5:]: v for k, v in m.items() if k.startswith("kind.")},
        "categories": {k[4:]: v for k, v in m.items() if k.startswith("cat.")},
        "stacks": dict(STACK_LETTERS.get(lang, {})),
        "provisional": provisional_names(comp, comp.pack.provisional(), lang),
        "pack": pack_name(comp.name, lang),
    }
