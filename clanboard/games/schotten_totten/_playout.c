/* Random playouts of Schotten Totten without tactic cards, compiled.
 *
 * The rules are those of state.py (the reference): this file mirrors
 * SchottenState._play, _after_play, _claim, _after_claims, _draw_step, _deal,
 * _next_deal, _end_turn, _start_turn and _end_round for the base and expert variants,
 * single rounds and matches. Positions with tactic cards (the tactics variant, a Mud
 * Fight or Blind-Man's Bluff, cards under a deck, a Recruiter step) are out of scope:
 * playout() returns -1 without touching anything and the caller uses the Python loop.
 *
 * Random choices reproduce the generic loop exactly: at each decision the legal moves
 * are numbered in the order SchottenState.legal_moves() lists them and one is picked
 * with SplitMix64 as Rng.choice does (next_u64() % count). Deals take the top of the
 * deck, as sample_chance() does, and a new round of a match is shuffled with the
 * state's own generator as Rng.shuffle does. Same state and generator in, same final
 * position, history and generator states out, move for move.
 *
 * Cards are 0-53 (colour * 9 + value - 1); a set of cards is a 64-bit mask, a set of
 * stones a 9-bit mask. Proofs of unbeatable sides: best_completion() finds the
 * strongest side an opponent could still complete from the unseen cards by solving
 * each formation category on bitmasks, and claimability is cached per stone: within a
 * round the unseen pool only shrinks and sides only grow, so a proven stone stays
 * proven, and a completion found to beat the claimer ("witness") keeps disproving the
 * claim as long as its cards are still available.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define CLAN_CARDS 54
#define STONES 9
#define ALL_CLAN ((UINT64_C(1) << CLAN_CARDS) - 1)
#define ALL_STONES 0x1FFu
#define HAND_LIMIT 6 /* without tactics */
#define DEAL_CARDS (2 * HAND_LIMIT)
#define MOVE_LIMIT 100000 /* as the generic loop's guard */

enum { PLAY = 0, CLAIM = 1, DRAW = 2, RECRUIT_DRAW = 3, RECRUIT_RETURN = 4, OVER = 5 };
enum { EV_DEAL, EV_PLAY, EV_PASS, EV_CLAIM, EV_DONE };

