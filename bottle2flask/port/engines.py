"""Which of Bottle's template engines an app renders with, read from its code: its
templates are converted (SimpleTemplate) or copied as they are (Jinja2, Mako, Cheetah)."""

from __future__ import annotations

import re
from pathlib import Path

from .model import AppModel

# An engine imported for itself: an app that renders with a jinja2.Environment of its own
DIRECT = re.compile(r"^[ \t]*(?:from|import)[ \t]+(jinja2|mako|Cheetah)\b", re.MULTILINE)


def engine(python: dict[Path, str], model: AppModel) -> str:
    """Which of Bottle's engines the app renders with: "simple" (SimpleTemplate, the
    templates are converted), "jinja2" (its templates are Jinja2 already) or "other"
    (Mako or Cheetah, which the converter does not read: the templates are copied).
    An app that calls none of Bottle's template functions but imports Jinja2 (or Mako,
    Cheetah) renders with it directly: its templates are that engine's."""
    used: set[str] = set()
    for found in model.modules.values():
        if found.facts is not None and found.tree is not None and found.facts.imports_bottle:
            used |= found.facts.engines  # (the model's read walk: model/collect.py)
    if not used:  # no Bottle template call: the templates are the engine's it imports
        used = {"jinja2" if name == "jinja2" else "other" for source in python.values()
                for name in DIRECT.findall(source)}
    if "simple" in used or not used:
        return "simple"
    return "jinja2" if used == {"jinja2"} else "other"  # Mako, Cheetah: copied as well
