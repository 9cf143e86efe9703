"""Integer actions and an observation tensor for the RL adapters (OpenSpiel, PettingZoo).

Squares are encoded within ``-GRID..GRID`` on both axes (a territory never grows that far
in practice: a move outside raises ``ValueError``). The action space depends on the pack
(its number of tiles and clan spaces), so the sizes are computed from the options.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import permutations
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from clanboard.games.glen_more_2.components import Components, components
from clanboard.games.glen_more_2.constants import TOP_RANK
from clanboard.games.glen_more_2.effects import RESOURCES
from clanboard.games.glen_more_2.moves import (
    ACT,
    ALLENARLY,
    BID,
    BUILD,
    BUY,
    CENTRAL,
    CHOOSE,
    CLAN,
    DRAW,
    END,
    GAIN,
    MOVE,
    PASS,
    PAY,
    PLACE,
    PLAN,
    REMOVE,
    REP,
    ROLL,
    SCOT,
    SELL,
    TAKE,
    TRAIN,
    GMove,
    Sq,
    bid_move,
)
from clanboard.games.glen_more_2.territory import ALL8

if TYPE_CHECKING:
    from clanboard.games.glen_more_2.state import GlenMore2State

GRID = 20
SIDE = 2 * GRID + 1
SQUARES = SIDE * SIDE
ALTS = 4
OPTIONS = 6
BIDS = [bid_move(list(seq)) for k in range(6) for seq in permutations(range(1, 6), k)]
BID_INDEX = {m.name: i for i, m in enumerate(BIDS)}
MAX_PLAYERS = 4
PER_SEAT = 14
N_PHASES = 20  # len(state.PHASES)
SOLO_CARDS = 20  # chance outcomes for Allenarly's action cards (ids 1-20)
OWN_BID = 6  # the viewer's own secret bid: the stage of each feast position 1-5, and "bid"
TENSOR_SIZE = N_PHASES + MAX_PLAYERS + PER_SEAT * MAX_PLAYERS + 5 + 4 + 1 + 5 + 2 + OWN_BID


class Layout:
    """The offsets of each move kind in the action space of one pack."""

    def __init__(self, comp: Components) -> None:
        self.comp = comp
        self.tiles = len(comp.tiles)
        self.spaces = [s.id for s in comp.spaces] + ["none"]
        sizes = [("take", self.tiles * ALTS), ("pass", self.tiles), ("place", SQUARES),
                 ("pay", 5 * SQUARES), ("buy", 5), ("sell", 5 * SQUARES), ("gain", 5),
                 ("act", SQUARES * OPTIONS), ("move", SQUARES * 8),
                 ("clan", len(self.spaces)), ("end", 1), ("bid", len(BIDS)),
                 ("remove", SQUARES), ("plan", self.tiles * 5), ("build", SQUARES * 3),
                 ("rep", SQUARES + 2), ("train", SQUARES), ("central", 6), ("choose", OPTIONS),
                 ("to_castle", SQUARES), ("scot", SQUARES)]
        self.offset: dict[str, int] = {}
        total = 0
        for name, size in sizes:
            self.offset[name] = total
            total += size
        self.size = total


@cache
def layout(pack: str) -> Layout:
    return Layout(components(pack))


def _sq(a: Sq) -> int:
    if not (-GRID <= a.x <= GRID and -GRID <= a.y <= GRID):
        raise ValueError(f"square {a} lies outside the encoded grid ±{GRID}")
    return (a.y + GRID) * SIDE + a.x + GRID


def _unsq(i: int) -> Sq:
    return Sq(i % SIDE - GRID, i // SIDE - GRID)


def num_actions(options: Mapping[str, Any]) -> int:
    return layout(options["pack"]).size


def num_chance(options: Mapping[str, Any]) -> int:
    return layout(options["pack"]).tiles + 6 + SOLO_CARDS


def move_to_action(s: GlenMore2State, m: GMove) -> int:
    lay = layout(s.comp.name)
    off = lay.offset
    op = m.op
    if op == DRAW:
        return s.comp.index[m.name]
    if op == ROLL:
        return lay.tiles + m.n - 1
    if op == ALLENARLY:
        return lay.tiles + 6 + m.n - 1
    if op == TAKE:
        return off["take"] + s.comp.index[m.name] * ALTS + m.n
    if op == PASS:
        return off["pass"] + s.comp.index[m.name]
    if op == PLACE:
        return off["place"] + _sq(m.a)
    if op in (PAY, SELL):
        return off[{PAY: "pay", SELL: "sell"}[op]] + RESOURCES.index(m.name) * SQUARES + _sq(m.a)
    if op in (BUY, GAIN):
        return off[{BUY: "buy", GAIN: "gain"}[op]] + RESOURCES.index(m.name)
    if op == ACT:
        return off["act"] + _sq(m.a) * OPTIONS + m.n
    if op == MOVE:
        step = (m.b.x - m.a.x, m.b.y - m.a.y)
        if step not in ALL8:  # Hero's Homeland: from any tile to the home castle
            return off["to_castle"] + _sq(m.a)
        d = ALL8.index(step)
        return off["move"] + _sq(m.a) * 8 + d
    if op == CLAN:
        return off["clan"] + lay.spaces.index(m.name)
    if op == END:
        return off["end"]
    if op == BID:
        return off["bid"] + BID_INDEX[m.name]
    if op == REMOVE:
        return off["remove"] + _sq(m.a)
    if op == PLAN:
        return off["plan"] + s.comp.index[m.name] * 5 + m.n - 1
    if op == BUILD:
        return off["build"] + _sq(m.a) * 3 + m.n
    if op == REP:
        return off["rep"] + ({"new": SQUARES, "none": SQUARES + 1}[m.name] if m.name
                             else _sq(m.a))
    if op == TRAIN:
        return off["train"] + _sq(m.a)
    if op == SCOT:
        return off["scot"] + _sq(m.a)
    if op == CENTRAL:
        return off["central"] + m.n
    if op == CHOOSE:
        return off["choose"] + m.n - 1
    raise ValueError(f"cannot encode {m}")


def action_to_move(s: GlenMore2State, action: int) -> GMove:
    lay = layout(s.comp.name)
    tid = s.comp.tile_id
    if s.is_chance():
        if action < lay.tiles:
            return GMove(DRAW, tid(action))
        if action >= lay.tiles + 6:
            return GMove(ALLENARLY, n=action - lay.tiles - 6 + 1)
        return GMove(ROLL, n=action - lay.tiles + 1)
    names = sorted(lay.offset, key=lambda k: lay.offset[k])
    kind = max((k for k in names if lay.offset[k] <= action), key=lambda k: lay.offset[k])
    i = action - lay.offset[kind]
    if kind == "take":
        return GMove(TAKE, tid(i // ALTS), i % ALTS)
    if kind == "pass":
        return GMove(PASS, tid(i))
    if kind == "place":
        return GMove(PLACE, a=_unsq(i))
    if kind in ("pay", "sell"):
        return GMove(PAY if kind == "pay" else SELL, RESOURCES[i // SQUARES], a=_unsq(i % SQUARES))
    if kind in ("buy", "gain"):
        return GMove(BUY if kind == "buy" else GAIN, RESOURCES[i])
    if kind == "act":
        return GMove(ACT, n=i % OPTIONS, a=_unsq(i // OPTIONS))
    if kind == "move":
        a = _unsq(i // 8)
        dx, dy = ALL8[i % 8]
        return GMove(MOVE, a=a, b=Sq(a.x + dx, a.y + dy))
    if kind == "clan":
        return GMove(CLAN, lay.spaces[i])
    if kind == "end":
        return GMove(END)
    if kind == "remove":
        return GMove(REMOVE, a=_unsq(i))
    if kind == "plan":
        return GMove(PLAN, tid(i // 5), i % 5 + 1)
    if kind == "build":
        return GMove(BUILD, n=i % 3, a=_unsq(i // 3))
    if kind == "rep":
        return GMove(REP, "new") if i == SQUARES else GMove(REP, "none") \
            if i == SQUARES + 1 else GMove(REP, a=_unsq(i))
    if kind == "train":
        return GMove(TRAIN, a=_unsq(i))
    if kind == "central":
        return GMove(CENTRAL, n=i)
    if kind == "choose":
        return GMove(CHOOSE, n=i + 1)
    if kind == "scot":
        return GMove(SCOT, a=_unsq(i))
    if kind == "to_castle":
        return GMove(MOVE, a=_unsq(i), b=Sq(1, 0))
    return BIDS[i]


# -- the tensor's declared bounds (the RL adapters' Box) -----------------------------------
# Counts of pieces are bounded by the components (the pack's tiles and cards, the settings'
# Scotsmen and clan markers per colour, 3 resources a tile (spec 8.4), 20 fame chips and 5
# bid tokens a colour (HG-RU 25, 37), the top rank (HG-RU 326-328)). The bank's coins, VP
# tokens and whisky barrels are uncounted in every source (component_counts.csv: "?"), so
# their items, the movement points and the gains owed get CAPS: chosen far above what
# any game reaches (random and heuristic games of every set-up stay below a fifth of them;
# tests/adapters/test_bounds.py checks every item), not proven.

#: fame chips in the box (chronicle 10, HG-RU 37)
MAX_FAME = 20
#: caps of the uncounted bank (see above): coins, whisky, VP (from below and above)
COIN_CAP = 200
WHISKY_CAP = 200
VP_CAPS = (-300, 1000)
#: caps of the movement points and resources still to gain in a turn
TURN_CAP = 100


def observation_tensor_bounds(num_players: int, options: Mapping[str, Any]
                              ) -> tuple[list[float], list[float]]:
    """``(low, high)``: each item of :func:`observation_tensor` lies between them (raw
    counts: the tensor is not scaled)."""
    comp = components(options["pack"])
    st = comp.settings
    tiles = len(comp.tiles) + 1  # every tile, the home tile counting as two (village, castle)
    scots = float(st.scotsmen_per_player)
    per_seat = [COIN_CAP, VP_CAPS[1], WHISKY_CAP, MAX_FAME, scots, len(comp.card_ids),
                sum(1 for t in comp.tiles if t.kind == "personality"),
                st.clan_markers_per_player + 3,  # chronicle 9's 3 extra (HG-RU 181)
                tiles, 3 * tiles, scots, len(comp.historic), TOP_RANK, TOP_RANK]
    low = [0.0] * TENSOR_SIZE
    high = [1.0] * TENSOR_SIZE
    base = N_PHASES + MAX_PLAYERS
    for seat in range(MAX_PLAYERS):
        at = base + seat * PER_SEAT
        high[at:at + PER_SEAT] = [float(v) for v in per_seat]
        low[at + 1] = float(VP_CAPS[0])
    base += PER_SEAT * MAX_PLAYERS
    high[base:base + 5] = [float(len(comp.prices(k))) for k in range(5)]  # filled spaces
    high[base + 5:base + 9] = [float(len(comp.tiles))] * 4
    base += 10  # the stacks, then whether we drew
    high[base:base + 5] = [3.0 * tiles] * 5
    high[base + 5] = high[base + 6] = float(TURN_CAP)
    high[base + 7:base + 12] = [5.0] * 5  # the stage (1-5) a feast position was bid at
    return low, high


def observation_tensor(s: GlenMore2State, player: int) -> list[float]:
    """Public counts (the stacks' sizes, never their tiles) and the viewer's own secret
    bid (chronicle 9), never another seat's."""
    out = [0.0] * TENSOR_SIZE
    out[s.phase] = 1.0
    if s.cur >= 0:
        out[N_PHASES + s.cur] = 1.0
    base = N_PHASES + MAX_PLAYERS
    mine: list[int] = []  # the viewer's resources (a seat: player < seats)
    for p in range(s.seats):  # solo: Allenarly's counts as the second seat
        terr = s.terr[p]
        seat = (p - player) % s.seats  # the viewer first
        have = terr.have()
        if p == player:
            mine = have
        vals = [s.coins[p], s.vp[p], s.whisky[p], s.fame[p], s.castle_scotsmen(p),
                len(s.cards[p]), len(s.personalities[p]), s.markers[p], len(terr),
                sum(have), terr.scotsmen(), len(s.blueprints[p]), s.rank[p][0],
                s.rank[p][1]]
        for k, v in enumerate(vals):
            out[base + seat * PER_SEAT + k] = float(v)
    base += PER_SEAT * MAX_PLAYERS
    for k in range(5):
        out[base + k] = float(s.market[k])
    base += 5
    for k, st in enumerate(s.stacks.values()):
        out[base + k] = float(len(st))
    base += 4
    out[base] = 1.0 if s.we_drawn else 0.0
    base += 1
    for k in range(5):
        out[base + k] = float(mine[k])
    base += 5
    out[base] = float(s.mp if s.cur == player else 0)
    out[base + 1] = float(s.gain_left if s.cur == player else 0)
    base += 2
    bid = s.bids[player] if 0 <= player < len(s.bids) else None
    if bid is not None:
        for stage, spot in enumerate(bid, start=1):
            out[base + spot - 1] = float(stage)
        out[base + 5] = 1.0
    return out


# -- the adapters' fast paths (equal to the Game defaults; see Game.legal_actions) ----------


def legal_actions(s: GlenMore2State, player: int) -> dict[int, GMove]:
    """As ``{s.move_to_action(m): m for m in s.legal_moves(player)}`` without the State
    method's per-move import and type check."""
    moves: list[GMove] = s.legal_moves(player)  # type: ignore[assignment]
    return {move_to_action(s, m): m for m in moves}


def chance_actions(s: GlenMore2State) -> list[tuple[int, GMove, float]]:
    """As the ``Game.chance_actions`` default, encoding each outcome directly."""
    outcomes: list[tuple[GMove, float]] = s.chance_outcomes()  # type: ignore[assignment]
    return sorted(((move_to_action(s, m), m, p) for m, p in outcomes), key=itemgetter(0))
