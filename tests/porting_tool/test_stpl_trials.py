"""Cases found by converting public Bottle apps' views: each one made up, minimal."""

from __future__ import annotations

from types import SimpleNamespace

import bottle
import jinja2
import pytest

from bottle2flask.stpl import convert_source, convert_tree, environment
from tests.porting_tool.stpl_render import printing_none, render_both

SAME = [
    # (template source, context)
    # a statement over several lines inside brackets, in a <% %> block and on % lines
    ("<%\nxs = [1,\n      2]\nlabel = 'big' if (\n    x > 1\n) else 'small'\n%>\n"
     "{{xs}} {{label}}\n", {"x": 2}),
    ("% ys = [3,  # three\n%       4]\n{{ys}}\n", {}),
    # an `end` that closes nothing, with no block after it: Bottle compiles it
    ("% if x:\nyes\n% end\n% end\ndone\n", {"x": 1}),
    # else and elif with their body on the same line, as an if may have
    ("% if x: y = 1\n% else: y = 2\n% end\n{{y}}\n", {"x": 0}),
    ("% if x: y = 1\n% elif z: y = 3\n% end\n{{get('y', 'no')}}\n", {"x": 0, "z": 1}),
    ("% if x:\na\n% else: y = 2\n% end\n{{get('y', 'n')}}\n", {"x": 0}),
    # a value assigned in a loop body written on the `for` line is seen as in the loop
    # (T032 in the TODO test below); the constant None prints nothing, as in Bottle
    ("a{{None}}b{{!None}}c\n", {}),
    # min()/max() of several values and sorted(reverse=...) have a Jinja2 filter
    ("% first = max(1, page - 2)\n{{first}} {{min(3, n, 2) + 1}} {{-max(1, n)}} "
     "{{sorted(xs, reverse=True)}} {{sorted(xs, reverse=not r)}}\n",
     {"page": 1, "n": 5, "xs": ["b", "A", "a", "B"], "r": False}),
    # sorted/min/max with a key that is a lambda reading a path of the item: a filter
    ("% for x in sorted(xs, key=lambda x: x.n, reverse=True):\n{{x.n}}{{x.s}}\n% end\n"
     "{{max(ys, key=lambda y: y[1]['v'])}} {{min(ys, key=lambda y: y[0])}}\n"
     "{{sorted(ys, key=lambda y: y[1]['v'])}}\n",
     {"xs": [SimpleNamespace(n=1, s="b"), SimpleNamespace(n=2, s="a"),
             SimpleNamespace(n=1, s="c")],
      "ys": [("b", {"v": 2}), ("B", {"v": 3}), ("a", {"v": 3})]}),
    # round() with a precision is Jinja2's round filter; without one it stays T028
    ("{{round(x, 2)}} {{round(2.675, 2)}} {{round(n, 1)}} {{round(-x * 10, 0)}}\n",
     {"x": 1.23456, "n": 7}),
]


@pytest.mark.parametrize(("source", "context"), printing_none(SAME, {"a{{None}}b{{!None}}c\n"}))
def test_a_converted_template_prints_what_bottle_printed(tmp_path, source, context):
    bottle_out, jinja_out = render_both(tmp_path, {"main": source}, **context)
    assert jinja_out == bottle_out.replace("&#039;", "&#39;")


def test_a_bracket_left_open_fails_with_its_line():
    conversion = convert_source("a\n% xs = [1,\n% 2\n")
    assert conversion.error.startswith("line 2:") and "never closed" in conversion.error


LAYOUTS = [
    # the layout reads a value the page gave a default with setdefault()
    ({"main": "% setdefault('title', 'T')\n% rebase('layout')\nbody\n",
      "layout": "<t>{{get('title', 'none')}}</t>{{!base}}"}, {}),
    ({"main": "% setdefault('title', 'T')\n% rebase('layout')\nbody\n",
      "layout": "<t>{{title}}</t>{{!base}}"}, {"title": "given"}),
    # a layout named with its extension that itself rebases keeps its own slot
    ({"main": "% rebase('inner.tpl')\nmain\n", "inner": "% rebase('outer')\n<i>{{!base}}</i>\n",
      "outer": "<o>{{!base}}</o>\n"}, {}),
    # the page printed in one branch of an if, or in a loop, of its layout
    ({"main": "% rebase('layout')\n<p>page</p>\n",
      "layout": "% if get('bare'):\n{{!base}}\n% else:\n<div>\n  {{!base}}\n</div>\n% end\n"
                "% for i in range(2):\n[{{!base}}]\n% end\n"}, {"bare": False}),
    ({"main": "% rebase('layout')\n<p>page</p>\n",
      "layout": "% if get('bare'):\n  {{!base}}\n% else:\n<div>{{!base}}</div>\n% end\n"},
     {"bare": True}),
    # the page's loop variable does not matter to a layout that sets its own
    ({"main": "% rebase('layout')\n% for i in range(2):\n{{i}}\n% end\n",
      "layout": "% i = 9\n{{!base}}{{i}}\n"}, {}),
]


