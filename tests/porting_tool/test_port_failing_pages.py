"""Pages where both apps fail (RULE-s50's Tanda: `bottle.debug(True)`, a database the
repository lacks): both answering their framework's own 500 page is docs/PORTING.md's
`default-error-page` whatever each exception was, and a handler of 500 that shows its
error as text (`"Error: " + str(error)`) is P009's D-error-object. A page the original
serves and the port breaks is never counted so."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

from bottle2flask.cli import main as kit
from bottle2flask.exit_status import ExitStatus

FAILING = '''
import bottle
from bottle import Bottle, request

app = Bottle()
bottle.debug(True)


@app.route("/broken")
def broken():
    raise RuntimeError("no such table: accounts")


@app.route("/served")
def served():
    return "served by " + type(request.environ["bottle.app"]).__name__
'''

SHOWN = FAILING + '''

@app.error(500)
def crashed(error):
    return "Error: " + str(error)
'''


def checked(tmp_path: Path, source: str) -> tuple[int, dict[str, str], str]:
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent(source).lstrip())
    status = kit(["port", str(src), "-o", str(out), "--check-timeout", "120"])
    check = json.loads((out / "porting-report.json").read_text())["check"]
    return status, {r["rule"]: r["result"] for r in check["routes"]}, \
        (out / "parity.toml").read_text()


def test_bottles_debug_page_against_werkzeugs_500_page_is_declared_not_noise(tmp_path):
    """Each run of the original shows a traceback naming its own copy of the app (the
    page varied between them, and the route was "varies"): the entry compares the
    status and the page's message, which do not vary."""
    status, results, _ = checked(tmp_path, FAILING)
    assert results["/broken"] == "declared"
    assert results["/served"] == "different"  # the original serves it: never declared
    assert status == ExitStatus.DIFFERS


def test_a_500_handler_showing_its_error_is_declared_where_both_apps_fail(tmp_path):
    """Bottle's HTTPError prints its arguments (the traceback among them), Werkzeug's
    its code, name and description: D-error-object, on the pages where the original
    failed too, and no other."""
    status, results, settings = checked(tmp_path, SHOWN)
    assert results["/broken"] == "declared"
    assert results["/served"] == "different"
    assert status == ExitStatus.DIFFERS
    assert 'name = "D-error-object"\nstatus = "500"\npath = "*"' in settings
