"""The catalogue and the tools' guide, wherever the tools run from.

An installed wheel carries them as bottle2flask/docs/ (the repository's docs/ folder,
mapped into the package at build time); a checkout reads docs/ itself.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDERS = (HERE / "docs", HERE.parent / "docs")
SHIPPED = ("PORTING.md", "PORTING-TOOLS.md", "PORTING-RULES.md", "PORTING-TRIALS.md",
           "BOTTLE-API.md")


def folder() -> Path | None:
    """The folder that holds the shipped docs, or None if this copy has none."""
    return next((f for f in FOLDERS if (f / "PORTING.md").is_file()), None)


def path(name: str) -> Path | None:
    """One shipped doc by its file name; None for any other name."""
    where = folder()
    return where / name if where is not None and name in SHIPPED else None


def cite(name: str = "PORTING.md") -> str:
    """How a report names a doc: its path here, so a reader can open it."""
    found = path(name)
    return str(found) if found is not None else name
