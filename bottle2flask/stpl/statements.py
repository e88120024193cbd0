"""`%` lines and `<% %>` blocks to Jinja2 tags, with the block stack Bottle keeps.

Bottle closes every block with `end`; Jinja2 wants `endif`/`endfor`/..., so the
stack remembers what each `end` closes. Assignments inside a `for` loop are checked
at the end: in Jinja2 they do not outlive one iteration, in Python they do.
"""

from __future__ import annotations

import ast
import builtins
import re
import textwrap
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bottle2flask.stpl.errors import Failed, Unsupported
from bottle2flask.stpl.expressions import ATOM, MUL, OR, Translator, flask_request_reads
from bottle2flask.stpl.hoist import (
    MODULE,
    STATEMENTS,
    Helper,
    Unhoistable,
    block_code,
    block_names,
    helper_name,
    names_of,
    params_of,
)

if TYPE_CHECKING:
    from bottle2flask.stpl.convert import Context

OPENERS = ("if", "for", "while", "with", "try", "def", "class")
CONTINUATIONS = ("elif", "else", "except", "finally")
# Bottle 0.10 and earlier: `%include header title='x'`, `%rebase layout`, bare `%include`.
# The statements a `%` line opens a block with, as Python parses them.
COMPOUND = (ast.If, ast.For, ast.While, ast.With, ast.Try, ast.FunctionDef, ast.ClassDef)
OLD_SYNTAX = re.compile(r"(include|rebase)(?:\s+([^\s(,=]+)(.*))?$")


def jinja_name(name: str) -> str:
    """A Bottle template name to the Jinja2 one: 'layout' and 'layout.tpl' -> 'layout.html'."""
    for ext in (".tpl", ".html", ".thtml", ".stpl"):
        if name.endswith(ext):
            name = name[: -len(ext)]
            break
    return name + ".html"


@dataclass
class Frame:
    kind: str  # if, for, for-else, after-for, todo
    line: int
    loop: int | None = None  # for a `for`: its loop id
    branch: int = 0  # for an `if`: which of its elif/else branches we are in
    serial: int = 0  # tells one `if` from another
    filled: bool = False  # its current branch has a statement (Python needs one)
    inline: bool = False  # that statement is on the opening line (`if x: y = 1`)
    breaks: bool = False  # for a `for`: a `break` in its body (nearest loop: this one)
    # for an `if`: each branch's test so far (Jinja2's text, the names it reads; None for
    # `else`), or None once a test has no Jinja2 form: a rebase() in it is conditional
    tests: list | None = None
    piece: int = -1  # for an `if`: the piece of `out` its opening tag is written in
    rebased: bool = False  # for an `if`: a rebase() in it (the header's `if` now)


@dataclass
class LoopStore:
    piece: int  # index into out
    name: str
    loop: int
    line: int
    code: str
    target: bool  # the loop's own target, not an assignment in its body
    branches: tuple = ()


@dataclass
class Load:
    name: str
    piece: int
    loops: tuple[int, ...]
    branches: tuple = ()  # ((if serial, branch), ...) around the read


