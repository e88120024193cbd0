"""read.py: readers registered by node type share one walk, each seeing what it would
in a walk of its own, with the scope kept once for all."""

from __future__ import annotations

import ast
from pathlib import Path
from textwrap import dedent

import libcst as cst
import pytest

from bottle2flask.port import runner
from bottle2flask.port.edit import is_name
from bottle2flask.port.folder import port_tree
from bottle2flask.port.model import build, read_module
from bottle2flask.port.model.collect import statement_lines
from bottle2flask.port.read import Readers, Trace, read_once
from bottle2flask.port.rules import READERS
from bottle2flask.port.runner import port_source
from bottle2flask.port.walk import TRIVIA, counting, transform, walk
from harness.bench.port_apps import APPS, large_module

from .test_walk import SOURCES


class Calls(cst.CSTVisitor):
    """Records the calls and names it visits and leaves; stops at what `stop_at` says."""

    stop_at: tuple[type, ...] = ()

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, cst.CSTNode]] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.seen.append(("visit", node))

    def leave_Call(self, node: cst.Call) -> None:
        self.seen.append(("leave", node))

    def visit_Name(self, node: cst.Name) -> None:
        self.seen.append(("visit", node))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.seen.append(("visit", node))
        return not isinstance(node, self.stop_at)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.seen.append(("leave", node))

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.seen.append(("visit", node))
        return not isinstance(node, self.stop_at)


class StopsAtFunctions(Calls):
    stop_at = (cst.FunctionDef,)


class StopsAtClasses(Calls):
    stop_at = (cst.ClassDef,)


class Comments(cst.CSTVisitor):
    """A reader of trivia: the walk enters whitespace and punctuation for it."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[cst.Comment] = []

    def visit_Comment(self, node: cst.Comment) -> None:
        self.seen.append(node)


class Scoped(cst.CSTVisitor):
    """The scope at each name: from the walk's shared list, and kept by itself."""

    def __init__(self, scope: list) -> None:
        super().__init__()
        self.scope = scope
        self.own: list[cst.CSTNode] = []
        self.shared: list[tuple[str, ...]] = []
        self.kept: list[tuple[str, ...]] = []

    def visit_Name(self, node: cst.Name) -> None:
        self.shared.append(tuple(s.name.value for s in self.scope))
        self.kept.append(tuple(s.name.value for s in self.own))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.own.append(node)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.own.pop()

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.own.append(node)

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self.own.pop()


