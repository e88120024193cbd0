"""Bottle values handed to a function of another of the app's modules (model/handed.py):
Bottle's request given to a module that imports nothing of Bottle, an instance holding
the app given to a module that routes on it. Each a small app ported and served by both."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from bottle2flask.cli import main as kit
from bottle2flask.exit_status import ExitStatus

from .helpers import answers, both_folders

API = '''
    def put(req, default="none"):
        """Handed Bottle's request by the view; imports nothing of Bottle."""
        return "time: " + req.forms.get("time", default) + " " + clock(req)


    def clock(request):
        return request.query.get("clock", "-")'''


def test_bottles_request_handed_to_a_module_without_bottle_is_read_as_flasks(tmp_path):
    """Found by the first-sight batch of s41 (swsc-sirius): api_put(request), imported
    with `from api import *`, read request.forms in a module that imports nothing of
    Bottle; it was not ported, and the port's POST /put was a 500 (no .forms in Flask)."""
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, request

            import api
            from api import *
            from api import clock as tick

            app = Bottle()


            @app.post("/put")
            def route_put():
                return put(request)


            @app.post("/again")
            def again():
                return api.put(default="?", req=request)


            @app.get("/tick")
            def ticks():
                return tick(request)
        ''',
        "api.py": API,
    }, "handed_request")
    form = {"body": b"time=12", "content_type": "application/x-www-form-urlencoded"}
    for path, want in (("/put?clock=9", "time: 12 9"), ("/again", "time: 12 -")):
        assert answers(bottle, path, "POST", **form) == answers(flask, path, "POST", **form) \
            == (200, want)
    assert answers(bottle, "/tick?clock=3") == answers(flask, "/tick?clock=3") == (200, "3")
    ported = (tmp_path / "out" / "api.py").read_text()
    assert 'req.form.get("time", default)' in ported
    assert 'request.args.get("clock", "-")' in ported  # handed on by put()
    assert "from flask" not in ported  # the request is the caller's: nothing to import


