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

The model reads a module in one walk (model/reading.py): the spelling walk, which spells
it one way and learns which names are Bottle's and which expressions hold an app,
keeps the nodes of the module so spelt in the order a walk of it enters and leaves them
(`Trace`); the readers that need those answers at every node (the views and routes,
what is attached to the app, the rules' own pre-scans) are then called over that record
(`Readers.replay`), as a walk of the spelt module would call them, without a second
walk: an app bound below the def that routes on it, or a parameter a call below shows
to be one, is known at the def.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable

import libcst as cst

from .quick import Transformer
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

    def skip(self) -> frozenset[type]:
        """The classes of node the readers' walk need not enter: the trivia, unless a
        reader has a method for one of them."""
        return TRIVIA if all(_skips_trivia(r) for r in self.readers) else frozenset()

    def _kinds(self, kinds: dict) -> Callable:
        """The table of a walk: per class of node, whether it opens a scope and the
        (reader, visit, leave) that have a method for it, found once a class. Which
        readers have one is their classes' answer, kept for the next walk by readers of
        the same classes (the model reads each module with new readers of the same
        classes: most classes of node have no method in any, asked again at each read)."""
        readers = self.readers
        known = _HAVING.get(key := tuple(type(r) for r in readers))
        if known is None:
            if len(_HAVING) >= 64:  # (readers of classes made in tests' functions)
                _HAVING.clear()
            known = _HAVING[key] = {}

        def kind(node: cst.CSTNode):
            found = kinds.get(type(node))
            if found is None:
                having = known.get(type(node))
                if having is None:
                    having = known[type(node)] = _having(readers, type(node))
                name = type(node).__name__
                found = kinds[type(node)] = (
                    having[0],
                    [(i, own_method(readers[i], f"visit_{name}"),
                      own_method(readers[i], f"leave_{name}")) for i in having[1]])
            return found

        return kind

    def walk(self, module: cst.CSTNode) -> None:
        """Walk the node once, calling each reader's methods for every node it enters."""
        count = len(self.readers)
        scope = self.scope
        # per class of node: is it a scope, and the (reader, visit, leave) that have one
        kind = self._kinds(counted(module) if counting_on() else {})
        stopped: list[cst.CSTNode | None] = [None] * count  # where each reader stopped
        active = [count]  # the readers not stopped above the node
        skip = self.skip()

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

    def replay(self, events: list) -> None:
        """Call each reader's methods over the record of a walk (`Trace.events`) as
        walk() calls them over the tree it recorded: the same nodes, in the same order,
        a reader stopped below a node until it leaves it."""
        count = len(self.readers)
        scope = self.scope
        kind = self._kinds({})
        stopped: list[cst.CSTNode | None] = [None] * count
        active = count
        at, end = 0, len(events)
        while at < end:
            event = events[at]
            if type(event) is int:  # leaving the node entered at events[event]
                node = events[event]
                opens, calls = kind(node)
                if opens:
                    scope.pop()
                for i, _, leave in calls:
                    stop = stopped[i]
                    if stop is not None:
                        if stop is not node:
                            continue
                        stopped[i] = None
                        active += 1
                    if leave is not None:
                        leave(node)
            else:
                opens, calls = kind(event)
                for i, visit, _ in calls:
                    if stopped[i] is None and visit is not None and visit(event) is False:
                        stopped[i] = event
                        active -= 1
                if opens:
                    scope.append(event)
                if not active:  # no reader enters its children: on to where it is left
                    at = events.index(at, at + 1)
                    continue
            at += 1


class Trace(Transformer):
    """A transformer's walk (`walk.transform`) that keeps the nodes of the tree it
    returns, in the order a read walk of that tree enters and leaves them, the classes in
    `skip` left out: `events`, a node where it is entered and the index of that entry
    where it is left (Readers.replay reads it). A node the transformer returns other than
    as the walk built it (a new node, one whose children it did not enter) is recorded
    from its own children as it is returned; `events` is None where the root returned is
    not the one the walk built (the whole tree would have to be recorded again)."""

    def __init__(self, transformer: cst.CSTTransformer, skip: frozenset[type]) -> None:
        super().__init__()
        self.transformer = transformer
        self.skip = skip
        self.events: list | None = []
        self.open: list[int] = []  # the entry of each node being walked, its sign whether
        # its children were entered (~at where they were not)

    def on_visit(self, node: cst.CSTNode) -> bool:
        entered = self.transformer.on_visit(node)
        events = self.events
        assert events is not None
        self.open.append(len(events) if entered else ~len(events))
        events.append(node)
        return entered

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):
        result = self.transformer.on_leave(original_node, updated_node)
        at = self.open.pop()
        events = self.events
        assert events is not None
        if at >= 0 and result is updated_node:
            events[at] = result  # (its children are those recorded below it)
            events.append(at)
            return result
        del events[at if at >= 0 else ~at:]
        if not self.open and result is not updated_node:
            self.events = None  # the root itself made anew
        elif isinstance(result, cst.FlattenSentinel):
            for node in result.nodes:
                self.record(node)
        elif isinstance(result, cst.CSTNode):
            self.record(result)
        return result

    def record(self, node: cst.CSTNode) -> None:
        """The node and every node under it (but the classes in `skip`), recorded."""
        events = self.events
        assert events is not None
        skip = self.skip
        at = len(events)
        events.append(node)
        for name in child_fields(node):
            value = getattr(node, name)
            held = type(value)
            if held is tuple or held is list:
                for child in value:
                    if type(child) not in skip:
                        self.record(child)
            elif held not in skip and is_node(value):
                self.record(value)
        events.append(at)


def _having(readers: list[cst.CSTVisitor], kind: type) -> tuple[bool, tuple[int, ...]]:
    """Whether a node of this class opens a scope, and the readers (their places) with
    a visit_ or leave_ method for it."""
    name = kind.__name__
    return issubclass(kind, SCOPES), tuple(
        i for i, r in enumerate(readers)
        if own_method(r, f"visit_{name}") is not None
        or own_method(r, f"leave_{name}") is not None)


# the reader classes of a walk, in order -> node class -> _having's answer
_HAVING: dict[tuple[type, ...], dict[type, tuple[bool, tuple[int, ...]]]] = {}


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
