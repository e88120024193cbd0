"""What the functions of a converted app's template_helpers.py call (stpl/hoist.py): each
function here is copied into that module, as it is written here, where one of its
functions needs it (`module_source`), so the module runs on its own beside the app."""

from __future__ import annotations

import builtins

from jinja2 import Undefined
from markupsafe import escape

__all__ = ["_escaped", "_or_builtin", "_text"]


def _or_builtin(value, name):
    """The template's value, else Python's builtin of that name (as Bottle's
    code found it where the view gave no such value).
    """
    return getattr(builtins, name) if isinstance(value, Undefined) else value


def _text(value):
    """A value as SimpleTemplate prints it: None as nothing."""
    return "" if value is None else str(value)


def _escaped(value):
    """A value as {{x}} prints it, escaped as the port's Jinja2 escapes."""
    return escape(_text(value))