def test_a_parameter_whose_name_the_module_also_assigns_is_left_alone(tmp_path):
    """A parameter is known by its name across its module: one some line assigns there
    (`r = Reply(text)`) may be anything, so `r.json` is not taken for the request's."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent('''
        from bottle import Bottle, request

        import replies

        app = Bottle()


        @app.get("/")
        def index():
            return replies.stamp(request)
    ''').lstrip())
    replies = dedent('''
        class Reply:
            json = "{}"


        def stamp(r):
            return "ok"


        def parse():
            r = Reply()
            return r.json
    ''').lstrip()
    (src / "replies.py").write_text(replies)
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == ExitStatus.DONE
    assert (out / "replies.py").read_text() == replies


def test_an_instance_holding_the_app_handed_to_a_module_gets_its_routes(tmp_path):
    """Found by the first-sight batch of s41 (shylock): helpers.init_routes(server) routed
    server._app's methods with app._app.route(path, method=m, callback=attr); left in
    Bottle's form, Flask's route() registered nothing, and / was a 404."""
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from helpers import init_routes
            from server import Server

            server = Server(8080)
            init_routes(server)
            app = server._app
        ''',
        "server.py": '''
            import bottle

            from helpers import routed


            class Server:
                def __init__(self, port):
                    self.port = port
                    self._app = bottle.Bottle()

                @routed("GET", "/")
                def home(self):
                    return "home"

                @routed("POST", "/save")
                def save(self):
                    return "saved"
        ''',
        "helpers.py": '''
            def routed(method, path):
                def outer(fn):
                    setattr(fn, "route_" + method, path)
                    return fn
                return outer


            def init_routes(app):
                for name in dir(app):
                    attr = getattr(app, name)
                    for method in ["GET", "POST"]:
                        path = getattr(attr, "route_" + method, None)
                        if path is not None:
                            app._app.route(path, method=method, callback=attr)
        ''',
    }, "handed_holder")
    assert answers(bottle, "/") == answers(flask, "/") == (200, "home")
    assert answers(bottle, "/save", "POST") == answers(flask, "/save", "POST") \
        == (200, "saved")
    assert answers(bottle, "/save")[0] == answers(flask, "/save")[0] == 405


def test_routes_a_class_adds_to_the_app_it_is_handed_are_ported(tmp_path):
    """RULE-s41 class D (schetinger/epf-Atlas's controllers): HomeController(app) keeps
    the app as self.app in its base's __init__ (a module importing nothing of Bottle)
    and routes its methods with self.app.route(path, method=..., callback=...); left in
    Bottle's form, Flask registered nothing and every page was a 404. A class handed
    something else keeps its `self.app` calls."""
    bottle, flask = both_folders(tmp_path, {
        "controllers/__init__.py": "",
        "controllers/base.py": '''
            class BaseController:
                def __init__(self, app, title="base"):
                    self.app = app
                    self.title = title
                    self.app.route("/", method="GET", callback=self.index)
                    self.app.route("/helper", method=["GET"], callback=self.helper)

                def index(self):
                    return "index of " + self.title

                def helper(self):
                    return "helper"
        ''',
        "controllers/home.py": '''
            from bottle import Bottle

            from .base import BaseController


            class Names:
                def __init__(self, app):
                    self.app = app

                def route(self):
                    return self.app.route("/ignored", method="GET")


            class HomeController(BaseController):
                def __init__(self, app):
                    super().__init__(app, title="home")
                    self.app.route("/home", method="POST", callback=self.home)

                def home(self):
                    return "home " + Names(Shelf()).route()


            class Shelf:
                def route(self, path, method):
                    return path + " " + method


            home_routes = Bottle()
            home_controller = HomeController(home_routes)
        ''',
        "web.py": '''
            from bottle import Bottle

            from controllers.home import home_routes

            app = Bottle()
            app.merge(home_routes)
        ''',
    }, "handed_class_app")
    assert answers(bottle, "/") == answers(flask, "/") == (200, "index of home")
    assert answers(bottle, "/helper") == answers(flask, "/helper") == (200, "helper")
    assert answers(bottle, "/home", "POST") == answers(flask, "/home", "POST") \
        == (200, "home /ignored GET")
    assert answers(bottle, "/home")[0] == answers(flask, "/home")[0] == 405
    home = (tmp_path / "out" / "controllers" / "home.py").read_text()
    assert 'return self.app.route("/ignored", method="GET")' in home


def test_an_app_handed_to_another_modules_function_is_the_app_there(tmp_path):
    """RULE-s41 class E without its annotation (schetinger/epf-Atlas's app.py hands
    self.bottle to controllers.init_controllers(app), which merges the controllers'
    apps): the parameter is the app in a module importing nothing of Bottle, its
    merge() copies the routes; left as it was, Flask had no merge() and the port did not
    start."""
    bottle, flask = both_folders(tmp_path, {
        "controllers/__init__.py": '''
            from controllers.users import users


            def init_controllers(app):
                app.merge(users)
        ''',
        "controllers/users.py": '''
            from bottle import Bottle

            users = Bottle()


            @users.get("/users")
            def list_users():
                return "users"
        ''',
        "web.py": '''
            from bottle import Bottle

            from controllers import init_controllers


            class Site:
                def __init__(self):
                    self.bottle = Bottle()
                    init_controllers(self.bottle)


            app = Site().bottle
        ''',
    }, "handed_app_merge")
    assert answers(bottle, "/users") == answers(flask, "/users") == (200, "users")
    assert answers(bottle, "/nothing")[0] == answers(flask, "/nothing")[0] == 404


def test_bottles_route_called_in_a_module_handed_the_app_is_the_default_apps(tmp_path):
    """RULE-s52 class A (galvesb/api-bottle-peewee): app.py hands `app()`, Bottle's default
    app, to urls.routes(application), which calls Bottle's route(path, method, callback)
    and never reads its parameter. Bottle's route() is the default app's, whatever the
    module is handed; the port wrote `app.add_url_rule(...)` there without importing the
    shared default app, and did not start (NameError)."""
    bottle, flask = both_folders(tmp_path, {
        "urls.py": '''
            from bottle import route


            def hello():
                return "hello"


            def bye():
                return "bye"


            def routes(application):
                route("/hello", "GET", hello)
                route("/bye", method="GET", callback=bye)
        ''',
        "web.py": '''
            from bottle import app

            from urls import routes

            application = app()
            routes(application)
        ''',
    }, "handed_default_app_route", entry="web.py:application")
    assert answers(bottle, "/hello") == answers(flask, "/hello") == (200, "hello")
    assert answers(bottle, "/bye") == answers(flask, "/bye") == (200, "bye")
    assert "from default_app import app" in (tmp_path / "out" / "urls.py").read_text()


def test_bottles_route_in_a_handed_module_is_the_default_app_merging_another(tmp_path):
    """forms_53's long run (RULE-s52 class A beside a merge): web.py names the default
    app (`app = default_app()`) and merges an app it imports; urls.py, handed the app,
    calls Bottle's route(). A module importing another app was no user of the default
    app, so urls.py alone made a Flask app of its own for its routes: each a 404."""
    bottle, flask = both_folders(tmp_path, {
        "urls.py": '''
            from bottle import route


            def hello():
                return "hello"


            def routes(application):
                route("/hello", "GET", hello)
        ''',
        "extra.py": '''
            from bottle import Bottle

            extra = Bottle()


            @extra.route("/merged")
            def merged():
                return "merged"
        ''',
        "web.py": '''
            from bottle import default_app

            import urls
            from extra import extra

            app = default_app()
            app.merge(extra)
            urls.routes(app)
        ''',
    }, "handed_default_app_merging")
    assert answers(bottle, "/hello") == answers(flask, "/hello") == (200, "hello")
    assert answers(bottle, "/merged") == answers(flask, "/merged") == (200, "merged")


def test_a_port_the_check_cannot_load_is_not_compared_and_says_so(tmp_path, capsys):
    """Found by the first-sight batch of s41 (shylock): its app is made only under
    __main__ by a class (Server(port)._app); the port said "Not checked" and exited 0."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "app.py").write_text(
        "from sys import argv\n\nimport bottle\n\n\nclass Server:\n"
        "    def __init__(self, port):\n        self.port = port\n"
        "        self._app = bottle.Bottle()\n"
        '        self._app.route("/", callback=lambda: "home")\n\n'
        "    def start(self):\n        self._app.run(port=self.port)\n\n\n"
        'if __name__ == "__main__":\n    Server(int(argv[1])).start()\n')
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out)]) == ExitStatus.NOT_COMPARED
    said = capsys.readouterr()
    assert "Not checked (no module makes a Flask app)." in said.out
    assert said.err.strip().endswith("give `bottle2flask parity` each app as FILE:ATTR or "
                                     "a factory that makes it")
    assert "Exit status 4: the port was not compared" in (out / "PORTING-REPORT.md").read_text()
    # --no-check asked for no check: converted, 0
    assert kit(["port", str(src), "-o", str(tmp_path / "again"), "--no-check"]) == ExitStatus.DONE


