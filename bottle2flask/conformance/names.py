"""The public names of the installed `bottle`, as row ids.

Module names: every name in `dir(bottle)` without a leading underscore, except modules
(`bottle.os`, `bottle.ext`), classes and functions another module defines (`urljoin`,
`SimpleCookie`, `json_dumps`: the standard library, re-exported by accident of import)
and the `__future__` feature `print_function`. What is left is what Bottle defines
itself: its classes, functions, module-level objects (`request`, `app`) and settings.

Members: for each class below, the public names its Bottle classes define (the class
and the bases Bottle wrote, not `object`, `dict` or `MutableMapping`) and the public
attributes an instance sets in `__init__`. The request, response and template pairs
are one family each, by the name a view uses: `BaseRequest`/`LocalRequest` members are
`request.X`, `BaseResponse`/`LocalResponse` members `response.X`,
`BaseTemplate`/`SimpleTemplate` members `SimpleTemplate.X`.
"""

from __future__ import annotations

import inspect
import io
import types

FAMILIES = {
    "Bottle": ("Bottle",),
    "Route": ("Route",),
    "request": ("BaseRequest", "LocalRequest"),
    "response": ("BaseResponse", "LocalResponse"),
    "FormsDict": ("FormsDict",),
    "MultiDict": ("MultiDict",),
    "HeaderDict": ("HeaderDict",),
    "FileUpload": ("FileUpload",),
    "HTTPError": ("HTTPError",),
    "HTTPResponse": ("HTTPResponse",),
    "SimpleTemplate": ("BaseTemplate", "SimpleTemplate"),
    "ConfigDict": ("ConfigDict",),
    "ResourceManager": ("ResourceManager",),
}


def version(bottle: types.ModuleType | None = None) -> str:
    """"0.12" or "0.13": the installed Bottle's minor version."""
    import bottle as installed

    return ".".join((bottle or installed).__version__.split(".")[:2])


def module_names(bottle: types.ModuleType) -> set[str]:
    names = set()
    for name in dir(bottle):
        value = getattr(bottle, name)
        if name.startswith("_") or isinstance(value, types.ModuleType):
            continue
        if inspect.isclass(value) or inspect.isroutine(value):
            if getattr(value, "__module__", None) != "bottle":
                continue
        elif type(value).__module__ == "__future__":
            continue
        names.add(name)
    return names


def _instances(bottle: types.ModuleType) -> dict[str, list[object]]:
    def callback() -> str:
        return ""

    app = bottle.Bottle()
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/", "wsgi.input": io.BytesIO()}
    return {
        "Bottle": [app],
        "Route": [bottle.Route(app, "/", "GET", callback)],
        "BaseRequest": [bottle.BaseRequest(environ)],
        "LocalRequest": [],  # its attributes live in the thread's environ
        "BaseResponse": [bottle.BaseResponse()],
        "LocalResponse": [],
        "FormsDict": [bottle.FormsDict()],
        "MultiDict": [bottle.MultiDict()],
        "HeaderDict": [bottle.HeaderDict()],
        "FileUpload": [bottle.FileUpload(io.BytesIO(), "name", "file.txt")],
        "HTTPError": [bottle.HTTPError()],
        "HTTPResponse": [bottle.HTTPResponse()],
        "BaseTemplate": [],
        "SimpleTemplate": [bottle.SimpleTemplate(source="x")],
        "ConfigDict": [bottle.ConfigDict()],
        "ResourceManager": [bottle.ResourceManager()],
    }


def _attributes(instance: object) -> list[str]:
    """What __init__ set on it (Bottle 0.12's ConfigDict warns on attribute access)."""
    try:
        return list(object.__getattribute__(instance, "__dict__"))
    except AttributeError:  # __slots__ only
        return []


def member_names(bottle: types.ModuleType) -> set[str]:
    instances = _instances(bottle)
    ids = set()
    for family, classes in FAMILIES.items():
        for name in classes:
            cls = getattr(bottle, name)
            own = {n for k in cls.__mro__ if k.__module__ == "bottle" for n in vars(k)}
            own |= {n for i in instances[name] for n in _attributes(i)}
            ids |= {f"{family}.{n}" for n in own if not n.startswith("_")}
    return ids


def public_ids(bottle: types.ModuleType | None = None) -> set[str]:
    """Every public name of the installed (or given) Bottle, as the table's row ids."""
    import bottle as installed

    module = bottle or installed
    return module_names(module) | member_names(module)
