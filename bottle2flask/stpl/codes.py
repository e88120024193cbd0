"""The template rules (T0NN) of `bottle2flask convert-templates` and the port: what each
converts or leaves as a TODO, in words. docs/PORTING-RULES.md is written from this table
(`python -m bottle2flask.port.reference`); the converter's code says which rule it applies
(`context.rules.add("T004")`, `Unsupported("T021", ...)`)."""

from __future__ import annotations

# How templates are converted, and what a Flask app must set for them (the reference's
# opening section).
INTRO = r"""
`bottle2flask convert-templates SRC -o OUT` converts a Bottle views folder to Jinja2 templates;
`bottle2flask convert-template FILE` prints one converted template. The library behind them is
`bottle2flask.stpl`: `convert_source(text, name) -> Conversion` (the Jinja2 source, the rules
applied, the TODO notes with rule and line, or an error) and
`convert_tree(src, out) -> TreeReport` (one result a file, and `names`, the Bottle
template name to the Jinja2 one: `'layout'` -> `'layout.html'`, which `bottle2flask port` uses to
rewrite `template('x')` calls; `as_dict()` for a JSON report). `jinja_name('x.tpl')`
gives the same mapping for one name.

How it reads: with Bottle's own `StplParser` (its `translate` loop and regexes: line and
block starts, `\%` escapes, inline `{{ }}`, strings, comments, block keywords, `end`,
custom syntax). Text between code is written back byte for byte. Every file Bottle's
lookup would find (`.tpl`, `.html`, `.thtml`, `.stpl`, in that order) becomes `NAME.html`;
other files are copied. Each output is parsed by Jinja2 before it is written; a file that
does not convert or parse is reported as `file:line: why` and not written.

`--noescape`: the views rendered with Bottle's `noescape=True` (`{{x}}` raw, `{{!x}}`
escaped). Bottle's `include()` and `rebase()` build their template without that setting,
so it is applied only to templates no other one includes or rebases onto.

Exit status: 0 converted (TODOs allowed), 1 when a file could not be converted, 2 on a
usage error. Output: one line a TODO (`views/x.tpl:12: T021 a list comprehension: ...`)
and a summary (`21 converted, 0 failed, 0 copied, 0 skipped; 0 TODO`).

### What you must configure in Flask

Nothing, for the whitespace: each line that was a `%` line carries one `-` marker
(`{%- for x in xs %}`, or `{% if a -%}` where nothing was printed yet or a blank line
is above), so Flask's own environment prints the lines SimpleTemplate printed
([PORTING 37](PORTING.md#37-template-whitespace)). Where the line under a tag that takes
its own newline is indented text, the tag stands at the start of that line
(`{% include "part.html" %}  <p>after</p>`). A template whose last newline prints ends
with one newline more, for the one Flask's environment drops. A template with Windows
line ends keeps them; Jinja2 prints them only with `app.jinja_env.newline_sequence =
"\r\n"` (the port sets it where every template has them). A template whose lines mix
`\r\n` and `\n` is written with `\n`, each text line that ended in `\r\n` printing its
`\r` as `{{ "\r" }}` before its newline. What no marker makes exact is
named, one line each: `OUT/x.html:3: whitespace: ...`, and counted in the summary
(`...; 2 lines print their whitespace differently`). (A blank line right under a tag
that takes its own newline is written as that tag's newline; plain statements between
a blank line and an indented one are written above the blank line: both print as
Bottle did.) One difference stays: Flask's environment prints `None` as `None` (Bottle
prints nothing, [PORTING 24](PORTING.md#24-undefined-names)):
`finalize=lambda v: "" if v is None else v` if a page prints values that may be None.

`--compact` writes the tags without markers, the form that prints Bottle's text only
with these settings (`bottle2flask.stpl.environment()` builds such an environment;
`bottle2flask.stpl.configure(env)` sets up an existing one, e.g.
`configure(app.jinja_env)`; the command prints the line to add). The `--faithful`
port uses this form and sets them.

The settings of `--compact` only, and why:

- `trim_blocks=True`, `lstrip_blocks=True`: a `%` line prints nothing, not its
  indentation, not its newline; so does a Jinja2 tag on a line of its own;
- `keep_trailing_newline=True`: Bottle keeps a template's last newline;
- `finalize=lambda v: "" if v is None else v`: Bottle prints `None` as nothing
  ([PORTING 24](PORTING.md#24-undefined-names));
- `newline_sequence="\r\n"`, only for templates with Windows line ends: Jinja2 writes
  every newline as `\n`, Bottle keeps `\r\n`.

Autoescaping: Flask turns it on for `.html`, which every output is named
([PORTING 26](PORTING.md#26-autoescaping-and-bottles-template-cache)). Entities differ
(`&#39;` for `&#039;`, [PORTING 23](PORTING.md#23-escaping-entities)): same text in a browser.
Undefined names print nothing in Jinja2 where Bottle raised `NameError`
([PORTING 24](PORTING.md#24-undefined-names)): set `undefined=jinja2.StrictUndefined` to
fail as Bottle did; the converted templates work with it (`is defined` and `default`
do not raise).

### What a TODO looks like

Code Jinja2 cannot say with the same meaning is never guessed, and never left to fail:
it is kept as Python. Each such expression, statement or block (`while`, `try`, `with`)
becomes a function in `template_helpers.py`, written from the template's own text, taking
the names the code reads and returning the names it sets; the port registers the module
on the app (`template_helpers.init_app(app)`, each function an `add_template_global`),
and `convert-templates` alone prints the line to add. The page calls it, with a TODO
beside it saying that the code is not Jinja2 yet, and the report has a line for it:
```
{{[x.name for x in xs]}}
{# TODO(flask-port/T021): a list comprehension, kept as Python: template_helpers.page_line1 #}
{{ page_line1(xs) }}
% d['k'] = 1
{# TODO(flask-port/T031): ..., kept as Python: template_helpers.page_line2 #}
{% set _ = page_line2(d) -%}
```
The page renders what Bottle rendered; rewrite the helper as Jinja2 (a filter, a `{% set
%}`, or a value the view computes) when you want. What no helper can keep (code reading
Jinja2's own `loop`, `self` or `none`, Bottle's `get`/`include` inside a larger expression, a
`% def` called inside a block, `locals()`, `return` or `yield`) is written as a call of
the undefined `flask_port_todo('T0NN')`, counted in the report as a TODO that fails when
rendered, and the port is not called done (exit status 5).
"""

