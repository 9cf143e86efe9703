"""Allenarly's pack rows (chronicle 12) from the research data (used by :mod:`.build_pack`).

Exact values come from ``allenarly_difficulty.csv``, ``allenarly_tile_bonuses.csv`` and
``allenarly_rules.csv``; amounts lost with an icon take the research's "probably N"; the
10 action cards, the priority tokens' symbols and the token paths are unknown (gap 11 of
the research README) and get neutral placeholders, every such row provisional.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

#: placeholder choice rows: kind pairs rotated over the cards so every kind symbol leads
#: some card (the printed cards are unknown)
_PAIRS = (("whisky", "castle"), ("personality", "trade"), ("animal", "material"),
          ("village", "loch"), ("castle", "whisky"), ("trade", "animal"),
          ("material", "personality"), ("loch", "village"), ("whisky", "trade"),
          ("castle", "animal"))
#: placeholder numbered chronicle symbols (the rulebook's examples show 1, 3 and 4)
_NUMBERS = (1, 2, 3, 4, 5, 0, 2, 3, 4, 0)
#: placeholder priority-token symbols: the kind nearest to each category
_TOKEN_SYMBOL = {"castle": "castle", "landmarks": "loch", "whisky": "whisky",
                 "personalities": "personality"}
_CATEGORY_ORDER = ("castle", "landmarks", "whisky", "personalities")  # HG-RU 596
_CARD_REASON = ("the 10 action cards' contents are unknown (research gap 11): a neutral "
                "placeholder (range 2-4, two kind rows around the priority row)")


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _probably(text: str, default: int) -> int:
    m = re.search(r"probably (\d+)", text)
    return int(m.group(1)) if m else default


def _row(**kw: Any) -> dict[str, Any]:
    kw.setdefault("notes", "")
    kw["provisional"] = "yes" if kw.get("provisional") else "no"
    return kw


def card_rows(source: Path) -> list[dict[str, Any]]:
    count = next(r for r in _read(source / "component_counts.csv")
                 if "action card" in r["component"].lower())
    n = int(count["count"])
    rows = []
    for i in range(1, n + 1):
        first, second = _PAIRS[(i - 1) % len(_PAIRS)]
        rows.append(_row(
            id=i, clan_moves="blue purple" if i % 5 == 0 else ("blue" if i % 2 else "purple"),
            search_range=2 + i % 3, choices=f"{first} {second} | priority | {second}",
            last=1 + i % 3, chronicle=_NUMBERS[(i - 1) % len(_NUMBERS)], status="unknown",
            source=f"HG-RU 574, 676-684 ({count['source']})", provisional=True,
            reason=_CARD_REASON))
    return rows


def level_rows(source: Path, tile_ids: dict[str, str]) -> list[dict[str, Any]]:
    bonuses = {r["symbol_on_taken_tile"]: r for r in _read(source / "allenarly_tile_bonuses.csv")}
    rules = _read(source / "allenarly_rules.csv")
    item = next(r for r in rules if r["topic"] == "item VP")
    market = next(r for r in rules if r["topic"] == "market")
    icons = {r["line"]: r for r in _read(source / "missing_icons.csv")}
    buy = re.search(r"probably (\d+) coins to the supply and (\d+) coin",
                    icons["669"]["probable_symbol"])
    assert buy, "missing_icons.csv line 669 no longer says the probable price"
    whisky = _probably(bonuses["whisky (kind)"]["amount"], 1)
    stones = _probably(bonuses["material or animal"]["amount"], 2)
    item_vp = _probably(item["value"], 1)
    rows = []
    for r in _read(source / "allenarly_difficulty.csv"):
        extra = r["extra_rule"].lower()
        start = r["start_trade_tile"]
        rich = re.search(r"takes (\d+) stones for a material or animal", extra)
        rows.append(_row(
            id=r["level"].lower(), name=r["level"], name_ru=r["name_ru"].replace("x", "х"),
            start_tile=tile_ids[start], item_vp_rounds=r["item_vp_rounds"].replace(",", " "),
            item_vp=item_vp, trade_stones=0 if "no stone for a trade tile" in extra else 1,
            personality_vp=0 if "no 2 vp for a personality" in extra else 2,
            resource_stones=int(rich.group(1)) if rich else stones, whisky_barrels=whisky,
            stone_rate="2 per stone" if start == "Tap O'Noth" else "1 per 2 stones",
            buy_supply=int(buy.group(1)), buy_allenarly=int(buy.group(2)),
            status="inferred", source=f"{r['source']}; {item['source']}; {market['source']}; "
                                      "HG-RU 761, 769, 844-848",
            provisional=True,
            reason=(f"amounts lost with icons (missing_icons.csv): {item_vp} VP per item "
                    f"(HG-RU 829), {whisky} barrel per whisky tile (HG-RU 761), {stones} "
                    f"stones per material/animal tile (HG-RU 769), price "
                    f"{buy.group(1)} + {buy.group(2)} coins from a full row (HG-RU 669)"),
            notes=r["notes"]))
    return rows


def priority_rows() -> list[dict[str, Any]]:
    return [_row(category=c, symbol=_TOKEN_SYMBOL[c], status="unknown", source="HG-RU 596, 735",
                 provisional=True,
                 reason="the symbols on top of the 4 priority tokens are unknown (research gap "
                        "11): the kind nearest to the token's category")
            for c in _CATEGORY_ORDER]


def path_rows(source: Path) -> list[dict[str, Any]]:
    """Blue from MacDonell, purple from Sinclair (HG-RU 608); the other clans alternate
    between the paths in the order of clans.csv (the diagram, HG-RU 1198, is lost)."""
    clans = [r["clan_en"] for r in _read(source / "clans.csv")
             if r["clan_en"] and not r["clan_en"].startswith("(")]
    paths: dict[str, list[str]] = {"blue": ["MacDonell"], "purple": ["Sinclair"]}
    rest = [c for c in dict.fromkeys(clans) if c not in ("MacDonell", "Sinclair")]
    for i, clan in enumerate(rest):
        paths["purple" if i % 2 else "blue"].append(clan)
    rows = []
    for token, steps in paths.items():
        for step, clan in enumerate(steps, start=1):
            first = step == 1
            rows.append(_row(
                token=token, step=step, clan=clan, status="confirmed" if first else "unknown",
                source="HG-RU 608" if first else "HG-RU 697-705, 1198-1202", provisional=not first,
                reason="" if first else "the token-path diagram is lost (HG-RU 1198): the "
                "clans alternate between the two paths"))
    return rows


def chronicle_rows(source: Path, tile_ids: dict[str, str]) -> list[dict[str, Any]]:
    """Chronicle 9's stack sizes and budgets from allenarly_rules.csv; the chronicle 10/11
    cards' choice rules and chronicle 11's extra reward are lost (HG-RU 1150, 1174, 1180)."""
    rules = _read(source / "allenarly_rules.csv")
    bidding = next(r for r in rules if r["chronicle"] == "9" and r["topic"] == "bidding")
    payment = next(r for r in rules if r["chronicle"] == "9" and r["topic"] == "payment")
    ch10 = next(r for r in rules if r["chronicle"] == "10" and r["topic"] == "scoring")
    ch11 = next(r for r in rules if r["chronicle"] == "11")
    lost = ("the chronicle card's choice rules are a lost picture: its tiles are searched "
            "first when the action card's numbered chronicle symbol is 3 or less")
    return [
        _row(chronicle=9, stack_sizes=bidding["value"].replace("/", " "),
             budgets=payment["value"].replace("/", " "), status="confirmed",
             source=f"{bidding['source']}; {payment['source']}", provisional=False),
        _row(chronicle=10, max_number=3, symbol="ch10",
             free_tile=tile_ids["Town Square Sculpture"], status="unknown",
             source=f"HG-RU 1150-1154; {ch10['source']}", provisional=True,
             reason=lost + "; Town Square Sculpture pays its VP in her exchange without "
             "stones (HG-RU 1170)"),
        _row(chronicle=11, max_number=3, symbol="ch11", extra_vp=1, status="unknown",
             source=ch11["source"], provisional=True,
             reason=lost + "; the extra reward for one of its tiles (HG-RU 1180) read as 1 VP"),
    ]
