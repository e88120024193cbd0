"""Python expressions (as written in a SimpleTemplate) to Jinja2 expression text.

Only a subset translates with the same meaning; anything outside it raises
Unsupported with a rule code, and the caller leaves a TODO. Jinja2's grammar is not
Python's: `**` is left-associative and binds looser than unary minus, tests
(`is none`) and filters bind tighter than any operator, so operands are
parenthesised by Jinja2's precedence, not Python's.
"""

from __future__ import annotations

import ast
import builtins

from .errors import Unsupported

# Jinja2 precedence, loosest first (see jinja2/parser.py: parse_condexpr ... parse_unary).
# A filter applies to the whole unary expression on its left (-x|abs is (-x)|abs) and
# reads a following dotted name as its own, so a filtered value is one level below an atom.
COND, OR, AND, NOT, COMPARE, ADD, CONCAT, MUL, POW, UNARY, FILTER, ATOM = range(12)

BINOPS = {ast.Add: ("+", ADD), ast.Sub: ("-", ADD), ast.Mult: ("*", MUL),
          ast.Div: ("/", MUL), ast.FloorDiv: ("//", MUL), ast.Mod: ("%", MUL),
          ast.Pow: ("**", POW)}
COMPARES = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
            ast.GtE: ">=", ast.In: "in", ast.NotIn: "not in"}
SINGLETONS = {None: "none", True: "true", False: "false"}
# Names with a meaning of their own in Jinja2: a Bottle variable of that name would
# be shadowed or misread.
RESERVED = {"loop", "self", "caller", "varargs", "kwargs", "super", "true", "false", "none",
            "True", "False", "None"}
# Names Bottle's generated code defines for itself (SimpleTemplate.execute).
INTERNALS = {"_stdout", "_printlist", "_str", "_escape", "_rebase"}
# Bottle's template functions that only make sense as statements.
STATEMENT_ONLY = {"include", "rebase", "setdefault"}


def builtin_filters():
    """Python builtins Bottle templates call, as the Jinja2 filter that means the same.

    Each entry: name -> (filter text, positional argument count it accepts). Jinja2's
    sort/min/max ignore case by default; Python's do not.
    """
    return {
        "len": ("length", 1), "str": ("string", 1), "list": ("list", 1),
        "abs": ("abs", 1), "sum": ("sum", 1),
        # Jinja2's int and float return 0 where Python's raise: the same on every page
        # that rendered in Bottle.
        "int": ("int", 1), "float": ("float", 1),
        "sorted": ("sort(case_sensitive=true)", 1),
        "min": ("min(case_sensitive=true)", 1), "max": ("max(case_sensitive=true)", 1),
    }


BUILTINS = builtin_filters()
# Python builtins a Bottle template can call that Jinja2 has no global for.
MISSING = {name for name in dir(builtins) if not name.startswith("_")
           and callable(getattr(builtins, name))} - {"range", "dict"}


# Bottle's request, read by a template that imports it (`% from bottle import request`),
# in Flask's names (the port's P004 for code): the attributes Flask calls otherwise, and
# Bottle's FormsDicts, whose attribute access (`request.forms.name`) is a get() with ''
REQUEST_RENAMED = {"forms": "form", "query": "args", "params": "values", "POST": "form",
                   "GET": "args", "url_args": "view_args", "fullpath": "path"}
REQUEST_MULTIDICTS = {"forms", "query", "params", "POST", "GET", "files", "cookies",
                      "headers"}
MULTIDICT_METHODS = {"get", "getall", "getlist", "keys", "values", "items", "getunicode",
                     "decode", "dict", "copy", "to_dict", "allitems", "append", "replace"}
MULTIDICT_RENAMED = {"getall": "getlist"}  # a MultiDict's own name for it


