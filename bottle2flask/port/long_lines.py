"""Lines the port made longer than 100 characters, split as black splits a call: the
arguments on a line of their own, else one a line with a trailing comma. A line the
original already had is left as it was.

It works on the statement as the module is written out (marks.py's render calls
`split_statement` with each simple statement's node and the text just written for it),
never by reading generated code back: the call, its arguments and what comes before it
are the nodes themselves. What is read as text is the original's own lines (to leave
the user's long lines alone) and the written statement's length, `#` and quotes.
"""

from __future__ import annotations

import libcst as cst
from libcst._nodes.internal import CodegenState

WIDTH = 100


def _code(node: cst.CSTNode, indent: list[str] | None = None) -> str:
    """The node's code, as `cst.Module([]).code_for_node` writes it, with the block's
    indent for the lines it continues on (their indent is the block's where the module
    was parsed)."""
    state = CodegenState(default_indent="    ", default_newline="\n")
    if indent:
        state.indent_tokens = list(indent)
    node._codegen(state)
    return "".join(state.tokens)


def _split(head: str, call: cst.Call, tail: str, indent: str) -> list[str]:
    """`head(args)tail` over several lines, black's way, at this indent."""
    inner = indent + "    "
    opening = f"{indent}{head}{_code(call.func)}("
    closing = f"{indent}){tail}"
    args = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in call.args]
    joined = ", ".join(_code(a) for a in args)
    if len(inner) + len(joined) <= WIDTH:
        return [opening, inner + joined, closing]
    if len(args) == 1 and isinstance(args[0].value, cst.Call) and not args[0].keyword \
            and not args[0].star:
        return [opening, *_split("", args[0].value, "", inner), closing]
    return [opening, *(f"{inner}{_code(a)}," for a in args), closing]


def _parts(stmt: cst.SimpleStatementLine, indent: list[str] | None = None
           ) -> tuple[str, cst.Call] | None:
    """(what comes before the call, the call) for `return f(...)`, `x = f(...)`, `f(...)`."""
    if len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Return) and isinstance(small.value, cst.Call):
        return "return ", small.value
    if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call):
        return "".join(_code(t.target, indent) + " = " for t in small.targets), small.value
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        return "", small.value
    return None


def _split_lines(head: str, call: cst.Call, indent: str, block: list[str]) -> list[str]:
    """`head(args)` over several lines, one argument a line, as black splits it: an
    argument written over several lines keeps them, moved in with it."""
    inner = indent + "    "
    out = [f"{indent}{head}{_code(call.func, block)}("]
    for a in call.args:
        first, *rest = _code(a.with_changes(
            comma=cst.MaybeSentinel.DEFAULT,
            whitespace_after_arg=cst.SimpleWhitespace("")), block).split("\n")
        out += [inner + first, *("    " + part if part.strip() else part for part in rest)]
        out[-1] += ","
    return [*out, f"{indent})"]


def split_statement(stmt: cst.SimpleStatementLine, text: str, known: frozenset[str],
                    block: list[str]) -> str | None:
    """The statement's lines as written (`text`: its indent, code and newline, at the
    block's indent `block`) split where its first line is new and over 100 characters:
    a one-line statement, or the first line of a call the original wrote over several
    lines (of at most 40, none with a comment, no string over several lines); None
    where it stays as it is."""
    lines = text.splitlines(keepends=True)
    if not lines:
        return None
    line = lines[0]
    first = line.rstrip("\r\n")
    if len(first) <= WIDTH or first in known or first.lstrip().startswith("#"):
        return None
    indent = first[:len(first) - len(first.lstrip())]
    end = line[len(first):]
    if len(lines) == 1:
        parts = _parts(stmt)
        if parts is None or not parts[1].args or any(a.star for a in parts[1].args):
            return None
        return "".join(piece + end for piece in _split(parts[0], parts[1], "", indent))
    if len(lines) > 40 or any("#" in later for later in lines[1:]) \
            or '"""' in text or "'''" in text:
        return None
    parts = _parts(stmt, block)
    if parts is None or not parts[1].args:
        return None
    return "".join(piece + end for piece in _split_lines(parts[0], parts[1], indent, block))
