"""A heuristic Glen More II player: a one-step look-ahead on a rough value.

Two versions: ``heuristic`` (v2, the default) also knows chronicles 9-11 — what a feast
brings at the coming scoring against what it costs (its bid), the Highland Games tracks
(who leads a discipline gains fame, ranks 3-4's scoring modifiers) and when a historic
place can still be built before the end; ``heuristic:v1`` is the earlier player, kept to
measure against (docs/notes/glen-more-2-ai.md)."""

from __future__ import annotations

import math

from clanboard.core import Move, Rng, SearchHints, State
from clanboard.games.glen_more_2.effects import Modify
from clanboard.games.glen_more_2.moves import (
    ACT,
    BID,
    END,
    MOVE,
    PASS,
    PLAN,
    SELL,
    TAKE,
    GMove,
    bid_list,
    bid_move,
)
from clanboard.games.glen_more_2.state import BID_TOKENS, P_ACT, P_BID, P_TAKE, GlenMore2State


def value(s: GlenMore2State, p: int) -> float:
    """What ``p`` has, in rough VP."""
    terr = s.terr[p]
    late = len(s.scorings)
    smallest = min(len(t) for t in s.terr)
    return (s.vp[p] + s.coins[p] + 1.4 * sum(terr.have()) + (3.0 - 0.5 * late) * s.whisky[p]
            + (3.0 - 0.5 * late) * (s.castle_scotsmen(p) + len(s.cards[p])
                                    + len(s.personalities[p]))
            + 1.0 * terr.scotsmen() + 0.6 * s.mp
            - s.comp.settings.territory_penalty * 0.5 * (len(terr) - smallest)
            + blueprints(s, p) + highland_games(s, p))


def highland_games(s: GlenMore2State, p: int) -> float:
    """Chronicle 10: ranks lead to rewards and fame; fame is a scoring category."""
    if 10 not in s.ch:
        return 0.0
    late = len(s.scorings)
    return 0.8 * sum(s.rank[p]) + (3.0 - 0.5 * late) * s.fame[p]


def blueprints(s: GlenMore2State, p: int) -> float:
    """Chronicle 11: a card is worth its coming penalty, made good as it is paid; a built
    place a little more."""
    penalty = s.comp.settings.unbuilt_historic_penalty
    out = 1.0 * s.historic_count(p) if s.blueprints[p] or 11 in s.ch else 0.0
    for c in s.blueprints[p]:
        total = s.comp.blueprint_need[c["tile"]].resources()
        out += -penalty + (penalty + 1.0) * (sum(c["paid"]) + c["free"]) / total
    return out


# -- v2: the chronicles' knowledge ------------------------------------------------------

#: a resource unit on a tile, in VP (what :func:`value` counts; worthless after the end)
RESOURCE_VP = 1.4


def item_vp(s: GlenMore2State) -> float:
    """What one more item of a scoring category is worth, in VP, at this stage."""
    return 3.0 - 0.5 * len(s.scorings)


def turns_left(s: GlenMore2State) -> float:
    """About how many more turns each seat takes: the tiles still to come over the seats."""
    tiles = sum(len(st) for st in s.stacks.values())
    tiles += sum(1 for t in s.track if t >= 0 and t != s.comp.worlds_end)
    return tiles / s.seats


def round_counts(s: GlenMore2State, modifiers: bool = True) -> dict[str, list[int]]:
    """Each category's counts if a scoring round began now: with chronicle 10 the fame the
    leading caber tossers and stone putters are about to gain (HG-RU 338) and, with
    ``modifiers``, ranks 3-4's modifiers (HG-RU 344); feast bonuses are not included."""
    cats = {c: list(v) for c, v in s.category_counts().items()}
    if 10 in s.ch:
        for t in range(2):
            top = max(s.rank[q][t] for q in range(s.seats))
            if top:
                for q in range(s.seats):
                    cats["fame"][q] += s.rank[q][t] == top
        if modifiers:
            for q in range(s.seats):
                for cat, extra in s.modifiers[q]:
                    if cat in cats:
                        cats[cat][q] += extra
    return cats


