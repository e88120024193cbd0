"""Changes the default port makes where the app is made: `Flask(...)`'s keyword
arguments (template_folder, static_folder) and lines right after it (a Jinja loader,
converter registrations), in any scope: the module, a factory, a method."""

from __future__ import annotations

import libcst as cst

from .edit import REMOVE, Transformer, app_target, is_flask_call, kw
from .rules.base import PortState, declared_mark


def app_options(module: cst.Module, state: PortState) -> cst.Module:
    """`Flask(__name__, ...)` with the options the rules set (state.app_options), and the
    declared changes that belong to the app (state.app_declared) marked on its line."""
    if not state.app_options and not state.app_declared:
        return module

    class Options(Transformer):
        def leave_Call(self, original, updated):
            if not is_flask_call(updated):
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
                marks.append(declared_mark(state, len(state.declared) - 1))
            state.app_declared = []
            return updated.with_changes(leading_lines=[*updated.leading_lines, *marks])

    return module.visit(Options())
