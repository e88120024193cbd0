"""P005's default port: Bottle's `response` changes folded into the view's own response.

    response.status = 400                    return template("new"), 400
    return template("new")               ->

    response.set_cookie("a", x)              resp = make_response(template("list"))
    ...                                  ->  ...
    return template("list")                  resp.set_cookie("a", x)
                                             return resp

A change that the block's `return` does not follow for certain (it is made before an
`if` that returns, or in a helper) becomes an `@after_this_request` function at the
spot, which Flask applies to whatever response the request ends with. A change whose
values are assigned again after it (but a plain name, which the `@after_this_request` function
takes as a default, its value as it stood at the change), or a use of `response` other than
these, is a TODO.
"""

from __future__ import annotations

import re

import libcst as cst

from .edit import Transformer, Visitor, is_text, names_read, walk

# What each Bottle change becomes on a Werkzeug response `r` (None: an assignment).
CALLS = {"set_cookie", "delete_cookie", "set_header", "add_header"}
ATTRS = {"status", "status_code", "content_type"}  # Werkzeug has no settable charset


def change_of(stmt: cst.CSTNode, is_response) -> cst.BaseSmallStatement | None:
    """The small statement if `stmt` is one Bottle response change, else None."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        func = small.value.func
        if isinstance(func, cst.Attribute) and is_response(func.value) \
                and func.attr.value in CALLS and not _signed(small.value):
            return small
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
        if isinstance(target, cst.Attribute) and is_response(target.value) \
                and target.attr.value in ATTRS:
            return small
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Attribute) \
                and is_response(target.value.value) and target.value.attr.value == "headers":
            return small
    return None


def _signed(call: cst.Call) -> bool:
    """set_cookie(name, value, secret): Bottle's pickled cookie, which P005 leaves a TODO."""
    positional = [a for a in call.args if a.keyword is None]
    return len(positional) > 2 or any(a.star for a in call.args) or any(
        a.keyword is not None and a.keyword.value == "secret" for a in call.args)


def on(small: cst.BaseSmallStatement, name: str) -> cst.BaseSmallStatement:
    """The change made on the Werkzeug response called `name`."""
    resp = cst.Name(name)
    if isinstance(small, cst.Expr):
        call = small.value
        # change_of() took only `response.<method>(...)` calls and assignments
        assert isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
        method = call.func.attr.value
        if method == "set_header":
            key, value = call.args[0].value, call.args[1].value
            return cst.Assign([cst.AssignTarget(_header(resp, key))], value)
        if method == "add_header":
            func = cst.Attribute(cst.Attribute(resp, cst.Name("headers")), cst.Name("add"))
            return cst.Expr(call.with_changes(func=func))
        return cst.Expr(call.with_changes(func=call.func.with_changes(value=resp)))
    assert isinstance(small, cst.Assign)
    target = small.targets[0].target
    new: cst.BaseAssignTargetExpression
    if isinstance(target, cst.Subscript):
        new = target.with_changes(value=target.value.with_changes(value=resp))
    else:
        assert isinstance(target, cst.Attribute)
        attr = target.attr.value
        if attr == "status" and isinstance(small.value, cst.Integer):
            attr = "status_code"
        new = cst.Attribute(resp, cst.Name(attr))
    return small.with_changes(targets=[cst.AssignTarget(new)])


def _header(resp: cst.Name, key: cst.BaseExpression) -> cst.Subscript:
    return cst.Subscript(cst.Attribute(resp, cst.Name("headers")),
                         [cst.SubscriptElement(cst.Index(key))])


def tuple_parts(changes: list[cst.BaseSmallStatement]) -> list | None:
    """(status, headers) for `return body, status, headers` when every change is a status
    or a header a tuple can carry, else None."""
    status: cst.BaseExpression | None = None
    headers: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for small in changes:
        if isinstance(small, cst.Expr):
            call = small.value
            assert isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
            if call.func.attr.value != "set_header" or len(call.args) != 2:
                return None
            headers.append((call.args[0].value, call.args[1].value))
            continue
        assert isinstance(small, cst.Assign)  # change_of(): a call or an assignment
        target = small.targets[0].target
        if isinstance(target, cst.Subscript):
            key = target.slice[0].slice
            if not isinstance(key, cst.Index):
                return None
            headers.append((key.value, small.value))
            continue
        assert isinstance(target, cst.Attribute)
        if target.attr.value in ("status", "status_code"):
            status = small.value
        elif target.attr.value == "content_type":
            headers.append((cst.SimpleString('"Content-Type"'), small.value))
        else:
            return None
    return [status, headers]




