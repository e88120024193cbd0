"""D-undefined: a view that renders a template without a name the template reads on
every render. Bottle's page is a 500 (NameError); Jinja2 prints the name empty. The port
declares it for the view's routes and parity counts it as intended."""

from __future__ import annotations

import json

import bottle
import pytest

from bottle2flask.cli import main as kit
from bottle2flask.port.folder import port_tree
from bottle2flask.stpl.convert import convert_source

from .helpers import answers, both_folders, write_files

PAGE = """\
% include('head.tpl')
<ul>
% for name in people:
  <li>{{name}}</li>
% end
</ul>
"""


def test_the_converter_knows_which_names_a_template_reads_on_every_render():
    source = ("% x = 1\n{{x}} {{y}}\n% if defined('z'):\n{{z}}\n% end\n"
              "{{ a if b else c }} {{ d or e }} {{len(f)}} {{get('h', 1)}}\n"
              "% for i in items:\n{{i}} {{g}}\n% end\n% setdefault('t', 2)\n{{t}}\n")
    assert convert_source(source, "t").sure_reads == {"y", "b", "d", "f", "items"}
    assert convert_source("% import os\n{{os.sep}} {{range(3)}}\n", "t").sure_reads == set()


def app(tmp_path, call: str, defaults: str = ""):
    return write_files(tmp_path / "src", {
        "app.py": f'''
            import bottle
            from bottle import Bottle, template
            {defaults}
            app = Bottle()


            @app.get("/")
            def home():
                return {call}


            @app.get("/team/<team>")
            def team(team):
                return template("list", people=[team])
        ''',
        "views/list.tpl": PAGE, "views/head.tpl": "<h1>People</h1>\n"})


def test_a_render_without_a_name_its_template_reads_is_declared_on_its_route(tmp_path):
    src = app(tmp_path, 'template("list")')
    result = port_tree(src, tmp_path / "out")
    module = next(m for m in result.modules if m.path == "app.py")
    assert [(d["id"], d["paths"], d.get("detail")) for d in module.declared
            if d["id"] != "D-undefined-value"] == [
        ("D-none", ["*"], None), ("D-entities", ["*"], None),
        ("D-undefined", ["/"], "list.html reads people")]
    settings = (tmp_path / "out" / "parity.toml").read_text()
    assert 'name = "D-undefined"\nstatus = "500"\npath = "/"\n' in settings
    assert "list.html reads people" in (tmp_path / "out" / "PORTING-REPORT.md").read_text()
    # The original fails on / and the port answers: parity counts it as intended.
    assert kit(["parity", str(src / "app.py"), str(tmp_path / "out" / "app.py"), "--json",
                "--quiet"]) == 0


def test_a_render_that_passes_every_name_or_passes_them_unseen_declares_nothing(tmp_path):
    for n, call in enumerate(['template("list", people=[])', 'template("list", **locals())',
                              'template("list", dict(people=[]))']):
        src = app(tmp_path / str(n), call)
        result = port_tree(src, tmp_path / str(n) / "out")
        module = next(m for m in result.modules if m.path == "app.py")
        assert [d["id"] for d in module.declared] == [
            "D-none", "D-entities", "D-undefined-value", "D-undefined-value"], call


ROW_NOT_FOUND = {"web.py": """
    from bottle import Bottle, template

    app = Bottle()
    ROWS = {1: {"id": 1, "name": "one"}}


    @app.route("/update/<no:int>")
    def update(no):
        return template("update", item=ROWS.get(no))


    @app.route("/about")
    def about():
        return "about"
    """, "views/update.tpl": "<p>{{item['id']}}: {{item['name']}}</p>\n"}