#if defined(__GNUC__) || defined(__clang__)
#define POPCOUNT(x) __builtin_popcountll(x)
#define CTZ(x) __builtin_ctzll(x)
#define HIGH(x) (63 - __builtin_clzll(x))
#else
static int POPCOUNT(uint64_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
static int CTZ(uint64_t x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
static int HIGH(uint64_t x) { int n = -1; while (x) { x >>= 1; n++; } return n; }
#endif

/* ---- tables ------------------------------------------------------------------------ */

/* strength of each 3-card set (category * 100 + sum of values), by combinatorial rank
 * C(c,3) + C(b,2) + C(a,1) for cards a < b < c: 24,804 sets */
#define TRIPLES 24804
static int16_t TRIPLE[TRIPLES];
static int BINOM2[CLAN_CARDS], BINOM3[CLAN_CARDS];
static uint64_t VALUE_MASK[9]; /* the six cards of value v + 1 */

static int card_value(int c) { return c % 9 + 1; }

static int plain_strength(int a, int b, int c) /* as formations._plain_strength */
{
    int v[3] = {card_value(a), card_value(b), card_value(c)}, t;
    if (v[0] > v[1]) { t = v[0]; v[0] = v[1]; v[1] = t; }
    if (v[1] > v[2]) { t = v[1]; v[1] = v[2]; v[2] = t; }
    if (v[0] > v[1]) { t = v[0]; v[0] = v[1]; v[1] = t; }
    int total = v[0] + v[1] + v[2];
    int same_colour = a / 9 == b / 9 && b / 9 == c / 9;
    int run = v[1] == v[0] + 1 && v[2] == v[1] + 1;
    if (same_colour && run) return 400 + total;
    if (v[0] == v[2]) return 300 + total;
    if (same_colour) return 200 + total;
    if (run) return 100 + total;
    return total;
}

static int triple_rank(int a, int b, int c) /* a < b < c */
{
    return BINOM3[c] + BINOM2[b] + a;
}

static int mask_strength(uint64_t m) /* three clan cards */
{
    int a = CTZ(m);
    m &= m - 1;
    int b = CTZ(m);
    m &= m - 1;
    return TRIPLE[triple_rank(a, b, CTZ(m))];
}

static void build_tables(void)
{
    for (int n = 0; n < CLAN_CARDS; n++) {
        BINOM2[n] = n * (n - 1) / 2;
        BINOM3[n] = n * (n - 1) * (n - 2) / 6;
    }
    for (int c = 2; c < CLAN_CARDS; c++)
        for (int b = 1; b < c; b++)
            for (int a = 0; a < b; a++)
                TRIPLE[triple_rank(a, b, c)] = (int16_t)plain_strength(a, b, c);
    for (int v = 0; v < 9; v++) {
        VALUE_MASK[v] = 0;
        for (int col = 0; col < 6; col++) VALUE_MASK[v] |= UINT64_C(1) << (col * 9 + v);
    }
}

/* ---- proofs ------------------------------------------------------------------------ */

static unsigned value_bits(uint64_t m) /* which values (bit v - 1) the cards have */
{
    return (unsigned)((m | m >> 9 | m >> 18 | m >> 27 | m >> 36 | m >> 45) & ALL_STONES);
}

static int value_sum(uint64_t m)
{
    int s = 0;
    for (; m; m &= m - 1) s += card_value(CTZ(m));
    return s;
}

static uint64_t top_cards(uint64_t m, int k) /* the k highest-numbered cards of m */
{
    uint64_t out = 0;
    while (k-- > 0 && m) {
        uint64_t hi = UINT64_C(1) << HIGH(m);
        out |= hi;
        m ^= hi;
    }
    return out;
}

/* The strongest complete side (3 clan cards) containing `fixed` (0-2 cards) with the
 * rest from `pool`; -1 if the pool has too few cards. *witness gets one such side.
 * Categories are tried from the strongest down; within one, the highest sum. */
static int best_completion(uint64_t fixed, uint64_t pool, uint64_t *witness)
{
    pool &= ~fixed;
    int need = 3 - POPCOUNT(fixed);
    if (POPCOUNT(pool) < need) return -1;
    uint64_t avail = fixed | pool;
    int col0 = -1; /* the colour all fixed cards share, or -1 (none fixed), or -2 */
    if (fixed) {
        col0 = CTZ(fixed) / 9;
        if (fixed & ~((uint64_t)ALL_STONES << (col0 * 9))) col0 = -2;
    }
    /* colour-run: values i+1..i+3 of one colour */
    if (col0 != -2) {
        for (int i = 6; i >= 0; i--) {
            for (int col = 0; col < 6; col++) {
                if (col0 >= 0 && col != col0) continue;
                uint64_t r = UINT64_C(7) << (col * 9 + i);
                if ((r & fixed) == fixed && (r & avail) == r) {
                    *witness = r;
                    return 400 + 3 * i + 6;
                }
            }
        }
    }
    /* three of a kind */
    for (int v = 8; v >= 0; v--) {
        uint64_t m = VALUE_MASK[v];
        if ((fixed & ~m) == 0 && POPCOUNT(m & avail) >= 3) {
            *witness = fixed | top_cards(m & pool, need);
            return 300 + 3 * (v + 1);
        }
    }
    /* colour: the highest cards of one colour */
    if (col0 != -2) {
        int best = -1;
        for (int col = 0; col < 6; col++) {
            if (col0 >= 0 && col != col0) continue;
            uint64_t mine = pool & ((uint64_t)ALL_STONES << (col * 9));
            if (POPCOUNT(mine) < need) continue;
            uint64_t pick = top_cards(mine, need);
            int sum = value_sum(fixed | pick);
            if (sum > best) {
                best = sum;
                *witness = fixed | pick;
            }
        }
        if (best >= 0) return 200 + best;
    }
    /* run: values i+1..i+3, any colours */
    unsigned fv = value_bits(fixed), pv = value_bits(pool);
    if (POPCOUNT(fv) == POPCOUNT(fixed)) { /* distinct values */
        for (int i = 6; i >= 0; i--) {
            unsigned r = 7u << i;
            unsigned missing = r & ~fv;
            if ((fv & ~r) == 0 && (missing & ~pv) == 0) {
                uint64_t w = fixed;
                for (; missing; missing &= missing - 1)
                    w |= top_cards(pool & VALUE_MASK[CTZ(missing)], 1);
                *witness = w;
                return 100 + 3 * i + 6;
            }
        }
    }
    /* sum: the highest values left */
    uint64_t w = fixed;
    int left = need;
    for (int v = 8; v >= 0 && left; v--) {
        uint64_t pick = top_cards(pool & VALUE_MASK[v], left);
        left -= POPCOUNT(pick);
        w |= pick;
    }
    *witness = w;
    return value_sum(w);
}

/* ---- the position ------------------------------------------------------------------ */

typedef struct {
    int8_t actor;
    uint8_t kind, card, stone, legal;
    uint16_t claimable;
    uint8_t record; /* also goes into the state's history */
} Event;

typedef struct {
    uint64_t hands[2];
    uint8_t side[2][STONES][3]; /* cards in the order played */
    uint8_t count[2][STONES];
    uint64_t side_mask[2][STONES];
    int completed_at[2][STONES];
    int strength[2][STONES]; /* of complete sides, else -1 */
    int owner[STONES];
    unsigned owned[2];           /* stones each player holds */
    unsigned full[2];            /* stones where each side is complete */
    unsigned proven[2];          /* complete, unclaimed, known claimable */
    uint64_t witness[2][STONES]; /* a completion known to beat the side (0: none) */
    uint64_t seen;               /* clan cards on the table */
    uint8_t deck[CLAN_CARDS];    /* draw order, top = deck[deck_len - 1] */
    int deck_len;
    int to_move, phase, pending, pending_for, deal_left, claims_first, acted;
    int null_turns, ply, round, rounds, first_player, expert, auto_chance;
    int match_points[2];
    int new_winners[16], n_new_winners; /* appended to round_winners; -1 = draw */
    int reset; /* a new round was dealt */
    uint64_t *rng;       /* the playout's choices (the rng argument) */
    uint64_t *state_rng; /* the state's own generator (shuffles of new rounds) */
    Event *events;
    int n_events, cap_events, log;
} Game;

static uint64_t next_u64(uint64_t *s) /* SplitMix64, as clanboard.core.Rng */
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static int kth_bit(uint64_t m, int k) /* index of the k-th lowest set bit */
{
    while (k--) m &= m - 1;
    return CTZ(m);
}

static int event(Game *g, int actor, int kind, int card, int stone, int legal, unsigned cm,
                 int record)
{
    if (!g->log && !record) return 0;
    if (g->n_events == g->cap_events) {
        int cap = g->cap_events ? 2 * g->cap_events : 128;
        Event *e = PyMem_Realloc(g->events, (size_t)cap * sizeof(Event));
        if (!e) {
            PyErr_NoMemory();
            return -1;
        }
        g->events = e;
        g->cap_events = cap;
    }
    Event *e = &g->events[g->n_events++];
    e->actor = (int8_t)actor;
    e->kind = (uint8_t)kind;
    e->card = (uint8_t)card;
    e->stone = (uint8_t)stone;
    e->legal = (uint8_t)(legal > 255 ? 255 : legal);
    e->claimable = (uint16_t)cm;
    e->record = (uint8_t)record;
    return 0;
}

/* state.py can_claim, for complete side p at unclaimed stone s */
static int can_claim(Game *g, int p, int s)
{
    int q = 1 - p, mine = g->strength[p][s];
    if (g->count[q][s] == 3) {
        int theirs = g->strength[q][s];
        if (mine != theirs) return mine > theirs;
        return g->completed_at[p][s] < g->completed_at[q][s];
    }
    uint64_t fixed = g->side_mask[q][s], pool = ALL_CLAN & ~g->seen;
    uint64_t w = g->witness[p][s];
    if (w && (w & fixed) == fixed && (w & ~(fixed | pool)) == 0) return 0;
    uint64_t found = 0;
    if (best_completion(fixed, pool, &found) > mine) {
        g->witness[p][s] = found;
        return 0;
    }
    return 1;
}

/* state.py claimable(p), as a mask of stones */
static unsigned claimable(Game *g, int p)
{
    unsigned taken = g->owned[0] | g->owned[1];
    unsigned todo = g->full[p] & ~taken & ~g->proven[p];
    for (unsigned m = todo; m; m &= m - 1) {
        int s = CTZ(m);
        if (can_claim(g, p, s)) g->proven[p] |= 1u << s;
    }
    g->proven[p] &= ~taken;
    return g->proven[p];
}

static void reset_round(Game *g);

static void start_turn(Game *g, int p)
{
    g->to_move = p;
    g->acted = 0;
    g->phase = PLAY;
    if (g->expert && claimable(g, p)) {
        g->phase = CLAIM;
        g->claims_first = 1;
    }
}

static void end_round(Game *g, int winner) /* winner -1: a draw */
{
    g->new_winners[g->n_new_winners++] = winner;
    for (int q = 0; q < 2; q++)
        g->match_points[q] += q == winner ? 5 : POPCOUNT(g->owned[q]);
    if (g->round < g->rounds) {
        g->round++;
        g->first_player = 1 - g->first_player;
        reset_round(g);
    } else {
        g->phase = OVER;
    }
}

static void next_deal(Game *g)
{
    if (g->deal_left) {
        g->pending = 0;
        g->pending_for = g->first_player ^ (g->deal_left & 1);
    } else {
        start_turn(g, g->first_player);
    }
}

static void reset_round(Game *g) /* _reset_round + _shuffle_and_deal */
{
    memset(g->hands, 0, sizeof g->hands);
    memset(g->count, 0, sizeof g->count);
    memset(g->side_mask, 0, sizeof g->side_mask);
    memset(g->witness, 0, sizeof g->witness);
    for (int p = 0; p < 2; p++) {
        for (int s = 0; s < STONES; s++) g->completed_at[p][s] = g->strength[p][s] = -1;
        g->owned[p] = g->full[p] = g->proven[p] = 0;
    }
    for (int s = 0; s < STONES; s++) g->owner[s] = -1;
    g->seen = 0;
    g->to_move = g->first_player;
    g->phase = PLAY;
    g->pending = g->pending_for = -1;
    g->deal_left = g->claims_first = g->acted = g->null_turns = g->ply = 0;
    g->reset = 1;
    for (int c = 0; c < CLAN_CARDS; c++) g->deck[c] = (uint8_t)c;
    for (int i = CLAN_CARDS - 1; i > 0; i--) { /* Rng.shuffle */
        int j = (int)(next_u64(g->state_rng) % (uint64_t)(i + 1));
        uint8_t t = g->deck[i];
        g->deck[i] = g->deck[j];
        g->deck[j] = t;
    }
    g->deck_len = CLAN_CARDS;
    g->deal_left = DEAL_CARDS;
    next_deal(g);
}

static void end_turn(Game *g)
{
    g->null_turns = g->acted ? 0 : g->null_turns + 1;
    if (g->null_turns >= 2 && !claimable(g, 0) && !claimable(g, 1)) {
        /* neither player can make progress (see state.py) */
        int mine = POPCOUNT(g->owned[0]), theirs = POPCOUNT(g->owned[1]);
        end_round(g, mine == theirs ? -1 : (mine > theirs ? 0 : 1));
        return;
    }
    start_turn(g, 1 - g->to_move);
}

static void draw_step(Game *g)
{
    int p = g->to_move;
    if (POPCOUNT(g->hands[p]) >= HAND_LIMIT || !g->deck_len) {
        end_turn(g);
        return;
    }
    g->pending = 0; /* the clan deck; the phase stays as it is, as in state.py */
    g->pending_for = p;
}

static void after_play(Game *g)
{
    if (!g->expert && claimable(g, g->to_move)) {
        g->phase = CLAIM;
        g->claims_first = 0;
    } else {
        draw_step(g);
    }
}

static void after_claims(Game *g)
{
    if (g->claims_first) {
        g->claims_first = 0;
        g->phase = PLAY;
    } else {
        draw_step(g);
    }
}

static void play(Game *g, int p, int card, int s)
{
    uint64_t bit = UINT64_C(1) << card;
    g->acted = 1;
    g->hands[p] &= ~bit;
    g->side[p][s][g->count[p][s]++] = (uint8_t)card;
    g->side_mask[p][s] |= bit;
    g->seen |= bit;
    g->ply++;
    if (g->count[p][s] == 3) {
        g->completed_at[p][s] = g->ply;
        g->full[p] |= 1u << s;
        g->strength[p][s] = mask_strength(g->side_mask[p][s]);
    }
    after_play(g);
}

static void claim(Game *g, int p, int s)
{
    g->owner[s] = p;
    g->owned[p] |= 1u << s;
    g->acted = 1;
    unsigned m = g->owned[p];
    if (POPCOUNT(m) >= 5 || (m & m >> 1 & m >> 2))
        end_round(g, p);
    else if (!claimable(g, p))
        after_claims(g);
}

static int deal(Game *g, int record)
{
    int card = g->deck[--g->deck_len];
    if (event(g, -1, EV_DEAL, card, 0, 0, 0, record) < 0) return -1;
    g->hands[g->pending_for] |= UINT64_C(1) << card;
    g->pending = -1;
    if (g->deal_left) {
        g->deal_left--;
        next_deal(g);
    } else {
        end_turn(g);
    }
    return 0;
}

/* The generic loop (State.random_playout) on this position; returns the moves made. */
static long run(Game *g)
{
    long moves = 0;
    for (;;) {
        if (g->pending >= 0) { /* a chance node at the top of the loop: apply_trusted */
            if (deal(g, 1) < 0) return -1;
            while (g->auto_chance && g->pending >= 0) /* ... then resolve_chance */
                if (deal(g, 0) < 0) return -1;
            continue;
        }
        if (g->phase == OVER) return moves;
        if (++moves > MOVE_LIMIT) {
            PyErr_Format(PyExc_RuntimeError,
                         "schotten-totten: a random game did not end in %d moves", MOVE_LIMIT);
            return -1;
        }
        int p = g->to_move;
        if (g->phase == PLAY) { /* every clan card at every free stone, else pass */
            uint64_t hand = g->hands[p];
            unsigned free = ALL_STONES & ~(g->owned[0] | g->owned[1]) & ~g->full[p];
            int nc = POPCOUNT(hand), nf = POPCOUNT(free);
            if (nc && nf) {
                int n = nc * nf;
                int i = (int)(next_u64(g->rng) % (uint64_t)n);
                int card = kth_bit(hand, i / nf), s = kth_bit(free, i % nf);
                if (event(g, p, EV_PLAY, card, s, n, 0, 1) < 0) return -1;
                play(g, p, card, s);
            } else {
                next_u64(g->rng); /* Rng.choice of the single move */
                if (event(g, p, EV_PASS, 0, 0, 1, 0, 1) < 0) return -1;
                after_play(g);
            }
        } else { /* CLAIM: every provable stone, then done */
            unsigned cm = claimable(g, p);
            int n = POPCOUNT(cm) + 1;
            int i = (int)(next_u64(g->rng) % (uint64_t)n);
            if (i < n - 1) {
                int s = kth_bit(cm, i);
                if (event(g, p, EV_CLAIM, 0, s, n, cm, 1) < 0) return -1;
                claim(g, p, s);
            } else {
                if (event(g, p, EV_DONE, 0, 0, n, cm, 1) < 0) return -1;
                after_claims(g);
            }
        }
        while (g->auto_chance && g->pending >= 0) /* apply_trusted resolves chance */
            if (deal(g, 0) < 0) return -1;
    }
}

/* ---- Python glue ------------------------------------------------------------------- */

/* move values (set by init()): PLAYS[card * 9 + stone], CLAIMS[stone], DEALS[card] */
static PyObject *PLAYS, *CLAIMS, *DEALS, *DONE, *PASS;

static PyObject *S_hands, *S_sides, *S_completed_at, *S_owner, *S_full, *S_strength, *S_seen,
    *S_decks, *S_to_move, *S_phase, *S_pending, *S_pending_for, *S_deal_left,
    *S_claims_first, *S_acted, *S_null_turns, *S_ply, *S_round, *S_rounds, *S_first_player,
    *S_expert, *S_tactics, *S_auto_chance, *S_match_points, *S_round_winners, *S_history,
    *S_rng, *S_state, *S_mud, *S_blind, *S_bottom, *S_recruit_left, *S_hand_limit,
    *S_discard, *S_tactics_played, *S_jokers_played, *S_bottom_by;

/* 1: read, 0: out of scope, -1: error */
static int get_long(PyObject *obj, PyObject *name, long lo, long hi, long *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    if (!PyLong_Check(v)) {
        Py_DECREF(v);
        return 0;
    }
    long x = PyLong_AsLong(v);
    Py_DECREF(v);
    if (x == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (x < lo || x > hi) return 0;
    *out = x;
    return 1;
}

#define READ(name, lo, hi, dst)                                                        \
    do {                                                                               \
        long v_;                                                                       \
        int r_ = get_long(state, name, lo, hi, &v_);                                   \
        if (r_ <= 0) { ret = r_; goto done; }                                          \
        dst = (int)v_;                                                                 \
    } while (0)

static int list_ints(PyObject *list, Py_ssize_t n, long lo, long hi, int *out)
{
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != n) return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(list, i);
        if (!PyLong_Check(v)) return 0;
        long x = PyLong_AsLong(v);
        if ((x == -1 && PyErr_Occurred()) || x < lo || x > hi) {
            PyErr_Clear();
            return 0;
        }
        out[i] = (int)x;
    }
    return 1;
}

static int get_u64(PyObject *v, uint64_t *out)
{
    if (!PyLong_Check(v)) return 0;
    unsigned long long x = PyLong_AsUnsignedLongLong(v);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *out = x;
    return 1;
}

static int is_zero_pair(PyObject *state, PyObject *name) /* a list [0, 0] */
{
    PyObject *v = PyObject_GetAttr(state, name);
    if (!v) return -1;
    int pair[2], ok = list_ints(v, 2, 0, 0, pair);
    Py_DECREF(v);
    return ok;
}

/* Read the position into g; 1 when the kernel can play it, 0 when out of scope. */
static int read_state(PyObject *state, Game *g)
{
    int ret = 0, tactics = 1, expert = 0, auto_chance = 1, hand_limit = 0, mud = 1, blind = 1;
    int recruit_left = 1;
    PyObject *hands = NULL, *sides = NULL, *completed = NULL, *owner = NULL, *decks = NULL,
             *points = NULL;
    READ(S_tactics, 0, 1, tactics);
    if (tactics) goto done;
    READ(S_hand_limit, HAND_LIMIT, HAND_LIMIT, hand_limit);
    READ(S_mud, 0, 0, mud);
    READ(S_blind, 0, 0, blind);
    READ(S_recruit_left, 0, 0, recruit_left);
    (void)hand_limit, (void)mud, (void)blind, (void)recruit_left;
    READ(S_expert, 0, 1, expert);
    READ(S_auto_chance, 0, 1, auto_chance);
    READ(S_phase, 0, OVER, g->phase);
    if (g->phase != PLAY && g->phase != CLAIM && g->phase != OVER) goto done;
    READ(S_to_move, 0, 1, g->to_move);
    READ(S_pending, -1, 0, g->pending);
    READ(S_pending_for, -1, 1, g->pending_for);
    if (g->pending == 0 && g->pending_for < 0) goto done;
    READ(S_deal_left, 0, DEAL_CARDS, g->deal_left);
    READ(S_claims_first, 0, 1, g->claims_first);
    READ(S_acted, 0, 1, g->acted);
    READ(S_null_turns, 0, 1000000, g->null_turns);
    READ(S_ply, 0, 1000000, g->ply);
    READ(S_round, 1, 15, g->round);
    READ(S_rounds, 1, 15, g->rounds);
    READ(S_first_player, 0, 1, g->first_player);
    g->expert = expert;
    g->auto_chance = auto_chance;
    if ((ret = is_zero_pair(state, S_bottom)) <= 0) goto done;
    ret = 0;

    hands = PyObject_GetAttr(state, S_hands);
    sides = PyObject_GetAttr(state, S_sides);
    completed = PyObject_GetAttr(state, S_completed_at);
    owner = PyObject_GetAttr(state, S_owner);
    decks = PyObject_GetAttr(state, S_decks);
    points = PyObject_GetAttr(state, S_match_points);
    if (!hands || !sides || !completed || !owner || !decks || !points) {
        ret = -1;
        goto done;
    }
    if (!PyList_Check(hands) || PyList_GET_SIZE(hands) != 2 || !PyList_Check(sides) ||
        PyList_GET_SIZE(sides) != 2 || !PyList_Check(completed) ||
        PyList_GET_SIZE(completed) != 2 || !PyList_Check(decks) || PyList_GET_SIZE(decks) != 2)
        goto done;
    if (!list_ints(points, 2, 0, 1000, g->match_points)) goto done;
    if (!list_ints(owner, STONES, -1, 1, g->owner)) goto done;
    g->owned[0] = g->owned[1] = 0;
    for (int s = 0; s < STONES; s++)
        if (g->owner[s] >= 0) g->owned[g->owner[s]] |= 1u << s;
    uint64_t used = 0;
    int n_used = 0;
    g->seen = 0;
    for (int p = 0; p < 2; p++) {
        if (!get_u64(PyList_GET_ITEM(hands, p), &g->hands[p])) goto done;
        if (g->hands[p] & ~ALL_CLAN || g->hands[p] & used) goto done;
        used |= g->hands[p];
        n_used += POPCOUNT(g->hands[p]);
        if (!list_ints(PyList_GET_ITEM(completed, p), STONES, -1, 1000000,
                       g->completed_at[p]))
            goto done;
        PyObject *row = PyList_GET_ITEM(sides, p);
        if (!PyList_Check(row) || PyList_GET_SIZE(row) != STONES) goto done;
        g->full[p] = g->proven[p] = 0;
        for (int s = 0; s < STONES; s++) {
            PyObject *side = PyList_GET_ITEM(row, s);
            if (!PyList_Check(side) || PyList_GET_SIZE(side) > 3) goto done;
            int n = (int)PyList_GET_SIZE(side), cards[3];
            if (!list_ints(side, n, 0, CLAN_CARDS - 1, cards)) goto done;
            g->count[p][s] = (uint8_t)n;
            g->side_mask[p][s] = 0;
            g->witness[p][s] = 0;
            for (int i = 0; i < n; i++) {
                uint64_t bit = UINT64_C(1) << cards[i];
                if (used & bit) goto done;
                used |= bit;
                n_used++;
                g->side[p][s][i] = (uint8_t)cards[i];
                g->side_mask[p][s] |= bit;
            }
            g->seen |= g->side_mask[p][s];
            g->strength[p][s] = -1;
            if (n == 3) {
                g->full[p] |= 1u << s;
                g->strength[p][s] = mask_strength(g->side_mask[p][s]);
            }
        }
    }
    PyObject *clan = PyList_GET_ITEM(decks, 0), *tactic = PyList_GET_ITEM(decks, 1);
    if (!PyList_Check(clan) || !PyList_Check(tactic) || PyList_GET_SIZE(tactic) != 0 ||
        PyList_GET_SIZE(clan) > CLAN_CARDS)
        goto done;
    g->deck_len = (int)PyList_GET_SIZE(clan);
    for (int i = 0; i < g->deck_len; i++) {
        PyObject *v = PyList_GET_ITEM(clan, i);
        uint64_t x;
        if (!get_u64(v, &x) || x >= CLAN_CARDS || used >> x & 1) goto done;
        used |= UINT64_C(1) << x;
        n_used++;
        g->deck[i] = (uint8_t)x;
    }
    /* no card is elsewhere (the discard holds none without tactics) */
    if (used != ALL_CLAN || n_used != CLAN_CARDS) goto done;
    if (g->pending == 0 && !g->deck_len) goto done;
    g->n_new_winners = 0;
    g->reset = 0;
    ret = 1;
done:
    Py_XDECREF(hands);
    Py_XDECREF(sides);
    Py_XDECREF(completed);
    Py_XDECREF(owner);
    Py_XDECREF(decks);
    Py_XDECREF(points);
    return ret;
}

static int set_long(PyObject *obj, PyObject *name, long x)
{
    PyObject *v = PyLong_FromLong(x);
    if (!v) return -1;
    int r = PyObject_SetAttr(obj, name, v);
    Py_DECREF(v);
    return r;
}

/* replace the contents of `list` in place by n ints */
static int fill_list(PyObject *list, const int *vals, Py_ssize_t n)
{
    if (PyList_GET_SIZE(list) == n) {
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *v = PyLong_FromLong(vals[i]);
            if (!v) return -1;
            PyList_SetItem(list, i, v);
        }
        return 0;
    }
    if (PyList_SetSlice(list, 0, PyList_GET_SIZE(list), NULL) < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(vals[i]);
        if (!v || PyList_Append(list, v) < 0) {
            Py_XDECREF(v);
            return -1;
        }
        Py_DECREF(v);
    }
    return 0;
}

