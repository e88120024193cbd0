"""Whitespace markers: converted templates print Bottle's lines in a stock Jinja2."""

from __future__ import annotations

import bottle
import jinja2
import pytest
from flask import Flask

from bottle2flask.stpl import convert_source, convert_tree
from tests.porting_tool.helpers import both_folders
from tests.porting_tool.stpl_render import printing_none, render_both, stock
from tests.porting_tool.test_stpl_semantics import CASES, PRINT_NONE

LIST = "<ul>\n% for x in xs:\n  <li>{{x}}</li>\n% end\n</ul>\n"


@pytest.mark.parametrize(("before", "after"), [
    # no code line: nothing to mark; one newline more, for the one Jinja2 drops
    ("<p>{{x}}</p>\n", "<p>{{ x }}</p>\n\n"),
    # the usual: the newline above is taken, the tag's own printed in its place
    (LIST, "<ul>\n{%- for x in xs %}\n  <li>{{ x }}</li>\n{%- endfor %}\n</ul>\n\n"),
    # nothing printed yet: each tag of the branch takes its own newline
    ("% if a:\n<b>a</b>\n% end\n<p>x</p>\n",
     "{% if a -%}\n<b>a</b>\n{% endif -%}\n<p>x</p>\n\n"),
    # a blank line above: `{%-` would take it too
    ("<p>a</p>\n\n% n = 1\n<p>{{n}}</p>\n", "<p>a</p>\n\n{% set n = 1 -%}\n<p>{{ n }}</p>\n\n"),
    # an indented tag that takes its own newline would print its indentation: moved left
    ("<p>a</p>\n\n  % n = 1\n<p>{{n}}</p>\n", "<p>a</p>\n\n{% set n = 1 -%}\n<p>{{ n }}</p>\n\n"),
    # a page: the block starts the output
    ("% rebase('layout')\n% if a:\n<b>a</b>\n% end\n",
     '{% extends "layout.html" %}\n{% block content -%}\n{% if a -%}\n<b>a</b>\n'
     "{% endif -%}\n{% endblock %}\n"),
    # a layout's page prints where it stands, as it did
    ("<main>\n  {{!base}}\n</main>\n", "<main>\n  {% block content %}{% if base is defined %}"
     "{{ base|safe }}{% endif %}{% endblock %}\n</main>\n\n"),
    # a blank line under a tag that takes its own newline: the tag keeps it instead
    ("% rebase('layout')\n\n<h2>x</h2>\n",
     '{% extends "layout.html" %}\n{% block content %}\n<h2>x</h2>\n{% endblock %}\n'),
    # a branch at the top takes `-%}`; a loop inside it, after text, takes `{%-`
    ("% if xs:\n<ul>\n% for x in xs:\n  <li>{{x}}</li>\n% end\n</ul>\n% end\n",
     "{% if xs -%}\n<ul>\n{%- for x in xs %}\n  <li>{{ x }}</li>\n{%- endfor %}\n</ul>\n"
     "{% endif -%}\n"),
    # a comment line is a tag line like the others
    ("<p>a</p>\n%# note\n<p>b</p>\n", "<p>a</p>\n{#- note #}\n<p>b</p>\n\n"),
])
def test_each_code_line_gets_one_marker(before, after):
    conversion = convert_source(before)
    assert conversion.source == after
    assert conversion.whitespace == []


def test_compact_writes_no_marker():
    assert convert_source(LIST, compact=True).source == \
        "<ul>\n{% for x in xs %}\n  <li>{{ x }}</li>\n{% endfor %}\n</ul>\n"


@pytest.mark.parametrize("compact", [False, True], ids=["stock", "compact"])
def test_a_list_prints_bottles_text_in_its_environment(tmp_path, compact):
    bottle_out, jinja_out = render_both(tmp_path, {"main": LIST}, compact=compact, xs=[1, 2])
    assert bottle_out == "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>\n"
    assert jinja_out == bottle_out


@pytest.mark.parametrize("source", ["% for x in xs:\n  <li>{{x}}</li>\n% end\n",
                                    "  % if xs:\n    indented\n  % end\n"])
def test_a_tag_over_indented_text_stands_at_its_start(tmp_path, source):
    # At the top, `-%}` would take the indentation on every turn and `{%-` has no
    # newline above to take: the tag goes on the text's line, and only its own goes.
    conversion = convert_source(source)
    assert conversion.source.startswith(("{% for x in xs %}  <li>", "{% if xs %}    indented"))
    assert conversion.whitespace == []
    bottle_out, jinja_out = render_both(tmp_path, {"main": source}, xs=[1, 2])
    assert jinja_out == bottle_out


