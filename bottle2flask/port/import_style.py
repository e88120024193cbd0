"""The module's import block after the port, in isort's (ruff's `I`) order.

The rules add Flask's imports (needed_imports.py) and drop Bottle's; this
puts the block back in sorted sections (future, standard library, third party, the
app's own, relative), a blank line between sections, `import x` before `from x
import ...`, names ordered by type (CONSTANTS, Classes, functions), a `from` import
longer than the line wrapped one name a line. Only a block that was sorted this way
before the port is re-sorted, so a file in another style keeps it.
"""

from __future__ import annotations

import sys

import libcst as cst

WIDTH = 100
_EMPTY = cst.Module([])
# One import statement: ("import" or "from", the module, the names as written).
ImportLine = tuple[str, str, list[str]]


def _dotted(node) -> str:
    return _EMPTY.code_for_node(node) if node is not None else ""


def _lines(stmts, aliases: dict[str, cst.ImportAlias] | None = None
           ) -> list[ImportLine] | None:
    """(kind, module, names) for each import statement; None if one has a comment or
    several modules in one `import a, b`. `aliases`, if given, gets each name's node
    (without its comma) by its text, for _statements() to build the block from."""
    found: list[ImportLine] = []
    table = {} if aliases is None else aliases
    for stmt in stmts:
        small = stmt.body[0]
        if "#" in _EMPTY.code_for_node(stmt.with_changes(leading_lines=[])):
            return None
        if isinstance(small, cst.Import):
            if len(small.names) != 1:
                return None
            alias = small.names[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            text = _EMPTY.code_for_node(alias)
            table.setdefault(text, alias)
            found.append(("import", _dotted(small.names[0].name), [text]))
        else:
            module = "." * len(small.relative) + _dotted(small.module)
            if isinstance(small.names, cst.ImportStar):
                names = ["*"]
            else:
                names = []
                for alias in small.names:
                    alias = alias.with_changes(comma=cst.MaybeSentinel.DEFAULT)
                    names.append(text := _EMPTY.code_for_node(alias))
                    table.setdefault(text, alias)
            found.append(("from", module, names))
    return found


def _section(module: str, own: set[str]) -> int:
    top = module.split(".")[0]
    if module.startswith("."):
        return 4
    if top == "__future__":
        return 0
    if top in sys.stdlib_module_names:
        return 1
    return 3 if top in own else 2


def _name_key(name: str) -> tuple:
    bare = name.split(" as ")[0]
    kind = 0 if bare.isupper() and len(bare) > 1 else 1 if bare[:1].isupper() else 2
    return kind, bare.lower(), bare


def _grouped(lines: list[ImportLine], own: set[str]) -> list[list[tuple[tuple, list[str]]]]:
    """The import lines as isort writes them: by section, each section's statements
    merged (`from a import x` and `from a import y` one) and in order, a `from`'s
    names sorted."""
    sections: dict[int, list[ImportLine]] = {}
    for kind, module, names in lines:
        sections.setdefault(_section(module, own), []).append((kind, module, names))
    blocks = []
    for number in sorted(sections):
        merged: dict[tuple, list[str]] = {}
        for kind, module, names in sections[number]:
            key = (kind, module) if kind == "from" else (kind, module, names[0])
            merged.setdefault(key, [])
            merged[key] += [n for n in names if n not in merged[key]]
        blocks.append([(key, merged[key] if key[0] == "import"
                        else sorted(merged[key], key=_name_key))
                       for key in sorted(merged, key=lambda k: (k[0] != "import",
                                                               k[1].lower(), k[1]))])
    return blocks


def _render(lines: list[ImportLine], own: set[str]) -> str:
    """The sorted block as text (compared with the original's own text: was it sorted)."""
    blocks = []
    for section in _grouped(lines, own):
        text = []
        for key, names in section:
            if key[0] == "import":
                text.append(f"import {names[0]}")
                continue
            line = f"from {key[1]} import {', '.join(names)}"
            if len(line) > WIDTH:
                line = f"from {key[1]} import (\n" + "".join(f"    {n},\n" for n in names) + ")"
            text.append(line)
        blocks.append("\n".join(text) + "\n")
    return "\n".join(blocks)


def _statements(lines: list[ImportLine], own: set[str],
                aliases: dict[str, cst.ImportAlias]) -> list[cst.SimpleStatementLine]:
    """The sorted block as nodes, the statements _render() writes (a blank line before
    each section after the first), built from the names' own nodes: never written out
    and parsed back."""
    body: list[cst.SimpleStatementLine] = []
    for number, section in enumerate(_grouped(lines, own)):
        for at, (key, names) in enumerate(section):
            if key[0] == "import":
                small: cst.BaseSmallStatement = cst.Import(names=[aliases[names[0]]])
            else:
                wrap = len(f"from {key[1]} import {', '.join(names)}") > WIDTH
                small = _from_import(key[1], [aliases.get(n) for n in names], wrap)
            blank = [cst.EmptyLine()] if number and not at else []
            body.append(cst.SimpleStatementLine([small], leading_lines=blank))
    return body


def _from_import(module: str, names: list[cst.ImportAlias | None],
                 wrap: bool) -> cst.ImportFrom:
    """`from module import a, b` (one name a line in parentheses if `wrap`); a None
    name is the star."""
    bare = module.lstrip(".")
    relative = [cst.Dot()] * (len(module) - len(bare))
    where: cst.Attribute | cst.Name | None = None
    for part in bare.split(".") if bare else ():
        where = cst.Name(part) if where is None else cst.Attribute(where, cst.Name(part))
    if names == [None]:
        return cst.ImportFrom(module=where, relative=relative, names=cst.ImportStar())
    aliases = [n for n in names if n is not None]
    assert len(aliases) == len(names), "a star import merged with names"
    if not wrap:
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        return cst.ImportFrom(module=where, relative=relative, names=[
            *(a.with_changes(comma=space) for a in aliases[:-1]), aliases[-1]])
    return cst.ImportFrom(
        module=where, relative=relative,
        lpar=cst.LeftParen(whitespace_after=_next_line("    ")),
        names=[a.with_changes(comma=cst.Comma(whitespace_after=_next_line(
            "" if i == len(aliases) - 1 else "    "))) for i, a in enumerate(aliases)],
        rpar=cst.RightParen())


def _next_line(indent: str) -> cst.ParenthesizedWhitespace:
    return cst.ParenthesizedWhitespace(indent=True, last_line=cst.SimpleWhitespace(indent))


def _block(module: cst.Module) -> tuple[int, int]:
    """The [start, end) of the module's leading import statements."""
    body = list(module.body)
    start = 0
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(
            body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, cst.BaseString):
        start = 1
    end = start
    while end < len(body) and isinstance(stmt := body[end], cst.SimpleStatementLine) \
            and len(stmt.body) == 1 \
            and isinstance(stmt.body[0], cst.Import | cst.ImportFrom) \
            and (end == start or not any(line.comment for line in stmt.leading_lines)):
        end += 1
    return start, end


def _text(stmts) -> str:
    if not stmts:
        return ""
    first = stmts[0].with_changes(leading_lines=[])
    return "".join(_EMPTY.code_for_node(s) for s in [first, *stmts[1:]])


def tidy_imports(module: cst.Module, original: cst.Module, own: set[str]) -> cst.Module:
    """The ported module's import block sorted, if the original's was; else only the
    `from x import ...` lines the port wrote wrapped at the line length."""
    return _spaced(_tidy(module, original, own), original)


def _spaced(module: cst.Module, original: cst.Module) -> cst.Module:
    """Two blank lines between the imports the port added to a module that had none and
    a def or class right below them (pycodestyle's E302, as ruff checks it)."""
    if _block(original)[0] != _block(original)[1]:
        return module
    start, end = _block(module)
    if start == end or end >= len(module.body):
        return module
    below = module.body[end]
    if not isinstance(below, cst.FunctionDef | cst.ClassDef):
        return module
    lines = list(below.leading_lines)
    blank = 0
    while blank < len(lines) and lines[blank].comment is None:
        blank += 1
    if blank >= 2:
        return module
    below = below.with_changes(leading_lines=[cst.EmptyLine()] * (2 - blank) + lines)
    return module.with_changes(body=[*module.body[:end], below, *module.body[end + 1:]])


def _tidy(module: cst.Module, original: cst.Module, own: set[str]) -> cst.Module:
    start, end = _block(original)
    before = list(original.body[start:end])
    lines = _lines(before)
    if not before or lines is None or _render(lines, own) != _text(before):
        module = _place_new(module, original, own)
        return _wrap_new(module, original)
    start, end = _block(module)
    after = list(module.body[start:end])
    aliases: dict[str, cst.ImportAlias] = {}
    lines = _lines(after, aliases)
    if not after or lines is None:
        return module
    new = _statements(lines, own, aliases)
    # the block starts where the original's did, unless the port left a comment there
    leading = after[0].leading_lines
    if not any(line.comment for line in leading):
        leading = before[0].leading_lines
    new[0] = new[0].with_changes(leading_lines=leading)
    module = module.with_changes(body=[*module.body[:start], *new, *module.body[end:]])
    # an import the port added below a comment that ended the sorted block
    return _place_new(module, original, own, placed=len(new))


def _wrap_new(module: cst.Module, original: cst.Module) -> cst.Module:
    """Each top-level `from x import a, b` line the port added (no line of `original`'s)
    and made too long, one name a line. Only a one-import line is written out to be
    measured, and the original's simple lines only once there is one too long (writing
    out every statement of both, defs and all, cost two renders of the module)."""
    body = []
    old: set[str] | None = None
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
        if not (isinstance(small, cst.ImportFrom) and isinstance(stmt, cst.SimpleStatementLine)
                and len(stmt.body) == 1):
            body.append(stmt)
            continue
        text = _EMPTY.code_for_node(stmt.with_changes(leading_lines=[])).rstrip("\n")
        if len(text) > WIDTH and "#" not in text and "\n" not in text:
            if old is None:  # (a compound statement's code is never such a line's)
                old = {_EMPTY.code_for_node(s) for s in original.body
                       if isinstance(s, cst.SimpleStatementLine)}
            wrap = _EMPTY.code_for_node(stmt) not in old  # a line the port added
        else:
            wrap = False
        if wrap and not isinstance(small.names, cst.ImportStar):
            aliases: dict[str, cst.ImportAlias] = {}
            found = _lines([stmt], aliases)
            assert found is not None  # None only for a comment, and this line has none
            kind, module_name, names = found[0]
            wrapped = _from_import(module_name, [aliases[n] for n in sorted(
                names, key=_name_key)], wrap=True)
            stmt = cst.SimpleStatementLine([wrapped], leading_lines=stmt.leading_lines)
        body.append(stmt)
    return module.with_changes(body=body)


def _imported(stmt: cst.BaseStatement) -> tuple[str, str] | None:
    """(kind, module) of a one-import line: ("from", "flask"), ("import", "os")."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Import):
        return "import", _dotted(small.names[0].name)
    if isinstance(small, cst.ImportFrom):
        return "from", "." * len(small.relative) + _dotted(small.module)
    return None


def _place_new(module: cst.Module, original: cst.Module, own: set[str],
               placed: int = 0) -> cst.Module:
    """In a block the port did not re-sort, each import of a module the original did
    not import (`from flask import ...`, `from bottle_compat import ...`) moved where
    isort puts it: among its section's lines in order, else as a section of its own
    before the next section (a blank line around it where the original has them). The
    first `placed` lines are in place already."""
    body = list(module.body)
    start = 1 if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(
        body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, cst.BaseString) \
        else 0
    end = start
    while end < len(body) and _imported(body[end]) is not None:
        end += 1
    known = {_imported(stmt) for stmt in original.body} - {None}
    block = body[start:end]
    added = [stmt for stmt in block[placed:] if _imported(stmt) not in known
             and not any(line.comment for line in stmt.leading_lines)]
    if not added:
        return module
    rest = [stmt for stmt in block if stmt not in added]
    leading = block[0].leading_lines  # the block's own, kept where it starts
    # sections apart, unless the original wrote several imports and no blank line
    imports = [stmt for stmt in original.body if _imported(stmt) is not None]
    spaced = len(imports) < 2 or any(not line.comment for stmt in imports[1:]
                                     for line in stmt.leading_lines)
    blank = [cst.EmptyLine()] if spaced else []

    def key(stmt: cst.BaseStatement) -> tuple[int, bool, str, str]:
        kind, name = _imported(stmt) or ("", "")
        return _section(name, own), kind != "import", name.lower(), name

    rest = [rest[0].with_changes(leading_lines=[]), *rest[1:]] if rest else []
    for stmt in sorted(added, key=key):
        stmt = stmt.with_changes(leading_lines=[])
        section = key(stmt)[0]
        pos = next((i for i, other in enumerate(rest) if key(other) > key(stmt)), len(rest))
        after_same = pos > 0 and key(rest[pos - 1])[0] == section
        before_same = pos < len(rest) and key(rest[pos])[0] == section
        if not after_same and pos > 0:  # the first of its section here
            stmt = stmt.with_changes(leading_lines=blank)
        if pos < len(rest) and not before_same:  # the next section starts after it
            nxt = rest[pos]
            if not any(not line.comment for line in nxt.leading_lines[:1]):
                rest[pos] = nxt.with_changes(leading_lines=[*blank, *nxt.leading_lines])
        elif before_same and pos < len(rest):  # it now opens the section's lines
            stmt = stmt.with_changes(leading_lines=rest[pos].leading_lines)
            rest[pos] = rest[pos].with_changes(leading_lines=[])
        rest.insert(pos, stmt)
    rest[0] = rest[0].with_changes(leading_lines=leading)
    return module.with_changes(body=[*body[:start], *rest, *body[end:]])
