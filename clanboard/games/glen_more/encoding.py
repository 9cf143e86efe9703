"""Fixed-size encodings for RL adapters: integer actions and the observation tensor.

Actions name a territory tile by its *slot* (the order it was placed, 0..67), so the
action space is bounded whatever shape a territory takes. A new square for ``place`` is
encoded as (the lowest slot edge-adjacent to it, direction from that tile).
"""

from __future__ import annotations

from array import array
from itertools import compress, repeat
from operator import ne
from typing import TYPE_CHECKING, Any, Final

from clanboard.games.glen_more.constants import DIE, DRAWS, GAP, P_DRAW, P_ROLL, ROLL_P, ROLLS
from clanboard.games.glen_more.data import (
    ANY,
    CARDS,
    CLAN,
    DISTINCT,
    FIXED,
    NUM_STACK_TILES,
    TILES,
)
from clanboard.games.glen_more.moves import (
    ACT,
    ALL_DIRS,
    BUY,
    DRAW,
    EDGE_DIRS,
    END,
    END_MOVE,
    GAIN,
    MOVE,
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
    xy,
)

if TYPE_CHECKING:
    from clanboard.games.glen_more.state import GlenMoreState

SLOTS = NUM_STACK_TILES + 1
_SIZES = [
    (TAKE, NUM_STACK_TILES), (PASS, NUM_STACK_TILES), (PLACE, SLOTS * 4), (PAY, SLOTS * 5),
    (BUY, 5), (SELL, SLOTS * 5), (PAYCLAN, SLOTS), (PAYCHIEF, 1), (GAIN, 5), (ACT, SLOTS * 6),
    (MOVE, SLOTS * 8), (RETIRE, SLOTS), (END, 1),
]
BASE: dict[int, int] = {}
_b = 0
for _op, _n in _SIZES:
    BASE[_op] = _b
    _b += _n
NUM_ACTIONS = _b
NUM_CHANCE = NUM_STACK_TILES  # draws: tile index; die rolls: face - 1
#: a generous bound: at most 67 turns, each far below 900 moves, plus chance events
MAX_GAME_LENGTH = 67 * 900 + 2 * 67


def move_to_action(s: GlenMoreState, move: GMove) -> int:
    op = move.op
    if op == DRAW:
        return move.arg
    if op == ROLL:
        return move.arg - 1
    if op in (TAKE, PASS):
        return BASE[op] + move.arg
    if op in (BUY, GAIN):
        return BASE[op] + move.arg
    if op in (PAYCHIEF, END):
        return BASE[op]
    terr = s.terr[s.cur]
    if op == PLACE:
        for slot, q in enumerate(terr.pos):
            for i, d in enumerate(EDGE_DIRS):
                if q + d == move.p:
                    return BASE[PLACE] + slot * 4 + i
        raise ValueError(f"{move} is not next to a tile of the territory")
    slot = terr.cells[move.p]
    if op in (PAY, SELL):
        return BASE[op] + slot * 5 + move.arg
    if op in (PAYCLAN, RETIRE):
        return BASE[op] + slot
    if op == ACT:
        return BASE[ACT] + slot * 6 + move.arg
    if op == MOVE:
        return BASE[MOVE] + slot * 8 + ALL_DIRS.index(move.q - move.p)
    raise ValueError(f"no action for {move}")


