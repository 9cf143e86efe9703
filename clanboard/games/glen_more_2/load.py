"""Loading Glen More II positions from the state JSON that :mod:`.serial` writes (above
the state: it builds one; the writing and the checks are read by the state itself)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clanboard.core import Game, InvalidState
from clanboard.games.glen_more_2.allenarly import Allenarly, rules
from clanboard.games.glen_more_2.allenarly_score import solo_prices
from clanboard.games.glen_more_2.components import STACK_ORDER
from clanboard.games.glen_more_2.constants import DIE, GAP
from clanboard.games.glen_more_2.serial import _BOOLS, _INTS, _LISTS
from clanboard.games.glen_more_2.state import GlenMore2State
from clanboard.games.glen_more_2.territory import Territory


def from_json(game: Game, n: int, seed: int, options: dict[str, Any],
              body: Mapping[str, Any]) -> GlenMore2State:
    s = GlenMore2State(game, n, seed, options)
    comp = s.comp
    n = s.seats

    def tile(v: Any) -> int:
        if v not in comp.index:
            raise InvalidState(f"unknown tile {v!r} for pack {comp.name!r}")
        return comp.index[v]

    for k in _INTS:
        setattr(s, k, int(body[k]))
    for k in _BOOLS:
        setattr(s, k, bool(body[k]))
    for k in _LISTS:
        setattr(s, k, [int(v) for v in body[k]])
    s.tile = tile(body["tile"]) if body["tile"] is not None else -1
    s.cell = (int(body["cell"][0]), int(body["cell"][1])) if body["cell"] is not None else None
    s.track = [DIE if v == "die" else GAP if v == "gap" else -int(v) - 1 if isinstance(v, int)
               else tile(v) for v in body["track"]]
    if set(body["stacks"]) != set(STACK_ORDER):
        raise InvalidState(f"stacks must be {', '.join(STACK_ORDER)}")
    s.stacks = {k: [tile(v) for v in body["stacks"][k]] for k in STACK_ORDER}
    s.discarded = [tile(v) for v in body["discarded"]]
    s.removed = [tile(v) for v in body["removed"]]
    s.terr = []
    for rows in body["territories"]:
        terr = Territory()
        for r in rows:
            slot = terr.add(tile(r["tile"]), (int(r["x"]), int(r["y"])))
            terr.res[slot] = [int(v) for v in r["res"]]
            terr.scots[slot] = int(r["scotsmen"])
            terr.under[slot] = [tile(u) for u in r["under"]]
        s.terr.append(terr)
    s.personalities = [[tile(v) for v in ps] for ps in body["personalities"]]
    s.cards = [[str(c) for c in cs] for cs in body["cards"]]
    if set(body["clan"]) != set(s.clan):
        raise InvalidState("clan board spaces do not match the pack")
    s.clan = {k: [int(p) for p in v] for k, v in body["clan"].items()}
    s.scorings = [dict(x) for x in body["scorings"]]
    s.final = dict(body["final"]) if body["final"] else None
    s.bids = [None if b is None else [int(x) for x in b] for b in body["bids"]]
    s.feast_markers = {int(k): [int(p) for p in v] for k, v in body["feast_markers"].items()}
    s.reveal = [dict(x) for x in body["reveal"]]
    s.rules = [[str(x) for x in r] for r in body["rules"]]
    s.ignored = [[int(x) for x in r] for r in body["ignored"]]
    s.rank = [[int(v) for v in r] for r in body["rank"]]
    s.reps = [[[int(v) for v in c] for c in cs] for cs in body["reps"]]
    s.modifiers = [[[str(m[0]), int(m[1])] for m in ms] for ms in body["modifiers"]]
    s.central = {int(k): int(v) for k, v in body["central"].items()}
    s.trained = [[int(v) for v in c] for c in body["trained"]]
    s.reached = [str(x) for x in body["reached"]]
    s.blueprints = []
    for cards in body.get("blueprints", [[] for _ in range(n)]):
        row = []
        for c in cards:
            t = tile(c["tile"])
            if not comp.is_historic_card(t):
                raise InvalidState(f"{c['tile']!r} is not a historic place of a blueprint card")
            row.append({"tile": t, "paid": [int(v) for v in c["paid"]], "free": int(c["free"]),
                        "fed": bool(c["fed"])})
        s.blueprints.append(row)
    if s.solo:
        if not isinstance(body.get("allenarly"), Mapping):
            raise InvalidState("a solo game needs Allenarly's board ('allenarly')")
        s.allen = Allenarly.from_json(dict(body["allenarly"]), comp.index)
        if s.allen.level != options["level"] or \
                not set(s.allen.deck) <= set(rules(comp).cards):
            raise InvalidState("Allenarly's level or action cards do not match the options")
        s.pay_prices = solo_prices(s)
    return s
