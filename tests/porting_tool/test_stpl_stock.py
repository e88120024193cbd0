"""Converted templates parse in the environment a Flask user has: a stock one."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from flask import Flask

from bottle2flask.stpl import convert_tree

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = [ROOT / "bottle_app" / "views", Path(__file__).parent / "sample" / "views"]
# Constructs that once needed the kit's settings: a statement line (`{% do %}` needed
# jinja2.ext.do) and a TODO comment that keeps its indentation (`{#+`).
MADE_UP = {"append.tpl": "% seen = []\n% seen.append(1)\n<p>{{len(seen)}}</p>\n",
           "todo.tpl": "<ul>\n  % for x in xs:\n  <li>{{!x.render()}}</li>\n  % end\n</ul>\n"}


def converted(tmp_path: Path, folder: Path) -> list[Path]:
    out = tmp_path / "out"
    report = convert_tree(folder, out)
    assert report.ok
    return sorted(out.rglob("*.html"))


def stock_environments():
    yield jinja2.Environment(autoescape=True)
    yield Flask(__name__).jinja_env


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.parent.name)
def test_every_converted_template_parses_in_a_stock_environment(tmp_path, folder):
    templates = converted(tmp_path, folder)
    assert templates
    for env in stock_environments():
        for path in templates:
            env.parse(path.read_text(encoding="utf-8"), path.name)


def test_statement_lines_need_no_extension(tmp_path):
    views = tmp_path / "views"
    views.mkdir()
    for name, text in MADE_UP.items():
        (views / name).write_text(text)
    templates = {p.name: p.read_text() for p in converted(tmp_path, views)}
    assert "{% do" not in "".join(templates.values())
    env = jinja2.Environment(autoescape=True)
    assert env.from_string(templates["append.html"]).render().strip() == "<p>1</p>"
    env.parse(templates["todo.html"])
