"""What every row of a Glen More II component pack has (the base model of the pack's
schema, :mod:`.schema`, and of Allenarly's rows, :mod:`.solo_schema`), and the
column types both read."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, field_validator


def _flag(v: Any) -> Any:
    if isinstance(v, str):
        t = v.strip().lower()
        if t in ("yes", "true", "1"):
            return True
        if t in ("no", "false", "0", ""):
            return False
    return v


Flag = Annotated[bool, BeforeValidator(_flag)]


class Row(BaseModel):
    """Columns every row has: where its values come from and whether they are provisional."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    status: Literal["confirmed", "inferred", "probable", "unknown"]
    source: str = ""
    provisional: Flag = False
    reason: str = ""
    notes: str = ""

    @field_validator("reason")
    @classmethod
    def _reason_given(cls, v: str, info: Any) -> str:
        if info.data.get("provisional") and not v.strip():
            raise ValueError("a provisional row must say why (the reason column is empty)")
        return v


def _ints(v: Any) -> Any:
    if isinstance(v, str):
        return tuple(int(x) for x in v.replace(",", " ").split())
    return v


IntList = Annotated[tuple[int, ...], BeforeValidator(_ints)]