class FlaskRequestReads(ast.NodeTransformer):
    """Python a template runs on Bottle's request it imports, read by Flask's names (the
    code a helper keeps, hoist.py): as Translator.e_Attribute says it in Jinja2."""

    def __init__(self, requests: set[str]):
        self.requests = requests

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        value = node.value
        if isinstance(value, ast.Name) and value.id in self.requests:
            return ast.copy_location(ast.Attribute(
                value, REQUEST_RENAMED.get(node.attr, node.attr), node.ctx), node)
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) \
                and value.value.id in self.requests and value.attr in \
                {REQUEST_RENAMED.get(name, name) for name in REQUEST_MULTIDICTS}:
            if node.attr in MULTIDICT_RENAMED:
                return ast.copy_location(ast.Attribute(
                    value, MULTIDICT_RENAMED[node.attr], node.ctx), node)
            if node.attr not in MULTIDICT_METHODS and not node.attr.startswith("_") \
                    and isinstance(node.ctx, ast.Load):
                return ast.copy_location(ast.Call(
                    ast.Attribute(value, "get", ast.Load()),
                    [ast.Constant(node.attr), ast.Constant("")], []), node)
        return node


def flask_request_reads(code: str, requests: set[str], statement: bool) -> str:
    """`code` with the reads of `requests` (names bound to Bottle's request) in Flask's
    names: `request.query.getall("q")` -> `request.args.getlist("q")`; as it was when it
    reads none of them."""
    tree = ast.parse(code, mode="exec" if statement else "eval")
    if not {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & requests:
        return code
    return ast.unparse(ast.fix_missing_locations(FlaskRequestReads(requests).visit(tree)))


class Translator:
    """One template's expression translator; `used` collects the rules it applied."""

    def __init__(self):
        self.used: set[str] = set()
        self.local: set[str] = set()  # names the template assigns itself
        # names the template binds to Bottle's request (`% from bottle import request`):
        # Flask's request in the port, read by its own names
        self.requests: set[str] = set()
        self.include_result = False  # `_ = include(...)` was seen: `_` is its namespace
        # names a loop carries (T032), kept on a Jinja2 namespace() object: ns.count
        self.namespaced: frozenset[str] = frozenset()
        self.namespace = "ns"
        self.in_macro = False  # reading a template function's body: kwargs is Jinja2's

    def __call__(self, node: ast.AST) -> str:
        return self.expr(node)[0]

    # Each method returns (text, precedence).
    def expr(self, node: ast.AST) -> tuple[str, int]:
        method = getattr(self, "e_" + type(node).__name__, None)
        if method is None:
            raise Unsupported(*UNSUPPORTED.get(type(node), (
                "T020", f"{type(node).__name__} has no Jinja2 equivalent")))
        return method(node)

    def wrap(self, node, level: int, right: bool = False) -> str:
        text, own = self.expr(node)
        if own < level or (right and own == level):
            return f"({text})"
        return text

    def atom(self, node) -> str:
        return self.wrap(node, ATOM)

    def e_Constant(self, node):
        value = node.value
        if isinstance(value, bool) or value is None:
            return SINGLETONS[value], ATOM
        if isinstance(value, str):
            return repr(value), ATOM
        if isinstance(value, int):
            return repr(value), ATOM if value >= 0 else UNARY
        if isinstance(value, float) and value == value and abs(value) != float("inf"):
            return repr(value), ATOM if value >= 0 else UNARY
        raise Unsupported("T020", f"the literal {value!r} has no Jinja2 spelling")

    def e_Name(self, node):
        if node.id in ("kwargs", "varargs") and not self.in_macro:
            return node.id, ATOM  # Jinja2's own only in a macro's body
        if node.id in RESERVED:
            raise Unsupported("T027", f"`{node.id}` is a name Jinja2 reserves")
        if node.id == "_" and self.include_result and node.id not in self.local:
            raise Unsupported("T026", "`_` holds what include() returned (the included "
                                      "template's names): Jinja2's include returns nothing")
        if node.id in INTERNALS and node.id not in self.local:
            raise Unsupported("T026", f"`{node.id}` is a name of Bottle's generated code, "
                                      "which Jinja2 does not have: print with {{ }} or {{! }}")
        if node.id in STATEMENT_ONLY or node.id in ("get", "defined"):
            raise Unsupported("T026", f"`{node.id}` is used other than as a call Jinja2 knows")
        if node.id in self.namespaced:
            return f"{self.namespace}.{node.id}", ATOM
        return node.id, ATOM

    def e_Attribute(self, node):
        value = node.value
        if isinstance(value, ast.Name) and value.id in self.requests - self.local:
            return f"{value.id}.{REQUEST_RENAMED.get(node.attr, node.attr)}", ATOM
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) \
                and value.value.id in self.requests - self.local \
                and value.attr in REQUEST_MULTIDICTS and node.attr not in MULTIDICT_METHODS \
                and not node.attr.startswith("_"):
            owner = REQUEST_RENAMED.get(value.attr, value.attr)
            return f"{value.value.id}.{owner}.get({node.attr!r}, '')", ATOM
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) \
                and value.value.id in self.requests - self.local \
                and value.attr in REQUEST_MULTIDICTS and node.attr in MULTIDICT_RENAMED:
            owner = REQUEST_RENAMED.get(value.attr, value.attr)
            return f"{value.value.id}.{owner}.{MULTIDICT_RENAMED[node.attr]}", ATOM
        return f"{self.atom(node.value)}.{node.attr}", ATOM

    def e_Subscript(self, node):
        self.used.add("T011")
        return f"{self.atom(node.value)}[{self.subscript(node.slice)}]", ATOM

    def subscript(self, node) -> str:
        if isinstance(node, ast.Slice):
            parts = [self(p) if p is not None else "" for p in (node.lower, node.upper)]
            if node.step is not None:
                parts.append(self(node.step))
            return ":".join(parts)
        if isinstance(node, ast.Tuple):
            return ", ".join(self.subscript(e) for e in node.elts)
        return self(node)

    def e_Tuple(self, node):
        items = [self.wrap(e, COND) for e in node.elts]
        if len(items) == 1:
            return f"({items[0]},)", ATOM
        return f"({', '.join(items)})", ATOM

    def e_List(self, node):
        return f"[{', '.join(self.wrap(e, COND) for e in node.elts)}]", ATOM

    def e_Dict(self, node):
        if any(k is None for k in node.keys):
            raise Unsupported("T020", "`**` in a dict literal has no Jinja2 equivalent")
        pairs = (f"{self.wrap(k, COND)}: {self.wrap(v, COND)}"
                 for k, v in zip(node.keys, node.values, strict=True))
        return "{" + ", ".join(pairs) + "}", ATOM

    def e_BoolOp(self, node):
        op, level = ("and", AND) if isinstance(node.op, ast.And) else ("or", OR)
        first, *rest = node.values
        text = self.wrap(first, level)
        for value in rest:
            text += f" {op} {self.wrap(value, level, right=True)}"
        return text, level

    def e_UnaryOp(self, node):
        if isinstance(node.op, ast.Not):
            return f"not {self.wrap(node.operand, NOT)}", NOT
        if isinstance(node.op, ast.Invert):
            raise Unsupported("T025", "the `~` operator means concatenation in Jinja2")
        sign = "-" if isinstance(node.op, ast.USub) else "+"
        # Parenthesise anything but an atom: -x**2 reads differently in Jinja2.
        return f"{sign}{self.wrap(node.operand, ATOM)}", UNARY

    def e_BinOp(self, node):
        if type(node.op) not in BINOPS:
            raise Unsupported("T025", f"the `{ast.unparse(node)}` operator has no Jinja2 "
                                      "equivalent (| is a filter, ~ concatenates)")
        op, level = BINOPS[type(node.op)]
        if op == "**" and _negative_constant(node.left) and not _constant(node.right):
            # Jinja2 folds it into a constant and writes `(-1 ** a)`: Python reads -(1 ** a).
            raise Unsupported("T025", "a negative constant raised to a power: Jinja2 "
                                      "compiles (-1) ** n as -(1 ** n)")
        if op == "**":
            # Python's ** is right-associative and binds tighter than unary minus on its
            # left; Jinja2's is left-associative and looser: parenthesise both sides.
            return f"{self.wrap(node.left, ATOM)} ** {self.wrap(node.right, ATOM)}", POW
        return f"{self.wrap(node.left, level)} {op} {self.wrap(node.right, level, True)}", level

    def e_Compare(self, node):
        text = self.wrap(node.left, ADD)
        if any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            if len(node.ops) > 1:
                raise Unsupported("T025", "a chain of comparisons with `is` has no Jinja2 form")
            right = node.comparators[0]
            if isinstance(right, ast.Constant) and right.value in ("", b"") \
                    and type(right.value) in (str, bytes):
                # CPython has one empty string (and one empty bytes): `x is ''` is
                # `x == ''` for every x but one with an __eq__ of its own.
                op = "!=" if isinstance(node.ops[0], ast.IsNot) else "=="
                return f"{text} {op} {self.wrap(right, ADD)}", COMPARE
            if not (isinstance(right, ast.Constant)
                    and (right.value is None or isinstance(right.value, bool))):
                raise Unsupported("T025", "`is` other than `is None`/`is True`/`is False` "
                                          "has no Jinja2 test")
            word = "is not" if isinstance(node.ops[0], ast.IsNot) else "is"
            # A test binds tighter than any operator in Jinja2, and would read a word
            # after it (`x is none if ...`) as its argument: parenthesise it in anything.
            return f"{self.atom(node.left)} {word} {SINGLETONS[right.value]}", COND
        for op, right in zip(node.ops, node.comparators, strict=True):
            text += f" {COMPARES[type(op)]} {self.wrap(right, ADD)}"
        return text, COMPARE

    def e_IfExp(self, node):
        body = self.wrap(node.body, OR)
        test = self.wrap(node.test, OR)
        return f"{body} if {test} else {self.wrap(node.orelse, COND)}", COND

    def e_JoinedStr(self, node):
        if any(isinstance(v, ast.FormattedValue) and (v.conversion != -1 or v.format_spec)
               for v in node.values):
            # f"{x:.2f}" is "{:.2f}".format(x): str.format reads the same conversions and
            # specs, nested fields ({x:{w}}) numbered in the same order
            self.used.add("T015")
            args: list[str] = []
            text = self.format_fields(node, args)
            return f"{text!r}.format({', '.join(args)})", ATOM
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(repr(value.value))
            else:
                parts.append(self.wrap(value.value, MUL))
        self.used.add("T015")
        if len(parts) == 1:  # Python formats it as a string
            parts.insert(0, "''")
        return " ~ ".join(parts), CONCAT

    def format_fields(self, node: ast.JoinedStr, args: list[str]) -> str:
        """An f-string's text as str.format's, its expressions appended to args."""
        text = ""
        for value in node.values:
            if isinstance(value, ast.Constant):  # the text between the fields: a str
                text += str(value.value).replace("{", "{{").replace("}", "}}")
                continue
            assert isinstance(value, ast.FormattedValue)  # what else a JoinedStr holds
            args.append(self(value.value))
            field = "" if value.conversion == -1 else "!" + chr(value.conversion)
            if isinstance(value.format_spec, ast.JoinedStr):
                field += ":" + self.format_fields(value.format_spec, args)
            text += "{" + field + "}"
        return text

    def e_Call(self, node):
        func = node.func
        if isinstance(func, ast.Name):
            special = getattr(self, "call_" + func.id, None)
            if special is not None:
                return special(node)
            if func.id in BUILTINS and len(node.args) == BUILTINS[func.id][1] \
                    and not node.keywords and not isinstance(node.args[0], ast.Starred):
                self.used.add("T013")
                return f"{self.atom(node.args[0])}|{BUILTINS[func.id][0]}", FILTER
            if func.id not in self.local:
                known = self.two_builtins(node)
                if known is not None:
                    return known
            if func.id in STATEMENT_ONLY:
                raise Unsupported("T026", f"`{func.id}()` inside an expression")
            if func.id in MISSING and func.id not in self.local:
                self.arguments(node)  # a lambda in the arguments is the first problem
                raise Unsupported("T028", f"Python's `{func.id}()` is not a Jinja2 global "
                                          "(add it to app.jinja_env.globals, or rewrite)")
        return f"{self.atom(func)}({self.arguments(node)})", ATOM

    # map/filter with a lambda that reads an attribute, any/all: Jinja2's own filters
    def call_map(self, node):
        path = _key_path(node.args[0]) if len(node.args) == 2 and not node.keywords else None
        if "map" in self.local or path is None:
            return self.not_a_filter(node)
        self.used.add("T013")
        return f"{self.atom(node.args[1])}|map(attribute={path!r})", FILTER

    def call_filter(self, node):
        if "filter" in self.local or len(node.args) != 2 or node.keywords:
            return self.not_a_filter(node)
        test, items = node.args
        if isinstance(test, ast.Constant) and test.value is None:
            self.used.add("T013")
            return f"{self.atom(items)}|select", FILTER
        negated = isinstance(test, ast.Lambda) and isinstance(test.body, ast.UnaryOp) \
            and isinstance(test.body.op, ast.Not)
        path = _key_path(ast.Lambda(test.args, test.body.operand) if negated else test)
        if path is None:
            return self.not_a_filter(node)
        self.used.add("T013")
        return f"{self.atom(items)}|{'rejectattr' if negated else 'selectattr'}({path!r})", FILTER

    def call_any(self, node):
        return self.truth_of(node, "select", "defined")

    def call_all(self, node):
        return self.truth_of(node, "reject", "undefined")

    def truth_of(self, node, keep: str, test: str):
        """any(xs): a first truthy item is defined; all(xs): a first falsy one is not."""
        name = node.func.id
        if name in self.local or len(node.args) != 1 or node.keywords \
                or isinstance(node.args[0], ast.Starred):
            return self.not_a_filter(node)
        self.used.add("T013")
        inner = node.args[0]
        # any(map(lambda x: x.a, xs)), any(map(lambda x: not x.a, xs)): the items' attribute
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) \
                and inner.func.id == "map" and "map" not in self.local \
                and len(inner.args) == 2 and not inner.keywords \
                and isinstance(inner.args[0], ast.Lambda):
            lam, body = inner.args[0], inner.args[0].body
            negated = isinstance(body, ast.UnaryOp) and isinstance(body.op, ast.Not)
            path = _key_path(ast.Lambda(lam.args, body.operand)
                             if isinstance(body, ast.UnaryOp) and negated else lam)
            if path is not None:
                truthy = (keep == "select") != negated
                kind = "selectattr" if truthy else "rejectattr"
                return f"{self.atom(inner.args[1])}|{kind}({path!r})|first is {test}", COND
        return f"{self.atom(inner)}|{keep}|first is {test}", COND

    def not_a_filter(self, node):
        """What e_Call says of a builtin it cannot write as a filter."""
        if node.func.id in self.local:
            return f"{self.atom(node.func)}({self.arguments(node)})", ATOM
        self.arguments(node)  # a lambda in the arguments is the first problem
        raise Unsupported("T028", f"Python's `{node.func.id}()` is not a Jinja2 global "
                                  "(add it to app.jinja_env.globals, or rewrite)")

    def two_builtins(self, node) -> tuple[str, int] | None:
        """`max(a, b)` -> `[a, b]|max`, `round(x, 2)` -> `x|round(2)`, `sorted(xs, reverse=r)`."""
        name, args, keywords = node.func.id, node.args, node.keywords
        if any(isinstance(a, ast.Starred) for a in args):
            return None
        if name in ("min", "max") and len(args) >= 2 and not keywords:
            self.used.add("T013")
            items = ", ".join(self.wrap(a, COND) for a in args)
            return f"[{items}]|{name}(case_sensitive=true)", FILTER
        if name == "round" and len(args) == 2 and not keywords:
            # Jinja2's round calls Python's with the precision; only round(x) differs
            # (Jinja2 passes 0 and returns a float, Python returns an int).
            self.used.add("T013")
            return f"{self.atom(args[0])}|round({self.wrap(args[1], COND)})", FILTER
        given = {k.arg: k.value for k in keywords}
        allowed = {"key", "reverse"} if name == "sorted" else {"key"}
        if name not in ("sorted", "min", "max") or len(args) != 1 or not given \
                or None in given or not set(given) <= allowed:
            return None
        options = []
        if "key" in given:
            path = _key_path(given["key"])
            if path is None:
                return None
            options.append(f"attribute={path!r}")
        if "reverse" in given:
            options.append(f"reverse={self.wrap(given['reverse'], COND)}")
        self.used.add("T013")
        filter_name = "sort" if name == "sorted" else name
        return (f"{self.atom(args[0])}|{filter_name}({', '.join(options)}, "
                "case_sensitive=true)"), FILTER

    def arguments(self, node) -> str:
        args, star, stars = [], 0, 0
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                star += 1
                args.append("*" + self.atom(arg.value))
            elif star:
                raise Unsupported("T026", "a positional argument after *args")
            else:
                args.append(self.wrap(arg, COND))
        for kw in node.keywords:
            if kw.arg is None:
                stars += 1
                args.append("**" + self.atom(kw.value))
            elif stars:
                raise Unsupported("T026", "a keyword argument after **kwargs")
            else:
                args.append(f"{kw.arg}={self.wrap(kw.value, COND)}")
        if star > 1 or stars > 1:
            raise Unsupported("T026", "more than one *args or **kwargs in one call")
        # Jinja2 wants *args after all keyword arguments: move it if there are none after.
        if star and node.keywords:
            starred = [a for a in args if a.startswith("*") and not a.startswith("**")]
            args = [a for a in args if a not in starred]
            at = next((i for i, a in enumerate(args) if a.startswith("**")), len(args))
            args[at:at] = starred
        return ", ".join(args)

    def literal_name(self, node, what: str) -> str:
        if not node.args or not isinstance(node.args[0], ast.Constant) \
                or not isinstance(node.args[0].value, str) or not node.args[0].value.isidentifier():
            raise Unsupported("T026", f"`{what}()` with a name that is not a literal")
        name = node.args[0].value
        if name in RESERVED:
            raise Unsupported("T027", f"`{name}` is a name Jinja2 reserves")
        return name

    def call_defined(self, node):
        if len(node.args) != 1 or node.keywords:
            raise Unsupported("T026", "`defined()` takes one name")
        self.used.add("T010")
        return f"{self.literal_name(node, 'defined')} is defined", COND

    def call_get(self, node):
        if not 1 <= len(node.args) <= 2 or node.keywords:
            raise Unsupported("T026", "`get()` takes a name and a default")
        self.used.add("T010")
        name = self.literal_name(node, "get")
        # Bottle's get is dict.get: a variable set to None stays None. So does Jinja2's
        # default filter (it replaces only undefined values, unless boolean=true).
        default = self.wrap(node.args[1], COND) if len(node.args) == 2 else "none"
        return f"{name}|default({default})", FILTER