def action_to_move(s: GlenMoreState, action: int) -> GMove:
    if s.phase == P_ROLL:
        return ROLLS[action]
    if s.phase == P_DRAW:
        return GMove(DRAW, arg=action)
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    op = max((o for o in BASE if BASE[o] <= action), key=lambda o: BASE[o])
    i = action - BASE[op]
    if op in (TAKE, PASS):
        return GMove(op, arg=i)
    if op in (BUY, GAIN):
        return GMove(op, arg=i)
    if op == PAYCHIEF:
        return GMove(PAYCHIEF)
    if op == END:
        return END_MOVE
    terr = s.terr[s.cur]
    width = {PLACE: 4, PAY: 5, SELL: 5, PAYCLAN: 1, RETIRE: 1, ACT: 6, MOVE: 8}[op]
    slot, rest = divmod(i, width)
    if slot >= len(terr):
        raise ValueError(f"action {action} names tile slot {slot}; the territory has "
                         f"{len(terr)} tiles")
    q = terr.pos[slot]
    if op == PLACE:
        return GMove(PLACE, q + EDGE_DIRS[rest])
    if op in (PAY, SELL):
        return GMove(op, q, rest)
    if op in (PAYCLAN, RETIRE):
        return GMove(op, q)
    if op == ACT:
        return act(q, rest, abbey=TILES[terr.tiles[slot]].kind == "abbey" and rest > 0)
    return GMove(MOVE, q, q=q + ALL_DIRS[rest])


# -- observation tensor ------------------------------------------------------------------

KINDS = ("quarry", "forest", "meadow", "pasture", "field", "distillery", "abbey", "village",
         "castle", "loch", "butcher", "fair", "grocer", "bridge", "tavern", "start_village")
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
RADIUS = 5
GRID = 2 * RADIUS + 1
CELL_F = 1 + len(KINDS) + 5 + 1 + 2
PLAYER_F = 7 + 13 + 5 + GRID * GRID * CELL_F
TRACK_F = 1 + 5 + 1 + 1 + len(KINDS) + 4 + 4
GLOBAL_F = 10 + 1 + 20 + 4 + 1 + 4
TURN_F = len(KINDS) + 5 + 3 + 6


def tensor_size(num_players: int) -> int:
    """The items before the seats' blocks, then one block per seat (none for absent seats)."""
    return GLOBAL_F + 14 * TRACK_F + TURN_F + num_players * PLAYER_F


# -- the tensor's declared bounds (the RL adapters' Box) -----------------------------------
# Each item lies in [low, high] in every game, by the rules and the components (the rules,
# p. 1: resources, whisky barrels and VP tokens are unlimited; coins (33), clansmen (25) and
# tiles (67 in the stacks) are not). Counters the rules leave unlimited get the game's real
# maximum, derived below from what a turn can bring; loose, but never exceeded.

#: coin tokens in the box (rules p. 1: not among the unlimited components)
MAX_COINS = 33
#: clansmen in the box (rules p. 1), so at most this many on a player's tiles and retired
MAX_CLANSMEN = 25
#: a territory holds its start village and at most every stack tile
MAX_TERRITORY = 1 + NUM_STACK_TILES
#: a player takes one tile a turn (rules: the turn), so at most this many turns each
MAX_TURNS = NUM_STACK_TILES
#: a tile is activated at most once a turn (Loch Oich: every tile of the territory)
MAX_ACTIVATIONS = MAX_TERRITORY
#: resources on one tile (the rules' production limit: a tile holds at most 3)
MAX_ON_TILE = 3
_NEEDS = [t.cost for t in TILES if t.cost is not None] + [
    r.need for t in TILES for r in t.rules if r.need is not None]
_MAX_OWED = [max(n.counts[k] for n in _NEEDS if n.mode == FIXED) for k in range(5)]
_MAX_LEFT = max(n.n for n in _NEEDS)
_MAX_MOVE = max(r.move for t in TILES for r in t.rules)
_MAX_RULE_VP = max(r.vp for t in TILES for r in t.rules)
_MAX_RULE_WHISKY = max(r.whisky for t in TILES for r in t.rules)
_MAX_BONUS_WHISKY = max(t.bonus_whisky for t in TILES)
_HATS = sum(c.hats for c in CARDS)
#: whisky: per turn every activation's barrels and the placed tile's bonus, plus the cards
#: that give barrels (Castle Moil 1, Donan Castle 2)
MAX_WHISKY = MAX_TURNS * (MAX_ACTIVATIONS * _MAX_RULE_WHISKY + _MAX_BONUS_WHISKY) + 3
#: VP: every activation's VP in every turn, three scorings of three categories at most 8
#: each, the final cards' VP per tile (Loch Morar 2, Iona Abbey 2, Duart Castle 3), coins
MAX_VP = (MAX_TURNS * MAX_ACTIVATIONS * _MAX_RULE_VP + 3 * 3 * 8
          + (2 + 2 + 3) * MAX_TERRITORY + MAX_COINS)