@dataclass
class Statements:
    context: Context
    translate: Translator
    block: str = "content"
    blocks: dict = field(default_factory=dict)
    out: list = field(default_factory=list)
    stack: list = field(default_factory=list)
    extends: str | None = None
    includes: list = field(default_factory=list)
    has_base: bool = False
    stores: list = field(default_factory=list)
    loads: list = field(default_factory=list)
    loop_ends: dict = field(default_factory=dict)  # loop id -> piece index of its end
    base_count: int = 0
    macros: set = field(default_factory=set)
    macro_frames: list = field(default_factory=list)
    loop_targets: dict = field(default_factory=dict)  # loop id -> names its `for` binds
    all_stores: list = field(default_factory=list)  # (name, piece, branches, loops)
    store_count: dict = field(default_factory=dict)
    top_sets: list = field(default_factory=list)  # (piece, names, reads, tag) at depth 0
    rebase_args: list = field(default_factory=list)  # (name, text, names it reads)
    rebase_piece: int = 0
    rebase_line: int = 0
    rebase_loads: range = range(0)
    # a rebase() in `if` branches: (the branches' Jinja2 test, the names it reads, its line)
    rebase_when: tuple | None = None
    stored_before_rebase: set = field(default_factory=set)
    loop_count: int = 0
    imports: list = field(default_factory=list)  # (name, module, attribute or None): T019
    stray_end: int | None = None  # the line of an `end` that closed nothing
    layout_reads: frozenset = frozenset()  # names the layout reads from the page (tree.py)
    # ... and what its includes and its own layouts read; None: not known (tree.py)
    layout_sees: frozenset | None = None
    block_sets: list = field(default_factory=list)  # the page's own values, in its block
    given_anew: list = field(default_factory=list)  # rebase() keywords the page reads too
    sure_loads: list = field(default_factory=list)  # (name, piece) read on every render
    carried: set = field(default_factory=set)  # values a loop carries on (T032): namespace
    by_string: set = field(default_factory=set)  # names read as get('x')/defined('x')
    helpers: list = field(default_factory=list)  # Helper: Python kept for Jinja2 (hoist.py)
    helper_names: set = field(default_factory=set)
    hoisted: list = field(default_factory=list)  # TODO comments for the line being written
    source: str = ""  # the code being read: the Python the nodes' offsets point into
    include_reads: dict | None = None  # Jinja2 name -> the names it reads (tree.py)
    spread_includes: list = field(default_factory=list)  # included with `**values`
    rebase_spreads: list = field(default_factory=list)  # (values, names): rebase(**values)
    loop_lines: dict = field(default_factory=dict)  # loop id -> the line of its `for`
    unkept_loops: set = field(default_factory=set)  # `for` lines of loops with a TODO
    hoist_at: frozenset = frozenset()  # `for` lines whose loops a helper keeps whole
    helper_prefix: str = ""  # before the template's name in its helpers' names
    # the app may render this template itself and hand it `base` (T009's block body)
    base_given: bool = True
    # the tree's folder as Bottle's './' finds it ("views") and its templates' Jinja2
    # names: `rebase('views/layout.tpl')` names views/layout.tpl from './'
    folder: tuple[str, frozenset[str]] = ("", frozenset())
    computed_includes: bool = False  # an include() of a name known only when it renders

    # --- bookkeeping -------------------------------------------------------------
    def if_frame(self, line: int) -> Frame:
        self.loop_count += 1
        return Frame("if", line, serial=self.loop_count)

    def branches(self) -> tuple:
        # A macro's body is a scope of its own: as a branch no read outside it shares.
        return tuple((f.serial, f.branch) for f in self.stack if f.kind in ("if", "macro"))

    def loops(self) -> tuple[int, ...]:
        return tuple(f.loop for f in self.stack if f.loop is not None)

    def in_macro(self) -> None:
        self.translate.in_macro = any(frame.kind == "macro" for frame in self.stack)

    def expression(self, node: ast.AST, line: int, level: int = 0) -> str:
        self.in_macro()
        try:
            text, own = self.translate.expr(node)
        except Unsupported as why:
            self.translate.used.clear()
            return self.hoist_expression(node, line, why)
        self.context.rules.update(self.translate.used)
        self.translate.used.clear()
        if not self.stack:
            self.sure_loads += [(name, len(self.out)) for name in _sure_names(node)]
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name):
                self.loads.append(Load(sub.id, len(self.out), self.loops(), self.branches()))
            elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) \
                    and sub.func.id in ("get", "defined") and sub.args \
                    and isinstance(sub.args[0], ast.Constant):
                self.loads.append(Load(str(sub.args[0].value), len(self.out), self.loops(),
                                       self.branches()))
                self.by_string.add(str(sub.args[0].value))
        return f"({text})" if own < level else text

    # --- Python Jinja2 cannot say, kept in a helper function (hoist.py) --------------
    def hoist_expression(self, node: ast.AST, line: int, why: Unsupported) -> str:
        """A call of a new helper that returns the expression's value; `why` again
        when the expression cannot be kept so."""
        code = self.flask_reads(self.written(node), statement=False)
        try:
            reads, binds = names_of(code, statement=False)
            if binds:  # `(n := len(xs))` sets n for the rest of the template
                raise Unhoistable("an expression that binds a name")
            params, args, fallbacks = self.helper_params(reads, code)
        except Unsupported as deeper:  # a name it reads that Jinja2 cannot pass it
            raise (why if why.rule == "T026" else deeper) from None
        except (Unhoistable, SyntaxError):
            raise why from None
        name = self.add_helper(why, line, Helper("", tuple(params), code,
                                                 fallbacks=tuple(fallbacks)))
        sure = set(_sure_names(node))
        self.note_loads([p for p in params if p in sure], params)
        return f"{name}({', '.join(args)})"

    def hoist_statement(self, node: ast.stmt, line: int, why: Unsupported) -> str:
        """`{% set a, b = helper(...) %}` for a statement a helper runs; Unhoistable
        when it cannot."""
        if not isinstance(node, STATEMENTS) or isinstance(node, ast.Delete) and any(
                isinstance(t, ast.Name) for t in node.targets):
            raise Unhoistable("a statement that changes the template's own names")
        code = self.flask_reads(self.written(node), statement=True)
        reads, binds = names_of(code, statement=True)
        params, args, fallbacks = self.helper_params(reads, code)
        targets = [self.translate(ast.Name(b, ast.Store())) for b in binds]
        name = self.add_helper(why, line, Helper("", tuple(params), code, tuple(binds), True,
                                                 fallbacks=tuple(fallbacks)))
        self.note_loads([], params)
        call = f"{name}({', '.join(args)})"
        for bound in binds:
            self.store(bound, line, code)
        if not binds:
            return f"{{% set _ = {call} %}}"
        if len(binds) == 1 or not any("." in t for t in targets):
            tag = f"{{% set {', '.join(targets)} = {call} %}}"
        else:  # a namespace's attributes are set one by one
            tag = f"{{% set _ = {call} %}}" + "".join(
                f"{{% set {t} = _[{n}] %}}" for n, t in enumerate(targets))
        if not self.stack:
            self.top_sets.append((len(self.out), set(binds), set(params), tag))
        return tag

    def flask_reads(self, code: str, statement: bool) -> str:
        """A helper's code with Bottle's request the template imports read by Flask's
        names (the helper is handed Flask's request, as the template is)."""
        requests = self.translate.requests - self.translate.local
        return flask_request_reads(code, requests, statement) if requests else code

    def written(self, node: ast.AST) -> str:
        """The node's code as the template wrote it (its spacing, its quotes), else as
        Python writes it back."""
        segment = ast.get_source_segment(self.source, node) if self.source else None
        if segment is not None and "\n" not in segment:
            mode = "eval" if isinstance(node, ast.expr) else "exec"
            body: ast.AST | None = None
            try:
                again = ast.parse(segment.strip(), mode=mode)
            except SyntaxError:
                again = None
            if isinstance(again, ast.Expression):
                body = again.body
            elif isinstance(again, ast.Module) and len(again.body) == 1:
                body = again.body[0]
            if body is not None and ast.dump(body) == ast.dump(node):
                return segment.strip()
        return ast.unparse(node)

    def hoist_block(self, tokens: list, noescape: bool = False) -> bool:
        """A `while`, `try` or `with` block (its tokens, to its `end`) as a call of a
        helper that prints what Bottle printed for it and returns the names it binds;
        False when it cannot be kept so (the caller converts it token by token)."""
        first = tokens[0]
        keyword = first.code.split(None, 1)[0].rstrip(":")
        try:
            code = block_code(tokens, noescape)
            compile("def _helper():\n" + textwrap.indent(code, " "), "<template>", "exec")
            reads, binds = block_names(code)
            reads = [name for name in reads if name not in BLOCK_NAMES]
            if any(name in self.macros for name in reads + binds):
                raise Unhoistable("a template function: its text prints where it is called")
            params, args, fallbacks = self.helper_params(
                reads + [b for b in binds if b not in reads], code)
            targets = [self.translate(ast.Name(b, ast.Store())) for b in binds]
        except (Unhoistable, Unsupported, SyntaxError):
            return False
        self.fill(first.line)
        why = Unsupported("T030", BLOCKS[keyword])
        last = tokens[-1].line
        name = self.add_helper(why, first.line, Helper(
            "", tuple(params), code, tuple(binds), block=True, fallbacks=tuple(fallbacks)),
            f"% {first.code}")
        where = f"{self.context.name}, lines {first.line}-{last}"
        self.helpers[-1] = replace(self.helpers[-1], where=where)
        self.note_loads([], params)
        call = f"{name}({', '.join(args)})"
        for bound in binds:
            self.store(bound, first.line, first.code)
        self.context.rules.add("T004")
        if not binds:
            text = f"{{{{ {call} }}}}{{# #}}"
        elif not any("." in t for t in targets):
            text = f"{{% set {name}_out, {', '.join(targets)} = {call} %}}" \
                f"{{{{ {name}_out }}}}{{# #}}"
        else:  # a namespace's attributes are set one by one
            text = f"{{% set {name}_out = {call} %}}" + "".join(
                f"{{% set {t} = {name}_out[{n + 1}] %}}" for n, t in enumerate(targets)) \
                + f"{{{{ {name}_out[0] }}}}{{# #}}"
        text = self.take_hoisted() + text
        self.out.append((first.indent if self.at_line_start() else "") + text + "\n")
        return True

    def at_line_start(self) -> bool:
        """Whether what is written next starts a line of the output."""
        return not self.out or self.out[-1].endswith("\n")

    def helper_params(self, reads: list[str], code: str
                      ) -> tuple[list[str], list[str], list[str]]:
        """The helper's parameters, the Jinja2 arguments that give them, and those named
        as Python's builtins (hoist.params_of)."""
        self.in_macro()
        params, fallbacks = params_of(reads, self.translate.local | self.macros, code)
        return params, [self.translate(ast.Name(p, ast.Load())) for p in params], fallbacks

    def add_helper(self, why: Unsupported, line: int, helper: Helper,
                   shown: str | None = None) -> str:
        name = helper_name(self.helper_prefix + self.context.name, line, self.helper_names)
        self.helpers.append(replace(helper, name=name, what=why.message,
                                    where=f"{self.context.name}, line {line}"))
        self.context.todo(why.rule, line, f"{why.message}, kept as Python in "
                          f"{MODULE}.{name}: {shown or helper.code}")
        self.context.rules.add(why.rule)
        self.hoisted.append(f"TODO(flask-port/{why.rule}): {_comment(why.message)}, "
                            f"kept as Python: {MODULE}.{name}")
        return name

    def note_loads(self, sure: list[str], names: list[str]) -> None:
        if not self.stack:
            self.sure_loads += [(name, len(self.out)) for name in sure]
        for name in names:
            self.loads.append(Load(name, len(self.out), self.loops(), self.branches()))

    def take_hoisted(self, opener: str = "{#") -> str:
        """The TODO comments of the helpers made for the line being written."""
        text = "".join(f"{opener} {note} #}}" for note in self.hoisted)
        self.hoisted = []
        return text

    def todo(self, rule: str, line: int, why: str, code: str, placeholder: str) -> str:
        self.in_loop()
        self.context.todo(rule, line, f"{why}: % {code}")
        self.context.rules.add(rule)
        call = f"flask_port_todo({rule!r})"
        return f"{{# TODO(flask-port/{rule}): {_comment(why)}: % {_comment(code)} #}}" + \
            placeholder.format(call=call)

    def in_loop(self, loop: int | None = None) -> None:
        """A TODO in a `for` loop (`break`, a loop variable read after it): a helper may
        keep the whole loop (convert_source tries it: `unkept_loops`, its lines)."""
        if loop is None:
            loop = next((f.loop for f in reversed(self.stack) if f.loop is not None), None)
        if loop is not None and loop in self.loop_lines:
            self.unkept_loops.add(self.loop_lines[loop])

    def store(self, name: str, line: int, code: str, target: bool = False) -> None:
        self.translate.local.add(name)
        self.store_count[name] = self.store_count.get(name, 0) + 1
        loops = self.loops()
        if target:
            self.loop_targets.setdefault(loops[-1], set()).add(name)
        self.all_stores.append((name, len(self.out), self.branches(), loops))
        if loops:
            self.stores.append(LoopStore(len(self.out), name, loops[-1], line, code, target,
                                          self.branches()))

    # --- one code line ---------------------------------------------------------
    def fill(self, line: int) -> None:
        """Text or a statement in the open block: Bottle's generated code has a body."""

        if self.stack:
            if self.stack[-1].inline:  # Python: `if x: y = 1` takes no indented body
                raise Failed(line, "a block whose body is on its opening line has more body "
                                   "(Bottle's generated code does not compile)")
            self.stack[-1].filled = True

    def code(self, token) -> None:

        pieces = []
        if token.code:
            self.context.rules.add("T003")
            if token.code.split(None, 1)[0].rstrip(":") not in CONTINUATIONS:
                self.fill(token.line)
            try:
                pieces.append(self.line_of_code(token.code, token.line))
            except SyntaxError as error:
                raise Failed(token.line, f"`{token.code}` is not Python ({error.msg})") \
                    from None
        if token.comment:
            self.context.rules.add("T005")
            text = token.comment[1:]
            pieces.append(f"{{#{_comment(text)} #}}" if not text.endswith(" ")
                          else f"{{#{_comment(text)}#}}")
        for _ in range(token.ends):
            if not self.stack:
                # Bottle indents what follows one level less: harmless unless a block
                # opens later, which its generated code cannot indent (see opener).
                self.stray_end = self.stray_end or token.line
                continue
            if not self.stack[-1].filled:
                raise Failed(token.line, "`end` closes a block with nothing in it (Bottle's "
                                         "generated code does not compile)")
            pieces.append(self.close(token.line))
        text = self.take_hoisted() + "".join(pieces)
        if text.endswith("}}"):
            # A printed value ends the line: a comment after it takes the newline away,
            # as Bottle's code line does (trim_blocks only trims after {% %} and {# #}).
            text += "{# #}"
        if text.startswith(("{%", "{#")) and self.at_line_start():
            # Kept for the reader: lstrip_blocks strips it before a tag, as Bottle does
            # (not after text a `\\` joined to this line: there it would print)
            text = token.indent + text
        if text:  # a line that becomes nothing (pass, rebase) leaves no blank line
            self.out.append(text + "\n")

    def close(self, line: int) -> str:
        frame = self.stack.pop()
        self.context.rules.add("T004")
        if frame.kind == "for":
            self.loop_ends[frame.loop] = len(self.out)
            return "{% endfor %}"
        if frame.kind == "for-else":
            self.loop_ends[frame.loop] = len(self.out)
        if frame.kind == "after-for":
            return ""  # the loop ended at its `else`
        if frame.kind == "macro":
            return "{% endmacro %}"
        if frame.rebased and frame.tests is not None and len(frame.tests) == 1 \
                and not any(self.out[frame.piece + 1:]) \
                and self.out[frame.piece].strip() == f"{{% if {frame.tests[0][0]} %}}":
            # `% if standalone: rebase(...)` and nothing else: the header's {% if %} says
            # it all, and an empty one would stay in the page
            self.out[frame.piece] = ""
            return ""
        return "{% endif %}"

    def line_of_code(self, code: str, line: int) -> str:
        self.source = code
        keyword = code.split(None, 1)[0].rstrip(":")
        if keyword in CONTINUATIONS:
            return self.continuation(keyword, code, line)
        if keyword in OPENERS:
            return self.opener(keyword, code, line)
        old = OLD_SYNTAX.match(code)
        if old:
            return self.old_syntax(old, code, line)
        module = ast.parse(code)
        return "".join(self.statement(s, code, line) for s in module.body)

    def old_syntax(self, match, code: str, line: int) -> str:
        """Bottle 0.10's `%include name a=1`, `%rebase name a=1` and a bare `%include`."""
        self.context.rules.add("T016")
        keyword, name, args = match.group(1), match.group(2), (match.group(3) or "").strip()
        if name is None:
            if keyword == "include":  # in a layout: where the page goes
                return self.base_slot(line, inline=False)
            raise SyntaxError("rebase without a template name")
        call = ast.parse(f"{keyword}({name!r}{', ' + args if args else ''})").body[0]
        return self.statement(call, code, line)

    def opener(self, keyword: str, code: str, line: int) -> str:

        if self.stray_end is not None:
            raise Failed(self.stray_end, "`end` without an open block, and a block opens "
                                         f"after it (line {line}): Bottle cannot indent it")
        inline_body: list[ast.stmt]
        try:
            node = ast.parse(code).body[0]
            inline_body = node.body if isinstance(node, COMPOUND) else []
        except SyntaxError:
            # "if x:" alone is not a statement Python parses: give it a body (and `try` a
            # handler); a line that still does not parse is reported as written.
            try:
                node = ast.parse(code + "\n pass").body[0]
            except SyntaxError:
                if keyword != "try":
                    raise
                node = ast.parse(code + "\n pass\nfinally:\n pass").body[0]
            inline_body = []
        # The body on the opening line, read once its frame is on the stack (loops, branches).
        def rest() -> str:
            self.stack[-1].filled = self.stack[-1].inline = bool(inline_body)
            return "".join(self.statement(s, code, line) for s in inline_body)
        self.context.rules.add("T004")
        if isinstance(node, ast.If):
            try:
                test = self.expression(node.test, line)
            except Unsupported as why:
                self.stack.append(self.if_frame(line))
                return self.todo(why.rule, line, why.message, code,
                                 "{{% if {call} %}}") + rest()
            self.stack.append(self.if_frame(line))
            self.stack[-1].tests = [(test, _test_names(node.test))]
            self.stack[-1].piece = len(self.out)
            return f"{{% if {test} %}}" + rest()
        if isinstance(node, ast.FunctionDef) and not self.stack:
            try:
                signature = self.signature(node.args, line)
            except Unsupported as why:
                self.stack.append(Frame("todo", line))
                return self.todo(why.rule, line, why.message, code, "{{% if {call} %}}") + rest()
            self.loop_count += 1
            self.stack.append(Frame("macro", line, serial=self.loop_count))
            self.macro_frames.append(self.stack[-1])
            self.macros.add(node.name)
            self.translate.local.add(node.name)
            self.context.rules.add("T017")
            return f"{{% macro {node.name}({signature}) %}}" + rest()
        if isinstance(node, ast.For) and not isinstance(node, ast.AsyncFor):
            self.loop_count += 1
            loop = self.loop_count
            self.loop_lines[loop] = line
            try:
                target, source, counter = self.loop(node, line)
            except Unsupported as why:
                self.stack.append(Frame("for", line, loop))
                return self.todo(why.rule, line, why.message, code,
                                 "{{% for _ in {call} %}}") + rest()
            self.stack.append(Frame("for", line, loop))
            for name in _names(node.target):
                self.store(name, line, code, target=True)
            return f"{{% for {target} in {source} %}}{counter}" + rest()
        reason = BLOCKS[keyword]
        self.stack.append(Frame("todo", line))
        return self.todo("T030", line, reason, code, "{{% if {call} %}}") + rest()

    def continuation(self, keyword: str, code: str, line: int) -> str:

        if not self.stack:
            raise Failed(line, f"`{keyword}` without an open block")
        frame = self.stack[-1]
        if not frame.filled:
            raise Failed(line, f"`{keyword}` follows a block with nothing in it (Bottle's "
                               "generated code does not compile)")
        body = _branch_body(keyword, code)
        frame.filled = frame.inline = bool(body)
        self.context.rules.add("T004")
        if frame.kind == "todo":
            return self.todo("T030", line, "part of a block with no Jinja2 equivalent",
                             code, "{{% elif {call} %}}")
        if frame.kind == "for" and keyword == "else" and not frame.breaks:
            # Python runs a for loop's else unless it breaks, and this one cannot: its else
            # always runs, after the loop (Jinja2's for-else runs only for an empty list).
            self.stack[-1] = Frame("after-for", line, filled=bool(body), inline=bool(body))
            self.loop_ends[frame.loop] = len(self.out)
            self.context.remark("T004", line, "`for ... else` with no `break`: its `else` "
                                "ran after every loop, empty or not, and still does; for "
                                "an empty list only, make it the loop's own {% else %}")
            return "{% endfor %}" + "".join(self.statement(s, code, line) for s in body)
        if frame.kind == "for" and keyword == "else":
            # Python runs a for loop's else unless it breaks; Jinja2 only if it is empty.
            self.stack[-1] = Frame("for-else", line, frame.loop, filled=bool(body),
                                   inline=bool(body))
            self.loop_ends[frame.loop] = len(self.out)
            return "{% endfor %}" + self.todo(
                "T033", line, "`for ... else` runs when the loop did not `break` in Python "
                "but only when it was empty in Jinja2", code, "{{% if {call} %}}")
        if frame.kind != "if" or keyword not in ("elif", "else"):
            raise Failed(line, f"`{keyword}` cannot follow this block")
        frame.branch += 1
        # `else: y = 2` and `elif c: y = 3` may carry their body on the line, as `if` may.
        # The branch's test first: a rebase() on the `else:`/`elif c:` line itself is
        # conditional on it.
        if keyword == "else":
            if frame.tests is not None:
                frame.tests.append(None)
            return "{% else %}" + "".join(self.statement(s, code, line) for s in body)
        self.source = "if" + code[len("elif"):]
        node = ast.parse(self.source + ("" if body else "\n pass")).body[0]
        assert isinstance(node, ast.If)  # `if` and the rest of the `elif` line
        tag = ""
        try:
            test = self.expression(node.test, line)
        except Unsupported as why:
            frame.tests, test = None, None
            tag = self.todo(why.rule, line, why.message, code, "{{% elif {call} %}}")
        if frame.tests is not None:
            frame.tests.append((test, _test_names(node.test)))
        self.source = code  # the body's nodes point into the line as written
        rest = "".join(self.statement(s, code, line) for s in body)
        return (tag if test is None else f"{{% elif {test} %}}") + rest

    def signature(self, args: ast.arguments, line: int) -> str:
        if args.vararg or args.kwarg or args.posonlyargs or args.kwonlyargs:
            raise Unsupported("T030", "a function with *args, **kwargs or keyword-only "
                                      "parameters: a Jinja2 macro has none of them")
        names = [a.arg for a in args.args]
        defaults = [None] * (len(names) - len(args.defaults)) + list(args.defaults)
        return ", ".join(n if d is None else f"{n}={self.expression(d, line)}"
                         for n, d in zip(names, defaults, strict=True))

    def loop(self, node: ast.For, line: int) -> tuple[str, str, str]:
        """A for loop's target, iterable and, for enumerate(), the counter's {% set %}."""
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) \
                and it.func.id == "enumerate" and isinstance(node.target, ast.Tuple) \
                and len(node.target.elts) == 2 and isinstance(node.target.elts[0], ast.Name) \
                and not it.keywords and 1 <= len(it.args) <= 2 \
                and not isinstance(it.args[0], ast.Starred):
            # Jinja2 has no enumerate(); loop.index0 counts the same way.
            self.context.rules.add("T013")
            counter, item = node.target.elts
            start = "" if len(it.args) == 1 else f" + {self.expression(it.args[1], line, MUL)}"
            return (self.target(item), self.expression(it.args[0], line, OR),
                    f"{{% set {self.translate(counter)} = loop.index0{start} %}}")
        return self.target(node.target), self.expression(node.iter, line, OR), ""

    def target(self, node) -> str:
        self.in_macro()
        if isinstance(node, ast.Name):
            return self.translate(node)
        if isinstance(node, ast.Tuple) and node.elts:
            return ", ".join(self.translate(e) if isinstance(e, ast.Name)
                             else f"({self.target(e)})" for e in node.elts)
        raise Unsupported("T031", "only names and tuples of names can be assigned in Jinja2")

    # --- one statement ---------------------------------------------------------
    def statement(self, node: ast.stmt, code: str, line: int) -> str:
        try:
            return self._statement(node, code, line)
        except Unsupported as why:
            try:
                return self.hoist_statement(node, line, why)
            except (Unhoistable, Unsupported, SyntaxError):
                pass
            return self.todo(why.rule, line, why.message, code, "{{% set _ = {call} %}}")

    def _statement(self, node, code, line) -> str:
        if isinstance(node, ast.Pass):
            return ""
        if isinstance(node, ast.Assign):
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
                    and value.func.id == "include" and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "_":
                # `_ = include(...)`, Bottle's tests: `_` is not kept, so reading it is T026.
                text = self.call_include(value, code, line)
                self.translate.local.discard("_")
                self.translate.include_result = True
                return text
            if len(node.targets) != 1:
                raise Unsupported("T031", "a chained assignment (a = b = ...)")
            target = self.target(node.targets[0])
            text = self.expression(node.value, line)
            for name in _names(node.targets[0]):
                self.store(name, line, code)
            self.context.rules.add("T012")
            tag = f"{{% set {target} = {text} %}}"
            if not self.stack:
                self.top_sets.append((len(self.out), set(_names(node.targets[0])),
                                      set(_names(node.value)), tag))
            return tag
        if isinstance(node, ast.AugAssign):
            if not isinstance(node.target, ast.Name):
                raise Unsupported("T031", "assigning to an attribute or an item")
            value = ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value)
            text = self.expression(value, line)
            self.store(node.target.id, line, code)
            self.context.rules.add("T012")
            return f"{{% set {self.translate(node.target)} = {text} %}}"
        if isinstance(node, ast.AnnAssign):
            raise Unsupported("T031", "an annotated assignment")
        if isinstance(node, ast.Expr):
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
                special = getattr(self, "call_" + value.func.id, None)
                if special is not None:
                    return special(value, code, line)
                if value.func.id in self.macros:
                    # A template function writes its text where it is called: print it.
                    return f"{{{{ {self.expression(value, line)} }}}}"
            self.context.rules.add("T014")
            return f"{{% set _ = {self.expression(value, line)} %}}"
        if isinstance(node, ast.Import | ast.ImportFrom):
            return self.template_import(node, code, line)
        if isinstance(node, ast.Break):
            for frame in reversed(self.stack):  # the loop it leaves: its else may not run
                if frame.kind in ("for", "macro"):
                    frame.breaks = True
                    break
        kinds = {ast.Import: "an import", ast.ImportFrom: "an import",
                 ast.Delete: "`del`", ast.Global: "`global`", ast.Nonlocal: "`nonlocal`",
                 ast.Return: "`return`", ast.Break: "`break`", ast.Continue: "`continue`",
                 ast.Raise: "`raise`", ast.Assert: "`assert`"}
        what = kinds.get(type(node), type(node).__name__)
        raise Unsupported("T030", f"{what} has no Jinja2 equivalent")

    def template_import(self, node, code: str, line: int) -> str:
        """T019 `% import x` / `% from x import y`: the name becomes a Jinja global.

        Jinja2 cannot import Python modules, so the names are recorded
        (Conversion.imports) for the app to provide: `bottle2flask port` adds a context
        processor that imports them when a template renders, as Bottle did.
        """
        if isinstance(node, ast.ImportFrom) and (node.level or any(
                a.name == "*" for a in node.names)):
            raise Unsupported("T030", "a relative or star import has no Jinja2 equivalent")
        found = []
        for alias in node.names:
            if isinstance(node, ast.Import):
                local = alias.asname or alias.name.split(".")[0]
                found.append((local, alias.name, None))  # `import a.b` binds `a`
            else:
                found.append((alias.asname or alias.name, node.module, alias.name))
        for local, module, attr in found:
            # Flask's request, by its names; from Bottle, or a copy of it the app ships
            # (`% from lib.bottle import request`: a module named bottle in a package)
            if attr == "request" and module is not None \
                    and (module == "bottle" or module.endswith(".bottle")):
                self.translate.requests.add(local)
                module = "flask"
            self.imports.append((local, module, attr))
            self.translate.local.discard(local)
        names = ", ".join(f"`{local}`" for local, _, _ in found)
        self.context.todo("T019", line, f"the app must give the templates {names} as Jinja "
                          f"globals (bottle2flask port does): % {code}")
        self.context.rules.add("T019")
        return f"{{# flask-port/T019: {names} from the app's Jinja globals: % {_comment(code)} #}}"

    def keywords(self, call: ast.Call, line: int,
                 reads: frozenset[str] | None = None) -> list[tuple[str, str]]:
        """An include's `name=value` pairs; `**dict(a=1)` and `**{'a': 1}` give theirs,
        and `**values` one for each name the included template reads (`reads`; None
        when they are not known): `name=values['name'] if 'name' in values else name`."""
        pairs: list[tuple[str, str]] = []
        for kw in _spread(call.keywords):
            if kw.arg is None and _is_locals(kw.value):
                continue
            if kw.arg is None and reads is None:
                raise Unsupported("T034", "`**kwargs` passed to a template")
            if kw.arg is None:
                assert reads is not None  # refused above
                values = self.expression(kw.value, line, ATOM)
                given = {k for k, _ in pairs} | {k.arg for k in call.keywords if k.arg}
                pairs += [(name, _picked(values, name)) for name in sorted(reads - given)]
                continue
            pairs.append((kw.arg, self.expression(kw.value, line)))
        return pairs

    def template_name(self, call: ast.Call, what: str) -> str:
        if len(call.args) != 1 or not isinstance(call.args[0], ast.Constant) \
                or not isinstance(call.args[0].value, str):
            raise Unsupported("T034", f"`{what}()` of a template name that is not a literal")
        return self.in_tree(call.args[0].value)

    def in_tree(self, name: str) -> str:
        """A name given with the tree's own folder (`views/layout.tpl`, which Bottle
        finds from './' on its TEMPLATE_PATH) as the tree's loader finds it (`layout.tpl`);
        a name the tree holds as it is stays."""
        folder, known = self.folder
        if not folder or jinja_name(name) in known:
            return name
        for head in (f"{folder}/", f"./{folder}/"):
            if name.startswith(head) and jinja_name(name[len(head):]) in known:
                return name[len(head):]
        return name

    def call_include(self, call, code, line) -> str:
        if len(call.args) == 1 and not (isinstance(call.args[0], ast.Constant)
                                        and isinstance(call.args[0].value, str)) \
                and not isinstance(call.args[0], ast.Starred):
            return self.computed_include(call, line)
        name = self.template_name(call, "include")
        reads = self.include_reads.get(jinja_name(name)) \
            if self.include_reads is not None else None
        if any(k.arg is None and not _is_locals(k.value) for k in _spread(call.keywords)):
            self.spread_includes.append(name)
        pairs = self.keywords(call, line, reads)
        self.includes.append(name)
        self.context.rules.add("T007")
        tag = f'{{% include "{jinja_name(name)}" %}}'
        # name=name passes nothing an included template does not already see.
        names = ", ".join(f"{k}={v}" for k, v in pairs if k != v)
        if not names:
            return tag
        return f"{{% with {names} %}}{tag}{{% endwith %}}"

    def computed_include(self, call, line) -> str:
        """`include(header_name)`: a name the template knows only when it renders, as
        Bottle's (`x`, `x.tpl`, `x.html`...): Jinja2 includes the first of the converted
        names it may be (`x.html`), a list Jinja2's include takes as it is."""
        self.computed_includes = True
        given = self.expression(call.args[0], line, ATOM)
        candidates = ", ".join([f'{given} ~ ".html"', f'{given}[:-4] ~ ".html"', given,
                                f'{given}[:-5] ~ ".html"', f'{given}[:-6] ~ ".html"'])
        pairs = self.keywords(call, line, None)
        self.context.rules.add("T007")
        why = ("`include()` of a name computed when the template renders: Jinja2 includes "
               "the first converted template of the names it may be (x, x.tpl -> x.html); "
               "pass the Flask name and include it")
        self.context.todo("T034", line, why)
        tag = f"{{# TODO(flask-port/T034): {_comment(why)} #}}{{% include [{candidates}] %}}"
        names = ", ".join(f"{k}={v}" for k, v in pairs if k != v)
        if not names:
            return tag
        return f"{{% with {names} %}}{tag}{{% endwith %}}"

    def call_rebase(self, call, code, line) -> str:
        name = self.template_name(call, "rebase")
        if self.extends is not None:
            raise Unsupported("T034", "a second `rebase()`")
        if self.stack:
            self.rebase_when = (*self.branch_test(), code)
            for frame in self.stack:
                frame.rebased = True
        pairs = []
        first_load = len(self.loads)
        for kw in _spread(call.keywords):
            if kw.arg is None and _is_locals(kw.value):
                continue
            if kw.arg is None:  # **values: the layout's names it holds (layout_header)
                self.rebase_spreads.append((self.expression(kw.value, line, ATOM),
                                            set(_names(kw.value))))
                continue
            pairs.append((kw.arg, self.expression(kw.value, line), set(_names(kw.value))))
        self.rebase_loads = range(first_load, len(self.loads))  # the arguments' own reads
        self.extends, self.rebase_args, self.rebase_piece = name, pairs, len(self.out)
        self.rebase_line, self.stored_before_rebase = line, set(self.store_count)
        self.context.rules.add("T008")
        return ""

    def branch_test(self) -> tuple[str, set[str]]:
        """The test of the `if` branches a rebase() stands in (nested `if`s, `elif`s,
        `else`), and the names it reads: Jinja2 extends under it (`{% if standalone %}{%
        extends "layout.html" %}{% endif %}`, Jinja2's own conditional extends)."""
        parts: list[str] = []
        reads: set[str] = set()
        for frame in self.stack:
            if frame.kind != "if" or frame.tests is None:
                raise Unsupported("T034", "`rebase()` inside a loop, a function or a block "
                                          "Jinja2 cannot say: its extends can only be "
                                          "conditional on an `if`")
            *before, this = frame.tests
            parts += [f"not ({test})" for test, _ in before]
            if this is not None:
                parts.append(f"({this[0]})" if len(frame.tests) > 1 or len(self.stack) > 1
                             else this[0])
            for test in frame.tests:
                reads |= test[1] if test is not None else set()
        return " and ".join(parts) or "true", reads

    def layout_header(self, extends: str) -> str:
        """extends, the page's own top-level values, the rebase() arguments, the block.

        Bottle's layout sees every variable the page set; a Jinja2 layout sees only what
        the page sets outside its blocks. So a value set once, at the top level, from
        values it can already see there, moves out of the block.
        """
        # title=title passes the page's own value: moving `title` out is what it means.
        keys = {k for k, text, _ in self.rebase_args if text != k}
        hoisted: set[str] = set()
        lines = [f'{{% extends "{jinja_name(extends)}" %}}']
        for piece, names, reads, tag in self.top_sets:
            if self.out[piece].strip() != tag or names & keys or any(
                    self.store_count.get(n) != 1 for n in names) or any(
                    load.name in names and load.piece < piece for load in self.loads) or any(
                    r in self.macros or (r in self.store_count and r not in hoisted)
                    for r in reads):
                continue
            self.out[piece] = ""
            hoisted |= names
            lines.append(tag)
            self.context.rules.add("T018")
        top = len(lines)  # what follows is the rebase()'s own: under its `if`, if any
        before = self.stored_before_rebase
        given = set()  # what the layout gets from the rebase() arguments (or a TODO)
        page_reads = self.reads_from_caller(skip=self.rebase_loads)
        kept: list[str] = []  # the page's own values of the names rebase() gives anew
        # Bottle reads every argument before the layout gets any: where one reads a name
        # an earlier one gives (`title=title.upper(), crumbs=[title]`), the sets are one
        together = _reads_an_earlier_key(self.rebase_args)
        joined: list[tuple[str, str]] = []
        for key, text, reads in self.rebase_args:
            given.add(key)
            if key != text and key in page_reads:
                # Bottle gives the value to the layout alone (its _include() copies the
                # page's names and adds the rebase() keywords); a Jinja2 set before the
                # block is the block's value too. A layout that never reads it needs no
                # set; else the block sets the page's own value again, kept before.
                self.given_anew.append(key)
                if self.layout_sees is not None and key not in self.layout_sees:
                    continue
                own = self.fresh_name(f"page_{key}")
                kept.append(f"{{% set {own} = {key} %}}")  # before any rebase() value
                if together:  # set with the others, each reading the page's values
                    joined.append((key, text))
                else:
                    lines.append(f"{{% set {key} = {text} %}}")
                self.block_sets.append(f"{{% set {key} = {own} %}}")
            elif reads & ((before | self.macros) - hoisted):  # a macro stays in the block
                why = "a rebase() argument computed from a value the page sets in its block"
                self.context.todo("T034", self.rebase_line, f"{why}: {key}={text}")
                self.context.rules.add("T034")
                lines.append(f"{{# TODO(flask-port/T034): {why} #}}"
                             f"{{% set {key} = flask_port_todo('T034') %}}")
            elif key != text and together:
                joined.append((key, text))
            elif key != text:
                lines.append(f"{{% set {key} = {text} %}}")
            else:  # title=title: the page's own value, which is in the block
                given.discard(key)
        if joined:  # `{% set title, crumbs = title.upper(), [title] %}`
            names = ", ".join(key for key, _ in joined)
            lines.insert(top, f"{{% set {names} = {', '.join(text for _, text in joined)} %}}")
        for values, reads in self.rebase_spreads:
            # Bottle gives the layout every key; Jinja2 sets the names it reads, by name
            for name in sorted(self.layout_reads - given):
                given.add(name)
                if reads & ((before | self.macros) - hoisted):
                    why = "a rebase() argument computed from a value the page sets in its block"
                    self.context.todo("T034", self.rebase_line, f"{why}: **{values}")
                    self.context.rules.add("T034")
                    lines.append(f"{{# TODO(flask-port/T034): {why} #}}"
                                 f"{{% set {name} = flask_port_todo('T034') %}}")
                    continue
                if name in page_reads:  # as for title=x below: one name for both
                    why = (f"rebase(**{values}) may give the layout a `{name}` other than "
                           "the page's own: Jinja2 has one for both; rename it on one side")
                    self.context.todo("T034", self.rebase_line, why)
                    self.context.rules.add("T034")
                    lines.append(f"{{# TODO(flask-port/T034): {_comment(why)} #}}")
                lines.append(f"{{% set {name} = {_picked(values, name)} %}}")
        for name in sorted(self.layout_reads & (set(self.store_count) - hoisted - given)):
            why = (f"the layout reads `{name}`, which the page sets inside its block (in an "
                   "if/for, or more than once): Jinja2's layout does not see it")
            self.context.todo("T034", self.rebase_line, why)
            self.context.rules.add("T034")
            lines.append(f"{{# TODO(flask-port/T034): {_comment(why)} #}}"
                         "{% set _ = flask_port_todo('T034') %}")
        lines[top:top] = kept  # at the top, also where the rebase() is in an `if`
        top += len(kept)
        block = f"{{% block {self.blocks.get(jinja_name(extends), 'content')} %}}"
        block += "".join(self.block_sets)
        if self.rebase_when is not None:
            lines = self.conditional(lines, top, hoisted, before)
        # A page prints nothing outside its blocks: one tag a line, as a person writes it.
        return "\n".join([*lines, block])

    def fresh_name(self, name: str) -> str:
        """`name`, or `name_2`...: one neither this template nor its layout reads or sets."""
        used = {load.name for load in self.loads} | set(self.store_count) | self.macros \
            | set(self.layout_sees or self.layout_reads)
        fresh, n = name, 1
        while fresh in used:
            n += 1
            fresh = f"{name}_{n}"
        return fresh

    def conditional(self, lines: list[str], top: int, hoisted: set[str],
                    before: set[str]) -> list[str]:
        """The header of a page whose rebase() is in an `if`: its values, then the
        extends and the rebase()'s values under the branch's test. Jinja2 decides at the
        top, Bottle where the rebase() runs: the same where the test reads no value the
        page sets, but the values set once at its top, before the rebase(), which the
        header sets first. (Until it extends, a Jinja2 page prints what stands outside
        its blocks: whitespace.py has each of these lines take its own newline.)"""
        assert self.rebase_when is not None
        test, reads, code = self.rebase_when
        head, own = lines[1:top], lines[top:]
        moved = reads & set(self.store_count)
        if reads & self.macros or any(n not in hoisted or n not in before for n in moved):
            why = ("`rebase()` in an `if` whose test reads a value the page sets before it: "
                   "Jinja2's extends is decided at the top")
            self.context.todo("T034", self.rebase_line, f"{why}: % {code}")
            self.context.rules.add("T034")
            head.append(f"{{# TODO(flask-port/T034): {_comment(why)}: % {_comment(code)} #}}"
                        "{% set _ = flask_port_todo('T034') %}")
        self.context.rules.add("T008")
        return [*head, f"{{% if {test} %}}{lines[0]}{''.join(own)}{{% endif %}}"]

    def call_setdefault(self, call, code, line) -> str:
        if len(call.args) != 2 or call.keywords or not isinstance(call.args[0], ast.Constant) \
                or not isinstance(call.args[0].value, str) \
                or not call.args[0].value.isidentifier():
            raise Unsupported("T026", "`setdefault()` of a name that is not a literal")
        name = call.args[0].value
        value = self.expression(call.args[1], line)
        self.loads.append(Load(name, len(self.out), self.loops(), self.branches()))
        self.by_string.add(name)
        self.store(name, line, code)
        self.context.rules.add("T010")
        tag = f"{{% set {name} = {name}|default({value}) %}}"
        if not self.stack:  # the layout sees it too: T018 may move it out of the block
            self.top_sets.append((len(self.out), {name}, set(_names(call.args[1])), tag))
        return tag

    def base_slot(self, line: int, inline: bool = True) -> str:
        self.has_base = True
        self.context.rules.add("T009")
        self.base_count += 1
        # {%+ and +%} keep the indentation and newline around it, as Bottle prints them.
        if self.base_count > 1:
            return f"{{{{ self.{self.block}() }}}}"
        # A Jinja2 block may sit in an if or a for (it prints where it stands), not in
        # a macro, which would define it anew each call.
        if any(frame.kind == "macro" for frame in self.stack):
            return self.todo("T034", line, "{{!base}} inside a template function: a Jinja2 "
                                            "block cannot be in a macro", "{{!base}}",
                             "{{{{ {call} }}}}")
        # a page that extends the layout fills the block; its own body prints `base` only
        # where the app may render the layout directly and hand it one
        # (`template("layout", base=page)`), as Bottle's {{!base}} does there
        given = "{% if base is defined %}{{ base|safe }}{% endif %}" if self.base_given else ""
        if not inline:  # on a code line of its own: it takes the line with it
            return f"{{% block {self.block} %}}{given}{{% endblock %}}"
        return f"{{%+ block {self.block} %}}{given}{{% endblock +%}}"

    def reads_from_caller(self, skip: range = range(0)) -> set[str]:
        """Names read before this template sets them: a layout's view of its page (the
        loads at the indexes in `skip` left out)."""
        first: dict[str, int] = {}
        for name, piece, _, _ in self.all_stores:
            first.setdefault(name, piece)
        return {load.name for i, load in enumerate(self.loads) if i not in skip
                and load.piece <= first.get(load.name, load.piece)}

    def layout_given(self) -> frozenset[str] | None:
        """The names a page's layout gets besides the render's own: the `rebase()`
        keywords, what the page sets, and `base`; None where the page rebases only in a
        branch or spreads values into it (its layout's reads are then not sure)."""
        if self.extends is None or self.rebase_when is not None or self.rebase_spreads:
            return None
        return frozenset({k for k, _, _ in self.rebase_args}
                         | {name for name, _, _, _ in self.all_stores} | {"base"})

    def sure_reads(self) -> set[str]:
        """Names read from the caller on every render (outside any if, for or macro, and
        before the template sets them): Bottle's NameError, a 500, when the caller
        passes none; Jinja2 prints nothing for them."""
        first: dict[str, int] = {}
        for name, piece, _, _ in self.all_stores:
            first.setdefault(name, piece)
        own = self.macros | {local for local, _, _ in self.imports} | ENVIRONMENT
        return {name for name, piece in self.sure_loads
                if piece <= first.get(name, piece)} - own

    # --- the end -----------------------------------------------------------------
    def finish(self) -> str:

        # Bottle lets the template's end close its open blocks (Python's dedent at the
        # end of the code); a block with nothing in it is Bottle's IndentationError.
        # Each close is a line of its own, as `% end` would be: the last text line's
        # newline prints inside the block (a close on that line would take it away).
        ends = "\n" if self.out and self.out[-1].endswith("\n") else ""
        while self.stack:
            frame = self.stack[-1]
            if not frame.filled:
                raise Failed(frame.line, "a block is never closed with `end` and has "
                                         "nothing in it")
            closed = self.close(frame.line)
            self.out.append(closed + ends if closed else "")
        self.check_loop_stores()
        body = "".join(self.out)
        if self.extends is None:
            return body
        header = self.layout_header(self.extends)
        # a last line of spaces alone (no newline after it) prints in Bottle: the close
        # standing on it is no indented tag line to move left, nor one whose spaces
        # lstrip_blocks takes (RULE-s53: BlazArh/seminarska, Calvitium/UJUJ)
        body = "".join(self.out)  # (the header takes the page's settings out of it)
        last = body.rpartition("\n")[2]
        close = "{%+ endblock %}" if last and not last.strip() else "{% endblock %}"
        return header + "\n" + body + close + "\n"

    def check_loop_stores(self) -> None:
        """Flag loop values Python keeps after the loop (or into the next iteration)."""
        flagged: dict[int, list[str]] = {}
        for store in self.stores:
            if store.name in self.translate.namespaced:
                continue
            if any(self.reads_stale(store, load) for load in self.loads
                   if load.name == store.name):
                flagged.setdefault(store.piece, []).append(store.name)
                why = ("the loop variable is read after the loop" if store.target else
                       "a value assigned in a loop is read after it or in the next "
                       "iteration: Jinja2 forgets it at the end of each iteration (use "
                       "namespace())")
                self.context.todo("T032", store.line, f"{why}: `{store.name}` in % {store.code}")
                self.in_loop(store.loop)
                self.context.rules.add("T032")
                if not store.target:
                    self.carried.add(store.name)
        for piece, names in flagged.items():
            text = self.out[piece]
            indent = text[:len(text) - len(text.lstrip(" \t"))]
            self.out[piece] = (
                f"{indent}{{# TODO(flask-port/T032): {', '.join(names)} outlive the loop in "
                "Python, "
                f"not in Jinja2 #}}{{% set _ = flask_port_todo('T032') %}}" + text[len(indent):])

    def namespaceable(self) -> set[str]:
        """The carried values a namespace() can hold: not a loop's own target anywhere,
        not assigned inside a template function (a macro has a scope of its own)."""
        targets = set().union(*self.loop_targets.values()) if self.loop_targets else set()
        macros = {f.serial for f in self.macro_frames}
        in_macros = {name for name, _, branches, _ in self.all_stores
                     if {serial for serial, _ in branches} & macros}
        return self.carried - targets - in_macros - self.by_string

    def reads_stale(self, store: LoopStore, load: Load) -> bool:
        """Does `load` read the value `store` left, which Jinja2 would have forgotten?"""
        if store.loop in load.loops:  # in the same loop: only a read before the assignment
            return not store.target and load.piece < store.piece
        if load.piece <= self.loop_ends[store.loop]:
            return False
        # In another branch of an `if` than the loop: never both in one rendering.
        taken = dict(store.branches)
        if any(serial in taken and taken[serial] != branch for serial, branch in load.branches):
            return False
        macros = {f.serial for f in self.macro_frames}
        if {s for s, _ in store.branches if s in macros} - {s for s, _ in load.branches}:
            return False  # the loop is in a macro the read is not in: a local of its own
        # A later loop that binds the name itself means the read sees its own value.
        for other in load.loops:
            if store.name in self.loop_targets.get(other, ()):
                return False
            if any(s.loop == other and s.name == store.name and s.piece < load.piece
                   for s in self.stores):
                return False
        # An assignment between the loop and the read, on the read's own path, means the
        # read sees that value.
        return not any(
            name == store.name and self.loop_ends[store.loop] < piece <= load.piece
            and branches == load.branches[:len(branches)] and set(loops) <= set(load.loops)
            for name, piece, branches, loops in self.all_stores)


