"""Run a case: port its app, serve the original and the port in-process, compare answers.

The fuzzer and the conformance tests share this: `run(case, folder)` returns what each app
answered, and what the port wrote (TODOs, declared changes) on the way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .model import Case, Req

LOCAL = re.compile(r"^https?://localhost(:80)?")
# The frameworks' own pages for an error or a redirect: each framework writes its own
# (docs/PORTING.md entries 18 and 22), so only their status counts, not their HTML.
FRAMEWORK_PAGES = (b'<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">',
                   b"<!doctype html>\n<html lang=en>\n<title>")
FRAMEWORK_PAGE = b"<the framework's own page>"


@dataclass(frozen=True)
class Answer:
    """What counts in a response: status, Content-Type, Location, cookies, body."""

    status: int
    content_type: str
    location: str
    cookies: tuple[tuple[str, str], ...]
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()  # the case's own headers to compare

    def differences(self, other: Answer) -> list[str]:
        fields = ("status", "content_type", "location", "cookies", "body", "headers")
        return [name for name in fields if getattr(self, name) != getattr(other, name)]


@dataclass
class Outcome:
    """Both apps' answers to a case's requests, and what the port said about it."""

    bottle: list[Answer | str] = field(default_factory=list)  # a str: the app failed
    flask: list[Answer | str] = field(default_factory=list)
    todos: list[dict] = field(default_factory=list)  # {"code", "line", "text"}, templates too
    declared: list[dict] = field(default_factory=list)  # {"id", "line", "paths"}
    code: str = ""  # the ported web.py

    @property
    def answered(self) -> bool:
        """Whether Bottle answered every request (else the case itself is broken)."""
        return all(isinstance(a, Answer) for a in self.bottle)

    @property
    def broken(self) -> bool:
        """Whether the port fails where Bottle answered: it did not load, raised, or
        answered 500 to a request Bottle did not."""
        return any(isinstance(f, str) or (f.status == 500 and b.status != 500)
                   for b, f in zip(self.bottle, self.flask, strict=True)
                   if isinstance(b, Answer))

    @property
    def same(self) -> bool:
        return self.answered and self.bottle == self.flask

    def diff(self) -> list[str]:
        """One line a request whose answers differ."""
        lines = []
        for n, (b, f) in enumerate(zip(self.bottle, self.flask, strict=True)):
            if b != f:
                lines.append(f"request {n}: bottle {short(b)} / flask {short(f)}")
        return lines


def short(answer: Answer | str) -> str:
    if isinstance(answer, str):
        return answer[:300]
    return (f"{answer.status} {answer.content_type!r} {answer.location!r} "
            f"{answer.cookies} {answer.headers} {answer.body[:200]!r}")


DELETED = re.compile(r";\s*(max-age=0\b|expires=thu, 01 jan 1970)", re.IGNORECASE)


def cookie(header: str) -> tuple[str, str]:
    """(name, value); a cookie the header deletes has no value that counts (Bottle sends
    k="", Werkzeug k=)."""
    name, _, value = header.split(";")[0].partition("=")
    return (name, "<deleted>") if DELETED.search(header) else (name, value)


def write(case: Case, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "web.py").write_text(case.source, encoding="utf-8")
    for name, text in case.files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def answer(app, req: Req, compare: tuple[str, ...] = ()) -> Answer | str:
    headers = dict(req.headers)
    if req.content_type:
        headers["Content-Type"] = req.content_type
    try:
        # HTTP/1.1, as clients send it (WebTest's default is 1.0: Bottle's redirect is a 302)
        res = app.request(req.path, method=req.method, headers=headers,
                          body=req.body.encode("utf-8"), expect_errors=True,
                          environ={"SERVER_PROTOCOL": "HTTP/1.1"})
    except Exception as error:  # the app's own failure, outside its error handling
        return f"raised {type(error).__name__}: {error}"
    body = res.body
    if res.status_int >= 300 and (body.strip().startswith(FRAMEWORK_PAGES) or (
            res.status_int < 400 and res.headers.get("Location"))):
        body = FRAMEWORK_PAGE
        # nor does its length, a case compares Content-Length where the view sets the body
        compare = tuple(h for h in compare if h.lower() != "content-length")
    cookies = tuple(sorted(cookie(v) for k, v in res.headerlist if k.lower() == "set-cookie"))
    # "charset=UTF-8" and "charset=utf-8" name one charset
    return Answer(res.status_int, res.headers.get("Content-Type", "").lower(),
                  LOCAL.sub("", res.headers.get("Location", "")),
                  cookies, body,
                  # a header's values in order; the order between headers never counts
                  tuple(sorted(((k.lower(), v) for k, v in res.headerlist
                                if k.lower() in {h.lower() for h in compare}),
                               key=lambda kv: kv[0])))


def load_app(path: Path, label: str):
    """The app `app` in path/web.py, or the one-line reason it did not load."""
    import webtest

    from ..errors import UsageError
    from ..loading import load

    try:
        return webtest.TestApp(load(f"{path / 'web.py'}:app", {}, label).wsgi)
    except UsageError as error:
        return f"load failed: {error}"


def run(case: Case, folder: Path, label: str = "case") -> Outcome:
    """Port the case's app from folder/src to folder/out and send its requests to both."""
    from ..port.folder import port_tree

    src, out = write(case, folder / "src"), folder / "out"
    result = port_tree(src, out)
    outcome = Outcome(code=(out / "web.py").read_text(encoding="utf-8"))
    for module in result.modules:
        outcome.todos += [dict(todo) for todo in module.todos]
        outcome.declared += [dict(found) for found in module.declared]
    for template in result.templates:  # "3: T010 why" each
        for note in template.get("todos", []):
            line, _, rest = note.partition(": ")
            code, _, text = rest.partition(" ")
            outcome.todos.append({"code": code, "line": int(line), "text": text,
                                  "breaks": bool(template.get("breaks")),
                                  "template": template["path"]})
    for side, path in (("bottle", src), ("flask", out)):
        app = load_app(path, f"{label}_{side}")
        answers = getattr(outcome, side)
        for req in case.requests:
            answers.append(app if isinstance(app, str) else answer(app, req, case.headers))
    return outcome
