"""Allenarly, the solo opponent (chronicle 12, HG-RU 558-1202): her pieces and procedure.

She is part of the rules, not a player: her seat (:data:`ALLEN`, seat 1 inside the state,
never a seat of the core API) moves by chance-like steps. Each of her turns is one chance
event ``allenarly N``: the draw of action card N from her deck; everything she then does
follows from the card and the position (``take_turn``). Chronicle 9's bid draws are the
same event in the bidding phase.

The deck keeps no order: the set of cards not yet drawn in this cycle (the 2 set aside
face down at each shuffle among them) and how many draws are left before the next
shuffle. Drawing uniformly from that set for ``len - 2`` draws gives exactly the
distribution of a shuffled deck whose top 2 cards were discarded face down (HG-RU 606,
689), and nothing hidden is ever stored. Her scoring and bids: :mod:`.allenarly_score`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from clanboard.games.glen_more_2.components import RES_INDEX, Components
from clanboard.games.glen_more_2.effects import Effect, Item, Modify, Option, Train
from clanboard.games.glen_more_2.interpret import TAKE_CARD, need_of
from clanboard.games.glen_more_2.solo_schema import (
    CATEGORIES,
    AllenarlyCardRow,
    AllenarlyChronicleRow,
    AllenarlyLevelRow,
)

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

ALLEN = 1
SET_ASIDE = 2  # face-down cards at each shuffle (HG-RU 606, 691)
LEFT_OUT = "left_out"  # her ch. 11 tiles that leave the game (HG-RU 1182)


@dataclass(frozen=True)
class SoloRules:
    """Her pack data, looked up."""

    cards: dict[int, AllenarlyCardRow]
    levels: dict[str, AllenarlyLevelRow]
    symbol: dict[str, str]  # priority token category -> symbol on its top
    paths: dict[str, list[str]]  # token -> clans, top to bottom
    chronicles: dict[int, AllenarlyChronicleRow]


@cache
def _rules(comp: Components) -> SoloRules:
    p = comp.pack
    paths: dict[str, list[str]] = {"blue": [], "purple": []}
    for r in sorted(p.solo_paths, key=lambda r: (r.token, r.step)):
        paths[r.token].append(r.clan)
    return SoloRules({c.id: c for c in p.solo_cards}, {lv.id: lv for lv in p.solo_levels},
                     {r.category: r.symbol for r in p.solo_priority}, paths,
                     {c.chronicle: c for c in p.solo_chronicles})


def rules(comp: Components) -> SoloRules:
    return _rules(comp)


@dataclass
class Allenarly:
    """Her board and decks (everything public)."""

    level: str
    deck: list[int]  # cards not drawn in this cycle (the 2 set aside among them)
    left: int  # draws before the next shuffle
    discard: list[int] = field(default_factory=list)  # face-up cards of this cycle
    stones: int = 0
    scots: int = 1  # in her Scotsmen area (HG-RU 602)
    start: int = -1  # her starting trade tile (a separate two-sided tile, HG-RU 574)
    trade: list[int] = field(default_factory=list)  # trade tiles taken, left to right
    pile: list[int] = field(default_factory=list)  # other tiles beside her board
    gone: list[int] = field(default_factory=list)  # ch. 11 tiles out of the game
    priority: list[str] = field(default_factory=list)  # categories, left to right
    tokens: dict[str, str | None] = field(default_factory=dict)  # clan-board tokens
    last: dict[str, Any] = field(default_factory=dict)  # her last decision, for the log
    bid_order: list[int] = field(default_factory=list)  # ch. 9 bid tokens (feast spots)
    bid_left: int = 0  # ch. 9 feasts still to draw a card for (right to left)
    budget: int = 0  # ch. 9 VP she may still spend on feasts this round
    track: int = 0  # ch. 10 preferred track (0 caber, 1 stone)
    rounds: list[dict[str, Any]] = field(default_factory=list)  # her scoring extras
    used: list[int] = field(default_factory=list)  # every card drawn so far (provenance)
    decisions: int = 0  # how many decisions she has taken (turns and bid draws)
    recent: list[dict[str, Any]] = field(default_factory=list)  # since the last seat move

    def to_json(self, tid: Any) -> dict[str, Any]:
        return {"level": self.level, "deck": sorted(self.deck), "left": self.left,
                "discard": list(self.discard), "stones": self.stones, "scots": self.scots,
                "start": tid(self.start), "trade": [tid(t) for t in self.trade],
                "pile": [tid(t) for t in self.pile], "gone": [tid(t) for t in self.gone],
                "priority": list(self.priority), "tokens": dict(self.tokens),
                "last": dict(self.last), "bid_order": list(self.bid_order),
                "bid_left": self.bid_left, "budget": self.budget, "track": self.track,
                "rounds": [dict(r) for r in self.rounds], "used": list(self.used),
                "decisions": self.decisions, "recent": [dict(r) for r in self.recent]}

    @staticmethod
    def from_json(d: dict[str, Any], index: dict[str, int]) -> Allenarly:
        return Allenarly(
            level=str(d["level"]), deck=[int(c) for c in d["deck"]], left=int(d["left"]),
            discard=[int(c) for c in d["discard"]], stones=int(d["stones"]),
            scots=int(d["scots"]), start=index[d["start"]],
            trade=[index[t] for t in d["trade"]], pile=[index[t] for t in d["pile"]],
            gone=[index[t] for t in d["gone"]], priority=[str(c) for c in d["priority"]],
            tokens={str(k): (None if v is None else str(v)) for k, v in d["tokens"].items()},
            last=dict(d["last"]), bid_order=[int(x) for x in d["bid_order"]],
            bid_left=int(d["bid_left"]), budget=int(d["budget"]), track=int(d["track"]),
            rounds=[dict(r) for r in d["rounds"]], used=[int(c) for c in d["used"]],
            decisions=int(d["decisions"]), recent=[dict(r) for r in d["recent"]])

    def clone(self) -> Allenarly:
        return Allenarly(self.level, list(self.deck), self.left, list(self.discard),
                         self.stones, self.scots, self.start, list(self.trade),
                         list(self.pile), list(self.gone), list(self.priority),
                         dict(self.tokens), dict(self.last), list(self.bid_order),
                         self.bid_left, self.budget, self.track, list(self.rounds),
                         list(self.used), self.decisions, list(self.recent))


def level_row(s: GlenMore2State) -> AllenarlyLevelRow:
    assert s.allen is not None
    return rules(s.comp).levels[s.allen.level]


# -- set-up --------------------------------------------------------------------------------

def setup(s: GlenMore2State) -> None:
    """HG-RU 590-612: her start tile, 1 Scotsman, priority tokens at random, the deck with
    2 cards set aside, the blue token on MacDonell and the purple one on Sinclair; with
    chronicle 10 the die picks her preferred track (1: caber, HG-RU 1145)."""
    r = rules(s.comp)
    cards = sorted(r.cards)
    priority = list(CATEGORIES)
    s.rng.shuffle(priority)
    a = Allenarly(level=s.options["level"], deck=cards, left=len(cards) - SET_ASIDE,
                  start=s.comp.index[r.levels[s.options["level"]].start_tile],
                  priority=priority)
    s.allen = a
    for tok in ("blue", "purple"):
        spaces = path(s, tok)
        a.tokens[tok] = spaces[0] if spaces else None
    if 10 in s.ch:
        a.track = 0 if roll(s) == 1 else 1
    s.coins[ALLEN] = 0  # HG-RU 590


def roll(s: GlenMore2State) -> int:
    """A roll of the game's die during set-up (drawn from the seed)."""
    return s.comp.settings.die_faces[s.rng.randrange(6)]


