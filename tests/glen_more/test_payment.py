"""The market arithmetic decides payability exactly: checked against a brute-force search
over every order of selling, paying and buying."""

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from clanboard.games.glen_more.data import ANY, DISTINCT, FIXED
from clanboard.games.glen_more.market import payable


@cache
def _search(have, market, coins, mode, owed, left, used):
    if (sum(owed) if mode == FIXED else left) == 0:
        return True
    for k in range(5):
        if have[k] and market[k]:  # sell one
            h, m = list(have), list(market)
            h[k] -= 1
            m[k] -= 1
            if _search(tuple(h), tuple(m), coins + market[k], mode, owed, left, used):
                return True
        wanted = owed[k] > 0 if mode == FIXED else (
            not used >> k & 1 if mode == DISTINCT else True)
        if not wanted:
            continue
        o = list(owed)
        if mode == FIXED:
            o[k] -= 1
        nl, nu = (left, used) if mode == FIXED else (left - 1, used | 1 << k)
        if have[k]:  # pay with one's own
            h = list(have)
            h[k] -= 1
            if _search(tuple(h), market, coins, mode, tuple(o), nl, nu):
                return True
        if market[k] < 3 and coins > market[k]:  # buy it
            m = list(market)
            m[k] += 1
            if _search(have, tuple(m), coins - m[k], mode, tuple(o), nl, nu):
                return True
    return False


counts = st.lists(st.integers(0, 2), min_size=5, max_size=5)
rows = st.lists(st.integers(0, 3), min_size=5, max_size=5)


@settings(max_examples=300, deadline=None)
@given(have=counts, market=rows, coins=st.integers(0, 7),
       owed=st.lists(st.integers(0, 1), min_size=5, max_size=5),
       mode=st.sampled_from([FIXED, DISTINCT, ANY]), left=st.integers(0, 3))
def test_payable_matches_exhaustive_search(have, market, coins, owed, mode, left):
    if mode == FIXED:
        left = 0
    else:
        owed = [0] * 5
    expect = _search(tuple(have), tuple(market), coins, mode, tuple(owed), left, 0)
    assert payable(list(have), list(market), coins, mode, list(owed), left, 0) == expect
