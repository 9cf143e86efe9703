"""Integer actions and the observation tensor for RL adapters (layout in the docs).

Player actions (one flat space):

- ``t`` discard tile t (index among L01..L73); ``PRICE + slot*MAX_PRICE + a-1`` price the
  acting seat's drawn tile ``slot`` (draw order, 0..2) at a gold (the pricing commit is
  split into these sub-moves, hidden until all seats commit);
- ``BUY`` + 2*seller + slot: buy the seller's offered tile in that slot (draw order);
- ``PASS``;
- ``PLACE`` + (slot*CELLS + c)*4 + rot: place pending tile ``slot`` (sorted) on cell ``c``,
  the index of (x, y) among the cells with |x| + |y| <= REACH sorted by x then y;
- ``RETURN`` + slot: return pending tile ``slot`` to the bag.

Price and building ids name the acting seat's slots: ``action_to_move`` without a seat
decodes a price for the lowest seat still pricing (the seat the adapters let act first at
the simultaneous step), as a placement for the seat building.

Why the cells suffice: a placed tile touches the territory, so a territory is a connected
set of at most ``MAX_TILES`` cells holding the castle at (0, 0); each of its cells is then
at most ``MAX_TILES - 1`` steps from the castle.

Chance actions: ``draw`` = index of the tile among L01..L73, ``deal`` = index among S01..S16.
"""

from __future__ import annotations

from array import array
from itertools import repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from clanboard.core import CHANCE, IllegalMove
from clanboard.games.isle_of_skye.constants import CASTLE_INCOME
from clanboard.games.isle_of_skye.moves import (
    PASS,
    Buy,
    Deal,
    Discard,
    Draw,
    Pass,
    Place,
    Price,
    Return,
    discard,
    price,
)
from clanboard.games.isle_of_skye.territory import cell_of, edge_code, fitting
from clanboard.games.isle_of_skye.tiles import (
    LETTERS,
    castles,
    landscape_tiles,
    round_track,
    scoring_tiles,
)

if TYPE_CHECKING:
    from clanboard.games.isle_of_skye.state import SkyeState


def _gold_bound(n: int) -> int:
    """No seat can ever hold more than all income ever paid: per seat and round at most
    5 + 3 whisky tiles per earlier round + catch-up for every other seat."""
    track = round_track(n)
    return n * sum(5 + 3 * r + info.catchup * (n - 1) for r, info in enumerate(track))


MAX_PRICE = max(_gold_bound(n) for n in range(2, 6))
MAX_TILES = 19  # 1 castle + 6 rounds x 3 tiles
REACH = MAX_TILES - 1
GRID = 2 * REACH + 1
#: the cells a territory can reach (see the module docstring), sorted by x then y
CELL_LIST = [(x, y) for x in range(-REACH, REACH + 1)
             for y in range(abs(x) - REACH, REACH - abs(x) + 1)]
CELLS = len(CELL_LIST)
#: (x+REACH)*GRID + y+REACH -> the cell's index in CELL_LIST, or -1 beyond the reach
_CELL_AT = [-1] * (GRID * GRID)
for _i, (_x, _y) in enumerate(CELL_LIST):
    _CELL_AT[(_x + REACH) * GRID + _y + REACH] = _i
TILE_IDS = sorted(landscape_tiles())
TILE_INDEX = {t: i for i, t in enumerate(TILE_IDS)}
SCORING_IDS = sorted(scoring_tiles())
NT = len(TILE_IDS)

PRICE = NT
BUY = PRICE + 3 * MAX_PRICE
PASS_ACTION = BUY + 10
PLACE = PASS_ACTION + 1
RETURN = PLACE + 3 * CELLS * 4
NUM_ACTIONS = RETURN + 3
MAX_CHANCE = max(NT, len(SCORING_IDS))

PHASES = ("deal", "draw", "price", "buy", "build", "over")
GLOBAL_SIZE = 6 + len(PHASES) + 4 * len(SCORING_IDS) + 4 + 2
SLOT_SIZE = NT + 4
TERR_SLOT = 1 + 2 + 4 + NT
SEAT_SIZE = 7 + 3 * SLOT_SIZE + 3 * NT + MAX_TILES * TERR_SLOT


