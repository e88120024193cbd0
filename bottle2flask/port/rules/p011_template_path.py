"""P011 TEMPLATE_PATH: Bottle's template search path, kept as a list Flask reads.

    from bottle import TEMPLATE_PATH
    TEMPLATE_PATH.insert(0, "./templates/")

    bottle.TEMPLATE_PATH = ["./tpl/"]   ->  TEMPLATE_PATH[:] = ["./tpl/"]

A module-level `TEMPLATE_PATH = ["./", "./views/"]` (Bottle's default) replaces the
import, and the Flask app's Jinja loader searches that same list object, so later
inserts and appends still count. An assignment becomes a slice assignment, so it
changes that list wherever it is made (in a function, after the app is made), as
assigning `bottle.TEMPLATE_PATH` did. Relative entries are read from the working
directory, as in Bottle. A module that changes TEMPLATE_PATH but has no app of its
own gets a TODO (its list would not be the one the app reads).
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

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        targets = [self._whole(t) if self._is_path(t.target) else t for t in updated.targets]
        if targets != list(updated.targets):
            self.fired()
        return updated.with_changes(targets=targets)

    def leave_AugAssign(self, original: cst.AugAssign, updated: cst.AugAssign):
        if self._is_path(updated.target):
            self.fired()
            return updated.with_changes(target=_all_of(updated.target))
        return updated

    def _is_path(self, node) -> bool:
        return isinstance(node, cst.Name) and self.api(node) == "TEMPLATE_PATH"

    def _whole(self, target: cst.AssignTarget) -> cst.AssignTarget:
        return target.with_changes(target=_all_of(target.target))

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


def _all_of(name: cst.Name) -> cst.Subscript:
    """`TEMPLATE_PATH[:]`: the list itself, changed in place."""
    return cst.Subscript(name, [cst.SubscriptElement(cst.Slice(None, None))])
