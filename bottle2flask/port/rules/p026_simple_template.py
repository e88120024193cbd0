"""P026: SimpleTemplate objects: one a function makes from source becomes Jinja2's

    t = SimpleTemplate("Hi {{name}}!")   ->  t = current_app.jinja_env.from_string("Hi {{ name }}!")
    t.render(name="x")                   ->  t.render(name="x")

The source is converted as P006 converts `template("...")` (the same converter, the same
refusals: an include, a base template, a construct it leaves a TODO for), and Flask's
environment autoescapes it as SimpleTemplate escaped. Jinja2 prints a None value where
SimpleTemplate printed nothing: declared (D-none, as P006). A template whose Bottle
internals the function reads (its generated code, settings, source, search path, cache:
`t.source`, `t.prepare()`) stays Bottle's own SimpleTemplate, imported from bottle (which
needs no Bottle app: OUT/requirements.txt then lists bottle), each internal under a
TODO naming Jinja2's:

    t = SimpleTemplate("Hi {{name}}!")   ->  t = SimpleTemplate("Hi {{name}}!")
    return t.source                      ->  return t.source   (# TODO: Jinja2 keeps none)
"""

from __future__ import annotations

import libcst as cst

from ..edit import Visitor, arg, string_value, walk
from .base import Candidate, Change, Declare, Edit, EditRule, Import

# What Jinja2 calls Bottle's template members; a TODO writes it where one is used.
JINJA = {
    "prepare": "Jinja2 compiles a template when it is made (from_string)",
    "execute": "Bottle's inner render step: call render()",
    "source": "a Jinja2 Template keeps no source: keep the string itself",
    "filename": "a template made from a string has none (Jinja2's: '<template>')",
    "lookup": "Flask's templates are found by app.jinja_loader (template_folder=)",
    "encoding": "Jinja2's loader reads templates as UTF-8",
    "settings": "Bottle's template settings: Flask's are app.jinja_env's",
    "syntax": "Jinja2's delimiters are app.jinja_env's (variable_start_string...)",
    "code": "Bottle's generated Python: Jinja2's is app.jinja_env.compile(source, raw=True)",
    "co": "Bottle's compiled code: Jinja2 keeps its own in the Template",
    "cache": "Bottle's cache of included templates: Jinja2's is app.jinja_env.cache",
    "defaults": "values every template sees: app.jinja_env.globals (P014 converts "
                "BaseTemplate.defaults)",
    "extensions": "Jinja2's extensions are app.jinja_env.extensions (add_extension())",
    "global_config": "Bottle's settings for every template: Flask's are app.jinja_env's",
    "search": "Flask finds a template with app.jinja_env.get_template(name)",
}
SAME = {"render", "name"}  # same name, same answer on a Jinja2 Template from a string
CLASSES = {"SimpleTemplate", "BaseTemplate"}