def same(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x[0] == y[0] and x[1] is y[1]
                                    for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("name", list(SOURCES))
def test_readers_in_one_walk_see_what_each_sees_in_its_own(name):
    tree = cst.parse_module(SOURCES[name]())
    kinds = (Calls, StopsAtFunctions, StopsAtClasses)
    alone = [kind() for kind in kinds]
    for reader in alone:
        walk(tree, reader)
    together = [kind() for kind in kinds]
    read_once(tree, together)
    for a, b in zip(alone, together, strict=True):
        assert len(a.seen) > 10
        assert same(a.seen, b.seen)
    # a reader stopped below a node still has its leave_ called there, as LibCST does
    assert len(together[1].seen) < len(together[0].seen)


@pytest.mark.parametrize("name", ["sample", "runner"])
def test_a_reader_of_trivia_gets_them_and_the_others_are_unchanged(name):
    tree = cst.parse_module(SOURCES[name]())
    alone, comments = Calls(), Comments()
    walk(tree, alone)
    together = Calls()
    read_once(tree, [together, comments])
    assert same(alone.seen, together.seen)
    assert comments.seen and all(type(c) is cst.Comment for c in comments.seen)


@pytest.mark.parametrize("name", list(SOURCES))
def test_the_scope_is_kept_once_for_all_readers(name):
    tree = cst.parse_module(SOURCES[name]())
    scope: list = []
    reader = Scoped(scope)
    Readers([reader], scope).walk(tree)
    assert reader.shared == reader.kept and any(reader.shared) and not scope


def test_one_walk_counts_once_whatever_its_readers():
    tree = cst.parse_module(SOURCES["sample"]())
    with counting() as counts:
        read_once(tree, [Calls(), StopsAtClasses(), Comments()])
    assert (counts.module_walks, counts.part_walks) == (1, 0)
    with counting() as alone:
        for reader in (Calls(), StopsAtClasses(), Comments()):
            walk(tree, reader)
    assert alone.module_walks == 3
    # the trivia are entered once for the one reader that reads them
    assert counts.module_nodes < alone.module_nodes
    assert set(counts.by_caller) == {"test_read.test_one_walk_counts_once_whatever_its_readers"}


# -- replaying a walk's record: the readers called as a walk of the tree calls them ---

class Respelt(cst.CSTTransformer):
    """Spells `bottle.X` as X (a new node for one it entered) and takes the statements
    `import` out (a node whose children it did not enter, a new parent)."""

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if is_name(updated.value, "bottle"):
            return cst.Name(updated.attr.value)
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        if any(type(s) is cst.Import for s in updated.body):
            return cst.RemoveFromParent()
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        if is_name(updated.func, "twice"):  # twice(x) -> x, x: flattened in its parent
            return updated.args[0].value
        return updated


def recorded(tree: cst.CSTNode) -> list:
    """What a walk of the whole tree enters and leaves, the trivia left out."""
    whole = Trace(cst.CSTTransformer(), TRIVIA)
    whole.record(tree)
    assert whole.events is not None
    return whole.events


@pytest.mark.parametrize("name", list(SOURCES))
def test_a_transform_s_trace_is_what_a_walk_of_the_tree_it_returns_enters(name):
    source = SOURCES[name]() + "\nimport bottle\nbottle.route(twice(bottle.x))\n"
    trace = Trace(Respelt(), TRIVIA)
    tree = transform(cst.parse_module(source), trace, TRIVIA)
    assert tree.code.endswith("\nroute(x)\n")
    assert not any(type(s) is cst.SimpleStatementLine and type(s.body[0]) is cst.Import
                   for s in tree.body)
    whole = recorded(tree)
    assert trace.events is not None and len(trace.events) == len(whole)
    assert all(a is b if not isinstance(a, int) else a == b
               for a, b in zip(trace.events, whole, strict=True))


def test_a_trace_is_none_where_the_root_is_made_anew():
    class Emptied(cst.CSTTransformer):
        def leave_Module(self, original, updated):
            return updated.with_changes(body=[])

    trace = Trace(Emptied(), TRIVIA)
    transform(cst.parse_module("x = 1\n"), trace, TRIVIA)
    assert trace.events is None


@pytest.mark.parametrize("name", list(SOURCES))
def test_readers_replayed_over_a_trace_see_what_they_see_in_a_walk(name):
    tree = cst.parse_module(SOURCES[name]())
    kinds = (Calls, StopsAtFunctions, StopsAtClasses, Scoped)
    walked = [kind([]) if kind is Scoped else kind() for kind in kinds]
    Readers(walked, walked[-1].scope).walk(tree)
    replayed = [kind([]) if kind is Scoped else kind() for kind in kinds]
    Readers(replayed, replayed[-1].scope).replay(recorded(tree))
    for a, b in zip(walked[:-1], replayed[:-1], strict=True):
        assert len(a.seen) > 10 and same(a.seen, b.seen)
    assert replayed[-1].shared == walked[-1].shared == walked[-1].kept


def test_a_replay_passes_over_what_every_reader_stopped_above():
    tree = cst.parse_module(SOURCES["sample"]())
    alone, together = StopsAtFunctions(), StopsAtFunctions()
    walk(tree, alone)
    Readers([together]).replay(recorded(tree))
    assert same(alone.seen, together.seen)
    everything = Calls()
    walk(tree, everything)
    assert len(together.seen) < len(everything.seen)


# -- the model's reading: one walk a module, the rules' pre-scans in it ----------------

SAMPLE = SOURCES["sample"]


def test_the_model_reads_a_module_in_one_walk():
    with counting() as counts:
        read_module(large_module(), "app.py", readers=READERS)
    # the spelling walk; its readers called over its record, not in a walk of their own
    assert (counts.transforms, counts.module_walks) == (1, 0)
    assert dict(counts.transform_by_caller) == {"reading.read": 1}
    # nor a part of it again: a def's returns, a decorator that renames what it wraps
    assert counts.part_walks == 0


def test_a_module_the_spelling_makes_anew_as_it_leaves_it_is_read_in_a_walk_more():
    # `bottle.template` beside a bare `template` of the module's own: respelt at the end
    source = "import bottle\n\n\ndef page():\n    return template('x') + " \
        "bottle.template('y')\n"
    with counting() as counts:
        tree, facts = read_module(source, "app.py", readers=READERS)
    assert "bottle_template('y')" in tree.code
    assert counts.by_caller == {"collect.collect": 1}
    assert facts.templates_named == {"y"}


# What a port still reads of a whole module besides the model's walk, each because it
# reads what other rules wrote: P003 the names the rules before it left (a converter
# class takes a free name), P011 the Flask() call P002 wrote, P012 the names still read
# once the routes are Flask's (a static_file view nothing else calls), P001 the names
# and comments of the code every rule left (which imports are still used) and the
# Bottle names whose only use there is inert (`bottle.BaseRequest.MEMFILE_MAX = n`).
READS_OF_REWRITTEN_CODE = {
    "p003_routes.Routes.visit_Module", "p011_template_path.calls_in",
    "p012_static_file.StaticFile.used_names", "p001_imports.Imports.visit_Module",
    "p001_imports._inert"}


def test_a_port_reads_the_bottle_code_once_and_again_only_what_the_rules_rewrote():
    with counting() as counts:
        result = port_source(large_module(), "app.py")
    assert result.status == "success"
    assert set(counts.by_caller) <= READS_OF_REWRITTEN_CODE
    assert counts.transform_by_caller["reading.read"] == 1
    assert counts.module_walks <= len(READS_OF_REWRITTEN_CODE)


# The whole-module read walks of a port of each bench app (harness/bench/port_apps.py;
# `python -m harness.bench.walk_count`): none of the model's but the spelling walk
# (a rewrite walk), counted apart; at most these read walks of what the rules wrote,
# and of response_params' plan, which reads the modules before the model (it rewrites
# what the model then reads). Round 52: 6 and 76 (the model's collecting walk, 24 on
# the package app, and handed's loops); round 53: 4 and 52. Round 54: 4 and 42 (P010's
# walk of a module with hooks a pre-scan in the model's walk, edits54; response_params'
# plan read each module it may rewrite whole, 9 on the package app: now a statement at a
# time, speed54).
BENCH_READ_WALKS = {"1,000-line module": 4, "package app": 42}


@pytest.mark.parametrize("name", list(BENCH_READ_WALKS))
def test_a_port_of_a_bench_app_reads_each_module_in_the_model_s_one_walk(name, tmp_path):
    app = APPS[name](tmp_path / "app")
    with counting() as counts:
        port_tree(app, tmp_path / "out")
    modules = len(list(app.rglob("*.py")))
    # one spelling walk a read of a module (the package's modules read again for what
    # the others tell them are read again whole, in one walk too)
    assert modules <= counts.transform_by_caller["reading.read"] <= 2 * modules
    assert not any(caller.startswith(("collect.", "handed.", "reading."))
                   for caller in counts.by_caller)
    assert counts.module_walks <= BENCH_READ_WALKS[name]


def test_a_folder_port_parses_and_reads_each_module_once_though_a_helper_is_rewritten(
        tmp_path):
    # response_params rewrites the helper handed Bottle's response and its callers
    # before the model reads them: neither is parsed nor read again for the rules
    files = {"sessions.py": """\
        from bottle import response


        def save_session(session, response):
            response.set_cookie("sid", session["id"])
        """, "server.py": """\
        from bottle import get, response

        from sessions import save_session


        @get("/")
        def index():
            save_session({"id": "x"}, response)
            return "home"
        """}
    for name, text in files.items():
        (tmp_path / "src" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "src" / name).write_text(dedent(text))
    parses = []
    real_parse = cst.parse_module

    def parse(source, *args, **kwargs):
        parses.append(source)
        return real_parse(source, *args, **kwargs)

    with counting() as counts, pytest.MonkeyPatch.context() as patch:
        patch.setattr(cst, "parse_module", parse)
        result = port_tree(tmp_path / "src", tmp_path / "out")
    codes = {m.path: m.code for m in result.modules}
    assert "def save_session(session):" in codes["sessions.py"]
    assert 'save_session({"id": "x"})' in codes["server.py"]
    assert counts.transform_by_caller["reading.read"] == 2
    assert sorted(parses).count(dedent(files["server.py"])) == 1
    assert sorted(parses).count(dedent(files["sessions.py"])) == 1


def test_a_package_member_read_again_for_its_default_app_s_module_is_not_parsed_again(
        tmp_path):
    # a package's member imports the module made for the default app relatively
    # (`from .default_app import app`): read again for that, from the model's parse
    files = {"__init__.py": "from bottle import default_app\n\nfrom . import views\n\n"
                            "app = default_app()\n",
             "views.py": 'from bottle import route\n\n\n@route("/")\ndef index():\n'
                         '    return "home"\n'}
    src = tmp_path / "shop"
    src.mkdir()
    for name, text in files.items():
        (src / name).write_text(text)
    parses = []
    real_parse = cst.parse_module

    def parse(source, *args, **kwargs):
        parses.append(source)
        return real_parse(source, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cst, "parse_module", parse)
        result = port_tree(src, tmp_path / "out")
    codes = {m.path: m.code for m in result.modules}
    assert "from .default_app import app\n" in codes["views.py"]
    assert parses.count(files["views.py"]) == 1
    assert parses.count(files["__init__.py"]) == 1


def test_the_model_reads_a_package_again_without_asking_the_parser_or_the_folder_again(
        tmp_path):
    # views.py imports the app made in app.py: the model reads it a second time, for
    # that, from the same parse and source: Python's parser (the lines of its
    # statements) and the folder (which file each import reads) are asked once
    files = {"shop/__init__.py": "",
             "shop/app.py": "from bottle import Bottle\n\napp = Bottle()\n",
             "shop/views.py": 'from shop.app import app\nfrom . import helpers\n\n\n'
                              '@app.route("/")\ndef index():\n    return helpers.name()\n',
             "shop/helpers.py": 'def name():\n    return "shop"\n'}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    sources = {Path(name): text for name, text in files.items()}
    parsed: list[str] = []
    asked: list[Path] = []
    real_parse, real_is_file = ast.parse, Path.is_file

    def parse(source, *args, **kwargs):
        parsed.append(source)
        return real_parse(source, *args, **kwargs)

    def is_file(path):
        asked.append(path)
        return real_is_file(path)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ast, "parse", parse)
        patch.setattr(Path, "is_file", is_file)
        with counting() as counts:
            model = build(tmp_path, sources, readers=READERS)
    assert model.modules[Path("shop/views.py")].imported_apps == {"app"}
    assert counts.transform_by_caller["reading.read"] > len(files)  # some read again
    assert parsed.count(files["shop/views.py"]) == 1
    assert [path for path in set(asked) if asked.count(path) > 1] == []


