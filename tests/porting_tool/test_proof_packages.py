"""The check loads an app made in a package's __init__ as its own process would: with
the package importable under its own name (RULE-s51c class I, bluelief's
apps/controller/__init__.py doing `import apps.models.somemodel`, which the check's
probe copied as app-app/controller/__init__.py: "neither app starts here", exit 4)."""

from __future__ import annotations

from pathlib import Path

from bottle2flask.cli import main as port_command
from bottle2flask.loading import import_root, package_init_name

CONTROLLER = """import glob
import os

from bottle import Bottle

import apps.models.somemodel

model = apps.models.somemodel.Somefunction()

app = Bottle()

for _module in [os.path.basename(f)[:-3] for f in glob.glob(os.path.dirname(__file__) + "/*.py")]:
    exec("import apps.controller." + _module)
"""

PAGES = """from apps.controller import app, model


@app.route("/")
def index():
    return f"<p>Hello from {model.name}</p>"
"""


def layout(root: Path) -> Path:
    """bluelief's separate_request, its server (bjoern, not installed here) aside."""
    for folder in ("apps", "apps/controller", "apps/models"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("")
    (root / "apps/models/somemodel.py").write_text('class Somefunction:\n    name = "model"\n')
    (root / "apps/controller/__init__.py").write_text(CONTROLLER)
    (root / "apps/controller/pages.py").write_text(PAGES)
    (root / "serv.py").write_text(
        "from apps.controller import *\nimport bjoern\n\nbjoern.run(app, port=8080)\n"
    )
    return root


def test_a_package_importing_its_outer_package_by_name_runs_from_above_it(tmp_path):
    root = layout(tmp_path / "separate")
    init = root / "apps/controller/__init__.py"
    assert package_init_name(init) == "apps.controller"
    assert import_root(init) == root.resolve()
    # a package that imports nothing around it still runs from its parent folder
    (root / "apps/models/__init__.py").write_text("import os\n")
    assert package_init_name(root / "apps/models/__init__.py") is None
    assert import_root(root / "apps/models/__init__.py") == (root / "apps").resolve()


def test_the_app_of_such_a_package_is_checked(tmp_path, capsys):
    root = layout(tmp_path / "separate")
    out = tmp_path / "out"
    assert port_command(["port", str(root), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "1 routes, 1 ported" in said and "0 different" in said, said
