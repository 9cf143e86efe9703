"""One numbering for people (issue 44, item 6): the terminal says "Player 1..N" in every
language, numbers every move list so that a number plays its move, echoes one's own move in
words, counts players with plural forms and says why a plug-in failed to load."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clanboard.cli import play as play_module
from clanboard.cli.main import app
from clanboard.core import get_game, make_agent, picture, play_game

runner = CliRunner()
PLAIN = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
PLAYER = {"en": "Player", "ru": "Игрок", "uk": "Гравець", "ja": "プレイヤー"}


def run(*args: str, keys: str = "") -> str:
    result = runner.invoke(app, list(args), input=keys, env=PLAIN)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("lang", "two", "two_to_five", "two_to_four"), [
    ("en", "(2 players)", "(2–5 players)", "(2–4 players)"),
    ("ru", "(2 игрока)", "(2–5 игроков)", "(2–4 игрока)"),
    ("uk", "(2 гравці)", "(2–5 гравців)", "(2–4 гравці)"),
    ("ja", "(2人)", "(2～5人)", "(2～4人)"),
])
def test_games_counts_players_in_words_with_plural_forms(lang: str, two: str, two_to_five: str,
                                                         two_to_four: str) -> None:
    out = run("games", "--lang", lang)
    lines = {line.split()[0]: line for line in out.splitlines() if line and line[0] != " "}
    assert lines["schotten-totten"].endswith(two)
    assert lines["glen-more"].endswith(two_to_five)
    assert lines["isle-of-skye"].endswith(two_to_five)
    assert lines["glen-more-2"].endswith(two_to_four)
    assert "2-2" not in out and "players)" not in out or lang == "en"


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ja"])
def test_a_number_from_a_grouped_list_plays_that_move_and_it_is_echoed(lang: str) -> None:
    """Schotten Totten's first list (54 moves) is shown by groups in words, ``1–9 Plays
    orange 1 at stone {1|..|9}``; the 10th move is the second group's first one, played
    when 10 is typed, and said in words."""
    state = get_game("schotten-totten").new_state(2, 4, {})
    tenth = state.parse_move(play_module._moves_in_order(state, 0)[9], 0)
    said = state.describe_move(tenth, 0, 0, None, lang)
    out = run("play", "schotten-totten", "--seed", "4", "--vs", "random", "--lang", lang,
              keys="10\nquit\n")
    groups = re.findall(r"^\s*(\d+)–(\d+) (.+)\{([^}]+)\}(.*)$", out, re.M)
    assert groups[0][:2] == ("1", "9") and groups[1][:2] == ("10", "18")
    head, tails, end = groups[1][2], groups[1][3].split("|"), groups[1][4]
    assert said.lower().endswith((head + tails[0] + end).lower())  # the move's words, no name
    assert re.search(rf"{PLAYER[lang]} ?1> {re.escape(said)}$", out, re.M), out
    assert "@" not in out.split("> ", 1)[1]  # words, never the notation
    assert "seat 0" not in out and "место 0" not in out and "席0" not in out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_short_list_is_numbered_one_by_one_in_words_and_a_number_plays_it(lang: str) -> None:
    state = get_game("glen-more").new_state(2, 3, {})
    short = state.legal_moves(0)
    assert len(short) <= play_module.SHORT_LIST
    out = run("play", "glen-more", "--seed", "3", "--vs", "random", "--lang", lang,
              keys="2\nquit\n")
    shown = dict(re.findall(r"^\s*(\d+)\. (.+)$", out, re.M)[:len(short)])
    for i, move in enumerate(short):
        said = state.describe_move(move, 0, 0, None, lang)
        assert shown[str(i + 1)].lower() in said.lower(), (shown, said)
    assert not any(re.search(r"\bT\d\d\b", line) for line in shown.values())  # no tile's id
    second = state.describe_move(short[1], 0, 0, None, lang)
    assert re.search(rf"{PLAYER[lang]} ?1> {re.escape(second)}$", out, re.M), out


def test_moves_that_read_the_same_keep_their_notation_apart(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two moves with the same words are told apart by their notation; Isle of Skye's ways
    to turn a tile on one square come as one group, told apart in words."""
    state = get_game("isle-of-skye").new_state(2, 5, {})
    turns = ["place L14 -4,0 r0", "place L14 -4,0 r2"]
    assert play_module._groups(turns) == {"place L14 -4,0 ": turns}
    said = play_module._group_words(state, turns, 0, None)
    assert said.endswith("left of the castle, {not turned|turned half round}"), said
    monkeypatch.setattr(play_module, "_menu_words", lambda *_: "Places the tile")
    assert play_module._group_words(state, turns, 0, None) == "place L14 -4,0 {r0|r2}"


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "--seat must be 1..2"), ("ru", "--seat должен быть от 1 до 2"),
    ("uk", "--seat має бути від 1 до 2"), ("ja", "--seat は1～2で指定してください")])