def leaves(nodes) -> bool:
    """Whether these statements can leave the block early (return, raise, yield...)."""
    exits = _Exits()
    for node in nodes:
        walk(node, exits)
    return exits.found


# The readers of these helpers are classes of the module's, made once (as edit.py's):
# a class made at each call (some 300 calls on a package app of 1,000 lines) cost more
# than its small walk, and a walk finds its methods once for a class (walk._Plan).
class _Exits(Visitor):
    """leaves()' reader: a return, raise, yield, break or continue outside nested
    functions and lambdas."""

    def __init__(self) -> None:
        super().__init__()
        self.found = False

    def visit_Return(self, node) -> None:
        self.found = True

    def visit_Raise(self, node) -> None:
        self.found = True

    def visit_Yield(self, node) -> None:
        self.found = True

    def visit_Break(self, node) -> None:
        self.found = True

    def visit_Continue(self, node) -> None:
        self.found = True

    def visit_FunctionDef(self, node) -> bool:
        return False

    def visit_Lambda(self, node) -> bool:
        return False


def aborts_in(nodes) -> bool:
    """Whether these statements raise or call abort() (an HTTP error in Bottle), or hand
    the request on to a view (`fn(*args, **kwargs)`, a decorator's wrapper), which may
    abort or answer an HTTPResponse of its own: Bottle's response is replaced either way."""
    found = []

    class Abort(Visitor):
        def visit_Raise(self, node) -> None:
            found.append(node)

        def visit_Call(self, node) -> None:
            if isinstance(node.func, cst.Name) and (node.func.value == "abort"
                                                    or any(a.star for a in node.args)):
                found.append(node)

        def visit_FunctionDef(self, node) -> bool:
            return False

    for node in nodes:
        walk(node, Abort())
    return bool(found)


def fresh(used: set[str], base: str) -> str:
    name, n = base, 1
    while name in used:
        n += 1
        name = f"{base}{n}"
    return name


def closure_name(changes: list[cst.BaseSmallStatement]) -> str:
    first = changes[0]
    if isinstance(first, cst.Expr):
        call = first.value
        assert isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
        method = call.func.attr.value
        key = call.args[0].value if call.args else None
        if method in ("set_cookie", "delete_cookie") and isinstance(key, cst.SimpleString) \
                and isinstance(key.evaluated_value, str) and key.evaluated_value.isidentifier():
            verb = "set" if method == "set_cookie" else "delete"
            return f"{verb}_{key.evaluated_value.lower()}_cookie"
        return method if method != "set_header" else "set_headers"
    assert isinstance(first, cst.Assign)
    target = first.targets[0].target
    if isinstance(target, cst.Attribute) and target.attr.value.startswith("status"):
        return "set_status"
    return "set_headers"


