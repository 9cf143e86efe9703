"""The schema of a Glen More II component pack: one pydantic model per file row, and the
named settings that hold every rule the base specification tags ``[GM1]``, ``[MEM]`` or
``[?]`` (docs/glen-more-2-pack.md lists them with their sources)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from clanboard.games.glen_more_2.effects import (
    KINDS,
    RESOURCES,
    Cost,
    Effect,
    parse_cost,
    parse_effect,
)
from clanboard.games.glen_more_2.rows import Flag, IntList, Row
from clanboard.games.glen_more_2.solo_schema import SOLO_FILES

STATUSES = ("confirmed", "inferred", "probable", "unknown")
STACKS = ("S", "A", "B", "C", "D", "home", "clan")
TILE_KINDS = (*KINDS, "worlds_end")


def _blank_none(v: Any) -> Any:
    return "" if v is None else v


class TileRow(Row):
    """One physical tile (home tile halves and the clan-board personality included)."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,23}$")
    name: str
    name_ru: str = ""
    stack: Literal["S", "A", "B", "C", "D", "home", "clan"]
    kind: Literal["village", "castle", "material", "animal", "trade", "whisky", "personality",
                  "loch", "worlds_end"]
    cost: Annotated[Cost, BeforeValidator(lambda v: parse_cost(_blank_none(v)))] = Cost()
    bonus: Annotated[Effect, BeforeValidator(lambda v: parse_effect(_blank_none(v)))] = Effect()
    activation: Annotated[Effect, BeforeValidator(
        lambda v: parse_effect(_blank_none(v)))] = Effect()
    river: Flag = False
    rebuild: Flag = False
    landmark: str = ""
    chronicle: int = Field(0, description="0 = base game; 10 = a Highland Games tile")
    use: Literal["territory", "tournament", "spectator"] = Field(
        "territory", description="tournament: not placed, its bonus then it leaves the game; "
        "spectator: a personality that raises representatives instead of a clan marker")
    min_players: int = Field(1, ge=1, le=4, description="used only from this many players")

    @model_validator(mode="before")
    @classmethod
    def _blank_defaults(cls, data: Any) -> Any:
        """Blank chronicle-10 columns take their defaults (older packs have none)."""
        if isinstance(data, dict):
            return {k: v for k, v in data.items()
                    if not (k in ("chronicle", "use", "min_players") and v == "")}
        return data

    @field_validator("chronicle")
    @classmethod
    def _chronicle(cls, v: int) -> int:
        if v not in (0, 10):
            raise ValueError("0 (base game) or 10 (Highland Games tile)")
        return v


class TrackRow(Row):
    """A step of the Highland Games board (chronicle 10): the caber and stone tracks' ranks
    1-5 (a one-time ``effect`` or a scoring ``modifier`` for the next scoring round) and the
    central track's rewards; ``solo_caber`` and ``solo_stone`` are the leftmost and
    rightmost columns of the solo side, Allenarly's rewards instead (HG-RU 1146)."""

    track: Literal["caber", "stone", "central", "solo_caber", "solo_stone"]
    rank: int = Field(ge=1, le=5)
    type: Literal["effect", "modifier", "reward"]
    reward: Annotated[Effect, BeforeValidator(lambda v: parse_effect(_blank_none(v)))] = Effect()


class LandmarkRow(Row):
    """A landmark card: taken with its tile; its effect now, at each scoring, or at the end."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,23}$")
    name: str
    name_ru: str = ""
    tile: str
    timing: Literal["immediate", "final", "none"]
    effect: Annotated[Effect, BeforeValidator(lambda v: parse_effect(_blank_none(v)))] = Effect()


class ClanSpaceRow(Row):
    """A clan-board space: its clan, colour, road cost in coins, and immediate effect."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,23}$")
    clan: str
    clan_ru: str = ""
    colour: str = ""
    road_cost: int = Field(ge=0, le=10)
    chronicle: int = Field(0, ge=0, le=12, description="0 = base board; N = a shield of it")
    effect: Annotated[Effect, BeforeValidator(lambda v: parse_effect(_blank_none(v)))] = Effect()


