"""Port a whole folder: Python through the rules, templates through the converter,
everything else copied; then the reports."""

from __future__ import annotations

import difflib
import functools
import json
import os
import posixpath
import re
import shutil
from dataclasses import replace
from pathlib import Path

from bottle2flask import source_encoding
from bottle2flask.stpl.hoist import module_source
from bottle2flask.stpl.statements import jinja_name

from . import reexports, requirements, response_params
from .compat import SOURCE as COMPAT
from .compat import used as compat_used
from .declared import parity_settings
from .engines import engine
from .marks import todo_lines
from .model import build
from .model.app import DEFAULT_SOURCE, is_bottle, run_folder, together, top_imports, vendored_names
from .report import markdown
from .results import FileResult, TreeResult
from .rules import CHANGES, READERS
from .runner import port_source, uses_bottle
from .templates import (
    BOTTLE_EXTENSIONS,
    ENGINE_STATUS,
    convert_templates,
    copy_as_they_are,
    given_base,
    helpers_module,
    is_template,
    named,
    named_as_they_are,
    named_by_code,
    names_as_they_are,
    rendered,
    sort_by_engine,
    sorting_notes,
    template_folders,
    template_root,
)

SKIPPED_DIRS = {".git", "__pycache__", ".venv", "venv", "env", ".tox", "node_modules",
                ".mypy_cache", ".pytest_cache", ".ruff_cache"}
# mod_wsgi's scripts (app.wsgi) are Python too: ported, and started by the check
PYTHON_SUFFIXES = {".py", ".wsgi"}
# Values every template sees (BaseTemplate.defaults, SimpleTemplate.global_config...)
TEMPLATE_DEFAULTS = re.compile(r"Template\.(?:defaults|global_config|settings)\b")
DEFAULTS_KEY = re.compile(r"""Template\.defaults\[\s*(['"])(\w+)\1\s*\]\s*=(?!=)""")
VENV_DIRS = ("bin", "lib", "lib64", "include", "Scripts", "Lib", "Include", "share")
# a template the converter could not read that the installed Bottle compiles: its
# original kept, rendered by Bottle's SimpleTemplate (P006's kept renders)
KEPT = "kept (not converted: Bottle's SimpleTemplate renders the original)"


def files_of(src: Path) -> list[Path]:
    """The app's files: no caches, no virtualenvs (a folder with a pyvenv.cfg). The app
    may sit in its virtualenv's own folder: then only the venv's folders are left out."""
    venvs = [p.parent for p in src.rglob("pyvenv.cfg")]
    if src in venvs:
        venvs = [v for v in venvs if v != src] + [src / d for d in VENV_DIRS]
    found = []
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if any(part in SKIPPED_DIRS or part.endswith(".egg-info") for part in rel.parts) \
                or any(v in path.parents for v in venvs) or "site-packages" in rel.parts \
                or rel.name == "pyvenv.cfg":
            continue
        if path.is_file() and path.suffix not in {".pyc", ".pyo"}:
            found.append(path)
    return found


def dotted(rel: Path) -> str:
    """The module's import name, from the app's folder."""
    return ".".join(rel.with_suffix("").parts).removesuffix(".__init__")


def template_folder(module: Path, src: Path, templates: list[Path],
                    folders: frozenset[str], lookup: str = "") -> str:
    """Where Flask should look, from the module's folder: Bottle's default TEMPLATE_PATH
    is ./ and ./views/, so its views/, else the folder itself (Bottle finds
    templates/x.tpl only as "templates/x"); the one folder its render calls' own
    `template_lookup=` names (`partial(jinja2_view, template_lookup=["templates"])`),
    where the templates are."""
    roots = {template_root(t, src, folders) for t in templates}
    if lookup:
        # Bottle reads `template_lookup=` from the working folder (BaseTemplate makes
        # each folder absolute as it is): the folder the app runs from, the one above
        # its package for a module of one (as the check runs it); Flask, from the
        # module's folder
        from ..loading import import_root

        root = import_root(module)
        if (root / lookup).resolve() in {r.resolve() for r in roots}:
            return os.path.relpath(root / lookup, module.parent).replace(os.sep, "/")
    if module.parent / "views" in roots:  # ./views/ itself, whatever other apps have below
        return "views"
    below = sorted(r for r in roots if module.parent in r.parents and r.name == "views")
    if len(below) == 1 and not _shadowed(below[0], module.parent, templates, src, folders):
        return below[0].relative_to(module.parent).as_posix()
    if src / "views" in roots and src in module.parents:
        # a module in a sub-folder (controllers/) of an app run from the folder ported:
        # Bottle's ./views/ is read from there, Flask's folder from the module's
        return os.path.relpath(src / "views", module.parent).replace(os.sep, "/")
    return "."


