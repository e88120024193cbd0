"""P018: debug mode: `bottle.debug(True)` becomes `app.debug = True`

`debug()` (Bottle's default argument is True) becomes `app.debug = True` too. Bottle's
debug mode shows tracebacks on error pages and reloads changed templates; Flask's
`app.debug` does both for the Flask app. A top-level call that comes before the app is
made moves to just after it. `debug` used any other way keeps its Bottle import under
P001's TODO.

Bottle's debug mode still answers a view's exception through the app's own error
handler (`@app.error(500)`); Flask's debug mode lets it propagate to the server instead
(PROPAGATE_EXCEPTIONS follows `debug`), and the app's 500 page is never shown. Where
the module gives its app an error handler, `app.config["PROPAGATE_EXCEPTIONS"] = False`
follows `app.debug = ...` (unless debug is set to a literal False), so the handler
answers as it did.

With `--faithful` (the site `debug`) the call is `debug_mode(app, True)` from
`bottle_answers.py`: Bottle's `debug()` is called on the Bottle installed beside the port
as well, so the error page Bottle renders there (`error_pages(app)`) shows a view's
exception and its traceback, and `PROPAGATE_EXCEPTIONS` is off: the page a view's
exception gets is Bottle's debug page (its status line, Content-Type and text), not the
server's. Its traceback lists the frames that ran: Flask's and the ported module's
lines, where Bottle's listed its own (D-debug-traceback, a page the original answered
with 500).
"""

from __future__ import annotations

import libcst as cst

from ..edit import free_name, makes_app
from .base import Candidate, Change, Companion, Declare, Import, Rule


class Debug(Rule):
    code = "P018"
    triggers = ("debug",)
    summary = "bottle.debug(x) becomes app.debug = x"
    declares = (Change("D-debug-traceback", "22. Error handlers",
                       "Bottle's debug page for a view's exception (--faithful) lists the "
                       "port's frames, Flask's and the ported module's lines, where "
                       "Bottle's listed its own", status="500"),)

    def __init__(self, context) -> None:
        super().__init__(context)
        # the statements converted, by their small statement: the site's mark, added to
        # the line once it is left, makes a new line of the same body
        self.converted: set[int] = set()

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
        app = cst.Name(self.facts.app_name)
        line = cst.SimpleStatementLine([cst.Assign(
            [cst.AssignTarget(cst.Attribute(app, cst.Name("debug")))],
            value)], leading_lines=updated.leading_lines)
        name = free_name("debug_mode", set(self.facts.words))
        exact = cst.SimpleStatementLine([cst.Expr(cst.Call(cst.Name(name), [
            cst.Arg(app, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            cst.Arg(value)]))], leading_lines=updated.leading_lines)
        chosen = self.site("debug", Candidate(self._idiomatic(line, app, value)), Candidate(
            exact, imports=(Import(Companion.ANSWERS.value, "debug_mode",
                                   None if name == "debug_mode" else name,
                                   companion=Companion.ANSWERS),),
            declares=(Declare("D-debug-traceback"),)))
        assert chosen.form is not None and not isinstance(chosen.form, str)
        statements = chosen.form if isinstance(chosen.form, tuple) else (chosen.form,)
        self.converted.update(id(line.body[0]) for line in statements
                              if isinstance(line, cst.SimpleStatementLine))
        return statements[0] if len(statements) == 1 else cst.FlattenSentinel(statements)

    def _idiomatic(self, line: cst.SimpleStatementLine, app: cst.Name,
                   value: cst.BaseExpression) -> cst.CSTNode | tuple[cst.CSTNode, ...]:
        """`app.debug = value`, and PROPAGATE_EXCEPTIONS off where the app has an error
        handler of its own."""
        if not self._error_handlers() or (isinstance(value, cst.Name)
                                          and value.value == "False"):
            return line
        # RULE-s49 class C: Flask's debug mode propagates a view's exception past the
        # app's 500 handler, which Bottle's debug mode still calls
        keep = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Subscript(
            cst.Attribute(app, cst.Name("config")),
            [cst.SubscriptElement(cst.Index(cst.SimpleString('"PROPAGATE_EXCEPTIONS"')))]))],
            cst.Name("False"))])
        return line, keep

    def _error_handlers(self) -> bool:
        """Whether the module gives an app an error handler (`@app.error(code)`)."""
        return any(found.method == "error" for found in self.facts.attachments)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        body = list(updated.body)
        made = next((i for i, stmt in enumerate(body) if _makes(stmt, self.facts.app_name)),
                    None)
        if made is None:
            return updated
        early = [stmt for stmt in body[:made] if isinstance(stmt, cst.SimpleStatementLine)
                 and id(stmt.body[0]) in self.converted]
        if not early:
            return updated
        rest = [stmt for stmt in body if stmt not in early]
        at = rest.index(body[made]) + 1
        # the comments above it go with it: the user's, and the marks of its site and of
        # the change it declares (marks.py finds their lines by them)
        moved = [stmt.with_changes(leading_lines=[cst.EmptyLine(comment=cst.Comment(
            "# flask-port/P018: Bottle's debug mode, set once the app exists")), *(
                line for line in stmt.leading_lines if line.comment is not None)])
                 for stmt in early]
        return updated.with_changes(body=[*rest[:at], *moved, *rest[at:]])


def _makes(stmt, name: str) -> bool:
    return makes_app(stmt, name)
