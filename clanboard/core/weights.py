"""Tunable evaluation weights: the data file a game's search hints read, and its checks.

A game whose :class:`~clanboard.core.SearchHints` has weights ships them in a JSON file::

    {"format": "clanboard-weights", "version": 1, "game": "schotten-totten",
     "weights": {"holding.joker": 0.45, ...},
     "bounds": {"holding.joker": [0.0, 1.2], ...},
     "about": {...}}

``weights`` maps each weight's name to its value; ``bounds`` gives, for each weight, the
range a tuner may search (``clanboard tune``); ``about`` is free, JSON-ready notes (the
tuning run that produced the file, say). The file is read once; a tuned file has the same
form, so the game reads it the same way (``SearchHints.with_weights``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

# BadWeights and check_weights live beside SearchHints (which checks weights too)
from clanboard.core.search_hints import BadWeights, SearchHints, check_weights

FORMAT = "clanboard-weights"
VERSION = 1


@dataclass(frozen=True)
class WeightsFile:
    """The content of a weights file."""

    game: str
    weights: dict[str, float]
    bounds: dict[str, tuple[float, float]]
    about: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "weights": dict(self.weights),
                "bounds": {k: list(v) for k, v in self.bounds.items()},
                "about": self.about}


def read_weights(path: str | Path, game: str | None = None) -> WeightsFile:
    """Read and check a weights file (``game``, when given, must be the file's game)."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadWeights(f"cannot read weights file {p}: {exc.strerror or exc}") from exc
    except json.JSONDecodeError as exc:
        raise BadWeights(f"{p} is not JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadWeights(f"{p} is not a clanboard weights file (format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise BadWeights(f"{p}: unsupported weights file version {data.get('version')!r}; "
                         f"expected {VERSION}")
    if game is not None and data.get("game") != game:
        raise BadWeights(f"{p} holds weights for {data.get('game')!r}, not {game!r}")
    raw, raw_bounds = data.get("weights"), data.get("bounds", {})
    if not isinstance(raw, dict) or not raw or not isinstance(raw_bounds, dict):
        raise BadWeights(f"{p}: 'weights' must map names to numbers and 'bounds' names to "
                         "[low, high]")
    bounds: dict[str, tuple[float, float]] = {}
    for name, pair in raw_bounds.items():
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(x, int | float) and math.isfinite(x) for x in pair)
                or not pair[0] < pair[1]):
            raise BadWeights(f"{p}: the bounds of {name} must be [low, high] with low < high")
        if name not in raw:
            raise BadWeights(f"{p}: bounds for {name!r}, which is not a weight")
        bounds[name] = (float(pair[0]), float(pair[1]))
    weights = check_weights(raw, {k: 0.0 for k in raw}, bounds)
    about = data.get("about", {})
    return WeightsFile(str(data.get("game")), weights, bounds,
                       about if isinstance(about, dict) else {})


def write_weights(path: str | Path, content: WeightsFile) -> None:
    """Write a weights file (whole or not at all: through a temporary file)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".part")
    tmp.write_text(json.dumps(content.to_json(), indent=1) + "\n", encoding="utf-8")
    tmp.replace(p)


class ShippedWeights:
    """A game's weights file (``path``, for ``game``), read once when first needed."""

    def __init__(self, path: Path, game: str) -> None:
        self.path = path
        self.game = game

    @cached_property
    def file(self) -> WeightsFile:
        return read_weights(self.path, self.game)

    def values(self, changed: Mapping[str, Any] | None = None) -> dict[str, float]:
        """The shipped weights with ``changed`` ones (checked: :func:`check_weights`)."""
        return check_weights(changed or {}, self.file.weights)


class WeightedHints(SearchHints):
    """Search hints whose evaluation reads weights a game ships (``shipped``): the weight
    accessors of :class:`SearchHints`. A subclass keeps its weights, unpacked its own way
    but with their ``values`` by name, in ``_weights``, and makes ``with_weights``."""

    shipped: ClassVar[ShippedWeights]
    _weights: Any

    def weights(self) -> dict[str, float]:
        return dict(self._weights.values)

    def weight_bounds(self) -> dict[str, tuple[float, float]]:
        return dict(self.shipped.file.bounds)

    def weights_file(self) -> Path:
        return self.shipped.path
