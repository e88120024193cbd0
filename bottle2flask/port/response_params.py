"""Helpers handed Bottle's response: `save_session(session, response)`.

Bottle's `response` is one object a view can pass to a helper, which sets a cookie or
a header on it. Flask has no such object before the view returns. When a module-level
function uses a parameter only to change the response (`p.set_cookie(...)`,
`p.content_type = ...`) and every call in the app passes Bottle's `response` there,
the parameter goes, the calls stop passing it, and the helper changes Bottle's
`response` itself: P005 then makes each change an `@after_this_request` function at
the spot, as for any helper. Anything else (a call that passes another value, the
function used other than called) leaves the code as it is, and P005's TODO.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from .quick import Transformer, Visitor
from .response_idiom import ATTRS, CALLS
from .walk import transform, walk


def bottle_response(module: cst.Module) -> str | None:
    """The module's name for Bottle's response (`from bottle import response [as r]`)."""
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
        if isinstance(small, cst.ImportFrom) and isinstance(small.module, cst.Name) \
                and small.module.value == "bottle" and not isinstance(small.names,
                                                                      cst.ImportStar):
            for alias in small.names:
                if isinstance(alias.name, cst.Name) and alias.name.value == "response":
                    return alias.evaluated_alias or "response"
    return None


def _only_changes(func: cst.FunctionDef, name: str) -> bool:
    """Is every use of `name` in the function a change of a response (and more than 0)?"""
    uses, changes = [], []

    class Find(Visitor):
        def visit_Name(self, node: cst.Name) -> None:
            if node.value == name:
                uses.append(node)

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if isinstance(node.value, cst.Name) and node.value.value == name \
                    and node.attr.value in CALLS | ATTRS | {"headers"}:
                changes.append(node.value)

        def visit_Lambda(self, node) -> bool:
            return False

    walk(func.body, Find())
    return bool(changes) and len(uses) == len(changes)


def helpers(module: cst.Module) -> dict[str, tuple[int, str]]:
    """Module-level functions with a parameter used only to change the response:
    name -> (position, parameter)."""
    found = {}
    for stmt in module.body:
        if not isinstance(stmt, cst.FunctionDef) or stmt.decorators:
            continue
        for i, param in enumerate(stmt.params.params):
            if param.default is None and _only_changes(stmt, param.name.value):
                found[stmt.name.value] = (i, param.name.value)
                break
    return found


def _passed(call: cst.Call, position: int, param: str) -> cst.Arg | None:
    for i, a in enumerate(call.args):
        if a.star:
            return None
        if (a.keyword and a.keyword.value == param) or (a.keyword is None and i == position):
            return a
    return None


def plan(sources: dict[Path, str], imports: dict[Path, dict[str, tuple[Path, str]]],
         parsed: dict[Path, cst.Module] | None = None) -> dict[Path, cst.Module]:
    """The modules to port instead (rel -> the module rewritten, its code the new
    source), for the helpers every call of which passes Bottle's response. `imports`:
    each module's `from x import f` names; `parsed`: the modules as LibCST parsed them
    already (the model's), not parsed again."""
    trees, responses, found = {}, {}, {}
    for rel, text in sources.items():
        if "response" not in text:
            continue
        try:
            given = (parsed or {}).get(rel)
            trees[rel] = given if given is not None else cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        responses[rel] = bottle_response(trees[rel])
        for name, where in helpers(trees[rel]).items():
            if responses[rel] is not None:
                found[(rel, name)] = where
    if not found:
        return {}
    calls: dict[tuple[Path, str], list[tuple[Path, cst.Call]]] = {key: [] for key in found}
    refused: set[tuple[Path, str]] = set()
    # the top-level statements that call a helper or define one: the rewrite's only
    # statements (the others it would walk and hand back as they were)
    tops: dict[Path, set[int]] = {}
    for rel, tree in trees.items():
        local = {name: (rel, name) for r, name in found if r == rel}
        local |= {name: target for name, target in imports.get(rel, {}).items()
                  if target in found}
        if not local:
            continue
        reader = _Calls(rel, local, found, responses.get(rel), calls, refused)
        tops[rel] = set()
        for stmt in tree.body:
            reader.met = False
            walk(stmt, reader)
            if reader.met:
                tops[rel].add(id(stmt))
    done = {key for key, made in calls.items() if made and key not in refused}
    return {rel: _rewrite(tree, rel, done, found, responses, imports.get(rel, {}),
                          tops[rel])
            for rel, tree in trees.items()
            if any(key[0] == rel for key in done)
            or any(target in done for target in imports.get(rel, {}).values())}


class _Calls(Visitor):
    """Sort each call of a helper: it passes Bottle's response (calls), or the helper is
    called with something else or used other than called (refused). `met`: whether it
    met a call of a helper or a def of one's name since it was last set False."""

    def __init__(self, rel, local, found, response, calls, refused) -> None:
        super().__init__()
        self.rel, self.local, self.found, self.response = rel, local, found, response
        self.calls, self.refused = calls, refused
        self.seen: set[int] = set()
        self.met = False

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and node.func.value in self.local:
            self.met = True
            key = self.local[node.func.value]
            given = _passed(node, *self.found[key])
            if given is not None and isinstance(given.value, cst.Name) \
                    and given.value.value == self.response:
                self.calls[key].append((self.rel, node))
            else:
                self.refused.add(key)
            self.seen.add(id(node.func))

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in self.local and id(node) not in self.seen:
            self.refused.add(self.local[node.value])  # used other than called

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.seen.add(id(node.name))
        if (self.rel, node.name.value) in self.found:
            self.met = True

    def visit_ImportAlias(self, node) -> bool:
        return False


def _rewrite(tree: cst.Module, rel: Path, done: set, found: dict, responses: dict,
             imported: dict, tops: set[int]) -> cst.Module:
    """The module with the helpers in `done` rewritten and their calls; only its
    statements in `tops` (ids) are walked, in order, by one transformer."""
    local = {name: key for key in done for name in [key[1]] if key[0] == rel}
    local |= {name: target for name, target in imported.items() if target in done}
    response = responses.get(rel)

    class Rewrite(Transformer):
        def __init__(self) -> None:
            super().__init__()
            self.renamed: str | None = None

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            if (rel, node.name.value) in done and node.name.value in local:
                self.renamed = found[(rel, node.name.value)][1]

        def leave_FunctionDef(self, original, updated):
            if (rel, updated.name.value) not in done:
                return updated
            self.renamed = None
            position = found[(rel, updated.name.value)][0]
            params = [p for i, p in enumerate(updated.params.params) if i != position]
            if params:
                params[-1] = params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            # a tuple, as the parser gives: the model reads this tree, not its code again
            return updated.with_changes(params=updated.params.with_changes(
                params=tuple(params)))

        def leave_Name(self, original, updated):
            if self.renamed is not None and updated.value == self.renamed:
                return updated.with_changes(value=response)
            return updated

        def leave_Call(self, original, updated):
            if not (isinstance(updated.func, cst.Name) and updated.func.value in local):
                return updated
            position, param = found[local[updated.func.value]]
            given = _passed(updated, position, param)
            args = [a for a in updated.args if a is not given]
            if args:
                args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated.with_changes(args=tuple(args))

    rewrite = Rewrite()
    body = tuple(transform(stmt, rewrite) if id(stmt) in tops else stmt for stmt in tree.body)
    if all(new is old for new, old in zip(body, tree.body, strict=True)):
        return tree
    return tree.with_changes(body=body)
