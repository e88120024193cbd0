"""P006: templates: `template()` and `@view()` become `render_template`

    template("list", rows=rows)      ->  render_template("list.html", rows=rows)
    template("list", {"rows": rows}) ->  render_template("list.html", **{"rows": rows})
    @view("new") ... return dict(a=1)  ->  return render_template("new.html", a=1)

Names follow the template converter's mapping ('x' and 'x.tpl' -> 'x.html'). A name
that holds the app's template folder (`template("views/x")`, which Bottle finds from
its first lookup folder, `./`) leaves it out: Flask looks in that folder already.
Template source passed as a string becomes `render_template_string` with the source
converted (`template("<b>{{x}}</b>", x=x)` -> `render_template_string("<b>{{ x }}</b>",
x=x)`) when it converts with no TODO and uses no other template; else a TODO. A `@view`
function that returns None (a bare `return`, `pass`, or its end) renders its template
with the view's defaults, as Bottle's `view` does. A returned name the function binds
to dicts only (`data = dict(...)`; `data["x"] = 1` after it) is rendered too
(`render_template("x.html", **data)`); any other value (a call's result, a name bound to
other things as well) is handed to `bottle_compat`'s `bottle_view`, which renders it
when it is a dict (or another mutable mapping) and sends anything else as it is, as
Bottle's view does: a site kept, under a TODO that does not break (a returned
`redirect()`, `abort()`, response, rendered template or string passes through in both,
and needs none).
A route's `template="page"` (or `template=("page", {"title": "T"})`, a tuple or list of
a string literal and a mapping literal), which Bottle's TemplatePlugin renders with
`view("page", title="T")` around the route's view, makes the def a view of that
template exactly as `@view(...)` does (P003 takes the keyword out): `return
render_template("page.html", title="T", ...)` in its body, bottle_view for a value known
only when it runs. With a `@view` of its own under the route too, `@view` renders (the
plugin is handed its page and passes it on), as in Bottle.
A template named only when the code runs (`template(self.name, **values)`) has no
Flask name to write: it is rendered by `bottle_compat`'s `bottle_template` (copied with
that piece alone), which turns Bottle's name into the converted template's when it runs
(`x` and `x.tpl` -> `x.html`), under a TODO that does not break; the report names the
site as kept. Where the name's end is written out (`config["folder"] + "/about.tpl"`,
`f"{folder}/page_{name}.tpl"`: an f-string is a name, not source, unless its own text
holds what Bottle reads as source) and the app's Flask template folder is the module's
own (Bottle's first lookup folder, `./`), that end decides the converted name, and
Flask says it: `render_template(config["folder"] + "/about.html", ...)`, the site
idiomatic (its exact form bottle_template still).
A render of a converted template that holds Python Jinja2 cannot say, left as a TODO
that fails when rendered (`% rebase()` inside a `% for`, a `% try` or a `% while`, whose
extends Jinja2 can only make conditional on an `if`), is a site kept from the start:
`bottle_compat`'s `bottle_simple_template` renders the original with Bottle's own
SimpleTemplate (copied beside its conversion, with the templates of its folder; OUT's
requirements.txt then lists bottle), under a TODO that does not break; the original's
folder is written from the module that renders it (`"../views"` in controllers/), and
read from there whichever app serves the page (one it is handed or merged into). In such an app a
template named at run time is rendered by `bottle_kept_template`, given the kept
templates (`{"t1.html": ("t1.tpl", "views")}`): a name that is one of them renders its
original so, any other its conversion.
A template the converter could not turn into Jinja2 (a `%` line continued by a
backslash) that the installed Bottle compiles is kept so too, by the Flask name its
render gives: its original copied into OUT with its folder's templates (the report's
status "kept (not converted: ...)", and why), each render of it Bottle's
SimpleTemplate under a TODO that names it and why; so is a converted template of its
folder that rebases onto it or includes it (its Jinja2 form would reach a template
not in OUT). One Bottle cannot compile either is not converted, as before: its pages
fail in both, and the port says so (exit 1).
A render whose template reads a name the render does not pass (D-undefined: Bottle's
NameError, a 500) or that Bottle cannot compile (D-template-error: 0.12's `%rebase name
args` under 0.13) is declared, on its view's routes (an error handler's, `@app.error(404)`,
on every page: those that answer its code); the --faithful port keeps it failing as Bottle's did,
through `bottle_compat`'s `bottle_undefined` and `bottle_uncompiled` (which renders the
template under a Bottle older than the one that refused it).
`template_lookup=` and `template_settings=` are template()'s own options, not
variables: they are dropped with a TODO. A Jinja2 render given `template_settings=`
(`jinja2_template(...)`, `@jinja2_view(...)`, a partial of either: filters, tests,
globals, an environment of that render's own, which Flask's one environment for the app
does not hold) is a site kept: Bottle's own function renders it (it needs no Bottle
app), under a TODO that does not break; moving them to `app.jinja_env` is left to you.
A render of a converted SimpleTemplate is a site with two candidates: Jinja2's own
printing (None printed as `None`: D-none; quotes escaped as MarkupSafe escapes them,
`&#39;` and `&#34;`: D-entities; an object with `__html__` that is no Markup, a
WTForms field, rendered as its markup), or, where the check finds the page differs,
`bottle_compat`'s `install(app, template_text=True)`, which prints values as
SimpleTemplate does (None as nothing, any other value, such an object too, as its
`str()` escaped by Bottle's `html_escape`: `'` as `&#039;` and `"` as `&quot;`, where
MarkupSafe writes `&#39;` and `&#34;`; `{{!x}}`, the converted `{{ x|safe }}`, as
`str(x)` unescaped, where Jinja2's |safe printed an object's `__html__()` and None as
`None`). The --faithful port's Jinja2 (install(app, jinja=True)) prints so too, and
fails where the render lacks a name or attribute (Jinja2's StrictUndefined: Bottle's
page was a 500 where Python raised, `{{user.birthdate}}` of a user without one). In an
app whose code imports WTForms (or Flask-WTF) the render takes that candidate from the start, a site
kept: its forms' fields are such objects, and a page printing one would escape less
than the original did. So does an app whose code makes `Markup` values: SimpleTemplate
printed a Markup's text escaped, as any value's, Jinja2 prints its markup; the exact
candidate marks each Markup a render is given (and what Markup's own operations make of
it) and prints it as SimpleTemplate did, while a Markup the template makes (`|safe`, a
macro's output) prints as it is; so is a Markup a list, tuple or dict the render is
given holds (`{{items[0]}}`, `% for m in items`). (A Markup another object holds, an
attribute, still prints as markup.)

Bottle's Jinja2 adapter (`jinja2_template`, `jinja2_view`,
`template_adapter=Jinja2Template`) is converted alike. When the app renders only
through it, its templates are Jinja2 already: they are copied as they are, under the
name Bottle finds (`x` is `x.tpl`, else `x.html`...), and the app gets
`"autoescape": False` in its Jinja options (Bottle's Jinja2 environment does not
escape; Flask escapes `.html`). A `functools.partial` of a render function (`view =
partial(jinja2_view, template_lookup=["templates"])`) is read as that function given its
keywords at each call, and the partial goes; a `template_lookup=` of one folder is the
app's template folder (or the name's folder), not a TODO, read as Bottle reads it: from
the folder the app runs from (a package's module: the folder above the package). An app
rendering with Mako or Cheetah keeps its templates as they are too, and each
`mako_template()`/`@mako_view()` call gets a TODO.
A folder whose templates two engines render (a script of SimpleTemplate pages beside
one of `jinja2_view` pages from its own `template_lookup=` folder) is sorted: each
template goes with the engine of the calls that name it (found as Bottle's lookup finds
it) and of the templates that include, extend or rebase onto it; one no call names,
with the one engine of its folder's named templates. A template only Jinja2 (or Mako,
Cheetah) renders is copied as it is; one both render is converted, under a TODO that
does not break (the Jinja2 render reads the converted file); where a render names its
template at run time, the report says which templates could not be sorted (converted).
"""

