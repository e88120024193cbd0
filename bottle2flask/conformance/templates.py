"""SimpleTemplate: its syntax (`stpl:*`, one view rendering views/page.tpl) and the
members of `SimpleTemplate`/`BaseTemplate` a view can reach."""

from __future__ import annotations

from .model import GET, Row, view

KW = 'name="<b>Bob</b>", items=["a", "b"], n=2'


def stpl(id: str, page: str, *, files: tuple[tuple[str, str], ...] = (), kw: str = KW,
         versions=("0.12", "0.13"), whole: bool = False) -> Row:
    """`whole`: the files as written, last newline and all (else without it)."""
    return Row(f"stpl:{id}", "template", "same", versions=versions, case=view(
        f'return template("page", {kw})', GET(), files=tuple(
            (name, text if whole else text.rstrip("\n"))
            for name, text in (("views/page.tpl", page), *files))))


LAYOUT = ("views/layout.tpl", "<main>{{title}}|{{!base}}</main>\n")
PART = ("views/part.tpl", "[part {{x}}]\n")

ROWS_SYNTAX = [
    stpl("{{}}", "Hello {{name}}, {{n * 2}} {{items[0]}}!\n"),
    stpl("{{!}}", "Hello {{!name}}\n"),
    stpl("{{None}}", "[{{nothing}}]\n", kw=KW + ", nothing=None"),
    stpl("%if", "% if n > 1:\nmany\n% elif n == 1:\none\n% else:\nnone\n% end\n"),
    stpl("%for", "% for item in items:\n<li>{{item}}</li>\n% end\n"),
    stpl("%while", "% i = 0\n% while i < n:\n{{i}}\n%   i += 1\n% end\n"),
    stpl("%try", "% try:\n{{items[5]}}\n% except IndexError:\nmissing\n% end\n"),
    stpl("%def", "% def shout(s):\n{{s.upper()}}!\n% end\n% shout('hi')\n"),
    # (a file of its own: the port's views/ holds page.html, not page.tpl)
    stpl("%with", "% with open('data.txt') as f:\n{{f.read().strip()}}\n% end\n",
         files=(("data.txt", "data\n"),)),
    stpl("<% %>", "<%\n  total = n * 10\n  label = 'total'\n%>\n{{label}}: {{total}}\n"),
    stpl("%#", "% # a comment\nshown\n"),
    stpl("\\%", "\\% not code\n100 % sure\n"),
    stpl("% inside a line", "a % b {{n}} % c\n"),
    stpl("%rebase", "% rebase('layout', title='T')\nbody {{n}}\n", files=(LAYOUT,)),
    stpl("%rebase in %if", "% if n > 1:\n% rebase('layout', title='T')\n% end\nbody {{n}}\n",
         files=(LAYOUT,)),
    # a rebase Jinja2 cannot say (its extends is conditional only on an `if`)
    stpl("%rebase in %try", "% try:\n% rebase('layout', title=name + n)\n"
         "% except TypeError:\n% rebase('layout', title='T')\n% end\nbody {{n}}\n",
         files=(LAYOUT,)),
    stpl("%rebase in %for", "% for item in items:\n% if item == 'b':\n"
         "% rebase('layout', title=item)\n% end\n% end\nbody {{n}}\n", files=(LAYOUT,)),
    stpl("%rebase in %while", "% i = 0\n% while i < n:\n% rebase('layout', title=str(i))\n"
         "% i += 1\n% end\nbody {{n}}\n", files=(LAYOUT,)),
    # the layout's value alone: the page prints the view's `name` (RULE-s51c F)
    stpl("%rebase of a name the page reads", "{{name}}\n% rebase('layout', title='T', "
         "name='N')\nbody {{name}}\n", files=(("views/layout.tpl",
                                                "<main>{{name}}|{{!base}}</main>\n"),)),
    # each keyword read with the page's values, one giving a name another reads (stop 53)
    stpl("%rebase of a name another keyword reads", "{{name}}\n% rebase('layout', "
         "title='T', name=title + name)\nbody {{name}}\n", kw=KW + ", title='V'",
         files=(("views/layout.tpl", "<main>{{title}} {{name}}|{{!base}}</main>\n"),)),
    stpl("%rebase of a name the layout never reads", "{{name}}\n% rebase('layout', "
         "name='N')\nbody {{name}}\n", files=(("views/layout.tpl", "<main>{{!base}}</main>\n"),)),
    stpl("%include", "before\n% include('part', x=n)\nafter\n", files=(PART,)),
    stpl("include()", "{{!include('part', x=1)}}|\n", files=(PART,)),
    stpl("%rebase **values", "% rebase('layout', **values)\nbody {{n}}\n", files=(LAYOUT,),
         kw=KW + ", values={'title': 'T'}"),
    stpl("%include **dict()", "% include('part', **dict(x=n))\n", files=(PART,)),
    # Python Jinja2 cannot say, kept in a helper function the template calls
    stpl("comprehension", "{{', '.join(s.upper() for s in items)}} {{[i * 2 for i in "
         "range(n)]}}\n"),
    stpl("lambda", "% for s in sorted(items, key=lambda s: -ord(s)):\n{{s}}\n% end\n"),
    stpl("item assignment",
         "% d = {}\n% d['k'] = n\n% a, *rest = items\n{{d['k']}} {{len(rest)}}\n"),
    stpl("%break", "% for s in items:\n% if s == 'b':\n% break\n% end\n{{s}}\n% end\n"),
    stpl("get", "{{get('n', 0)}} {{get('missing', 'd')}}\n"),
    stpl("defined", "{{defined('n')}} {{defined('missing')}}\n"),
    stpl("setdefault", "% setdefault('missing', 'dflt')\n{{missing}} {{setdefault('n', 9)}}\n"),
    stpl("%import", "% import math\n{{math.floor(2.5)}}\n"),
    stpl("%from import", "% from math import floor\n{{floor(2.5)}}\n"),
    stpl("undefined name", "{{missing}}\n"),
    stpl("whitespace", "  {{n}}  \n\n% if n:\n  x\n% end\n  \n"),
    stpl("line continuation", "% x = (n +\n%      1)\n{{x}}\n"),
    stpl("escaping", "{{'<a href=\"x\">\\'</a>'}}\n"),
    Row(
        "stpl:inline template", "template", "same",
        case=view('return template("Hi {{name}}!", name="<b>")', GET())),
    # the pages above end without a newline: the last one is a row of its own, and so
    # are the lines around it (an include's, a layout's, Windows line ends)
    stpl("%include indented", "<div>\n  % include('part', x=n)\n  <p>after</p>\n</div>\n",
         files=(PART,), whole=True),
    stpl("%rebase last newline", "% rebase('layout', title='T')\n  <p>{{n}}</p>\n",
         files=(("views/layout.tpl", "<main>\n{{!base}}</main>\n"),), whole=True),
    stpl("CRLF", "<ul>\r\n% for item in items:\r\n  <li>{{item}}</li>\r\n% end\r\n</ul>\r\n",
         whole=True),
    Row("stpl:last newline", "template", "same", case=view(
        'return template("page", n=2)', GET(), files=(("views/page.tpl", "{{n}}\n"),))),
]

MEMBERS = {
    "render": "t.render(name='x')",
    "prepare": "t.prepare() is None",
    "execute": "callable(t.execute)",
    "source": "t.source",
    "name": "t.name",
    "filename": "t.filename",
    "lookup": "t.lookup",
    "encoding": "t.encoding",
    "settings": "t.settings",
    "syntax": "t.syntax",
    "code": "len(t.code) > 0",
    "co": "t.co is not None",
    "cache": "t.cache",
    "defaults": "bottle.SimpleTemplate.defaults",
    "extensions": "bottle.SimpleTemplate.extensions",
    "global_config": "callable(bottle.SimpleTemplate.global_config)",
    "search": "bottle.SimpleTemplate.search('page', ['./views/'])",
}

ROWS_MEMBERS = [Row(f"SimpleTemplate.{name}", "member", "same", case=view(
    f't = bottle.SimpleTemplate("Hi {{{{name}}}}!")\nreturn repr({expr})', GET(),
    files=(("views/page.tpl", "x\n"),))) for name, expr in MEMBERS.items()]

ROWS = ROWS_SYNTAX + ROWS_MEMBERS
