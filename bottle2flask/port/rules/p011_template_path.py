"""P011: TEMPLATE_PATH: Bottle's template search path, as Flask's template folder

By default the module-level changes to the list are read once, as Flask reads its
templates' folder once:

    TEMPLATE_PATH.insert(0, os.path.join(HERE, "views"))
        ->  Flask(__name__, template_folder="views")
    TEMPLATE_PATH.insert(0, "./tpl/")  ->  Flask(__name__, template_folder="./tpl/")
    TEMPLATE_PATH[:] = [os.path.join(HERE, "app", "views")]
        ->  Flask(__name__, template_folder="app/views")
    TEMPLATE_PATH[:] = [a, b]
        ->  app.jinja_loader = ChoiceLoader([FileSystemLoader(a), FileSystemLoader(b)])
    TEMPLATE_PATH.insert(0, os.path.join(HERE, "site", "views"))  # and views/page.tpl
        ->  app.jinja_loader = ChoiceLoader([FileSystemLoader(os.path.join(HERE, "site",
                                             "views")), FileSystemLoader("./views/")])

An insert or an append leaves Bottle's own entries on its list, `./` and `./views/`: where
the app's templates lie there too (`template("views/page")`, which Bottle finds from
`./`), the loader searches them after the app's folders, in Bottle's order:

    TEMPLATE_PATH.insert(0, "./tpl/")  # and views/page.tpl
        ->  app.jinja_loader = ChoiceLoader([FileSystemLoader("./tpl/"),
                                             FileSystemLoader("./views/")])

Where a render Bottle's own function still makes in the port searches Bottle's list
(P006 keeps a Jinja2 render given `template_settings=`; Mako's and Cheetah's stay
Bottle's; a template function read as a value, `partial(jinja2_template, ...)`, which no
rule converts), the statement stays too, under a TODO that does not break.
A change made in a function (at run time), or after the app is made, is a TODO; where the
module makes the app and a function of it changes the list (`bottle.TEMPLATE_PATH.insert(0,
...)` in a class's `__init__`), the module keeps Bottle's list as --faithful does (below)
and the app's loader searches it, a site kept: Flask reads its folder once, so an entry
added when the code runs would never be searched (a TemplateNotFound, the page a 500).
So does the module that makes the app where another module that uses it changes the list
in a function and makes no app of its own (core.py makes the app, app.py's class inserts
a folder in its `__init__`): that module imports the list from the app's module (`from
core import TEMPLATE_PATH, app`) and changes it there, in both modes. Where that app is
Bottle's default app, which the port makes in `default_app.py` (core.py names it, another
module routes it too), that module keeps the list (`from default_app import TEMPLATE_PATH`).
Where the module uses Bottle's default app, which the port makes in a module of its own
(`default_app.py`, for a default app several modules share), a module-level
`TEMPLATE_PATH.append("templates")` or `.insert(0, ...)` of a literal folder sets the app's
folder there (`app.template_folder = "templates"`).
A folder computed from names (a config module's) appended or inserted after the app is
made is set on the app there (`app.template_folder = folder`), or, where Bottle's own
`./views/` holds the app's templates, a loader that searches both in Bottle's order
(`app.jinja_loader = ChoiceLoader([...])`).
Where the module makes its app from a Flask subclass (`app = Site()`, no `Flask(...)`
here to take the option), the folder is set on the app right after it is made
(`app.template_folder = "tpl"`): Flask reads it at the first render.
Flask reads a relative folder from the app's folder, Bottle from the working
directory: a relative folder is rewritten from the app's module's folder, for an app
run from the folder the port was given (`./project/views/` for an app made in
project/__init__.py becomes `views`).

With --faithful, the list is kept and Flask's loader searches it:

    from bottle import TEMPLATE_PATH
    TEMPLATE_PATH.insert(0, "./templates/")

    bottle.TEMPLATE_PATH = ["./tpl/"]   ->  TEMPLATE_PATH[:] = ["./tpl/"]

A module-level `TEMPLATE_PATH = ["./", "./views/"]` (Bottle's default) replaces the
import, and the Flask app's Jinja loader searches that same list object, so later
inserts and appends still count. An assignment becomes a slice assignment, so it
changes that list wherever it is made (in a function, after the app is made), as
assigning `bottle.TEMPLATE_PATH` did. Relative entries are read from the working
directory, as in Bottle. A module that changes TEMPLATE_PATH but has no app of its
own gets a TODO (its list would not be the one the app reads).
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import libcst as cst

from ..edit import REMOVE, Visitor, is_flask_call, is_flask_init, names_read, string_value, walk
from .base import AppOption, Candidate, FlaskOption, Need, Rule

VIEWS = {"views", "./views", "views/", "./views/"}
BOTTLE_RENDERS = ("TEMPLATE_PATH kept as Bottle's too: a render Bottle's own function still "
                  "makes (a Jinja2 one given template_settings=, Mako's, Cheetah's) searches "
                  "it; the app's template folder is Flask's. Drop it with those renders")
CHOICE = "{app}.jinja_loader = ChoiceLoader({loaders})"
RUN_TIME = ("TEMPLATE_PATH changed when the code runs (in a function): Flask reads its "
            "template folder once, so the app's loader searches Bottle's list as kept here")


@dataclass
class Searched:
    """P011's scratch for a module: whether its template-path site took its exact form
    (Bottle's list kept, the app's loader searching it)."""

    kept: bool = False


@dataclass(frozen=True)
class KeptList:
    """What the template-path site's exact form adds to the rule's way through the
    module: the list is kept (assignments made slice assignments, the module's own list
    placed after its imports) rather than read into the app's folder."""


