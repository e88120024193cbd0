"""Editing helpers every rule may use: reading literals and arguments, fresh names,
keyword arguments, and placing a statement after the imports or after the app.

A leaf: it imports LibCST and the walker, nothing of the rules or the model, so any
module of the port may import it without a cycle."""

from __future__ import annotations

import warnings
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from enum import Enum, auto
from typing import Any, Final

import libcst as cst
from libcst.helpers import get_full_name_for_node, parse_template_statement

from .quick import Transformer, Visitor
from .walk import child_fields, is_node, transform, walk

STATEMENTS = (cst.SimpleStatementLine, cst.BaseCompoundStatement)


class Remove(Enum):
    """REMOVE's type: a one-member enum, so a checker tells it from an expression."""

    REMOVE = auto()


# An app option (Flask(...)'s keyword) to take out: Flask's default is it.
REMOVE: Final = Remove.REMOVE


# -- code from a template ------------------------------------------------------------
# The statements made from a template, by the template and its values' code: the same
# statement for the same code (LibCST's nodes never change, so one may stand in several
# modules). A package app's modules ask for the same converter classes and registrations
# (P003) in each, its placement reading them first: 48 parses of half a millisecond on
# the bench's package app, 24 kept here.
_TEMPLATES: dict[tuple, cst.SimpleStatementLine | cst.BaseCompoundStatement] = {}
_TEMPLATES_KEPT = 256


def template_statement(template: str, **values: Any
                       ) -> cst.SimpleStatementLine | cst.BaseCompoundStatement:
    """LibCST's `parse_template_statement(template, **values)`, parsed once a template
    and its values' code."""
    key = (template, *sorted((name, type(value), _CODE.code_for_node(value))
                             for name, value in values.items()))
    found = _TEMPLATES.get(key)
    if found is None:
        if len(_TEMPLATES) >= _TEMPLATES_KEPT:
            _TEMPLATES.pop(next(iter(_TEMPLATES)))
        found = _TEMPLATES[key] = parse_template_statement(
            template, cst.PartialParserConfig(), **values)
    return found


_CODE = cst.Module([])  # (writes a node's code out)


def expression_with(code: str, name: str, value: cst.BaseExpression) -> cst.BaseExpression:
    """`code`, an expression of ours, with each Name `name` it reads standing for a
    copy of `value` (`request.method` on `bottle_request`, on `self.request`): never an
    attribute's or a keyword's name, nor a word of a string."""
    return transform(cst.parse_expression(code), _NameAs(name, value))


class _NameAs(Transformer):
    def __init__(self, name: str, value: cst.BaseExpression) -> None:
        super().__init__()
        self.name, self.value = name, value
        self.kept: set[int] = set()  # the Names that only name: `.x`, `x=`

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.kept.add(id(node.attr))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.kept.add(id(node.keyword))

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        if original.value == self.name and id(original) not in self.kept:
            return self.value.deep_clone()
        return updated


# -- reading code --------------------------------------------------------------------
def is_name(node: object, value: str | None = None) -> bool:
    """A Name (spelt `value`, if given), as `m.matches(node, m.Name(value))` answers it
    without importing libcst.matchers (a fifth of a second at each start)."""
    return isinstance(node, cst.Name) and (value is None or node.value == value)


def is_text(value: cst.BaseExpression, api) -> bool:
    """Whether an expression is text by its form, so Bottle and Flask send it alike as a
    body: a string, an f-string, one joined or %-formatted from one, `json.dumps(...)`,
    `str(...)`, `"...".format(...)`/`.join(...)` or Bottle's `template(...)`."""
    if isinstance(value, cst.SimpleString | cst.ConcatenatedString | cst.FormattedString):
        return True
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add
                                                             | cst.Modulo):
        return is_text(value.left, api)
    if isinstance(value, cst.Call):
        func = value.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("format", "join"):
            return is_text(func.value, api)
        return get_full_name_for_node(func) in ("json.dumps", "str") or api(func) == "template"
    return False


