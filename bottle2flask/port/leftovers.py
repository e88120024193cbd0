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

import libcst as cst

from .contract import PortState, TodoKey
from .edit import is_name
from .rules.base import todo_note
from .walk import TRIVIA, transform

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
STATEMENTS = (cst.SimpleStatementLine, cst.For, cst.If, cst.While, cst.With)


def flag(module: cst.Module, apps: set[str],
         state: PortState) -> tuple[cst.Module, list[TodoKey]]:
    """The module with a TODO above each statement that still reads a Bottle-only
    attribute of an app, and the TODOs (code, text), all of them breaking. Flask's
    `current_app` counts as an app when the module imports it (P004 writes Bottle's
    `request.app` so); besides these names, any expression the module's facts take for
    an app (`self.web`, `make_api()`)."""
    if imports_current_app(module):
        apps = apps | {"current_app"}
    facts = state.settings.facts
    if not (apps or facts.app_attrs or facts.factories or facts.holders
            or facts.imported_holders or facts.module_apps):
        return module, []
    classes: list[str] = []  # the classes around the node

    def holds_app(node: cst.BaseExpression) -> bool:
        if isinstance(node, cst.Name) and node.value == "self" and facts.app_classes:
            # in a module with a Bottle subclass, `self` is an app in its methods only
            return bool(classes) and classes[-1] in facts.app_classes
        if isinstance(node, cst.Name):
            return node.value in apps
        return isinstance(node, cst.Attribute | cst.Call) and facts.is_app(node)

    found: list[TodoKey] = []

    class Flag(cst.CSTTransformer):
        """A TODO above the statement (or the compound statement's header, `for route in
        app.routes:`) that reads the attribute."""

        def __init__(self) -> None:
            super().__init__()
            self.stack: list[list[str]] = []  # the texts of each open statement

        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, cst.ClassDef):
                classes.append(node.name.value)
            if isinstance(node, STATEMENTS):
                self.stack.append([])
            elif self.stack and isinstance(node, cst.Attribute) \
                    and node.attr.value in BOTTLE_ONLY and holds_app(node.value):
                owner = cst.Module([]).code_for_node(node.value)
                self.stack[-1].append(f"`{owner}.{node.attr.value}` is "
                                      f"{BOTTLE_ONLY[node.attr.value]}")
            return True

        def on_leave(self, original: cst.CSTNode, updated: cst.CSTNode):
            if isinstance(original, cst.ClassDef):
                classes.pop()
            if not isinstance(original, STATEMENTS) or not isinstance(updated, STATEMENTS):
                return updated
            texts = list(dict.fromkeys(self.stack.pop()))
            found.extend(TodoKey(CODE, text) for text in texts)
            lines = [todo_note(state, CODE, text) for text in texts]
            return updated.with_changes(leading_lines=[*updated.leading_lines, *lines]) \
                if lines else updated

    # its own on_visit reads statements, classes and attributes: never a trivia node
    return transform(module, Flag(), TRIVIA), found


def imports_current_app(module: cst.Module) -> bool:
    """Whether the module takes `current_app` from flask at its top."""
    return any(isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
               and isinstance(small := line.body[0], cst.ImportFrom)
               and is_name(small.module, "flask") and not isinstance(small.names, cst.ImportStar)
               and any(is_name(a.name, "current_app") and a.asname is None
                       for a in small.names)
               for line in module.body)
