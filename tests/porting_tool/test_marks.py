"""The declared changes' marks are found by node while the code is written out: the
code is `Module.code` without the mark lines, each change on the line after its mark.
Guards the LibCST internals marks.py hooks (CodegenState's before/after_codegen)."""

from __future__ import annotations

import libcst as cst
import pytest

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
    assert render(module, {}) == (SOURCE, {}, {}, False)


def test_marks_are_dropped_and_name_the_line_below_them():
    first, second, third = cst.Comment("#"), cst.Comment("#"), cst.Comment("#")
    module = mark_above(cst.parse_module(SOURCE), [1, 0], first, second)  # above `x = 1`
    module = mark_above(module, [0], third)  # above `import os`
    code, lines, _, _ = render(module, {id(first): 0, id(second): 1, id(third): 2})
    assert code == SOURCE  # the user's own bare `#` line stays
    assert lines == {0: 7, 1: 7, 2: 2}


def test_a_mark_whose_statement_is_gone_names_no_line():
    gone = cst.Comment("#")
    module = cst.parse_module(SOURCE)
    code, lines, _, _ = render(module, {id(gone): 0})
    assert code == SOURCE and lines == {}


LONG = ("the view reads Bottle's request.environ['bottle.route'], which Flask keeps "
        "elsewhere: read request.url_rule and flask.current_app instead of it")


def test_a_long_todo_is_wrapped_as_it_is_written_and_the_lines_below_follow():
    todo, mark = cst.Comment(f"# TODO(flask-port/P017): {LONG}"), cst.Comment("#")
    module = mark_above(cst.parse_module(SOURCE), [1, 0], todo, mark)  # above `x = 1`
    code, lines, noted, _ = render(module, {id(mark): 0}, {id(todo): (0, "P017", LONG)})
    written = code.splitlines()
    assert written[6:8] == [
        "    # TODO(flask-port/P017): the view reads Bottle's request.environ['bottle.route'], "
        "which Flask",
        "    #   keeps elsewhere: read request.url_rule and flask.current_app instead of it"]
    assert all(len(line) <= 100 for line in written)
    assert noted == {0: 7} and lines == {0: 9} and written[8] == "    x = 1"


def test_a_comment_the_user_wrote_is_never_wrapped_as_a_todo():
    own = cst.Comment(f"# TODO(flask-port/P017): {LONG}")  # no record of the port's
    module = mark_above(cst.parse_module(SOURCE), [1, 0], own)
    code, _, noted, _ = render(module, {}, {})
    assert f"    # TODO(flask-port/P017): {LONG}\n" in code and noted == {}


@pytest.mark.parametrize(("source", "imports_bottle"), [
    ("import os\n", False),
    ("import bottle_compat\nfrom bottle_routes import rule\n", False),
    ("import os, bottle\n", True),
    ("def f():\n    from bottle import HTTPError\n    return HTTPError\n", True),
    ("from bottle.ext import sqlite\n", True),
    ('"""Use it as:\n\nfrom bottle import run\n"""\n', False),  # text, not an import
])
def test_whether_the_code_written_imports_bottle_is_read_from_its_nodes(source,
                                                                        imports_bottle):
    assert render(cst.parse_module(source), {}).imports_bottle is imports_bottle
