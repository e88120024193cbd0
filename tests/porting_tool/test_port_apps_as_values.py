"""Apps as values (issue #42): a class that subclasses Bottle and routes its own methods,
apps made in functions, held in attributes, passed as parameters and mounted under a
prefix read at run time; and the check that no Bottle-only member of an app is left
silent in the port. Each form ported and served by both frameworks."""

from __future__ import annotations

import pytest

from bottle2flask.port.folder import port_tree
from bottle2flask.port.leftovers import BOTTLE_ONLY
from bottle2flask.port.runner import port_source

from .helpers import answers, both_folders

SUBCLASS = '''
    import bottle
    from bottle import Bottle, request


    class Notes(Bottle):
        def __init__(self, title):
            super().__init__()
            self.title = title
            self.items = []
            self.route("/add", method="POST", callback=self.add)
            self.get("/list")(self.show)
            self.error_handler[404] = self.missing
            self.error(405)(self.refused)
            self.hook("before_request")(self.stamp)
            self.hook("after_request")(self.after)
            self.setup()

        def setup(self):
            @self.route("/hello/<name>", name="hello")
            def hello(name):
                return "hello " + name

            @self.get("/")
            def index():
                return self.title + " " + self.get_url("hello", name="x")

        def stamp(self):
            request.environ["stamped"] = "1"

        def after(self):
            bottle.response.set_header("X-After", "yes")

        def add(self):
            self.items.append(request.forms.get("text"))
            return "ok"

        def show(self):
            return ",".join(self.items) + request.environ.get("stamped", "")

        def missing(self, error):
            return "missing " + request.path

        def refused(self, error):
            return "refused " + str(error.status_code)


    app = Notes("notes")

    if __name__ == "__main__":
        app.run(port=8080)
'''


def test_a_bottle_subclass_routing_its_own_methods_answers_as_bottle(tmp_path):
    bottle, flask = both_folders(tmp_path, {"web.py": SUBCLASS}, "subclass_methods")
    for client in (bottle, flask):
        assert client.post("/add", {"text": "a"}).text == "ok"
    for path in ("/", "/list", "/hello/ann", "/nope"):
        assert answers(bottle, path) == answers(flask, path), path
    assert answers(flask, "/") == (200, "notes /hello/x")
    assert answers(flask, "/list") == (200, "a1")  # the before_request hook ran
    assert answers(flask, "/nope") == (404, "missing /nope")  # the status kept
    assert answers(flask, "/add") == answers(bottle, "/add") == (405, "refused 405")
    assert bottle.get("/").headers["X-After"] == flask.get("/").headers["X-After"] == "yes"
    code = (tmp_path / "out" / "web.py").read_text()
    assert "self.register_error_handler(404, self.missing)" in code
    assert "self.before_request(self.stamp)" in code
    assert "self.after_request(self.after)" in code
    assert "def after(self, flask_response=None):" in code


BESIDE_ANOTHER_CLASS = '''
    from bottle import Bottle


    class Store:
        def __init__(self):
            self.data = {"k": "v"}

        def get(self, key):
            return self.data.get(key, "none")


    class Api(Bottle):
        def __init__(self, store):
            super().__init__()
            self.store = store
            self.route("/a", callback=lambda: "a")
            self.route("/b", callback=lambda: "b")
            self.route("/item/<key>", callback=self.item)
            self.admin()
            self.public()

        def admin(self):
            @self.get("/admin/page")
            def page():
                return "admin page"

        def public(self):
            @self.get("/page")
            def page():
                return "public page"

        def item(self, key):
            return self.store.get(key)


    class Site(Bottle):
        def __init__(self, prefix):
            super().__init__()
            self.route("/", callback=self.home)
            self.mount(prefix, Api(Store()))

        def home(self):
            return "home"


    app = Site("/api/")
'''


def test_subclasses_beside_a_plain_class_and_clashing_view_names_answer_as_bottle(tmp_path):
    """`self` is the app in the Bottle subclasses though Store has a `self` of its own
    (its `get` is no route); two lambdas and two nested `page` views do not clash; a
    subclass's instance mounted under its parameter's prefix is served there."""
    bottle, flask = both_folders(tmp_path, {"web.py": BESIDE_ANOTHER_CLASS}, "beside")
    for path in ("/", "/api/a", "/api/b", "/api/item/k", "/api/item/z", "/api/admin/page",
                 "/api/page"):
        assert answers(bottle, path) == answers(flask, path), path
    for path in ("/api", "/nope"):  # (each framework's own 404 page)
        assert answers(bottle, path)[0] == answers(flask, path)[0] == 404, path
    assert answers(flask, "/api/b") == (200, "b")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "    def get(self, key):\n        return self.data.get(key" in code
    assert "bottle_mount.mount(self, prefix, Api(Store()))" in code
    assert (tmp_path / "out" / "bottle_mount.py").is_file()


