"""The port writes OUT/requirements.txt: Flask, and the distributions its modules
import; never over a requirements.txt the app ships (the report says what to add)."""

from __future__ import annotations

import ast
import json
from importlib import metadata
from pathlib import Path

from bottle2flask.cli import main as command
from bottle2flask.port import requirements
from bottle2flask.port.runner import port_source

WEB = '''import os

import helpers
import markdown_it
import sqlalchemy
from bottle import Bottle
from module_nobody_installed import thing
from werkzeug.utils import secure_filename

app = Bottle()


@app.route("/")
def index():
    return helpers.page(os.name, thing, secure_filename, markdown_it, sqlalchemy)
'''


def app_folder(tmp_path: Path, **files: str) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(WEB)
    (src / "helpers.py").write_text("import json\n\n\ndef page(*parts):\n"
                                    "    return json.dumps([str(p) for p in parts])\n")
    for name, text in files.items():
        (src / name.replace("__", ".")).write_text(text)
    return src


def test_requirements_name_flask_and_what_the_modules_import(tmp_path):
    """Not the standard library (os, json), the app's own modules (helpers), Bottle, or
    what Flask brings (Werkzeug); a module not installed here is guessed, and says so."""
    out = tmp_path / "out"
    assert command(["port", str(app_folder(tmp_path)), "-o", str(out), "--no-check"]) == 0
    sqlalchemy = metadata.packages_distributions()["sqlalchemy"][0]
    assert (out / "requirements.txt").read_text() == (
        "# What the Flask port imports (written by bottle2flask port)\n"
        f"Flask>={metadata.version('flask')}\n"
        "markdown-it-py\n"
        "module_nobody_installed  # guessed: the module module_nobody_installed is not "
        "installed here, so its distribution is not known\n"
        f"{sqlalchemy}\n")
    report = json.loads((out / "porting-report.json").read_text())["requirements"]
    assert report["written"] is True and report["missing"] == []


def test_a_requirements_file_the_app_ships_is_kept_and_the_report_says_what_to_add(
        tmp_path):
    own = "bottle==0.12.25\nSQLAlchemy>=2  # the database\nmarkdown-it-py\n"
    src = app_folder(tmp_path, requirements__txt=own)
    out = tmp_path / "out"
    assert command(["port", str(src), "-o", str(out), "--no-check"]) == 0
    assert (out / "requirements.txt").read_text() == own
    assert (src / "requirements.txt").read_text() == own
    report = (out / "PORTING-REPORT.md").read_text()
    assert ("`requirements.txt` is the app's own (copied as it was, not changed): add "
            f"`Flask>={metadata.version('flask')}`, `module_nobody_installed` for the port "
            "(and drop Bottle once no module imports it).") in report


