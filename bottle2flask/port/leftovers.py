"""What a Bottle app object has and a Flask app does not, left in the port: a TODO each.

Every rule converts what it knows (routes, hooks, plugins, mounts, filters); an attribute
only Bottle's app has that no rule took would fail when the line runs, an
AttributeError with no word from the port. Checked on the ported module, so only what
is left is named.
"""

from __future__ import annotations

import libcst as cst

# Bottle-only attributes of an app, and what Flask has in their place.
BOTTLE_ONLY = {
    "router": "Bottle's router: a Flask app matches with app.url_map (Werkzeug's Map)",
    "routes": "Bottle's list of routes: a Flask app's are app.url_map.iter_rules()",
    "plugins": "Bottle's installed plugins: Flask has none (use hooks or decorators)",
    "uninstall": "Bottle's plugin removal: Flask has no plugins",
    "hooks": "Bottle's hook lists: register with @app.before_request / @app.after_request",
    "add_hook": "Bottle's hook registration: use app.before_request / app.after_request",
    "remove_hook": "Bottle's hook removal: Flask keeps them in app.before_request_funcs",
    "trigger_hook": "Bottle's hook call: Flask runs its hooks itself",
    "error_handler": "Bottle's error pages by status: register with @app.errorhandler(code)",
    "reset": "Bottle's route reset: Flask compiles each rule as it is added",
    "catchall": "Bottle's catchall switch: Flask's is app.config['PROPAGATE_EXCEPTIONS']",
}
CODE = "P001"


def flag(module: cst.Module, apps: set[str]) -> tuple[cst.Module, list[tuple[str, str]]]:
    """The module with a TODO above each statement that still reads a Bottle-only
    attribute of an app, and the TODOs (code, text), all of them breaking."""
    if not apps:
        return module, []
    found: list[tuple[str, str]] = []

    class Flag(cst.CSTTransformer):
        def __init__(self) -> None:
            self.stack: list[list[str]] = []

        def _enter(self) -> bool:
            self.stack.append([])
            return True

        def _leave(self, updated):
            texts = self.stack.pop()
            if not texts:
                return updated
            lines = [cst.EmptyLine(comment=cst.Comment(f"# TODO(kit/{CODE}): {text}"))
                     for text in dict.fromkeys(texts)]
            found.extend((CODE, text) for text in dict.fromkeys(texts))
            return updated.with_changes(leading_lines=[*updated.leading_lines, *lines])

        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> bool:
            return self._enter()

        def leave_SimpleStatementLine(self, original, updated):
            return self._leave(updated)

        # a compound statement's header (`for route in app.routes:`): above it
        def visit_For(self, node: cst.For) -> bool:
            return self._enter()

        def leave_For(self, original, updated):
            return self._leave(updated)

        def visit_If(self, node: cst.If) -> bool:
            return self._enter()

        def leave_If(self, original, updated):
            return self._leave(updated)

        def visit_While(self, node: cst.While) -> bool:
            return self._enter()

        def leave_While(self, original, updated):
            return self._leave(updated)

        def visit_With(self, node: cst.With) -> bool:
            return self._enter()

        def leave_With(self, original, updated):
            return self._leave(updated)

        def visit_Attribute(self, node: cst.Attribute) -> None:
            if self.stack and isinstance(node.value, cst.Name) and node.value.value in apps \
                    and node.attr.value in BOTTLE_ONLY:
                self.stack[-1].append(f"`{node.value.value}.{node.attr.value}` is "
                                      f"{BOTTLE_ONLY[node.attr.value]}")

    return module.visit(Flag()), found
