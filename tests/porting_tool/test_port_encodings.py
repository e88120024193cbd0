"""Sources in the encoding they declare (PEP 263): Python reads a module by its coding line
or its BOM, so the port reads it so, and writes its port in the same encoding."""

from __future__ import annotations

import re

import pytest
import webtest

from bottle2flask.loading import load
from bottle2flask.port.folder import diff, port_tree
from bottle2flask.source_encoding import Unreadable, decode

from .helpers import forget_modules

APP = """\
{declaration}from bottle import Bottle

app = Bottle()


@app.route("/")
def index():
    return "Pol\u00edtica"
"""


@pytest.mark.parametrize(
    ("declaration", "encoding"),
    [
        ("# -*- coding: cp1252 -*-\n", "cp1252"),
        ("# vim: set fileencoding=latin-1 :\n", "latin-1"),
        ("", "utf-8-sig"),  # a BOM: the port keeps it
        ("", "utf-8"),
    ],
    ids=["cp1252", "latin-1", "utf-8-bom", "utf-8"],
)
def test_a_module_is_ported_in_the_encoding_it_declares(tmp_path, declaration, encoding):
    """The port is made (it was not: 'not UTF-8 ... copied unchanged', exit 1), keeps the
    declaration and the file's encoding, and serves the same text as Bottle."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    original = APP.format(declaration=declaration).encode(encoding)
    (src / "web.py").write_bytes(original)
    result = port_tree(src, out)
    assert [(m.path, m.status) for m in result.modules] == [("web.py", "success")]
    written = (out / "web.py").read_bytes()
    assert written.startswith(
        original[: original.index(b"\n") + 1] if declaration else original[:3]
    )  # (a BOM stays)
    assert decode(written)[1] == decode(original)[1]
    assert "from flask import Flask" in written.decode(encoding)
    assert "Pol\u00edtica" in written.decode(encoding)
    label = f"encoding_{encoding.replace('-', '_')}"
    try:
        bottle = webtest.TestApp(load(f"{src / 'web.py'}:app", {}, f"{label}_bottle").wsgi)
        flask = webtest.TestApp(load(f"{out / 'web.py'}:app", {}, f"{label}_flask").wsgi)
        assert bottle.get("/").text == flask.get("/").text == "Pol\u00edtica"
    finally:
        forget_modules(f"{label}_bottle", f"{label}_flask")
    # --diff reads both sides by their declaration too: text, not "Binary files differ"
    changes, _ = diff(src, out, result)
    assert "+from flask import Flask" in changes and "Binary" not in changes, changes


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"x = '\xed'\n", "not UTF-8 (invalid continuation byte at byte 5)"),
        (b"# coding: cp1252\nx = '\x81'\n", "not cp1252, its declared encoding"),
        (b"# coding: no-such-codec\nx = 1\n", "unknown encoding"),
    ],
    ids=["undeclared-latin-1", "a-byte-cp1252-has-not", "an-unknown-codec"],
)
def test_a_module_python_cannot_read_is_said_and_copied(tmp_path, data, said):
    """What Python itself refuses to read: named in one line, copied unchanged."""
    with pytest.raises(Unreadable, match=re.escape(said)):
        decode(data)
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "web.py").write_bytes(data)
    result = port_tree(src, out)
    assert [(m.status, m.error.startswith(f"web.py: {said}")) for m in result.modules] == [
        ("failure", True)
    ], result.modules
    assert (out / "web.py").read_bytes() == data
