"""P007: return values: what Bottle sends for a view's return value, kept in Flask

A view that yields its body and reads the request (or `session`, `url_for`, ...) gets
`@stream_with_context` under its route: Bottle's request stays readable while the server
iterates the body, Flask's request context is gone by then.

- A dict is JSON in both; Flask sorts the keys and writes no spaces and a last newline
  (declared: D-json). With `--faithful` (the site `json-order`) the app's dicts are
  sent as Bottle's JSON plugin sends them, made by the Bottle beside the port: its
  `json_dumps()` (the dict's order, `, ` and `: `), no newline, `application/json`
  (`json_answers(app)` from `bottle_answers.py`; requirements.txt lists bottle).
- `return response` (Bottle's response object) sent its status and headers with an
  empty body: it becomes `return ""`, and P005's recorder applies the changes. A
  `response` the function binds itself (`response = static_file(...)`) is its value,
  returned as it is. Where the block (of a view, or of a decorator's wrapper) set
  `response.body = text` before it (or `response.body, response.status = text, 401`,
  whose status keeps a line of its own for P022 to fold; text by its form: a string, an
  f-string, `json.dumps(...)`, `str(...)`, `"...".format(...)`,
  `template(...)`), Bottle sent that text: the line goes and the view returns it (`return
  json.dumps(...)`), which P022 then folds the status and headers into. Bottle iterated
  the response for that text, so it sent no Content-Length; with `--faithful` (the site
  `response-body`) the view returns `bottle_iterated(text)` (bottle_compat's), which
  Flask sends as it comes, without one too.
- A view that can end without `return` sent an empty 200 from Bottle; Flask raises
  on None, so `return ""` is added at the end.
- A list or tuple: Bottle joins the items as the body, Flask sends a list as JSON and
  reads a tuple as (body, status, headers): left with a TODO.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from ..edit import Visitor, ends, is_text, names_assigned, names_read, walk
from .base import Candidate, Change, Declare, Import, Need, Rule, is_view, route_globs


@dataclass
class Ordered:
    """P007's scratch for a module: whether Bottle's JSON order is asked for (a site
    that took its exact candidate)."""

    json: bool = False


class Returns(Rule):
    code = "P007"
    after = ("P008",)  # P008 makes redirects returns first
    summary = "dict/None/list return values sent as Bottle sends them"
    declares = (Change("D-json", "21. JSON responses",
                       "a dict is sent as JSON with its keys sorted and no spaces "
                       "(Bottle: the dict's order, `, ` and `: `)", written="json"),)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.depth: list[bool] = []
        self.paths: list[list[str]] = []
        self.generators: list[bool] = []
        self.functions: list[cst.FunctionDef] = []  # the defs being visited, outermost first
        self.answers: list[bool] = []  # per def: a view or a decorator's wrapper

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions.append(node)
        self.depth.append(is_view(self, node))
        # a view, or a decorator's wrapper (what it returns is the view's answer)
        self.answers.append(self.depth[-1] or len(self.functions) > 1
                            and _returns_name(self.functions[-2], node.name.value))
        self.paths.append(route_globs(self, node) or ["*"])
        # no def of a module without a `yield` is a generator (no rule writes one): none
        # is walked to find out
        self.generators.append(self.facts.yields and _is_generator(node))

    def leave_Return(self, original: cst.Return, updated: cst.Return):
        if not (self.depth and self.depth[-1]):
            return updated
        value = updated.value
        if value is None and not self.generators[-1]:
            # a bare return: Bottle sent an empty body, Flask raises on None
            self.fired()
            return updated.with_changes(value=cst.SimpleString('""'),
                                        whitespace_after_return=cst.SimpleWhitespace(" "))
        if self.api(value) == "response" and not self._local(value):
            # Bottle sends its response object's status and headers with an empty body;
            # the recorder (P005) applies the changes to whatever the view returns
            self.fired()
            return updated.with_changes(value=cst.SimpleString('""'))
        if isinstance(value, cst.Dict | cst.DictComp) or (
                isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
                and value.func.value == "dict"):
            idiomatic = Candidate(declares=(Declare("D-json", tuple(self.paths[-1])),))
            # the exact one: the app's JSON is Bottle's (one piece for the module)
            if self.site("json-order", idiomatic,
                         Candidate(needs=(Need.JSON_ANSWERS,))) is idiomatic:
                self.fired()
            elif not self.scratch(Ordered).json:  # once a module
                self.scratch(Ordered).json = True
                self.fired()
        elif isinstance(value, cst.List | cst.ListComp | cst.Tuple):
            self.todo("a list or tuple return: Bottle joins the items into the body; Flask "
                      "sends a list as JSON and reads a tuple as (body, status, headers)")
        return updated

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock):
        """`response.body = text; ...; return response` in a view or a decorator's
        wrapper: Bottle iterated its response for the body, so it sent that text
        (RULE-s52 class B: the port sent an empty page, under a TODO that breaks). The
        body set with the status, `response.body, response.status = text, 401`, leaves
        the status's own line."""
        if not (self.answers and self.answers[-1]) or len(original.body) != len(updated.body):
            return updated
        stmts = list(original.body)
        last = _small(stmts[-1])
        if not isinstance(last, cst.Return) or self.api(last.value) != "response" \
                or self._local(last.value):
            return updated
        for at in range(len(stmts) - 2, -1, -1):
            small = _small(stmts[at])
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and (found := self._body_set(small)) is not None:
                break
        else:
            return updated
        value, others = found
        if not is_text(value, self.api) or any(
                names_read(value) & names_assigned(stmt) for stmt in stmts[at + 1:-1]):
            return updated
        body = list(updated.body)
        line, end = body[at], body[-1]
        if not isinstance(line, cst.SimpleStatementLine) \
                or not isinstance(_small(line), cst.Assign) \
                or not isinstance(end, cst.SimpleStatementLine):
            return updated
        self.fired()
        # (--faithful) Bottle iterated its response for the text: no Content-Length
        iterated = cst.Call(cst.Name("bottle_iterated"), [cst.Arg(value)])
        chosen = self.site_if_exact("response-body", Candidate(value), Candidate(
            iterated, imports=(Import("bottle_compat", "bottle_iterated"),)))
        assert isinstance(chosen.form, cst.BaseExpression)
        if others:  # the other parts set beside the body, a line each, where it stood
            kept = [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], part)],
                                            leading_lines=line.leading_lines if i == 0 else ())
                    for i, (target, part) in enumerate(others)]
            body[-1] = end.with_changes(body=[cst.Return(chosen.form)])
            return updated.with_changes(body=[*body[:at], *kept, *body[at + 1:]])
        # the line's own comments go with its text, above the return
        moved = [empty for empty in line.leading_lines if empty.comment]
        body[-1] = end.with_changes(body=[cst.Return(chosen.form)],
                                    leading_lines=[*moved, *end.leading_lines])
        return updated.with_changes(body=body[:at] + body[at + 1:])

    def _body_set(self, small: cst.Assign) -> tuple[cst.BaseExpression, list] | None:
        """(text, the other parts set with it) of `response.body = text` or `response.body,
        response.status = text, 401` (the others (target, value), in their order)."""
        target = small.targets[0].target
        pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]]
        if isinstance(target, cst.Attribute):
            pairs = [(target, small.value)]
        elif isinstance(target, cst.Tuple) and isinstance(small.value, cst.Tuple) \
                and len(target.elements) == len(small.value.elements) \
                and not any(isinstance(e, cst.StarredElement)
                            for e in (*target.elements, *small.value.elements)):
            pairs = [(t.value, v.value) for t, v in zip(target.elements, small.value.elements,
                                                          strict=True)]
        else:
            return None
        if not all(isinstance(t, cst.Attribute) and self.api(t.value) == "response"
                   for t, _ in pairs):
            return None
        bodies = [v for t, v in pairs if isinstance(t, cst.Attribute) and t.attr.value == "body"]
        if len(bodies) != 1:
            return None
        return bodies[0], [(t, v) for t, v in pairs
                           if not (isinstance(t, cst.Attribute) and t.attr.value == "body")]

    def _local(self, value: cst.BaseExpression | None) -> bool:
        """Whether the name returned is bound by the function (or one around it): `response
        = static_file(...)`; `return response` is then that value, not Bottle's response
        (RULE-s49 class F: the port returned an empty body). A name its own `from bottle
        import response as r` binds stays Bottle's."""
        if not isinstance(value, cst.Name):
            return False
        return any(value.value in names_assigned(node) - _from_bottle(node)
                   for node in self.functions)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        self.functions.pop()
        self.answers.pop()
        view = self.depth.pop()
        self.paths.pop()
        self.generators.pop()
        generator = self.facts.yields and _is_generator(updated)
        if view and generator and _reads_context(updated):
            # Bottle's request stays readable while the server iterates the body; Flask's
            # request context is gone by then unless the generator keeps it
            self.fired()
            self.need_import("flask", "stream_with_context")
            return updated.with_changes(decorators=[
                *updated.decorators, cst.Decorator(cst.Name("stream_with_context"))])
        if not view or not isinstance(updated.body, cst.IndentedBlock) \
                or ends(updated.body.body) or generator:
            return updated
        self.fired()
        line = cst.SimpleStatementLine([cst.Return(cst.SimpleString('""'))], leading_lines=[
            cst.EmptyLine(comment=cst.Comment(
                "# flask-port/P007: Bottle sent an empty body for None; Flask needs a value"))])
        return updated.with_changes(body=updated.body.with_changes(
            body=[*updated.body.body, line]))


