"""Precise reasons why a well-formed Glen More move is not legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clanboard.core import Move
from clanboard.games.glen_more.data import RESOURCES, TILES
from clanboard.games.glen_more.moves import (
    ACT,
    BUY,
    END,
    GAIN,
    MOVE,
    PASS,
    PAY,
    PAYCHIEF,
    PAYCLAN,
    PLACE,
    RETIRE,
    SELL,
    TAKE,
    GMove,
    ptext,
)

if TYPE_CHECKING:
    from clanboard.games.glen_more.state import GlenMoreState

_PHASE_OPS = {
    "take": "take a tile from the track (or sell)",
    "place": "place the tile taken",
    "pay": "pay the tile's cost (pay/buy/sell)",
    "gain": "choose the resources gained (gain)",
    "activate": "activate tiles (act), sell, or end",
    "activate-pay": "pay the activated tile's input (pay/buy/sell)",
    "move": "move or retire clansmen, sell, or end the turn",
}


def explain(s: GlenMoreState, move: Move, player: int) -> str:
    from clanboard.games.glen_more.state import (
        P_ACT,
        P_ACTPAY,
        P_MOVE,
        P_PAY,
        P_PLACE,
        P_TAKE,
        PHASES,
    )

    if not isinstance(move, GMove):
        return f"{move} is not a Glen More move"
    ph = PHASES[s.phase]
    wrong_phase = (f"{move} is not possible now: it is the {ph} step, where you "
                   f"{_PHASE_OPS.get(ph, 'wait')}")
    terr = s.terr[player]
    op = move.op
    if op in (TAKE, PASS):
        if s.phase != P_TAKE:
            return wrong_phase
        tile = move.arg
        t = TILES[tile]
        if tile not in s.track:
            return f"{t.id} ({t.name}) is not on the track"
        if op == PASS:
            return "pass is only allowed when no tile on the track can be taken"
        if not terr.placements(t.river, t.road):
            kind = "river" if t.river else "road" if t.road else "plain"
            return f"there is no square in your territory where the {kind} tile {t.id} may go"
        return (f"you cannot pay {t.id} ({t.name}): cost {t.cost_text}, even buying at the "
                "market with your coins and what selling would bring")
    if op == PLACE:
        if s.phase != P_PLACE:
            return wrong_phase
        t = TILES[s.tile]
        why = terr.placement_error(move.p, t.river, t.road)
        if why:
            return f"{t.id} cannot go on {ptext(move.p)}: {why}"
        return (f"{t.id} cannot go on {ptext(move.p)}: paying its cost with a clansman would "
                "leave no clansman next to it")
    if op == SELL:
        slot = terr.cells.get(move.p)
        if s.phase not in (P_TAKE, P_ACT, P_MOVE, P_PAY, P_ACTPAY):
            return wrong_phase
        if slot is None:
            return f"you have no tile on {ptext(move.p)}"
        if not terr.res[slot * 5 + move.arg]:
            return f"there is no {RESOURCES[move.arg]} on your tile at {ptext(move.p)}"
        if not s.market[move.arg]:
            return f"the {RESOURCES[move.arg]} row of the market has no coins to pay you"
        return f"selling that {RESOURCES[move.arg]} would leave the payment due impossible"
    if op in (PAY, BUY, PAYCLAN, PAYCHIEF):
        if s.phase not in (P_PAY, P_ACTPAY):
            if op == BUY:
                return f"{wrong_phase}; buying is only allowed to pay a cost at once"
            return f"{wrong_phase}; nothing is being paid now"
        if op == BUY:
            k = move.arg
            if s.market[k] >= 3:
                return f"the {RESOURCES[k]} row of the market is full: it cannot be bought"
            if s.coins[player] <= s.market[k]:
                return f"buying {RESOURCES[k]} costs {s.market[k] + 1} coins; you have " \
                       f"{s.coins[player]}"
        if op == PAY:
            slot = terr.cells.get(move.p)
            if slot is None or not terr.res[slot * 5 + move.arg]:
                return f"there is no {RESOURCES[move.arg]} on your tile at {ptext(move.p)}"
        if op == PAYCHIEF and not s.chiefs[player]:
            return "you have no chieftain to give back"
        return f"{move} does not pay what is due now"
    if op == GAIN:
        return wrong_phase
    if op == ACT:
        if s.phase != P_ACT:
            return wrong_phase
        slot = terr.cells.get(move.p)
        if slot is None:
            return f"you have no tile on {ptext(move.p)}"
        t = TILES[terr.tiles[slot]]
        if slot in s.activated:
            return f"{t.name} at {ptext(move.p)} was already activated this turn"
        if slot not in s.near and not s.oich:
            return (f"{t.name} at {ptext(move.p)} is not the new tile or next to it "
                    "(Loch Ness lets you activate one such tile per turn, once)")
        if not t.rules:
            return f"{t.name} has no activation"
        return (f"{t.name} at {ptext(move.p)} cannot do that now (tile full, input not "
                f"payable, or no such rule: {t.activation_text})")
    if op in (MOVE, RETIRE):
        if s.phase != P_MOVE:
            return wrong_phase
        if s.mp <= 0:
            return "you have no movement points left"
        slot = terr.cells.get(move.p)
        if slot is None or not terr.clan[slot]:
            return f"no clansman of yours stands on {ptext(move.p)}"
        if op == RETIRE:
            return "at least one clansman must stay in your territory"
        return f"{ptext(move.q)} is not a tile next to {ptext(move.p)} (diagonals count)"
    if op == END:
        return wrong_phase
    return f"{move} is a chance outcome (a tile drawn or the die rolled), not a player's move"
