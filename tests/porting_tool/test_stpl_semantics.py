"""The same template, rendered by Bottle and converted then rendered by Jinja2, prints the same."""

from __future__ import annotations

import re

import pytest

from bottle2flask.stpl import convert_source
from tests.porting_tool.stpl_render import printing_none, render_both

CASES = [
    # (template source, context)
    ("Hello {{name}}!\n", {"name": "World"}),
    ("<p>{{text}}</p>", {"text": "<b>&\"x\"</b>"}),
    ("{{!html}}", {"html": "<b>raw</b>"}),
    ("[{{nothing}}]", {"nothing": None}),
    ("{{0}} {{False}} {{1.5}}", {}),
    ("% if x:\nyes\n% elif y:\nmaybe\n% else:\nno\n% end\ndone\n", {"x": 0, "y": 1}),
    ("  % if x:\n    indented\n  % end\n", {"x": 1}),
    ("% for i, v in enumerate(items):\n{{i}}={{v}}\n% end\n", {"items": "ab"}),
    ("% for a, b in pairs:\n<li>{{a}}:{{b}}</li>\n% end\n", {"pairs": [(1, 2), (3, 4)]}),
    ("%# a comment\ntext\n", {}),
    ("\\% not code\n\\%% neither\n", {}),
    ("<%\nx = 1\ny = x + 1\n%>\n{{x}} {{y}}\n", {}),
    ("% x = 1; y = 2\n{{x + y}}\n", {}),
    ("{{'a' if defined('v') else 'b'}} {{get('v', 'd')}} {{get('w', 'd')}}", {"v": "V"}),
    ("{{get('v', 'd')}}", {"v": None}),
    ("% setdefault('s', 5)\n{{s}}\n", {}),
    ("% setdefault('s', 5)\n{{s}}\n", {"s": 7}),
    # setdefault() printed where it is called: the {% set %}, then the name
    ("{{setdefault('s', 5)}} {{s}}\n", {}),
    ("{{setdefault('s', '<b>')}}|{{!setdefault('t', '<i>')}}\n", {"s": "<u>"}),
    ("{{d['k']}} {{d['k']['j']}} {{xs[1:]}} {{xs[-1]}}", {"d": {"k": {"j": 1}}, "xs": [1, 2, 3]}),
    ("{{-2 ** 2}} {{2 ** 3 ** 2}} {{(-2) ** 2}} {{7 // 2}} {{7 % 3}} {{'%s!' % x}}", {"x": "y"}),
    ("{{a and b or c}} {{not a}} {{a < 2 < 3}} {{x in xs}} {{x not in xs}}",
     {"a": 1, "b": 0, "c": "c", "x": 2, "xs": [2]}),
    ("{{x is None}} {{x is not None}} {{(x or 1) is None}}", {"x": None}),
    ("{{len(xs)}} {{str(3)}} {{sorted(['b', 'A', 'a'])}} {{max(xs)}} {{sum(xs)}}",
     {"xs": [3, 1, 2]}),
    ("{{f(*args, **kw)}}", {"f": lambda *a, **k: f"{a}{sorted(k)}", "args": [1], "kw": {"z": 1}}),
    ("{{f'{a}-{b}'}} {{f'{a}'}}", {"a": 1, "b": "<"}),
    # a spec or a conversion: str.format's own ("{:.2f}".format(x)), nested fields too
    ("{{f'{x:.2f}'}} {{f'{s!r}|{x:>{w}}|{{lit}}|{s!s:^9}'}} {{f'{n:,}'}}",
     {"x": 10, "s": "<a>", "w": 7, "n": 1234567}),
    ("{{[1, 2]}} {{(1,)}} {{ {'a': 1}['a'] }}", {}),
    ("% x = 'a'\n% x += 'b'\n{{x}}\n", {}),
    ("{{'{{'}} {%  {# literal #}\n", {}),
    ("a {\n% if 1:\n{{'b'}}\n% end\n", {}),
    ("% items.append(3)\n{{items}}\n", {"items": [1]}),
    ("line one\\\\\n% if 1:\njoined\n% end\n", {}),
    ("<ul>\n% for n in range(3):\n  <li>{{n}}</li>\n% end\n</ul>\n", {}),
    # a conditional expression as a loop's iterable: parenthesised (Jinja2 reads a
    # bare `if` there as the loop's filter, `else` a syntax error: the fuzz's stop 48)
    ("% for c in ([v, p] if v else [p]):\n<i>{{c}}</i>\n% end\n", {"v": 1, "p": 2}),
    ("% for c in [v, p] if v else [p]:\n<i>{{c}}</i>\n% end\n", {"v": 0, "p": 2}),
    ("% for i, c in enumerate(xs if xs else 'ab'):\n{{i}}{{c}}\n% end\n", {"xs": ""}),
]