def test_the_model_asks_which_modules_run_together_once_a_module(tmp_path):
    # each view's name is looked for in the modules that run with its own (together():
    # a walk of the whole folder's imports); asked once a module, not once a view
    from bottle2flask.port.model import app as model_app

    files = {"shop/__init__.py": "",
             "shop/app.py": "from bottle import Bottle\n\napp = Bottle()\n",
             "shop/a.py": "from shop.app import app\n\n\n" + "".join(
                 f'@app.route("/{n}")\ndef view_{n}():\n    return "{n}"\n\n\n'
                 for n in range(6)),
             "shop/b.py": 'from shop.app import app\n\n\n@app.route("/b")\n'
                          'def view_0():\n    return "b"\n'}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    asked: list[Path] = []
    real_together = model_app.together

    def together(modules, rel):
        asked.append(rel)
        return real_together(modules, rel)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(model_app, "together", together)
        model = build(tmp_path, {Path(name): text for name, text in files.items()})
    assert model.shared_views == {"view_0"}
    assert sorted(asked) == sorted(set(asked))


def test_the_model_finds_the_file_an_import_reads_once_a_folder_and_name(tmp_path):
    # each module is read two or three times, and its package's siblings import the
    # same names: which file `from shop.app import app` reads is found once a build
    # (the folder's answers were kept, the paths tried were made again: 521 answers on
    # the package bench app, 45 of them different)
    from bottle2flask.port.model import app as model_app

    files = {"shop/__init__.py": "",
             "shop/app.py": "from bottle import Bottle\n\napp = Bottle()\n",
             **{f"shop/{name}.py": "from shop.app import app\nfrom . import helpers\n\n\n"
                f'@app.route("/{name}")\ndef {name}():\n    return helpers.name()\n'
                for name in ("a", "b", "c")},
             "shop/helpers.py": 'def name():\n    return "shop"\n'}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    asked: list[tuple[Path, str, int]] = []
    real_find = model_app._module_file

    def find(src, rel, dotted, level, known):
        asked.append((rel.parent, dotted, level))
        return real_find(src, rel, dotted, level, known)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(model_app, "_module_file", find)
        model = build(tmp_path, {Path(name): text for name, text in files.items()},
                      readers=READERS)
    views = model.modules[Path("shop/a.py")]
    assert views.imported_apps == {"app"}
    assert views.imports == {"app": (Path("shop/app.py"), "app"),
                             "helpers": (Path("shop/__init__.py"), "helpers")}
    assert Path("shop/helpers.py") in views.uses
    assert (Path("shop"), "shop.app", 0) in asked
    assert [key for key in set(asked) if asked.count(key) > 1] == []


