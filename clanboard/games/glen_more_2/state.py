"""Glen More II positions and the base-game procedure (spec: glen-more-2-chronicles.base.md).

A turn is a sequence of small moves: ``take`` a tile ahead on the rondel (the Scotsman
moves onto its space), ``place`` it (territory tiles) or put a clan marker with ``clan``
(personalities), ``pay``/``buy`` its resource cost unit by unit, ``gain`` chosen
resources, ``act`` the new tile and its neighbours one at a time, ``move`` Scotsmen with
movement points, ``end``. ``sell`` is open at every step of one's own turn. Chance
draws tiles from the current stack and rolls the die. Everything a pack decides (rondel
size, placeholders, the settings of rules tagged [GM1]/[MEM]/[?]) comes from
:class:`Components`; the effects are carried out by :mod:`.interpret`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

import clanboard.games.glen_more_2.allenarly as allenarly
import clanboard.games.glen_more_2.allenarly_score as allenarly_score
import clanboard.games.glen_more_2.interpret as interpret
from clanboard.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, Move, Rng, State
from clanboard.core.errors import say
from clanboard.core.game import PLAYOUT_MOVE_LIMIT
from clanboard.games.glen_more_2.allenarly import ALLEN, Allenarly
from clanboard.games.glen_more_2.components import (
    RES_INDEX,
    STACK_ORDER,
    Components,
    Need,
    components,
)
from clanboard.games.glen_more_2.constants import (  # noqa: F401 (also read from here)
    DIE,
    GAP,
    P_ACT,
    P_ALLEN,
    P_ALLEN_BID,
    P_BID,
    P_BUILD,
    P_CENTRAL,
    P_CHOOSE,
    P_CLAN,
    P_DISCARD,
    P_DRAW,
    P_GAIN,
    P_OVER,
    P_PAY,
    P_PLACE,
    P_PLAN,
    P_REMOVE,
    P_REP,
    P_ROLL,
    P_SCOT,
    P_TAKE,
    PHASES,
    TOP_RANK,
)
from clanboard.games.glen_more_2.describe import describe_move, result_explanation
from clanboard.games.glen_more_2.effects import RESOURCES, TRACKS, Modify
from clanboard.games.glen_more_2.encoding import action_to_move, move_to_action, observation_tensor
from clanboard.games.glen_more_2.glossary import glossary
from clanboard.games.glen_more_2.market import buy_price, payable, sell_price
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
    END_MOVE,
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
    bid_list,
    bid_move,
    parse,
    sq,
)
from clanboard.games.glen_more_2.render import render
from clanboard.games.glen_more_2.serial import check, to_json
from clanboard.games.glen_more_2.solo_describe import after_move, before_first, describe_allenarly
from clanboard.games.glen_more_2.territory import ERRORS as TERRITORY_ERRORS
from clanboard.games.glen_more_2.territory import Territory
from clanboard.games.glen_more_2.view import observation

HOME_VILLAGE = (0, 0)
HOME_CASTLE = (1, 0)
CATEGORIES = ("castle", "landmarks", "whisky", "personalities")

REP_TILES = 2  # clan representative tiles per player (HG-RU 296)
BLUEPRINT_DEBT = -3  # debt_slot while a resource is paid onto a blueprint card

FACE_UP_FEASTS = 5  # HG-RU 189-191
BID_TOKENS = 3  # HG-RU 196-204 (Cameron: 5, HG-RU 236)
EXTRA_MARKERS = 3  # chronicle 9's extra clan markers per colour (HG-RU 181)
#: one resource of each kind: the debt of a ``plan`` move (HG-RU 450)
ONE: tuple[tuple[int, int, int, int, int], ...] = tuple(
    (int(k == 0), int(k == 1), int(k == 2), int(k == 3), int(k == 4)) for k in range(5))
ONE_NEED: tuple[Need, ...] = tuple(Need(f) for f in ONE)


def chronicle_set(text: str) -> frozenset[int]:
    return frozenset(int(x) for x in text.split(",") if x.strip())


def marker(seat: int) -> int:
    return -(seat + 1)


#: :func:`bid_moves`' memory: (feasts face up, bid tokens) -> the moves
_BIDS: dict[tuple[int, int], list[Move]] = {}


def bid_moves(feasts: int, limit: int) -> list[Move]:
    """Every bid stack (chronicle 9, HG-RU 196-204): none, or up to ``limit`` different
    positions of ``feasts`` face-up feasts in order of priority. The same few lists are
    asked for at every bid, so they are made once (moves are never changed; callers get
    a copy of the list)."""
    got = _BIDS.get((feasts, limit))
    if got is None:
        from itertools import permutations

        spots = range(1, feasts + 1)
        got = [bid_move([])]
        for k in range(1, min(limit, feasts) + 1):
            got.extend(bid_move(list(seq)) for seq in permutations(spots, k))
        _BIDS[feasts, limit] = got
    return got


@mypyc_attr(allow_interpreted_subclasses=True)  # also lets copy and pickle make one
class GlenMore2State(State):
    """One Glen More II position."""

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, Any],
                 *, blank: bool = False) -> None:
        """A new game before its set-up; ``blank``: only the base fields, for
        :meth:`clone` to fill in every other one."""
        super().__init__(game, num_players, seed, options)
        if blank:
            return
        comp = components(options["pack"])
        self.comp: Components = comp
        self.facts: interpret.TileFacts = interpret.tile_facts(comp)
        self.comp_prices = [comp.prices(k) for k in range(5)]
        # solo (chronicle 12): one core seat; Allenarly's pieces are seat 1 inside
        self.solo = bool(options.get("solo"))
        self.allen: Allenarly | None = None
        self.seats = n = 2 if self.solo else num_players
        self.pay_prices = self.comp_prices
        st = comp.settings
        self.use_die = n in st.die_player_counts
        self.track: list[int] = []
        self.ch = chronicle_set(options.get("chronicles", ""))
        stacks = comp.stacks_for(self.ch, n)
        self.start_tiles = stacks["S"]
        self.stacks: dict[str, list[int]] = {s: stacks[s] for s in STACK_ORDER}
        self.d_size = len(self.stacks["D"])
        self.d_drawn = 0
        self.we_drawn = False
        self.discarded: list[int] = []
        self.removed: list[int] = []  # taken out of territories (MacMillan, Loch Morar)
        self.market = [1 if n in st.market_prefill_player_counts else 0] * 5
        self.coins = [0] * n
        self.vp = [0] * n
        self.whisky = [0] * n
        self.fame = [0] * n
        self.terr = [Territory() for _ in range(n)]
        self.personalities: list[list[int]] = [[] for _ in range(n)]
        self.cards: list[list[str]] = [[] for _ in range(n)]
        self.clan: dict[str, list[int]] = {sid: [] for sid in comp.active_spaces(self.ch)}
        # chronicle 9: feasts face up at positions 1-5, the rest a deck kept as a set
        self.feast_row: list[int] = []
        self.feast_deck: list[int] = []
        self.feast_discard: list[int] = []
        self.bids: list[list[int] | None] = [None] * n
        self.feast_markers: dict[int, list[int]] = {}
        self.reveal: list[dict[str, Any]] = []
        self.rules: list[list[str]] = [[] for _ in range(n)]
        self.ignored: list[list[int]] = [[] for _ in range(n)]
        self.pending: list[int] = []  # [round number, 1 if final] while bidding
        self.last_paid = -1
        # chronicle 11: each player's blueprint cards, in the order taken
        self.blueprints: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        # chronicle 10: ranks (caber, stone), representative tiles (cells), scoring
        # modifiers won, the central track's rewards taken this round (rank -> seat)
        self.rank: list[list[int]] = [[0, 0] for _ in range(n)]
        self.reps: list[list[list[int]]] = [[] for _ in range(n)]
        self.modifiers: list[list[list[Any]]] = [[] for _ in range(n)]
        self.central: dict[int, int] = {}
        self.central_offers: list[int] = []
        self.central_return = P_OVER
        self.reached: list[str] = []  # board steps reached in this game ("caber 3")
        # HG-RU 181: chronicle 9 adds 3 clan markers per colour; option extra_markers:
        # "feasts" keeps them for feast cards, "supply" adds them to the clan markers
        self.extra_markers = EXTRA_MARKERS if 9 in self.ch else 0
        if options.get("extra_markers", "feasts") == "supply":
            self.markers = [st.clan_markers_per_player + self.extra_markers] * n
            self.extra_markers = 0
        else:
            self.markers = [st.clan_markers_per_player] * n
        self.phase = P_DRAW
        self.cur = -1
        self.scorings: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = None
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.tile = -1
        self.alt = 0
        self.cell: tuple[int, int] | None = None
        self.owed = [0, 0, 0, 0, 0]
        self.owed_any = 0
        self.owed_distinct = 0
        self.used = 0
        self.debt_slot = -1  # -1: the tile's cost; else the activated slot
        self.debt_option = 0
        self.near: list[int] = []
        self.activated: list[int] = []
        self.mp = 0
        self.gain_left = 0
        self.gain_slot = -1
        self.extra_one = False
        self.after_gain = P_ACT
        self.from_discard = False
        self.remove_left = 0
        self.planned = False  # the end-of-turn blueprint step is over
        self.building = -1  # the blueprint card (index) whose place must be built now
        self.clan_pending = False  # a personality gained by an effect awaits its marker
        self.clan_return = P_OVER  # where the turn goes after a clan marker
        self.clan_free = False  # Important Friends: no road cost, taken spaces allowed
        self.trained: list[list[int]] = []  # representatives trained this turn (cells)
        self.castle_move = 0  # Hero's Homeland: Scotsmen that may go to the castle
        self.scots_to_place = 0  # Murray: Scotsmen from the supply onto any own tile
        self.scot_return = P_OVER
        self.rep_slot = -1  # the new resource tile awaiting a representative decision
        self.new_slot = -1  # the tile placed this turn (not trained by its own placing)
        self.new_rebuild = False
        self.choose_tile = -1  # the tile whose one-time options are being chosen
        for cards in getattr(self, "blueprints", ()):
            for card in cards:
                card["fed"] = False

    # -- set-up --------------------------------------------------------------------------

    def setup(self) -> None:
        """Spec 2.2-2.7: start tiles clockwise, Scotsmen anticlockwise in random order,
        coins 5, 6, ... from the first to move; tiles are then drawn by chance."""
        comp, st, n = self.comp, self.comp.settings, self.seats
        start = list(self.start_tiles)  # chronicle 10 may add start tiles (HG-RU 286)
        self.rng.shuffle(start)
        order = list(range(n))
        self.rng.shuffle(order)  # order[0] stands at the back: it moves first
        if self.solo:  # HG-RU 590: the die decides; on 1 Allenarly starts
            order = [ALLEN, 0] if allenarly.roll(self) == 1 else [0, ALLEN]
        pieces = [marker(p) for p in order]
        if self.use_die:
            pieces = [DIE, *pieces] if st.die_setup == "behind_scotsmen" else [*pieces, DIE]
        self.track = pieces + start
        for i, p in enumerate(order):
            self.coins[p] = st.start_coins_first + st.start_coins_step * i
        if 9 in self.ch:
            deck = list(range(len(comp.feasts)))
            self.rng.shuffle(deck)
            self.feast_row, self.feast_deck = deck[:FACE_UP_FEASTS], sorted(deck[FACE_UP_FEASTS:])
        if self.solo:
            allenarly.setup(self)
            self.pay_prices = allenarly_score.solo_prices(self)
        for p in range(n):
            if self.solo and p == ALLEN:
                continue  # her board instead of a territory (HG-RU 590)
            terr = self.terr[p]
            v = terr.add(comp.home_village, HOME_VILLAGE)
            terr.add(comp.home_castle, HOME_CASTLE)
            terr.set_scots(v, 1)
        self.phase = P_DRAW
        self._advance()

    # -- whose turn ----------------------------------------------------------------------

    def current_player(self) -> int:
        ph = self.phase
        if ph <= P_ROLL or ph >= P_ALLEN:
            return CHANCE
        if ph == P_OVER:
            return TERMINAL
        if ph == P_BID:
            return SIMULTANEOUS
        return self.cur

    def players_to_move(self) -> list[int]:
        if self.phase == P_BID:
            return [p for p in range(self.num_players) if self.bids[p] is None]
        return super().players_to_move()

    def random_playout(self, rng: Rng) -> int:
        """:meth:`State.random_playout` (the same moves from the same generators, the same
        history) without the generic loop's calls."""
        history = self.history
        own = self.rng
        moves = 0
        while True:
            ph = self.phase
            if ph <= P_ROLL or ph >= P_ALLEN:  # chance
                move = self.sample_chance(own)
                self._apply(move, CHANCE)
                history.append((CHANCE, move))
                continue
            if ph == P_OVER:
                return moves
            if ph == P_BID:
                seats = self.players_to_move()
                if not seats:
                    return moves
                seat = seats[0]
            else:
                seat = self.cur
                if seat < 0:
                    return moves
            legal = self.legal_moves(seat)
            move = legal[rng.next_u64() % len(legal)]  # rng.choice
            self._apply(move, seat)
            history.append((seat, move))
            if self.auto_chance:
                while self.phase <= P_ROLL or self.phase >= P_ALLEN:
                    self._apply(self.sample_chance(own), CHANCE)
            moves += 1
            if moves > PLAYOUT_MOVE_LIMIT:
                raise RuntimeError(f"glen-more-2: a random game did not end in {moves} moves")

    def current_stack(self) -> str | None:
        for s in STACK_ORDER:
            if self.stacks[s]:
                return s
        return None

    def _chain_target(self) -> int:
        return self.comp.settings.rondel_spaces - 1

    def _advance(self) -> None:
        """Between turns: refill, roll the die, end the game or start the next turn."""
        if self.phase == P_OVER:
            return
        self._reset_turn()
        can_draw = not self.we_drawn and self.current_stack() is not None
        if len(self.track) < self._chain_target() and can_draw:
            self.phase, self.cur = P_DRAW, -1
            return
        if not any(t >= 0 and t != self.comp.worlds_end for t in self.track):
            self._end_game()  # nothing left to take
            return
        if self.track[0] == DIE:
            self.phase, self.cur = P_ROLL, -1
            return
        self.phase = P_TAKE
        self.cur = -self.track[0] - 1
        if self.solo and self.cur == ALLEN:
            self.phase = P_ALLEN  # her turn: the draw of her action card (chance)

    def _compress(self) -> None:
        """Tiles behind the hindmost piece leave the rondel (spec 3.4 [GM1])."""
        t = self.track
        i = 0
        while i < len(t) and (t[i] >= 0 or t[i] == GAP):
            if t[i] >= 0:
                self.discarded.append(t[i])
            i += 1
        if i:
            self.track = t[i:]

    def _we_passed(self) -> bool:
        return self.comp.worlds_end in self.discarded

    # -- chance --------------------------------------------------------------------------

    def _drawable(self) -> list[int]:
        s = self.current_stack()
        assert s is not None
        stack = self.stacks[s]
        we = self.comp.worlds_end
        if s != "D" or we not in stack:
            return sorted(stack)
        rule = self.comp.settings.worlds_end_position
        half = self.d_size // 2
        if rule == "middle":
            return [we] if self.d_drawn == half else sorted(t for t in stack if t != we)
        if rule == "lower_half" and self.d_drawn < half:
            return sorted(t for t in stack if t != we)
        return sorted(stack)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase >= P_ALLEN:
            cards = allenarly.drawable(self)
            return [(GMove(ALLENARLY, n=c), 1.0 / len(cards)) for c in cards]
        if self.phase == P_ROLL:
            faces = self.comp.settings.die_faces
            return [(GMove(ROLL, n=f), faces.count(f) / 6) for f in sorted(set(faces))]
        if self.phase == P_DRAW:
            tiles = self._drawable()
            return [(GMove(DRAW, self.facts.ids[t]), 1.0 / len(tiles)) for t in tiles]
        return []

    def sample_chance(self, rng: Rng) -> Move:
        if self.phase >= P_ALLEN:
            cards = allenarly.drawable(self)
            return GMove(ALLENARLY, n=cards[rng.randrange(len(cards))])
        if self.phase == P_ROLL:
            return GMove(ROLL, n=self.comp.settings.die_faces[rng.randrange(6)])
        tiles = self._drawable()
        return GMove(DRAW, self.facts.ids[tiles[rng.randrange(len(tiles))]])

    def _draw(self, tile: int) -> None:
        s = self.comp.tiles[tile].stack
        self.stacks[s].remove(tile)
        if s == "D":
            self.d_drawn += 1
        self.track.append(tile)
        if tile == self.comp.worlds_end:
            self.we_drawn = True
            if self.comp.settings.worlds_end_rule == "on_draw":
                self._end_game()
                return
        if not self.stacks[s] and s in ("A", "B", "C"):
            self._start_scoring(STACK_ORDER.index(s) + 1, final=False)
            return
        self._advance()

    def _roll(self, face: int) -> None:
        """The die moves ``face`` tiles ahead, ignoring Scotsmen (and World's End); the
        tile it lands on leaves the game (spec 2.8 [GM1])."""
        t = self.track
        seen, last = 0, -1
        for i in range(1, len(t)):
            if t[i] >= 0 and t[i] != self.comp.worlds_end:
                seen, last = seen + 1, i
                if seen == face:
                    break
        if last < 0:  # no tile ahead: the die goes to the front
            t.append(DIE)
        else:
            self.discarded.append(t[last])
            t[last] = DIE
        t[0] = GAP
        self._compress()
        self._after_turn()

    # -- legality helpers ------------------------------------------------------------------

    def scotsmen_supply(self, p: int) -> int:
        if self.solo and p == ALLEN:  # hers stand in her Scotsmen area (HG-RU 602, 755)
            assert self.allen is not None
            return self.comp.settings.scotsmen_per_player - 1 - self.allen.scots
        return self.comp.settings.scotsmen_per_player - 1 - self.terr[p].scotsmen()

    def _cost_ok(self, p: int, need: Need, have: list[int] | None = None) -> bool:
        """Whether ``p`` can pay ``need`` (``have``: ``p``'s resources, when the caller
        already counted them for several costs)."""
        if need.whisky > self.whisky[p] or need.coins > self.coins[p] or \
                need.fame > self.fame[p]:
            return False
        if not need.total:
            return True
        return payable(self.terr[p].have() if have is None else have, self.market,
                       self.pay_prices,
                       self.coins[p] - need.coins, need.fixed, need.any, need.distinct)

    def places(self, p: int, tile: int) -> list[tuple[int, int]]:
        """Squares where ``p`` may put ``tile`` (spec 6.2, 6.4, 7.1)."""
        return self._places(p, tile, False)

    def _places(self, p: int, tile: int, any_one: bool) -> list[tuple[int, int]]:
        """:meth:`places`; ``any_one``: only whether there is one (at most one square,
        unsorted). A new tile goes on a free square of the zone (kept by the territory), a
        rebuild tile over a tile of its kind in the zone."""
        f = self.facts
        terr = self.terr[p]
        out: list[tuple[int, int]] = []
        if f.rebuild[tile]:
            kind, kinds, cells, tiles = f.kind[tile], f.kind, terr.cells, terr.tiles
            for cell in terr.zone(f.place_adjacency):
                slot = cells.get(cell)
                if slot is not None and kinds[tiles[slot]] == kind:
                    out.append(cell)
                    if any_one:
                        return out
        elif f.river_row:
            river = f.river[tile]
            for cell in terr.zone_free(f.place_adjacency):
                if (cell[1] == 0) == river:
                    out.append(cell)
                    if any_one:
                        return out
        elif any_one:
            for cell in terr.zone_free(f.place_adjacency):
                return [cell]
        else:
            out = list(terr.zone_free(f.place_adjacency))
        if len(out) > 1:
            out.sort()
        return out

    def _clan_spaces(self, p: int) -> list[str]:
        if not self.markers[p]:
            return []
        reuse = self.comp.settings.clan_space_reuse == "own"
        out = []
        comp = self.comp
        for sid, there in self.clan.items():
            sp = comp.spaces[comp.space_index[sid]]
            if not self.clan_free:
                if any(q != p for q in there) or (there and not reuse):
                    continue
                if sp.road_cost > self.coins[p]:
                    continue
            first = sp.effect.options[0] if sp.effect else None
            if first is not None and first.inputs and not interpret.usable(self, p, first, -1):
                continue
            out.append(sid)
        return out

    def takeable(self, p: int, tile: int, placeable: dict[int, bool] | None = None,
                 have: list[int] | None = None) -> list[int]:
        """Cost alternatives (1-based, 0 = the only/no cost) with which ``p`` can take it
        (``placeable`` caches whether tiles of a placement key fit somewhere, ``have`` is
        ``p``'s resources, both counted once for all the tiles on offer)."""
        f = self.facts
        how = f.take[tile]
        if how == interpret.TAKE_NEVER:  # World's End
            return []
        if how == interpret.TAKE_CARD:
            return [0]  # onto a blueprint card: paid and built later (HG-RU 446)
        if how == interpret.TAKE_KEPT:
            pass  # tournament and spectator tiles are not placed (HG-RU 350, 360)
        elif how == interpret.TAKE_CLAN:
            if f.need_space and not self._clan_spaces(p):
                return []
        else:
            cache = {} if placeable is None else placeable
            key = f.place_key[tile]
            fits = cache.get(key)
            if fits is None:
                fits = cache[key] = bool(self._places(p, tile, True))
            if not fits:
                return []
        costs = f.costs[tile]
        if not costs:
            return [0]
        if len(costs) == 1:
            return [0] if self._cost_ok(p, costs[0], have) else []
        return [i + 1 for i, c in enumerate(costs) if self._cost_ok(p, c, have)]

    # -- legal moves ---------------------------------------------------------------------

    def legal_moves(self, player: int | None = None) -> list[Move]:
        ph = self.phase
        if ph <= P_ROLL or ph >= P_ALLEN:
            if player not in (None, CHANCE):
                return []
            return [m for m, _ in self.chance_outcomes()]
        if ph == P_BID:
            if player is None or self.bids[player] is not None:
                return []
            return self._bid_moves(player)
        if ph == P_OVER or (player is not None and player != self.cur):
            return []
        p = self.cur
        if ph == P_TAKE:
            moves = self._take_moves(p)
            moves += self._sell_moves(p)
            return moves
        if ph == P_PLACE:
            return [GMove(PLACE, a=sq(c)) for c in self.places(p, self.tile)]
        if ph == P_PAY:
            return self._pay_moves(p)
        if ph == P_GAIN:
            return [GMove(GAIN, r) for r in RESOURCES]
        if ph == P_CLAN:
            spaces = self._clan_spaces(p)
            return [GMove(CLAN, sid) for sid in spaces] or [GMove(CLAN, "none")]
        if ph == P_DISCARD:
            return self._discard_moves(p)
        if ph == P_REMOVE:
            terr = self.terr[p]
            cut = terr.cut_slots(self.facts.place_adjacency)  # one search for every tile
            removes: list[Move] = [GMove(REMOVE, a=sq(terr.pos[i])) for i in range(len(terr))
                                   if self._removable(p, i, cut)]
            return removes + [END_MOVE]
        if ph == P_PLAN:
            return self._plan_moves(p) + self._sell_moves(p) + [END_MOVE]
        if ph == P_REP:
            return self._rep_moves(p)
        if ph == P_SCOT:
            return [GMove(SCOT, a=sq(c)) for c in self.terr[p].pos]
        if ph == P_CENTRAL:
            return [GMove(CENTRAL, n=self.central_offers[0]), GMove(CENTRAL, n=0)]
        if ph == P_CHOOSE:
            bonus = self.comp.tiles[self.choose_tile].bonus
            return [GMove(CHOOSE, n=i + 1) for i, o in enumerate(bonus.options)
                    if interpret.usable(self, p, o, -1)]
        if ph == P_BUILD:
            card = self.blueprints[p][self.building]
            return [GMove(BUILD, n=side, a=sq(cell))
                    for cell, side in self.build_spots(p, card["tile"])]
        moves = self._act_moves(p)  # extended in place: no list made per part
        if self.reps[p]:
            moves += self._train_moves(p)
        moves += self._move_moves(p)
        moves += self._sell_moves(p)
        moves.append(END_MOVE)
        return moves

    def _bid_moves(self, p: int) -> list[Move]:
        limit = 5 if "bids5" in self.rules[p] else BID_TOKENS
        return list(bid_moves(len(self.feast_row), limit))

    def _discard_moves(self, p: int) -> list[Move]:
        out: list[Move] = []
        placeable: dict[int, bool] = {}
        have = self.terr[p].have()
        ids = self.facts.ids
        for t in sorted(set(self.discarded)):
            for alt in self.takeable(p, t, placeable, have):
                out.append(GMove(TAKE, ids[t], alt))
        return out

    def _take_moves(self, p: int) -> list[Move]:
        out: list[Move] = []
        worlds_end = self.comp.worlds_end
        tiles = [t for t in self.track[1:] if t >= 0 and t != worlds_end]
        placeable: dict[int, bool] = {}
        have = self.terr[p].have()
        ids = self.facts.ids
        for t in tiles:
            for alt in self.takeable(p, t, placeable, have):
                out.append(GMove(TAKE, ids[t], alt))
        if not out:
            out = [GMove(PASS, ids[t]) for t in tiles]
        return out

    def _sell_moves(self, p: int) -> list[Move]:
        terr = self.terr[p]
        out: list[Move] = []
        guard = self.phase == P_PAY
        have = terr.have() if guard else []
        for slot, cell in enumerate(terr.pos):
            for k in range(5):
                if terr.res[slot][k] and self.market[k]:
                    if guard and not self._payable_after(p, have, sell=k):
                        continue
                    out.append(GMove(SELL, RESOURCES[k], a=sq(cell)))
        return out

    def _payable_after(self, p: int, counted: list[int], sell: int = -1, buy: int = -1,
                       own: int = -1) -> bool:
        """Whether the debt can still be paid in full after selling ``sell``, buying
        ``buy`` or paying one ``own`` resource (``counted``: ``p``'s resources now)."""
        have = list(counted)
        market = list(self.market)
        coins = self.coins[p]
        owed = list(self.owed)
        n_any, n_dist, used = self.owed_any, self.owed_distinct, self.used
        prices = self.pay_prices
        if sell >= 0:
            have[sell] -= 1
            coins += prices[sell][market[sell] - 1]
            market[sell] -= 1
        k = buy if buy >= 0 else own
        if k >= 0:
            if buy >= 0:
                coins -= prices[k][market[k]]
                market[k] = min(market[k] + 1, len(self.comp_prices[k]))
            else:
                have[k] -= 1
            if owed[k]:
                owed[k] -= 1
            elif n_dist and not used >> k & 1:
                n_dist -= 1
                used |= 1 << k
            else:
                n_any -= 1
        return payable(have, market, prices, coins, owed, n_any, n_dist, used)

    def _payable_kinds(self) -> list[int]:
        return [k for k in range(5) if self.owed[k] or self.owed_any
                or (self.owed_distinct and not self.used >> k & 1)]

    def _pay_moves(self, p: int) -> list[Move]:
        terr = self.terr[p]
        out: list[Move] = []
        have = terr.have()
        for k in self._payable_kinds():
            if self._payable_after(p, have, own=k):
                for slot, cell in enumerate(terr.pos):
                    if terr.res[slot][k]:
                        out.append(GMove(PAY, RESOURCES[k], a=sq(cell)))
            price = buy_price(self.pay_prices[k], self.market[k])
            if price is not None and price <= self.coins[p] and self._payable_after(p, have, buy=k):
                out.append(GMove(BUY, RESOURCES[k]))
        return out + self._sell_moves(p)

    def _act_moves(self, p: int) -> list[Move]:
        terr = self.terr[p]
        cand = list(range(len(terr))) if self.extra_one else self.near
        out: list[Move] = []
        have: list[int] | None = None  # counted at the first option with an input to pay
        f = self.facts
        activated = self.activated
        for slot in cand:
            if slot in activated:
                continue
            tile = terr.tiles[slot]
            opts = f.acts[tile]
            if not opts:
                continue
            if have is None and f.act_pays[tile]:
                have = terr.have()
            if len(opts) == 1:  # most tiles: interpret.options_facts without its list
                if interpret.usable_facts(self, p, opts[0], slot, have):
                    out.append(GMove(ACT, n=0, a=sq(terr.pos[slot])))
                continue
            for n in interpret.options_facts(self, p, opts, slot, have):
                out.append(GMove(ACT, n=n, a=sq(terr.pos[slot])))
        return out

    def _move_moves(self, p: int) -> list[Move]:
        terr = self.terr[p]
        out: list[Move] = []
        castle = terr.cells.get(HOME_CASTLE)
        for slot, cell in enumerate(terr.pos):
            if not terr.scots[slot]:
                continue
            near = terr.around(cell, self.facts.move_adjacency) if self.mp > 0 else []
            if self.castle_move and castle is not None and castle != slot and \
                    castle not in near:
                near = [*near, castle]  # Hero's Homeland (HG-RU 388)
            for q in near:
                out.append(GMove(MOVE, a=sq(cell), b=sq(terr.pos[q])))
        return out

    # -- chronicle 10: the Highland Games ------------------------------------------------

    def track_of(self, p: int, cell: tuple[int, int]) -> int:
        """0 (caber) on a material tile, 1 (stone) on an animal tile, -1 otherwise."""
        terr = self.terr[p]
        kind = self.comp.tiles[terr.tiles[terr.cells[cell]]].kind
        return 0 if kind == "material" else 1 if kind == "animal" else -1

    def _rep_ok(self, p: int, cell: tuple[int, int], leaving: tuple[int, int] | None) -> bool:
        """Representatives are never orthogonally next to each other (HG-RU 314)."""
        x, y = cell
        others = [tuple(c) for c in self.reps[p] if tuple(c) != leaving]
        return cell not in others and all(abs(x - a) + abs(y - b) != 1 for a, b in others)

    def _rep_moves(self, p: int) -> list[Move]:
        """HG-RU 304-316: on your first resource tile a representative must go on it; on each
        later one you may bring your other one into play or move one onto it."""
        cell = self.terr[p].pos[self.rep_slot]
        out: list[Move] = []
        if len(self.reps[p]) < REP_TILES and self._rep_ok(p, cell, None):
            out.append(GMove(REP, "new"))
        for c in self.reps[p]:
            old = (c[0], c[1])
            if old != cell and self._rep_ok(p, cell, old):
                out.append(GMove(REP, a=sq(old)))
        if self.reps[p] or not out:
            out.append(GMove(REP, "none"))
        return out

    def _train_moves(self, p: int) -> list[Move]:
        """HG-RU 320: a representative on a tile activated by a placement next to it (or a
        rebuild of its tile) may train once: material -> caber, animal -> stone."""
        terr = self.terr[p]
        out: list[Move] = []
        for c in self.reps[p]:
            cell = (c[0], c[1])
            slot = terr.cells.get(cell)
            if slot is None or slot not in self.near or c in self.trained:
                continue
            if slot == self.new_slot and not self.new_rebuild:
                continue
            if self.track_of(p, cell) >= 0:
                out.append(GMove(TRAIN, a=sq(cell)))
        return out

    def raise_rank(self, p: int, track: str, steps: int) -> None:
        """Raise a representative step by step (HG-RU 324-328, 356): ranks 1, 2 and 5 give
        their one-time effect, 3 and 4 a scoring modifier for the next round; each rank may
        also offer the central track's reward there; above 5: 2 VP instead."""
        t = TRACKS.index(track)
        comp = self.comp
        for _ in range(steps):
            if self.rank[p][t] >= TOP_RANK:
                self.vp[p] += comp.settings.rank_above_top_vp
                continue
            self.rank[p][t] += 1
            r = self.rank[p][t]
            if f"{track} {r}" not in self.reached:
                self.reached.append(f"{track} {r}")
            row = comp.tracks.get((track, r))
            if row is not None and row.type == "modifier":
                for opt in row.reward.options:
                    for g in opt.gains:
                        if isinstance(g, Modify):
                            self.modifiers[p].append([g.category, g.amount])
            elif row is not None:
                interpret.resolve_once(self, p, row.reward, -1)
            if ("central", r) in comp.tracks and r not in self.central and \
                    p not in self.central.values() and self.markers[p] > 0:
                self.central_offers.append(r)

    def _choose_or_resolve(self, p: int, tile: int) -> None:
        """A one-time effect with several usable options is chosen (``choose N``)."""
        bonus = self.comp.tiles[tile].bonus
        usable = [o for o in bonus.options if interpret.usable(self, p, o, -1)]
        if len(usable) > 1:
            self.choose_tile = tile
            self.phase = P_CHOOSE
            return
        if usable:
            interpret.gain(self, p, usable[0], -1)
        self._after_effects(p, P_OVER)

    def _scoring_start(self) -> list[int]:
        """HG-RU 338: the highest caber tosser(s) and stone putter(s) gain 1 fame each; a
        piece still below the lowest step (rank 0, HG-RU 292) is on no rank and gains none."""
        n = self.seats
        got = [0] * n
        for t in range(2):
            top = max(self.rank[q][t] for q in range(n))
            if top == 0:
                continue
            for q in range(n):
                if self.rank[q][t] == top:
                    got[q] += 1
        for q in range(n):
            self.fame[q] += got[q]
        return got

    def _scoring_end(self) -> None:
        """HG-RU 344-346: modifiers go back, ranks to 0, central markers home."""
        for q in self.central.values():
            self.markers[q] += 1
        self.central = {}
        self.rank = [[0, 0] for _ in range(self.seats)]
        self.modifiers = [[] for _ in range(self.seats)]

    # -- chronicle 11: blueprints and historic places ------------------------------------

    def card_accepts(self, card: dict[str, Any], k: int) -> bool:
        """Whether one more resource ``k`` fits the card's cost (fixed kinds first, the rest
        on its "any" symbols; Munro's free resource counts as any kind)."""
        need = self.comp.blueprint_need[card["tile"]]
        paid: list[int] = card["paid"]
        fixed = need.fixed
        over = 0
        for i in range(5):
            extra = paid[i] + (1 if i == k else 0) - fixed[i]
            if extra > 0:
                over += extra
        return over <= need.any + need.distinct and \
            sum(paid) + 1 + card["free"] <= need.total

    def card_complete(self, card: dict[str, Any]) -> bool:
        need = self.comp.blueprint_need[card["tile"]]
        return sum(card["paid"]) + card["free"] >= need.total

    def _zone(self, p: int) -> dict[tuple[int, int], int]:
        """The squares a placement may touch (the keys): those of the Scotsmen and next to
        them (kept by the territory, :meth:`Territory.zone`)."""
        return self.terr[p].zone(self.facts.place_adjacency)

    def _fits(self, p: int, cell: tuple[int, int], over: str, river: bool) -> bool:
        """Whether a historic place's cell can be built over ``cell``: a tile of the kind
        ``over`` (a river tile when ``river``)."""
        terr = self.terr[p]
        slot = terr.cells.get(cell)
        if slot is None:
            return False
        row = self.comp.tiles[terr.tiles[slot]]
        return row.kind == over and (row.river or not river)

    def build_spots(self, p: int, tile: int) -> list[tuple[tuple[int, int], int]]:
        """Where the historic place of the card ``tile`` can be built: (cell, side), the
        cell being the left half of a double (HG-RU 450-454, 484-494). Each covered tile
        has the kind (and river) its blueprint names; the place touches a Scotsman's tile
        like any placement; a double lies left to right as printed."""
        zone = self._zone(p)
        sides = self.comp.build_sides[tile]
        out: list[tuple[tuple[int, int], int]] = []
        for cell in sorted(self.terr[p].cells):
            for n, side in enumerate(sides, start=1):
                over, river = side[0]
                if len(side) == 1:
                    if cell in zone and self._fits(p, cell, over, river):
                        out.append((cell, 0))
                    continue
                right = (cell[0] + 1, cell[1])
                over_r, river_r = side[1]
                if (cell in zone or right in zone) and self._fits(p, cell, over, river) and \
                        self._fits(p, right, over_r, river_r):
                    out.append((cell, n))
        return out

    def _plan_moves(self, p: int, first: bool = False) -> list[Move]:
        """HG-RU 450: at the end of the turn 1 resource (own or bought) on each blueprint
        card; the last one only when the place can then be built at once (``first``: stop
        at the first such move, for the test whether there is one)."""
        out: list[Move] = []
        rows = self.comp.tiles  # rows[t].id: comp.tile_id(t) without the call
        have = self.terr[p].have()
        coins = self.coins[p]
        for card in self.blueprints[p]:
            if card["fed"]:
                continue
            tile: int = card["tile"]
            last = sum(card["paid"]) + card["free"] + 1 >= self.comp.blueprint_need[tile].total
            buildable = -1  # not looked at yet
            for k in range(5):
                if not self.card_accepts(card, k):
                    continue
                # _cost_ok(p, one resource k), without building its Need
                if not payable(have, self.market, self.pay_prices, coins, ONE[k], 0, 0):
                    continue
                if last:
                    if buildable < 0:
                        buildable = 1 if self.build_spots(p, tile) else 0
                    if not buildable:
                        continue
                out.append(GMove(PLAN, rows[tile].id, k + 1))
                if first:
                    return out
        return out

    def _take_card(self, p: int, tile: int, free: int) -> None:
        """A historic place (or a double's blueprint tile) goes onto its blueprint card."""
        self.blueprints[p].append({"tile": tile, "paid": [0, 0, 0, 0, 0], "free": free,
                                   "fed": False})

    def _build(self, p: int, cell: tuple[int, int], side: int) -> None:
        """Build the place over the matching tile(s); the card and its resources are
        discarded; it and its neighbours are activated (HG-RU 452-458, 496)."""
        comp, terr = self.comp, self.terr[p]
        card = self.blueprints[p].pop(self.building)
        self.building = -1
        tile = card["tile"]
        if side:
            left, right = comp.halves[tile][side - 1]
            placed = [(cell, left), ((cell[0] + 1, cell[1]), right)]
            self.removed.append(tile)  # the blueprint tile leaves the game (HG-RU 478)
        else:
            placed = [(cell, tile)]
        slots = []
        for c, t in placed:
            slot = terr.cells[c]
            terr.under[slot].append(terr.tiles[slot])
            terr.tiles[slot] = t
            if comp.settings.rebuild_covered == "discard":
                terr.res[slot] = [0, 0, 0, 0, 0]
                terr.set_scots(slot, 0)
            slots.append(slot)
        near = set(slots)
        for slot in slots:
            near.update(terr.around(terr.pos[slot], 8))
        self.near = sorted(near)
        # the place is a new tile: an activation earlier this turn was the covered tile's
        self.activated = [i for i in self.activated if i not in slots]
        self.after_gain = P_ACT
        self.phase = P_ACT
        h = comp.historic[tile]
        interpret.resolve_once(self, p, h.bonus, slots[0])
        if h.landmark:
            self.cards[p].append(h.landmark)
            lm = comp.cards[h.landmark]
            if lm.timing == "immediate":
                interpret.resolve_once(self, p, lm.effect, slots[0])
        self._after_effects(p, P_ACT)

    def historic_count(self, p: int) -> int:
        """Historic places in the territory, built-over ones included, a double once
        (Ogilvy, HG-RU 500)."""
        comp, terr = self.comp, self.terr[p]
        names = {comp.historic[t].id for t in terr.tiles + [u for us in terr.under for u in us]
                 if t in comp.historic}
        return len(names)

    # -- applying ------------------------------------------------------------------------

    def parse_move(self, text: str, player: int | None = None) -> Move:
        return parse(text)

    def _apply(self, move: Move, player: int) -> None:
        assert isinstance(move, GMove)
        op = move.op
        comp = self.comp
        if op == DRAW:
            self._draw(comp.index[move.name])
            return
        if op == ROLL:
            self._roll(move.n)
            return
        if op == ALLENARLY:
            if self.phase == P_ALLEN:
                allenarly.take_turn(self, move.n)
                self._compress()
                self._after_turn()
            elif allenarly_score.bid_draw(self, move.n):
                self._reveal_feasts()
            return
        if op == BID:
            self.bids[player] = bid_list(move)
            if self.solo:
                assert self.allen is not None
                self.allen.recent = []  # her stack from card draws after yours (HG-RU 1097-1109)
                allenarly_score.start_bids(self)
                self.phase = P_ALLEN_BID
                return
            if all(b is not None for b in self.bids):
                self._reveal_feasts()
            return
        p = self.cur
        if self.allen is not None:  # her decisions shown are those since a seat's move
            self.allen.recent = []
        terr = self.terr[p]
        if op == SELL:
            k = RES_INDEX[move.name]
            terr.res[terr.cells[(move.a.x, move.a.y)]][k] -= 1
            self.coins[p] += sell_price(self.comp_prices[k], self.market[k]) or 0
            self.market[k] -= 1
        elif op in (TAKE, PASS):
            tile = comp.index[move.name]
            if self.phase == P_DISCARD:  # clan Munro: the tile comes from the discard
                self.discarded.remove(tile)
            else:
                t = self.track
                t[t.index(tile)] = t[0]
                t[0] = GAP
            if op == PASS:
                self.discarded.append(tile)
                self._end_turn()
                return
            if self.facts.take[tile] == interpret.TAKE_CARD:  # comp.is_historic_card(tile)
                if self.phase == P_DISCARD:  # Munro: 1 free resource on the card (HG-RU 520)
                    self._take_card(p, tile, 1)
                    self._after_effects(p, self.after_gain)
                else:
                    self._take_card(p, tile, 0)
                    self._end_turn()
                return
            self.tile, self.alt = tile, move.n
            if comp.tiles[tile].kind == "personality" or comp.tiles[tile].use != "territory":
                self._start_cost(p)
            else:
                self.phase = P_PLACE
        elif op == PLACE:
            self.cell = (move.a.x, move.a.y)
            self._start_cost(p)
        elif op in (PAY, BUY):
            k = RES_INDEX[move.name]
            self.last_paid = k
            if op == PAY:
                terr.res[terr.cells[(move.a.x, move.a.y)]][k] -= 1
            elif self.market[k] >= len(self.comp_prices[k]):  # a full row (HG-RU 669)
                lv = allenarly.level_row(self)
                self.coins[p] -= lv.buy_supply + lv.buy_allenarly
                self.coins[ALLEN] += lv.buy_allenarly
            else:
                self.coins[p] -= self.comp_prices[k][self.market[k]]
                self.market[k] += 1
            if self.owed[k]:
                self.owed[k] -= 1
            elif self.owed_distinct and not self.used >> k & 1:
                self.owed_distinct -= 1
                self.used |= 1 << k
            else:
                self.owed_any -= 1
            if not sum(self.owed) and not self.owed_any and not self.owed_distinct:
                self._debt_paid(p)
        elif op == GAIN:
            r = terr.res[self.gain_slot]
            if sum(r) < comp.settings.tile_capacity:
                r[RES_INDEX[move.name]] += 1
            self.gain_left -= 1
            if self.gain_left == 0 or sum(r) >= comp.settings.tile_capacity:
                self.gain_left = 0
                self._after_gains(p)
        elif op == CLAN:
            then, self.clan_return = self.clan_return, P_OVER
            if move.name != "none":
                sp = comp.spaces[comp.space_index[move.name]]
                self.clan[sp.id].append(p)
                self.markers[p] -= 1
                self.coins[p] -= 0 if self.clan_free else sp.road_cost
                self.clan_free = False
                self.after_gain = then  # the turn ends after any chosen gains
                first = sp.effect.options[0] if sp.effect else None
                if first is not None and first.inputs:  # a shield that costs a resource
                    self.debt_slot, self.debt_option = -2, comp.space_index[sp.id]
                    self._owe(interpret.need_of(first.inputs))
                    self.phase = P_PAY
                    return
                interpret.resolve_once(self, p, sp.effect, -1)
                self._after_effects(p, then)
                return
            if then == P_OVER:
                self._end_turn()
            else:
                self._after_effects(p, then)
        elif op == PLAN:
            k = move.n - 1
            cards = self.blueprints[p]
            idx = next(i for i, c in enumerate(cards)
                       if c["tile"] == comp.index[move.name] and not c["fed"])
            self.debt_slot, self.debt_option = BLUEPRINT_DEBT, idx
            self._owe(ONE_NEED[k])
            self.phase = P_PAY
        elif op == BUILD:
            self._build(p, (move.a.x, move.a.y), move.n)
        elif op == ACT:
            slot = terr.cells[(move.a.x, move.a.y)]
            self.activated.append(slot)
            if slot not in self.near:
                self.extra_one = False
            effect = comp.tiles[terr.tiles[slot]].activation
            option = effect.options[max(move.n - 1, 0)]
            need = interpret.need_of(option.inputs)
            self.debt_slot, self.debt_option = slot, max(move.n - 1, 0)
            self.coins[p] -= need.coins
            self.whisky[p] -= need.whisky
            self.fame[p] -= need.fame
            if need.total:
                self._owe(need)
                self.phase = P_PAY
            else:
                self._debt_paid(p)
        elif op == REP:
            cell = terr.pos[self.rep_slot]
            if move.name == "new":
                self.reps[p].append([cell[0], cell[1]])
            elif move.name != "none":
                i = self.reps[p].index([move.a.x, move.a.y])
                self.reps[p][i] = [cell[0], cell[1]]
            self._placed_effects(p, self.rep_slot)
        elif op == TRAIN:
            cell = (move.a.x, move.a.y)
            self.trained.append([cell[0], cell[1]])
            self.raise_rank(p, TRACKS[self.track_of(p, cell)], 1)
            self._after_effects(p, P_ACT)
        elif op == CENTRAL:
            if move.n:
                self.central[move.n] = p
                self.markers[p] -= 1
                self.central_offers = []
                if f"central {move.n}" not in self.reached:
                    self.reached.append(f"central {move.n}")
                interpret.resolve_once(self, p, comp.tracks[("central", move.n)].reward, -1)
            else:
                self.central_offers.pop(0)
            self._after_effects(p, self.central_return)
        elif op == SCOT:
            terr.add_scots(terr.cells[(move.a.x, move.a.y)], 1)
            self.scots_to_place -= 1
            self._after_effects(p, self.scot_return)
        elif op == CHOOSE:
            bonus = comp.tiles[self.choose_tile].bonus
            self.choose_tile = -1
            interpret.gain(self, p, bonus.options[move.n - 1], -1)
            self._after_effects(p, P_OVER)
        elif op == REMOVE:
            self._remove(p, terr.cells[(move.a.x, move.a.y)])
        elif op == MOVE:
            a, b = terr.cells[(move.a.x, move.a.y)], terr.cells[(move.b.x, move.b.y)]
            terr.add_scots(a, -1)
            terr.add_scots(b, 1)
            step = b in terr.around(terr.pos[a], comp.settings.move_adjacency)
            if self.castle_move and b == terr.cells.get(HOME_CASTLE) and \
                    (not step or self.mp <= 0):
                self.castle_move -= 1
            else:
                self.mp -= 1
        elif op == END:
            if self.phase == P_REMOVE:
                self.remove_left = 0
                self._after_effects(p, self.after_gain)
            elif self.phase == P_PLAN:
                self.planned = True
                self._end_turn()
            else:
                self._end_turn()

    def _owe(self, need: Need) -> None:
        self.owed = list(need.fixed)
        self.owed_any, self.owed_distinct, self.used = need.any, need.distinct, 0

    def _start_cost(self, p: int) -> None:
        costs = self.comp.costs[self.tile]
        self.debt_slot = -1
        if not costs:
            self._debt_paid(p)
            return
        need = costs[max(self.alt - 1, 0)]
        self.coins[p] -= need.coins
        self.whisky[p] -= need.whisky
        self.fame[p] -= need.fame
        if need.total:
            self._owe(need)
            self.phase = P_PAY
        else:
            self._debt_paid(p)

    def _debt_paid(self, p: int) -> None:
        self.owed = [0, 0, 0, 0, 0]
        self.owed_any = self.owed_distinct = self.used = 0
        if self.debt_slot == -2:  # a clan shield's price is paid: its rule applies
            sp = self.comp.spaces[self.debt_option]
            self.debt_slot = -1
            interpret.gain(self, p, sp.effect.options[0], -1)
            self._after_effects(p, self.after_gain)
            return
        if self.debt_slot == BLUEPRINT_DEBT:  # a resource lies on a blueprint card
            card = self.blueprints[p][self.debt_option]
            card["paid"][self.last_paid] += 1
            card["fed"] = True
            self.debt_slot = -1
            if self.card_complete(card):  # HG-RU 452: built at once
                self.building = self.debt_option
                self.phase = P_BUILD
            else:
                self.phase = P_PLAN
            return
        if self.debt_slot >= 0:
            slot = self.debt_slot
            effect = self.comp.tiles[self.terr[p].tiles[slot]].activation
            self.phase = P_ACT
            self.after_gain = P_ACT
            interpret.gain(self, p, effect.options[self.debt_option], slot)
            self.debt_slot = -1
            self._after_effects(p, P_ACT)
            return
        tile = self.tile
        use = self.comp.tiles[tile].use
        if use == "tournament":  # applied, then out of the game (HG-RU 350-356)
            self.removed.append(tile)
            self.tile = -1
            self._choose_or_resolve(p, tile)
            return
        if self.comp.tiles[tile].kind == "personality":
            self.personalities[p].append(tile)
            self.tile = -1
            if use == "spectator":  # no clan marker: the representatives rise (HG-RU 360)
                self._choose_or_resolve(p, tile)
                return
            self.phase = P_CLAN
            return
        self._finish_place(p)

    def _finish_place(self, p: int) -> None:
        """Spec 6.5, 7, 13.1: the tile joins the territory (a rebuild tile on top), its
        placement bonus and landmark card apply, then activation begins."""
        comp = self.comp
        tile, cell = self.tile, self.cell
        assert cell is not None
        terr = self.terr[p]
        row = comp.tiles[tile]
        slot = terr.cells.get(cell)
        if slot is not None and row.rebuild:
            terr.under[slot].append(terr.tiles[slot])
            terr.tiles[slot] = tile
            if comp.settings.rebuild_covered == "discard":
                terr.res[slot] = [0, 0, 0, 0, 0]
                terr.set_scots(slot, 0)
        else:
            slot = terr.add(tile, cell)
        self.tile = -1
        self.near = sorted({slot, *terr.around(cell, 8)})
        self.after_gain = P_ACT
        self.phase = P_ACT
        self.new_slot, self.new_rebuild = slot, row.rebuild
        if 10 in self.ch and row.kind in ("material", "animal"):
            self.rep_slot = slot
            self.phase = P_REP
            if len(self._rep_moves(p)) > 1 or not self.reps[p]:
                return  # the representative first, then the tile's effects
            self.phase = P_ACT
        self._placed_effects(p, slot)

    def _placed_effects(self, p: int, slot: int) -> None:
        comp = self.comp
        row = comp.tiles[self.terr[p].tiles[slot]]
        self.rep_slot = -1
        self.phase = P_ACT
        interpret.resolve_once(self, p, row.bonus, slot)
        if row.landmark:
            self.cards[p].append(row.landmark)
            card = comp.cards[row.landmark]
            if card.timing == "immediate":
                interpret.resolve_once(self, p, card.effect, slot)
        self._after_effects(p, P_ACT)

    def _after_gains(self, p: int) -> None:
        self._after_effects(p, self.after_gain)

    def _after_effects(self, p: int, then: int) -> None:
        """After an effect: its chosen resources, tiles to remove, a tile from the discard,
        then ``then`` (P_ACT: go on activating; P_OVER: the turn ends)."""
        self.after_gain = then
        if self.gain_left:
            self.phase = P_GAIN
        elif self.remove_left:
            self.phase = P_REMOVE
        elif self.from_discard:
            self.from_discard = False
            if self._discard_moves(p):
                self.phase = P_DISCARD
            else:
                self._after_effects(p, then)
        elif self.clan_pending:  # Michael Scot: his clan marker, then the turn goes on
            self.clan_pending = False
            self.clan_return = then
            self.phase = P_CLAN
        elif self.central_offers:  # a rank reached may take the central reward there
            self.central_return = then
            self.phase = P_CENTRAL
        elif self.scots_to_place:  # Murray: "on any of your tiles" (HG-RU 400)
            self.scot_return = then
            self.phase = P_SCOT
        elif then == P_OVER:
            self._end_turn()
        else:
            self.phase = P_ACT

    def _removable(self, p: int, slot: int, cut: set[int] | None = None) -> bool:
        """Never the home tile (nor a place built over it); a half of a double only when
        2 tiles may be removed, and only if its other half may go too (HG-RU 524-526);
        never a removal that leaves the territory in parts (spec 6.3). ``cut``: the
        territory's :meth:`Territory.cut_slots`, when the caller found them."""
        terr = self.terr[p]
        other = self.comp.partner.get(terr.tiles[slot])
        if other is None or other not in terr.tiles:
            if cut is not None:
                return slot not in cut and self._not_home(p, slot)
            return self._not_home(p, slot) and self._keeps_whole(p, {slot})
        half = terr.tiles.index(other)
        return self.remove_left >= 2 and self._not_home(p, slot) and \
            self._not_home(p, half) and self._keeps_whole(p, {slot, half})

    def _not_home(self, p: int, slot: int) -> bool:
        """Neither the tile in ``slot`` nor one under it is a starting tile."""
        home, terr = self.facts.home, self.terr[p]
        return not home[terr.tiles[slot]] and not any(home[u] for u in terr.under[slot])

    def _keeps_whole(self, p: int, slots: set[int]) -> bool:
        return self.terr[p].connected_without(slots, self.comp.settings.placement_adjacency)

    def _remove(self, p: int, slot: int) -> None:
        """The tile (with any tiles under it) leaves the game; Scotsmen on it go back to
        the supply, resources on it are lost (spec 16.1-16.2). A half of a double historic
        place takes its other half along and counts 2 (HG-RU 524-526)."""
        terr = self.terr[p]
        slots = [slot]
        other = self.comp.partner.get(terr.tiles[slot])
        if other is not None and other in terr.tiles:
            slots.append(terr.tiles.index(other))
        gone_cells = [list(terr.pos[i]) for i in slots]
        self.reps[p] = [c for c in self.reps[p] if c not in gone_cells]
        for gone in sorted(slots, reverse=True):
            self.removed += [terr.tiles[gone], *terr.under[gone]]
            terr.remove(gone)

            def shift(xs: list[int], gone: int = gone) -> list[int]:
                return [i if i < gone else i - 1 for i in xs if i != gone]

            self.near, self.activated = shift(self.near), shift(self.activated)
            if self.gain_slot > gone:
                self.gain_slot -= 1
            self.remove_left -= 1
        if self.remove_left <= 0:
            self.remove_left = 0
            self._after_effects(p, self.after_gain)

    def _end_turn(self) -> None:
        """The turn ends; with chronicle 11 the blueprint step comes first (HG-RU 450)."""
        if 11 in self.ch and not self.planned and self.cur >= 0 and \
                self._plan_moves(self.cur, first=True):
            self.phase = P_PLAN
            return
        self._compress()
        self._after_turn()

    def _after_turn(self) -> None:
        if self.comp.settings.worlds_end_rule == "after_passed" and self._we_passed():
            self._end_game()
            return
        self.phase = P_TAKE
        self._advance()

    # -- scoring -------------------------------------------------------------------------

    def castle_scotsmen(self, p: int) -> int:
        """Scotsmen in the home castle (a place built over it still is the castle,
        HG-RU 514) and on historic places that count as it (New Fort George, HG-RU 536)."""
        terr = self.terr[p]
        slot = terr.cells.get(HOME_CASTLE)
        n = terr.scots[slot] if slot is not None else 0
        historic = self.comp.historic
        return n + sum(terr.scots[i] for i, t in enumerate(terr.tiles)
                       if i != slot and t in historic and historic[t].castle)

    def category_counts(self) -> dict[str, list[int]]:
        n = range(self.seats)
        return {
            "castle": [self.castle_scotsmen(p) for p in n],
            "landmarks": [len(self.cards[p]) for p in n],
            "whisky": list(self.whisky),
            "personalities": [len(self.personalities[p]) for p in n],
            **({"fame": list(self.fame)} if 10 in self.ch else {}),
        }

    def _start_scoring(self, number: int, final: bool) -> None:
        """A scoring round; with chronicle 9 a secret bidding phase comes first."""
        if 9 in self.ch:
            self.pending = [number, 1 if final else 0]
            self.bids = [None] * self.seats
            self.phase, self.cur = P_BID, -1
            return
        self._scoring(number)
        self._after_scoring(final)

    def _after_scoring(self, final: bool) -> None:
        if final:
            self._final()
        else:
            self.phase = P_TAKE
            self._advance()

    def _reveal_feasts(self) -> None:
        """HG-RU 206-216: stage by stage every player reveals the next bid; a feast that
        holds a marker from an earlier stage is closed; who can pay (no market) must pay
        and puts a marker on it; several players may share a feast in one stage."""
        n = self.seats
        self.feast_markers = {}
        self.reveal = []
        # option feast_closed: "marker" closes a feast that got a marker at an earlier
        # stage (the example, HG-RU 210); "chosen" one that anyone bid on earlier, paid or
        # not («которые никем не были выбраны на предыдущем этапе», HG-RU 206)
        by_bid = self.options.get("feast_closed", "marker") == "chosen"
        chosen: set[int] = set()
        stages = max(len(b or []) for b in self.bids)
        for k in range(stages):
            placed: list[tuple[int, int]] = []
            for p in range(n):
                bids = self.bids[p] or []
                if len(bids) <= k:
                    continue
                spot = bids[k]
                open_ = spot not in chosen if by_bid else not self.feast_markers.get(spot)
                # a marker is needed: an extra one, then one of the clan markers
                held = sum(p in seats for seats in self.feast_markers.values())
                spare = held < self.extra_markers or self.markers[p] > 0
                paid = open_ and spare and self._pay_feast(p, self.feast_row[spot - 1])
                if paid:
                    placed.append((spot, p))
                    if held >= self.extra_markers:
                        self.markers[p] -= 1
                self.reveal.append({"stage": k + 1, "seat": p, "feast": spot,
                                    "open": open_, "paid": paid})
            for spot, p in placed:
                self.feast_markers.setdefault(spot, []).append(p)
            chosen |= {b[k] for b in self.bids if b and len(b) > k}
        number, final = self.pending
        self._scoring(number)
        self._refill_feasts()
        self.bids = [None] * n
        self.pending = []
        self._after_scoring(bool(final))

    def feast_need(self, p: int, feast: int) -> Need:
        """A feast's cost for ``p``: resource symbols of an ignored kind drop (MacDonell,
        MacLaine); "any resource" symbols stay (HG-RU 240-246)."""
        alts = self.comp.costs_of_feast(feast)
        need = alts[0] if alts else Need()
        if not self.ignored[p] and not need.fame:
            return need  # the Need below would equal it
        fixed = tuple(0 if k in self.ignored[p] else c for k, c in enumerate(need.fixed))
        return Need(fixed, need.any, need.distinct, need.coins, need.whisky)  # type: ignore[arg-type]

    def _pay_feast(self, p: int, feast: int) -> bool:
        """Pay from the tiles, never the market; Innes may put 1 whisky for 1 resource
        once per payment (HG-RU 238). The units are taken automatically: the kind held
        most, from the fullest tile."""
        if self.solo and p == ALLEN:
            return allenarly_score.pay_feast(self, feast)
        need = self.feast_need(p, feast)
        terr = self.terr[p]
        have = terr.have()
        # Innes: «Всякий раз, оплачивая стоимость пиршества, вы можете потратить 1 [whisky]
        # вместо 1 ресурса» — one substitute per payment
        whisky = min(1, self.whisky[p] - need.whisky) if "feast_whisky" in self.rules[p] else 0
        if need.coins > self.coins[p] or need.whisky > self.whisky[p]:
            return False
        short = sum(max(0, need.fixed[k] - have[k]) for k in range(5))
        rest = [have[k] - min(have[k], need.fixed[k]) for k in range(5)]
        free = sum(rest)
        kinds = sum(1 for v in rest if v)
        distinct_short = max(0, need.distinct - kinds)
        any_short = max(0, need.any - (free - min(need.distinct, kinds)))
        if short + distinct_short + any_short > max(whisky, 0):
            return False
        self.coins[p] -= need.coins
        self.whisky[p] -= need.whisky + short + distinct_short + any_short

        def take(k: int) -> None:
            slot = max(range(len(terr)), key=lambda i: terr.res[i][k])
            terr.res[slot][k] -= 1

        for k in range(5):
            for _ in range(min(have[k], need.fixed[k])):
                take(k)
        used: set[int] = set()
        for _ in range(min(need.distinct, kinds)):
            h = terr.have()
            k = max((k for k in range(5) if k not in used and h[k]), key=lambda k: h[k])
            used.add(k)
            take(k)
        for _ in range(need.any - any_short):
            h = terr.have()
            take(max(range(5), key=lambda k: h[k]))
        return True

    def _refill_feasts(self) -> None:
        """HG-RU 230-232: every feast with a marker is discarded first; then the empty
        places are filled from the deck, the discards (those just made among them)
        reshuffled into a new deck when it runs out; markers and bid tokens go back."""
        for p in range(self.seats):  # clan markers taken for feasts go back
            held = sum(p in seats for seats in self.feast_markers.values())
            self.markers[p] += max(0, held - self.extra_markers)
        used = [spot for spot in sorted(self.feast_markers) if self.feast_markers[spot]]
        for spot in used:
            self.feast_discard.append(self.feast_row[spot - 1])
        for spot in used:
            if not self.feast_deck:
                self.feast_deck, self.feast_discard = sorted(self.feast_discard), []
            pick = self.feast_deck.pop(self.rng.randrange(len(self.feast_deck)))
            self.feast_row[spot - 1] = pick
        self.feast_markers = {}

    def feast_bonus(self, p: int) -> dict[str, int]:
        """Extra counts per category from the feasts ``p`` holds a marker on."""
        out: dict[str, int] = {}
        for spot, seats in self.feast_markers.items():
            if p in seats:
                row = self.comp.feasts[self.feast_row[spot - 1]]
                for opt in row.effect.options:
                    for g in opt.gains:
                        if isinstance(g, Modify):
                            out[g.category] = out.get(g.category, 0) + g.amount
        return out

    def _scoring(self, number: int) -> None:
        """Spec 14.3: each category against the lowest count, by the pack's table (with
        chronicle 9: the feasts' extra counts and the alternative board, HG-RU 216-218)."""
        fame_won = self._scoring_start() if 10 in self.ch else []
        cats = self.category_counts()
        plain = {c: [interpret.scoring_vp(self.facts, v - min(vs), 9 in self.ch)
                     for v in vs] for c, vs in cats.items()}  # before feasts and modifiers
        for p in range(self.seats):  # chronicle 10's scoring modifiers (HG-RU 344)
            for cat, extra in self.modifiers[p]:
                if cat in cats:
                    cats[cat][p] += extra
        alt = 9 in self.ch
        if alt:
            for p in range(self.seats):
                for cat, extra in self.feast_bonus(p).items():
                    if cat in cats:
                        cats[cat][p] += extra
        vp = [0] * self.seats
        for values in cats.values():
            low = min(values)
            for p, v in enumerate(values):
                vp[p] += interpret.scoring_vp(self.facts, v - low, alt)
        for p in range(self.seats):
            self.vp[p] += vp[p]
        record: dict[str, Any] = {"round": number, **cats, "vp": vp}
        if alt:
            record["feasts"] = {str(k): list(v) for k, v in sorted(self.feast_markers.items())}
        if 10 in self.ch:
            record["fame_won"] = fame_won
            record["modifiers"] = [[list(m) for m in ms] for ms in self.modifiers]
            self._scoring_end()
        self.scorings.append(record)
        if self.solo:
            allenarly_score.after_scoring(self, number, plain)

    def territory_size(self, p: int) -> int:
        if self.solo and p == ALLEN:
            return allenarly_score.size(self)
        return len(self.terr[p])

    def _end_game(self) -> None:
        """Spec 14.1: the game ends with the 4th scoring round, then :meth:`_final`."""
        self._start_scoring(len(self.scorings) + 1, final=True)

    def _final(self) -> None:
        """Spec 15.2-15.3: coins, end-of-game landmark cards and the territory penalty."""
        n = self.seats
        before = list(self.vp)
        cards_vp = [0] * n
        for p in range(n):
            mark = self.vp[p]
            if self.solo and p == ALLEN:  # she ignores her cards' effects (HG-RU 758)
                continue
            for cid in self.cards[p]:
                card = self.comp.cards[cid]
                if card.timing == "final":
                    interpret.resolve_once(self, p, card.effect, -1)
            cards_vp[p] = self.vp[p] - mark
        sizes = [self.territory_size(p) for p in range(n)]
        low = min(sizes)
        per = self.comp.settings.territory_penalty
        penalty = [-per * (s - low) for s in sizes]
        coins = list(self.coins)
        # chronicle 11: VP lost per historic place taken but not built (HG-RU 506)
        unbuilt = [-self.comp.settings.unbuilt_historic_penalty * len(self.blueprints[p])
                   for p in range(n)]
        for p in range(n):
            self.vp[p] += coins[p] + penalty[p] + unbuilt[p]
        stones = allenarly_score.stone_vp(self) if self.solo else 0
        if self.solo:  # HG-RU 844-846: her stones at her start tile's rate
            self.vp[ALLEN] += stones
        self.final = {"before": before, "cards": cards_vp, "coins": coins, "tiles": sizes,
                      "penalty": penalty, "resources": [sum(t.have()) for t in self.terr],
                      "total": list(self.vp)}
        if 11 in self.ch:
            self.final["unbuilt_historic"] = unbuilt
        if self.solo:
            self.final["allenarly_stones"] = stones
        self.phase = P_OVER
        self.cur = -1

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp[:self.num_players]]

    def winners(self) -> list[int]:
        if self.phase != P_OVER:
            return []
        if self.solo:  # HG-RU 850: on a tie you win
            return [0] if self.vp[0] >= self.vp[ALLEN] else []
        best = max(self.vp)
        tied = [p for p in range(self.seats) if self.vp[p] == best]
        if len(tied) > 1 and self.comp.settings.tie_break == "resources":
            res = {p: sum(self.terr[p].have()) for p in tied}
            most = max(res.values())
            tied = [p for p in tied if res[p] == most]
        return tied

    # -- information ---------------------------------------------------------------------

    def observation(self, player: int | None) -> dict[str, Any]:

        return observation(self, player)

    def public_viewers(self, move: Move, player: int) -> list[int]:
        """Every move is public but a secret bid (chronicle 9), which only its maker reads
        (it is revealed stage by stage in the scoring record); the stacks' order is never
        stored (each draw is a chance event)."""
        if isinstance(move, GMove) and move.op == BID:
            return []
        return [-1, *range(self.num_players)]

    def determinize(self, player: int, rng: Rng) -> State:
        """Future chance re-seeded; other players' committed secret bids re-dealt."""
        clone = self.clone()
        clone.rng = rng.fork()
        if self.phase == P_BID:
            for q in range(self.num_players):
                if q != player and clone.bids[q] is not None:
                    clone.bids[q] = None
                    options = clone._bid_moves(q)
                    pick = options[clone.rng.randrange(len(options))]
                    assert isinstance(pick, GMove)
                    clone.bids[q] = bid_list(pick)
        return clone

    def render(self, player: int | None = None, *, lang: str = "en") -> str:

        return render(self, player, lang=lang)

    def describe_move(self, move: Move, player: int, viewer: int | None,
                      names: Sequence[str] | None = None, lang: str = "en") -> str:
        if isinstance(move, GMove) and move.op == ALLENARLY:  # her decision, in words

            return describe_allenarly(self, move, lang)

        text = describe_move(self, move, player, viewer, names, lang)
        if self.solo:  # then Allenarly's turn (or bid draws) at once, in words

            text = before_first(self, lang) + text
            text += after_move(self, move if isinstance(move, GMove) else parse(str(move)),
                               player, lang)
        return text

    def result_explanation(self, viewer: int | None, names: Sequence[str] | None = None,
                           lang: str = "en") -> dict[str, Any] | None:
        if not self.is_terminal():
            return None

        return result_explanation(self, viewer, names, lang)  # solo: Allenarly beside you

    def view_words(self, viewer: int | None, lang: str = "en") -> dict[str, Any] | None:
        """The names and effects the web page shows, in words of ``lang`` (all public)."""

        return glossary(self, lang)

    def explain_illegal(self, move: Move, player: int) -> str:
        """Why a well-formed move is not legal now, in the game's terms."""
        ph = PHASES[self.phase]
        if not isinstance(move, GMove):
            return f"{move} is not a Glen More II move"
        comp, op = self.comp, move.op
        wrong_step = f"{move} is not possible at the {ph} step"
        if op in (TAKE, PASS) and self.phase == P_TAKE:
            tile = comp.index.get(move.name, -1)
            if tile < 0:
                return f"there is no tile {move.name} in pack {comp.name!r}"
            if tile not in self.track[1:]:
                return f"{move.name} is not ahead of your Scotsman on the rondel"
            if comp.tiles[tile].kind == "worlds_end":
                return "World's End cannot be taken; move past it to another tile"
            if op == PASS:
                return f"you can take a tile, so you may not pass ({move.name})"
            if not self.takeable(player, tile):
                row = comp.tiles[tile]
                if row.kind != "personality" and not self.places(player, tile):
                    return f"{move.name} fits nowhere in your territory"
                return f"you cannot pay {move.name}'s cost ({row.cost})"
            return f"{move.name} has cost alternatives {self.takeable(player, tile)}"
        if op == PLACE and self.phase == P_PLACE:
            return (f"{move.name or 'the tile'} cannot go on {move.a}: it must touch a tile "
                    f"with one of your Scotsmen" + (" and cover one of your tiles of its kind"
                                                    if comp.tiles[self.tile].rebuild else
                                                    " on an empty square"))
        if op == ACT and self.phase == P_ACT:
            terr = self.terr[player]
            slot = terr.cells.get((move.a.x, move.a.y))
            if slot is None:
                return f"you have no tile on {move.a}"
            if slot in self.activated:
                return f"the tile on {move.a} was already activated this turn"
            if slot not in self.near and not self.extra_one:
                return f"the tile on {move.a} is not the new tile or one of its neighbours"
            return f"the tile on {move.a} cannot be activated that way (input, capacity)"
        if op == REMOVE and self.phase == P_REMOVE:
            terr = self.terr[player]
            slot = terr.cells.get((move.a.x, move.a.y))
            at = f"{move.a.x},{move.a.y}"
            if slot is None:
                return say(TERRITORY_ERRORS, "no_tile", at=at)
            if not self._keeps_whole(player, {slot}):
                return say(TERRITORY_ERRORS, "split", at=at)
            if any(comp.tiles[t].stack == "home" for t in (terr.tiles[slot], *terr.under[slot])):
                return say(TERRITORY_ERRORS, "home", at=at)
        if op == BID and self.phase == P_BID:
            return "you have already bid" if self.bids[player] is not None else \
                "a bid names up to 3 different feast positions 1-5 (Cameron: 5)"
        return wrong_step

    # -- copying and JSON ----------------------------------------------------------------

    def clone(self) -> GlenMore2State:
        # field by field (not a __dict__ copy): the class may be compiled (setup.py), and
        # a compiled instance has no __dict__; a field added to __init__ or _reset_turn
        # must be added here too (test_compiled_gm2 compares clones' JSON and moves)
        s = GlenMore2State(self.game, self.num_players, self.seed, self.options, blank=True)
        s.auto_chance = self.auto_chance
        s.rng = self.rng.copy()
        s.history = list(self.history)
        # shared: read-only during the game
        s.comp, s.comp_prices, s.pay_prices = self.comp, self.comp_prices, self.pay_prices
        s.facts = self.facts
        s.ch, s.start_tiles = self.ch, self.start_tiles
        # numbers, flags and immutable values
        s.solo, s.seats, s.use_die = self.solo, self.seats, self.use_die
        s.d_size, s.d_drawn, s.we_drawn = self.d_size, self.d_drawn, self.we_drawn
        s.last_paid, s.central_return = self.last_paid, self.central_return
        s.extra_markers, s.phase, s.cur = self.extra_markers, self.phase, self.cur
        s.final = self.final
        s.tile, s.alt, s.cell = self.tile, self.alt, self.cell
        s.owed_any, s.owed_distinct, s.used = self.owed_any, self.owed_distinct, self.used
        s.debt_slot, s.debt_option, s.mp = self.debt_slot, self.debt_option, self.mp
        s.gain_left, s.gain_slot, s.extra_one = self.gain_left, self.gain_slot, self.extra_one
        s.after_gain, s.from_discard = self.after_gain, self.from_discard
        s.remove_left, s.planned, s.building = self.remove_left, self.planned, self.building
        s.clan_pending, s.clan_return = self.clan_pending, self.clan_return
        s.clan_free, s.castle_move = self.clan_free, self.castle_move
        s.scots_to_place, s.scot_return = self.scots_to_place, self.scot_return
        s.rep_slot, s.new_slot, s.new_rebuild = self.rep_slot, self.new_slot, self.new_rebuild
        s.choose_tile = self.choose_tile
        # containers: copied as deep as the rules change them
        s.track = list(self.track)
        s.stacks = {k: list(v) for k, v in self.stacks.items()}
        s.discarded = list(self.discarded)
        s.removed = list(self.removed)
        s.market, s.coins, s.vp = list(self.market), list(self.coins), list(self.vp)
        s.whisky, s.fame, s.markers = list(self.whisky), list(self.fame), list(self.markers)
        s.owed, s.near, s.activated = list(self.owed), list(self.near), list(self.activated)
        s.scorings = list(self.scorings)
        s.terr = [t.clone() for t in self.terr]
        s.personalities = [list(x) for x in self.personalities]
        s.cards = [list(x) for x in self.cards]
        s.clan = {k: list(v) for k, v in self.clan.items()}
        s.feast_row, s.feast_deck = list(self.feast_row), list(self.feast_deck)
        s.feast_discard = list(self.feast_discard)
        s.bids = [None if b is None else list(b) for b in self.bids]
        s.feast_markers = {k: list(v) for k, v in self.feast_markers.items()}
        s.reveal = list(self.reveal)
        s.rules = [list(r) for r in self.rules]
        s.ignored = [list(r) for r in self.ignored]
        s.pending = list(self.pending)
        s.blueprints = [[{**c, "paid": list(c["paid"])} for c in cs] for cs in self.blueprints]
        s.rank = [list(r) for r in self.rank]
        s.reps = [[list(c) for c in cs] for cs in self.reps]
        s.modifiers = [[list(m) for m in ms] for ms in self.modifiers]
        s.central = dict(self.central)
        s.central_offers = list(self.central_offers)
        s.reached = list(self.reached)
        s.trained = [list(c) for c in self.trained]
        s.allen = self.allen.clone() if self.allen is not None else None
        return s

    def _to_json(self) -> Any:

        return to_json(self)

    def move_to_action(self, move: Move) -> int:

        if isinstance(move, str):
            move = parse(move)
        assert isinstance(move, GMove)
        return move_to_action(self, move)

    def action_to_move(self, action: int) -> Move:

        return action_to_move(self, action)

    def observation_tensor(self, player: int) -> list[float]:

        return observation_tensor(self, player)

    def check_consistency(self) -> None:

        check(self)


__all__ = ["CATEGORIES", "PHASES", "GlenMore2State"]
