"""A read-only walk over a LibCST tree, for the rules that only collect facts.

LibCST's `CSTNode.visit` rebuilds every node it passes through, even for a CSTVisitor
that changes nothing: about 3.5 us a node, and a module of 1,000 lines has some 21,000
nodes, read whole by the rules some twenty times. `walk` calls a visitor's visit_ and
leave_ methods on the same nodes in the same order, and builds nothing: a walk over
such a module reading every Name took 75 ms with `visit`, 8 ms with `walk`.

`transform` is the same for a transformer: it rebuilds only the nodes below which a
leave_ changed something (LibCST itself builds the changed node), and hands every other
node on as itself.
"""

from __future__ import annotations

import sys
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields

import libcst as cst

_ORDER: dict[type, tuple[str, ...]] = {}  # node class -> its child fields, LibCST's order
_IS_NODE: dict[type, bool] = {}


class _Fields(cst.CSTVisitor):
    """LibCST announces each field it visits (on_visit_attribute): their names, in its
    order; the children themselves are not entered."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        return False

    def on_leave(self, original_node: cst.CSTNode) -> None:
        pass

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        self.names.append(attribute)

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        pass


def child_fields(node: cst.CSTNode) -> tuple[str, ...]:
    """The fields of the node's class that may hold nodes, in the order LibCST visits
    them (recorded once a class, from the first node of it)."""
    kind = type(node)
    order = _ORDER.get(kind)
    if order is None:
        recorder = _Fields()
        node._visit_and_replace_children(recorder)
        # LibCST skips an f-string's format_spec when it is None: a field left out for
        # being None may hold nodes in another node of the class, and it is the last
        skipped = [f.name for f in fields(node)
                   if f.name not in recorder.names and getattr(node, f.name) is None]
        order = _ORDER[kind] = (*recorder.names, *skipped)
    return order


def is_node(value: object) -> bool:
    kind = type(value)
    found = _IS_NODE.get(kind)
    if found is None:  # isinstance() on LibCST's abstract base class is slow
        found = _IS_NODE[kind] = issubclass(kind, cst.CSTNode)
    return found


def own_method(visitor: cst.CSTVisitor | cst.CSTTransformer, name: str,
               base: type = cst.CSTVisitor):
    """The visitor's method of that name, or None where it is its base's own (LibCST's
    CSTVisitor or CSTTransformer: one that does nothing, for every class of node, not
    worth a call a node)."""
    if getattr(type(visitor), name, None) is getattr(base, name, None):
        return None
    return getattr(visitor, name, None)


# LibCST's classes that hold whitespace, comments or punctuation, and nothing but
# each other: about half the nodes of a module, which no rule reads.
TRIVIA: frozenset[type] = frozenset({
    cst.SimpleWhitespace, cst.ParenthesizedWhitespace, cst.EmptyLine, cst.TrailingWhitespace,
    cst.Newline, cst.Comment, cst.Comma, cst.Dot, cst.Colon, cst.Semicolon, cst.AssignEqual,
    cst.LeftParen, cst.RightParen, cst.LeftSquareBracket, cst.RightSquareBracket,
    cst.LeftCurlyBrace, cst.RightCurlyBrace, cst.Asynchronous,
    # (read from each class's __mro__: issubclass() on LibCST's abstract classes walks
    # their registries, 60 ms at every start of the command for these 42 classes)
    *(kind for base in (cst.BaseBinaryOp, cst.BaseBooleanOp, cst.BaseCompOp, cst.BaseUnaryOp,
                        cst.BaseAugOp) for kind in vars(cst).values()
      if isinstance(kind, type) and base in kind.__mro__ and kind is not base)})
_TRIVIA_NAMES = frozenset(kind.__name__ for kind in TRIVIA)


def skippable(visitor: cst.CSTVisitor | cst.CSTTransformer,
              hooks: bool = True) -> frozenset[type]:
    """TRIVIA, the classes a walk need not enter for this visitor: none when it has a
    method for one of them (`visit_Comment`), or (`hooks`) an on_visit or on_leave of
    its own, called for every node."""
    for klass in type(visitor).__mro__:
        if klass.__module__.startswith("libcst") or klass is object:
            break
        for name in vars(klass):
            if hooks and name in ("on_visit", "on_leave"):
                return frozenset()
            if name.startswith(("visit_", "leave_")) \
                    and name.split("_", 2)[1] in _TRIVIA_NAMES:
                return frozenset()
    return TRIVIA


@dataclass
class Counts:
    """What the walks cost while counting (`counting()`): read walks (`walk`) from a
    whole module and from a part of one, the nodes each entered, the rewrite walks
    (`transform`) and theirs; `by_caller` names the function that asked for each
    whole-module read walk, `part_by_caller` the nodes each function's partial read
    walks entered."""

    module_walks: int = 0
    module_nodes: int = 0
    part_walks: int = 0
    part_nodes: int = 0
    transforms: int = 0
    transform_nodes: int = 0
    by_caller: Counter[str] = field(default_factory=Counter)
    part_by_caller: Counter[str] = field(default_factory=Counter)  # the nodes each entered
    # the rewrite walks from a whole module, by the function that asked for each
    transform_by_caller: Counter[str] = field(default_factory=Counter)
    # whole modules written out as code (Module.code, marks.render), by who asked
    renders: int = 0
    render_by_caller: Counter[str] = field(default_factory=Counter)


_COUNTS: Counts | None = None  # set while counting: a walk looks at it once, not a node


@contextmanager
def counting() -> Iterator[Counts]:
    """Count the walks made inside the block (for tests and the bench; off, it costs
    one test a walk)."""
    global _COUNTS
    outer, _COUNTS = _COUNTS, Counts()
    write = cst.Module._codegen_impl  # a whole module written out: counted while counting

    def counted_write(module: cst.Module, state, write=write, counts=_COUNTS) -> None:
        counts.renders += 1
        counts.render_by_caller[_caller(2)] += 1
        write(module, state)

    cst.Module._codegen_impl = counted_write  # type: ignore[method-assign,assignment]
    try:
        yield _COUNTS
    finally:
        cst.Module._codegen_impl = write  # type: ignore[method-assign]
        _COUNTS = outer


class _Counted(dict):
    """A walk's table of methods by class, looked up once a node: counts the lookups."""

    def __init__(self, counts: Counts, whole: bool, caller: str) -> None:
        super().__init__()
        self.counts, self.whole, self.caller = counts, whole, caller

    def get(self, key, default=None):
        if self.whole:
            self.counts.module_nodes += 1
        else:
            self.counts.part_nodes += 1
            self.counts.part_by_caller[self.caller] += 1
        return super().get(key, default)


