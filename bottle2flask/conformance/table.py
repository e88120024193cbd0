"""The whole table: the rows of every family, in the order the document lists them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from . import app, dicts, forms, module_names, request, response, routes, templates
from .model import Row
from .outcomes import BREAKS, DIFFERS, OUTCOMES, PORT_012
from .versions import ON_012


def rows() -> list[Row]:
    found = [*module_names.ROWS, *app.ROWS, *request.ROWS, *response.ROWS, *dicts.ROWS,
             *routes.ROWS, *templates.ROWS, *forms.ROWS]
    ids = [r.id for r in found]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    unknown = (set(OUTCOMES) | set(ON_012)) - set(ids)
    assert not unknown, sorted(unknown)
    found = [replace(r, **cast(dict[str, Any], OUTCOMES[r.id])) if r.id in OUTCOMES else r
             for r in found]
    assert not (BREAKS | DIFFERS) - {r.id for r in found if r.status == "todo"}
    found = [replace(r, port="breaks" if r.id in BREAKS else "differs" if r.id in DIFFERS
                     else "same", port012=PORT_012.get(r.id, ""))
             if r.status == "todo" and r.case is not None else r for r in found]
    return [replace(r, on012=ON_012[r.id]) if r.id in ON_012 else r for r in found]
