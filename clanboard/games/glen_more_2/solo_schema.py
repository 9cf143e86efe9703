"""Pack rows of Allenarly, the solo opponent (chronicle 12, HG-RU 558-1202).

Her action cards, her priority tokens' symbols, her clan-board token paths and her
levels' amounts are data: the Russian rulebook names their structure but most printed
contents were pictures lost in the text (``missing_icons.csv``), so the shipped rows are
marked provisional with the reason.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator

from clanboard.games.glen_more_2.effects import KINDS
from clanboard.games.glen_more_2.rows import IntList, Row

LEVELS = ("ablach", "dus", "reglar", "skelp", "bodach")
CATEGORIES = ("castle", "landmarks", "whisky", "personalities")
#: symbols a choice row may hold: the 8 kind symbols, the chronicle 10 / 11 tile symbols
#: (HG-RU 1154, 1178) and ``priority`` (the 4 priority-token silhouettes, HG-RU 735)
CHOICE_SYMBOLS = (*KINDS, "ch10", "ch11", "priority")
TOKENS = ("blue", "purple")


def _choice_rows(v: Any) -> Any:
    if not isinstance(v, str):
        return v
    rows = tuple(tuple(r.split()) for r in v.split("|"))
    for r in rows:
        if not r:
            raise ValueError("a choice row is empty; rows are separated by ' | ', e.g. "
                             "'whisky castle | priority | animal'")
        bad = [s for s in r if s not in CHOICE_SYMBOLS]
        if bad:
            raise ValueError(f"unknown symbol {bad[0]!r}; allowed: {', '.join(CHOICE_SYMBOLS)}")
        if "priority" in r and len(r) > 1:
            raise ValueError("'priority' (the 4 priority tokens) is a row of its own")
    return rows


def _moves(v: Any) -> Any:
    if isinstance(v, str):
        return tuple(v.split())
    return v


class AllenarlyCardRow(Row):
    """One action card (HG-RU 676-684): clan-board token moves, search range, choice rows
    (top to bottom), the framed number of the last row, the numbered chronicle symbol."""

    id: int = Field(ge=1, le=20)
    clan_moves: Annotated[tuple[Literal["blue", "purple"], ...], BeforeValidator(_moves)] = ()
    search_range: int = Field(ge=1, le=12)
    choices: Annotated[tuple[tuple[str, ...], ...], BeforeValidator(_choice_rows)]
    last: int = Field(ge=1, le=3)
    chronicle: int = Field(0, ge=0, le=11, description="numbered chronicle symbol (0: none)")


class AllenarlyLevelRow(Row):
    """One difficulty level (HG-RU 617-655) with the amounts lost as icons."""

    id: Literal["ablach", "dus", "reglar", "skelp", "bodach"]
    name: str
    name_ru: str
    start_tile: str
    item_vp_rounds: IntList
    item_vp: int = Field(ge=0, le=5)
    trade_stones: int = Field(ge=0, le=5)
    personality_vp: int = Field(ge=0, le=10)
    resource_stones: int = Field(ge=0, le=5)
    whisky_barrels: int = Field(ge=0, le=5)
    stone_rate: Literal["2 per stone", "1 per 2 stones"]
    buy_supply: int = Field(ge=0, le=9, description="coins to the supply for a full row")
    buy_allenarly: int = Field(ge=0, le=9, description="coins to her for a full row")

    @field_validator("item_vp_rounds")
    @classmethod
    def _rounds(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 1 <= r <= 4 for r in v):
            raise ValueError("scoring rounds are 1-4, e.g. '1 2 3'")
        return v


class AllenarlyPriorityRow(Row):
    """One priority token: the scoring category it orders and the symbol on its top."""

    category: Literal["castle", "landmarks", "whisky", "personalities"]
    symbol: Literal["village", "castle", "material", "animal", "trade", "whisky",
                    "personality", "loch"]


class AllenarlyPathRow(Row):
    """One step of a clan-board token's path (HG-RU 1198-1202): token colour, step number
    and the clan of the space (a chronicle's shield of that clan stands for it)."""

    token: Literal["blue", "purple"]
    step: int = Field(ge=1, le=30)
    clan: str


class AllenarlyChronicleRow(Row):
    """Her rules for a Highland Games chronicle (HG-RU 1093-1184): the chronicle card's
    choice rule (search ``symbol`` first when the action card's numbered chronicle symbol
    is at most ``max_number``; 0: never), the VP she gains besides the kind bonus of a
    tile of the chronicle, the tile she exchanges without stones, chronicle 9's bid stack
    sizes and VP budgets per scoring round."""

    chronicle: int = Field(ge=9, le=11)
    max_number: int = Field(0, ge=0, le=11)
    symbol: Literal["", "ch10", "ch11"] = ""
    extra_vp: int = Field(0, ge=0, le=10)
    free_tile: str = ""
    stack_sizes: IntList = ()
    budgets: IntList = ()


SOLO_FILES: dict[str, type[Row]] = {
    "allenarly_cards.csv": AllenarlyCardRow,
    "allenarly_levels.csv": AllenarlyLevelRow,
    "allenarly_priority.csv": AllenarlyPriorityRow,
    "allenarly_paths.csv": AllenarlyPathRow,
    "allenarly_chronicles.csv": AllenarlyChronicleRow,
}