static PyObject *new_int_list(const int *vals, Py_ssize_t n)
{
    PyObject *list = PyList_New(0);
    if (list && fill_list(list, vals, n) < 0) Py_CLEAR(list);
    return list;
}

static int set_new_list(PyObject *state, PyObject *name, const int *vals, Py_ssize_t n)
{
    PyObject *list = new_int_list(vals, n);
    if (!list) return -1;
    int r = PyObject_SetAttr(state, name, list);
    Py_DECREF(list);
    return r;
}

static int set_pair_of_lists(PyObject *state, PyObject *name, const int *a, const int *b,
                             Py_ssize_t n)
{
    PyObject *x = new_int_list(a, n), *y = x ? new_int_list(b, n) : NULL;
    PyObject *pair = y ? PyList_New(2) : NULL;
    if (!pair) {
        Py_XDECREF(x);
        Py_XDECREF(y);
        return -1;
    }
    PyList_SET_ITEM(pair, 0, x);
    PyList_SET_ITEM(pair, 1, y);
    int r = PyObject_SetAttr(state, name, pair);
    Py_DECREF(pair);
    return r;
}

static PyObject *event_move(const Event *e)
{
    switch (e->kind) {
    case EV_DEAL: return PyList_GET_ITEM(DEALS, e->card);
    case EV_PLAY: return PyList_GET_ITEM(PLAYS, e->card * STONES + e->stone);
    case EV_PASS: return PASS;
    case EV_CLAIM: return PyList_GET_ITEM(CLAIMS, e->stone);
    default: return DONE;
    }
}

