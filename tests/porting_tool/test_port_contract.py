"""The contract between the port's engine and its rules (port/contract.py): a rule reads
frozen settings, the model and its own scratch, and records and asks through its Rule
methods only; the engine reads typed requests, never strings."""

from __future__ import annotations

import ast
from dataclasses import FrozenInstanceError, dataclass, field
from pathlib import Path

import pytest

from bottle2flask.port import folder
from bottle2flask.port.contract import PORT_KEY, Companion, Need, PortState
from bottle2flask.port.model import read_module
from bottle2flask.port.rules import RULES
from bottle2flask.port.rules.base import Context, Rule
from bottle2flask.port.runner import module_state
from bottle2flask.port.settings import Settings
from bottle2flask.port.shims import FAITHFUL_ONLY, INSTALL

from .helpers import port

RULES_FOLDER = Path(folder.__file__).parent / "rules"
# the methods that change a set, list or dict in place
MUTATORS = {"add", "append", "extend", "update", "discard", "remove", "pop", "clear",
            "setdefault", "insert", "__setitem__"}
# what only the engine holds: a rule that names one reaches around its methods
ENGINE_ONLY = {"_port", "PortState", "PORT_KEY", "records", "requests"}


def through_state(node: ast.expr) -> bool:
    """`self.state.x...` or `rule.state.x...`: an expression reached through a `state`."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            return True
        node = node.value
    return False


def parsed(source: str) -> ast.Module:
    """ast.parse, asked again where CPython 3.11's AST conversion said "AST constructor
    recursion depth mismatch" (a SystemError of the interpreter's own count, whose state
    all of a process's conversions share: seen once in CI's PostgreSQL run, stop 54; the
    same source parses the next time)."""
    for _ in range(2):
        try:
            return ast.parse(source)
        except SystemError as error:
            if "recursion depth mismatch" not in str(error):
                raise
    return ast.parse(source)


def writes_to_shared_state(source: str) -> list[str]:
    """Each place a rule's source changes the engine's state itself: a method that
    changes a field in place, an assignment to a field or an item of one, or a name
    only the engine holds."""
    found = []
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in MUTATORS and through_state(node.func.value):
            found.append(ast.unparse(node))
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
        found += [ast.unparse(t) for t in targets
                  if isinstance(t, ast.Attribute | ast.Subscript) and through_state(t)]
        if isinstance(node, ast.Attribute) and node.attr in ENGINE_ONLY \
                or isinstance(node, ast.Name) and node.id in ENGINE_ONLY:
            found.append(ast.unparse(node))
        if isinstance(node, ast.alias) and node.name in ENGINE_ONLY:
            found.append(node.name)
    return found


@pytest.mark.parametrize("source", [
    "self.state.companions.add('bottle_mount')",
    "self.rule.state.todos.append(('P001', text))",
    "self.state.app_options['template_folder'] = REMOVE",
    "self.state.needs |= {'json'}",
    "self.state.faithful = True",
    "self.state.regexes.setdefault(name, regex)",
    "self._port.requests.needs.add(Need.JSON_ANSWERS)",
    "from .base import PortState",
    "found = context.scratch[PORT_KEY]",
])
def test_the_layout_check_finds_each_way_of_writing_the_engines_state(source):
    assert writes_to_shared_state(source)


@pytest.mark.parametrize("source", [
    "if self.state.faithful: self.need(Need.FLOAT)",
    "names = rename(name, self.state.template_names)",
    "self.scratch(Converters).regexes[name] = regex",
])
def test_the_layout_check_lets_a_rule_read_its_settings_and_write_its_scratch(source):
    assert writes_to_shared_state(source) == []


# the rules, and the leaf helper P022 hands itself to
RULE_SIDE = [*sorted(RULES_FOLDER.glob("p[0-9]*.py")), RULES_FOLDER.parent / "response_idiom.py"]


@pytest.mark.parametrize("path", RULE_SIDE, ids=lambda p: p.stem)
def test_no_rule_writes_shared_state_but_through_its_rule_methods(path):
    assert writes_to_shared_state(path.read_text()) == []


def shared_keys(source: str) -> list[str]:
    """Each place a source reaches the context's shared dict itself (`context.scratch`,
    read or written by a key of its own), rather than through `self.scratch(Kind)` (its
    own, keyed by its class) or the context's typed fields (`Rule.model`)."""
    return [ast.unparse(node) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and node.attr == "scratch"
            and isinstance(node.value, ast.Attribute) and node.value.attr == "context"]