def string_value(node: cst.CSTNode | None) -> str | None:
    """The value of a plain string literal, else None."""
    if isinstance(node, cst.SimpleString):
        plain = _as_written(node.value)
        if plain is not None:
            return plain
        with warnings.catch_warnings():  # '\.' in a plain string: the user's to fix
            warnings.simplefilter("ignore", SyntaxWarning)
            warnings.simplefilter("ignore", DeprecationWarning)  # Python 3.11 and older
            value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _as_written(literal: str) -> str | None:
    """The value of a str literal that says it as written (no escape to read, no line
    end Python would read otherwise), else None: what `evaluated_value` answers there,
    without compiling the literal (ast.literal_eval, some 2,000 times a port)."""
    quote = 0
    while literal[quote] not in "'\"":  # past the prefix (at most two letters)
        quote += 1
    prefix = literal[:quote].lower()
    if prefix not in ("", "u", "r"):
        return None  # bytes: not a str (and no prefix else parses)
    mark = literal[quote:quote + 3] if literal[quote:quote + 3] in ('"""', "'''") \
        else literal[quote]
    body = literal[quote + len(mark):len(literal) - len(mark)]
    if "\r" in body or "\0" in body or "\\" in body and prefix != "r":
        return None
    return body


def arg(call: cst.Call, position: int | None, keyword: str | None) -> cst.Arg | None:
    """A call's argument by keyword, else by position (positional ones only)."""
    for a in call.args:
        if keyword and a.keyword and a.keyword.value == keyword:
            return a
    positional = [a for a in call.args if a.keyword is None and not a.star]
    if position is not None and position < len(positional):
        return positional[position]
    return None


def names_read(node: cst.CSTNode) -> set[str]:
    """Every Name under the node."""
    if type(node) is cst.Module:
        outside, inside = _module_names(node)
        return {*outside, *inside}  # the caller may add to it
    names = _Names()
    walk(node, names)
    return names.found


# The visitors of these helpers are classes of the module's, made once: a class made at
# each call (some 1,000 calls a port) cost more than a small walk, and a walk finds its
# methods once for a class (walk._Plan).
class _Names(Visitor):
    """Every Name, or (`imports=False`) every Name outside the import statements."""

    def __init__(self, imports: bool = True) -> None:
        super().__init__()
        self.found: set[str] = set()
        self.imports = imports

    def visit_Import(self, node) -> bool:
        return self.imports

    def visit_ImportFrom(self, node) -> bool:
        return self.imports

    def visit_Name(self, node: cst.Name) -> None:
        self.found.add(node.value)


def names_used(module: cst.Module) -> set[str]:
    """Every name the module writes or reads: defs, classes, targets, imports, globals
    (attribute names too, which only makes the set larger than it need be)."""
    return names_read(module)


def names_read_outside_imports(module: cst.Module) -> set[str]:
    """Every Name the module spells outside its import statements."""
    if type(module) is cst.Module:
        return set(_module_names(module)[0])
    names = _Names(imports=False)
    walk(module, names)
    return names.found


# The names of the last modules asked about: id -> (the module, its names outside its
# imports, in them). A module is never changed (a rule makes a new one), so what one walk
# found holds for as long as the module is kept here; the model and several rules ask it
# of the same module (a walk over all of a 1,000-line module's 21,000 nodes each time).
_NAMES: dict[int, tuple[cst.Module, frozenset[str], frozenset[str]]] = {}
_NAMES_KEPT = 64


def remember_names(module: cst.Module, outside: set[str], inside: set[str]) -> None:
    """The names a walk of the module found (outside its imports, in them), so that a
    later question about the same module does not walk it again."""
    if len(_NAMES) >= _NAMES_KEPT:
        _NAMES.pop(next(iter(_NAMES)))
    _NAMES[id(module)] = (module, frozenset(outside), frozenset(inside))


