"""The whole terminal speaks the user's language (``--lang``, before or after the command,
or ``LANG``): every command's ``--help`` (its own help and typer's frame around it), the
errors of a bad command line, and the output of ``serve``, ``vapid-keys`` and ``bench``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from clanboard.cli import localize
from clanboard.cli.lang import set_language
from clanboard.cli.main import app
from clanboard.core import register
from clanboard.i18n import gettext
from tests.support.toygame import TOY

register(TOY)
runner = CliRunner()
LANGS = ("ru", "uk", "ja")
#: no language in the environment: only --lang chooses; wide, so that no line is wrapped
PLAIN = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "COLUMNS": "2000"}
#: typer's own English words in a help page
FRAME = ("Usage:", "[OPTIONS]", "Arguments", "Options", "Commands", "Show this message",
         "[default:", "[required]", "[env var:", "<str>", "<int>", "<bool>", "<path>")


def run(*args: str, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), env={**PLAIN, **(env or {})})


def paths() -> Iterator[list[str]]:
    """Every command of the tree by its words on the command line (the root: [])."""
    def walk(command: Any, path: list[str]) -> Iterator[list[str]]:
        yield path
        for name, sub in (getattr(command, "commands", None) or {}).items():
            yield from walk(sub, [*path, name])
    yield from walk(typer.main.get_command(app), [])


def flat(text: str) -> str:
    """Output with its panels' frames and runs of spaces taken out."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"(?<![-\w./])[A-Za-z]{4,}(?![-\w/])", text)}


COMMANDS = list(paths())

def test_every_command_is_reached() -> None:
    assert len(COMMANDS) >= 20 and ["pack", "install"] in COMMANDS and ["serve"] in COMMANDS


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_page_is_in_the_language(lang: str) -> None:
    english = localize.help_ids(typer.main.get_command(app))
    # an English word of the help texts that no translation keeps (as it keeps the agents'
    # names, the options' values, the file formats) must not show
    kept = set().union(*(words(gettext(lang, p)) for p in english))
    # (the commands' names are themselves)
    names = {w for path in COMMANDS for w in path}
    foreign = set().union(*(words(p) for p in english)) - kept - names
    assert {"game", "players", "seed", "folder", "agent", "server"} <= foreign
    for path in COMMANDS:
        r = run("--lang", lang, *path, "--help")
        assert r.exit_code == 0, (path, r.output)
        out = flat(r.output)
        for word in FRAME:
            assert word not in out, (path, word)
        assert gettext(lang, "Usage:") in out
        assert gettext(lang, "Show this message and exit.") in out
        # an option's name, and the values in [brackets] (defaults: "[по умолчанию: data]")
        left = words(re.sub(r"--[\w-]+|\[[^][]*\]", "", out)) & foreign
        assert not left, (path, left)
    # and each help text is shown whole in the language: the command's and its options'
    r = run("pack", "install", "--help", "--lang", lang)
    for english_text in ("the pack: its directory, or a .zip / .tar.gz of its CSV files",
                         "the name games use (--pack NAME); default: the directory's or "
                         "file's name"):
        assert gettext(lang, english_text) in flat(r.output)
        assert english_text not in flat(r.output)


def test_english_stays_as_written_and_every_help_id_is_catalogued() -> None:
    out = flat(run("pack", "install", "--help").output)
    assert "Usage:" in out and "[OPTIONS] {source}" in out and "Show this message and exit." in out
    assert "<path>" in out
    assert "the pack: its directory, or a .zip / .tar.gz of its CSV files" in out
    for lang in LANGS:  # a language after English: the tree is rewritten, not appended to
        assert gettext(lang, "Usage:") in flat(run("--lang", lang, "rules", "--help").output)
    assert "Usage:" in flat(run("rules", "--help").output)
    from clanboard.i18n import sources

    assert set(localize.help_ids(typer.main.get_command(app))) <= set(sources())


def test_the_environment_or_a_lang_before_the_command_chooses() -> None:
    out = flat(run("play", "--help", env={"LANG": "uk_UA.UTF-8"}).output)
    assert "Використання:" in out and "кількість гравців" in out
    out = flat(run("--lang", "ja", "games").output)
    assert "バリアント" in out and "variants" not in out
    out = flat(run("--lang", "ru", "games", "--lang", "ja").output)  # the command's own wins
    assert "バリアント" in out
    assert "варіанти" in flat(run("games", "--lang=uk").output)
    assert localize.language_of(["play", "--", "--lang", "ru"]) is None  # an argument, then
    r = run("--lang", "xx", "games", env={"LANG": "ru_RU.UTF-8"})
    assert r.exit_code == 2 and "неизвестный язык 'xx'" in flat(r.output)
    assert "Неверное значение для" not in flat(r.output)


