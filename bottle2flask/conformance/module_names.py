"""The names the `bottle` module defines: its functions, objects, settings and classes.

A class whose members a view uses has member rows of its own (`request.query`,
`Bottle.mount`); its row here is about the name itself.
"""

from __future__ import annotations

from .model import GET, POST, Case, Req, Row, app, shows, view

BOTTLE_012 = ("0.12",)
BOTTLE_013 = ("0.13",)


def same(id: str, case: Case, versions: tuple[str, ...] = ("0.12", "0.13")) -> Row:
    return Row(id, "name", "same", case=case, versions=versions)


def n_a(id: str, reason: str, versions: tuple[str, ...] = ("0.12", "0.13")) -> Row:
    return Row(id, "name", "n/a", reason, versions=versions)


def default_app(body: str, *requests: Req, imports: str = "route") -> Case:
    """A module on Bottle's default app (no Bottle()): `app = bottle.default_app()` last."""
    return Case(f"import bottle\nfrom bottle import {imports}\n\n\n{body.strip()}\n\n\n"
                "app = bottle.default_app()\n", requests or (GET(),))


ERROR_HANDLER = ('@app.error(401)\ndef denied(error):\n    return "denied: " + error.body\n'
                 '\n\n')

USED = [
    same("Bottle", app('@app.route("/")\ndef home():\n    return "home"\n', GET())),
    same("request", shows("request.method", GET())),
    same("response", view('response.status = 201\nreturn "made"', GET())),
    same("abort", app(ERROR_HANDLER + '@app.route("/")\ndef home():\n'
                      '    abort(401, "who are you")\n', GET())),
    same("redirect", view('redirect("/there")', GET())),
    same("static_file", view('return static_file("a.txt", root="./files")', GET(),
                             files=(("files/a.txt", "a file"),))),
    same("template", view('return template("page", name="<b>")', GET(),
                          files=(("views/page.tpl", "Hello {{name}}!"),))),
    same("view", app('@app.route("/")\n@view("page")\ndef home():\n    return {"name": "x"}\n',
                     GET(), files=(("views/page.tpl", "Hello {{name}}!"),),
                     imports="Bottle, view")),
    same("HTTPError", app(ERROR_HANDLER + '@app.route("/")\ndef home():\n'
                          '    raise HTTPError(401, "who are you")\n', GET())),
    same("HTTPResponse", view('return HTTPResponse("made", status=201, headers={"X-A": "1"})',
                              GET(), headers=("X-A",))),
    same("TEMPLATE_PATH", app('bottle.TEMPLATE_PATH.insert(0, "./pages/")\n\n\n'
                              '@app.route("/")\ndef home():\n'
                              '    return template("page", name="x")\n', GET(),
                              files=(("pages/page.tpl", "Hi {{name}}"),))),
    same("TEMPLATES", view('bottle.TEMPLATES.clear()\nreturn "ok"', GET())),
    same("DEBUG", view('return repr(bottle.DEBUG)', GET())),
    same("debug", app('bottle.debug(True)\n\n\n@app.route("/")\ndef home():\n'
                      '    return "home"\n', GET())),
    same("run", app('@app.route("/")\ndef home():\n    return "home"\n\n\n'
                    'if __name__ == "__main__":\n    bottle.run(app, port=8080)\n', GET())),
    same("default_app", default_app('@route("/")\ndef home():\n    return "home"\n')),
    same("app", default_app('@route("/")\ndef home():\n    return repr(bottle.app() is '
                            'bottle.default_app())\n')),
    Row("apps", "name", "same", versions=BOTTLE_013, case=default_app(
        '@route("/")\ndef home():\n    return repr(bottle.apps is bottle.app)\n')),
    same("route", default_app('@route("/")\ndef home():\n    return "home"\n', GET(), POST())),
    same("get", default_app('@get("/")\ndef home():\n    return "get"\n', GET(), POST(),
                            imports="get")),
    same("post", default_app('@post("/")\ndef home():\n    return "post"\n', POST(), GET(),
                             imports="post")),
    same("put", default_app('@put("/")\ndef home():\n    return "put"\n',
                            POST(), imports="put")),
    same("delete", default_app('@delete("/")\ndef home():\n    return "delete"\n',
                               GET(), imports="delete")),
    Row("patch", "name", "same", versions=BOTTLE_013, case=default_app(
        '@patch("/")\ndef home():\n    return "patch"\n', GET(), imports="patch")),
    same("error", default_app('@error(404)\ndef missing(e):\n    return "missing"\n\n\n'
                              '@route("/")\ndef home():\n    return "home"\n',
                              GET("/nope"), imports="error, route")),
    same("hook", default_app('@hook("after_request")\ndef after():\n'
                             '    bottle.response.set_header("X-A", "1")\n\n\n'
                             '@route("/")\ndef home():\n    return "home"\n',
                             imports="hook, route")),
    same("install", default_app('def plugin(callback):\n    def wrapper(*a, **k):\n'
                                '        return callback(*a, **k).upper()\n    return wrapper'
                                '\n\n\ninstall(plugin)\n\n\n@route("/")\ndef home():\n'
                                '    return "home"\n', imports="install, route")),
    same("uninstall", default_app('def plugin(callback):\n    def wrapper(*a, **k):\n'
                                  '        return callback(*a, **k).upper()\n    return '
                                  'wrapper\n\n\ninstall(plugin)\nuninstall(plugin)\n\n\n'
                                  '@route("/")\ndef home():\n    return "home"\n',
                                  imports="install, uninstall, route")),
    same("mount", default_app('sub = bottle.Bottle()\n\n\n@sub.route("/page")\ndef page():\n'
                              '    return "sub"\n\n\nmount("/sub/", sub)\n', GET("/sub/page"),
                              imports="mount")),
    # url() at import: the in-process loader gives each app its own default app only then
    same("url", default_app('@route("/item/<n:int>", name="item")\ndef item(n):\n'
                            '    return LINK\n\n\nLINK = url("item", n=3)\n', GET("/item/1"),
                            imports="route, url")),
    same("HTTP_CODES", shows("bottle.HTTP_CODES[418]", GET())),
    same("JSONPlugin", view('return {"b": 1, "a": [1, 2]}', GET())),
    same("auth_basic", app('def check(user, password):\n    return user == "u"\n\n\n'
                           '@app.route("/")\n@auth_basic(check)\ndef home():\n'
                           '    return "in"\n', GET(), GET("/", Authorization="Basic dTpw"),
                           imports="Bottle, auth_basic")),
    same("jinja2_template", view('return jinja2_template("Hello {{ name }}", name="<b>")',
                                 GET(), imports="Bottle, jinja2_template")),
    same("jinja2_view", app('@app.route("/")\n@jinja2_view("page.html")\ndef home():\n'
                            '    return {"name": "<b>"}\n', GET(),
                            files=(("views/page.html", "Hello {{ name }}"),),
                            imports="Bottle, jinja2_view")),
]


