"""response_params: helpers handed Bottle's response, rewritten before the model reads
the modules; what the rewrite walks."""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from bottle2flask.port.quick import Transformer
from bottle2flask.port.response_params import plan
from bottle2flask.port.walk import counting, transform

HELPER = '''\
from bottle import get, response


def save_session(session, response):
    response.set_cookie("sid", session["id"])

'''
VIEW = '''

@get("/")
def index():
    save_session({"id": "x"}, response)
    return "home"
'''
OTHERS = "".join(f'''

@get("/page{n}")
def page{n}(name="a"):
    return {{"page": {n}, "name": name.title(), "items": [1, 2, 3]}}
''' for n in range(20))


def test_the_rewrite_walks_only_the_statements_that_call_or_define_a_helper():
    source = HELPER + OTHERS + VIEW
    tree = cst.parse_module(source)
    rel = Path("app.py")
    with counting() as counts:
        done = plan({rel: source}, {rel: {}}, {rel: tree})
    new = done[rel]
    assert "def save_session(session):\n" in new.code
    assert 'save_session({"id": "x"})\n' in new.code
    assert new.code.count("def page") == 20
    changed = [i for i, (a, b) in enumerate(zip(tree.body, new.body, strict=True)) if a is not b]
    assert changed == [1, len(tree.body) - 1]  # the helper's def and the view's
    # no more nodes entered than a walk of those two statements alone enters
    with counting() as alone:
        for i in changed:
            transform(tree.body[i], Transformer())
    assert counts.transform_nodes <= alone.transform_nodes


def test_a_module_whose_calls_pass_something_else_is_left_as_it_is():
    source = HELPER + OTHERS + VIEW.replace("response)", "other)")
    tree = cst.parse_module(source)
    rel = Path("app.py")
    assert plan({rel: source}, {rel: {}}, {rel: tree}) == {}
