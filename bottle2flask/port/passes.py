"""Run the rules in as few walks over the tree as their declarations allow.

Each walk over a LibCST tree costs about the same whatever a rule does in it, so the
rules of one phase share a walk: at each node every rule visits it in running order,
and on the way back each rule's leave_ gets what the rules before it returned. A rule
that must see another's finished output (`after`, rules/order.py) starts a new walk,
as does a new phase.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from .contract import Edit
from .rules.base import SCOPES, STATEMENTS, EditRule, Rule, enter_scope, leave_scope
from .rules.base import state as port_state
from .walk import TRIVIA, Passing, is_node, own_method, skippable, transform

BASE = cst.CSTTransformer  # whose visit_ and leave_ methods do nothing
COMPOUND = cst.BaseCompoundStatement
# What Walk.kind() found, by the classes of a walk's walkers, then by class of node: the
# same for every walk of those classes (a package app's port makes some 90 walks of a
# few compositions: 2,174 lookups made anew at each walk, 333 kept here, some 3% of the
# port). A rule's methods are its class's as first walked in the process: code that
# replaces one (a test's broken rule) empties this.
_KINDS: dict[tuple[type, ...], dict[type, tuple[bool, bool, bool, list, list, list, list]]] = {}
# What _skipped() found, by the classes of a walk's walkers (the same for every walk of
# them: read from their classes' methods; each walk asked again, ~1.5% of a generated
# app's port). Emptied with _KINDS.
_SKIPPED: dict[tuple[type, ...], frozenset[type]] = {}


# Nodes that hold nothing but trivia (their parentheses): a walk that skips the trivia
# and has no method for one of these need not enter it either (a quarter of the nodes a
# package app's walks entered were these, idle: a name no rule of the walk reads, a
# string, a number)
LEAVES: frozenset[type] = frozenset({cst.Name, cst.SimpleString, cst.Integer, cst.Float,
                                     cst.Imaginary, cst.Ellipsis, cst.FormattedStringText})


def _skipped(walkers: Sequence) -> frozenset[type]:
    """The classes of node a walk of these walkers need not enter: the trivia, unless
    one of them reads some, and then the leaves none of them has a method for."""
    classes = tuple(type(walker) for walker in walkers)
    found = _SKIPPED.get(classes)
    if found is None:
        found = _SKIPPED[classes] = frozenset() if not all(
            skippable(walker, hooks=False) for walker in walkers) \
            else TRIVIA | {leaf for leaf in LEAVES if not any(
                _function(kind, f"{way}_{leaf.__name__}") is not None
                for kind in classes for way in ("visit", "leave", "edit", "left"))}
    return found


def _function(kind: type, name: str):
    """The walker class's own function for that method (called with the walker), or
    None where it is LibCST's, which does nothing."""
    found = getattr(kind, name, None)
    return None if found is getattr(BASE, name, None) else found


def passes(rules: list[type[Rule]]) -> list[list[type[Rule]]]:
    """The rules (in running order) cut into walks."""
    walks: list[list[type[Rule]]] = []
    for rule in rules:
        current = walks[-1] if walks else []
        if current and current[0].phase == rule.phase \
                and not set(rule.after) & {r.code for r in current}:
            current.append(rule)
        else:
            walks.append([rule])
    return walks


