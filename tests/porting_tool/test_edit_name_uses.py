"""edit.name_uses: how a function uses one name, read once for P028 and P029 (a request
or response object the code makes, kept or rewritten by what is read of it)."""

from __future__ import annotations

from textwrap import dedent

import libcst as cst
import pytest

from bottle2flask.port.edit import name_uses


def function(source: str) -> cst.FunctionDef:
    node = cst.parse_module(dedent(source)).body[0]
    assert isinstance(node, cst.FunctionDef)
    return node


@pytest.mark.parametrize(("source", "bound", "returned", "attributes", "other"), [
    ("def f():\n    r = R()\n    return r.method, r.path\n", 1, 0, ["method", "path"], 0),
    ("def f():\n    r = R()\n    return r\n", 1, 1, [], 0),
    ("def f():\n    r = R()\n    g(r)\n", 1, 0, [], 1),
    ("def f():\n    r = R()\n    r = S()\n", 2, 0, [], 0),
    ("def f():\n    r = R()\n    del r\n", 1, 0, [], 1),
    ("def f():\n    r = R()\n    return r.headers.get('x')\n", 1, 0, ["headers"], 0),
    ("def f():\n    r = R()\n    x.r = 1\n", 1, 0, [], 1),  # an attribute of another
    ("def f():\n    r = R()\n    def g(r):\n        return r\n", 1, 0, [], 0),
])
def test_each_use_of_the_name_in_the_function_is_counted_by_kind(
        source, bound, returned, attributes, other):
    uses = name_uses(function(source), "r")
    assert (uses.bound, uses.returned, uses.attributes, uses.other) \
        == (bound, returned, attributes, other)


@pytest.mark.parametrize(("source", "attributes", "returned", "only"), [
    ("def f():\n    r = R()\n    return r.method\n", {"method"}, False, True),
    ("def f():\n    r = R()\n    return r.forms\n", {"method"}, False, False),
    ("def f():\n    r = R()\n    return r\n", (), False, False),
    ("def f():\n    r = R()\n    return r\n", (), True, True),
    ("def f():\n    r = R()\n    r.status = 2\n    return r\n", (), True, False),
    ("def f():\n    return r.method\n", {"method"}, False, False),  # never bound here
])
def test_only_answers_bound_once_and_read_only_as_allowed(source, attributes, returned,
                                                           only):
    assert name_uses(function(source), "r").only(attributes, returned=returned) is only