def counted(node: cst.CSTNode) -> dict:
    """While counting, a read walk from `node` starts: counted, and the table its walk
    looks each node's class up in, which counts the nodes it enters."""
    assert _COUNTS is not None
    whole = type(node) is cst.Module
    if whole:
        _COUNTS.module_walks += 1
        _COUNTS.by_caller[_caller()] += 1
    else:
        _COUNTS.part_walks += 1
    return _Counted(_COUNTS, whole, "" if whole else _caller())


def counting_on() -> bool:
    return _COUNTS is not None


def _caller(depth: int = 3) -> str:
    """The first function outside this module and the names helpers that asked."""
    frame = sys._getframe(depth)
    while frame.f_back is not None and frame.f_code.co_name in {
            "walk", "read_once", "names_read", "names_used", "names_read_outside_imports",
            "_module_names", "transform", "_codegen", "code_for_node", "code", "run"}:
        frame = frame.f_back
    module = frame.f_globals.get("__name__", "?").rpartition(".")[2]
    return f"{module}.{frame.f_code.co_qualname}"


class _Plan:
    """What a walk does for one class of visitor: whether it skips the trivia, and, per
    class of node, the visitor class's own visit_ and leave_ functions (None for
    LibCST's, which do nothing) and the node's child fields. The same for every walk of
    a visitor of that class: a port makes some 2,000 partial walks (a def, a statement),
    most of them of a few classes, and finding each method anew at each walk cost about
    as much as the small walks themselves."""

    __slots__ = ("skip", "methods", "__weakref__")

    def __init__(self, visitor: cst.CSTVisitor) -> None:
        self.skip = skippable(visitor)
        self.methods: dict[type, tuple] = {}

    def of(self, visitor: cst.CSTVisitor, node: cst.CSTNode) -> tuple:
        kind = type(node)
        found = self.methods[kind] = (_own_function(visitor, f"visit_{kind.__name__}"),
                                      _own_function(visitor, f"leave_{kind.__name__}"),
                                      child_fields(node))
        return found


class _Instance(_Plan):
    """The plan of one walk of an object that is no CSTVisitor but answers visit_X and
    leave_X itself (a test's recorder): its methods as it gives them, for this walk."""

    def of(self, visitor: cst.CSTVisitor, node: cst.CSTNode) -> tuple:
        kind = type(node)
        visit = own_method(visitor, f"visit_{kind.__name__}")
        leave = own_method(visitor, f"leave_{kind.__name__}")
        found = self.methods[kind] = (
            None if visit is None else lambda _, node, visit=visit: visit(node),
            None if leave is None else lambda _, node, leave=leave: leave(node),
            child_fields(node))
        return found


# visitor class -> its _Plan; weak, so a class made inside a function goes with it
_PLANS: weakref.WeakKeyDictionary[type, _Plan] = weakref.WeakKeyDictionary()


def _own_function(visitor: cst.CSTVisitor, name: str):
    """The function of the visitor's class for that method, or None where it is
    LibCST's CSTVisitor's own (own_method, unbound: called with the visitor)."""
    found = getattr(type(visitor), name, None)
    return None if found is getattr(cst.CSTVisitor, name, None) else found


