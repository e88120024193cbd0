"""PORTING-REPORT.md: per file, the rules applied, each rewrite's outcome (same
behaviour, declared change, TODO) and the declared changes and TODOs with file:line."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from .. import docs
from .requirements import report_lines
from .results import Site, summary
from .rules import CHANGES, RULES

GUIDE = "PORTING-RULES.md"
# A code's rules in their order (P004: the request, then uploads), each said once.
_RULES: list[Any] = list(RULES)  # rule classes: their code and summary are class fields
SUMMARIES = {code: "; ".join(dict.fromkeys(r.summary for r in _RULES if r.code == code))
             for code in dict.fromkeys(rule.code for rule in _RULES)}


def not_taken(site: Site) -> str:
    """The idiomatic form a site that kept Bottle's behaviour would have had, where its
    rule gave its forms (Rule.site), on one line."""
    form = site.get("forms", {}).get("idiomatic")
    if form is None or form == site.get("forms", {}).get("exact"):
        return ""
    text = " ".join(form.split())
    return f" (idiomatic form: `{text if len(text) <= 80 else text[:77] + '...'}`)"


def app_spec(entry: tuple[str, str]) -> str:
    """MODULE:APP for flask --app and gunicorn, quoted for the shell when it calls a
    factory (`'web:make_app()'`)."""
    spec = f"{entry[0]}:{entry[1]}"
    return f"'{spec}'" if "(" in spec else spec


def unchecked_run(result, entry: tuple[str, str]) -> tuple[str, str, str]:
    """How to run a port no check loaded (--no-check), as the check would load it (the
    check's own answer is command.run_place's): what to do first, the folder to run from,
    MODULE:APP. A package ported from its own folder (OUT holds its __init__.py) runs as
    a package from the folder above (package_run); a module of it that imports the
    package (relatively, or by its name) as the package's module; anything else from
    OUT."""
    out = Path(result.out)
    if not (out / "__init__.py").is_file() or result.start is None:
        return "", str(out), app_spec(entry)
    from ..loading import package_name  # only for a package: it imports Bottle

    package = Path(result.src).resolve().name
    start = Path(result.src).resolve() / result.start[0]
    module = package if start.name == "__init__.py" else package_name(start)
    if not module or module.partition(".")[0] != package:  # a script in its folder
        return "", str(out), app_spec(entry)
    first, module = package_run(out, package, module)
    return first, str(out.parent), app_spec((module, entry[1]))


def package_run(out: Path, package: str, module: str) -> tuple[str, str]:
    """What to do first and the module to run, for `module` of `package` ported into
    OUT, run from OUT's parent: under OUT's own name where it can be a package's (the
    package's relative imports work under any name) and no module of the port imports
    the package by its name; else OUT renamed to the package's name."""
    if out.name == package:
        return "", module
    if out.name.isidentifier() and out.name not in sys.stdlib_module_names \
            and not imports_by_name(out, package):
        return "", out.name + module[len(package):]
    return f"rename {out.name} to {package}, the package's name, then", module


def imports_by_name(out: Path, package: str) -> bool:
    """Whether a module of the port imports `package` by its name (`from shop import
    models`, `import shop.web`)."""
    by_name = re.compile(rf"^\s*(from\s+{re.escape(package)}[\s.]|import\s+"
                         rf"{re.escape(package)}\b)", re.M)
    for path in out.rglob("*.py"):
        try:
            if by_name.search(path.read_text(encoding="utf-8", errors="replace")):
                return True
        except OSError:
            continue
    return False


def guide(code: str) -> str:
    """Where the rule reference explains a TODO code: its entry's anchor."""
    return f"{GUIDE}#{code.lower()}"


def outcome_line(counts: dict, emulation: int | None = None) -> str:
    """`rewritten same: 12, rewritten with a declared change: 3, TODO: 0` (+ emulation)."""
    text = (f"rewritten same: {counts['same']}, rewritten with a declared change: "
            f"{counts['declared']}, TODO: {counts['todo']}")
    return text if emulation is None else f"{text}; emulation lines: {emulation}"