# the cases printing None, which Bottle 0.12 prints otherwise (stpl_render)
PRINT_NONE = {"[{{nothing}}]", "{{get('v', 'd')}}"}


@pytest.mark.parametrize(("source", "context"), printing_none(CASES, PRINT_NONE))
def test_a_converted_template_prints_what_bottle_printed(tmp_path, source, context):
    bottle_out, jinja_out = render_both(tmp_path, {"main": source}, **context)
    assert jinja_out == bottle_out.replace("&#039;", "&#39;").replace("&quot;", "&#34;")


LAYOUTS = [
    # include with arguments, the included template seeing the caller's variables too
    ({"main": "% include('part', a=1)\n% include('part', a=x)\n", "part": "<{{a}}{{x}}>\n"},
     {"x": 2}),
    # an include inside a loop sees the loop variable
    ({"main": "% for i in range(2):\n% include('part')\n% end\n", "part": "[{{i}}]"}, {}),
    # rebase with arguments, the layout printing them and the page
    ({"main": "% rebase('layout', title='T' + t)\n<p>body {{t}}</p>\n",
      "layout": "<title>{{title}}</title>\n  {{!base}}\n<footer>{{t}}</footer>\n"}, {"t": "x"}),
    # a layout that rebases onto another one
    ({"main": "% rebase('inner')\nmain\n",
      "inner": "% rebase('outer')\n<inner>{{!base}}</inner>\n",
      "outer": "<outer>{{!base}}</outer>\n"}, {}),
    # the layout sees a value the page set at its top level, and one it computed
    ({"main": "% nav = 'home'\n% title = 'About ' + who\n% rebase('layout', title=title)\n"
              "<p>{{nav}} {{title}}</p>\n",
      "layout": "% nav = get('nav', '')\n<h1>{{title}}</h1>[{{nav}}]\n{{!base}}"},
     {"who": "us"}),
    # a value the page sets twice stays in its block, where Bottle's order holds
    ({"main": "% rebase('layout')\n% x = 1\n{{x}}\n% x = 2\n{{x}}\n",
      "layout": "({{!base}})"}, {}),
    # the layout reads a variable with get() that the page did not pass
    ({"main": "% rebase('layout')\nx\n", "layout": "% nav = get('nav', '')\n[{{nav}}]{{!base}}"},
     {}),
]