def helper(name: str, expr: str, versions=("0.12", "0.13")) -> Row:
    return Row(name, "name", "same", case=shows(expr, GET("/", Authorization="Basic dTpw"),
                                                imports=f"Bottle, {name}"), versions=versions)


HELPERS = [
    helper("parse_auth", "parse_auth('Basic dTpw')"),
    helper("parse_date", "parse_date('Sun, 06 Nov 1994 08:49:37 GMT')"),
    helper("http_date", "http_date(784111777)"),
    helper("parse_range_header", "list(parse_range_header('bytes=0-1,5-', 10))"),
    helper("cookie_encode", "cookie_encode(('a', 1), b'secret')[:2]"),
    helper("cookie_decode", "cookie_decode(cookie_encode(('a', 1), b'k'), b'k')"),
    helper("cookie_is_encoded", "cookie_is_encoded(b'!abc?def')"),
    helper("html_escape", "html_escape('<a href=\"x\">\\'</a>')"),
    helper("html_quote", "html_quote('<a \"x\">')"),
    helper("path_shift", "path_shift('/a', '/b/c', 1)"),
    helper("yieldroutes", "list(yieldroutes(lambda a, b=1: None))"),
    helper("tob", "tob('é')"),
    helper("touni", "touni(b'\\xc3\\xa9')"),
    helper("tonat", "tonat(b'x')"),
    helper("makelist", "makelist('x')"),
    helper("urlunquote", "urlunquote('a%20b')"),
    helper("json_loads", "json_loads('[1]')"),
    helper("load", "load('os.path:join')('a', 'b')"),
    helper("load_app", "load_app('os.path') is not None"),
]

SERVER = ("a server adapter of Bottle's run(server=...); the port's P016 turns run() into "
          "Flask's app.run() and leaves the server choice to Flask's deployment (gunicorn, "
          "waitress, `flask run`); a server= argument is dropped under a TODO (serve "
          "with gunicorn)")
SERVERS = ["AutoServer", "BjoernServer", "CGIServer", "CherootServer", "CherryPyServer",
           "DieselServer", "EventletServer", "FapwsServer", "FlupFCGIServer", "GeventServer",
           "GunicornServer", "MeinheldServer", "PasteServer", "ServerAdapter",
           "TornadoServer", "TwistedServer", "WSGIRefServer", "WaitressServer",
           "AppEngineServer"]
