"""edit.after_app: a statement placed after each one that makes the app, the rest of the
module handed on as it was."""

from __future__ import annotations

import libcst as cst

from bottle2flask.port.edit import after_app

SOURCE = '''from flask import Flask


def helper():
    return 1


def make():
    app = Flask(__name__)
    return app
'''


def test_the_template_goes_after_the_app_and_other_blocks_stay_the_same_nodes():
    module = cst.parse_module(SOURCE)
    placed, found = after_app(module, "app", ["{app}.debug = True"])
    assert found
    assert "    app = Flask(__name__)\n    app.debug = True\n    return app\n" in placed.code
    # the def that makes no app is the same node (not rebuilt), so is its block
    assert placed.body[1] is module.body[1]
    assert placed.body[0] is module.body[0]


def test_a_module_without_the_app_is_handed_back_as_itself():
    module = cst.parse_module("def helper():\n    return 1\n")
    placed, found = after_app(module, "app", ["{app}.debug = True"])
    assert not found and placed is module
