"""read.py: readers registered by node type share one walk, each seeing what it would
in a walk of its own, with the scope kept once for all."""

from __future__ import annotations

import libcst as cst
import pytest

from bottle2flask.port.read import Readers, read_once
from bottle2flask.port.walk import counting, walk

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