MOUNTED_VALUES = '''
    from bottle import Bottle


    def make_api():
        api = Bottle()

        @api.route("/ping")
        def ping():
            return "pong"

        return api


    class Holder:
        def __init__(self):
            self.admin = Bottle()
            self.admin.route("/", callback=lambda: "admin home")


    def attach(parent, child, where):
        parent.mount(where, child)


    app = Bottle()
    app.config["api.prefix"] = "/api/"


    @app.route("/")
    def index():
        return "index"


    app.mount(app.config["api.prefix"], make_api())
    holder = Holder()
    app.mount("/admin/", holder.admin)
    extra = Bottle()
    extra.route("/e", callback=lambda: "extra e")
    attach(app, extra, "/extra/")
    app.merge(make_api())
'''


def test_apps_made_in_functions_held_and_passed_mount_under_run_time_prefixes(tmp_path):
    """Each mount kept its routes (the computed prefix and the parameter's mount were
    commented out under a TODO, every route under them lost); merge of a factory's app
    is a merge."""
    bottle, flask = both_folders(tmp_path, {"web.py": MOUNTED_VALUES}, "mounted_values")
    for path in ("/", "/api/ping", "/admin/", "/extra/e", "/ping"):
        assert answers(bottle, path) == answers(flask, path), path
    for path in ("/api/", "/api", "/extra", "/nope"):  # (each framework's own 404 page)
        assert answers(bottle, path)[0] == answers(flask, path)[0] == 404, path
    assert answers(flask, "/api/ping") == (200, "pong")
    assert answers(flask, "/extra/e") == (200, "extra e")
    code = (tmp_path / "out" / "web.py").read_text()
    assert "bottle_mount.mount(app, app.config[\"api.prefix\"], make_api())" in code
    assert "bottle_mount.mount(parent, where, child)" in code
    # the literal prefix of an app the model knows keeps its idiomatic candidate
    assert "DispatcherMiddleware(app.wsgi_app, {'/admin': holder.admin})" in code
    assert "TODO" not in code


def test_a_mount_with_route_options_is_left_out_under_a_todo():
    result = port_source('from bottle import Bottle\n\napp = Bottle()\nsub = Bottle()\n'
                         'app.mount("/sub/", sub, skip=True)\n', "app.py", faithful=False)
    assert "# app.mount(\"/sub/\", sub, skip=True)" in result.code
    assert [t["code"] for t in result.todos] == ["P015"]


LEFT = '''
from bottle import Bottle


class Helper:
    def close(self):
        return self.close


class Site(Bottle):
    def __init__(self):
        super().__init__()
        self.route("/", callback=self.home)

    def home(self):
        return str(len(self.routes))


def make_api():
    return Bottle()


class Holder:
    def __init__(self):
        self.web = Bottle()


holder = Holder()
count = len(holder.web.routes)
match = make_api().router.match
app = Site()
'''


def test_a_bottle_only_member_on_any_app_value_is_kept_by_bottle_members():
    result = port_source(LEFT, "app.py", faithful=False)
    named = [(t["text"].split(" kept ")[0], t["breaks"]) for t in result.todos]
    assert named == [("`self.routes`", False), ("`holder.web.routes`", False),
                     ("`make_api().router`", False)]
    assert "bottle_members.of(make_api()).router.match" in result.code
    assert "    def close(self):\n        return self.close\n" in result.code  # no app


def test_a_bottle_only_member_no_rule_keeps_is_a_breaking_todo():
    result = port_source(LEFT.replace(".routes", ".hooks").replace(".router", ".hooks"),
                         "app.py", faithful=False)
    named = [(t["text"].split(" is ")[0], t["breaks"]) for t in result.todos]
    assert named == [("`self.hooks`", True), ("`holder.web.hooks`", True),
                     ("`make_api().hooks`", True)]


