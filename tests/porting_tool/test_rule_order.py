"""The rules run in the order they declare (rules/order.py), not by a list's positions."""

from __future__ import annotations

from graphlib import CycleError

import pytest

from bottle2flask.port.rules import RULES
from bottle2flask.port.rules.order import ordered


def position(name: str) -> int:
    return [rule.__name__ for rule in RULES].index(name)


def test_every_declared_order_holds():
    for rule in RULES:
        for code in rule.after:
            assert all(position(other.__name__) < position(rule.__name__)
                       for other in RULES if other.code == code and other is not rule)
    assert RULES[0].__name__ == "Unsafe" and RULES[-1].__name__ == "Imports"
    assert position("RedirectAbort") < position("Returns") < position("ResponseFold")
    assert position("Hooks") < position("ResponseFold")


def test_the_order_does_not_depend_on_the_list_it_is_given():
    assert ordered(list(reversed(RULES))) == RULES


def rule(name, code, after=(), phase=1):
    return type(name, (), {"code": code, "after": after, "phase": phase})


def test_ties_go_by_code_and_phases_come_first():
    a, b, c = rule("A", "P002"), rule("B", "P001", phase=2), rule("C", "P009", phase=0)
    assert ordered([a, b, c]) == [c, a, b]


def test_a_loop_or_an_unknown_code_is_refused():
    with pytest.raises(CycleError):
        ordered([rule("A", "P001", after=("P002",)), rule("B", "P002", after=("P001",))])
    with pytest.raises(ValueError, match="unknown rules"):
        ordered([rule("A", "P001", after=("P099",))])


def test_a_rule_skipped_for_lack_of_its_trigger_words_would_have_changed_nothing(
        monkeypatch):
    # The rules with trigger words are not walked over a module without them; walked
    # anyway, they leave the same port.
    from pathlib import Path

    from bottle2flask.port.runner import port_source

    root = Path(__file__).resolve().parents[2]
    sources = [root / "tests" / "porting_tool" / "sample" / "todo.py",
               *sorted((root / "bottle_app").glob("*.py"))]
    triggered = [rule for rule in RULES if rule.triggers]
    assert len(triggered) >= 6
    for path in sources:
        text = path.read_text()
        for faithful in (False, True):
            skipping = port_source(text, path.name, faithful=faithful).code
            with monkeypatch.context() as patch:
                for rule in triggered:
                    patch.setattr(rule, "triggers", ())
                assert port_source(text, path.name, faithful=faithful).code == skipping


def test_rules_sharing_a_walk_leave_the_port_a_walk_each_would(monkeypatch):
    # port/passes.py runs the rules of a phase in one walk; one walk per rule, as the
    # rules are written, gives the same port of every module the suite has.
    from pathlib import Path

    from bottle2flask.port import passes
    from bottle2flask.port.runner import port_source

    walks = passes.passes(RULES[:-1])
    assert len(walks) <= 5 and sum(map(len, walks)) == len(RULES) - 1
    assert all(not set(rule.after) & {r.code for r in walk[:walk.index(rule)]}
               for walk in walks for rule in walk)

    def one_walk_each(tree, rules, context, first=()):
        if first:  # the engine's post-steps (they ride in the last walk): a walk of theirs
            tree = passes.transform(tree, passes.Walk(list(first)), frozenset())
        for rule in rules:  # in a walk of its own (an edit rule's edits are the walk's)
            tree = passes.transform(tree, passes.Walk([rule(context)]), frozenset())
        return tree

    root = Path(__file__).resolve().parents[2]
    sources = [*sorted((root / "tests" / "porting_tool" / "sample").rglob("*.py")),
               *sorted((root / "bottle_app").glob("*.py"))]
    for path in sources:
        text = path.read_text()
        for faithful in (False, True):
            shared = port_source(text, path.name, faithful=faithful)
            with monkeypatch.context() as patch:
                patch.setattr(passes, "run", one_walk_each)
                alone = port_source(text, path.name, faithful=faithful)
            assert (alone.code, alone.todos, alone.declared) == \
                (shared.code, shared.todos, shared.declared), path


def test_a_rule_after_another_of_its_walk_starts_a_new_walk():
    from bottle2flask.port.passes import passes

    a, b, c = rule("A", "P002"), rule("B", "P003"), rule("C", "P004", after=("P002",))
    d = rule("D", "P001", phase=2)
    assert passes([a, b, c, d]) == [[a, b], [c], [d]]


def test_a_shared_walk_calls_only_the_methods_the_rules_define():
    """LibCST's CSTTransformer answers every class of node with a visit_ and a leave_ that
    do nothing: the walk leaves them out, and passes a node no rule reads (whitespace,
    punctuation) straight on."""
    import libcst as cst

    from bottle2flask.port.passes import Walk

    walk = Walk([object.__new__(rule) for rule in RULES])  # their methods, not their state
    statement, scope, idle, visits, leaves, edits, lefts = walk.kind(cst.SimpleWhitespace(" "))
    assert idle and not statement and not scope
    assert visits == leaves == edits == lefts == [None] * len(RULES)
    statement, scope, idle, visits, leaves, edits, lefts = walk.kind(cst.Call(cst.Name("f")))
    assert not idle and any(leaves + edits) and not all(leaves)
    assert walk.kind(cst.parse_statement("def f(): pass"))[:3] == (True, True, False)
