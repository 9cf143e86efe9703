"""The Glen More II pack editor's API (the page is ``/packs/edit``).

A pack travels as JSON, ``{"files": {"tiles.csv": {"columns": [...], "rows": [[...]]}}}``:
the CSV files of a pack (see :mod:`clanboard.games.glen_more_2.pack`) cell by cell. The
editor starts from the shipped provisional pack or an uploaded archive, checks one row as it
is typed (the schema's model of its file), the whole pack (:func:`.pack.load_pack`, every
problem listed), downloads it as a ``.zip`` that ``clanboard pack install`` takes, and, for
the server's owners (the ``owners`` setting), installs it through the same code as that
command (:func:`.store.install`): a bad pack is refused with every problem, nothing written.

Problems come back in the request's language: the file, row and field, and the message
(:func:`.pack_words.problem`). Everything is bounded: the body (``max_pack_bytes``), the
files (only a pack's), rows per file and characters per cell.
"""

from __future__ import annotations

import csv
import io
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from clanboard.core import InvalidState
from clanboard.core.errors import Text
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, Issue, PackError, load_pack
from clanboard.games.glen_more_2.pack_words import problem, row_issues
from clanboard.games.glen_more_2.schema import FILES, OPTIONAL_FILES
from clanboard.server.accounts.store import User
from clanboard.server.core.errors import ApiError
from clanboard.server.core.requests import request_lang

#: the files a pack may have, in the order the editor lists them
PACK_FILES = {**FILES, **OPTIONAL_FILES}
MAX_ROWS = 500
MAX_CELL = 2000
MAX_COLUMNS = 40

MESSAGES = {
    "pack_file": "{file} is not a file of a pack; its files are {files}",
    "pack_cell": "a cell of a pack has at most {most} characters",
    "pack_row": "a row of {file} has more cells than the file has columns",
    "pack_unreadable": "this is not a pack: upload a .zip or .tar.gz of a pack's CSV files "
                       "(as the editor downloads it)",
    "pack_owner_only": "only the server's owner installs packs on it",
    "pack_name": "a pack's name is 1-32 lower-case letters, digits, '-' or '_', starting "
                 "with a letter or digit, and not 'provisional'",
    "pack_refused": "the pack has problems; nothing was installed",
}
"""The editor's refusals (message ids of the catalogues)."""


def say(key: str, **params: Any) -> Text:
    """``MESSAGES[key]`` with ``params``, said in the reader's language."""
    return Text(MESSAGES[key], **params)


class PackFile(BaseModel):
    """One CSV file of a pack: its header and its rows, cell by cell."""

    model_config = ConfigDict(extra="forbid")
    columns: list[str] = Field(max_length=MAX_COLUMNS)
    rows: list[list[str]] = Field(max_length=MAX_ROWS)


class PackIn(BaseModel):
    """A whole pack (files by name); ``name``: what to install it as."""

    model_config = ConfigDict(extra="forbid")
    files: dict[str, PackFile] = Field(max_length=len(PACK_FILES))
    name: str | None = Field(None, max_length=32)


class RowIn(BaseModel):
    """One row to check: its file and its cells by column."""

    model_config = ConfigDict(extra="forbid")
    file: str = Field(max_length=40)
    row: dict[str, str] = Field(max_length=MAX_COLUMNS)


def _lang(request: Request) -> str:

    return request_lang(request)


def read_pack(directory: Path) -> dict[str, dict[str, Any]]:
    """The pack's files in ``directory`` as the editor's JSON (files absent are left out)."""
    out: dict[str, dict[str, Any]] = {}
    for name in PACK_FILES:
        path = directory / name
        if not path.is_file():
            continue
        with path.open(encoding="utf-8", newline="") as f:
            table = list(csv.reader(f))
        if table:
            out[name] = {"columns": table[0], "rows": [r for r in table[1:] if any(r)]}
    return out


def schema_info() -> dict[str, dict[str, dict[str, Any]]]:
    """Per file, per column: its allowed values (a choice) and whether it is required."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for name, model in PACK_FILES.items():
        cols: dict[str, dict[str, Any]] = {}
        for col, info in model.model_fields.items():
            args = get_args(info.annotation)
            choices = [str(a) for a in args] if args and get_origin(info.annotation) is \
                Literal else ["yes", "no"] if info.annotation is bool else None
            cols[col] = {"required": info.is_required(), "choices": choices}
        out[name] = cols
    return out


def _check_files(files: dict[str, PackFile]) -> None:
    for name, f in files.items():
        if name not in PACK_FILES:
            raise ApiError(422, "not_a_pack_file", say("pack_file", file=name,
                                                       files=", ".join(PACK_FILES)))
        cells = [*f.columns, *(c for r in f.rows for c in r)]
        if any(len(c) > MAX_CELL for c in cells):
            raise ApiError(413, "pack_cell_long", say("pack_cell", most=MAX_CELL))
        if any(len(r) > len(f.columns) for r in f.rows):
            raise ApiError(422, "pack_row_long", say("pack_row", file=name))


def write_pack(files: dict[str, PackFile], directory: Path) -> None:
    """Write the editor's files as CSV into ``directory`` (checked: names and bounds)."""
    _check_files(files)
    for name, f in files.items():
        with (directory / name).open("w", encoding="utf-8", newline="") as out:
            w = csv.writer(out, lineterminator="\n")
            w.writerow(f.columns)
            w.writerows(f.rows)