def test_whether_a_reader_reads_the_trivia_is_asked_once_a_class():
    # 42 classes of trivia, a visit_ and a leave_ each: asked of every reader at every
    # walk, it was 1.5% of a package app's port
    from bottle2flask.port import read

    class Names(cst.CSTVisitor):
        def visit_Name(self, node) -> None:
            pass

    asked: list[str] = []
    real = read.own_method

    def own_method(visitor, name, *args):
        asked.append(name)
        return real(visitor, name, *args)

    module = cst.parse_module("x = 1\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(read, "own_method", own_method)
        read_once(module, [Names()])
        first = len(asked)
        read_once(module, [Names()])
    assert any(name == "visit_Comma" for name in asked[:first])
    assert not any(name == "visit_Comma" for name in asked[first:])


def test_which_readers_have_a_method_for_a_class_of_node_is_asked_once_a_class():
    # the model reads each module with new readers of the same classes: whether any has
    # a method for an Assign, an Integer... (most have none) was asked again at each
    # read (2.7% of a port of the package bench app); a reader with one still gets it
    from bottle2flask.port import read

    class Names(cst.CSTVisitor):
        def __init__(self) -> None:
            super().__init__()
            self.seen: list[str] = []

        def visit_Name(self, node) -> None:
            self.seen.append(node.value)

    asked: list[str] = []
    real = read.own_method

    def own_method(visitor, name, *args):
        asked.append(name)
        return real(visitor, name, *args)

    module = cst.parse_module("x = 1\ny = [x, 2]\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(read, "own_method", own_method)
        read_once(module, [Names(), cst.CSTVisitor()])
        first = len(asked)
        again = Names()
        read_once(module, [again, cst.CSTVisitor()])
    assert "visit_Integer" in asked[:first]
    assert set(asked[first:]) <= {"visit_Name", "leave_Name"}
    assert again.seen == ["x", "y", "x"]


@pytest.mark.parametrize("name", ["sample", "large module"])
def test_each_rules_reader_finds_in_the_shared_walk_what_it_finds_alone(name):
    tree, facts = read_module(SOURCES[name](), "app.py", readers=READERS)
    assert set(facts.read_by) == set(READERS) and len(READERS) >= 4
    for code, reader in READERS.items():
        alone = reader(facts)
        walk(tree, alone)
        shared = facts.read_by[code]
        assert type(shared) is reader
        assert vars(shared) == vars(alone), code


def test_a_rule_reads_its_module_itself_where_the_model_ran_no_readers(monkeypatch):
    with counting() as counts:
        usual = port_source(SAMPLE(), "app.py")
    assert "base.Rule.pre_scan" not in counts.by_caller
    monkeypatch.setattr(runner, "READERS", {})
    with counting() as counts:
        alone = port_source(SAMPLE(), "app.py")
    assert counts.by_caller["base.Rule.pre_scan"] >= 2  # P002's, P004's...
    assert alone.code == usual.code and alone.todos == usual.todos


def test_the_requests_handed_across_modules_are_read_from_the_model_s_walk(tmp_path):
    sources = {
        Path("app.py"): dedent('''\
            from bottle import Bottle, request
            import api

            app = Bottle()


            @app.post("/put")
            def put():
                return api.put(request)
            '''),
        Path("api.py"): "def put(request):\n    return request.forms.get('x')\n",
    }
    for rel, text in sources.items():
        (tmp_path / rel).write_text(text)
    with counting() as counts:
        model = build(tmp_path, sources, readers=READERS)
    assert model.modules[Path("api.py")].handed_requests == {"request"}
    assert not any(caller.startswith("handed.") for caller in counts.by_caller)
    # each module is read once, and api.py again as the module handed the request
    assert counts.transform_by_caller["reading.read"] == 3


LINES_SOURCE = '''# a header comment

import bottle; from bottle import route
app = bottle.Bottle()
TEXT = """one
two
"""
total = 1 + \\
    2

# a leading comment
@app.route("/a")
# between its decorators
@bottle.view("page")
def a():
    return {}
pair = (1,
        2); other = f"""{pair}
"""
@app.get("/b")
def b(): return "b"
class Page:
    """Two
    lines."""
@route("/c")
def c():
    return "c"
'''
LINE_ENDINGS = {"newline": LINES_SOURCE, "crlf": LINES_SOURCE.replace("\n", "\r\n"),
                "no last newline": LINES_SOURCE.rstrip("\n"),
                "a lone carriage return": LINES_SOURCE.replace("Bottle()\n", "Bottle()\r")}


def printed_lines(tree: cst.Module) -> dict[int, int]:
    """Each top-level statement's first line of code, counted from its printed code."""
    lines, line = {}, 1 + len(tree.header)
    for stmt in tree.body:
        lines[id(stmt)] = line + len(stmt.leading_lines)
        line += tree.code_for_node(stmt).count("\n")
    return lines


@pytest.mark.parametrize("ending", LINE_ENDINGS)
def test_statement_lines_are_those_counted_in_the_printed_code(ending):
    source = LINE_ENDINGS[ending]
    tree = cst.parse_module(source)
    assert statement_lines(tree, tree, source) == printed_lines(tree)


@pytest.mark.parametrize("ending", ["newline", "crlf", "no last newline"])
def test_a_route_s_line_is_its_first_decorator_s(ending):
    source = LINE_ENDINGS[ending]
    _, facts = read_module(source)
    code = source.replace("\r\n", "\n").split("\n")
    assert [(r.view, code[r.line - 1][:5]) for r in facts.routes] == \
        [("a", "@app."), ("b", "@app."), ("c", "@rout")]


def test_statement_lines_print_no_statement_the_spelling_left_as_it_was(monkeypatch):
    tree = cst.parse_module(LINES_SOURCE)
    printed = []
    code_for_node = cst.Module.code_for_node
    monkeypatch.setattr(cst.Module, "code_for_node",
                        lambda self, node: printed.append(node) or code_for_node(self, node))
    expected = printed_lines(tree)
    printed.clear()
    assert statement_lines(tree, tree, LINES_SOURCE) == expected
    assert printed == []


def test_a_statement_the_spelling_changed_is_counted_from_its_own_code():
    original = cst.parse_module(LINES_SOURCE)
    longer = cst.parse_statement('TEXT = """one\ntwo\nthree\n"""\n')
    spelt = original.with_changes(body=[longer if isinstance(s, cst.SimpleStatementLine)
                                        and "TEXT" in original.code_for_node(s) else s
                                        for s in original.body])
    lines = statement_lines(spelt, original, LINES_SOURCE)
    assert lines == printed_lines(spelt) != printed_lines(original)


@pytest.mark.parametrize(("source", "yields"), [
    ("def page():\n    return 'a'\n", False),
    ("def page():\n    yield 'a'\n", True),
    ("def page():\n    def inner():\n        yield 'a'\n    return inner\n", True),
    ("pages = lambda: (yield)\n", True),
])
def test_the_model_knows_whether_a_module_yields(source, yields):
    assert read_module(source)[1].yields is yields


def test_a_port_of_a_module_without_yield_walks_no_def_for_one():
    with counting() as counts:
        result = port_source(large_module(), "app.py")
    assert result.status == "success"
    assert not [caller for caller in counts.part_by_caller if "_is_generator" in caller]


NO_RESPONSE_READ = """from bottle import Bottle, request, response

app = Bottle()


@app.route("/")
def index():
    return "hi " + request.query.get("name", "")
"""


def test_p022_asks_a_def_s_own_names_only_when_it_reads_bottle_s_response():
    with counting() as counts:
        result = port_source(NO_RESPONSE_READ, "app.py")
    assert result.status == "success"
    assert "edit.names_assigned" not in counts.part_by_caller


def test_p001_looks_for_inert_bottle_names_only_in_a_module_spelling_memfile_max():
    with counting() as counts:
        result = port_source(large_module(), "app.py")
    assert result.status == "success"
    assert "p001_imports._inert" not in counts.by_caller
