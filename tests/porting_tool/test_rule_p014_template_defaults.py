"""P014 template defaults: `BaseTemplate.defaults` becomes `app.jinja_env.globals`."""

from __future__ import annotations

import pytest

from .helpers import idiom, untouched

# What P014 must NOT change: code that only looks like what it rewrites.
UNTOUCHED = [
    """
    from bottle import Bottle

    app = Bottle()


    class Form:
        defaults = {'a': 1}


    Form.defaults['b'] = 2
    """,
]


@pytest.mark.parametrize("source", UNTOUCHED)
def test_what_it_must_not_change_is_left_alone(source):
    untouched("P014", source)


def test_a_template_default_is_a_jinja_global_of_the_app():
    idiom("""
        from bottle import BaseTemplate, Bottle

        app = Bottle()
        BaseTemplate.defaults['site'] = 'Demo'
    """, """
        from flask import Flask

        app = Flask(__name__, static_folder=None)
        app.jinja_env.globals['site'] = 'Demo'
    """)
