"""P003 route paths and methods.

    @app.route("/item/<no:int>", method=["GET", "POST"], name="item")
 -> @app.route("/item/<int(signed=True):no>", methods=["GET", "POST"], endpoint="item")

Bottle's filters become Werkzeug converters that accept what Bottle accepts:
`int` takes a sign in Bottle, `float` takes "3" as well as "3.5", `re` is any regex
(a converter class is generated for each). `path` and bare `<name>` are the same.
"""

from __future__ import annotations

import re

import libcst as cst

from .base import Rule, arg, string_value

ROUTE_METHODS = {"route", "get", "post", "put", "delete", "patch"}
# Bottle's wildcard: <name> or <name:filter> or <name:filter:config>
WILDCARD = re.compile(r"<([a-zA-Z_][a-zA-Z_0-9]*)(?::([a-zA-Z_]*)(?::((?:\\.|[^\\>])+)?)?)?>")
OLD_STYLE = re.compile(r"(^|/):[a-zA-Z_]")


def convert_path(path: str, regexes: dict[str, str]) -> tuple[str, list[str]]:
    """A Bottle rule as a Werkzeug rule, and what could not be converted."""
    problems = []
    if OLD_STYLE.search(path):
        problems.append("old-style :name wildcard; write it as <name>")

    def one(match: re.Match) -> str:
        name, kind, config = match[1], match[2], match[3]
        if not kind:
            if config:
                return f"<{converter_name(config, regexes)}:{name}>"  # <name::regex>
            return f"<{name}>"
        if kind == "int":
            return f"<int(signed=True):{name}>"
        if kind == "float":
            return f"<bottle_float:{name}>"
        if kind == "path":
            return f"<path:{name}>"
        if kind == "re":
            return f"<{converter_name(config or '[^/]+', regexes)}:{name}>"
        problems.append(f"custom route filter {kind!r}: add a Werkzeug converter for it")
        return match[0]

    return WILDCARD.sub(one, path), problems


def converter_name(regex: str, regexes: dict[str, str]) -> str:
    for name, known in regexes.items():
        if known == regex:
            return name
    name = f"bottle_re{len(regexes) + 1}"
    regexes[name] = regex
    return name


class Routes(Rule):
    code = "P003"
    summary = "route paths, method= and name= in Werkzeug's terms"

    def leave_Decorator(self, original: cst.Decorator, updated: cst.Decorator):
        call = updated.decorator
        if isinstance(call, cst.Call) and self.app_method(call.func) in ROUTE_METHODS:
            return updated.with_changes(decorator=self.route_call(call))
        return updated

    def route_call(self, call: cst.Call) -> cst.Call:
        args = list(call.args)
        changed = False
        path_arg = arg(call, 0, "path")
        if path_arg is None:  # @route() with no path: Bottle derives it from the name
            self.todo("route without a path: Bottle builds one from the function's "
                      "arguments; write the path out")
            return call
        path = string_value(path_arg.value)
        if path is None:
            self.todo("route path is not a string literal: convert Bottle's <x:filter> "
                      "wildcards in it by hand")
        else:
            new, problems = convert_path(path, self.state.regexes)
            if "<bottle_float:" in new:
                self.state.needs.add("float")
            for problem in problems:
                self.todo(problem)
            if new != path:
                quote = path_arg.value.value[-1]
                literal = cst.SimpleString(f"{quote}{new}{quote}")
                if string_value(literal) != new:
                    literal = cst.SimpleString(repr(new))
                args[args.index(path_arg)] = path_arg.with_changes(value=literal)
                changed = True
        positional = [a for a in args if a.keyword is None and not a.star]
        if len(positional) > 1:  # route(path, method, callback, name, ...)
            method = positional[1]
            args[args.index(method)] = method.with_changes(keyword=cst.Name("method"),
                                                           equal=_eq())
            if len(positional) > 2:
                self.todo("route() with a callback argument: use app.add_url_rule")
        for i, a in enumerate(args):
            if not a.keyword:
                continue
            key = a.keyword.value
            if key == "method":
                value = a.value
                if not isinstance(value, cst.List | cst.Tuple):
                    value = cst.List([cst.Element(value)])
                args[i] = a.with_changes(keyword=cst.Name("methods"), value=value)
                changed = True
            elif key == "name":
                args[i] = a.with_changes(keyword=cst.Name("endpoint"))
                changed = True
            elif key in {"apply", "skip"}:
                self.todo(f"{key}= applies or skips Bottle plugins for this route: "
                          "Flask has no plugins; call the plugin's code in the view",
                          code="P017")
            elif key == "callback":
                self.todo("callback= registration: use app.add_url_rule(path, view_func=...)")
        if changed:
            self.fired()
        return call.with_changes(args=args)


def _eq():
    return cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                           whitespace_after=cst.SimpleWhitespace(""))
