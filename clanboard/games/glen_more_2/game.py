"""The Glen More II game object: options, set-up from a component pack, loading, agents."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

import clanboard.games.glen_more_2.encoding as encoding
from clanboard.core import Game, InvalidState, Move, Option, SearchHints, State
from clanboard.games.glen_more_2.agents import GlenMore2Hints, HeuristicAgent
from clanboard.games.glen_more_2.components import (
    components,
    known_packs,
    pack_hash,
    pack_names,
    shipped_names,
)
from clanboard.games.glen_more_2.load import from_json
from clanboard.games.glen_more_2.state import GlenMore2State
from clanboard.games.glen_more_2.store import installed

#: :func:`provisional_error` per pack name, with the components it was said of
_PROVISIONAL: dict[str, tuple[object, str | None]] = {}


def provisional_error(pack: str) -> str | None:
    """Why a game from ``pack`` needs ``provisional=true`` (None when nothing is): the
    settings by name, the other files by count (``clanboard pack provisional`` lists all).
    Said once per loaded pack (each new game asks)."""
    comp = components(pack)
    said = _PROVISIONAL.get(pack)
    if said is None or said[0] is not comp:
        said = _PROVISIONAL[pack] = (comp, _provisional_error(comp.provisional_entries, pack))
    return said[1]


def _provisional_error(prov: list[Any], pack: str) -> str | None:
    if not prov:
        return None
    settings = [e.key for e in prov if e.file == "settings.csv"]
    files: dict[str, int] = {}
    for e in prov:
        if e.file != "settings.csv":
            files[e.file] = files.get(e.file, 0) + 1
    rows = ", ".join(f"{n} rows of {f}" for f, n in files.items())
    return (f"the component pack {pack!r} has {len(prov)} provisional value(s): settings "
            f"{', '.join(settings) or 'none'}; {rows or 'no rows'}. Start the game with the "
            f"option provisional=true (CLI: --provisional; web lobby: the 'provisional' variant) "
            f"to play with them; "
            f"'clanboard pack provisional' lists each with its reason")


#: chronicles of the Highland Games box that this package does not play yet
NOT_BUILT: dict[int, str] = {}
#: chronicles chosen by an option of their own rather than in the chronicles list
BY_OPTION = {12: "the solo opponent Allenarly: start a 1-player game with the option "
                 "solo=true and a level (CLI: --solo --level reglar)"}


def check_chronicles(value: Any, built: tuple[str, ...]) -> Any:
    """``value`` of the chronicles option in a canonical form ('9', '9,10'), or a clear
    error for a chronicle that does not exist or is not built yet."""
    if not isinstance(value, str):
        return value  # the generic check names the type
    try:
        wanted = sorted({int(x) for x in value.replace(" ", "").split(",") if x})
    except ValueError:
        raise InvalidState(f"option 'chronicles' is a comma-separated list of chronicle "
                           f"numbers, e.g. 9; got {value!r}") from None
    playable = sorted({int(x) for c in built for x in c.split(",") if x})
    own = [c for c in wanted if c in BY_OPTION]
    if own:
        raise InvalidState("; ".join(f"chronicle {c} is {BY_OPTION[c]}" for c in own))
    later = [c for c in wanted if c in NOT_BUILT and c not in playable]
    if later:
        names = "; ".join(f"{c} ({NOT_BUILT[c]})" for c in later)
        raise InvalidState(f"chronicle(s) {names} of Glen More II: Highland Games are not "
                           f"built yet; playable now: {', '.join(map(str, playable)) or 'none'}")
    unknown = [c for c in wanted if c not in playable]
    if unknown:
        raise InvalidState(f"no chronicle {', '.join(map(str, unknown))} in Glen More II: "
                           f"Highland Games (chronicles 9-12); playable now: "
                           f"{', '.join(map(str, playable)) or 'none'}")
    return ",".join(map(str, wanted))


#: the chronicles of the Highland Games rulebook; any of them may be combined: the rulebook
#: forbids no combination, plays 10 with 9 (HG-RU 340) and sorts several chronicles'
#: rules "in ascending order" (HG-RU 882-884)
HIGHLAND_CHRONICLES = (9, 10, 11)
CHRONICLE_CHOICES = ("", *(",".join(map(str, c)) for k in (1, 2, 3)
                           for c in combinations(HIGHLAND_CHRONICLES, k)))


def check_pack(name: str, digest: str) -> str:
    """The content hash of pack ``name``; a clear error when no such pack is shipped or
    installed, or when ``digest`` (from a record or a saved game) names other content."""
    if name not in known_packs() and name not in pack_names():
        raise InvalidState(f"no component pack {name!r}; packs here: {', '.join(pack_names())} "
                           f"(install one with 'clanboard pack install DIR')")
    here = pack_hash(name)
    if digest and digest != here:
        raise InvalidState(f"this game was played with the component pack {name!r} of "
                           f"content {digest[:19]}, but the pack {name!r} here is "
                           f"{here[:19]}: install the pack it was played with "
                           f"('clanboard pack list' shows what is installed)")
    return here


SOLO_LEVELS = ("ablach", "dus", "reglar", "skelp", "bodach")
#: the two readings of HG-RU 181's «12 дополнительных маркеров кланов (3 каждого цвета)»
EXTRA_MARKER_READINGS = ("feasts", "supply")
#: the two readings of HG-RU 206's «только на те пиршества, которые никем не были выбраны»
FEAST_CLOSED_READINGS = ("marker", "chosen")


def check_solo(num_players: int, options: Mapping[str, Any]) -> None:
    """The solo mode is exactly the 1-player game (HG-RU 558-590)."""
    if options["solo"] and num_players != 1:
        raise InvalidState(f"solo=true is 1 player against Allenarly, not {num_players}; "
                           "start it with 1 player (CLI: --solo)")
    if not options["solo"] and num_players == 1:
        raise InvalidState("Glen More II is for 2-4 players; 1 player plays solo against "
                           "Allenarly: add the option solo=true (CLI: --solo)")


class GlenMore2(Game):
    id = "glen-more-2"
    name = "Glen More II: Chronicles"
    min_players = 2
    max_players = 4
    #: a 1-seat game is the solo mode against Allenarly (chronicle 12, option ``solo``)
    solo_players = 1
    options = (
        # no fixed choices: the packs installed (clanboard pack install) or added
        # (add_pack) after import are checked in check_options
        Option("pack", "provisional", "component pack: 'provisional' (shipped in the "
               "package) or one installed with 'clanboard pack install'"),
        Option("pack_hash", "", "the pack's content hash, filled in when the game starts: "
               "a record or a saved game names it, and loading it with a pack of other "
               "content is refused"),
        Option("provisional", False, "allow a pack with provisional (placeholder) values"),
        Option("chronicles", "", "Highland Games chronicles to play, ascending and comma "
               "separated, any combination: '9' (feasts), '10' (the Highland Games board), "
               "'11' (historic places), e.g. '9,10,11'", choices=CHRONICLE_CHOICES),
        Option("solo", False, "solo against Allenarly (chronicle 12): 1 player; she is "
               "moved by the rules (her action cards are chance draws)"),
        Option("level", "reglar", "Allenarly's level (solo only): ablach (very easy), dus "
               "(easy), reglar (normal), skelp (hard), bodach (very hard)",
               choices=SOLO_LEVELS),
        Option("extra_markers", "feasts", "chronicle 9's 3 extra clan markers per colour "
               "(HG-RU 181): 'feasts' (they go on feast cards; a 4th or 5th feast takes an "
               "ordinary clan marker) or 'supply' (they join the clan markers, 13 in all)",
               choices=EXTRA_MARKER_READINGS),
        Option("feast_closed", "marker", "chronicle 9's later bid stages (HG-RU 206-210): "
               "'marker' (a feast is closed once it holds a marker from an earlier stage, as "
               "in the rulebook's example) or 'chosen' (once anyone bid on it at an earlier "
               "stage, paid or not)", choices=FEAST_CLOSED_READINGS),
    )
    #: the shipped pack is provisional: front ends offer it as a preset
    variants = {"provisional": {"provisional": True}}
    #: filled in by the game (front ends do not ask for it)
    internal_options = ("pack_hash",)
    #: the RL adapters' names without a variant use this preset (the defaults refuse the
    #: provisional pack), so ``pyspiel.load_game("python_clanboard_glen_more_2")`` loads
    adapter_variant = "provisional"
    #: the stacks' order is never stored (drawn by chance), but chronicle 9's bids are
    #: secret until revealed: hidden by the observation and re-dealt by determinize
    imperfect_information = True
    simultaneous_moves = True
    zero_sum = False

    def offered_packs(self, allowed: Sequence[str] = ()) -> list[str]:
        """The packs a server's lobby offers: the shipped ones, then the installed packs
        among ``allowed`` (the owner's choice, ``clanboard serve --pack NAME``)."""
        here = installed()
        return [*shipped_names(), *(p for p in dict.fromkeys(allowed) if p in here)]

    def check_players(self, num_players: int | None) -> int:
        """2-4 players, or 1 for the solo mode (checked against ``solo`` at set-up)."""
        if num_players == self.solo_players:
            return num_players
        return super().check_players(num_players)

    def check_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        given = dict(options or {})
        if "chronicles" in given:
            built = next(o.choices or () for o in self.options if o.name == "chronicles")
            given["chronicles"] = check_chronicles(given["chronicles"], built)
        checked = super().check_options(given)
        checked["pack_hash"] = check_pack(checked["pack"], checked["pack_hash"])
        return checked

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        check_solo(num_players, options)
        chronicles = {int(x) for x in options["chronicles"].split(",") if x}
        chronicles |= {12} if options["solo"] else set()
        missing = chronicles - components(options["pack"]).pack.chronicles()
        if missing:
            raise InvalidState(f"the pack {options['pack']!r} lacks the components of chronicle(s) "
                               f"{', '.join(map(str, sorted(missing)))}")
        why = provisional_error(options["pack"])
        if why and not options["provisional"]:
            raise InvalidState(why)
        state = GlenMore2State(self, num_players, seed, options)
        state.setup()
        return state

    def _state_from_json(
        self, num_players: int, seed: int, options: dict[str, Any], body: Any
    ) -> State:
        check_solo(num_players, options)
        return from_json(self, num_players, seed, options, body)

    def agents(self) -> Mapping[str, Any]:
        return {"heuristic": HeuristicAgent}

    def search_hints(self) -> SearchHints:
        return GlenMore2Hints()

    def num_distinct_actions(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.num_actions(options)

    def max_chance_outcomes(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.num_chance(options)

    def observation_tensor_size(self, num_players: int, options: Mapping[str, Any]) -> int:
        return encoding.TENSOR_SIZE

    def observation_tensor_bounds(self, num_players: int, options: Mapping[str, Any]
                                  ) -> tuple[list[float], list[float]]:
        """Each tensor item's declared bounds (see the encoding; the RL adapters' Box)."""
        return encoding.observation_tensor_bounds(num_players, options)

    def max_game_length(self, num_players: int, options: Mapping[str, Any]) -> int:
        return 20_000

    def legal_actions(self, state: State, player: int) -> dict[int, Move]:
        return encoding.legal_actions(state, player)  # type: ignore[arg-type,return-value]

    def chance_actions(self, state: State) -> list[tuple[int, Move, float]]:
        return encoding.chance_actions(state)  # type: ignore[arg-type,return-value]