def _module_names(module: cst.Module) -> tuple[frozenset[str], frozenset[str]]:
    found = _NAMES.get(id(module))
    if found is not None and found[0] is module:
        return found[1], found[2]
    names = _ModuleNames()
    walk(module, names)
    remember_names(module, names.outside, names.inside)
    return _NAMES[id(module)][1], _NAMES[id(module)][2]


class _ModuleNames(Visitor):
    """_module_names()' reader: the names outside the imports and in them."""

    def __init__(self) -> None:
        super().__init__()
        self.outside: set[str] = set()
        self.inside: set[str] = set()
        self.into = self.outside

    def visit_Import(self, node) -> None:
        self.into = self.inside

    def leave_Import(self, node) -> None:
        self.into = self.outside

    def visit_ImportFrom(self, node) -> None:
        self.into = self.inside

    def leave_ImportFrom(self, node) -> None:
        self.into = self.outside

    def visit_Name(self, node: cst.Name) -> None:
        self.into.add(node.value)


def names_bound(nodes) -> set[str]:
    """Names assigned anywhere in these statements (targets, for, with, imports, del)."""
    bound = _Bound()
    for node in nodes:
        walk(node, bound)
    return bound.found


class _Bound(Visitor):
    """names_bound's reader: the names under each target."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_AssignTarget(self, node) -> None:
        self.found.update(names_read(node.target))

    def visit_AugAssign(self, node) -> None:
        self.found.update(names_read(node.target))

    def visit_AnnAssign(self, node) -> None:
        self.found.update(names_read(node.target))

    def visit_For(self, node) -> None:
        self.found.update(names_read(node.target))

    def visit_AsName(self, node) -> None:
        self.found.update(names_read(node.name))

    def visit_NamedExpr(self, node) -> None:
        self.found.update(names_read(node.target))


def names_assigned(node: cst.CSTNode) -> set[str]:
    """The plain names bound under the node (`x = ...`, `for x in`, `as x`, parameters):
    not `x.attr = ...`, which binds nothing."""
    bound = _Assigned()
    walk(node, bound)
    return bound.found


class _Assigned(Visitor):
    """names_assigned()'s reader."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def targets(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.found.add(target.value)
        elif isinstance(target, cst.Tuple | cst.List):
            for element in target.elements:
                self.targets(element.value)
        elif isinstance(target, cst.StarredElement):
            self.targets(target.value)

    def visit_AssignTarget(self, node) -> None:
        self.targets(node.target)

    def visit_AnnAssign(self, node) -> None:
        self.targets(node.target)

    def visit_AugAssign(self, node) -> None:
        self.targets(node.target)

    def visit_For(self, node) -> None:
        self.targets(node.target)

    def visit_AsName(self, node) -> None:
        self.targets(node.name)

    def visit_Param(self, node) -> None:
        self.found.add(node.name.value)


@dataclass
class NameUses:
    """How a function uses one name (name_uses())."""

    bound: int = 0  # `name = ...`, a plain target
    returned: int = 0  # `return name`
    attributes: list[str] = field(default_factory=list)  # `name.attr`: each attr read
    other: int = 0  # any other use: handed on, rebound otherwise, deleted

    def only(self, attributes: Collection[str] = (), returned: bool = False) -> bool:
        """Bound once, and used otherwise only by these attributes (and `return name`
        where `returned`)."""
        return self.bound == 1 and self.other == 0 \
            and (returned or self.returned == 0) \
            and all(a in attributes for a in self.attributes)


