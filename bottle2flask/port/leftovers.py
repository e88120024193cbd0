"""What a Bottle app object has and a Flask app does not, left in the port: a TODO each.

Every rule converts what it knows (routes, hooks, plugins, mounts, filters); an attribute
only Bottle's app has that no rule took would fail when the line runs, an
AttributeError with no word from the port. Checked on the ported module, so only what
is left is named, on every expression the model knows holds an app: a name
(`app.routes`), `self` in a Bottle subclass (`self.router`), an attribute that holds one
(`self.web.plugins`), a factory's new app (`make_api().match`). BOTTLE_ONLY holds every
member of Bottle's app in the conformance table that a Flask app lacks (a test holds
them equal), so a use no rule converted is never left silent.
"""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from .contract import PortState, TodoKey
from .edit import is_name
from .needed_imports import Wanted
from .passes import EngineWalker
from .rules.base import state as port_state
from .rules.base import todo_note

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
    "match": "Bottle's route lookup: Flask's is app.url_map.bind_to_environ(environ).match()",
    "close": "Bottle's plugin close: Flask has no plugins (app.teardown_appcontext cleans up)",
    "resources": "Bottle's ResourceManager: Flask's app.open_resource() reads from "
                 "app.root_path",
    "default_error_handler": "Bottle's error page: Flask's is the HTTPException's "
                             "get_response()",
    "wsgi": "Bottle's WSGI entry: Flask's is app.wsgi_app (or the app itself)",
    "mounts": "Bottle 0.12's mounted apps: Flask's are blueprints (app.blueprints)",
    # what the rules convert where they can read the call; left, they fail all the same
    "error": "Bottle's error page registration: Flask's is app.register_error_handler(code, f)",
    "hook": "Bottle's hook registration: Flask's are app.before_request(f) and "
            "app.after_request(f) (which takes and returns the response)",
    "add_route": "Bottle's Route registration: Flask's is app.add_url_rule(rule, "
                 "view_func=..., methods=[...])",
    "mount": "Bottle's mount: bottle_mount.mount(app, prefix, other) (port/compat) or "
             "werkzeug's DispatcherMiddleware around app.wsgi_app",
    "merge": "Bottle's merge of another app's routes: register them with app.add_url_rule, "
             "or make that app a Blueprint",
    "install": "Bottle's plugin install: Flask has no plugins (use hooks or decorators)",
    "get_url": "Bottle's URL builder: Flask's is flask.url_for(endpoint, **values)",
    "tpl": "Bottle 0.13's template settings: Flask's are app.jinja_env",
}
CODE = "P001"


class Flag(EngineWalker):
    """A TODO above each statement (or the compound statement's header, `for route in
    app.routes:`) that still reads a Bottle-only attribute of an app, all of them
    breaking (`found`: their code and text). Flask's `current_app` counts as an app
    where the module imports it (P004 writes Bottle's `request.app` so): `current_app`,
    the module's answer once its imports are added. Besides these names, any expression
    the module's facts take for an app (`self.web`, `make_api()`).

    It rides in the walk of the LAST phase (passes.run), after the post-steps' placements
    (which place nothing it flags) and before P001's prune, which takes out imports
    only: the statements it reads are those the port writes."""

    def __init__(self, context, apps: set[str], current_app: bool) -> None:
        super().__init__(context)
        self.state: PortState = port_state(context)
        self.apps = apps | {"current_app"} if current_app else apps
        self.stack: list[list[str]] = []  # the texts of each open statement
        self.classes: list[str] = []  # the classes around the node
        self.found: list[TodoKey] = []

    def wanted(self) -> bool:
        """Whether the module has an app for it to look at."""
        facts = self.state.settings.facts
        return bool(self.apps or facts.app_attrs or facts.factories or facts.holders
                    or facts.imported_holders or facts.module_apps)

    def holds_app(self, node: cst.BaseExpression) -> bool:
        facts = self.state.settings.facts
        if isinstance(node, cst.Name) and node.value == "self" and facts.app_classes:
            # in a module with a Bottle subclass, `self` is an app in its methods only
            return bool(self.classes) and self.classes[-1] in facts.app_classes
        if isinstance(node, cst.Name):
            return node.value in self.apps
        return isinstance(node, cst.Attribute | cst.Call) and facts.is_app(node)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes.append(node.name.value)

    def leave_ClassDef(self, original, updated):
        self.classes.pop()
        return updated

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self.stack and node.attr.value in BOTTLE_ONLY and self.holds_app(node.value):
            owner = cst.Module([]).code_for_node(node.value)
            self.stack[-1].append(f"`{owner}.{node.attr.value}` is "
                                  f"{BOTTLE_ONLY[node.attr.value]}")

    def open(self, node) -> None:
        self.stack.append([])

    def close(self, original, updated):
        texts = list(dict.fromkeys(self.stack.pop()))
        self.found.extend(TodoKey(CODE, text) for text in texts)
        lines = [todo_note(self.state, CODE, text) for text in texts]
        return updated.with_changes(leading_lines=[*updated.leading_lines, *lines]) \
            if lines else updated

    visit_SimpleStatementLine = visit_For = visit_If = visit_While = visit_With = open
    leave_SimpleStatementLine = leave_For = leave_If = leave_While = leave_With = close


def imports_current_app(module: cst.Module, wanted: Iterable[Wanted] = ()) -> bool:
    """Whether the module takes `current_app` from flask at its top, or will once the
    imports its rules asked for are added (needed_imports.py)."""
    return any(item.module == "flask" and item.name == "current_app" and item.asname is None
               for item in wanted) or any(
        isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
        and isinstance(small := line.body[0], cst.ImportFrom)
        and is_name(small.module, "flask") and not isinstance(small.names, cst.ImportStar)
        and any(is_name(a.name, "current_app") and a.asname is None for a in small.names)
        for line in module.body)