# -- the deck ------------------------------------------------------------------------------

def drawable(s: GlenMore2State) -> list[int]:
    """The cards the next draw may give (a fresh shuffle when the deck is empty)."""
    a = s.allen
    assert a is not None
    return sorted(a.deck) if a.left > 0 else sorted(rules(s.comp).cards)


def draw(s: GlenMore2State, card: int) -> AllenarlyCardRow:
    a = s.allen
    assert a is not None
    if a.left <= 0:  # HG-RU 689-691: shuffle all 10, set 2 aside face down
        a.deck = sorted(rules(s.comp).cards)
        a.left = len(a.deck) - SET_ASIDE
        a.discard = []
    a.deck.remove(card)
    a.left -= 1
    a.discard.append(card)
    if card not in a.used:
        a.used.append(card)
    a.decisions += 1
    return rules(s.comp).cards[card]


# -- her turn ------------------------------------------------------------------------------

def take_turn(s: GlenMore2State, card_id: int) -> None:
    """HG-RU 686-785: draw, refill the 1-coin spaces, move the clan-board tokens, choose
    exactly one tile, move onto it and place it, gaining its symbols' bonuses."""
    a = s.allen
    assert a is not None
    card = draw(s, card_id)
    filled = [k for k in range(5) if s.market[k] == 0]
    for k in filled:
        s.market[k] = 1
    moved = {tok: move_token(s, tok) for tok in card.clan_moves}
    tile, why = choose(s, card)
    t = s.track
    t[t.index(tile)] = t[0]
    t[0] = -10  # GAP
    gains = gain(s, tile)
    a.last = {"card": card.id, "range": card.search_range, "tile": s.facts.ids[tile],
              "filled": filled, "tokens": moved, **why, "gains": gains}
    a.recent.append(a.last)


