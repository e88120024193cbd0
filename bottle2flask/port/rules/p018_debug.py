"""P018: debug mode: `bottle.debug(True)` becomes `app.debug = True`

`debug()` (Bottle's default argument is True) becomes `app.debug = True` too. Bottle's
debug mode shows tracebacks on error pages and reloads changed templates; Flask's
`app.debug` does both for the Flask app. A top-level call that comes before the app is
made moves to just after it. `debug` used any other way keeps its Bottle import under
P001's TODO.
"""

from __future__ import annotations

import libcst as cst

from ..edit import makes_app
from .base import Rule


class Debug(Rule):
    code = "P018"
    triggers = ("debug",)
    summary = "bottle.debug(x) becomes app.debug = x"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.converted: set[cst.CSTNode] = set()

    def leave_SimpleStatementLine(self, original, updated):
        if len(updated.body) != 1 or not isinstance(updated.body[0], cst.Expr):
            return updated
        call = updated.body[0].value
        if not (isinstance(call, cst.Call) and self.api(call.func) == "debug"):
            return updated
        if len(call.args) > 1 or (call.args and call.args[0].keyword
                                  and call.args[0].keyword.value != "mode"):
            return updated
        if not (self.facts.apps or self.facts.default_app):
            return updated  # no app here to set: P001 keeps the import under a TODO
        value = call.args[0].value if call.args else cst.Name("True")
        self.fired()
        line = cst.SimpleStatementLine([cst.Assign(
            [cst.AssignTarget(cst.Attribute(cst.Name(self.facts.app_name), cst.Name("debug")))],
            value)], leading_lines=updated.leading_lines)
        self.converted.add(line)
        return line

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        body = list(updated.body)
        made = next((i for i, stmt in enumerate(body) if _makes(stmt, self.facts.app_name)),
                    None)
        if made is None:
            return updated
        early = [stmt for stmt in body[:made] if stmt in self.converted]
        if not early:
            return updated
        rest = [stmt for stmt in body if stmt not in early]
        at = rest.index(body[made]) + 1
        moved = [stmt.with_changes(leading_lines=[cst.EmptyLine(comment=cst.Comment(
            "# flask-port/P018: Bottle's debug mode, set once the app exists"))]) for stmt in early]
        return updated.with_changes(body=[*rest[:at], *moved, *rest[at:]])


def _makes(stmt, name: str) -> bool:
    return makes_app(stmt, name)