@pytest.mark.parametrize(("templates", "context"), LAYOUTS)
def test_a_layout_prints_what_bottle_printed(tmp_path, templates, context):
    bottle_out, jinja_out = render_both(tmp_path, templates, **context)
    assert jinja_out == bottle_out


@pytest.mark.parametrize(("source", "rule"), [
    # Bottle's generated code has these names; Jinja2 does not
    ("{{_escape(x)}}\n", "T026"),
    ("% _printlist(['a', 'b'])\n", "T026"),
    ("{{!_str(x)}}\n", "T026"),
    # what `_ = include()` returned (the included template's names) is not kept
    ("% _ = include('part')\n{{_['f']}}\n", "T026"),
    # a template function handed to the layout stays in the page's block
    ("% def f():\nx\n% end\n% rebase('layout', f=f)\n", "T034"),
    # (the loop body on the `for` line assigning a value read after the loop was a T032
    # here: a helper keeps that loop now, test_stpl_hoist.py)
    # a Jinja2 block cannot be in a macro
    ("% def f():\n{{!base}}\n% end\n", "T034"),
])
def test_what_only_bottle_has_is_left_as_a_todo(source, rule):
    conversion = convert_source(source)
    assert conversion.ok and [n.rule for n in conversion.notes] == [rule]
    assert f"flask_port_todo('{rule}')" in conversion.source


def test_a_value_the_layout_reads_but_the_page_sets_in_an_if_is_a_todo(tmp_path):
    views = tmp_path / "views"
    views.mkdir()
    (views / "page.tpl").write_text("% rebase('layout.tpl')\n% if x:\n% nav = 'n'\n% end\nb\n")
    (views / "layout.tpl").write_text("{{!base}}{{get('nav', '')}}\n")
    report = convert_tree(views, tmp_path / "out")
    page = next(f for f in report.files if f.source.name == "page.tpl").conversion
    assert [(n.rule, n.line) for n in page.notes] == [("T034", 1)]
    assert "the layout reads `nav`" in page.notes[0].message
    assert "flask_port_todo('T034')" in page.source


def test_gettext_named_underscore_is_still_a_name():
    assert convert_source("{{_('Hello')}}\n").source == "{{ _('Hello') }}\n\n"


def test_noescape_swaps_the_printing_as_bottle_does_but_not_for_includes(tmp_path):
    views, out = tmp_path / "views", tmp_path / "out"
    views.mkdir()
    (views / "main.tpl").write_text("% rebase('layout')\n{{x}} {{!x}}\n% include('part')\n")
    (views / "part.tpl").write_text("<{{x}}|{{!x}}>\n")
    (views / "layout.tpl").write_text("[{{x}}]{{!base}}")
    report = convert_tree(views, out, noescape=True)
    assert report.ok
    context = {"x": "<b>"}
    bottle_out = bottle.SimpleTemplate(name="main", lookup=[str(views)], noescape=True
                                       ).render(**context)
    jinja = environment(jinja2.FileSystemLoader(str(out)), keep_trailing_newline=False)
    assert jinja.get_template("main.html").render(**context) == bottle_out


@pytest.mark.parametrize(("source", "line"), [
    ("% if x:\na\n% else:\n% end\n", 4),  # an else with nothing in it
    ("% if x:\n% else:\nb\n% end\n", 2),
    ("% if x:\n%# only a comment\n% end\n", 3),
    ("% for x in xs:\n  % end\n", 2),
    # a body on the opening line takes no more body: Python's "unexpected indent"
    ("% if x: y = 1\n{{y}}\n% end\n", 2),
    ("% if x: y = 1\n% if z:\na\n% end\n% end\n", 2),
])
def test_a_block_bottle_cannot_compile_fails_with_its_line(source, line):
    with pytest.raises(SyntaxError):
        assert bottle.SimpleTemplate(source).co  # compiled on first access
    conversion = convert_source(source)
    assert conversion.error.startswith(f"line {line}:")
    assert "Bottle's generated code does not compile" in conversion.error


@pytest.mark.parametrize("source", [
    "% if x:\n% pass\n% end\n", "% if x: y = 1\n% end\n", "% for i in xs:\n\n% end\n",
    "% if x:\n% if y:\nz\n% end\n% end\n", "% if x: y = 1\n",
    "% if x: y = 1\n% else:\nb\n% end\n", "% if x: y = 1\n%# note\n% end\n",
])
def test_a_block_bottle_compiles_converts(source):
    assert bottle.SimpleTemplate(source).co is not None  # compiled on first access
    assert convert_source(source).ok