/* Write the final position back the way state.py would have left it. */
static int write_state(PyObject *state, Game *g)
{
    int ret = -1;
    PyObject *hands = NULL, *sides = NULL, *completed = NULL, *owner = NULL, *decks = NULL,
             *winners = NULL, *history = NULL;
    int scalars_ok =
        set_long(state, S_to_move, g->to_move) == 0 && set_long(state, S_phase, g->phase) == 0 &&
        set_long(state, S_pending, g->pending) == 0 &&
        set_long(state, S_pending_for, g->pending_for) == 0 &&
        set_long(state, S_deal_left, g->deal_left) == 0 &&
        set_long(state, S_null_turns, g->null_turns) == 0 &&
        set_long(state, S_ply, g->ply) == 0 && set_long(state, S_round, g->round) == 0 &&
        set_long(state, S_first_player, g->first_player) == 0;
    if (!scalars_ok) goto done;
    /* state.py keeps these as Python bools */
    if (PyObject_SetAttr(state, S_claims_first, g->claims_first ? Py_True : Py_False) < 0 ||
        PyObject_SetAttr(state, S_acted, g->acted ? Py_True : Py_False) < 0)
        goto done;
    PyObject *seen = PyLong_FromUnsignedLongLong(g->seen);
    if (!seen || PyObject_SetAttr(state, S_seen, seen) < 0) {
        Py_XDECREF(seen);
        goto done;
    }
    Py_DECREF(seen);
    PyObject *points = PyObject_GetAttr(state, S_match_points);
    if (!points || fill_list(points, g->match_points, 2) < 0) {
        Py_XDECREF(points);
        goto done;
    }
    Py_DECREF(points);
    int full[2] = {(int)g->full[0], (int)g->full[1]};
    if (set_new_list(state, S_full, full, 2) < 0) goto done;
    if (set_pair_of_lists(state, S_strength, g->strength[0], g->strength[1], STONES) < 0)
        goto done;

    if (g->reset) { /* a new round replaced every list: build new ones */
        PyObject *empty[2] = {NULL, NULL};
        int zeros[2] = {0, 0};
        if (set_new_list(state, S_tactics_played, zeros, 2) < 0 ||
            set_new_list(state, S_jokers_played, zeros, 2) < 0 ||
            set_new_list(state, S_bottom, zeros, 2) < 0 ||
            set_new_list(state, S_owner, g->owner, STONES) < 0 ||
            set_pair_of_lists(state, S_completed_at, g->completed_at[0], g->completed_at[1],
                              STONES) < 0 ||
            set_pair_of_lists(state, S_bottom_by, zeros, zeros, 0) < 0)
            goto done;
        PyObject *disc = PyList_New(0);
        if (!disc || PyObject_SetAttr(state, S_discard, disc) < 0) {
            Py_XDECREF(disc);
            goto done;
        }
        Py_DECREF(disc);
        PyObject *hs = PyList_New(2), *rows = PyList_New(2), *dks = PyList_New(2);
        if (!hs || !rows || !dks) goto fail_new;
        for (int p = 0; p < 2; p++) {
            PyObject *row = PyList_New(STONES);
            PyObject *h = PyLong_FromUnsignedLongLong(g->hands[p]);
            if (!row || !h) {
                Py_XDECREF(row);
                Py_XDECREF(h);
                goto fail_new;
            }
            PyList_SET_ITEM(hs, p, h);
            PyList_SET_ITEM(rows, p, row);
            for (int s = 0; s < STONES; s++) {
                int cards[3] = {g->side[p][s][0], g->side[p][s][1], g->side[p][s][2]};
                PyObject *side = new_int_list(cards, g->count[p][s]);
                if (!side) goto fail_new;
                PyList_SET_ITEM(row, s, side);
            }
        }
        int deck[CLAN_CARDS];
        for (int i = 0; i < g->deck_len; i++) deck[i] = g->deck[i];
        empty[0] = new_int_list(deck, g->deck_len);
        empty[1] = empty[0] ? PyList_New(0) : NULL;
        if (!empty[1]) {
            Py_XDECREF(empty[0]);
            goto fail_new;
        }
        PyList_SET_ITEM(dks, 0, empty[0]);
        PyList_SET_ITEM(dks, 1, empty[1]);
        if (PyObject_SetAttr(state, S_hands, hs) < 0 ||
            PyObject_SetAttr(state, S_sides, rows) < 0 ||
            PyObject_SetAttr(state, S_decks, dks) < 0)
            goto fail_new;
        Py_DECREF(hs);
        Py_DECREF(rows);
        Py_DECREF(dks);
        goto lists_done;
    fail_new:
        Py_XDECREF(hs);
        Py_XDECREF(rows);
        Py_XDECREF(dks);
        goto done;
    }

    /* the same round: update the lists in place, as state.py does */
    hands = PyObject_GetAttr(state, S_hands);
    sides = PyObject_GetAttr(state, S_sides);
    completed = PyObject_GetAttr(state, S_completed_at);
    owner = PyObject_GetAttr(state, S_owner);
    decks = PyObject_GetAttr(state, S_decks);
    if (!hands || !sides || !completed || !owner || !decks) goto done;
    if (fill_list(owner, g->owner, STONES) < 0) goto done;
    for (int p = 0; p < 2; p++) {
        PyObject *h = PyLong_FromUnsignedLongLong(g->hands[p]);
        if (!h) goto done;
        PyList_SetItem(hands, p, h);
        if (fill_list(PyList_GET_ITEM(completed, p), g->completed_at[p], STONES) < 0) goto done;
        PyObject *row = PyList_GET_ITEM(sides, p);
        for (int s = 0; s < STONES; s++) {
            PyObject *side = PyList_GET_ITEM(row, s);
            Py_ssize_t have = PyList_GET_SIZE(side);
            for (Py_ssize_t i = have; i < g->count[p][s]; i++) { /* sides only grow */
                PyObject *v = PyLong_FromLong(g->side[p][s][i]);
                if (!v || PyList_Append(side, v) < 0) {
                    Py_XDECREF(v);
                    goto done;
                }
                Py_DECREF(v);
            }
        }
    }
    { /* the deck only lost cards from its top */
        PyObject *clan = PyList_GET_ITEM(decks, 0);
        if (PyList_SetSlice(clan, g->deck_len, PyList_GET_SIZE(clan), NULL) < 0) goto done;
    }
lists_done:
    winners = PyObject_GetAttr(state, S_round_winners);
    if (!winners) goto done;
    for (int i = 0; i < g->n_new_winners; i++) {
        PyObject *w = g->new_winners[i] < 0 ? Py_None : PyLong_FromLong(g->new_winners[i]);
        if (g->new_winners[i] < 0) Py_INCREF(w);
        if (!w || PyList_Append(winners, w) < 0) {
            Py_XDECREF(w);
            goto done;
        }
        Py_DECREF(w);
    }
    history = PyObject_GetAttr(state, S_history);
    if (!history) goto done;
    for (int i = 0; i < g->n_events; i++) {
        const Event *e = &g->events[i];
        if (!e->record) continue;
        PyObject *actor = PyLong_FromLong(e->actor);
        PyObject *entry = actor ? PyTuple_Pack(2, actor, event_move(e)) : NULL;
        Py_XDECREF(actor);
        if (!entry || PyList_Append(history, entry) < 0) {
            Py_XDECREF(entry);
            goto done;
        }
        Py_DECREF(entry);
    }
    ret = 0;
done:
    Py_XDECREF(hands);
    Py_XDECREF(sides);
    Py_XDECREF(completed);
    Py_XDECREF(owner);
    Py_XDECREF(decks);
    Py_XDECREF(winners);
    Py_XDECREF(history);
    return ret;
}

