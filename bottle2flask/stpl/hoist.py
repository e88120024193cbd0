"""Python a template holds that Jinja2 cannot say, kept as Python: one function a site.

SimpleTemplate takes any Python expression and statement; Jinja2 takes a subset. Where
the translator says no (a comprehension, a lambda, `zip()`, `d['k'] = v`), the
expression or statement becomes a function of a Python module beside the templates,
written from the template's own code, taking the names it reads as parameters:

    {{', '.join(t.upper() for t in tags)}}
        ->  {{ page_line4(tags) }}            (template)
        ->  def page_line4(tags):             (template_helpers.py)
                return ', '.join(t.upper() for t in tags)

The app registers each function as a template global (`app.add_template_global`), so
the page renders what Bottle rendered; a TODO comment beside the call says the code is
not idiomatic Jinja2 yet. A statement that binds names returns them, and the template
sets them (`{% set a, b = page_line7(xs) %}`). A block Jinja2 has no tag for (`while`,
`try`, `with`, a `for` with `break`) is kept whole (`block_code`): its function prints
what Bottle printed for it and returns that with the names it binds. A builtin's name
read as a value (`c.post == id`) is given too: the view's value where it passes one, as
Bottle's code found it first, else the builtin (`_or_builtin`).

What cannot be kept this way stays the converter's TODO, a call that fails: a name
Jinja2 reads otherwise (`loop`, `self`, `none`), Bottle's own template functions (`get`,
`include`, `_escape`), a template function (`% def`) in a block, Python that reads its
own frame (`locals()`) or means another thing in a function (`return`, `yield`).
"""

from __future__ import annotations

import ast
import builtins
import inspect
import re
import symtable
import textwrap
from dataclasses import dataclass

from . import helpers_runtime

# The module the port writes beside the app (a free name is chosen if the app has one).
MODULE = "template_helpers"
# Builtins that read the frame they are called in: a helper's frame is not the template's.
FRAME_READERS = frozenset({"locals", "globals", "vars", "dir", "eval", "exec", "super",
                           "breakpoint"})
BUILTIN_NAMES = frozenset(dir(builtins))
# Statements a helper can run for the template (the rest change the template's own flow).
STATEMENTS = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Delete, ast.Assert,
              ast.Raise)
WIDTH = 99  # ruff's E501 at the project's line length, less one
FUNCTION_ONLY = (ast.Return, ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal)


@dataclass(frozen=True)
class Helper:
    """One function of the helpers module: a template's expression or statement."""

    name: str
    params: tuple[str, ...]
    code: str  # the expression, or the statement, as Python writes it
    returns: tuple[str, ...] = ()  # a statement: the names it binds, returned
    statement: bool = False
    where: str = ""  # "page.tpl, line 4", for the docstring
    what: str = ""  # why it is here: "a list comprehension"
    block: bool = False  # a block of the template (text and code): returns what it prints
    fallbacks: tuple[str, ...] = ()  # parameters named as builtins (params_of)

    def source(self) -> str:
        """The function, as the helpers module holds it."""
        signature = f"def {self.name}({', '.join(self.params)}):"
        doc = _docstring(f"{self.where}: {self.what.split(' (')[0]}.")
        if self.block:
            printed = 'Markup("".join(_out))'
            body = ["_out = []", *self.code.splitlines(),
                    f"return {', '.join([printed, *self.returns])}"]
        elif not self.statement:
            body = [f"return {self.code}"]
        else:
            body = self.code.splitlines()
            if self.returns:
                body.append(f"return {', '.join(self.returns)}")
        lines = [signature, textwrap.indent(doc, "    ")]
        lines += [f'    {name} = _or_builtin({name}, "{name}")' for name in self.fallbacks]
        lines += [_fit("    " + line) for line in body]
        return "\n".join(lines) + "\n"


