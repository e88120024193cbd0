"""walk() enters the nodes LibCST's own visit does, in its order, for the rules' readers."""

from __future__ import annotations

import gc
from pathlib import Path

import libcst as cst
import pytest

from bottle2flask.port import walk as walk_module
from bottle2flask.port.walk import TRIVIA, skippable, transform, walk
from harness.bench.port_speed import large_module

ROOT = Path(__file__).resolve().parents[2]
# Syntax the modules above may lack: f-string specs and conversions, match, type
# parameters, star imports, relative imports, lambdas, walrus, async, except*.
VARIETY = '''
from __future__ import annotations
from . import sibling
from .pkg import (a as b, c)
from os import *
import os.path as p, sys

type Pair[T] = tuple[T, T]


@decorator(x=1)
async def f[T: int, *Ts, **P](a, /, b: int = 2, *args, c, d=3, **kw) -> T:
    """Docs."""
    global g
    w = 5
    print(f"{a!r:>{w}} {b=} {c:.2f} {{}}", rb"x" b"y", 0x1F, 1_000j, ...)
    async with m() as (x, y), n():
        async for i in aiter():
            await i
    if (n := len(args)) > 1 and not a or b is not None:
        del a[1:2, ::3], b.c
    try:
        raise ValueError from None
    except* (TypeError, ValueError) as error:
        pass
    finally:
        return lambda q, *r, s=1: q if r else s
    match command.split():
        case [Point(x=0, y=0) as origin, *rest] if rest:
            yield from rest
        case {"k": 1, **others} | [1, 2] | None:
            nonlocal_ = {k: v for k, v in others.items() if k}; z = [*x, *y]
        case _:
            assert False, "no"


class C(Base, metaclass=Meta):
    x: int = 1

    def m(self): return {1, 2} | {i async for i in g()}
'''


class Recorder(cst.CSTVisitor):
    """Every node LibCST's visit enters and leaves, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, cst.CSTNode]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.seen.append(("visit", node))
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.seen.append(("leave", original_node))


class WalkRecorder:
    """Every node walk() enters and leaves (it asks for visit_X and leave_X)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, cst.CSTNode]] = []

    def __getattr__(self, name: str):
        event = name.partition("_")[0]
        return lambda node: self.seen.append((event, node))


SOURCES = {
    "sample": lambda: (ROOT / "tests/porting_tool/sample/todo.py").read_text(),
    "large module": large_module,
    "ported sample": lambda: (ROOT / "tests/porting_tool/sample_expected/todo.py").read_text(),
    "runner": lambda: (ROOT / "bottle2flask/port/runner.py").read_text(),
    "variety": lambda: VARIETY,
}


class TriviaRecorder(WalkRecorder):
    """A walker with a method for a trivia class: it is walked through all of them."""

    def visit_Comment(self, node: cst.Comment) -> None:
        self.seen.append(("visit", node))


def same_walk(tree: cst.Module) -> None:
    expected, got, everything = Recorder(), WalkRecorder(), TriviaRecorder()
    tree.visit(expected)
    walk(tree, got)
    walk(tree, everything)
    # what no method of the walker reads, whitespace and punctuation, is not entered
    read = [event for event in expected.seen if type(event[1]) not in TRIVIA]
    assert len(got.seen) == len(read) > 100 and len(read) < len(expected.seen)
    assert all(a[0] == b[0] and a[1] is b[1] for a, b in zip(got.seen, read, strict=True))
    assert len(everything.seen) == len(expected.seen)
    assert all(a[0] == b[0] and a[1] is b[1] for a, b in zip(everything.seen, expected.seen,
                                                              strict=True))


@pytest.mark.parametrize("name", list(SOURCES))
def test_the_trivia_a_walk_skips_hold_nothing_but_trivia(name):
    tree = cst.parse_module(SOURCES[name]())
    held = Recorder()
    tree.visit(held)
    for _, node in held.seen:
        if type(node) in TRIVIA:
            inside = Recorder()
            node.visit(inside)
            assert {type(n) for _, n in inside.seen} <= TRIVIA, type(node)


@pytest.mark.parametrize("name", list(SOURCES))
def test_walk_enters_the_nodes_libcst_visits_in_the_same_order(name):
    same_walk(cst.parse_module(SOURCES[name]()))


def test_walk_reads_the_lists_a_rule_leaves_where_the_parser_made_tuples():
    tree = cst.parse_module(SOURCES["sample"]())
    same_walk(tree.with_changes(body=list(tree.body)))


