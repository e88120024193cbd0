"""The app's data files as they were at port time: taken once, laid over each copy.

Copied next to the suite a port leaves (as bottle2flask_data_files.py), so it uses the
standard library only. A data file is any file of the app's folder that is not Python,
a template or a static file, and not the port's own output: a SQLite database, JSON,
CSV, a config file. Using the port (adding a row through its pages) changes its
database; the suite's recorded answers were made on the files as they were, so each
app's copy is given those again: a data file made since is taken away, one changed
since is put back as it was.
"""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath

CODE = {".py", ".pyc", ".pyo", ".pyw", ".pyi", ".wsgi"}
TEMPLATES = {".tpl", ".stpl", ".html", ".htm", ".xhtml", ".jinja", ".jinja2", ".j2"}
# folders of templates and static files, and folders no app reads its data from
NOT_DATA_DIRS = {
    "static",
    "views",
    "templates",
    "__pycache__",
    "node_modules",
    "venv",
    "env",
    "site-packages",
}
# what `bottle2flask port` writes into OUT beside the app
PORT_FILES = {
    "PORTING-REPORT.md",
    "porting-report.json",
    "parity.toml",
    "requirements.txt",
    "tests",
}
CAP = 20_000_000  # bytes: over this, no snapshot (the suite says so)


def is_data(rel: PurePosixPath) -> bool:
    """Whether a file (its path relative to the app's folder) is a data file."""
    if rel.suffix.lower() in CODE | TEMPLATES or rel.parts[0] in PORT_FILES:
        return False
    return not any(
        part.startswith(".") or part in NOT_DATA_DIRS or part.endswith(".egg-info")
        for part in rel.parts
    )


def data_files(folder: Path, within: list[str] | None = None) -> list[PurePosixPath]:
    """The data files under folder, sorted (a symbolic link is left as it is); within:
    only those under these paths of it (folders or files), when given."""
    found = []
    for path in sorted(folder.rglob("*")):
        rel = PurePosixPath(path.relative_to(folder).as_posix())
        if (
            path.is_file()
            and not path.is_symlink()
            and is_data(rel)
            and inside(rel, within)
        ):
            found.append(rel)
    return found


def inside(rel: PurePosixPath, within: list[str] | None) -> bool:
    """Whether rel is one of the paths (or under one), or no paths are given."""
    if within is None:
        return True
    return any(
        path == "." or rel == PurePosixPath(path) or PurePosixPath(path) in rel.parents
        for path in within
    )


def take(
    folder: Path, into: Path, cap: int = CAP, within: list[str] | None = None
) -> tuple[list[str], str]:
    """Copy folder's data files (only those within these paths of it, when given: the
    folder ported and what its app read around it) into `into`; the files, or [] and
    why none was taken."""
    files = data_files(folder, within)
    size = sum((folder / rel).stat().st_size for rel in files)
    shutil.rmtree(into, ignore_errors=True)  # a port again leaves no stale file
    if size > cap:
        return [], f"the data files are {size:,} bytes, over the cap of {cap:,}"
    into.mkdir(parents=True)
    for rel in files:
        (into / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(folder / rel, into / rel)
    return [str(rel) for rel in files], ""


def lay_over(
    snapshot: Path, files: list[str], copy: Path, within: list[str] | None = None
) -> None:
    """Give a copy of the app the data files of the snapshot, and only those (within
    the paths it was taken from, when given: the rest of the copy is left as it is)."""
    kept = set(files)
    for found in data_files(copy, within):
        if str(found) not in kept:
            (copy / found).unlink()
    for rel in files:
        (copy / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(snapshot / rel, copy / rel)
