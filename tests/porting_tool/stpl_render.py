"""Render a set of templates with Bottle's SimpleTemplate and, converted, with Jinja2."""

from __future__ import annotations

import copy
import importlib.util
import re
from pathlib import Path

import bottle
import jinja2
import pytest

from bottle2flask.stpl import convert_tree, environment
from bottle2flask.stpl.environment import none_as_empty

# Bottle 0.12 prints None as "None"; 0.13 prints nothing, and so does the converted
# template (none_as_empty): with 0.12 installed, a None printed differs once converted.
BOTTLE_012_PRINTS_NONE = pytest.mark.xfail(
    bottle.__version__.startswith("0.12."), strict=True,
    reason="Bottle 0.12 prints None as 'None'; the converted template prints nothing, as "
           "Bottle 0.13 does")


def printing_none(cases: list[tuple[str, dict]], sources: set[str]) -> list:
    """The cases as parameters, those whose source prints None marked (Bottle 0.12)."""
    return [pytest.param(source, context, marks=BOTTLE_012_PRINTS_NONE)
            if source in sources else (source, context) for source, context in cases]


def stock(loader: jinja2.BaseLoader) -> jinja2.Environment:
    """Flask's own settings; None printed as Bottle does (D-none, declared apart)."""
    return jinja2.Environment(loader=loader, autoescape=True, finalize=none_as_empty)


def render_both(tmp_path: Path, templates: dict[str, str], name: str = "main", /,
                compact: bool = False, kept: bool = False, printed: str | None = None,
                **context):
    """(Bottle's output, Jinja2's output) for the template `name`, given its siblings:
    the default form in a stock environment, the compact one in the kit's.

    `kept`: the templates may keep Python in helper functions (their only TODOs), which
    the Jinja2 environment gets from the helpers module, as an app's init_app gives them.
    Each engine gets its own copy of the context: a template may change what it is given.
    `printed`: what Bottle prints, where the installed Bottle cannot render the template.
    """
    views, out = tmp_path / "views", tmp_path / "out"
    views.mkdir()
    for template, text in templates.items():
        (views / f"{template}.tpl").write_text(text)
    report = convert_tree(views, out, compact=compact)
    assert report.ok, [str(f) for f in report.files]
    todos = [note for f in report.files for note in f.conversion.notes
             if not (kept and "kept as Python in" in note.message)]
    assert not todos, todos
    assert kept or report.helpers_file is None
    inexact = any(f.conversion.whitespace for f in report.files if f.conversion)
    if printed is None:
        bottle_template = bottle.SimpleTemplate(name=name, lookup=[str(views)])
        printed = bottle_template.render(**copy.deepcopy(context))
    bottle_out = printed
    loader = jinja2.FileSystemLoader(str(out))
    jinja = environment(loader) if compact else stock(loader)
    if report.helpers_file is not None:
        give_helpers(out / report.helpers_file, jinja)
    jinja_out = jinja.get_template(report.names[name]).render(**copy.deepcopy(context))
    if inexact:  # named lines print a newline more or less: the rest must be the same
        return squeeze(bottle_out), squeeze(jinja_out)
    return bottle_out, jinja_out


def squeeze(text: str) -> str:
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def root(out: Path, name: str) -> str:
    """The source of the template a page's output ends with: the last of its layouts."""
    text = (out / name).read_text()
    layout = re.match(r'{% extends "([^"]+)" %}', text)
    return root(out, layout.group(1)) if layout else text


class _App:
    """What init_app() uses of a Flask app: add_template_global."""

    def __init__(self, env: jinja2.Environment) -> None:
        self.env = env

    def add_template_global(self, function) -> None:
        self.env.globals[function.__name__] = function


def give_helpers(path: Path, env: jinja2.Environment) -> None:
    """Load a helpers module written by the converter and register its functions."""
    spec = importlib.util.spec_from_file_location(f"helpers_{id(env)}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.init_app(_App(env))