def round_margin(s: GlenMore2State, p: int, cats: dict[str, list[int]],
                 extra: dict[str, int] | None = None) -> float:
    """``p``'s VP minus the best other seat's in a scoring round of counts ``cats`` (with
    ``extra`` counts for ``p``), on the board chronicle 9 uses."""
    alt = 9 in s.ch
    vp = [0] * s.seats
    for c, values in cats.items():
        vs = list(values)
        if extra and c in extra:
            vs[p] += extra[c]
        low = min(vs)
        for q, v in enumerate(vs):
            vp[q] += s.comp.pack.scoring_vp(v - low, alternative=alt)
    return vp[p] - max(vp[q] for q in range(s.seats) if q != p)


def feast_extra(s: GlenMore2State, feast: int) -> dict[str, int]:
    """The extra counts a feast card gives its guests in this scoring round."""
    out: dict[str, int] = {}
    for opt in s.comp.feasts[feast].effect.options:
        for g in opt.gains:
            if isinstance(g, Modify):
                out[g.category] = out.get(g.category, 0) + g.amount
    return out


def best_bid(s: GlenMore2State, p: int) -> list[int]:
    """Chronicle 9's bid (HG-RU 196-216): the feasts worth their cost, best first. A feast's
    worth is what its extra counts add to ``p``'s lead in the coming scoring round; its cost
    the resources (nothing at the final scoring: they are then worth nothing), coins and
    whisky it takes. Feasts are added greedily while ``p`` can still pay (from the tiles,
    no market, HG-RU 214) and they gain."""
    cats = round_counts(s)
    final = bool(s.pending and s.pending[1])
    res_vp = 0.1 if final else RESOURCE_VP
    whisky_vp = 0.0 if final else item_vp(s)
    limit = 5 if "bids5" in s.rules[p] else BID_TOKENS
    payer = s.clone()
    payer.auto_chance = False
    extra: dict[str, int] = {}
    base = round_margin(s, p, cats)
    chosen: list[int] = []
    while len(chosen) < min(limit, len(s.feast_row)):
        best, best_net, best_extra = -1, 0.05, extra
        for spot in range(1, len(s.feast_row) + 1):
            if spot in chosen:
                continue
            feast = s.feast_row[spot - 1]
            need = payer.feast_need(p, feast)
            trial = payer.clone()
            res = sum(trial.terr[p].have()) + trial.whisky[p]
            if not trial._pay_feast(p, feast):
                continue
            spent = res - sum(trial.terr[p].have()) - trial.whisky[p]
            more = dict(extra)
            for c, a in feast_extra(s, feast).items():
                more[c] = more.get(c, 0) + a
            gain = round_margin(s, p, cats, more) - base
            net = gain - spent * res_vp - need.coins - need.whisky * (whisky_vp - res_vp)
            if net > best_net:
                best, best_net, best_extra = spot, net, more
        if best < 0:
            break
        chosen.append(best)
        payer._pay_feast(p, s.feast_row[best - 1])
        base = round_margin(s, p, cats, best_extra)
        extra = best_extra
    return chosen


def highland_games_v2(s: GlenMore2State, p: int) -> float:
    """Chronicle 10: fame is worth an item of a category; leading a discipline at the next
    scoring brings 1 fame (HG-RU 338), a lead shared a little less; ranks 3-4's modifiers are
    worth what they add to ``p``'s lead in that scoring; a rank a little (the rewards above
    it come nearer). The ranks' one-time rewards are counted once gained."""
    if 10 not in s.ch:
        return 0.0
    item = item_vp(s)
    out = item * s.fame[p] + 0.3 * sum(s.rank[p])
    for t in range(2):
        mine = s.rank[p][t]
        other = max(s.rank[q][t] for q in range(s.seats) if q != p)
        if mine and mine > other:
            out += 0.8 * item
        elif mine and mine == other:
            out += 0.3 * item
    if s.modifiers[p]:
        with_mods = round_counts(s)
        mine_off = {c: list(v) for c, v in with_mods.items()}
        for cat, extra in s.modifiers[p]:
            if cat in mine_off:
                mine_off[cat][p] -= extra
        out += round_margin(s, p, with_mods) - round_margin(s, p, mine_off)
    return out


