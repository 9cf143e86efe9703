"""``clanboard analyse``: a finished game's moves valued by the ISMCTS, mistakes marked."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from clanboard.cli.arena import WORKERS_HELP, job_exits, progress_words
from clanboard.cli.lang import LangOption, _, said, set_language
from clanboard.core.plural import Plural

MARK_STYLE = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}
MARK_SIGN = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
MARKS = {"blunder": "blunder", "mistake": "mistake", "inaccuracy": "inaccuracy"}
"""A mark's words (the keys are the analysis's marks, as in its JSON)."""
MESSAGES = {
    "title": Plural("{game}: {n} move, {iterations} iterations a search, seed {seed}",
                    "{game}: {n} moves, {iterations} iterations a search, seed {seed}"),
}
"""Counted words of ``clanboard analyse`` (the ``_()`` calls hold the others)."""


def register(app: typer.Typer) -> None:
    @app.command("analyse")
    def analyse_cmd(
        record_path: Path = typer.Argument(..., metavar="RECORD.json",  # noqa: B008
                                           help="A game record (clanboard-record JSON)."),
        iterations: int = typer.Option(
            1000, "--iterations", "-i", help="ISMCTS iterations per search (up to three "
                                             "searches a position)."),
        seed: int = typer.Option(0, "--seed", "-s", help="The analysis seed: the same seed "
                                                         "gives the same numbers."),
        workers: int = typer.Option(1, "--workers", "-w", help=WORKERS_HELP),
        folder: str | None = typer.Option(
            None, "--journal", help="Journal finished positions in this folder (resume an "
                                    "interrupted analysis with --resume)."),
        resume: bool = typer.Option(False, "--resume", help="Continue the journal's job."),
        out: Path | None = typer.Option(None, "--json", help="Also write the analysis "  # noqa: B008
                                                             "as JSON here."),
        lang: LangOption = None,
    ) -> None:
        """Search every position of a finished game from the mover's seat and print each
        move's value before and after it, the AI's preferred move, and marks: ?! an
        inaccuracy, ? a mistake, ?? a blunder (a drop of 10 / 20 / 30 points of win
        chance; see docs/ai.md)."""
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table

        import clanboard.ai  # noqa: F401 - registers the ismcts agent
        from clanboard.ai.analysis import Analysis, analysis_job
        from clanboard.batch import make_backend, run
        from clanboard.batch.progress import ProgressDisplay
        from clanboard.core import ClanboardError, GameRecord, InvalidState, get_game
        from clanboard.core.messages import MESSAGES as CORE
        from clanboard.i18n import default_names, game_name

        code = set_language(lang)
        console = Console()
        try:
            record = GameRecord.load(record_path)
        except (OSError, InvalidState) as exc:
            console.print("[red]" + _("error:") + f"[/red] {escape(said(exc))}", soft_wrap=True)
            raise typer.Exit(2) from exc
        backend = make_backend(workers or None)
        hint = f"clanboard analyse {record_path} --journal {folder} --resume" if folder else None
        with job_exits(console, backend, hint):
            job = analysis_job(record, iterations, seed)
            with ProgressDisplay(_("analysing"), unit=_("positions"), words=progress_words()) \
                    as bar:
                moves = run(job, backend, folder=folder, resume=resume, progress=bar)
        analysis = Analysis(record.game, record.num_players, iterations, seed, moves)
        # the players as the board names them: "Player 2", a server's "AI (ismcts:hard)" as
        # its pages show it
        names = (default_names(record.players, code) if record.players else
                 [_(CORE["seat"]).format(n=i + 1) for i in range(record.num_players)])
        try:
            shown = game_name(get_game(record.game), code)
        except ClanboardError:
            shown = record.game
        before = (_("win % before") if analysis.scale == "win_chance" else
                  _("win share % before"))
        table = Table(title=_(MESSAGES["title"]).format(game=shown, n=len(moves),
                                                        iterations=iterations, seed=seed))
        for column, right in (("#", True), (_("player"), False), (_("move played"), False),
                              ("", False), (before, True), (_("after"), True),
                              (_("AI's move"), False)):
            table.add_column(column, justify="right" if right else "left")
        for m in moves:
            mark = m.mark
            style = MARK_STYLE.get(mark or "", "")
            table.add_row(str(m.index + 1), escape(names[m.player]), escape(m.move),
                          f"[{style}]{MARK_SIGN[mark]} {_(MARKS[mark])}[/{style}]" if mark else
                          (_("forced") if m.forced else ""),
                          f"{100 * m.before:.0f}", f"{100 * m.after:.0f}",
                          "" if m.best == m.move else escape(m.best))
        console.print(table)
        for mark, sign in MARK_SIGN.items():
            counts = [sum(1 for m in moves if m.mark == mark and m.player == p)
                      for p in range(record.num_players)]
            console.print(f"{sign} {_(MARKS[mark])}: " + ", ".join(
                f"{escape(names[p])} {counts[p]}" for p in range(record.num_players)))
        if out is not None:
            out.write_text(json.dumps(analysis.to_json(), indent=1) + "\n", encoding="utf-8")