def _shadowed(views: Path, home: Path, templates: list[Path], src: Path,
              folders: frozenset[str]) -> bool:
    """Whether a template of views/ below the module has a namesake beside the module:
    Bottle's default TEMPLATE_PATH searches ./ first (arkadi81's `template("base")` is
    ./base.tpl, not app/views/base.tpl), so the module's folder is Flask's."""
    def names(root: Path) -> set[str]:
        return {t.relative_to(root).with_suffix("").as_posix() for t in templates
                if template_root(t, src, folders) == root}

    return bool(names(views) & names(home))


def defaults_given(app_text: str) -> frozenset[str] | None:
    """The names the app's template defaults give every template (`SimpleTemplate.
    defaults["request"] = request`: request), None where they may give any (an update,
    a dict assigned, global_config, settings)."""
    keyed = DEFAULTS_KEY.findall(app_text)
    if len(keyed) != len(TEMPLATE_DEFAULTS.findall(app_text)):
        return None
    return frozenset(name for _, name in keyed)


def with_layouts(templates: list[dict], names: dict[str, str],
                 given: frozenset[str] | None = frozenset()) -> dict[str, frozenset[str]]:
    """What each converted template reads on every render (its Flask name -> names) that
    the app's template defaults do not give (`given`; None: they may give any), with
    what its layout reads on every render and the page does not give it (a
    `rebase()` made on every render: the layout sees the render's names, the rebase's
    keywords, what the page sets): `% rebase('base')` onto a base.tpl reading `user` is
    Bottle's NameError wherever the render passes no `user`."""
    own = {r["output"]: frozenset(r.get("sure_reads") or ()) for r in templates
           if r.get("output")}
    def flask(bottle: str) -> str | None:  # `base.tpl` is the `base` Bottle finds
        stem, dot, ext = bottle.rpartition(".")
        return names.get(bottle) or (names.get(stem) if dot and ext in BOTTLE_EXTENSIONS
                                     else None)

    layouts = {r["output"]: (flask(r["layout"][0]), frozenset(r["layout"][1]))
               for r in templates if r.get("output") and r.get("layout")}

    def reads(name: str, seen: frozenset[str]) -> frozenset[str]:
        found = own.get(name, frozenset())
        layout, given = layouts.get(name, (None, frozenset()))
        if layout is not None and layout not in seen:
            found |= reads(layout, seen | {name}) - given
        return found

    if given is None:
        return {}
    return {name: found for name in own if (found := reads(name, frozenset({name})) - given)}


def beside(outputs: dict[str, str], rel: Path) -> dict[str, str]:
    """Converted templates keyed by their path from the folder ported, keyed by their path
    from module `rel`'s folder as well (a script in a sub-folder renders the file beside it
    by that name, as Flask's template_folder "." finds it there)."""
    home = rel.parent.as_posix()
    return {key[len(home) + 1:]: value for key, value in outputs.items()
            if home != "." and key.startswith(home + "/")}


def template_roots(src: Path, python: dict, apps, templates: list[Path],
                   folders: frozenset[str]) -> dict[Path, str]:
    """For each module that makes no app, the template folder of the tree's one Flask app
    (every module that makes one gets the same), from the folder ported: a controller in
    app/controllers/ renders `template("app/views/x")`, which Bottle reads from the
    working directory and Flask from the app's folder (app/views): its name is `x`."""
    # (an app made in a class's __init__, `self.bottle = Bottle()`, counts: its module
    # makes the app a controller it hands it to renders with)
    made = {rel for rel, found in apps.modules.items() if rel in python and (
        found.made or found.facts is not None and found.facts.makes_an_app())}
    found = {posixpath.normpath(posixpath.join(rel.parent.as_posix(), template_folder(
        src / rel, src, templates, folders, template_lookup(python[rel])))) for rel in made}
    if len(found) != 1:
        return {}
    root = found.pop()
    return {rel: root for rel in python if rel not in made}


# `template_lookup=["templates"]`: one folder a render call (or a partial of one) names
LOOKUP = re.compile(r"""\btemplate_lookup\s*=\s*[\[(]\s*(['"])([\w-][\w./-]*)\1\s*,?\s*[\])]""")


def template_lookup(text: str) -> str:
    """The one folder a module's `template_lookup=` keywords name, else ""."""
    found = {m[2].strip("/").removeprefix("./") for m in LOOKUP.finditer(text)}
    return found.pop() if len(found) == 1 else ""


def template_search(module: Path, src: Path, templates: list[Path],
                    folders: frozenset[str]) -> tuple[str, ...]:
    """Bottle's default search path, ("./", "./views/"), when the module's templates lie
    in both (beside the script and in views/): one Flask folder finds only one; () else."""
    roots = {template_root(t, src, folders) for t in templates}
    if module.parent in roots and module.parent / "views" in roots:
        return ("./", "./views/")
    return ()


