"""Apps a script serves when it runs (`python main.py`), and only then (RULE-s50 class P,
wendlers/edubot-snap: `class App(Bottle)` in server.py, made and run by main.py's run(),
called as `exit(run())`, its server in a thread of its own): the check finds the app as
that run serves it, the original's and the port's alike."""

from __future__ import annotations

from textwrap import dedent

import pytest

from bottle2flask.cli import main as kit

from .helpers import answers, both_folders

SERVER = """
    from bottle import Bottle


    class App(Bottle):

        def __init__(self, greeting="hello", extensions=()):
            Bottle.__init__(self)
            self.greeting = greeting
            self.extensions = extensions
            self.route("/libraries/<name>", callback=self.library)
            self.route("/", callback=self.index)

        def index(self):
            return self.greeting

        def library(self, name):
            return "%s: %s" % (name, ", ".join(self.extensions))
    """

RUN_THEN_EXIT = """
    import server


    def run():
        app = server.App(greeting="hi", extensions=["bot", "joystick"])
        app.run(host="localhost", port=10000, quiet=True)


    if __name__ == "__main__":
        exit(run())
    """

IN_A_THREAD = """
    import threading

    import server


    class Httpd(threading.Thread):

        def __init__(self, port=10000):
            threading.Thread.__init__(self)
            self.daemon = True
            self.port = port
            self.app = server.App(greeting="hi", extensions=["bot", "joystick"])

        def run(self):
            self.app.run(host="localhost", port=self.port, quiet=True, debug=False)


    def run():
        Httpd().start()
        return 0


    if __name__ == "__main__":
        exit(run())
    """

# routes on Bottle's default app, reached through `from bottle import *`, in main() only:
# the port makes its Flask app at import and routes it in main() as the original did
STAR_DEFAULT_APP = """
    from bottle import *


    def index():
        return "hi"


    def library(name):
        return name + ": bot, joystick"


    def main():
        app = default_app()
        app.route("/", callback=index)
        app.route("/libraries/<name>", callback=library)
        run(app, host="localhost", port=8080)


    if __name__ == "__main__":
        main()
    """


def checked(tmp_path, files: dict[str, str], capsys) -> str:
    src = tmp_path / "src"
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(dedent(text).lstrip("\n"))
    assert kit(["port", str(src), "-o", str(tmp_path / "out"), "--check-timeout", "120"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("label", "files"), [
    ("exits", {"server.py": SERVER, "main.py": RUN_THEN_EXIT}),
    ("thread", {"server.py": SERVER, "main.py": IN_A_THREAD}),
    ("star", {"main.py": STAR_DEFAULT_APP}),
])
def test_the_app_a_script_serves_is_the_one_checked(tmp_path, capsys, label, files):
    """exits: `exit(run())` once the stopped server returned was a SystemExit, and the
    original counted as not starting; thread: the server's run() is reached in a thread;
    star: the port's app exists at import without routes (main() adds them), and was
    compared routeless, every page a 404."""
    bottle_app, flask_app = both_folders(tmp_path / "served", files, f"script_{label}",
                                         entry="main.py:app")
    for client in (bottle_app, flask_app):
        assert answers(client, "/") == (200, "hi")
        assert answers(client, "/libraries/x") == (200, "x: bot, joystick")
    out = checked(tmp_path, files, capsys)
    assert "2 routes, 2 ported" in out and "0 different, 0 not reached" in out, out
    assert "not compared" not in out
