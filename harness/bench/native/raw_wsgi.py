"""json and plaintext as a bare WSGI callable: the floor under every framework."""

from __future__ import annotations

import json


def create_app():
    """Return a WSGI app serving /tfb/json and /tfb/plaintext."""

    def app(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path == "/tfb/json":
            body = json.dumps({"message": "Hello, World!"}).encode()
            content_type = "application/json"
        elif path == "/tfb/plaintext":
            body = b"Hello, World!"
            content_type = "text/plain"
        else:
            start_response("404 Not Found", [("Content-Type", "text/plain"),
                                             ("Content-Length", "9")])
            return [b"Not Found"]
        start_response("200 OK", [("Content-Type", content_type),
                                  ("Content-Length", str(len(body)))])
        return [body]

    return app