def module_source(helpers: list[Helper], what: str = "bottle2flask") -> str:
    """The helpers module: the functions, and `init_app` that gives them to the templates."""
    head = ('"""Python the converted templates call: each function holds a SimpleTemplate\n'
            "expression or statement Jinja2 cannot say, as Bottle ran it (written by "
            f"{what};\nrewrite each as Jinja2, or as a value the view passes, to drop it)."
            '\n"""\n')
    parts = [head]
    imports = []
    if any(helper.fallbacks for helper in helpers):
        imports += ["import builtins\n\n", "from jinja2 import Undefined\n"]
    if any(helper.block for helper in helpers):
        imports.append("from markupsafe import Markup, escape\n")
    if imports:
        parts.append("\n" + "".join(imports))
    # the functions the helpers call, copied from a real module (helpers_runtime.py)
    if any(helper.fallbacks for helper in helpers):
        parts.append("\n\n" + inspect.getsource(helpers_runtime._or_builtin))
    if any(helper.block for helper in helpers):
        parts.append("\n\n" + inspect.getsource(helpers_runtime._text) + "\n\n"
                     + inspect.getsource(helpers_runtime._escaped))
    for helper in helpers:
        parts.append("\n\n" + helper.source())
    names = [h.name for h in helpers]
    listed = "".join(f"        {name},\n" for name in names)
    parts.append("\n\ndef init_app(app):\n"
                 '    """Register the functions above as template globals of a Flask app."""\n'
                 f"    for helper in (\n{listed}    ):\n"
                 "        app.add_template_global(helper)\n")
    return "".join(parts)


class Unhoistable(Exception):
    """The code reads something a helper's parameters cannot carry."""


def names_of(code: str, statement: bool) -> tuple[list[str], list[str]]:
    """(the names the code reads from outside, the names it binds), as Python's own
    symbol table sees them in a function holding it (comprehensions and lambdas bind
    their own)."""
    # what means another thing in a function than in Bottle's module-level code
    if any(isinstance(node, FUNCTION_ONLY) for node in ast.walk(ast.parse(code))):
        raise Unhoistable("return, yield, await, global or nonlocal")
    body = code if statement else f"return ({code})"
    table = symtable.symtable("def _helper():\n" + textwrap.indent(body, " "), "<template>",
                              "exec")
    function = table.get_children()[0]
    reads: set[str] = set()
    binds: set[str] = set()

    def visit(scope: symtable.SymbolTable, top: bool) -> None:
        for symbol in scope.get_symbols():
            name = symbol.get_name()
            if symbol.is_referenced() and symbol.is_global():
                reads.add(name)
            if top and symbol.is_local():
                # a name the statement binds and reads (`n += 1`) is given to it too
                if symbol.is_referenced():
                    reads.add(name)
                if symbol.is_assigned():
                    binds.add(name)
        for child in scope.get_children():
            visit(child, False)

    visit(function, True)
    if statement:  # `n += 1` reads n, though the symbol table does not say so
        reads |= {node.target.id for node in ast.walk(ast.parse(code))
                  if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name)}
    order = _in_order(code)
    return sorted(reads, key=order), sorted(binds, key=order)


def _in_order(code: str):
    """A sort key: where a name first appears in the code."""
    seen: dict[str, int] = {}
    for match in re.finditer(r"[A-Za-z_]\w*", code):
        seen.setdefault(match.group(0), match.start())
    return lambda name: (seen.get(name, len(code)), name)


def params_of(reads: list[str], local: set[str], code: str) -> tuple[list[str], list[str]]:
    """The parameters, and those of them named as Python's builtins (`id`, `type`).

    A builtin the code only calls (`len(xs)`) is the helper's own builtin, as Bottle's
    code found it; one it reads otherwise (`c.post == id`) may be the view's value: it is
    given, and where the template has no such value the helper takes the builtin."""
    frame = FRAME_READERS & (set(reads) - local)
    if frame:
        raise Unhoistable(f"`{sorted(frame)[0]}()` reads the template's own frame")
    called = _only_called(code)
    found = [n for n in reads if n not in BUILTIN_NAMES or n in local or n not in called]
    return found, [n for n in found if n in BUILTIN_NAMES and n not in local]


def _only_called(code: str) -> set[str]:
    """The names the code reads only as the function of a call."""
    tree = ast.parse(code)
    callees = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    called: set[str] = set()
    other: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            (called if id(node) in callees else other).add(node.id)
    return called - other


def helper_slug(template: str) -> str:
    """What a template's helpers are named after: `admin_users` for admin/users.tpl."""
    stem = re.sub(r"\.(tpl|html|thtml|stpl)$", "", template)
    slug = re.sub(r"\W+", "_", stem).strip("_").lower() or "template"
    return "t_" + slug if slug[0].isdigit() else slug