def test_no_line_of_the_semantics_cases_is_inexact():
    assert [source for source, _ in CASES if convert_source(source).whitespace] == []


@pytest.mark.parametrize(("source", "context"), printing_none(CASES, PRINT_NONE))
def test_the_compact_form_prints_what_bottle_printed_with_its_settings(tmp_path, source,
                                                                       context):
    bottle_out, jinja_out = render_both(tmp_path, {"main": source}, compact=True, **context)
    assert jinja_out == bottle_out.replace("&#039;", "&#39;").replace("&quot;", "&#34;")


@pytest.mark.parametrize("partial", ["<li>{{x}}</li>\n", "% if x:\n<li>{{x}}</li>\n% end\n"],
                         ids=["ends-in-text", "ends-in-a-tag"])
def test_an_include_prints_one_newline_whichever_way_its_file_ends(tmp_path, partial):
    templates = {"main": "<ul>\n% for x in xs:\n% include('part', x=x)\n% end\n</ul>\n",
                 "part": partial}
    bottle_out, jinja_out = render_both(tmp_path, templates, xs=[1, 0, 2])
    assert jinja_out == bottle_out
    assert bottle_out.startswith("<ul>\n<li>1</li>\n")


def test_flasks_own_environment_prints_the_sample_as_bottle_did(tmp_path):
    views = tmp_path / "views"
    views.mkdir()
    (views / "page.tpl").write_text("% rebase('layout', title='T')\n" + LIST)
    (views / "layout.tpl").write_text("<title>{{title}}</title>\n<body>\n{{!base}}</body>\n")
    report = convert_tree(views, tmp_path / "out")
    app = Flask(__name__, template_folder=str(tmp_path / "out"))
    with app.app_context():
        page = app.jinja_env.get_template(report.names["page"]).render(xs=[1])
    assert page == "<title>T</title>\n<body>\n<ul>\n  <li>1</li>\n</ul>\n</body>\n"


@pytest.mark.parametrize("source", [
    "% if xs:\n<ul>\n% for x in xs:\n  <li>{{x}}</li>\n% end\n</ul>\n% end\n<p>end</p>\n",
    "<p>a</p>\n% if xs:\n\n<b>{{len(xs)}}</b>\n% end\n\n% n = 1\n  <i>{{n}}</i>\n",
])
@pytest.mark.parametrize("xs", [[], [1, 2]], ids=["empty", "two"])
def test_branches_and_blank_lines_print_as_in_bottle(tmp_path, source, xs):
    bottle_out, jinja_out = render_both(tmp_path, {"main": source}, xs=xs)
    assert convert_source(source).whitespace == []
    assert jinja_out == bottle_out


@pytest.mark.parametrize("templates", [
    {"main": "<p>hello</p>\n"},
    {"main": "<p>hello</p>\n\n"},
    {"main": "<div>\n  % include('part')\n  <p>after</p>\n</div>\n", "part": "<b>x</b>\n"},
    {"main": "<div>\n% include('part')\n\n<p>after</p>\n</div>\n", "part": "<b>x</b>\n"},
    {"main": "<div>\n% include('part')\n% if xs:\n  <p>after</p>\n% end\n</div>\n",
     "part": "<b>x</b>\n"},
    {"main": "<div>\n% include('part')\n  <p>after</p>\n", "part": "<b>x</b>"},
    {"main": "<div>\n% include('part')\n", "part": "% if xs:\n<b>x</b>\n% end\n"},
    {"main": "% rebase('layout', title='T')\n  <p>body</p>\n",
     "layout": "<title>{{title}}</title>\n<body>\n{{!base}}</body>\n"},
], ids=["last-newline", "two-newlines", "include-indented", "include-blank",
        "include-then-tag", "include-no-newline", "include-last", "rebase"])
def test_a_page_prints_bottles_bytes_to_its_last_newline(tmp_path, templates):
    # #42: a stock Jinja2 dropped the last newline, and an include line's `-%}` took
    # the next line's indentation: no line is left inexact, and the bytes are Bottle's
    assert all(convert_source(text).whitespace == [] for text in templates.values())
    bottle_out, jinja_out = render_both(tmp_path, templates, xs=[1])
    assert jinja_out == bottle_out


