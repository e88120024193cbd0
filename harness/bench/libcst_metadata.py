"""python -m harness.bench.libcst_metadata [--quick] [FOLDER ...]: LibCST's scope and name
providers against the port's own reading of a module, in time and in answers.

For the 1,000-line module port_speed makes, and each Python module of the folders given
(an app over several modules), in one interleaved run: parsing it (the floor), the
model's reading of the parsed module (model/reading.py `read`: Bottle's names, the apps,
views, routes), a MetadataWrapper made over it (with LibCST's copy, and without), and
that wrapper resolving ScopeProvider, then QualifiedNameProvider (which needs the scopes;
its answers are computed lazily, so every node's is asked for, as the model asks its own).

Then what each answers, name by name: every Name and `bottle.X` the module reads outside
its imports, taken for a Bottle API by the model (facts.bottle, through imports and
aliases) and by QualifiedNameProvider (a qualified name `bottle.X`), counted where they
agree and where not; and the expressions the model takes for an app (`app.route` of
`app = Bottle()`, `self.bottle`, a factory's result), for which LibCST's providers give
no Bottle name at all: they name what is imported and assigned, not what a value is.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import libcst as cst
from libcst.metadata import (
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)
from libcst.metadata.base_provider import LazyValue

from .port_speed import large_module
from .side import command

STEPS = ("parse", "model read", "wrapper (copy)", "wrapper (no copy)", "ScopeProvider",
         "QualifiedNameProvider")


def timings(source: str) -> dict[str, float]:
    """Each step once, in CPU seconds (the machine is shared: its load does not count),
    a provider resolved on a fresh wrapper of its own."""
    from bottle2flask.port.model.facts import ModuleFacts
    from bottle2flask.port.model.reading import read

    found = {}
    started = time.process_time()
    tree = cst.parse_module(source)
    found["parse"] = time.process_time() - started
    started = time.process_time()
    read(tree, ModuleFacts())
    found["model read"] = time.process_time() - started
    started = time.process_time()
    MetadataWrapper(tree)
    found["wrapper (copy)"] = time.process_time() - started
    for step, provider in (("ScopeProvider", ScopeProvider),
                           ("QualifiedNameProvider", QualifiedNameProvider)):
        started = time.process_time()
        wrapper = MetadataWrapper(tree, unsafe_skip_copy=True)
        made = time.process_time()
        answered = wrapper.resolve(provider)
        if provider is QualifiedNameProvider:  # its answers are computed when asked: ask
            for value in answered.values():
                asked(value)
        found[step] = time.process_time() - made
        found["wrapper (no copy)"] = made - started
    return found


def asked(value: object) -> object:
    """A provider's answer for a node (QualifiedNameProvider computes it when asked)."""
    return value() if isinstance(value, LazyValue) else value


class _Reads(cst.CSTVisitor):
    """The names a module reads outside its imports, and the decorators' app methods."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[cst.Name | cst.Attribute] = []
        # the `route` of `bottle.route`, the name a def, parameter or `x =` binds: not read
        self.attrs: set[int] = set()
        self.app_calls: list[cst.Attribute] = []  # `x.route` / `x.get` ... under a decorator

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.attrs.add(id(node.name))  # a name bound, not read

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.attrs.add(id(node.name))

    def visit_Param(self, node: cst.Param) -> None:
        self.attrs.add(id(node.name))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.attrs.add(id(node.target))

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) not in self.attrs:
            self.names.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        self.names.append(node)
        self.attrs.add(id(node.attr))
        return True

    def visit_Decorator(self, node: cst.Decorator) -> None:
        func = node.decorator.func if isinstance(node.decorator, cst.Call) else node.decorator
        if isinstance(func, cst.Attribute) and func.attr.value in {
                "route", "get", "post", "put", "delete", "patch", "error", "hook"}:
            self.app_calls.append(func)


def answers(source: str, examples: list[str]) -> dict[str, int]:
    """Where the model and QualifiedNameProvider agree on the Bottle names a module
    reads, and the app expressions only the model knows."""
    from bottle2flask.port.model.facts import ModuleFacts
    from bottle2flask.port.model.reading import read

    tree = cst.parse_module(source)
    facts = ModuleFacts()
    read(tree, facts)  # (reading spells the module anew; the original's nodes are kept)
    wrapper = MetadataWrapper(tree, unsafe_skip_copy=True)
    names = wrapper.resolve(QualifiedNameProvider)
    positions = wrapper.resolve(PositionProvider)  # for the examples' lines
    reads = _Reads()
    wrapper.module.visit(reads)
    count = dict.fromkeys(("names read", "Bottle's for both, the same API",
                           "Bottle's for the model only", "Bottle's for LibCST only",
                           "different APIs", "app methods under decorators",
                           "of which LibCST names Bottle's"), 0)
    for node in reads.names:
        count["names read"] += 1
        theirs = {q.name.removeprefix("bottle.") for q in asked(names.get(node, ()))
                  if q.name.startswith("bottle.") and q.name.count(".") == 1}
        if isinstance(node, cst.Name):
            ours = facts.bottle.get(node.value) if node.value not in facts.via_module \
                else None
        elif isinstance(node.value, cst.Name) and node.value.value in _module_aliases(tree):
            ours = node.attr.value
        else:
            ours = None
        if ours is None and not theirs:
            continue
        if ours is not None and ours in theirs:
            count["Bottle's for both, the same API"] += 1
        elif ours is None:
            count["Bottle's for LibCST only"] += 1
            examples.append(f"LibCST only: {tree.code_for_node(node)}")
        elif not theirs:
            count["Bottle's for the model only"] += 1
            examples.append(f"model only: {tree.code_for_node(node)} ({ours}), line "
                            f"{positions[node].start.line}")
        else:
            count["different APIs"] += 1
    for func in reads.app_calls:
        if facts.is_app(func.value) or facts.app_method(func):
            count["app methods under decorators"] += 1
            if any(q.name.startswith("bottle.") for q in asked(names.get(func, ()))):
                count["of which LibCST names Bottle's"] += 1
    return count


def _module_aliases(tree: cst.Module) -> set[str]:
    """The names `import bottle` / `import bottle as b` binds at the module's top."""
    found = set()
    for stmt in tree.body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            for alias in small.names if isinstance(small, cst.Import) else ():
                if isinstance(alias.name, cst.Name) and alias.name.value == "bottle":
                    asname = alias.asname.name if alias.asname else alias.name
                    found.add(asname.value if isinstance(asname, cst.Name) else "bottle")
    return found