@pytest.mark.parametrize(("args", "said"), [
    (["play"], {"ru": "Не указан аргумент 'ИГРА'.", "uk": "Не вказано аргумент 'ГРА'.",
                "ja": "引数 'ゲーム' がありません。"}),
    (["vapid-keys"], {"ru": "Не указан параметр '--out'.", "uk": "Не вказано параметр '--out'.",
                      "ja": "オプション '--out' がありません。"}),
    (["bot", "--max-games", "0"], {"ru": "Неверное значение '--max-games': должно быть не "
                                         "меньше 1",
                                   "uk": "Неправильне значення '--max-games': має бути не "
                                         "менше 1",
                                   "ja": "'--max-games' の値が正しくありません: 1 以上にして"
                                         "ください"}),
    (["bench", "--seconds", "abc"], {"ru": "должно быть число", "uk": "має бути число",
                                     "ja": "数値にしてください"}),
    (["plya"], {"ru": "Нет такой команды: 'plya'. Может быть, 'play', 'replay'?",
                "uk": "Немає такої команди: 'plya'. Може, 'play', 'replay'?",
                "ja": "そのようなコマンドはありません: 'plya'。'play', 'replay' のことですか？"}),
    (["games", "--colour"], {"ru": "Нет такого параметра: --colour",
                             "uk": "Немає такого параметра: --colour",
                             "ja": "そのようなオプションはありません: --colour"}),
    (["games", "extra"], {"ru": "Лишние аргументы: (extra)", "uk": "Зайві аргументи: (extra)",
                          "ja": "余分な引数があります（extra）"}),
    (["replay", "x.json", "--seat"], {"ru": "Параметру '--seat' нужно значение.",
                                      "uk": "Параметру '--seat' потрібне значення.",
                                      "ja": "オプション '--seat' には値が必要です。"}),
])
@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_command_line_is_told_in_the_language(lang: str, args: list[str],
                                                    said: dict[str, str]) -> None:
    r = run("--lang", lang, *args)
    assert r.exit_code == 2
    out = flat(r.output)
    assert said[lang] in out, out
    assert gettext(lang, "Error") in out and "Error" not in out and "Usage" not in out
    assert "Try" not in out and "Invalid" not in out and "Missing" not in out


def test_an_unknown_error_text_stays_whole() -> None:
    assert localize.translate_error("something new broke", "ru") == "something new broke"
    assert (localize.translate_error("Invalid value for '--x': something new", "uk")
            == "Неправильне значення '--x': something new")


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", ("закрытый ключ: ", "открытый ключ: ", "запуск сервера: clanboard serve "
            "--vapid-private-key", "уже существует: сохраните его или сначала удалите")),
    ("uk", ("закритий ключ: ", "відкритий ключ: ", "запуск сервера: clanboard serve",
            "уже існує: збережіть його або спершу видаліть")),
    ("ja", ("秘密鍵: ", "公開鍵: ", "サーバーの起動: clanboard serve",
            "はすでに存在します。そのまま使うか、先に削除してください")),
])
def test_vapid_keys_in_the_language(tmp_path: Path, lang: str, said: tuple[str, ...]) -> None:
    pytest.importorskip("cryptography")
    key = tmp_path / "vapid.pem"
    r = run("vapid-keys", "--out", str(key), "--lang", lang)
    assert r.exit_code == 0, r.output
    for words_ in said[:3]:
        assert words_ in r.output
    assert "private key" not in r.output and "serve with" not in r.output
    r = run("vapid-keys", "--out", str(key), "--lang", lang)
    assert r.exit_code == 2 and said[3] in flat(r.output)


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("ru", "clanboard: http://h:1/ (хранилище: sqlite:///x)",
     "clanboard: http://h:1/ (хранилище: sqlite:///x, 3 процесса)"),
    ("uk", "clanboard: http://h:1/ (сховище: sqlite:///x)",
     "clanboard: http://h:1/ (сховище: sqlite:///x, 3 процеси)"),
    ("ja", "clanboard: http://h:1/ （保存先: sqlite:///x）",
     "clanboard: http://h:1/ （保存先: sqlite:///x、3プロセス）"),
    ("en", "clanboard: http://h:1/ (storage: sqlite:///x)",
     "clanboard: http://h:1/ (storage: sqlite:///x, 3 processes)"),
])
def test_the_serve_banner_in_the_language(lang: str, one: str, three: str) -> None:
    from clanboard.cli.serve import banner

    set_language(lang)
    try:
        assert banner("h", 1, "sqlite:///x", 1) == one
        assert banner("h", 1, "sqlite:///x", 3) == three
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "starts", "refused"), [
    ("ru", "clanboard: http://127.0.0.1:8765/ (хранилище: sqlite:///",
     "--workers 2 требует PostgreSQL"),
    ("ja", "clanboard: http://127.0.0.1:8765/ （保存先: sqlite:///",
     "--workers 2 には PostgreSQL が必要です"),
])
def test_serve_starts_and_refuses_in_the_language(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path, lang: str, starts: str,
                                                  refused: str) -> None:
    """The startup banner (the server itself stubbed out: nothing listens) and an error of
    its own, each in the language of ``--lang``."""
    pytest.importorskip("uvicorn")
    import uvicorn

    import clanboard.server
    from clanboard.server.core import collector

    ran: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: ran.append((a, k)))
    monkeypatch.setattr(clanboard.server, "create_app", lambda settings: "app")
    monkeypatch.setattr(collector, "tune", lambda: None)
    r = run("serve", "--port", "8765", "--data-dir", str(tmp_path), "--lang", lang)
    assert r.exit_code == 0, r.output
    assert r.output.startswith(starts) and ran and ran[0][1]["port"] == 8765
    # uvicorn's own start and stop lines pass through the words' filter
    words_filter = ran[0][1]["log_config"]["filters"]["clanboard_words"]
    assert words_filter == {"()": "clanboard.cli.serve.LogWords", "lang": lang}
    r = run("serve", "--workers", "2", "--data-dir", str(tmp_path), "--lang", lang)
    assert r.exit_code == 2 and refused in flat(r.output) and not ran[1:]


