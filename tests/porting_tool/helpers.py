"""Before/after checks for the port rules, as LibCST's CodemodTest does them."""

from __future__ import annotations

import difflib
from pathlib import Path
from textwrap import dedent
from unittest import mock

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
    with mock.patch.object(runner, "add_shims", lambda module, state: (module, True)):
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


def both_apps(tmp_path: Path, source: str, label: str) -> tuple:
    """The Bottle app in source (web.py) and its port, each loaded as the check loads it."""
    import webtest

    from bottle2flask.cli import main as kit
    from bottle2flask.loading import load

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent(source))
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    return (webtest.TestApp(load(f"{src / 'web.py'}:app", {}, f"{label}_bottle").wsgi),
            webtest.TestApp(load(f"{out / 'web.py'}:app", {}, f"{label}_flask").wsgi))