# The rules that convert: code -> (what it converts, how).
CONVERTS: dict[str, tuple[str, str]] = {
    'T001': ('`{{x}}`', """printed, escaped. `{{name}}` -> `{{ name }}`. Expressions are read
with Python's `ast` and written in Jinja2's grammar (see "Expressions" below)."""),
    'T002': ('`{{!x}}`', """printed raw. `{{!html}}` -> `{{ html|safe }}`, `{{!a or b}}` ->
`{{ (a or b)|safe }}`. Left to you: `{{!x}}` with `x` None prints `None` in Jinja2
(`|safe` turns it into a string before `finalize` sees it); guard it with `or ''`."""),
    'T003': ('code lines and `<% %>` blocks', """each Python statement becomes one tag.
```
<%                     {% set x = 1 %}
x = 1           ->     {% set y = 2 %}
y = 2
%>
```"""),
    'T004': ('blocks', """`% if/elif/else/for ... % end` -> `{% if %}...{% endif %}`,
`{% for %}...{% endfor %}`, the `end` chosen by the keyword that opened the block. A
`for ... else` whose loop has no `break` runs its `else` whenever the loop ends, as
Python does: the `else` body is written after `{% endfor %}` (Jinja2's own for-else
would show it only for an empty list).
Indentation of the code lines is kept where the marker takes it away at render time
(`{%-`, or a `-%}` on the line above); a tag that takes its own newline is written
at the start of its line."""),
    'T005': ('comments', """`%# note` -> `{# note #}`; a trailing `# note` on a code line too."""),
    'T006': ('escapes', r"""`\% not code` -> `% not code` (Bottle prints the line without its
backslash); text that holds Jinja2's own openers is quoted: `{%` -> `{{ '{%' }}`."""),
    'T007': ('`include()`', """`% include('row', entry=e, n=1)` ->
`{% with entry=e, n=1 %}{% include "row.html" %}{% endwith %}`. `name=name` arguments
are dropped (an included Jinja2 template sees the caller's names, as Bottle's does,
[PORTING 25](PORTING.md#25-includes-macros-and-dict-items))."""),
    'T008': ('`rebase()`', """the page becomes a child template with one block.
```
% rebase('layout', title='Home')   ->   {% extends "layout.html" %}
<p>...</p>                              {% set title = 'Home' %}
                                        {% block content %}
                                        <p>...</p>
                                        {% endblock %}
```
The `rebase()` arguments become `{% set %}` outside the block, which Jinja2 passes to
the layout ([PORTING 27](PORTING.md#27-layouts)). Bottle gives those values to the
layout alone: where the page reads a name of its own that `rebase()` gives anew
(`{{title}}` beside `rebase('layout', title='Todo List')`), a layout that never reads it
(nor the templates it includes, nor its own layout) gets no set, and one that does gets
it while the block sets the page's value back, kept before under a name of its own:
```
{% set page_title = title %}{% set title = 'Todo List' %}
{% block content %}{% set title = page_title %}<p>{{ title }}</p>...
```
A `rebase()` in an `if` (Bottle
rebases when its branch runs) is Jinja2's conditional extends, the same where the
branch's test reads no value the page sets but at its top before it (its arguments'
`{% set %}` go in the `if` too):
```
% if standalone:                  {% if standalone %}{% extends "layout.html" %}{% endif %}
%   rebase('layout')              {% block content %}
% end                             <p>...</p>
<p>...</p>                        {% endblock %}
```
(a page that does not extend prints its block in place). A `rebase()` in a loop or on
such a value, a second one, a layout name that is not a literal, or `**kwargs` are T034;
`**locals()` is dropped, since Bottle hands the layout (and an included template) the
page's whole namespace anyway."""),
    'T009': ('`{{!base}}`', """in the layout, `{%+ block content %}...{% endblock +%}` (the `+`
keeps the indentation and newline around it, as Bottle prints them). A layout that itself
rebases gets a block of its own name (`content_NAME`) so no block is defined twice;
`convert_tree` gives the pages that rebase onto it that name. A second `{{!base}}` is
`{{ self.content() }}`; either may be in an `if` or a `for` (a Jinja2 block prints where
it stands), not in a `% def`. A layout the pages reach by `% rebase` alone gets an
empty block (`{% block content %}{% endblock %}`), which the pages that extend it fill.
Where the app may render the layout itself and hand it `base` (`template("layout",
base=page)`, values that may hold it: `**values`, a dict, a `@view`), the block's own body
prints it, as Bottle does: `{% if base is defined %}{{ base|safe }}{% endif %}`. So it
does where that cannot be known: a template name computed at run time anywhere in the
app, `template`/`view` read as a value (a `partial`), the app's own template classes or
Bottle's template defaults, a layout some template `% include`s (the includer's names
reach it) or an `include()` of a computed name; and in `convert-templates`, which reads no
app (`convert_tree(given_base=...)` names the templates so rendered)."""),
    'T010': ('`defined()`, `get()`, `setdefault()`', """`defined('x')` -> `x is defined`;
`get('x', d)` -> `x|default(d)`, `get('x')` -> `x|default(none)`;
`% setdefault('x', v)` -> `{% set x = x|default(v) %}` (`{{setdefault('x', v)}}`: then
`{{ x }}`). Bottle's `get` is `dict.get`: a variable set to `None` stays `None`, and so it
does with `default` (only undefined values unless `boolean=true`). Literal names only (T026)."""),
    'T011': ('item access', """`x['k']` is kept as `x['k']`. Jinja2 tries the item first, as
Python does, so every page that rendered in Bottle renders the same. It differs only
where Bottle failed: a missing key is a `KeyError` (500) in Bottle, and in Jinja2 falls
back to an attribute (`d['items']` is the `items` method) or prints nothing. We keep the
subscript rather than write `x.k` (which tries the attribute first) so the common case is
Python's; use `StrictUndefined` to make missing keys fail again."""),
    'T012': ('assignments', """`% x = 1` -> `{% set x = 1 %}`, `% a, b = f()` ->
`{% set a, b = f() %}`, `% n += 1` -> `{% set n = n + 1 %}`. Assignments to attributes or
items are T031; in loops see T032."""),
    'T013': ('Python builtins', """`len(x)` -> `x|length`, `str(x)` -> `x|string`, `list`, `abs`,
`sum`, `int`, `float` -> the filter of that name, `sorted(x)`/`min(x)`/`max(x)` ->
`x|sort(case_sensitive=true)` (Jinja2 ignores case by default, Python does not),
`sorted(x, reverse=r)` -> `x|sort(reverse=r, ...)`, `max(a, b)` -> `[a, b]|max(...)`,
`round(x, n)` -> `x|round(n)` (`round(x)` stays T028: Jinja2's returns a float),
`sorted(xs, key=lambda x: x.a['b'])` (and `min`/`max`) -> `xs|sort(attribute='a.b', ...)`;
`% for i, x in enumerate(xs, 1):` -> `{% for x in xs %}{% set i = loop.index0 + 1 %}`.
`int()`/`float()` return 0 in Jinja2 where Python raises: the same on every page that
rendered. Builtins Jinja2 lacks are T028."""),
    'T014': ('expression statements', """`% seen.append(x)` -> `{% set _ = seen.append(x) %}`
(a stock Jinja2 parses it; `{% do %}` would need the `jinja2.ext.do` extension)."""),
    'T015': ('f-strings', """`f'{a}/{b}'` -> `a ~ '/' ~ b`; with a conversion or a format spec,
`f'{p:.2f}'` -> `'{:.2f}'.format(p)` (str.format reads the same specs; nested fields too)."""),
    'T016': ('Bottle 0.10 syntax', """`%include header title='x'` and `%rebase layout` (no
parentheses) convert as T007/T008; a bare `%include` in a layout is its `{{!base}}`."""),
    'T017': ('template functions', """`% def row(x, n=1):` ... `% end` ->
`{% macro row(x, n=1) %}` ... `{% endmacro %}`; a line that calls it, `% row(2)`, prints
it: `{{ row(2) }}`. With `*args`, `**kwargs` or keyword-only parameters, or `return`, T030."""),
    'T018': ("a page's values its layout reads", """Bottle's layout sees every variable the page
set; a Jinja2 layout sees only what the child sets outside its blocks. A value set once at
the page's top level, from names it can see there, moves before the block:
```
% rebase('layout')          {% extends "layout.html" %}
% nav = 'home'        ->    {% set nav = 'home' %}
<p>x</p>                    {% block content %}
                            <p>x</p>
                            {% endblock %}
```
A top-level `% setdefault('x', v)` moves the same way. Values set twice or inside an
`if`/`for` stay in the block, where the page's own order
holds; if the layout reads one of them, `convert_tree` says so (T034): set it before the
block by hand."""),
    'T019': ('imports in a template', """`% import json` or `% from os.path import basename`
cannot be written in Jinja2, which imports no Python modules. The line becomes a
`{# flask-port/T019 ... #}` comment, and the names it bound are recorded; `bottle2flask port`
imports them in the app's module and gives them to every template right after the app
is made (`app.jinja_env.globals.update(json=json)`), so `{{ json.dumps(x) }}` keeps
working. Where the module has a name of its own spelt the same, or a name comes from the
app's own modules (which may import the app: imported before it is made, a circular
import; Bottle imported them only at render), it leaves a TODO instead.
`--faithful` adds a context processor that imports them each time a template renders,
as Bottle did. `bottle2flask convert-templates` alone reports a TODO
line (the app must provide the names). Relative and star imports are T030.
Bottle's request (`% from bottle import request`) is Flask's there, read by Flask's
names as P004 reads it in code: `request.forms.get(k)` is `request.form.get(k)`,
`request.query` `request.args`, a form field read as an attribute
(`request.forms.name`) `request.form.get('name', '')`."""),
}

