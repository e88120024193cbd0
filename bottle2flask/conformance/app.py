"""The application object and what hangs off it: `Bottle`, `Route` (request.route),
`ConfigDict` (app.config) and `ResourceManager` (app.resources)."""

from __future__ import annotations

from .model import GET, POST, Req, Row, app


def same(id: str, body: str, *requests: Req, **options) -> Row:
    return Row(id, "member", "same", case=app(body, *requests, **options))


def n_a(id: str, reason: str) -> Row:
    return Row(id, "member", "n/a", reason)


HELLO = '@app.route("/")\ndef home():\n    return "home"\n'
SUB = '''
sub = Bottle()


@sub.route("/page")
def page():
    return "sub page " + request.path
'''

BOTTLE = [
    same("Bottle.route", HELLO, GET(), GET("/nope")),
    same("Bottle.get", '@app.get("/")\ndef home():\n    return "get"\n', GET(), POST()),
    same("Bottle.post", '@app.post("/")\ndef home():\n    return "post"\n', POST(), GET()),
    same("Bottle.put", '@app.put("/")\ndef home():\n    return "put"\n', Req("/", "PUT")),
    same("Bottle.delete", '@app.delete("/")\ndef home():\n    return "delete"\n',
         Req("/", "DELETE")),
    Row("Bottle.patch", "member", "same", versions=("0.13",), case=app(
        '@app.patch("/")\ndef home():\n    return "patch"\n', Req("/", "PATCH"))),
    same("Bottle.error", HELLO + '\n\n@app.error(404)\ndef missing(error):\n'
         '    return "missing " + request.path\n', GET("/nope"), GET()),
    same("Bottle.hook", HELLO + '\n\n@app.hook("before_request")\ndef before():\n'
         '    request.environ["x"] = "1"\n\n\n@app.hook("after_request")\ndef after():\n'
         '    response.set_header("X-A", "after")\n', GET(), headers=("X-A",)),
    same("Bottle.add_hook", HELLO + '\n\ndef after():\n    response.set_header("X-A", "1")\n\n\n'
         'app.add_hook("after_request", after)\n', GET(), headers=("X-A",)),
    same("Bottle.remove_hook", HELLO + '\n\ndef after():\n    response.set_header("X-A", "1")'
         '\n\n\napp.add_hook("after_request", after)\napp.remove_hook("after_request", after)\n',
         GET(), headers=("X-A",)),
    same("Bottle.trigger_hook", HELLO.replace('return "home"', 'app.trigger_hook("x")\n'
                                              '    return "home"'), GET()),
    same("Bottle.add_route", 'def home():\n    return "home"\n\n\n'
         'app.add_route(bottle.Route(app, "/", "GET", home))\n', GET()),
    same("Bottle.mount", HELLO + SUB + '\n\napp.mount("/sub/", sub)\n',
         GET("/sub/page"), GET("/sub/nope"), GET()),
    same("Bottle.merge", HELLO + SUB + '\n\napp.merge(sub)\n', GET("/page"), GET()),
    same("Bottle.install", HELLO + '\n\ndef plugin(callback):\n    def wrapper(*a, **k):\n'
         '        return callback(*a, **k).upper()\n    return wrapper\n\n\n'
         'app.install(plugin)\n', GET()),
    same("Bottle.uninstall", HELLO + '\n\ndef plugin(callback):\n    def wrapper(*a, **k):\n'
         '        return callback(*a, **k).upper()\n    return wrapper\n\n\n'
         'app.install(plugin)\napp.uninstall(plugin)\n', GET()),
    same("Bottle.get_url", '@app.route("/item/<n:int>", name="item")\ndef item(n):\n'
         '    return app.get_url("item", n=n + 1)\n', GET("/item/1")),
    same("Bottle.config", 'app.config["answer"] = 42\n\n\n@app.route("/")\ndef home():\n'
         '    return repr(request.app.config["answer"])\n', GET()),
    same("Bottle.routes", HELLO.replace('return "home"',
                                        'return repr([r.rule for r in app.routes])'), GET()),
    same("Bottle.router", HELLO.replace('return "home"',
                                        'return repr(app.router.match(request.environ)[1])'),
         GET()),
    same("Bottle.match", HELLO.replace('return "home"',
                                       'return repr(app.match(request.environ)[1])'), GET()),
    same("Bottle.plugins", HELLO.replace('return "home"', 'return repr(len(app.plugins))'),
         GET()),
    same("Bottle.catchall", 'app.catchall = False\n\n\n' + HELLO, GET()),
    same("Bottle.error_handler", HELLO.replace('return "home"',
                                               'return repr(app.error_handler)'), GET()),
    same("Bottle.default_error_handler", HELLO.replace(
        'return "home"', 'return app.default_error_handler(HTTPError(400))[:20]'), GET()),
    same("Bottle.reset", HELLO + '\n\napp.reset()\n', GET()),
    same("Bottle.close", HELLO.replace('return "home"', 'return repr(app.close)[:5]'), GET()),
    same("Bottle.resources", 'app.resources.add_path("./")\n\n\n' + HELLO, GET()),
    same("Bottle.wsgi", HELLO + '\n\napplication = app.wsgi\n', GET()),
    n_a("Bottle.run", "Bottle's development server; the port (P016) turns app.run()/run(app) "
        "into Flask's app.run() under `if __name__ == '__main__'` and leaves the server "
        "choice to Flask's deployment (gunicorn, flask run)."),
    Row("Bottle.tpl", "member", "n/a", "An instance attribute Bottle 0.13 sets for its "
        "template settings (undocumented); Flask's are app.jinja_env.", versions=("0.13",)),
]

