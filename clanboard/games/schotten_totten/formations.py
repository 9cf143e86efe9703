"""Formation strengths and the best completion an opponent could still reach.

A strength is ``category * 100 + sum of values`` so that plain integer comparison
ranks formations: colour-run (4) > three (or four) of a kind (3) > colour (2) >
run (1) > sum (0). Under Blind-Man's Bluff only the sum counts (category 0).
Ties on strength go to the side completed first (decided by the caller).

Three concrete clan cards — by far the commonest case — are looked up in a table
built once; elite troops (jokers, spy, shield bearer), Mud Fight's four cards and
completions from the unseen cards go through :func:`best_strength`, which solves
each category directly instead of enumerating card combinations.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, permutations

from clanboard.games.schotten_totten.cards import CLAN_CARDS, WILD_VALUES, bits, colour, value

COLOUR_RUN, KIND, COLOUR, RUN, SUM = 4, 3, 2, 1, 0
CATEGORY_NAMES: dict[int, str] = {COLOUR_RUN: "colour-run", KIND: "three of a kind",
                                  COLOUR: "colour", RUN: "run", SUM: "sum"}


def _plain_strength(cards: tuple[int, ...]) -> int:
    """Strength of concrete clan cards forming a complete side (any size)."""
    values = sorted(value(c) for c in cards)
    total = sum(values)
    same_colour = len({colour(c) for c in cards}) == 1
    is_run = all(values[i + 1] == values[i] + 1 for i in range(len(values) - 1))
    if same_colour and is_run:
        return COLOUR_RUN * 100 + total
    if values[0] == values[-1]:
        return KIND * 100 + total
    if same_colour:
        return COLOUR * 100 + total
    if is_run:
        return RUN * 100 + total
    return total


def _build_triples() -> dict[int, int]:
    table = {}
    for trio in combinations(range(CLAN_CARDS), 3):
        table[(1 << trio[0]) | (1 << trio[1]) | (1 << trio[2])] = _plain_strength(trio)
    return table


#: strength of every set of three clan cards, keyed by its bitmask
TRIPLE_STRENGTH: dict[int, int] = _build_triples()


def category(strength: int) -> int:
    return strength // 100


@cache
def _completions(fixed_mask: int) -> tuple[tuple[int, int], ...]:
    """All triples containing ``fixed_mask`` (0-2 cards), strongest first."""
    others = [c for c in range(CLAN_CARDS) if not fixed_mask >> c & 1]
    k = 3 - bin(fixed_mask).count("1")
    rows = []
    for extra in combinations(others, k):
        mask = fixed_mask
        for c in extra:
            mask |= 1 << c
        rows.append((TRIPLE_STRENGTH[mask], mask))
    rows.sort(reverse=True)
    return tuple(rows)


_WITNESS: dict[int, int] = {}


def can_beat_plain(fixed_mask: int, pool: int, target: int) -> bool:
    """Whether three concrete cards containing ``fixed_mask`` (0-2 clan cards), completed
    from ``pool``, can have a strength above ``target`` (the fast path of proofs).

    The last completion found to beat ``target`` is remembered: the unseen pool only
    shrinks during a round, so while that completion is still available the answer
    stands without a new search."""
    avail = fixed_mask | pool
    key = fixed_mask << 10 | target
    witness = _WITNESS.get(key)
    if witness is not None and witness & avail == witness:
        return True
    for strength, mask in _completions(fixed_mask):
        if strength <= target:
            return False
        if mask & avail == mask:
            _WITNESS[key] = mask
            return True
    return False


def best_plain(fixed_mask: int, pool: int) -> int:
    """The strongest three concrete clan cards containing ``fixed_mask`` (0-3 cards),
    completed from ``pool`` (the common case of :func:`best_strength`, by table); -1
    if the pool cannot complete the side."""
    if fixed_mask.bit_count() == 3:
        return TRIPLE_STRENGTH[fixed_mask]
    avail = fixed_mask | pool
    for strength, mask in _completions(fixed_mask):
        if mask & avail == mask:
            return strength
    return -1


def _value_cards(values: tuple[int, ...]) -> int:
    return sum(1 << c for c in range(CLAN_CARDS) if value(c) in values)


#: per elite troop, the clan cards whose value it may take (any colour)
WILD_CARDS = {w: _value_cards(vs) for w, vs in WILD_VALUES.items()}
_COLOUR_CARDS = [sum(1 << (col * 9 + v) for v in range(9)) for col in range(6)]


def best_plain_wild(fixed_mask: int, pool: int, wild: int) -> int:
    """:func:`best_strength` of three cards — the concrete clan cards ``fixed_mask``
    (0-2), the elite troop ``wild`` and the rest from ``pool`` — by table: the
    strongest triple containing ``fixed_mask`` whose one card missing from the pool
    the wild can stand for. A wild may also copy a card's colour and value, which
    only a colour can gain from; that case is solved directly. -1 if none."""
    stands_for = WILD_CARDS[wild]
    best = -1
    for strength, mask in _completions(fixed_mask):
        rest = mask & ~fixed_mask
        missing = rest & ~pool
        if missing:
            if not missing & (missing - 1) and missing & stands_for:
                best = strength
                break
        elif rest & stands_for:
            best = strength
            break
    if best >= KIND * 100:
        return best  # no colour beats it
    need = 2 - fixed_mask.bit_count()
    top_wild = WILD_VALUES[wild][0]
    for cards in _COLOUR_CARDS:
        if fixed_mask & ~cards:
            continue
        values = sorted((value(c) for c in bits(pool & cards)), reverse=True)[:need]
        if len(values) == need:
            total = sum(value(c) for c in bits(fixed_mask)) + top_wild + sum(values)
            best = max(best, COLOUR * 100 + total)
    return best


def best_strength(
    fixed: list[int], wilds: list[int], pool: int, size: int, blind: bool = False
) -> int:
    """The strongest formation of ``size`` cards made of the concrete clan cards
    ``fixed``, the elite troops ``wilds`` (each given its best colour and value) and
    ``size - len(fixed) - len(wilds)`` cards chosen from the bitmask ``pool``.

    Returns -1 if the pool holds too few cards to complete the side.
    """
    need = size - len(fixed) - len(wilds)
    pool_cards = bits(pool) if need else []
    if need > len(pool_cards):
        return -1
    fixed_values = [value(c) for c in fixed]
    wild_domains = [WILD_VALUES[w] for w in wilds]
    if not blind:
        for cat, solve in _SOLVERS:
            total = solve(fixed, fixed_values, wild_domains, pool_cards, need, size)
            if total >= 0:
                return cat * 100 + total
    top = sorted((value(c) for c in pool_cards), reverse=True)[:need]
    return sum(fixed_values) + sum(d[0] for d in wild_domains) + sum(top)


def _cover(missing: list[int], domains: list[tuple[int, ...]], pool_has) -> bool:
    """Can the wild cards take distinct missing values (within their domains) so that
    every other missing value is available from the pool?"""
    for chosen in permutations(missing, len(domains)):
        if all(v in d for v, d in zip(chosen, domains, strict=True)):
            rest = set(missing) - set(chosen)
            if all(pool_has(v) for v in rest):
                return True
    return False


def _highest_run(fixed_values, domains, available: set[int], size: int) -> int:
    """Sum of the highest run of ``size`` values containing ``fixed_values`` whose missing
    values the wild cards and the ``available`` values can supply; -1 if none."""
    for top in range(9, size - 1, -1):
        run = range(top - size + 1, top + 1)
        if any(v not in run for v in fixed_values):
            continue
        missing = [v for v in run if v not in fixed_values]
        if _cover(missing, domains, available.__contains__):
            return sum(run)
    return -1


def _colour_run(fixed, fixed_values, domains, pool_cards, need, size) -> int:
    colours = {colour(c) for c in fixed}
    if len(colours) > 1 or len(set(fixed_values)) != len(fixed_values):
        return -1
    return max(
        _highest_run(fixed_values, domains, {value(c) for c in pool_cards if colour(c) == col},
                     size)
        for col in colours or range(6)
    )


def _kind(fixed, fixed_values, domains, pool_cards, need, size) -> int:
    for v in range(9, 0, -1):
        if any(x != v for x in fixed_values) or any(v not in d for d in domains):
            continue
        if sum(1 for c in pool_cards if value(c) == v) >= need:
            return v * size
    return -1


def _colour(fixed, fixed_values, domains, pool_cards, need, size) -> int:
    colours = {colour(c) for c in fixed}
    if len(colours) > 1:
        return -1
    base = sum(fixed_values) + sum(d[0] for d in domains)
    best = -1
    for col in colours or range(6):
        top = sorted((value(c) for c in pool_cards if colour(c) == col), reverse=True)
        if len(top) >= need:
            best = max(best, base + sum(top[:need]))
    return best


def _run(fixed, fixed_values, domains, pool_cards, need, size) -> int:
    if len(set(fixed_values)) != len(fixed_values):
        return -1
    return _highest_run(fixed_values, domains, {value(c) for c in pool_cards}, size)


_SOLVERS = ((COLOUR_RUN, _colour_run), (KIND, _kind), (COLOUR, _colour), (RUN, _run))


def describe(strength: int) -> str:
    return f"{CATEGORY_NAMES[category(strength)]} ({strength % 100})"
