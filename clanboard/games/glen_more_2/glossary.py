"""The glossary of a Glen More II position: every word its web page shows (the state's
``glossary``), gathered from the words, the description, the view and the solo words."""

from __future__ import annotations

from typing import Any

import clanboard.games.glen_more_2.words as W
from clanboard.games.glen_more_2.describe import score_tables
from clanboard.games.glen_more_2.effects import RESOURCES
from clanboard.games.glen_more_2.provenance import used_provisional
from clanboard.games.glen_more_2.solo_describe import allenarly_words
from clanboard.games.glen_more_2.view import shown_tiles


def glossary(s: Any, lang: str) -> dict[str, Any]:
    """Everything the web page names or describes in this game, in words of ``lang``: the
    tiles in sight (every tile once the game is over, for the replay), clan-board spaces,
    feasts, landmark cards, Highland Games steps, historic places, tile kinds, provisional
    values, score tables, Allenarly's board. Bounded by the pack (a few hundred strings)."""
    out = dict(W._static_glossary(s.comp, lang))
    ids = {s.comp.tile_id(t) for t in shown_tiles(s)}
    if not s.final:  # at the end every tile, for the replay's earlier positions
        out["tiles"] = {k: v for k, v in out["tiles"].items() if k in ids}
    out["scoring"] = score_tables(s, None, lang)
    owed = {r: s.owed[k] for k, r in enumerate(RESOURCES) if s.owed[k]}
    out["owed"] = {"for": owed, "text": W.m_(lang)["list"].join(W.item(r, n, lang)
                                                                for r, n in owed.items())}
    out["used_provisional"] = W.provisional_names(s.comp, used_provisional(s), lang) \
        if s.final else None
    if s.allen is not None:
        out["allenarly"] = allenarly_words(s, lang)
    return out