def _branch_body(keyword: str, code: str) -> list[ast.stmt]:
    """The statements an `else:`/`elif c:`/`except:`/`finally:` line carries itself."""
    head = {"else": "if 1:\n pass\n", "except": "try:\n pass\n",
            "finally": "try:\n pass\n"}.get(keyword)
    try:
        node = ast.parse(head + code if head else "if" + code[len("elif"):]).body[0]
    except SyntaxError:
        return []
    if isinstance(node, ast.If):
        return node.body if keyword == "elif" else node.orelse
    if isinstance(node, ast.Try):
        return node.handlers[0].body if keyword == "except" else node.finalbody
    return []


BLOCKS = {"while": "`while` has no Jinja2 equivalent (a for loop over a bounded sequence, "
                   "or a macro, is the usual rewrite)",
          "with": "`with` (a context manager) has no Jinja2 equivalent",
          "try": "`try`/`except` has no Jinja2 equivalent: handle the error in the view, "
                 "or test for the case with `if`",
          "def": "a function defined in a template: rewrite it as a {% macro %}",
          "class": "a class defined in a template has no Jinja2 equivalent",
          "for": "a `for` loop Jinja2 cannot say (a `break` or `continue`, an `else` after a "
                 "`break`, or a loop variable read after the loop)"}
