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