def markdown(result) -> str:
    totals = summary(result)
    lines = ["# Porting report", "", f"`bottle2flask port {result.src} -o {result.out}`", ""]
    entry = result.entry
    # as the check loaded it, or (--no-check) as it would
    run = result.run if result.run is not None else unchecked_run(result, entry) \
        if entry else None
    if run is not None and (result.run is not None or run[0] or run[1] != str(result.out)):
        first, folder, spec = run
        lines += [f"Run the Flask app{f'; {first}' if first else ''}:", "",
                  f"    cd {folder} && flask --app {spec} run",
                  f"    gunicorn --chdir {folder} {spec}", ""]
    elif run is not None:
        lines += ["Run the Flask app from this folder:", "",
                  f"    flask --app {run[2]} run",
                  f"    gunicorn --chdir {result.out} {run[2]}", ""]
    if totals["todos"]:
        lines += [f"Each TODO's code is explained in the rule reference, {docs.cite(GUIDE)}; "
                  "the entry's anchor follows the TODO (`PORTING-RULES.md#p004`).", ""]
    lines += [f"{totals['converted']} modules converted, {totals['failed']} failed, "
              f"{totals['skipped']} without Bottle; {totals['todos']} TODOs; "
              f"{totals['templates']} templates, {totals['copied']} other files copied.", "",
              "Total: " + outcome_line({"same": totals["same"], "declared": totals["declared"],
                                        "todo": totals["todos"]}, totals["emulation_lines"]),
              ""]
    sites = totals["sites"]
    lines += [f"Sites with two candidates: {sites['idiomatic']} idiomatic, {sites['exact']} kept "
              "Bottle's behaviour (their exact form, with its helper from bottle_compat.py "
              f"where it needs one), {sites['repaired']} of them repaired by the check, "
              f"{sites['kept']} kept because Flask has no form of theirs that runs.", ""]
    for path, why in result.left_out.items():
        lines += [f"Not copied: `{path}` ({why}).", ""]
    if result.requirements:
        lines += report_lines(result.requirements)
    if result.faithful:
        lines += ["Mode: --faithful (Bottle's behaviour kept by bottle_compat.py).", ""]
    else:
        lines += ["Mode: idiomatic Flask; each declared change is in parity.toml:",
                  f"`bottle2flask parity ORIGINAL PORT --requests {result.out}/parity.toml` counts",
                  "them as intended.", ""]
    for module in result.modules:
        if module.status == "skip" and not module.todos:
            continue
        lines += [f"## {module.path}", ""]
        if module.status == "failure":
            lines += [f"Not converted: {module.error}", ""]
            if module.traceback:  # the porter's own failure: what to report
                lines += ["```", *module.traceback.rstrip("\n").splitlines(), "```", ""]
            continue
        lines += [outcome_line(module.outcomes), ""]
        for code, count in module.applied.items():
            lines.append(f"- {code} ({SUMMARIES.get(code, '')}): {count}")
        if module.declared:
            lines += ["", "Declared changes:", ""]
            for found in module.declared:
                change = CHANGES[found["id"]]
                detail = f" ({found['detail']})" if found.get("detail") else ""
                lines.append(f"- `{module.path}:{found['line']}` {change.id} "
                             f"(docs/PORTING.md {change.porting}): {change.text}{detail}")
        exact = [s for s in module.sites if s["exact"]]
        if module.sites:
            lines += ["", f"Sites: {len(module.sites) - len(exact)} idiomatic, {len(exact)} "
                      "kept Bottle's behaviour."]
        for why, heading in (
                ("kept", "Kept Bottle's behaviour with a helper (Flask has no form of theirs "
                 "that runs):"),
                ("repaired", "Repaired by the check (the idiomatic form broke; Bottle's "
                 "behaviour kept):")):
            listed = [s for s in exact if why in s]
            if listed:
                lines += ["", heading, ""]
                lines += [f"- `{module.path}:{s.get('line', '?')}` {s['rule']} {s['kind']} in "
                          f"`{s['scope']}`: {s[why]}{not_taken(s)}" for s in listed]
        if module.notes:
            lines += ["", "Notes:", ""] + [f"- {note}" for note in module.notes]
        if module.todos:
            lines += ["", "TODO:", ""]
            lines += [f"- `{module.path}:{t['line']}` {t['code']}"
                      f"{' (fails when it runs)' if t.get('breaks') else ''}: {t['text']} "
                      f"({guide(t['code'])})" for t in module.todos]
        lines.append("")
    if result.templates:
        lines += ["## Templates", ""]
        for t in result.templates:
            unused = " (no render call, view or include of the app names it: its TODOs " \
                "block nothing)" if t.get("rendered") is False else ""
            lines.append(f"- {t['path']}: {t['status']}{unused}")
            if t.get("bottle_error"):
                lines.append(f"  - Bottle cannot compile it ({t['bottle_error']}): its pages "
                             "failed in the original" + (", so its TODOs block nothing"
                                                         if t.get("todos") else ""))
            lines += [f"  - `{todo}`" for todo in t.get("todos", [])]
            lines += [f"  - note: `{remark}`" for remark in t.get("remarks", [])]
            if t.get("whitespace"):
                where = ", ".join(str(n) for n in t["whitespace"])
                lines.append(f"  - whitespace: {t['output']} line {where} prints a newline "
                             "more or less than Bottle did (docs/PORTING.md 37)")
        lines.append("")
    return "\n".join(lines)


