"""Which of Bottle's template engines an app renders with, read from its code: its
templates are converted (SimpleTemplate) or copied as they are (Jinja2, Mako, Cheetah)."""

from __future__ import annotations

import re
from pathlib import Path

import libcst as cst
from libcst.codemod import CodemodContext

from .quick import Visitor
from .rules import Prepare
from .rules.base import arg
from .rules.base import state as port_state
from .walk import walk

OTHER_APIS = {"mako_template", "mako_view", "MakoTemplate", "cheetah_template",
              "cheetah_view", "CheetahTemplate"}
# An engine imported for itself: an app that renders with a jinja2.Environment of its own
DIRECT = re.compile(r"^[ \t]*(?:from|import)[ \t]+(jinja2|mako|Cheetah)\b", re.MULTILINE)


def engine(python: dict[Path, str]) -> str:
    """Which of Bottle's engines the app renders with: "simple" (SimpleTemplate, the
    templates are converted), "jinja2" (its templates are Jinja2 already) or "other"
    (Mako or Cheetah, which the converter does not read: the templates are copied).
    An app that calls none of Bottle's template functions but imports Jinja2 (or Mako,
    Cheetah) renders with it directly: its templates are that engine's."""
    used: set[str] = set()
    for rel, source in python.items():
        if "bottle" in source:
            used |= engines_used(rel, source)
    if not used:  # no Bottle template call: the templates are the engine's it imports
        used = {"jinja2" if name == "jinja2" else "other" for source in python.values()
                for name in DIRECT.findall(source)}
    if "simple" in used or not used:
        return "simple"
    return "jinja2" if used == {"jinja2"} else "other"  # Mako, Cheetah: copied as well


def engines_used(rel: Path, source: str) -> set[str]:
    context = CodemodContext(filename=str(rel))
    try:
        tree = cst.parse_module(source).visit(Prepare(context))
    except Exception:  # port_source reports the file
        return set()
    bottle = port_state(context).bottle
    found: set[str] = set()

    class Calls(Visitor):
        def visit_Call(self, node: cst.Call) -> None:
            name = bottle.get(node.func.value) if isinstance(node.func, cst.Name) else None
            adapter = arg(node, None, "template_adapter")
            if name in {"template", "view"} and adapter is not None:
                given = adapter.value
                found.add("jinja2" if isinstance(given, cst.Name)
                          and bottle.get(given.value) == "Jinja2Template" else "other")
            elif name in {"template", "view", "SimpleTemplate"}:
                found.add("simple")
            elif name in {"jinja2_template", "jinja2_view"}:
                found.add("jinja2")
            elif name in OTHER_APIS:
                found.add("other")

    walk(tree, Calls())
    return found
