"""Rules that return edits (issue #43): an EditRule reads the node as the walk enters it
and returns an Edit, its candidates as values; the walk applies it as it leaves the node,
at the rule's place among the walk's rules, with what the walk made of the node's parts
put in (port/README.md, "Rules that return edits")."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from bottle2flask.port.contract import Candidate, Edit
from bottle2flask.port.edit import is_name, swap
from bottle2flask.port.folder import port_tree
from bottle2flask.port.passes import run
from bottle2flask.port.rules import RULES
from bottle2flask.port.rules.base import Context, EditRule, Rule
from bottle2flask.port.runner import port_source
from bottle2flask.port.walk import counting
from harness.bench.port_apps import APPS

# The rules moved to edits so far: each has no leave_ method left
MOVED = {"P013", "P014", "P016", "P017", "P020", "P021", "P024", "P025", "P026", "P027",
         "P028", "P029"}


class Rename(Rule):
    """A transformer: the name `x` becomes `y`."""

    code = "P900"

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return updated.with_changes(value="y") if updated.value == "x" else updated


class Upper(Rule):
    """A transformer: a call of `g` becomes a call of `G`."""

    code = "P901"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if is_name(updated.func, "g"):
            return updated.with_changes(func=cst.Name("G"))
        return updated


class Wrap(EditRule):
    """An edit rule: `f(a)` becomes `g(a)`, its form built from the call as read."""

    code = "P902"

    def edit_Call(self, node: cst.Call) -> Edit | None:
        if not is_name(node.func, "f"):
            return None
        return Edit(node, (Candidate(cst.Call(cst.Name("g"), [cst.Arg(node.args[0].value)]),
                                     todo="wrapped"),))


GUARD = cst.parse_statement("if ready:\n    pass\n")
assert isinstance(GUARD, cst.If)


class Guard(EditRule):
    """An edit rule: a statement `start()` goes under `if ready:` (Edit.under)."""

    code = "P903"

    def edit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> Edit | None:
        expr = node.body[0]
        if isinstance(expr, cst.Expr) and isinstance(expr.value, cst.Call) \
                and is_name(expr.value.func, "start"):
            return Edit(node, under=GUARD, fired=0)
        return None


class Around(EditRule):
    """An edit rule: a call of `h` is left as it is, under a TODO, and the statement it is
    in goes under `if ready:` (Edit.around)."""

    code = "P904"

    def edit_Call(self, node: cst.Call) -> Edit | None:
        if not is_name(node.func, "h"):
            return None
        return Edit(node, (Candidate(todo="around"),), fired=0, around=GUARD)


def rewritten(source: str, *rules: type[Rule]) -> str:
    return run(cst.parse_module(source), list(rules), Context()).code


def test_an_edit_holds_what_the_walk_made_of_the_parts_it_was_built_from():
    # Rename made y of x below the call before Wrap's edit of the call was applied
    assert rewritten("f(x)\n", Rename, Wrap) == "# TODO(flask-port/P902): wrapped\ng(y)\n"


@pytest.mark.parametrize(("rules", "after"), [
    ((Wrap, Upper), "G(x)\n"),  # Upper leaves the call Wrap made
    ((Upper, Wrap), "g(x)\n"),  # Upper left f(x) as it was; Wrap's edit comes after
])
def test_an_edit_is_applied_at_its_rules_place_among_the_walks_rules(rules, after):
    assert rewritten("f(x)\n", *rules).endswith(after)


def test_a_statement_under_a_block_keeps_what_the_walk_made_of_it_and_its_lines():
    # the comment above the statement and the rule's TODO go above the block; Rename's x
    # (a rule before it in the walk) stays y inside
    source = "a = 1\n\n# go\nstart(x)\n"
    assert rewritten(source, Rename, Guard) == "a = 1\n\n# go\nif ready:\n    start(y)\n"
    assert rewritten(source, Rename, Guard, Wrap) == "a = 1\n\n# go\nif ready:\n    start(y)\n"


def test_an_edit_asks_its_statement_around_it_once():
    # two calls of h in one statement: the statement goes under the block once, their
    # TODOs above it; a statement in a def is the innermost one asked
    assert rewritten("v = h(x) + h(x)\n", Rename, Around) == (
        "# TODO(flask-port/P904): around\n# TODO(flask-port/P904): around\n"
        "if ready:\n    v = h(y) + h(y)\n")
    assert rewritten("def f():\n    return h()\n", Around) == (
        "def f():\n    # TODO(flask-port/P904): around\n    if ready:\n"
        "        return h()\n")


def test_what_an_edit_recorded_as_it_read_comes_before_its_site():
    # Edit.made: P013's TODO of a URL built at import, made whichever form the site
    # takes, is noted above the statement before the site's mark, as the transformer
    # noted it: the site's line is the statement's, below both TODOs
    source = """\
from bottle import Bottle, url
app = Bottle()
@app.route("/item/<n:int>", name="item")
def item(n):
    return str(n)
LINKS = [url("item", n=1), app.get_url("/item/<n:int>", n=4)]
"""
    result = port_source(source, "app.py")
    lines = result.code.splitlines()
    site = next(s for s in result.sites if s["rule"] == "P013")
    assert lines[site["line"] - 1] == "with app.test_request_context():"
    assert [t["code"] for t in result.todos] == ["P013", "P013"]


def test_swap_puts_in_the_parts_the_walk_changed_at_any_depth():
    original = cst.parse_expression("f(a.b, c)")
    assert isinstance(original, cst.Call)
    inner = original.args[0].value
    assert isinstance(inner, cst.Attribute)
    updated = original.with_changes(args=[
        original.args[0].with_changes(value=inner.with_changes(attr=cst.Name("z"))),
        original.args[1]])
    form = cst.Call(cst.Name("g"), [cst.Arg(inner), cst.Arg(original.args[1].value)])
    assert cst.Module([]).code_for_node(swap(form, original, updated)) == "g(a.z, c)"
    assert swap(original, original, updated) is updated
    assert swap(form, original, original) is form


def test_the_rules_moved_to_edits_have_no_leave_method():
    edit_rules = {rule.code for rule in RULES if issubclass(rule, EditRule)}
    assert edit_rules >= MOVED
    for rule in RULES:
        if issubclass(rule, EditRule):
            leaves = [name for klass in rule.__mro__ if klass.__module__ == rule.__module__
                      for name in vars(klass) if name.startswith("leave_")]
            assert not leaves, (rule.code, leaves)


def test_the_package_apps_rewrite_walks_are_counted(tmp_path: Path):
    # the rules' walks and the post-step walk of its 12 ported modules (the edit rules
    # ride the walks of the rules around them: python -m harness.bench.walk_count)
    app = APPS["package app"](tmp_path / "app")
    with counting() as counts:
        port_tree(app, tmp_path / "out")
    assert counts.transform_by_caller["runner._port_tree"] == 60
