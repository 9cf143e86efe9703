"""The terminal's frame in the user's language: each command's help (its docstring and the
help of its options and arguments), the words typer prints around them ("Usage:", the
panel titles, "[default: …]", "Show this message and exit.") and the errors it raises for a
bad command line ("Missing argument …", "No such option …").

Typer builds the click command tree when the program runs, from the English declarations;
:class:`LocalGroup`, the root command's class, reads the language first (``--lang`` on the
command line, else the environment: :func:`language_of`) and rewrites the tree's help in
it before anything is parsed, so the help of every command, and the errors of parsing,
read in that language. Typer's own words are not translated upstream (it vendors click
without its gettext calls; its ``rich_utils`` strings go through gettext's default domain,
for which no catalogue ships), so they are ids of :data:`CLICK` in our catalogue.

The English help texts are catalogue ids too: ``clanboard.cli.main.HELP`` walks the command
tree for them (:func:`help_ids`: one id per paragraph, its line breaks joined), so a new
option's help is catalogued by ``python -m clanboard.i18n`` with nothing to list by hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import typer
from rich.text import Text
from typer import rich_utils
from typer._click.formatting import HelpFormatter  # typer's vendored click
from typer.core import TyperArgument, TyperGroup

from clanboard.i18n import LANGUAGES, gettext, normalize

CLICK = {
    "usage": "Usage:",
    "options_metavar": "[OPTIONS]",
    "subcommand_metavar": "COMMAND [ARGS]...",
    "arguments": "Arguments",
    "options": "Options",
    "commands": "Commands",
    "error": "Error",
    "aborted": "Aborted.",
    "default": "[default: {}]",
    "env_var": "[env var: {}]",
    "required": "[required]",
    "deprecated": "(deprecated) ",
    "try_help": "Try [blue]'{command_path} {help_option}'[/] for help.",
    "help_option": "Show this message and exit.",
    # errors of a bad command line, by the English text typer gives them
    "missing_argument": "Missing argument {name}.",
    "missing_option": "Missing option {name}.",
    "missing_parameter": "Missing parameter {name}.",
    "missing_command": "Missing command.",
    "no_such_option": "No such option: {name}",
    "possible_options": "(possible options: {names})",
    "no_such_command": "No such command {name}.",
    "did_you_mean": "Did you mean {names}?",
    "invalid_value_for": "Invalid value for {name}: {message}",
    "invalid_value": "Invalid value: {message}",
    "needs_argument": "Option {name} requires an argument.",
    "needs_arguments": "Option {name} requires {n} arguments.",
    "takes_no_value": "Option {name} does not take a value.",
    "extra_arguments": "Got unexpected extra argument(s) ({args})",
    "not_one_of": "{value} is not one of {choices}.",
    "not_valid": "Value {value} is not a valid {kind}.",
    "not_integer": "Input should be a valid integer, unable to parse string as an integer",
    "not_number": "Input should be a valid number, unable to parse string as a number",
    "not_boolean": "Input should be a valid boolean, unable to interpret input",
    "not_whole": "Input should be a valid integer, got a number with a fractional part",
    "at_least": "Input should be greater than or equal to {n}",
    "at_most": "Input should be less than or equal to {n}",
    "above": "Input should be greater than {n}",
    "below": "Input should be less than {n}",
    "does_not_exist": "{kind} {path} does not exist.",
    # the kinds of value an option takes, shown <between angle brackets>
    "type_str": "text",
    "type_int": "integer",
    "type_float": "number",
    "type_path": "path",
    "type_file": "file",
    "type_directory": "directory",
    "type_int_range": "integer",
    "type_float_range": "number",
    "type_bool": "flag",
    "type_list_str": "list of texts",
}
"""Typer's words: its help frame, its errors (the English pattern each one translates)
and the kinds of option values."""
ARGUMENTS = {"game_id": "GAME", "game": "GAME", "file": "RECORD", "record": "RECORD",
             "RECORD.json": "RECORD.json", "directory": "FOLDER", "source": "PACK"}
"""The commands' arguments by the name typer shows in English (the parameter's name or
its metavar), and the word a reader of another language sees instead: in the usage line,
the arguments panel and "Missing argument …"."""

#: typer's error texts (the whole message) and the CLICK id each one reads as; a group
#: named ``message`` holds a message of its own, translated in turn
_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), key) for pattern, key in (
        (r"Missing argument (?P<name>.+)\.", "missing_argument"),
        (r"Missing option (?P<name>.+)\.", "missing_option"),
        (r"Missing parameter (?P<name>.+)\.", "missing_parameter"),
        (r"Missing command\.", "missing_command"),
        (r"(?P<message>No such option: .+?) \(Possible options: (?P<names>.+)\)",
         "possible"),
        (r"No such option: (?P<name>.+)", "no_such_option"),
        (r"(?P<message>No such command .+?\.) Did you mean (?P<names>.+)\?", "did_you_mean"),
        (r"No such command (?P<name>.+)\.", "no_such_command"),
        (r"Invalid value for (?P<name>[^:]+): (?P<message>.+)", "invalid_value_for"),
        (r"Invalid value: (?P<message>.+)", "invalid_value"),
        (r"Option (?P<name>.+) requires an argument\.", "needs_argument"),
        (r"Option (?P<name>.+) requires (?P<n>\d+) arguments\.", "needs_arguments"),
        (r"Option (?P<name>.+) does not take a value\.", "takes_no_value"),
        (r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)", "extra_arguments"),
        (r"(?P<value>.+) is not one of (?P<choices>.+)\.", "not_one_of"),
        (r"Value (?P<value>.+) is not a valid (?P<kind>\w+)\.", "not_valid"),
        (r"Input should be a valid integer, unable to parse string as an integer",
         "not_integer"),
        (r"Input should be a valid number, unable to parse string as a number", "not_number"),
        (r"Input should be a valid boolean, unable to interpret input", "not_boolean"),
        (r"Input should be a valid integer, got a number with a fractional part",
         "not_whole"),
        (r"Input should be greater than or equal to (?P<n>\S+)", "at_least"),
        (r"Input should be less than or equal to (?P<n>\S+)", "at_most"),
        (r"Input should be greater than (?P<n>\S+)", "above"),
        (r"Input should be less than (?P<n>\S+)", "below"),
        (r"(?P<kind>File|Directory|Path) (?P<path>.+) does not exist\.", "does_not_exist"),
    ))
_KINDS = {"File": "type_file", "Directory": "type_directory", "Path": "type_path",
          "integer": "type_int", "int": "type_int", "float": "type_float",
          "str": "type_str"}
#: an option's kind of value as typer shows it (``<int range>``) -> its CLICK id
_TYPES = {"str": "type_str", "int": "type_int", "float": "type_float", "path": "type_path",
          "file": "type_file", "directory": "type_directory", "int range": "type_int_range",
          "float range": "type_float_range", "bool": "type_bool",
          "list[str]": "type_list_str"}


def language_of(args: Sequence[str]) -> str | None:
    """The language a command line asks for with ``--lang X`` or ``--lang=X`` (``None``
    when it asks for none, or for one not offered: the environment's then)."""
    asked = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            asked = args[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    if asked and asked.strip().lower().replace("_", "-").split("-")[0] in LANGUAGES:
        return normalize(asked)
    return None


def translate_help(text: str, lang: str) -> str:
    """A help text in ``lang``: each paragraph by its id (its words on one line); English
    as written."""
    if normalize(lang) == "en":
        return text
    return "\n\n".join(gettext(lang, p) for p in paragraphs(text))


def paragraphs(text: str) -> list[str]:
    """A help text's paragraphs, each on one line: its catalogue ids."""
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def translate_error(message: str, lang: str) -> str:
    """A typer error message in ``lang`` (as it is when no pattern knows it)."""
    if normalize(lang) == "en":
        return message
    for pattern, key in _ERRORS:
        m = pattern.fullmatch(message.strip())
        if m is None:
            continue
        parts = m.groupdict()
        if "message" in parts:
            parts["message"] = translate_error(parts["message"], lang)
        if "kind" in parts and parts["kind"] in _KINDS:
            parts["kind"] = gettext(lang, CLICK[_KINDS[parts["kind"]]])
        if key in ("possible", "did_you_mean"):
            more = CLICK["possible_options" if key == "possible" else "did_you_mean"]
            space = "" if normalize(lang) == "ja" else " "
            return parts["message"] + space + gettext(lang, more).format(names=parts["names"])
        return gettext(lang, CLICK[key]).format(**parts)
    return message


def _english(obj: Any, *names: str) -> dict[str, Any]:
    """The English values of ``obj``'s ``names``, kept on it the first time it is seen
    (a tree shown in Russian can be shown again in English)."""
    kept: dict[str, Any] | None = obj.__dict__.get("_clanboard_english")
    if kept is None:
        kept = obj.__dict__["_clanboard_english"] = {n: getattr(obj, n, None) for n in names}
    return kept


def _commands(command: Any) -> Iterator[Any]:
    yield command
    for sub in (getattr(command, "commands", None) or {}).values():
        yield from _commands(sub)


def localize(root: Any, lang: str) -> None:
    """Rewrite the help of ``root``'s command tree, and typer's words, in ``lang``."""
    word = _words(lang)
    for key, name in (("arguments", "ARGUMENTS_PANEL_TITLE"), ("options", "OPTIONS_PANEL_TITLE"),
                      ("commands", "COMMANDS_PANEL_TITLE"), ("error", "ERRORS_PANEL_TITLE"),
                      ("aborted", "ABORTED_TEXT"), ("default", "DEFAULT_STRING"),
                      ("env_var", "ENVVAR_STRING"), ("required", "REQUIRED_LONG_STRING"),
                      ("deprecated", "DEPRECATED_STRING"), ("try_help", "RICH_HELP")):
        setattr(rich_utils, name, word(key))
    _fold_long_words()
    for command in _commands(root):
        was = _english(command, "help", "short_help", "options_metavar", "subcommand_metavar")
        for name in ("help", "short_help"):
            if was[name]:
                setattr(command, name, translate_help(was[name], lang))
        if was["options_metavar"] == CLICK["options_metavar"]:
            command.options_metavar = word("options_metavar")
        if was["subcommand_metavar"] == CLICK["subcommand_metavar"]:
            command.subcommand_metavar = word("subcommand_metavar")
        command.context_class = _context_class(lang)
        # typer's --help, made once per command: its words too
        helper = command.get_help_option(typer.Context(command))
        for param in [*command.params, *([helper] if helper is not None else [])]:
            was = _english(param, "help", "metavar")
            if was["help"]:
                param.help = translate_help(was["help"], lang)
            if isinstance(param, TyperArgument):
                shown = ARGUMENTS.get(was["metavar"] or param.name or "")
                param.metavar = (gettext(lang, shown) if shown and normalize(lang) != "en"
                                 else was["metavar"])
            # the kind of value it takes (typer's <int>, <path>, ...): the words only, so
            # that the usage line keeps the argument's name
            param.__dict__.pop("display_type_rich", None)
            kind = _TYPES.get((param.display_type_rich(typer.Context(command)) or "")
                              .strip("<>"))
            if kind and normalize(lang) != "en":
                param.display_type_rich = _shown(f"<{word(kind)}>")  # type: ignore[method-assign]


def _fold_long_words() -> None:
    """Let typer's help texts break inside a word too long for their column, as a Japanese
    sentence is (no spaces to break at): rich folds it there instead of cutting it off
    with "…". A help text in words that fit is laid out as before."""
    make = rich_utils._make_rich_text
    if getattr(make, "_clanboard_folds", False):
        return

    def make_text(**kwargs: Any) -> Any:
        text = make(**kwargs)
        if isinstance(text, Text):
            text.overflow = "fold"
        return text

    make_text._clanboard_folds = True  # type: ignore[attr-defined]
    rich_utils._make_rich_text = make_text


def _shown(label: str) -> Any:
    return lambda ctx: label


def _words(lang: str) -> Any:
    return lambda key: gettext(lang, CLICK[key])


_CONTEXTS: dict[str, type[typer.Context]] = {}


def _context_class(lang: str) -> type[typer.Context]:
    """A context whose help formatter writes ``Usage:`` in ``lang``."""
    if lang not in _CONTEXTS:
        prefix = gettext(lang, CLICK["usage"]) + " "

        class Formatter(HelpFormatter):
            def write_usage(self, prog: str, args: str = "", prefix_: str | None = None) -> None:
                super().write_usage(prog, args, prefix if prefix_ is None else prefix_)

        _CONTEXTS[lang] = type(f"Context_{lang}", (typer.Context,),
                               {"formatter_class": Formatter})
    return _CONTEXTS[lang]


class LocalGroup(TyperGroup):
    """The ``clanboard`` command: speaks the language of its command line (``--lang``) or
    of the environment, in its help and in the errors of a bad command line."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **options: Any) -> Any:
        import sys

        from clanboard.cli.lang import ask_language

        argv = list(sys.argv[1:] if args is None else args)
        lang = ask_language(language_of(argv))
        localize(self, lang)
        return super().main(argv, *rest, **options)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        with _errors_in_language():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: Any) -> Any:
        with _errors_in_language():
            return super().invoke(ctx)


class _errors_in_language:  # noqa: N801 - used as a ``with`` block
    """Typer's errors of a bad command line, raised inside, read in the current language."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> None:
        from typer._click.exceptions import ClickException

        from clanboard.cli.lang import current_language

        if isinstance(exc, ClickException) and "_clanboard_lang" not in exc.__dict__:
            lang = exc.__dict__["_clanboard_lang"] = current_language()
            english = exc.format_message

            def format_message() -> str:
                return translate_error(english(), lang)

            exc.format_message = format_message  # type: ignore[method-assign]


def help_ids(root: Any) -> list[str]:
    """Every paragraph of help ``root``'s command tree holds, in English (the ids
    ``clanboard.cli.main.HELP`` lists for the catalogues)."""
    out: dict[str, None] = {}
    for command in _commands(root):
        was = _english(command, "help", "short_help", "options_metavar", "subcommand_metavar")
        texts = [was["help"], was["short_help"]]
        texts += [_english(p, "help", "metavar")["help"] for p in command.params]
        for text in texts:
            for p in paragraphs(text or ""):
                out.setdefault(p, None)
    return list(out)