class FeastRow(Row):
    """A feast card (chronicle 9): its cost and how it changes the coming scoring round."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,23}$")
    name: str
    name_ru: str = ""
    cost: Annotated[Cost, BeforeValidator(lambda v: parse_cost(_blank_none(v)))] = Cost()
    effect: Annotated[Effect, BeforeValidator(lambda v: parse_effect(_blank_none(v)))] = Effect()


class HistoricCell(BaseModel):
    """One half (or the only cell) of a historic place on one side: its own kind, the kind
    of the tile it must be built over, and whether that tile must be a river tile."""

    model_config = ConfigDict(frozen=True)

    kind: str
    over: str
    river: bool = False


def _sides(text: str, what: str) -> list[list[str]]:
    return [side.split() for side in str(text).split("|")] if str(text).strip() else []


class HistoricRow(Row):
    """A historic place of chronicle 11 (HG-RU 404-552): a single tile shuffled into a stack,
    or a double tile laid beside the rondel and stood for in the stack by its blueprint tile.

    ``kind`` and ``over`` give, per side (`` | `` between the two sides of a double), the
    kind of each cell from left to right and the kind it must be built over
    (``KIND@river``: over a river tile). ``cost`` is what its blueprint card takes, one
    resource per turn; ``bonus`` its one-time effect with conditions (checked orthogonally,
    HG-RU 470), ``activation`` its effect each time it (or either half) is activated;
    ``castle``: Scotsmen on it count as in your home castle (New Fort George, HG-RU 536)."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]{0,15}$")
    name: str
    name_ru: str = ""
    format: Literal["single", "double"]
    stack: Literal["A", "B", "C"]
    kind: str
    over: str
    cost: Annotated[Cost, BeforeValidator(lambda v: parse_cost(_blank_none(v)))] = Cost()
    bonus: Annotated[Effect, BeforeValidator(lambda v: parse_effect(_blank_none(v)))] = Effect()
    activation: Annotated[Effect, BeforeValidator(
        lambda v: parse_effect(_blank_none(v)))] = Effect()
    castle: Flag = False
    landmark: str = ""

    @field_validator("kind", "over")
    @classmethod
    def _cells(cls, v: str) -> str:
        for side in _sides(v, ""):
            for cell in side:
                kind, _, river = cell.partition("@")
                if kind not in KINDS or river not in ("", "river"):
                    raise ValueError(f"cell {cell!r}: a kind ({', '.join(KINDS)}), optionally "
                                     "followed by '@river'; sides separated by ' | '")
        return v

    def sides(self) -> list[list[HistoricCell]]:
        """The cells of each side, left to right."""
        out = []
        for kinds, overs in zip(_sides(self.kind, ""), _sides(self.over, ""), strict=False):
            out.append([HistoricCell(kind=k.partition("@")[0], over=o.partition("@")[0],
                                     river=o.endswith("@river"))
                        for k, o in zip(kinds, overs, strict=False)])
        return out

    def shape_problem(self) -> tuple[str, str]:
        """(field, why) when ``kind``/``over``/``cost`` do not fit the format, else ('', '')."""
        kinds, overs = _sides(self.kind, ""), _sides(self.over, "")
        width = 1 if self.format == "single" else 2
        if not overs or len(overs) > (1 if width == 1 else 2):
            return "over", (f"a {self.format} historic place has "
                            + ("one side" if width == 1 else "one or two sides separated by "
                               "' | '"))
        if [len(s) for s in kinds] != [len(s) for s in overs] or \
                any(len(s) != width for s in overs):
            return "over", (f"a {self.format} historic place needs {width} cell(s) per side "
                            f"in kind and over, with the same sides (got kind {self.kind!r}, "
                            f"over {self.over!r})")
        if self.cost.alternatives and sum(i.count for i in self.cost.alternatives[0]) < 2:
            return "cost", "a blueprint card takes at least 2 resources (HG-RU 450-452, 484)"
        return "", ""


class ScoringRow(Row):
    """Difference to the lowest count -> VP (the last row counts for any larger difference)."""

    difference: int = Field(ge=0, le=20)
    vp: int = Field(ge=0, le=50)