def ahead(s: GlenMore2State, n: int, extended: bool) -> tuple[list[int], bool]:
    """Her available tiles: the ``n`` tiles ahead of her Scotsman, cut just before World's
    End (HG-RU 743); ``extended``: every tile up to the first empty space beyond it
    (HG-RU 745). Also whether World's End cut the range."""
    we = s.comp.worlds_end
    out: list[int] = []
    passed = False
    for v in s.track[1:]:
        if v == we:
            if not extended:
                return out, True
            passed = True
            continue
        if v == -10 and passed:  # GAP: an empty space
            break
        if v >= 0:
            out.append(v)
            if not extended and len(out) == n:
                break
    return out, False


def symbols(s: GlenMore2State, tile: int) -> set[str]:
    """The symbols a choice row can match on a tile: its kind(s), and the chronicle 10 /
    11 tile symbols (HG-RU 1154, 1178)."""
    return set(s.facts.symbols[tile])  # counted once per pack (interpret.TileFacts)


def choose(s: GlenMore2State, card: AllenarlyCardRow) -> tuple[int, dict[str, Any]]:
    """HG-RU 716-745, 852-886: the chronicle rows first (ascending), then the card's rows
    top to bottom, then the framed number; again with the extended range when World's End
    cut it and nothing was chosen."""
    a = s.allen
    assert a is not None
    r = rules(s.comp)
    for extended in (False, True):
        avail, cut = ahead(s, card.search_range, extended)
        for ch in sorted(s.ch):
            rule = r.chronicles.get(ch)
            if rule is None or not rule.symbol or not card.chronicle or \
                    card.chronicle > rule.max_number:
                continue
            for t in avail:
                if rule.symbol in s.facts.symbols[t]:
                    return t, {"row": f"chronicle {ch}", "symbol": rule.symbol,
                               "extended": extended}
        for i, row in enumerate(card.choices, start=1):
            syms = [r.symbol[c] for c in a.priority] if row == ("priority",) else list(row)
            for sym in syms:
                if sym in ("ch10", "ch11") and int(sym[2:]) not in s.ch:
                    continue  # HG-RU 727: without the chronicle the symbol is ignored
                for t in avail:
                    if sym in s.facts.symbols[t]:
                        return t, {"row": i, "symbol": sym, "priority": row == ("priority",),
                                   "extended": extended}
        # the framed number: the k-th nearest; when World's End cut the range before the
        # k-th tile she chooses none and searches again, beyond it (HG-RU 739, 745); in the
        # extended range, the farthest if fewer are left
        if avail and (len(avail) >= card.last or not cut):
            k = min(card.last, len(avail))
            return avail[k - 1], {"row": "number", "number": card.last, "extended": extended}
        if not cut:
            break
    raise AssertionError("Allenarly has no tile ahead (the game ends before that)")


# -- the clan board ------------------------------------------------------------------------

#: :func:`path` per pack, chronicles and token (the spaces in play follow from those two)
_PATHS: dict[tuple[int, frozenset[int], str], tuple[Components, list[str]]] = {}


def path(s: GlenMore2State, token: str) -> list[str]:
    """The token's spaces in this game, top to bottom; a clan whose shield is not in play
    is skipped (HG-RU 1202). Worked out once per pack and chronicles (read only)."""
    comp = s.comp
    key = (id(comp), s.ch, token)
    hit = _PATHS.get(key)
    if hit is not None and hit[0] is comp:
        return hit[1]
    by_clan = {comp.spaces[comp.space_index[sid]].clan: sid for sid in s.clan}
    spaces = [by_clan[c] for c in rules(comp).paths[token] if c in by_clan]
    if len(_PATHS) >= 256:  # packs loaded again: forget the old ones
        _PATHS.clear()
    _PATHS[key] = (comp, spaces)
    return spaces