class TemplatePath(Rule):
    code = "P011"
    summary = "bottle.TEMPLATE_PATH as the app's template folder (--faithful: searched as is)"

    def visit_Module(self, node: cst.Module) -> None:
        self.depth = 0
        self.statements: list[cst.CSTNode] = []  # module-level changes to the list
        # the app's variable, once the module has made it
        self.app: cst.BaseExpression | None = None
        # Bottle's list kept, and searched by the app's loader, as --faithful does: the
        # module makes the app and changes the list in a function (a site kept)
        # ... or a module that uses the app made here does (`bottle.TEMPLATE_PATH.insert`
        # in a class's __init__ in app.py, core.py making the app): it changes this list
        self.beside = self.facts.makes_app() and bool(self.changed_beside())
        self.site_taken = self.template_path_site()
        # the exact form taken by a port that is not --faithful (a site kept or repaired)
        self.kept = self.site_taken and not self.state.faithful
        self.faithful = self.state.faithful or self.site_taken
        # this module changes the list when its code runs, and the app it uses is made in
        # another module, which keeps the list its loader searches: that module's list
        self.keeper = None if self.facts.makes_app() else self.list_keeper()

    def template_path_site(self) -> bool:
        """The template-path site of a module that makes the app and whose list it reads
        (or another module changes in a function, `beside`), given its two forms: the
        app's template folder or loader, read once from the module's changes to the list
        (made as the walk leaves the module: idiomatic()), or Bottle's list kept and
        searched by the app's loader from the working directory. Kept (RUN_TIME) where
        the list changes when the code runs; else asked only where the port takes exact
        forms at all (--faithful, or sites named exact: the check's repair), so the
        default port's report has no site it did not have. Whether the exact form was
        taken."""
        # (a module whose `from bottle import *` lends it the list but never names it
        # has none: its exact form would search a list the module does not hold)
        names = "TEMPLATE_PATH" in self.facts.bottle.values() \
            and "TEMPLATE_PATH" in self.facts.words
        if not self.facts.makes_app() or not (names or self.beside):
            return False
        # under --faithful the app's folder is "." already (runner.module_state)
        options = () if self.state.faithful else (
            AppOption(FlaskOption.TEMPLATE_FOLDER, cst.SimpleString('"."')),)
        exact = Candidate(needs=(Need.TEMPLATE_PATH,), options=options, adds=(KeptList(),))
        at_run_time = names and any(self._is_path(n) for n in self.facts.changed_in_defs) \
            or self.beside
        if at_run_time and not self.state.faithful:
            self.site("template-path", Candidate(), exact, keeps=RUN_TIME)
        else:
            self.site_if_exact("template-path", Candidate(), exact)
        return self.scratch(Searched).kept

    def adopt(self, piece: object) -> None:
        """The exact form's piece: the module keeps Bottle's list."""
        assert isinstance(piece, KeptList)
        self.scratch(Searched).kept = True

    def visit_FunctionDef(self, node) -> None:
        self.depth += 1

    def leave_FunctionDef(self, original, updated):
        self.depth -= 1
        return updated

    def visit_ClassDef(self, node) -> None:
        self.depth += 1

    def leave_ClassDef(self, original, updated):
        self.depth -= 1
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        if not self.depth and self.app is None:
            from ..edit import app_target
            self.app = app_target(updated, "")
        if isinstance(updated.body[0], cst.Import | cst.ImportFrom) \
                or not any(self.facts.bottle.get(n) == "TEMPLATE_PATH"
                           for n in names_read(updated)):
            return updated
        if self.depth and self.keeper is not None:
            # the list the app's module keeps (its loader searches it), changed in place
            self.fired()
            self.need_import(self.keeper, "TEMPLATE_PATH")
            return updated
        if self.faithful:
            return updated
        entries = self.entries(updated)
        if not self.depth and entries is not None and self.app is not None \
                and not self.statements and _computed(entries):
            # After the app, from names the module may bind only now (a config module
            # imported after the app): set the app's folder here, before any page renders.
            self.fired()
            folder = entries[1][0] if entries[0] == "set" else entries[1]
            self.app_option(FlaskOption.TEMPLATE_FOLDER, REMOVE)  # set here, once known
            folder_set = updated.with_changes(body=[self.after_app(entries, folder)])
            if not self.bottle_renders():
                return folder_set
            # Bottle's own list too, for the renders Bottle still makes (RULE-s51 class B)
            self.todo(BOTTLE_RENDERS)
            return cst.FlattenSentinel([updated, folder_set.with_changes(leading_lines=())])
        shared = self.facts.default_app and self.facts.default_from
        if not self.depth and shared and (keeper := self.shared_keeper()) is not None:
            # the module made for the shared default app keeps Bottle's list, another
            # module changing it in a function (its loader searches the list, not the
            # folder): this change goes into that list too
            self.fired()
            self.need_import(keeper, "TEMPLATE_PATH")
            return updated
        if not self.depth and shared and entries is not None and entries[0] != "set" \
                and string_value(entries[1]) is None:
            # ... a folder computed here (`os.path.join(os.path.dirname(__file__), ...)`):
            # searched before Bottle's own entries, as the insert did (the pages whose
            # templates are in views/ still find them)
            self.fired()
            return updated.with_changes(body=[self.after_app(
                entries, entries[1], cst.Name(self.facts.app_name))])
        if not self.depth and shared and entries is not None and entries[0] != "set" \
                and string_value(entries[1]) not in (None, "./", "."):
            # Bottle's default app, which the port makes in a module of its own that this
            # one imports (RULE-s47's class P): the folder set on it here, at the module's
            # top, before any page renders (Flask reads it at the first render)
            self.fired()
            return updated.with_changes(body=[cst.Assign(
                [cst.AssignTarget(cst.Attribute(cst.Name(self.facts.app_name),
                                                cst.Name("template_folder")))],
                self.from_app(entries[1]))])
        if self.depth or entries is None or not self.facts.makes_app():
            self.todo("TEMPLATE_PATH changed here (at run time, in a module that does not make "
                      "the app, or in a way this rule does not read): Flask reads its "
                      "template folder once; set the app's template_folder or jinja_loader "
                      "where the app is made")
            return updated
        self.statements.append(updated)
        self.fired()
        if self.bottle_renders():
            self.todo(BOTTLE_RENDERS)
            return updated  # Bottle's own list too, for the renders Bottle still makes
        return cst.RemovalSentinel.REMOVE

    def changed_beside(self) -> list[str]:
        """The modules that use the app this module makes, make none, and change Bottle's
        TEMPLATE_PATH in a function (their path)."""
        model = self.model
        if model is None:
            return []
        here = PurePosixPath(self.facts.path)
        return [facts.path for rel, m in model.modules.items()
                if (facts := m.facts) is not None and not facts.makes_app()
                and _changes_in_defs(facts) and self._app_maker(m) == here]

    def shared_keeper(self) -> str | None:
        """The dotted name of the module the port makes for the default app this module
        shares, where that module keeps Bottle's TEMPLATE_PATH (a module on that app
        changes it in a function: changed_beside() there), else None."""
        model = self.model
        made = model.default_modules.get(Path(self.facts.path)) if model is not None \
            else None
        if model is None or made is None:
            return None
        target = PurePosixPath(made.as_posix())
        if not any(_changes_in_defs(facts) and (
                self._app_maker(m) == target or model.default_modules.get(rel) == made)
                for rel, m in model.modules.items() if (facts := m.facts) is not None):
            return None
        return ".".join(made.with_suffix("").parts)

    def list_keeper(self) -> str | None:
        """The dotted name of the module that makes the app this one uses, where this one
        changes Bottle's TEMPLATE_PATH in a function (that module keeps the list), else
        None."""
        model = self.model
        if model is None or not _changes_in_defs(self.facts):
            return None
        here = model.modules.get(Path(self.facts.path))
        made_in = self._app_maker(here) if here is not None else None
        if made_in is None:
            return None
        return ".".join(made_in.with_suffix("").parts).removesuffix(".__init__")

    def _app_maker(self, m) -> PurePosixPath | None:
        """The module that makes the app a module imports (`from core import app`): that
        one, or, where it names Bottle's default app that the port makes in a module of
        its own (`default_app.py`, shared with the modules beside it), that module."""
        model = self.model
        made_in = self._app_module(m)
        if model is None or made_in is None:
            return None
        maker = model.modules.get(Path(made_in))
        if maker is None or maker.facts is None:
            return None
        shared = model.default_modules.get(Path(made_in))
        if maker.facts.default_from and shared is not None:
            return PurePosixPath(shared.as_posix())
        return made_in if maker.facts.makes_app() else None

    @staticmethod
    def _app_module(m) -> PurePosixPath | None:
        """The module the app a module imports is made in (`from core import app`)."""
        for local in sorted(m.imported_apps):
            if local in m.imports:
                return PurePosixPath(m.imports[local][0].as_posix())
        return None

    def after_app(self, entries: list, folder: cst.BaseExpression,
                  app: cst.BaseExpression | None = None) -> cst.Assign:
        """`app.template_folder = folder`; where an insert or an append leaves Bottle's
        own entries that hold the app's templates (state.template_defaults: `./views/`),
        a loader that searches them too, in Bottle's order (RULE-s51: `views/x.html`
        rendered beside a folder appended after the app was a TemplateNotFound)."""
        app = app or self.app
        assert app is not None  # (asked once the module has made it)
        kept = [cst.SimpleString(json.dumps(entry)) for entry in self.state.template_defaults]
        if entries[0] == "set" or not kept:
            return cst.Assign(
                [cst.AssignTarget(cst.Attribute(app, cst.Name("template_folder")))],
                folder)
        listed = [folder, *kept] if entries[0] == "insert" else [*kept, folder]
        self.need_import("jinja2", "ChoiceLoader")
        self.need_import("jinja2", "FileSystemLoader")
        loaders = cst.List([cst.Element(cst.Call(cst.Name("FileSystemLoader"), [cst.Arg(f)]))
                            for f in listed])
        return cst.Assign(
            [cst.AssignTarget(cst.Attribute(app, cst.Name("jinja_loader")))],
            cst.Call(cst.Name("ChoiceLoader"), [cst.Arg(loaders)]))

    def bottle_renders(self) -> bool:
        """Whether a module of the app renders with Bottle's own function in the port too,
        which searches Bottle's TEMPLATE_PATH (P006 keeps a Jinja2 render given
        template_settings=; Mako's and Cheetah's stay Bottle's; a template function read
        as a value stays Bottle's)."""
        model = self.model  # (None: this module alone is the app)
        return any(facts.reads_template_path or facts.template_values
                   for facts in (model.all_facts() if model else [self.facts]))

    def entries(self, stmt) -> list | None:
        """How one statement changes the list: ("insert", expr), ("append", expr),
        ("set", [exprs]); None for any other use."""
        small = stmt.body[0]
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            call = small.value
            func = call.func
            if isinstance(func, cst.Attribute) and self._is_path(func.value):
                if func.attr.value == "insert" and len(call.args) == 2:
                    return ["insert", call.args[1].value]
                if func.attr.value == "append" and len(call.args) == 1:
                    return ["append", call.args[0].value]
            return None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                and isinstance(small.value, cst.List | cst.Tuple):
            target = small.targets[0].target
            if self._is_path(target) or isinstance(target, cst.Subscript) \
                    and self._is_path(target.value):
                return ["set", [e.value for e in small.value.elements]]
        return None

    def folders(self) -> list:
        """The folders the app's changes leave on Bottle's list, first searched first: an
        insert or append keeps Bottle's own entries, of which those that hold the app's
        templates (`./views/` holding `views/x.tpl`, which `template("views/x")` finds
        from `./`: state.template_defaults) still count; an assignment replaces them."""
        found: list = [cst.SimpleString(json.dumps(entry))
                       for entry in self.state.template_defaults]
        for stmt in self.statements:
            entry = self.entries(stmt)
            assert entry is not None  # leave_SimpleStatementLine kept only those it reads
            kind, value = entry
            if kind == "set":
                found = list(value)
            elif kind == "insert":
                found.insert(0, value)
            else:
                found.append(value)
        return found

    def idiomatic(self, module: cst.Module) -> cst.Module:
        defaults = set(self.state.template_defaults)
        folders: list = []
        for f in self.folders():  # (once each: the first finds a template)
            path = string_value(f)
            if path in ("./", ".") and path not in defaults or path is not None and any(
                    string_value(other) == path for other in folders):
                continue
            folders.append(f)
        if not folders:
            return module
        if len(folders) == 1 and _under_module(folders[0]) not in (None, "views"):
            # os.path.join(HERE, "app", "views"): the folder the join names, from the
            # module's folder, as Flask reads a relative template_folder
            self.folder(module, cst.SimpleString(json.dumps(_under_module(folders[0]))))
            return module
        # (a join naming a folder of its own that ends in views, `site/views`, is not
        # views/ itself: beside views/ both are searched)
        if all(string_value(f) in VIEWS or _tail(f) == "views"
               and _under_module(f) in (None, "views") for f in folders):
            self.folder(module, cst.SimpleString('"views"'))
        elif len(folders) == 1:
            self.folder(module, self.from_app(folders[0]))
        else:
            self.choose(module, folders)
        return module

    def folder(self, module: cst.Module, folder: cst.BaseExpression) -> None:
        """The app's template folder: a `Flask(...)` option, or set on the app right after
        it is made where the module makes it from a Flask subclass (`app = Site()`, whose
        class is made in another module): Flask reads the folder at the first render."""
        if any(is_flask_call(call) or is_flask_init(call) for call in calls_in(module)):
            self.app_option(FlaskOption.TEMPLATE_FOLDER, folder)
            return
        self.place_after_app("{app}.template_folder = {folder}", folder=folder)

    def choose(self, module: cst.Module, folders: list) -> None:
        """The app's templates found in these folders, the first first, as Bottle's
        TEMPLATE_PATH searched them (a Jinja ChoiceLoader)."""
        loaders = cst.List([cst.Element(cst.Call(cst.Name("FileSystemLoader"),
                                                 [cst.Arg(f)])) for f in folders])
        self.place_after_app(CHOICE, loaders=loaders)
        self.app_option(FlaskOption.TEMPLATE_FOLDER, REMOVE)
        self.need_import("jinja2", "ChoiceLoader")
        self.need_import("jinja2", "FileSystemLoader")
        self.fired()

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign):
        if not self.faithful:
            return updated
        targets = [self._whole(t) if self._is_path(t.target) else t for t in updated.targets]
        if targets != list(updated.targets):
            self.fired()
        return updated.with_changes(targets=targets)

    def leave_AugAssign(self, original: cst.AugAssign, updated: cst.AugAssign):
        if self._is_path(updated.target) and self.faithful:
            self.fired()
            return updated.with_changes(target=_all_of(updated.target))
        return updated

    def _is_path(self, node) -> bool:
        return isinstance(node, cst.Name) and self.api(node) == "TEMPLATE_PATH"

    def _whole(self, target: cst.AssignTarget) -> cst.AssignTarget:
        return target.with_changes(target=_all_of(target.target))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        if "TEMPLATE_PATH" not in self.facts.bottle.values() and not self.beside:
            if self.state.template_search and not self.state.faithful \
                    and self.facts.makes_app():
                self.choose(updated, [cst.SimpleString(f'"{f}"')
                                      for f in self.state.template_search])
            return updated
        if not self.faithful and not self.statements and not self.facts.makes_app():
            # a module using an app made elsewhere, none of whose changes it reads here
            # (made in a function, kept as a TODO, or gone to the list the app's module
            # keeps): the app's module sets the app's folders (Bottle's own entries among
            # them); a loader of this module's would replace them
            return updated
        if not self.faithful:
            return self.idiomatic(updated)
        self.fired()
        if self.kept:  # the loader searches the list from the working directory, as Bottle
            # (the site's exact form asked for the list's piece and the app's folder "."):
            if self.bottle_renders() and "TEMPLATE_PATH" in self.facts.bottle.values():
                # Bottle's own list, which its renders search too (a module that keeps
                # the list only for another's changes, `beside`, has none of Bottle's)
                self.todo(BOTTLE_RENDERS)
                return updated
            if self.beside and self.bottle_renders():
                # the list another module changes is Bottle's own, which Bottle's renders
                # in the port search too (a template function read as a value there): the
                # app's loader searches that list, not one of its own
                self.need_import("bottle", "TEMPLATE_PATH")
                self.provide("TEMPLATE_PATH")
                return updated
        elif not self.site_taken:  # (--faithful, a module without a site: no app here)
            self.need(Need.TEMPLATE_PATH)
        self.provide("TEMPLATE_PATH")
        from ..edit import last_import
        body = list(updated.body)
        line = cst.parse_statement('TEMPLATE_PATH = ["./", "./views/"]\n')
        line = line.with_changes(leading_lines=[cst.EmptyLine(comment=cst.Comment(
            "# flask-port/P011: Bottle's template search path (its default); see the app below"))])
        body.insert(last_import(body), line)
        return updated.with_changes(body=body)