from __future__ import annotations

import json
import posixpath
from collections.abc import Mapping

import libcst as cst
from bottle import __version__ as bottle_version

from ..edit import arg, ends, string_value
from ..model.facts import ROUTE_METHODS
from .base import Candidate, Change, Declare, Import, Need, Rule, glob

SOURCE_MARKERS = ("\n", "{", "%", "$")  # how Bottle tells source from a name
TEMPLATE_CALLS = {"template": "simple", "jinja2_template": "jinja2"}
VIEW_DECORATORS = {"view": "simple", "jinja2_view": "jinja2"}
OTHER_ENGINES = {"mako_template", "mako_view", "cheetah_template", "cheetah_view"}
# What a @view function may return that Bottle sends as it is, and the port keeps
# a response (or a string) in Flask too.
PASSED_THROUGH = {"redirect", "abort", "HTTPResponse", "HTTPError", "static_file",
                  *TEMPLATE_CALLS}
NOT_CONVERTED = ("template() with template source, a computed name or another engine: "
                 "convert the source with `bottle2flask convert-template` and use "
                 "render_template(_string)")
COMPUTED_WHY = ("a template named at run time: render_template() needs the Flask name, "
                "which Bottle's name becomes only when the code runs")
VIEW_RESULT_TODO = ("@view function returns something other than a dict literal: Bottle "
                    "renders dicts and passes anything else through; render_template it")
VIEW_RESULT_WHY = ("a @view function returning a value known only when it runs: Bottle "
                   "renders it if it is a dict, Flask would send a dict as JSON")
# Packages whose values have __html__ (WTForms' fields): SimpleTemplate printed them as
# escaped text, Jinja2 renders their markup
FIELD_MODULES = frozenset({"wtforms", "flask_wtf"})
SETTINGS_WHY = ("a Jinja2 render given template_settings= (filters, tests, globals): "
                "Flask's one environment for the app does not hold them")
KEPT_WHY = ("its converted template holds Python Jinja2 cannot say (a TODO that fails "
            "when rendered): Bottle's SimpleTemplate renders the original")
UNCONVERTED_WHY = ("its template was not converted (the converter could not read it; the "
                   "installed Bottle compiles it): Bottle's SimpleTemplate renders the original")
FIELDS_WHY = ("the app makes WTForms fields, which SimpleTemplate printed as escaped text "
              "and Jinja2 renders as markup: values print as SimpleTemplate printed them")
MARKUP = "Markup"  # markupsafe's class, also jinja2.Markup and flask.Markup once
MARKUP_WHY = ("the app makes Markup values, whose text SimpleTemplate printed escaped and "
              "Jinja2 prints as markup: values print as SimpleTemplate printed them")
# template()'s own keywords: Bottle pops them; they are no template variables
LOOKUP_KEYWORDS = {"template_lookup", "template_settings"}
FLASK = "render_template"  # a render's idiomatic form (a site's, where it has one)


