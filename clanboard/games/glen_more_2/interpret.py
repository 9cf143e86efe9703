"""The one interpreter of the pack's effect vocabulary (:mod:`.effects`): conditions,
counters and gains, for tiles, landmark cards and clan spaces alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from clanboard.games.glen_more_2.components import RES_INDEX, Components, Need
from clanboard.games.glen_more_2.effects import (
    Activate,
    Condition,
    Effect,
    GainTile,
    Item,
    Option,
    PerCount,
    Personality,
    Remove,
    Rule,
    Special,
    TakeDiscard,
    Train,
)
from clanboard.games.glen_more_2.market import payable

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State


#: :func:`need_of`'s memory: id of an inputs tuple -> (that tuple, its Need); the tuple is
#: kept so that its id is never reused by another while remembered
_NEEDS: dict[int, tuple[tuple[Item, ...], Need]] = {}
_NEEDS_LIMIT = 4096  # a pack has a few hundred inputs; beyond this it is forgotten


def need_of(items: tuple[Item, ...]) -> Need:
    """:meth:`Need.of`, remembered: move generation asks it of the same effects' inputs
    (built once with their pack) thousands of times a game; hashing the pydantic items
    would cost about as much as counting them again, so they are known by identity (here,
    in a compiled module, not in the uncompiled components: a call into those costs more)."""
    hit = _NEEDS.get(id(items))
    if hit is not None and hit[0] is items:
        return hit[1]
    if len(_NEEDS) >= _NEEDS_LIMIT:
        _NEEDS.clear()
    need = Need.of(items)
    _NEEDS[id(items)] = (items, need)
    return need


#: :func:`room_of`'s memory, by the option's identity like :data:`_NEEDS`
_ROOMS: dict[int, tuple[Option, int]] = {}


def room_of(opt: Option) -> int:
    """Free places on its tile the option needs (:func:`_room_needed`) when it gains only
    resources, -1 when it gains anything else (then the tile's room does not matter);
    remembered per option, as move generation asks it of the same options all game."""
    hit = _ROOMS.get(id(opt))
    if hit is not None and hit[0] is opt:
        return hit[1]
    if len(_ROOMS) >= _NEEDS_LIMIT:
        _ROOMS.clear()
    only_resources = True
    for g in opt.gains:
        if not (isinstance(g, Item) and (g.token in RES_INDEX or g.token == "any")):
            only_resources = False
    room = _room_needed(opt) if only_resources else -1
    _ROOMS[id(opt)] = (opt, room)
    return room


class OptionFacts:
    """What :func:`usable` reads of an option, looked up once: its conditions, the
    :class:`Need` of its input (None without one) and :func:`room_of`."""

    __slots__ = ("option", "conditions", "need", "room")

    def __init__(self, opt: Option) -> None:
        self.option = opt
        self.conditions: tuple[Condition, ...] = tuple(opt.conditions)
        self.need: Need | None = need_of(opt.inputs) if opt.inputs else None
        self.room = room_of(opt)

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, also when compiled
        return (option_facts, (self.option,))


#: :func:`option_facts`' memory, by the option's identity like :data:`_NEEDS`
_OPTIONS: dict[int, OptionFacts] = {}


def option_facts(opt: Option) -> OptionFacts:
    hit = _OPTIONS.get(id(opt))
    if hit is not None and hit.option is opt:
        return hit
    if len(_OPTIONS) >= _NEEDS_LIMIT:
        _OPTIONS.clear()
    facts = OptionFacts(opt)
    _OPTIONS[id(opt)] = facts
    return facts


# how a tile is taken (TileFacts.take)
TAKE_NEVER = 0  # World's End
TAKE_CARD = 1  # onto a blueprint card (chronicle 11)
TAKE_KEPT = 2  # tournament and spectator tiles: not placed
TAKE_CLAN = 3  # a personality: a clan marker
TAKE_PLACED = 4  # into the territory


class TileFacts:
    """The pack's tiles and settings as the move generation reads them, in plain lists by
    tile index: the rows are pydantic models in the uncompiled components, each field read
    there costing the compiled rules a generic attribute lookup. Made once per pack
    (:func:`tile_facts`); read only."""

    def __init__(self, comp: Components) -> None:
        st = comp.settings
        rows = comp.tiles
        self.comp = comp
        self.ids: list[str] = [r.id for r in rows]
        self.kind: list[str] = [r.kind for r in rows]
        self.river: list[bool] = [bool(r.river) for r in rows]
        self.rebuild: list[bool] = [bool(r.rebuild) for r in rows]
        self.home: list[bool] = [r.stack == "home" for r in rows]  # the starting tiles
        self.capacity: int = st.tile_capacity
        self.place_adjacency: int = st.placement_adjacency
        self.move_adjacency: int = st.move_adjacency
        self.river_row: bool = st.river_rule == "river_row"
        self.need_space: bool = st.personality_without_space == "forbidden"
        #: the cost alternatives of each tile
        self.costs: list[tuple[Need, ...]] = list(comp.costs)
        #: the activation options of each tile
        self.acts: list[list[OptionFacts]] = [
            [option_facts(o) for o in r.activation.options] for r in rows]
        #: whether an activation option has resources to pay (needs the player's count)
        self.act_pays: list[bool] = [
            any(o.need is not None and o.need.total > 0 for o in opts) for opts in self.acts]
        self.take: list[int] = []
        #: tiles with equal keys fit the same squares (see GlenMore2State.places)
        self.place_key: list[int] = []
        keys: dict[tuple[bool, str, bool], int] = {}
        for i, r in enumerate(rows):
            if r.kind == "worlds_end":
                how = TAKE_NEVER
            elif i in comp.historic and r.stack != "historic":
                how = TAKE_CARD  # comp.is_historic_card(i)
            elif r.use != "territory":
                how = TAKE_KEPT
            elif r.kind == "personality":
                how = TAKE_CLAN
            else:
                how = TAKE_PLACED
            self.take.append(how)
            key = (bool(r.rebuild), r.kind if r.rebuild else "",
                   bool(r.river) if self.river_row else False)
            self.place_key.append(keys.setdefault(key, len(keys)))
        #: the symbols Allenarly's choice rows match on each tile (allenarly.symbols)
        self.symbols: list[frozenset[str]] = []
        for i, r in enumerate(rows):
            syms: set[str] = {r.kind}
            if i in comp.halves:  # a double's blueprint tile: both halves' kinds
                left, right = comp.halves[i][0]
                syms |= {rows[left].kind, rows[right].kind}
            if r.chronicle == 10:
                syms.add("ch10")
            if self.take[i] == TAKE_CARD:
                syms.add("ch11")
            self.symbols.append(frozenset(syms))
        #: the scoring table's VP by difference to the lowest count, plain and chronicle
        #: 9's alternative one (Pack.scoring_vp), as far as a row reaches
        pack = comp.pack
        self.score_vp: list[list[int]] = [
            [pack.scoring_vp(d, alternative=alt) for d in range(_score_reach(pack, alt) + 1)]
            for alt in (False, True)]

    def __reduce__(self) -> tuple[Any, ...]:  # a state's copies and pickles: made again
        return (tile_facts, (self.comp,))


def _score_reach(pack: Any, alternative: bool) -> int:
    """The largest difference a row of the scoring table names."""
    rows = pack.alt_scoring if alternative else pack.scoring
    return max([r.difference for r in rows] + [0])


def scoring_vp(facts: TileFacts, difference: int, alternative: bool) -> int:
    """``Pack.scoring_vp`` from the facts' table."""
    table = facts.score_vp[1 if alternative else 0]
    return table[min(difference, len(table) - 1)] if difference >= 0 else 0


_FACTS: dict[int, TileFacts] = {}


def tile_facts(comp: Components) -> TileFacts:
    """The :class:`TileFacts` of a pack's components, made once."""
    hit = _FACTS.get(id(comp))
    if hit is not None and hit.comp is comp:
        return hit
    if len(_FACTS) >= 16:  # packs loaded again (installs, tests): forget the old ones
        _FACTS.clear()
    facts = TileFacts(comp)
    _FACTS[id(comp)] = facts
    return facts


def kind_at(s: GlenMore2State, p: int, slot: int) -> str:
    return s.comp.tiles[s.terr[p].tiles[slot]].kind


def holds(s: GlenMore2State, p: int, cond: Condition, slot: int) -> bool:
    """Whether ``cond`` holds for the effect of the tile in ``slot`` (-1: no tile)."""
    if cond.relation == "has":
        idx = s.comp.index.get(cond.tile, -1)
        ok = idx in s.terr[p].tiles or idx in s.personalities[p]
    elif cond.relation == "count":
        ok = count(s, p, cond.kind) >= cond.at_least
    elif slot < 0:
        ok = False
    else:
        ok = any(kind_at(s, p, q) == cond.kind for q in neighbours(s, p, slot, cond.relation))
    return ok != cond.negate


def neighbours(s: GlenMore2State, p: int, slot: int, relation: str) -> set[int]:
    """The tiles next to the tile in ``slot`` (orthogonally or all 8 around); a half of a
    double historic place has the neighbours of both halves (HG-RU 496)."""
    terr = s.terr[p]
    adj = 4 if relation == "orthogonal" else 8
    own = {slot}
    other = s.comp.partner.get(terr.tiles[slot])
    if other is not None and other in terr.tiles:
        own.add(terr.tiles.index(other))
    out: set[int] = set()
    for q in own:
        out.update(terr.around(terr.pos[q], adj))
    return out - own


def count(s: GlenMore2State, p: int, counter: str) -> int:
    """The number a per-count scoring counts."""
    terr = s.terr[p]
    if counter == "scotsman":
        return terr.scotsmen()
    if counter == "landmark":
        return len(s.cards[p])
    if counter == "personality":
        return len(s.personalities[p])
    if counter == "whisky":
        return s.whisky[p]
    if counter == "coin":
        return s.coins[p]
    if counter == "resource":
        return sum(terr.have())
    if counter == "historic":
        return s.historic_count(p)
    kind = counter.removeprefix("kind:")
    if kind == "personality":
        return len(s.personalities[p])
    return sum(1 for t in terr.tiles if s.comp.tiles[t].kind == kind)


def usable(s: GlenMore2State, p: int, opt: Option, slot: int,
           have: list[int] | None = None) -> bool:
    """Conditions hold, the input can be paid, and the option would gain something
    (``have``: ``p``'s resources, when the caller counted them already)."""
    return usable_facts(s, p, option_facts(opt), slot, have)


def usable_facts(s: GlenMore2State, p: int, opt: OptionFacts, slot: int,
                 have: list[int] | None = None) -> bool:
    """:func:`usable` of an option's :class:`OptionFacts`."""
    for c in opt.conditions:
        if not holds(s, p, c, slot):
            return False
    need = opt.need
    if need is not None:
        if need.whisky > s.whisky[p] or need.coins > s.coins[p] or need.fame > s.fame[p]:
            return False
        if need.total:
            counted = s.terr[p].have() if have is None else have
            if not payable(counted, s.market, s.comp_prices, s.coins[p] - need.coins,
                           need.fixed, need.any, need.distinct):
                return False
    if slot >= 0:
        needed = opt.room  # only resources gained: the tile must have room
        if needed >= 0:
            r = s.terr[p].res[slot]
            return s.facts.capacity - (r[0] + r[1] + r[2] + r[3] + r[4]) >= needed
    return True


def _room_needed(opt: Option) -> int:
    """Free places the tile needs for the option: one for a free gain (what does not fit
    is lost), but every resource bought with coins, whisky or fame (Stirling Castle,
    HG-RU 552: «Вы не можете потратить только 1 монету, чтобы получить 1 ресурс. Помните,
    что на любом жетоне может быть не более 3 ресурсов»)."""
    if not opt.inputs or need_of(opt.inputs).total:
        return 1
    return sum(g.count for g in opt.gains if isinstance(g, Item))


def options(s: GlenMore2State, p: int, effect: Effect, slot: int,
            have: list[int] | None = None) -> list[int]:
    """1-based numbers of the usable options (0 when the effect has exactly one)."""
    return options_facts(s, p, [option_facts(o) for o in effect.options], slot, have)


def options_facts(s: GlenMore2State, p: int, opts: list[OptionFacts], slot: int,
                  have: list[int] | None = None) -> list[int]:
    """:func:`options` of an effect's options' :class:`OptionFacts`."""
    if len(opts) == 1:
        return [0] if usable_facts(s, p, opts[0], slot, have) else []
    return [i + 1 for i, o in enumerate(opts) if usable_facts(s, p, o, slot, have)]


def gain(s: GlenMore2State, p: int, opt: Option, slot: int) -> None:
    """Carry out an option's gains (its input already paid). Resources go on the tile in
    ``slot`` (or, for effects without a tile, on the starting village), never above the
    tile capacity; ``any`` resources are chosen by ``gain`` moves afterwards."""
    terr = s.terr[p]
    cap = s.comp.settings.tile_capacity
    where = slot if slot >= 0 else terr.cells.get((0, 0), 0)
    for g in opt.gains:
        if isinstance(g, Item):
            t, n = g.token, g.count
            if t in RES_INDEX:
                r = terr.res[where]
                r[RES_INDEX[t]] += max(0, min(n, cap - sum(r)))
            elif t == "any":
                s.gain_left += n
                s.gain_slot = where
            elif t == "vp":
                s.vp[p] += n
            elif t == "coin":
                s.coins[p] += n
            elif t == "whisky":
                s.whisky[p] += n
            elif t == "fame":
                s.fame[p] += n
            elif t == "move":
                s.mp += n
            elif t == "scotsman":
                put = min(n, s.scotsmen_supply(p))
                if s.comp.settings.new_scotsman_on == "home_village":
                    where_s = terr.cells.get((0, 0), where)
                else:
                    where_s = where
                terr.add_scots(where_s, put)
        elif isinstance(g, PerCount):
            s.vp[p] += g.vp * count(s, p, g.counter)
        elif isinstance(g, Activate):
            if g.scope == "one":
                s.extra_one = True
            elif g.scope == "all":
                s.near = sorted(set(s.near) | set(range(len(terr))))
            elif g.scope == "river":
                s.near = sorted(set(s.near) | {i for i, t in enumerate(terr.tiles)
                                               if s.comp.tiles[t].river})
            elif g.scope == "row_column_instead" and slot >= 0:
                x, y = terr.pos[slot]  # Triumphant Return: not the neighbours (HG-RU 372)
                s.near = [i for i, c in enumerate(terr.pos) if c[0] == x or c[1] == y]
            elif slot >= 0:
                x, y = terr.pos[slot]
                s.near = sorted(set(s.near) | {i for i, c in enumerate(terr.pos)
                                               if c[0] == x or c[1] == y})
        elif isinstance(g, TakeDiscard):
            s.from_discard = True
        elif isinstance(g, Remove):
            s.remove_left += g.count
        elif isinstance(g, Rule):
            if g.name not in s.rules[p]:
                s.rules[p].append(g.name)
            if g.name == "feast_ignore" and s.last_paid >= 0 and s.last_paid not in s.ignored[p]:
                s.ignored[p].append(s.last_paid)
        elif isinstance(g, Train):
            s.raise_rank(p, g.track, g.count)
        elif isinstance(g, Special):
            if g.name == "clan_free":
                s.clan_pending = True
                s.clan_free = True
            elif g.name == "scotsman_anywhere":
                s.scots_to_place += 1 if s.scotsmen_supply(p) > 0 else 0
            else:
                s.castle_move += 1
        elif isinstance(g, Personality):
            idx = s.comp.index[g.tile]
            if all(idx not in ps for ps in s.personalities):
                s.personalities[p].append(idx)
                s.clan_pending = True
        elif isinstance(g, GainTile):
            idx = s.comp.index[g.tile]
            if all(idx not in ps for ps in s.personalities):
                s.personalities[p].append(idx)


def resolve_once(s: GlenMore2State, p: int, effect: Effect, slot: int) -> None:
    """A one-time effect (placement bonus, landmark card, clan space): the first usable
    option, with its input paid at once if it has one (these effects have none in packs
    so far; an input makes the option unusable unless it can be paid)."""
    for opt in effect.options:
        if all(holds(s, p, c, slot) for c in opt.conditions) and not opt.inputs:
            gain(s, p, opt, slot)
            return