def tensor_size(num_players: int) -> int:
    return GLOBAL_SIZE + num_players * SEAT_SIZE


def move_to_action(state: SkyeState, move: Any) -> int:
    if isinstance(move, Draw):
        return TILE_INDEX[move.tile]
    if isinstance(move, Deal):
        return SCORING_IDS.index(move.scoring)
    if isinstance(move, Pass):
        return PASS_ACTION
    if isinstance(move, Price):
        if not 1 <= move.amount <= MAX_PRICE:
            raise IllegalMove(f"{move}: prices are encodable from 1 to {MAX_PRICE}")
        slot = state.drawn[_seat_with(state.drawn, move.tile)].index(move.tile)
        return PRICE + slot * MAX_PRICE + move.amount - 1
    if isinstance(move, Discard):
        return TILE_INDEX[move.tile]
    if isinstance(move, Buy):
        seller = next(q for q in range(state.num_players) if move.tile in state.prices[q])
        return BUY + 2 * seller + list(state.prices[seller]).index(move.tile)
    if isinstance(move, (Place, Return)):
        seat = _seat_with(state.pending, move.tile)
        slot = state.pending[seat].index(move.tile)
        if isinstance(move, Return):
            return RETURN + slot
        return _place_base(slot, move.x, move.y) + move.rot
    raise IllegalMove(f"{move} has no action id")


def _place_base(slot: int, x: int, y: int) -> int:
    """The id of placing pending tile ``slot`` on (x, y) unturned."""
    cell = _CELL_AT[(x + REACH) * GRID + y + REACH] if abs(x) + abs(y) <= REACH else -1
    if cell < 0:
        raise IllegalMove(f"a placement at {x},{y} lies beyond what a territory can reach")
    return PLACE + (slot * CELLS + cell) * 4


def _seat_with(lists: list[list[str]], tile: str) -> int:
    for p, tiles in enumerate(lists):
        if tile in tiles:
            return p
    raise IllegalMove(f"{tile} is not in play now")


def action_to_move(state: SkyeState, action: int) -> Any:
    cur = state.current_player()
    if cur == CHANCE:
        if state.phase == "deal":
            return Deal(SCORING_IDS[action])
        return Draw(TILE_IDS[action])
    if not 0 <= action < NUM_ACTIONS:
        raise IllegalMove(f"action {action} is outside 0..{NUM_ACTIONS - 1}")
    if action < PRICE:
        return Discard(TILE_IDS[action])
    if action < BUY:
        seats = state.players_to_move()
        slot, a = divmod(action - PRICE, MAX_PRICE)
        return Price(state.drawn[cur if cur >= 0 else min(seats) if seats else 0][slot],
                     a + 1)
    if action < PASS_ACTION:
        seller, slot = divmod(action - BUY, 2)
        return Buy(list(state.prices[seller])[slot])
    if action == PASS_ACTION:
        return PASS
    seat = cur
    if action >= RETURN:
        return Return(state.pending[seat][action - RETURN])
    return _place_move(state.pending[seat], action)


def _place_move(pending: list[str], action: int) -> Place:
    rest, rot = divmod(action - PLACE, 4)
    slot, cell = divmod(rest, CELLS)
    x, y = CELL_LIST[cell]
    return Place(pending[slot], x, y, rot)


# -- the tensor's declared bounds (the RL adapters' Box) -----------------------------------
# Each item lies in [low, high] in every game: the one-hot items and flags in [0, 1], the
# coordinates ``x / REACH``, ``y / REACH`` in [-1, 1], and the counters below their real
# maximum, derived from the components (a territory holds at most MAX_TILES tiles, R-8.4).

#: the most regions a tile has (its edges' and its inner areas), so the most areas a
#: territory can hold is MAX_TILES times this
_REGIONS = max(len(t.region_terrain) for t in [*landscape_tiles().values(),
                                               *castles().values()])
_AREAS = MAX_TILES * _REGIONS


def _most(kind: str) -> int:
    """The most ``kind`` icons a territory can show: the castle's and the 18 richest tiles'."""
    counts = sorted((t.count(kind) for t in landscape_tiles().values()), reverse=True)
    return max(t.count(kind) for t in castles().values()) + sum(counts[:MAX_TILES - 1])


