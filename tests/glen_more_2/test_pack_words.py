"""A pack's problems in every language: each wording the checks use has a template in
:data:`.pack_words.MESSAGES`, translated in every catalogue, and ``clanboard pack check
--lang`` and the pack editor say a problem with the same words."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clanboard.cli.main import app
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, Issue, PackError, load_pack
from clanboard.games.glen_more_2.pack_words import MESSAGES, say, where_and_what
from clanboard.i18n import gettext


@pytest.mark.parametrize("lang", ["ru", "uk", "ja"])
def test_every_template_is_translated_and_matched(lang: str) -> None:
    for key, template in MESSAGES.items():
        said = gettext(lang, template)
        assert said != template or (key == "where" and lang != "ja"), (lang, key)
        assert set(re.findall(r"\{(\w+)\}", said)) == set(re.findall(r"\{(\w+)\}", template))
        if key in ("where_row", "where_field", "where", "or", "got", "allowed", "setting_value"):
            continue
        message = template.format(**{p: f"'X{i}'" for i, p in
                                     enumerate(re.findall(r"\{(\w+)\}", template))})
        assert say(message, lang) != message, (lang, key, message)


def broken(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(PROVISIONAL_PACK, pack)
    tiles = (pack / "tiles.csv").read_text("utf-8").splitlines()
    tiles[2] = "HV," + tiles[2].split(",", 1)[1]  # the home castle's id made the village's
    (pack / "tiles.csv").write_text("\n".join(tiles) + "\n", "utf-8")
    market = (pack / "market.csv").read_text("utf-8").splitlines()
    head = market[0].split(",")
    row = market[1].split(",")
    row[head.index("prices")] = "3 2 1"  # not cheapest first
    (pack / "market.csv").write_text("\n".join([market[0], ",".join(row), *market[2:]]) + "\n",
                                     "utf-8")
    return pack


def test_the_cli_says_the_problems_in_the_chosen_language(tmp_path: Path) -> None:
    pack = broken(tmp_path)
    with pytest.raises(PackError) as caught:
        load_pack(pack)
    issues = caught.value.issues
    ru = CliRunner().invoke(app, ["pack", "check", str(pack), "--lang", "ru"])
    assert ru.exit_code == 1
    assert "цены — целые положительные монеты" in ru.output
    for issue in issues:  # the editor's words, line by line
        assert where_and_what(issue, "ru") in ru.output
    en = CliRunner().invoke(app, ["pack", "check", str(pack), "--lang", "en"])
    assert all(str(i) in en.output for i in issues)  # English: as the check says it


def test_values_stay_as_the_pack_gives_them() -> None:
    issue = Issue("tiles.csv", 7, "landmark", "no landmark card 'L-X'; cards: L-T09, L-T26")
    assert where_and_what(issue, "ja") == (
        "tiles.csv、7行目、項目 'landmark'：名所カード 'L-X' はありません。カード：L-T09, L-T26")
    assert where_and_what(issue, "en") == str(issue)


def test_the_most_specific_wording_wins_and_suffixes_are_said_apart() -> None:
    # "Input should be {choices}" would also match these: the longer template is tried first
    assert say("rondel_spaces: Input should be greater than or equal to 10 (got '9')", "ru") \
        == "rondel_spaces: должно быть не меньше 10 (дано '9')"
    assert say("Input should be 'S', 'A' or 'home' (got 'Q'); allowed: S, A, home", "uk") \
        == "має бути 'S', 'A' або 'home' (дано 'Q'); допустимо: S, A, home"
    assert say("something no check says", "ja") == "something no check says"