def template_defaults(src: Path, templates: list[Path],
                      folders: frozenset[str]) -> tuple[str, ...]:
    """Bottle's own TEMPLATE_PATH entries, ./ and ./views/, that hold the app's templates,
    read as Bottle reads them: from the working directory, the folder ported (where the
    app is run from). Still searched where the app inserts or appends a folder."""
    roots = {template_root(t, src, folders) for t in templates}
    return tuple(entry for entry, folder in (("./", src), ("./views/", src / "views"))
                 if folder in roots)


def keep_originals(src: Path, out: Path, result: TreeResult, roots: set[Path]) -> None:
    """The original templates of these folders beside their conversions, for Bottle's
    SimpleTemplate to render those Jinja2 cannot say (and what they include or rebase
    onto), as P006's kept renders ask."""
    for template in result.templates:
        rel = Path(template["path"])
        # (one not converted has no conversion there: its original goes by its own name)
        if (template["status"] == KEPT or template.get("output")
                and template["status"] == "converted"
                and Path(template["output"]).name != rel.name) \
                and any(root in (src / rel).parents for root in roots) \
                and rel.as_posix() not in result.copied:
            result.copied.append(rel.as_posix())
            shutil.copy2(src / rel, out / rel)


def keep_unconverted(src: Path, result: TreeResult, folders: frozenset[str],
                     kept: dict[str, Path]) -> dict[str, str]:
    """The templates the converter could not read that the installed Bottle compiles and
    reads: kept whole for Bottle's SimpleTemplate (added to `kept`, by the Flask name a
    render gives them; their status KEPT, a remark saying why), and each converted
    template that extends or includes one of them, in its folder (its Jinja2 form would
    reach a template that is not there; Bottle's render of its original reaches the
    original). Their Flask names -> why each is kept ("was not converted (line 1: ...)")."""
    unconverted: dict[str, str] = {}
    roots: dict[str, Path] = {}
    for r in result.templates:
        if r["status"] != "failed" or r.get("bottle_error"):
            continue
        path = src / r["path"]
        root = template_root(path, src, folders)
        name = jinja_name(path.relative_to(root).as_posix())
        kept[name] = path
        roots[name] = root
        unconverted[name] = f"was not converted (line {r['reason']})"
        r["status"] = KEPT
        r["remarks"] = [*r.get("remarks", []), f"not converted (line {r['reason']}): the "
                        "installed Bottle compiles it, so P006 renders the original with "
                        "Bottle's SimpleTemplate (copied into OUT with the templates of its "
                        "folder); write it in Jinja2, then render_template() it"]
    # what names a kept one, in its folder: kept too (a `% rebase('layout')` Jinja2's
    # extends would look for as layout.html)
    added = True
    while added:
        added = False
        for r in result.templates:
            path = src / r["path"]
            if r["status"] != "converted" or not r.get("output") or r.get("bottle_error") \
                    or r["output"] in kept or Path(r["output"]).name == path.name:
                continue
            root = template_root(path, src, folders)
            names = named(_text(path)) or []
            folder = root.relative_to(src).as_posix()
            reached = {jinja_name(n.removeprefix("./")) for n in names} | {
                jinja_name(n.removeprefix("./").removeprefix(f"{folder}/")) for n in names}
            found = sorted(n for n in unconverted if n in reached and roots[n] == root)
            if found:
                unconverted[r["output"]] = f"extends or includes {found[0]}, which was " \
                    "not converted"
                kept[r["output"]] = path
                roots[r["output"]] = root
                r["bottle_renders"] = True
                r["remarks"] = [*r.get("remarks", []), "rendered by Bottle's SimpleTemplate "
                                "from the original (P006 keeps its renders): it "
                                + unconverted[r["output"]]]
                added = True
    return unconverted


def star_todo(module: FileResult, apps) -> FileResult:
    """A module with no Bottle import may still get Bottle's names through `from own
    import *`; the port takes them out of that module, so this one must import them."""
    found = apps.modules.get(Path(module.path))
    sources = sorted(str(t) for t in (found.stars if found else ())
                     if (star := apps.modules.get(t)) is not None and star.facts is not None
                     and star.facts.imports_bottle)
    if not sources:
        return module
    text = (f"`from ... import *` of {', '.join(sources)} brought Bottle's names here; "
            "the port removed them there: import what this module uses from bottle, "
            "and port it again")
    lines = module.code.splitlines(keepends=True)
    at = 1 if lines and lines[0].startswith("#!") else 0
    lines.insert(at, "".join(f"{line}\n" for line in todo_lines("", "P001", text)))
    # the module was not ported (no Bottle in it): this TODO is its only one
    return replace(module, code="".join(lines),
                   todos=[{"code": "P001", "line": at + 1, "text": text}])


