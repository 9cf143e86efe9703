"""``clanboard pack``: check a Glen More II component pack, write one to fill in, install
one for games (``--pack NAME``) and list the installed ones, print what is still
provisional (as a table, or as Markdown for the docs), or what a recorded game actually
used of it."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from clanboard.cli.lang import LangOption, _, current_language, said, set_language

console = Console(highlight=False)

pack_app = typer.Typer(help="Glen More II component packs: check, template, install, list, "
                            "provisional, used.", no_args_is_help=True)


def _load(directory: Path | None):  # type: ignore[no-untyped-def]
    from clanboard.games.glen_more_2.pack import PackError, load_pack, provisional_pack

    try:
        return load_pack(directory) if directory else provisional_pack()
    except PackError as exc:
        console.print(_said(exc), style="red", markup=False, soft_wrap=True)
        raise typer.Exit(1) from None


def _said(exc: Any) -> str:
    """A :class:`.pack.PackError` in the language set: the pack and every problem, worded
    as the pack editor words them."""
    from clanboard.games.glen_more_2.pack_words import where_and_what

    lang = current_language()
    if lang == "en":
        return str(exc)
    issues = exc.issues
    lines = "\n".join(f"  - {where_and_what(i, lang)}" for i in issues[:50])
    more = f"\n  ... {len(issues) - 50}" if len(issues) > 50 else ""
    head = _("bad component pack {pack}: {n} problem(s)").format(pack=exc.directory,
                                                                n=len(issues))
    return f"{head}\n{lines}{more}"


@pack_app.command("check")
def check_cmd(directory: Annotated[Path, typer.Argument(help="the pack's directory")],
              lang: LangOption = None) -> None:
    """Validate a pack; list every problem, or what is still provisional."""
    set_language(lang)
    pack = _load(directory)
    prov = pack.provisional()
    console.print(_("{directory}: valid ({tiles} tiles, {landmarks} landmark cards, {spaces} "
                    "clan spaces)").format(directory=directory, tiles=len(pack.tiles),
                                           landmarks=len(pack.landmarks),
                                           spaces=len(pack.clan_spaces)))
    if not prov:
        console.print(_("nothing is provisional: games start without --provisional"))
        return
    console.print(_("{n} provisional value(s); games need the option provisional=true:").format(
        n=len(prov)))
    for e in prov:
        console.print(f"  {e.file} {e.key}: {e.reason}", markup=False)


@pack_app.command("template")
def template_cmd(
    directory: Annotated[Path, typer.Argument(help="where to write the pack (must not exist)")],
    lang: LangOption = None,
) -> None:
    """Write a pack to fill in from the physical game: the provisional pack, every row to
    check marked provisional=yes with the reason, and a README saying how to complete it."""
    from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK

    set_language(lang)
    if directory.exists():
        console.print(_("{directory} exists; give a new directory").format(directory=directory),
                      style="red", markup=False)
        raise typer.Exit(2)
    shutil.copytree(PROVISIONAL_PACK, directory)
    console.print(_("wrote {directory}: edit the rows marked provisional=yes, set them to "
                    "provisional=no, then run {command}").format(
        directory=directory, command=f"'clanboard pack check {directory}'"), markup=False)


@pack_app.command("install")
def install_cmd(
    source: Annotated[Path, typer.Argument(
        help="the pack: its directory, or a .zip / .tar.gz of its CSV files")],
    name: Annotated[str | None, typer.Option(
        help="the name games use (--pack NAME); default: the directory's or file's name")]
    = None,
    lang: LangOption = None,
) -> None:
    """Check a pack and install it for games (clanboard play glen-more-2 --pack NAME, the
    lobby of a server started with --pack NAME). A bad pack is refused with every problem
    listed and nothing is installed; installing changed content makes a new version."""
    from clanboard.core import InvalidState
    from clanboard.games.glen_more_2.components import forget_packs
    from clanboard.games.glen_more_2.pack import PackError
    from clanboard.games.glen_more_2.store import install

    set_language(lang)
    try:
        info, new = install(source, name)
    except PackError as exc:
        console.print(_("nothing installed: {reason}").format(reason=_said(exc)), style="red",
                      markup=False, soft_wrap=True)
        raise typer.Exit(1) from None
    except InvalidState as exc:
        console.print(_("nothing installed: {reason}").format(reason=exc), style="red",
                      markup=False, soft_wrap=True)
        raise typer.Exit(2) from None
    forget_packs()
    summary = _("installed: {pack}") if new else _("already installed (same content): {pack}")
    console.print(summary.format(pack=_describe(info)), markup=False, soft_wrap=True)
    command = f"clanboard play glen-more-2 --pack {info.name}" + (
        " --provisional" if info.provisional else "")
    console.print(_("play it: {command}").format(command=command), markup=False)


@pack_app.command("list")
def list_cmd(lang: LangOption = None) -> None:
    """The installed packs (latest version of each) and where they are kept."""
    from clanboard.games.glen_more_2.store import installed, packs_dir

    set_language(lang)
    found = installed()
    console.print(_("packs folder: {folder} (the environment variable CLANBOARD_PACKS_DIR "
                    "changes it)").format(folder=packs_dir()), markup=False, soft_wrap=True)
    if not found:
        console.print(_("no pack installed: clanboard pack install DIR"), markup=False)
    for info in found.values():
        console.print(f"  {_describe(info)}", markup=False, soft_wrap=True)


def _describe(info: Any) -> str:
    """One line about an installed pack (:class:`.store.Installed`), in the language set."""
    state = (_("{n} provisional value(s)").format(n=info.provisional) if info.provisional
             else _("complete"))
    return _("{name} v{version} ({tiles} tiles, {state}), content {hash}, from {source}, "
             "{when}").format(name=info.name, version=info.version, tiles=info.tiles,
                              state=state, hash=info.hash[:19], source=info.source,
                              when=info.installed_at)


@pack_app.command("provisional")
def provisional_cmd(
    directory: Annotated[Path | None, typer.Argument(help="a pack (default: shipped)")] = None,
    markdown: Annotated[bool, typer.Option(help="print a Markdown table")] = False,
    lang: LangOption = None,
) -> None:
    """List every provisional value of a pack (the docs' table is made with --markdown)."""
    set_language(lang)
    _print_provisional(_load(directory).provisional(), markdown)


def _print_provisional(rows: Sequence[Any], markdown: bool) -> None:
    """Provisional values (file, row, reason) as a Markdown table or a terminal table."""
    if markdown:  # the docs' table: English, as the docs
        print("| file | row | why provisional (placeholder used) |")
        print("|---|---|---|")
        for e in rows:
            print(f"| {e.file} | {e.key} | {e.reason.replace('|', '/')} |")
        return
    table = Table(_("file"), _("row"), _("why provisional"))
    for e in rows:
        table.add_row(e.file, e.key, e.reason)
    Console(width=200).print(table)


@pack_app.command("used")
def used_cmd(
    record: Annotated[Path, typer.Argument(help="a saved Glen More II game record (JSON)")],
    markdown: Annotated[bool, typer.Option(help="print a Markdown table")] = False,
    lang: LangOption = None,
) -> None:
    """List the provisional values a recorded game actually used (replayed move by move):
    the settings it consulted, the tiles it laid out, the cards, spaces and rows it met."""
    from clanboard.core import GameRecord, InvalidState, replay
    from clanboard.games.glen_more_2.provenance import used_provisional

    set_language(lang)
    try:
        rec = GameRecord.load(record)
        if rec.game != "glen-more-2":
            raise InvalidState(_("the record is a game of '{game}'; only glen-more-2 games "
                                 "use a component pack").format(game=rec.game))
        state = replay(rec)
    except (OSError, InvalidState) as exc:
        console.print(said(exc), style="red", markup=False, soft_wrap=True)
        raise typer.Exit(1) from None
    rows = used_provisional(state)  # type: ignore[arg-type]
    summary = (_("{record}: {n} provisional value(s) used by its end") if state.is_terminal()
               else _("{record}: {n} provisional value(s) used so far (the record is "
                      "unfinished)"))
    if not markdown:
        console.print(summary.format(record=record, n=len(rows)), markup=False, soft_wrap=True)
    _print_provisional(rows, markdown)


def register(app: typer.Typer) -> None:
    app.add_typer(pack_app, name="pack")