def test_bottles_request_kept_by_a_class_of_a_module_without_bottle_is_flasks(tmp_path):
    """RULE-s47's F (vitorldslds/trabalhoFinalOOUnb): the view hands Bottle's request to
    a class of another module (`Controller(request)`), kept as `self.request` (here by
    the base's __init__) and read in its methods; that module imports nothing of Bottle,
    so its reads were not ported and POST /register was a 500 (no .forms in Flask)."""
    bottle, flask = both_folders(tmp_path, {
        "web.py": '''
            from bottle import Bottle, request

            from controller import Controller

            app = Bottle()


            @app.route("/register", method=["POST"])
            def register():
                return Controller(request).register()
        ''',
        "base.py": '''
            class Base:
                def __init__(self, request):
                    self.request = request
        ''',
        "controller.py": '''
            from base import Base


            class Controller(Base):
                def __init__(self, request):
                    super().__init__(request)

                def register(self):
                    name = self.request.forms.get("name") or ""
                    return f"hello {name} {self.request.get_cookie('k', 'none')}"
        ''',
    }, "kept_request")
    form = {"body": b"name=x", "content_type": "application/x-www-form-urlencoded"}
    for client in (bottle, flask):
        assert answers(client, "/register", "POST", **form) == (200, "hello x none")
        client.set_cookie("k", "v")
        assert answers(client, "/register", "POST", **form) == (200, "hello x v")
    ported = (tmp_path / "out" / "controller.py").read_text()
    assert 'self.request.form.get("name")' in ported
    assert "self.request.cookies.get('k') or 'none'" in ported
    assert "import" not in ported.replace("from base import Base", "")


def test_a_request_kept_by_a_base_class_a_package_imports_from_the_run_folder(tmp_path):
    """trabalhoFinalOOUnb's form: the app in a folder of the repository; its package
    app/controllers/ (app/ without __init__.py; bmvcapp/ here, as a module of a common
    name another test of the process loaded stands in its way) imports the base class
    from bmvc/ beside it, found from the folder the app runs from (site/)."""
    bottle, flask = both_folders(tmp_path, {
        "site/route.py": '''
            from bottle import Bottle, request

            from bmvcapp.controllers.application import Application

            app = Bottle()


            @app.post("/register")
            def register():
                return Application(request, []).register()
        ''',
        "site/bmvcapp/controllers/__init__.py": "",
        "site/bmvcapp/controllers/application.py": '''
            from bmvc.controller import Controller


            class Application(Controller):
                def register(self):
                    self.users.append(self.request.forms.get("name"))
                    return "users: " + ", ".join(self.users)
        ''',
        "site/bmvc/controller.py": '''
            class Controller:
                def __init__(self, request, users):
                    self.request = request
                    self.users = users
        ''',
    }, "kept_request_site", entry="site/route.py:app")
    form = {"body": b"name=x", "content_type": "application/x-www-form-urlencoded"}
    for client in (bottle, flask):
        assert answers(client, "/register", "POST", **form) == (200, "users: x")


