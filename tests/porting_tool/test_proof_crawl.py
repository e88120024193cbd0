"""The check asks only what a client can ask: every link resolved as a browser resolves
it (against the page's own URL, dot segments taken out), a route no client's path reaches
declared rather than sent a path no client sends, and no crawl lost in the relative links
of error pages (RULE-s51c classes B and C)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bottle2flask.cli import main as port_command
from bottle2flask.parity.scenario import local_path, relative


@pytest.mark.parametrize(
    ("link", "page", "path"),
    [
        ("../static/main.css", "/", "/static/main.css"),  # class C: was static/main.css
        ("../../../c", "/a/b", "/c"),
        ("./static/x.css", "/a/", "/a/static/x.css"),
        ("book/7", "/shelf/", "/shelf/book/7"),
        ("/b/../c", "/a", "/c"),
        ("?page=2", "/list?page=1", "/list?page=2"),
        ("#top", "/list", "/list"),
        ("http://localhost", "/a", "/"),
        ("//localhost/x", "/a", "/x"),
    ],
)
def test_a_link_is_resolved_as_a_browser_resolves_it(link, page, path):
    assert local_path(link, page) == path


@pytest.mark.parametrize(
    "link", ["//example.com/x", "https://example.com/", "mailto:a@b.c", "javascript:void(0)"]
)
def test_a_link_off_the_site_is_no_path(link):
    assert local_path(link, "/") is None


@pytest.mark.parametrize(
    ("link", "written"),
    [
        ("static/x.css", True),
        ("./x", True),
        ("../x", True),
        ("?page=2", True),
        ("/static/x.css", False),
        ("http://localhost/x", False),
        ("//localhost/x", False),
    ],
)
def test_a_link_written_relative_to_its_page_is_told_apart(link, written):
    assert relative(link) is written


def app_folder(tmp_path: Path, source: str) -> Path:
    src = tmp_path / "src"
    (src / "static").mkdir(parents=True)
    (src / "static" / "main.css").write_text("body {}\n")
    (src / "web.py").write_text(source)
    return src


def sent(out: Path) -> list[tuple[str, int]]:
    """The requests the check sent, each with the original's status."""
    recorded = json.loads((out / "tests" / "bottle2flask_parity.json").read_text())
    return [(r["path"], r["answers"]["bottle"]["status"]) for r in recorded["requests"]]


STATIC = """from bottle import Bottle, static_file

app = Bottle()


@app.route("/static/<filename>")
def static(filename):
    return static_file(filename, root="./static")
"""


def test_a_link_above_the_root_asks_the_file_a_browser_asks(tmp_path, capsys):
    """Class C: `../static/main.css` on / was asked as `static/main.css`, a 404 in Bottle
    and the file in Werkzeug: a difference no browser sees."""
    src = app_folder(
        tmp_path,
        STATIC
        + """

@app.route("/")
def home():
    return '<link rel="stylesheet" href="../static/main.css"><p>Home</p>'
""",
    )
    out = tmp_path / "out"
    assert port_command(["port", str(src), "-o", str(out)]) == 0, capsys.readouterr().out
    assert ("/static/main.css", 200) in sent(out)
    assert all(path.startswith("/") for path, _ in sent(out))


def test_a_route_no_client_reaches_is_declared_and_error_pages_lead_nowhere(tmp_path, capsys):
    """Class B: `./author` was sent literally (Bottle 200, the port 404: counted broken),
    and the 404 page's relative link, asked from each 404 below a folder, led to
    /missing/static/main.css, /missing/static/static/main.css... (6,000 requests)."""
    src = app_folder(
        tmp_path,
        STATIC
        + """

@app.error(404)
def missing(error):
    return '<link rel="stylesheet" href="./static/main.css"><a href="/">home</a>'


@app.route("./author")
@app.route("./author/")
def author():
    return "<p>Author</p>"


@app.route("/")
def home():
    return '<a href="/missing/page">a page gone</a> <a href="/static/main.css">style</a>'
""",
    )
    out = tmp_path / "out"
    assert port_command(["port", str(src), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    for rule in ("./author", "./author/"):
        row = next(line for line in said.splitlines() if f"GET {rule} " in line)
        assert "declared change (no client's request reaches it" in row, row
        assert row.endswith("(RFC 9112 3.2.1): D-leading-slash)"), row
    assert "0 different, 0 not reached" in said
    paths = [path for path, _ in sent(out)]
    assert all(path.startswith("/") for path in paths), paths
    assert (
        "/missing/page" in paths and "/missing/static/main.css" not in paths and len(paths) < 20
    ), paths
    report = (out / "PORTING-REPORT.md").read_text()
    assert "| `./author` | GET | 0 | declared | no client's request reaches it" in report


LINKED = '''from bottle import Bottle

app = Bottle()


@app.route("/")
def index():
    return '<a href="/a">a</a> <a href="/b">b</a>'


@app.route("/a")
def a():
    return '<a href="/b">b</a> <a href="/c">c</a>'


@app.route("/b")
def b():
    return '<a href="/">home</a>'


@app.route("/c")
def c():
    return "c"
'''


@pytest.mark.parametrize("forms", [False, True])
def test_the_crawl_asks_each_page_once_whatever_start_reached_it(tmp_path, forms):
    """check52's leftover: each start of the crawl (/ and every route without a
    parameter) began with an empty visited set, so / and its links were crawled again
    from /a and from /b (8 pages asked where 4 are linked). A crawl after the forms asks
    each page once again (what the forms changed), no more."""
    from bottle2flask.parity.runner import run

    (tmp_path / "one.py").write_text(LINKED)
    (tmp_path / "two.py").write_text(LINKED)
    found = run([f"{tmp_path / 'one.py'}:app", f"{tmp_path / 'two.py'}:app"],
                starts=["/", "/a", "/b", "/c"], forms=forms)
    crawled = sorted(step["path"] for step in found["steps"] if step["kind"] == "crawl")
    assert crawled == sorted(["/", "/a", "/b", "/c"] * (2 if forms else 1))