def move_token(s: GlenMore2State, token: str) -> str | None:
    """To the next empty space of its path, round to the top; no move when it stands on
    the last empty one (HG-RU 697-705). Returns where it stands."""
    a = s.allen
    assert a is not None
    here = a.tokens.get(token)
    if here is None:
        return None
    p = path(s, token)
    i = p.index(here)
    for step in range(1, len(p)):
        nxt = p[(i + step) % len(p)]
        if not s.clan[nxt]:
            a.tokens[token] = nxt
            break
    return a.tokens[token]


def _personality(s: GlenMore2State) -> list[str]:
    """HG-RU 765: tokens on occupied spaces move on, then a marker on each token's space;
    a token leaves when its colour is full or her 10 markers are out."""
    a = s.allen
    assert a is not None
    for tok in ("blue", "purple"):
        here = a.tokens.get(tok)
        if here is not None and s.clan[here]:
            move_token(s, tok)
    placed = []
    for tok in ("blue", "purple"):
        here = a.tokens.get(tok)
        if here is not None and not s.clan[here] and s.markers[ALLEN] > 0:
            s.clan[here].append(ALLEN)
            s.markers[ALLEN] -= 1
            placed.append(here)
    for tok in ("blue", "purple"):
        if a.tokens.get(tok) is not None and (
                s.markers[ALLEN] == 0 or all(s.clan[sid] for sid in path(s, tok))):
            a.tokens[tok] = None
    return placed


# -- placing and bonuses -------------------------------------------------------------------

def vp_of(option: Option) -> int:
    return sum(g.count for g in option.gains if isinstance(g, Item) and g.token == "vp")


def needs(option: Option) -> int:
    """Resources an exchange asks for, their kinds ignored (HG-RU 811)."""
    return need_of(option.inputs).total  # remembered per inputs (interpret.need_of)


def _kind_bonus(s: GlenMore2State, kind: str, out: dict[str, Any]) -> None:
    lv, a = level_row(s), s.allen
    assert a is not None
    if kind == "whisky":
        s.whisky[ALLEN] += lv.whisky_barrels
        out["whisky"] = out.get("whisky", 0) + lv.whisky_barrels
    elif kind in ("material", "animal"):
        a.stones += lv.resource_stones
        out["stones"] = out.get("stones", 0) + lv.resource_stones


def gain(s: GlenMore2State, tile: int) -> dict[str, Any]:
    """HG-RU 747-785 (and 1150-1184): put the tile on or beside her board and gain what
    its symbols give; returns what she gained, for the log."""
    comp, a = s.comp, s.allen
    assert a is not None
    row = comp.tiles[tile]
    out: dict[str, Any] = {}
    if any(isinstance(g, Item) and g.token == "scotsman"
           for o in row.bonus.options for g in o.gains) and s.scotsmen_supply(ALLEN) > 0:
        a.scots += 1
        out["scotsman"] = 1
    if row.landmark:
        s.cards[ALLEN].append(row.landmark)
        out["landmark"] = row.landmark
    trains = [g for o in row.bonus.options for g in o.gains if isinstance(g, Train)]
    if trains:
        _train(s, row.bonus.options, out)
    if s.facts.take[tile] == TAKE_CARD:  # comp.is_historic_card: HG-RU 1178-1184
        kinds = [row.kind]
        if tile in comp.halves:  # a double: the kind of each half
            left, right = comp.halves[tile][0]
            kinds = [comp.tiles[left].kind, comp.tiles[right].kind]
        for k in kinds:
            if k == "personality":
                _personality_bonus(s, out)
            elif k != "trade":
                _kind_bonus(s, k, out)
        extra = rules(comp).chronicles.get(11)
        if extra is not None and extra.extra_vp:
            s.vp[ALLEN] += extra.extra_vp
            out["vp"] = out.get("vp", 0) + extra.extra_vp
        if "trade" in kinds:
            _trade(s, tile, out)
        elif "personality" in kinds:
            s.personalities[ALLEN].append(tile)
        else:
            a.gone.append(tile)  # out of the game, not in her size (HG-RU 1182)
            out[LEFT_OUT] = True
        return out
    if row.use == "tournament":
        s.removed.append(tile)
        return out
    if row.use == "spectator":  # personality area, no VP, no marker (HG-RU 1168)
        s.personalities[ALLEN].append(tile)
        return out
    if row.kind == "personality":
        s.personalities[ALLEN].append(tile)
        _personality_bonus(s, out)
        return out
    _kind_bonus(s, row.kind, out)
    if row.kind == "trade":
        _trade(s, tile, out)
    else:
        a.pile.append(tile)
    return out


