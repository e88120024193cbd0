"""What the last port left in OUT, so that porting again loses no change made by hand.

OUT/.bottle2flask/manifest.json holds the path and SHA-256 of each file in OUT as the
port left it (its code, templates, copies, reports, the check's suite and log), and apart
the files the user put there that the port kept ("theirs"). Before writing again, the
port compares OUT with it: a file edited, added or removed since stops the port (unless
--force), as does a non-empty OUT no port wrote.

OUT then holds exactly what the port writes, and the user's files: before each port
(the first, and each of the check's repair rounds) the files the last port or round
wrote are removed, so none that this one does not write is left (the bottle_compat.py of
an exact candidate the repair undid, a module the app no longer has). A file that is not
the last port's as it left it (added, or edited since, with --force) is the user's and
stays, unless the port writes over it.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from ..errors import UsageError
from .folder import files_of

RECORD = Path(".bottle2flask") / "manifest.json"


def snapshot(out: Path) -> dict[str, str]:
    """Each file of OUT (caches, virtualenvs and version control left out): its hash; a
    link the port made (wsgi.py -> app.py), where it points."""
    return {path.relative_to(out).as_posix(): f"-> {os.readlink(path)}" if path.is_symlink()
            else hashlib.sha256(path.read_bytes()).hexdigest()
            for path in files_of(out) if not path.relative_to(out).parts[0] == RECORD.parts[0]}


def recorded(out: Path) -> tuple[dict[str, str], dict[str, str]] | None:
    """The files the last port left in OUT and those of the user's it kept (path ->
    hash), or None when no port wrote OUT."""
    try:
        found = json.loads((out / RECORD).read_text(encoding="utf-8"))
        ours, theirs = found["files"], found.get("theirs", {})
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not isinstance(ours, dict) or not isinstance(theirs, dict):
        return None
    if not found.get("links"):
        # written before links were recorded (the snapshot left them out): a link OUT
        # holds is the last port's (wsgi.py -> app.py), not a file the user added, which
        # stopped the first port again
        ours = {**{path: digest for path, digest in snapshot(out).items()
                   if digest.startswith("-> ") and path not in theirs}, **ours}
    return ours, theirs


def theirs(out: Path) -> dict[str, str]:
    """The user's files in OUT (path -> hash): every file but those the last port left
    as it left them (all of them when no port wrote OUT)."""
    if not out.exists():
        return {}
    ours = (recorded(out) or ({}, {}))[0]
    return {path: digest for path, digest in snapshot(out).items() if ours.get(path) != digest}


def clear(out: Path, keep: dict[str, str], spare: frozenset[str] = frozenset()) -> list[str]:
    """Remove each file of OUT but the user's (keep: path -> hash, as theirs() found
    them) and those named in spare, and the folders that leaves empty: what an earlier
    port (or repair round) wrote. The paths removed."""
    if not out.is_dir():
        return []
    gone = [path for path, digest in snapshot(out).items()
            if keep.get(path) != digest and path not in spare]
    for path in gone:
        (out / path).unlink()
    for folder in sorted({parent for path in gone for parent in (out / path).parents
                          if out in parent.parents}, key=lambda p: -len(p.parts)):
        if not any(folder.iterdir()):
            folder.rmdir()
    return gone


def record(out: Path, kept: dict[str, str] | None = None) -> None:
    """Remember OUT as the port leaves it; the user's files it found (kept: theirs()),
    where the port did not write over them, as theirs."""
    files = snapshot(out)
    mine = {path: digest for path, digest in (kept or {}).items() if files.get(path) == digest}
    (out / RECORD).parent.mkdir(parents=True, exist_ok=True)
    (out / RECORD).write_text(json.dumps(
        {"files": {p: d for p, d in files.items() if p not in mine}, "theirs": mine,
         "links": True},
        indent=1, sort_keys=True) + "\n", encoding="utf-8")


def changes(out: Path) -> list[str]:
    """What changed in OUT since the port last wrote it, one "PATH (edited)" a file, in
    path order; every file when no port wrote OUT (and it is not empty)."""
    if not out.exists():
        return []
    found = snapshot(out)
    known = recorded(out)
    if known is None:
        return sorted(found)
    kept = {**known[1], **known[0]}
    said = []
    for path in sorted(set(found) | set(kept)):
        if path not in kept:
            said.append(f"{path} (added)")
        elif path not in found:
            said.append(f"{path} (removed)")
        elif found[path] != kept[path]:
            said.append(f"{path} (edited)")
    return said


def guard(out: Path) -> None:
    """Stop (a UsageError) when OUT holds changes a port would overwrite."""
    changed = changes(out)
    if not changed:
        return
    count = f"{len(changed)} file{'s' if len(changed) > 1 else ''}"
    if not (out / RECORD).is_file():
        raise UsageError(f"{out} is not empty and no port wrote it ({count}, the first "
                         f"{changed[0]}): give an empty or new folder, "
                         "or --force to write over it")
    raise UsageError(f"{out} has {count} changed since the last port (the first: "
                     f"{changed[0]}): keep them elsewhere, or --force to port over them")


def again(out: Path, changed: list[str], kept: dict[str, str]) -> str:
    """What a port does to an OUT that is not new, in one line ("" for a new or empty
    OUT): the last port's files replaced, the user's kept, changes written over
    (--force, which the guard let through)."""
    if not out.exists() or not any(out.iterdir()):
        return ""
    many = len(kept) != 1
    mine = (f"; {len(kept)} file{'s' if many else ''} not the last port's "
            f"stay{'' if many else 's'}, unless it writes over {'them' if many else 'it'}") \
        if kept else ""
    if (out / RECORD).is_file():
        over = f" ({len(changed)} changed since: --force writes over them)" if changed \
            else ""
        return f"{out} holds the last port: replaced by this one{over}{mine}"
    return f"{out} was not written by a port: --force writes the port among its files{mine}"
