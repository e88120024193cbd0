"""`%` lines and `<% %>` blocks to Jinja2 tags, with the block stack Bottle keeps.

Bottle closes every block with `end`; Jinja2 wants `endif`/`endfor`/..., so the
stack remembers what each `end` closes. Assignments inside a `for` loop are checked
at the end: in Jinja2 they do not outlive one iteration, in Python they do.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from harness.stpl.expressions import ATOM, Translator, Unsupported

OPENERS = ("if", "for", "while", "with", "try", "def", "class")
CONTINUATIONS = ("elif", "else", "except", "finally")


def jinja_name(name: str) -> str:
    """A Bottle template name to the Jinja2 one: 'layout' and 'layout.tpl' -> 'layout.html'."""
    for ext in (".tpl", ".html", ".thtml", ".stpl"):
        if name.endswith(ext):
            name = name[: -len(ext)]
            break
    return name + ".html"


@dataclass
class Frame:
    kind: str  # if, for, for-else, todo
    line: int
    loop: int | None = None  # for a `for`: its loop id


@dataclass
class LoopStore:
    piece: int  # index into out
    name: str
    loop: int
    line: int
    code: str
    target: bool  # the loop's own target, not an assignment in its body


@dataclass
class Load:
    name: str
    piece: int
    loops: tuple[int, ...]


@dataclass
class Statements:
    context: object
    translate: Translator
    block: str = "content"
    blocks: dict = field(default_factory=dict)
    out: list = field(default_factory=list)
    stack: list = field(default_factory=list)
    extends: str | None = None
    header: list = field(default_factory=list)
    includes: list = field(default_factory=list)
    has_base: bool = False
    stores: list = field(default_factory=list)
    loads: list = field(default_factory=list)
    loop_ends: dict = field(default_factory=dict)  # loop id -> piece index of its end
    assigned_before_rebase: set = field(default_factory=set)
    base_count: int = 0
    loop_count: int = 0

    # --- bookkeeping -------------------------------------------------------------
    def loops(self) -> tuple[int, ...]:
        return tuple(f.loop for f in self.stack if f.loop is not None)

    def expression(self, node: ast.AST, line: int, level: int = 0) -> str:
        text, own = self.translate.expr(node)
        self.context.rules.update(self.translate.used)
        self.translate.used.clear()
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name):
                self.loads.append(Load(sub.id, len(self.out), self.loops()))
            elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) \
                    and sub.func.id in ("get", "defined") and sub.args \
                    and isinstance(sub.args[0], ast.Constant):
                self.loads.append(Load(str(sub.args[0].value), len(self.out), self.loops()))
        return f"({text})" if own < level else text

    def todo(self, rule: str, line: int, why: str, code: str, placeholder: str) -> str:
        self.context.todo(rule, line, f"{why}: % {code}")
        self.context.rules.add(rule)
        call = f"kit_todo({rule!r})"
        return f"{{# TODO(kit/{rule}): {_comment(why)}: % {_comment(code)} #}}" + \
            placeholder.format(call=call)

    def store(self, name: str, line: int, code: str, target: bool = False) -> None:
        if not target:
            self.assigned_before_rebase.add(name)
        loops = self.loops()
        if loops:
            self.stores.append(LoopStore(len(self.out), name, loops[-1], line, code, target))

    # --- one code line ---------------------------------------------------------
    def code(self, token) -> None:
        from harness.stpl.convert import Failed

        pieces = []
        if token.code:
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
                raise Failed(token.line, "`end` without an open block")
            pieces.append(self.close(token.line))
        text = "".join(pieces)
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
        return "{% endif %}"

    def line_of_code(self, code: str, line: int) -> str:
        keyword = code.split(None, 1)[0].rstrip(":")
        if keyword in CONTINUATIONS:
            return self.continuation(keyword, code, line)
        if keyword in OPENERS:
            return self.opener(keyword, code, line)
        module = ast.parse(code)
        return "".join(self.statement(s, code, line) for s in module.body)

    def opener(self, keyword: str, code: str, line: int) -> str:
        try:
            node = ast.parse(code).body[0]
            inline_body = node.body
        except SyntaxError:
            node = ast.parse(code + "\n pass").body[0]
            inline_body = []
        rest = "".join(self.statement(s, code, line) for s in inline_body)
        self.context.rules.add("T004")
        if isinstance(node, ast.If):
            try:
                test = self.expression(node.test, line)
            except Unsupported as why:
                self.stack.append(Frame("if", line))
                return self.todo(why.rule, line, why.message, code,
                                 "{{% if {call} %}}") + rest
            self.stack.append(Frame("if", line))
            return f"{{% if {test} %}}" + rest
        if isinstance(node, ast.For) and not isinstance(node, ast.AsyncFor):
            self.loop_count += 1
            loop = self.loop_count
            try:
                target = self.target(node.target)
                source = self.expression(node.iter, line)
            except Unsupported as why:
                self.stack.append(Frame("for", line, loop))
                return self.todo(why.rule, line, why.message, code,
                                 "{{% for _ in {call} %}}") + rest
            self.stack.append(Frame("for", line, loop))
            for name in _names(node.target):
                self.store(name, line, code, target=True)
            return f"{{% for {target} in {source} %}}" + rest
        why = {"while": "`while` has no Jinja2 equivalent (a for loop over a bounded "
                        "sequence, or a macro, is the usual rewrite)",
               "with": "`with` (a context manager) has no Jinja2 equivalent",
               "try": "`try`/`except` has no Jinja2 equivalent: handle the error in the "
                      "view, or test for the case with `if`",
               "def": "a function defined in a template: rewrite it as a {% macro %}",
               "class": "a class defined in a template has no Jinja2 equivalent",
               }[keyword]
        self.stack.append(Frame("todo", line))
        return self.todo("T030", line, why, code, "{{% if {call} %}}") + rest

    def continuation(self, keyword: str, code: str, line: int) -> str:
        from harness.stpl.convert import Failed

        if not self.stack:
            raise Failed(line, f"`{keyword}` without an open block")
        frame = self.stack[-1]
        self.context.rules.add("T004")
        if frame.kind == "todo":
            return self.todo("T030", line, "part of a block with no Jinja2 equivalent",
                             code, "{{% elif {call} %}}")
        if frame.kind == "for" and keyword == "else":
            # Python runs a for loop's else unless it breaks; Jinja2 only if it is empty.
            self.stack[-1] = Frame("for-else", line, frame.loop)
            self.loop_ends[frame.loop] = len(self.out)
            return "{% endfor %}" + self.todo(
                "T033", line, "`for ... else` runs when the loop did not `break` in Python "
                "but only when it was empty in Jinja2", code, "{{% if {call} %}}")
        if frame.kind != "if" or keyword not in ("elif", "else"):
            raise Failed(line, f"`{keyword}` cannot follow this block")
        if keyword == "else":
            return "{% else %}"
        node = ast.parse("if" + code[len("elif"):] + "\n pass").body[0]
        try:
            return f"{{% elif {self.expression(node.test, line)} %}}"
        except Unsupported as why:
            return self.todo(why.rule, line, why.message, code, "{{% elif {call} %}}")

    def target(self, node) -> str:
        if isinstance(node, ast.Name):
            return self.translate(node)
        if isinstance(node, ast.Tuple) and all(isinstance(e, ast.Name) for e in node.elts):
            return ", ".join(self.translate(e) for e in node.elts)
        raise Unsupported("T031", "only names and tuples of names can be assigned in Jinja2")

    # --- one statement ---------------------------------------------------------
    def statement(self, node: ast.stmt, code: str, line: int) -> str:
        try:
            return self._statement(node, code, line)
        except Unsupported as why:
            return self.todo(why.rule, line, why.message, code, "{{% do {call} %}}")

    def _statement(self, node, code, line) -> str:
        if isinstance(node, ast.Pass):
            return ""
        if isinstance(node, ast.Assign):
            if len(node.targets) != 1:
                raise Unsupported("T031", "a chained assignment (a = b = ...)")
            target = self.target(node.targets[0])
            value = self.expression(node.value, line)
            for name in _names(node.targets[0]):
                self.store(name, line, code)
            self.context.rules.add("T012")
            return f"{{% set {target} = {value} %}}"
        if isinstance(node, ast.AugAssign):
            if not isinstance(node.target, ast.Name):
                raise Unsupported("T031", "assigning to an attribute or an item")
            value = ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value)
            text = self.expression(value, line)
            self.store(node.target.id, line, code)
            self.context.rules.add("T012")
            return f"{{% set {node.target.id} = {text} %}}"
        if isinstance(node, ast.AnnAssign):
            raise Unsupported("T031", "an annotated assignment")
        if isinstance(node, ast.Expr):
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
                special = getattr(self, "call_" + value.func.id, None)
                if special is not None:
                    return special(value, code, line)
            self.context.rules.add("T014")
            return f"{{% do {self.expression(value, line)} %}}"
        kinds = {ast.Import: "an import", ast.ImportFrom: "an import",
                 ast.Delete: "`del`", ast.Global: "`global`", ast.Nonlocal: "`nonlocal`",
                 ast.Return: "`return`", ast.Break: "`break`", ast.Continue: "`continue`",
                 ast.Raise: "`raise`", ast.Assert: "`assert`"}
        what = kinds.get(type(node), type(node).__name__)
        raise Unsupported("T030", f"{what} has no Jinja2 equivalent")

    def keywords(self, call: ast.Call, line: int) -> list[tuple[str, str]]:
        pairs = []
        for kw in call.keywords:
            if kw.arg is None:
                raise Unsupported("T034", "`**kwargs` passed to a template")
            pairs.append((kw.arg, self.expression(kw.value, line)))
        return pairs

    def template_name(self, call: ast.Call, what: str) -> str:
        if len(call.args) != 1 or not isinstance(call.args[0], ast.Constant) \
                or not isinstance(call.args[0].value, str):
            raise Unsupported("T034", f"`{what}()` of a template name that is not a literal")
        return call.args[0].value

    def call_include(self, call, code, line) -> str:
        name = self.template_name(call, "include")
        pairs = self.keywords(call, line)
        self.includes.append(name)
        self.context.rules.add("T007")
        tag = f'{{% include "{jinja_name(name)}" %}}'
        # name=name passes nothing an included template does not already see.
        names = ", ".join(f"{k}={v}" for k, v in pairs if k != v)
        if not names:
            return tag
        return f"{{% with {names} %}}{tag}{{% endwith %}}"

    def call_rebase(self, call, code, line) -> str:
        name = self.template_name(call, "rebase")
        if self.stack:
            raise Unsupported("T034", "`rebase()` inside a block: Jinja2's extends is "
                                      "unconditional")
        if self.extends is not None:
            raise Unsupported("T034", "a second `rebase()`")
        pairs = []
        for kw in call.keywords:
            if kw.arg is None:
                raise Unsupported("T034", "`**kwargs` passed to a template")
            used = {n.id for n in ast.walk(kw.value) if isinstance(n, ast.Name)}
            if used & self.assigned_before_rebase:
                raise Unsupported("T034", "a rebase() argument computed by the template "
                                          "itself: set it before the block by hand")
            pairs.append((kw.arg, self.expression(kw.value, line)))
        self.extends = name
        self.context.rules.add("T008")
        block = self.blocks.get(name, "content")
        self.header = [f'{{% extends "{jinja_name(name)}" %}}']
        self.header += [f"{{% set {k} = {v} %}}" for k, v in pairs if k != v]
        self.header.append(f"{{% block {block} %}}")
        return ""

    def call_setdefault(self, call, code, line) -> str:
        if len(call.args) != 2 or call.keywords or not isinstance(call.args[0], ast.Constant) \
                or not isinstance(call.args[0].value, str) \
                or not call.args[0].value.isidentifier():
            raise Unsupported("T026", "`setdefault()` of a name that is not a literal")
        name = call.args[0].value
        value = self.expression(call.args[1], line)
        self.loads.append(Load(name, len(self.out), self.loops()))
        self.store(name, line, code)
        self.context.rules.add("T010")
        return f"{{% set {name} = {name}|default({value}) %}}"

    def base_slot(self, line: int) -> str:
        self.has_base = True
        self.context.rules.add("T009")
        self.base_count += 1
        # {%+ and +%} keep the indentation and newline around it, as Bottle prints them.
        if self.base_count > 1:
            return f"{{{{ self.{self.block}() }}}}"
        if self.stack:
            return self.todo("T034", line, "{{!base}} inside a block: a Jinja2 block "
                                            "cannot be conditional", "{{!base}}",
                             "{{{{ {call} }}}}")
        return f"{{%+ block {self.block} %}}{{% endblock +%}}"

    # --- the end -----------------------------------------------------------------
    def finish(self) -> str:
        from harness.stpl.convert import Failed

        if self.stack:
            raise Failed(self.stack[-1].line, "a block is never closed with `end`")
        self.check_loop_stores()
        body = "".join(self.out)
        if self.extends is None:
            return body
        return "".join(self.header) + "\n" + body + "{% endblock %}"

    def check_loop_stores(self) -> None:
        for store in self.stores:
            end = self.loop_ends[store.loop]
            outlives = any(
                load.name == store.name and (
                    load.piece > end and store.loop not in load.loops
                    or (not store.target and store.loop in load.loops
                        and load.piece < store.piece))
                for load in self.loads)
            if outlives:
                why = ("the loop variable is read after the loop" if store.target else
                       "a value assigned in a loop is read after it or in the next "
                       "iteration: Jinja2 forgets it at the end of each iteration (use "
                       "namespace())")
                self.context.todo("T032", store.line, f"{why}: % {store.code}")
                self.context.rules.add("T032")
                self.out[store.piece] = (
                    f"{{# TODO(kit/T032): {_comment(why)}: {store.name} #}}"
                    f"{{% do kit_todo('T032') %}}" + self.out[store.piece])


def _names(node) -> list[str]:
    return [n.id for n in ast.walk(node) if isinstance(n, ast.Name)]


def _comment(text: str) -> str:
    return text.replace("#}", "# }").replace("{#", "{ #")


__all__ = ["ATOM", "Statements", "jinja_name"]
