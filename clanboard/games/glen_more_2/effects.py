"""The effect vocabulary of a Glen More II component pack (docs/glen-more-2-pack.md, "Effects").

Every cost, placement bonus, activation, landmark and clan effect in a pack is one text
cell in this small language, read into :class:`Effect` values here and carried out by the
one interpreter in :mod:`clanboard.games.glen_more_2.interpret`::

    effect  = option (" | " option)*      the player chooses one option per use
    option  = [cond ("&" cond)* " ? "] [items " -> "] gains
    items   = item ("+" item)*            what is paid (an exchange when "->" is there)
    item    = [N " "] pay_token           wood stone grain sheep cattle any distinct coin whisky
    gains   = gain ("+" gain)*
    gain    = [N " "] gain_token          the resources, any, vp, coin, whisky, move, scotsman,
                                          fame
            | N " vp per " counter        per-count scoring (kind:K, scotsman, landmark,
                                          personality, whisky, coin, resource)
            | "activate " scope           row_column, river, all, one
            | "tile:" ID                  gain that (personality) tile, if still free
            | N " extra " category        feasts: count N more in a scoring category (castle,
                                          landmarks, whisky, personalities, fame)
            | "rule:" NAME                a clan shield's lasting rule (bids5, feast_whisky,
                                          feast_ignore)
            | "take_discard"              take a tile from the discard as if from the rondel
            | "remove " N                 remove up to N tiles from your territory
            | "personality:" ID           gain that personality tile and put a clan marker
                                          on the clan board as if taken from the rondel
            | [N " "] "train " caber|stone  raise that clan representative N ranks (ch. 10)
            | "clan_free"                 a clan marker without road cost, also on a space
                                          another player holds (Important Friends)
            | "to_castle"                 move 1 of your Scotsmen from any tile to your home
                                          castle (Hero's Homeland)
            | "scotsman_anywhere"         1 Scotsman from your supply on any of your tiles
    cond    = ["not "] ("adjacent" | "orthogonal") ":" kind  |  "has:" ID
            | counter " >= " N            at least N of counter (e.g. historic >= 3)

An empty cell is "no effect". Whitespace around the separators is free.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

RESOURCES = ("wood", "stone", "grain", "sheep", "cattle")
KINDS = ("village", "castle", "material", "animal", "trade", "whisky", "personality", "loch")
PAY_TOKENS = (*RESOURCES, "any", "distinct", "coin", "whisky", "fame")
GAIN_TOKENS = (*RESOURCES, "any", "vp", "coin", "whisky", "move", "scotsman", "fame")
COUNTERS = ("scotsman", "landmark", "personality", "whisky", "coin", "resource", "historic",
            *(f"kind:{k}" for k in KINDS))
SCOPES = ("row_column", "river", "all", "one", "row_column_instead")
TRACKS = ("caber", "stone")
CATEGORIES = ("castle", "landmarks", "whisky", "personalities", "fame")
RULES = ("bids5", "feast_whisky", "feast_ignore")
RELATIONS = ("adjacent", "orthogonal")


class EffectError(ValueError):
    """A cell that is not in the vocabulary; ``allowed`` says what would be."""

    def __init__(self, message: str, allowed: tuple[str, ...] | list[str] = ()) -> None:
        self.allowed = tuple(allowed)
        text = message + (f"; allowed: {', '.join(self.allowed)}" if self.allowed else "")
        super().__init__(text)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Item(_Frozen):
    """``count`` of one token (paid or gained)."""

    token: str
    count: int = 1

    def __str__(self) -> str:
        return self.token if self.count == 1 else f"{self.count} {self.token}"


class PerCount(_Frozen):
    """``vp`` victory points for each thing counted by ``counter``."""

    vp: int
    counter: str

    def __str__(self) -> str:
        return f"{self.vp} vp per {self.counter}"


class Activate(_Frozen):
    """Activate more tiles: every tile in the same row and column, every river tile, every
    tile, or one tile of the player's choice (each still at most once per turn)."""

    scope: Literal["row_column", "river", "all", "one", "row_column_instead"]

    def __str__(self) -> str:
        return f"activate {self.scope}"


class GainTile(_Frozen):
    """Take a named tile (David Hume from MacKay) if nobody has it."""

    tile: str

    def __str__(self) -> str:
        return f"tile:{self.tile}"


