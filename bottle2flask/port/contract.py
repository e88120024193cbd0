"""The contract between the port's engine and its rules, as types.

A rule reads the module's settings (`ModuleSettings`, frozen: `Rule.state`), the app's
model (`Rule.facts`, `Rule.model`) and its own scratch (`Rule.scratch()`: one object per
rule and module, keyed by the rule's class as LibCST's CONTEXT_KEY, which no other rule
can name). It writes nothing shared itself: its `Rule` methods make

- records of what it did (`Records`: rules fired, declared changes, TODOs and whether
  the code under them breaks, notes, two-candidate sites), for the report;
- requests to the engine (`Requests`) for what the module needs beyond the site: a
  module-wide piece (`Need`), a companion module copied into the port (`Companion`), an
  option of `Flask(...)` (`AppOption`), a statement after the app (`AfterApp`), a
  declared change marked on the app's line (`AppDeclared`), a Bottle name the module now
  defines otherwise.

The engine holds both in one `PortState` a module and reads them once the walks are
done (runner.py, placement.py, shims.py). A leaf: nothing of the engine or the rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

import libcst as cst

if TYPE_CHECKING:
    from .edit import Remove
    from .model.facts import ModuleFacts
    from .needed_imports import Wanted
    from .results import Declaration, Site


class Need(Enum):
    """A module-wide piece of Bottle's behaviour a site needs: a keyword of
    bottle_compat's install() after the app (--faithful, or a site that took its exact
    candidate), or what the templates need of the app's module."""

    RESPONSE = "response"  # Bottle's response recorded and applied (P005)
    LOCATION = "location"  # redirects answered as Bottle's (P008)
    ROUTE_ERRORS = "route_errors"  # an error's text read as Bottle's (P009)
    FLOAT = "float"  # <x:float> routes as Bottle's filter (P003)
    PATH = "path"  # <x:path> routes as Bottle's filter (P003)
    JINJA = "jinja"  # SimpleTemplate's converted pages rendered (P006)
    JINJA2 = "jinja2"  # Jinja2 templates rendered as Bottle's jinja2_template (P006)
    TEMPLATE_TEXT = "template_text"  # values printed as SimpleTemplate prints them (P006)
    TEMPLATE_IMPORTS = "template_imports"  # what the templates `% import`
    TEMPLATE_PATH = "template_path"  # Bottle's TEMPLATE_PATH searched (P011)
    # Bottle's own answers, made by the Bottle beside the port (compat/bottle_answers.py:
    # each the function of that name, called on the app after install())
    JSON_ANSWERS = "json_answers"  # dicts returned as Bottle's JSON plugin sends them (P007)
    RESPONSE_DEFAULTS = "response_defaults"  # Bottle's status lines, Content-Type (P002)
    ERROR_PAGES = "error_pages"  # Bottle's default error page (P002)


class Companion(Enum):
    """A module the port copies beside the modules that use it (folder.COMPANIONS)."""

    COOKIES = "bottle_cookies"
    ROUTES = "bottle_routes"
    MOUNT = "bottle_mount"
    CONFIG = "bottle_config"
    MEMBERS = "bottle_members"
    PLUGINS = "bottle_plugins"
    RESPONSES = "bottle_responses"
    ANSWERS = "bottle_answers"


class FlaskOption(Enum):
    """A keyword of `Flask(...)` a rule sets where the app is made (placement.py)."""

    TEMPLATE_FOLDER = "template_folder"
    STATIC_FOLDER = "static_folder"
    STATIC_URL_PATH = "static_url_path"


@dataclass(frozen=True)
class AppOption:
    """`Flask(..., keyword=value)`; REMOVE takes the keyword out."""

    keyword: FlaskOption
    value: cst.BaseExpression | Remove


@dataclass(frozen=True)
class AfterApp:
    """A statement right after every statement that makes the app: a template for
    LibCST's parse_template_statement (`{app}` is the app's name) and its values."""

    template: str
    values: Mapping[str, cst.BaseExpression] = field(default_factory=dict)


@dataclass(frozen=True)
class AppDeclared:
    """A declared change marked on the line that makes the app (`D-static`)."""

    change: str
    paths: tuple[str, ...]


@dataclass(frozen=True)
class Declare:
    """A declared change a candidate makes at its site: `Rule.declare(change, paths,
    detail)` once the site takes it."""

    change: str
    paths: tuple[str, ...] = ("*",)
    detail: str = ""
    ignore: tuple[tuple[str, str], ...] = ()  # Rule.declare()'s: what differs at the site


@dataclass(frozen=True)
class Import:
    """`from module import name as asname` (`import module` without a name) a candidate
    needs; `companion`: the module is one of compat/ the port copies (need_helper)."""

    module: str
    name: str | None = None
    asname: str | None = None
    companion: Companion | None = None


