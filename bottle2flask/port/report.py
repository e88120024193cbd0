"""PORTING-REPORT.md: per file, the rules applied and the TODOs left, with file:line."""

from __future__ import annotations

from .results import summary
from .rules import RULES

SUMMARIES = {rule.code: rule.summary for rule in RULES}


def markdown(result) -> str:
    totals = summary(result)
    lines = ["# Porting report", "", f"`bottle2flask port {result.src} -o {result.out}`", ""]
    entry = result.entry
    if entry:
        module, app = entry
        lines += ["Run the Flask app from this folder:", "",
                  f"    flask --app {module}:{app} run",
                  f"    gunicorn --chdir {result.out} {module}:{app}", ""]
    lines += [f"{totals['converted']} modules converted, {totals['failed']} failed, "
              f"{totals['skipped']} without Bottle; {totals['todos']} TODOs; "
              f"{totals['templates']} templates, {totals['copied']} other files copied.", ""]
    for module in result.modules:
        if module.status == "skip" and not module.todos:
            continue
        lines += [f"## {module.path}", ""]
        if module.status == "failure":
            lines += [f"Not converted: {module.error}", ""]
            continue
        for code, count in module.applied.items():
            lines.append(f"- {code} ({SUMMARIES.get(code, '')}): {count}")
        if module.todos:
            lines += ["", "TODO:", ""]
            lines += [f"- `{module.path}:{t['line']}` {t['code']}"
                      f"{' (fails when it runs)' if t.get('breaks') else ''}: {t['text']}"
                      for t in module.todos]
        lines.append("")
    if result.templates:
        lines += ["## Templates", ""]
        for t in result.templates:
            lines.append(f"- {t['path']}: {t['status']}")
            lines += [f"  - `{todo}`" for todo in t.get("todos", [])]
        lines.append("")
    return "\n".join(lines)
