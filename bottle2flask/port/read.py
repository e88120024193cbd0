"""One read walk over a module, shared by every reader of it (pyupgrade's
`@register(ast.Call)`, django-upgrade's fixers): each reader registers callbacks by node
type, and one walk calls them all.

A reader is a LibCST visitor, called for its `visit_<Node>` and `leave_<Node>` methods
(`visit_Call`, `leave_FunctionDef`...): `visit_` returning False skips that node's
children for that reader alone, as it would in a walk of its own; the others still
enter them. Readers are called at each node in the order they were registered, and
their methods are looked up once a class of node. The enclosing functions and classes
of the node being visited are kept once for all (`scope`), so no reader counts them
for itself.

The model reads a module in two walks (model/reading.py): the first spells it one way
and learns which names are Bottle's and which expressions hold an app; this one, over
the module so spelt, runs every reader that needs those answers at each node (the
views and routes, what is attached to the app, the rules' own pre-scans).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable

import libcst as cst

from .walk import TRIVIA, child_fields, counted, counting_on, is_node, own_method

# The nodes `scope` holds: a def or a class opens one (a lambda does not).
SCOPES = (cst.FunctionDef, cst.ClassDef)


class Readers:
    """The readers of one walk, and the scope the walk is in."""

    def __init__(self, readers: Iterable[cst.CSTVisitor] = (),
                 scope: list[cst.CSTNode] | None = None) -> None:
        self.readers: list[cst.CSTVisitor] = []
        # the defs and classes around the node, outermost first (a reader handed this
        # list at its making reads it)
        self.scope: list[cst.CSTNode] = [] if scope is None else scope
        for reader in readers:
            self.register(reader)

    def register(self, reader: cst.CSTVisitor) -> cst.CSTVisitor:
        """Add a reader (its visit_ and leave_ methods); returns it."""
        self.readers.append(reader)
        return reader

    def walk(self, module: cst.CSTNode) -> None:
        """Walk the node once, calling each reader's methods for every node it enters."""
        readers = self.readers
        count = len(readers)
        scope = self.scope
        # per class of node: is it a scope, and the (reader, visit, leave) that have one
        kinds: dict[type, tuple[bool, list[tuple[int, Callable | None, Callable | None]]]] = \
            counted(module) if counting_on() else {}
        stopped: list[cst.CSTNode | None] = [None] * count  # where each reader stopped
        active = [count]  # the readers not stopped above the node
        skip = TRIVIA if all(_skips_trivia(r) for r in readers) else frozenset()

        def kind(node: cst.CSTNode):
            found = kinds.get(type(node))
            if found is None:
                name = type(node).__name__
                calls = [(i, own_method(r, f"visit_{name}"), own_method(r, f"leave_{name}"))
                         for i, r in enumerate(readers)]
                found = kinds[type(node)] = (
                    isinstance(node, SCOPES),
                    [(i, visit, leave) for i, visit, leave in calls
                     if visit is not None or leave is not None])
            return found

        def enter(node: cst.CSTNode) -> None:
            opens, calls = kind(node)
            for i, visit, _ in calls:
                if stopped[i] is None and visit is not None and visit(node) is False:
                    stopped[i] = node
                    active[0] -= 1
            if opens:
                scope.append(node)
            if active[0]:
                for name in child_fields(node):
                    value = getattr(node, name)
                    held = type(value)
                    if held is tuple or held is list:
                        for child in value:
                            if type(child) not in skip:
                                enter(child)
                    elif held not in skip and is_node(value):
                        enter(value)
            if opens:
                scope.pop()
            for i, _, leave in calls:
                stop = stopped[i]
                if stop is not None:
                    if stop is not node:
                        continue  # it stopped above this node
                    stopped[i] = None
                    active[0] += 1
                if leave is not None:
                    leave(node)

        enter(module)


def _skips_trivia(reader: cst.CSTVisitor) -> bool:
    """Whether the reader has no method for whitespace or punctuation (walk.TRIVIA):
    asked once a class of reader (84 methods looked up for each reader of each walk,
    some 20,000 on a package app, cost 1.5% of its port)."""
    found = _TRIVIA_FREE.get(type(reader))
    if found is None:
        found = _TRIVIA_FREE[type(reader)] = not any(
            own_method(reader, f"{way}_{kind.__name__}")
            for kind in TRIVIA for way in ("visit", "leave"))
    return found


# reader class -> whether it has no method for the trivia (_skips_trivia); weak, so a
# class made inside a function goes with it
_TRIVIA_FREE: weakref.WeakKeyDictionary[type, bool] = weakref.WeakKeyDictionary()


def read_once(module: cst.CSTNode, readers: Iterable[cst.CSTVisitor],
              scope: list[cst.CSTNode] | None = None) -> Readers:
    """The readers' one walk over the module (`scope`: the list they read the scope
    from, kept by the walk)."""
    walk = Readers(readers, scope)
    walk.walk(module)
    return walk