def build_chance(s: GlenMore2State, p: int, tile: int, done: int = 0) -> float:
    """How likely the historic place of card ``tile`` is built before the end: one resource
    goes on a card a turn, the turn of taking it too (HG-RU 450), so it needs as many turns
    as resources are missing; without a tile of the kind it goes over (HG-RU 452) one must
    be placed first; and every card of ``p`` waits for the same resources (those on the
    tiles, what the coins buy, about one more every other turn)."""
    need = s.comp.blueprint_need[tile].resources() - done
    left = turns_left(s)
    feeds = left + (1.0 if s.cur == p and not s.planned else 0.0)
    if not s.build_spots(p, tile):
        feeds -= 2.0
    time = (feeds - need + 1.0) / 2.0
    missing = sum(s.comp.blueprint_need[c["tile"]].resources() - sum(c["paid"]) - c["free"]
                  for c in s.blueprints[p])
    if not any(c["tile"] == tile for c in s.blueprints[p]):
        missing += need
    supply = sum(s.terr[p].have()) + s.coins[p] / 2.0 + left / 2.0
    return max(0.0, min(1.0, time, (supply - missing + 1.0) / 2.0))


def blueprints_v2(s: GlenMore2State, p: int) -> float:
    """Chronicle 11: a card costs its coming penalty (HG-RU 506) unless it will be built;
    each resource on it makes that good in part, but only while it can still be finished
    (else a resource put on it is lost); a built place counts a little more."""
    penalty = s.comp.settings.unbuilt_historic_penalty
    out = 1.0 * s.historic_count(p) if s.blueprints[p] or 11 in s.ch else 0.0
    for c in s.blueprints[p]:
        total = s.comp.blueprint_need[c["tile"]].resources()
        done = sum(c["paid"]) + c["free"]
        if build_chance(s, p, c["tile"], done) > 0.0:
            out += -penalty + (penalty + 1.0) * done / total
        else:
            out += -penalty
    return out


def value_v2(s: GlenMore2State, p: int) -> float:
    """:func:`value` with the chronicles' knowledge (:func:`highland_games_v2`,
    :func:`blueprints_v2`)."""
    terr = s.terr[p]
    late = len(s.scorings)
    smallest = min(len(t) for t in s.terr)
    return (s.vp[p] + s.coins[p] + RESOURCE_VP * sum(terr.have())
            + (3.0 - 0.5 * late) * s.whisky[p]
            + (3.0 - 0.5 * late) * (s.castle_scotsmen(p) + len(s.cards[p])
                                    + len(s.personalities[p]))
            + 1.0 * terr.scotsmen() + 0.6 * s.mp
            - s.comp.settings.territory_penalty * 0.5 * (len(terr) - smallest)
            + blueprints_v2(s, p) + highland_games_v2(s, p))


VERSIONS = ("v2", "v1")