def test_an_item_a_value_lacks_is_declared_on_the_views_routes(tmp_path):
    """RULE-s50's bottle_CRUD and Anvesh35's todo app: `/update/21` of a row not found
    renders `{{item['id']}}` of None, a TypeError in SimpleTemplate (Bottle's 500),
    printed empty by Jinja2 (the port's page answers): nothing declared it, so the check
    moved the view's sites to their exact forms (StrictUndefined fails as Bottle did).
    D-undefined-value is declared on the routes of the views that render: the page the
    port gains is intended, and the site stays idiomatic."""
    from bottle2flask.parity.normalise import Response, compare
    from bottle2flask.parity.scenario import load as load_settings

    bottle_app, flask_app = both_folders(tmp_path, ROW_NOT_FOUND, "undefined_value")
    assert answers(bottle_app, "/update/1") == answers(flask_app, "/update/1") == (
        200, "<p>1: one</p>\n")
    assert answers(bottle_app, "/update/21")[0] == 500
    assert answers(flask_app, "/update/21") == (200, "<p>: </p>\n")
    report = json.loads((tmp_path / "out" / "porting-report.json").read_text())
    (module,) = report["modules"]
    assert [(d["id"], d["paths"]) for d in module["declared"]
            if d["id"] == "D-undefined-value"] == [("D-undefined-value", ["/update/*"])]
    assert [(s["kind"], s["exact"]) for s in module["sites"] if s["rule"] == "P006"] == [
        ("template-text", False)]
    rules = load_settings(tmp_path / "out" / "parity.toml").ignore
    a, b = (Response(got.status, got.headerlist, got.body, "/update/21") for got in (
        bottle_app.get("/update/21", expect_errors=True), flask_app.get("/update/21")))
    assert compare(a, b, ignore=[r for r in rules if r.applies("/update/21")]).explained \
        == ["D-undefined-value"]
    assert not [r for r in rules if r.name == "D-undefined-value" and r.applies("/about")]


HANDLER_WITHOUT_A_NAME = {"web.py": """
    from bottle import Bottle, abort, template

    app = Bottle()


    @app.route("/lot/<no>")
    def lot(no):
        abort(404)


    @app.error(404)
    def missing(error):
        return template("404")
    """, "views/404.tpl": "<p>{{user}}: no such page</p>\n"}


def test_an_error_handler_rendering_without_a_name_is_declared_on_every_page(tmp_path):
    """RULE-s50's online-auction: `@app.error(404)` renders 404.tpl without the `user` its
    layout reads, so every 404 was Bottle's 500 (the handler's NameError); the port's
    404 page answers. A render outside a view declared nothing (no routes to name), so
    the check repaired the views that abort(404). An error handler's render declares
    D-undefined on every page, those that answer its code."""
    bottle_app, flask_app = both_folders(tmp_path, HANDLER_WITHOUT_A_NAME, "undefined_handler")
    for path in ("/lot/x", "/no/such/page"):
        assert answers(bottle_app, path)[0] == 500, path
        assert answers(flask_app, path) == (404, "<p>: no such page</p>\n"), path
    (module,) = json.loads((tmp_path / "out" / "porting-report.json").read_text())["modules"]
    assert [(d["id"], d["paths"], d.get("detail")) for d in module["declared"]
            if d["id"] == "D-undefined"] == [("D-undefined", ["*"], "404.html reads user")]
    assert kit(["parity", str(tmp_path / "src" / "web.py"),
                str(tmp_path / "out" / "web.py"), "--json", "--quiet"]) == 0


LAYOUT = "<nav>{{user}}</nav>\n{{!base}}\n"


@pytest.mark.parametrize(("page", "call", "declared"), [
    ("% rebase('base.tpl')\n<p>hi</p>\n", 'template("page")', True),
    ("% rebase('base.tpl')\n<p>hi</p>\n", 'template("page", user="ann")', False),
    ("% rebase('base', user='ann')\n<p>hi</p>\n", 'template("page")', False),
    ("% user = 'ann'\n% rebase('base.tpl')\n<p>hi</p>\n", 'template("page")', False),
    ("% if flag:\n%   rebase('base.tpl')\n% end\n<p>hi</p>\n", 'template("page", flag=1)',
     False),
])
def test_a_name_the_pages_layout_reads_counts_as_the_pages(tmp_path, page, call, declared):
    """RULE-s50's online-auction: 404.tpl rebases onto base.tpl, which reads `user` on
    every render; the page reads nothing of its own, so a render without `user` was
    Bottle's NameError and nothing declared it. A layout the page rebases onto on every
    render reads for the page what the rebase's keywords and the page's own names do not
    give it; a rebase in a branch makes none of it sure."""
    src = write_files(tmp_path / "src", {"app.py": f'''
        from bottle import Bottle, template

        app = Bottle()


        @app.get("/")
        def home():
            return {call}
    ''', "views/page.tpl": page, "views/base.tpl": LAYOUT})
    result = port_tree(src, tmp_path / "out")
    (module,) = [m for m in result.modules if m.path == "app.py"]
    assert [(d["id"], d["paths"], d.get("detail")) for d in module.declared
            if d["id"] == "D-undefined"] == (
        [("D-undefined", ["/"], "page.html reads user")] if declared else [])


