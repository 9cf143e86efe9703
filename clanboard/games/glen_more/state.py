"""Glen More positions and rules (rulebook: shared/rules/glen-more.ru.txt).

A turn is a sequence of small moves: ``take`` a tile from the track (the figure moves
onto its space), ``place`` it, ``pay``/``buy`` its cost unit by unit, ``gain`` chosen
resources (Loch Lochy, Loch Shiel on Iona Abbey), ``act`` tiles one at a time (paying an
input unit by unit), ``end``, then ``move``/``retire`` clansmen and ``end`` again.
``sell`` is open at every step of one's own turn. Chance nodes draw tiles from the lowest
non-empty stack and roll the neutral die (2-3 players).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from mypy_extensions import mypyc_attr

from clanboard.core import CHANCE, TERMINAL, Game, Move, Rng, State
from clanboard.core.game import PLAYOUT_MOVE_LIMIT
from clanboard.games.glen_more.constants import (
    CHAIN,
    DIE,
    DIE_FACES,
    DRAWS,
    GAP,
    P_ACT,
    P_ACTPAY,
    P_DRAW,
    P_GAIN,
    P_MOVE,
    P_OVER,
    P_PAY,
    P_PLACE,
    P_ROLL,
    P_TAKE,
    PHASES,
    ROLL_P,
    ROLLS,
    SPACES,
)
from clanboard.games.glen_more.data import (
    CARDS,
    CLAN,
    DISTINCT,
    FIXED,
    LOCHY,
    MEY,
    NESS,
    OICH,
    PRODUCTION_KINDS,
    SHIEL,
    START_TILES,
    TILES,
    VILLAGE_KINDS,
    WHISKY,
    Need,
    final_vp_per_tile,
    table_vp,
)
from clanboard.games.glen_more.describe import MESSAGES as DESCRIBE_WORDS
from clanboard.games.glen_more.describe import (
    describe_move,
    result_explanation,
)
from clanboard.games.glen_more.encoding import (
    action_to_move,
    move_to_action,
    observation_tensor,
)
from clanboard.games.glen_more.explain import explain
from clanboard.games.glen_more.market import payable
from clanboard.games.glen_more.moves import (
    ACT,
    ALL_DIRS,
    BUY,
    DRAW,
    END,
    END_MOVE,
    GAIN,
    MOVE,
    NOPOS,
    ORIGIN,
    PASS,
    PAY,
    PAYCHIEF,
    PAYCLAN,
    PLACE,
    RETIRE,
    ROLL,
    SELL,
    TAKE,
    GMove,
    act,
    gmove,
    parse,
)
from clanboard.games.glen_more.render import render
from clanboard.games.glen_more.serial import (
    check,
    to_json,
)
from clanboard.games.glen_more.territory import Territory
from clanboard.games.glen_more.view import observation

# the moves that name a tile or a resource, made once
TAKES: Final = tuple(GMove(TAKE, arg=t) for t in range(len(TILES)))
PASSES: Final = tuple(GMove(PASS, arg=t) for t in range(len(TILES)))
GAINS: Final = tuple(GMove(GAIN, arg=k) for k in range(5))
BUYS: Final = tuple(GMove(BUY, arg=k) for k in range(5))
PAYCHIEF_MOVE: Final = GMove(PAYCHIEF)
SPOT_KIND: Final = tuple((t.river, t.road) for t in TILES)  # the key of Territory.spots
#: per tile: None (no activation), -1 (a rule list), else its first rule's production
PRODUCE: Final = tuple(t.rules[0].produce if t.rules else None for t in TILES)


class _AbbeyActs(dict[int, tuple[GMove, ...]]):
    """Iona Abbey's five activations by square, made once."""

    def __missing__(self, q: int) -> tuple[GMove, ...]:
        moves = self[q] = tuple(act(q, k + 1, abbey=True) for k in range(5))
        return moves


ABBEY_ACTS: Final = _AbbeyActs()


def marker(seat: int) -> int:
    return -(seat + 1)