class Modify(_Frozen):
    """Count ``amount`` more in scoring ``category`` in the coming scoring round (feasts)."""

    category: str
    amount: int

    def __str__(self) -> str:
        return f"{self.amount} extra {self.category}"


class Rule(_Frozen):
    """A lasting rule for its owner (a clan shield of chronicle 9)."""

    name: str

    def __str__(self) -> str:
        return f"rule:{self.name}"


class TakeDiscard(_Frozen):
    """Take a tile from the discard (clan Munro)."""

    def __str__(self) -> str:
        return "take_discard"


class Remove(_Frozen):
    """Remove up to ``count`` tiles from one's territory (clan MacMillan, Loch Morar)."""

    count: int

    def __str__(self) -> str:
        return f"remove {self.count}"


class Personality(_Frozen):
    """Gain a personality tile with its clan marker (Michael Scot from Melrose Abbey,
    HG-RU 544-546)."""

    tile: str

    def __str__(self) -> str:
        return f"personality:{self.tile}"


class Train(_Frozen):
    """Raise the clan representative on ``track`` by ``count`` ranks (chronicle 10)."""

    track: Literal["caber", "stone"]
    count: int = 1

    def __str__(self) -> str:
        return f"{self.count} train {self.track}" if self.count != 1 else f"train {self.track}"


class Special(_Frozen):
    """A one-time move of chronicle 10's fame tiles: ``clan_free`` or ``to_castle``."""

    name: Literal["clan_free", "to_castle", "scotsman_anywhere"]

    def __str__(self) -> str:
        return self.name


class Condition(_Frozen):
    """``relation`` to a tile of ``kind`` (``negate`` for "not"), owning tile ``tile``, or
    (``count``) at least ``at_least`` of counter ``kind``."""

    relation: Literal["adjacent", "orthogonal", "has", "count"]
    kind: str = ""
    tile: str = ""
    negate: bool = False
    at_least: int = 0

    def __str__(self) -> str:
        if self.relation == "has":
            return f"has:{self.tile}"
        if self.relation == "count":
            return f"{self.kind} >= {self.at_least}"
        return f"{'not ' if self.negate else ''}{self.relation}:{self.kind}"


Gain = (Item | PerCount | Activate | GainTile | Modify | Rule | TakeDiscard | Remove | Personality
        | Train | Special)


class Option(_Frozen):
    """One way to use an effect: conditions, an input to pay, what is gained."""

    conditions: tuple[Condition, ...] = ()
    inputs: tuple[Item, ...] = ()
    gains: tuple[Gain, ...] = ()

    def __str__(self) -> str:
        head = " & ".join(map(str, self.conditions))
        body = " + ".join(map(str, self.gains))
        if self.inputs:
            body = f"{' + '.join(map(str, self.inputs))} -> {body}"
        return f"{head} ? {body}" if head else body


class Effect(_Frozen):
    """A cell: no options (nothing), one, or several to choose from."""

    options: tuple[Option, ...] = ()

    def __str__(self) -> str:
        return " | ".join(map(str, self.options))

    def __bool__(self) -> bool:
        return bool(self.options)


class Cost(_Frozen):
    """A tile's price: alternatives (the payer chooses one), each a list of items."""

    alternatives: tuple[tuple[Item, ...], ...] = ()

    def __str__(self) -> str:
        return " | ".join(" + ".join(map(str, alt)) for alt in self.alternatives)


_COUNT = re.compile(r"^(\d+)\s+(\S+)$")


def _item(text: str, tokens: tuple[str, ...], what: str) -> Item:
    t = text.strip()
    m = _COUNT.match(t)
    count, token = (int(m.group(1)), m.group(2)) if m else (1, t)
    if token not in tokens:
        raise EffectError(f"unknown {what} {token!r} in {text.strip()!r}", tokens)
    if count < 1 or count > 20:
        raise EffectError(f"count {count} in {text.strip()!r} must be 1-20")
    return Item(token=token, count=count)