def test_a_class_is_looked_for_only_where_a_call_hands_it_the_app(monkeypatch, tmp_path):
    """Which class a call hands the app to is asked only of the calls that hand one (a
    module's calls are many, and each lookup read the module's statements); the class
    handed the app still keeps it as `self.app`."""
    from bottle2flask.port.model import handed
    from bottle2flask.port.model.app import build

    asked = []
    look = handed._class

    def counted(modules, rel, name):
        asked.append(name)
        return look(modules, rel, name)

    monkeypatch.setattr(handed, "_class", counted)
    calls = "".join(f"    print(str({n}), len([{n}]))\n" for n in range(20))
    source = dedent('''
        from bottle import Bottle


        class Keeper:
            def __init__(self, app):
                self.app = app


        app = Bottle()
        keeper = Keeper(app)


        def noise():
    ''') + calls
    model = build(tmp_path, {Path("app.py"): source})
    assert asked == ["Keeper"]
    assert model.modules[Path("app.py")].app_attrs == {"app"}


# RULE-s49's classes A, E and G: the app made in App.__init__ in the top folder, handed to
# a controller in controllers/ (TF-OO-T6/epf-python-bottle-JSON, pedro123900's CineScope,
# luanaa2005's task list); Bottle reads their paths from the working directory
MADE_IN_A_CLASS = {
    "app.py": '''
        import os

        import bottle
        from bottle import Bottle
        from controllers import init_controllers


        class App:
            def __init__(self):
                self.bottle = Bottle()
                views = os.path.join(os.path.dirname(os.path.abspath(__file__)), "views")
                if views not in bottle.TEMPLATE_PATH:
                    bottle.TEMPLATE_PATH.insert(0, views)

            def setup_routes(self):
                init_controllers(self.bottle)''',
    # main.py's form: the app is the instance's, made in a function (no app here)
    "web.py": '''
        from app import App


        def create_app():
            site = App()
            site.setup_routes()
            return site


        app = create_app().bottle''',
    "controllers/__init__.py": '''
        from controllers.site_controller import SiteController


        def init_controllers(app):
            SiteController(app).setup_routes()''',
    "controllers/site_controller.py": '''
        from bottle import static_file, template


        class SiteController:
            def __init__(self, app):
                self.bottle = app

            def home(self):
                return template("views/home", name="visitor")

            def add_form(self):
                return template("form")

            def edit_form(self, item_id):
                return template("form", item={"name": "n%d" % item_id})

            def serve_static(self, filepath):
                return static_file(filepath, root="./static")

            def setup_routes(self):
                self.bottle.route("/", method="GET", callback=self.home)
                self.bottle.route("/items/add", callback=self.add_form)
                self.bottle.route("/items/edit/<item_id:int>", callback=self.edit_form)
                self.bottle.route("/static/<filepath:path>", callback=self.serve_static)''',
    "views/home.tpl": "<p>Hello {{name}}</p>\n",
    # locals(): Python Jinja2 cannot say, so Bottle's SimpleTemplate renders the original
    "views/form.tpl": '''
        % if 'item' in locals():
        <h1>Edit {{item['name']}}</h1>
        % else:
        <h1>Add</h1>
        % end
        <input value="{{item['name'] if 'item' in locals() else ''}}">
        ''',
    "static/css/style.css": "p { color: red }\n",
}


def test_a_static_root_a_handed_controller_names_is_read_from_the_apps_folder(tmp_path):
    """Class A: static_file(f, root="./static") in controllers/ became
    send_from_directory("../static", f), read from the app's folder (app.py's): a 404,
    then a repair whose converter was never registered (the port did not start)."""
    bottle, flask = both_folders(tmp_path, MADE_IN_A_CLASS, "s49_a")
    assert answers(bottle, "/static/css/style.css") == (200, "p { color: red }\n")
    assert answers(flask, "/static/css/style.css") == (200, "p { color: red }\n")
    assert answers(flask, "/static/none.css")[0] == answers(bottle, "/static/none.css")[0] \
        == 404
    port = (tmp_path / "out" / "controllers" / "site_controller.py").read_text()
    assert 'send_from_directory("./static", ' in port