def test_every_app_member_flask_lacks_is_named_by_the_check_of_what_is_left():
    """The conformance table lists Bottle's app members; each one a Flask app lacks is
    one BOTTLE_ONLY names, so a use no rule converted never passes silently."""
    from flask import Flask

    from bottle2flask.conformance.table import rows

    flask_app = Flask(__name__)
    members = {row.id.split(".", 1)[1] for row in rows() if row.id.startswith("Bottle.")}
    lacking = {name for name in members if not hasattr(flask_app, name)}
    assert lacking and lacking <= set(BOTTLE_ONLY), lacking - set(BOTTLE_ONLY)


@pytest.mark.parametrize(("name", "source"), [
    ("a hook by hand of a function the module lacks",
     "from bottle import Bottle\nfrom hooks import after\n\napp = Bottle()\n"
     "app.hook('after_request')(after)\n"),
])
def test_what_cannot_be_converted_is_a_breaking_todo(name, source):
    result = port_source(source, "app.py", faithful=False)
    assert result.todos and all(t["breaks"] for t in result.todos), name


def test_a_subclass_with_re_filters_registers_its_converters_as_it_makes_itself(tmp_path):
    """The converters went after a `Flask(...)` line a subclass does not have: the port
    stopped at start-up (LookupError: the converter 'bottle_re1' does not exist)."""
    bottle, flask = both_folders(tmp_path, {"web.py": r'''
        import bottle


        class Site(bottle.Bottle):
            def __init__(self):
                super().__init__()
                self.route(r"/f/<name:re:[a-z]+\.txt>", callback=self.f)

            def f(self, name):
                return "f " + name


        app = Site()


        @app.route(r"<name:re:.*\.e1>")
        def r1(name):
            return "r1 " + name
    '''}, "subclass_filters")
    for path in ("/f/a.txt", "/x.e1", "/f/A.txt"):
        assert answers(bottle, path)[0] == answers(flask, path)[0], path
    assert answers(flask, "/f/a.txt") == (200, "f a.txt")
    code = (tmp_path / "out" / "web.py").read_text()
    # (static_folder=None: a /static/x.e1 URL is the app's route, as in Bottle)
    assert 'super().__init__(__name__, static_folder=None)\n' \
        '        self.url_map.converters["bottle_re1"]' in code


def test_an_instance_of_a_subclass_another_module_defines_is_that_modules_app(tmp_path):
    """main.py imports no Bottle name: it made its app from shop.py's Bottle subclass, and
    was copied unchanged (its routes and mount Bottle's, on a Flask object), the check
    loading shop.py, which makes no app."""
    bottle, flask = both_folders(tmp_path, {
        "shop.py": '''
            from bottle import Bottle


            class Shop(Bottle):
                def __init__(self, name):
                    super().__init__()
                    self.name = name
                    self.get("/")(self.index)
                    self.error(404)(self.missing)

                def index(self):
                    return "shop " + self.name

                def missing(self, error):
                    return "no such page in " + self.name
        ''',
        "main.py": '''
            from shop import Shop

            app = Shop("corner")


            @app.route("/extra")
            def extra():
                return "extra"


            app.mount("/sub/", Shop("sub"))

            if __name__ == "__main__":
                app.run(port=8080)
        '''}, "imported_subclass", entry="main.py:app")
    for path in ("/", "/extra", "/sub/", "/nope"):
        assert answers(bottle, path) == answers(flask, path), path
    assert answers(flask, "/nope") == (404, "no such page in corner")
    result = port_tree(tmp_path / "src", tmp_path / "again", write=False)
    assert result.entry == ("main", "app")


SUBCLASSES_MADE_BARE = '''
    import bottle
    from bottle import Bottle


    class Bare(Bottle):
        """A subclass that adds nothing to Bottle's __init__."""

        def hello(self):
            return "hello"


    class Passing(bottle.Bottle):
        def __init__(self, *args, **kwargs):
            super(Passing, self).__init__(*args, **kwargs)
            self.get("/p")(self.page)

        def page(self):
            return "passing"


    class Quiet(Bottle):
        pass


    app = Bare()
    passing = Passing(catchall=True)
    quiet = Quiet(autojson=True)


    @app.route("/")
    def index():
        return app.hello()


    @quiet.route("/q")
    def q():
        return "quiet"


    app.mount("/passing/", passing)
    app.mount("/quiet/", quiet)
'''