def _changes_in_defs(facts) -> bool:
    """Whether a module changes Bottle's TEMPLATE_PATH in a function."""
    return any(facts.api(node) == "TEMPLATE_PATH" for node in facts.changed_in_defs)


def _computed(entries: list) -> bool:
    """One folder, from an expression that reads a name (not "views" under any root)."""
    kind, value = entries
    if kind == "set":
        if len(value) != 1:
            return False
        value = value[0]
    return string_value(value) is None and _tail(value) != "views"


def _tail(node) -> str | None:
    """"views" for os.path.join(ANY, "views"): the last part, else None."""
    if isinstance(node, cst.Call) and node.args:
        return string_value(node.args[-1].value)
    return None


def _under_module(node) -> str | None:
    """"app/views" for os.path.join(HERE, "app", "views"), where HERE is the module's
    folder (an expression of `__file__`, or a name the module binds, as the rule reads
    `os.path.join(HERE, "views")`) and every later part a literal; else None."""
    if not (isinstance(node, cst.Call) and len(node.args) > 1
            and isinstance(node.func, cst.Attribute) and node.func.attr.value == "join"):
        return None
    first = node.args[0].value
    if not (isinstance(first, cst.Name) or any(
            isinstance(n, cst.Name) and n.value == "__file__" for n in _names(first))):
        return None
    parts = [string_value(arg.value) for arg in node.args[1:]]
    if any(part is None or part.startswith("/") for part in parts):
        return None
    return posixpath.normpath(posixpath.join(*parts))  # type: ignore[arg-type]


def _names(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The node and every node under it."""
    found: list[cst.CSTNode] = [node]
    for child in node.children:
        found.extend(_names(child))
    return found


def _all_of(name: cst.BaseExpression) -> cst.Subscript:
    """`TEMPLATE_PATH[:]`: the list itself, changed in place."""
    return cst.Subscript(name, [cst.SubscriptElement(cst.Slice(None, None))])


def calls_in(module: cst.Module) -> list[cst.Call]:
    """Every call in the module (one read walk: matchers' findall rebuilt the tree)."""
    found: list[cst.Call] = []

    class Calls(Visitor):
        def visit_Call(self, node: cst.Call) -> None:
            found.append(node)

    walk(module, Calls())
    return found
