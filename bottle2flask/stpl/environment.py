"""The Jinja2 settings under which converted templates print what Bottle printed.

- trim_blocks + lstrip_blocks: a `%` line or `<% %>` block prints nothing, not even
  its indentation or its newline; the same holds for a Jinja2 tag on a line of its own.
- keep_trailing_newline: Bottle keeps a template's last newline.
- finalize: Bottle prints None as an empty string; Jinja2 prints "None".
A `% x.append(1)` line becomes `{% set _ = x.append(1) %}`, which a stock Jinja2
parses (`{% do %}` would need an extension a Flask app does not load).
Autoescaping is on, as in SimpleTemplate (Flask turns it on for .html itself).
"""

from __future__ import annotations

import jinja2

OPTIONS = {"trim_blocks": True, "lstrip_blocks": True, "keep_trailing_newline": True}


def none_as_empty(value):
    return "" if value is None else value


def environment(loader: jinja2.BaseLoader | None = None, **options) -> jinja2.Environment:
    """A Jinja2 environment set up as converted templates expect."""
    return jinja2.Environment(loader=loader, autoescape=True, finalize=none_as_empty,
                              **{**OPTIONS, **options})


def configure(env: jinja2.Environment) -> jinja2.Environment:
    """Set an existing environment (a Flask app's `app.jinja_env`) up the same way."""
    env.trim_blocks = env.lstrip_blocks = env.keep_trailing_newline = True
    env.finalize = none_as_empty
    return env