def _personality_bonus(s: GlenMore2State, out: dict[str, Any]) -> None:
    """HG-RU 765: clan markers where her tokens stand, 2 VP (none at Аблах)."""
    lv = level_row(s)
    out["clan"] = out.get("clan", []) + _personality(s)
    if lv.personality_vp:
        s.vp[ALLEN] += lv.personality_vp
        out["vp"] = out.get("vp", 0) + lv.personality_vp


def _trade(s: GlenMore2State, tile: int, out: dict[str, Any]) -> None:
    """HG-RU 773-785: the lowest VP of its exchanges at once, the tile into her row, and
    1 stone (none at the two easiest levels)."""
    a, lv = s.allen, level_row(s)
    assert a is not None
    options = s.comp.tiles[tile].activation.options
    low = min((vp_of(o) for o in options), default=0)
    s.vp[ALLEN] += low
    a.trade.append(tile)
    a.stones += lv.trade_stones
    out["vp"] = out.get("vp", 0) + low
    out["stones"] = out.get("stones", 0) + lv.trade_stones


def _train(s: GlenMore2State, options: tuple[Option, ...], out: dict[str, Any]) -> None:
    """Chronicle 10 (HG-RU 1158 is cut off): she takes the option that raises her
    preferred track most and climbs that far on it."""
    a = s.allen
    assert a is not None
    track = ("caber", "stone")[a.track]
    best = max((sum(g.count for g in o.gains if isinstance(g, Train) and g.track == track)
                for o in options), default=0)
    if best:
        raise_rank(s, a.track, best)
        out["rank"] = [track, s.rank[ALLEN][a.track]]


#: she never takes the first 2 rewards of the central track (HG-RU 1148)
FIRST_CENTRAL = 3


def raise_rank(s: GlenMore2State, t: int, steps: int) -> None:
    """Her ranks (HG-RU 1146-1148): «Вместо обычных Алленарли получает награды,
    изображённые в крайнем левом и крайнем правом столбцах поля игр горцев. Кроме того,
    она не может получить первые 2 награды центральной шкалы» — each rank gives the
    reward of the solo side's column of its track (modifier tokens at 3-4 as usual), and
    from rank 3 on she takes the central reward there when it is free, like anyone (one a
    round, with one of her clan markers); above the top the usual VP."""
    comp = s.comp
    track = ("caber", "stone")[t]
    for _ in range(steps):
        if s.rank[ALLEN][t] >= 5:
            s.vp[ALLEN] += comp.settings.rank_above_top_vp
            continue
        s.rank[ALLEN][t] += 1
        r = s.rank[ALLEN][t]
        if f"{track} {r}" not in s.reached:
            s.reached.append(f"{track} {r}")
        row = comp.tracks.get((f"solo_{track}", r))
        if row is None:  # a pack without the solo columns: the normal modifiers only
            row = comp.tracks.get((track, r))
            if row is not None and row.type != "modifier":
                row = None
        if row is not None:
            _reward(s, row.reward)
        if r >= FIRST_CENTRAL and ("central", r) in comp.tracks and r not in s.central \
                and ALLEN not in s.central.values() and s.markers[ALLEN] > 0:
            s.central[r] = ALLEN
            s.markers[ALLEN] -= 1
            if f"central {r}" not in s.reached:
                s.reached.append(f"central {r}")
            _reward(s, comp.tracks[("central", r)].reward)


def _reward(s: GlenMore2State, effect: Effect) -> None:
    """A Highland Games reward on her board: its first option; a scoring modifier as
    anyone's, VP, fame, whisky, coins and Scotsmen as such, resources as her stones (she
    keeps no resources, HG-RU 771)."""
    a = s.allen
    assert a is not None
    if not effect.options:
        return
    for g in effect.options[0].gains:
        if isinstance(g, Modify):
            s.modifiers[ALLEN].append([g.category, g.amount])
        elif isinstance(g, Item):
            if g.token == "vp":
                s.vp[ALLEN] += g.count
            elif g.token == "fame":
                s.fame[ALLEN] += g.count
            elif g.token == "whisky":
                s.whisky[ALLEN] += g.count
            elif g.token == "coin":
                s.coins[ALLEN] += g.count
            elif g.token == "scotsman":
                a.scots += min(g.count, s.scotsmen_supply(ALLEN))
            elif g.token in RES_INDEX or g.token == "any":
                a.stones += g.count