ROUTE = [same(f"Route.{name}", f'@app.route("/", name="home")\ndef home():\n'
              f'    return repr({expr})\n', GET())
         for name, expr in {
             "rule": "request.route.rule", "method": "request.route.method",
             "name": "request.route.name", "callback": "request.route.callback.__name__",
             "app": "request.route.app is app", "config": "dict(request.route.config)",
             "plugins": "request.route.plugins", "skiplist": "request.route.skiplist",
             "get_config": "request.route.get_config('x', 1)",
             "get_undecorated_callback":
                 "request.route.get_undecorated_callback().__name__",
             "get_callback_args": "request.route.get_callback_args()",
             "all_plugins": "len(list(request.route.all_plugins()))",
             "call": "callable(request.route.call)",
             "prepare": "request.route.prepare()",
             "reset": "request.route.reset()",
         }.items()]

CONFIG = [
    same("ConfigDict.load_dict", 'app.config.load_dict({"db": {"url": "x"}})\n\n\n'
         '@app.route("/")\ndef home():\n    return repr(app.config["db.url"])\n', GET()),
    Row("ConfigDict.load_module", "member", "same", versions=("0.13",), case=app(
        'import string\n\napp.config.load_module("string")\n\n\n@app.route("/")\ndef home():\n'
        '    return repr(app.config.get("ascii_letters", "")[:3])\n', GET())),
    same("ConfigDict.load_config", 'app.config.load_config("app.ini")\n\n\n'
         '@app.route("/")\ndef home():\n    return repr(app.config["db.url"])\n', GET(),
         files=(("app.ini", "[db]\nurl = x\n"),)),
    same("ConfigDict.update", 'app.config.update("db", url="x")\n\n\n'
         '@app.route("/")\ndef home():\n    return repr(app.config["db.url"])\n', GET()),
    same("ConfigDict.setdefault", 'app.config.setdefault("answer", 42)\n\n\n'
         '@app.route("/")\ndef home():\n    return repr(app.config["answer"])\n', GET()),
    same("ConfigDict.meta_set", 'app.config.meta_set("answer", "help", "the answer")\n'
         'app.config["answer"] = 42\n\n\n@app.route("/")\ndef home():\n'
         '    return repr(app.config.meta_get("answer", "help"))\n', GET()),
    # (a key of each row's own: Bottle 0.13 shares meta fields between every app's config
    # in the process, so one row's meta_set would show in another's answer)
    same("ConfigDict.meta_get", 'app.config["timeout"] = 42\n\n\n@app.route("/")\n'
         'def home():\n    return repr(app.config.meta_get("timeout", "help", "none"))\n',
         GET()),
    same("ConfigDict.meta_list", 'app.config.meta_set("retries", "help", "how many")\n\n\n'
         '@app.route("/")\ndef home():\n'
         '    return repr(list(app.config.meta_list("retries")))\n', GET()),
    Row("ConfigDict.clear", "member", "n/a", "Bottle 0.12's ConfigDict.clear is dict.clear "
        "(0.13 inherits it); the port leaves app.config calls to Flask's Config, a dict.",
        versions=("0.12",)),
    Row("ConfigDict.Namespace", "member", "n/a", "Bottle 0.12's deprecated config "
        "namespaces (app.config.db.url), gone in 0.13; Flask's config has none: the port "
        "leaves the attribute access, which fails there.", versions=("0.12",)),
]

RESOURCES = [
    same("ResourceManager.add_path", 'app.resources.add_path("./data/")\n\n\n'
         '@app.route("/")\ndef home():\n    return repr(app.resources.lookup("a.txt") '
         'is not None)\n', GET(), files=(("data/a.txt", "a"),)),
    same("ResourceManager.lookup", 'app.resources.add_path("./data/")\n\n\n'
         '@app.route("/")\ndef home():\n    return repr(app.resources.lookup("nope.txt"))\n',
         GET(), files=(("data/a.txt", "a"),)),
    same("ResourceManager.open", 'app.resources.add_path("./data/")\n\n\n'
         '@app.route("/")\ndef home():\n    with app.resources.open("a.txt") as f:\n'
         '        return f.read()\n', GET(), files=(("data/a.txt", "a"),)),
] + [n_a(f"ResourceManager.{name}", "An attribute of app.resources' own bookkeeping "
         "(search path, cache, opener); Flask has no resource manager: app.open_resource() "
         "reads from the app's root. The port leaves the access, which fails there.")
     for name in ("base", "cache", "cachemode", "opener", "path")]

ROWS = BOTTLE + ROUTE + CONFIG + RESOURCES