def test_a_crlf_template_stays_crlf_and_prints_so_with_its_newline_sequence(tmp_path):
    source = "<ul>\r\n% for x in xs:\r\n  <li>{{x}}</li>\r\n% end\r\n</ul>\r\n"
    views, out = tmp_path / "views", tmp_path / "out"
    views.mkdir()
    (views / "main.tpl").write_bytes(source.encode())
    report = convert_tree(views, out)
    assert report.files[0].conversion.crlf
    written = (out / "main.html").read_bytes()
    assert written.count(b"\r\n") == written.count(b"\n") == source.count("\n") + 1
    bottle_out = bottle.SimpleTemplate(name="main", lookup=[str(views)]).render(xs=[1, 2])
    assert bottle_out == "<ul>\r\n  <li>1</li>\r\n  <li>2</li>\r\n</ul>\r\n"
    jinja = stock(jinja2.FileSystemLoader(str(out)))
    assert jinja.get_template("main.html").render(xs=[1, 2]) == bottle_out.replace("\r\n", "\n")
    jinja = stock(jinja2.FileSystemLoader(str(out)))
    jinja.newline_sequence = "\r\n"  # what the port sets for an app of CRLF templates
    assert jinja.get_template("main.html").render(xs=[1, 2]) == bottle_out


def test_crlf_templates_print_crlf_under_the_default_app_made_in_a_module_of_its_own(
        tmp_path):
    # RULE-s48 epf-RedLine: routes on Bottle's default app across modules get a module
    # made for the app (P002), which was ported without the templates' line ends: every
    # page printed "\n" where Bottle printed "\r\n"
    src = "<ul>\r\n% for x in xs:\r\n  <li>{{x}}</li>\r\n% end\r\n</ul>\r\n"
    files = {"web.py": "import bottle\nimport pages\napp = bottle.default_app()\n",
             "pages.py": "from bottle import route, template\n\n@route('/')\n"
                         "def index():\n    return template('main', xs=[1, 2])\n",
             "views/main.tpl": src}
    original, port = both_folders(tmp_path, files, "crlf_default")
    assert original.get("/").body == b"<ul>\r\n  <li>1</li>\r\n  <li>2</li>\r\n</ul>\r\n"
    assert port.get("/").body == original.get("/").body


@pytest.mark.parametrize("faithful", [False, True])
def test_a_template_of_mixed_line_ends_prints_each_lines_own(tmp_path, faithful):
    """Some lines end in "\r\n", some in "\n" (an earlier batch's simonmonk app): Bottle
    prints each text line's own end; Jinja2 writes every newline of a template's text as
    one newline_sequence, so the port printed "\n" for all. Each text line that ended in
    "\r\n" prints its "\r" (`{{ "\r" }}`); a `%` line prints nothing in either."""
    src = ("<h1>{{title}}</h1>\r\n<ul>\n% for x in xs:\r\n  <li>{{x}}</li>\r\n"
           "% end\n</ul>\n<p>end</p>\r\n")
    files = {"web.py": "from bottle import Bottle, template\napp = Bottle()\n\n"
                       "@app.route('/')\ndef index():\n"
                       "    return template('main', xs=[1, 2], title='T')\n",
             "views/main.tpl": src}
    original, port = both_folders(tmp_path, files, f"crlf_mixed_{faithful}",
                                  faithful=faithful)
    assert original.get("/").body == (b"<h1>T</h1>\r\n<ul>\n  <li>1</li>\r\n"
                                      b"  <li>2</li>\r\n</ul>\n<p>end</p>\r\n")
    assert port.get("/").body == original.get("/").body
    written = (tmp_path / "out" / "views" / "main.html").read_bytes()
    assert b"\r" not in written and written.count(b'{{ "\\r" }}\n') == 3


MIXED_FILES_APP = ("from bottle import Bottle, template\napp = Bottle()\n\n"
                   "@app.route('/')\ndef index():\n    return template('index')\n\n"
                   "@app.route('/about')\ndef about():\n    return template('about')\n")