#: the final penalty: 3 VP per tile more than the smallest territory (VP are never lost
#: otherwise)
MIN_VP = -3 * (MAX_TERRITORY - 1)


def observation_tensor_bounds(num_players: int) -> tuple[list[float], list[float]]:
    """``(low, high)``: each item of :func:`observation_tensor` lies between them (the
    scales are those of the tensor: ``coins / 20`` lies in [0, 33 / 20])."""
    size = tensor_size(num_players)
    low, high = [0.0] * size, [1.0] * size
    turn = GLOBAL_F + 14 * TRACK_F + len(KINDS)
    high[turn:turn + 5] = [float(v) for v in _MAX_OWED]
    high[turn + 5] = high[turn + 6] = float(_MAX_LEFT)
    high[turn + 8] = MAX_ACTIVATIONS * _MAX_MOVE / 10
    high[turn + 11] = 2 / 2  # Loch Lochy: gain 2; an abbey under Loch Shiel: 1
    high[turn + 13] = MAX_ACTIVATIONS / 9
    heads = [MAX_COINS / 20, MAX_VP / 100, MAX_WHISKY / 10, MAX_CLANSMEN / 10,
             MAX_CLANSMEN / 10, (2 * MAX_CLANSMEN + _HATS) / 20, MAX_TERRITORY / 30]
    have = MAX_ON_TILE * MAX_TERRITORY / 10
    for rel in range(num_players):
        at = GLOBAL_F + 14 * TRACK_F + TURN_F + rel * PLAYER_F
        high[at:at + 7] = heads
        low[at + 1] = MIN_VP / 100
        high[at + 20:at + 25] = [have] * 5
        for cell in range(GRID * GRID):
            high[at + 25 + cell * CELL_F + 1 + len(KINDS) + 5] = MAX_CLANSMEN / 3
    return low, high


def _tile_features(out: list[float], at: int, tile: int) -> None:
    out[at + KIND_INDEX[TILES[tile].kind]] = 1.0


def observation_tensor(s: GlenMoreState, player: int) -> list[float]:
    n = s.num_players
    out = [0.0] * tensor_size(n)
    out[s.phase] = 1.0
    out[10] = 1.0 if s.cur == player else 0.0
    at = 11
    for k in range(5):
        out[at + k * 4 + s.market[k]] = 1.0
    at += 20
    for st in range(4):
        out[at + st] = len(s.stacks[st]) / 23
    at += 4
    out[at] = len(s.scorings) / 3
    at += 1
    out[at + n - 2] = 1.0
    at += 4
    for i in range(14):
        base = at + i * TRACK_F
        if i >= len(s.track) or s.track[i] == GAP:
            out[base] = 1.0
            continue
        v = s.track[i]
        if v == DIE:
            out[base + 6] = 1.0
        elif v < 0:
            out[base + 1 + (-v - 1 - player) % n] = 1.0
        else:
            out[base + 7] = 1.0
            _tile_features(out, base + 8, v)
            t = TILES[v]
            out[base + 8 + len(KINDS) + t.stack] = 1.0
            tail = base + 8 + len(KINDS) + 4
            out[tail] = float(t.river)
            out[tail + 1] = float(t.road)
            out[tail + 2] = float(t.card >= 0)
            out[tail + 3] = (t.cost.total if t.cost else 0) / 3
    at += 14 * TRACK_F
    if s.tile >= 0:
        _tile_features(out, at, s.tile)
    at += len(KINDS)
    if s.mode == FIXED:
        for k in range(5):
            out[at + k] = s.owed[k]
    at += 5
    out[at] = s.left if s.mode == DISTINCT else 0
    out[at + 1] = s.left if s.mode == ANY else 0
    out[at + 2] = 1.0 if s.mode == CLAN and s.phase in (4, 7) else 0.0
    at += 3
    out[at] = s.mp / 10
    out[at + 1] = float(s.ness_used)
    out[at + 2] = float(s.oich)
    out[at + 3] = s.gain_left / 2
    out[at + 4] = 1.0 if s.tpos >= 0 else 0.0
    out[at + 5] = len(s.activated) / 9
    at += 6
    for rel in range(n):
        p = (player + rel) % n
        _player_features(s, p, out, at + rel * PLAYER_F)
    return out