@dataclass(frozen=True)
class Candidate:
    """One form a site with two may take, as a value (issue #43): the code that stands
    there (a node, nodes that stand together such as a view's route decorators, or a
    piece of a rule's text; None where the form changes nothing at the site itself) and
    what that form needs of the module: its imports, the module-wide pieces of Bottle's
    behaviour (`Need`, install()'s keywords), the changes it declares, a TODO, the app's
    options and the changes declared on its line, and what it adds to the rule's own
    module-wide code. The rule builds both, idiomatic then exact; the engine
    (`Rule.site`) picks one by the site's key, applies what that one needs and records
    both forms for the report. Nothing of the other one reaches the module."""

    form: cst.CSTNode | str | tuple[cst.CSTNode, ...] | None = None
    imports: tuple[Import, ...] = ()
    needs: tuple[Need, ...] = ()
    declares: tuple[Declare, ...] = ()
    todo: str = ""
    breaks: bool = False  # the code under the TODO fails when it runs (Rule.todo's breaks=)
    # what the form sets where the app is made: Flask(...)'s options, and the changes
    # declared on the app's line (P012's static folder)
    options: tuple[AppOption, ...] = ()
    on_app: tuple[AppDeclared, ...] = ()
    # pieces of the rule's own module-wide code the form needs (P003's float converter,
    # a view's endpoint number), handed to the rule's `adopt()` once the form is taken:
    # the rule keeps them in its scratch for its later sites and its finish()
    adds: tuple[object, ...] = ()
    # what the rule recorded and asked while it made the form (`Rule.apart()`: P022's
    # fold of a def marks its statements, writes TODOs, leaves lines out), merged into
    # the module's only if the site takes this candidate
    made: Made | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Edit:
    """What a rule does to one node (issue #43), returned by its visit_ method for the
    node the walk enters (rules.base.EditRule) and applied by the walk itself as it leaves
    that node (passes.Walk): the rule reads, the engine rewrites.

    `candidates`, in order: one, the rewrite; two, a site's idiomatic and exact forms, of
    which the engine takes one by the site's key (`kind`, `route`, `keeps`: as
    `Rule.site()` takes them). A candidate's form stands for the node (or for its
    `field`: `value` of an Assign), None for a form that leaves it as it is; it is built
    from the node's own parts, and the engine puts in their place what the walk made of
    them (the rules before this one at the node, the walk below it). A candidate may be
    a part of the node's form: `within` is that form, and the chosen candidate's form (a
    node, or nodes that stand together) takes the place of its `holes`, one a node.
    `fired`: the rewrites the rule records; `left_out`: the statement is taken out under
    this TODO (`Rule.leave_out`); `taken_out`: taken out, its comments kept
    (`Rule.placeholder`); `under`: the statement, as the walk made it, goes alone into
    this compound statement's block, which takes its leading lines (P016's main guard);
    `around`: the same, asked of the statement the node is in (P013's request context
    around a statement whose call needs one), applied as the walk leaves that statement."""

    node: cst.CSTNode
    candidates: tuple[Candidate, ...] = (Candidate(),)
    field: str = ""
    kind: str = ""
    route: str | None = None
    keeps: str = ""
    fired: int = 1
    left_out: str = ""
    taken_out: bool = False
    within: cst.CSTNode | None = None
    holes: tuple[cst.CSTNode, ...] = ()
    under: cst.BaseCompoundStatement | None = None
    around: cst.BaseCompoundStatement | None = None
    # what the rule recorded as it read the node (`Rule.apart()`: a TODO that holds for
    # either candidate), merged as the edit is applied, before the site is asked (a
    # dataclass field: this class's own `field` is a str)
    made: Made | None = dataclasses.field(default=None, compare=False)


@dataclass(frozen=True)
class TodoKey:
    """A TODO as the report names it: its rule and its text."""

    code: str
    text: str


@dataclass(frozen=True)
class TodoMark:
    """A TODO's comment node, known by itself (marks.py takes its line as the module is
    written out)."""

    comment: cst.Comment
    todo: TodoKey


@dataclass(frozen=True)
class Mark:
    """The empty comment above a statement that marks where record `index` is (a
    declared change, a site), taken out as the module is written out."""

    comment: cst.Comment
    index: int


