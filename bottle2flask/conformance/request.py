"""The request: every public name of `BaseRequest`/`LocalRequest`, as `request.X`."""

from __future__ import annotations

from .model import GET, POST, Row, shows

Q = (GET("/?x=1&x=2&y=%C3%A9"), GET("/"))
FORM = (POST("/", "x=1&x=2&y=%C3%A9"), POST("/?x=q", "x=f"), GET("/?x=q"))
JSON = (POST("/", '{"a": [1, 2]}', "application/json"), POST("/", "{bad", "application/json"),
        POST("/", "x=1"), GET("/"))
HEADERS = (GET("/", X_A="1"), GET("/"))
UPLOAD = POST("/", "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a b.txt\""
              "\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b\r\nContent-Disposition: "
              "form-data; name=\"x\"\r\n\r\n1\r\n--b--\r\n", "multipart/form-data; boundary=b")


def same(name: str, expr: str, *requests, **options) -> Row:
    return Row(f"request.{name}", "member", "same", case=shows(expr, *requests, **options))


def n_a(name: str, reason: str) -> Row:
    return Row(f"request.{name}", "member", "n/a", reason)


ROWS = [
    same("query", "request.query.x", *Q),
    same("GET", "request.GET.getall('x')", *Q),
    same("forms", "request.forms.x", *FORM),
    same("POST", "request.POST.getall('x')", *FORM),
    same("params", "request.params.x", *FORM),
    same("files", "request.files.f.filename", UPLOAD),
    same("json", "request.json", *JSON),
    same("body", "request.body.read()", POST("/", "abc", "text/plain")),
    same("headers", "request.headers.get('X-A')", *HEADERS),
    same("get_header", "request.get_header('X-A', 'none')", *HEADERS),
    same("cookies", "request.cookies.get('k')", GET("/", Cookie="k=v"), GET("/")),
    # a cookie sent empty is Bottle's default: `value or default` (RULE-s51c G)
    same("get_cookie", "request.get_cookie('k', 'd')", GET("/", Cookie="k=v"), GET("/"),
         GET("/", Cookie="k=")),
    same("method", "request.method", GET(), POST()),
    same("path", "request.path", GET("/a/b?x=1"), path="/a/b"),
    same("fullpath", "request.fullpath", GET("/a/b"), path="/a/b"),
    same("url", "request.url", GET("/a/b?x=1", Host="example.com"), path="/a/b"),
    same("urlparts", "request.urlparts.netloc", GET("/a/b?x=1", Host="example.com"),
         path="/a/b"),
    same("query_string", "request.query_string", GET("/?x=1&y=%20")),
    same("script_name", "request.script_name", GET()),
    same("content_type", "request.content_type", POST("/", "x=1"), GET()),
    same("content_length", "request.content_length", POST("/", "x=1"), GET()),
    same("remote_addr", "request.remote_addr", GET("/", X_Forwarded_For="1.2.3.4")),
    same("remote_route", "request.remote_route", GET("/", X_Forwarded_For="1.2.3.4, 5.6.7.8")),
    same("auth", "request.auth", GET("/", Authorization="Basic dTpw"), GET()),
    same("chunked", "request.chunked", GET("/", Transfer_Encoding="chunked"), GET()),
    same("is_xhr", "request.is_xhr", GET("/", X_Requested_With="XMLHttpRequest"), GET()),
    same("is_ajax", "request.is_ajax", GET("/", X_Requested_With="XMLHttpRequest"), GET()),
    same("environ", "request.environ['PATH_INFO']", GET("/")),
    same("get", "request.get('PATH_INFO')", GET("/")),
    same("keys", "'PATH_INFO' in request.keys()", GET("/")),
    same("url_args", "request.url_args", GET("/a/7"), path="/a/<n:int>", args="n"),
    same("route", "request.route.rule", GET()),
    same("app", "request.app.config['answer']", GET(), before='app.config["answer"] = 42'),
    same("MEMFILE_MAX", "request.MEMFILE_MAX", GET()),
    same("copy", "request.copy().path", GET("/")),
    same("path_shift", "(request.path_shift(1), request.script_name, request.path)",
         GET("/a/b"), path="/a/b"),
    n_a("bind", "LocalRequest.bind(environ) is what Bottle's own dispatcher calls once a "
        "request; Flask binds its request itself. The port leaves a call with P001's TODO."),
]
