"""The declared changes' marks are found by node while the code is written out: the
code is `Module.code` without the mark lines, each change on the line after its mark.
Guards the LibCST internals marks.py hooks (CodegenState's before/after_codegen)."""

from __future__ import annotations

import libcst as cst

from bottle2flask.port.marks import render

SOURCE = '''\
# a comment of the user's
import os


def view():
    #
    x = 1
    return x
'''


def mark_above(module: cst.Module, path: list[int], *comments: cst.Comment) -> cst.Module:
    """The module with empty-comment lines above the statement at `path` (indices into
    nested bodies)."""
    def put(body, rest):
        stmt = body[rest[0]]
        if len(rest) == 1:
            lines = [*stmt.leading_lines, *(cst.EmptyLine(comment=c) for c in comments)]
            stmt = stmt.with_changes(leading_lines=lines)
        else:
            stmt = stmt.with_changes(body=stmt.body.with_changes(
                body=put(list(stmt.body.body), rest[1:])))
        return [*body[:rest[0]], stmt, *body[rest[0] + 1:]]
    return module.with_changes(body=put(list(module.body), path))


def test_no_marks_is_the_modules_own_code():
    module = cst.parse_module(SOURCE)
    assert render(module, {}) == (SOURCE, {}, {})


def test_marks_are_dropped_and_name_the_line_below_them():
    first, second, third = cst.Comment("#"), cst.Comment("#"), cst.Comment("#")
    module = mark_above(cst.parse_module(SOURCE), [1, 0], first, second)  # above `x = 1`
    module = mark_above(module, [0], third)  # above `import os`
    code, lines, _ = render(module, {id(first): 0, id(second): 1, id(third): 2})
    assert code == SOURCE  # the user's own bare `#` line stays
    assert lines == {0: 7, 1: 7, 2: 2}


def test_a_mark_whose_statement_is_gone_names_no_line():
    gone = cst.Comment("#")
    module = cst.parse_module(SOURCE)
    code, lines, _ = render(module, {id(gone): 0})
    assert code == SOURCE and lines == {}
