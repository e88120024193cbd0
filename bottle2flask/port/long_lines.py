"""Lines the port made longer than 100 characters, split as black splits a call: the
arguments on a line of their own, else one a line with a trailing comma. A line the
original already had is left as it was."""

from __future__ import annotations

import libcst as cst

WIDTH = 100
_EMPTY = cst.Module([])


def _code(node) -> str:
    return _EMPTY.code_for_node(node)


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


def _parts(stmt: cst.SimpleStatementLine) -> tuple[str, cst.Call] | None:
    """(what comes before the call, the call) for `return f(...)`, `x = f(...)`, `f(...)`."""
    if len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Return) and isinstance(small.value, cst.Call):
        return "return ", small.value
    if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call):
        return "".join(_code(t.target) + " = " for t in small.targets), small.value
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        return "", small.value
    return None


def wrap_long_lines(code: str, original: str) -> str:
    """The port's code with each new over-long one-line statement split."""
    known = set(original.splitlines())
    out = []
    for line in code.splitlines(keepends=True):
        text = line.rstrip("\r\n")
        if len(text) <= WIDTH or text in known or text.lstrip().startswith("#"):
            out.append(line)
            continue
        indent = text[:len(text) - len(text.lstrip())]
        try:
            stmt = cst.parse_statement(text.lstrip() + "\n")
        except cst.ParserSyntaxError:
            out.append(line)
            continue
        parts = _parts(stmt) if isinstance(stmt, cst.SimpleStatementLine) else None
        if parts is None or not parts[1].args or any(a.star for a in parts[1].args):
            out.append(line)
            continue
        end = line[len(text):]
        out += [piece + end for piece in _split(parts[0], parts[1], "", indent)]
    return "".join(out)