def _player_features(s: GlenMoreState, p: int, out: list[float], at: int) -> None:
    terr = s.terr[p]
    out[at] = s.coins[p] / 20
    out[at + 1] = s.vp[p] / 100
    out[at + 2] = s.whisky[p] / 10
    out[at + 3] = s.chiefs[p] / 10
    out[at + 4] = terr.clansmen() / 10
    out[at + 5] = s.chieftain_strength(p) / 20
    out[at + 6] = len(terr) / 30
    for c in range(13):
        out[at + 7 + c] = float(s.cards[p] >> c & 1)
    have = terr.have()
    for k in range(5):
        out[at + 20 + k] = have[k] / 10
    grid = at + 25
    mine = p == s.cur
    for slot, q in enumerate(terr.pos):
        x, y = xy(q)
        if abs(x) > RADIUS or abs(y) > RADIUS:
            continue
        c = grid + ((y + RADIUS) * GRID + x + RADIUS) * CELL_F
        out[c] = 1.0
        _tile_features(out, c + 1, terr.tiles[slot])
        r = c + 1 + len(KINDS)
        for k in range(5):
            out[r + k] = terr.res[slot * 5 + k] / 3
        out[r + 5] = terr.clan[slot] / 3
        if mine:
            out[r + 6] = float(slot in s.activated)
            out[r + 7] = float(slot in s.near)



# -- the adapters' fast paths (equal to the straightforward code above; the adapter tests
# compare them on random games) -------------------------------------------------------------


#: per op (an index): the base id of the moves with an argument only (-1: another kind)
_ARG_BASE: Final[list[int]] = [-1] * (ROLL + 1)
#: per op: the base id and slot width of the moves on a tile slot (width 0: another kind)
_SLOT_BASE: Final[list[int]] = [-1] * (ROLL + 1)
_SLOT_WIDTH: Final[list[int]] = [0] * (ROLL + 1)
for _op in (TAKE, PASS, BUY, GAIN):
    _ARG_BASE[_op] = BASE[_op]
for _op, _width in ((PAY, 5), (SELL, 5), (ACT, 6), (PAYCLAN, 1), (RETIRE, 1)):
    _SLOT_BASE[_op] = BASE[_op]
    _SLOT_WIDTH[_op] = _width


def legal_actions(s: GlenMoreState, player: int) -> dict[int, GMove]:
    """Action id -> move for ``s.legal_moves(player)``: the ids of the common kinds worked
    out here (tables indexed by op; new squares and tile slots looked up once), the others
    by move_to_action."""
    out: dict[int, GMove] = {}
    place_ids: dict[int, int] | None = None
    moves: list[GMove] = s.legal_moves(player)  # type: ignore[assignment]
    cells: dict[int, int] | None = None
    for m in moves:
        op = m.op
        base = _ARG_BASE[op]
        if base >= 0:
            out[base + m.arg] = m
            continue
        width = _SLOT_WIDTH[op]
        if width:
            if cells is None:
                cells = s.terr[s.cur].cells
            out[_SLOT_BASE[op] + cells[m.p] * width + (m.arg if width > 1 else 0)] = m
        elif op == PLACE:
            if place_ids is None:
                place_ids = {}
                for slot, q in enumerate(s.terr[s.cur].pos):
                    for i, d in enumerate(EDGE_DIRS):  # the lowest slot, then direction
                        place_ids.setdefault(q + d, BASE[PLACE] + slot * 4 + i)
            out[place_ids[m.p]] = m
        else:
            out[move_to_action(s, m)] = m
    return out