def jinja2_name(name: str, mapping: Mapping[str, str]) -> str:
    """A Jinja2 template keeps its file name; a bare name is the .html Bottle finds; a
    SimpleTemplate the app renders with both engines is the converted one."""
    if name in mapping:
        return mapping[name]
    if (converted := flask_name(name, mapping)) in mapping.values():
        return converted
    return name if "." in name.rsplit("/", 1)[-1] else name + ".html"


def flask_name(name: str, mapping: Mapping[str, str]) -> str:
    if name in mapping:
        return mapping[name]
    base = name[:-4] if name.endswith(".tpl") else name
    return mapping.get(base, base if base.endswith((".html", ".htm")) else base + ".html")


class Templates(Rule):
    code = "P006"
    summary = "template()/@view() become render_template with the converted names"
    declares = (Change("D-autoescape", "26. Autoescaping and Bottle's template cache",
                       "Flask autoescapes .html templates; Bottle's Jinja2 adapter escapes "
                       "nothing", escaped="html"),
                Change("D-none", "24. Undefined names",
                       "a converted template prints None as 'None' (SimpleTemplate printed "
                       "nothing): write {{ x or '' }} where a value can be None",
                       printed="None"),
                Change("D-entities", "23. Escaping entities",
                       "a converted template escapes quotes as MarkupSafe does, `&#39;` and "
                       "`&#34;` (SimpleTemplate: `&#039;` and `&quot;`): the same text in a "
                       "browser", written="entities"),
                Change("D-undefined", "24. Undefined names",
                       "the template reads a name this render does not pass: Bottle's page "
                       "was a 500 (NameError), Jinja2 prints it empty", status="500"),
                Change("D-undefined-value", "24. Undefined names",
                       "the template reads an attribute or item a value lacks (`row['id']` "
                       "of None, a row not found): Bottle's page was a 500 (Python's "
                       "TypeError, KeyError, AttributeError), Jinja2 prints it empty",
                       status="500"),
                Change("D-template-error", "24. Undefined names",
                       "Bottle cannot compile the template (an older Bottle's syntax): its "
                       "page was a 500; the converted one renders", status="500"))
    compat = ("jinja", "jinja2")

    def __init__(self, context) -> None:
        super().__init__(context)
        self.views: list[cst.Call | None] = []  # per function: the @view call
        self.dicts: list[frozenset[str]] = []  # per function: its names bound to dicts only
        self.paths: list[list[str]] = []  # per function: its routes' paths, as globs
        self.handlers: list[bool] = []  # per function: an error handler (`@app.error(404)`)
        self.escaped = False  # D-autoescape declared once a module
        self.none = False  # D-none likewise
        # the view() calls the model made of routes' template= (model/facts.py)
        self.configured: set[int] = set()

    def engine(self, call: cst.Call, apis: dict[str, str]) -> str:
        if id(call) in self.configured:
            return "simple"  # (the model gives no template_adapter= in a route's template=)
        adapter = arg(call, None, "template_adapter")
        if adapter is not None:
            return "jinja2" if self.api(adapter.value) == "Jinja2Template" else "other"
        api = self.api(call.func)
        assert api is not None  # the callers took calls of these APIs only
        return apis[api]

    def template_args(self, call: cst.Call, engine: str = "simple",
                      report: bool = False) -> list[cst.Arg] | None:
        first = arg(call, 0, None)  # template(name, **vars): `name=` is a variable
        name = string_value(first.value) if first else None
        if name is None or any(c in name for c in SOURCE_MARKERS):
            return None
        rename = jinja2_name if engine == "jinja2" else flask_name
        looked_up = self.looked_up(call, name)
        name = looked_up if looked_up is not None else self.from_folder(name)
        literal = cst.SimpleString(repr(rename(name, self.state.template_names))
                                   .replace("'", '"'))
        args: list[cst.Arg] = []
        for a in call.args:
            keyword = a.keyword.value if a.keyword else None
            if keyword == "template_adapter":
                continue
            if keyword == "template_lookup" and looked_up is not None:
                if a is call.args[-1] and args:  # the comma before it goes with it
                    args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                continue  # the folder is in the name
            if keyword in LOOKUP_KEYWORDS:
                if report:
                    self.todo(f"{keyword}= was this template's own Bottle setting; Flask "
                              "has one loader for the app: put the template where the "
                              "app's template_folder finds it")
                continue
            if a is first:
                args.append(a.with_changes(value=literal, keyword=None,
                                           equal=cst.MaybeSentinel.DEFAULT))
            elif a.keyword is None and not a.star:  # template("x", some_dict)
                args.append(a.with_changes(star="**"))
            else:
                args.append(a)
        return args

    def looked_up(self, call: cst.Call, name: str) -> str | None:
        """The name as the app's template folder finds it, where `template_lookup=` is one
        folder beside the module (`["templates"]`, a `functools.partial`'s keyword):
        `index.html` there is `templates/index.html` from a template folder of "."."""
        given = arg(call, None, "template_lookup")
        if given is None or not isinstance(given.value, cst.List | cst.Tuple) \
                or len(given.value.elements) != 1:
            return None
        folder = string_value(given.value.elements[0].value)
        if folder is None or folder.startswith(("/", "~")) or "\\" in folder:
            return None
        path = posixpath.normpath(posixpath.join(folder, name))
        base = self.state.template_folder
        if path.startswith("../"):
            return None
        while base.startswith("../"):  # the lookup's folder, read from the folder above
            # the module's that the app runs from, as Bottle reads it (folder.py)
            base = base[3:]
        if base in ("", "."):
            return path
        return path[len(base) + 1:] if path.startswith(base.rstrip("/") + "/") else None

    def from_folder(self, name: str) -> str:
        """`template("views/x")`: Bottle finds it from its first lookup folder, `./`, so the
        name holds the folder Flask's template_folder already names; the Flask name is `x`
        (kept whole, `render_template("views/x.html")` looks in views/views/). A module
        that makes no app strips the folder of the app's (template_root): Bottle read the
        name from the working directory, the app's folder."""
        folder = posixpath.normpath(self.state.template_root or self.state.template_folder
                                    or ".")
        if folder.startswith("../") and not self.state.template_root:
            # a module below the app's folder that makes its own app (controllers/x.py:
            # `routes = Bottle()`, merged into the app made above, whose views/ its
            # template_folder "../views" names): Bottle read the name from the working
            # directory, the folder ported, where that folder is views/
            here = posixpath.dirname(self.context.filename or "")
            folder = posixpath.normpath(posixpath.join(here, folder))
        clean = posixpath.normpath(name) if "/" in name else name
        if folder == "." or folder.startswith("..") or not clean.startswith(folder + "/"):
            return name
        return clean[len(folder) + 1:]

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        api = self.api(updated.func)
        if api in OTHER_ENGINES and api is not None:
            self.todo(f"{api}(): Bottle's {api[:-9]}"
                      " adapter has no Flask counterpart and the converter reads only "
                      "SimpleTemplate: render it with that engine, or rewrite it in Jinja2")
        if self.api(updated.func) not in TEMPLATE_CALLS:
            return updated
        engine = self.engine(updated, TEMPLATE_CALLS)
        if engine == "jinja2" and self.own_settings(updated):
            return updated  # Bottle's own render, with its Jinja2 settings
        args = self.template_args(updated, engine, report=True) \
            if engine != "other" else None
        if args is None and engine in ("simple", "jinja2"):
            inline = self.inline_source(updated) if engine == "simple" \
                else self.inline_jinja2(updated)
            if inline is not None:
                return inline
        if args is None and engine == "simple" and self.computed_name(updated):
            exact = self.computed_render(updated)
            named = self.named_by_tail(updated)
            idiomatic = Candidate(updated, todo=NOT_CONVERTED) if named is None else \
                Candidate(named, imports=(Import("flask", FLASK),))
            chosen = self.site("template-name", idiomatic, exact,
                               keeps=COMPUTED_WHY if named is None else "")
            if chosen is exact or named is not None:
                self.fired()
                # it renders a converted template: printed as any other render prints
                # (the template-text site: D-none and D-entities, or Bottle's printing)
                self.uses("simple")
            assert isinstance(chosen.form, cst.Call)
            return chosen.form
        if args is None:
            self.todo(NOT_CONVERTED)
            return updated
        self.uses(engine)
        failing = self.undefined(args) if engine == "simple" else None
        if failing is not None:  # (--faithful) the render fails as Bottle's did
            return updated.with_changes(func=cst.Name(failing[0]),
                                        args=[args[0], *failing[1], *args[1:]])
        self.need_import("flask", "render_template")
        return updated.with_changes(func=cst.Name("render_template"), args=args)

    def computed_render(self, call: cst.Call) -> Candidate:
        """template(name, ...) of a name known at run time, rendered by bottle_compat's
        bottle_template (the converted template of that name); in an app some of whose
        templates Bottle's SimpleTemplate renders (P006's kept renders: Python Jinja2
        cannot say), by bottle_kept_template, given them, which renders the original of
        such a name, and the conversion of any other."""
        todo = ("template() of a name known at run time: bottle_compat's {} renders the "
                "converted template of that name ('x' and 'x.tpl' -> 'x.html'){}; "
                "render_template() with the Flask name is Flask's way")
        kept = self.state.template_kept
        if not kept:
            return Candidate(call.with_changes(func=cst.Name("bottle_template")),
                             imports=(Import("bottle_compat", "bottle_template"),),
                             todo=todo.format("bottle_template", ""))
        given = cst.Dict([cst.DictElement(_literal(name), cst.Tuple(
            [cst.Element(_literal(part)) for part in kept[name]]))
            for name in sorted(kept)])
        return Candidate(call.with_changes(func=cst.Name("bottle_kept_template"),
                                           args=[cst.Arg(given), *call.args]),
                         imports=(Import("bottle_compat", "bottle_kept_template"),),
                         todo=todo.format("bottle_kept_template", ", or with Bottle's "
                                          "SimpleTemplate the original of one Jinja2 cannot "
                                          "say"))

    def named_by_tail(self, call: cst.Call) -> cst.Call | None:
        """render_template() of a name known at run time whose end is written out
        (`config["folder"] + "/about.tpl"`, `f"{folder}/about.tpl"`): the converted
        template's name is Bottle's less its extension and plus `.html`, which the end
        alone decides where it is as long as the longest extension (`.thtml`): the same
        end, `+ "/about.html"`. Only where Flask's template folder is the module's own,
        Bottle's first lookup folder (`./`): with views/ as Flask's, a name Bottle found
        from `./` (`"./views" + "/about.tpl"`) is not Flask's. None for any other name,
        and in an app some of whose templates Bottle's SimpleTemplate renders (a name
        may reach one of them)."""
        first = arg(call, 0, None)
        if first is None or self.state.template_kept \
                or posixpath.normpath(self.state.template_folder or ".") != "." \
                or self.state.template_root:
            return None
        name = first.value
        if isinstance(name, cst.BinaryOperation) and isinstance(name.operator, cst.Add) \
                and isinstance(name.right, cst.SimpleString):
            right = name.right
            tail = string_value(right)
            cut = _bottle_extension(tail) if tail is not None else None
            if cut is None:
                return None
            inner = right.value[len(right.prefix) + len(right.quote):-len(right.quote)]
            name = name.with_changes(right=right.with_changes(value=(
                f"{right.prefix}{right.quote}{inner[:len(inner) - len(cut)]}.html"
                f"{right.quote}")))
        elif isinstance(name, cst.FormattedString) and name.parts \
                and isinstance(name.parts[-1], cst.FormattedStringText):
            text = name.parts[-1].value
            cut = _bottle_extension(text) if "\\" not in text else None
            if cut is None:
                return None
            name = name.with_changes(parts=[*name.parts[:-1], name.parts[-1].with_changes(
                value=f"{text[:len(text) - len(cut)]}.html")])
        else:
            return None
        args = [first.with_changes(value=name)] + [
            a.with_changes(star="**") if a.keyword is None and not a.star else a
            for a in call.args[1:]]
        return call.with_changes(func=cst.Name(FLASK), args=args)

    def own_settings(self, call: cst.Call) -> bool:
        """A Jinja2 render given `template_settings=` (its filters, tests, globals, Jinja2
        options: an environment of its own for that render, which Flask's one environment
        for the app does not hold): a site kept, Bottle's own jinja2_template or
        jinja2_view left to render it, which needs no Bottle app, under a TODO that does
        not break."""
        if arg(call, None, "template_settings") is None:
            return False
        # the idiomatic form: Flask's render of the same name and values (a @jinja2_view's
        # returns become it), without the settings, which Flask's environment lacks
        args = self.template_args(call, "jinja2")
        idiomatic = Candidate(
            cst.Call(cst.Name(FLASK), _commas(args)) if args is not None else None,
            imports=(Import("flask", "render_template"),),
            todo="template_settings= dropped: add its filters, tests and globals to "
            "app.jinja_env (app.jinja_env.filters.update(...))")
        exact = Candidate(call, todo="template_settings= gives this render a Jinja2 "
                          "environment of its own (its filters, tests, globals): Bottle's "
                          "own jinja2_template/jinja2_view renders it; to render it with "
                          "Flask's, add them to app.jinja_env (app.jinja_env.filters."
                          "update(...)) and call render_template()")
        self.site("jinja2-settings", idiomatic, exact, keeps=SETTINGS_WHY)
        return True

    def computed_name(self, call: cst.Call) -> bool:
        """template(name, ...) whose name is no literal (so no source either, unless the
        app computes source), with no options of template()'s own."""
        first = arg(call, 0, None)
        return first is not None and not first.star and first.keyword is None \
            and (not isinstance(first.value, cst.BaseString) or _name_in_pieces(first.value)) \
            and not any(a.keyword and a.keyword.value in LOOKUP_KEYWORDS | {"template_adapter"}
                        for a in call.args)

    def inline_source(self, call: cst.Call) -> cst.Call | None:
        """template("<p>{{x}}</p>", x=1) -> render_template_string("<p>{{ x }}</p>", x=1),
        when the converter turns the source into Jinja2 with no TODO and no other file."""
        from bottle2flask.stpl import convert_source

        first = arg(call, 0, None)
        source = string_value(first.value) if first else None
        if first is None or source is None \
                or not isinstance(first.value, cst.SimpleString) or any(
                    a.keyword and a.keyword.value in LOOKUP_KEYWORDS for a in call.args):
            return None
        converted = convert_source(source, compact=self.state.faithful)
        if not converted.ok or converted.source is None or converted.notes \
                or converted.includes or converted.extends \
                or converted.imports or converted.bottle_error or converted.whitespace:
            return None
        literal = python_string(converted.source, first.value)
        args = [first.with_changes(value=literal)] + [
            a.with_changes(star="**") if a.keyword is None and not a.star else a
            for a in call.args[1:]]
        if self.state.faithful:
            self.uses("simple")  # Bottle's habits set on the app's environment
        else:  # the app reads no template folder for it
            self.fired()
            self.declare_none()
        self.need_import("flask", "render_template_string")
        return call.with_changes(func=cst.Name("render_template_string"), args=args)

    def inline_jinja2(self, call: cst.Call) -> cst.Call | None:
        """jinja2_template("Hi {{ name }}", name=x) -> render_template_string(...): the source
        is Jinja2's already (Flask's environment autoescapes it: D-autoescape)."""
        first = arg(call, 0, None)
        source = string_value(first.value) if first else None
        if self.state.faithful or first is None or source is None \
                or not isinstance(first.value, cst.SimpleString) \
                or not any(mark in source for mark in "\n{%$") or any(  # Bottle's test
                    a.keyword and a.keyword.value in LOOKUP_KEYWORDS for a in call.args):
            return None
        args = [first] + [a.with_changes(star="**") if a.keyword is None and not a.star else a
                          for a in call.args[1:]]
        self.fired()  # the app reads no template folder for it (uses() would set one)
        if not self.escaped:
            self.escaped = True
            self.declare("D-autoescape")
        self.need_import("flask", "render_template_string")
        return call.with_changes(func=cst.Name("render_template_string"), args=args)

    def uses(self, engine: str) -> None:
        self.fired()  # (a template of both engines: the port sorts them, folder.py)
        self.need(Need.JINJA2 if engine == "jinja2" else Need.JINJA)
        if engine == "jinja2" and not self.state.faithful and not self.escaped:
            self.escaped = True
            self.declare("D-autoescape")
        if engine != "jinja2" and not self.state.faithful:
            # exact: values printed as SimpleTemplate prints them (None as nothing, an
            # object with __html__ as its str() escaped), taken where the check repairs,
            # and from the start in an app that makes WTForms fields
            declares = [] if self.none else [Declare("D-none"), Declare("D-entities")]
            if self.paths and self.paths[-1]:  # a view's render: on its routes
                declares.append(Declare("D-undefined-value", tuple(self.paths[-1])))
            idiomatic = Candidate(declares=tuple(declares))
            if self.site("template-text", idiomatic, Candidate(needs=(Need.TEMPLATE_TEXT,)),
                         keeps=self.printed_otherwise()) is idiomatic:
                self.none = True  # the faithful port's Jinja settings print None as nothing

    def printed_otherwise(self) -> str:
        """Why the app's values print otherwise in Jinja2, "" where nothing says so: its
        code imports WTForms (or Flask-WTF), whose forms' fields have `__html__`, or makes
        `Markup` values (markupsafe's, Jinja2's, Flask's), which SimpleTemplate ignored
        (their text printed escaped) and Jinja2 prints as markup: a page escaping less
        than the original did."""
        model = self.model
        facts = [m.facts for m in model.modules.values() if m.facts] if model \
            else [self.facts]
        if any(FIELD_MODULES & f.words for f in facts):
            return FIELDS_WHY
        return MARKUP_WHY if any(MARKUP in f.words for f in facts) else ""

    def declare_none(self) -> None:
        if not self.none:
            self.none = True  # the faithful port's Jinja settings print None as nothing
            self.declare("D-none")
            self.declare("D-entities")

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        found = None
        for d in node.decorators:
            if isinstance(d.decorator, cst.Call) \
                    and self.api(d.decorator.func) in VIEW_DECORATORS \
                    and not (self.engine(d.decorator, VIEW_DECORATORS) == "jinja2"
                             and self.own_settings(d.decorator)):
                found = d.decorator
            elif isinstance(d.decorator, cst.Call) \
                    and self.api(d.decorator.func) in OTHER_ENGINES:
                self.todo(f"@{self.api(d.decorator.func)}(): Bottle's adapter for "
                          "another engine; the converter reads only SimpleTemplate: "
                          "render it with that engine, or rewrite it in Jinja2")
        if found is None:  # a route's template=: Bottle's TemplatePlugin wraps it in view()
            found = self.facts.templated_view(node)
            if found is not None:
                self.configured.add(id(found))
        self.views.append(found)
        self.dicts.append(dict_names(node) if found is not None else frozenset())
        paths = []
        for d in node.decorators:
            call = d.decorator
            if isinstance(call, cst.Call) and self.app_method(call.func) in ROUTE_METHODS:
                first = arg(call, 0, "path")
                path = string_value(first.value) if first else None
                if path is not None:
                    paths.append(glob(path))
        self.paths.append(paths)
        self.handlers.append(any(isinstance(d.decorator, cst.Call)
                                 and self.app_method(d.decorator.func) == "error"
                                 for d in node.decorators))

    def undefined(self, args: list[cst.Arg]) -> tuple[str, list[cst.Arg]] | None:
        """Declare a render in a view of a template Bottle cannot compile, or that does
        not pass a name its template reads on every render: the original's page was a
        500 there. The --faithful port keeps it failing (the site's exact candidate):
        bottle_compat's helper that fails as Bottle did, and the arguments it takes after
        the template's name (the render's values follow); None where the render stays."""
        name = string_value(args[0].value)
        kept = self.state.template_kept.get(name) if name is not None else None
        if kept is not None:
            # the forms differ in the function called (and the original's name and folder
            # Bottle's SimpleTemplate is given, which the caller adds)
            why = self.state.template_unconverted.get(name or "")
            said, left = (f"{name} holds Python Jinja2 cannot say", "the converted "
                          "template's TODOs fail when rendered") if why is None else (
                f"{name} {why}", "render_template() of it fails")
            self.site("template-kept", Candidate(FLASK, todo=f"{said}: {left}"), Candidate(
                "bottle_simple_template",
                imports=(Import("bottle_compat", "bottle_simple_template"),),
                todo=f"{said}: Bottle's SimpleTemplate renders the original "
                "(bottle_compat's bottle_simple_template; Bottle installed beside the "
                "port); write " + ("those lines" if why is None else "it") + " in Jinja2"
                + (" (the template's TODOs)" if why is None else "")
                + ", then render_template() it"),
                keeps=KEPT_WHY if why is None else UNCONVERTED_WHY)
            return "bottle_simple_template", [_positional(kept[0]), _positional(kept[1])]
        # a view's routes; an error handler's, every page that answers its code
        where = tuple(self.paths[-1]) if self.paths and self.paths[-1] else \
            ("*",) if self.handlers and self.handlers[-1] else ()
        if name is None or not where:
            return None
        if name in self.state.template_errors:
            why = self.state.template_errors[name]
            if self.site_if_exact("render-error", Candidate(FLASK, declares=(
                    Declare("D-template-error", where, f"{name}: {why}"),)),
                    Candidate("bottle_uncompiled", imports=(
                        Import("bottle_compat", "bottle_uncompiled"),))).form != FLASK:
                since = ".".join(bottle_version.split(".")[:2])
                return "bottle_uncompiled", [_positional(why), _positional(since)]
            return None
        reads = self.state.template_reads.get(name)
        if not reads or any(a.star or a.keyword is None for a in args[1:]):
            return None
        missing = sorted(reads - {a.keyword.value for a in args[1:] if a.keyword})
        if not missing:
            return None
        if self.site_if_exact("render-error", Candidate(FLASK, declares=(
                Declare("D-undefined", where,
                        f"{string_value(args[0].value)} reads {', '.join(missing)}"),)),
                Candidate("bottle_undefined", imports=(
                    Import("bottle_compat", "bottle_undefined"),))).form != FLASK:
            return "bottle_undefined", [_positional(missing[0])]
        return None
    def leave_Return(self, original: cst.Return, updated: cst.Return):
        view = self.views[-1] if self.views else None
        if view is None:
            return updated
        engine = self.engine(view, VIEW_DECORATORS)
        args = self.template_args(view, engine) if engine != "other" else None
        value = updated.value
        if args is None:
            return updated
        if value is None or (isinstance(value, cst.Name) and value.value == "None"):
            return updated.with_changes(value=self.render(engine, args, []),
                                        whitespace_after_return=cst.SimpleWhitespace(" "))
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
                and value.func.value == "dict" and all(a.keyword for a in value.args):
            args = _not_returned(args, {a.keyword.value for a in value.args if a.keyword})
            if isinstance(value.whitespace_before_args, cst.ParenthesizedWhitespace):
                # `return dict(\n    a=1,\n)`: the call keeps the lines the dict had
                return updated.with_changes(value=self.render(engine, args, [], value))
            extra = list(value.args)
        elif isinstance(value, cst.Dict):
            args = _not_returned(args, {key for e in value.elements
                                        if isinstance(e, cst.DictElement)
                                        and (key := string_value(e.key)) is not None})
            extra = [cst.Arg(value, star="**")]
        elif isinstance(value, cst.Call) and self.api(value.func) in PASSED_THROUGH \
                or isinstance(value, cst.SimpleString | cst.FormattedString):
            return updated  # Bottle's view passes it through; Flask sends it as it is
        elif isinstance(value, cst.Name) and value.value in self.dicts[-1] \
                and all(a.keyword is None and not a.star for a in args):
            # a name the function binds to dicts only, and no defaults it could repeat
            extra = [cst.Arg(value, star="**")]
        else:
            return updated.with_changes(value=self.view_result(engine, args, value))
        return updated.with_changes(value=self.render(engine, args, extra))

    def view_result(self, engine: str, args: list[cst.Arg],
                    value: cst.BaseExpression) -> cst.BaseExpression:
        """A value the port cannot tell is a dict (a call's result, a name bound to other
        things too): bottle_compat's bottle_view renders it if it is one when the view
        runs, and sends anything else as it is, as Bottle's view does."""
        # a template Jinja2 cannot say: Bottle's SimpleTemplate renders its original
        name = string_value(args[0].value) if args and engine == "simple" else None
        kept = self.state.template_kept.get(name) if name is not None else None
        helper, more = ("bottle_view", []) if kept is None else (
            "bottle_simple_view", [_positional(kept[0]), _positional(kept[1])])
        exact = Candidate(cst.Call(cst.Name(helper),
                                   args=_commas([cst.Arg(value), *args[:1], *more,
                                                 *args[1:]])),
                          imports=(Import("bottle_compat", helper),),
                          todo="@view function returning a value known only when it runs: "
                          f"bottle_compat's {helper} renders it when it is a dict, as "
                          "Bottle's view does; return render_template(...) where it is one"
                          + ("" if kept is None else " (the template's TODOs written in "
                             "Jinja2 first: Bottle's SimpleTemplate renders it until then)"))
        chosen = self.site("view-result", Candidate(value, todo=VIEW_RESULT_TODO), exact,
                           keeps=VIEW_RESULT_WHY)
        if chosen is exact:  # (no D-undefined: the values it passes are known when it runs)
            self.uses(engine)
        assert isinstance(chosen.form, cst.BaseExpression)
        return chosen.form

    def render(self, engine: str, args: list[cst.Arg], extra: list[cst.Arg],
               layout: cst.Call | None = None) -> cst.Call:
        """render_template(name, view's defaults, the values returned); with `layout`, a
        `dict(...)` over several lines, the values are its arguments, on its lines."""
        self.uses(engine)
        failing = self.undefined([*args, *(layout.args if layout else extra)]) \
            if engine == "simple" else None
        func = "render_template"
        if failing is not None:  # (--faithful) the render fails as Bottle's did
            func, args = failing[0], [args[0], *failing[1], *args[1:]]
        else:
            self.need_import("flask", "render_template")
        if layout is None:
            return cst.Call(cst.Name(func), args=_commas([*args, *extra]))
        # each argument the view adds goes on a line of its own, as the dict's do
        comma = cst.Comma(whitespace_after=layout.whitespace_before_args)
        added = [a.with_changes(comma=comma, whitespace_after_arg=cst.SimpleWhitespace(""))
                 for a in args]
        return layout.with_changes(func=cst.Name(func), args=[*added, *layout.args])

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        updated = self.view_done(updated)
        self.dicts.pop()
        self.paths.pop()  # after: the render added at the end declares on its routes
        self.handlers.pop()
        return updated

    def view_done(self, updated: cst.FunctionDef) -> cst.FunctionDef:
        view = self.views.pop()
        engine = self.engine(view, VIEW_DECORATORS) if view is not None else "other"
        self.configured.discard(id(view))
        args = self.template_args(view, engine, report=True) \
            if view is not None and engine != "other" else None
        if args is None:
            if view is not None:
                self.todo("@view() with a computed template name or another engine: "
                          "render_template by hand")
            return updated
        decorators = [d for d in updated.decorators if not (
            isinstance(d.decorator, cst.Call)
            and self.api(d.decorator.func) in VIEW_DECORATORS)]
        updated = updated.with_changes(decorators=decorators)
        body = updated.body.body if isinstance(updated.body, cst.IndentedBlock) else None
        if body is None or ends(body):
            return updated
        # Bottle's view renders its template for a function that returns None.
        last = cst.SimpleStatementLine([cst.Return(self.render(engine, args, []))])
        kept = [stmt for stmt in body if not _is_pass(stmt)]
        return updated.with_changes(body=updated.body.with_changes(body=[*kept, last]))


