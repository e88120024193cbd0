"""What each view of a Bottle app reads from its request: the form, query, JSON and file
fields, found in the source with LibCST, so a request can send them.

    request.forms.get('task')   request.forms.task    request.forms['x']   'x' in request.POST
    request.query.q             request.GET.save      request.params.get('p')
    request.json['x']           request.json.get('x')  request.files.get('f')

A view that calls a function of the app's own (by name, in any module) reads what that
function reads too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from bottle2flask import source_encoding

# Bottle's request attribute -> where the field travels.
SOURCES = {"forms": "form", "POST": "form", "query": "query", "GET": "query",
           "params": "params", "json": "json", "files": "files"}
GETTERS = {"get", "getunicode", "getall", "getone", "getlist", "decode"}
MAX_FILES, MAX_BYTES = 500, 1_000_000


@dataclass
class Inputs:
    """The fields one view reads, by where they travel."""

    form: list[str] = field(default_factory=list)
    query: list[str] = field(default_factory=list)
    params: list[str] = field(default_factory=list)
    json: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    reads_json: bool = False  # request.json read at all, keys or not

    def add(self, source: str, key: str | None) -> None:
        if source == "json":
            self.reads_json = True
        found: list[str] = getattr(self, source)
        if key and key not in found:
            found.append(key)

    def merge(self, other: Inputs) -> None:
        for source in ("form", "query", "params", "json", "files"):
            for key in getattr(other, source):
                self.add(source, key)
        self.reads_json = self.reads_json or other.reads_json

    def __bool__(self) -> bool:
        return bool(self.form or self.query or self.params or self.json or self.files
                    or self.reads_json)


def _source(node: cst.BaseExpression, names: set[str]) -> str | None:
    """'form' for `request.forms` (or `bottle.request.POST`, or `req.forms` after
    `from bottle import request as req`), None for anything else."""
    if not isinstance(node, cst.Attribute) or node.attr.value not in SOURCES:
        return None
    owner = node.value
    if isinstance(owner, cst.Attribute):
        found = owner.attr.value == "request"
    else:
        found = isinstance(owner, cst.Name) and owner.value in names
    return SOURCES[node.attr.value] if found else None


def _string(node: cst.BaseExpression | None) -> str | None:
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


class _Reader(cst.CSTVisitor):
    """Every function's reads, and the names of the functions it calls."""

    def __init__(self) -> None:
        self.functions: dict[str, Inputs] = {}
        self.calls: dict[str, set[str]] = {}
        self.stack: list[str] = []
        self.names: set[str] = {"request"}  # what Bottle's request is called here

    def visit_Module(self, node: cst.Module) -> None:
        self.names = {"request"}

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        module = node.module
        if isinstance(module, cst.Name) and module.value == "bottle" and not isinstance(
                node.names, cst.ImportStar):
            for alias in node.names:
                if isinstance(alias.name, cst.Name) and alias.name.value == "request" \
                        and alias.asname and isinstance(alias.asname.name, cst.Name):
                    self.names.add(alias.asname.name.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.stack.append(node.name.value)
        self.functions.setdefault(node.name.value, Inputs())
        self.calls.setdefault(node.name.value, set())

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.stack.pop()

    def _add(self, source: str, key: str | None) -> None:
        for name in self.stack:  # a nested function's reads are its view's too
            self.functions[name].add(source, key)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        source = _source(node.value, self.names)
        if source and self.stack and node.attr.value not in GETTERS | {"keys", "items"}:
            self._add(source, node.attr.value)  # request.forms.task
        elif _source(node, self.names) and self.stack:
            self._add(SOURCES[node.attr.value], None)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        source = _source(node.value, self.names)
        if source and self.stack and len(node.slice) == 1:
            element = node.slice[0].slice
            if isinstance(element, cst.Index):
                self._add(source, _string(element.value))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not self.stack:
            return
        if isinstance(func, cst.Attribute) and func.attr.value in GETTERS:
            source = _source(func.value, self.names)
            if source and node.args:
                self._add(source, _string(node.args[0].value))
        elif isinstance(func, cst.Name):
            self.calls[self.stack[-1]].add(func.value)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        # 'x' in request.forms
        for target in node.comparisons:
            source = _source(target.comparator, self.names)
            if source and self.stack and isinstance(target.operator, cst.In | cst.NotIn):
                self._add(source, _string(node.left))


def read_sources(sources: Iterable[str]) -> dict[str, Inputs]:
    """Function name -> what it reads, helpers it calls included, over all the sources."""
    reader = _Reader()
    for source in sources:
        try:
            cst.parse_module(source).visit(reader)
        except cst.ParserSyntaxError:  # Python 2, or not Python: nothing read there
            continue
    merged: dict[str, Inputs] = {}
    for name in reader.functions:
        found, seen, todo = Inputs(), {name}, [name]
        while todo:
            current = todo.pop()
            found.merge(reader.functions.get(current, Inputs()))
            for called in reader.calls.get(current, ()):
                if called in reader.functions and called not in seen:
                    seen.add(called)
                    todo.append(called)
        merged[name] = found
    return merged


def read_files(paths: Iterable[Path]) -> dict[str, Inputs]:
    """What every function of these Python files reads (big or unreadable ones skipped)."""
    texts = []
    for path in list(paths)[:MAX_FILES]:
        try:
            if path.stat().st_size <= MAX_BYTES:
                texts.append(source_encoding.read(path))
        except (OSError, source_encoding.Unreadable):
            continue
    return read_sources(texts)
