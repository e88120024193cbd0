"""P015: mount and merge: sub-applications

app.mount("/api/", api_app)
 -> app.wsgi_app = DispatcherMiddleware(app.wsgi_app, {"/api": api_app})

Bottle's mount hands the request to the other app with the prefix moved from
PATH_INFO to SCRIPT_NAME; Werkzeug's DispatcherMiddleware does the same, so this
keeps behaviour once the mounted app is a WSGI app (ported itself, or any other).
A prefix written without its trailing slash (`mount("/api", x)`) also hands the bare
`/api` to `x`, as its "/", as Bottle does (Werkzeug would hand it an empty path, which
Flask answers with a 308): the mounted app is wrapped in `bottle_mount.bare_prefix()`.
A second mount on the same app adds its prefix to that one dispatcher, which tries
the longest prefix first (a dispatcher wrapped around the first would be asked first,
and its shorter prefix would take the longer one's requests).
Bottle 0.13 merges a Bottle app mounted under a prefix ending in "/" into the parent
(its routes re-rooted there, run with the parent's hooks and error pages, not its own,
request.path whole); the dispatcher hands those requests to the mounted app alone:
D-mount-alone, declared where the installed Bottle merges (0.12 mounts every app as a
WSGI app, as the dispatcher does, but such a mount is a route of the parent, whose
hooks ran first: declared there where the app has hooks). Where the app attaches error
pages or hooks to any of its apps, the dispatcher would answer below the prefix with
the mounted app's own (a 404 page, a header a hook sets) where Bottle 0.13 answers with
the parent's: the site keeps its exact form there, `bottle_mount.mount()`, which merges
as Bottle does.
`merge()` copies another app's routes into this one, as they are at that moment:
`bottle_mount.merge(app, other)` adds other's URL rules and views to app. A view
whose name app already uses gets other's name before it, `other.x` (Bottle's routes
have no names to clash). Both helpers are functions of port/compat/bottle_mount.py,
which the port copies beside the app. merge() of a value the port does not know as an
app (`self.bottle.merge(controller.app)`, an attribute of an object a function made)
is merged by the same helper when it runs, under a TODO: it is an app then in every
app seen so far, and leaving it out lost every route it holds; the helper refuses a
value that is no app with a clear error. A list of Bottle's routes (`api.routes`, a list
written out) and a mount with route options are commented out under a TODO, so the port
starts. The app may be any
expression for it: `self.web.merge(api)`, a factory's `merge(make_api())`, a
parameter `parent.mount(where, child)`.

A mount whose prefix is only known when the code runs (`app.config["prefix"]`, a
parameter) has no idiomatic form: it is `bottle_mount.mount(app, prefix, other)`, the
helper the port copies (port/compat/bottle_mount.py), which mounts any WSGI app value
as Bottle's mount does. A mount with a literal prefix is a site with both forms
(`site("mount", dispatcher, helper)`): it takes that exact candidate too under
--faithful, or where the check repaired the site.
"""

from __future__ import annotations

import bottle
import libcst as cst
from libcst.helpers import ensure_type

from ..edit import Transformer, arg, string_value
from .base import Candidate, Change, Companion, Declare, Import, Rule

# The helpers' module (port/compat/bottle_mount.py): a mount whose prefix is read at run
# time, a prefix's bare path, merge()
HELPER = Companion.MOUNT
# Whether the installed Bottle merges a Bottle app mounted at a prefix ending in "/"
# into the parent (0.13's _mount_app) or mounts it as any WSGI app (0.12)
BOTTLE_MERGES = not bottle.__version__.startswith("0.12.")
# What makes a merged mount answer otherwise than the mounted app alone: the parent's
# error pages and hooks run on the merged routes in Bottle 0.13
OWN_ANSWERS = ("error", "hook", "add_hook")
HOOKS = ("hook", "add_hook")  # Bottle's WSGI mount ran the parent's before the mounted app


