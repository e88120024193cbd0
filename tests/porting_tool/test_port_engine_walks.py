"""The engine's rewrite walks of a module: the model's Reader, the rules' walks, and one
post-step walk that is also the LAST phase's (port/README.md, "The walks a module's port
makes"): the app's options, the statements placed after the app, each rule's finish(),
leftovers' flags and P001's prune, with the code they wrote when each was a walk."""

from __future__ import annotations

from textwrap import dedent

import libcst as cst
import pytest

from bottle2flask.port.passes import EngineWalker, run
from bottle2flask.port.placement import has_app
from bottle2flask.port.rules.base import Context
from bottle2flask.port.runner import port_source
from bottle2flask.port.walk import counting
from harness.bench.port_apps import large_module

from .helpers import port, same_lines

# the Reader, then runner._port_tree's: 4 rule walks and the post-step (LAST) walk
ONE_POST_STEP_WALK = {"reading.read": 1, "runner._port_tree": 5}

# a route with a regex (P003's converter, registered after the app), a template folder
# and a redirect (--faithful: install() and Bottle's answers after the app)
PLACED = """
    import os

    from bottle import TEMPLATE_PATH, Bottle, redirect, template

    HERE = os.path.dirname(__file__)
    app = Bottle()
    TEMPLATE_PATH.insert(0, os.path.join(HERE, "pages"))


    @app.route("/item/<code:re:[a-z]+[0-9]>")
    def item(code):
        return template("item", code=code)


    @app.route("/old")
    def old():
        redirect("/item/a1")
    """


@pytest.mark.parametrize("faithful", [False, True])
def test_a_port_rewrites_a_module_in_the_readers_walk_its_rule_walks_and_one_more(faithful):
    with counting() as counts:
        result = port(large_module(), faithful=faithful)
    assert result.status == "success", result.error
    assert dict(counts.transform_by_caller) == ONE_POST_STEP_WALK
    with counting() as counts:
        result = port(PLACED, faithful=faithful)
    assert dict(counts.transform_by_caller) == ONE_POST_STEP_WALK


def test_the_post_steps_place_their_statements_in_the_order_their_walks_gave():
    # install() and the answers first, then P003's registration, as when each was
    # placed right after the app by a walk of its own; P003's class after the imports
    result = port(PLACED, faithful=True)
    assert result.status == "success", result.error
    same_lines(result.code, '''
        import os

        from flask import Flask, redirect, render_template
        from werkzeug.routing import BaseConverter

        from bottle_answers import error_pages, json_answers, response_defaults
        from bottle_compat import install


        class BottleRe1Converter(BaseConverter):
            """Bottle's <name:re:...> filter (flask-port/P003)."""

            regex = r"[a-z]+[0-9]"
            part_isolating = False


        # flask-port/P011: Bottle's template search path (its default); see the app below
        TEMPLATE_PATH = ["./", "./views/"]

        HERE = os.path.dirname(__file__)
        app = Flask(__name__, template_folder=".", static_folder=None)
        install(app, location=True, jinja=True, template_path=TEMPLATE_PATH)
        json_answers(app)
        response_defaults(app)
        error_pages(app)
        app.url_map.converters["bottle_re1"] = BottleRe1Converter
        TEMPLATE_PATH.insert(0, os.path.join(HERE, "pages"))


        @app.route("/item/<bottle_re1:code>")
        def item(code):
            return render_template("item.html", code=code)


        @app.route("/old")
        def old():
            return redirect("/item/a1", 303)
        ''')


def test_an_app_imported_among_the_imports_gets_install_before_the_converter_classes():
    # at the module's level the steps keep their order: the registration after the app,
    # P003's class after the imports (here, after the app's import), then install()
    # right after the app's import (Phyks+CitationExtractor's port, --faithful)
    result = port_source(dedent("""\
        from bottle import redirect
        from web import app


        @app.route("/x/<n:re:.+>")
        def x(n):
            redirect("/")
        """), "views.py", faithful=True, imported_apps=frozenset({"app"}))
    same_lines(result.code, '''
        from flask import redirect
        from web import app
        from werkzeug.routing import BaseConverter

        from bottle_compat import install

        install(app, location=True)


        class BottleViewsRe1Converter(BaseConverter):
            """Bottle's <name:re:...> filter (flask-port/P003)."""

            regex = r".+"
            part_isolating = False


        app.url_map.converters["bottle_views_re1"] = BottleViewsRe1Converter


        @app.route("/x/<bottle_views_re1:n>")
        def x(n):
            return redirect("/", 303)
        ''')