static int get_rng(PyObject *rng, uint64_t *out)
{
    PyObject *v = PyObject_GetAttr(rng, S_state);
    if (!v) return -1;
    int ok = get_u64(v, out);
    Py_DECREF(v);
    if (!ok) PyErr_SetString(PyExc_ValueError, "an Rng's state must be a 64-bit integer");
    return ok ? 0 : -1;
}

static int set_rng(PyObject *rng, uint64_t x)
{
    PyObject *v = PyLong_FromUnsignedLongLong(x);
    if (!v) return -1;
    int r = PyObject_SetAttr(rng, S_state, v);
    Py_DECREF(v);
    return r;
}

PyDoc_STRVAR(playout_doc,
"playout(state, rng, log=None) -> int\n\n"
"Play uniformly random legal moves of a SchottenState without tactic cards to the end\n"
"of the game, in place, exactly as the generic loop State.random_playout would with\n"
"the same generators. Returns the number of player moves, or -1 (state untouched) when\n"
"the position is outside the kernel's scope. With a list `log`, appends one tuple\n"
"(actor, move, legal, claimable) per event: actor -1 for deals; legal is the number of\n"
"legal moves at the decision, claimable the mask of provable stones at a claim step.");

static PyObject *py_playout(PyObject *self, PyObject *args)
{
    PyObject *state, *rng, *log = Py_None;
    if (!PyArg_ParseTuple(args, "OO|O", &state, &rng, &log)) return NULL;
    if (!PLAYS) {
        PyErr_SetString(PyExc_RuntimeError, "_playout.init() has not been called");
        return NULL;
    }
    if (log != Py_None && !PyList_Check(log)) {
        PyErr_SetString(PyExc_TypeError, "log must be a list or None");
        return NULL;
    }
    Game g;
    int r = read_state(state, &g);
    if (r <= 0) return r < 0 ? NULL : PyLong_FromLong(-1);
    PyObject *state_rng_obj = PyObject_GetAttr(state, S_rng);
    if (!state_rng_obj) return NULL;
    uint64_t choices, own;
    if (get_rng(rng, &choices) < 0 || get_rng(state_rng_obj, &own) < 0) {
        Py_DECREF(state_rng_obj);
        return NULL;
    }
    int shared = state_rng_obj == rng; /* one generator for both */
    g.rng = &choices;
    g.state_rng = shared ? &choices : &own;
    g.events = NULL;
    g.n_events = g.cap_events = 0;
    g.log = log != Py_None;
    long moves = run(&g);
    PyObject *result = NULL;
    if (moves >= 0 && write_state(state, &g) == 0 && set_rng(rng, choices) == 0 &&
        (shared || set_rng(state_rng_obj, own) == 0)) {
        result = PyLong_FromLong(moves);
        for (int i = 0; result && g.log && i < g.n_events; i++) {
            const Event *e = &g.events[i];
            PyObject *t = Py_BuildValue("(iOiI)", e->actor, event_move(e), e->legal,
                                        (unsigned)e->claimable);
            if (!t || PyList_Append(log, t) < 0) Py_CLEAR(result);
            Py_XDECREF(t);
        }
    }
    PyMem_Free(g.events);
    Py_DECREF(state_rng_obj);
    return result;
}

