"""edit.string_value: a string literal's value as Python reads it, most of them read
without compiling them."""

from __future__ import annotations

import ast
import warnings

import libcst as cst
import pytest
from libcst._nodes import expression

from bottle2flask.port.edit import string_value

LITERALS = ['"a"', "'a b'", '""', "''", '"""two\nlines"""', "'''q'''", 'r"\\d+"', "R'\\w'",
            'u"x"', "U'y'", '"tab\\tescaped"', "'\\x41'", '"\\N{BULLET}"', '"""a\r\nb"""',
            "r'''raw\\n'''", 'b"bytes"', "Rb'\\d'", '"<id:int>/\\."', "f'{x}'", "1"]


@pytest.mark.parametrize("literal", LITERALS)
def test_string_value_is_the_literal_s_value_as_python_reads_it(literal):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = ast.literal_eval(literal) if not literal.startswith("f") else None
    expected = value if isinstance(value, str) else None
    assert string_value(cst.parse_expression(literal)) == expected


def test_a_literal_said_as_written_is_read_without_compiling_it(monkeypatch):
    # ast.literal_eval (LibCST's evaluated_value) compiles each literal: some 2,000 a port
    plain = [cst.parse_expression(literal) for literal in ('"/item/<id:int>"', "'x'",
                                                            "r'\\d'", '"""a\nb"""')]
    monkeypatch.setattr(expression, "literal_eval", lambda text: pytest.fail(text))
    assert [string_value(node) for node in plain] == ["/item/<id:int>", "x", "\\d", "a\nb"]
