"""Installed component packs: what ``clanboard pack install`` keeps for a user.

A pack directory, or a ``.zip`` / ``.tar.gz`` archive of one, is checked against the
schema (:func:`.pack.load_pack`); a bad pack is refused with every problem listed and
nothing is written. A good one is copied to ``<packs dir>/<name>/<version>/`` with a
``pack.json`` manifest: its name, version (1, 2, ... per name: a new version only when the
content changes), content hash, where it came from and when, and how many of its values
are still provisional. The packs directory is ``$CLANBOARD_PACKS_DIR`` if set, else
``$XDG_DATA_HOME/clanboard/packs`` (``~/.local/share/clanboard/packs``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tarfile
import tempfile
import zipfile
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath

from clanboard.core import InvalidState
from clanboard.games.glen_more_2.pack import PROVISIONAL_PACK, Issue, PackError, load_pack
from clanboard.games.glen_more_2.schema import FILES, OPTIONAL_FILES

ENV = "CLANBOARD_PACKS_DIR"
MANIFEST = "pack.json"
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
#: what an installed pack keeps: its data files and a README
KEPT = frozenset({*FILES, *OPTIONAL_FILES, "README.md"})
#: an archive is refused above these (the server reads packs; users upload archives)
MAX_FILES = 64
MAX_BYTES = 8 * 1024 * 1024
SHIPPED = frozenset({PROVISIONAL_PACK.name})


@dataclass(frozen=True)
class Installed:
    """One installed version of a pack (its ``pack.json``)."""

    name: str
    version: int
    hash: str
    source: str
    installed_at: str
    provisional: int
    tiles: int
    clanboard: str

    @property
    def path(self) -> Path:
        return packs_dir() / self.name / str(self.version)


def packs_dir() -> Path:
    """Where installed packs live (see the module's docstring)."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "clanboard" / "packs"


def content_hash(directory: Path) -> str:
    """``sha256:`` of the pack's data files (names and bytes, in name order): equal for
    equal content wherever the pack lies."""
    h = hashlib.sha256()
    for name in sorted(n for n in KEPT - {"README.md"} if (directory / n).is_file()):
        data = (directory / name).read_bytes()
        h.update(f"{name}\0{len(data)}\0".encode())
        h.update(data)
    return "sha256:" + h.hexdigest()


def versions(name: str) -> list[Installed]:
    """Every installed version of ``name``, oldest first."""
    root = packs_dir() / name
    out = []
    if root.is_dir():
        for d in root.iterdir():
            m = d / MANIFEST
            if d.name.isdigit() and m.is_file():
                try:
                    out.append(Installed(**json.loads(m.read_text("utf-8"))))
                except (ValueError, TypeError):
                    continue  # a damaged manifest: that version is not offered
    return sorted(out, key=lambda i: i.version)


def installed() -> dict[str, Installed]:
    """The latest version of every installed pack, by name."""
    root = packs_dir()
    if not root.is_dir():
        return {}
    out = {}
    for d in sorted(root.iterdir()):
        if NAME.match(d.name) and (found := versions(d.name)):
            out[d.name] = found[-1]
    return out


def install(source: Path, name: str | None = None,
            label: str | None = None) -> tuple[Installed, bool]:
    """Check the pack at ``source`` (a directory or an archive) and install it; returns it
    and whether a new version was written (``False``: the same content was there).
    ``label``: the provenance recorded instead of ``source`` (the pack editor's upload).
    Raises :class:`PackError` listing every problem, or :class:`InvalidState`."""
    name = name if name is not None else _default_name(source)
    if not NAME.match(name):
        raise InvalidState(f"a pack name is 1-32 lower-case letters, digits, '-' or '_', "
                           f"starting with a letter or digit; got {name!r} (choose one "
                           f"with --name)")
    if name in SHIPPED:
        raise InvalidState(f"{name!r} is the pack shipped with clanboard; choose another "
                           f"name with --name")
    with tempfile.TemporaryDirectory(prefix="clanboard-pack-") as tmp:
        staged = Path(tmp) / "pack"
        _stage(source, staged)
        pack = load_pack(staged)  # PackError: every problem, nothing installed
        digest = content_hash(staged)
        have = versions(name)
        if have and have[-1].hash == digest:
            return have[-1], False
        version = have[-1].version + 1 if have else 1
        info = Installed(name=name, version=version, hash=digest, source=label or str(source),
                         installed_at=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                         provisional=len(pack.provisional()), tiles=len(pack.tiles),
                         clanboard=_version())
        (staged / MANIFEST).write_text(json.dumps(asdict(info), indent=1) + "\n", "utf-8")
        target = info.path
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.parent / f".{version}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        shutil.copytree(staged, partial)
        partial.rename(target)  # appears whole or not at all
    return info, True


def _version() -> str:
    from clanboard import __version__

    return __version__


def _default_name(source: Path) -> str:
    stem = source.name
    for suffix in (".tar.gz", ".tgz", ".zip"):
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
    return re.sub(r"[^a-z0-9_-]", "-", stem.lower()).strip("-")[:32] or "pack"


def _stage(source: Path, out: Path) -> None:
    """Copy the pack's files from a directory or an archive into ``out``."""
    out.mkdir()
    if source.is_dir():
        for name in sorted(KEPT):
            if (source / name).is_file():
                shutil.copyfile(source / name, out / name)
        return
    if not source.is_file():
        raise PackError(str(source), [Issue(str(source), None, None,
                                            "no such directory or archive")])
    members = _archive(source)
    # the files at the top, or in one folder (an archive made of the pack's directory)
    tops = {PurePosixPath(n).parts[0] for n in members if len(PurePosixPath(n).parts) > 1}
    prefix = tops.pop() + "/" if len(tops) == 1 and not any("/" not in n for n in members) \
        else ""
    for name, data in members.items():
        rel = name[len(prefix):] if name.startswith(prefix) else name
        if rel in KEPT:
            (out / rel).write_bytes(data)


def _archive(source: Path) -> dict[str, bytes]:
    """The regular files of a zip or tar archive, bounded in number and size."""
    problem = PackError(str(source), [Issue(source.name, None, None,
                                            "not a pack archive: give a directory, a .zip "
                                            "or a .tar.gz of the pack's CSV files")])
    files: dict[str, bytes] = {}
    try:
        if zipfile.is_zipfile(source):
            with zipfile.ZipFile(source) as z:
                infos = [i for i in z.infolist() if not i.is_dir()]
                _bounded(source, len(infos), sum(i.file_size for i in infos))
                for i in infos:
                    files[i.filename] = z.read(i)[: MAX_BYTES + 1]
        elif tarfile.is_tarfile(source):
            with tarfile.open(source) as t:
                regular = [m for m in t.getmembers() if m.isreg()]
                _bounded(source, len(regular), sum(m.size for m in regular))
                for m in regular:
                    f = t.extractfile(m)
                    files[m.name] = f.read(MAX_BYTES + 1) if f else b""
        else:
            raise problem
    except (OSError, zipfile.BadZipFile, tarfile.TarError, EOFError):
        raise problem from None
    # only plain relative names (no '..', no absolute paths) are read
    return {n.removeprefix("./"): d for n, d in files.items()
            if ".." not in PurePosixPath(n).parts and not n.startswith("/")}


def _bounded(source: Path, count: int, size: int) -> None:
    if count > MAX_FILES or size > MAX_BYTES:
        raise PackError(str(source), [Issue(source.name, None, None,
                                            f"an archive of at most {MAX_FILES} files and "
                                            f"{MAX_BYTES // (1024 * 1024)} MiB is read; this "
                                            f"one has {count} files, {size} bytes")])


__all__ = ["ENV", "Installed", "content_hash", "install", "installed",
           "packs_dir", "versions"]

