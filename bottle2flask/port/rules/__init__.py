"""The rules of `bottle2flask port`: one rule a module (`pNNN_name.py`), each with its
own code, found here by their file names (no list to keep); RULES is the order they run
in, worked out from what each declares (order.py)."""

from __future__ import annotations

import pkgutil
import re
from importlib import import_module

from .base import Rule
from .order import ordered

RULE_MODULE = re.compile(r"p\d{3}_\w+")


def discover() -> list[type[Rule]]:
    """The Rule class each `pNNN_name` module of this package defines: exactly one, whose
    code is the module's number (a test holds every module to it)."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not RULE_MODULE.fullmatch(info.name):
            continue
        module = import_module(f"{__name__}.{info.name}")
        found += [value for value in vars(module).values()
                  if isinstance(value, type) and issubclass(value, Rule) and value is not Rule
                  and value.__module__ == module.__name__]
    return found


RULES = ordered(discover())
CODES = sorted({rule.code for rule in RULES})
# Each rule's pre-scan, which the model's read walk of a module runs (Rule.reader)
READERS = {rule.code: rule.reader for rule in RULES if rule.reader is not None}
# Every change a rule may declare, by id (bottle2flask/port/declared.py).
CHANGES = {change.id: change for rule in RULES for change in rule.declares}

__all__ = ["CHANGES", "CODES", "READERS", "RULES", "discover"]