def package_members(src: Path, modules) -> dict[Path, int]:
    """The modules that run as members of the package the folder ported is (it has an
    __init__.py), each with how many levels up the package's top folder is: its
    __init__.py, a module that imports relatively, by the package's name or a module
    beside the package (it runs as web.server from the folder above, as the check loads
    it), and what those import. The rest run from their own folder, by their names."""
    if not (src / "__init__.py").is_file():
        return {}
    above = src.resolve().parent
    outside = {p.stem for p in above.glob("*.py")} | {
        p.name for p in above.iterdir() if (p / "__init__.py").is_file()}
    inside = {rel.parts[0].removesuffix(".py") for rel in modules}
    # (a relative import that stays in a package inside the folder, `from .utils import
    # views` in src/views.py, says nothing of the folder: src/server.py importing
    # `src.urls` runs as src.server from the folder itself, its companions at its top)
    found = {rel for rel, m in modules.items() if rel == Path("__init__.py")
             or m.original is not None and any(
                 level > len(rel.parent.parts) or top == src.name or top in outside - inside
                 for level, top in top_imports(m.original))}
    todo = list(found)
    while todo:
        for used in modules[todo.pop()].uses:
            if used in modules and used not in found:
                found.add(used)
                todo.append(used)
    return {rel: len(rel.parent.parts) + 1 for rel in found}