def _scoring_cap() -> int:
    """The most VP one territory gets from one scoring tile at one scoring (rules §9.S, every
    option of :class:`~.scoring.Rules` at its most generous)."""
    sheep, cattle, broch = _most("sheep"), _most("cattle"), _most("broch")
    return max(
        2 * MAX_TILES,  # S01: a square per cell (its lower-left corner)
        _AREAS,  # S02: completed areas
        sheep,  # S03
        3 * (_AREAS // 3),  # S04: areas of 3 or more
        2 * broch,  # S05: 1, 3, 6 VP for 1, 2, 3+ brochs in a mountain: at most 2 a broch
        5 * min(broch, _most("farm"), _most("lighthouse")),  # S06
        5,  # S07, S08, S10: majorities
        8 * (sheep + cattle),  # S09: an animal counts for each of its 8 neighbours' farms
        2 * cattle,  # S11
        3 * _AREAS,  # S12: lakes with a ship and a lighthouse
        3 * (MAX_TILES // 3),  # S13: runs of 3 tiles or more
        MAX_TILES,  # S14
        2 * MAX_TILES,  # S15
        2 * _AREAS,  # S16
    )


def max_vp(num_players: int) -> int:
    """The most VP a seat can hold: every letter scored at its most, the scrolls (at most
    twice their count each, R-10.1 to R-10.3) and 1 VP per 5 gold (R-10.4)."""
    scorings = sum(len(info.letters) for info in round_track(num_players))
    most = max(max(_most(k) for k in ("sheep", "cattle", "broch", "ship", "farm",
                                      "lighthouse")), MAX_TILES)
    scrolls = (MAX_TILES - 1) * 2 * most
    return scorings * _scoring_cap() + scrolls + _gold_bound(num_players) // 5


def max_income(num_players: int) -> int:
    """Castle income, 1 gold a road-connected whisky tile (the castle excepted) and the
    round's catch-up gold for each seat ahead (R-4)."""
    catchup = max(info.catchup for info in round_track(num_players))
    return CASTLE_INCOME + (MAX_TILES - 1) + catchup * (num_players - 1)


def observation_tensor_bounds(num_players: int) -> tuple[list[float], list[float]]:
    """``(low, high)``: each item of :func:`observation_tensor` lies between them."""
    size = tensor_size(num_players)
    low, high = [0.0] * size, [1.0] * size
    gold = _gold_bound(num_players)
    for at in range(GLOBAL_SIZE, size, SEAT_SIZE):
        high[at] = max_vp(num_players) / 50
        high[at + 1] = gold / 50
        high[at + 6] = max_income(num_players) / 20
        for slot in range(3):
            high[at + 7 + slot * SLOT_SIZE + NT + 1] = gold / 20  # a price: at most all gold
        for i in range(MAX_TILES):
            xy = at + _PLACED0 + i * TERR_SLOT + 1
            low[xy] = low[xy + 1] = -1.0
    return low, high


def observation_tensor(state: SkyeState, player: int) -> list[float]:
    """Fixed-size, built from ``state.observation(player)`` only."""
    obs = state.observation(player)
    out: list[float] = []
    out += _onehot(obs["round"] - 1, 6)
    out += _onehot(PHASES.index(obs["phase"]), len(PHASES))
    for letter in LETTERS:
        sid = obs["scoring_tiles"].get(letter)
        out += _onehot(SCORING_IDS.index(sid) if sid else -1, len(SCORING_IDS))
    out += [1.0 if letter in obs["active_letters"] else 0.0 for letter in LETTERS]
    out += [obs["bag_size"] / NT, obs["catchup_gold"] / 4]
    n = len(obs["players"])
    for k in range(n):
        pl = obs["players"][(player + k) % n]
        gold = pl["gold"]
        out += [
            pl["vp"] / 50, (gold or 0) / 50, float(gold is not None),
            float(obs["start_player"] == pl["seat"]),
            float(pl["seat"] in obs["players_to_move"]),
            float(bool(pl["committed"])), pl["income"] / 20,
        ]
        offers = {o["tile"]: o for o in pl["offers"] or []}
        for i in range(3):
            t = pl["drawn"][i] if i < len(pl["drawn"]) else None
            out += _onehot(TILE_INDEX[t] if t else -1, NT)
            o = offers.get(t) if t else None
            out += [
                float(t is not None and pl["discard"] == t),
                (o["price"] / 20) if o else 0.0,
                float(o is not None and o["buyer"] is not None),
                float(pl["offers"] is not None),
            ]
        for i in range(3):
            t = pl["pending"][i] if i < len(pl["pending"]) else None
            out += _onehot(TILE_INDEX[t] if t else -1, NT)
        terr = pl["territory"][1:]
        for i in range(MAX_TILES):
            if i < len(terr):
                t, x, y, r = terr[i]
                out += [1.0, x / REACH, y / REACH, *_onehot(r, 4), *_onehot(TILE_INDEX[t], NT)]
            else:
                out += [0.0] * TERR_SLOT
    return out


def _onehot(i: int, size: int) -> list[float]:
    v = [0.0] * size
    if 0 <= i < size:
        v[i] = 1.0
    return v


# -- the adapters' fast paths (equal to the straightforward code above; the adapter tests
# compare them on random games) -------------------------------------------------------------

_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_SCORING_INDEX = {s: i for i, s in enumerate(SCORING_IDS)}


def legal_actions(state: SkyeState, player: int) -> dict[int, Any]:
    """Action id -> move for ``state.legal_moves(player)``: the ids of discards, prices,
    buys and places worked out here by the move's type (pending slots and the offered
    tiles looked up once), the others by :func:`move_to_action`."""
    out: dict[int, Any] = {}
    slot_of: dict[str, int] | None = None
    buy_ids: dict[str, int] | None = None
    price_at = -1
    for m in state.legal_moves(player):
        kind = type(m)
        if kind is Price and 1 <= m.amount <= MAX_PRICE:
            if price_at < 0:  # every price move prices the same tile
                price_at = PRICE + state.drawn[player].index(m.tile) * MAX_PRICE - 1
            out[price_at + m.amount] = m
        elif kind is Place:
            if slot_of is None:
                slot_of = {}
                for tiles in state.pending:
                    for i, t in enumerate(tiles):
                        slot_of.setdefault(t, i)
            out[_place_base(slot_of[m.tile], m.x, m.y) + m.rot] = m
        elif kind is Discard:
            out[TILE_INDEX[m.tile]] = m
        elif kind is Buy:
            if buy_ids is None:
                buy_ids = {}
                for q in range(state.num_players):  # the first seller offering it
                    for i, t in enumerate(state.prices[q]):
                        buy_ids.setdefault(t, BUY + 2 * q + i)
            out[buy_ids[m.tile]] = m
        else:
            out[move_to_action(state, m)] = m
    return out


def legal_action_ids(state: SkyeState, player: int) -> list[int]:
    """The ids of ``state.legal_moves(player)`` in its order, the discards, prices and
    the building moves worked out from the state without making a move; the others (buys)
    through :func:`legal_actions`."""
    ph = state.phase
    if ph == "build":
        if player != state.current_player():
            return []
        return _build_ids(state, player)
    if ph == "price":
        if state.committed(player):
            return []
        if state.discard[player] is None:
            return [TILE_INDEX[t] for t in state.drawn[player]]
        prices = state.prices[player]
        todo = [t for t in state.kept(player) if t not in prices]
        top = state.gold[player] - (len(todo) - 1)
        first = PRICE + state.drawn[player].index(todo[0]) * MAX_PRICE
        return list(range(first, first + top))
    return list(legal_actions(state, player))


def _build_ids(state: SkyeState, p: int) -> list[int]:
    """As ``SkyeState._build_moves``: per pending tile, its placements square by square
    (the rotations that fit), then the returns of the tiles that fit nowhere."""
    squares, demands = state.territories[p].slots()
    ids: list[int] = []
    stuck: list[int] = []
    for slot, t in enumerate(state.pending[p]):
        code = edge_code(state.tiles[t].edges)
        found = len(ids)
        for i in range(len(squares)):
            rots = fitting(code, demands[i])
            if rots:
                ids += _place_ids(slot, squares[i], rots)
        if len(ids) == found:
            stuck.append(RETURN + slot)
    if stuck and (not ids or not state.options["return_only_when_stuck"]):
        ids += stuck
    return ids


#: (pending slot, square, rotations) -> the ids of those placements
_PLACE_IDS: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}


def _place_ids(slot: int, sq: int, rots: tuple[int, ...]) -> list[int]:
    key = (slot, sq, rots)
    ids = _PLACE_IDS.get(key)
    if ids is None:
        x, y = cell_of(sq)
        at = _place_base(slot, x, y)
        if len(_PLACE_IDS) >= 1 << 16:  # bounded: squares near the castle are few
            _PLACE_IDS.clear()
        ids = _PLACE_IDS[key] = [at + r for r in rots]
    return ids


def legal_action_move(state: SkyeState, player: int, action: int) -> Any:
    """The legal move of id ``action``, one of :func:`legal_action_ids`'."""
    if action < PRICE:
        return discard(TILE_IDS[action])
    if action < BUY:
        slot, a = divmod(action - PRICE, MAX_PRICE)
        return price(state.drawn[player][slot], a + 1)
    if action >= RETURN:
        return Return(state.pending[player][action - RETURN])
    if action >= PLACE:
        return _place_move(state.pending[player], action)
    return legal_actions(state, player)[action]


_DRAW_MOVES = {t: Draw(t) for t in TILE_IDS}


def chance_actions(state: SkyeState) -> list[tuple[int, Any, float]]:
    """As ``state.chance_outcomes()`` with ids; the draws without making new moves."""
    if state.phase == "draw" and state.bag and state.current_player() == CHANCE:
        p = 1.0 / len(state.bag)
        return sorted(((TILE_INDEX[t], _DRAW_MOVES.get(t) or Draw(t), p) for t in state.bag),
                      key=itemgetter(0))
    return sorted(((move_to_action(state, m), m, p) for m, p in state.chance_outcomes()),
                  key=itemgetter(0))


def chance_action_probs(state: SkyeState) -> list[tuple[int, float]]:
    """``[(a, p) for a, _, p in chance_actions(state)]``, the draws without their moves."""
    if state.phase == "draw" and state.bag and state.current_player() == CHANCE:
        return list(zip(sorted(map(TILE_INDEX.__getitem__, state.bag)),
                        repeat(1.0 / len(state.bag))))
    return [(a, p) for a, _, p in chance_actions(state)]


def chance_action_move(state: SkyeState, action: int) -> Any:
    """The outcome of chance id ``action`` (one of :func:`chance_action_probs`')."""
    if state.phase == "draw" and state.bag:
        tile = TILE_IDS[action]
        return _DRAW_MOVES.get(tile) or Draw(tile)
    return next(m for a, m, _ in chance_actions(state) if a == action)


def write_observation_tensor(state: SkyeState, player: int, out: Any) -> None:
    """Write :func:`observation_tensor` into ``out`` (zero-filled, item assignment) from the
    state itself, reading only what ``state.observation(player)`` shows."""
    _write_global(state, out)
    n = state.num_players
    to_move = state.players_to_move()
    at = GLOBAL_SIZE
    for k in range(n):
        p = (player + k) % n
        _write_heads(state, player, p, to_move, out, at)
        _write_slots(state, player, p, out, at + 7)
        _write_pending(state.pending[p], out, at + _PENDING0)
        _write_placed(state.placed[p][:MAX_TILES], 0, out, at + _PLACED0)
        at += SEAT_SIZE


_PENDING0 = 7 + 3 * SLOT_SIZE  # where a seat's pending tiles start in its block
_PLACED0 = _PENDING0 + 3 * NT  # where its territory starts


def update_observation_tensor(state: SkyeState, player: int, out: Any,
                              memo: dict[Any, Any]) -> None:
    """``Game.update_observation_tensor``: the items before the seats' blocks, each seat's
    heads and offered tiles are rewritten; its pending tiles and its territory only when
    they differ from what ``memo`` says ``out`` holds (a territory that grew gets its new
    tiles only)."""
    out[:GLOBAL_SIZE] = _zeros(GLOBAL_SIZE)
    _write_global(state, out)
    n = state.num_players
    to_move = state.players_to_move()
    at = GLOBAL_SIZE
    for k in range(n):
        p = (player + k) % n
        out[at:at + _PENDING0] = _zeros(_PENDING0)
        _write_heads(state, player, p, to_move, out, at)
        _write_slots(state, player, p, out, at + 7)
        pending = state.pending[p]
        key = ("pending", k)
        if memo.get(key) != pending:
            out[at + _PENDING0:at + _PLACED0] = _zeros(3 * NT)
            _write_pending(pending, out, at + _PENDING0)
            memo[key] = pending[:]
        placed = state.placed[p][:MAX_TILES]
        key = ("placed", k)
        seen = memo.get(key)
        if seen != placed:
            if seen is not None and placed[:len(seen)] == seen:
                _write_placed(placed, len(seen), out, at + _PLACED0)
            else:
                out[at + _PLACED0:at + SEAT_SIZE] = _zeros(SEAT_SIZE - _PLACED0)
                _write_placed(placed, 0, out, at + _PLACED0)
            memo[key] = placed
        at += SEAT_SIZE


_ZEROS: dict[int, array[float]] = {}


def _zeros(size: int) -> array[float]:
    block = _ZEROS.get(size)
    if block is None:
        block = _ZEROS[size] = array("f", bytes(4 * size))
    return block


def _write_global(state: SkyeState, out: Any) -> None:
    """The items before the seats' blocks (zero-filled ``out``)."""
    if 1 <= state.round <= 6:
        out[state.round - 1] = 1.0
    at = 6
    out[at + _PHASE_INDEX[state.phase]] = 1.0
    at += len(PHASES)
    ns = len(SCORING_IDS)
    for i in range(len(LETTERS)):
        if i < len(state.scoring):
            out[at + _SCORING_INDEX[state.scoring[i]]] = 1.0
        at += ns
    active = state.letters_now()
    for letter in LETTERS:
        if letter in active:
            out[at] = 1.0
        at += 1
    if state.bag:
        out[at] = len(state.bag) / NT
    catchup = state.track[state.round - 1].catchup if state.round else 0
    if catchup:
        out[at + 1] = catchup / 4


def _write_heads(state: SkyeState, player: int, p: int, to_move: list[int], out: Any,
                 at: int) -> None:
    """Seat ``p``'s 7 head items as ``player`` sees them (zero-filled ``out``)."""
    pricing = state.phase == "price"
    gold = state.gold[p] if state.gold_visible(p, player) else None
    heads = (state.vp[p] / 50, (gold or 0) / 50, float(gold is not None),
             float(state.start == p), float(p in to_move),
             float(bool(state.committed(p) if pricing else None)), state.income[p] / 20)
    for i, value in enumerate(heads):
        if value:
            out[at + i] = value


def _write_slots(state: SkyeState, player: int, p: int, out: Any, at: int) -> None:
    """Seat ``p``'s three offered-tile slots as ``player`` sees them (zero-filled ``out``)."""
    show = player == p or state.phase != "price"
    drawn = state.drawn[p]
    prices = state.prices[p]
    for i in range(3):
        if i < len(drawn):
            t = drawn[i]
            out[at + TILE_INDEX[t]] = 1.0
            tail = at + NT
            if show:
                if state.discard[p] == t:
                    out[tail] = 1.0
                if t in prices:
                    if prices[t]:
                        out[tail + 1] = prices[t] / 20
                    if state.bought_by.get(t) is not None:
                        out[tail + 2] = 1.0
        if show:
            out[at + NT + 3] = 1.0
        at += SLOT_SIZE


def _write_pending(pending: list[str], out: Any, at: int) -> None:
    for i in range(min(3, len(pending))):
        out[at + i * NT + TILE_INDEX[pending[i]]] = 1.0


def _write_placed(placed: list[tuple[str, int, int, int]], start: int, out: Any,
                  at: int) -> None:
    """The territory's tiles from slot ``start`` on (their items zero in ``out``)."""
    at += start * TERR_SLOT
    for t, x, y, r in placed[start:]:
        out[at] = 1.0
        if x:
            out[at + 1] = x / REACH
        if y:
            out[at + 2] = y / REACH
        if 0 <= r < 4:
            out[at + 3 + r] = 1.0
        out[at + 7 + TILE_INDEX[t]] = 1.0
        at += TERR_SLOT
