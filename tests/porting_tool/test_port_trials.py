"""Porter bugs found by porting public Bottle apps (docs/PORTING-TOOLS.md, "Measured"):
each case is a small made-up app of the same shape."""

from __future__ import annotations

from harness.port.tree import port_tree

from .test_port_apps import write


def test_an_app_in_its_own_virtualenvs_folder_is_still_ported(tmp_path):
    # `python -m venv .` in the app's folder: pyvenv.cfg sits next to app.py
    src = write(tmp_path / "src", {
        "pyvenv.cfg": "home = /usr/bin\n",
        "bin/bottle.py": "# the venv's own copy of Bottle\n",
        "lib/python3.12/site-packages/helper.py": "import bottle\n",
        "app.py": '''
            from bottle import Bottle

            app = Bottle()


            @app.route("/")
            def index():
                return "home"
        ''',
    })
    result = port_tree(src, tmp_path / "out")
    assert [m.path for m in result.modules] == ["app.py"]
    assert "Flask(__name__" in (tmp_path / "out" / "app.py").read_text()
    assert not (tmp_path / "out" / "bin").exists()
    assert result.entry == ("app", "app")
