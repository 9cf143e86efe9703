"""A docs page is a reference: at most 300 lines (how to use it, what it guarantees, current
figures with their command). Experiments and dated runs go to docs/notes/, which is not
held to it, nor are the glossaries (docs/glossary/); a longer reference is split by topic
into pages of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MOST = 300
PAGES = sorted((ROOT / "docs").glob("*.md"))


def lines(page: Path) -> int:
    return len(page.read_text(encoding="utf-8").splitlines())


def test_there_are_pages() -> None:
    assert len(PAGES) >= 10


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_a_docs_page_is_at_most_300_lines(page: Path) -> None:
    n = lines(page)
    assert n <= MOST, (f"docs/{page.name} has {n} lines (at most {MOST}): move experiments and "
                       "dated runs to docs/notes/, or split the reference into pages by topic")


def test_the_count_is_of_lines(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# title\n" + "text\n" * MOST, encoding="utf-8")
    assert lines(page) == MOST + 1
