"""The reader on Bottle's own parser: its read_code() as Bottle 0.13's translate() calls it
(the code's source handed in, the length read returned) and as 0.12's does (no source:
read from the offset, and the offset moved), so `make conformance-bottle012` converts."""

from __future__ import annotations

from bottle2flask.stpl.reader import Code, Reader


def test_read_code_as_bottle_013_calls_it():
    reader = Reader("% x = 1\ntext")
    reader.offset = 2
    assert reader.read_code("x = 1\ntext", multiline=False) == len("x = 1\n")
    assert reader.offset == 2  # 0.13's translate() moves it
    assert [t.code for t in reader.tokens if isinstance(t, Code)] == ["x = 1"]


def test_read_code_as_bottle_012_calls_it():
    reader = Reader("% x = 1\ntext")
    reader.offset = 2
    reader.read_code(multiline=False)
    assert reader.offset == len("% x = 1\n")
    assert [t.code for t in reader.tokens if isinstance(t, Code)] == ["x = 1"]