def _key_path(node: ast.expr) -> str | None:
    """`lambda x: x.a[1]['b']` as Jinja2's attribute path 'a.1.b', or None.

    Jinja2 splits the path on dots and reads a part of digits as an index, so a key
    holding a dot or made of digits has no path.
    """
    if not isinstance(node, ast.Lambda) or node.args.args[1:] or node.args.defaults \
            or node.args.vararg or node.args.kwarg or node.args.kwonlyargs \
            or node.args.posonlyargs or not node.args.args:
        return None
    parts, body = [], node.body
    while not isinstance(body, ast.Name):
        if isinstance(body, ast.Attribute):
            parts.append(body.attr)
        elif isinstance(body, ast.Subscript) and isinstance(body.slice, ast.Constant) and (
                (isinstance(body.slice.value, str) and "." not in body.slice.value
                 and not body.slice.value.isdigit() and body.slice.value)
                or (type(body.slice.value) is int and body.slice.value >= 0)):
            parts.append(str(body.slice.value))
        else:
            return None
        body = body.value
    if body.id != node.args.args[0].arg or not parts:
        return None
    return ".".join(reversed(parts))


def _constant(node: ast.expr) -> bool:
    return all(isinstance(n, ast.Constant | ast.BinOp | ast.UnaryOp | ast.operator
                          | ast.unaryop) for n in ast.walk(node))


def _negative_constant(node: ast.expr) -> bool:
    # (Jinja2 folds a wholly constant power itself, correctly.)
    if not _constant(node):
        return False
    try:
        value = eval(compile(ast.Expression(node), "<constant>", "eval"), {"__builtins__": {}})
    except Exception:  # 1 // 0 and the like: Python raises, the page would fail either way
        return False
    return isinstance(value, int | float) and value < 0


UNSUPPORTED = {
    ast.ListComp: ("T021", "a list comprehension"),
    ast.SetComp: ("T021", "a set comprehension"),
    ast.DictComp: ("T021", "a dict comprehension"),
    ast.GeneratorExp: ("T021", "a generator expression"),
    ast.Lambda: ("T022", "a lambda"),
    ast.NamedExpr: ("T024", "an assignment expression (:=)"),
    ast.Set: ("T020", "a set literal"),
    ast.Starred: ("T020", "a starred expression"),
    ast.Await: ("T020", "await"),
    ast.Yield: ("T020", "yield"),
    ast.YieldFrom: ("T020", "yield from"),
}


def parse_expression(code: str) -> ast.expr:
    """Parse one Python expression; SyntaxError as Python would raise it."""
    return ast.parse(code, mode="eval").body