LAYOUT = "<title>{{get('title', '-')}}</title>\n  {{!base}}\n</html>\n"
# A rebase() in an `if`: Bottle rebases when the branch runs (sportcourts' `standalone`,
# paste-math's `solo` at the end of the page); each rendered with the branch taken and not.
CONDITIONAL = [
    "% if standalone:\n%   rebase('layout', title='T ' + t)\n% end\n<p>{{t}}</p>\n",
    "<p>{{t}}</p>\n% if standalone:\n% rebase('layout')\n% end\n",
    # the test reads a value the page sets at its top, before the rebase()
    "% setdefault('standalone', False)\n% if standalone:\n% rebase('layout')\n% end\n"
    "<p>{{t}}</p>\n",
    # elif and else branches, nested ifs
    "% if not standalone:\nnot\n% elif t:\n% rebase('layout', title=t)\n% end\nbody\n",
    "% if not standalone:\n<i>alone</i>\n% else:\n% rebase('layout')\n% end\nbody\n",
    "% if t:\n% if standalone:\n% rebase('layout')\n% end\n% end\n<p>{{t}}</p>\n",
    "% if standalone: rebase('layout', title=t)\n% end\n<p>{{t}}</p>\n",
    # sportcourts' games/game.tpl: a blank line printed before the page's own
    "% setdefault('standalone', False)\n\n% if standalone:\n%   rebase('layout')\n% end\n"
    "\n% if standalone:\n<p>alone</p>\n% end\n<p>{{t}}</p>\n",
    # and a value a loop carries on (its namespace() set first: the pieces the converter
    # counted moved by one, and the values at the top were not hoisted: a T034)
    "% setdefault('standalone', False)\n% n = 0\n% for x in t:\n%   n = n + 1\n% end\n"
    "% if standalone:\n%   rebase('layout')\n% end\n<p>{{n}}</p>\n",
]


@pytest.mark.parametrize("standalone", [True, False])
@pytest.mark.parametrize("page", CONDITIONAL)
def test_a_rebase_in_an_if_rebases_when_its_branch_runs(tmp_path, page, standalone):
    bottle_out, jinja_out = render_both(tmp_path, {"main": page, "layout": LAYOUT},
                                        standalone=standalone, t="<x>")
    assert jinja_out == bottle_out
    assert ("<title>" in jinja_out) is standalone
    # an `if` that held only the rebase() is the header's: no empty one is left in the page
    page = (tmp_path / "out" / "main.html").read_text()
    assert not re.search(r"{% if [^%]*%}\s*{% endif", page), page


def test_an_if_holding_only_a_rebase_leaves_nothing_in_the_page():
    conversion = convert_source("% if solo:\n% rebase('layout')\n% end\n<p>x</p>\n")
    assert conversion.source == ('{% if solo %}{% extends "layout.html" %}{% endif -%}\n'
                                 "{% block content -%}\n<p>x</p>\n{% endblock %}\n")


@pytest.mark.parametrize(("templates", "context"), LAYOUTS)
def test_includes_and_layouts_print_what_bottle_printed(tmp_path, templates, context):
    bottle_out, jinja_out = render_both(tmp_path, templates, **context)
    assert jinja_out == bottle_out


OLD_AND_MACROS = [
    # a template function, called on a line of its own, and with a default
    ({"main": "% def item(x, mark='*'):\n<li>{{mark}} {{x}}</li>\n% end\n<ul>\n% item(1)\n"
              "% item(2, mark='-')\n</ul>\n"}, {}),
    # Bottle's own test style: the include's value assigned to _
    ({"main": "% _ = include('part', x=1)\nafter\n", "part": "<{{x}}>\n"}, {}),
]


@pytest.mark.parametrize(("templates", "context"), OLD_AND_MACROS)
def test_template_functions_print_what_bottle_printed(tmp_path, templates, context):
    bottle_out, jinja_out = render_both(tmp_path, templates, **context)
    assert jinja_out == bottle_out