def test_the_helpers_the_port_copies_are_no_requirement(tmp_path):
    """bottle_compat.py (--faithful, or a piece imported by name) and the companions are
    the port's own modules, not distributions to install; what they import is (the
    --faithful port's bottle_answers.py has Bottle make its own answers)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(
        "from bottle import Bottle, HTTPError, request, response\n\napp = Bottle()\n\n\n"
        '@app.route("/a/b")\ndef home():\n    request.path_shift(1)\n'
        '    response.set_header("X-A", "1")\n    err = HTTPError(400)\n'
        '    err.set_header("X-B", "2")\n    raise err\n')
    for options in ([], ["--faithful"]):
        out = tmp_path / f"out{len(options)}"
        assert command(["port", str(src), "-o", str(out), "--no-check", *options]) == 0
        assert {"bottle_compat.py", "bottle_responses.py"} <= {p.name for p in out.iterdir()}
        assert (out / "requirements.txt").read_text() == (
            "# What the Flask port imports (written by bottle2flask port)\n"
            f"Flask>={metadata.version('flask')}\n"
            + (f"{metadata.packages_distributions()['bottle'][0]}\n" if options else ""))


def test_bottle_is_listed_where_the_port_keeps_one_of_its_classes(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "web.py").write_text(
        "from bottle import Bottle, SimpleTemplate\n\napp = Bottle()\n\n\n"
        "@app.route('/')\ndef index():\n    t = SimpleTemplate('x')\n"
        "    return t.source\n")
    out = tmp_path / "out"
    assert command(["port", str(src), "-o", str(out), "--no-check"]) == 0
    assert "from bottle import SimpleTemplate" in (out / "web.py").read_text()
    lines = (out / "requirements.txt").read_text().splitlines()
    assert metadata.packages_distributions()["bottle"][0] in lines


def test_installed_distributions_are_read_once_until_a_folder_on_the_path_changes(
        tmp_path, monkeypatch):
    """A process porting many apps (the generator's, a server) reads the installed
    metadata once; a distribution installed since, in a folder on sys.path or on a path
    added to it, is found."""
    read = []
    original = metadata.packages_distributions
    monkeypatch.setattr(metadata, "packages_distributions",
                        lambda: read.append(1) or original())
    code = {"web.py": "import made_up_module\n"}
    guessed = ("made_up_module", "guessed: the module made_up_module is not installed here, "
               "so its distribution is not known")
    assert requirements.needed(code)[1:] == [guessed]
    assert requirements.needed(code)[1:] == [guessed]
    first = len(read)  # 0 when an earlier port in this process read them already
    assert first <= 1

    def install(folder: Path, name: str) -> None:
        info = folder / f"{name}-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
        (info / "top_level.txt").write_text("made_up_module\n")

    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))  # a new folder on the path
    assert requirements.needed(code)[1:] == [guessed]
    install(site, "made-up-dist")  # installed into a folder already on the path
    assert requirements.needed(code)[1:] == [("made-up-dist", "")]
    assert len(read) == first + 2


def test_an_app_importing_only_the_standard_library_and_itself_reads_no_distribution(
        monkeypatch):
    """Every installed distribution's files are read to map a module to its distribution:
    not needed where there is no module to map (a cost at every port of such an app)."""
    read = []
    monkeypatch.setattr(requirements, "_PROVIDED", [])
    monkeypatch.setattr(metadata, "packages_distributions", lambda: read.append(1) or {})
    code = {"web.py": "import os\nfrom flask import Flask\nimport views\n", "views.py": ""}
    lines = requirements.needed(code)
    assert [name for name, _ in lines][0].startswith("Flask>=") and len(lines) == 1
    assert read == []


NESTED = '''import a.b, c as d
from e.f import g
from . import h
from .i import j
if x:
    import k
elif y:
    from l import m
else:
    import n
for o in p:
    import q
else:
    import r
while s:
    import t
else:
    import u
try:
    import v
except ImportError:
    import w
else:
    import x1
finally:
    import x2
with y1:
    import y2
match z:
    case 1:
        import z1


class C:
    import z2

    def f(self):
        import z3

        async def g():
            async with a:
                import z4
            async for b in c:
                import z5
        return lambda: __import__("not_a_statement")
'''


def every_node(tree: ast.Module) -> set[str]:
    """The names of every Import and absolute ImportFrom node, found by ast.walk."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module.partition(".")[0])
    return names


def test_the_imports_are_found_among_the_statements_alone():
    """An import is a statement: walking the statements' bodies finds each one a walk
    of every node finds, at any depth."""
    tree = ast.parse(NESTED)
    assert requirements.imported_by(tree) == every_node(tree) == {
        "a", "c", "e", "k", "l", "n", "q", "r", "t", "u", "v", "w", "x1", "x2", "y2",
        "z1", "z2", "z3", "z4", "z5"}
    assert requirements.imported(NESTED) == every_node(tree)


def test_a_ported_module_s_imports_come_from_its_one_parse(monkeypatch):
    """The port parses its code once: the tree it compiles gives the sites' statements
    and the imports requirements.txt reads (FileResult.imported); no ast.parse again."""
    parses = []
    real = ast.parse

    def counted(*args, **kwargs):
        parses.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(ast, "parse", counted)
    result = port_source(WEB, "web.py")
    assert result.status == "success"
    assert [code for code in parses if code == result.code] == [result.code]
    assert result.imported == {"os", "helpers", "markdown_it", "sqlalchemy", "flask",
                               "module_nobody_installed", "werkzeug"}


def test_flasks_version_and_requirements_are_read_once_while_the_path_stays(monkeypatch):
    """Flask's version and what it requires are looked up in the installed metadata once
    for a process porting many apps (the generator's judge), again after an install."""
    looked = []
    monkeypatch.setattr(requirements, "_FLASK", [])
    real_requires, real_version = metadata.requires, metadata.version
    monkeypatch.setattr(metadata, "requires", lambda name: looked.append(("requires", name))
                        or real_requires(name))
    monkeypatch.setattr(metadata, "version", lambda name: looked.append(("version", name))
                        or real_version(name))
    code = {"web.py": "import werkzeug\nfrom flask import Flask\n"}
    first = requirements.needed(code)
    assert requirements.needed(code) == first == [(f"Flask>={real_version('flask')}", "")]
    assert sorted(looked) == [("requires", "flask"), ("version", "flask")]
    monkeypatch.setattr(requirements, "path_state", lambda: ("another path",))
    requirements.needed(code)
    assert len(looked) == 4


def test_a_modules_imports_are_read_once_a_text(monkeypatch):
    """The helpers a port copies are the same text port after port: a process porting
    many apps (the generator's judge) parses each once; a caller may change its answer."""
    code = "import os\nfrom flask import Flask\nimport made_up_once_module\n"
    parsed = []
    original = ast.parse
    monkeypatch.setattr(requirements.ast, "parse", lambda *a, **k: parsed.append(1)
                        or original(*a, **k))
    first = requirements.imported(code)
    first.add("changed by its caller")
    assert requirements.imported(code) == {"os", "flask", "made_up_once_module"}
    assert len(parsed) == 1