def test_an_import_only_an_option_of_the_app_reads_stays():
    # P001 reads the module as the post-step walk begins: the static folder the walk
    # sets reads os, which nothing else does once the static view is gone
    result = port("""
        import os

        from bottle import Bottle, static_file

        app = Bottle()


        @app.route("/assets/<path:path>")
        def assets(path):
            return static_file(path, root=os.path.join("site", "assets"))


        @app.route("/")
        def index():
            return "home"
        """, faithful=False)
    assert result.code.splitlines()[:5] == [
        "import os", "", "from flask import Flask", "",
        'app = Flask(__name__, static_folder=os.path.join("site", "assets"), '
        'static_url_path="/assets")']
    assert [d["id"] for d in result.declared] == ["D-static"]


@pytest.mark.parametrize(("source", "made"), [
    ("app = Flask(__name__)\n", True),
    ("try:\n    import x\nexcept ImportError:\n    def make():\n"
     "        if True:\n            app = Flask(__name__)\n        return app\n", True),
    ("class Site(Flask):\n    def __init__(self):\n        super().__init__(__name__)\n", True),
    ("from web import app\n", True),
    ("from bottle import app\n", False),  # Bottle's default-app stack, not the app
    ("if x: app = Flask(__name__)\n", False),  # no block of statements to place in
    ("make(lambda: Flask(__name__))\nx = [Flask(__name__)]\n", False),
])
def test_where_the_app_is_made_is_read_from_the_statements_of_every_block(source, made):
    assert has_app(cst.parse_module(source), "app") is made


class Adds(EngineWalker):
    """An engine walker that places a def after the first statement and spaces out the
    one after it (a new node of a statement already walked), as PostSteps does."""

    hands_on = True

    def leave_Module(self, original, updated):
        first, *rest = updated.body
        placed = cst.parse_statement("def placed():\n    from bottle import request\n")
        rest = [rest[0].with_changes(leading_lines=[cst.EmptyLine()]), *rest[1:]]
        return updated.with_changes(body=[first, placed, *rest])


class Seen(EngineWalker):
    """A walker after it: the defs it leaves."""

    def __init__(self, context) -> None:
        super().__init__(context)
        self.left: list[str] = []

    def leave_FunctionDef(self, original, updated):
        self.left.append(updated.name.value)
        return updated


def test_what_an_engine_walker_places_the_walkers_after_it_walk_once():
    # P001 prunes the Bottle imports of a def placed after the app (the context
    # processor of the templates' `% import`s) in the walk that placed it
    context = Context(filename="app.py")
    seen = Seen(context)
    module = cst.parse_module("app = Flask(__name__)\n\n\ndef view():\n    pass\n")
    module = run(module, [], context, [Adds(context), seen])
    assert seen.left == ["view", "placed"]
    assert [stmt.name.value for stmt in module.body[1:]] == ["placed", "view"]


class Calls(EngineWalker):
    """A walker that reads the calls only: the names, strings and numbers under them are
    nothing to it."""

    def __init__(self, context) -> None:
        super().__init__(context)
        self.calls: list[str] = []

    def leave_Call(self, original, updated):
        self.calls.append(cst.Module([]).code_for_node(updated.func))
        return updated


class Names(Calls):
    """The same, reading the names too."""

    def __init__(self, context) -> None:
        super().__init__(context)
        self.names: list[str] = []

    def visit_Name(self, node) -> None:
        self.names.append(node.value)


