"""What the last port left in OUT, so that porting again loses no change made by hand.

OUT/.bottle2flask/manifest.json holds the path and SHA-256 of each file in OUT as the
port left it (its code, templates, copies, reports, the check's suite and log). Before
writing again, the port compares OUT with it: a file edited, added or removed since
stops the port (unless --force), as does a non-empty OUT no port wrote.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..errors import UsageError
from .folder import files_of

RECORD = Path(".bottle2flask") / "manifest.json"


def snapshot(out: Path) -> dict[str, str]:
    """Each file of OUT (caches, virtualenvs and version control left out): its hash."""
    return {path.relative_to(out).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in files_of(out) if not path.relative_to(out).parts[0] == RECORD.parts[0]
            and not path.is_symlink()}


def record(out: Path) -> None:
    """Remember OUT as the port leaves it."""
    (out / RECORD).parent.mkdir(parents=True, exist_ok=True)
    (out / RECORD).write_text(json.dumps({"files": snapshot(out)}, indent=1, sort_keys=True)
                              + "\n", encoding="utf-8")


def changes(out: Path) -> list[str]:
    """What changed in OUT since the port last wrote it, one "PATH (edited)" a file, in
    path order; every file when no port wrote OUT (and it is not empty)."""
    if not out.exists():
        return []
    found = snapshot(out)
    try:
        kept = json.loads((out / RECORD).read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return sorted(found)
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