@pytest.mark.parametrize("faithful", [False, True])
def test_an_app_of_crlf_and_lf_templates_prints_each_files_own_when_faithful(
        tmp_path, faithful):
    """Stop 52 class M (kaitolucifer/bottlepy-blog-example: 8 CRLF templates, 2 LF): the
    app's one newline_sequence is "\r\n" only where every template is CRLF, so each
    page of a CRLF template printed "\n", in both modes. Under --faithful each CRLF
    template now prints its own "\r"s, as a template of mixed lines does; the idiomatic
    port keeps plain templates (those pages stay alike once normalised)."""
    files = {"web.py": MIXED_FILES_APP, "views/about.tpl": "<p>about</p>\r\n<p>two</p>\r\n",
             "views/index.tpl": "<p>index</p>\n<p>two</p>\n"}
    original, port = both_folders(tmp_path, files, f"crlf_files_{faithful}",
                                  faithful=faithful)
    assert original.get("/about").body == b"<p>about</p>\r\n<p>two</p>\r\n"
    assert port.get("/").body == original.get("/").body
    written = (tmp_path / "out" / "views" / "about.html").read_bytes()
    if faithful:
        assert port.get("/about").body == original.get("/about").body
        assert written.count(b'{{ "\\r" }}\n') == 2
    else:
        assert port.get("/about").body == b"<p>about</p>\n<p>two</p>\n"
        assert b"{{" not in written


LONE_CR_APP = ("from bottle import Bottle, template\napp = Bottle()\n\n"
               "@app.route('/')\ndef index():\n"
               "    return template('main', xs=[1, 2], a=1, b=2)\n")


@pytest.mark.parametrize("faithful", [False, True])
def test_a_template_holding_a_lone_carriage_return_prints_it(tmp_path, faithful):
    """RULE-s51b class A (christinaphamAD/eventproject): lines ending "\r" (old Macs'),
    "\r\r\n" and "\r\n" in one template. Bottle prints a lone "\r" as text; the port
    stopped with a traceback (the whitespace markers looked Jinja2's tokens up in the
    source, and its lexer gives a "\r" as "\n"). Each lone "\r" now prints as
    `{{ "\r" }}`."""
    src = ("<h1>{{a}}</h1>\r<ul>\r\r\n% for x in xs:\r\n  <li>{{x}}</li>\r\n"
           "% end\n</ul>\r<p>end</p>\n")
    files = {"web.py": LONE_CR_APP, "views/main.tpl": src}
    original, port = both_folders(tmp_path, files, f"lone_cr_{faithful}", faithful=faithful)
    assert original.get("/").body == (b"<h1>1</h1>\r<ul>\r\r\n  <li>1</li>\r\n"
                                      b"  <li>2</li>\r\n</ul>\r<p>end</p>\n")
    assert port.get("/").body == original.get("/").body


def test_a_lone_carriage_return_inside_an_expression_is_read_as_a_space(tmp_path):
    """A lone "\r" inside `{{ }}` is whitespace to the Python Bottle compiles the
    expression into: converted as a space there, not printed (a mark there would not
    parse)."""
    files = {"web.py": LONE_CR_APP, "views/main.tpl": "<p>{{a +\r b}}</p>\n"}
    original, port = both_folders(tmp_path, files, "lone_cr_expression")
    assert original.get("/").body == b"<p>3</p>\n"
    assert port.get("/").body == original.get("/").body


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("code", ["% include('howto.tpl')", "% x = 1", "% if True:\nyes\n% end"])
def test_an_indented_code_line_joined_to_text_prints_no_indentation(tmp_path, compact, code):
    """Found on a real app (RULE-s41 readthedocs-fr): `placeholder="\\\\` joins the next
    line, an indented `% include(...)`: Bottle prints the include right after the quote,
    the converted template printed the code line's indentation there."""
    source = '<textarea placeholder="\\\\\\\\\n            ' \
        + code.replace("\n", "\n            ") + '\n" name=code>{{code}}</textarea>\n'
    bottle_out, jinja_out = render_both(
        tmp_path, {"main": source, "howto": "Hello,\nworld.\n"}, compact=compact, code="c")
    assert jinja_out == bottle_out
    assert 'placeholder="            ' not in jinja_out


@pytest.mark.parametrize("compact", [False, True], ids=["stock", "compact"])
@pytest.mark.parametrize("last", [" ", "\t\t", "\n  ", "x "])
def test_a_pages_last_line_of_spaces_alone_prints_in_its_layout(tmp_path, compact, last):
    """RULE-s53 (BlazArh/seminarska, Calvitium/UJUJ, exact54): a rebased page whose file
    ends in a line of spaces with no newline. Bottle prints the spaces into the layout;
    the block's close stood on that line, read as an indented tag line (moved left) in
    the stock form and stripped by lstrip_blocks in the compact one: a byte less."""
    templates = {"main": "% rebase('layout')\n<p>body</p>\n" + last,
                 "layout": "<body>\n{{!base}}\n</body>\n"}
    bottle_out, jinja_out = render_both(tmp_path, templates, compact=compact)
    assert jinja_out == bottle_out
    assert last.rpartition("\n")[2] + "\n</body>" in jinja_out