@dataclass(frozen=True)
class ModuleSettings:
    """What the folder and the settings tell the module: read only."""

    facts: ModuleFacts
    path: str = "<string>"  # the module's path as the port names it (a site's key)
    faithful: bool = False  # --faithful: Bottle's behaviour kept; else idiomatic Flask
    exact_keys: frozenset[str] = frozenset()  # the sites that take their exact candidate
    app_folder: str = "."  # the app's module's folder, from the folder ported
    src_root: str = ""  # the folder ported, on disk
    template_folder: str = "views"
    template_search: tuple[str, ...] = ()
    # Bottle's own TEMPLATE_PATH entries ("./", "./views/") that hold the app's templates
    template_defaults: tuple[str, ...] = ()
    # the Flask app's template folder from the folder ported, for a module that makes no
    # app ("" else: its own template_folder)
    template_root: str = ""
    template_names: Mapping[str, str] = field(default_factory=dict)  # Bottle -> Flask
    # `% import` of the templates: name -> (module, attribute)
    template_imports: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    # Flask name -> the names the converted template reads on every render (its caller's)
    template_reads: Mapping[str, frozenset[str]] = field(default_factory=dict)
    template_errors: Mapping[str, str] = field(default_factory=dict)  # Bottle's SyntaxError
    # Flask name -> (Bottle's name of the original, its folder from the module's): a
    # converted template that breaks where Jinja2 cannot say its Python, rendered by Bottle
    template_kept: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # Flask name -> why it is among template_kept though its conversion has no TODO
    # that breaks: "was not converted (line 1: ...)", or it extends or includes one
    template_unconverted: Mapping[str, str] = field(default_factory=dict)
    route_filters: frozenset[str] = frozenset()  # the app's add_filter() names
    shared_views: frozenset[str] = frozenset()  # view names other modules use too
    tree_needs: frozenset[Need] = frozenset()  # what the app's module adds for all
    imported_openers: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # P019
    # the app's text files (templates, tests, docs), for the uses of a name outside the
    # code: a template reading response.status, a test requesting a negative id
    app_text: str = ""


@dataclass
class Records:
    """What the rules did in the module, for the report: written by Rule's methods."""

    applied: dict[str, int] = field(default_factory=dict)  # rule code -> changes
    todos: list[TodoKey] = field(default_factory=list)  # every TODO written
    breaks: set[TodoKey] = field(default_factory=set)  # TODOs on code that fails
    declared: list[Declaration] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the report says besides
    openers: dict[str, str] = field(default_factory=dict)  # P019 keyword -> get_db, ...
    sites: list[Site] = field(default_factory=list)  # the sites with two candidates
    # where each declared change, site and TODO is, known by its comment node
    marks: list[Mark] = field(default_factory=list)  # index in `declared`
    site_marks: list[Mark] = field(default_factory=list)  # index in `sites`
    todo_marks: list[TodoMark] = field(default_factory=list)
    # the statements taken out, known by their own newline node (a leaf LibCST keeps
    # through every walk): drop_placeholders() moves their comments on
    left_out: list[cst.Newline] = field(default_factory=list)


@dataclass
class Requests:
    """What the rules ask of the engine for the module: written by Rule's methods."""

    needs: set[Need] = field(default_factory=set)
    exact_needs: set[Need] = field(default_factory=set)  # of those, an exact site's
    companions: set[Companion] = field(default_factory=set)
    app_options: dict[FlaskOption, cst.BaseExpression | Remove] = field(default_factory=dict)
    app_declared: list[AppDeclared] = field(default_factory=list)
    after_app: list[AfterApp] = field(default_factory=list)
    provided: set[str] = field(default_factory=set)  # Bottle names now defined otherwise
    compat_names: set[str] = field(default_factory=set)  # bottle_compat's, by name
    install: bool = False  # the module imports bottle_compat's install()


@dataclass
class PortState:
    """The engine's state for one module: the settings, what the rules recorded and
    asked, and the engine's own bookkeeping. Rules never hold it (rules/base.py)."""

    settings: ModuleSettings
    records: Records = field(default_factory=Records)
    requests: Requests = field(default_factory=Requests)
    # the enclosing defs and classes of the node being visited (the walk keeps it), and
    # how many sites of a (scope, rule, kind) were asked so far: a site's key
    scope: list[str] = field(default_factory=list)
    scope_nodes: list[cst.CSTNode] = field(default_factory=list)  # those defs and classes
    site_counts: dict[tuple[str, str, str], int] = field(default_factory=dict)
    emulation: int = 0  # lines of Bottle emulation the shims added
    compat_keywords: set[str] = field(default_factory=set)  # install()'s keywords used
    answers: list[Need] = field(default_factory=list)  # bottle_answers' functions called
    # the names the post-steps' code reads and the words of its comments (the options,
    # the statements placed after the app, what finish() adds), which P001, reading the
    # module as that walk begins, would not see: placement.PostSteps records them
    placed_reads: set[str] = field(default_factory=set)
    placed_uses: set[str] = field(default_factory=set)  # of those names, the values read


@dataclass
class Made:
    """What a rule recorded and asked while it made one candidate's form apart
    (`Rule.apart()`): its own records and requests, the sites it counted, the imports it
    asked for and its warnings, none of them the module's until the site takes that
    candidate (`Rule.take_candidate()` merges them then), and the comment lines it noted
    on the statement being visited (`Rule.todo()`, `declare()`)."""

    state: PortState
    imports: list[Wanted] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str | cst.EmptyLine] = field(default_factory=list)


PORT_KEY = "bottle2flask.port"  # where a module's PortState is in the context's scratch