class Walk(cst.CSTTransformer, Passing):
    """Several rules in one walk; each keeps its own view of where it stops descending.

    A rule whose visit_ returns False skips that node's children (its leave_ is still
    called, as LibCST does); once a rule before it removed a node or replaced it with
    several, the later rules do not see it, as they would not in a walk of their own;
    one that made it another kind of node gives the later rules the new node. The
    rules' methods are looked up once per kind of node: LibCST's own lookup, per node,
    rule and attribute, cost more than the rules."""

    def __init__(self, rules: list[Rule]) -> None:
        super().__init__()
        self.rules = rules
        self.stopped: list[cst.CSTNode | None] = [None] * len(rules)
        self.active = len(rules)  # the rules not stopped above the node
        self.kinds = _KINDS.setdefault(tuple(type(rule) for rule in rules), {})
        # the idle classes met in this walk, which transform() then passes through
        # (walk.Passing): its first node of each comes to on_visit
        self.passing: dict[type, bool] = {}
        # the edits the rules' visit_ methods returned (EditRule), by the node's id, each
        # with its rule's place: applied as the walk leaves the node
        self.edits: dict[int, dict[int, Edit]] = {}
        self.statements: list[cst.CSTNode] = []  # the statements the node is in

    def descend(self) -> bool:
        """What on_visit answers for an idle node: whether any rule reads below it."""
        return self.active > 0

    def kind(self, node: cst.CSTNode) -> tuple[bool, bool, bool, list, list, list, list]:
        """Whether a node of this class is a statement, a scope (a def or a class), idle
        (neither, and no rule has a method for it: most nodes, the whitespace and the
        punctuation), and each rule's visit_, leave_, edit_ and left_ function for it
        (called with the rule): found once a class of node and of the walk's rules
        (isinstance() on LibCST's abstract classes, per node, cost as much as the
        lookups). LibCST's own methods, which do nothing for every class of node, are
        left out: calling them for every node and rule cost more than the rules."""
        found = self.kinds.get(type(node))
        if found is None:
            name = type(node).__name__
            statement = isinstance(node, STATEMENTS)
            scope = isinstance(node, SCOPES)
            visits = [_function(type(rule), f"visit_{name}") for rule in self.rules]
            leaves = [_function(type(rule), f"leave_{name}") for rule in self.rules]
            edits = [_function(type(rule), f"edit_{name}") for rule in self.rules]
            lefts = [_function(type(rule), f"left_{name}") for rule in self.rules]
            idle = not statement and not scope and all(
                found.count(None) == len(found) for found in (visits, leaves, edits, lefts))
            found = self.kinds[type(node)] = (statement, scope, idle, visits, leaves, edits,
                                              lefts)
        return found

    def on_visit(self, node: cst.CSTNode) -> bool:
        statement, scope, idle, visits, _, edits, _ = self.kind(node)
        if idle:
            self.passing[type(node)] = True
            return self.active > 0
        if scope and self.rules:  # the scope the sites asked below this node are in
            enter_scope(port_state(self.rules[0].context), node)
        if statement:
            self.statements.append(node)
        descend = False
        for i, rule in enumerate(self.rules):
            if self.stopped[i] is not None:
                continue
            if statement:
                rule.open_notes()
            below = visits[i] is None or visits[i](rule, node) is not False
            if edits[i] is not None:  # an EditRule's edit of this node, applied on leave
                edit = edits[i](rule, node)
                if edit is not None:
                    self.edits.setdefault(id(node), {})[i] = edit
                    if edit.around is not None:  # and one of the statement it is in
                        self.ask_around(i, edit.around)
            if below:
                descend = True
            else:
                self.stopped[i] = node
                self.active -= 1
        return descend

    def on_leave(self, original, updated):
        statement, scope, idle, _, leaves, _, lefts = self.kind(original)
        if idle:
            return updated
        result = updated
        edits = self.edits.pop(id(original), None) if self.edits else None
        for i, rule in enumerate(self.rules):
            stop = self.stopped[i]
            if stop is not None:
                if stop is not original:
                    continue  # it stopped above this node
                self.stopped[i] = None
                self.active += 1
            if type(result) is not type(original) and not is_node(result):  # removed, or several
                if statement:
                    rule.close_notes(None)
                continue
            if type(result) is type(original):
                edit = edits.get(i) if edits is not None else None
                if edit is not None:
                    assert isinstance(rule, EditRule)
                    result = rule.apply(edit, original, result)
                if lefts[i] is not None:  # an EditRule's reading as the walk leaves
                    lefts[i](rule, original)
                if leaves[i] is not None:
                    given = result
                    result = leaves[i](rule, original, result)
                    if getattr(rule, "hands_on", False) and result is not given \
                            and isinstance(result, cst.Module | cst.IndentedBlock):
                        result = self.hand_on(i, given, result)
            else:
                leave = own_method(rule, f"leave_{type(result).__name__}", BASE)
                if leave is not None:
                    result = leave(result, result)
            if statement:
                result = rule.close_notes(result)
        if scope and self.rules:
            leave_scope(port_state(self.rules[0].context), original)
        if statement:
            self.statements.pop()
        return result

    def ask_around(self, i: int, block: cst.BaseCompoundStatement) -> None:
        """Rule i's edit of the statement the node being visited is in: it goes under
        `block` (Edit.around) as the walk leaves it."""
        stmt = self.statements[-1]
        asked = self.edits.setdefault(id(stmt), {})
        if i in asked:  # asked by another node of it (two calls): once
            assert asked[i].under is not None, stmt
            return
        asked[i] = Edit(stmt, under=block, fired=0)

    def hand_on(self, i: int, given, result):
        """The block a walker of the engine (`hands_on`: placement.PostSteps) returned,
        with each compound statement it added (a def placed after the app, a class
        finish() put after the imports) walked by the walkers after it, as the walks
        that followed the placements saw them (P001 prunes the Bottle imports inside)."""
        later = self.rules[i + 1:]
        # a statement it only moved or spaced out keeps its own block: walked already
        kept = {id(stmt) for stmt in given.body} | {id(stmt.body) for stmt in given.body
                                                    if isinstance(stmt, COMPOUND)}
        new = [isinstance(stmt, COMPOUND) and id(stmt) not in kept
               and id(stmt.body) not in kept for stmt in result.body]
        if not later or not any(new):
            return result
        skip = TRIVIA if all(skippable(rule, hooks=False) for rule in later) else frozenset()
        return result.with_changes(body=[
            transform(stmt, Walk(later), skip) if fresh else stmt
            for stmt, fresh in zip(result.body, new, strict=True)])

    # No rule has visit_/leave_ methods for a node's attributes: not asked for.
    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        pass

    def on_leave_attribute(self, original: cst.CSTNode, attribute: str) -> None:
        pass


class EngineWalker(cst.CSTTransformer):
    """A walker of the engine's own that rides in a walk of the rules (the post-steps:
    placement.PostSteps, leftovers.Flag), ahead of them: it notes nothing in the
    statements (a rule's open_notes/close_notes), and holds the module's context, where
    the walk keeps the sites' scope."""

    def __init__(self, context) -> None:
        super().__init__()
        self.context = context

    def open_notes(self) -> None:
        pass

    def close_notes(self, result):
        return result


def run(tree: cst.Module, rules: list[type[Rule]], context,
        first: Sequence[cst.CSTTransformer] = ()) -> cst.Module:
    """The rules' walks; `first`, the engine's walkers (the post-steps, each with
    EngineWalker's members), ride in the last walk ahead of its rules, in their order (a
    walk of their own where there is no rule)."""
    walks: list[list] = [[rule(context) for rule in walk] for walk in passes(rules)]
    if first:
        if walks:
            walks[-1][:0] = first
        else:
            walks.append(list(first))
    for made in walks:
        # the whitespace and punctuation, unless a rule of the walk reads some, and the
        # leaves no rule of it reads
        tree = transform(tree, Walk(made), _skipped(made))
    return tree
