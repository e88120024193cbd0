"""P027 app members: what a Bottle app has that a Flask app has under another name.

    application = app.wsgi        ->  application = app.wsgi_app
    app.catchall = False          ->  app.config["PROPAGATE_EXCEPTIONS"] = True
    app.reset()                   ->  (taken out: Flask compiles each rule as it is added)

Bottle's `wsgi(environ, start_response)` is the app's WSGI callable, Flask's `wsgi_app`;
`catchall = False` lets a view's exception reach the server, as Flask's
PROPAGATE_EXCEPTIONS does. The other Bottle-only members (routes, router, match, hooks...)
are named by the port's check of what is left (port/leftovers.py).
"""

from __future__ import annotations

import libcst as cst

from .base import Rule, placeholder


class AppMembers(Rule):
    code = "P027"
    triggers = ("wsgi", "catchall", "reset")
    summary = "app.wsgi, app.catchall and app.reset() in Flask's terms"

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if updated.attr.value == "wsgi" and self.is_app(updated.value):
            self.fired()
            return updated.with_changes(attr=cst.Name("wsgi_app"))
        return updated

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        target = updated.targets[0].target if len(updated.targets) == 1 else None
        if not (isinstance(target, cst.Attribute) and target.attr.value == "catchall"
                and self.is_app(target.value)):
            return updated
        value = updated.value
        if isinstance(value, cst.Name) and value.value in {"True", "False"}:
            self.fired()
            config = cst.Subscript(cst.Attribute(target.value, cst.Name("config")), [
                cst.SubscriptElement(cst.Index(cst.SimpleString('"PROPAGATE_EXCEPTIONS"')))])
            flipped = cst.Name("True" if value.value == "False" else "False")
            return updated.with_changes(targets=[cst.AssignTarget(config)], value=flipped)
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        """`app.reset()` alone on its line: Flask has nothing to reset."""
        stmt = updated.body[0] if len(updated.body) == 1 else None
        call = stmt.value if isinstance(stmt, cst.Expr) else None
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) \
                and call.func.attr.value == "reset" and self.is_app(call.func.value) \
                and len(call.args) <= 1:
            self.fired()  # its blank lines (and comments) go to the next statement
            return placeholder(self.state, updated.leading_lines)
        return updated