def _positional(text: str) -> cst.Arg:
    return cst.Arg(cst.SimpleString(repr(text)))


def _name_in_pieces(value: cst.BaseString) -> bool:
    """An f-string whose own text holds nothing that makes Bottle read template source
    (`f"{folder}/{name}_page"`): a name known at run time."""
    return isinstance(value, cst.FormattedString) and not any(
        marker in part.value for part in value.parts
        if isinstance(part, cst.FormattedStringText) for marker in SOURCE_MARKERS)


def _bottle_extension(tail: str) -> str | None:
    """The extension Bottle's name loses where it ends in `tail` ("" for none), as
    bottle_compat's bottle_template takes it off: None where the end alone does not
    decide it (no extension, and shorter than `.thtml`: `name + "l"`) or it is no name
    (template source)."""
    if any(marker in tail for marker in SOURCE_MARKERS):
        return None
    cut = next((e for e in (".tpl", ".html", ".thtml", ".stpl") if tail.endswith(e)), "")
    return cut if cut or len(tail) >= len(".thtml") else None


def _literal(text: str) -> cst.SimpleString:
    return cst.SimpleString(json.dumps(text))


def dict_names(func: cst.FunctionDef) -> frozenset[str]:
    """The names `func` binds, and only to a dict display or a `dict(...)` call
    (`data = dict(a=1)`; `data["b"] = 2` after it leaves a dict), in its own scope: a
    parameter, a name bound any other way (a loop, `with`, `:=`, `+=`, an import, a
    nested def) or declared global or nonlocal is none."""
    assigned: dict[str, bool] = {}

    class Binds(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            if node is func:
                return True
            assigned[node.name.value] = False
            return False  # its own scope

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            assigned[node.name.value] = False
            return False

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_Assign(self, node: cst.Assign) -> None:
            is_dict = isinstance(node.value, cst.Dict) or (
                isinstance(node.value, cst.Call) and isinstance(node.value.func, cst.Name)
                and node.value.func.value == "dict")
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    name = target.target.value
                    assigned[name] = assigned.get(name, True) and is_dict
                else:
                    unpacked(target.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            if isinstance(node.target, cst.Name):
                assigned[node.target.value] = False

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            if isinstance(node.target, cst.Name):
                assigned[node.target.value] = False

        def visit_AssignTarget(self, node: cst.AssignTarget) -> bool:
            return False  # read in visit_Assign

        def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
            unpacked(node.target)

        def visit_For(self, node: cst.For) -> None:
            unpacked(node.target)

        def visit_CompFor(self, node: cst.CompFor) -> None:
            unpacked(node.target)

        def visit_AsName(self, node: cst.AsName) -> None:
            unpacked(node.name)

        def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
            assigned[node.evaluated_alias or node.evaluated_name.split(".")[0]] = False

        def visit_Global(self, node: cst.Global) -> None:
            for item in node.names:
                assigned[item.name.value] = False

        def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
            for item in node.names:
                assigned[item.name.value] = False

        def visit_Del(self, node: cst.Del) -> None:
            unpacked(node.target)

    def unpacked(target: cst.BaseExpression) -> None:
        for name in _bound_names(target):
            assigned[name] = False

    func.visit(Binds())
    params = func.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        assigned[param.name.value] = False
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            assigned[star.name.value] = False
    return frozenset(name for name, is_dict in assigned.items() if is_dict)


def _bound_names(target: cst.CSTNode) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, cst.Tuple | cst.List):
        return [n for e in target.elements for n in _bound_names(e.value)]
    if isinstance(target, cst.StarredElement):
        return _bound_names(target.value)
    return []


def _is_pass(stmt: cst.CSTNode) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and all(
        isinstance(s, cst.Pass) for s in stmt.body)


def _commas(args: list[cst.Arg]) -> list[cst.Arg]:
    """The arguments on one line (the line-length pass splits it if it is too long): a
    newline the returned dict had before its `)` would leave the `)` alone below."""
    out = []
    for i, a in enumerate(args):
        comma: cst.Comma | cst.MaybeSentinel = cst.MaybeSentinel.DEFAULT
        if i < len(args) - 1:
            comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        out.append(a.with_changes(comma=comma, whitespace_after_arg=cst.SimpleWhitespace("")))
    return out


def _not_returned(args: list[cst.Arg], returned: set[str]) -> list[cst.Arg]:
    """The template name and the view's defaults but those the returned dict sets:
    Bottle's view updates its defaults with the dict (`@view("x", title="")` returning
    `dict(title=t)` renders title=t); passing both is a TypeError in Python."""
    return [a for a in args if a.keyword is None or a.keyword.value not in returned]


def python_string(text: str, like: cst.SimpleString) -> cst.SimpleString:
    """`text` as a literal written as `like` was (its quotes), where that can hold it."""
    quote = like.quote
    if "\\" not in text and quote not in text and ("\n" not in text or len(quote) == 3) \
            and not text.endswith(quote[0]):
        return cst.SimpleString(f"{quote}{text}{quote}")
    return cst.SimpleString(repr(text))