def walk(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """`node.visit(visitor)` for a visitor that only reads: its visit_X methods (one
    returning False skips the node's children) and leave_X methods, no other hooks.
    The trivia it has no method for (whitespace, punctuation) are not entered.
    (The visitor's methods are its class's: one set on the visitor itself is not
    called.)"""
    if isinstance(visitor, cst.CSTVisitor):
        plan = _PLANS.get(type(visitor))
        if plan is None:
            plan = _PLANS[type(visitor)] = _Plan(visitor)
    else:  # its methods are the object's, not its class's: found for this walk
        plan = _Instance(visitor)
    methods: dict[type, tuple] = plan.methods if _COUNTS is None else counted(node)
    skip = plan.skip
    nodes = _IS_NODE

    def enter(node: cst.CSTNode) -> None:
        found = methods.get(type(node))
        if found is None:
            found = plan.of(visitor, node)
            if _COUNTS is not None:
                methods[type(node)] = found
        visit, leave, names = found
        if visit is None or visit(visitor, node) is not False:
            for name in names:
                value = getattr(node, name)
                held = type(value)
                if held is tuple or held is list:
                    for child in value:
                        if type(child) not in skip:
                            enter(child)
                elif held not in skip and (nodes.get(held) or is_node(value)):
                    enter(value)
        if leave is not None:
            leave(visitor, node)

    enter(node)


class _Replay(cst.CSTTransformer):
    """Hands a node's children, in LibCST's own order, the results `transform` already
    computed for them, so LibCST's `_visit_and_replace_children` builds the changed node
    (its rules for a removed or flattened child, in a body or a sequence, are its own)."""

    def __init__(self, results: list[tuple[cst.CSTNode, object]]) -> None:
        super().__init__()
        self.results = results
        self.at = 0

    def on_visit(self, node: cst.CSTNode) -> bool:
        return False

    def on_leave(self, original_node, updated_node):
        child, result = self.results[self.at]
        if child is not original_node:  # never: the same children, in the same order
            raise RuntimeError(f"transform: {type(original_node).__name__} out of order")
        self.at += 1
        return result

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        pass

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        pass


class Passing:
    """A transformer that names the classes of node it only passes through: for those,
    its on_visit would answer `descend()` and its on_leave hand the node back as it was
    handed it. `passing` (class -> True) may grow as the walk goes (what the walker
    learns of a class as it first meets one); transform() calls neither hook for them
    (passes.Walk: the nodes none of its rules has a method for, some 40% of those a
    rewrite walk enters)."""

    passing: dict[type, bool]

    def descend(self) -> bool:
        raise NotImplementedError


def transform(node: cst.CSTNode, transformer: cst.CSTTransformer,
              skip: frozenset[type] | None = None):
    """`node.visit(transformer)` that rebuilds only what changed: LibCST rebuilds every
    node it passes through (a 1,000-line module's 21,000 nodes, some 90 ms a walk), here
    a node whose children all came back as they were is handed on as itself, to its
    leave_ as `updated_node` too. The transformer's on_visit and on_leave are called on
    the same nodes in the same order as LibCST calls them (no per-attribute hooks: the
    port's transformers have none), except the trivia in `skip` (by default what
    `skippable` says of the transformer), which it would have handed back unchanged."""
    on_visit, on_leave = transformer.on_visit, transformer.on_leave
    if _COUNTS is not None:
        counts = _COUNTS
        counts.transforms += 1
        if type(node) is cst.Module:
            counts.transform_by_caller[_caller(2)] += 1

        def on_visit(node: cst.CSTNode, visit=on_visit) -> bool:
            counts.transform_nodes += 1
            return visit(node)
    skip = skippable(transformer) if skip is None else skip
    nodes = _IS_NODE
    # the classes of node the transformer only passes through (Passing): neither of its
    # hooks is called for them, as they would only answer descend() and hand the node on
    passing: dict[type, bool] = {}
    descend: Callable[[], bool] = bool  # (not called: no class passes)
    if isinstance(transformer, Passing):
        passing, descend = transformer.passing, transformer.descend
        if _COUNTS is not None:  # (a node passed through is entered too)
            def counted_descend(passed: Callable[[], bool] = descend) -> bool:
                counts.transform_nodes += 1
                return passed()
            descend = counted_descend

    def enter(node: cst.CSTNode):
        updated = node
        quiet = passing.get(type(node))
        if descend() if quiet else on_visit(node):
            results: list[tuple[cst.CSTNode, object]] = []
            changed = False
            for name in child_fields(node):
                value = getattr(node, name)
                held = type(value)
                if held is tuple or held is list:
                    for child in value:
                        result = child if type(child) in skip else enter(child)
                        results.append((child, result))
                        changed = changed or result is not child
                elif held in skip:
                    results.append((value, value))
                elif nodes.get(held) or is_node(value):
                    result = enter(value)
                    results.append((value, result))
                    changed = changed or result is not value
            if changed:
                updated = node._visit_and_replace_children(_Replay(results))
        return updated if quiet else on_leave(node, updated)

    return enter(node)
