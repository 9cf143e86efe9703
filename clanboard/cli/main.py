"""The ``clanboard`` command. Sub-commands of other areas (arena, bench, ladder, selfplay,
serve, tune) plug in through a ``register(app)`` function in their module. The root group
(:class:`~clanboard.cli.localize.LocalGroup`) speaks the language of ``--lang`` or the
environment, from the help of every command to the errors of a bad command line."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import typer

from clanboard.cli.localize import LocalGroup, help_ids

app = typer.Typer(
    cls=LocalGroup,
    help="clanboard: Scottish clan board games by their exact rules.",
    no_args_is_help=True,
    add_completion=False,
)

from clanboard.cli import play as _play  # noqa: E402
from clanboard.cli.lang import LangOption, set_language  # noqa: E402


@app.callback()
def _root(lang: LangOption = None) -> None:
    # --lang before the command (clanboard --lang ru games) is read with the command line
    # (LocalGroup.main), as one after it is: the run speaks it from the start
    if lang is not None:
        set_language(lang)  # refuses a language not offered


_play.register(app)

for _name in ("analyse", "arena", "bench", "bot", "ladder", "pack", "rules", "selfplay", "serve",
              "tune"):
    try:
        _module = importlib.import_module(f"clanboard.cli.{_name}")
    except ModuleNotFoundError as _exc:
        if _exc.name != f"clanboard.cli.{_name}":
            raise
        continue
    _module.register(app)

# the command list shows each command's first paragraph; typer keeps its line breaks there,
# so a docstring wrapped in the source would be listed wrapped mid-sentence
for _info in app.registered_commands:
    if _info.short_help is None and _info.callback is not None:
        _doc = inspect.cleandoc(_info.help or _info.callback.__doc__ or "")
        _info.short_help = " ".join(_doc.split("\n\n")[0].split())


def __getattr__(name: str) -> Any:
    if name == "HELP":  # the help texts' catalogue ids, built when asked for (i18n.sources)
        return help_ids(typer.main.get_command(app))
    raise AttributeError(name)


if __name__ == "__main__":
    app()