def helper_name(template: str, line: int, taken: set[str]) -> str:
    """`page_line4` for page.tpl's line 4 (`admin_users_line4` for admin/users.tpl);
    `_2`, `_3` ... for more on one line."""
    base = f"{helper_slug(template)}_line{line}"
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}_{n}"
    taken.add(name)
    return name


def _docstring(text: str) -> str:
    text = text.replace("\\", "/").replace('"""', "'''")
    one = f'"""{text}"""'
    if len(one) + 4 <= WIDTH:
        return one
    wrapped = textwrap.wrap(text, WIDTH - 7)
    return '"""' + "\n".join(wrapped) + '\n"""'


def _fit(line: str) -> str:
    """A line of the template's own code, as long as the template had it."""
    return line if len(line) <= WIDTH else line + "  # noqa: E501 (the template's line)"


def unparse(node: ast.AST) -> str:
    return ast.unparse(node)


def block_code(tokens: list, noescape: bool = False) -> str:
    """A block of template tokens (reader.py) as the Python that prints what Bottle
    printed for it into `_out`; Unhoistable for what only a template has."""
    from bottle2flask.stpl import reader

    lines: list[str] = []
    depth = 0
    printed: list[str] = []  # the text and values since the last code line

    def flush() -> None:
        # Bottle prints text and values between two code lines at once: a value that
        # raises prints none of them
        pad = "    " * depth
        if len(printed) == 1:
            lines.append(f"{pad}_out.append({printed[0]})")
        elif printed:
            lines.append(f"{pad}_out.extend((")
            lines.extend(f"{pad}    {part}," for part in printed)
            lines.append(f"{pad}))")
        printed.clear()

    for token in tokens:
        pad = "    " * depth
        if isinstance(token, reader.Text):
            printed.append(_quoted(token.text))
        elif isinstance(token, reader.Inline):
            if token.code == "base":
                raise Unhoistable("{{!base}}: the page's place in its layout")
            raw = token.raw != noescape  # Bottle swaps its _str and _escape
            printed.append(f"{'_text' if raw else '_escaped'}({token.code})")
        else:
            flush()
            code = token.code
            keyword = code.split(None, 1)[0].rstrip(":") if code else ""
            if keyword in ("elif", "else", "except", "finally"):
                lines.append("    " * (depth - 1) + code)
                if not _inline(HEADS[keyword] + code):
                    lines.append(f"{pad}pass")
            elif keyword in ("if", "for", "while", "with", "try"):
                lines.append(pad + code)
                depth += 1
                if not _inline(code):
                    lines.append("    " * depth + "pass")
            elif keyword in ("def", "class"):
                raise Unhoistable("a template function: its text prints where it is called")
            elif code:
                lines.append(pad + code)
            depth -= token.ends
            if depth < 0:
                raise Unhoistable("an `end` that closes a block around this one")
    flush()
    if depth:
        raise Unhoistable("a block the template's end closes")
    # a `pass` stays only where its block has no other statement (a comment line alone)
    kept = [line for n, line in enumerate(lines) if line.strip() != "pass"
            or n + 1 == len(lines) or _indent(lines[n + 1]) < _indent(line)]
    return "\n".join(kept)


# What a continuation line follows, for Python to parse it alone
HEADS = {"elif": "if 1:\n pass\n", "else": "if 1:\n pass\n", "except": "try:\n pass\n",
         "finally": "try:\n pass\n"}


def _inline(code: str) -> bool:
    """A block's opening line that carries its body (`for i in xs: t = i`)."""
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    return True


def _quoted(text: str) -> str:
    """A string literal in double quotes where that takes no more escapes (ruff format's)."""
    literal = repr(text)
    if literal.startswith("'") and '"' not in text:
        return '"' + literal[1:-1].replace("\\'", "'") + '"'
    return literal


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def block_names(code: str) -> tuple[list[str], list[str]]:
    """(the names a block reads, the names it binds) as for a statement; a name only an
    `except ... as e` binds is not kept (Python unbinds it after its handler)."""
    reads, binds = names_of(code, statement=True)
    handlers = {node.name for node in ast.walk(ast.parse(code))
                if isinstance(node, ast.ExceptHandler) and node.name}
    others = {target.id for node in ast.walk(ast.parse(code))
              if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
              for target in [node]}
    return reads, [name for name in binds if name not in handlers or name in others]
