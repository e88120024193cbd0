"""Changes the default port makes where the app is made: `Flask(...)`'s keyword
arguments (template_folder, static_folder) and lines right after it (a Jinja loader,
converter registrations), in any scope: the module, a factory, a method."""

from __future__ import annotations

import libcst as cst
from libcst.helpers import parse_template_statement

from .quick import Transformer
from .rules.base import DECLARED_MARK, REMOVE, kw


def app_target(stmt, app_name: str) -> cst.BaseExpression | None:
    """What `X = Flask(...)` binds (a name or `self.app`), or the app a module imports."""
    from .shims import _makes_app
    if not isinstance(stmt, cst.SimpleStatementLine):
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and _is_flask(small.value):
        return small.targets[0].target  # `app = application = Flask(...)`: the first
    if isinstance(small, cst.ImportFrom) and _makes_app(stmt, app_name):
        return cst.Name(app_name)
    return None


def _is_flask(node) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
        and node.func.value == "Flask"


def after_app(module: cst.Module, state, templates: list[str], **values) -> tuple[
        cst.Module, bool]:
    """Each statement template (`{app}` is the app) after every statement that makes or
    imports the app; False when there is none."""
    placed = []

    def body(stmts):
        new = []
        for stmt in stmts:
            new.append(stmt)
            target = app_target(stmt, state.app_name)
            if target is not None:
                placed.append(target)
                new += [parse_template_statement(t, app=target, **values) for t in templates]
        return new

    class Place(Transformer):
        def leave_IndentedBlock(self, original, updated):
            return updated.with_changes(body=body(updated.body))

        def leave_Module(self, original, updated):
            return updated.with_changes(body=body(updated.body))

    module = module.visit(Place())
    return module, bool(placed)


def app_options(module: cst.Module, state) -> cst.Module:
    """`Flask(__name__, ...)` with the options the rules set (state.app_options), and the
    declared changes that belong to the app (state.app_declared) marked on its line."""
    if not state.app_options and not state.app_declared:
        return module

    class Options(Transformer):
        def leave_Call(self, original, updated):
            if not _is_flask(updated):
                return updated
            args, done = [], set()
            for a in updated.args:
                key = a.keyword.value if a.keyword else None
                if key in state.app_options:
                    done.add(key)
                    if state.app_options[key] is REMOVE:
                        continue
                    a = a.with_changes(value=state.app_options[key])
                args.append(a)
            for key, value in state.app_options.items():
                if value is not REMOVE and key not in done:
                    args.append(kw(key, value))
            args = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in args]
            return updated.with_changes(args=[
                a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                for a in args[:-1]] + args[-1:])

        def leave_SimpleStatementLine(self, original, updated):
            if app_target(updated, "") is None or not state.app_declared:
                return updated
            marks = []
            for change, paths in state.app_declared:
                state.declared.append({"id": change, "paths": list(paths)})
                marks.append(cst.EmptyLine(comment=cst.Comment(
                    f"{DECLARED_MARK}{len(state.declared) - 1}")))
            state.app_declared = []
            return updated.with_changes(leading_lines=[*updated.leading_lines, *marks])

    return module.visit(Options())
