"""Declared changes: where the idiomatic Flask port answers differently from Bottle.

Each rule names the changes it may make in its own module (`Rule.declares`); an
occurrence is recorded with its file:line, listed in PORTING-REPORT.md and written
into OUT/parity.toml as an `[[ignore]]` table, so `bottle2flask parity` counts it as intended.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Change:
    id: str  # "D-location"
    porting: str  # its docs/PORTING.md entry, "18. Redirects"
    text: str  # one sentence: what differs
    header: str = ""  # the parity [[ignore]] that covers it, if one can
    css: str = ""
    json: str = ""
    status: str = ""  # a page the original answered with this status (a 500)
    printed: str = ""  # a text the port prints where the original printed nothing
    escaped: str = ""  # "html": the port escapes what the original printed raw
    error_text: str = ""  # "routing": each framework's own text for a routing 404/405
    environ: str = ""  # "keys": each framework's own keys of the WSGI environ, printed
    cookie_path: str = ""  # a glob of cookie names: their Path alone differs
    written: str = ""  # "json", "entities": the same body written another way
    framework: str = ""  # "redirect-body"...: the framework's own answer of that kind

    @property
    def kind(self) -> tuple[str, str] | None:
        for key in ("header", "css", "json", "status", "printed", "escaped", "error_text",
                    "environ", "cookie_path", "written", "framework"):
            if getattr(self, key):
                return key, getattr(self, key)
        return None


def glob(path: str) -> str:
    """A route's path as a parity path glob: each wildcard becomes `*`."""
    return re.sub(r"<[^<>]*>", "*", path)


def _string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a TOML basic string


def parity_settings(modules, changes: dict[str, Change]) -> str:
    """OUT/parity.toml: one [[ignore]] per declared change and path it applies to."""
    lines = ["# Differences the port declared (see PORTING-REPORT.md). bottle2flask parity",
             "#   ORIGINAL/app.py PORT/app.py reads this file by itself.", ""]
    seen = set()
    for module in modules:
        for found in module.declared:
            change = changes[found["id"]]
            where = f"{module.path}:{found['line']}"
            # the change's own field, else what the site named (a header a decorator set)
            kinds = [change.kind] if change.kind else [
                (kind, value) for kind, value in found.get("ignore", [])]
            if not kinds:  # parity does not see it, or normalises it already
                lines.append(f"# {change.id} at {where}: {change.text} (nothing to ignore)")
                continue
            for path in found["paths"]:
                for kind in kinds:
                    if (change.id, kind, path) in seen:
                        continue
                    seen.add((change.id, kind, path))
                    detail = f": {found['detail']}" if found.get("detail") else ""
                    reason = (f"{change.text}{detail} ({where}; docs/PORTING.md "
                              f"{change.porting})")
                    lines += ["[[ignore]]", f"name = {_string(change.id)}",
                              f"{kind[0]} = {_string(kind[1])}", f"path = {_string(path)}",
                              f"reason = {_string(reason)}", ""]
    return "\n".join(lines).rstrip("\n") + "\n"
