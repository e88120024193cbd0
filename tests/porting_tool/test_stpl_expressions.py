"""Random Python expressions print the same through Bottle and through the converter.

Jinja2's operator grammar differs from Python's (precedence of `**` and unary minus,
associativity, where tests and filters bind); the translator must parenthesise for it.
"""

from __future__ import annotations

import ast
import warnings

import bottle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bottle2flask.stpl import convert_source, environment

BINARY = [ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow]
COMPARE = [ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE]


def expressions():
    leaves = st.one_of(
        st.integers(-3, 3).map(lambda n: ast.Constant(n)),
        st.sampled_from(["a", "b", "xs[0]", "xs[-1]", "d['k']", "len(xs)", "d.get('k')",
                         "max(xs)", "n is None", "n is not None", "xs[1:]", "f'{a}'",
                         "get('a', 0)", "defined('b')"]).map(lambda t: ast.parse(t).body[0].value),
    )

    def extend(children):
        return st.one_of(
            st.builds(lambda left, op, r: ast.BinOp(left, op(), r), children,
                      st.sampled_from(BINARY), children),
            st.builds(lambda o: ast.UnaryOp(ast.USub(), o), children),
            st.builds(lambda o: ast.UnaryOp(ast.Not(), o), children),
            st.builds(lambda left, r, op: ast.BoolOp(op(), [left, r]), children, children,
                      st.sampled_from([ast.And, ast.Or])),
            st.builds(lambda left, op, r: ast.Compare(left, [op()], [r]), children,
                      st.sampled_from(COMPARE), children),
            st.builds(lambda b, t, o: ast.IfExp(t, b, o), children, children, children),
        )

    return st.recursive(leaves, extend, max_leaves=6).map(
        lambda node: ast.unparse(ast.fix_missing_locations(node)))


def python_value(source: str, context: dict):
    try:
        value = eval(source, {"get": context.get, "defined": context.__contains__},
                     dict(context))  # noqa: S307 - our own generated expressions
    except (ZeroDivisionError, OverflowError, ValueError, TypeError, NameError):
        return None
    if isinstance(value, int) and abs(value) > 10**6:
        return None  # huge powers: nothing to learn from them
    return value


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(expressions())
def test_an_expression_prints_the_same_in_both_engines(source):
    context = {"a": 2, "b": -1, "xs": [3, 1], "d": {"k": 4}, "n": None}
    if python_value(source, context) is None:
        return  # Python raises or explodes: Bottle would fail too
    template = "{{" + source + "}}"
    expected = bottle.SimpleTemplate(template).render(**context)
    converted = convert_source(template)
    assert converted.ok, (source, converted)
    if converted.notes:  # flagged, not guessed: only Jinja2's miscompiled (-1) ** n
        assert [n.message.startswith("a negative constant raised to a power")
                for n in converted.notes] == [True], converted.notes
        return
    assert environment().from_string(converted.source).render(**context) == expected, (
        source, converted.source)


def test_is_the_empty_string_is_a_comparison_with_it():
    # CPython has one empty string: `x is ''` is `x == ''` (Python warns about it; old
    # templates have it). Any other `is` with a literal stays a TODO.
    template = "% if m is not '':\n<b>{{m}}</b>\n% end\n{{ 'e' if m is '' else 'n' }}\n"
    converted = convert_source(template)
    assert converted.ok and not converted.notes, converted
    assert "m != ''" in converted.source and "m == ''" in converted.source
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # Python's "did you mean !="
        original = bottle.SimpleTemplate(template)
        for m in ("", "hi", None):
            printed = original.render(m=m)
            if m is None and bottle.__version__.startswith("0.12."):
                # Bottle 0.12 prints None as 'None'; 0.13, and the converted template, ''
                printed = printed.replace("<b>None</b>", "<b></b>")
            stock = environment(keep_trailing_newline=False)  # Flask's: the marked form's
            assert stock.from_string(converted.source).render(m=m) == printed
    assert convert_source("{{ m is 'x' }}").notes[0].rule == "T025"