def _returns_name(outer: cst.FunctionDef, name: str) -> bool:
    """Whether the function returns its inner function `name` (a decorator its wrapper)."""
    return isinstance(outer.body, cst.IndentedBlock) and any(
        isinstance(small := _small(stmt), cst.Return) and isinstance(small.value, cst.Name)
        and small.value.value == name for stmt in outer.body.body)


def _small(stmt: cst.CSTNode) -> cst.BaseSmallStatement | None:
    """The one small statement of a simple line, else None."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        return stmt.body[0]
    return None


def _is_generator(node: cst.FunctionDef) -> bool:
    found = []

    class Find(Visitor):
        def visit_FunctionDef(self, inner) -> bool:
            return inner is node

        def visit_Yield(self, _) -> None:
            found.append(True)

    walk(node, Find())
    return bool(found)


# What only works inside Flask's request context (after the other rules' renames).
CONTEXT = {"request", "session", "g", "url_for", "render_template", "render_template_string",
           "current_app", "flash", "get_flashed_messages", "abort", "redirect"}


def _reads_context(node: cst.FunctionDef) -> bool:
    found = []

    class Find(Visitor):
        def visit_Name(self, name: cst.Name) -> None:
            if name.value in CONTEXT:
                found.append(True)

    walk(node.body, Find())
    return bool(found)


def _from_bottle(function: cst.FunctionDef) -> set[str]:
    """The names a function's own `from bottle import x as y` lines bind."""
    found: set[str] = set()

    class Imports(Visitor):
        def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
            if node.relative or not isinstance(node.module, cst.Name) \
                    or node.module.value != "bottle" or not isinstance(node.names, tuple | list):
                return
            found.update(alias.asname.name.value for alias in node.names
                         if alias.asname and isinstance(alias.asname.name, cst.Name))

    walk(function, Imports())
    return found