def _gain(text: str) -> Gain:
    t = " ".join(text.split())
    if t.startswith("activate"):
        scope = t[len("activate"):].strip()
        if scope not in SCOPES:
            raise EffectError(f"unknown activation scope {scope!r}", SCOPES)
        return Activate(scope=scope)  # type: ignore[arg-type]
    if t.startswith("tile:"):
        return GainTile(tile=t[5:].strip())
    if t.startswith("personality:"):
        return Personality(tile=t[12:].strip())
    if t in ("clan_free", "to_castle", "scotsman_anywhere"):
        return Special(name=t)  # type: ignore[arg-type]
    tr = re.match(r"^(?:(\d+)\s+)?train\s+(\S+)$", t)
    if tr:
        if tr.group(2) not in TRACKS:
            raise EffectError(f"unknown track {tr.group(2)!r}", TRACKS)
        return Train(track=tr.group(2), count=int(tr.group(1) or 1))  # type: ignore[arg-type]
    if t == "take_discard":
        return TakeDiscard()
    rem = re.match(r"^remove\s+(\d+)$", t)
    if rem:
        return Remove(count=int(rem.group(1)))
    if t.startswith("rule:"):
        if t[5:].strip() not in RULES:
            raise EffectError(f"unknown rule {t[5:].strip()!r}", RULES)
        return Rule(name=t[5:].strip())
    mod = re.match(r"^(\d+)\s+extra\s+(\S+)$", t)
    if mod:
        if mod.group(2) not in CATEGORIES:
            raise EffectError(f"unknown scoring category {mod.group(2)!r}", CATEGORIES)
        return Modify(category=mod.group(2), amount=int(mod.group(1)))
    m = re.match(r"^(\d+)\s+vp\s+per\s+(\S+)$", t)
    if m:
        if m.group(2) not in COUNTERS:
            raise EffectError(f"unknown counter {m.group(2)!r}", COUNTERS)
        return PerCount(vp=int(m.group(1)), counter=m.group(2))
    return _item(t, GAIN_TOKENS, "gain")


def _condition(text: str) -> Condition:
    t = " ".join(text.split())
    if t.startswith("has:"):
        return Condition(relation="has", tile=t[4:].strip())
    at = re.match(r"^(\S+)\s*>=\s*(\d+)$", t)
    if at:
        if at.group(1) not in COUNTERS:
            raise EffectError(f"unknown counter {at.group(1)!r} in condition", COUNTERS)
        return Condition(relation="count", kind=at.group(1), at_least=int(at.group(2)))
    negate = t.startswith("not ")
    if negate:
        t = t[4:]
    rel, sep, kind = t.partition(":")
    if not sep or rel not in RELATIONS:
        raise EffectError(f"cannot read condition {text.strip()!r}",
                          ("adjacent:KIND", "orthogonal:KIND", "not adjacent:KIND", "has:TILE",
                           "COUNTER >= N"))
    if kind not in KINDS:
        raise EffectError(f"unknown kind {kind!r} in condition", KINDS)
    return Condition(relation=rel, kind=kind, negate=negate)  # type: ignore[arg-type]


def parse_effect(text: str | None) -> Effect:
    """Read an effect cell; raises :class:`EffectError` naming the bad part."""
    if text is None or not text.strip():
        return Effect()
    options = []
    for raw in text.split("|"):
        part = raw.strip()
        if not part:
            raise EffectError(f"empty option in {text!r}")
        conds: tuple[Condition, ...] = ()
        if "?" in part:
            head, _, part = part.partition("?")
            conds = tuple(_condition(c) for c in head.split("&"))
        inputs: tuple[Item, ...] = ()
        if "->" in part:
            left, _, part = part.partition("->")
            if left.strip():
                inputs = tuple(_item(i, PAY_TOKENS, "input") for i in left.split("+"))
        gains = tuple(_gain(g) for g in part.split("+") if g.strip())
        if not gains:
            raise EffectError(f"option {raw.strip()!r} gains nothing")
        options.append(Option(conditions=conds, inputs=inputs, gains=gains))
    return Effect(options=tuple(options))


def parse_cost(text: str | None) -> Cost:
    """Read a cost cell (``wood + stone | 2 distinct``); raises :class:`EffectError`."""
    if text is None or not text.strip():
        return Cost()
    alts = []
    for raw in text.split("|"):
        if not raw.strip():
            raise EffectError(f"empty alternative in cost {text!r}")
        alts.append(tuple(_item(i, PAY_TOKENS, "cost") for i in raw.split("+")))
    return Cost(alternatives=tuple(alts))