def cell(text: str) -> str:
    """Text for a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


# What Werkzeug writes its own way on a page HTTP grades the same message or the same
# to a client (the allowances of proof/answers.py): no Flask app answers otherwise short
# of rewriting every response, so the idiomatic port keeps it and says so.
WERKZEUGS = {
    "media-type-case": "Werkzeug spells the charset utf-8 (Bottle: UTF-8)",
    "reason-phrase": "Werkzeug writes the reason phrase in capitals",
    "field-name-case": "Werkzeug spells a field name its own way (ETag, Bottle: Etag)",
    "location-reference": "Flask's redirect gives a relative Location",
    "redirect-body": "Flask's redirect has a short HTML note as its body",
    "validator-value": "its own validator's value (ETag, Last-Modified)",
}
FLASKS_OWN = (
    "Where a page is the same message or the same to an HTTP client but not byte for "
    "byte, what differs is Flask's own way of writing it, named in its row: HTTP says it "
    "carries no meaning, or has a client read both alike (RFC 9110, RFC 9112), and an "
    "idiomatic Flask app cannot answer otherwise without rewriting every response, so "
    "the port keeps Flask's way; `--faithful` answers with Bottle's bytes. A page with "
    "declared changes names them in its row (each is in docs/PORTING.md).")


# A page's grade in the report's table (proof/check.py's words).
GRADE_WORDS = {"exact": "exactly the same", "message": "same message",
               "client": "same to an HTTP client"}


def declared_as(allowed, declared) -> list[str]:
    """proof.answers.declared_as, imported where a check's report is written: a port
    with --no-check loads none of proof/."""
    from ..proof.answers import declared_as as chosen

    return chosen(allowed, declared)


def not_exact(route: dict) -> str:
    """Why a page the check counted alike is not byte for byte the original's: the
    allowances of HTTP it took (Werkzeug's own writing), or its declared changes."""
    if route.get("identical") is not True or route.get("likeness") == "exact":
        return ""
    chosen = declared_as(route.get("allowed") or (), route.get("declared") or ())
    if route.get("likeness") == "client" and chosen:
        return "declared: " + "; ".join([", ".join(chosen), *(
            WERKZEUGS.get(a, a) for a in route.get("allowed") or ())])
    if route.get("likeness") in ("message", "client"):
        return "; ".join(WERKZEUGS.get(a, a) for a in route.get("allowed") or ())
    declared = route.get("declared") or ()
    return f"declared: {', '.join(declared)}" if declared else ""


def check_markdown(status: int, reason: str, data: dict, suite: dict | None,
                   out: str = "OUT") -> str:
    """The check's section of PORTING-REPORT.md: each route of the original, the
    requests it got and what it answered; then the suite left in tests/."""
    lines = ["## The check: every route of the original", ""]
    routes = data.get("routes", [])
    if routes:
        lines += ["| route | methods | requests | result | first difference, or why not "
                  "reached |", "|---|---|---:|---|---|"]
        unrouted = [data["unrouted"]] if data.get("unrouted") else []
        for route in [*routes, *unrouted]:
            client_declared = route.get("likeness") == "client" and declared_as(
                route.get("allowed") or (), route.get("declared") or ())
            result = ("declared change" if client_declared else GRADE_WORDS.get(
                route.get("likeness") or "")) or route.get("result") or (
                "not reached" if route["identical"] is None
                else "different" if route["identical"] is False else "same")
            if result == "varies":  # (what varies is not compared)
                result = "varies between runs of the original"
            detail = route.get("first_difference") or route.get("varies") or route.get(
                "reason") or route.get("note") or not_exact(route)
            if route.get("ended") and detail != route["ended"]:  # a request ended a process
                detail += f" ({route['ended']})"
            lines.append(f"| `{cell(route['rule'])}` | {', '.join(route['methods'])} | "
                         f"{route['requests']} | {result} | {cell(detail)} |")
        lines += ["", data.get("summary", ""), ""]
        if any(not_exact(route) for route in [*routes, *unrouted]):
            lines += [FLASKS_OWN, ""]
    outside = data.get("outside")
    if outside:  # a package run from the folder above it, as its original is
        lines += [f"The port reads files from outside this folder, as the original does: "
                  f"{', '.join(f'`{f}`' for f in outside['files'])} (in "
                  f"`{outside['folder']}`). The check ran it in a copy of that folder with "
                  f"this port in `{outside['at']}/`'s place, and so does its suite: ship "
                  "those files with the port, or run it from there.", ""]
    left = (data.get("repair") or {}).get("left")
    if left:
        lines += ["Broken and not repaired by the check:", ""]
        lines += [f"- {cell(what)}" for what in left] + [""]
    lines += [f"Exit status {int(status)}" + (f": {reason}" if reason else ": done"), ""]
    if suite:
        lines += ["The answers are kept as a test suite in `tests/` "
                  f"(`bottle2flask test {out}`): the expected bodies are the "
                  "files in `tests/bottle2flask_parity/`, the app's data files as they "
                  "were now in `tests/bottle2flask_data/`. It runs against this port and "
                  f"against the original, found at `{suite['folder']}` from `tests/` or in "
                  f"the folder `${suite['variable']}` names; without it, the original's "
                  "tests are skipped and say so. A request this port answers otherwise "
                  "than the original (not a declared change) fails there until fixed.", ""]
    return "\n".join(lines)
