"""Before/after checks for the port rules, as LibCST's CodemodTest does them."""

from __future__ import annotations

import difflib
from pathlib import Path
from textwrap import dedent
from unittest import mock

import webtest

from bottle2flask.port import runner
from bottle2flask.port.runner import port_source


def port(before: str, **options):
    """Port `before`; faithful unless told: most rule tests describe the faithful port."""
    options.setdefault("faithful", True)
    return port_source(dedent(before).lstrip("\n"), "app.py", **options)


def same_lines(code: str, after: str) -> None:
    want = dedent(after).strip("\n").splitlines()
    assert code.splitlines() == want, "\n".join(difflib.unified_diff(
        want, code.splitlines(), "expected", "ported", lineterm=""))


def check(before: str, after: str, todos: tuple[str, ...] = (), **options) -> None:
    """The rules turn `before` into `after`, leaving exactly these TODO codes.

    The shared blocks added after the app (Jinja settings, Location, the response
    recorder) are left out here and checked by tests of their own, through port().
    """
    with mock.patch.object(runner, "shim_calls", lambda state: []):
        result = port(before, **options)
    assert result.status == "success", result.error
    same_lines(result.code, after)
    assert [t["code"] for t in result.todos] == list(todos)


def idiom(before: str, after: str, declared: tuple[str, ...] = (),
          todos: tuple[str, ...] = (), **options):
    """The default (idiomatic) port turns `before` into exactly `after`, declaring these
    changes and leaving these TODOs, with no line of Bottle emulation."""
    result = port(before, faithful=False, **options)
    assert result.status == "success", result.error
    same_lines(result.code, after)
    assert [d["id"] for d in result.declared] == list(declared)
    assert [t["code"] for t in result.todos] == list(todos)
    assert result.emulation == 0
    return result


def both_apps(tmp_path: Path, source: str, label: str, faithful: bool = False) -> tuple:
    """The Bottle app in source (web.py) and its port (made with --faithful if asked),
    each loaded as the check loads it."""
    from bottle2flask.cli import main as kit
    from bottle2flask.loading import load

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent(source))
    assert kit(["port", str(src), "-o", str(out), "--no-check",
                *(["--faithful"] if faithful else [])]) == 0
    return (webtest.TestApp(load(f"{src / 'web.py'}:app", {}, f"{label}_bottle").wsgi),
            webtest.TestApp(load(f"{out / 'web.py'}:app", {}, f"{label}_flask").wsgi))


def write_files(folder: Path, files: dict[str, str]) -> Path:
    """The files (name -> text, dedented) written under folder, which is returned."""
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(dedent(text).lstrip("\n"))
    return folder


def both_folders(tmp_path: Path, files: dict[str, str], label: str,
                 entry: str = "web.py:app", faithful: bool = False,
                 exact: frozenset[str] = frozenset()) -> tuple:
    """A Bottle app of several files (name -> source) and its port (made with --faithful
    if asked; with the sites `exact` names taking their exact form, as the check's repair
    ports it), each loaded from its entry (FILE:APP) as the check loads it, answering as
    browsers ask (HTTP/1.1)."""
    from bottle2flask.cli import main as kit
    from bottle2flask.loading import load
    from bottle2flask.port.folder import port_tree

    src, out = write_files(tmp_path / "src", files), tmp_path / "out"
    if exact:  # (the command names no sites: the repair's own call)
        port_tree(src, out, faithful=faithful, exact=exact)
    else:
        assert kit(["port", str(src), "-o", str(out), "--no-check",
                    *(["--faithful"] if faithful else [])]) in (0, 5)
    file, app = entry.split(":")
    http11 = {"SERVER_PROTOCOL": "HTTP/1.1"}
    return (Browser(load(f"{src / file}:{app}", {}, f"{label}_bottle").wsgi,
                    extra_environ=http11),
            Browser(load(f"{out / file}:{app}", {}, f"{label}_flask").wsgi,
                    extra_environ=http11))


class Browser(webtest.TestApp):
    """A TestApp whose extra_environ reaches every request: TestApp.request() only sets
    a key webob's blank request lacks, and blank() says SERVER_PROTOCOL HTTP/1.0."""

    def request(self, url_or_req, status=None, expect_errors=False, **req_params):
        if isinstance(url_or_req, str):
            environ = {**self.extra_environ, **req_params.pop("environ", {})}
            url_or_req = self.RequestClass.blank(url_or_req, environ, **req_params)
        return super().request(url_or_req, status, expect_errors)


def as_sent(wsgi, path: str) -> tuple:
    """The status, headers and body an app hands the server (WebTest adds a
    Content-Length to what it reads)."""
    from werkzeug.test import EnvironBuilder, run_wsgi_app

    body, status, headers = run_wsgi_app(wsgi, EnvironBuilder(path).get_environ())
    try:
        return status, list(headers.items()), b"".join(body)
    finally:
        getattr(body, "close", lambda: None)()


def answers(client, path: str, method: str = "GET", **kwargs) -> tuple[int, str]:
    """Status and body of one request, errors included."""
    response = client.request(path, method=method, expect_errors=True, **kwargs)
    return response.status_int, response.text


def ported(before: str, after: str, todos: tuple[str, ...]):
    """The default port of `before` is `after` once its comments are left out, with
    these TODO codes (their text is too long to quote here within the line length)."""
    result = port(before, faithful=False)
    code = "\n".join(line for line in result.code.splitlines()
                     if not line.lstrip().startswith("#"))
    same_lines(code, after)
    assert [t["code"] for t in result.todos] == list(todos)
    return result


def untouched(code: str, before: str, **options) -> None:
    """Rule `code` leaves `before` alone: the port is the same with the rule disabled, and
    the rule records nothing (no rewrite, TODO or declared change) on it."""
    options.setdefault("faithful", False)
    source = dedent(before).lstrip("\n")
    on = port_source(source, "app.py", **options)
    off = port_source(source, "app.py", disabled=frozenset({code}), **options)
    assert on.status == off.status and on.status in ("success", "skip"), on.error
    assert on.code == off.code, "\n".join(difflib.unified_diff(
        off.code.splitlines(), on.code.splitlines(), "without the rule", "with it", lineterm=""))
    assert not on.applied.get(code), on.applied
    assert [t for t in on.todos if t["code"] == code] == []


def forget_modules(*names: str) -> None:
    """Take modules a test imported from its own folders out of sys.modules (and from
    the package holding each: bottle.ext.sqlite from bottle.ext), as its last step. Not
    monkeypatch.delitem: of a module not imported yet it records nothing, and of one
    imported since it records that module, which its undo puts back for the next test."""
    import sys

    for name in names:
        sys.modules.pop(name, None)
        parent, _, child = name.rpartition(".")
        if parent in sys.modules:
            vars(sys.modules[parent]).pop(child, None)