class Folder:
    """Rewrites one function's body; `rule` is the P005 rule (Bottle names, TODOs)."""

    def __init__(self, rule, view: bool, used: set[str], hook: str | None = None,
                 redirects: bool = False) -> None:
        self.rule = rule
        self.view = view
        self.redirects = redirects  # the function calls Bottle's redirect() somewhere
        self.hook = hook  # an after_request hook's response parameter: changed in place
        self.used = used  # the function's names, for fresh ones
        self.flagged: set[int] = set()  # statements with a TODO already
        # a before_request hook: the view that answers next may return an HTTPResponse of
        # its own (static_file()) or abort, which replaced Bottle's response
        self.before_hook = False
        self.loop_names: set[str] = set()  # the targets of the `for` loops being rewritten

    def is_response(self, node) -> bool:
        return self.rule.api(node) == "response"

    def block(self, stmts: list, later: set[str]) -> list:
        stmts = [self.no_such_attribute(s) for s in stmts]
        after, bound = [], set(later)  # what is assigned after each statement
        for stmt in reversed(stmts):
            after.append(set(bound))
            bound |= paths_bound([stmt])
        after.reverse()
        stmts = [self.inner(s, after[i]) for i, s in enumerate(stmts)]
        at = [i for i, s in enumerate(stmts) if change_of(s, self.is_response)]
        if not at:
            return self.left(stmts)
        if self.hook:
            return self.left([self.rule.converted(s.body[0], s.with_changes(
                body=[on(s.body[0], self.hook)])) if i in at else s
                for i, s in enumerate(stmts)])
        # a function other than a view folds where it answers text (a decorator's wrapper
        # whose `response.body = text; return response` P007 made `return text`): a tuple
        # of text, status and headers is what Flask sends as Bottle did
        folded = self.fold(stmts, at, later) if self.view or self.answers_text(stmts) \
            else None
        return self.left(folded if folded is not None else self.closures(stmts, at, later))

    def answers_text(self, stmts: list) -> bool:
        """Whether the block ends by returning text (`return "no token"`)."""
        value = self.terminal(stmts[-1]) if stmts else None
        return value is not None and is_text(value, self.rule.api)

    def left(self, stmts: list) -> list:
        """A TODO on each line that still uses Bottle's response. Flask never sends
        Bottle's object, so the line does nothing there: the port is not done, unless the
        line did nothing in Bottle either (an attribute Bottle's response does not have,
        a change a later redirect, abort or raise of the same block threw away)."""
        return [self.rule.todo_on(s, "Bottle's response used here: set this on the response "
                                  "the view returns (make_response) instead",
                                  breaks=self.had_effect(s) and not _thrown_away(
                                      stmts[i + 1:], _sets_status(s)))
                if isinstance(s, cst.SimpleStatementLine) and id(s) not in self.flagged
                and self.uses_bottle(s) and not self.has_todo(s) else s
                for i, s in enumerate(stmts)]

    def has_todo(self, stmt) -> bool:
        """Whether the port put a TODO on the statement already (known by its node)."""
        ours = self.rule.todo_comments()
        return any(line.comment is not None and id(line.comment) in ours
                   for line in stmt.leading_lines)

    def no_such_attribute(self, stmt):
        """`response.statis = 400` (a typo): Bottle's response takes any attribute and
        nothing reads it, so the line did nothing in Bottle; it is taken out under a TODO
        rather than left on Bottle's response (or read as a change of the response)."""
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) \
            and len(stmt.body) == 1 else None
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
            [small.target] if isinstance(small, cst.AugAssign) else []
        if len(targets) != 1 or not isinstance(targets[0], cst.Attribute) \
                or self.rule.api(targets[0].value) != "response" \
                or targets[0].attr.value in RESPONSE_API \
                or re.search(rf"\bresponse\.{targets[0].attr.value}\b(?!\s*[-+*/]?=[^=])",
                             self.rule.state.app_text):  # read back somewhere: kept
            return stmt
        return self.rule.leave_out(stmt, f"response.{targets[0].attr.value} is nothing of "
                                   "Bottle's response (a typo?): the line did nothing in "
                                   "Bottle either, so it is taken out")

    def had_effect(self, stmt) -> bool:
        """Whether the line reaches something Bottle's response has (`response.statis =`
        sets an attribute nothing reads, in Bottle as in the port)."""
        find = _Effects(self.rule)
        walk(stmt, find)
        return find.found

    def uses_bottle(self, stmt) -> bool:
        return any(self.rule.facts.bottle.get(n) == "response" for n in names_read(stmt))

    def inner(self, stmt, later: set[str]):
        """A compound statement with its blocks rewritten (not nested functions); one
        that spells no Bottle response is left as it is (nothing of it would change, and
        LibCST would rebuild it whole)."""
        if isinstance(stmt, cst.FunctionDef | cst.ClassDef) or \
                not isinstance(stmt, cst.BaseCompoundStatement) or not self.uses_bottle(stmt):
            return stmt

        class Blocks(Transformer):
            def visit_FunctionDef(_, node) -> bool:
                return False

            def visit_ClassDef(_, node) -> bool:
                return False

            def leave_IndentedBlock(_, original, updated):
                return updated.with_changes(body=self.block(list(updated.body), later))

        # a change in a `for` loop reading its target (`for name in request.cookies:
        # response.set_cookie(name, "")`): the function made of it takes the value this
        # pass has, as a default; it runs after the loop, when the name holds the last
        added = _target_names(stmt.target) - self.loop_names \
            if isinstance(stmt, cst.For) else set()
        self.loop_names |= added
        try:
            return stmt.visit(Blocks())
        finally:
            self.loop_names -= added

    def terminal(self, stmt) -> cst.BaseExpression | None:
        """The value a block's last statement answers with: `return E` or redirect()."""
        if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
            return None
        small = stmt.body[0]
        if isinstance(small, cst.Return) and small.value is not None:
            return small.value
        if isinstance(small, cst.Return) and self.view:  # Bottle sent None as an empty body
            return cst.SimpleString('""')
        return None

    def fold(self, stmts: list, at: list[int], later: set[str]) -> list | None:
        end = len(stmts) - 1
        value = self.terminal(stmts[end])
        if value is None or at[-1] == end:
            return None
        between = [s for i, s in enumerate(stmts[at[0]:end], at[0]) if i not in at]
        if leaves(between):
            return None
        for i in at:
            after = [s for j, s in enumerate(stmts[i + 1:end], i + 1) if j not in at]
            if clashes(paths_read(stmts[i].body[0]), paths_bound(after)):
                return None
        changes = [stmts[i].body[0] for i in at]
        comments = [line for i in at for line in stmts[i].leading_lines if line.comment]
        kept = [s for i, s in enumerate(stmts[:end]) if i not in at]
        last = stmts[end]
        if self.replaces(value):
            # Bottle's returned HTTPResponse replaces the response: these changes were
            # lost there. Dropped, as Bottle did, and shown where they stood.
            gone = [cst.EmptyLine(comment=cst.Comment(
                "# flask-port/P005: dropped, as Bottle did (the HTTPResponse returned below "
                "replaces the response):"))] + [
                cst.EmptyLine(comment=cst.Comment(
                    "#   " + cst.Module([]).code_for_node(stmts[i]).strip()))
                for i in at]
            self.rule.fired(len(changes))
            return [*kept, last.with_changes(
                leading_lines=[*comments, *last.leading_lines, *gone])]
        redirect = isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
            and value.func.value == "redirect"
        if redirect and any(_sets_status(stmts[i]) for i in at):
            # Bottle's redirect() copies the response and then sets its own status: a
            # status set before it was lost there. Dropped, as Bottle did, and shown.
            lost = [i for i in at if _sets_status(stmts[i])]
            comments += [cst.EmptyLine(comment=cst.Comment(
                "# flask-port/P005: dropped, as Bottle did (redirect() sets its own status): "
                + cst.Module([]).code_for_node(stmts[i].body[0]).strip())) for i in lost]
            self.rule.fired(len(lost))
            at = [i for i in at if i not in lost]
            changes = [stmts[i].body[0] for i in at]
            if not at:
                return [*kept, last.with_changes(leading_lines=[*comments,
                                                                *last.leading_lines])]
        parts = tuple_parts(changes)
        if parts and not redirect and not isinstance(value, cst.Tuple):
            status, headers = parts
            items = [value] + ([status] if status is not None else [])
            if headers:
                items.append(cst.Dict([cst.DictElement(k, v) for k, v in headers]))
            ret = cst.Return(cst.Tuple([cst.Element(v) for v in items], lpar=[], rpar=[]))
            new = last.with_changes(body=[ret],
                                    leading_lines=[*comments, *last.leading_lines])
            self.rule.fired(len(changes))
            return [*kept, new]
        name = fresh(self.used, "resp")
        self.used.add(name)
        if not redirect:
            self.rule.need_import("flask", "make_response")
            value = cst.Call(cst.Name("make_response"), [cst.Arg(value)])
        first = cst.SimpleStatementLine(
            [cst.Assign([cst.AssignTarget(cst.Name(name))], value)],
            leading_lines=[*comments, *last.leading_lines])
        moved = [self.rule.converted(c, cst.SimpleStatementLine([on(c, name)]))
                 for c in changes]
        final = cst.SimpleStatementLine([cst.Return(cst.Name(name))])
        return [*kept, first, *moved, final]

    def replaces(self, value: cst.BaseExpression) -> bool:
        """Is the returned value Bottle's HTTPResponse, now Flask's `Response(...)`, or
        what Bottle's static_file() answered (an HTTPResponse, an HTTPError for a file it
        does not serve), now Flask's `send_from_directory(...)` (P012)?"""
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
            return False
        made = {"Response": "HTTPResponse", "send_from_directory": "static_file"}.get(
            value.func.value)
        return made is not None and made in self.rule.facts.bottle.values()

    def closures(self, stmts: list, at: list[int], later: set[str]) -> list:
        runs: list[list[int]] = []
        for i in at:
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])
        out = list(stmts)
        for run in reversed(runs):
            bound = later | paths_bound(stmts[run[-1] + 1:])
            read = set().union(*(paths_read(stmts[i].body[0]) for i in run))
            # `response.status = 400` further on changes Bottle's response, it does not
            # rebind the name: that change is ported where it stands
            read = {n for n in read
                    if self.rule.facts.bottle.get(n.split(".")[0]) != "response"}
            clash = clashes(read, bound)
            # a plain name bound again further on (`name = name.upper()` after the
            # cookie is set): the function takes its value as it stands here, as a
            # default, as Bottle's response took it; a path changed inside (`self.x`,
            # `data.x = ...`) has no such snapshot: a TODO
            rebound, changed = _rebound(stmts[run[-1] + 1:])
            captured = clash if all(c in rebound and c not in changed and c not in later
                                    for c in clash) else None
            if captured is not None:
                captured = [*captured, *sorted(n for n in read if n in self.loop_names
                                               and n not in captured)]
            if captured is None:
                out[run[0]] = self.rule.todo_on(out[run[0]], (
                    f"response change before {', '.join(clash)} is assigned "
                    "again: set it on the response the view returns (make_response)"),
                    breaks=True)  # Bottle's response, which Flask never sends
                self.flagged.add(id(out[run[0]]))
                continue
            self.rule.need_import("flask", "after_this_request")
            name = fresh(self.used, closure_name([stmts[i].body[0] for i in run]))
            aborts = self.before_hook or aborts_in(stmts[run[-1] + 1:])
            self.used.add(name)
            body = [self.rule.converted(stmts[i].body[0], cst.SimpleStatementLine(
                [on(stmts[i].body[0], "response")])) for i in run]
            if self.redirects:
                body = _unless_redirected(body)
            body.append(cst.SimpleStatementLine([cst.Return(cst.Name("response"))]))
            comments = [line for i in run for line in stmts[i].leading_lines]
            params = [cst.Param(cst.Name("response")),
                      *(cst.Param(cst.Name(c), default=cst.Name(c), equal=cst.AssignEqual(
                          cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
                        for c in captured)]
            func = cst.FunctionDef(
                cst.Name(name), cst.Parameters(params),
                cst.IndentedBlock(body), decorators=[cst.Decorator(cst.Name("after_this_request"))],
                leading_lines=comments)
            if aborts:  # Bottle's HTTPError replaces the response: the change is lost there
                func = self.rule.mark(func, "D-error-response", self.rule.paths, [
                    found for i in run for found in _differs(stmts[i].body[0])])
            out[run[0]:run[-1] + 1] = [func]
        return out


def _target_names(target: cst.BaseExpression) -> set[str]:
    """The plain names a `for` loop's target binds (`name`, `key, value`)."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, cst.Tuple | cst.List):
        return set().union(*(_target_names(e.value) for e in target.elements))
    return set()


# What Bottle's BaseResponse has: a line reaching one of these changed or read the answer.
RESPONSE_API = {"status", "status_code", "status_line", "headers", "headerlist", "charset",
                "content_type", "content_length", "expires", "set_header", "add_header",
                "get_header", "iter_headers", "set_cookie", "delete_cookie", "body", "copy",
                "COOKIES", "bad_headers", "default_status", "default_content_type"}
# Calls that end the view with another answer: Bottle threw its response away for it.
REPLACING = {"abort", "Response", "HTTPResponse", "HTTPError"}


class _Effects(Visitor):
    """Folder.had_effect()'s reader: whether a line reaches a member of Bottle's response
    or hands it on whole."""

    def __init__(self, rule) -> None:
        super().__init__()
        self.rule = rule
        self.found = False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self.rule.api(node.value) == "response":
            self.found = self.found or node.attr.value in RESPONSE_API

    def visit_Name(self, node: cst.Name) -> None:
        if self.rule.api(node) == "response":
            self.found = True  # handed on whole: anything may happen to it


def _thrown_away(later: list, status: bool = False) -> bool:
    """A statement after it in the same block answers with a response of its own (return
    redirect(...), abort(...), raise): Bottle dropped the change, as Flask does."""
    for stmt in later:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        small = stmt.body[0]
        if isinstance(small, cst.Raise):
            return True
        value = small.value if isinstance(small, cst.Return | cst.Expr) else None
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
                and value.func.value in REPLACING | ({"redirect"} if status else set()):
            return True  # redirect() copies Bottle's response, all but its status
    return False


def _unless_redirected(body: list) -> list:
    """Status changes kept off a redirect: Bottle's redirect() copies the response it
    was given, all but its status, so a status set before a redirect further on (past
    the block: after a try, an if) never reached the client."""
    status = [stmt for stmt in body if _sets_status(stmt)]
    if not status:
        return body
    guard = cst.If(cst.parse_expression("not 300 <= response.status_code < 400"), cst.IndentedBlock(
        status), leading_lines=[cst.EmptyLine(comment=cst.Comment(
            "# a redirect keeps its own status, as Bottle's redirect() did"))])
    return [*[stmt for stmt in body if not _sets_status(stmt)], guard]


def _sets_status(stmt) -> bool:
    small = stmt.body[0] if len(stmt.body) == 1 else None
    return isinstance(small, cst.Assign) and any(
        isinstance(t.target, cst.Attribute) and t.target.attr.value in {"status", "status_code"}
        for t in small.targets)


# What a change reads and what is assigned after it, as dotted paths (`self.session`):
# an @after_this_request function reads its values when the view is done, so a value
# assigned again in between would be the new one there. `self.data = {}` assigns
# `self.data`, not `self` nor `self.session`.
def _path(node) -> str | None:
    """`a.b.c` for a chain of names, else None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = _path(node.value)
        return None if base is None else f"{base}.{node.attr.value}"
    return None


def paths_read(node: cst.CSTNode) -> set[str]:
    """Every name and attribute chain of names the node reads."""
    read = _Read()
    walk(node, read)
    return read.found


class _Read(Visitor):
    """paths_read()'s reader."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        path = _path(node)
        if path is None:
            walk(node.value, self)  # `f().x`: what f() reads; `x` is no name
            return False
        self.found.add(path)
        return False

    def visit_Name(self, node: cst.Name) -> None:
        self.found.add(node.value)


def _targets(node, found: set[str]) -> None:
    if isinstance(node, cst.Tuple | cst.List):
        for element in node.elements:
            _targets(element.value, found)
    elif isinstance(node, cst.StarredElement):
        _targets(node.value, found)
    elif isinstance(node, cst.Subscript):  # `d["k"] = v` changes what d holds
        _targets(node.value, found)
    elif (path := _path(node)) is not None:
        found.add(path)
    else:
        found.update(names_read(node))


def _rebound(nodes) -> tuple[set[str], set[str]]:
    """(the plain names these statements assign to, rebinding them: `name = ...`,
    `for name in`; the names they change otherwise: `name[k] = `, `name.x = `,
    `name += `, which a default argument would not snapshot)."""
    rebound: set[str] = set()
    changed: set[str] = set()

    def target(node) -> None:
        if isinstance(node, cst.Name):
            rebound.add(node.value)
        elif isinstance(node, cst.Tuple | cst.List):
            for element in node.elements:
                target(element.value)
        elif isinstance(node, cst.StarredElement):
            target(node.value)
        else:
            changed.update(p.split(".")[0] for p in paths_read(node))

    class Bound(Visitor):
        def visit_AssignTarget(self, node) -> None:
            target(node.target)

        def visit_AnnAssign(self, node) -> None:
            target(node.target)

        def visit_For(self, node) -> None:
            target(node.target)

        def visit_AugAssign(self, node) -> None:
            changed.update(p.split(".")[0] for p in paths_read(node.target))

    for node in nodes:
        walk(node, Bound())
    return rebound, changed


def paths_bound(nodes) -> set[str]:
    """Names and attribute chains assigned anywhere in these statements."""
    bound = _PathsBound()
    for node in nodes:
        walk(node, bound)
    return bound.found


class _PathsBound(Visitor):
    """paths_bound()'s reader."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_AssignTarget(self, node) -> None:
        _targets(node.target, self.found)

    def visit_AugAssign(self, node) -> None:
        _targets(node.target, self.found)

    def visit_AnnAssign(self, node) -> None:
        _targets(node.target, self.found)

    def visit_For(self, node) -> None:
        _targets(node.target, self.found)

    def visit_AsName(self, node) -> None:
        _targets(node.name, self.found)

    def visit_NamedExpr(self, node) -> None:
        _targets(node.target, self.found)


def clashes(read: set[str], bound: set[str]) -> list[str]:
    """The paths read that something assigned later changes: the same path, one
    inside it (`self.session` read, `self` assigned), or one it holds (`self` read,
    `self.data` assigned)."""
    return sorted({r for r in read for b in bound
                   if r == b or r.startswith(b + ".") or b.startswith(r + ".")})


def _differs(small: cst.BaseSmallStatement) -> list[tuple[str, str]]:
    """What a change sets, as parity names it (a header, a cookie): what differs where
    the view's own answer replaced Bottle's response and Flask's keeps the change. A
    status, or a name not written out, is named by nothing: parity shows it."""
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) \
            and isinstance(small.value.func, cst.Attribute):
        method, args = small.value.func.attr.value, small.value.args
        name = _literal(args[0].value) if args and args[0].keyword is None else None
        kind = "cookie" if method in ("set_cookie", "delete_cookie") else "header"
        if kind == "header" and name and name.lower() == "set-cookie":  # the cookie's name
            value = args[1].value if len(args) > 1 else None
            return _set_cookie_named(value)
        return [(kind, name)] if name else []
    if isinstance(small, cst.Assign):
        target = small.targets[0].target
        if isinstance(target, cst.Subscript) and len(target.slice) == 1 \
                and isinstance(target.slice[0].slice, cst.Index):
            name = _literal(target.slice[0].slice.value)
            if name and name.lower() == "set-cookie":
                return _set_cookie_named(small.value)
            return [("header", name)] if name else []
        if isinstance(target, cst.Attribute) and target.attr.value == "content_type":
            return [("header", "Content-Type")]
    return []


def _set_cookie_named(value: cst.BaseExpression | None) -> list[tuple[str, str]]:
    """A Set-Cookie header written out (`"name=" + value`, `f"name={value}"`): parity
    names it by its cookie's name, the text before the first `=` of what leads it."""
    while isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        value = value.left
    text = _literal(value) if value is not None else None
    if isinstance(value, cst.FormattedString) and value.parts \
            and isinstance(value.parts[0], cst.FormattedStringText):
        text = value.parts[0].value
    if text and "=" in text and text.split("=", 1)[0].strip():
        return [("cookie", text.split("=", 1)[0].strip())]
    return []


def _literal(node: cst.BaseExpression) -> str | None:
    return node.evaluated_value if isinstance(node, cst.SimpleString) \
        and isinstance(node.evaluated_value, str) else None

