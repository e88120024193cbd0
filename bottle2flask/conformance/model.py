"""A row of the conformance table, and the tiny app (a case) that shows it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from textwrap import dedent, indent

STATUSES = ("same", "declared", "todo", "n/a", "engine")
BOTH = ("0.12", "0.13")


@dataclass(frozen=True)
class Req:
    """One request a case sends to both apps."""

    path: str = "/"
    method: str = "GET"
    body: str = ""
    content_type: str = ""
    headers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Case:
    """A Bottle app in one module (`web.py`, its app is `app`), files beside it, requests."""

    source: str
    requests: tuple[Req, ...]
    files: tuple[tuple[str, str], ...] = ()
    headers: tuple[str, ...] = ()  # response headers compared besides those that always count


@dataclass(frozen=True)
class Row:
    """One element of Bottle's surface: its status in the port and the case that shows it.

    `change` names the declared change (a `D-...` id of the rules) of a "declared" row,
    `todo` the rule code whose TODO a "todo" row's port carries, and `engine` a silent
    difference the port still makes (its test is an expected failure until the rule is
    fixed). `versions` are the Bottle versions that have the element.
    """

    id: str
    kind: str  # "name", "member", "route", "template"
    status: str
    reason: str = ""
    versions: tuple[str, ...] = BOTH
    case: Case | None = None
    change: str = ""
    todo: str = ""
    engine: str = ""
    differs: tuple[str, ...] = field(default=())  # what a declared change may alter
    # (status, reason) under Bottle 0.12 where its answer differs from 0.13's, then what
    # a declared change may alter there if that differs too
    on012: tuple[str, ...] = ()
    # a todo row's port: "same" (answers as Bottle: the TODO marks code that is not
    # idiomatic yet), "differs" (answers otherwise, loses no page) or "breaks" (fails
    # where Bottle answered: outcomes.BREAKS, counted in the table)
    port: str = ""
    port012: str = ""  # the same, with Bottle 0.12 installed, where it answers otherwise

    def under(self, version: str) -> Row:
        """The row as it holds with this Bottle installed."""
        if version == "0.12" and self.port012:
            return replace(self, port=self.port012, port012="").under(version)
        if version != "0.12" or not self.on012:
            return self
        status, reason, *differs = self.on012
        return replace(self, status=status, reason=reason, engine="", on012=(),
                       differs=tuple(differs) or self.differs)

    def __post_init__(self) -> None:
        assert self.status in STATUSES, self.id
        assert self.case is not None or self.reason, f"{self.id}: no case and no reason"
        assert self.status != "declared" or self.change, f"{self.id}: declared what?"
        assert self.status != "todo" or (self.todo and self.reason), f"{self.id}: which TODO?"
        assert self.status != "engine" or self.engine, f"{self.id}: which engine bug?"


def GET(path: str = "/", **headers: str) -> Req:
    return Req(path, headers=tuple((k.replace("_", "-"), v) for k, v in headers.items()))


def POST(path: str = "/", body: str = "", content_type: str =
         "application/x-www-form-urlencoded", **headers: str) -> Req:
    return Req(path, "POST", body, content_type,
               tuple((k.replace("_", "-"), v) for k, v in headers.items()))


IMPORTS = ("Bottle, HTTPError, HTTPResponse, abort, redirect, request, response, "
           "static_file, template")


def module(body: str, *, imports: str = IMPORTS) -> str:
    """A Bottle module: `app = Bottle()` and then `body` (routes, hooks, ...)."""
    return (f"import bottle\nfrom bottle import {imports}\n\napp = Bottle()\n\n\n"
            + dedent(body).strip("\n") + "\n")


def app(body: str, *requests: Req, files: tuple[tuple[str, str], ...] = (),
        imports: str = IMPORTS, headers: tuple[str, ...] = ()) -> Case:
    """A case whose module is `body` after `app = Bottle()`."""
    return Case(module(body, imports=imports), requests or (GET(),), files, headers)


def view(body: str, *requests: Req, method: str = '["GET", "POST"]', path: str = "/",
         files: tuple[tuple[str, str], ...] = (), imports: str = IMPORTS,
         before: str = "", args: str = "", headers: tuple[str, ...] = ()) -> Case:
    """A case with one view at `path` whose body is `body` (it returns the answer)."""
    code = (dedent(before).strip("\n") + "\n\n\n" if before else "") + (
        f'@app.route("{path}", method={method})\ndef view({args}):\n'
        + indent(dedent(body).strip("\n"), "    "))
    return app(code, *requests, files=files, imports=imports, headers=headers)


def shows(expr: str, *requests: Req, **options) -> Case:
    """A view that answers repr() of one expression."""
    return view(f"return repr({expr})", *requests, **options)