def port_tree(src: Path, out: Path, *, disabled: frozenset[str] = frozenset(),
              write: bool = True, faithful: bool = False,
              exact: frozenset[str] = frozenset(), reports: bool = True) -> TreeResult:
    """exact: the sites that take their exact candidate (Settings.exact). reports=False
    (a caller that reads the port's code and its parity.toml alone, as the generator's
    judge, porting thousands of apps in one process): no requirements.txt,
    porting-report.json or PORTING-REPORT.md; the code and parity.toml as always."""
    src, out = Path(src), Path(out)
    result = TreeResult(str(src), str(out), faithful=faithful)
    files = files_of(src)
    python, undecoded, links = {}, {}, {}
    encodings: dict[Path, str] = {}  # a module's own encoding, its port's too (PEP 263)
    for p in files:
        if p.is_symlink() and p.resolve().is_relative_to(src.resolve()):
            # wsgi.py -> app.py: one module under two names; the link stays a link
            links[p.relative_to(src)] = os.readlink(p)
            continue
        if p.suffix in PYTHON_SUFFIXES and p.name != "bottle.py":  # a vendored Bottle is copied
            try:
                # bytes decoded as they are: CRLF line ends stay CRLF (LibCST keeps them)
                text, encoding = source_encoding.decode(p.read_bytes())
            except source_encoding.Unreadable as error:  # Python would not read it either
                undecoded[p.relative_to(src)] = str(error)
                continue
            python[p.relative_to(src)] = text
            if encoding != "utf-8":
                encodings[p.relative_to(src)] = encoding
    # the app's own copies of Bottle (lib/bottle.py, or a module that is Bottle): not
    # ported; imported by another name (`from lib import bottle`), that name is Bottle's
    bottles = [p.relative_to(src) for p in files if p.suffix in PYTHON_SUFFIXES
               and is_bottle(p.relative_to(src), python.get(p.relative_to(src)))]
    for rel in bottles:
        python.pop(rel, None)
    # Bottle's names one module takes from another are imported from bottle there
    # (reexports.py), and helpers handed Bottle's response use it themselves (P005 folds
    # it): rewritten before the model reads them, so each module is parsed and read once
    copies = vendored_names(bottles)
    apps = build(src, python, copies, READERS,
                 rewrite=functools.partial(reexports.plan, vendored=copies) if faithful
                 else reexports.then(response_params.plan, copies))
    folders = template_folders(apps.template_path_strings())
    # a file the app names in a render call is a template wherever it is (an .html file
    # under static/), as Bottle found it by that name from the app's folder
    named = {n for n in apps.templates_named() if "." in Path(n).name}
    # (from the folder ported, or from a module's own folder: a script in a sub-folder
    # run from there, `template("gauge.min.js")` beside it)
    homes = {src / rel.parent for rel in python}
    templates = [f for f in files if is_template(f, folders)
                 or any(home in f.parents and f.relative_to(home).as_posix() in named
                        for home in homes)]
    # a name given without its extension (`@view("quiz")`) is also the .html Bottle finds
    # for it beside the app (`quiz.html`: its lookup tries .tpl, .html, .thtml, .stpl)
    bare = {n for n in apps.templates_named() if "." not in Path(n).name}
    templates += [f for f in files if f.suffix == ".html" and f not in templates
                  and f.relative_to(src).with_suffix("").as_posix() in bare]
    templates += named_as_they_are(src, templates, folders)
    used = engine(python, apps)
    jinja2 = used == "jinja2"
    # an app of SimpleTemplate renders and others (a second script's jinja2_view): each
    # template goes with the engine that renders it; one no literal reaches, SimpleTemplate
    computed = frozenset(e for f in apps.all_facts() for e in f.engines_computed)
    sorted_by = sort_by_engine(src, templates, apps.rendered_by(src), folders, computed) \
        if used == "simple" else {}
    others = {t: min(its) for t, its in sorted_by.items() if "simple" not in its}
    unsorted = [t for t in templates if t not in sorted_by] \
        if any(f.templates_computed for f in apps.all_facts()) \
        and set().union(*(f.engines for f in apps.all_facts())) - {"simple"} else []
    app_text = "\n".join([*python.values(), *(_text(f) for f in files if f.suffix not in
                                               PYTHON_SUFFIXES)])
    names: dict[str, str] = {}
    imports: dict[str, tuple[str, str | None]] = {}
    helpers: list = []  # functions holding Python the templates keep (stpl/hoist.py)
    own = frozenset(rel.parts[0].removesuffix(".py") for rel in python)
    helpers_name = helpers_module(own)
    if write:
        out.mkdir(parents=True, exist_ok=True)
        if jinja2:  # Bottle's Jinja2 adapter: the templates are Jinja2 already
            result.templates, names = copy_as_they_are(src, out, templates,
                                                       "copied (Jinja2)", folders)
        elif used == "other":  # Mako or Cheetah: P006 flags the calls
            result.templates, names = copy_as_they_are(
                src, out, templates, "copied (Mako or Cheetah: not converted)", folders)
        else:
            convert = [t for t in templates if t not in others]
            # the layouts the app may render itself with a `base` value: the others'
            # {{!base}} block is left empty (T009); Bottle's template defaults may hold it
            base = None if TEMPLATE_DEFAULTS.search(app_text) \
                else given_base(apps.all_facts())
            result.templates, names, imports = convert_templates(
                src, out, convert, folders, faithful, helpers, helpers_name, base)
            for template in result.templates:
                # a file Jinja2 cannot be given (a Vue page's `{{!x ? a : b}}`) may be one
                # the app sends as it is (static_file() from a folder named templates):
                # it stays, unchanged, where it was
                rel = Path(template["path"])
                if template["status"] == "failed" and template.get("output") is None \
                        and rel.as_posix() not in result.copied:
                    result.copied.append(rel.as_posix())
                    (out / rel).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(src / rel, out / rel)
            for kind in ("jinja2", "other"):
                mine = [t for t in templates if others.get(t) == kind]
                copied, more = copy_as_they_are(src, out, mine, ENGINE_STATUS[kind], folders)
                result.templates += copied
                names = {**more, **names}
            sorting_notes(result.templates, src, sorted_by, unsorted)
    elif used != "simple":
        names = names_as_they_are(src, templates, folders)
    literal_names = named_by_code(apps.all_facts())
    can_render = rendered(src, literal_names, templates, folders)
    if can_render is not None:  # a TODO in a template the app never renders blocks nothing
        rendered_paths = {p.relative_to(src) for p in can_render}
        for t in result.templates:
            t["rendered"] = Path(t["path"]) in rendered_paths
    # what each converted template reads on every render, unless the app gives every
    # template values of its own (Bottle's template defaults)
    reads = with_layouts(result.templates, names, defaults_given(app_text))
    # the templates Bottle itself cannot compile: their pages were a 500 in the original
    broken = {r["output"]: r["bottle_error"] for r in result.templates
              if r.get("output") and r.get("bottle_error")}
    # the converted templates a TODO breaks (Python Jinja2 cannot say, a `% rebase()` in
    # a loop): P006 renders them with Bottle's own SimpleTemplate, from their originals
    kept = {r["output"]: src / r["path"] for r in result.templates
            if r.get("breaks") and r["status"] == "converted" and not r.get("bottle_error")
            and Path(r["output"]).name != Path(r["path"]).name}
    # a name known only at run time reaches their originals too where template() gives it
    # (P006's bottle_kept_template): not where another render may reach a Jinja2 form
    kept_reached = literal_names is not None or named_by_code(
        apps.all_facts(), frozenset({"template"})) is not None
    unconverted = keep_unconverted(src, result, folders, kept) if kept_reached else {}
    for r in result.templates:
        # its TODOs block nothing where Bottle renders it: unless a name known only at run
        # time may reach its Jinja2 form too
        if src / r["path"] in kept.values() and kept_reached and r["status"] != KEPT \
                and not r.get("bottle_renders"):
            r["bottle_renders"] = True
            r["remarks"] = [*r.get("remarks", []), "rendered by Bottle's SimpleTemplate from "
                            "the original (P006 keeps its renders): its TODOs block nothing"]
    if write:
        keep_originals(src, out, result, {template_root(t, src, folders) for t in kept.values()})
    # every converted template ends its lines in "\r\n": Jinja2 prints them so when told
    converted = [r for r in result.templates if r.get("output") and r["status"] == "converted"]
    crlf = bool(converted) and all(r.get("crlf") for r in converted)
    apps.add_templates(bool(templates), imports, jinja2)
    result.imports = {str(rel): len(m.uses) for rel, m in apps.modules.items()}
    result.imported = {str(used) for rel, m in apps.modules.items() for used in m.uses - {rel}}
    for rel, (code, _) in apps.rewritten.items():  # the rules port the rewritten code
        python[rel] = code
    ported: dict[Path, FileResult] = {}
    members = package_members(src, apps.modules)
    roots = template_roots(src, python, apps, templates, folders)
    defaults = template_defaults(src, templates, folders)
    options = {rel: dict(disabled=disabled, faithful=faithful, exact=exact, app_text=app_text,
                         own_modules=own, template_names=names, template_reads=reads,
                         template_errors={**broken, **beside(broken, rel)}, template_crlf=crlf,
                         template_kept={name: (
                             path.relative_to(template_root(path, src, folders)).as_posix(),
                             os.path.relpath(template_root(path, src, folders),
                                             (src / rel).parent))
                             for name, path in kept.items()},
                         template_unconverted=unconverted,
                         **apps.options(rel),
                         template_folder=template_folder(src / rel, src, templates, folders,
                                                         template_lookup(python[rel])),
                         template_search=template_search(src / rel, src, templates, folders),
                         template_defaults=defaults,
                         template_root=roots.get(rel, ""),
                         static_dir=(src / rel).parent.joinpath("static").is_dir(),
                         app_folder=apps.app_folder(rel), src_root=str(src),
                         companions_up=members.get(rel, 0), model=apps)
               for rel in python}
    for rel, up in members.items():  # the module made for a default app they share too
        if rel in options and options[rel].get("default_from"):
            options[rel]["default_from"] = "." * up + options[rel]["default_from"]
    # The modules that install bottle-sqlite/-sqlalchemy first: the views of the modules
    # that import from them open the connection with the function their port defines.
    for rel, text in python.items():
        found = apps.modules.get(rel)
        if found is not None and found.facts is not None \
                and found.facts.installs_plugin_of("bottle_sqlite", "bottle_sqlalchemy"):
            ported[rel] = port_source(text, str(rel), **options[rel])
    for rel, found in apps.modules.items():
        openers = {keyword: (dotted(target), function)
                   for target in sorted(set(found.uses) - {rel}) if target in ported
                   for keyword, function in ported[target].openers.items()}
        if openers and rel in python and rel not in ported:
            options[rel]["openers"] = openers
    # A package's __init__ that imports its own submodules (`from . import models`) is
    # not a part of itself.
    result.parts = {str(used) for rel, m in apps.modules.items() if m.made
                    for used in m.uses - {rel}}
    vendored: list[tuple[Path, Path]] = []
    for path in files:
        if path in templates:
            continue
        rel = path.relative_to(src)
        if rel in links:
            result.copied.append(str(rel))
            if write:
                (out / rel).parent.mkdir(parents=True, exist_ok=True)
                (out / rel).unlink(missing_ok=True)
                os.symlink(links[rel], out / rel)
            continue
        if rel in undecoded:
            result.modules.append(FileResult(str(rel), "failure", error=f"{rel}: {undecoded[rel]}: "
                                             "copied unchanged"))
        if rel in python:
            module = ported.get(rel) or port_source(python[rel], str(rel), **options[rel])
            if module.status == "skip":
                module = star_todo(module, apps)
            try:
                data = source_encoding.encode(module.code, encodings.get(rel, "utf-8"))
            except source_encoding.Unreadable as error:
                module = FileResult(str(rel), "failure", code=python[rel],
                                    error=f"{rel}: {error}: copied unchanged")
                data = path.read_bytes()
            result.modules.append(module)
            if write:
                (out / rel).parent.mkdir(parents=True, exist_ok=True)
                (out / rel).write_bytes(data)
        elif rel in bottles:
            vendored.append((path, rel))
        else:
            result.copied.append(str(rel))
            if write:
                (out / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, out / rel)
    # a bottle.py the app shipped: kept while a module of the port still imports bottle
    still = bool(vendored) and any(m.imports_bottle if m.status == "success"
                                   else uses_bottle(m.code or "") for m in result.modules)
    # a module of the port that still imports Bottle (its SimpleTemplate kept, P026) may
    # read a template by its path itself: the originals stay beside their conversions
    if any(m.status == "success" and m.imports_bottle for m in result.modules):
        for template in result.templates:
            rel = Path(template["path"])
            if template.get("output") and Path(template["output"]).name != rel.name \
                    and rel.as_posix() not in result.copied:
                result.copied.append(rel.as_posix())
                if write:
                    shutil.copy2(src / rel, out / rel)
    for path, rel in vendored:
        if not still:
            result.left_out[str(rel)] = "Bottle itself, shipped with the app: no module " \
                "of the port imports it"
            continue
        result.copied.append(str(rel))
        if write:
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, out / rel)
    for rel in sorted(set(apps.default_modules.values())):
        module = port_source(DEFAULT_SOURCE, str(rel), disabled=disabled, faithful=faithful,
                             template_folder=template_folder(src / rel, src, templates, folders),
                             # (templates in ./ and views/ both: a loader of both, as the
                             # module that would have made the app gets)
                             template_search=template_search(src / rel, src, templates, folders),
                             template_crlf=crlf,
                             static_dir=(src / rel).parent.joinpath("static").is_dir(),
                             tree_needs=apps.tree_needs,
                             template_imports=apps.template_imports,
                             # the modules that use its app: P011's list they change, the
                             # route filters their exact routes need (`<x:path>`)
                             model=apps, exact=exact,
                             companions_up=len(rel.parent.parts) + 1 if any(
                                 apps.default_modules.get(m) == rel for m in members) else 0)
        module.app_name = None  # not the entry: the modules with the routes import it
        result.modules.append(module)
        if write:
            (out / rel).write_text(module.code, encoding="utf-8")
    # (a module importing a piece by name needs no install(): P004's path_shift)
    users = [Path(m.path) for m in result.modules if m.compat or m.compat_uses[1]]
    compat_files = [folder / COMPAT.name for folder in run_folders(src, apps.modules, users)]
    if compat_files:  # Bottle's behaviour, one module, where its users import it (each
        # app that runs on its own, its copy): the pieces used
        text = compat_used({k for m in result.modules for k in m.compat_uses[0]},
                           {n for m in result.modules for n in m.compat_uses[1]})
        result.compat_lines = sum(1 for line in text.splitlines() if line.strip())
        if write:
            for compat_file in compat_files:
                (out / compat_file).parent.mkdir(parents=True, exist_ok=True)
                (out / compat_file).write_text(text, encoding="utf-8")
    if helpers and write:  # beside the app's module, which registers them (init_app)
        makers = [rel for rel, m in apps.modules.items() if m.made] \
            + sorted(set(apps.default_modules.values()))
        folder = run_folder(src, apps.modules, makers) if makers else Path(".")
        (out / folder).mkdir(parents=True, exist_ok=True)
        (out / folder / f"{helpers_name}.py").write_text(module_source(helpers),
                                                         encoding="utf-8")
        result.copied.append((folder / f"{helpers_name}.py").as_posix())
    if write:
        copy_companions(src, out, result, apps.modules)
        if not reports:  # what the check reads of the reports: parity.toml's [[ignore]]
            (out / "parity.toml").write_text(parity_settings(result.modules, CHANGES),
                                             encoding="utf-8")
            return result
        if any(m.status == "success" for m in result.modules):  # a Flask app to run
            # the helpers copied import what the port needs too (bottle_answers: bottle)
            # Bottle's SimpleTemplate renders the templates Jinja2 cannot say (P006)
            simple = {"<bottle_simple_template>": "import bottle\n"} if any(
                name in m.compat_uses[1] for m in result.modules
                for name in ("bottle_simple_template", "bottle_kept_template")) else {}
            result.requirements = requirements.write(
                src, out,
                {m.path: requirements.imported(m.code) if m.imported is None else m.imported
                 for m in result.modules}
                | {rel: requirements.imported(code)
                   for rel, code in (companion_codes(out, result) | simple).items()},
                [m.path for m in result.modules] + [c for c in result.copied
                                                    if c.endswith(".py")]
                + [compat_file.as_posix() for compat_file in compat_files])
        write_reports(out, result)
    return result