@mypyc_attr(allow_interpreted_subclasses=True)
class GlenMoreState(State):
    """One Glen More position. Compact: lists of ints, one :class:`Territory` per seat."""

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        n = num_players
        self.use_die = n <= 3
        self.track: list[int] = [marker(p) for p in range(n)] + ([DIE] if self.use_die else [])
        self.head = 0  # board space (0-13) of track[0], the back of the chain
        self.stacks: list[list[int]] = [[], [], [], []]
        self.discarded: list[int] = []
        self.market = [1 if self.use_die else 0] * 5
        self.coins = [6] * n
        self.vp = [0] * n
        self.whisky = [0] * n
        self.chiefs = [0] * n
        self.cards = [0] * n  # bitmask over CARDS
        self.terr = [Territory() for _ in range(n)]
        self.phase = P_DRAW
        self.cur = -1
        self.scorings: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = None
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.tile = -1  # tile taken this turn, until placed
        self.tpos = NOPOS  # where it was placed
        self.mode = FIXED  # the debt being paid (P_PAY / P_ACTPAY)
        self.owed = [0, 0, 0, 0, 0]
        self.left = 0
        self.used = 0
        self.then_slot = -1  # activation waiting for its input (-1: the placement)
        self.then_rule = -1
        self.near: list[int] = []  # slots activatable this turn (new tile and neighbours)
        self.activated: list[int] = []
        self.mp = 0
        self.ness_used = False
        self.oich = False
        self.gain_left = 0
        self.gain_slot = -1

    # -- set-up ------------------------------------------------------------------------

    def setup(self) -> None:
        for t in TILES:
            if t.stack >= 0:
                self.stacks[t.stack].append(t.index)
        for p in range(self.num_players):
            terr = self.terr[p]
            slot = terr.add(START_TILES[p], ORIGIN)
            terr.clan[slot] = 1
        self.phase = P_DRAW

    # -- whose turn ------------------------------------------------------------------------

    def current_player(self) -> int:
        ph = self.phase
        if ph <= P_ROLL:
            return CHANCE
        if ph == P_OVER:
            return TERMINAL
        return self.cur

    def players_to_move(self) -> list[int]:
        ph = self.phase
        return [] if ph <= P_ROLL or ph == P_OVER else [self.cur]

    def _advance(self) -> None:
        """After a turn or a chance event: refill, roll the die, or start a player's turn."""
        if self.phase == P_OVER:
            return
        self._reset_turn()
        if len(self.track) < CHAIN:
            self.phase = P_DRAW
            self.cur = -1
        elif self.track[0] == DIE:
            self.phase = P_ROLL
            self.cur = -1
        else:
            self.phase = P_TAKE
            self.cur = -self.track[0] - 1

    def _compress(self) -> None:
        """Remove the gap and every tile left behind the hindmost marker (step 4)."""
        t = self.track
        i = 0
        while t[i] >= 0 or t[i] == GAP:
            if t[i] >= 0:
                self.discarded.append(t[i])
            i += 1
        if i:
            self.track = t[i:]
            self.head = (self.head + i) % SPACES

    def current_stack(self) -> int:
        for s in range(4):
            if self.stacks[s]:
                return s
        return -1

    # -- chance ------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase == P_ROLL:
            return list(zip(ROLLS, ROLL_P, strict=True))
        if self.phase == P_DRAW:
            stack = self.stacks[self.current_stack()]
            pr = 1.0 / len(stack)
            return [(DRAWS[t], pr) for t in sorted(stack)]
        return []

    def sample_chance(self, rng: Rng) -> Move:
        if self.phase == P_ROLL:
            return ROLLS[DIE_FACES[rng.randrange(6)] - 1]
        stack = self.stacks[self.current_stack()]
        return DRAWS[stack[rng.randrange(len(stack))]]

    def resolve_chance(self) -> None:
        rng = self.rng
        while self.phase <= P_ROLL:
            self._apply(self.sample_chance(rng), CHANCE)

    def random_playout(self, rng: Rng) -> int:
        """:meth:`State.random_playout` (the same moves from the same generators) without
        the generic loop's calls."""
        history = self.history
        own = self.rng
        moves = 0
        while True:
            ph = self.phase
            if ph <= P_ROLL:
                move = self.sample_chance(own)
                self._apply(move, CHANCE)
                history.append((CHANCE, move))
                continue
            if ph == P_OVER:
                return moves
            seat = self.cur
            legal = self.legal_moves(seat)
            move = legal[rng.next_u64() % len(legal)]  # rng.choice
            self._apply(move, seat)
            history.append((seat, move))
            if self.auto_chance:
                while self.phase <= P_ROLL:
                    self._apply(self.sample_chance(own), CHANCE)
            moves += 1
            if moves > PLAYOUT_MOVE_LIMIT:
                raise RuntimeError(f"glen-more: a random game did not end in {moves} moves")

    def _draw(self, tile: int) -> None:
        s = TILES[tile].stack
        self.stacks[s].remove(tile)
        self.track.append(tile)
        if not self.stacks[s] and s >= 1:
            self._scoring(s)
            if s == 3:
                self._final_scoring()
                return
        if len(self.track) < CHAIN:  # refilling goes on; the turn was reset before it
            return
        self._advance()

    def _roll(self, face: int) -> None:
        t = self.track
        k = 0
        for i in range(1, len(t)):
            if t[i] >= 0:
                k += 1
                if k == face:
                    self.discarded.append(t[i])
                    t[i] = DIE
                    t[0] = GAP
                    break
        self._compress()
        self._advance()

    # -- legal moves ---------------------------------------------------------------------

    def legal_moves(self, player: int | None = None) -> list[Move]:
        ph = self.phase
        if ph <= P_ROLL:
            if player not in (None, CHANCE):
                return []
            return [m for m, _ in self.chance_outcomes()]
        if ph == P_OVER or (player is not None and player != self.cur):
            return []
        p = self.cur
        if ph == P_TAKE:
            return self._take_moves(p) + self._sell_moves(p)
        if ph == P_PLACE:
            return [gmove(PLACE, q) for q in self._places(p, self.tile)]
        if ph in (P_PAY, P_ACTPAY):
            return self._pay_moves(p)
        if ph == P_GAIN:
            return list(GAINS)
        if ph == P_ACT:
            return self._act_moves(p) + self._sell_moves(p) + [END_MOVE]
        return self._clan_moves(p) + self._sell_moves(p) + [END_MOVE]

    def _places(self, p: int, tile: int) -> list[int]:
        t = TILES[tile]
        terr = self.terr[p]
        squares = terr.placements(t.river, t.road)
        if t.cost is not None and t.cost.mode == CLAN and not self.chiefs[p] \
                and terr.clansmen() < 2:
            return []  # Loch Ness paid with a clansman: another one must stay beside it
        return squares

    def _cost_ok(self, p: int, need: Need, have: list[int] | None = None) -> bool:
        if need.mode == WHISKY:
            return self.whisky[p] >= need.n
        if need.mode == CLAN:
            return self.chiefs[p] > 0 or self.terr[p].clansmen() >= 2
        return payable(self.terr[p].have() if have is None else have, self.market,
                       self.coins[p], need.mode, need.counts, need.n, 0)

    def takeable(self, p: int, tile: int) -> bool:
        t = TILES[tile]
        if t.cost is not None and not self._cost_ok(p, t.cost):
            return False
        return bool(self._places(p, tile))

    def _take_moves(self, p: int) -> list[Move]:
        spots = self.terr[p].spots()
        out: list[Move] = []
        tiles = [t for t in self.track if t >= 0]
        have: list[int] | None = None
        for tile in tiles:
            if SPOT_KIND[tile] not in spots:
                continue
            cost = TILES[tile].cost
            if cost is not None:
                if have is None:
                    have = self.terr[p].have()
                if not self._cost_ok(p, cost, have):
                    continue
            out.append(TAKES[tile])
        if not out:  # no tile can be placed: the figure moves on and the tile is lost
            out = [PASSES[tile] for tile in tiles]
        return out

    def _sell_moves(self, p: int) -> list[Move]:
        terr = self.terr[p]
        market = self.market
        res = terr.res
        if self.phase in (P_PAY, P_ACTPAY):  # no sale that leaves the debt unpayable
            have = terr.have()
            ok = [bool(market[k]) and have[k] > 0
                  and self._still_payable_after(p, sell=k, have=have) for k in range(5)]
        else:
            ok = [bool(k) for k in market]
        pos = terr.pos
        return [gmove(SELL, pos[i // 5], i % 5) for i, v in enumerate(res) if v and ok[i % 5]]

    def _still_payable_after(self, p: int, sell: int = -1, buy: int = -1,
                             own: int = -1, have: list[int] | None = None) -> bool:
        if self.mode == CLAN:
            return True  # paid with a clansman or chieftain: resources do not matter
        have = list(self.terr[p].have() if have is None else have)
        market = list(self.market)
        coins = self.coins[p]
        owed = list(self.owed)
        left, used = self.left, self.used
        if sell >= 0:
            have[sell] -= 1
            coins += market[sell]
            market[sell] -= 1
        k = buy if buy >= 0 else own
        if k >= 0:
            if buy >= 0:
                market[k] += 1
                coins -= market[k]
            else:
                have[k] -= 1
            if self.mode == FIXED:
                owed[k] -= 1
            else:
                left -= 1
                used |= 1 << k
        return payable(have, market, coins, self.mode, owed, left, used)

    def _pay_moves(self, p: int, sells: bool = True) -> list[Move]:
        terr = self.terr[p]
        out: list[Move] = []
        if self.mode == CLAN:
            if self.chiefs[p]:
                out.append(PAYCHIEF_MOVE)
            if terr.clansmen() >= 2:
                for slot, q in enumerate(terr.pos):
                    if terr.clan[slot] and terr.clan_near(self.tpos) - (
                            1 if q in _around(self.tpos) else 0) >= 1:
                        out.append(gmove(PAYCLAN, q))
            return out
        if self.mode == FIXED:
            kinds = [k for k in range(5) if self.owed[k]]
        elif self.mode == DISTINCT:
            kinds = [k for k in range(5) if not self.used >> k & 1]
        else:
            kinds = list(range(5))
        fixed = self.mode == FIXED
        res = terr.res
        have = terr.have()
        for k in kinds:
            if have[k] and (fixed or self._still_payable_after(p, own=k, have=have)):
                for slot, q in enumerate(terr.pos):
                    if res[slot * 5 + k]:
                        out.append(gmove(PAY, q, k))
            f = self.market[k]
            if f < 3 and self.coins[p] > f and self._still_payable_after(p, buy=k, have=have):
                out.append(BUYS[k])
        return out + self._sell_moves(p) if sells else out

    def _act_options(self, p: int, slot: int, have: list[int] | None) -> list[Move]:
        """The ways to activate the tile in ``slot`` (``have``: the seat's resources, or
        None to count them when a rule needs an input)."""
        terr = self.terr[p]
        rules = TILES[terr.tiles[slot]].rules
        if not rules:
            return []
        q = terr.pos[slot]
        r0 = rules[0]
        if r0.produce != -1:
            if terr.on_tile(slot) >= 3:
                return []
            if r0.produce == -2:
                return [act(q, k + 1, abbey=True) for k in range(5)]
            return [act(q)]
        out: list[Move] = []
        several = len(rules) > 1
        for i, r in enumerate(rules):
            need = r.need
            if need is not None:
                if have is None:
                    have = terr.have()
                if not payable(have, self.market, self.coins[p], need.mode, need.counts,
                               need.n, 0):
                    continue
            out.append(act(q, i + 1 if several else 0))
        return out

    def _act_moves(self, p: int) -> list[Move]:
        done = self.activated
        terr = self.terr[p]
        cand: Iterable[int] = self.near
        if self.oich or (self.cards[p] >> NESS & 1 and not self.ness_used):
            cand = range(len(terr))
        tiles, res = terr.tiles, terr.res
        have: list[int] | None = None
        out: list[Move] = []
        for slot in cand:
            if slot in done:
                continue
            produce = PRODUCE[tiles[slot]]
            if produce is None:  # no activation
                continue
            if produce != -1:  # production: while the tile holds fewer than 3
                b = slot * 5
                if res[b] + res[b + 1] + res[b + 2] + res[b + 3] + res[b + 4] < 3:
                    out.extend(ABBEY_ACTS[terr.pos[slot]] if produce == -2
                               else (act(terr.pos[slot]),))
                continue
            if have is None:
                have = terr.have()
            out.extend(self._act_options(p, slot, have))
        return out

    def _clan_moves(self, p: int) -> list[Move]:
        if self.mp <= 0:
            return []
        terr = self.terr[p]
        out: list[Move] = []
        cells = terr.cells
        many = terr.clansmen() >= 2
        for slot, q in enumerate(terr.pos):
            if terr.clan[slot]:
                for d in ALL_DIRS:
                    if q + d in cells:
                        out.append(gmove(MOVE, q, q=q + d))
                if many:
                    out.append(gmove(RETIRE, q))
        return out

    # -- applying ------------------------------------------------------------------------

    def parse_move(self, text: str, player: int | None = None) -> Move:
        return parse(text)

    def _apply(self, move: Move, player: int) -> None:
        assert isinstance(move, GMove)
        op = move.op
        if op == DRAW:
            self._draw(move.arg)
            return
        if op == ROLL:
            self._roll(move.arg)
            return
        p = self.cur
        terr = self.terr[p]
        if op == ACT:  # the most frequent steps first
            self._activate(p, terr.cells[move.p], move)
        elif op == END:
            if self.phase == P_ACT and self.mp > 0:
                self.phase = P_MOVE
            else:
                self._end_turn()
        elif op == SELL:
            slot = terr.cells[move.p]
            terr.res[slot * 5 + move.arg] -= 1
            self.coins[p] += self.market[move.arg]
            self.market[move.arg] -= 1
        elif op in (TAKE, PASS):
            t = self.track
            t[t.index(move.arg)] = t[0]
            t[0] = GAP
            if op == TAKE:
                self.tile = move.arg
                self.phase = P_PLACE
            else:
                self.discarded.append(move.arg)
                self._end_turn()
        elif op == PLACE:
            self.tpos = move.p
            need = TILES[self.tile].cost
            if need is None:
                self._finish_place(p)
            elif need.mode == WHISKY:
                self.whisky[p] -= need.n
                self._finish_place(p)
            else:
                self._start_debt(need, -1, -1)
        elif op in (PAY, BUY):
            k = move.arg
            if op == PAY:
                terr.res[terr.cells[move.p] * 5 + k] -= 1
            else:
                self.market[k] += 1
                self.coins[p] -= self.market[k]
            if self.mode == FIXED:
                self.owed[k] -= 1
            else:
                self.left -= 1
                self.used |= 1 << k
            if (sum(self.owed) if self.mode == FIXED else self.left) == 0:
                self._debt_paid(p)
        elif op == PAYCLAN:
            terr.clan[terr.cells[move.p]] -= 1
            self._debt_paid(p)
        elif op == PAYCHIEF:
            self.chiefs[p] -= 1
            self._debt_paid(p)
        elif op == GAIN:
            terr.res[self.gain_slot * 5 + move.arg] += 1
            self.gain_left -= 1
            if self.gain_left == 0:
                self._start_activation(p)
        elif op == MOVE:
            terr.clan[terr.cells[move.p]] -= 1
            terr.clan[terr.cells[move.q]] += 1
            self.mp -= 1
        elif op == RETIRE:
            terr.clan[terr.cells[move.p]] -= 1
            self.chiefs[p] += 1
            self.mp -= 1

    def _start_debt(self, need: Need, slot: int, rule: int) -> None:
        self.mode = need.mode
        self.owed = list(need.counts)
        self.left = need.n
        self.used = 0
        self.then_slot, self.then_rule = slot, rule
        self.phase = P_PAY if slot < 0 else P_ACTPAY

    def _debt_paid(self, p: int) -> None:
        self.mode = FIXED
        self.owed = [0, 0, 0, 0, 0]
        self.left = self.used = 0
        if self.then_slot < 0:
            self._finish_place(p)
        else:
            self._output(p, self.then_slot, self.then_rule, -1)
            self.phase = P_ACT

    def _finish_place(self, p: int) -> None:
        tile = self.tile
        t = TILES[tile]
        terr = self.terr[p]
        slot = terr.add(tile, self.tpos)
        self.tile = -1
        terr.clan[slot] += t.bonus_clansman
        self.whisky[p] += t.bonus_whisky
        c = t.card
        self.phase = P_ACT
        if c >= 0:
            self.cards[p] |= 1 << c
            effect = CARDS[c].effect.split()
            if effect[0] == "gain":
                n = int(effect[1]) if effect[1].isdigit() else 1
                what = effect[-1] if effect[-1] != "on_tile" else effect[-2]
                if c == LOCHY:
                    self.gain_left, self.gain_slot = n, slot
                    self.phase = P_GAIN
                elif what == "clansman":
                    terr.clan[slot] += n
                elif what == "whisky":
                    self.whisky[p] += n
                elif what == "coin":
                    self.coins[p] += n
            elif c == SHIEL:
                for s, tl in enumerate(terr.tiles):
                    kind = TILES[tl].kind
                    if kind in PRODUCTION_KINDS and terr.on_tile(s) == 0:
                        terr.res[s * 5 + TILES[tl].rules[0].produce] += 1
                    elif kind == "abbey" and terr.on_tile(s) == 0:
                        self.gain_left, self.gain_slot = 1, s
                        self.phase = P_GAIN
            elif c == OICH:
                self.oich = True
        if self.phase == P_ACT:
            self._start_activation(p)

    def _start_activation(self, p: int) -> None:
        terr = self.terr[p]
        q = self.tpos
        self.near = sorted([terr.cells[q], *terr.neighbours(q)])
        self.phase = P_ACT

    def _activate(self, p: int, slot: int, move: GMove) -> None:
        self.activated.append(slot)
        if not self.oich and slot not in self.near:
            self.ness_used = True
        t = TILES[self.terr[p].tiles[slot]]
        rule = max(move.arg - 1, 0) if move.q != 1 else 0
        need = t.rules[rule].need
        if need is not None:
            self._start_debt(need, slot, rule)
        else:
            self._output(p, slot, rule, move.arg - 1 if move.q == 1 else -1)

    def _output(self, p: int, slot: int, rule_no: int, chosen: int) -> None:
        terr = self.terr[p]
        rule = TILES[terr.tiles[slot]].rules[rule_no]
        self.vp[p] += rule.vp
        self.whisky[p] += rule.whisky
        self.mp += rule.move
        k = rule.produce if rule.produce >= 0 else chosen
        if k >= 0 and terr.on_tile(slot) < 3:
            terr.res[slot * 5 + k] += 1

    def _end_turn(self) -> None:
        self._compress()
        self.phase = P_TAKE  # anything but OVER/chance; _advance decides
        self._advance()

    # -- scoring -------------------------------------------------------------------------

    def hats(self, p: int) -> int:
        return sum(c.hats for c in CARDS if self.cards[p] >> c.index & 1)

    def chieftain_strength(self, p: int) -> int:
        mey = 2 if self.cards[p] >> MEY & 1 else 1
        return self.chiefs[p] * mey + self.hats(p)

    def _scoring(self, number: int) -> None:
        n = self.num_players
        cats = {
            "whisky": list(self.whisky),
            "chieftains": [self.chieftain_strength(p) for p in range(n)],
            "cards": [self.cards[p].bit_count() for p in range(n)],
        }
        vp = [0] * n
        for values in cats.values():
            low = min(values)
            for p in range(n):
                vp[p] += table_vp(values[p] - low)
        for p in range(n):
            self.vp[p] += vp[p]
        self.scorings.append({"round": number, **cats, "vp": vp})

    def _final_scoring(self) -> None:
        n = self.num_players
        cards_vp = [0] * n
        for p in range(n):
            for c in CARDS:
                if c.timing == "final" and self.cards[p] >> c.index & 1:
                    per, what = final_vp_per_tile(c)
                    count = sum(1 for tl in self.terr[p].tiles if is_counted(TILES[tl], what))
                    cards_vp[p] += per * count
        sizes = [len(t) for t in self.terr]
        low = min(sizes)
        penalty = [-3 * (s - low) for s in sizes]
        coins = list(self.coins)
        before = list(self.vp)
        for p in range(n):
            self.vp[p] += cards_vp[p] + coins[p] + penalty[p]
        self.final = {"before": before, "cards": cards_vp, "coins": coins, "tiles": sizes,
                      "penalty": penalty,
                      "resources": [sum(t.have()) for t in self.terr], "total": list(self.vp)}
        self.phase = P_OVER
        self.cur = -1

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        if self.phase != P_OVER:
            return []
        best = max(self.vp)
        tied = [p for p in range(self.num_players) if self.vp[p] == best]
        if len(tied) > 1:
            res = {p: sum(self.terr[p].have()) for p in tied}
            most = max(res.values())
            tied = [p for p in tied if res[p] == most]
        return tied

    # -- information ---------------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:
        return observation(self, player)

    def public_viewers(self, move: Move, player: int) -> list[int]:
        """Glen More hides nothing a player chooses: every move is public."""
        return [-1, *range(self.num_players)]

    def determinize(self, player: int, rng: Rng) -> State:
        """Nothing but the stacks' order is hidden, and the state keeps no order (each
        draw is a chance event): a copy with re-seeded future chance."""
        clone = self.clone()
        clone.rng = rng.fork()
        return clone

    def render(self, player: int | None = None, *, lang: str = "en") -> str:
        return render(self, player, lang)

    def explain_illegal(self, move: Move, player: int) -> str:
        return explain(self, move, player)

    # -- copying and JSON ----------------------------------------------------------------

    def clone(self) -> GlenMoreState:
        # attribute by attribute (not a __dict__ copy): the class may be compiled (setup.py)
        s = GlenMoreState(self.game, self.num_players, self.seed, self.options)
        s.auto_chance = self.auto_chance
        s.rng = self.rng.copy()
        s.history = list(self.history)
        s.use_die = self.use_die
        s.track = list(self.track)
        s.head = self.head
        s.stacks = [list(x) for x in self.stacks]
        s.discarded = list(self.discarded)
        s.market = list(self.market)
        s.coins = list(self.coins)
        s.vp = list(self.vp)
        s.whisky = list(self.whisky)
        s.chiefs = list(self.chiefs)
        s.cards = list(self.cards)
        s.terr = [t.clone() for t in self.terr]
        s.phase = self.phase
        s.cur = self.cur
        s.scorings = list(self.scorings)
        s.final = self.final
        s.tile = self.tile
        s.tpos = self.tpos
        s.mode = self.mode
        s.owed = list(self.owed)
        s.left = self.left
        s.used = self.used
        s.then_slot = self.then_slot
        s.then_rule = self.then_rule
        s.near = list(self.near)
        s.activated = list(self.activated)
        s.mp = self.mp
        s.ness_used = self.ness_used
        s.oich = self.oich
        s.gain_left = self.gain_left
        s.gain_slot = self.gain_slot
        return s

    def _to_json(self) -> Any:
        return to_json(self)

    # -- RL encodings --------------------------------------------------------------------

    def move_to_action(self, move: Move) -> int:
        if isinstance(move, str):
            move = parse(move)
        assert isinstance(move, GMove)
        return move_to_action(self, move)

    def action_to_move(self, action: int) -> Move:
        return action_to_move(self, action)

    def observation_tensor(self, player: int) -> list[float]:
        return observation_tensor(self, player)

    def take_back_words(self) -> Mapping[str, str]:
        return DESCRIBE_WORDS

    def describe_move(self, move: Move, player: int, viewer: int | None,
                      names: Any = None, lang: str = "en") -> str:
        return describe_move(self, move, player, viewer, names, lang)

    def result_explanation(self, viewer: int | None, names: Any = None, lang: str = "en") -> Any:
        return result_explanation(self, viewer, names, lang) if self.phase == P_OVER else None

    def check_consistency(self) -> None:
        check(self)


def _around(p: int) -> set[int]:
    return {p + d for d in ALL_DIRS}


def is_counted(tile: Any, what: str) -> bool:
    """Whether a final-scoring card that counts ``what`` counts ``tile``."""
    if what == "village":
        return tile.kind in VILLAGE_KINDS
    return bool(tile.frame == what)


__all__ = ["PHASES", "GlenMoreState"]
