"""The module's code without its declared changes' marks, each change's line, and the
line of each TODO comment the port wrote (wrapped at 100 characters as it is written).

A declared change is recorded where a rule meets its statement: an empty comment line
above it, known by the comment node itself (a leaf LibCST keeps through every walk),
never by its text. The code is written out once, as `Module.code` writes it, and each
mark's line is dropped as it is written: the change's line is the one after it.

LibCST's positions (PositionProvider) would give the same lines, at the price of a
position for every node of the module: a sixth of a 1,000-line port. This hooks the one
node kind that matters into LibCST's code generator (CodegenState, not public API: libcst
is pinned below 1.10 and tests/porting_tool/test_marks.py guards it).
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection
from typing import NamedTuple, cast

import libcst as cst
from libcst._nodes.internal import CodegenState
from libcst.helpers import get_full_name_for_node

from .long_lines import split_statement

WIDTH = 100


def todo_lines(indent: str, code: str, text: str) -> list[str]:
    """A TODO comment's lines at this indent: over 100 characters, wrapped at words and
    continued on `#   ` lines."""
    head = f"{indent}# TODO(flask-port/{code}): "
    if len(head) + len(text) <= WIDTH:
        return [head + text]
    return textwrap.wrap(text.lstrip(), WIDTH, initial_indent=head,
                         subsequent_indent=f"{indent}#   ", break_long_words=False,
                         break_on_hyphens=False)


class _Render(CodegenState):
    def __init__(self, module: cst.Module, marks: dict[int, int],
                 todos: dict[int, tuple[int, str, str]],
                 known: frozenset[str] | None = None) -> None:
        super().__init__(default_indent=module.default_indent,
                         default_newline=module.default_newline)
        self.known = known  # the original's lines: a new long line is split (long_lines.py)
        self.first: cst.CSTNode | None = None  # the simple statement's first small one
        self.stmt_start: int | None = None  # the token its line starts at
        self.marks = marks  # id(comment) -> index in state.declared
        self.todos = todos  # id(comment) -> (index in state.todo_marks, code, text)
        self.wrapping: tuple[str, str] | None = None  # the TODO of the line being written
        self.found: dict[int, int] = {}
        self.noted: dict[int, int] = {}
        self.line_start = 0  # the token the EmptyLine being written starts at
        self.dropping: list[int] = []  # the marks of that line
        self.newlines = 0  # newlines in tokens[:self.counted]
        self.counted = 0
        self.imports_bottle = False  # an import of bottle (or bottle.x) is written

    # type() rather than isinstance(): called for every node written, and isinstance()
    # on LibCST's classes (abstract base classes) is slow; neither class has subclasses
    def before_codegen(self, node: cst.CSTNode) -> None:
        kind = type(node)
        if node is self.first:  # its indent just written
            self.stmt_start = len(self.tokens) - len(self.indent_tokens)
            self.first = None
        if kind is cst.SimpleStatementLine and self.known is not None:
            body = cast(cst.SimpleStatementLine, node).body
            self.first, self.stmt_start = (body[0] if body else None), None
        if kind in (cst.Import, cst.ImportFrom) and not self.imports_bottle:
            self.imports_bottle = _imports_bottle(cast("cst.Import | cst.ImportFrom", node))
        elif kind is cst.EmptyLine:
            self.line_start = len(self.tokens)
        elif kind is cst.Comment and id(node) in self.marks:
            self.dropping.append(self.marks[id(node)])
        elif kind is cst.Comment and id(node) in self.todos:
            self._count()
            index, code, text = self.todos[id(node)]
            self.noted[index] = self.newlines + 1  # the line it is on (its first)
            self.wrapping = (code, text)

    def _count(self) -> None:
        self.newlines += sum(token.count("\n") for token in self.tokens[self.counted:])
        self.counted = len(self.tokens)

    def after_codegen(self, node: cst.CSTNode) -> None:
        if type(node) is cst.SimpleStatementLine and self.stmt_start is not None:
            self._split(node, self.stmt_start)
            self.stmt_start = None
        is_line = type(node) is cst.EmptyLine
        if is_line and self.wrapping is not None:
            self._wrap(*self.wrapping)
        if not is_line or not self.dropping:
            return
        del self.tokens[self.line_start:]
        self._count()
        for index in self.dropping:
            self.found[index] = self.newlines + 1
        self.dropping = []


    def _split(self, stmt: cst.SimpleStatementLine, start: int) -> None:
        """The statement just written, split where the port made its first line too long
        (long_lines.py), from its node."""
        assert self.known is not None
        text = "".join(self.tokens[start:])
        new = split_statement(stmt, text, self.known, self.indent_tokens)
        if new is None:
            return
        if self.counted > start:  # (never: a statement's own lines hold no mark)
            self.newlines -= sum(t.count("\n") for t in self.tokens[start:self.counted])
            self.counted = start
        # its newline a token of its own, as LibCST writes it: the module's last one is
        # taken off where the file ends without one
        end = text[len(text.rstrip("\r\n")):]
        self.tokens[start:] = [new[:len(new) - len(end)], end]

    def _wrap(self, code: str, text: str) -> None:
        """The TODO line just written (its indent, the comment, its newline), over several
        lines if it is too long."""
        self.wrapping = None
        line, end = "".join(self.tokens[self.line_start:-1]), self.tokens[-1]
        if len(line) <= WIDTH:
            return
        indent = line[:len(line) - len(line.lstrip())]
        # (no newline before the comment on its line: those counted stay counted)
        self.counted = min(self.counted, self.line_start)
        self.tokens[self.line_start:] = [
            "".join(piece + end for piece in todo_lines(indent, code, text))]


def _imports_bottle(node: cst.Import | cst.ImportFrom) -> bool:
    """`import bottle`, `import bottle.x`, `from bottle import y`, `from bottle.x import y`."""
    if isinstance(node, cst.ImportFrom):
        names = [node.module] if node.module is not None and not node.relative else []
    else:
        names = [alias.name for alias in node.names]
    return any(get_full_name_for_node(name) == "bottle"
               or (get_full_name_for_node(name) or "").startswith("bottle.") for name in names)


class Rendered(NamedTuple):
    code: str
    lines: dict[int, int]  # each declared change's line (from 1), by its index
    todos: dict[int, int]  # each TODO comment's line (from 1), by its index
    imports_bottle: bool  # the code still imports bottle (a TODO kept the import)


def render(module: cst.Module, marks: dict[int, int],
           todos: dict[int, tuple[int, str, str]] | None = None,
           original: str | None = None) -> Rendered:
    """The module's code without the marks (id of a mark's comment -> its change's index),
    each change's line (from 1) in that code, each TODO comment's line (id of the comment
    -> its index, code and text; wrapped as it is written), and whether an import of
    Bottle is written (the app's own bottle.py is copied while one is). Given the
    original's source, each simple statement whose first line the port made over 100
    characters is split as it is written (long_lines.py). A mark or TODO
    whose statement a later rule removed went with it: it is not in the answer."""
    state = _Render(module, marks, todos or {},
                    None if original is None else frozenset(original.splitlines()))
    module._codegen(state)
    return Rendered("".join(state.tokens), state.found, state.noted, state.imports_bottle)



class _Unmarked(CodegenState):
    """Code written without the lines of some marks: an EmptyLine holding one is taken
    back out of the tokens once written (EmptyLines hold no other node of their kind)."""

    def __init__(self, hidden: Collection[int]) -> None:
        super().__init__(default_indent="    ", default_newline="\n")  # Module([])'s
        self.hidden = hidden
        self.line_start = 0

    def before_codegen(self, node: cst.CSTNode) -> None:
        if type(node) is cst.EmptyLine:
            self.line_start = len(self.tokens)

    def after_codegen(self, node: cst.CSTNode) -> None:
        if type(node) is cst.EmptyLine:
            comment = node.comment
            if comment is not None and id(comment) in self.hidden:
                del self.tokens[self.line_start:]


def node_code(node: cst.CSTNode, hidden: Collection[int]) -> str:
    """A node's code as `Module([]).code_for_node()` writes it, without the lines of the
    marks in it (the ids of their comments): a site's form as the report shows it."""
    if not hidden:
        return cst.Module([]).code_for_node(node)
    state = _Unmarked(hidden)
    node._codegen(state)
    return "".join(state.tokens)
