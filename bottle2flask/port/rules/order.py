"""The order the rules run in, from what each declares, not from a list's positions.

A rule says which rules it must follow (`after`, by code) and its `phase`: FIRST rules
rewrite the Bottle code as written before any other rule sees it, REWRITE rules (the
default) turn it into Flask's, and the LAST phase tidies what they left (P001's import
pass). Among the
rules free to run next, the lowest code goes first, so the order is stable.
"""

from __future__ import annotations

from graphlib import TopologicalSorter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Rule


def ordered(rules: list[type[Rule]]) -> list[type[Rule]]:
    """The rules in a running order that keeps every declaration; a cycle is an error."""
    by_code: dict[str, list[type[Rule]]] = {}
    for rule in rules:
        by_code.setdefault(rule.code, []).append(rule)
    sorter: TopologicalSorter[type[Rule]] = TopologicalSorter()
    for rule in rules:
        unknown = [code for code in rule.after if code not in by_code]
        if unknown:
            raise ValueError(f"{rule.__name__} runs after unknown rules {unknown}")
        before = {other for code in rule.after for other in by_code[code] if other is not rule}
        before |= {other for other in rules if other.phase < rule.phase}
        sorter.add(rule, *before)
    sorter.prepare()  # raises graphlib.CycleError on a loop
    ready: set[type[Rule]] = set()
    order = []
    while sorter.is_active():
        ready.update(sorter.get_ready())
        rule = min(ready, key=lambda r: (r.phase, r.code, r.__name__))
        ready.remove(rule)
        order.append(rule)
        sorter.done(rule)
    return order