PyDoc_STRVAR(shuffle_doc,
"shuffle(rng, list) -> None\n\n"
"Rng.shuffle(list) for a list of ints, with the same draws (SplitMix64).");

static PyObject *py_shuffle(PyObject *self, PyObject *args)
{
    PyObject *rng, *list;
    if (!PyArg_ParseTuple(args, "OO!", &rng, &PyList_Type, &list)) return NULL;
    uint64_t s;
    if (get_rng(rng, &s) < 0) return NULL;
    PyObject **items = ((PyListObject *)list)->ob_item;
    for (Py_ssize_t i = PyList_GET_SIZE(list) - 1; i > 0; i--) {
        Py_ssize_t j = (Py_ssize_t)(next_u64(&s) % (uint64_t)(i + 1));
        PyObject *t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
    if (set_rng(rng, s) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_best_completion(PyObject *self, PyObject *args)
{
    unsigned long long fixed, pool;
    if (!PyArg_ParseTuple(args, "KK", &fixed, &pool)) return NULL;
    if (POPCOUNT(fixed) > 2 || (fixed | pool) & ~ALL_CLAN) {
        PyErr_SetString(PyExc_ValueError, "0-2 fixed clan cards and a clan-card pool");
        return NULL;
    }
    uint64_t w = 0;
    int best = best_completion(fixed, pool, &w);
    return Py_BuildValue("(iK)", best, (unsigned long long)w);
}

static PyObject *py_triple_strength(PyObject *self, PyObject *args)
{
    unsigned long long m;
    if (!PyArg_ParseTuple(args, "K", &m)) return NULL;
    if (POPCOUNT(m) != 3 || m & ~ALL_CLAN) {
        PyErr_SetString(PyExc_ValueError, "three clan cards");
        return NULL;
    }
    return PyLong_FromLong(mask_strength(m));
}

static PyObject *py_init(PyObject *self, PyObject *args)
{
    PyObject *plays, *claims, *deals, *done_, *pass_;
    if (!PyArg_ParseTuple(args, "O!O!O!OO", &PyList_Type, &plays, &PyList_Type, &claims,
                          &PyList_Type, &deals, &done_, &pass_))
        return NULL;
    if (PyList_GET_SIZE(plays) != CLAN_CARDS * STONES || PyList_GET_SIZE(claims) != STONES ||
        PyList_GET_SIZE(deals) != CLAN_CARDS) {
        PyErr_SetString(PyExc_ValueError, "init(plays[54*9], claims[9], deals[54], done, pass)");
        return NULL;
    }
    Py_INCREF(plays);
    Py_INCREF(claims);
    Py_INCREF(deals);
    Py_INCREF(done_);
    Py_INCREF(pass_);
    Py_XSETREF(PLAYS, plays);
    Py_XSETREF(CLAIMS, claims);
    Py_XSETREF(DEALS, deals);
    Py_XSETREF(DONE, done_);
    Py_XSETREF(PASS, pass_);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"playout", py_playout, METH_VARARGS, playout_doc},
    {"shuffle", py_shuffle, METH_VARARGS, shuffle_doc},
    {"best_completion", py_best_completion, METH_VARARGS,
     "best_completion(fixed, pool) -> (strength, witness): the strongest 3-card side "
     "holding the clan cards `fixed` completed from `pool` (masks); -1 if impossible."},
    {"triple_strength", py_triple_strength, METH_VARARGS,
     "triple_strength(mask) -> int: the table's strength of three clan cards."},
    {"init", py_init, METH_VARARGS,
     "init(plays, claims, deals, done, pass): the move values the kernel hands back."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_playout",
    "Compiled random playouts of Schotten Totten without tactic cards (see _playout.c).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__playout(void)
{
    build_tables();
#define INTERN(var, text)                                                              \
    if (!(var = PyUnicode_InternFromString(text))) return NULL;
    INTERN(S_hands, "hands") INTERN(S_sides, "sides") INTERN(S_completed_at, "completed_at")
    INTERN(S_owner, "owner") INTERN(S_full, "full") INTERN(S_strength, "strength")
    INTERN(S_seen, "seen") INTERN(S_decks, "decks") INTERN(S_to_move, "to_move")
    INTERN(S_phase, "phase") INTERN(S_pending, "pending") INTERN(S_pending_for, "pending_for")
    INTERN(S_deal_left, "deal_left") INTERN(S_claims_first, "claims_first")
    INTERN(S_acted, "acted") INTERN(S_null_turns, "null_turns") INTERN(S_ply, "ply")
    INTERN(S_round, "round") INTERN(S_rounds, "rounds") INTERN(S_first_player, "first_player")
    INTERN(S_expert, "expert") INTERN(S_tactics, "tactics") INTERN(S_auto_chance, "auto_chance")
    INTERN(S_match_points, "match_points") INTERN(S_round_winners, "round_winners")
    INTERN(S_history, "history") INTERN(S_rng, "rng") INTERN(S_state, "state")
    INTERN(S_mud, "mud") INTERN(S_blind, "blind") INTERN(S_bottom, "bottom")
    INTERN(S_recruit_left, "recruit_left") INTERN(S_hand_limit, "hand_limit")
    INTERN(S_discard, "discard") INTERN(S_tactics_played, "tactics_played")
    INTERN(S_jokers_played, "jokers_played") INTERN(S_bottom_by, "bottom_by")
#undef INTERN
    return PyModule_Create(&module);
}
