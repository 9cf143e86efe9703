"""The words of a pack's problems, in every language (the pack editor, ``clanboard pack``).

The checks (:mod:`.pack`, the schema's validators, :mod:`.effects`, pydantic) say a problem
in English; :data:`MESSAGES` holds each wording as a template whose placeholders stand for
the values in it (ids, lists, numbers: the pack's own data, shown as they are). A message is
said in another language by matching it against the templates (:func:`say`); one that no
template matches stays as it is.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from clanboard.games.glen_more_2.pack import Issue, _allowed
from clanboard.games.glen_more_2.schema import Row
from clanboard.i18n import gettext

MESSAGES = {
    # where a problem is
    "where_row": "{file}, row {row}",
    "where_field": "{where}, field {field}",
    "where": "{where}: {message}",
    # the suffixes the checks add
    "got": "{message} (got {value})",
    "allowed": "{message}; allowed: {values}",
    # pack.py
    "file_missing": "file missing; a pack has {files}",
    "unknown_column": "unknown column; columns are {columns}",
    "column_missing": "required column missing",
    "cannot_read": "cannot read: {error}",
    "unknown_setting": "unknown setting {name}; settings are {names}",
    "setting_twice": "{name} given twice",
    "setting_missing": "setting {name} missing ({description})",
    "setting_value": "{name}: {message} (got {value})",
    "names_no_tile": "{tile} names no tile",
    "names_no_personality": "{tile} names no personality tile",
    "clan_activate": "a clan space cannot activate tiles",
    "has_no_tile": "has:{tile} names no tile",
    "no_landmark_cards": "no landmark card {card}; cards: {cards}",
    "no_rebuild": "a {kind} tile cannot be a rebuild tile ({tile})",
    "no_tile_card": "no tile {tile} (card {card})",
    "tile_twice": "tile id {id} used twice",
    "space_twice": "space id {id} used twice",
    "id_used": "id {id} is already used by a tile or historic place",
    "no_landmark": "no landmark card {card}",
    "track_ranks": "the {track} track needs ranks 1-5 once each; found {ranks}",
    "central_twice": "a central-track rank is given twice: {ranks}",
    "track_gives_reward": "{track} rank {rank} gives a reward (HG-RU 326)",
    "track_gives_modifier": "{track} rank {rank} gives a modifier (HG-RU 326)",
    "track_gives_effect": "{track} rank {rank} gives a effect (HG-RU 326)",
    "worlds_end": "exactly one worlds_end tile, in stack D, is needed",
    "home": "the home tile is two rows of stack 'home': one village (left half) and one "
            "castle (right half); found {found}",
    "stack_empty": "stack {stack} has no tile",
    "differences": "differences must run 0, 1, 2, ... in order; found {found}",
    "chronicle_9": "chronicle 9 needs both feasts.csv and alt_scoring.csv",
    "five_feasts": "at least 5 feasts are needed (5 face up)",
    "market": "one row per resource ({resources}); found {found}",
    "rondel": "rondel_spaces {n} cannot hold {start} start tiles, 4 Scotsmen and the gap",
    "allenarly_files": "Allenarly (chronicle 12) needs all of {files}; missing or empty: "
                       "{missing}",
    "card_twice": "card {id} given twice",
    "three_cards": "at least 3 action cards: 2 are set aside at each shuffle (HG-RU 606)",
    "no_tile_in": "no tile {tile} in tiles.csv",
    "level_once": "level {level} must be given once (found {n})",
    "priority": "one token per scoring category: castle, landmarks, whisky, personalities; "
                "found {found}",
    "no_clan": "no clan {clan} in clan_spaces.csv; clans: {clans}",
    "step_twice": "step {step} of the {token} token given twice",
    "budgets": "chronicle 9 gives a bid-stack size and a VP budget for each of the 4 scoring "
               "rounds, e.g. '1 2 3 4' and '3 4 5 6'",
    "not_archive": "not a pack archive: give a directory, a .zip or a .tar.gz of the pack's "
                   "CSV files",
    # schema.py and solo_schema.py
    "reason_empty": "a provisional row must say why (the reason column is empty)",
    "chronicle_tile": "0 (base game) or 10 (Highland Games tile)",
    "prices": "prices must be positive whole coins, cheapest first, e.g. '1 2 3'",
    "die": "the die has 6 faces, each 1-6, e.g. '1 1 1 2 2 3'",
    "player_counts": "player counts are 2, 3 or 4, e.g. '2 3'",
    "choice_empty": "a choice row is empty; rows are separated by ' | ', e.g. {example}",
    "unknown_symbol": "unknown symbol {symbol}",
    "priority_row": "'priority' (the 4 priority tokens) is a row of its own",
    "rounds": "scoring rounds are 1-4, e.g. '1 2 3'",
    "blueprint": "a blueprint card takes at least 2 resources (HG-RU 450-452, 484)",
    "historic_sides": "a {format} historic place has one or two sides separated by ' | '",
    "historic_side": "a {format} historic place has one side",
    "historic_cells": "a {format} historic place needs {width} cell(s) per side in kind and "
                      "over, with the same sides (got kind {kind}, over {over})",
    # effects.py: the effect language
    "unknown_gain": "unknown gain {token} in {text}",
    "unknown_input": "unknown input {token} in {text}",
    "unknown_cost": "unknown cost {token} in {text}",
    "count": "count {count} in {text} must be 1-20",
    "unknown_scope": "unknown activation scope {scope}",
    "unknown_track": "unknown track {track}",
    "unknown_rule": "unknown rule {rule}",
    "unknown_category": "unknown scoring category {category}",
    "unknown_counter": "unknown counter {counter}",
    "unknown_counter_cond": "unknown counter {counter} in condition",
    "condition": "cannot read condition {text}",
    "unknown_kind": "unknown kind {kind} in condition",
    "empty_option": "empty option in {text}",
    "gains_nothing": "option {option} gains nothing",
    "empty_cost": "empty alternative in cost {text}",
    # pydantic's own
    "required": "Field required",
    "literal": "Input should be {choices}",
    "integer": "Input should be a valid integer, unable to parse string as an integer",
    "integer_fraction": "Input should be a valid integer, got a number with a fractional part",
    "boolean": "Input should be a valid boolean, unable to interpret input",
    "at_least": "Input should be greater than or equal to {n}",
    "at_most": "Input should be less than or equal to {n}",
    "pattern": "String should match pattern {pattern}",
    "or": "{a} or {b}",
}
"""Every problem a pack check can report, as a template (message ids of the catalogues)."""

_SPECIAL = ("where_row", "where_field", "where", "got", "allowed", "setting_value", "or")


@cache
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """The templates as patterns, the most specific (most fixed text) first."""
    out = []
    for key, template in MESSAGES.items():
        if key in _SPECIAL:
            continue
        parts = re.split(r"\{(\w+)\}", template)
        rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                     for i, p in enumerate(parts))
        fixed = sum(len(p) for p in parts[::2])
        out.append((fixed, key, re.compile(f"^{rx}$", re.DOTALL)))
    return [(key, rx) for _, key, rx in sorted(out, key=lambda o: -o[0])]


def _t(lang: str, key: str, **params: Any) -> str:
    return gettext(lang, MESSAGES[key]).format(**params)


def _match(message: str, lang: str) -> str | None:
    for key, rx in _patterns():
        found = rx.match(message)
        if found:
            params = dict(found.groupdict())
            if key == "literal":
                params["choices"] = _choices(params["choices"], lang)
            return _t(lang, key, **params)
    return None


def say(message: str, lang: str) -> str:
    """``message`` (an English problem text) in ``lang``: its suffixes (``(got ...)``,
    ``; allowed: ...``) and its body, each by its template; unchanged where none fits."""
    if lang == "en":
        return message
    m = re.match(r"^(?P<body>.*); allowed: (?P<values>[^;()]*)$", message, re.DOTALL)
    if m:
        return _t(lang, "allowed", message=say(m["body"], lang), values=m["values"])
    m = re.match(r"^(?P<name>\w+): (?P<body>.*) \(got (?P<value>[^()]*)\)$", message,
                 re.DOTALL)
    if m and (body := _match(m["body"], lang)):
        return _t(lang, "setting_value", name=m["name"], message=body, value=m["value"])
    m = re.match(r"^(?P<body>.*) \(got (?P<value>[^()]*)\)$", message, re.DOTALL)
    if m and (body := _match(m["body"], lang)):
        return _t(lang, "got", message=body, value=m["value"])
    return _match(message, lang) or message


def _choices(text: str, lang: str) -> str:
    """Pydantic's "'a', 'b' or 'c'" with the language's "or"."""
    head, sep, last = text.rpartition(" or ")
    return _t(lang, "or", a=head, b=last) if sep else text


def problem(issue: Issue, lang: str) -> str:
    """An issue's message (without where it is) in ``lang``."""
    return say(issue.message, lang)


def where_and_what(issue: Issue, lang: str) -> str:
    """An issue in full, as :class:`Issue` says it, in ``lang`` (the CLI's line)."""
    where = issue.file
    if issue.row is not None:
        where = _t(lang, "where_row", file=where, row=issue.row)
    if issue.field:
        where = _t(lang, "where_field", where=where, field=repr(issue.field))
    return _t(lang, "where", where=where, message=problem(issue, lang))


def row_issues(file: str, model: type[Row], data: dict[str, str],
               errors: list[Any]) -> list[Issue]:
    """Pydantic's errors for one row of ``file``, worded as the pack check words them."""
    out = []
    for err in errors:
        fld = str(err["loc"][0]) if err["loc"] else None
        msg = err["msg"].removeprefix("Value error, ")
        got = data.get(fld or "")
        shown = f" (got {got!r})" if got is not None else ""
        extra = _allowed(model, fld) if fld and "allowed" not in msg else ""
        out.append(Issue(file, None, fld, f"{msg}{shown}{extra}"))
    return out