def chance_actions(s: GlenMoreState) -> list[tuple[int, GMove, float]]:
    """As ``s.chance_outcomes()`` with ids, the draws built in C from the state's moves."""
    if s.phase == P_DRAW:
        stack = s.stacks[s.current_stack()]
        tiles = sorted(stack)
        return list(zip(tiles, map(DRAWS.__getitem__, tiles), repeat(1.0 / len(stack))))
    outcomes: list[tuple[GMove, float]] = s.chance_outcomes()  # type: ignore[assignment]
    return [(m.arg if m.op == DRAW else m.arg - 1, m, p) for m, p in outcomes]


#: per stack size k: the pair (tile, 1/k) of every tile, so that a draw's list is made of
#: pairs built once
_DRAW_PAIRS: list[list[tuple[int, float]]] = [
    [(t, 1.0 / k) for t in range(len(TILES))] if k else [] for k in range(len(TILES) + 1)]
_ROLL_PAIRS: list[tuple[int, float]] = [
    (m.arg - 1, p) for m, p in zip(ROLLS, ROLL_P, strict=True)]


def chance_action_probs(s: GlenMoreState) -> list[tuple[int, float]]:
    """``[(a, p) for a, _, p in chance_actions(s)]`` without the outcomes."""
    if s.phase == P_DRAW:
        stack = s.stacks[s.current_stack()]
        pairs = _DRAW_PAIRS[len(stack)]
        return [pairs[t] for t in sorted(stack)]
    if s.phase == P_ROLL:
        return _ROLL_PAIRS[:]
    return [(a, p) for a, _, p in chance_actions(s)]


def chance_action_move(s: GlenMoreState, action: int) -> GMove:
    """The outcome of chance id ``action`` (one of :func:`chance_action_probs`')."""
    return DRAWS[action] if s.phase == P_DRAW else ROLLS[action]


_KIND_OF = [KIND_INDEX[t.kind] for t in TILES]
_TRACK_TAIL = [
    (KIND_INDEX[t.kind], t.stack, float(t.river), float(t.road), float(t.card >= 0),
     (t.cost.total if t.cost else 0) / 3)
    for t in TILES
]


def _cells() -> list[int]:
    """Square -> grid cell (row-major) in the encoded window, or -1 outside it."""
    table = [-1] * (256 * 256)
    for q in range(len(table)):
        x, y = xy(q)
        if abs(x) <= RADIUS and abs(y) <= RADIUS:
            table[q] = (y + RADIUS) * GRID + x + RADIUS
    return table


_CELL = _cells()
#: a seat's block of the tensor by what it is made of: the seat not to move keeps its block
#: for many steps in a row (bounded; cleared when full)
_BLOCKS: dict[tuple[Any, ...], array[float]] = {}
_BLOCKS_MAX = 256
#: the rondel track's items by (viewer, players, track), which change once a turn
_TRACKS: dict[tuple[Any, ...], array[float]] = {}


def write_observation_tensor(s: GlenMoreState, player: int, out: Any) -> None:
    """Write :func:`observation_tensor` into ``out`` (zero-filled, item assignment),
    writing only the non-zero items."""
    _write_head(s, player, out)
    out[_TRACK0:_TURN0] = _track_block(s, player)
    _write_turn(s, out)
    n = s.num_players
    for rel in range(n):
        p = (player + rel) % n
        at = _PLAYERS0 + rel * PLAYER_F
        out[at:at + PLAYER_F] = _player_block(s, p, _player_key(s, p))


