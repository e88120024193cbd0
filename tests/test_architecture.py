"""The dependency rule: the core imports no framework; each adapter only its own."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FRAMEWORK_MODULES = {"bottle", "flask", "werkzeug", "webob"}
# The kit part of shared/: what any site builds on. It imports no site.
KIT = ["config", "core", "cors", "db", "errors", "flashes", "forms", "http", "paging",
       "routing", "sessions", "site"]
SITES = {"conduit", "examples", "tfb", "sites"}


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, as dotted names under shared (relative ones resolved)."""
    package = ["shared", *path.relative_to(ROOT / "shared").parent.parts]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}
    return names


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
    ("bottle_werkzeug.py", {"flask", "werkzeug"}),
    ("flask_adapter.py", {"bottle"}),
    ("flask_werkzeug.py", {"bottle"}),
])
def test_each_adapter_imports_only_its_own_framework(adapter, forbidden):
    assert not imported_roots(ROOT / "adapters" / adapter) & forbidden


@pytest.mark.parametrize("path", python_files("shared", "adapters", "bottle_app", "flask_app"),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_nothing_imports_the_harness_or_the_tests(path):
    assert not imported_roots(path) & {"harness", "tests"}


@pytest.mark.parametrize("path", python_files("bottle2flask"),
                         ids=lambda p: str(p.relative_to(ROOT / "bottle2flask")))
def test_bottle2flask_imports_nothing_of_the_kit_around_it(path):
    """It is installed alone into a user's environment: none of these are there."""
    assert not imported_roots(path) & {"shared", "adapters", "bottle_app", "flask_app",
                                       "harness", "tests", "bench"}


def test_the_packages_pyproject_lists_are_the_packages_on_disk():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "bottle2flask").rglob("__init__.py")}
    assert listed == found | {"bottle2flask.docs"}


def test_the_checker_sees_imports():
    assert imported_roots(ROOT / "adapters" / "flask_adapter.py") >= {"flask", "werkzeug"}


@pytest.mark.parametrize("module", KIT)
def test_the_kit_imports_no_site(module):
    imported = imported_modules(ROOT / "shared" / f"{module}.py")
    sites = {name for name in imported if name.startswith("shared.")
             and name.split(".")[1] in SITES}
    assert not sites


def test_the_kit_list_covers_every_module_beside_the_sites():
    modules = {p.stem for p in (ROOT / "shared").glob("*.py")} - {"__init__"}
    packages = {p.name for p in (ROOT / "shared").iterdir() if (p / "__init__.py").exists()}
    assert modules - SITES == set(KIT)
    assert packages <= SITES


def test_the_site_checker_sees_site_imports():
    imported = imported_modules(ROOT / "shared" / "sites.py")
    assert {"shared.conduit.site", "shared.examples.site", "shared.tfb.site"} <= imported
    assert "shared.routing" in imported_modules(ROOT / "shared" / "conduit" / "routes.py")
