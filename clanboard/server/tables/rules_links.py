"""Rules at the point of need: stable anchors for the sections of each game's rules help
(``<game package>/rules/<lang>.md``), and the section a refused move belongs to.

A section's anchor is the slug of its English heading (``## Claiming with proof`` ->
``claiming-with-proof``), given to the same section in every language (the help's
translations keep the English order of sections; a test checks it). A refusal is matched to
a section by words of its English message id (:data:`SECTIONS`); anything else goes to the
section on a player's turn.

**Components.** Each component a board draws (a card, a stone, a tile, a resource, a track,
a market, a scoring tile, a personality, a feast …) has a kind, and each game's kinds are
mapped to the section about them in ``rules_points.json`` (the data: ``{game: {kind:
anchor}}``), read here only (:func:`points`). The page gets a game's links once
(:func:`point_links`, ``GET /api/games/{id}/rules/points``) and a component's popover offers
"Rules: <section>".
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from clanboard.core.errors import Text
from clanboard.i18n import rules_markdown

_H2 = re.compile(r"^## +(.+?)\s*$", re.MULTILINE)
_H2_HTML = re.compile(r"<h2>")

#: per game: (words of a refusal's English message id, the section's anchor), first match
#: wins, and the section for any other refusal
SECTIONS: dict[str, tuple[tuple[tuple[tuple[str, ...], str], ...], str]] = {
    "schotten-totten": (((("claim",), "claiming-with-proof"),
                         (("tactic", "joker", "ruse", "mode"), "options-and-variants")),
                        "your-turn"),
    "glen-more": (((("buy", "sell", "market", "price"), "the-market"),), "your-turn"),
    "glen-more-2": (((("buy", "sell", "market", "price"), "the-market"),), "your-turn"),
    "isle-of-skye": ((), "a-round"),
}


def slug(heading: str) -> str:
    """``"Claiming with proof"`` -> ``"claiming-with-proof"`` (ASCII letters and digits)."""
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


@cache
def headings(game_id: str, lang: str) -> tuple[str, ...]:
    """The section headings of a game's rules help in ``lang`` (English where missing)."""
    from clanboard.core import get_game

    found = rules_markdown(get_game(game_id), lang)
    return tuple(_H2.findall(found[1])) if found else ()


def anchors(game_id: str) -> list[str]:
    """The stable anchors of a game's sections, in order."""
    return [slug(h) for h in headings(game_id, "en")]


def with_anchors(html: str, game_id: str) -> str:
    """The rules help's HTML with each section heading given its stable ``id``."""
    ids = iter(anchors(game_id))
    return _H2_HTML.sub(lambda m: f'<h2 id="{next(ids, "")}">', html)


def section_for(game_id: str, reason: str) -> str | None:
    """The anchor of the section a refusal's reason belongs to (``None``: no rules help)."""
    known = anchors(game_id)
    if not known:
        return None
    template = (reason.template if isinstance(reason, Text) else str(reason)).lower()
    rules, default = SECTIONS.get(game_id, ((), known[0]))
    for words, anchor in rules:
        if anchor in known and any(w in template for w in words):
            return anchor
    return default if default in known else known[0]


def rule_link(game_id: str, reason: str, lang: str) -> dict[str, Any] | None:
    """A refusal's link to its rules section: ``{"anchor", "title", "url"}`` with the
    section's heading in ``lang``."""
    anchor = section_for(game_id, reason)
    return None if anchor is None else section_link(game_id, anchor, lang)


POINTS_FILE = Path(__file__).with_name("rules_points.json")


@cache
def all_points() -> dict[str, dict[str, str]]:
    """``rules_points.json``: per game, each component kind's section anchor."""
    data: dict[str, dict[str, str]] = json.loads(POINTS_FILE.read_text(encoding="utf-8"))
    return data


def points(game_id: str) -> dict[str, str]:
    """A game's component kinds and the anchors of their sections (empty: none mapped)."""
    return dict(all_points().get(game_id, {}))


def section_link(game_id: str, anchor: str, lang: str) -> dict[str, Any] | None:
    """``{"anchor", "title", "url"}`` for a section, its heading in ``lang``."""
    known = anchors(game_id)
    if anchor not in known:
        return None
    i = known.index(anchor)
    titles = headings(game_id, lang)
    title = titles[i] if i < len(titles) else headings(game_id, "en")[i]
    return {"anchor": anchor, "title": title, "url": f"/rules/{game_id}?lang={lang}#{anchor}"}


def point_links(game_id: str, lang: str) -> dict[str, dict[str, Any]]:
    """Each component kind of a game with the link to its section in ``lang``."""
    out: dict[str, dict[str, Any]] = {}
    for kind, anchor in points(game_id).items():
        link = section_link(game_id, anchor, lang)
        if link is not None:
            out[kind] = link
    return out