class MarketRow(Row):
    """One resource row of the market: the coin price of each space, cheapest first."""

    resource: Literal["wood", "stone", "grain", "sheep", "cattle"]
    prices: Annotated[tuple[int, ...], BeforeValidator(
        lambda v: tuple(int(x) for x in str(v).split()) if isinstance(v, str) else v)]

    @field_validator("prices")
    @classmethod
    def _rising(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if not v or any(p < 1 for p in v) or list(v) != sorted(v):
            raise ValueError("prices must be positive whole coins, cheapest first, e.g. '1 2 3'")
        return v




class Settings(BaseModel):
    """Rule settings: each one a value or a choice between documented alternatives.

    The ``help`` of each field names the rule of the base specification it stands for."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rondel_spaces: int = Field(14, ge=10, le=20, description="1.1 number of rondel spaces")
    start_coins_first: int = Field(5, ge=0, le=20, description="2.6 coins of the first player")
    start_coins_step: int = Field(1, ge=0, le=5, description="2.6 more coins per later seat")
    scotsmen_per_player: int = Field(8, ge=3, le=12, description="1.4 Scotsmen per colour")
    clan_markers_per_player: int = Field(10, ge=1, le=20, description="1.4 clan markers")
    tile_capacity: int = Field(3, ge=1, le=9, description="8.4 resources a tile holds")
    worlds_end_position: Literal["lower_half", "anywhere", "middle"] = Field(
        "lower_half", description="2.2 where World's End is shuffled into stack D")
    worlds_end_rule: Literal["after_passed", "on_draw"] = Field(
        "after_passed", description="15.1 when World's End ends the game")
    die_player_counts: IntList = Field((2,), description="2.8 player counts using the die")
    die_faces: IntList = Field((1, 1, 1, 2, 2, 3), description="2.8 the die's six faces")
    die_setup: Literal["behind_scotsmen", "ahead_of_scotsmen"] = Field(
        "behind_scotsmen", description="2.8 where the die starts on the rondel")
    market_prefill_player_counts: IntList = Field(
        (), description="2.8 player counts starting with a coin on each 1-coin space")
    placement_adjacency: Literal[4, 8] = Field(
        8, description="6.2 a new tile touches a Scotsman's tile: 8 = diagonals count")
    river_rule: Literal["none", "river_row"] = Field(
        "none", description="6.4 river tiles only in the home row (river_row) or anywhere")
    move_adjacency: Literal[4, 8] = Field(8, description="11.2 a movement point's step")
    new_scotsman_on: Literal["tile", "home_village"] = Field(
        "tile", description="11.4 where a gained Scotsman is put")
    rebuild_covered: Literal["keep", "discard"] = Field(
        "keep", description="7.4 resources and Scotsmen on a tile that gets rebuilt")
    no_tile_takeable: Literal["pass"] = Field(
        "pass", description="4.2 a player who can take no tile moves on and loses it")
    territory_penalty: int = Field(3, ge=0, le=10, description="15.3 VP per tile above smallest")
    tie_break: Literal["resources", "shared"] = Field("resources", description="15.4 tie-break")
    personality_without_space: Literal["allowed", "forbidden"] = Field(
        "allowed", description="12.2 take a personality when no clan space is open")
    clan_space_reuse: Literal["own", "never"] = Field(
        "own", description="12.2 may a player put a second marker on a space they hold")
    unbuilt_historic_penalty: int = Field(
        3, ge=0, le=10, description="ch. 11 VP lost per taken but unbuilt historic place")
    rank_above_top_vp: int = Field(
        2, ge=0, le=10, description="ch. 10 VP instead of a rank above the top (5)")

    @field_validator("placement_adjacency", "move_adjacency", mode="before")
    @classmethod
    def _number(cls, v: Any) -> Any:
        return int(v) if isinstance(v, str) and v.strip().isdigit() else v

    @field_validator("die_faces")
    @classmethod
    def _six(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if len(v) != 6 or any(not 1 <= f <= 6 for f in v):
            raise ValueError("the die has 6 faces, each 1-6, e.g. '1 1 1 2 2 3'")
        return v

    @field_validator("die_player_counts", "market_prefill_player_counts")
    @classmethod
    def _counts(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 2 <= n <= 4 for n in v):
            raise ValueError("player counts are 2, 3 or 4, e.g. '2 3'")
        return v


class SettingRow(Row):
    """One line of settings.csv: a setting's name and value, with its status."""

    name: str
    value: str


FILES: dict[str, type[Row]] = {
    "settings.csv": SettingRow,
    "tiles.csv": TileRow,
    "landmarks.csv": LandmarkRow,
    "clan_spaces.csv": ClanSpaceRow,
    "scoring.csv": ScoringRow,
    "market.csv": MarketRow,
}

OPTIONAL_FILES: dict[str, type[Row]] = {
    "feasts.csv": FeastRow,
    "alt_scoring.csv": ScoringRow,
    "historic_places.csv": HistoricRow,
    "highland_games.csv": TrackRow,
}
"""Files a chronicle needs (9: feasts and the alternative scoring board; 11: historic
places)."""
"""Every file of a pack and the model of its rows."""

OPTIONAL_FILES.update(SOLO_FILES)  # chronicle 12: Allenarly

__all__ = ["FILES", "KINDS", "OPTIONAL_FILES", "RESOURCES", "STACKS", "STATUSES", "TILE_KINDS",
           "ClanSpaceRow", "FeastRow", "HistoricCell", "HistoricRow", "LandmarkRow",
           "MarketRow", "Row", "ScoringRow", "TrackRow",
           "SettingRow", "Settings", "TileRow"]
