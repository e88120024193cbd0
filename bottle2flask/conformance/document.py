"""docs/BOTTLE-API.md, written from the table: `python -m bottle2flask.conformance`."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from .. import docs
from .model import STATUSES, Row

# docs/ of a checkout (an installed wheel carries a copy as bottle2flask/docs/)
PATH = (docs.folder() or Path(__file__).resolve().parent.parent.parent / "docs") \
    / "BOTTLE-API.md"
TEST = "tests/porting_tool/conformance/test_conformance.py::test_the_port_answers_as_the_row_says"
TITLES = {"name": "Module names", "member": "Members of Bottle's classes",
          "route": "Route syntax", "template": "SimpleTemplate syntax",
          "form": "Forms of use"}
MEANING = {
    "same": "converted, and the port answers exactly as Bottle does",
    "declared": "converted with a declared change (named, in docs/PORTING.md)",
    "todo": "the port writes a TODO there: no idiomatic conversion exists (reason given); "
            "template code \"kept as Python\" answers exactly as Bottle does",
    "n/a": "not applicable: no test, and the reason says what the port does with it",
    "engine": "the port differs silently: an engine bug, its test an expected failure",
}


def changes() -> dict[str, str]:
    from ..port.rules import CHANGES

    return {id: change.porting for id, change in CHANGES.items()}


def cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def line(row: Row, porting: dict[str, str]) -> str:
    versions = "" if len(row.versions) > 1 else f" (Bottle {row.versions[0]} only)"
    if row.status == "declared":
        note = f"`{row.change}` (docs/PORTING.md {porting.get(row.change, '?')})"
        note += f": {row.reason}" if row.reason else ""
    elif row.status == "todo":
        note = f"TODO(flask-port/{row.todo}): {row.reason}"
        note = {"breaks": "**the port breaks here.** ", "differs": "the port answers "
                "otherwise (no page lost). "}.get(row.port, "") + note
    elif row.status == "engine":
        note = row.engine
    else:
        note = row.reason
    if row.on012:
        note += f" Bottle 0.12: {row.on012[0]}, {row.on012[1]}."
    test = f"`[{row.id}]`" if row.case is not None else "none"
    return f"| `{row.id}`{versions} | {row.status} | {cell(note)} | {test} |"


def render(rows: list[Row]) -> str:
    porting = changes()
    counts = Counter(r.status for r in rows)
    out = ["# Bottle's API, row by row: what `bottle2flask port` does with each",
           "",
           "Written by `python -m bottle2flask.conformance` from the table in",
           "`bottle2flask/conformance/` (do not edit; a test fails when this file is stale).",
           "Every public name of Bottle 0.12 and 0.13 is a row (`bottle2flask/conformance/"
           "names.py` says",
           "what counts as public), with Bottle's route and SimpleTemplate syntax. A row with "
           "a test",
           f"is a tiny Bottle app, ported and served beside the original: `{TEST}[<id>]`",
           "compares status, Content-Type, Location, Set-Cookie and body (a framework's own",
           "error or redirect page counts by its status only).",
           "",
           "The statuses are those with Bottle 0.13 installed (as CI runs them); `make "
           "conformance-bottle012`",
           "runs the same tests with Bottle 0.12.25, and a row says where 0.12 answers "
           f"otherwise (rows: {sum(bool(r.on012) for r in rows)}).",
           "The `engine` rows are the port's to-do list: each names the rule that differs.",
           "",
           "| status | rows | meaning |", "|---|---|---|"]
    out += [f"| {s} | {counts[s]} | {MEANING[s]} |" for s in STATUSES]
    ports = Counter(r.port for r in rows if r.status == "todo" and r.case is not None)
    out += [f"| todo, the port answers as Bottle | {ports['same']} | the TODO marks code "
            "that is not idiomatic yet |",
            f"| todo, the port answers otherwise | {ports['differs']} | no page lost |",
            f"| **todo, the port breaks** | {ports['breaks']} | it fails where Bottle "
            "answered (does not load, raises, 5xx, or 4xx where Bottle served the page); "
            "its TODO says so |"]
    out += [f"| all | {len(rows)} | {sum(r.case is not None for r in rows)} with a "
            "differential test |", ""]
    for kind, title in TITLES.items():
        out += [f"## {title}", "", "| row | status | reason or change | test |",
                "|---|---|---|---|"]
        out += [line(r, porting) for r in rows if r.kind == kind]
        out.append("")
    return "\n".join(out)


def write() -> Path:
    from .table import rows

    PATH.write_text(render(rows()), encoding="utf-8")
    return PATH