class SimpleTemplates(EditRule):
    code = "P026"
    triggers = ("SimpleTemplate", "BaseTemplate")
    after = ("P014",)  # BaseTemplate.defaults is P014's
    summary = "a SimpleTemplate made from source becomes app.jinja_env.from_string()"
    declares = (Change("D-none", "24. Undefined names",  # P006's, for template()
                       "a converted template prints None as 'None' (SimpleTemplate printed "
                       "nothing): write {{ x or '' }} where a value can be None",
                       printed="None"),)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.scopes: list[set[str]] = []
        self.skip: set[int] = set()  # the Names of members already said
        self.kept: list[set[str]] = []  # per function: the names whose internals it reads
        self.bottles: list[set[str]] = []  # per function: the names holding Bottle's kept
        # what an assignment's edit found, read as the walk leaves it (left_Assign)
        self.assigned: dict[int, tuple[set[str], str]] = {}

    def visit_FunctionDef(self, node) -> None:
        self.scopes.append(set())
        self.bottles.append(set())
        self.kept.append(self._internals_read(node))

    def left_FunctionDef(self, node) -> None:
        self.scopes.pop()
        self.bottles.pop()
        self.kept.pop()

    def _internals_read(self, function: cst.FunctionDef) -> set[str]:
        """The names this function reads a Bottle-only member of (`t.source`): a template
        made into one stays Bottle's SimpleTemplate."""
        found: set[str] = set()

        class Members(Visitor):
            def visit_Attribute(self, node: cst.Attribute) -> None:
                if isinstance(node.value, cst.Name) and node.attr.value not in SAME:
                    found.add(node.value.value)

            def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
                return node is function  # a nested function has its own names

        walk(function, Members())
        return found

    def edit_Assign(self, node: cst.Assign) -> Edit | None:
        if not self.scopes:
            return None
        names = {t.target.value for t in node.targets if isinstance(t.target, cst.Name)}
        value = node.value
        if len(node.targets) == 1 and names and isinstance(value, cst.Call) \
                and self.api(value.func) == "SimpleTemplate" and names & self.kept[-1]:
            self.assigned[id(node)] = (names, "kept")
            # Bottle's own, which needs no app: its internals stay readable
            return Edit(node, (Candidate(imports=(Import("bottle", "SimpleTemplate"),), todo=(
                "SimpleTemplate kept (Bottle's own: the view reads its internals): "
                "Jinja2's is current_app.jinja_env.from_string(source), rendered with "
                ".render(**values)")),))
        if len(node.targets) == 1 and names and isinstance(value, cst.Call) \
                and self.api(value.func) == "SimpleTemplate":
            made = self.from_string(value)
            self.assigned[id(node)] = (names, "made" if made.form is not None else "")
            return Edit(node, (made,), field="value" if made.form is not None else "",
                        fired=int(made.form is not None))
        self.assigned[id(node)] = (names, "")
        return None

    def left_Assign(self, node: cst.Assign) -> None:
        found = self.assigned.pop(id(node), None)
        if found is None:
            return
        names, how = found
        if how:
            self.scopes[-1] |= names
            if how == "kept":
                self.bottles[-1] |= names
        else:
            self.scopes[-1] -= names
            self.bottles[-1] -= names

    def from_string(self, call: cst.Call) -> Candidate:
        """Jinja2's template from the call's source (a TODO, changing nothing, where the
        source cannot be converted alone)."""
        from bottle2flask.stpl import convert_source

        given = arg(call, 0, "source")
        source = string_value(given.value) if given is not None else None
        if given is None or source is None or len(call.args) != 1:
            return Candidate(todo="SimpleTemplate() from a file, a computed source or with "
                             "settings: convert the template with `bottle2flask "
                             "convert-template` and use app.jinja_env.get_template() or "
                             "from_string()")
        converted = convert_source(source, compact=False)
        if not converted.ok or converted.source is None or converted.notes \
                or converted.includes or converted.extends or converted.imports \
                or converted.bottle_error or converted.whitespace:
            return Candidate(todo="SimpleTemplate() whose source the converter cannot turn "
                             "into Jinja2 alone: convert it with `bottle2flask "
                             "convert-template`")
        literal = cst.SimpleString(repr(converted.source)) if "\n" not in converted.source \
            else cst.SimpleString('"""' + converted.source.replace('"""', '\\"""') + '"""')
        return Candidate(cst.Call(cst.parse_expression("current_app.jinja_env.from_string"),
                                  [cst.Arg(literal)]),
                         imports=(Import("flask", "current_app"),),
                         declares=(Declare("D-none"),))

    def edit_Attribute(self, node: cst.Attribute) -> Edit | None:
        owner, member = node.value, node.attr.value
        held = bool(self.scopes) and isinstance(owner, cst.Name) \
            and owner.value in self.scopes[-1]
        if (held or self.api(owner) in CLASSES) and member not in SAME \
                and id(node) not in self.skip:
            self.skip.add(id(node))
            if held or member != "defaults":  # P014 converts BaseTemplate.defaults
                kept = held and isinstance(owner, cst.Name) and owner.value in self.bottles[-1]
                return Edit(node, (Candidate(
                    todo=f"{member}: {JINJA.get(member, 'no Jinja2 counterpart')}",
                    breaks=held and not kept),), fired=0)
        return None