def test_a_template_named_with_its_folder_by_a_handed_controller_is_found(tmp_path):
    """Class E: template("views/home") in controllers/ kept its folder in the Flask name
    under the app's template_folder="views": TemplateNotFound, a 500."""
    bottle, flask = both_folders(tmp_path, MADE_IN_A_CLASS, "s49_e")
    assert answers(bottle, "/") == answers(flask, "/") == (200, "<p>Hello visitor</p>\n")
    port = (tmp_path / "out" / "controllers" / "site_controller.py").read_text()
    assert 'render_template("home.html", name="visitor")' in port


def test_a_template_kept_for_simpletemplate_renders_from_a_handed_controller(tmp_path):
    """Class G: the kept render's folder ("../views", from controllers/) was read from the
    app's root_path (the top folder): Bottle's TemplateError, a 500 on each page."""
    bottle, flask = both_folders(tmp_path, MADE_IN_A_CLASS, "s49_g")
    for path, h1 in (("/items/add", "<h1>Add</h1>"), ("/items/edit/3", "<h1>Edit n3</h1>")):
        status, text = answers(flask, path)
        assert (status, text) == answers(bottle, path)
        assert status == 200 and h1 in text
    port = (tmp_path / "out" / "controllers" / "site_controller.py").read_text()
    assert "bottle_simple_template(\"form.html\", 'form.tpl', '../views')" in port


def test_a_template_named_with_its_folder_by_a_merged_controllers_own_app_is_found(tmp_path):
    """Class E in pedro123900's form: controllers/user_controller.py makes its own app
    (`user_routes = Bottle()`, template_folder "../views" in the port) merged into the one
    App.__init__ makes; template("views/login") kept its folder: TemplateNotFound."""
    files = {**MADE_IN_A_CLASS, "controllers/__init__.py": '''
        from controllers.user_controller import user_routes


        def init_controllers(app):
            app.merge(user_routes)''', "controllers/user_controller.py": '''
        from bottle import Bottle, template

        user_routes = Bottle()


        @user_routes.get("/login")
        def login_form():
            return template("views/login", error="no")''',
        "views/login.tpl": "<form>{{error}}</form>\n"}
    bottle, flask = both_folders(tmp_path, files, "s49_e_merged")
    assert answers(bottle, "/login") == answers(flask, "/login") == (200, "<form>no</form>\n")
    port = (tmp_path / "out" / "controllers" / "user_controller.py").read_text()
    assert 'render_template("login.html", error="no")' in port


def test_controllers_made_in_a_loop_over_their_classes_get_their_routes(tmp_path):
    """forms_52's controllers package: `for controller in CONTROLLERS: controller(app)`,
    each class's base routing `getattr(self, name)` from a table with its method read
    there. The loop's classes were not followed as holders of the app: their route calls
    stayed Bottle's, which a Flask app takes as a decorator nothing calls, and every
    page was a 404. GET and POST of one path, each a view of its own, are two endpoints."""
    bottle, flask = both_folders(tmp_path, {
        "ctl/__init__.py": '''
            from .items import Items
            from .users import Users

            CONTROLLERS = (Items, Users)


            def register(app):
                for controller in CONTROLLERS:
                    controller(app).route()
        ''',
        "ctl/base.py": '''
            class Controller:
                routes = ()

                def __init__(self, app):
                    self.app = app

                def route(self):
                    for rule, method, name in self.routes:
                        self.app.route(rule, method=method, callback=getattr(self, name))
        ''',
        "ctl/items.py": '''
            from .base import Controller


            class Items(Controller):
                routes = (("/items", "GET", "index"), ("/items/<n:int>", "GET", "show"),
                          ("/items", "POST", "add"))

                def index(self):
                    return "index"

                def show(self, n):
                    return "item %d" % n

                def add(self):
                    return "added"
        ''',
        "ctl/users.py": '''
            from .base import Controller


            class Users(Controller):
                routes = (("/users/<name>", "GET", "greet"),)

                @staticmethod
                def greet(name):
                    return "hi " + name
        ''',
        "web.py": '''
            from bottle import Bottle

            import ctl

            app = Bottle()
            ctl.register(app)
        ''',
    }, "handed_loop")
    for path, method, answer in (("/items", "GET", (200, "index")),
                                 ("/items/-2", "GET", (200, "item -2")),
                                 ("/items", "POST", (200, "added")),
                                 ("/users/ann", "GET", (200, "hi ann"))):
        assert answers(bottle, path, method) == answers(flask, path, method) == answer
