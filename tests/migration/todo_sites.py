"""The porting sample at each stage of its migration, as `bottle2flask parity` specs.

Each factory takes parity's settings and keeps its data in the DATABASE_URL's file.
"""

from __future__ import annotations

import importlib.util
import itertools
import os

from bottle2flask import migrate as migration

from . import todo_port

_loaded = itertools.count()


def db_path(settings: dict) -> str:
    return settings["DATABASE_URL"].removeprefix("sqlite:///")


def load_legacy(path: str):
    """A fresh copy of the sample module (its app is module-level) on its own database."""
    spec = importlib.util.spec_from_file_location(f"todo_legacy_{next(_loaded)}",
                                                  todo_port.SAMPLE / "todo.py")
    module = importlib.util.module_from_spec(spec)
    before = os.environ.get("TODO_DB")
    os.environ["TODO_DB"] = path
    try:
        spec.loader.exec_module(module)
    finally:
        os.environ.pop("TODO_DB") if before is None else os.environ.update(TODO_DB=before)
    return module


def legacy(settings):
    """Before: the Bottle app alone."""
    return load_legacy(db_path(settings)).app


def half(settings):
    """Half the views ported; both apps behind the dispatcher, links built across."""
    path = db_path(settings)
    old = load_legacy(path).app
    new = todo_port.create_app(path, todo_port.HALF)
    migration.Links(old, new).install()
    return migration.Dispatcher(old, new)


def half_port(settings):
    """The half-done Flask app on its own (for `bottle2flask migrate status`)."""
    path = db_path(settings)
    new = todo_port.create_app(path, todo_port.HALF)
    migration.Links(load_legacy(path).app, new).install()  # its links to legacy pages
    return new


def ported(settings):
    """After: every view ported, the legacy app gone."""
    path = db_path(settings)
    load_legacy(path)  # the schema still comes from the legacy module's init_db
    return todo_port.create_app(path)


def mixed_full(settings):
    """Every view ported, the dispatcher still in place: the legacy app serves nothing."""
    path = db_path(settings)
    return migration.Dispatcher(load_legacy(path).app, todo_port.create_app(path))
