"""A heuristic Glen More player and search hints for the generic ISMCTS."""

from __future__ import annotations

from clanboard.core import Move, Rng, SearchHints, State
from clanboard.games.glen_more.data import CARDS, TILES
from clanboard.games.glen_more.moves import (
    BUY,
    END,
    END_MOVE,
    GAIN,
    MOVE,
    PASS,
    PAY,
    PAYCHIEF,
    PAYCLAN,
    RETIRE,
    SELL,
    TAKE,
    GMove,
)
from clanboard.games.glen_more.state import (
    P_ACT,
    P_ACTPAY,
    P_GAIN,
    P_MOVE,
    P_PAY,
    P_PLACE,
    P_TAKE,
    GlenMoreState,
)

RES_VALUE = 1.6  # a resource on a tile, in VP (about its selling price)
_KIND_VALUE = {
    "quarry": 4.0, "forest": 4.0, "meadow": 3.5, "pasture": 3.5, "field": 3.5,
    "distillery": 5.0, "abbey": 8.0, "village": 5.0, "castle": 7.0, "loch": 5.0,
    "butcher": 3.5, "fair": 4.5, "grocer": 5.0, "bridge": 5.0, "tavern": 4.0,
}


def value(s: GlenMoreState, p: int) -> float:
    """What ``p`` has, in rough VP: points, coins, goods, whisky, chieftains, cards."""
    terr = s.terr[p]
    late = len(s.scorings)
    left = len(s.stacks[3]) + len(s.stacks[2])
    goods = RES_VALUE if left > 6 else 0.4 + 0.2 * left  # worthless once the game ends
    return (s.vp[p] + s.coins[p] + goods * sum(terr.have()) + 2.5 * s.whisky[p]
            + (2.5 - 0.5 * late) * s.chieftain_strength(p) + 1.2 * terr.clansmen()
            + (3 - late) * s.cards[p].bit_count() + 0.8 * s.mp)