def write_reports(out: Path, result: TreeResult) -> None:
    """porting-report.json, PORTING-REPORT.md and parity.toml (again once the check's
    repair has marked the sites it moved)."""
    (out / "porting-report.json").write_text(
        json.dumps(result.as_dict(), indent=2) + "\n", encoding="utf-8")
    (out / "PORTING-REPORT.md").write_text(markdown(result), encoding="utf-8")
    (out / "parity.toml").write_text(parity_settings(result.modules, CHANGES),
                                     encoding="utf-8")


def _text(path: Path) -> str:
    """A file's text for the rules to read, "" for binary files and big ones."""
    if path.stat().st_size > 1_000_000:
        return ""
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return ""


# A module a ported module imports, copied into OUT from the package's own (tested) source
COMPANIONS = {"bottle_cookies": Path(__file__).parent.parent / "migrate" / "legacy.py",
              "bottle_routes": Path(__file__).parent / "compat" / "bottle_routes.py",
              "bottle_mount": Path(__file__).parent / "compat" / "bottle_mount.py",
              "bottle_config": Path(__file__).parent / "compat" / "bottle_config.py",
              "bottle_members": Path(__file__).parent / "compat" / "bottle_members.py",
              "bottle_plugins": Path(__file__).parent / "compat" / "bottle_plugins.py",
              "bottle_responses": Path(__file__).parent / "compat" / "bottle_responses.py",
              "bottle_answers": Path(__file__).parent / "compat" / "bottle_answers.py"}


