"""Render a set of templates with Bottle's SimpleTemplate and, converted, with Jinja2."""

from __future__ import annotations

import copy
from pathlib import Path

import bottle
import jinja2

from bottle2flask.stpl import convert_tree, environment


def render_both(tmp_path: Path, templates: dict[str, str], name: str = "main", /, **context):
    """(Bottle's output, Jinja2's output) for the template `name`, given its siblings.

    Each engine gets its own copy of the context: a template may change what it is given.
    """
    views, out = tmp_path / "views", tmp_path / "out"
    views.mkdir()
    for template, text in templates.items():
        (views / f"{template}.tpl").write_text(text)
    report = convert_tree(views, out)
    assert report.ok, [str(f) for f in report.files]
    todos = [note for f in report.files for note in f.conversion.notes]
    assert not todos, todos
    bottle_template = bottle.SimpleTemplate(name=name, lookup=[str(views)])
    bottle_out = bottle_template.render(**copy.deepcopy(context))
    jinja = environment(jinja2.FileSystemLoader(str(out)))
    return bottle_out, jinja.get_template(report.names[name]).render(**copy.deepcopy(context))