def test_template_defaults_given_by_name_give_only_those_names(tmp_path):
    """online-auction's `SimpleTemplate.defaults['request'] = request` gave every
    template `request`: no D-undefined was declared in the app at all (its defaults could
    give any name); a default set by name gives that name alone."""
    src = app(tmp_path, 'template("list")',
              defaults='bottle.SimpleTemplate.defaults["request"] = bottle.request')
    result = port_tree(src, tmp_path / "out")
    module = next(m for m in result.modules if m.path == "app.py")
    assert [d["paths"] for d in module.declared if d["id"] == "D-undefined"] == [["/"]]
    src = app(tmp_path / "2", 'template("list")',
              defaults='bottle.BaseTemplate.defaults.update(people=[])')
    result = port_tree(src, tmp_path / "2" / "out")
    module = next(m for m in result.modules if m.path == "app.py")
    assert "D-undefined" not in [d["id"] for d in module.declared]


def test_template_defaults_of_the_apps_own_may_give_the_name(tmp_path):
    src = app(tmp_path, 'template("list")',
              defaults='bottle.BaseTemplate.defaults["people"] = []')
    result = port_tree(src, tmp_path / "out")
    module = next(m for m in result.modules if m.path == "app.py")
    assert "D-undefined" not in [d["id"] for d in module.declared]


def sent(response) -> tuple:
    """An answer as the check's exact grade reads it: the status line, the header fields
    but Date and Server (the order of fields of different names aside), the body."""
    return (response.status, sorted((k, v) for k, v in response.headerlist
                                    if k.lower() not in ("date", "server")), response.body)


def test_the_faithful_port_keeps_the_failure_and_bottles_page(tmp_path):
    """The --faithful port's render fails as Bottle's did (bottle_compat's
    bottle_undefined raises NameError): Bottle's 500 page, byte for byte, where a
    RULE-s41 app's faithful port rendered the page and declared the change."""
    src = app(tmp_path, 'template("list")')
    result = port_tree(src, tmp_path / "out", faithful=True)
    module = next(m for m in result.modules if m.path == "app.py")
    assert [d["id"] for d in module.declared] == []
    assert 'return bottle_undefined("list.html", \'people\')' in module.code
    original, ported = served(src, tmp_path / "out", "undefined")
    for path in ("/", "/team/ada"):
        theirs = original.get(path, expect_errors=True)
        assert sent(ported.get(path, expect_errors=True)) == sent(theirs)
    assert original.get("/", expect_errors=True).status == "500 Internal Server Error"


def test_the_faithful_port_fails_where_the_template_reads_an_attribute_the_value_lacks(
        tmp_path):
    """RULE-s48 EPF-MAPA: `{{user.birthdate if user else ''}}` of a User without one, a 500
    in Bottle (AttributeError), printed empty by Jinja2's Undefined. The --faithful
    port's Jinja2 fails on what the render does not have (StrictUndefined): Bottle's 500
    page, byte for byte; a value the render has prints alike."""
    src = write_files(tmp_path / "src", {
        "app.py": '''
            from bottle import Bottle, template

            app = Bottle()


            class User:
                name = "Ada"


            @app.get("/")
            def home():
                return template("user", user=User(), extra={"a": 1})
        ''',
        "views/user.tpl": "<p>{{user.name}}</p>\n"
                          "<p>{{extra['a']}} {{user.birthdate if user else ''}}</p>\n"})
    port_tree(src, tmp_path / "out", faithful=True)
    original, ported = served(src, tmp_path / "out", "attr_undefined")
    theirs = original.get("/", expect_errors=True)
    assert theirs.status == "500 Internal Server Error"
    assert sent(ported.get("/", expect_errors=True)) == sent(theirs)


def served(src, out, label: str) -> tuple:
    import webtest

    from bottle2flask.loading import load

    return (webtest.TestApp(load(f"{src / 'app.py'}:app", {}, f"{label}_bottle").wsgi),
            webtest.TestApp(load(f"{out / 'app.py'}:app", {}, f"{label}_flask").wsgi))


# 0.12's `%rebase name args`, which Bottle 0.13 cannot compile
OLDER_REBASE = {
    "app.py": '''
        from bottle import Bottle, template

        app = Bottle()


        @app.get("/")
        def home():
            return template("home", message="hi")
    ''',
    "views/home.tpl": "<p>{{message}}</p>\n%rebase layout message=message\n",
    "views/layout.tpl": "<main>{{!base}}</main>\n"}


