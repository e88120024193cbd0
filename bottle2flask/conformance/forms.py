"""Forms real apps use Bottle's names in, beyond one name or member: which app an
`@error()` attaches to, an error handler showing its error, a signed cookie deleted with
its secret (RULE-s51c's classes D, E, K), a mounted app beside error pages (stop 53), an
abort() given no text shown by an error page (stop 54), a handler an own decorator
registers (`app.error_handler[code] = handler`: check54's G), a lambda view changing
Bottle's response (check54's F), Bottle's default app reached from a module that makes an
app of its own or has none (RULE-s53's classes E, D)."""

from __future__ import annotations

from .model import GET, POST, Case, Req, Row, app


def form(id: str, body: str, *requests: Req, imports: str = "Bottle, error, response") -> Row:
    return Row(f"form:{id}", "form", "same", case=app(body, *requests, imports=imports))


HOME = '@app.route("/")\ndef home():\n    return "home"\n'

# RULE-s53 class E: `@bottle.post` in a module that makes an app it never serves is on the
# default app, which web.py serves beside another module's `@route`
DEFAULT_SHORTCUT = Case(
    "import bottle\n\nimport forms54e\nimport routes54e\n\napp = bottle.default_app()\n",
    (POST("/home", "name=ann"), GET("/home")),
    (("forms54e.py", "import bottle\nfrom bottle import Bottle, request\n\napp = Bottle()\n\n\n"
      '@bottle.post("/home")\ndef posted():\n'
      '    return "posted " + request.forms.get("name", "")\n'),
     ("routes54e.py", 'from bottle import route\n\n\n@route("/home")\ndef home():\n'
      '    return "home"\n')))

# RULE-s53 class D: the template defaults set in a module that neither makes nor imports
# the app, which web.py names (Bottle's default app) and hands on
DEFAULTS_WITHOUT_APP = Case(
    "from bottle import default_app\n\nfrom controllers54d.base import setup\n\n"
    "app = default_app()\nsetup(app)\n",
    (GET("/"),),
    (("controllers54d/__init__.py", ""),
     ("controllers54d/base.py", "import bottle\nfrom bottle import request, template\n\n"
      'bottle.BaseTemplate.defaults["request"] = request\n\n\ndef setup(app):\n'
      '    app.route("/", callback=lambda: template("page54d"))\n'),
     ("views/page54d.tpl", "path {{request.path}}\n")))

ROWS = [
    form(
        "error-shown",
        HOME + "\n\n@app.error(404)\ndef missing(error):\n"
        '    return "Nothing here sorry {error}".format(error=error)\n',
        GET("/nope"),
    ),
    form(
        "error-on-the-default-app",
        HOME + '\n\n@error(404)\ndef missing(error):\n    return "custom 404"\n',
        GET("/nope"),
        GET(),
    ),
    # Bottle 0.13 merges the mounted app: the parent's 404 page and hooks answer below its
    # prefix (the port keeps bottle_mount.mount() there); 0.12 mounts it as WSGI (stop 53)
    form(
        "mount-with-error-pages",
        HOME + '\n\n@app.error(404)\ndef missing(error):\n    return "site 404"\n\n\n'
        'sub = Bottle()\n\n\n@sub.route("/page")\ndef page():\n    return "sub page"\n\n\n'
        '@sub.error(404)\ndef sub_missing(error):\n    return "sub 404"\n\n\n'
        'app.mount("/sub/", sub)\n',
        GET("/sub/page"),
        GET("/sub/nope"),
        GET("/nope"),
    ),
    # abort(404) given no text: Bottle's err.body is "Unknown Error.", Werkzeug's error
    # its own sentence (stop 54: a merged mount's abort() under the parent's page)
    form(
        "abort-text-shown",
        '@app.route("/item")\ndef item():\n    abort(404)\n\n\n'
        '@app.error(404)\ndef missing(error):\n    return "page: " + error.body\n',
        GET("/item"),
        imports="Bottle, abort",
    ),
    form(
        "delete-cookie-secret",
        '@app.route("/")\ndef home():\n'
        '    response.delete_cookie("k", secret="s3", path="/")\n    return "out"\n',
        GET(),
    ),
    form(
        "error-handler-by-decorator",
        HOME + "\n\nclass Error:\n    def __init__(self, code):\n        self.code = code\n\n"
        "    def __call__(self, handler):\n        app.error_handler[self.code] = handler\n"
        "\n\n@Error(404)\ndef missing(error):\n"
        '    return "|".join([error.status, str(error.status_code), error.status_line])\n',
        GET("/nope"),
        GET(),
    ),
    form(
        "lambda-view-response",
        HOME + '\n\napp.route("/cors", method="OPTIONS", callback=lambda *a, **k: (\n'
        '    response.add_header("Access-Control-Allow-Origin", "*"),\n'
        '    response.set_header("Access-Control-Allow-Methods", "GET"),\n))\n'
        'app.route("/b")(lambda: response.set_header("X-B", "1") or "b")\n',
        Req("/cors", "OPTIONS"),
        GET("/b"),
    ),

    Row("form:default-app-shortcut-beside-an-app", "form", "same", case=DEFAULT_SHORTCUT),
    Row("form:template-defaults-without-an-app", "form", "same", case=DEFAULTS_WITHOUT_APP),
]