def problems(issues: list[Issue], lang: str) -> list[dict[str, Any]]:
    """Issues as the page shows them: where (file, line, field) and the message in words."""
    return [{"file": i.file, "row": i.row, "field": i.field, "message": problem(i, lang)}
            for i in issues]


def _summary(directory: Path, lang: str) -> dict[str, Any]:
    try:
        pack = load_pack(directory)
    except PackError as exc:
        return {"ok": False, "problems": problems(exc.issues, lang)}
    return {"ok": True, "problems": [], "provisional": len(pack.provisional()),
            "tiles": len(pack.tiles)}


def _owners(request: Request) -> set[str]:
    settings = request.app.state.tables.settings
    return {n.strip().casefold() for n in settings.owners.split(",") if n.strip()}


async def _owner(request: Request) -> User | None:
    """The logged-in account if it is one of the server's owners."""
    from clanboard.server.accounts.auth import current_user

    user = await current_user(request)
    ok = user is not None and not user.bot and user.name.casefold() in _owners(request)
    return user if ok else None


def packs_router() -> APIRouter:
    """The editor's endpoints under ``/api/packs``."""
    router = APIRouter(prefix="/api/packs", tags=["packs"])

    @router.get("/provisional", summary="The shipped provisional pack, file by file")
    async def provisional(request: Request) -> dict[str, Any]:
        return {"files": read_pack(PROVISIONAL_PACK), "owner": await _owner(request) is not None,
                "schema": schema_info()}

    @router.post("/open", summary="Read an uploaded pack archive (.zip or .tar.gz)",
                 openapi_extra={"requestBody": {"content": {"application/octet-stream": {}}}})
    async def open_archive(request: Request) -> dict[str, Any]:
        from clanboard.games.glen_more_2.store import _stage

        data = await request.body()
        with tempfile.TemporaryDirectory(prefix="clanboard-edit-") as tmp:
            archive = Path(tmp) / "upload"
            archive.write_bytes(data)
            try:
                _stage(archive, Path(tmp) / "pack")
                files = read_pack(Path(tmp) / "pack")
            except PackError as exc:
                raise ApiError(422, "bad_pack", say("pack_unreadable"),
                               problems=problems(exc.issues, _lang(request))) from None
            except (UnicodeDecodeError, csv.Error):
                raise ApiError(422, "bad_pack", say("pack_unreadable")) from None
        if not files:
            raise ApiError(422, "bad_pack", say("pack_unreadable"))
        return {"files": files}

    @router.post("/check-row", summary="Check one row against its file's schema")
    async def check_row(body: RowIn, request: Request) -> dict[str, Any]:
        model = PACK_FILES.get(body.file)
        if model is None:
            raise ApiError(422, "not_a_pack_file", say("pack_file", file=body.file,
                                                       files=", ".join(PACK_FILES)))
        if any(len(v) > MAX_CELL for v in body.row.values()):
            raise ApiError(413, "pack_cell_long", say("pack_cell", most=MAX_CELL))
        data = {k: v for k, v in body.row.items() if k in model.model_fields}
        try:
            model.model_validate(data)
        except ValidationError as exc:
            issues = row_issues(body.file, model, data, exc.errors())
            return {"ok": False, "problems": problems(issues, _lang(request))}
        return {"ok": True, "problems": []}

    @router.post("/check", summary="Check a whole pack: every problem, or the summary")
    async def check(body: PackIn, request: Request) -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="clanboard-edit-") as tmp:
            write_pack(body.files, Path(tmp))
            return _summary(Path(tmp), _lang(request))

    @router.post("/download", summary="The pack as a .zip that clanboard pack install takes",
                 response_class=Response)
    async def download(body: PackIn, name: str = Query("glen-more-2-pack", max_length=32,
                                                       pattern=r"^[a-z0-9][a-z0-9_-]*$")
                       ) -> Response:
        _check_files(body.files)
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for fname, f in body.files.items():
                text = io.StringIO()
                w = csv.writer(text, lineterminator="\n")
                w.writerow(f.columns)
                w.writerows(f.rows)
                z.writestr(fname, text.getvalue())
        return Response(buf.getvalue(), media_type="application/zip", headers={
            "Content-Disposition": f'attachment; filename="{name}.zip"'})

    @router.post("/install", summary="The server's owner installs a pack on the server")
    async def install_pack(body: PackIn, request: Request) -> dict[str, Any]:
        from clanboard.games.glen_more_2.components import forget_packs
        from clanboard.games.glen_more_2.store import install

        user = await _owner(request)
        if user is None:
            raise ApiError(403, "not_owner", say("pack_owner_only"))
        if not body.name:
            raise ApiError(422, "pack_name", say("pack_name"))
        lang = _lang(request)
        with tempfile.TemporaryDirectory(prefix="clanboard-edit-") as tmp:
            write_pack(body.files, Path(tmp))
            try:
                info, new = install(Path(tmp), body.name,
                                    label=f"the pack editor, by {user.name}")
            except PackError as exc:
                raise ApiError(422, "bad_pack", say("pack_refused"),
                               problems=problems(exc.issues, lang)) from None
            except InvalidState:
                raise ApiError(422, "pack_name", say("pack_name")) from None
        forget_packs()
        return {"name": info.name, "version": info.version, "hash": info.hash, "new": new,
                "provisional": info.provisional, "tiles": info.tiles}

    return router
