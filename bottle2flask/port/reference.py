"""docs/PORTING-RULES.md, the rule and TODO reference, written from the rules themselves.

Each code rule's entry is its module's docstring (first line the title), followed by the
changes it declares; the declared changes' table is every rule's `declares`; the template
rules are `bottle2flask.stpl.codes`. Edit those, then run `python -m
bottle2flask.port.reference` (a test fails while the page is stale).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from ..stpl import codes as template_codes
from .declared import Change
from .rules import RULES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "PORTING-RULES.md"

CODE_RULES = """\
`bottle2flask port` rewrites Python code with LibCST, one rule a module in
`bottle2flask/port/rules/`; `--disable P0NN` skips one. Each rule keeps formatting and
comments. Each occurrence a rule meets ends in one of three outcomes, counted per file and in
total in `PORTING-REPORT.md` and on stdout:

- *rewritten, same behaviour*: the Flask idiom answers as Bottle did;
- *rewritten, declared change*: the Flask idiom answers differently in a way the rule names
  (`D-location`, `D-json`, ...: the [table](#declared-changes)). Each is listed in the report
  with its file:line and PORTING.md entry, and written into `OUT/parity.toml` as an
  `[[ignore]]` table for the paths it applies to (a change parity cannot see is a comment
  line there). A declared change never loses a page;
- *TODO*: `# TODO(flask-port/P0NN): why; what to do` at the spot, wrapped at 100 columns: code
  that is not idiomatic yet, or that the port could not convert (marked "fails when it runs"
  in the report where the code under it fails).

The default output is idiomatic Flask. Where a site has an exact form too (Bottle's behaviour
kept by a helper of `bottle_compat.py`, copied into OUT from `bottle2flask/port/compat/`,
where it is linted and unit-tested, with only the helpers used) and the check shows the
idiomatic form breaks or changes a page, that site takes the exact form, and the report names
it; `--faithful` takes the exact form at every site. Imports are put back in sorted sections
when the original's were sorted; a line the port made longer than 100 characters is split as
black splits a call.

Python modules are the `.py` files and mod_wsgi scripts (`.wsgi`), read as Python reads them:
in the encoding a coding line or a BOM declares (PEP 263), UTF-8 otherwise; a module's port is
written in its original's encoding. A file the porter cannot read (not in that encoding, a
syntax error) or fails on is copied unchanged and reported, exit status 1.
The app is any expression that holds it: a name bound to `Bottle()` in any scope, `self.X`
after `self.X = Bottle()`, what a function that returns its own `Bottle()` gives back,
`default_app()`, an app imported from another module."""


def anchor(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: "10. Path syntax" -> "10-path-syntax"."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def porting_link(change: Change) -> str:
    number = change.porting.split(".", 1)[0]
    return f"[{number}](PORTING.md#{anchor(change.porting)})"


def parity_field(change: Change) -> str:
    kind = change.kind
    return f'`{kind[0]} = "{kind[1]}"`' if kind else "comment"


def cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def rule_entries() -> list[str]:
    lines: list[str] = []
    for rule in sorted(RULES, key=lambda r: r.code):
        doc = sys.modules[rule.__module__].__doc__ or f"{rule.code}: {rule.summary}"
        title, _, body = doc.strip("\n").partition("\n")
        title = re.sub(rf"^{rule.code}:?\s*", "", title).rstrip(".")
        lines += [f'<a id="{rule.code.lower()}"></a>', f"### {rule.code}: {title}", ""]
        if body.strip():
            lines += [body.strip("\n"), ""]
        if rule.declares:
            named = ", ".join(f"[{c.id}](#declared-changes)" for c in rule.declares)
            lines += [f"Declares: {named}.", ""]
    return lines


def declared_table() -> list[str]:
    owners: dict[str, list[str]] = {}
    changes: dict[str, Change] = {}
    for rule in sorted(RULES, key=lambda r: r.code):
        for change in rule.declares:
            owners.setdefault(change.id, []).append(rule.code)
            changes.setdefault(change.id, change)
    lines = ['<a id="declared-changes"></a>', "", "### Declared changes", "",
             "| id | rules | PORTING.md | what differs | parity.toml |",
             "| --- | --- | --- | --- | --- |"]
    for change_id in sorted(changes):
        change = changes[change_id]
        lines.append(f"| {change_id} | {', '.join(owners[change_id])} | "
                     f"{porting_link(change)} | {cell(change.text)} | {parity_field(change)} |")
    return lines + [""]


def template_entries() -> list[str]:
    lines = ["## Template rules (T0NN)", "", template_codes.INTRO.strip("\n"), "",
             "### Rules that convert", ""]
    for code, (title, text) in template_codes.CONVERTS.items():
        lines += [f'<a id="{code.lower()}"></a>', f"**{code} {title}**: {text.strip()}", ""]
    lines += ["### Expressions", "", template_codes.EXPRESSIONS.strip("\n"), "",
              "### Rules that leave a TODO", "",
              "Each is kept as Python in `template_helpers.py` (above), so the page renders as",
              "Bottle's did, unless its row says it fails when rendered; what to do is the Jinja2",
              "that replaces the helper.", "",
              "| Rule | What | What to do |", "|---|---|---|"]
    for code, (what, todo) in template_codes.TODOS.items():
        lines.append(f'| <a id="{code.lower()}"></a>{code} | {cell(what)} | {cell(todo)} |')
    return lines + ["", template_codes.AFTER.strip("\n"), ""]


def index() -> list[str]:
    lines = ["## TODO codes", "", "Each `TODO(flask-port/CODE)` the port writes, and its entry:",
             "", "| code | rule |", "|---|---|"]
    for rule in sorted(RULES, key=lambda r: r.code):
        lines.append(f"| [{rule.code}](#{rule.code.lower()}) | {rule.summary} |")
    template = [*template_codes.CONVERTS, *template_codes.TODOS]
    links = ", ".join(f"[{code}](#{code.lower()})" for code in sorted(template))
    return lines + [f"| {links} | template rules |", ""]


def render() -> str:
    """The whole page."""
    lines = ["# Rule reference: every rule and TODO code of the port", "",
             "Written by `python -m bottle2flask.port.reference` from the rules themselves (each",
             "rule's docstring and declared changes; the template rules' table in",
             "`bottle2flask/stpl/codes.py`): edit those, not this page. The user's guide is",
             "[PORTING-TOOLS.md](PORTING-TOOLS.md); a TODO's code links here (`#p004`).", "",
             "- [Code rules (P0NN)](#code-rules-p0nn)", "- [Declared changes](#declared-changes)",
             "- [Template rules (T0NN)](#template-rules-t0nn)", "- [TODO codes](#todo-codes)", "",
             "## Code rules (P0NN)", "", CODE_RULES, "", *declared_table(), *rule_entries(),
             *template_entries(), *index()]
    return "\n".join(lines).rstrip("\n") + "\n"


def main() -> int:
    PAGE.write_text(render())
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
