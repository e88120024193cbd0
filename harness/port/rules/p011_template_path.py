"""P011 TEMPLATE_PATH: Bottle's template search path, kept as a list Flask reads.

    from bottle import TEMPLATE_PATH
    TEMPLATE_PATH.insert(0, "./templates/")

A module-level `TEMPLATE_PATH = ["./", "./views/"]` (Bottle's default) replaces the
import, and the Flask app's Jinja loader searches that same list object, so later
inserts and appends still count. Relative entries are read from the working
directory, as in Bottle.
"""

from __future__ import annotations

import libcst as cst

from .base import Rule

SHIM = '''
# kit/P011: Jinja searches Bottle's TEMPLATE_PATH list itself, so changes to it count.
{app}.jinja_loader.searchpath = TEMPLATE_PATH
'''


class TemplatePath(Rule):
    code = "P011"
    summary = "bottle.TEMPLATE_PATH kept as the Jinja loader's search path"

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        if "TEMPLATE_PATH" not in self.state.bottle.values():
            return updated
        self.fired()
        self.state.needs.add("template_path")
        self.state.provided.add("TEMPLATE_PATH")
        from .p002_app import last_import
        body = list(updated.body)
        line = cst.parse_statement('TEMPLATE_PATH = ["./", "./views/"]\n')
        line = line.with_changes(leading_lines=[cst.EmptyLine(comment=cst.Comment(
            "# kit/P011: Bottle's template search path (its default); see the app below"))])
        body.insert(last_import(body), line)
        return updated.with_changes(body=body)