def name_uses(function: cst.FunctionDef, name: str) -> NameUses:
    """The uses of `name` in the function's own body (a nested function has its own
    names): what P028 and P029 read of a request or response object the code makes."""
    uses = NameUses()

    class Uses(Visitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> bool:
            if is_name(node.target, name):
                uses.bound += 1
                return False
            return True

        def visit_Return(self, node: cst.Return) -> bool:
            if is_name(node.value, name):
                uses.returned += 1
                return False
            return True

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            if is_name(node.value, name):
                uses.attributes.append(node.attr.value)
                return False
            return True

        def visit_Name(self, node: cst.Name) -> None:
            if node.value == name:
                uses.other += 1

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function

    walk(function, Uses())
    return uses


def ends(body) -> bool:
    """Whether a block always ends in return/raise (or a call that raises)."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        stmt = last.body[-1]
        if isinstance(stmt, cst.Return | cst.Raise):
            return True
        return isinstance(stmt, cst.Expr) and isinstance(stmt.value, cst.Call) and \
            isinstance(stmt.value.func, cst.Name) and stmt.value.func.value in {"abort"}
    if isinstance(last, cst.If):
        return ends(last.body.body) and last.orelse is not None and ends(
            last.orelse.body.body if isinstance(last.orelse, cst.Else) else [last.orelse])
    if isinstance(last, cst.With):
        return ends(last.body.body)
    if isinstance(last, cst.Try):
        return ends(last.body.body) and all(ends(h.body.body) for h in last.handlers)
    return False


# -- writing code --------------------------------------------------------------------
def free_name(wanted: str, taken: set[str]) -> str:
    """`wanted`, or wanted_2, wanted_3... if the module already uses it: a helper the
    port writes must not replace the user's function of the same name (or be replaced)."""
    name, n = wanted, 1
    while name in taken:
        n += 1
        name = f"{wanted}_{n}"
    return name


# What binds as tightly as any operand: a rewrite may put one of these where an operand
# was without parentheses (LibCST writes a tree as it is: it adds none)
_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.BaseString, cst.Integer,
          cst.Float, cst.Imaginary, cst.List, cst.Tuple, cst.Dict, cst.Set, cst.ListComp,
          cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.Ellipsis)


def operands(node: cst.CSTNode) -> list[tuple[cst.CSTNode, type]]:
    """The expressions directly under `node` that its operator binds, each with the
    node's class: where a looser expression written in place of one needs parentheses."""
    if isinstance(node, cst.BinaryOperation):
        return [(node.left, cst.BinaryOperation), (node.right, cst.BinaryOperation)]
    if isinstance(node, cst.Comparison):
        return [(node.left, cst.Comparison),
                *((target.comparator, cst.Comparison) for target in node.comparisons)]
    if isinstance(node, cst.UnaryOperation):
        return [(node.expression, type(node.operator))]
    if isinstance(node, cst.BooleanOperation):
        return [(node.left, type(node.operator)), (node.right, type(node.operator))]
    if isinstance(node, cst.Attribute | cst.Subscript):
        return [(node.value, cst.Attribute)]
    if isinstance(node, cst.Call):
        return [(node.func, cst.Attribute)]
    if isinstance(node, cst.Await):
        return [(node.expression, cst.Attribute)]
    return []


def bound(expression: cst.BaseExpression, context: type | None) -> cst.BaseExpression:
    """`expression` written where an operand of a `context` node was (operands()), in
    parentheses where that operator would otherwise bind it otherwise (`a == b * "!"`)."""
    if context is None or expression.lpar or isinstance(expression, _ATOMS):
        return expression
    if context is cst.Not:  # `not` binds looser than a comparison, tighter than and/or
        loose = isinstance(expression, cst.BooleanOperation | cst.IfExp | cst.Lambda
                           | cst.NamedExpr)
    elif context in (cst.And, cst.Or):  # `a or b` in an `or` is the same chain; in `and`,
        # `or` binds looser
        loose = isinstance(expression, cst.IfExp | cst.Lambda | cst.NamedExpr) or (
            isinstance(expression, cst.BooleanOperation) and context is cst.And
            and isinstance(expression.operator, cst.Or))
    else:
        loose = True
    if not loose:
        return expression
    return expression.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def kw(name: str, value: cst.BaseExpression) -> cst.Arg:
    """`name=value`, spelt without spaces as PEP 8 has it."""
    return cst.Arg(value=value, keyword=cst.Name(name),
                   equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                         whitespace_after=cst.SimpleWhitespace("")))


