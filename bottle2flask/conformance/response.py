"""The response: `response.X` (BaseResponse/LocalResponse), and the same members on an
`HTTPResponse` a view returns and an `HTTPError` it raises."""

from __future__ import annotations

from .model import GET, Row, app, view

HEADERS = ("X-A", "Cache-Control", "Expires", "Content-Length")

# member -> (statements on {o}, an expression whose repr is the body, or "")
USES: dict[str, tuple[str, str]] = {
    "status": ('{o}.status = 201', '{o}.status'),
    "status_code": ('{o}.status = "202 Accepted"', '{o}.status_code'),
    "status_line": ('{o}.status = 418', '{o}.status_line'),
    "headers": ('{o}.headers["X-A"] = "1"', '{o}.headers.get("X-A")'),
    "headerlist": ('{o}.set_header("X-A", "1")', '[h for h in {o}.headerlist if h[0] == "X-A"]'),
    "set_header": ('{o}.set_header("X-A", "1")\n{o}.set_header("X-A", "2")', ''),
    "add_header": ('{o}.add_header("X-A", "1")\n{o}.add_header("X-A", "2")', ''),
    "get_header": ('{o}.set_header("X-A", "1")', '({o}.get_header("X-A"), '
                   '{o}.get_header("X-B", "d"))'),
    "iter_headers": ('{o}.set_header("X-A", "1")',
                     '[h for h in {o}.iter_headers() if h[0] == "X-A"]'),
    "content_type": ('{o}.content_type = "text/plain; charset=latin-1"', '{o}.content_type'),
    "content_length": ('', '{o}.content_length'),
    "charset": ('{o}.content_type = "text/plain; charset=latin-1"', '{o}.charset'),
    "expires": ('{o}.expires = 0', ''),
    "set_cookie": ('{o}.set_cookie("k", "v")\n{o}.set_cookie("n", "1", path="/")', ''),
    "delete_cookie": ('{o}.delete_cookie("k")', ''),
    "copy": ('', '{o}.copy().status_code'),
    "default_status": ('', '{o}.default_status'),
    "default_content_type": ('', '{o}.default_content_type'),
    "bad_headers": ('', 'sorted({o}.bad_headers)'),
    "close": ('{o}.close()', ''),
    "body": ('{o}.body = "set"', ''),
}
NOT_APPLICABLE = {
    "bind": "LocalResponse.bind() is what Bottle's dispatcher calls once a request; Flask "
            "makes its response itself. The port leaves a call with P001's TODO.",
}


def for_response(name: str) -> Row:
    if name in NOT_APPLICABLE:
        return Row(f"response.{name}", "member", "n/a", NOT_APPLICABLE[name])
    stmts, value = USES[name]
    body = stmts.format(o="response") + "\n" + (
        f"return repr({value.format(o='response')})" if value else 'return "ok"')
    return Row(f"response.{name}", "member", "same", case=view(body, GET(), headers=HEADERS))


def for_http(cls: str, name: str) -> Row:
    """An HTTPResponse a view returns (an HTTPError it raises) after `name` is used."""
    if name == "apply":
        return Row(f"{cls}.apply", "member", "n/a",
                   "HTTPResponse.apply(response) is how Bottle's dispatcher copies the "
                   "returned one onto the global response; no view calls it")
    if name in ("exception", "traceback"):
        return Row(f"{cls}.{name}", "member", "n/a",
                   f"HTTPError.{name} is what Bottle sets when a view raised an uncaught "
                   "exception, for its error page; Flask passes the exception to its "
                   "error handler. The port's P009 rewrites error handlers that read it.")
    stmts, value = USES[name]
    make = 'o = HTTPResponse("ok")' if cls == "HTTPResponse" else 'o = HTTPError(400, "bad")'
    end = "return o" if cls == "HTTPResponse" else "raise o"
    body = (make + "\n" + stmts.format(o="o") + "\n"
            + (f"o.body = repr({value.format(o='o')})\n" if value else "") + end)
    return Row(f"{cls}.{name}", "member", "same", case=view(body, GET(), headers=HEADERS))


MEMBERS = sorted(set(USES) | set(NOT_APPLICABLE))
ROWS = ([for_response(n) for n in MEMBERS if n != "body"]
        # the body is the page only where the view returns the response itself: Bottle
        # iterates it (RULE-s52 class B)
        + [Row("response.body", "member", "same", case=app(
            '@app.route("/")\ndef view():\n    response.body = "set"\n    return "ok"\n\n\n'
            '@app.route("/whole")\ndef whole():\n    response.body = "set: " + str(1)\n'
            '    response.status = 201\n    return response\n', GET(), GET("/whole")))]
        + [for_http(cls, n) for cls in ("HTTPResponse", "HTTPError")
           for n in [*USES, "apply"] + (["exception", "traceback"] if cls == "HTTPError"
                                        else [])])
