"""What one module's port is told about the rest of the app: one object, not ten keywords."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .contract import Need
    from .model import AppModel


@dataclass(frozen=True)
class Settings:
    """The options of port_source(); port_tree() fills them in from the whole folder.

    imported_apps: names the module imports that are apps made by another module;
    default_from: the module Bottle's default app is imported from, when several share
    it; shared_views: view names other modules use too; tree_needs: what the app's
    module adds for the whole app (port/model/app.py); template_imports: a template's
    `% import` names (T019), name -> (module, attr); faithful: keep Bottle's behaviour
    where the Flask idiom differs (else declare it); app_text: the app's text files
    (templates, tests), read for the app's own uses (the module's source if None);
    own_modules: the app's top-level modules and packages (the imports' first party).
    """

    disabled: frozenset[str] = frozenset()  # rule codes not to run
    template_names: dict[str, str] = field(default_factory=dict)  # Bottle -> Flask name
    template_folder: str = "views"
    # Bottle's search path when the module's templates lie in several of its folders
    template_search: tuple[str, ...] = ()
    # Bottle's own TEMPLATE_PATH entries ("./", "./views/"), from the folder ported (where
    # the app runs), that hold the app's templates: an insert or append leaves them searched
    template_defaults: tuple[str, ...] = ()
    # the template folder of the tree's Flask app, from the folder ported, for a module
    # that makes no app but renders (controllers/x.py: `template("app/views/x")`, a name
    # Bottle reads from the working directory); "": the module's own template_folder
    template_root: str = ""
    imported_apps: frozenset[str] = frozenset()
    default_from: str | None = None
    shared_views: frozenset[str] = frozenset()
    tree_needs: frozenset[Need] = frozenset()
    template_imports: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    # Flask name -> names read always
    template_reads: dict[str, frozenset[str]] = field(default_factory=dict)
    # Flask name -> Bottle's SyntaxError
    template_errors: dict[str, str] = field(default_factory=dict)
    # Flask name -> (Bottle's name of the original, its folder): rendered by Bottle's own
    template_kept: dict[str, tuple[str, str]] = field(default_factory=dict)
    # Flask name -> why it is among template_kept: not converted, or it extends or
    # includes one that was not
    template_unconverted: dict[str, str] = field(default_factory=dict)
    # every converted template has Windows line ends, which Bottle prints as they are:
    # the app's Jinja2 environment writes its newlines so (newline_sequence)
    template_crlf: bool = False
    faithful: bool = False
    # the sites that take their exact candidate (Rule.exact): site keys, or a prefix of
    # one (a module's path, a scope in it); --faithful takes every site's
    exact: frozenset[str] = frozenset()
    app_text: str | None = None
    own_modules: frozenset[str] = frozenset()
    # a static/ folder beside the module, which Flask would serve unless told not to
    # (unknown for a lone module: assumed)
    static_dir: bool = True
    # the folder (from the one the port was given) of the module that makes the app:
    # Flask reads relative folders from there, Bottle from the working directory
    app_folder: str = "."
    # the folder ported, on disk: a relative folder found beside the app's module and
    # not in it shows the app is run from its own folder (python start.py)
    src_root: str = ""
    # P019: a plugin keyword another module's port opens: keyword -> (module, function)
    openers: dict[str, tuple[str, str]] = field(default_factory=dict)
    # P003: the names of the route filters the app adds (app.router.add_filter("slug", f))
    route_filters: frozenset[str] = frozenset()
    # the module runs as a member of the package the folder ported is (its relative
    # imports, or a member's of it): the modules the port copies into the package's top
    # folder (bottle_compat, bottle_mount, template_helpers...) are imported relatively,
    # this many levels up (1: `from . import bottle_mount`); 0: by their own names
    companions_up: int = 0
    # the model of the whole app (None: this module alone is the app)
    model: AppModel | None = None
