"""A site's two candidates as values (Rule.site): the engine takes one by the site's key,
the report keeps both; the post-steps placed in as few walks as they share; new long
lines split from the nodes as the module is written out."""

from __future__ import annotations

import json
from textwrap import dedent
from unittest import mock

import bottle
import libcst as cst

from bottle2flask.cli import main as kit
from bottle2flask.port import marks
from bottle2flask.port.edit import after_app, after_app_calls
from bottle2flask.port.runner import port_source
from bottle2flask.port.walk import counting

from .helpers import both_apps

ECHO = '''
    from bottle import Bottle, request

    app = Bottle()


    @app.post("/echo")
    def echo():
        return {"got": request.json}
'''


def json_site(result) -> dict:
    (site,) = [s for s in result.sites if s["kind"] == "json-body"]
    return site


def test_the_default_port_writes_the_idiomatic_form_and_records_both():
    result = port_source(dedent(ECHO), "web.py")
    site = json_site(result)
    assert not site["exact"]
    assert site["forms"] == {"idiomatic": "request.get_json(silent=True)",
                             "exact": "bottle_json()"}
    assert '"got": request.get_json(silent=True)' in result.code
    assert "bottle_json" not in result.code  # nothing of the other form reaches the module
    assert "D-json-body" in [d["id"] for d in result.declared]


def test_a_site_named_in_the_exact_set_writes_the_exact_form_and_what_it_needs():
    result = port_source(dedent(ECHO), "web.py", exact=frozenset({"web.py:echo:P004"}))
    site = json_site(result)
    assert site["exact"]
    assert site["forms"] == {"idiomatic": "request.get_json(silent=True)",
                             "exact": "bottle_json()"}
    assert '"got": bottle_json()' in result.code
    assert "from bottle_compat import bottle_json" in result.code
    assert "get_json" not in result.code
    assert "D-json-body" not in [d["id"] for d in result.declared]  # the idiomatic's


MOUNT = '''
    from bottle import Bottle

    app = Bottle()
    api = Bottle()
    app.mount("/api/", api)
'''


def test_a_mount_gives_both_its_forms_and_writes_the_one_chosen_with_what_it_needs():
    """P015's mount at a literal prefix: Werkzeug's dispatcher (declaring D-mount-alone
    where the installed Bottle merges a mounted app: 0.13) or bottle_mount.mount(), each
    with its own import; both recorded in the site."""
    forms = {"idiomatic": "app.wsgi_app = DispatcherMiddleware(app.wsgi_app, {'/api': api})",
             "exact": 'bottle_mount.mount(app, "/api/", api)'}
    default = port_source(dedent(MOUNT), "web.py")
    (site,) = [s for s in default.sites if s["kind"] == "mount"]
    assert not site["exact"] and site["forms"] == forms
    assert forms["idiomatic"] in default.code and "bottle_mount" not in default.code
    assert "from werkzeug.middleware.dispatcher import DispatcherMiddleware" in default.code
    merges = not bottle.__version__.startswith("0.12.")
    assert ("D-mount-alone" in [d["id"] for d in default.declared]) is merges
    chosen = port_source(dedent(MOUNT), "web.py", exact=frozenset({"web.py:<module>:P015"}))
    (site,) = [s for s in chosen.sites if s["kind"] == "mount"]
    assert site["exact"] and site["forms"] == forms
    assert forms["exact"] in chosen.code and "import bottle_mount" in chosen.code
    assert "Dispatcher" not in chosen.code
    assert "D-mount-alone" not in [d["id"] for d in chosen.declared]  # the idiomatic's


def test_the_exact_form_answers_as_bottle(tmp_path):
    bottle, flask = both_apps(tmp_path, ECHO, "candidates", faithful=True)
    for app in (bottle, flask):
        answer = app.post("/echo", json.dumps({"a": [1, 2]}),
                          headers={"Content-Type": "application/json"})
        assert (answer.status_int, answer.json) == (200, {"got": {"a": [1, 2]}})


def test_the_report_names_the_idiomatic_form_a_kept_site_would_have_had(tmp_path):
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_text(dedent('''
        from bottle import Bottle, template

        app = Bottle()


        @app.route("/<page>")
        def show(page):
            return template(page)
    '''))
    assert kit(["port", str(src), "-o", str(out), "--no-check"]) == 0
    data = json.loads((out / "porting-report.json").read_text())
    (site,) = [s for m in data["modules"] for s in m["sites"]
               if s["kind"] == "template-name"]
    assert site["forms"] == {"idiomatic": "template(page)", "exact": "bottle_template(page)"}
    report = (out / "PORTING-REPORT.md").read_text()
    assert "P006 template-name in `show`: " in report
    assert "(idiomatic form: `template(page)`)" in report


