"""Thin translation layers between the neutral core and each framework.

FRAMEWORKS is the one registry (name -> app factory) that the tests, the harness
and the benchmarks read; adding a framework is one entry plus one adapter.
"""

from __future__ import annotations

from importlib import import_module

FRAMEWORKS = {
    "bottle": "bottle_app:create_app",
    "flask": "flask_app:create_app",
}


def factory(name: str):
    """Return the create_app of a registered framework, imported on demand."""
    module, _, attr = FRAMEWORKS[name].partition(":")
    return getattr(import_module(module), attr)