def sources(folders: list[Path]) -> dict[str, dict[str, str]]:
    """The 1,000-line module, and each folder's modules (a vendored bottle.py left out)."""
    found = {"1,000-line module": {"app.py": large_module()}}
    for folder in folders:
        modules = {}
        for path in sorted(folder.rglob("*.py")):
            if path.name == "bottle.py" or ".venv" in path.parts:
                continue
            try:
                text = path.read_text(encoding="utf-8")
                cst.parse_module(text)
            except (UnicodeDecodeError, cst.ParserSyntaxError):
                continue
            modules[str(path.relative_to(folder))] = text
        found[folder.name if folder.name not in {"", "."} else folder.resolve().name] = modules
    return found


def run(runs: int, folders: list[Path]) -> dict:
    results = {}
    for name, modules in sources(folders).items():
        seconds: dict[str, list[float]] = {step: [] for step in STEPS}
        for _ in range(runs):  # interleaved: every step of every module, then again
            total = dict.fromkeys(STEPS, 0.0)
            for text in modules.values():
                for step, took in timings(text).items():
                    total[step] += took
            for step in STEPS:
                seconds[step].append(total[step])
        agreed: dict[str, int] = {}
        examples: list[str] = []
        for text in modules.values():
            for key, value in answers(text, examples).items():
                agreed[key] = agreed.get(key, 0) + value
        lines = sum(len(text.splitlines()) for text in modules.values())
        results[name] = {"modules": len(modules), "lines": lines, "runs": runs,
                         "median_ms": {step: round(statistics.median(s) * 1000, 1)
                                       for step, s in seconds.items()},
                         "answers": agreed, "disagreements": sorted(set(examples))}
    return results


def render(results: dict) -> str:
    lines = []
    for name, r in results.items():
        ms = r["median_ms"]
        lines.append(f"{name}: {r['modules']} modules, {r['lines']} lines "
                     f"(medians of {r['runs']} runs)")
        for step in STEPS:
            lines.append(f"  {step:<24} {ms[step]:>8.1f} ms  {ms[step] / ms['parse']:>5.2f}x "
                         "the parse")
        lines.append("  answers: " + "; ".join(f"{k}: {v}" for k, v in r["answers"].items()))
        lines += [f"    {example}" for example in r["disagreements"][:10]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # the folders are the arguments that are neither an option nor --json's file
    values = {n + 1 for n, a in enumerate(argv) if a == "--json"}
    folders = [Path(a) for n, a in enumerate(argv) if not a.startswith("-") and n not in values]
    flags = [a for n, a in enumerate(argv) if a.startswith("-") or n in values]
    return command("python -m harness.bench.libcst_metadata", __doc__.splitlines()[0],
                   "LibCST's ScopeProvider and QualifiedNameProvider against the model's "
                   "reading", lambda quick: run(1 if quick else 5, folders), render, flags)


if __name__ == "__main__":
    sys.exit(main())