AFTER = '''from flask import Flask


def make():
    app = Flask(__name__)
    return app


app = Flask(__name__)
print(app)
'''
CALLS = [(["{app}.debug = True"], {}),
         (["@{app}.context_processor\ndef extra():\n    return {}\n"], {}),
         (["{app}.config[{key}] = 1", "{app}.name = {key}"],
          {"key": cst.SimpleString('"A"')})]


def test_statements_placed_after_the_app_in_one_walk_as_one_call_after_another():
    module = cst.parse_module(AFTER)
    one_by_one = module
    for templates, values in CALLS:
        one_by_one, found = after_app(one_by_one, "app", templates, **values)
        assert found
    with counting() as counts:
        together, found = after_app_calls(module, "app", CALLS)
    assert found and counts.transforms == 1
    assert together.code == one_by_one.code
    # the last call's statements first, a def with two blank lines on either side
    assert "app = Flask(__name__)\napp.config[\"A\"] = 1\napp.name = \"A\"\n\n\n" \
        "@app.context_processor\ndef extra():\n    return {}\n\n\napp.debug = True\n" \
        "print(app)\n" in together.code


def test_a_port_writes_its_module_out_once():
    with counting() as counts:
        result = port_source(dedent(ECHO), "web.py")
    assert result.status == "success"
    assert counts.renders == 1 and dict(counts.render_by_caller) == {"marks.render": 1}


def test_a_new_long_line_is_split_from_its_nodes_without_reading_the_code_again():
    module = cst.parse_module(
        "class Pages:\n    def index(self):\n        return render_template("
        '"a_template_with_a_long_name.html", title="a longer page title", body=body)\n')
    with mock.patch.object(cst, "parse_statement", side_effect=AssertionError("parsed")), \
            mock.patch.object(cst, "parse_module", side_effect=AssertionError("parsed")):
        code = marks.render(module, {}, {}, original="").code
    assert code.endswith('''        return render_template(
            "a_template_with_a_long_name.html", title="a longer page title", body=body
        )
''')
    # a line the original had stays as it was
    kept = marks.render(module, {}, {}, original=module.code).code
    assert kept == module.code


def test_a_long_last_line_of_a_file_without_a_final_newline_is_split_and_ends_as_it_did():
    module = cst.parse_module(
        "def index():\n    return render_template("
        '"a_template_with_a_long_name.html", title="a longer page title", body=body)')
    code = marks.render(module, {}, {}, original="").code
    assert code == ('def index():\n    return render_template(\n        '
                    '"a_template_with_a_long_name.html", title="a longer page title", '
                    'body=body\n    )')


def test_what_a_rule_records_apart_is_the_modules_only_once_its_candidate_is_taken():
    """Rule.apart(): records, requests, imports, warnings and the notes on the statement
    being visited go to the Made it gives; take_candidate() merges them (a declared
    change's mark moved past the module's own), and a Made never taken leaves nothing."""
    from bottle2flask.port.contract import Candidate
    from bottle2flask.port.declared import Change
    from bottle2flask.port.rules.base import Context, Rule, state, wanted_imports

    class Probe(Rule):
        code = "P999"
        declares = (Change("D-probe", "1. Probe", "a change for this test"),)

    rule = Probe(Context())
    port = state(rule.context)
    rule.open_notes()  # a statement being visited
    rule.declare("D-probe")  # the module's own, before

    def make():
        with rule.apart() as made:
            rule.fired()
            rule.declare("D-probe", ["/x"])
            rule.todo("apart")
            rule.need_import("flask", "g")
        return made

    make()  # never taken
    assert (port.records.applied, len(port.records.declared), port.records.todos) == \
        ({}, 1, [])
    assert wanted_imports(rule.context) == [] and rule.context.warnings == []
    assert len(rule._notes[-1]) == 1  # the module's own declared change's mark alone
    rule.take_candidate(Candidate(made=make()), False)
    assert port.records.applied == {"P999": 1}
    assert [d["paths"] for d in port.records.declared] == [["*"], ["/x"]]
    assert [m.index for m in port.records.marks] == [0, 1]
    assert [t.text for t in port.records.todos] == ["apart"]
    assert [(w.module, w.name) for w in wanted_imports(rule.context)] == [("flask", "g")]
    assert rule.context.warnings == ["P999: apart"]
    comments = [line.comment.value for line in rule._notes[-1]]
    assert comments == ["#", "#", "# TODO(flask-port/P999): apart"]