def test_seat_counts_from_one_and_a_bad_one_is_refused_in_words(lang: str, message: str) -> None:
    for bad in ("0", "3"):
        result = runner.invoke(app, ["play", "schotten-totten", "--seat", bad, "--lang", lang],
                               env=PLAIN)
        assert result.exit_code == 2 and message in result.output
    out = run("play", "schotten-totten", "--seed", "4", "--seat", "2", "--vs", "random",
              "--lang", lang, keys="quit\n")
    assert re.search(rf"{PLAYER[lang]} ?2> ", out)  # the second seat: the AI moved first


def test_replay_seat_counts_from_one(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "schotten-totten", "--seed", "2", "--vs", "random", "--save", str(path),
        keys="1\n" * 300)
    out = run("replay", str(path), "--no-step", "--seat", "2")
    assert "your hand:" in out
    result = runner.invoke(app, ["replay", str(path), "--seat", "0"], env=PLAIN)
    assert result.exit_code == 2 and "--seat must be 1..2" in " ".join(result.output.split())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_plugin_that_failed_to_load_says_why(monkeypatch: pytest.MonkeyPatch,
                                               lang: str) -> None:
    monkeypatch.setattr(play_module, "discovery_errors", lambda: {
        "pebbles": "clanboard_pebbles:GAME: ModuleNotFoundError: No module named 'numpy'"})
    monkeypatch.setattr(play_module, "agent_plugin_errors", lambda: {
        "ismcts": "clanboard.ai:ismcts: ImportError: cannot import name 'x'"})
    result = runner.invoke(app, ["play", "pebbles", "--lang", lang], env=PLAIN)
    assert result.exit_code == 2
    why = {"en": "The plug-in {} could not be loaded:",
           "ru": "Не удалось загрузить плагин {}:"}[lang]
    out = " ".join(result.output.split())
    assert why.format("pebbles") + " clanboard_pebbles:GAME: ModuleNotFoundError" in out
    assert why.format("ismcts") + " clanboard.ai:ismcts: ImportError" in out
    assert why.format("pebbles") in " ".join(run("games", "--lang", lang).split())


def test_no_plugin_error_no_word() -> None:
    assert "plug-in" not in run("games")


@pytest.mark.parametrize("game_id", ["schotten-totten", "glen-more", "isle-of-skye",
                                     "glen-more-2"])
@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ja"])
def test_boards_number_players_from_one(game_id: str, lang: str) -> None:
    game = get_game(game_id)
    options = {"provisional": True} if game_id == "glen-more-2" else {}
    state = game.new_state(2, 5, options)
    agents = [make_agent(game, "random", seed=s) for s in range(2)]
    middle = state.clone()
    for _ in range(12):
        if middle.is_terminal():
            break
        seat = middle.players_to_move()[0]
        middle.apply(agents[seat].choose(middle, seat), seat)
    play_game(state, agents)
    for shown in (state, middle):
        for viewer in (None, 0, 1):
            board = picture(shown, viewer, lang)
            assert not re.search(r"(?i)\b(player|seat|игрок|гравець|место|місце) ?0\b|"
                                 r"プレイヤー0|席", board), board
    final = picture(state, None, lang)
    assert f"{PLAYER[lang]} 1" in final or f"{PLAYER[lang]}1" in final
    assert not re.search(r"\[\d", final), final  # numbers, never a JSON list


@pytest.mark.parametrize("command", [
    ["arena", "schotten-totten", "--agents", "deep,random", "--games", "2"],
    ["selfplay", "schotten-totten", "--agents", "deep,random", "--games", "1", "--out",
     "unused-folder"],
    ["bot", "--create", "schotten-totten", "--agent", "deep", "--token", "x" * 32],
])
def test_other_commands_say_why_a_plugin_failed_when_they_fail(
        monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    """An agent plug-in ``deep`` failed to load, so the agent is missing: the error is
    followed by the reason."""
    monkeypatch.setattr(play_module, "agent_plugin_errors", lambda: {
        "deep": "deep_agent:make: ImportError: cannot import name 'torch'"})
    result = runner.invoke(app, command, env=PLAIN)
    assert result.exit_code == 2, result.output
    out = " ".join(result.output.split())
    assert "no agent 'deep'" in out or command[0] == "bot"  # the bot finds no server first
    assert "The plug-in deep could not be loaded: deep_agent:make: ImportError" in out
