"""The Isle of Skye state machine: setup, the six phases of each round, end scoring."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

import clanboard.games.isle_of_skye.encoding as encoding
import clanboard.games.isle_of_skye.scoring as scoring
from clanboard.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalMove,
    InvalidState,
    Move,
    Plural,
    Rng,
    State,
    Text,
    say,
)
from clanboard.core.game import PLAYOUT_MOVE_LIMIT
from clanboard.games.isle_of_skye.constants import CASTLE_INCOME, PHASES
from clanboard.games.isle_of_skye.describe import MESSAGES as DESCRIBE_WORDS
from clanboard.games.isle_of_skye.describe import (
    describe_move,
    result_explanation,
    tile_names,
)
from clanboard.games.isle_of_skye.moves import (
    PASS,
    Buy,
    Deal,
    Discard,
    Draw,
    Offer,
    Pass,
    Place,
    Price,
    Return,
    buy,
    discard,
    draw,
    parse,
    price,
)
from clanboard.games.isle_of_skye.observe import observation
from clanboard.games.isle_of_skye.render import render
from clanboard.games.isle_of_skye.territory import Territory, cell_of, edge_code, fitting
from clanboard.games.isle_of_skye.tiles import (
    LETTERS,
    Tile,
    castles,
    landscape_tiles,
    round_track,
    scoring_tiles,
)

_CHANCE_PHASES: Final = ("deal", "draw")
#: prices the resampled commits of determinize() stay within (any legal commit is consistent)
RESAMPLE_PRICE_CAP: Final = 10


def rules_of(options: dict[str, Any]) -> scoring.Rules:
    return scoring.Rules(
        castle_on_roads=options["s14_castle_counts"],
        animals_once=options["s09_animals_once"],
        vertical_runs=options["s13_runs"],
        castle_whisky=options["castle_is_whisky"],
    )

ERRORS = {
    "chance": "{move} is a chance outcome; no player can choose it",
    "price_phase": "{move}: prices are set only in the pricing phase; now is the {phase} phase",
    "committed": "player {player} has already committed a discard and two prices",
    "discards": "player {player} already discards {tile}",
    "not_drawn": "{tile} is not one of player {player}'s drawn tiles ({drawn})",
    "discard_first": "choose the tile to discard first ({example}), then the two prices",
    "price_order": "the next tile to price is {tile} (tiles are priced in draw order)",
    "price_min": "a price is at least 1 gold (R-5.2)",
    "price_max": "a price of {amount} is more than player {player} can pay: {gold} gold left, "
                 "{more} more tile to price (max {top})",
    "buy_phase": "{move}: buying happens in the buy phase; now is the {phase} phase",
    "pass": "pass is not possible now",
    "not_offered": "{tile} is not offered this round",
    "bought": "{tile} was already bought by player {player}",
    "own": "a player never buys their own tile ({tile}) (R-7.1)",
    "afford": Plural("{tile} costs {price} gold but player {player} has only {gold} unreserved "
                     "gold (R-7.2)",
                     "{tile} costs {price} gold but player {player} has only {gold} unreserved "
                     "gold (R-7.2)", "price"),
    "build_phase": "{move}: tiles are built in the build phase; now is the {phase} phase",
    "not_pending": "{tile} is not a tile player {player} has to build (pending: {have})",
    "none": "none",
    "misfit": "{tile} cannot go at {at}: {why}",
    "placeable": "{tile} can still be placed; only an unplaceable tile returns (R-8.5)",
    "others_first": "place every other tile that can be placed before returning one "
                    "(R-8.5; option return_only_when_stuck)",
    "not_legal": "{move} is not a legal move now",
    "offer_phase": "an offer is made only while pricing; now is the {phase} phase",
    "started": "player {player} has already started pricing; continue with single sub-moves",
    "offer": "an offer discards one drawn tile and prices the other two; player {player} "
             "drew {drawn}",
}
"""Why a move is refused (English message ids; see :class:`clanboard.core.Text`)."""

PHASE_WORDS = ("deal", "draw", "price", "buy", "build", "over")
"""The phases' names, which the reasons above name (translated as terms)."""



