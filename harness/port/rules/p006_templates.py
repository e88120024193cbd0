"""P006 templates: `template()` and `@view()` become `render_template`.

    template("list", rows=rows)      ->  render_template("list.html", rows=rows)
    template("list", {"rows": rows}) ->  render_template("list.html", **{"rows": rows})
    @view("new") ... return dict(a=1)  ->  return render_template("new.html", a=1)

Names follow the template converter's mapping ('x' and 'x.tpl' -> 'x.html').
Template source passed as a string, and `@view` functions returning something other
than a dict literal, are left with a TODO.
"""

from __future__ import annotations

import libcst as cst

from .base import Rule, arg, string_value

SOURCE_MARKERS = ("\n", "{", "%", "$")  # how Bottle tells source from a name


def flask_name(name: str, mapping: dict[str, str]) -> str:
    if name in mapping:
        return mapping[name]
    base = name[:-4] if name.endswith(".tpl") else name
    return mapping.get(base, base if base.endswith((".html", ".htm")) else base + ".html")


class Templates(Rule):
    code = "P006"
    summary = "template()/@view() become render_template with the converted names"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.views: list[tuple[cst.Call, ...] | None] = []  # per function: the @view call

    def template_args(self, call: cst.Call) -> list[cst.Arg] | None:
        first = arg(call, 0, None)  # template(name, **vars): `name=` is a variable
        name = string_value(first.value) if first else None
        if name is None or any(c in name for c in SOURCE_MARKERS):
            return None
        literal = cst.SimpleString(repr(flask_name(name, self.state.template_names))
                                   .replace("'", '"'))
        args = []
        for a in call.args:
            if a is first:
                args.append(a.with_changes(value=literal, keyword=None,
                                           equal=cst.MaybeSentinel.DEFAULT))
            elif a.keyword is None and not a.star:  # template("x", some_dict)
                args.append(a.with_changes(star="**"))
            else:
                args.append(a)
        return args

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        if self.api(updated.func) != "template":
            return updated
        args = self.template_args(updated)
        if args is None:
            self.todo("template() with template source or a computed name: convert the "
                      "source with `kit convert-template` and use render_template(_string)")
            return updated
        self.fired()
        self.state.needs.add("jinja")
        self.need_import("flask", "render_template")
        return updated.with_changes(func=cst.Name("render_template"), args=args)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        found = None
        for d in node.decorators:
            if isinstance(d.decorator, cst.Call) and self.api(d.decorator.func) == "view":
                found = d.decorator
        self.views.append(found)

    def leave_Return(self, original: cst.Return, updated: cst.Return):
        view = self.views[-1] if self.views else None
        if view is None or updated.value is None:
            return updated
        args = self.template_args(view)
        value = updated.value
        if args is None:
            return updated
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) \
                and value.func.value == "dict" and all(a.keyword for a in value.args):
            extra = list(value.args)
        elif isinstance(value, cst.Dict):
            extra = [cst.Arg(value, star="**")]
        else:
            self.todo("@view function returns something other than a dict literal: Bottle "
                      "renders dicts and passes anything else through; render_template it")
            return updated
        self.fired()
        self.state.needs.add("jinja")
        self.need_import("flask", "render_template")
        call = cst.Call(cst.Name("render_template"), args=_commas([*args, *extra]))
        return updated.with_changes(value=call)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        view = self.views.pop()
        if view is None or self.template_args(view) is None:
            if view is not None:
                self.todo("@view() with a computed template name: render_template by hand")
            return updated
        decorators = [d for d in updated.decorators if not (
            isinstance(d.decorator, cst.Call) and self.api(d.decorator.func) == "view")]
        return updated.with_changes(decorators=decorators)


def _commas(args: list[cst.Arg]) -> list[cst.Arg]:
    out = []
    for i, a in enumerate(args):
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")) if i < len(args) - 1 \
            else cst.MaybeSentinel.DEFAULT
        out.append(a.with_changes(comma=comma))
    return out