def attribute(dotted: str) -> cst.BaseExpression:
    return cst.parse_expression(dotted)


def with_comments(result, notes: list):
    """The statement with these comment lines above it (the first of several): each note
    a comment's text, or a line made already (a declared change's mark)."""
    lines = [n if isinstance(n, cst.EmptyLine) else cst.EmptyLine(comment=cst.Comment(n))
             for n in notes]
    if isinstance(result, cst.FlattenSentinel):
        first, *rest = result.nodes
        return cst.FlattenSentinel([with_comments(first, notes), *rest])
    if isinstance(result, STATEMENTS):
        return result.with_changes(leading_lines=[*result.leading_lines, *lines])
    return result


# -- placing statements ----------------------------------------------------------------
def last_import(body) -> int:
    """Where to put a statement after the module's first block of imports (and after a
    docstring): where needed_imports.py puts the Flask imports, and before
    any code, so imports further down (`import routes` at the end) come after it."""
    at = 0
    for i, stmt in enumerate(body):
        if isinstance(stmt, cst.SimpleStatementLine) and all(
                isinstance(s, cst.Import | cst.ImportFrom) for s in stmt.body):
            at = i + 1
        elif i == 0 and isinstance(stmt, cst.SimpleStatementLine) and isinstance(
                stmt.body[0], cst.Expr) and isinstance(stmt.body[0].value, cst.SimpleString):
            at = 1
        else:
            break
    return at


def after_imports(module: cst.Module,
                  source: str | Sequence[cst.SimpleStatementLine | cst.BaseCompoundStatement]
                  ) -> cst.Module:
    """The statements of `source` (code, or the statements themselves: nothing written out
    to be read again) after the module's imports, two blank lines around."""
    body = list(module.body)
    at = last_import(body)
    two = [cst.EmptyLine(), cst.EmptyLine()]  # PEP 8's two blank lines on either side
    new = list(cst.parse_module(source).body if isinstance(source, str) else source)
    new[0] = new[0].with_changes(leading_lines=[*two, *_unblank(new[0].leading_lines)])
    if at < len(body):
        body[at] = body[at].with_changes(leading_lines=[*two,
                                                        *_unblank(body[at].leading_lines)])
    return module.with_changes(body=[*body[:at], *new, *body[at:]])


def _unblank(lines) -> list:
    """Leading lines less the blank ones before the first comment."""
    lines = list(lines)
    while lines and lines[0].comment is None:
        lines.pop(0)
    return lines


def is_flask_call(node) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
        and node.func.value == "Flask"


def is_flask_init(node) -> bool:
    """`super().__init__(__name__, ...)` or `Flask.__init__(self, __name__, ...)`: a Flask
    subclass made by P002 (the call that takes Flask's options there)."""
    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "__init__"):
        return False
    target, args = node.func.value, node.args
    if isinstance(target, cst.Call) and isinstance(target.func, cst.Name) \
            and target.func.value == "super":
        return bool(args) and args[0].keyword is None \
            and isinstance(args[0].value, cst.Name) and args[0].value.value == "__name__"
    return isinstance(target, cst.Name) and target.value == "Flask" and len(args) > 1 \
        and isinstance(args[1].value, cst.Name) and args[1].value.value == "__name__"