_TRACK0 = GLOBAL_F
_TURN0 = _TRACK0 + 14 * TRACK_F
_PLAYERS0 = _TURN0 + TURN_F
_HEAD_ZEROS = array("f", bytes(4 * GLOBAL_F))
_TURN_ZEROS = array("f", bytes(4 * TURN_F))


def update_observation_tensor(s: GlenMoreState, player: int, out: Any,
                              memo: dict[Any, Any]) -> None:
    """``Game.update_observation_tensor``: the rondel track is copied in only when it
    differs from what ``memo`` says ``out`` holds, and each seat's block rewritten only
    where it differs (:func:`_update_player`); the 40 items before the track and the 25
    after it are always rewritten."""
    out[:GLOBAL_F] = _HEAD_ZEROS
    _write_head(s, player, out)
    track = tuple(s.track)
    if memo.get("track") != track:
        out[_TRACK0:_TURN0] = _track_block(s, player)
        memo["track"] = track
    out[_TURN0:_PLAYERS0] = _TURN_ZEROS
    _write_turn(s, out)
    n = s.num_players
    for rel in range(n):
        _update_player(s, (player + rel) % n, out, _PLAYERS0 + rel * PLAYER_F, memo, rel)


class _Seen:
    """What a seat's block of a kept tensor was written from."""

    __slots__ = ("tiles", "pos", "res", "clan", "cards", "heads", "act", "near", "cells")

    def __init__(self, s: GlenMoreState, p: int, heads: tuple[int, ...]) -> None:
        terr = s.terr[p]
        mine = p == s.cur
        self.tiles = terr.tiles[:]
        self.pos = terr.pos[:]
        self.res = terr.res[:]
        self.clan = terr.clan[:]
        self.cards = s.cards[p]
        self.heads = heads
        self.act = s.activated[:] if mine else []
        self.near = s.near[:] if mine else []
        # per slot: where its cell's resource items start in the block (-1: not shown)
        self.cells = [_res_item(q) for q in terr.pos]


def _res_item(q: int) -> int:
    cell = _CELL[q] if 0 <= q < len(_CELL) else -1
    return -1 if cell < 0 else 25 + cell * CELL_F + 1 + len(KINDS)


def _heads(s: GlenMoreState, p: int) -> tuple[int, ...]:
    terr = s.terr[p]
    return (s.coins[p], s.vp[p], s.whisky[p], s.chiefs[p], s.cards[p], sum(terr.clan),
            len(terr.tiles))


