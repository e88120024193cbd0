"""The dependency rule: the core imports no framework; each adapter only its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FRAMEWORK_MODULES = {"bottle", "flask", "werkzeug", "webob"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def python_files(*folders: str):
    return [p for folder in folders for p in sorted((ROOT / folder).rglob("*.py"))]


@pytest.mark.parametrize("path", python_files("shared"), ids=lambda p: p.name)
def test_the_core_imports_no_web_framework(path):
    assert not imported_roots(path) & FRAMEWORK_MODULES


@pytest.mark.parametrize(("adapter", "forbidden"), [
    ("bottle_adapter.py", {"flask", "werkzeug"}),
    ("flask_adapter.py", {"bottle"}),
])
def test_each_adapter_imports_only_its_own_framework(adapter, forbidden):
    assert not imported_roots(ROOT / "adapters" / adapter) & forbidden


@pytest.mark.parametrize("path", python_files("shared", "adapters", "bottle_app", "flask_app"),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_nothing_imports_the_harness_or_the_tests(path):
    assert not imported_roots(path) & {"harness", "tests"}


def test_the_checker_sees_imports():
    assert imported_roots(ROOT / "adapters" / "flask_adapter.py") >= {"flask", "werkzeug"}