def makes_app(stmt, name: str) -> bool:
    """`APP = Flask(...)`, or `from module import APP` (an app another module made)."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    if isinstance(stmt.body[0], cst.ImportFrom) and not isinstance(stmt.body[0].names,
                                                                    cst.ImportStar):
        if isinstance(stmt.body[0].module, cst.Name) and stmt.body[0].module.value == "bottle":
            return False  # `from bottle import app`: Bottle's default-app stack, not ours
        return any((a.evaluated_alias or a.name.value) == name
                   for a in stmt.body[0].names if isinstance(a.name, cst.Name))
    if not isinstance(stmt.body[0], cst.Assign):
        return False
    assign = stmt.body[0]
    return any(isinstance(t.target, cst.Name) and t.target.value == name
               for t in assign.targets) and is_flask_call(assign.value)


def app_target(stmt, app_name: str,
               makers: frozenset[str] = frozenset()) -> cst.BaseExpression | None:
    """What `X = Flask(...)` binds (a name or `self.app`), `self` where a Flask subclass
    (a Bottle one, ported) makes itself (`super().__init__(__name__)`), what `app =
    Shop(...)` binds for a class in `makers` (such a subclass, imported), or the app a
    module imports."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and (
            is_flask_call(small.value) or isinstance(small.value, cst.Call)
            and isinstance(small.value.func, cst.Name) and small.value.func.value in makers):
        return small.targets[0].target  # `app = application = Flask(...)`: the first
    if isinstance(small, cst.Expr) and (me := flask_init(small.value)) is not None:
        return me
    if isinstance(small, cst.ImportFrom) and makes_app(stmt, app_name):
        return cst.Name(app_name)
    return None


def flask_init(node: cst.BaseExpression) -> cst.Name | None:
    """`self` of `super().__init__(__name__, ...)` or `Flask.__init__(self, __name__, ...)`,
    the lines P002 writes where a Flask subclass makes itself; else None."""
    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "__init__"):
        return None
    owner, args = node.func.value, [a.value for a in node.args]
    if isinstance(owner, cst.Call) and isinstance(owner.func, cst.Name) \
            and owner.func.value == "super" and args \
            and isinstance(args[0], cst.Name) and args[0].value == "__name__":
        return cst.Name("self")
    if isinstance(owner, cst.Name) and owner.value == "Flask" and len(args) > 1 \
            and isinstance(args[0], cst.Name) and isinstance(args[1], cst.Name) \
            and args[1].value == "__name__":
        return args[0]
    return None


def after_app(module: cst.Module, app_name: str, templates: list[str], *,
              makers: frozenset[str] = frozenset(), **values) -> tuple[cst.Module, bool]:
    """Each statement template (`{app}` is the app) after every statement that makes or
    imports the app (makers: classes whose instances are apps, app_target); False when
    there is none."""
    return after_app_calls(module, app_name, [(templates, values)], makers=makers)


def after_app_calls(module: cst.Module, app_name: str,
                    calls: list[tuple[list[str], dict[str, cst.BaseExpression]]], *,
                    makers: frozenset[str] = frozenset()) -> tuple[cst.Module, bool]:
    """after_app() of each (templates, values) in turn, in one walk: each call's
    statements go right after the app, so the last call's come first, and a def placed
    puts two blank lines before what follows it, as the calls one after another did."""
    place = PlaceAfterApp(app_name, calls, makers)
    module = transform(module, place)
    return module, bool(place.placed)


