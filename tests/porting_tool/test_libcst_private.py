"""What of LibCST below its public API bottle2flask uses: each use listed, with why, in
port/README.md ("LibCST's private API"), so none is added, or left listed once gone,
without the page saying so (issue #43: no private call pinning libcst without a reason)."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path

import libcst as cst
import pytest
from libcst._nodes.internal import CodegenState

import bottle2flask

PACKAGE = Path(bottle2flask.__file__).parent
README = PACKAGE / "port" / "README.md"


def private_names() -> set[str]:
    """The names LibCST's classes (and its code generator's state) keep to themselves."""
    classes = [obj for obj in vars(cst).values() if inspect.isclass(obj)] + [CodegenState]
    return {
        name
        for cls in classes
        for name in dir(cls)
        if name.startswith("_") and not name.startswith("__")
    }


def used(source: str, private: set[str]) -> set[str]:
    """The private modules' names a source imports and LibCST's private names it reads."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("libcst._"):
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Attribute) and node.attr in private:
            found.add(node.attr)
    return found


def listed() -> dict[str, set[str]]:
    """The README's table: module -> the private names it uses."""
    section = README.read_text().split("## LibCST's private API", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([\w/.]+\.py)` \| (.+) \|$", section, re.M)
    return {module: set(re.findall(r"`([\w.]+)`", names)) for module, names in rows}


def test_every_private_libcst_use_is_listed_with_its_reason():
    private = private_names()
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        names = used(path.read_text(encoding="utf-8"), private)
        if names:
            found[
                path.relative_to(PACKAGE / "port").as_posix()
                if path.is_relative_to(PACKAGE / "port")
                else path.as_posix()
            ] = names
    assert found == listed()


@pytest.mark.parametrize(
    ("source", "names"),
    [
        (
            "from libcst._nodes.internal import CodegenState\n",
            {"libcst._nodes.internal.CodegenState"},
        ),
        ("node._visit_and_replace_children(v)\nstate.tokens\n", {"_visit_and_replace_children"}),
        ("self._own_thing = 1\nimport libcst\n", set()),
    ],
)
def test_the_finder_sees_private_imports_and_attributes(source, names):
    assert used(source, private_names()) == names


def test_the_codegen_state_the_port_subclasses_is_still_a_dataclass_with_its_tokens():
    """marks.py and long_lines.py build on these fields; a LibCST that changes them fails
    here first."""
    fields = {f.name for f in dataclasses.fields(CodegenState)}
    assert {"default_indent", "default_newline", "indent_tokens", "tokens"} <= fields
