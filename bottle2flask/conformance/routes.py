"""Bottle's route syntax: wildcards and their filters, the old `:name` form, rules
without a leading slash, lists of rules, and the `route()` keywords."""

from __future__ import annotations

from .model import GET, POST, Req, Row, app


def route(id: str, decorator: str, *requests: Req, args: str = "", body: str = "",
          before: str = "", versions=("0.12", "0.13")) -> Row:
    """A view under `decorator` answering repr() of its arguments (or `body`)."""
    body = body or f"return repr(({args}{',' if args else ''}))"
    code = (before + "\n\n\n" if before else "") + f"{decorator}\ndef view({args}):\n    {body}\n"
    return Row(f"route:{id}", "route", "same", case=app(code, *requests), versions=versions)


ROWS = [
    route("wildcard", '@app.route("/hello/<name>")', GET("/hello/bob"), GET("/hello/a%20b"),
          GET("/hello/"), GET("/hello/a/b"), args="name"),
    route("wildcard:middle", '@app.route("/a/<x>/b")', GET("/a/1/b"), GET("/a//b"), args="x"),
    route("filter:int", '@app.route("/n/<n:int>")', GET("/n/7"), GET("/n/-7"), GET("/n/x"),
          args="n"),
    route("filter:float", '@app.route("/f/<f:float>")', GET("/f/1.5"), GET("/f/2"),
          GET("/f/-1.5"), GET("/f/.5"), GET("/f/x"), GET("/f/1.2.3"), args="f"),
    route("filter:path", '@app.route("/p/<p:path>")', GET("/p/a/b"), GET("/p/"), args="p"),
    route("filter:re", '@app.route("/r/<code:re:[a-z]{2}>")', GET("/r/ab"), GET("/r/abc"),
          args="code"),
    route("filter:re:anonymous", '@app.route("/r/<:re:[a-z]+>/<n:int>")', GET("/r/ab/1"),
          args="n"),
    route("filter:custom", '@app.route("/l/<ids:list>")', GET("/l/1,2,3"), args="ids",
          before='def list_filter(config):\n    return r"\\d+(?:,\\d+)*", '
                 'lambda v: [int(x) for x in v.split(",")], lambda v: ",".join(map(str, v))'
                 '\n\n\napp.router.add_filter("list", list_filter)'),
    route("old-syntax", '@app.route("/old/:name")', GET("/old/bob"), args="name"),
    route("old-syntax:regex", '@app.route("/old/:n#[0-9]+#")', GET("/old/12"), GET("/old/x"),
          args="n"),
    route("no-leading-slash", '@app.route("hello")', GET("/hello"), GET("/")),
    route("no-leading-slash:wildcard", '@app.route(r"<f:re:.*\\.css>")', GET("/a/b.css"),
          args="f"),
    route("list-of-rules", '@app.route(["/a", "/b/<x>"])', GET("/a"), GET("/b/1"),
          args="x=None", body="return repr(x)"),
    route("stacked", '@app.route("/a")\n@app.route("/b")', GET("/a"), GET("/b")),
    route("no-rule", '@app.route()', GET("/view"), GET("/")),
    route("method:string", '@app.route("/", method="POST")', POST(), GET()),
    route("method:lowercase", '@app.route("/", method="post")', POST(), GET()),
    route("method:list", '@app.route("/", method=["GET", "PUT"])', GET(), Req("/", "PUT"),
          POST()),
    route("method:ANY", '@app.route("/", method="ANY")', GET(), POST(), Req("/", "DELETE")),
    route("method:HEAD", '@app.route("/")', Req("/", "HEAD"), GET(), body='return "body"'),
    route("method:405", '@app.route("/", method="POST")', GET(), body='return "post"'),
    route("shortcut:method", '@app.post("/", method="PUT")', Req("/", "PUT"), POST(),
          body='return "put"'),
    route("shortcut:methods", '@app.get("/", method=["GET", "POST"])', GET(), POST(),
          body='return "both"'),
    route("rule:computed", "@app.get(RULE)", GET("/n/-3"), GET("/n/x"), args="n",
          before='RULE = "/n/" + "<n:int>"'),
    route("get_url:rule", '@app.route("/item/<n:int>")', GET("/item/3"), args="n",
          body='return app.get_url("/item/<n:int>", n=n)'),
    route("get_url:rule:helper", '@app.route("/a")\n@app.route("/a/<n>")', GET("/a"),
          args="n=None", body='return app.get_url("/a/<n>", n=1)'),
    route("name", '@app.route("/item/<n:int>", name="item")', GET("/item/3"), args="n",
          body='return app.get_url("item", n=n)'),
    route("callback", 'view = None', GET("/cb"), body='return ""',
          before='def cb():\n    return "callback"\n\n\napp.route("/cb", callback=cb)'),
    route("apply", '@app.route("/", apply=[upper])', GET(), body='return "applied"',
          before='def upper(callback):\n    def wrapper(*a, **k):\n'
                 '        return callback(*a, **k).upper()\n    return wrapper'),
    route("skip", '@app.route("/", skip=[upper])', GET(), body='return "skipped"',
          before='def upper(callback):\n    def wrapper(*a, **k):\n'
                 '        return callback(*a, **k).upper()\n    return wrapper\n\n\n'
                 'app.install(upper)'),
    route("skip:True", '@app.route("/", skip=True)', GET(), body='return {"a": 1}'),
    route("config", '@app.route("/", answer=42)', GET(),
          body='return repr(request.route.config["answer"])'),
    route("trailing-slash", '@app.route("/dir/")', GET("/dir/"), GET("/dir"),
          body='return "dir"'),
    # Bottle's TemplatePlugin (on every app) renders a route's template= with view()
    Row("route:template", "route", "same", case=app(
        '@app.route("/", template=("page", {"x": 1}))\ndef view():\n'
        '    return {"name": "Ann"}\n\n\n'
        '@app.route("/none", template=("page", {"name": "None"}))\ndef none():\n    pass\n\n\n'
        '@app.route("/text", template="page")\ndef text():\n    return "as it is"\n',
        GET(), GET("/none"), GET("/text"),
        files=(("views/page.tpl", "Hello {{name}} {{get('x', 0)}}!"),))),
    Row("route:template:callback", "route", "same", case=app(
        'def show():\n    return {"name": "Ann"}\n\n\n'
        'app.route("/", callback=show, template=("page", {"x": 1}))\n', GET(),
        files=(("views/page.tpl", "Hello {{name}} {{x}}!"),))),
]