class HeuristicAgent:
    """Takes the nearest valuable tile it can afford, places it where it touches the most
    tiles, activates greedily (a one-step look-ahead that pays inputs its own way), sells
    dear goods, and turns spare clansmen into chieftains. Uses only its own view (all of
    Glen More's information is public; it never looks at the random generator)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, **_: object) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> Move:
        assert isinstance(state, GlenMoreState)
        s = state
        moves = s.legal_moves(player)
        if len(moves) == 1:
            return moves[0]
        ph = s.phase
        if ph == P_TAKE:
            return self._take(s, player, moves)
        if ph == P_PLACE:
            return max(moves, key=lambda m: self._spot(s, player, m))  # type: ignore[arg-type]
        if ph in (P_PAY, P_ACTPAY):
            return pay_choice(s, player, moves)
        if ph == P_GAIN:
            return max(moves, key=lambda m: s.market[m.arg] - 0.1 * m.arg)  # type: ignore[attr-defined]
        if ph == P_ACT:
            return self._act(s, player, moves)
        if ph == P_MOVE:
            return self._move(s, player, moves)
        return self.rng.choice(moves)

    # -- steps -------------------------------------------------------------------------

    def _take(self, s: GlenMoreState, p: int, moves: list[Move]) -> Move:
        sells = [m for m in moves if isinstance(m, GMove) and m.op == SELL]
        terr = s.terr[p]
        endgame = len(s.stacks[3]) + len(s.stacks[2]) <= 4
        dear = [m for m in sells if s.market[m.arg] >= 3 or endgame
                or (s.market[m.arg] >= 2 and terr.on_tile(terr.cells[m.p]) >= 3)]
        if dear:
            return max(dear, key=lambda m: s.market[m.arg])
        takes = [m for m in moves if isinstance(m, GMove) and m.op in (TAKE, PASS)]
        if not takes:
            return moves[0]
        return max(takes, key=lambda m: self._tile_score(s, p, m))  # type: ignore[arg-type]

    def _tile_score(self, s: GlenMoreState, p: int, move: GMove) -> float:
        tile = move.arg
        t = TILES[tile]
        if move.op == PASS:
            return -100.0 - s.track.index(tile)
        score = _KIND_VALUE.get(t.kind, 3.0)
        terr = s.terr[p]
        have = terr.have()
        if t.card >= 0:
            score += 2.0 + 1.5 * CARDS[t.card].hats
        if t.kind == "tavern":
            score += 2.0
        if t.kind == "distillery" and have[4]:
            score += 1.5
        if t.cost is not None:
            score -= 1.3 * t.cost.total
        # moving far ahead gives the others turns in between
        ahead = s.track.index(tile)
        score -= 0.9 * max(0, ahead - 1)
        # the tile-count penalty at the end
        smallest = min(len(x) for x in s.terr)
        score -= 1.5 * max(0, len(terr) + 1 - smallest) * (len(s.scorings) + 1) / 4
        best_spot = max((len(terr.neighbours(q)) for q in terr.placements(t.river, t.road)),
                        default=0)
        return score + 0.7 * best_spot + 0.01 * self.rng.random()

    def _spot(self, s: GlenMoreState, p: int, move: GMove) -> float:
        terr = s.terr[p]
        score = 0.0
        for slot in terr.neighbours(move.p):
            t = TILES[terr.tiles[slot]]
            if not t.rules:
                continue
            full = t.rules[0].produce != -1 and terr.on_tile(slot) >= 3
            score += 0.3 if full else 1.0
            score += 0.3 * terr.clan[slot]
        return score + 0.01 * self.rng.random()

    def _act(self, s: GlenMoreState, p: int, moves: list[Move]) -> Move:
        base = value(s, p)
        best: Move = GMove(END)
        best_gain = 0.05
        endgame = len(s.stacks[3]) + len(s.stacks[2]) <= 4
        for m in moves:
            assert isinstance(m, GMove)
            if m.op == END:
                continue
            if m.op == SELL and s.market[m.arg] < 3 and not endgame:
                continue
            c = s.clone()
            c.auto_chance = False
            c.apply_trusted(m, p)
            finish_payment(c, p)
            gain = value(c, p) - base
            if m.op == SELL:
                gain -= 0.5
            if gain > best_gain:
                best, best_gain = m, gain
        return best

    def _move(self, s: GlenMoreState, p: int, moves: list[Move]) -> Move:
        """Retire clansmen as chieftains while the rest still leave room to place tiles;
        otherwise step towards open ground."""
        best: Move = GMove(END)
        best_score = _room(s, p)
        for m in moves:
            if not isinstance(m, GMove) or m.op not in (MOVE, RETIRE):
                continue
            c = s.clone()
            c.auto_chance = False
            c.apply_trusted(m, p)
            score = _room(c, p) + (2.0 if m.op == RETIRE else 0.0)
            if score > best_score + 0.05:
                best, best_score = m, score
        return best if best in moves else moves[0]


def _room(s: GlenMoreState, p: int) -> float:
    """How freely ``p`` can place tiles: squares for plain, river and road tiles."""
    spots = s.terr[p].spots()
    plain = len(spots.get((False, False), []))
    river = len(spots.get((True, False), []))
    road = len(spots.get((False, True), []))
    return 1.5 * min(plain, 4) + 0.6 * min(river, 2) + 0.6 * min(road, 2) + \
        (3.0 if plain else 0.0)


def pay_choice(s: GlenMoreState, p: int, moves: list[Move]) -> Move:
    """Pay from the fullest own tile; buy only when nothing of one's own fits."""
    terr = s.terr[p]
    own = [m for m in moves if isinstance(m, GMove) and m.op == PAY]
    if own:
        return max(own, key=lambda m: terr.on_tile(terr.cells[m.p]))
    for op in (PAYCHIEF, PAYCLAN, BUY):
        cands = [m for m in moves if isinstance(m, GMove) and m.op == op]
        if cands:
            if op == BUY:
                return min(cands, key=lambda m: s.market[m.arg])
            return cands[0]
    return moves[0]


def finish_payment(s: GlenMoreState, p: int) -> None:
    while s.phase in (P_PAY, P_ACTPAY):
        s.apply_trusted(pay_choice(s, p, s.legal_moves(p)), p)


class GlenMoreHints(SearchHints):
    """Playouts skip selling (it is rarely what a random step should do), prefer
    activating to ending, and pay the cheap way; the tree sees every move."""

    def rollout_move(self, state: State, player: int, rng: Rng) -> Move:
        if not isinstance(state, GlenMoreState) or state.phase not in (
                P_TAKE, P_PAY, P_ACTPAY, P_ACT, P_MOVE):
            return rng.choice(state.legal_moves(player))
        s = state
        ph = s.phase
        if ph == P_TAKE:
            return rng.choice(s._take_moves(player))
        if ph in (P_PAY, P_ACTPAY):
            # selling only when it is the one way left to raise the coins
            return pay_choice(s, player, s._pay_moves(player, sells=False)
                              or s._pay_moves(player))
        if ph == P_ACT:
            acts = s._act_moves(player)
            return rng.choice(acts) if acts else END_MOVE
        steps = s._clan_moves(player)
        return rng.choice(steps) if steps and rng.random() < 0.8 else END_MOVE

    def candidate_moves(self, state: State, player: int) -> list[Move]:
        """Every legal move, sales last."""
        first: list[Move] = []
        sales: list[Move] = []
        for m in state.legal_moves(player):
            (sales if isinstance(m, GMove) and m.op == SELL else first).append(m)
        return first + sales if sales else first


__all__ = ["GAIN", "GlenMoreHints", "HeuristicAgent", "value"]