class Mount(Rule):
    code = "P015"
    triggers = ("mount", "merge")
    summary = "mount() as DispatcherMiddleware; merge() copies the other app's rules"
    declares = (Change("D-mount-alone", "17. Mounting",
                       "a request under a mounted app's prefix is answered by that app "
                       "alone: its own hooks and error pages run on it, the parent's do not, "
                       "and its views' request.path lacks the prefix (Bottle 0.13 merged a "
                       "mounted Bottle app's routes into the parent, which ran them with "
                       "its own)"),)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.mounted: set[str] = set()  # apps given a DispatcherMiddleware in this module

    def helper(self, name: str) -> cst.Attribute:
        """`bottle_mount.name`: one of the helpers of compat/bottle_mount.py, which the
        port copies beside the module."""
        self.need_helper(HELPER)
        return cst.Attribute(cst.Name(HELPER.value), cst.Name(name))

    def leave_SimpleStatementLine(self, original, updated):
        """What Flask's app cannot do is commented out under a TODO: the app starts."""
        stmt = updated.body[0] if len(updated.body) == 1 else None
        call = stmt.value if isinstance(stmt, cst.Expr) else None
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and self.is_app(call.func.value)):
            return updated
        method = call.func.attr.value
        if method == "merge":
            other = arg(call, 0, "routes")
            if other is None or len(call.args) > 1 or _route_list(other.value):
                return self.leave_out(updated, "merge() of routes that are not a Bottle app "
                                      "here: register them on the Flask app "
                                      "(app.add_url_rule), or make their app a Blueprint")
        elif method == "mount":
            prefix, other = arg(call, 0, "prefix"), arg(call, 1, "app")
            if prefix is None or other is None or len(call.args) > 2:
                return self.leave_out(updated, "mount() with route options: Flask has no "
                                      "route to give them; bottle_mount.mount(app, prefix, "
                                      "other) mounts the app without them")
        return updated

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        call = updated.value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and self.is_app(call.func.value)):
            return updated
        method = call.func.attr.value
        if method == "merge":
            other = arg(call, 0, "routes")
            if other is None or len(call.args) > 1 or _route_list(other.value):
                return updated  # left out by leave_SimpleStatementLine
            if not self.is_app(other.value):
                # RULE-s49 class B: an app the model cannot follow (an attribute of an
                # object a function made) was left out, and every route it held was lost
                self.todo("merge() of a value the port does not know as an app: "
                          "bottle_mount.merge() merges it when it runs; make its app a "
                          "Blueprint and register it")
            self.fired()
            return updated.with_changes(value=cst.Call(self.helper("merge"), [
                cst.Arg(call.func.value, comma=cst.Comma(
                    whitespace_after=cst.SimpleWhitespace(" "))),
                cst.Arg(other.value)]))
        if method != "mount":
            return updated
        prefix, other = arg(call, 0, "prefix"), arg(call, 1, "app")
        if prefix is None or other is None or len(call.args) > 2:
            return updated  # left out by leave_SimpleStatementLine
        text = string_value(prefix.value)
        if text is None:
            # a prefix read at run time: the helper mounts whatever app value the code
            # holds then, as Bottle did (the only form there is)
            self.fired()
            return updated.with_changes(value=self._helper_mount(call, prefix, other))
        app = cst.Module([]).code_for_node(call.func.value)
        exact = Candidate(self._helper_mount(call, prefix, other, need=False),
                          imports=(Import(HELPER.value, companion=HELPER),))
        merged = BOTTLE_MERGES and text.endswith("/") and self.is_app(other.value)
        keeps = ""
        if merged and self._attached(OWN_ANSWERS):
            keeps = ("Bottle 0.13 merges the mounted app into this one: below the prefix "
                     "this app's error pages and hooks answer, where a Flask mount hands "
                     "the request to the mounted app alone")
        # a mount Bottle does not merge is a route of the parent: its hooks ran first
        alone = merged or self._attached(HOOKS)
        chosen = self.site("mount", self._dispatcher(app, text, other, alone), exact,
                           keeps=keeps)
        self.fired()
        if chosen is exact:
            return updated.with_changes(value=chosen.form)
        self.mounted.add(app)
        return chosen.form

    def _attached(self, methods: tuple[str, ...]) -> bool:
        """Whether an app of the port attaches these (error pages, hooks): a module's
        own, where it is ported alone."""
        if self.model is not None:
            return any(self.model.attachments(method) for method in methods)
        return any(found.method in methods for found in self.facts.attachments)

    def _helper_mount(self, call: cst.Call, prefix: cst.Arg, other: cst.Arg,
                      need: bool = True) -> cst.Call:
        """`bottle_mount.mount(app, prefix, other)`: the exact form, which mounts any app
        value at a prefix known at run time, as Bottle's mount does."""
        func = (self.helper("mount") if need
                else cst.Attribute(cst.Name(HELPER.value), cst.Name("mount")))
        app = ensure_type(call.func, cst.Attribute).value
        return cst.Call(func, [cst.Arg(app, comma=_comma()),
                               cst.Arg(prefix.value, comma=_comma()), cst.Arg(other.value)])

    def _dispatcher(self, app: str, text: str, other: cst.Arg, alone: bool) -> Candidate:
        """The idiomatic form of a mount at a literal prefix: Werkzeug's dispatcher around
        the app's wsgi_app (or the prefix added to the one already there), with the bare
        prefix's wrapper where Bottle hands it to the other app too. `alone`: declared,
        the mounted app answers alone where the installed Bottle merged it (0.13) or ran
        the parent's hooks first (a WSGI mount: 0.12's every one)."""
        key = "/" + text.strip("/")
        imports: list[Import] = []
        declares: tuple[Declare, ...] = ()
        if alone:
            declares = (Declare("D-mount-alone", (f"{key}/*",)),)
        if not text.endswith("/"):  # Bottle also hands the bare prefix to the other app
            imports.append(Import(HELPER.value, companion=HELPER))
            other = other.with_changes(value=cst.Call(
                cst.Attribute(cst.Name(HELPER.value), cst.Name("bare_prefix")),
                [cst.Arg(other.value)]))
        if app in self.mounted:  # one dispatcher: a second one around it would be asked first
            line = f"{app}.wsgi_app.mounts[{key!r}] = OTHER\n"
        else:
            imports.append(Import("werkzeug.middleware.dispatcher", "DispatcherMiddleware"))
            line = f"{app}.wsgi_app = DispatcherMiddleware({app}.wsgi_app, {{{key!r}: OTHER}})\n"
        assign = ensure_type(cst.parse_statement(line), cst.SimpleStatementLine).body[0]
        form = ensure_type(assign.visit(_Replace(other.value)), cst.Assign)
        return Candidate(form, imports=tuple(imports),
                         declares=declares)

def _route_list(value: cst.BaseExpression) -> bool:
    """Bottle's merge() also takes a list of its routes (`api.routes`, a list written out):
    no app to merge in the port."""
    return (isinstance(value, cst.Attribute) and value.attr.value == "routes") \
        or isinstance(value, cst.List | cst.ListComp | cst.Tuple)


def _comma() -> cst.Comma:
    return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))


class _Replace(Transformer):
    def __init__(self, node):
        super().__init__()
        self.node = node

    def leave_Name(self, original, updated):
        return self.node if updated.value == "OTHER" else updated

