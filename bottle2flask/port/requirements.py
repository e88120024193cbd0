"""OUT/requirements.txt: Flask, and the distributions the ported modules import.

A module's distribution is the one installed here that provides it
(importlib.metadata.packages_distributions()); a module not installed here is written
under its own name with a comment saying so. Left out: the standard library, the app's
own modules (a bottle.py it ships among them), and what Flask brings itself (Werkzeug,
Jinja2...). Bottle is listed only where a ported module still imports it (a
SimpleTemplate kept as Bottle's own, a name under a TODO). A
requirements.txt the app ships is copied as it is, never rewritten: the report says
what the port needs added to it.
"""

from __future__ import annotations

import ast
import os
import re
import sys
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from importlib import metadata
from pathlib import Path

FILE = "requirements.txt"
NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def canonical(name: str) -> str:
    """A distribution's name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def imported(code: str) -> set[str]:
    """The top-level names of a module's absolute imports ("" for code that does not
    parse: a module the port could not read imports nothing it knows of)."""
    return set(_imported(code))


# The helpers a port copies (bottle_compat.py's pieces, bottle_plugins.py...) are the same
# text port after port: a process that ports many apps (the generator's judge) parses
# each text once.
@lru_cache(maxsize=64)
def _imported(code: str) -> frozenset[str]:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return frozenset()
    return frozenset(imported_by(tree))


# the fields of Python's nodes that hold statements: an import is a statement, so only
# these lead to one (an expression holds none)
BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def imported_by(tree: ast.Module) -> set[str]:
    """imported() of a module already parsed: the statements alone are looked at."""
    names = set()
    statements: list = list(tree.body)
    while statements:
        node = statements.pop()
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if not node.level and node.module:
                names.add(node.module.partition(".")[0])
        else:
            for name in BODIES:
                statements.extend(getattr(node, name, ()))
    return names


def own_names(paths: list[str]) -> set[str]:
    """Every name under which the app's own modules and packages may be imported."""
    names = set()
    for path in map(Path, paths):
        names |= {*path.parent.parts, path.stem}
    return names


def name_of(requirement: str) -> str:
    """The canonical distribution name a requirement line starts with ("" if none)."""
    found = NAME.match(requirement)
    return canonical(found.group(1)) if found else ""


# What packages_distributions() last answered, and for which sys.path (each entry with
# the time it last changed: an install or uninstall changes its folder).
_PROVIDED: list[tuple[tuple, Mapping[str, list[str]]]] = []


def path_state() -> tuple:
    """sys.path, each entry with the time its folder last changed (None: not a folder)."""
    state: list[tuple[str, int | None]] = []
    for entry in sys.path:
        try:
            state.append((entry, os.stat(entry or ".").st_mtime_ns))
        except OSError:
            state.append((entry, None))
    return tuple(state)


def provided() -> Mapping[str, list[str]]:
    """importlib.metadata.packages_distributions(), read again only when sys.path or a
    folder on it has changed: it reads every installed distribution's metadata (a fifth
    of a small app's port, which a process porting many apps paid for each)."""
    state = path_state()
    if not _PROVIDED or _PROVIDED[0][0] != state:
        _PROVIDED[:] = [(state, metadata.packages_distributions())]
    return _PROVIDED[0][1]


# Flask's installed version and what it requires, under the same path state
_FLASK: list[tuple[tuple, tuple[str, frozenset[str]]]] = []


def installed_flask() -> tuple[str, frozenset[str]]:
    """Flask's installed version, and Flask with the distributions it requires (canonical
    names): read again only when sys.path or a folder on it has changed (as provided();
    each look-up reads the installed distributions' metadata: 5% of a generated app's
    port, paid for each app by a process porting many)."""
    state = path_state()
    if not _FLASK or _FLASK[0][0] != state:
        required = metadata.requires("flask") or []
        brought = frozenset({"flask"} | {name_of(r) for r in required if "extra ==" not in r})
        _FLASK[:] = [(state, (metadata.version("flask"), brought))]
    return _FLASK[0][1]


def flask_brings() -> set[str]:
    """Flask and the distributions it requires (canonical names)."""
    return set(installed_flask()[1])


def needed(codes: Mapping[str, str], extra_own: Sequence[str] = ()) -> list[tuple[str, str]]:
    """(requirement, comment) lines: Flask with the installed version as lower bound,
    then each distribution the modules (path -> code) import, sorted."""
    return needed_by({path: imported(code) for path, code in codes.items()}, extra_own)


def needed_by(imports: Mapping[str, AbstractSet[str]],
              extra_own: Sequence[str] = ()) -> list[tuple[str, str]]:
    """needed() of the modules' imported names (path -> imported())."""
    own = own_names([*imports, *extra_own])
    modules = set().union(*imports.values()) if imports else set()
    modules -= own | set(sys.stdlib_module_names) | {"__future__"}
    version, brought = installed_flask()
    # (flask, werkzeug, jinja2...: each module named as the distribution it is)
    modules -= brought
    # every installed distribution's files are read for this: not for an app importing
    # only the standard library, Flask's own and its own modules
    found_in = provided() if modules else {}
    found: dict[str, str] = {}
    for module in sorted(modules):
        dists = found_in.get(module)
        if dists:
            name = dists[0]
            if canonical(name) not in brought:
                found.setdefault(name, "")
        else:
            found.setdefault(module, f"guessed: the module {module} is not installed "
                             "here, so its distribution is not known")
    lines = [(f"Flask>={version}", "")]
    return lines + sorted(found.items(), key=lambda item: canonical(item[0]))


def missing_from(text: str, lines: list[tuple[str, str]]) -> list[str]:
    """The requirements of lines that a requirements file's text does not name."""
    named = {name_of(line) for line in text.splitlines()}
    return [req for req, _ in lines if name_of(req) not in named]


def write(src: Path, out: Path, imports: Mapping[str, AbstractSet[str]],
          extra_own: Sequence[str] = ()) -> dict:
    """Write OUT/requirements.txt unless the app ships one (`imports`: each module's
    imported names, path -> imported()); what was done, for the report:
    {"written": bool, "lines": [...], "missing": [...]}."""
    lines = needed_by(imports, extra_own)
    shown = [f"{req}  # {why}" if why else req for req, why in lines]
    if (src / FILE).is_file():
        text = (src / FILE).read_text(encoding="utf-8", errors="replace")
        return {"written": False, "lines": shown, "missing": missing_from(text, lines)}
    (out / FILE).write_text(
        "# What the Flask port imports (written by bottle2flask port)\n"
        + "".join(f"{line}\n" for line in shown), encoding="utf-8")
    return {"written": True, "lines": shown, "missing": []}


def report_lines(done: dict) -> list[str]:
    """PORTING-REPORT.md's lines on requirements.txt."""
    if done["written"]:
        return [f"`{FILE}` written: " + ", ".join(f"`{line}`" for line in done["lines"]),
                ""]
    if not done["missing"]:
        return [f"`{FILE}` is the app's own (copied as it was); it names all the port "
                "imports.", ""]
    return [f"`{FILE}` is the app's own (copied as it was, not changed): add "
            + ", ".join(f"`{line}`" for line in done["missing"])
            + " for the port (and drop Bottle once no module imports it).", ""]