# Bottle gives rebase()'s keywords to the layout alone (_include() renders it with a
# copy of the page's names, the keywords added): the page prints its own value.
PAGE = "<p>{{title}}</p>\n% rebase('layout', title='Todo List')\n<p>{{title}} again</p>\n"
REBASE_GIVES_ANEW = [
    # the layout reads it (RULE-s51c F's minimal app, with a layout that reads it)
    {"main": PAGE, "layout": "<title>{{title}}</title>\n{{!base}}\n"},
    # the layout never reads it (imShakil/bottlepy-todo's form)
    {"main": PAGE, "layout": "<html>\n{{!base}}\n</html>\n"},
    # read only after the rebase() line; the layout's other names given as they are
    {"main": "% rebase('layout', title='T', x=1)\n<input value=\"{{title}}\">{{x}}\n",
     "layout": "<title>{{title}}</title>{{x}}\n{{!base}}\n"},
    # a template the layout includes reads it, and the layout's own layout
    {"main": PAGE, "layout": "% include('head')\n{{!base}}\n", "head": "<h1>{{title}}</h1>\n"},
    {"main": PAGE, "layout": "% rebase('outer')\n{{!base}}\n",
     "outer": "<title>{{title}}</title>\n{{!base}}\n"},
    # the rebase() in an `if`: the page alone where it is not taken
    {"main": "% if full:\n% rebase('layout', title='Todo List')\n% end\n<p>{{title}}</p>\n",
     "layout": "<title>{{title}}</title>\n{{!base}}\n"},
    # a name of the page's own beside it (the kept value's name is not taken)
    {"main": "<p>{{page_title}}</p>\n" + PAGE,
     "layout": "<title>{{title}}</title>\n{{!base}}\n"},
]


@pytest.mark.parametrize("templates", REBASE_GIVES_ANEW)
@pytest.mark.parametrize("full", [True, False])
def test_a_rebase_argument_named_as_a_value_the_page_reads_is_the_layouts_alone(
        tmp_path, templates, full):
    bottle_out, jinja_out = render_both(tmp_path, templates, title="My items", x=0,
                                        page_title="mine", full=full)
    assert jinja_out == bottle_out


# A rebase() keyword reading the name another one gives (stop 52's port52b and fuzz52 left
# it): Bottle reads every argument with the page's values before the layout gets any, so
# a keyword the page reads too is set with the others, not after them
LAYOUT_READS_BOTH = "<title>{{title}}</title><h>{{head}}</h>\n{{!base}}\n"
REBASE_READS_ANOTHER_KEYWORD = [
    "% rebase('layout', title=title, head=title + ' | site')\n<p>{{title}}</p>\n",
    "% rebase('layout', title='Site', head=title + ' | x')\n<p>{{title}}</p>\n",
    "% rebase('layout', head='H', title=head + ' x')\n<p>{{title}}</p>\n",
    "% rebase('layout', head='H', title=head + ' x')\n<p>{{title}}{{head}}</p>\n",
    "% rebase('layout', title=head, head=title)\n<p>{{title}}{{head}}</p>\n",
    "% if full:\n% rebase('layout', head='H', title=head + ' x')\n% end\n"
    "<p>{{title}}{{head}}</p>\n",
]


@pytest.mark.parametrize("page", REBASE_READS_ANOTHER_KEYWORD)
@pytest.mark.parametrize("full", [True, False])
def test_a_rebase_argument_reading_a_name_another_one_gives_reads_the_pages_value(
        tmp_path, page, full):
    bottle_out, jinja_out = render_both(tmp_path, {"main": page, "layout": LAYOUT_READS_BOTH},
                                        title="T", head="PH", full=full)
    assert jinja_out == bottle_out


def test_a_rebase_argument_the_layout_never_reads_is_left_out(tmp_path):
    from bottle2flask.stpl.folder import convert_tree

    views = tmp_path / "views"
    views.mkdir()
    (views / "main.tpl").write_text(PAGE)
    (views / "layout.tpl").write_text("<html>\n{{!base}}\n</html>\n")
    convert_tree(views, tmp_path / "out")
    page = (tmp_path / "out" / "main.html").read_text()
    assert "set" not in page
    assert page.startswith('{% extends "layout.html" %}\n{% block content')


def test_a_rebase_argument_that_reads_the_pages_own_value_is_no_todo(tmp_path):
    bottle_out, jinja_out = render_both(
        tmp_path, {"main": "% rebase('layout', title=title)\n<p>{{title}}</p>\n",
                   "layout": "<title>{{title}}</title>{{!base}}"}, title="x")
    assert jinja_out == bottle_out