def test_subclasses_made_with_no_arguments_or_bottles_own_start_as_flask_apps(tmp_path):
    """Class L (RULE-s46, alexanderad/highlighter): the port's Flask subclass was called
    without the import name Flask's __init__ needs (a TypeError at import), and
    `super().__init__(*args, **kwargs)` handed Flask Bottle's catchall=."""
    bottle, flask = both_folders(tmp_path, {"web.py": SUBCLASSES_MADE_BARE}, "bare_subclass")
    for path in ("/", "/passing/p", "/quiet/q"):
        assert answers(bottle, path) == answers(flask, path), path
    assert answers(flask, "/quiet/q") == (200, "quiet")
    code = (tmp_path / "out" / "web.py").read_text()
    assert '''class Bare(Flask):
    """A subclass that adds nothing to Bottle's __init__."""

    def __init__(self):
        super().__init__(__name__)

    def hello(self):''' in code
    assert "class Quiet(Flask):\n    def __init__(self):\n        super().__init__(__name__)\n" \
        in code
    assert "super(Passing, self).__init__(__name__)\n" in code
    assert "passing = Passing()\n" in code and "quiet = Quiet()\n" in code


# technical-test-backend (RULE-s47): class-based views registered by a route call in
# another module, `callback=view().callback`, of a method their base class defines
CALLBACK_VIEWS = {
    "views.py": '''
        from bottle import request


        class BaseView:
            methods = ["GET"]

            def callback(self, *args):
                if request.query.get("deny"):
                    return
                return self.get(*args)


        class Hello(BaseView):
            def get(self):
                return "hello"


        def plain(name):
            if name == "nobody":
                return
            return "plain " + name
        ''',
    "routing.py": '''
        import bottle


        def path(url, view):
            bottle.route(url, method=view.methods + ["OPTIONS"], callback=view().callback)
        ''',
    "web.py": '''
        import bottle

        import views
        from routing import path
        from views import plain

        path("/hello", views.Hello)
        bottle.route("/plain/<name>", callback=plain)
        app = bottle.default_app()
        ''',
}


def test_views_registered_by_callback_in_another_module_answer_none_as_bottle(tmp_path):
    """A def a route call registers (`callback=view().callback`, a method of a class;
    `callback=plain`, imported) is a view: its bare `return` sends Bottle's empty 200,
    as P007 makes it (Flask raised on None: a 500)."""
    bottle, flask = both_folders(tmp_path, CALLBACK_VIEWS, "callback_views")
    for path, method in (("/hello", "GET"), ("/hello?deny=1", "GET"),
                         ("/hello?deny=1", "OPTIONS"), ("/plain/ann", "GET"),
                         ("/plain/nobody", "GET")):
        assert answers(bottle, path, method) == answers(flask, path, method), (path, method)
    assert answers(flask, "/hello?deny=1") == (200, "")
    assert answers(flask, "/plain/nobody") == (200, "")
    assert answers(flask, "/hello") == (200, "hello")
    code = (tmp_path / "out" / "views.py").read_text()
    assert code.count('return ""') == 2  # the two views' bare returns; Hello.get is none


# EPF-entrada-saida-onibus (RULE-s47): the app is built only by a method of an object
# the entry script makes and runs; each controller module makes a sub-app of its own
BUILT_BY_A_METHOD = {
    "main.py": '''
        from app import create_app

        if __name__ == "__main__":
            app = create_app()
            app.run()
        ''',
    "app.py": '''
        from bottle import Bottle


        class App:
            def __init__(self):
                self.bottle = Bottle()

            def setup_routes(self):
                from controllers import init_controllers

                init_controllers(self.bottle)

            def run(self):
                self.setup_routes()
                self.bottle.run(host="localhost", port=8080)


        def create_app():
            return App()
        ''',
    "controllers/__init__.py": '''
        from bottle import Bottle

        from controllers.notes import notes_routes
        from controllers.tags import tags_routes


        def init_controllers(app: Bottle):
            app.merge(notes_routes)
            app.merge(tags_routes)
        ''',
    "controllers/notes.py": '''
        from bottle import Bottle

        notes_routes = Bottle()


        @notes_routes.get("/notes")
        def notes():
            return "notes"
        ''',
    "controllers/tags.py": '''
        from bottle import Bottle

        tags_routes = Bottle()
        tags_routes.route("/tags", callback=lambda: "tags")
        ''',
}