def _update_player(s: GlenMoreState, p: int, out: Any, at: int, memo: dict[Any, Any],
                   rel: int) -> None:
    """Bring seat ``p``'s block (at ``at``) up to date with what ``memo[rel]`` says it
    holds: a territory that is not the seen one plus new tiles gets the whole block, else
    only the changed heads, cards, resources, clansmen, new tiles and activation marks."""
    terr = s.terr[p]
    tiles, pos, res, clan = terr.tiles, terr.pos, terr.res, terr.clan
    seen: _Seen | None = memo.get(rel)
    heads = _heads(s, p)
    old = len(seen.pos) if seen is not None else 0
    if seen is None or pos[:old] != seen.pos or tiles[:old] != seen.tiles:
        out[at:at + PLAYER_F] = _player_block(s, p, _player_key(s, p))
        memo[rel] = _Seen(s, p, heads)
        return
    if heads != seen.heads:
        coins, vp, whisky, chiefs, cards, clansmen, count = heads
        values = (coins / 20, vp / 100, whisky / 10, chiefs / 10, clansmen / 10,
                  s.chieftain_strength(p) / 20, count / 30)
        for i, value in enumerate(values):
            out[at + i] = value
        if cards != seen.cards:
            for c in range(13):
                out[at + 7 + c] = float(cards >> c & 1)
            seen.cards = cards
        seen.heads = heads
    cells = seen.cells
    if len(pos) > old:  # new tiles: their whole cell
        nkinds = len(KINDS)
        for slot in range(old, len(pos)):
            r = _res_item(pos[slot])
            cells.append(r)
            if r < 0:
                continue
            out[at + r - 1 - nkinds] = 1.0
            out[at + r - nkinds + _KIND_OF[tiles[slot]]] = 1.0
            b = slot * 5
            for k in range(5):
                out[at + r + k] = res[b + k] / 3
            out[at + r + 5] = clan[slot] / 3
        seen.tiles = tiles[:]
        seen.pos = pos[:]
    if res != seen.res:
        for i in compress(range(5 * old), map(ne, res, seen.res)):
            r = cells[i // 5]
            if r >= 0:
                out[at + r + i % 5] = res[i] / 3
        for k in range(5):
            out[at + 20 + k] = sum(res[k::5]) / 10
        seen.res = res[:]
    if clan != seen.clan:
        for slot in compress(range(old), map(ne, clan, seen.clan)):
            r = cells[slot]
            if r >= 0:
                out[at + r + 5] = clan[slot] / 3
        seen.clan = clan[:]
    mine = p == s.cur
    act = s.activated if mine else _NO_SLOTS
    near = s.near if mine else _NO_SLOTS
    if act != seen.act or near != seen.near:
        for slot in seen.act:
            if slot < len(cells) and cells[slot] >= 0:
                out[at + cells[slot] + 6] = 0.0
        for slot in seen.near:
            if slot < len(cells) and cells[slot] >= 0:
                out[at + cells[slot] + 7] = 0.0
        for slot in act:
            if slot < len(cells) and cells[slot] >= 0:
                out[at + cells[slot] + 6] = 1.0
        for slot in near:
            if slot < len(cells) and cells[slot] >= 0:
                out[at + cells[slot] + 7] = 1.0
        seen.act = act[:]
        seen.near = near[:]


_NO_SLOTS: list[int] = []


def _write_head(s: GlenMoreState, player: int, out: Any) -> None:
    """The items before the rondel track (zero-filled ``out``)."""
    n = s.num_players
    out[s.phase] = 1.0
    if s.cur == player:
        out[10] = 1.0
    at = 11
    market = s.market
    for k in range(5):
        out[at + k * 4 + market[k]] = 1.0
    at += 20
    for st in range(4):
        if s.stacks[st]:
            out[at + st] = len(s.stacks[st]) / 23
    at += 4
    if s.scorings:
        out[at] = len(s.scorings) / 3
    at += 1
    out[at + n - 2] = 1.0


def _track_block(s: GlenMoreState, player: int) -> array[float]:
    """The rondel track's items as ``player`` sees them (cached)."""
    n = s.num_players
    key = (player, n, tuple(s.track))
    block = _TRACKS.get(key)
    if block is None:
        block = array("f", bytes(4 * 14 * TRACK_F))
        _fill_track(s.track, player, n, block)
        if len(_TRACKS) >= _BLOCKS_MAX:
            _TRACKS.clear()
        _TRACKS[key] = block
    return block


def _write_turn(s: GlenMoreState, out: Any) -> None:
    """The items between the rondel track and the seats' blocks (zero-filled ``out``)."""
    at = _TURN0
    if s.tile >= 0:
        out[at + _KIND_OF[s.tile]] = 1.0
    at += len(KINDS)
    if s.mode == FIXED:
        for k in range(5):
            if s.owed[k]:
                out[at + k] = s.owed[k]
    at += 5
    if s.left:
        if s.mode == DISTINCT:
            out[at] = s.left
        elif s.mode == ANY:
            out[at + 1] = s.left
    if s.mode == CLAN and s.phase in (4, 7):
        out[at + 2] = 1.0
    at += 3
    tail_values = (s.mp / 10, float(s.ness_used), float(s.oich), s.gain_left / 2,
                   1.0 if s.tpos >= 0 else 0.0, len(s.activated) / 9)
    for i, value in enumerate(tail_values):
        if value:
            out[at + i] = value


def _fill_track(track: list[int], player: int, n: int, out: Any) -> None:
    """The rondel track's items as ``player`` sees them, into a zero-filled ``out``."""
    nkinds = len(KINDS)
    for i in range(14):
        base = i * TRACK_F
        if i >= len(track) or track[i] == GAP:
            out[base] = 1.0
            continue
        v = track[i]
        if v == DIE:
            out[base + 6] = 1.0
        elif v < 0:
            out[base + 1 + (-v - 1 - player) % n] = 1.0
        else:
            out[base + 7] = 1.0
            kind, stack, river, road, card, cost = _TRACK_TAIL[v]
            out[base + 8 + kind] = 1.0
            out[base + 8 + nkinds + stack] = 1.0
            tail = base + 8 + nkinds + 4
            if river:
                out[tail] = river
            if road:
                out[tail + 1] = road
            if card:
                out[tail + 2] = card
            if cost:
                out[tail + 3] = cost


def _player_key(s: GlenMoreState, p: int) -> tuple[Any, ...]:
    """Everything seat ``p``'s block is made of."""
    terr = s.terr[p]
    mine = p == s.cur
    return (s.coins[p], s.vp[p], s.whisky[p], s.chiefs[p], s.cards[p], tuple(terr.tiles),
            tuple(terr.pos), tuple(terr.res), tuple(terr.clan),
            tuple(s.activated) if mine else None, tuple(s.near) if mine else None)


def _player_block(s: GlenMoreState, p: int, key: tuple[Any, ...]) -> array[float]:
    """Seat ``p``'s block of the tensor (cached by its key)."""
    block = _BLOCKS.get(key)
    if block is None:
        block = array("f", bytes(4 * PLAYER_F))
        _fill_player(s, p, block)
        if len(_BLOCKS) >= _BLOCKS_MAX:
            _BLOCKS.clear()
        _BLOCKS[key] = block
    return block


def _fill_player(s: GlenMoreState, p: int, out: Any) -> None:
    terr = s.terr[p]
    heads = (s.coins[p] / 20, s.vp[p] / 100, s.whisky[p] / 10, s.chiefs[p] / 10,
             sum(terr.clan) / 10, s.chieftain_strength(p) / 20, len(terr.tiles) / 30)
    for i, value in enumerate(heads):
        if value:
            out[i] = value
    cards = s.cards[p]
    c = 0
    while cards:
        if cards & 1:
            out[7 + c] = 1.0
        cards >>= 1
        c += 1
    res = terr.res
    have = [sum(res[k::5]) for k in range(5)]
    for k in range(5):
        if have[k]:
            out[20 + k] = have[k] / 10
    mine = p == s.cur
    activated = s.activated
    near = s.near
    nkinds = len(KINDS)
    clan = terr.clan
    tiles = terr.tiles
    for slot, q in enumerate(terr.pos):
        cell = _CELL[q] if 0 <= q < len(_CELL) else -1
        if cell < 0:
            continue
        c = 25 + cell * CELL_F
        out[c] = 1.0
        out[c + 1 + _KIND_OF[tiles[slot]]] = 1.0
        r = c + 1 + nkinds
        b = slot * 5
        for k in range(5):
            if res[b + k]:
                out[r + k] = res[b + k] / 3
        if clan[slot]:
            out[r + 5] = clan[slot] / 3
        if mine:
            if slot in activated:
                out[r + 6] = 1.0
            if slot in near:
                out[r + 7] = 1.0