# The blocks a helper can run whole (hoist.block_code); and the names its code has itself
HOISTED_BLOCKS = ("while", "try", "with")
BLOCK_NAMES = frozenset({"_out", "_text", "_escaped"})
# What SimpleTemplate's namespace has besides the caller's values: its functions and
# Python's builtins.
ENVIRONMENT = frozenset({"include", "rebase", "get", "setdefault", "defined", "base",
                         "_stdout", "_printlist", "_rebase", "_str", "_escape",
                         *dir(builtins)})


def _sure_names(node: ast.AST) -> list[str]:
    """The names an expression reads whatever the values are: not in the branches of
    `x if c else y`, the later operands of `and`/`or`, lambdas or comprehensions (but
    their first iterable)."""
    found: list[str] = []

    def walk(n: ast.AST) -> None:
        if isinstance(n, ast.Name):
            found.append(n.id)
        elif isinstance(n, ast.IfExp):
            walk(n.test)
        elif isinstance(n, ast.BoolOp):
            walk(n.values[0])
        elif isinstance(n, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            walk(n.generators[0].iter)
        elif not isinstance(n, ast.Lambda):
            for child in ast.iter_child_nodes(n):
                walk(child)

    walk(node)
    return found


def _names(node) -> list[str]:
    return [n.id for n in ast.walk(node) if isinstance(n, ast.Name)]


def _test_names(node) -> set[str]:
    """The names a test reads, those it reads by string too (`get('x')`, `defined('x')`)."""
    return set(_names(node)) | {
        str(sub.args[0].value) for sub in ast.walk(node)
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name)
        and sub.func.id in ("get", "defined") and sub.args
        and isinstance(sub.args[0], ast.Constant)}