@mypyc_attr(allow_interpreted_subclasses=True)
class SkyeState(State):
    """One position. Gold in ``gold`` is each player's unreserved gold; coins reserved
    as prices sit in ``prices`` until sold (back to the seller) or unsold (to the bank)."""

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        n = num_players
        self.tiles: dict[str, Tile] = landscape_tiles(options["tile_reading"])
        self.rules = rules_of(options)
        self.track = round_track(n)
        self.rounds = len(self.track)
        self.round = 0
        self.phase = "deal"
        self.start = 0
        self.scoring: list[str] = []
        self.bag: list[str] = sorted(self.tiles)
        self.vp = [0] * n
        self.gold = [0] * n
        castle_tiles = list(castles().values())
        self.territories = [Territory(castle_tiles[i]) for i in range(n)]
        self.placed: list[list[tuple[str, int, int, int]]] = [[] for _ in range(n)]
        self.drawn: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[str | None] = [None] * n
        self.prices: list[dict[str, int]] = [{} for _ in range(n)]
        self.bought_by: dict[str, int] = {}
        self.turn = 0  # index into the seat order of the buy / build phase
        self.pending: list[list[str]] = [[] for _ in range(n)]
        self.income = [0] * n
        self.round_points: list[dict[str, list[int]]] = []  # per scored round: sid -> VP
        self.final: dict[str, list[int]] = {}

    # -- helpers -----------------------------------------------------------------------

    def order(self) -> list[int]:
        """Seats from the start player clockwise (R-7.0)."""
        n = self.num_players
        return [(self.start + k) % n for k in range(n)]

    def _seat_at(self, k: int) -> int:
        """``order()[k]``."""
        return (self.start + k) % self.num_players

    def kept(self, seat: int) -> list[str]:
        """The seat's drawn tiles other than the discarded one, in draw order."""
        return [t for t in self.drawn[seat] if t != self.discard[seat]]

    def committed(self, seat: int) -> bool:
        return self.discard[seat] is not None and len(self.prices[seat]) == 2

    def builder(self) -> int:
        """The seat building now: the next in turn order with tiles left (-1: none)."""
        n, start, pending = self.num_players, self.start, self.pending
        for k in range(self.turn, n):
            seat = (start + k) % n
            if pending[seat]:
                return seat
        return -1

    def letters_now(self) -> tuple[str, ...]:
        return self.track[self.round - 1].letters if 1 <= self.round <= self.rounds else ()

    def total_gold(self, seat: int) -> int:
        """Unreserved gold plus gold reserved on the seat's unsold offers."""
        return self.gold[seat] + sum(
            p for t, p in self.prices[seat].items() if t not in self.bought_by
        )

    # -- whose turn ----------------------------------------------------------------------

    def current_player(self) -> int:
        ph = self.phase
        if ph in ("deal", "draw"):
            return CHANCE
        if ph == "price":
            return SIMULTANEOUS
        if ph == "buy":
            return (self.start + self.turn) % self.num_players
        if ph == "build":
            return self.builder()
        return TERMINAL

    def players_to_move(self) -> list[int]:
        if self.phase == "price":
            return [p for p in range(self.num_players) if not self.committed(p)]
        seat = self.current_player()  # as State.players_to_move, without its Python call
        return [seat] if seat >= 0 else []

    # -- moves -----------------------------------------------------------------------------

    def legal_moves(self, player: int | None = None) -> list[Any]:
        ph = self.phase
        if ph == "deal":
            return [Deal(s) for s in sorted(scoring_tiles()) if s not in self.scoring]
        if ph == "draw":
            return [draw(t) for t in self.bag]
        cur = self.current_player()
        if ph == "price":
            if player is None or self.committed(player):
                return []
            return self._pricing_moves(player)
        p = cur if player is None else player
        if p != cur or cur < 0:
            return []
        if ph == "buy":
            moves: list[Any] = [
                buy(t)
                for q in range(self.num_players) if q != p
                for t, price in self.prices[q].items()
                if t not in self.bought_by and price <= self.gold[p]
            ]
            moves.sort(key=str)
            return [*moves, PASS]
        if ph == "build":
            return self._build_moves(p)
        return []

    def _pricing_moves(self, p: int) -> list[Any]:
        if self.discard[p] is None:
            return [discard(t) for t in self.drawn[p]]
        kept = self.kept(p)
        todo = [t for t in kept if t not in self.prices[p]]
        tile = todo[0]
        top = self.gold[p] - (len(todo) - 1)
        return [price(tile, a) for a in range(1, top + 1)]

    def _build_moves(self, p: int) -> list[Any]:
        terr = self.territories[p]
        moves: list[Any] = []
        stuck = []
        squares, demands = terr.slots()
        for t in self.pending[p]:
            code = edge_code(self.tiles[t].edges)
            found = len(moves)
            for i in range(len(squares)):  # as terr.placements(tile), straight to moves
                rots = fitting(code, demands[i])
                if rots:
                    moves += _places(t, squares[i], rots)
            if len(moves) == found:
                stuck.append(t)
        if stuck and (not moves or not self.options["return_only_when_stuck"]):
            moves.extend(Return(t) for t in stuck)
        return moves

    def _chosen_move(self, p: int, r: int) -> Any:
        """``legal_moves(p)[r % len(legal_moves(p))]``, without making the lists of
        placements and prices (a random playout's choice: count, then pick)."""
        if self.phase == "price" and self.discard[p] is not None:
            todo = [t for t in self.kept(p) if t not in self.prices[p]]
            return price(todo[0], 1 + r % (self.gold[p] - (len(todo) - 1)))
        if self.phase != "build":
            legal = self.legal_moves(p)
            return legal[r % len(legal)]
        squares, demands = self.territories[p].slots()
        pending = self.pending[p]
        codes = [edge_code(self.tiles[t].edges) for t in pending]
        counts = []  # as _build_moves: per pending tile, its placements in slot order
        for code in codes:
            c = 0
            for need in demands:
                c += len(fitting(code, need))
            counts.append(c)
        total = sum(counts)
        stuck = [t for t, c in zip(pending, counts, strict=True) if not c]
        if stuck and total and self.options["return_only_when_stuck"]:
            stuck = []
        k = r % (total + len(stuck))
        if k >= total:
            return Return(stuck[k - total])
        for j, c in enumerate(counts):
            if k >= c:
                k -= c
                continue
            for i in range(len(squares)):
                rots = fitting(codes[j], demands[i])
                if k < len(rots):
                    x, y = cell_of(squares[i])  # not from _places: a playout's cells are
                    return Place(pending[j], x, y, rots[k])  # many, and it would only grow
                k -= len(rots)
        raise AssertionError("the count of placements changed while picking")

    def parse_move(self, text: str, player: int | None = None) -> Any:
        return parse(text)

    def apply(self, move: Any, player: int | None = None) -> None:
        """As :meth:`State.apply`; also takes a whole pricing commit (``offer ...``),
        checked in full and then played as its three sub-moves."""
        if isinstance(move, str):
            actor = self._actor(player)
            move = self.parse_move(move, actor)
        if not isinstance(move, Offer):
            super().apply(move, player)
            return
        actor = self._actor(player)
        if self.phase != "price":
            raise IllegalMove(say(ERRORS, "offer_phase", phase=Text(self.phase)))
        if self.discard[actor] is not None:
            raise IllegalMove(
                say(ERRORS, "started", player=actor + 1),
                [str(m) for m in self.legal_moves(actor)],
            )
        trial = self.clone()
        trial.auto_chance = False
        if {t for t, _ in move.prices} != set(self.drawn[actor]) - {move.discard}:
            raise IllegalMove(say(ERRORS, "offer", player=actor + 1,
                                  drawn=", ".join(self.drawn[actor])))
        # price the tiles in draw order, as the sub-moves require
        prices = dict(move.prices)
        parts = [Discard(move.discard)] + [
            Price(t, prices[t]) for t in self.drawn[actor] if t != move.discard
        ]
        for part in parts:
            if part not in trial.legal_moves(actor):
                raise IllegalMove(
                    trial.explain_illegal(part, actor), [str(m) for m in trial.legal_moves(actor)]
                )
            trial.apply_trusted(part, actor)
        for part in parts:
            self.apply_trusted(part, actor)

    def explain_illegal(self, move: Any, player: int) -> str:
        ph = Text(self.phase)
        n = self.num_players
        e = ERRORS
        if isinstance(move, (Deal, Draw)):
            return say(e, "chance", move=str(move))
        if isinstance(move, (Discard, Price)):
            if self.phase != "price":
                return say(e, "price_phase", move=str(move), phase=ph)
            if self.committed(player):
                return say(e, "committed", player=player + 1)
            if isinstance(move, Discard):
                if self.discard[player] is not None:
                    return say(e, "discards", player=player + 1, tile=self.discard[player])
                return say(e, "not_drawn", tile=move.tile, player=player + 1,
                           drawn=", ".join(self.drawn[player]))
            if self.discard[player] is None:
                return say(e, "discard_first", example="discard Lxx")
            todo = [t for t in self.kept(player) if t not in self.prices[player]]
            if move.tile != todo[0]:
                return say(e, "price_order", tile=todo[0])
            top = self.gold[player] - (len(todo) - 1)
            if move.amount < 1:
                return say(e, "price_min")
            return say(e, "price_max", amount=move.amount, player=player + 1,
                       gold=self.gold[player], more=len(todo) - 1, top=top)
        if isinstance(move, (Buy, Pass)):
            if self.phase != "buy":
                return say(e, "buy_phase", move=str(move), phase=ph)
            if isinstance(move, Pass):
                return say(e, "pass")
            owner = next((q for q in range(n) if move.tile in self.prices[q]), None)
            if owner is None:
                return say(e, "not_offered", tile=move.tile)
            if move.tile in self.bought_by:
                return say(e, "bought", tile=move.tile, player=self.bought_by[move.tile] + 1)
            if owner == player:
                return say(e, "own", tile=move.tile)
            price = self.prices[owner][move.tile]
            return say(e, "afford", tile=move.tile, price=price, player=player + 1,
                       gold=self.gold[player])
        if isinstance(move, (Place, Return)):
            if self.phase != "build":
                return say(e, "build_phase", move=str(move), phase=ph)
            if move.tile not in self.pending[player]:
                have = ", ".join(self.pending[player]) or Text("none")
                return say(e, "not_pending", tile=move.tile, player=player + 1, have=have)
            tile = self.tiles[move.tile]
            terr = self.territories[player]
            if isinstance(move, Place):
                why = terr.mismatch(tile, (move.x, move.y), move.rot)
                return say(e, "misfit", tile=move.tile, at=f"{move.x},{move.y} r{move.rot}",
                           why=why)
            if terr.can_place(tile):
                return say(e, "placeable", tile=move.tile)
            return say(e, "others_first")
        return say(e, "not_legal", move=str(move))

    # -- applying -------------------------------------------------------------------------

    def _apply(self, move: Any, player: int) -> None:
        if isinstance(move, Draw):
            seat = next(p for p in self.order() if len(self.drawn[p]) < 3)
            self.bag.remove(move.tile)
            self.drawn[seat].append(move.tile)
            if all(len(d) == 3 for d in self.drawn):
                self.phase = "price"
        elif isinstance(move, Deal):
            self.scoring.append(move.scoring)
            if len(self.scoring) == 4:
                self._begin_round()
        elif isinstance(move, Discard):
            self.discard[player] = move.tile
        elif isinstance(move, Price):
            self.prices[player][move.tile] = move.amount
            self.gold[player] -= move.amount
            if all(self.committed(p) for p in range(self.num_players)):
                self._reveal()
        elif isinstance(move, Buy):
            owner = next(q for q in range(self.num_players) if move.tile in self.prices[q])
            price = self.prices[owner][move.tile]
            self.gold[player] -= price
            self.gold[owner] += 2 * price  # the payment and the reserved coins
            self.bought_by[move.tile] = player
            self.pending[player].append(move.tile)
            self._next_buyer()
        elif isinstance(move, Pass):
            self._next_buyer()
        elif isinstance(move, Place):
            self.pending[player].remove(move.tile)
            self.territories[player].place(self.tiles[move.tile], (move.x, move.y), move.rot)
            self.placed[player].append((move.tile, move.x, move.y, move.rot))
            self._after_build()
        elif isinstance(move, Return):
            self.pending[player].remove(move.tile)
            self._to_bag(move.tile)
            self._after_build()
        else:
            raise IllegalMove(f"{move!r} cannot be applied")

    def _to_bag(self, tile: str) -> None:
        self.bag.append(tile)
        self.bag.sort()

    def _begin_round(self) -> None:
        """Phase 1, income (R-4), then phase 2 starts with the draws."""
        self.round += 1
        n = self.num_players
        catchup = self.track[self.round - 1].catchup
        vp = list(self.vp)
        for p in range(n):
            terr = self.territories[p]
            whisky = sum(
                1 for c in terr.road_connected()
                if terr.cells[c][0].count("whisky") and not terr.cells[c][0].castle
            )
            ahead = sum(1 for q in range(n) if vp[q] > vp[p])
            self.income[p] = CASTLE_INCOME + whisky + catchup * ahead
            self.gold[p] += self.income[p]
        self.drawn = [[] for _ in range(n)]
        self.discard = [None] * n
        self.prices = [{} for _ in range(n)]
        self.bought_by = {}
        self.phase = "draw"

    def _reveal(self) -> None:
        """Screens up (R-5.4); discarded tiles go back into the bag (R-6.1)."""
        for d in self.discard:
            assert d is not None
            self._to_bag(d)
        self.phase = "buy"
        self.turn = 0

    def _next_buyer(self) -> None:
        self.turn += 1
        if self.turn < self.num_players:
            return
        for q in range(self.num_players):  # unsold tiles stay; their prices go to the bank
            self.pending[q].extend(t for t in self.prices[q] if t not in self.bought_by)
            self.pending[q].sort()
        self.phase = "build"
        self.turn = 0
        self._after_build()

    def _after_build(self) -> None:
        seat = self.builder()
        if seat >= 0:
            self.turn = self.order().index(seat)
            return
        self._score_round()

    def _score_round(self) -> None:
        """Phase 6 (R-9): score the active letters on the post-build state."""
        points: dict[str, list[int]] = {}
        for letter in self.letters_now():
            sid = self.scoring[LETTERS.index(letter)]
            points[sid] = scoring.score_tile(sid, self.territories, self.gold, self.rules)
        for vps in points.values():
            for p, v in enumerate(vps):
                self.vp[p] += v
        self.round_points.append(points)
        if self.round >= self.rounds:
            self._end_game()
            return
        self.start = (self.start + 1) % self.num_players
        self._begin_round()

    def _end_game(self) -> None:
        scrolls = [scoring.scroll_points(t, self.rules) for t in self.territories]
        coins = [g // 5 for g in self.gold]
        for p in range(self.num_players):
            self.vp[p] += scrolls[p] + coins[p]
        self.final = {"scrolls": scrolls, "gold": coins}
        self.phase = "over"

    # -- chance ------------------------------------------------------------------------------

    def resolve_chance(self) -> None:
        rng = self.rng
        while self.phase in _CHANCE_PHASES:
            self._apply(self.sample_chance(rng), CHANCE)

    def random_playout(self, rng: Rng) -> int:
        """:meth:`State.random_playout` (the same moves from the same generators) without
        the generic loop's calls."""
        history = self.history
        own = self.rng
        moves = 0
        while True:
            if self.phase in _CHANCE_PHASES:
                move = self.sample_chance(own)
                self._apply(move, CHANCE)
                history.append((CHANCE, move))
                continue
            seats = self.players_to_move()
            if not seats:
                return moves
            seat = seats[0]
            move = self._chosen_move(seat, rng.next_u64())  # rng.choice(legal_moves)
            self._apply(move, seat)
            history.append((seat, move))
            if self.auto_chance:
                while self.phase in _CHANCE_PHASES:
                    self._apply(self.sample_chance(own), CHANCE)
            moves += 1
            if moves > PLAYOUT_MOVE_LIMIT:
                raise RuntimeError(f"isle-of-skye: a random game did not end in {moves} moves")

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        moves = self.legal_moves()
        if not moves or self.current_player() != CHANCE:
            return []
        p = 1.0 / len(moves)
        return [(m, p) for m in moves]

    def sample_chance(self, rng: Rng) -> Any:
        if self.phase == "draw":
            return draw(self.bag[rng.randrange(len(self.bag))])
        free = [s for s in sorted(scoring_tiles()) if s not in self.scoring]
        return Deal(free[rng.randrange(len(free))])

    # -- outcome -----------------------------------------------------------------------------

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        return scoring.winners(self.vp, self.gold, self.options["tiebreak"])

    # -- information -------------------------------------------------------------------------

    def gold_visible(self, seat: int, viewer: int | None) -> bool:
        """Own gold always; others' gold at the end, or (option ``hidden_gold`` off,
        the R-5.3 alternative) outside the pricing phase."""
        if viewer == seat or self.phase == "over":
            return True
        return not self.options["hidden_gold"] and self.phase != "price"

    def observation(self, player: int | None) -> dict[str, Any]:
        return observation(self, player)

    def render(self, player: int | None = None, *, lang: str = "en") -> str:
        return render(self, player, lang)

    def public_viewers(self, move: Move, player: int) -> list[int]:
        """The secret discard and prices stay the mover's until the reveal; the rest is
        played in the open."""
        if isinstance(move, (Discard, Price, Offer)):
            return [player]
        return [-1, *range(self.num_players)]

    def determinize(self, player: int, rng: Rng) -> State:
        """Re-deal what ``player`` cannot see: other seats' unrevealed pricing choices
        (re-drawn as random legal commits; a seat still choosing starts afresh) and the
        bag order (future draws are re-seeded). Gold totals are kept: every coin that
        enters or leaves a seat does so in public (income, revealed prices, purchases),
        so the total is the only value consistent with what ``player`` has seen."""
        clone = self.clone()
        assert isinstance(clone, SkyeState)
        r = rng.fork()
        if clone.phase == "price":
            for q in range(clone.num_players):
                if q == player:
                    continue
                done = clone.committed(q)
                clone.gold[q] += sum(clone.prices[q].values())
                clone.prices[q] = {}
                clone.discard[q] = None
                if done:
                    clone._random_commit(q, r)
            clone.history = _redo_pricing_history(clone, player)
        clone.rng = rng.fork()
        return clone

    def _random_commit(self, q: int, rng: Rng) -> None:
        self.discard[q] = self.drawn[q][rng.randrange(3)]
        kept = self.kept(q)
        for i, t in enumerate(kept):
            top = min(RESAMPLE_PRICE_CAP, self.gold[q] - (len(kept) - 1 - i))
            price = 1 + rng.randrange(max(top, 1))
            self.prices[q][t] = price
            self.gold[q] -= price

    # -- RL encodings ---------------------------------------------------------------------

    def move_to_action(self, move: Any) -> int:
        return encoding.move_to_action(self, move)

    def action_to_move(self, action: int) -> Any:
        return encoding.action_to_move(self, action)

    def observation_tensor(self, player: int) -> list[float]:
        return encoding.observation_tensor(self, player)

    # -- copying and JSON ------------------------------------------------------------------

    def clone(self) -> SkyeState:
        # attribute by attribute (not a __dict__ copy): the class may be compiled (setup.py)
        c = SkyeState(self.game, self.num_players, self.seed, self.options)
        c.auto_chance = self.auto_chance
        c.rng = self.rng.copy()
        c.history = list(self.history)
        c.tiles = self.tiles
        c.rules = self.rules
        c.track = self.track
        c.rounds = self.rounds
        c.round = self.round
        c.phase = self.phase
        c.start = self.start
        c.scoring = list(self.scoring)
        c.bag = list(self.bag)
        c.vp = list(self.vp)
        c.gold = list(self.gold)
        c.territories = [t.copy() for t in self.territories]
        c.placed = [list(p) for p in self.placed]
        c.drawn = [list(d) for d in self.drawn]
        c.discard = list(self.discard)
        c.prices = [dict(p) for p in self.prices]
        c.bought_by = dict(self.bought_by)
        c.turn = self.turn
        c.pending = [list(p) for p in self.pending]
        c.income = list(self.income)
        c.round_points = list(self.round_points)
        c.final = dict(self.final)
        return c

    def _to_json(self) -> Any:
        return {
            "round": self.round,
            "phase": self.phase,
            "start": self.start,
            "scoring": list(self.scoring),
            "bag": list(self.bag),
            "vp": list(self.vp),
            "gold": list(self.gold),
            "placed": [[list(p) for p in pl] for pl in self.placed],
            "drawn": [list(d) for d in self.drawn],
            "discard": list(self.discard),
            "prices": [[[t, a] for t, a in p.items()] for p in self.prices],
            "bought_by": [[t, p] for t, p in self.bought_by.items()],
            "turn": self.turn,
            "pending": [list(p) for p in self.pending],
            "income": list(self.income),
            "round_points": [{k: list(v) for k, v in r.items()} for r in self.round_points],
            "final": {k: list(v) for k, v in self.final.items()},
        }

    @classmethod
    def from_json(
        cls, game: Game, n: int, seed: int, options: dict[str, Any], body: Any
    ) -> SkyeState:
        s = cls(game, n, seed, options)
        s.round = int(body["round"])
        s.phase = str(body["phase"])
        if s.phase not in PHASES:
            raise InvalidState(f"unknown phase {s.phase!r}; phases: {', '.join(PHASES)}")
        s.start = int(body["start"])
        s.scoring = [str(x) for x in body["scoring"]]
        s.bag = sorted(str(x) for x in body["bag"])
        s.vp = [int(x) for x in body["vp"]]
        s.gold = [int(x) for x in body["gold"]]
        s.placed = [
            [(str(t), int(x), int(y), int(r)) for t, x, y, r in pl] for pl in body["placed"]
        ]
        for p, pl in enumerate(s.placed):
            for t, x, y, r in pl:
                if t not in s.tiles:
                    raise InvalidState(f"unknown tile {t!r} in player {p}'s territory")
                if (x, y) in s.territories[p].cells:
                    raise InvalidState(f"two tiles at {x},{y} in player {p}'s territory")
                s.territories[p].place(s.tiles[t], (x, y), r % 4)
        s.drawn = [[str(t) for t in d] for d in body["drawn"]]
        s.discard = [None if d is None else str(d) for d in body["discard"]]
        s.prices = [{str(t): int(a) for t, a in p} for p in body["prices"]]
        s.bought_by = {str(t): int(p) for t, p in body["bought_by"]}
        s.turn = int(body["turn"])
        s.pending = [[str(t) for t in p] for p in body["pending"]]
        s.income = [int(x) for x in body["income"]]
        s.round_points = [
            {str(k): [int(x) for x in v] for k, v in r.items()} for r in body["round_points"]
        ]
        s.final = {str(k): [int(x) for x in v] for k, v in body["final"].items()}
        return s

    def take_back_words(self) -> Mapping[str, str]:
        return DESCRIBE_WORDS

    def describe_move(self, move: Move, player: int, viewer: int | None,
                      names: Any = None, lang: str = "en") -> str:
        return describe_move(self, move, player, viewer, names, lang)

    def result_explanation(self, viewer: int | None, names: Any = None, lang: str = "en") -> Any:
        return result_explanation(self, viewer, names, lang) if self.phase == "over" else None

    def view_words(self, viewer: int | None, lang: str = "en") -> dict[str, Any] | None:
        """Every landscape tile's name in words of ``lang`` (``tiles``: id -> "tile with a
        whisky barrel and a road"), for the web board, which never shows a tile's id."""
        return {"tiles": tile_names(self, lang)}

    def check_consistency(self) -> None:
        n = self.num_players
        lists: Sequence[Sequence[Any]] = [
            self.vp, self.gold, self.placed, self.drawn, self.discard, self.prices, self.pending,
        ]
        if any(len(x) != n for x in lists):
            raise InvalidState(f"every per-player list must have {n} entries")
        if any(g < 0 for g in self.gold):
            raise InvalidState("gold cannot be negative")
        if not 0 <= self.start < n or not 0 <= self.round <= self.rounds:
            raise InvalidState("start player or round out of range")
        known = set(scoring_tiles())
        if len(set(self.scoring)) != len(self.scoring) or not set(self.scoring) <= known:
            raise InvalidState(f"scoring tiles must be 4 distinct of S01-S16, got {self.scoring}")
        seen: list[str] = list(self.bag)
        seen += [t for pl in self.placed for t, *_ in pl]
        seen += [t for p in self.pending for t in p]
        if self.phase in ("draw", "price"):
            seen += [t for d in self.drawn for t in d]
        elif self.phase == "buy":
            seen += [t for p in self.prices for t in p if t not in self.bought_by]
        if sorted(seen) != sorted(self.tiles):
            missing = sorted(set(self.tiles) - set(seen))
            extra = sorted({t for t in seen if seen.count(t) > 1} | (set(seen) - set(self.tiles)))
            raise InvalidState(
                f"every landscape tile must be exactly once in the bag, a hand or a territory; "
                f"missing {missing}, repeated or unknown {extra}"
            )
        for p, terr in enumerate(self.territories):
            for (x, y), (tile, rot) in terr.cells.items():
                if tile.castle:
                    continue
                probe = Territory()
                probe.cells = {c: v for c, v in terr.cells.items() if c != (x, y)}
                if not probe.fits(tile, (x, y), rot):
                    raise InvalidState(
                        f"{tile.id} at {x},{y} in player {p}'s territory breaks the terrain rule"
                    )


_PLACES: Final[dict[tuple[str, int, tuple[int, ...]], tuple[Place, ...]]] = {}


def _places(tile: str, sq: int, rots: tuple[int, ...]) -> tuple[Place, ...]:
    """``Place`` moves of ``tile`` on square ``sq`` in rotations ``rots``, made once and
    shared (moves are immutable)."""
    key = (tile, sq, rots)
    moves = _PLACES.get(key)
    if moves is None:
        if len(_PLACES) >= 1 << 18:  # bounded: squares are few, but keep it so
            _PLACES.clear()
        x, y = cell_of(sq)
        moves = _PLACES[key] = tuple(Place(tile, x, y, r) for r in rots)
    return moves


def _redo_pricing_history(state: SkyeState, player: int) -> list[tuple[int, Any]]:
    """The history with other seats' unrevealed pricing sub-moves of this round replaced
    by the re-drawn ones (the tail of consecutive pricing sub-moves is this round's)."""
    hist = state.history
    k = len(hist)
    while k > 0 and str(hist[k - 1][1]).startswith(("discard ", "price ")):
        k -= 1
    kept = [(p, m) for p, m in hist[k:] if p == player]
    redone: list[tuple[int, Any]] = []
    for q in range(state.num_players):
        if q != player and state.committed(q):
            redone.append((q, Discard(state.discard[q] or "")))
            redone.extend((q, Price(t, a)) for t, a in state.prices[q].items())
    return hist[:k] + kept + redone
