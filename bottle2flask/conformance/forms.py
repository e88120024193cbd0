"""Forms real apps use Bottle's names in, beyond one name or member: which app an
`@error()` attaches to, an error handler showing its error, a signed cookie deleted with
its secret (RULE-s51c's classes D, E, K), a mounted app beside error pages (stop 53), an
abort() given no text shown by an error page (stop 54), a handler an own decorator
registers (`app.error_handler[code] = handler`: check54's G), a lambda view changing
Bottle's response (check54's F)."""

from __future__ import annotations

from .model import GET, Req, Row, app


def form(id: str, body: str, *requests: Req, imports: str = "Bottle, error, response") -> Row:
    return Row(f"form:{id}", "form", "same", case=app(body, *requests, imports=imports))


HOME = '@app.route("/")\ndef home():\n    return "home"\n'

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
]
