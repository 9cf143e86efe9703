"""Terminal pictures and illegal-move reasons in four languages: every word of a game's
``render`` and every reason a move is refused goes through the catalogues, so a Russian,
Ukrainian or Japanese picture keeps no English word and a refusal can be said in each
language, while the English text stays as it was."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from clanboard.core import IllegalMove, State, Text, get_game, picture
from clanboard.i18n import ai_name, default_names

GAMES: dict[str, tuple[dict[str, object], int]] = {
    "schotten-totten": ({}, 2), "glen-more": ({}, 3), "isle-of-skye": ({}, 3)}
OTHERS = ("ru", "uk", "ja")
SCRIPT = {"ru": re.compile("[А-Яа-яЁё]"), "uk": re.compile("[А-Яа-яІіЇїЄєҐґ]"),
          "ja": re.compile("[\u3040-\u30ff\u4e00-\u9fff]")}
#: English words the pictures and reasons used before they were translated; none may be
#: left in another language (move notation in quotes and tile ids are not words)
ENGLISH = frozenset(re.findall(r"\w+", """
    player players round phase stone stones hand opponent deck discard wins draw track
    market coins whisky chieftains chieftain cards tiles tile gold bag income scoring final
    winner winners cost river road terrain pasture mountain water pricing bought build
    committed choosing turn activated movement points grid stacks scorings done filled the
    you your holds match clan tactic game over move moves icons scrolls catch ahead last
    start already claimed claim cannot not possible legal step now only must with from
    there
"""))
QUOTED = re.compile(r"'[a-z][^']*'")  # notation: 'offer L05 L12=3 L40=2'
MARKUP = re.compile(r"\[/?[a-z_ 0-9]*\]")


def english_words(text: str) -> set[str]:
    plain = QUOTED.sub(" ", MARKUP.sub(" ", text))
    return {w.lower() for w in re.findall(r"\b[A-Za-z]{3,}\b", plain)} & ENGLISH


def positions(game_id: str, seed: int) -> list[State]:
    """The start, a few positions along a random game, and its end."""
    options, players = GAMES[game_id]
    state = get_game(game_id).new_state(players, seed, options)
    rng = random.Random(seed)
    out = [state.clone()]
    moves = 0
    while not state.is_terminal():
        seat = state.players_to_move()[0]
        state.apply(rng.choice(state.legal_moves(seat)), seat)
        moves += 1
        if moves % 17 == 0:
            out.append(state.clone())
    out.append(state)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_pictures_keep_no_english_word_in_other_languages(game_id: str) -> None:
    for state in positions(game_id, 5):
        for viewer in [None, *range(state.num_players)]:
            english = state.render(viewer)
            assert state.render(viewer, lang="en") == english  # the default is English
            assert english_words(english)  # the list does name the English words
            for lang in OTHERS:
                text = state.render(viewer, lang=lang)
                assert SCRIPT[lang].search(text), (lang, text[:200])
                assert english_words(text) == set(), (lang, english_words(text), text)


def test_picture_draws_a_game_whose_render_takes_no_language() -> None:
    state = get_game("schotten-totten").new_state()

    class Old(type(state)):  # type: ignore[misc]
        def render(self, player: int | None = None) -> str:  # type: ignore[override]
            return "old picture"

    old = state.clone()
    old.__class__ = Old
    assert picture(old, 0, "ru") == "old picture"
    assert picture(state, 0, "ru") == state.render(0, lang="ru") != state.render(0)


def _refusals(game_id: str, seed: int, limit: int = 60) -> list[IllegalMove]:
    """Moves of other positions, other seats and garbage tried along a random game."""
    options, players = GAMES[game_id]
    state = get_game(game_id).new_state(players, seed, options)
    rng = random.Random(seed)
    seen: list[str] = []
    out: list[IllegalMove] = []
    while not state.is_terminal() and len(out) < limit:
        seat = state.players_to_move()[0]
        legal = state.legal_moves(seat)
        for text in rng.sample(seen, min(3, len(seen))) + ["nonsense 42"]:
            for who in (seat, (seat + 1) % state.num_players):
                try:
                    state.clone().apply(text, who)
                except IllegalMove as exc:
                    out.append(exc)
        move = rng.choice(legal)
        seen.append(str(move))
        state.apply(move, seat)
    try:
        state.apply(seen[0], 0)
    except IllegalMove as exc:
        out.append(exc)
    return out


def notation(text: Text) -> list[str]:
    """The parameters of a reason that are data, not words: move notation, the forms of the
    notation, tile ids (nested reasons included); the longest first."""
    out: list[str] = []
    for value in text.params.values():
        if isinstance(value, Text):
            out += notation(value)
        elif isinstance(value, str):
            out.append(value)
    return sorted(out, key=len, reverse=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_is_said_in_each_language(game_id: str) -> None:
    refusals = _refusals(game_id, 3)
    assert len(refusals) > 30
    for exc in refusals:
        assert isinstance(exc.reason, Text), exc.reason
        assert exc.reason_in("en") == exc.reason == str(exc).split(". Allowed:")[0]
        for lang in OTHERS:
            said = exc.reason_in(lang)
            assert SCRIPT[lang].search(said), (lang, said)
            words = said
            for data in notation(exc.reason):
                words = words.replace(data, " ")
            assert "{" not in said and english_words(words) == set(), (lang, said)


def test_known_english_reasons_are_unchanged() -> None:
    st = get_game("schotten-totten").new_state(seed=1)
    with pytest.raises(IllegalMove, match=r"^cannot read 'zz': moves look like "):
        st.apply("zz")
    with pytest.raises(IllegalMove) as info:
        st.apply("claim 3")
    assert info.value.reason == "claims are made in the claim step, now it is the play step"
    assert info.value.reason_in("ru") == ("камни захватывают на этапе захвата, а сейчас этап "
                                          "«розыгрыш карты»")
    gm = get_game("glen-more").new_state(2, seed=1)
    with pytest.raises(IllegalMove) as info:
        gm.apply("take T99")
    assert info.value.reason == "there is no tile T99; tiles are T01-T67 (S1-S5 start)"
    assert info.value.reason_in("ja").startswith("タイルT99はありません")


def test_a_reason_survives_pickling_with_its_parameters() -> None:
    text = Text("stone {stone} is already claimed", stone=4)
    back = pickle.loads(pickle.dumps(text))
    assert back == "stone 4 is already claimed" and back.render("uk") == "камінь 4 уже захоплено"


def test_ai_seat_names_read_as_a_level_in_each_language() -> None:
    assert ai_name("ismcts:hard", "en") == "AI — hard"
    assert ai_name("ismcts:hard", "ru") == "ИИ — сложный"
    assert ai_name("ismcts:easy", "uk") == "ШІ — легкий"
    assert ai_name("random", "ja") == "AI — ランダム"
    assert ai_name("ismcts:2s", "ru") == "ИИ — 2s"  # no word for it: as it is
    stored = ["Anna", "Player 2", "AI (ismcts:normal)", "AI (heuristic)"]
    assert default_names(stored, "en") == ["Anna", "Player 2", "Stewart (AI, normal)",
                                           "Gordon (AI, quick)"]
    assert default_names(stored, "ru") == ["Anna", "Игрок 2", "Стюарт (ИИ, средний)",
                                           "Гордон (ИИ, быстрый)"]