def test_the_check_serves_the_app_the_entry_script_runs_not_a_modules_sub_app(tmp_path):
    """`app = create_app(); app.run()` under main.py's main guard, where App.run() merges
    the controllers' sub-apps into its Bottle app and runs that: the check picked a
    controller's sub-app (controllers:tags_routes) and served its routes alone. The
    entry is now main.py, loaded as a script, and what its run() was handed is served:
    every merged route, in both apps."""
    bottle, flask = both_folders(tmp_path, BUILT_BY_A_METHOD, "built_by_method",
                                 entry="main.py:app")
    for path in ("/notes", "/tags", "/nope"):
        assert answers(bottle, path)[0] == answers(flask, path)[0], path
    assert answers(flask, "/notes") == (200, "notes")
    assert answers(flask, "/tags") == (200, "tags")
    result = port_tree(tmp_path / "src", tmp_path / "again", write=False)
    assert result.entry == ("main", "app")


def test_merged_sub_apps_in_a_sub_folder_render_views_templates_and_helpers(tmp_path):
    """EPF again: each controller's sub-app (controllers/, run from the folder ported)
    renders views/*.tpl, found by Bottle's ./views/ from the working directory, and the
    served app is the one they are merged into, which renders nothing itself. Flask
    renders with the app that serves the route: that app had no template folder (a
    TemplateNotFound 500), the sub-apps one of controllers/, and the template helpers
    (Python Jinja2 cannot say) were globals of the sub-apps alone (UndefinedError)."""
    files = dict(BUILT_BY_A_METHOD)
    files["controllers/notes.py"] = '''
        from bottle import Bottle, template

        notes_routes = Bottle()


        class Note:
            title = "first"


        @notes_routes.get("/notes")
        def notes():
            return template("notes", note=Note())
        '''
    files["views/notes.tpl"] = '''
        <p>{{'titled' if getattr(note, 'title', '') == 'first' else 'untitled'}}</p>
        '''
    bottle, flask = both_folders(tmp_path, files, "merged_templates", entry="main.py:app")
    assert answers(flask, "/notes") == answers(bottle, "/notes") == (200, "<p>titled</p>\n")
    assert 'template_folder="../views"' in (tmp_path / "out/controllers/notes.py").read_text()


# An app a class is handed keeps it (`self.bottle = bottle`) and hands it on, from one
# of its methods, to a controller of controllers/ that routes its own methods by
# callback= (TF-OO-T6's App, in the generator's controller form): the controller's
# module imports nothing of Bottle, so its routes were Flask's route() decorators never
# applied, every page a 404.
HANDED_ON = {
    "web.py": """
        from bottle import Bottle
        from controllers.home import Home

        app = Bottle()


        class Site:
            def __init__(self, bottle):
                self.bottle = bottle
                self.setup_controllers()

            def setup_controllers(self):
                Home(self.bottle)


        Site(app)
    """,
    "controllers/__init__.py": "",
    "controllers/home.py": """
        class Home:
            def __init__(self, bottle):
                self.bottle = bottle
                self.bottle.route("/home", method="GET", callback=self.index)
                self.bottle.route("/item/<n:int>", callback=self.show)

            def index(self):
                return "home"

            def show(self, n):
                return "item " + str(n * 2)
    """,
}


def test_an_app_a_class_keeps_and_hands_on_to_a_controller_is_routed_there(tmp_path):
    bottle_app, flask_app = both_folders(tmp_path, HANDED_ON, "values_handed_on")
    for path in ("/home", "/item/-2"):
        assert answers(flask_app, path) == answers(bottle_app, path)
    assert answers(flask_app, "/item/-2") == (200, "item -4")
    assert answers(flask_app, "/item/x")[0] == answers(bottle_app, "/item/x")[0] == 404
    assert answers(flask_app, "/home", "POST")[0] == 405
    assert "add_url_rule(" in (tmp_path / "out" / "controllers" / "home.py").read_text()


# Two controllers of other modules routing a method of one name (`index`) on the app, one
# of them on an app it makes and the entry merges: Flask named each endpoint after its
# method, and refused the second view at import (the port did not start).
TWO_INDEXES = {
    "web.py": """
        from bottle import Bottle
        from api import load_api
        from controllers.home import Home

        app = Bottle()
        app.merge(load_api().app)
        Home(app)
    """,
    "api.py": """
        from bottle import Bottle


        class Api:
            def __init__(self):
                self.app = Bottle()
                self.app.route("/api", callback=self.index)


            def index(self):
                return "api"


        def load_api():
            return Api()
    """,
    "controllers/__init__.py": "",
    "controllers/home.py": """
        class Home:
            def __init__(self, app):
                self.app = app
                self.app.route("/", callback=self.index)

            def index(self):
                return "home"
    """,
}


