"""needed_imports.py: the imports the rules ask for, placed where LibCST's
AddImportsVisitor placed them (the port's output must not change), without its walk."""

from __future__ import annotations

from textwrap import dedent

import libcst as cst
import pytest

from bottle2flask.port.needed_imports import Wanted, add_imports

from .helpers import answers, both_apps, port


def added(source: str, *wanted: Wanted) -> str:
    return add_imports(cst.parse_module(dedent(source).lstrip("\n")), wanted).code


def libcst_added(source: str, *wanted: Wanted) -> str:
    """What LibCST's AddImportsVisitor makes of the same module (the port's placement
    before this module), as the oracle of the cases where both must agree."""
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import AddImportsVisitor

    context = CodemodContext()
    for w in wanted:
        AddImportsVisitor.add_needed_import(context, w.module, w.name, w.asname)
    tree = cst.parse_module(dedent(source).lstrip("\n"))
    return tree.visit(AddImportsVisitor(context)).code


FLASK = Wanted("flask", "Flask")
REQUEST = Wanted("flask", "request")

# (the module, the imports asked for, the module after): the cases that must not change
UNCHANGED = [
    # an import the leading block has already
    ("from flask import Flask, request\n\napp = Flask(__name__)\n", (FLASK, REQUEST),
     "from flask import Flask, request\n\napp = Flask(__name__)\n"),
    ("import os\nimport json\n", (Wanted("os"), Wanted("json")),
     "import os\nimport json\n"),
    # an aliased import binds only its alias: asked for again, by another name or none,
    # it is added
    ("from flask import request as req\n", (Wanted("flask", "request", "req"),),
     "from flask import request as req\n"),
    ("from flask import request as req\n", (REQUEST,),
     "from flask import request, request as req\n"),
    ("import json as j\n", (Wanted("json", asname="j"),), "import json as j\n"),
    ("import json as j\n", (Wanted("json"),), "import json as j\nimport json\n"),
    # `import a.b` binds `a.b` for the placement, and `a` alone is not asked for by it
    ("import os.path\n", (Wanted("os.path"),), "import os.path\n"),
    ("import os.path\n", (Wanted("os"),), "import os.path\nimport os\n"),
    # a name from a module already imported from joins that line, before its names
    ("from flask import request\nimport os\n", (Wanted("flask", "abort"), FLASK),
     "from flask import Flask, abort, request\nimport os\n"),
    ("from flask import (\n    request,\n)\n", (FLASK,),
     "from flask import (\n    Flask, request,\n)\n"),  # (import_style.py tidies it)
    # a star import binds every name of its module
    ("from flask import *\n\nx = 1\n", (FLASK,), "from flask import *\n\nx = 1\n"),
    # after the docstring, and after the leading imports; a blank line before the code
    ('"""The app."""\n', (FLASK,), '"""The app."""\nfrom flask import Flask\n'),
    ('"""The app."""\nimport os\nx = 1\n', (FLASK,),
     '"""The app."""\nimport os\nfrom flask import Flask\n\nx = 1\n'),
    ("import os\n# the app\nx = 1\n", (FLASK,),
     "import os\nfrom flask import Flask\n\n# the app\nx = 1\n"),
    ("from __future__ import annotations\n\nimport os\n", (Wanted("json"), FLASK),
     "from __future__ import annotations\n\nimport os\nimport json\nfrom flask import Flask\n"),
    # new lines: modules, aliased modules, then `from` lines by module, names sorted
    ("x = 1\n", (Wanted("flask", "url_for"), Wanted("werkzeug.routing", "BaseConverter"),
                 Wanted("json", asname="js"), Wanted("traceback"), FLASK),
     "import traceback\nimport json as js\nfrom flask import Flask, url_for\n"
     "from werkzeug.routing import BaseConverter\n\nx = 1\n"),
    # imports below the leading block bind nothing at the top: in a try, under
    # TYPE_CHECKING, in a function, after the first statement
    ("try:\n    import json\nexcept ImportError:\n    import simplejson as json\n",
     (Wanted("json"),),
     "import json\n\ntry:\n    import json\nexcept ImportError:\n    import simplejson as json\n"),
    ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from flask import Flask\n",
     (FLASK,), "from typing import TYPE_CHECKING\nfrom flask import Flask\n\n"
     "if TYPE_CHECKING:\n    from flask import Flask\n"),
    ("import os\n\nif os.name == 'nt':\n    from flask import request\n", (REQUEST,),
     "import os\nfrom flask import request\n\n"
     "if os.name == 'nt':\n    from flask import request\n"),
    ("def f():\n    from flask import abort\n", (Wanted("flask", "abort"),),
     "from flask import abort\n\ndef f():\n    from flask import abort\n"),
    ("import os\nx = 1\nfrom flask import Flask\n", (FLASK,),
     "import os\nfrom flask import Flask\n\nx = 1\nfrom flask import Flask\n"),
    # a relative import is neither read as binding nor merged into (its package is not
    # known here)
    ("from .db import get_db\n", (Wanted(".db", "get_db"),),
     "from .db import get_db\nfrom .db import get_db\n"),
    ("x = 1\n", (Wanted("..views"),), "from .. import views\n\nx = 1\n"),
    # a line of two imports is not the block's
    ("import os; import sys\n", (Wanted("os"),), "import os\n\nimport os; import sys\n"),
    # nothing asked, or all bound: the module is the same
    ("x = 1\n", (), "x = 1\n"),
    ("", (FLASK,), "from flask import Flask"),  # (an empty module ends with no newline)
]


