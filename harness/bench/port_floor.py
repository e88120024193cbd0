"""python harness/bench/port_floor.py APP OUT: the floor of any LibCST port engine.

What every engine that rewrites an app's modules with LibCST must do at least, in a
fresh Python: import libcst, parse each module of the app, run one transformer that
changes nothing over it, and write the code out into OUT (the same relative paths).
`port_speed` times `bottle2flask port APP -o OUT --no-check` against this.
"""

from __future__ import annotations

import sys
from pathlib import Path

import libcst as cst


class Identity(cst.CSTTransformer):
    """Visits every node, changes none."""


def main(app: Path, out: Path) -> int:
    for path in sorted(app.rglob("*.py")):
        tree = cst.parse_module(path.read_bytes().decode("utf-8"))
        target = out / path.relative_to(app)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(tree.visit(Identity()).code, encoding="utf-8", newline="")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