class PlaceAfterApp(Transformer):
    """after_app_calls()' walk, for a transformer that does more in the same walk (the
    app's options: placement.py)."""

    def __init__(self, app_name: str,
                 calls: list[tuple[list[str], dict[str, cst.BaseExpression]]],
                 makers: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.app_name, self.calls, self.makers = app_name, calls, makers
        self.placed: list[cst.BaseExpression] = []

    def body(self, stmts) -> list | None:
        """The block's statements with the templates placed; None where it has no
        statement making the app (the block is handed on as itself: a new node for each
        block rebuilt every node above it, the whole module, at each call)."""
        if not self.calls:
            return None
        placed = self.placed
        before = len(placed)
        new: list = []
        spaced = False  # the last statement placed is a def: two blank lines after it
        for stmt in stmts:
            if spaced:
                stmt = _spaced_out(stmt)
                spaced = False
            new.append(stmt)
            target = app_target(stmt, self.app_name, self.makers)
            if target is None:
                continue
            placed.append(target)
            for templates, values in reversed(self.calls):
                for n, t in enumerate(templates):
                    made = template_statement(t, app=target, **values)
                    if spaced and n == 0:  # a def an earlier call placed came before it
                        made = _spaced_out(made)
                        spaced = False
                    if isinstance(made, cst.FunctionDef | cst.ClassDef):  # PEP 8's spacing
                        made = made.with_changes(leading_lines=[cst.EmptyLine(),
                                                                cst.EmptyLine()])
                        spaced = True
                    new.append(made)
        return new if len(placed) > before else None

    def leave_IndentedBlock(self, original, updated):
        new = self.body(updated.body)
        return updated if new is None else updated.with_changes(body=new)

    def leave_Module(self, original, updated):
        new = self.body(updated.body)
        return updated if new is None else updated.with_changes(body=new)


def _spaced_out(stmt):
    """Two blank lines before the statement (it follows a def)."""
    return stmt.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine(),
                                            *_unblank(stmt.leading_lines)])


__all__ = ["REMOVE", "STATEMENTS", "Remove", "Transformer", "Visitor", "after_app",
           "after_app_calls", "after_imports", "PlaceAfterApp",
           "app_target", "arg", "attribute", "ends", "free_name", "is_flask_call", "is_flask_init",
           "kw", "last_import", "makes_app", "names_assigned", "names_bound", "names_read",
           "names_read_outside_imports", "names_used", "remember_names", "string_value",
           "template_statement", "transform", "walk", "with_comments"]


def function_named(node: cst.BaseExpression) -> str | None:
    """The function a statement hands over by name (an error page, a hook registered by
    hand): `missing` of `missing`, or of `self.missing` (a method of the app's own class,
    a Bottle subclass's); else None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) \
            and node.value.value == "self":
        return node.attr.value
    return None


# -- an edit's form, with what the walk made of its node's parts ----------------------
def swap(form, original: cst.CSTNode, updated: cst.CSTNode,
         put: dict[int, cst.CSTNode] | None = None):
    """An edit's form (contract.Edit), built from the node `original` as the walk entered
    it, with each part of `original` it holds replaced by what the walk made of that
    part: the same part of `updated` (a node, or nodes that stand together); `put`: nodes
    of the form to replace too, by id (an edit's holes, the chosen candidate's parts)."""
    if form is original:
        return updated
    if form is None:
        return form
    made: dict[int, cst.CSTNode] = dict(put or {})
    _pair(original, updated, made)
    if not made:
        return form
    # (LibCST's own visit: a form is a few nodes, and not a walk of the module's)
    if isinstance(form, tuple):
        return tuple(node.visit(_Swap(made)) for node in form)
    return form.visit(_Swap(made))


def _pair(original: cst.CSTNode, updated: cst.CSTNode, made: dict[int, cst.CSTNode]) -> None:
    """Each part of `original` the walk changed, by id, with what it made of it: read
    side by side while the two have the same shape (a part made anew ends the pairing
    below it)."""
    if original is updated:
        return
    made[id(original)] = updated
    if type(original) is not type(updated):
        return
    for name in child_fields(original):
        before, after = getattr(original, name), getattr(updated, name)
        if type(before) in (tuple, list):
            if len(before) == len(after):
                for a, b in zip(before, after, strict=True):
                    if is_node(a) and is_node(b):
                        _pair(a, b, made)
        elif is_node(before) and is_node(after):
            _pair(before, after, made)


class _Swap(Transformer):
    def __init__(self, made: dict[int, cst.CSTNode]) -> None:
        super().__init__()
        self.made = made

    def on_visit(self, node: cst.CSTNode) -> bool:
        return id(node) not in self.made

    def on_leave(self, original, updated):
        return self.made.get(id(original), updated)