@pytest.mark.parametrize(("lang", "said", "headings"), [
    ("ru", (r"измеряем 1 конфигурацию, примерно по 0\.1 с \(всего ~0\.1 с\)",
            r"\[1/1\] toy-duel \(по умолчанию, 2 игрока\): случайных партий в секунду: "),
     ("скорость движка clanboard", "партий/с", "итераций ISMCTS/с", "по умолчанию")),
    ("ja", (r"1通りの構成を計測します。1つあたり約0\.1秒（合計約0\.1秒）",
            r"\[1/1\] toy-duel（既定、2人）: ランダム対局 毎秒"),
     ("clanboard エンジンの計測", "局/秒", "ISMCTS 反復/秒", "既定")),
])
def test_bench_reports_in_the_language(lang: str, said: tuple[str, ...],
                                       headings: tuple[str, ...]) -> None:
    r = runner.invoke(app, ["bench", "--game", "toy-duel", "--seconds", "0.02", "--lang", lang],
                      env=PLAIN)
    assert r.exit_code == 0, r.output
    lines = r.stderr.splitlines()
    assert re.fullmatch(said[0], lines[0]), lines[0]
    assert re.match(said[1], lines[1]), lines[1]
    for heading in headings:
        assert heading in r.stdout, heading
    assert not {"games", "moves", "clone", "legal", "opening", "default",
                "measuring", "random"} & words(r.stdout + r.stderr)


def test_a_japanese_help_text_folds_instead_of_being_cut() -> None:
    out = run("play", "--help", "--lang", "ja", env={"COLUMNS": "100"}).output
    assert "…" not in out
    assert "APIでは席を0から数えます" in "".join(re.sub(r"[│\s]", "", out))


@pytest.mark.parametrize(("args", "said"), [
    (["play", "schotten-totten", "--option", "tactics=maybe"],
     {"ru": "параметр 'tactics' должен быть таким: true или false, а получено 'maybe'",
      "en": "option 'tactics' must be a bool, got 'maybe'"}),
    (["play", "schotten-totten", "--variant", "nope"],
     {"ja": "schotten-totten にバリアント 'nope' はありません。あるのは: base, tactics, expert, "
            "tactics-expert",
      "en": "unknown variant 'nope' for schotten-totten; known: base, tactics, expert, "
            "tactics-expert"}),
    (["play", "schotten-totten", "--vs", "deep"],
     {"uk": "для schotten-totten немає агента 'deep'; доступні: ",
      "en": "no agent 'deep' for schotten-totten; available: "}),
    (["play", "nope"], {"ru": "нет игры 'nope'; зарегистрированные игры: ",
                        "en": "no game 'nope'; registered games: "}),
    (["arena", "schotten-totten", "--agents", "random", "--players", "5", "--games", "1"],
     {"ja": "Schotten Tottenのプレイ人数は2〜2人です（5人ではできません）",
      "en": "Schotten Totten is for 2-2 players, not 5"}),
])
def test_the_cores_errors_are_said_in_the_language(args: list[str],
                                                  said: dict[str, str]) -> None:
    """A game's set-up refused by the core (an option's value, a variant, an agent, a game,
    a number of players) reads in the language; in English as it always read."""
    for lang, text in said.items():
        r = run(*args, "--lang", lang)
        assert r.exit_code == 2 and text in flat(r.output), (lang, r.output)


def test_uvicorns_start_and_stop_lines_in_the_language() -> None:
    import logging

    from clanboard.cli.serve import LogWords, log_config

    def said(lang: str, msg: str, *args: Any) -> str:
        record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, msg, args, None)
        assert LogWords(lang).filter(record)
        return record.getMessage()

    assert said("ru", "Started server process [%d]", 42) == "Запущен процесс сервера [42]"
    assert (said("uk", "Uvicorn running on %s://%s:%d (Press CTRL+C to quit)", "http", "h", 8)
            == "Uvicorn працює на http://h:8 (щоб вийти, натисніть CTRL+C)")
    assert said("ja", "Application startup complete.") == "アプリケーションの起動が完了しました。"
    assert said("ru", '127.0.0.1:5 - "GET / HTTP/1.1" 200') == '127.0.0.1:5 - "GET / HTTP/1.1" 200'
    assert said("en", "Shutting down") == "Shutting down"
    assert log_config("en") is None  # uvicorn's own set-up, untouched
