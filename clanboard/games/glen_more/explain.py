"""Precise reasons why a well-formed Glen More move is not legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clanboard.core import Move, Plural, Text, say
from clanboard.games.glen_more.constants import (
    P_ACT,
    P_ACTPAY,
    P_MOVE,
    P_PAY,
    P_PLACE,
    P_TAKE,
    PHASES,
)
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
    "wait": "wait",
}
KINDS = {"river": "river", "road": "road", "plain": "plain"}
ERRORS = {
    "not_gm": "{move} is not a Glen More move",
    "wrong_phase": "{move} is not possible now: it is the {phase} step, where you {ops}",
    "not_on_track": "{tile} ({name}) is not on the track",
    "pass": "pass is only allowed when no tile on the track can be taken",
    "no_square": "there is no square in your territory where the {kind} tile {tile} may go",
    "cannot_pay": "you cannot pay {tile} ({name}): cost {cost}, even buying at the market with "
                  "your coins and what selling would bring",
    "cannot_go": "{tile} cannot go on {at}: {why}",
    "clansman_cost": "{tile} cannot go on {at}: paying its cost with a clansman would leave no "
                     "clansman next to it",
    "no_tile": "you have no tile on {at}",
    "no_resource": "there is no {res} on your tile at {at}",
    "no_coins": "the {res} row of the market has no coins to pay you",
    "sell_due": "selling that {res} would leave the payment due impossible",
    "buy_phase": "{wrong}; buying is only allowed to pay a cost at once",
    "pay_phase": "{wrong}; nothing is being paid now",
    "market_full": "the {res} row of the market is full: it cannot be bought",
    "buy_coins": Plural("buying {res} costs {price} coin; you have {coins}",
                        "buying {res} costs {price} coins; you have {coins}", "price"),
    "no_chief": "you have no chieftain to give back",
    "not_due": "{move} does not pay what is due now",
    "activated": "{name} at {at} was already activated this turn",
    "not_near": "{name} at {at} is not the new tile or next to it (Loch Ness lets you activate "
                "one such tile per turn, once)",
    "no_activation": "{name} has no activation",
    "cannot_act": "{name} at {at} cannot do that now (tile full, input not payable, or no such "
                  "rule: {rule})",
    "no_mp": "you have no movement points left",
    "no_clansman": "no clansman of yours stands on {at}",
    "retire": "at least one clansman must stay in your territory",
    "not_next": "{dst} is not a tile next to {at} (diagonals count)",
    "chance": "{move} is a chance outcome (a tile drawn or the die rolled), not a player's move",
}
"""Why a move is refused (English message ids; see :class:`clanboard.core.Text`)."""


def explain(s: GlenMoreState, move: Move, player: int) -> str:
    e = ERRORS
    if not isinstance(move, GMove):
        return say(e, "not_gm", move=str(move))
    ph = PHASES[s.phase]
    wrong_phase = say(e, "wrong_phase", move=str(move), phase=Text(ph),
                      ops=Text(_PHASE_OPS.get(ph, "wait")))
    terr = s.terr[player]
    op = move.op
    if op in (TAKE, PASS):
        if s.phase != P_TAKE:
            return wrong_phase
        tile = move.arg
        t = TILES[tile]
        if tile not in s.track:
            return say(e, "not_on_track", tile=t.id, name=Text(t.name))
        if op == PASS:
            return say(e, "pass")
        if not terr.placements(t.river, t.road):
            kind = "river" if t.river else "road" if t.road else "plain"
            return say(e, "no_square", kind=Text(KINDS[kind]), tile=t.id)
        return say(e, "cannot_pay", tile=t.id, name=Text(t.name), cost=t.cost_text)
    if op == PLACE:
        if s.phase != P_PLACE:
            return wrong_phase
        t = TILES[s.tile]
        why = terr.placement_error(move.p, t.river, t.road)
        if why:
            return say(e, "cannot_go", tile=t.id, at=ptext(move.p), why=why)
        return say(e, "clansman_cost", tile=t.id, at=ptext(move.p))
    if op == SELL:
        slot = terr.cells.get(move.p)
        if s.phase not in (P_TAKE, P_ACT, P_MOVE, P_PAY, P_ACTPAY):
            return wrong_phase
        res = Text(RESOURCES[move.arg])
        if slot is None:
            return say(e, "no_tile", at=ptext(move.p))
        if not terr.res[slot * 5 + move.arg]:
            return say(e, "no_resource", res=res, at=ptext(move.p))
        if not s.market[move.arg]:
            return say(e, "no_coins", res=res)
        return say(e, "sell_due", res=res)
    if op in (PAY, BUY, PAYCLAN, PAYCHIEF):
        if s.phase not in (P_PAY, P_ACTPAY):
            if op == BUY:
                return say(e, "buy_phase", wrong=wrong_phase)
            return say(e, "pay_phase", wrong=wrong_phase)
        if op == BUY:
            k = move.arg
            if s.market[k] >= 3:
                return say(e, "market_full", res=Text(RESOURCES[k]))
            if s.coins[player] <= s.market[k]:
                return say(e, "buy_coins", res=Text(RESOURCES[k]), price=s.market[k] + 1,
                           coins=s.coins[player])
        if op == PAY:
            slot = terr.cells.get(move.p)
            if slot is None or not terr.res[slot * 5 + move.arg]:
                return say(e, "no_resource", res=Text(RESOURCES[move.arg]), at=ptext(move.p))
        if op == PAYCHIEF and not s.chiefs[player]:
            return say(e, "no_chief")
        return say(e, "not_due", move=str(move))
    if op == GAIN:
        return wrong_phase
    if op == ACT:
        if s.phase != P_ACT:
            return wrong_phase
        slot = terr.cells.get(move.p)
        if slot is None:
            return say(e, "no_tile", at=ptext(move.p))
        t = TILES[terr.tiles[slot]]
        name = Text(t.name)
        if slot in s.activated:
            return say(e, "activated", name=name, at=ptext(move.p))
        if slot not in s.near and not s.oich:
            return say(e, "not_near", name=name, at=ptext(move.p))
        if not t.rules:
            return say(e, "no_activation", name=name)
        return say(e, "cannot_act", name=name, at=ptext(move.p), rule=t.activation_text)
    if op in (MOVE, RETIRE):
        if s.phase != P_MOVE:
            return wrong_phase
        if s.mp <= 0:
            return say(e, "no_mp")
        slot = terr.cells.get(move.p)
        if slot is None or not terr.clan[slot]:
            return say(e, "no_clansman", at=ptext(move.p))
        if op == RETIRE:
            return say(e, "retire")
        return say(e, "not_next", dst=ptext(move.q), at=ptext(move.p))
    if op == END:
        return wrong_phase
    return say(e, "chance", move=str(move))
