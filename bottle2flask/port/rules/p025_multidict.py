"""P025: MultiDict: one a function makes with Bottle's MultiDict becomes Werkzeug's

    d = MultiDict(pairs)        ->  d = MultiDict(dict(pairs))   (werkzeug.datastructures)
    d.getall(k) / d.getone(k)   ->  d.getlist(k) / d.get(k)
    d.append(k, v)              ->  d.add(k, v)
    d[k] = v                    ->  d.add(k, v)          (Bottle's item assignment appends)
    d.replace(k, v)             ->  d[k] = v              (d.setlist(k, [v]) in an expression)
    d.allitems()                ->  d.items(multi=True)
    d.dict                      ->  d.to_dict(flat=False)

Bottle builds its MultiDict through dict(), so a key given twice keeps its last value
only: the port writes that dict() out, where Werkzeug would keep both. A key appended
to gives its last value to Bottle's get(), [], values() and items(), its first to
Werkzeug's: declared (D-multidict-first). A MultiDict passed on or returned gets a
TODO: where it is read, Werkzeug's names apply.
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg, kw
from .base import Change, Rule

RENAMED = {"getall": "getlist", "getlist": "getlist", "getone": "get", "append": "add",
           "iterkeys": "keys", "itervalues": "values", "iteritems": "items", "get": "get",
           "keys": "keys", "values": "values", "items": "items"}
LAST_VALUE = {"get", "getone", "values", "items", "itervalues", "iteritems"}
ALL_ITEMS = {"allitems", "iterallitems"}


class MultiDicts(Rule):
    code = "P025"
    triggers = ("MultiDict",)
    summary = "a MultiDict a function makes becomes Werkzeug's, with Werkzeug's names"
    declares = (Change("D-multidict-first", "2. Repeated and missing keys",
                       "a MultiDict key given several values: get(), [], values() and "
                       "items() give its first (Bottle: its last)"),)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.scopes: list[set[str]] = []
        self.owners: set[int] = set()  # Names read as `d.x`, `d[k]`, or assigned

    def visit_FunctionDef(self, node) -> None:
        self.scopes.append(set())

    def leave_FunctionDef(self, original, updated):
        self.scopes.pop()
        return updated

    def held(self, node) -> bool:
        return bool(self.scopes) and isinstance(node, cst.Name) \
            and node.value in self.scopes[-1]

    def member(self, node) -> str | None:
        if isinstance(node, cst.Attribute) and self.held(node.value):
            return node.attr.value
        return None

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.owners.add(id(node.value))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self.owners.add(id(node.value))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.owners.add(id(node.target))

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and node.func.value == "len":
            self.owners.update(id(a.value) for a in node.args)

    def visit_ComparisonTarget(self, node: cst.ComparisonTarget) -> None:
        self.owners.add(id(node.comparator))  # `k in d`

    # -- d = MultiDict(...) -----------------------------------------------------------
    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        if not self.scopes:
            return updated
        names = {t.target.value for t in updated.targets if isinstance(t.target, cst.Name)}
        value = updated.value
        if names and isinstance(value, cst.Call) and self.api(value.func) == "MultiDict":
            self.scopes[-1] |= names
            self.fired()
            self.need_import("werkzeug.datastructures", "MultiDict")
            return updated.with_changes(value=cst.Call(cst.Name("MultiDict"),
                                                       self.arguments(value)))
        self.scopes[-1] -= names
        # d[k] = v: Bottle's MultiDict appends (werkzeug's [k]= replaces every value)
        target = updated.targets[0].target if len(updated.targets) == 1 else None
        if isinstance(target, cst.Subscript) and self.held(target.value) \
                and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index):
            self.fired()
            key = target.slice[0].slice.value
            return cst.Expr(cst.Call(cst.Attribute(target.value, cst.Name("add")), [
                cst.Arg(key, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                cst.Arg(updated.value)]))
        return updated

    def arguments(self, call: cst.Call) -> list[cst.Arg]:
        """Bottle reads its arguments through dict(): a repeated key keeps its last
        value; a dict literal of single values Werkzeug reads the same way."""
        if not call.args:
            return []
        only = call.args[0].value if len(call.args) == 1 and not call.args[0].keyword \
            and not call.args[0].star else None
        if isinstance(only, cst.Dict) and not any(
                isinstance(e, cst.DictElement) and isinstance(e.value, cst.List | cst.Tuple)
                or isinstance(e, cst.StarredDictElement) for e in only.elements):
            return [cst.Arg(only)]
        return [cst.Arg(cst.Call(cst.Name("dict"), list(call.args)))]

    # -- its members ---------------------------------------------------------------------
    def leave_Call(self, original: cst.Call, updated: cst.Call):
        name = self.member(original.func)
        if name is None or not isinstance(updated.func, cst.Attribute):
            return updated
        if name in {"get", "getone"} and (arg(updated, 2, "index") is not None):
            self.todo(f"{name}(index=...): Werkzeug's get() has no index: "
                      "d.getlist(key)[index]")
            return updated
        if name in RENAMED:
            if name in LAST_VALUE:
                self.declare("D-multidict-first")
            self.fired()
            return updated.with_changes(func=updated.func.with_changes(
                attr=cst.Name(RENAMED[name])))
        if name in ALL_ITEMS:
            self.fired()
            return updated.with_changes(func=updated.func.with_changes(
                attr=cst.Name("items")), args=[kw("multi", cst.Name("True"))])
        if name == "replace" and len(updated.args) == 2:
            self.fired()
            key, value = updated.args
            return updated.with_changes(func=updated.func.with_changes(
                attr=cst.Name("setlist")), args=[key, value.with_changes(
                    value=cst.List([cst.Element(value.value)]))])
        return updated

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        """`d.setlist(k, [v])` for Bottle's replace() is `d[k] = v` as a statement."""
        call = updated.value
        if isinstance(original.value, cst.Call) and self.member(
                original.value.func) == "replace" and isinstance(call, cst.Call) \
                and isinstance(call.func, cst.Attribute) and len(call.args) == 2 \
                and isinstance(call.args[1].value, cst.List):
            target = cst.Subscript(call.func.value, [cst.SubscriptElement(
                cst.Index(call.args[0].value))])
            return cst.Assign([cst.AssignTarget(target)],
                              call.args[1].value.elements[0].value)
        return updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if self.member(original) == "dict":
            self.fired()
            return cst.Call(cst.Attribute(updated.value, cst.Name("to_dict")),
                            [kw("flat", cst.Name("False"))])
        return updated

    def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript):
        if self.held(original.value) and id(original) not in self.owners:  # d[k], read
            self.declare("D-multidict-first")
        return updated

    def leave_Name(self, original: cst.Name, updated: cst.Name):
        if self.held(original) and id(original) not in self.owners:
            self.todo(f"{original.value} is Werkzeug's MultiDict now: where it is read, "
                      "getall() is getlist(), append() is add(), and get() gives a "
                      "repeated key's first value")
            self.owners.add(id(original))  # once
        return updated