@pytest.mark.parametrize(("source", "found"), [
    ('model = self.context.scratch.get("model")', ["self.context.scratch"]),
    ('self.context.scratch["imports"] = []', ["self.context.scratch"]),
    ("model = self.model", []),
    ("self.scratch(Converters).regexes[name] = regex", []),
])
def test_the_layout_check_finds_a_key_of_the_shared_scratch(source, found):
    assert shared_keys(source) == found


@pytest.mark.parametrize("path", RULE_SIDE, ids=lambda p: p.stem)
def test_no_rule_reads_the_shared_scratch_by_a_plain_key(path):
    """(Six rules read the app's model as `context.scratch.get("model")`, a plain string
    into a dict every rule shares, typed Any.)"""
    assert shared_keys(path.read_text()) == []


def state_of(source: str) -> PortState:
    facts = read_module(source, "app.py")[1]
    return module_state(facts, source, "app.py", Settings(
        template_names={"index.tpl": "index.html"}, tree_needs=frozenset({Need.JINJA})))


def test_the_settings_a_rule_reads_are_read_only():
    settings = state_of("from bottle import Bottle\napp = Bottle()\n").settings
    with pytest.raises(FrozenInstanceError):
        settings.faithful = True  # type: ignore[misc]
    with pytest.raises(TypeError):
        settings.template_names["x.tpl"] = "x.html"  # type: ignore[index]
    assert settings.template_names == {"index.tpl": "index.html"}
    assert settings.tree_needs == {Need.JINJA}


@dataclass
class Seen:
    names: list[str] = field(default_factory=list)


class First(Rule):
    code = "P901"


class Second(Rule):
    code = "P902"


def test_a_rules_scratch_is_its_own_and_lasts_the_module():
    context = Context(filename="app.py")
    context.scratch[PORT_KEY] = state_of("from bottle import Bottle\n")
    First(context).scratch(Seen).names.append("first walk")
    # a later walk (or finish()) of the same rule finds it; another rule never does
    assert First(context).scratch(Seen).names == ["first walk"]
    assert Second(context).scratch(Seen).names == []
    # a new module starts from nothing
    other = Context(filename="other.py")
    other.scratch[PORT_KEY] = state_of("from bottle import Bottle\n")
    assert First(other).scratch(Seen).names == []


def test_a_rule_asks_and_records_through_its_methods_and_the_engine_reads_them():
    context = Context(filename="app.py")
    state = context.scratch[PORT_KEY] = state_of("from bottle import Bottle\n")
    rule = First(context)
    rule.need_exact(Need.JSON_ANSWERS)
    rule.need_helper(Companion.MOUNT)
    rule.fired(2)
    rule.note("said")
    rule.todo_line("a note", breaks=True)
    assert state.requests.needs == state.requests.exact_needs == {Need.JSON_ANSWERS}
    assert state.requests.companions == {Companion.MOUNT}
    assert state.records.applied == {"P901": 2} and state.records.notes == ["said"]
    assert [(t.code, t.text) for t in state.records.breaks] == [("P901", "a note")]


def test_every_companion_a_rule_can_ask_for_is_a_file_the_port_copies():
    assert {c.value for c in Companion} == set(folder.COMPANIONS)
    assert all(path.is_file() for path in folder.COMPANIONS.values())


def test_every_piece_of_install_is_a_need_the_idiomatic_port_drops_unless_asked():
    assert set(INSTALL) <= FAITHFUL_ONLY <= set(Need)


def test_a_module_without_its_app_is_told_what_its_requests_needed():
    """runner.orphan_text reads the module's Needs: a redirect kept as Bottle's (faithful)
    needs install() after an app this module neither makes nor imports."""
    result = port("""
        from bottle import redirect

        def go():
            redirect('/x')
        """)
    assert [t["code"] for t in result.todos] == ["P002"]
    assert result.todos[0]["text"].startswith(
        "this module redirects but neither makes nor imports the Flask app")


def test_every_rule_that_adds_module_wide_code_defines_finish_on_itself():
    """The engine calls finish() only on the rules that define it (on a rule made for
    it); Rule's own adds nothing."""
    assert [rule.code for rule in RULES if rule.finish is not Rule.finish] == ["P003"]
    assert [rule.code for rule in RULES
            if rule.statements_after_app is not Rule.statements_after_app] == ["P003"]