SERVERS_013 = ["AiohttpServer", "AiohttpUVLoopServer", "AsyncioServerAdapter"]
SERVERS_012 = ["GeventSocketIOServer", "RocketServer"]

CLASS = ("the class of {what}; its members are the {rows} rows, where each use is "
         "shown; the port never names the class itself (a view that does keeps "
         "`from bottle import` it under P001's TODO)")
CLASSES = {
    "BaseRequest": CLASS.format(what="`request`", rows="`request.*`"),
    "LocalRequest": CLASS.format(what="`request`", rows="`request.*`"),
    "Request": CLASS.format(what="`request` (an alias of BaseRequest)", rows="`request.*`"),
    "BaseResponse": CLASS.format(what="`response`", rows="`response.*`"),
    "LocalResponse": CLASS.format(what="`response`", rows="`response.*`"),
    "Response": CLASS.format(what="`response` (an alias of BaseResponse)",
                             rows="`response.*`"),
    "FormsDict": CLASS.format(what="request.query, .forms, .params", rows="`FormsDict.*`"),
    "MultiDict": CLASS.format(what="Bottle's multi-value dicts", rows="`MultiDict.*`"),
    "HeaderDict": CLASS.format(what="response.headers", rows="`HeaderDict.*`"),
    "WSGIHeaderDict": CLASS.format(what="request.headers", rows="`request.headers`"),
    "FileUpload": CLASS.format(what="request.files values", rows="`FileUpload.*`"),
    "ConfigDict": CLASS.format(what="app.config", rows="`ConfigDict.*`"),
    "ResourceManager": CLASS.format(what="app.resources", rows="`ResourceManager.*`"),
    "Route": CLASS.format(what="request.route and app.routes", rows="`Route.*`"),
    "BaseTemplate": CLASS.format(what="Bottle's template adapters",
                                 rows="`SimpleTemplate.*` and `stpl:*`"),
    "SimpleTemplate": CLASS.format(what="Bottle's own templates",
                                   rows="`SimpleTemplate.*` and `stpl:*`"),
}
INTERNAL = ("Bottle's own machinery, not a name an application uses (undocumented or "
            "documented as internal); the port leaves a use of it under P001's TODO")
INTERNALS = ["AppStack", "DictProperty", "HeaderProperty", "cached_property", "lazy_attribute",
             "local", "FileCheckerThread", "WSGIFileWrapper", "depr", "getargspec",
             "make_default_app_wrapper", "update_wrapper", "callable", "py", "py3k", "NORUN",
             "StplParser", "Router", "TemplatePlugin", "ERROR_PAGE_TEMPLATE", "server_names"]
EXCEPTIONS = ["BottleException", "RouteError", "RouteReset", "RouteSyntaxError",
              "RouteBuildError", "RouterUnknownModeError", "TemplateError", "StplSyntaxError",
              "PluginError"]
ENGINES = {"MakoTemplate": "Mako", "CheetahTemplate": "Cheetah", "Jinja2Template": "Jinja2",
           "mako_template": "Mako", "mako_view": "Mako", "cheetah_template": "Cheetah",
           "cheetah_view": "Cheetah"}

ROWS = (USED + HELPERS
        + [n_a(name, SERVER) for name in SERVERS]
        + [n_a(name, SERVER, BOTTLE_013) for name in SERVERS_013]
        + [n_a(name, SERVER, BOTTLE_012) for name in SERVERS_012]
        + [n_a(name, reason) for name, reason in CLASSES.items()]
        + [n_a(name, INTERNAL) for name in INTERNALS]
        + [n_a("main", "Bottle's command line (python -m bottle); the port leaves it to "
               "`flask run`", BOTTLE_013),
           n_a("UTC", "a datetime.timezone Bottle 0.13 keeps for http_date; not an app's "
               "name", BOTTLE_013),
           n_a("MultipartError", "Bottle 0.13's multipart parser's exception; Werkzeug "
               "parses multipart bodies (a malformed one is docs/PORTING.md entry 5)",
               BOTTLE_013),
           n_a("local_property", INTERNAL, BOTTLE_012),
           n_a("py25", INTERNAL, BOTTLE_012), n_a("py31", INTERNAL, BOTTLE_012)]
        + [n_a(name, "one of Bottle's exception classes; a view that catches or raises one "
               "keeps `from bottle import` it under P001's TODO (Flask raises its own: "
               "werkzeug.exceptions, jinja2.TemplateError)") for name in EXCEPTIONS]
        + [n_a(name, f"Bottle's {engine} adapter: the port copies {engine} templates as "
               f"they are and P006 leaves a TODO on each call"
               + (" (converting Bottle's Jinja2 adapter: the jinja2_* rows)"
                  if engine == "Jinja2" else ""))
           for name, engine in ENGINES.items()])
