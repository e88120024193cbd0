"""P028: request objects the code makes: `BaseRequest(environ)`, `LocalRequest()`

    r = BaseRequest(environ)         ->  r = Request(environ)       (Flask's Request, made
    return r.method, r.path              return r.method, r.path     on the same environ)
    del bottle.request               ->  (left out under a TODO: Flask's request is each
    bottle.request = LocalRequest()       request's own, with nothing to reset)

A Bottle request made over a WSGI environ (a test helper's fake request, a middleware
reading the environ it is handed) is Flask's `Request(environ)` where the function reads
only attributes that have the same name and meaning in Werkzeug (`method`, `path`,
`environ`, `headers`, `cookies`, `files`, `url`, `content_length`). Read otherwise
(`r.forms`, `r.query.a`, handed on whole), it stays Bottle's own class, which needs no
Bottle app and reads the environ as it did (OUT/requirements.txt then lists bottle): the
site is kept (the report says so), under a TODO that does not break, naming Werkzeug's
names (P004's table: `forms` is `form`, `query` is `args`).

`del bottle.request` and `bottle.request = LocalRequest()` make Bottle's own global
request anew (a test helper resetting it between calls); Flask's `request` is a proxy to
each request's own, so the statements are left out under a TODO.
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg, name_uses
from .base import Candidate, Edit, EditRule, Import

CLASSES = {"BaseRequest", "LocalRequest", "Request"}
# Attributes of Bottle's request with the same name and meaning on Werkzeug's (P004's)
SAME = {"files", "cookies", "headers", "method", "path", "url", "environ", "content_length"}
KEPT = ("Bottle's request over a WSGI environ needs no Bottle app: kept as it is; Flask's "
        "is Request(environ) from flask (Werkzeug's names: forms is form, query is args, "
        "params is values)")
RESET = ("Bottle's global request made anew: Flask's request is a proxy to each request's "
         "own, with nothing to reset")


class RequestObjects(EditRule):
    code = "P028"
    triggers = ("BaseRequest", "LocalRequest", "Request")
    summary = "a request made over an environ becomes Flask's Request(environ)"

    def made(self, node: cst.BaseExpression | None) -> cst.Arg | None:
        """The environ a call of one of Bottle's request classes is given, else None."""
        if not (isinstance(node, cst.Call) and self.api(node.func) in CLASSES):
            return None
        return arg(node, 0, "environ")

    def edit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> Edit | None:
        if len(node.body) != 1:
            return None
        stmt = node.body[0]
        if isinstance(stmt, cst.Del) and self.api(stmt.target) == "request":
            return Edit(node, left_out=RESET, fired=0)
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 \
                and self.api(stmt.targets[0].target) == "request" \
                and isinstance(stmt.value, cst.Call) \
                and self.api(stmt.value.func) in CLASSES and not stmt.value.args:
            return Edit(node, left_out=RESET, fired=0)
        return None

    def edit_Assign(self, node: cst.Assign) -> Edit | None:
        environ = self.made(node.value)
        if environ is None or self.api(node.targets[0].target) == "request":
            return None
        target = node.targets[0].target if len(node.targets) == 1 else None
        same = isinstance(target, cst.Name) and bool(self.defs()) \
            and name_uses(self.defs()[-1], target.value).only(SAME)
        # a site: read only as Werkzeug reads it, it has both candidates; else Bottle's
        # class is kept, which runs (the idiomatic form could only be a TODO)
        idiomatic = Candidate(cst.Call(cst.Name("Request"), [
            environ.with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT,
                                 comma=cst.MaybeSentinel.DEFAULT)]),
            imports=(Import("flask", "Request"),))
        exact = Candidate(node.value, todo=KEPT)
        return Edit(node, (idiomatic, exact), field="value", kind="request-object",
                    keeps="" if same else KEPT)