def _reads_an_earlier_key(args: list[tuple[str, str, set[str]]]) -> bool:
    """Whether a rebase() argument reads a name an earlier argument gives the layout."""
    given: set[str] = set()
    for key, text, reads in args:
        if reads & given:
            return True
        if key != text:
            given.add(key)
    return False


def _comment(text: str) -> str:
    return text.replace("#}", "# }").replace("{#", "{ #")


__all__ = ["ATOM", "Statements", "jinja_name"]


def _spread(keywords: list[ast.keyword]) -> list[ast.keyword]:
    """The keywords with `**dict(a=1)` and `**{'a': 1}` (string keys) written out."""
    found = []
    for kw in keywords:
        value = kw.value
        if kw.arg is None and isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
                and value.func.id == "dict" and not value.args:
            found += _spread(value.keywords)
        elif kw.arg is None and isinstance(value, ast.Dict) and all(
                isinstance(k, ast.Constant) and isinstance(k.value, str)
                and k.value.isidentifier() for k in value.keys):
            found += [ast.keyword(k.value, v) for k, v in  # type: ignore[union-attr]
                      zip(value.keys, value.values, strict=True)]
        else:
            found.append(kw)
    return found


def _picked(values: str, name: str) -> str:
    """Jinja2 for the value `**values` gives `name`, else the name's own."""
    return f"{values}[{name!r}] if {name!r} in {values} else {name}"


def _is_locals(node: ast.expr) -> bool:
    """`**locals()`: Bottle gives an included or base template the page's whole
    namespace anyway, so passing it again changes nothing."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
        and node.func.id == "locals" and not node.args and not node.keywords