@pytest.mark.parametrize(("source", "wanted", "after"), UNCHANGED)
def test_what_the_port_placed_before_it_still_places(source, wanted, after):
    assert added(source, *wanted) == after
    assert libcst_added(source, *wanted) == after


def test_the_same_import_asked_for_twice_is_added_once():
    assert added("x = 1\n", FLASK, FLASK, Wanted("os"), Wanted("os")) \
        == "import os\nfrom flask import Flask\n\nx = 1\n"


def test_a_name_asked_for_both_plain_and_aliased_is_imported_both_ways():
    """LibCST's visitor failed here (it sorted None against a string)."""
    assert added("x = 1\n", REQUEST, Wanted("flask", "request", "req")) \
        == "from flask import request, request as req\n\nx = 1\n"


def test_a_crlf_module_gets_crlf_imports():
    assert add_imports(cst.parse_module("import os\r\nx = 1\r\n"), [FLASK]).code \
        == "import os\r\nfrom flask import Flask\r\n\r\nx = 1\r\n"


@pytest.mark.parametrize(("module", "name", "asname"), [
    ("__future__", None, None),
    ("__future__", "annotations", "a"),
])
def test_a_future_import_must_name_a_feature_without_alias(module, name, asname):
    with pytest.raises(ValueError, match="__future__ import names one feature"):
        Wanted(module, name, asname)


def test_a_future_import_asked_for_goes_before_the_others():
    assert added('"""Doc."""\nimport os\n', Wanted("__future__", "annotations")) \
        == '"""Doc."""\nfrom __future__ import annotations\nimport os\n'


def test_a_ported_module_gets_flask_beside_its_own_imports():
    result = port('''
        """A small app."""
        from __future__ import annotations

        import os
        from typing import TYPE_CHECKING

        from bottle import Bottle, abort, request

        if TYPE_CHECKING:
            from bottle import LocalRequest

        app = Bottle()


        @app.get("/<name>")
        def hello(name):
            if name == "x":
                abort(404)
            return request.query.get("q", os.sep)
    ''', faithful=False)
    assert result.code.startswith(
        '"""A small app."""\nfrom __future__ import annotations\n\nimport os\n'
        "from typing import TYPE_CHECKING\n\nfrom flask import Flask, abort, request\n\n")


def test_a_port_with_imports_in_try_and_functions_serves_as_the_original(tmp_path):
    bottle_app, flask_app = both_apps(tmp_path, '''
        """Greets."""
        try:
            import simplejson as json
        except ImportError:
            import json

        from bottle import Bottle, abort, redirect, request

        app = Bottle()


        @app.get("/hello/<name>")
        def hello(name):
            from bottle import response
            response.content_type = "application/json"
            if name == "nobody":
                abort(404, "no one")
            return json.dumps({"name": name, "q": request.query.get("q", "")})


        @app.get("/")
        def index():
            redirect("/hello/you")
    ''', "needed_imports")
    for path in ("/hello/ann?q=1", "/hello/nobody"):
        assert answers(bottle_app, path)[0] == answers(flask_app, path)[0]
    assert answers(bottle_app, "/hello/ann?q=1")[1] == answers(flask_app, "/hello/ann?q=1")[1]
    assert answers(flask_app, "/")[0] in (302, 303)
