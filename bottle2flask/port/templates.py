"""Templates for the ported app: the one place that calls the template converter."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import ModuleFacts

# The module of functions that hold the templates' Python Jinja2 cannot say (stpl/hoist.py)
HELPERS = re.compile(r"template_helpers(?:_\d+)?")
# The extensions Bottle's template lookup tries (BaseTemplate.extensions), in its order.
BOTTLE_EXTENSIONS = ("tpl", "html", "thtml", "stpl")
TEMPLATE_SUFFIXES = {".tpl", ".stpl", ".thtml"}
TEMPLATE_FOLDERS = {"views", "templates"}
# a string that names a folder (`"./views/"`, `"html"`), as a template folder may be given
FOLDER = re.compile(r"[\w./-]+")


def copy_as_they_are(src: Path, out: Path, files: list[Path], status: str,
                     folders: frozenset[str] | set[str] = TEMPLATE_FOLDERS
                     ) -> tuple[list[dict], dict[str, str]]:
    """Templates of another engine are copied as they are: per-file results, Bottle
    name -> file."""
    results = []
    for path in files:
        target = out / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        results.append({"path": str(path.relative_to(src)), "status": status,
                        "output": str(target), "reason": "", "todos": []})
    return results, names_as_they_are(src, files, folders)


def names_as_they_are(src: Path, files: list[Path],
                      folders: frozenset[str] | set[str] = TEMPLATE_FOLDERS) -> dict[str, str]:
    """The names Bottle finds each copied template by, mapped to the file's own name:
    the name itself, and the name less its extension (Bottle tries .tpl, then .html...)."""
    names: dict[str, str] = {}
    for path in files:
        rel = path.relative_to(template_root(path, src, folders)).as_posix()
        names[rel] = rel
        whole = path.relative_to(src).as_posix()  # templates/x.html, as "./" finds it
        names.setdefault(whole, whole)
    files_by_name = set(names)
    for rel in sorted(files_by_name):
        base, dot, ext = rel.rpartition(".")
        if dot and ext in BOTTLE_EXTENSIONS and base not in files_by_name:
            names[base] = next(f"{base}.{e}" for e in BOTTLE_EXTENSIONS
                               if f"{base}.{e}" in files_by_name)
    return names


def template_folders(strings: Iterable[str]) -> frozenset[str]:
    """views/ and templates/, and the folders the app's TEMPLATE_PATH or a render call's
    `template_lookup=` names by a string (`TEMPLATE_PATH = [join(ROOT, "html")]`: html/;
    `partial(jinja2_view, template_lookup=["views2"])`: views2/), given the strings of
    those statements and calls (the model's, AppModel.template_path_strings)."""
    found = set(TEMPLATE_FOLDERS)
    for text in strings:
        if FOLDER.fullmatch(text):
            name = text.strip("./").rsplit("/", 1)[-1]
            if name and name not in {"static", "."}:
                found.add(name)
    return frozenset(found)


def is_template(path: Path, folders: frozenset[str] | set[str] = TEMPLATE_FOLDERS) -> bool:
    """Bottle's template files: by suffix, or an .html file in a template folder."""
    return path.suffix in TEMPLATE_SUFFIXES or (
        bool(folders & set(path.parts[:-1])) and path.suffix in {".html", ".htm"})


def named_as_they_are(src: Path, templates: list[Path],
                      folders: frozenset[str] | set[str] = TEMPLATE_FOLDERS) -> list[Path]:
    """The files a template includes or rebases onto by their whole name that are no
    template by their own name (`% include('howto.txt')`): Bottle's lookup takes a name
    as it is written before it tries its extensions, and renders the file as a template."""
    found: list[Path] = []
    known = set(templates)
    todo = list(templates)
    while todo:
        path = todo.pop()
        root = template_root(path, src, folders)
        for name in named(_text(path)) or []:
            other = root / name
            if other in known or not other.is_file() \
                    or not other.resolve().is_relative_to(src.resolve()):
                continue
            known.add(other)
            found.append(other)
            todo.append(other)
    return found


def template_root(path: Path, src: Path,
                  folders: frozenset[str] | set[str] = TEMPLATE_FOLDERS) -> Path:
    """The folder a template's Bottle name is counted from: views/, else its own folder."""
    for parent in path.parents:
        if parent.name in folders or parent == src:
            return parent
    return path.parent


def breaking_line(output) -> int | None:
    """The first line of a converted template that fails when rendered: a TODO left as a
    call to flask_port_todo(), which no environment defines, so the page is never silently wrong."""
    if not output or not Path(output).is_file():
        return None
    # (a file copied as it is may hold any bytes: a script's latin-1)
    lines = Path(output).read_bytes().decode("utf-8", "replace").splitlines()
    return next((n for n, line in enumerate(lines, 1) if "flask_port_todo(" in line), None)


def helpers_module(own_modules: frozenset[str] | set[str]) -> str:
    """The helpers module's name: template_helpers, unless the app has a module of that
    name (then template_helpers_2, ...)."""
    name, n = "template_helpers", 1
    while name in own_modules:
        n += 1
        name = f"template_helpers_{n}"
    return name


def line_ends_mixed(sources: list[bytes]) -> bool:
    """Whether some of the files end every line in "\r\n" and others do not."""
    crlf = [s.count(b"\r\n") == s.count(b"\n") for s in sources if b"\n" in s]
    return any(crlf) and not all(crlf)


def convert_templates(src: Path, out: Path, files: list[Path],
                      folders: frozenset[str] | set[str] = TEMPLATE_FOLDERS,
                      compact: bool = False, helpers: list | None = None,
                      module: str = "template_helpers",
                      given_base: set[str] | None = None,
                      ) -> tuple[list[dict], dict[str, str], dict[str, tuple[str, str | None]]]:
    """Write each template under `out`; return per-file results, Bottle name -> new name,
    and what the templates import (`% import x`: name -> (module, attribute)).
    `compact`: the --faithful port's form, for an environment set up as Bottle's.
    The functions holding Python the templates keep (stpl/hoist.py) are appended to
    `helpers`, for the caller to write as `module`; the templates get each by name, as
    they get what they `% import`. `given_base`: the template names the app renders with
    a value that may be `base` (model: given_base()); a layout of none of them, and no
    template's include, gets an empty `{{!base}}` block (T009); None keeps its body in
    every layout."""
    if given_base is not None:
        # an include() in any folder hands what it includes the includer's names
        for path in files:
            literal = included(_text(path))
            if literal is None:  # include(name): any template may be included
                given_base = None
                break
            given_base = {*given_base, *literal}
    roots: dict[Path, list[Path]] = {}
    for path in files:
        roots.setdefault(template_root(path, src, folders), []).append(path)
    # Jinja2 writes every template's newlines as the app's one newline_sequence: where
    # the app mixes files of "\r\n" and of "\n" line ends, the --faithful port has each
    # "\r\n" one print its "\r"s itself, and Bottle's bytes are kept for both kinds
    own_returns = compact and line_ends_mixed([path.read_bytes() for path in files])
    results: list[dict] = []
    names: dict[str, str] = {}
    imports: dict[str, tuple[str, str | None]] = {}
    kept: list = [] if helpers is None else helpers
    for root, paths in sorted(roots.items()):
        # one helpers module for every folder: each folder's helpers named after it
        named = f"{root.relative_to(src).as_posix()}/" if len(roots) > 1 else ""
        more, more_names = convert_folder(root, paths, out / root.relative_to(src), imports,
                                          compact, kept, module, named, given_base,
                                          own_returns,
                                          # a views/ folder is the Flask app's
                                          # template_folder (folder.template_folder):
                                          # `views/x` from './' is its `x`
                                          root.relative_to(src).as_posix()
                                          if root.name == "views" else "")
        prefix = root.relative_to(src)
        results += [{**r, "path": str(prefix / r["path"]),
                     # where it fails when rendered: the converted file's path in OUT, line
                     "breaks": f"{prefix / r['output']}:{r['breaks']}" if r["breaks"] else None}
                    for r in more]
        names.update(more_names)
    return results, names, imports


def stage(root: Path, paths: list[Path]) -> tempfile.TemporaryDirectory:
    """The templates alone in a folder of their own, for a converter that reads folders."""
    folder = tempfile.TemporaryDirectory(prefix="kit-port-templates-")
    for path in paths:
        target = Path(folder.name) / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    return folder


def convert_folder(root: Path, paths: list[Path], out: Path,
                   imports: dict[str, tuple[str, str | None]],
                   compact: bool = False, helpers: list | None = None,
                   module: str = "template_helpers",
                   prefix: str = "",
                   given_base: set[str] | None = None,
                   own_returns: bool = False,
                   found_as: str = "") -> tuple[list[dict], dict[str, str]]:
    """SimpleTemplate to Jinja2 with bottle2flask.stpl (bottle2flask convert-templates).

    A template's `% import x` (T019) is given to it by the app (bottle2flask port adds a
    context processor), so it is no TODO here; so is each helper function (`module`).
    `found_as`: root from the app's folder, where Bottle's './' finds it (`views`)."""
    from bottle2flask.stpl import convert_tree

    with stage(root, paths) as folder:
        # a file the app renders by its whole name (`template("gauge.min.js")`) too
        report = convert_tree(Path(folder), out, compact=compact, helpers_module=None,
                              helper_prefix=prefix, given_base=given_base,
                              own_returns=own_returns,
                              folder="" if found_as == "." else found_as, named=[
                                  p.relative_to(root).as_posix() for p in paths
                                  if p.suffix not in TEMPLATE_SUFFIXES | {".html", ".htm"}])
    for helper in report.helpers:
        imports[helper.name] = (module, helper.name)
    if helpers is not None:
        helpers += report.helpers
    results = []
    for f in report.files:
        notes = f.conversion.notes if f.conversion else []
        for local, module, attr in (f.conversion.imports if f.conversion else []):
            imports[local] = (module, attr)
        notes = [n for n in notes if n.rule != "T019"]
        results.append({"path": str(f.source), "status": f.status,
                        "output": str(f.output) if f.output else None,
                        "reason": f.reason,
                        "todos": [str(n) for n in notes],
                        "remarks": [str(n) for n in f.conversion.remarks]
                        if f.conversion else [],
                        "sure_reads": sorted(f.conversion.sure_reads) if f.conversion
                        and f.conversion.ok else [],
                        # its layout (Bottle's name) and the names the page gives it
                        "layout": [f.conversion.extends, sorted(f.conversion.layout_given)]
                        if f.conversion and f.conversion.ok
                        and f.conversion.layout_given is not None else None,
                        "bottle_error": f.conversion.bottle_error if f.conversion else None,
                        "whitespace": f.conversion.whitespace if f.conversion else [],
                        "crlf": bool(f.conversion and f.conversion.crlf),
                        "breaks": breaking_line(out / f.output) if f.output else None})
    return results, dict(report.names)


# A template's line that names another: `% include('x')`, `{{!rebase("x")}}`, 0.9's
# `%include x`. (Read from the template's text: the port has no model of templates, and
# the converter's, which knows them, reads only the templates it converts.)
CALL = re.compile(r"""\b(?:template|view|jinja2_template|jinja2_view|mako_template|mako_view|
                     cheetah_template|cheetah_view|include|rebase)\(\s*""", re.X)
LITERAL = re.compile(r"""[rbuRBU]?(['"])([^'"\n]+)\1\s*[,)]""")
OLD_STYLE = re.compile(r"^[ \t]*%[ \t]*(?:include|rebase)[ \t]+([\w./-]+)", re.M)  # 0.9's
# A Jinja2 template's lines that name another: {% extends "base.html" %}, include, import
JINJA_NAMED = re.compile(r"""\{%-?\s*(?:extends|include|import|from)\s+(['"])([^'"\n]+)\1""")
# Bottle's own template classes and cache: an app that makes templates itself
LOADERS = frozenset({"SimpleTemplate", "BaseTemplate", "Jinja2Template", "TEMPLATES"})


def named(text: str) -> list[str] | None:
    """The template names a template's lines give as literals; None when one gives
    anything else (a variable, an expression) first."""
    names = [m[1] for m in OLD_STYLE.finditer(text)]
    for call in CALL.finditer(text):
        literal = LITERAL.match(text, call.end())
        if literal is None:
            if text[call.end():call.end() + 1] == ")":  # view() with no name is no render
                continue
            return None
        names.append(literal[2])
    return names


# include('x') and 0.9's `%include x` in a template's text
INCLUDE = re.compile(r"\binclude\(\s*")
OLD_INCLUDE = re.compile(r"^[ \t]*%[ \t]*include[ \t]+([\w./-]+)", re.M)


def included(text: str) -> list[str] | None:
    """The template names a template's includes give as literals; None when one gives
    anything else (a variable)."""
    names = OLD_INCLUDE.findall(text)
    for call in INCLUDE.finditer(text):
        literal = LITERAL.match(text, call.end())
        if literal is None:
            return None
        names.append(literal[2])
    return names


def given_base(facts: Iterable[ModuleFacts]) -> set[str] | None:
    """The template names the app's render calls and @views may hand a `base` value
    (model: `templates_given_base`); None when any template may be handed one: a name
    given otherwise than as a literal (a route's `template=` too), Bottle's template
    functions read as values (`partial(template, "x")`), or the app makes templates
    itself."""
    facts = list(facts)
    if named_by_code(facts) is None or any(m.renders_unknown for m in facts):
        return None
    return {name for m in facts for name in m.templates_given_base}


def named_by_code(facts: Iterable[ModuleFacts],
                  computed_by: frozenset[str] = frozenset()) -> set[str] | None:
    """The template names the app's render calls and @view decorators give (the model's),
    None when one names its template otherwise (a variable) or the app makes templates
    itself with Bottle's template classes: then any template can render. (A call of
    `computed_by` naming its template otherwise counts for none.)"""
    found: set[str] = set()
    for module in facts:
        if module.templates_computed and not module.computed_by <= computed_by or any(
                api in LOADERS and local in module.words  # (`import *` binds them all)
                for local, api in module.bottle.items()):
            return None
        found |= module.templates_named
    return found


def rendered(src: Path, named_by_code: set[str] | None, templates: list[Path],
             folders: frozenset[str] | set[str] = TEMPLATE_FOLDERS) -> set[Path] | None:
    """The template files the app can render: those a literal names in a render call or
    a @view (`named_by_code`, the model's: None when one names its template otherwise,
    a variable, or the app makes templates itself), or in a template's include/rebase,
    and what they include in turn. None when any of them can be."""
    if named_by_code is None:
        return None
    texts = {t: _text(t) for t in templates}
    todo: list[str] = sorted(named_by_code)

    def files_named(name: str) -> set[Path]:
        base = name.strip("./").removesuffix(".tpl").removesuffix(".html")
        return {t for t in templates
                for key in (t.relative_to(src), t.relative_to(template_root(t, src, folders)))
                if key.with_suffix("").as_posix() == base or key.as_posix() == base
                or key.with_suffix("").as_posix().endswith(f"/{base}")}

    found: set[Path] = set()
    while todo:
        for path in files_named(todo.pop()) - found:
            found.add(path)
            names = named(texts[path])
            if names is None:
                return None
            todo += names + [m[2] for m in JINJA_NAMED.finditer(texts[path])]  # a Jinja2 one's
    return found


ENGINE_STATUS = {"jinja2": "copied (Jinja2: only Bottle's Jinja2 adapter renders it)",
                 "other": "copied (Mako or Cheetah: not converted)"}


def sort_by_engine(src: Path, templates: list[Path],
                   rendered_by: Iterable[tuple[Path, str, str, str]],
                   folders: frozenset[str] | set[str] = TEMPLATE_FOLDERS,
                   computed: frozenset[str] = frozenset()) -> dict[Path, frozenset[str]]:
    """The engines that render each template ("simple", "jinja2", "other"): those of the
    render calls that name it (`rendered_by`: the calling module's folder, the name, the
    one folder its `template_lookup=` names or "", the engine), found as Bottle's lookup
    finds it (the name, then the name with each of its extensions), what those include,
    extend or rebase onto in turn, and for a template no call names, the one engine of
    the named ones in its folder, unless the app's calls given a name at run time are
    all of other engines (`computed`): then theirs, the only ones that can reach it. A
    template none of them reaches is left out (not sorted)."""
    known = {Path(os.path.normpath(t)) for t in templates}
    roots = sorted({template_root(t, src, folders) for t in templates})
    engines: dict[Path, set[str]] = {}
    todo: list[tuple[Path, str]] = []

    def first(name: str, where: list[Path]) -> Path | None:
        for folder in where:
            path = Path(os.path.normpath(folder / name))
            for candidate in (path, *(Path(f"{path}.{e}") for e in BOTTLE_EXTENSIONS)):
                if candidate in known:
                    return candidate
        return None

    def found(path: Path | None, engine: str) -> None:
        if path is not None and engine not in engines.setdefault(path, set()):
            engines[path].add(engine)
            todo.append((path, engine))

    for base, name, folder, engine in rendered_by:
        # (and from the folder ported, as Bottle's ./ and ./views/ from where the app
        # runs: `template("views/page")` in controllers/pages.py)
        found(first(name, [base / folder] if folder
                    else [base, base / "views", *roots, src, src / "views"]), engine)
    while todo:
        path, engine = todo.pop()
        text = _text(path)
        names = [m[2] for m in JINJA_NAMED.finditer(text)] if engine != "simple" \
            else named(text) or []
        for name in names:
            found(first(name, [template_root(path, src, folders), path.parent]), engine)
    by_root: dict[Path, set[str]] = {}
    for path, its in engines.items():
        by_root.setdefault(template_root(path, src, folders), set()).update(its)
    sorted_: dict[Path, frozenset[str]] = {}
    for template in templates:
        its = engines.get(Path(os.path.normpath(template))) or set()
        root = by_root.get(template_root(template, src, folders), set())
        if not its and len(root) == 1:
            its = root  # one engine renders its folder's named templates
            if computed and not root & computed:
                # a name no literal gives: template(name + ".tpl") renders it, not the
                # folder's jinja2_template("x.html") (copied as Jinja2, its page a 500)
                its = set(computed)
        if its:
            sorted_[template] = frozenset(its)
    return sorted_


ENGINE_NAMES = {"simple": "SimpleTemplate", "jinja2": "Jinja2 (jinja2_template/jinja2_view)",
                "other": "Mako or Cheetah"}


def sorting_notes(results: list[dict], src: Path, sorted_by: dict[Path, frozenset[str]],
                  unsorted: list[Path]) -> None:
    """A TODO on each converted template that SimpleTemplate and another engine both
    render (the other engine's render reads the converted file: its page may differ), a
    note on each that no literal name sorted while a render names its template at run
    time (converted as SimpleTemplate)."""
    by_path = {r["path"]: r for r in results}
    for path, its in sorted_by.items():
        result = by_path.get(str(path.relative_to(src)))
        if result is not None and "simple" in its and len(its) > 1:
            others = " and ".join(ENGINE_NAMES[e] for e in sorted(its - {"simple"}))
            result["todos"] = [*result.get("todos", []), (
                f"rendered by SimpleTemplate and by {others}: converted for SimpleTemplate, "
                "which the other engine's render in the port reads too (its page may "
                "differ); give each engine a template of its own")]
    for path in unsorted:
        result = by_path.get(str(path.relative_to(src)))
        if result is not None:
            result["remarks"] = [*result.get("remarks", []), (
                "not sorted by engine: the app renders with SimpleTemplate and another "
                "engine, and a render call names its template at run time; converted as "
                "SimpleTemplate")]


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