@pytest.mark.xfail(bottle.__version__.startswith("0.12."), strict=True,
                   reason="Bottle 0.12 still compiles `%rebase name args`")
def test_bottle_cannot_compile_an_older_bottles_rebase_and_the_port_says_so(tmp_path):
    src = write_files(tmp_path / "src", OLDER_REBASE)
    assert convert_source((src / "views" / "home.tpl").read_text(), "home").bottle_error \
        == "line 2: invalid syntax"
    assert convert_source("<p>{{x}}</p>\n", "t").bottle_error is None
    result = port_tree(src, tmp_path / "out")
    module = next(m for m in result.modules if m.path == "app.py")
    assert [(d["id"], d["paths"]) for d in module.declared][-1] == ("D-template-error", ["/"])
    assert 'name = "D-template-error"\nstatus = "500"\npath = "/"\n' in (
        tmp_path / "out" / "parity.toml").read_text()
    assert kit(["parity", str(src / "app.py"), str(tmp_path / "out" / "app.py"), "--json",
                "--quiet"]) == 0


def test_the_faithful_port_fails_where_the_bottle_beside_it_cannot_compile(tmp_path):
    """bottle_compat's bottle_uncompiled: Bottle 0.13 refuses 0.12's `%rebase name args`
    (the page a 500, Bottle's page byte for byte); under 0.12 both render it."""
    src = write_files(tmp_path / "src", OLDER_REBASE)
    port_tree(src, tmp_path / "out", faithful=True)
    original, ported = served(src, tmp_path / "out", "uncompiled")
    theirs = original.get("/", expect_errors=True)
    assert sent(ported.get("/", expect_errors=True)) == sent(theirs)
    assert theirs.status_int == (200 if bottle.__version__.startswith("0.12.") else 500)


def test_a_template_converted_exactly_but_worth_a_look_is_noted_in_the_report(tmp_path):
    src = write_files(tmp_path / "src", {
        "app.py": """
            from bottle import Bottle, template
            app = Bottle()


            @app.get("/")
            def home():
                return template("list", people=["a"])
        """,
        "views/list.tpl": "% for p in people:\n<p>{{p}}</p>\n% else:\n<p>none</p>\n% end\n"})
    result = port_tree(src, tmp_path / "out")
    report = (tmp_path / "out" / "PORTING-REPORT.md").read_text()
    assert "note: `3: T004 `for ... else` with no `break`" in report
    assert not [t for t in result.templates if t["todos"]]


def test_the_render_error_is_a_site_its_key_takes_alone_and_bottles_page_with_it(tmp_path):
    """P006's render-error gives both forms as values (Rule.site_if_exact): Flask's
    render, which declares D-undefined, or bottle_compat's bottle_undefined, which fails as
    Bottle did. Asked where the port takes exact forms at all: named exact by its key
    (as the repair names a site), that render alone fails as Bottle's did."""
    src = app(tmp_path, 'template("list")')
    key = "app.py:home:P006:render-error:0"
    other = port_tree(src, tmp_path / "other", exact=frozenset({"app.py:nowhere"}))
    module = next(m for m in other.modules if m.path == "app.py")
    (site,) = [s for s in module.sites if s["kind"] == "render-error"]
    assert (site["key"], site["exact"]) == (key, False)
    assert site["forms"] == {"idiomatic": "render_template", "exact": "bottle_undefined"}
    assert "D-undefined" in [d["id"] for d in module.declared]
    result = port_tree(src, tmp_path / "out", exact=frozenset({key}))
    module = next(m for m in result.modules if m.path == "app.py")
    assert [(s["key"], s["exact"]) for s in module.sites if s["kind"] == "render-error"] \
        == [(key, True)]
    assert "D-undefined" not in [d["id"] for d in module.declared]
    assert 'return bottle_undefined("list.html", \'people\')' in module.code
    assert 'return render_template("list.html", people=[team])' in module.code
    original, ported = served(src, tmp_path / "out", "undefined_by_key")
    # the page fails as Bottle's did (Flask's own 500 page: the error-page site is
    # idiomatic still); the other view renders as before
    assert ported.get("/", expect_errors=True).status_int \
        == original.get("/", expect_errors=True).status_int == 500
    assert ported.get("/team/ada").text == original.get("/team/ada").text
