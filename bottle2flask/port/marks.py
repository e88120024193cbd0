"""The module's code without its declared changes' marks, each change's line, and the
line of each TODO comment the port wrote.

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

import libcst as cst
from libcst._nodes.internal import CodegenState


class _Render(CodegenState):
    def __init__(self, module: cst.Module, marks: dict[int, int],
                 todos: dict[int, int]) -> None:
        super().__init__(default_indent=module.default_indent,
                         default_newline=module.default_newline)
        self.marks = marks  # id(comment) -> index in state.declared
        self.todos = todos  # id(comment) -> index in state.todo_marks
        self.found: dict[int, int] = {}
        self.noted: dict[int, int] = {}
        self.line_start = 0  # the token the EmptyLine being written starts at
        self.dropping: list[int] = []  # the marks of that line
        self.newlines = 0  # newlines in tokens[:self.counted]
        self.counted = 0

    # type() rather than isinstance(): called for every node written, and isinstance()
    # on LibCST's classes (abstract base classes) is slow; neither class has subclasses
    def before_codegen(self, node: cst.CSTNode) -> None:
        kind = type(node)
        if kind is cst.EmptyLine:
            self.line_start = len(self.tokens)
        elif kind is cst.Comment and id(node) in self.marks:
            self.dropping.append(self.marks[id(node)])
        elif kind is cst.Comment and id(node) in self.todos:
            self._count()
            self.noted[self.todos[id(node)]] = self.newlines + 1  # the line it is on

    def _count(self) -> None:
        self.newlines += sum(token.count("\n") for token in self.tokens[self.counted:])
        self.counted = len(self.tokens)

    def after_codegen(self, node: cst.CSTNode) -> None:
        if type(node) is not cst.EmptyLine or not self.dropping:
            return
        del self.tokens[self.line_start:]
        self._count()
        for index in self.dropping:
            self.found[index] = self.newlines + 1
        self.dropping = []


def render(module: cst.Module, marks: dict[int, int],
           todos: dict[int, int] | None = None) -> tuple[str, dict[int, int], dict[int, int]]:
    """The module's code without the marks (id of a mark's comment -> its change's index),
    each change's line (from 1) in that code, and each TODO comment's line (id of the
    comment -> its index). A mark or TODO whose statement a later rule removed went with
    it: it is not in the answer."""
    if not marks and not todos:
        return module.code, {}, {}
    state = _Render(module, marks, todos or {})
    module._codegen(state)
    return "".join(state.tokens), state.found, state.noted