def test_methods_of_one_name_two_controllers_route_each_answer(tmp_path):
    bottle_app, flask_app = both_folders(tmp_path, TWO_INDEXES, "values_two_indexes")
    for path, page in (("/", "home"), ("/api", "api")):
        assert answers(flask_app, path) == answers(bottle_app, path) == (200, page)
    home = (tmp_path / "out" / "controllers" / "home.py").read_text()
    assert 'add_url_rule("/", view_func=self.index, endpoint="/")' in home


@pytest.mark.parametrize("merged", [True, False], ids=["merged", "served"])
def test_an_app_a_library_modules_factory_made_is_an_app_where_it_is_imported(tmp_path,
                                                                              merged):
    """Found by the generator's forms_53 (RULE-s52's class D, jar3b's borest/ and its
    test/dummy.py): a library module binds `api = make_api()`, its factory naming its own
    app otherwise; a module adding routes to it imported `api` as no app, its
    `@api.route("/item/<n:int>")` stayed Bottle's rule and the port did not start
    (LookupError: the converter 'n' does not exist)."""
    entry = ("""
        from bottle import Bottle

        from lib.site import api
        import addon  # noqa: F401

        app = Bottle()
        app.merge(api)
    """ if merged else """
        from lib.site import api
        import addon  # noqa: F401

        app = api
    """)
    bottle, flask = both_folders(tmp_path, {
        "lib/__init__.py": "",
        "lib/site.py": """
            from bottle import Bottle


            def make_api():
                made = Bottle()

                @made.route("/lib")
                def index():
                    return "lib index"

                return made


            api = make_api()
        """,
        "addon.py": """
            from bottle import abort

            from lib.site import api


            @api.route("/item/<n:int>")
            def item(n):
                if n > 5:
                    abort(404)
                return "item %d" % n
        """,
        "web.py": entry,
    }, f"factory_app_{merged}")
    for path, want in (("/lib", (200, "lib index")), ("/item/2", (200, "item 2"))):
        assert answers(bottle, path) == answers(flask, path) == want
    assert answers(bottle, "/item/x")[0] == answers(flask, "/item/x")[0] == 404


def test_a_modules_static_root_is_read_from_its_own_apps_folder_not_a_merged_ones(tmp_path):
    """forms_53's long run: app.py routes on core's app and merges a library's (`from
    lib.site import api`, which sorts before `app`); its static_file(root="./files") was
    taken from lib/'s folder (send_from_directory("../files")): every file a 404."""
    bottle, flask = both_folders(tmp_path, {
        "lib/__init__.py": "",
        "lib/site.py": """
            from bottle import Bottle


            def make_api():
                return Bottle()


            api = make_api()
        """,
        "core.py": """
            from bottle import Bottle

            app = Bottle()
        """,
        "web.py": """
            from bottle import static_file

            from core import app
            from lib.site import api


            @app.route("/files/<path:path>")
            def files(path):
                return static_file(path, root="./files")


            app.merge(api)
        """,
        "files/main.css": "a { b: 1 }\n",
    }, "static_root_merged")
    assert answers(bottle, "/files/main.css") == answers(flask, "/files/main.css") \
        == (200, "a { b: 1 }\n")


def test_a_static_root_beside_the_default_app_and_a_merged_package_app(tmp_path):
    """forms_53's second run: web.py names the default app (`app = default_app()`) and
    merges a package's (`from apps.ctl import app as ctl_app`): its static_file(root=
    "./files") was read from apps/ctl/ (send_from_directory("../../files")): a 404."""
    bottle, flask = both_folders(tmp_path, {
        "apps/__init__.py": "",
        "apps/ctl/__init__.py": """
            from bottle import Bottle

            app = Bottle()


            @app.route("/ctl")
            def ctl():
                return "ctl"
        """,
        "web.py": """
            from bottle import default_app, static_file

            from apps.ctl import app as ctl_app

            app = default_app()


            @app.route("/files/<path:path>")
            def files(path):
                return static_file(path, root="./files")


            app.merge(ctl_app)
        """,
        "files/main.css": "a { b: 1 }\n",
    }, "static_root_default_merged")
    assert answers(bottle, "/files/main.css") == answers(flask, "/files/main.css") \
        == (200, "a { b: 1 }\n")
    assert answers(bottle, "/ctl") == answers(flask, "/ctl") == (200, "ctl")
