"""Re-measure the run times the docs state for their long commands.

A command in a fenced block of README.md or docs/*.md that takes long ends with a comment
``# long run: 72 s`` (or ``3 min``): the time it took when the doc was written. This runs
each such command (or those matching ``--only``) from a scratch folder and prints the
stated and measured wall times side by side, so a doc's figure is produced by a command,
not typed; update the comment from this table.

    python bench/doc_timings.py --list
    python bench/doc_timings.py --only arena
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = re.compile(r"^(?P<cmd>.+?)\s+#\s*long run:\s*(?P<n>[\d.,]+)\s*(?P<unit>s|min)\s*$")


@dataclass(frozen=True)
class LongRun:
    doc: str
    command: str
    stated_s: float


def long_runs(root: Path = ROOT) -> list[LongRun]:
    """Every ``# long run:`` command of the docs, in order."""
    found = []
    for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        fence = False
        for line in doc.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("```"):
                fence = not fence
                continue
            m = MARK.match(line.strip()) if fence else None
            if m:
                n = float(m["n"].replace(",", ""))
                found.append(LongRun(doc.relative_to(root).as_posix(), m["cmd"].strip(),
                                     n * (60 if m["unit"] == "min" else 1)))
    return found


def run(command: str, timeout: float) -> float:
    """Wall seconds of ``command`` (``clanboard`` is this Python's CLI) in a scratch folder."""
    words = shlex.split(command)
    if words[0] == "clanboard":
        words = [sys.executable, "-m", "clanboard.cli.main", *words[1:]]
    elif words[0] == "python":
        words = [sys.executable, *words[1:]]
    with tempfile.TemporaryDirectory() as scratch:
        start = time.perf_counter()
        subprocess.run(words, cwd=scratch, check=True, timeout=timeout,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="only list the marked commands")
    ap.add_argument("--only", default="", help="run the commands containing this text")
    ap.add_argument("--timeout", type=float, default=3600, help="seconds per command")
    args = ap.parse_args()
    print(f"{'doc':<12} {'stated':>8} {'measured':>9}  command")
    for lr in long_runs():
        if args.only not in lr.command:
            continue
        measured = "" if args.list else f"{run(lr.command, args.timeout):8.1f}s"
        print(f"{lr.doc:<12} {lr.stated_s:7.0f}s {measured:>9}  {lr.command}", flush=True)


if __name__ == "__main__":
    main()