def test_a_walk_enters_no_name_string_or_number_its_walkers_do_not_read():
    # a leaf holds nothing but its parentheses: a walk that skips the trivia and has no
    # method for the leaf's class passes it on as it is, without entering it
    source = 'x = f(a, "b", 3, g(c.d, 4.5))\nprint(x, ...)\n'
    entered, seen = {}, {}
    for walker in (Calls, Names):
        context = Context(filename="app.py")
        made = walker(context)
        with counting() as counts:
            module = run(cst.parse_module(source), [], context, [made])
        assert module.code == source
        entered[walker], seen[walker] = counts.transform_nodes, made.calls
    assert seen[Calls] == seen[Names] == ["g", "f", "print"]
    assert made.names == ["x", "f", "a", "g", "c", "d", "print", "x"]
    assert entered[Calls] == entered[Names] - len(made.names)  # (its literals: neither)


def test_a_walk_passes_through_what_none_of_its_walkers_reads_without_calling_it():
    # an Arg, an Attribute: no walker has a method for them; the walk asks its on_visit
    # about the first of each class, then passes the others through (walk.Passing), the
    # walkers' own calls and the code unchanged
    from bottle2flask.port.passes import Walk

    source = "f(a.b, c.d)\ng(e.f, h.i)\nf(j.k, g(l.m))\n"
    context = Context(filename="app.py")
    made = Names(context)
    asked: list[type] = []
    real_visit = Walk.on_visit

    def on_visit(self, node):
        asked.append(type(node))
        return real_visit(self, node)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Walk, "on_visit", on_visit)
        with counting() as counts:
            module = run(cst.parse_module(source), [], context, [made])
    assert module.code == source
    assert made.calls == ["f", "g", "g", "f"]
    assert made.names == ["f", "a", "b", "c", "d", "g", "e", "f", "h", "i", "f", "j", "k",
                          "g", "l", "m"]
    assert asked.count(cst.Arg) == asked.count(cst.Attribute) == 1
    assert asked.count(cst.Name) == 16 and asked.count(cst.Call) == 4
    assert counts.transform_nodes > len(asked)  # the nodes passed through, entered too


def test_walks_of_the_same_walkers_find_their_methods_once():
    from bottle2flask.port.passes import Walk

    first, second = Walk([Calls(Context(filename="a.py"))]), Walk([Calls(Context(filename="b.py"))])
    first.kind(cst.Call(cst.Name("f")))
    assert second.kinds is first.kinds and cst.Call in second.kinds
    assert Walk([Names(Context(filename="c.py"))]).kinds is not first.kinds


def test_walks_of_the_same_walkers_find_what_they_skip_once(monkeypatch):
    # (each of a port's walks asked it again from its walkers' classes: 665 times for 40
    # generated apps, some 1.5% of their ports)
    from bottle2flask.port import passes

    asked = []
    real = passes.skippable

    def counted(walker, hooks=True):
        asked.append(type(walker))
        return real(walker, hooks)

    monkeypatch.setattr(passes, "skippable", counted)
    first = passes._skipped([Calls(Context(filename="a.py")), Names(Context(filename="a.py"))])
    assert asked == [Calls, Names]
    assert first == passes.TRIVIA | (passes.LEAVES - {cst.Name})
    again = passes._skipped([Calls(Context(filename="b.py")), Names(Context(filename="b.py"))])
    assert again == first and asked == [Calls, Names]
    # walks of other walkers ask their own
    assert passes._skipped([Calls(Context(filename="c.py"))]) == passes.TRIVIA | passes.LEAVES
    assert asked == [Calls, Names, Calls]


def test_a_port_makes_no_reader_class_at_each_call():
    # a class made at each call (a reader defined inside a helper) cost ABCMeta's class
    # creation and a new plan of its walk: the helpers' readers are made once, as the
    # modules are imported (a port of the 1,000-line module made 589 classes, now 31)
    import abc

    source = large_module()
    port_source(source, "app.py")
    made = []
    real_new = abc.ABCMeta.__new__

    def new(mcls, *args, **kwargs):
        made.append(args[0])
        return real_new(mcls, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(abc.ABCMeta, "__new__", new)
        port_source(source, "app.py")
    assert len(made) < 50, sorted(set(made))
