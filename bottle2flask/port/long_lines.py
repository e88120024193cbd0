"""Lines the port made longer than 100 characters, split as black splits a call: the
arguments on a line of their own, else one a line with a trailing comma. A line the
original already had is left as it was."""

from __future__ import annotations

import libcst as cst

WIDTH = 100
_EMPTY = cst.Module([])


def _code(node: cst.CSTNode) -> str:
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


def _split_lines(head: str, call: cst.Call, indent: str) -> list[str]:
    """`head(args)` over several lines, one argument a line, as black splits it: an
    argument written over several lines keeps them, moved in with it."""
    inner = indent + "    "
    out = [f"{indent}{head}{_code(call.func)}("]
    for a in call.args:
        first, *rest = _code(a.with_changes(
            comma=cst.MaybeSentinel.DEFAULT,
            whitespace_after_arg=cst.SimpleWhitespace(""))).split("\n")
        out += [inner + first, *("    " + part if part.strip() else part for part in rest)]
        out[-1] += ","
    return [*out, f"{indent})"]


def _statement(lines: list[str], start: int) -> tuple[cst.BaseStatement, int] | None:
    """The statement that opens on lines[start] and how many lines it spans, when it
    ends within a few lines and none of them has a comment."""
    text = lines[start].lstrip()
    for end in range(start + 1, min(start + 40, len(lines))):
        if "#" in lines[end]:
            return None
        text += lines[end]
        try:
            return cst.parse_statement(text), end + 1 - start
        except cst.ParserSyntaxError:
            continue
    return None


def wrap_long_lines(code: str, original: str, starts: list[int] | None = None) -> str:
    """The port's code with each new over-long line of a statement split: a one-line
    statement, or the first line of a call the original wrote over several lines."""
    known = set(original.splitlines())
    out: list[str] = []
    lines = code.splitlines(keepends=True)
    skip = 0
    for number, line in enumerate(lines):
        if starts is not None:  # the line (from 0) each line of `code` starts at
            starts.append(len(out) if not skip else starts[-1])
        if skip:
            skip -= 1
            continue
        text = line.rstrip("\r\n")
        if len(text) <= WIDTH or text in known or text.lstrip().startswith("#"):
            out.append(line)
            continue
        indent = text[:len(text) - len(text.lstrip())]
        try:
            stmt = cst.parse_statement(text.lstrip() + "\n")
        except cst.ParserSyntaxError:
            found = _statement(lines, number)
            parts = _parts(found[0]) if found is not None \
                and isinstance(found[0], cst.SimpleStatementLine) else None
            if found is None or parts is None or not parts[1].args or any(
                    quotes in _code(found[0]) for quotes in ('"""', "'''")):
                out.append(line)  # (a string over several lines cannot move in)
                continue
            end = line[len(text):]
            out += [piece + end for piece in _split_lines(parts[0], parts[1], indent)]
            skip = found[1] - 1
            continue
        parts = _parts(stmt) if isinstance(stmt, cst.SimpleStatementLine) else None
        if parts is None or not parts[1].args or any(a.star for a in parts[1].args):
            out.append(line)
            continue
        end = line[len(text):]
        out += [piece + end for piece in _split(parts[0], parts[1], "", indent)]
    return "".join(out)
