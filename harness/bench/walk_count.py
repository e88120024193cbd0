"""python -m harness.bench.walk_count: the walks a port makes over each module of the
apps of port_apps.py (`port_tree`, no check): read walks from a whole module and the
nodes they enter, read walks of a part of one, rewrite walks, and who asked for each
whole-module read walk (issue #43: one read walk a module)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bottle2flask.port.folder import port_tree
from bottle2flask.port.walk import Counts, counting

from .port_apps import APPS


def count(app: Path, out: Path) -> tuple[Counts, int]:
    """The walks of one port of the folder `app`, and its number of Python modules."""
    with counting() as counts:
        port_tree(app, out)
    return counts, len(list(app.rglob("*.py")))


def render(name: str, counts: Counts, modules: int) -> str:
    per = f" ({counts.module_walks / modules:.1f} a module)" if modules > 1 else ""
    lines = [f"{name}: {modules} module(s)",
             f"  whole-module read walks {counts.module_walks}{per}, "
             f"nodes entered {counts.module_nodes:,}",
             f"  read walks of a part {counts.part_walks:,}, nodes {counts.part_nodes:,}",
             f"  rewrite walks (transform) {counts.transforms}, nodes {counts.transform_nodes:,}",
             f"  whole modules written out (renders) {counts.renders}",
             "  whole-module read walks by caller:"]
    lines += [f"    {n:4} {caller}" for caller, n in counts.by_caller.most_common()]
    lines += ["  whole-module rewrite walks by caller:"]
    lines += [f"    {n:4} {caller}" for caller, n in counts.transform_by_caller.most_common()]
    lines += ["  whole modules written out by caller:"]
    lines += [f"    {n:4} {caller}" for caller, n in counts.render_by_caller.most_common()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    names = (argv if argv is not None else sys.argv[1:]) or list(APPS)
    with tempfile.TemporaryDirectory(prefix="walk-count-") as scratch:
        for n, name in enumerate(names):
            app = APPS[name](Path(scratch) / f"app{n}")
            print(render(name, *count(app, Path(scratch) / f"out{n}")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