# How Python expressions are written in Jinja2's grammar.
EXPRESSIONS = """
Supported: names, literals (`True/False/None` -> `true/false/none`), attributes, items
and slices, calls (one `*args` and one `**kwargs`, which Jinja2 allows), list/tuple/dict
literals, `and/or/not`, comparisons (chained too), `in`/`not in`, `+ - * / // % **`,
unary `-`/`+`, `a if c else b`, `is None`/`is not None`/`is True`/`is False` (-> tests).
Jinja2's precedence is not Python's, so operands are parenthesised by Jinja2's rules:
`-x ** 2` -> `-(x ** 2)` (Jinja2's `**` binds looser than unary minus), `a ** b ** c` ->
`a ** (b ** c)` (Jinja2's `**` is left-associative), `(a + b) is None` keeps its
parentheses (a test binds tighter than any operator, and inside a larger expression is
parenthesised itself: `x is none if c` would read `if` as the test's argument),
`-len(xs)` -> `-(xs|length)` (a filter applies to the unary expression on its left).
`tests/porting_tool/test_stpl_expressions.py` renders random operator expressions over
ints, items, calls and `None` tests in both engines and compares them.
"""

# The rules that leave a TODO: code -> (what, what to do).
TODOS: dict[str, tuple[str, str]] = {
    'T020': (
        """a set literal, `**` in a dict, `inf`/complex/bytes literals, `await`/`yield`""",
        """compute it in the view""",
    ),
    'T021': (
        """list/set/dict comprehensions, generator expressions""",
        """compute it in the view, or a filter (`map`, `selectattr`)""",
    ),
    'T022': (
        r"""`lambda`, other than one that reads a path of the item as a `sorted`/`min`/`max`
key, in `map()` (`xs\|map(attribute="a")`) or in `filter()` (`xs\|selectattr("a")`,
`not` -> `rejectattr`), also inside `any()`/`all()` (`xs\|selectattr("a")\|first is
defined`)""",
        """a filter, or compute it in the view""",
    ),
    'T024': (
        """`:=`""",
        """a `{% set %}` before""",
    ),
    'T025': (
        r"""`~ & \| ^ << >> @`, `is` other than with `None/True/False`, a negative constant
raised to a power (Jinja2 folds `(-1) ** n` and writes it as `-1 ** n`, which Python
reads as `-(1 ** n)`: found by the property test)""",
        """`is` with a string is a bug in Python too: use `==` (`is ''` and `is not ''` are
converted to `==`/`!=`: CPython has one empty string)""",
    ),
    'T026': (
        """`get/defined/setdefault` of a non-literal name, `include`/`rebase` in an expression,
several `*args`/`**kwargs` (a whole `{{!include('part', x=1)}}` becomes the include tag,
which renders the part; the dict Bottle's include() returned, and printed, is not)""",
        """pass the value from the view""",
    ),
    'T027': (
        """a name Jinja2 reserves: `loop`, `self`, `caller`, `super`, `none` ... (`kwargs`
and `varargs` are plain names outside a template function); the page fails when
rendered""",
        """rename it in the view and the template""",
    ),
    'T028': (
        """a Python builtin Jinja2 has no global for (`zip`, `locals`, `hasattr`, `isinstance`,
`repr`, `round` ...)""",
        """add it to `app.jinja_env.globals`, or compute it in the view""",
    ),
    'T030': (
        """a relative or star `import`, `while`, `try/except`, `with`, `class`, `def` with
`*args`/`return`, `del`, `global`, `break`, `continue`, `raise`, `assert`""",
        """move the logic to the view; `{% macro %}` for functions""",
    ),
    'T031': (
        """assignment to an attribute or item (`% d['k'] = 1`), chained or annotated assignment""",
        """compute it in the view""",
    ),
    'T032': (
        """a loop variable read after the loop (Jinja2 forgets it at the end of each
iteration); a value assigned in a loop and read after it or in the next iteration
only where it is also read by name (`get('t')`) or assigned in a template function:
elsewhere the converter keeps it on a `namespace()` itself (`{% set ns = namespace()
%}`, `{% set ns.total = ns.total + x %}`, every read `ns.total`; a value the view
passes in starts it: `namespace(start=start)`)""",
        """the same `namespace()` by hand""",
    ),
    'T033': (
        """`for ... else` whose loop has a `break` (itself a T030): Python runs `else` when the
loop did not `break`, Jinja2 only when it was empty. Without a `break` the `else`
always runs, and the converter writes it after the loop (T004), with a note in the
report: the author may have meant Jinja2's empty-list `else`""",
        """set a flag in the view, or test the list with `{% if %}`""",
    ),
    'T034': (
        """`rebase` of a non-literal name, `include(**values)` converted alone (its names are known
only with its folder), a page reading a name its `rebase(**values)` sets too, `rebase()`
in a loop, in an `if` on a value the page sets before it, or twice, a `rebase()`
argument computed from a value the page sets in its block, a `rebase()` argument named
as a value the page itself prints (Jinja2 would show the layout's value in the page), a
value the layout reads that the page sets in its block, `{{!base}}` inside a `% def`;
`include` of a name computed when the template renders is a note that does not break:
Jinja2 includes the first converted template the name may be (`{% include [name ~
".html", name[:-4] ~ ".html", ...] %}`: x, x.tpl -> x.html)""",
        """write the `{% extends %}`/`{% include %}` by hand; pass the Flask name to include""",
    ),
}

# After the table.
AFTER = """
A template Bottle itself could not compile (a line that is not Python, `end` without a
block and a block opened after it, a block left empty) is a failure, exit status 1, with its
line. A block still open at
the end of the template is closed there, as Bottle's generated code ends it.
"""
