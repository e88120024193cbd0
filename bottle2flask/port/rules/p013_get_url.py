"""P013 get_url: `get_url("name", id=1)` becomes `url_for("name", id=1)`.

Bottle names a route by its `name=`; P003 turns that into Flask's `endpoint=`, so
the names still match. A route without `name=` cannot be built by get_url in Bottle
either. `url()` is Bottle's alias and gets the same treatment.
"""

from __future__ import annotations

import libcst as cst

from .base import Rule


class GetUrl(Rule):
    code = "P013"
    triggers = ("url",)
    summary = "get_url()/url() become url_for()"

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        func = updated.func
        method = func.attr.value if isinstance(func, cst.Attribute) and self.is_app(
            func.value) else self.api(func)
        if method not in {"get_url", "url"}:
            return updated
        self.fired()
        self.need_import("flask", "url_for")
        return updated.with_changes(func=cst.Name("url_for"))
