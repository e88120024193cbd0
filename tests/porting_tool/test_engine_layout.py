"""The port's engine keeps its layout: rules read the model and the editing helpers and
never each other, and no module of bottle2flask imports itself back, even from inside a
function (imports for type hints only, under TYPE_CHECKING, do not count)."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import bottle2flask
from bottle2flask.port.rules import RULES, discover

PACKAGE = Path(bottle2flask.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The bottle2flask modules a file imports, anywhere in it but a TYPE_CHECKING block."""
    tree = ast.parse(path.read_text())
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
               and ast.unparse(node.test) == "TYPE_CHECKING" for n in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("bottle2flask")}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            module = (f"{base}.{node.module}" if node.module else base) if node.level \
                else node.module or ""
            if not module.startswith("bottle2flask"):
                continue
            for alias in node.names:  # `from . import x` may name a module
                candidate = f"{module}.{alias.name}"
                found.add(candidate if (PACKAGE.parent / candidate.replace(".", "/")).with_suffix(
                    ".py").is_file() else module)
    return found - {here}


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}
RULE_MODULES = sorted(n for n in MODULES
                      if n.startswith("bottle2flask.port.rules.p"))
# the rule base, the editing helpers, the model; P022's folding helper (a leaf); and the
# template converter, for a template written in a string of the code (P006)
ALLOWED = ("bottle2flask.port.rules.base", "bottle2flask.port.edit",
           "bottle2flask.port.model", "bottle2flask.port.response_idiom",
           "bottle2flask.stpl")


@pytest.mark.parametrize("rule", RULE_MODULES)
def test_a_rule_imports_only_the_base_the_model_and_the_editing_helpers(rule):
    imported = imports_of(MODULES[rule])
    assert {m for m in imported if not m.startswith(ALLOWED)} == set()


@pytest.mark.parametrize("module", sorted(set(MODULES) - set(RULE_MODULES)))
def test_no_module_of_the_engine_imports_a_rule(module):
    # what the engine needs of a rule comes through the Rule contract (rules/base.py:
    # code, phase, declares, compat, finish()...), found by discover(), never by name
    assert imports_of(MODULES[module]) & set(RULE_MODULES) == set()


def test_the_helpers_rules_use_are_leaves():
    assert imports_of(MODULES["bottle2flask.port.edit"]) <= {
        "bottle2flask.port.quick", "bottle2flask.port.walk"}
    assert imports_of(MODULES["bottle2flask.port.response_idiom"]) <= {
        "bottle2flask.port.edit"}


def test_no_module_of_bottle2flask_imports_itself_back():
    graph = {name: imports_of(path) & set(MODULES) for name, path in MODULES.items()}
    # a package imports its parent's __init__ implicitly: only what is written counts
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        pytest.fail(f"import cycle: {' -> '.join(error.args[1])}")


def test_every_rule_module_holds_one_rule_whose_code_is_its_number():
    found = discover()
    assert len(found) == len(RULE_MODULES) == len(RULES)
    for rule in found:
        number = rule.__module__.rpartition(".")[2][:4].upper()
        assert rule.code == number, rule
    assert len({rule.code for rule in found}) == len(found)


def test_the_users_comments_and_names_are_never_read_as_the_engines_own():
    # declared changes, TODOs, left-out statements and filter placeholders are records
    # keyed by node: text in the user's code that looks like them is the user's own
    from .helpers import idiom

    result = idiom('''
        from bottle import redirect

        __kit_left_out__ = "kept"


        def login_required():
            #
            # kit-declared:0
            # TODO(flask-port/P001): the user's own note, not the port's
            redirect("/login", 302)
    ''', '''
        from flask import abort, redirect

        __kit_left_out__ = "kept"


        def login_required():
            #
            # kit-declared:0
            # TODO(flask-port/P001): the user's own note, not the port's
            abort(redirect("/login", 302))
    ''', declared=("D-location", "D-redirect-body"))  # and no TODO: the one above is the user's
    assert result.declared[0]["line"] == 10


@pytest.mark.parametrize("rule", sorted(RULES, key=lambda r: r.code), ids=lambda r: r.code)
def test_every_rule_has_its_own_test_file_opening_with_what_it_must_not_change(rule):
    module = rule.__module__.rpartition(".")[2]
    path = Path(__file__).parent / f"test_rule_{module}.py"
    assert path.is_file(), f"{rule.code} has no test file {path.name}"
    tests = [node.name for node in ast.parse(path.read_text()).body
             if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]
    assert tests[0] == "test_what_it_must_not_change_is_left_alone", path.name
    assert len(tests) > 1, f"{path.name} has no rewrite of its own"


def exact_type_tests(tree: ast.AST) -> set[str]:
    """The LibCST classes a module tests a node's type against exactly (`type(x) is
    cst.Name`, `is not`)."""
    return {right.attr for node in ast.walk(tree) if isinstance(node, ast.Compare)
            and isinstance(node.left, ast.Call) and isinstance(node.left.func, ast.Name)
            and node.left.func.id == "type"
            for op, right in zip(node.ops, node.comparators, strict=True)
            if isinstance(op, ast.Is | ast.IsNot) and isinstance(right, ast.Attribute)
            and isinstance(right.value, ast.Name) and right.value.id == "cst"}


def test_a_node_s_exact_type_is_tested_only_against_a_class_nothing_subclasses():
    """`type(node) is cst.Name` stands for isinstance() where it is quicker (an
    isinstance() on LibCST's abstract classes that fails costs ~1,500 instructions): the
    same answer only while LibCST has no subclass of the class."""
    import libcst as cst

    tested = {name for path in PACKAGE.rglob("*.py")
              for name in exact_type_tests(ast.parse(path.read_text()))}
    assert {"Name", "Attribute", "Call"} <= tested
    subclassed = {name for name in tested
                  if getattr(cst, name).__subclasses__() or name.startswith("Base")}
    assert not subclassed
