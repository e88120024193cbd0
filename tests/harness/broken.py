"""A deliberately changed build, for the parity diff to catch: one word of one page."""

from __future__ import annotations

from adapters import FRAMEWORKS, factory


def create_app(config=None):
    """Wrap the last registered build so /hello/World greets differently."""
    app = factory(list(FRAMEWORKS)[-1])(config)

    def changed(environ, start_response):
        answer = app(environ, start_response)
        try:
            body = b"".join(answer)
        finally:
            getattr(answer, "close", lambda: None)()
        if environ["PATH_INFO"] == "/hello/World":
            body = body.replace(b"Hello World", b"Hello Wrld")
        return [body]

    return changed