def companion_codes(out: Path, result: TreeResult) -> dict[str, str]:
    """The code of each helper module copied into OUT (path -> code), by its place there."""
    names = {f"{name}.py" for name in COMPANIONS}
    return {rel: (out / rel).read_text(encoding="utf-8") for rel in result.copied
            if Path(rel).name in names and (out / rel).is_file()}


def copy_companions(src: Path, out: Path, result: TreeResult, modules) -> None:
    """bottle_cookies.py and the like, in the folder its users run from (OUT itself for
    most apps), unless the app has a module of that name there."""
    for name in sorted({c for m in result.modules for c in m.companions}):
        users = [Path(m.path) for m in result.modules if name in m.companions]
        for folder in run_folders(src, modules, users):
            rel = folder / f"{name}.py"
            if not (src / rel).exists():
                (out / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(COMPANIONS[name], out / rel)
                result.copied.append(rel.as_posix())


def run_folders(src: Path, modules, users: list[Path]) -> list[Path]:
    """run_folder() of each group of these modules that run in one process: an app
    that runs on its own (a sub-app's folder with its own entry) gets the helper it
    imports beside it too."""
    folders: set[Path] = set()
    left = list(users)
    while left:
        group = together(modules, left[0])
        folders.add(run_folder(src, modules, [rel for rel in left if rel in group]))
        left = [rel for rel in left if rel not in group]
    return sorted(folders)


# What the port writes about itself, not the app: --diff leaves them out.
REPORTS = frozenset({"porting-report.json", "PORTING-REPORT.md", "parity.toml"})


def diff(src: Path, built: Path, result: TreeResult) -> tuple[str, int]:
    """What the port changes in the app, as `--diff` prints it, and how many files it
    changes: each module and converted template as a unified diff from its original
    (a template under its new name), each file the port adds or leaves out named.
    `built`: the port written into a scratch folder."""
    src, built = Path(src), Path(built)
    modules = {m.path for m in result.modules}
    # a template's port: its own folder, its new name (views/x.tpl -> views/x.html)
    sources = {Path(t["path"]).with_name(Path(t["output"]).name).as_posix(): t["path"]
               for t in result.templates if t.get("output")}
    before = {p.relative_to(src).as_posix() for p in files_of(src)}
    after = {p.relative_to(built).as_posix() for p in files_of(built)} - REPORTS
    chunks: list[str] = []
    changed = 0
    for path in sorted(after):
        origin = sources.get(path, path)
        new = (built / path).read_bytes()
        old = (src / origin).read_bytes() if origin in before else None
        if old == new and origin == path:
            continue
        changed += 1
        if old is None and path not in modules:
            chunks.append(f"new file: {path}\n")
            continue
        chunks.append(unified(old or b"", new, f"a/{origin}" if old is not None
                              else "/dev/null", f"b/{path}"))
    for path in sorted(before - after - set(sources.values()) - REPORTS):
        changed += 1
        chunks.append(f"not in the port: {path}"
                      + (f" ({result.left_out[path]})" if path in result.left_out else "")
                      + "\n")
    return "".join(chunks), changed


def unified(old: bytes, new: bytes, before: str, after: str) -> str:
    """A unified diff of two files' bytes; binary files are only said to differ."""
    read = (lambda data: source_encoding.decode(data)[0]) if after.endswith(".py") \
        else (lambda data: data.decode("utf-8"))
    try:
        lines = read(old).splitlines(keepends=True), read(new).splitlines(keepends=True)
    except (UnicodeDecodeError, source_encoding.Unreadable):
        return f"Binary files {before} and {after} differ\n"
    return "".join(line if line.endswith("\n") else f"{line}\n\\ No newline at end of file\n"
                   for line in difflib.unified_diff(*lines, before, after))
