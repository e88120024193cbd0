"""P014 template defaults: `BaseTemplate.defaults` becomes `app.jinja_env.globals`.

    BaseTemplate.defaults["site"] = "My site"  ->  app.jinja_env.globals["site"] = "My site"
    SimpleTemplate.defaults.update(x=1)        ->  app.jinja_env.globals.update(x=1)
"""

from __future__ import annotations

import libcst as cst

from .base import Rule

TEMPLATE_CLASSES = {"BaseTemplate", "SimpleTemplate"}


class TemplateDefaults(Rule):
    code = "P014"
    triggers = ("defaults",)
    summary = "BaseTemplate.defaults becomes app.jinja_env.globals"

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if self.api(updated.value) in TEMPLATE_CLASSES and updated.attr.value == "defaults":
            self.fired()
            return cst.parse_expression(f"{self.facts.app_name}.jinja_env.globals")
        if self.api(updated.value) in TEMPLATE_CLASSES and isinstance(updated.value, cst.Name):
            self.todo(f"{updated.value.value}.{updated.attr.value}: configure Jinja "
                      f"through {self.facts.app_name}.jinja_env instead")
        return updated