class HeuristicAgent:
    """Tries each legal move on a copy and keeps the best by :func:`value_v2` (level ``v1``:
    :func:`value`); a take also weighs how far ahead the tile lies (the further, the longer
    the wait) and what the tile's activation could bring. A chronicle 9 bid is
    :func:`best_bid` (v1: the first of the equally valued bids it saw). Uses only public
    information."""

    name = "heuristic"

    def __init__(self, seed: int = 0, level: str | None = None, **_: object) -> None:
        version = (level or VERSIONS[0]).strip().lower()
        if version not in VERSIONS:
            raise ValueError(f"unknown Glen More II heuristic level {level!r}: use "
                             f"{' or '.join(VERSIONS)} (heuristic:v1 is the player without "
                             f"the chronicles' knowledge)")
        self.version = version
        self.name = "heuristic" if version == VERSIONS[0] else f"heuristic:{version}"
        self.value = value_v2 if version == "v2" else value
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Move:
        assert isinstance(state, GlenMore2State)
        s = state
        if self.version == "v2" and s.phase == P_BID:
            return bid_move(best_bid(s, player))
        moves = s.legal_moves(player)
        if len(moves) == 1:
            return moves[0]
        base = self.value(s, player)
        best, best_v = moves[0], float("-inf")
        for m in moves:
            assert isinstance(m, GMove)
            v = self.score(s, player, m, base) + 0.01 * self.rng.random()
            if v > best_v:
                best, best_v = m, v
        return best

    def score(self, s: GlenMore2State, p: int, m: GMove, base: float) -> float:
        """How much better ``m`` leaves ``p`` than ``base`` (the value before it)."""
        if m.op == END:
            return 0.0
        if m.op == SELL and s.phase != P_TAKE:
            return -0.5
        c = s.clone()
        c.auto_chance = False
        c.apply_trusted(m, p)
        v = self.value(c, p) - base
        if m.op in (TAKE, PASS):
            tile = s.comp.index[m.name]
            on_rondel = [t for t in s.track if t >= 0]
            ahead = on_rondel.index(tile) if tile in on_rondel else 0  # Munro: the discard
            row = s.comp.tiles[tile]
            gain = 2.0 + 1.0 * len(row.activation.options)
            gain += 3.0 if row.landmark else 0.0
            gain += 2.5 if row.kind == "personality" else 0.0
            v -= 1.0 * ahead + (50.0 if m.op == PASS else 0.0)
            if s.comp.is_historic_card(tile):
                penalty = s.comp.settings.unbuilt_historic_penalty
                if self.version == "v1":
                    v += penalty if s.build_spots(p, tile) else 0.0  # made good when built
                elif s.build_spots(p, tile):  # made good when built in the turns left;
                    # one card at a time: each more waits for the same resources; what the
                    # place brings counts only as far as it will be built
                    held = len(s.blueprints[p])
                    chance = build_chance(c, p, tile) * ((1.0, 0.5)[held] if held < 2 else 0.0)
                    v += (penalty + 1.0) * chance - 1.0
                    gain *= chance
                else:
                    gain = 0.0
            v += gain
        if m.op == PLAN:  # v2: a resource on a card that cannot be finished is lost
            v += 0.5 if self.version == "v1" or any(
                card["tile"] == s.comp.index[m.name] and build_chance(
                    s, p, card["tile"], sum(card["paid"]) + card["free"]) > 0.0
                for card in s.blueprints[p]) else -0.5
        if m.op == ACT or (m.op == MOVE and s.phase == P_ACT):
            v += 0.3
        return v


class GlenMore2Hints(SearchHints):
    """Playouts are cut at once and scored by :func:`value_v2` (a soft share of the win by
    how far each seat is ahead); candidates list selling last; the heuristic player's
    ranking orders the moves a node widens to (a bid: :func:`best_bid` first)."""

    def __init__(self) -> None:
        self.ranker = HeuristicAgent(0)

    def evaluate(self, state: State) -> list[float] | None:
        if not isinstance(state, GlenMore2State):
            return None
        vals = [value_v2(state, p) for p in range(state.num_players)]
        top = max(vals)
        weights = [math.exp((v - top) / 6.0) for v in vals]
        total = sum(weights)
        return [w / total for w in weights]

    def candidate_moves(self, state: State, player: int) -> list[Move]:
        moves = state.legal_moves(player)
        first = [m for m in moves if not (isinstance(m, GMove) and m.op == SELL)]
        return first + [m for m in moves if isinstance(m, GMove) and m.op == SELL]

    def move_priors(self, state: State, player: int, moves: list[Move]) -> list[float] | None:
        """The heuristic's score of each move; bids by how much of :func:`best_bid` they
        share in order (only what every seat sees is used)."""
        if not isinstance(state, GlenMore2State) or len(moves) < 2:
            return None
        s = state
        if s.phase == P_BID:
            best = best_bid(s, player)
            out = []
            for m in moves:
                bids = bid_list(m) if isinstance(m, GMove) and m.op == BID else []
                same = 0
                while same < min(len(bids), len(best)) and bids[same] == best[same]:
                    same += 1
                shared = len(set(bids) & set(best))
                out.append(2.0 * same + 0.5 * shared - abs(len(bids) - len(best)))
            return out
        base = value_v2(s, player)
        return [self.ranker.score(s, player, m, base) if isinstance(m, GMove) else 0.0
                for m in moves]