class Reads(cst.CSTVisitor):
    """Names read outside imports and outside the body of functions, which it leaves."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []
        self.left: list[str] = []

    def visit_Import(self, node) -> bool:
        return False

    def visit_ImportFrom(self, node) -> bool:
        return False

    def visit_FunctionDef(self, node) -> bool:
        return False

    def leave_FunctionDef(self, original_node) -> None:
        self.left.append(original_node.name.value)

    def visit_Name(self, node) -> None:
        self.names.append(node.value)


def test_a_visit_method_returning_false_skips_the_children_but_not_the_leave():
    tree = cst.parse_module(VARIETY + "\nimport hidden\n\ndef h(unseen): pass\n")
    expected, got = Reads(), Reads()
    tree.visit(expected)
    walk(tree, got)
    assert got.names == expected.names
    assert got.left == expected.left == ["f", "m", "h"]
    assert "hidden" not in got.names and "unseen" not in got.names and "Base" in got.names


class Edits(cst.CSTTransformer):
    """Changes a little and records every call: a Name renamed, a pass statement removed
    (its line goes: LibCST drops a line left empty), a `del` statement made two,
    an argument removed, a function's body not entered."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, str]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.seen.append(("visit", type(node).__name__))
        return not (isinstance(node, cst.FunctionDef) and node.name.value == "h")

    def on_leave(self, original_node, updated_node):
        self.seen.append(("leave", type(original_node).__name__))
        if isinstance(updated_node, cst.Name) and updated_node.value == "args":
            return updated_node.with_changes(value="arguments")
        if isinstance(updated_node, cst.Pass):
            return cst.RemovalSentinel.REMOVE
        if isinstance(updated_node, cst.Arg) and isinstance(updated_node.value, cst.Ellipsis):
            return cst.RemovalSentinel.REMOVE
        if isinstance(updated_node, cst.SimpleStatementLine) and updated_node.body \
                and isinstance(updated_node.body[0], cst.Del):
            return cst.FlattenSentinel([updated_node, updated_node])
        return updated_node


@pytest.mark.parametrize("name", list(SOURCES))
def test_transform_changes_what_libcst_visit_changes_calling_the_same_methods(name):
    tree = cst.parse_module(SOURCES[name]() + "\ndef h(args):\n    pass\n\nif x:\n    pass\n")
    expected, got = Edits(), Edits()
    assert transform(tree, got).code == tree.visit(expected).code
    assert got.seen == expected.seen and len(got.seen) > 100


def test_transform_hands_on_unchanged_nodes_as_themselves():
    """What no leave_ changed below is the same node, not a copy: its marks (found by
    the node itself) stay, and nothing is built for it."""
    tree = cst.parse_module("import os\n\ndef f(args):\n    return args + 1\n\nx = [1, 2]\n")
    changed = transform(tree, Edits())
    assert changed.code == ("import os\n\ndef f(arguments):\n    return arguments + 1\n\n"
                            "x = [1, 2]\n")
    assert changed.body[0] is tree.body[0] and changed.body[2] is tree.body[2]
    assert changed.body[1] is not tree.body[1]
    assert changed.body[1].decorators is tree.body[1].decorators
    assert transform(tree, cst.CSTTransformer()) is tree


class Renames(cst.CSTTransformer):
    """Reads no trivia: transform() does not enter them."""

    def __init__(self) -> None:
        super().__init__()
        self.left: list[cst.CSTNode] = []

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        self.left.append(original_node)
        return updated_node.with_changes(value="renamed") if updated_node.value == "args" \
            else updated_node


class RenamesAndCommas(Renames):
    """Reads the commas too: transform() enters every trivia node."""

    def leave_Comma(self, original_node: cst.Comma, updated_node: cst.Comma) -> cst.Comma:
        self.left.append(original_node)
        return updated_node


@pytest.mark.parametrize("name", list(SOURCES))
def test_transform_skips_the_trivia_a_transformer_has_no_method_for(name):
    tree = cst.parse_module(SOURCES[name]())
    assert skippable(Renames()) == TRIVIA and skippable(RenamesAndCommas()) == frozenset()
    for kind in (Renames, RenamesAndCommas):
        expected, got = kind(), kind()
        assert transform(tree, got).code == tree.visit(expected).code
        assert len(got.left) == len(expected.left) > 20
        assert all(a is b for a, b in zip(got.left, expected.left, strict=True))


class NamesSeen(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def visit_Name(self, node: cst.Name) -> None:
        self.names.append(node.value)


def test_a_walk_finds_a_visitor_class_s_methods_once_for_all_its_walks(monkeypatch):
    # a port makes some 2,000 small walks (a def, a statement) of a few visitor classes
    tree = cst.parse_module(SOURCES["sample"]())
    found = []
    real = walk_module._own_function
    monkeypatch.setattr(walk_module, "_own_function",
                        lambda visitor, name: found.append(name) or real(visitor, name))
    first, second = NamesSeen(), NamesSeen()
    walk(tree, first)
    asked = len(found)
    assert asked > 20 and "visit_Name" in found
    walk(tree, second)
    for stmt in tree.body:
        walk(stmt, NamesSeen())
    assert len(found) == asked  # nothing asked again
    assert first.names == second.names and len(first.names) > 100


def test_the_methods_found_for_a_class_made_in_a_function_go_with_it():
    def names(node: cst.CSTNode) -> set[str]:
        class Local(cst.CSTVisitor):
            found: set[str] = set()

            def visit_Name(self, node: cst.Name) -> None:
                self.found.add(node.value)

        local = Local()
        walk(node, local)
        return local.found

    tree = cst.parse_module(SOURCES["sample"]())
    gc.collect()
    before = len(walk_module._PLANS)
    assert "request" in names(tree)
    for stmt in tree.body:
        names(stmt)
    gc.collect()
    assert len(walk_module._PLANS) == before
