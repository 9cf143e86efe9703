"""The Glen More II pack editor in a browser: a provisional value edited changes the
component's picture at once, the whole pack checks, and the download is a pack that
``clanboard pack check`` accepts; every language on a desktop and a phone (screenshots)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def desktop(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 900}, accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def test_edit_a_provisional_value_see_the_picture_change_check_and_download(
        desktop: Any, base_url: str, tmp_path: Path, shots: Path) -> None:
    page = desktop
    page.goto(f"{base_url}/packs/edit?lang=en")
    page.locator('[data-testid="components"] button[data-file="feasts.csv"][data-row="1"]').click()
    picture = page.locator('[data-testid="editor"] svg.picture')
    before = picture.inner_html()
    assert '#b3541e">?</text>' in before  # the unknown value is marked on the picture
    assert page.locator('[data-testid="left-feasts.csv"]').inner_text().startswith("12 of 12")
    cost = page.locator("#field-cost")
    cost.fill("2 gold")  # not a resource: the row's check says so, in words
    problem = page.locator('[data-problem="cost"]')
    problem.filter(has_text="unknown cost 'gold'").wait_for()
    cost.fill("stone + sheep")
    page.locator("#field-provisional").select_option("no")
    after = picture.inner_html()
    assert after != before and '">?</text>' not in after  # drawn again at once
    assert 'data-kit-name="' in after
    page.wait_for_function("() => !document.querySelector('[data-problem=cost]').textContent")
    assert page.locator('[data-testid="left-feasts.csv"]').inner_text().startswith("11 of 12")
    page.get_by_test_id("check").click()
    page.get_by_test_id("valid").wait_for()
    assert page.get_by_test_id("install").is_hidden()  # a guest is not the server's owner
    page.get_by_test_id("pack-name").fill("my-box")
    with page.expect_download() as got:
        page.get_by_test_id("download").click()
    archive = tmp_path / got.value.suggested_filename
    got.value.save_as(archive)
    assert archive.name == "my-box.zip"
    with zipfile.ZipFile(archive) as z:
        z.extractall(tmp_path / "pack")
    out = subprocess.run([sys.executable, "-m", "clanboard.cli.main", "pack", "check",
                          str(tmp_path / "pack")], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "valid" in out.stdout
    assert "feasts.csv F2" not in out.stdout  # the value filled in is no longer provisional
    page.screenshot(path=str(shots / "pack-editor-edited-en-desktop.png"), full_page=False)


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "ja"])
def test_the_editor_in_every_language(desktop: Any, phone: Any, base_url: str, shots: Path,
                                      lang: str) -> None:
    for page, size in ((desktop, "desktop"), (phone, "phone")):
        page.goto(f"{base_url}/packs/edit?lang={lang}")
        page.locator('[data-testid="editor"] svg.picture').wait_for()
        text = page.locator("main").inner_text()
        assert "packs." not in text and ".csv" not in text  # no key, no file name shown
        assert "Choose File" not in text and "No file chosen" not in text
        first_place = '[data-testid="components"] button[data-file="historic_places.csv"]'
        page.screenshot(path=str(shots / f"pack-editor-{lang}-{size}-start.png"))
        page.locator(first_place).first.click()
        page.locator("#field-cost").fill("1 wood")  # a blueprint takes at least 2
        page.get_by_test_id("check").click()
        page.locator('[data-testid="problems"] li').first.wait_for()
        page.locator('[data-problem="cost"]').filter(has_text="2").wait_for()
        page.screenshot(path=str(shots / f"pack-editor-{lang}-{size}.png"), full_page=False)


def test_the_lobby_and_the_rules_link_to_the_editor(desktop: Any, base_url: str) -> None:
    page = desktop
    page.goto(f"{base_url}/?lang=uk")
    page.select_option("[data-testid=game]", "glen-more-2")
    link = page.get_by_test_id("pack-editor-link")
    assert link.inner_text() == "Заповнити свій набір"
    page.select_option("[data-testid=game]", "schotten-totten")  # a game without packs
    assert page.get_by_test_id("pack-editor-link").count() == 0
    page.goto(f"{base_url}/rules/glen-more-2?lang=uk")
    page.get_by_test_id("pack-editor-link").click()
    page.wait_for_url("**/packs/edit")
    page.locator('[data-testid="editor"] svg.picture').wait_for()
