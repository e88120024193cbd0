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

from dataclasses import replace

import libcst as cst

from ..edit import arg, kw
from .base import Candidate, Change, Declare, Edit, EditRule, Import

RENAMED = {"getall": "getlist", "getlist": "getlist", "getone": "get", "append": "add",
           "iterkeys": "keys", "itervalues": "values", "iteritems": "items", "get": "get",
           "keys": "keys", "values": "values", "items": "items"}
LAST_VALUE = {"get", "getone", "values", "items", "itervalues", "iteritems"}
ALL_ITEMS = {"allitems", "iterallitems"}
FIRST = Candidate(declares=(Declare("D-multidict-first"),))
WERKZEUG = Import("werkzeug.datastructures", "MultiDict")


class MultiDicts(EditRule):
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
        self.statements: set[int] = set()  # the replace() calls that are a statement

    def visit_FunctionDef(self, node) -> None:
        self.scopes.append(set())

    def left_FunctionDef(self, node) -> None:
        self.scopes.pop()

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
    def made(self, node: cst.Assign) -> set[str] | None:
        """The names `d = MultiDict(...)` binds, else None."""
        names = {t.target.value for t in node.targets if isinstance(t.target, cst.Name)}
        value = node.value
        if names and isinstance(value, cst.Call) and self.api(value.func) == "MultiDict":
            return names
        return None

    def edit_Assign(self, node: cst.Assign) -> Edit | None:
        if not self.scopes:
            return None
        if self.made(node) is not None:
            assert isinstance(node.value, cst.Call)
            made = cst.Call(cst.Name("MultiDict"), self.arguments(node.value))
            return Edit(node, (Candidate(made, imports=(WERKZEUG,)),), field="value")
        # d[k] = v: Bottle's MultiDict appends (werkzeug's [k]= replaces every value)
        target = node.targets[0].target if len(node.targets) == 1 else None
        if isinstance(target, cst.Subscript) and self.held(target.value) \
                and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index):
            key = target.slice[0].slice.value
            return Edit(node, (Candidate(cst.Expr(cst.Call(
                cst.Attribute(target.value, cst.Name("add")), [
                    cst.Arg(key, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                    cst.Arg(node.value)]))),))
        return None

    def left_Assign(self, node: cst.Assign) -> None:
        """What the assignment binds: a MultiDict, or no longer one."""
        if not self.scopes:
            return
        names = self.made(node)
        if names is not None:
            self.scopes[-1] |= names
        else:
            self.scopes[-1] -= {t.target.value for t in node.targets
                                if isinstance(t.target, cst.Name)}

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
    def edit_Call(self, node: cst.Call) -> Edit | None:
        name = self.member(node.func)
        if name is None or id(node) in self.statements:
            return None
        assert isinstance(node.func, cst.Attribute)
        if name in {"get", "getone"} and (arg(node, 2, "index") is not None):
            return Edit(node, (Candidate(todo=f"{name}(index=...): Werkzeug's get() has no "
                                         "index: d.getlist(key)[index]"),), fired=0)
        if name in RENAMED:
            return Edit(node, (replace(FIRST if name in LAST_VALUE else Candidate(),
                                       form=node.func.with_changes(
                                           attr=cst.Name(RENAMED[name]))),), field="func")
        if name in ALL_ITEMS:
            return Edit(node, (Candidate(node.with_changes(func=node.func.with_changes(
                attr=cst.Name("items")), args=[kw("multi", cst.Name("True"))])),))
        if name == "replace" and len(node.args) == 2:
            key, value = node.args
            return Edit(node, (Candidate(node.with_changes(func=node.func.with_changes(
                attr=cst.Name("setlist")), args=[key, value.with_changes(
                    value=cst.List([cst.Element(value.value)]))])),))
        return None

    def edit_Expr(self, node: cst.Expr) -> Edit | None:
        """Bottle's `d.replace(k, v)` as a statement is `d[k] = v` (d.setlist(k, [v]) in
        an expression)."""
        call = node.value
        if not (isinstance(call, cst.Call) and self.member(call.func) == "replace"
                and len(call.args) == 2):
            return None
        assert isinstance(call.func, cst.Attribute)
        self.statements.add(id(call))  # its edit is this one
        target = cst.Subscript(call.func.value, [cst.SubscriptElement(
            cst.Index(call.args[0].value))])
        return Edit(node, (Candidate(cst.Assign([cst.AssignTarget(target)],
                                                call.args[1].value)),))

    def edit_Attribute(self, node: cst.Attribute) -> Edit | None:
        if self.member(node) == "dict":
            return Edit(node, (Candidate(cst.Call(cst.Attribute(node.value, cst.Name(
                "to_dict")), [kw("flat", cst.Name("False"))])),))
        return None

    def edit_Subscript(self, node: cst.Subscript) -> Edit | None:
        if self.held(node.value) and id(node) not in self.owners:  # d[k], read
            return Edit(node, (FIRST,), fired=0)
        return None

    def edit_Name(self, node: cst.Name) -> Edit | None:
        if self.held(node) and id(node) not in self.owners:
            self.owners.add(id(node))  # once
            return Edit(node, (Candidate(todo=(
                f"{node.value} is Werkzeug's MultiDict now: where it is read, getall() is "
                "getlist(), append() is add(), and get() gives a repeated key's first "
                "value")),), fired=0)
        return None
