"""One SimpleTemplate source to Jinja2 source: the token stream, re-emitted.

Text is written back as it was (only Jinja2's own delimiters are escaped); each
`{{ }}`, `%` line and `<% %>` block is translated rule by rule. Python Jinja2 cannot say
(a comprehension, a lambda, `d['k'] = v`) becomes a call of a helper function that holds
it (hoist.py; Conversion.helpers), with a `{# TODO(flask-port/T0NN) #}` beside it. What
cannot be kept even so (a `while` block, Bottle's own template functions in an
expression) is left as that comment next to a call of the undefined `flask_port_todo`,
so the page fails loudly instead of rendering something else, and the port counts it as
a break.
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass, field, replace

import jinja2

from bottle2flask.stpl import reader
from bottle2flask.stpl.environment import environment
from bottle2flask.stpl.errors import Failed, Unsupported
from bottle2flask.stpl.expressions import ATOM, Translator, parse_expression
from bottle2flask.stpl.hoist import Helper
from bottle2flask.stpl.statements import HOISTED_BLOCKS, OPENERS, Statements
from bottle2flask.stpl.whitespace import markers, tag_spans


@dataclass(frozen=True)
class Note:
    rule: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.line}: {self.rule} {self.message}"


@dataclass(frozen=True)
class ConversionOptions:
    """How one template is converted, passed whole: what the tree around it tells
    (convert_tree's passes), and what a second try learned of the template itself
    (`namespaced`, `hoist_at`: convert() sets them on its retries)."""

    block: str = "content"  # the slot it offers as a layout ({{!base}})
    # a layout's Bottle name -> its slot, for templates that rebase onto it
    blocks: dict[str, str] | None = None
    syntax: str | None = None  # Bottle's template syntax setting ("<% %> % {{ }}")
    layout_reads: frozenset[str] = frozenset()  # the names its layout reads from it
    # what its layout, the templates the layout includes and its own layouts read from
    # it; None where that is not known (a layout not converted, a computed include)
    layout_sees: frozenset[str] | None = None
    noescape: bool = False  # Bottle's setting: `{{x}}` prints raw and `{{!x}}` escaped
    # the values a loop carries on, kept on a namespace() (Jinja2's loop scope resets them)
    namespaced: frozenset[str] = frozenset()
    compact: bool = False  # no `-` markers: it needs trim_blocks and lstrip_blocks
    # what each template it may include reads from it (Jinja2 name -> names), for an
    # `include('x', **values)`; None: unknown, that is a TODO
    include_reads: dict[str, frozenset[str]] | None = None
    hoist_at: frozenset[int] = frozenset()  # lines of `for` loops a helper keeps whole
    helper_prefix: str = ""  # before the template's name in its helpers' names
    # the app may render it directly and hand it `base` (or that is not known): its
    # `{{!base}}` block prints `base` when given one (T009); False, left empty
    base_given: bool = True
    # the tree's folder as Bottle's './' finds it and its templates' Jinja2 names
    folder: tuple[str, frozenset[str]] = ("", frozenset())
    # the app's other templates end their lines in "\n" (--faithful): one whose lines all
    # end in "\r\n" prints each text line's "\r" itself, as a template of mixed line ends
    # does, since the app's one newline_sequence cannot print both kinds
    own_returns: bool = False


@dataclass
class Context:
    """What one conversion learns: notes (TODOs), remarks (converted exactly, but worth a
    maintainer's look) and the rules it applied."""

    name: str
    notes: list[Note] = field(default_factory=list)
    rules: set[str] = field(default_factory=set)
    remarks: list[Note] = field(default_factory=list)

    def todo(self, rule: str, line: int, message: str) -> None:
        self.notes.append(Note(rule, line, message))

    def remark(self, rule: str, line: int, message: str) -> None:
        self.remarks.append(Note(rule, line, message))


@dataclass
class Conversion:
    name: str
    source: str | None  # the Jinja2 template; None when the conversion failed
    notes: list[Note]
    rules: list[str]
    error: str | None = None  # "line N: why", when it failed
    extends: str | None = None  # the Bottle template name it rebases onto
    includes: list[str] = field(default_factory=list)
    has_base: bool = False  # prints {{!base}}: a layout
    imports: list[tuple[str, str, str | None]] = field(default_factory=list)  # T019
    reads: set[str] = field(default_factory=set)  # names read before it sets them
    sure_reads: set[str] = field(default_factory=set)  # ... on every render (NameError)
    # the names its layout gets besides the render's (None: no layout, or not sure)
    layout_given: frozenset[str] | None = None
    bottle_error: str | None = None  # why Bottle itself cannot compile it ("line 6: ...")
    whitespace: list[int] = field(default_factory=list)  # output lines a stock Jinja2
    # prints with a newline more or less than Bottle (none in the compact form)
    compact: str | None = None  # the form without markers (convert_tree marks it again)
    remarks: list[Note] = field(default_factory=list)  # converted exactly; worth a look
    helpers: list[Helper] = field(default_factory=list)  # Python kept for it (hoist.py)
    spread_includes: list[str] = field(default_factory=list)  # include('x', **values)
    computed_includes: bool = False  # include(name): any template may be included
    # names rebase() gives the layout while the page reads its own value of them
    given_anew: tuple[str, ...] = ()
    # every line ends in "\r\n", as the source's did: Jinja2 prints them so only with
    # newline_sequence="\r\n" (it writes each newline as that; "\n" by default)
    crlf: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None


DELIMITERS = re.compile(r"\{[{%#]|\{$")


def escape_text(text: str) -> str:
    """Text as Jinja2 prints it back: its own openers (and a trailing `{`) quoted."""
    return DELIMITERS.sub(lambda m: f"{{{{ {m.group(0)!r} }}}}", text)


def comment(text: str) -> str:
    return text.replace("#}", "# }").replace("{#", "{ #")


# Marks a text line's "\r" while a template of mixed line ends is converted (a
# private-use character: no template's own text)
CR_MARK = "\ue0d0"
# What prints a "\r" in Jinja2, whose lexer writes every newline of a template's text as
# one newline_sequence: an expression's string is printed as it is
CR_PRINTED = '{{ "\\r" }}'


def _mixed_line_ends(text: str, name: str, options: ConversionOptions) -> Conversion | None:
    """A template whose lines end some in "\r\n", some in "\n": Bottle prints each text
    line's own end, Jinja2 one newline_sequence for all. Converted with "\n" line ends,
    each text line that ended in "\r\n" printing its "\r" before its newline
    (`{{ "\r" }}`); a `%` line (code, printed by neither) is left alone. None where a
    mark would land elsewhere than in text (a code block, an expression over lines):
    the caller then converts it with "\n" alone."""
    start = (options.syntax or "<% %> % {{ }}").split()[2]
    lines = text.split("\n")
    marked = "\n".join(
        line[:-1] + CR_MARK if line.endswith("\r") and not line.lstrip(" \t").startswith(
            start) else line.removesuffix("\r")
        for line in lines)
    done = convert(marked, name, options)
    count = marked.count(CR_MARK)
    forms = [f for f in (done.source, done.compact) if f is not None]
    if not done.ok or not forms or any(
            f.count(CR_MARK) != count or any(CR_MARK in line and not line.endswith(CR_MARK)
                                             for line in f.split("\n")) for f in forms):
        return None
    done.source, done.compact = (None if f is None else f.replace(CR_MARK, CR_PRINTED)
                                 for f in (done.source, done.compact))
    done.bottle_error = bottle_error(text, options.syntax)
    return done


# A "\r" that ends no line of its own ("\r" alone, as old Macs wrote, or the first of
# "\r\r\n"): text to Bottle, printed as it is; a newline to Jinja2's lexer, which writes
# it as its newline_sequence. Marked while converted by another private-use character.
LONE_CR = re.compile(r"\r(?!\n)")
LONE_CR_MARK = "\ue0d1"


def _lone_returns(text: str, name: str, options: ConversionOptions) -> Conversion | None:
    """A template holding a lone "\r" (RULE-s51b class A: christinaphamAD/eventproject's
    lines ending "\r" and "\r\r\n"): converted with each one marked, each mark then
    printed as `{{ "\r" }}`, Bottle's byte. None where a mark does not land in text of
    the converted template (a "\r" in an expression or a code line, where Python reads it
    as whitespace): the caller then converts it with a space for each lone "\r", which
    such a line reads alike (and text prints a space where Bottle printed "\r")."""
    marked = LONE_CR.sub(LONE_CR_MARK, text)
    done = convert(marked, name, options)
    count = marked.count(LONE_CR_MARK)
    forms = [f for f in (done.source, done.compact) if f is not None]
    if not done.ok or not forms or any(
            f.count(LONE_CR_MARK) != count or any(
                start < i < end for start, end in tag_spans(f)
                for i in (m.start() for m in re.finditer(LONE_CR_MARK, f)))
            for f in forms):
        return None
    done.source, done.compact = (None if f is None else f.replace(LONE_CR_MARK, CR_PRINTED)
                                 for f in (done.source, done.compact))
    done.bottle_error = bottle_error(text, options.syntax)
    return done


def convert_source(text: str, name: str = "<string>", *, block: str = "content",
                   blocks: dict[str, str] | None = None, syntax: str | None = None,
                   layout_reads: frozenset = frozenset(),
                   layout_sees: frozenset[str] | None = None, noescape: bool = False,
                   namespaced: frozenset[str] = frozenset(),
                   compact: bool = False,
                   include_reads: dict[str, frozenset[str]] | None = None,
                   hoist_at: frozenset[int] = frozenset(),
                   helper_prefix: str = "", base_given: bool = True,
                   folder: tuple[str, frozenset[str]] = ("", frozenset()),
                   own_returns: bool = False) -> Conversion:
    """Convert one SimpleTemplate source; never raises for a bad template. Each keyword
    is a field of ConversionOptions (what it means is said there), made into one value
    here and passed whole from then on (convert(), its retries, _mixed_line_ends())."""
    return convert(text, name, ConversionOptions(
        block=block, blocks=blocks, syntax=syntax, layout_reads=layout_reads,
        layout_sees=layout_sees, noescape=noescape, namespaced=namespaced, compact=compact,
        include_reads=include_reads, hoist_at=hoist_at, helper_prefix=helper_prefix,
        base_given=base_given, folder=folder, own_returns=own_returns))


def convert(text: str, name: str, options: ConversionOptions) -> Conversion:
    """convert_source() with its options as one value; never raises for a bad template."""
    if LONE_CR.search(text):
        lone = _lone_returns(text, name, options)
        if lone is not None:
            return lone
        done = convert(LONE_CR.sub(" ", text), name, options)
        done.bottle_error = bottle_error(text, options.syntax)
        return done
    if "\r\n" in text:
        # Windows line ends: converted as "\n" (Jinja2's lexer reads either), written
        # back as they were where every line had them
        crlf = text.count("\r\n") == text.count("\n")
        if not crlf or options.own_returns:
            mixed = _mixed_line_ends(text, name, options)
            if mixed is not None:
                return mixed
        done = convert(text.replace("\r\n", "\n"), name, options)
        done.bottle_error = bottle_error(text, options.syntax)
        if crlf:
            done.crlf = True
            done.source, done.compact = (None if s is None else s.replace("\n", "\r\n")
                                         for s in (done.source, done.compact))
        return done
    context = Context(name)
    translate = Translator()
    syntax, noescape, namespaced = options.syntax, options.noescape, options.namespaced
    hoist_at = options.hoist_at
    statements = Statements(context, translate, block=options.block,
                            blocks=options.blocks or {}, layout_reads=options.layout_reads,
                            layout_sees=options.layout_sees,
                            include_reads=options.include_reads, hoist_at=hoist_at,
                            helper_prefix=options.helper_prefix,
                            base_given=options.base_given, folder=options.folder)
    if namespaced:
        # A value a loop carries on (`% n = n + 1` read after the loop, or in the next
        # iteration) lives on a namespace(), which Jinja2's loop scope does not reset.
        used = set(re.findall(r"[A-Za-z_]\w*", text))
        translate.namespace = next(n for n in ("ns", "ns_", "kit_ns") if n not in used)
        translate.namespaced = namespaced
        # its {% set ns = namespace() %} goes first, written once the template is read:
        # the piece is kept from the start, so the pieces the statements count stay theirs
        statements.out.append("")
    try:
        tokens = reader.read(text, syntax)
    except Exception as error:  # Bottle's own parser refused it
        return _failed(context, f"line 1: {error}")
    try:
        skip = 0  # tokens of a block a helper holds
        for at, token in enumerate(tokens):
            if skip:
                skip -= 1
                continue
            end = _block_end(tokens, at, hoist_at)
            if end is not None and statements.hoist_block(tokens[at:end + 1], noescape):
                skip = end - at
                continue
            if not isinstance(token, reader.Code):
                statements.fill(token.line)
            if isinstance(token, reader.Text):
                escaped = escape_text(token.text)
                if escaped != token.text or token.escaped:
                    context.rules.add("T006")
                statements.out.append(escaped)
            elif isinstance(token, reader.Inline):
                if noescape:  # Bottle swaps its _str and _escape
                    token = replace(token, raw=not token.raw)
                statements.out.append(inline(token, statements, context))
            else:
                statements.code(token)
        if namespaced:
            given = sorted(n for n in namespaced if n in statements.reads_from_caller())
            values = ", ".join(f"{n}={n}" for n in given)
            statements.out[0] = f"{{% set {translate.namespace} = namespace({values}) %}}\n"
        body = statements.finish()
    except Failed as error:
        return _failed(context, str(error))
    except Exception as error:  # a bug of ours: report it as this file's failure, go on
        return _failed(context, f"line 1: the converter failed ({type(error).__name__}: "
                                f"{error}); please report it with the template")
    carried = frozenset(statements.namespaceable())
    if carried and not namespaced:
        again = convert(text, name, replace(options, namespaced=carried))
        if again.ok:
            return again
    if statements.unkept_loops - hoist_at:
        again = convert(text, name,
                        replace(options, hoist_at=hoist_at | statements.unkept_loops))
        if again.ok and _breaks(again) < _breaks(statements.out):
            return again
    inexact: list[int] = []
    plain = body
    if not options.compact:
        body, inexact = markers(body)
    try:
        environment().parse(body, name=name)
    except jinja2.TemplateSyntaxError as error:
        return _failed(context, f"line {error.lineno}: the output does not parse as "
                                f"Jinja2: {error.message}")
    return Conversion(name, body, sorted(context.notes, key=lambda n: n.line),
                      sorted(context.rules), extends=statements.extends,
                      includes=statements.includes, has_base=statements.has_base,
                      imports=statements.imports, reads=statements.reads_from_caller(),
                      sure_reads=statements.sure_reads(),
                      layout_given=statements.layout_given(),
                      bottle_error=bottle_error(text, syntax), whitespace=inexact,
                      compact=plain, remarks=sorted(context.remarks, key=lambda n: n.line),
                      helpers=list(statements.helpers),
                      spread_includes=list(statements.spread_includes),
                      computed_includes=statements.computed_includes,
                      given_anew=tuple(statements.given_anew))


def _breaks(conversion: Conversion | list[str]) -> int:
    """How many calls of flask_port_todo() a conversion (or its pieces) holds."""
    if isinstance(conversion, Conversion):
        return (conversion.source or "").count("flask_port_todo(")
    return "".join(conversion).count("flask_port_todo(")


def _block_end(tokens: list, at: int, hoist_at: frozenset[int] = frozenset()) -> int | None:
    """Where the `while`/`try`/`with` block opening at tokens[at] ends (its `end`), else
    None (not such a block, or closed only by the template's end); a `for` block too
    where its line is in `hoist_at`."""
    token = tokens[at]
    keyword = token.code.split(None, 1)[0].rstrip(":") \
        if isinstance(token, reader.Code) and token.code else ""
    if keyword not in HOISTED_BLOCKS and not (keyword == "for" and token.line in hoist_at):
        return None
    depth = 0
    for index in range(at, len(tokens)):
        code = tokens[index]
        if not isinstance(code, reader.Code):
            continue
        if code.code and code.code.split(None, 1)[0].rstrip(":") in OPENERS:
            depth += 1
        depth -= code.ends
        if depth <= 0:
            return index if depth == 0 else None
    return None


def bottle_error(text: str, syntax: str | None = None, *, strict: bool = False) -> str | None:
    """Why the installed Bottle cannot compile this template (an older Bottle's syntax,
    `%rebase layout title=x`), else None: every page that renders it is a 500 there.
    `strict`: any error of Bottle's parser counts too (StplSyntaxError: a `<%` never
    closed), for a template the converter could not read, which the port then keeps
    for Bottle's SimpleTemplate only where Bottle compiles it."""
    import bottle

    settings = {"syntax": syntax} if syntax else {}
    try:
        with warnings.catch_warnings():  # `x is ''` warns; under -W error it would raise
            warnings.simplefilter("ignore", SyntaxWarning)
            bottle.SimpleTemplate(source=text, **settings).co  # noqa: B018 (compiles it)
    except SyntaxError as error:
        return f"line {error.lineno}: {error.msg}"
    except Exception as error:  # else the converter's to report, not a compile error
        return f"line 1: {error}" if strict else None
    return None


def bottle_reads(data: bytes) -> str | None:
    """Why the installed Bottle cannot read a template file of these bytes, else None:
    0.13 raises on bytes that are not UTF-8 (0.12 reads them as latin-1)."""
    import bottle

    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        if tuple(int(n) for n in bottle.__version__.split(".")[:2] if n.isdigit()) >= (0, 13):
            return f"byte {error.start + 1}: not UTF-8 text (Bottle {bottle.__version__} " \
                "reads UTF-8 only)"
    return None


def _failed(context: Context, message: str) -> Conversion:
    return Conversion(context.name, None, context.notes, sorted(context.rules), error=message)


def inline(token: reader.Inline, statements: Statements, context: Context) -> str:
    """`{{x}}` and `{{!x}}`."""
    if token.raw and token.code == "base":
        return statements.base_slot(token.line)
    statements.source = token.code
    try:
        node = parse_expression(token.code)
    except SyntaxError as error:
        raise Failed(token.line, f"{token.source} is not a Python expression ({error.msg})") \
            from None
    if isinstance(node, ast.Constant) and node.value is None:
        # Bottle prints None as nothing; Jinja2 escapes a constant before `finalize` sees it.
        context.rules.add("T002" if token.raw else "T001")
        return ""
    try:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "setdefault" and "setdefault" not in statements.translate.local:
            # {{setdefault('n', 9)}} sets n where it is missing and prints it: the
            # statement's {% set %} (T010), then the name
            tag = statements.call_setdefault(node, token.code, token.line)
            first = node.args[0]  # a literal name: call_setdefault() refuses any other
            assert isinstance(first, ast.Constant) and isinstance(first.value, str)
            name = statements.expression(ast.Name(first.value, ast.Load()), token.line)
            return tag + (f"{{{{ {name}|safe }}}}" if token.raw else f"{{{{ {name} }}}}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "include" and "include" not in statements.translate.local:
            # {{!include('part', x=1)}} renders the part, then prints what include()
            # returned (the part's names, a dict): the part is included, the dict not
            tag = statements.call_include(node, token.code, token.line)
            why = ("`include()` inside an expression, written as an include tag: what "
                   "Bottle's returned and printed (the included template's names) is not")
            context.todo("T026", token.line, f"{why}: {token.source}")
            context.rules.add("T026")
            return f"{{#+ TODO(flask-port/T026): {comment(why)}: {comment(token.source)} #}}{tag}"
        # |safe binds tighter than any operator: parenthesise what is not an atom.
        text = statements.expression(node, token.line, level=ATOM if token.raw else 0)
    except Unsupported as why:
        context.todo(why.rule, token.line, f"{why.message}: {token.source}")
        context.rules.add(why.rule)
        # {#+ keeps the indentation before it, as Bottle would print it.
        return (f"{{#+ TODO(flask-port/{why.rule}): {comment(why.message)}: "
                f"{comment(token.source)} #}}{{{{ flask_port_todo({why.rule!r}) }}}}")
    # {#+ keeps the indentation before it, as Bottle would print it.
    note = statements.take_hoisted("{#+")
    if token.raw:
        context.rules.add("T002")
        return f"{note}{{{{ {text}|safe }}}}"
    context.rules.add("T001")
    return f"{note}{{{{ {text} }}}}"

