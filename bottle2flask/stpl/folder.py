"""A views folder to a Jinja2 templates folder: every template converted, the rest copied."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from bottle2flask.stpl.convert import (
    Conversion,
    ConversionOptions,
    bottle_error,
    bottle_reads,
    convert,
)
from bottle2flask.stpl.hoist import MODULE, Helper, helper_slug, module_source
from bottle2flask.stpl.statements import jinja_name

# The extensions Bottle's template lookup tries, in its order (BaseTemplate.extensions).
EXTENSIONS = (".tpl", ".html", ".thtml", ".stpl")


@dataclass
class FileResult:
    source: Path  # relative to the source folder
    output: Path | None  # relative to the output folder; None if nothing was written
    status: str  # converted, failed, copied, skipped
    conversion: Conversion | None = None
    reason: str = ""

    def __str__(self) -> str:
        where = f"{self.source}"
        if self.status == "failed":
            return f"{where}:{self.reason}"
        if self.status == "skipped":
            return f"{where}: skipped: {self.reason}"
        notes = self.conversion.notes if self.conversion else []
        return f"{where} -> {self.output} ({self.status}, {len(notes)} TODO)"


@dataclass
class TreeReport:
    files: list[FileResult] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # Bottle name -> Jinja2 name
    helpers: list[Helper] = field(default_factory=list)  # Python the templates call
    helpers_file: Path | None = None  # where their module was written (relative to out)

    @property
    def ok(self) -> bool:
        return not any(f.status == "failed" for f in self.files)

    def count(self, status: str) -> int:
        return sum(f.status == status for f in self.files)

    def as_dict(self) -> dict:
        """The report as JSON-ready data (for `bottle2flask port`'s porting-report.json)."""
        return {
            "names": dict(self.names),
            "files": [{
                "source": f.source.as_posix(),
                "output": f.output.as_posix() if f.output else None,
                "status": f.status,
                "reason": f.reason or None,
                "rules": f.conversion.rules if f.conversion else [],
                "todos": [{"rule": n.rule, "line": n.line, "message": n.message}
                          for n in (f.conversion.notes if f.conversion else [])],
            } for f in self.files],
        }

    def todos(self) -> Counter:
        return Counter(note.rule for f in self.files if f.conversion
                       for note in f.conversion.notes)


def template_text(path: Path) -> str:
    """A template's text as Bottle 0.12 reads it: UTF-8, else latin-1 (SimpleTemplate's
    fallback, with a deprecation warning; 0.13 raises, a 500 where 0.12 answered)."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def bottle_name(relative: Path) -> str:
    return relative.with_suffix("").as_posix()


def slot_name(name: str) -> str:
    return "content_" + re.sub(r"\W", "_", name)


def convert_tree(src: Path, out: Path, *, syntax: str | None = None,
                 noescape: bool = False, compact: bool = False,
                 helpers_module: str | None = MODULE, helper_prefix: str = "",
                 named: Iterable[str] = (),
                 given_base: Iterable[str] | None = None, folder: str = "",
                 own_returns: bool = False) -> TreeReport:
    """Convert every template under src into out; copy every other file.

    `noescape`: the views rendered them with Bottle's noescape=True. `compact`: no `-`
    whitespace markers (the templates need environment.OPTIONS). The functions that hold
    Python the templates keep (hoist.py) go to OUT/<helpers_module>.py, unless None
    (the caller writes them: report.helpers); their names start with `helper_prefix`
    (a folder's, where several folders' helpers share a module). `named`: files (paths
    from src) the app renders by their whole name with an extension Bottle does not try
    (`template("gauge.min.js")`): templates too, converted to `gauge.min.js.html`, the
    copy staying. A template that is not UTF-8 is read as latin-1, as Bottle 0.12 reads it
    (0.13 raises: its page was a 500), and written as UTF-8, the bytes Bottle sent.
    `given_base`: the names the app renders templates by with a `base` value, or values
    that may hold one (`template("layout", base=page)`, `**values`, a @view): a layout
    of one of those names, or one a template includes (the includer's names reach it),
    keeps the body of its `{{!base}}` block, which prints `base` (T009); any other
    layout's block is left empty for the pages that extend it. None (not known: a name
    computed at run time) keeps the body in every layout. `folder`: src as Bottle's './'
    finds it (`views`): a template's include or rebase naming one of the tree with it
    (`rebase('views/layout.tpl')`) names it as the tree's loader does (`layout.html`).
    `own_returns`: the app's templates mix files of "\r\n" and of "\n" line ends (the
    --faithful port's, which prints Bottle's bytes): each "\r\n" one prints its own "\r"s.
    """
    src, out = Path(src), Path(out)
    report = TreeReport()
    templates: dict[str, tuple[Path, str]] = {}
    wanted = set(named)
    # Bottle tries .tpl before .html ...: the first one found is the template a name means.
    paths = sorted((p for p in src.rglob("*") if p.is_file()),
                   key=lambda p: (p.suffix not in EXTENSIONS, str(p.with_suffix("")),
                                  EXTENSIONS.index(p.suffix) if p.suffix in EXTENSIONS else 0))
    for path in paths:
        relative = path.relative_to(src)
        if path.suffix not in EXTENSIONS:
            target = out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            report.files.append(FileResult(relative, relative, "copied"))
            if relative.as_posix() in wanted:  # and a template by its whole name
                templates[relative.as_posix()] = (relative, template_text(path))
            continue
        name = bottle_name(relative)
        if name in templates:
            report.files.append(FileResult(relative, None, "skipped", reason=(
                f"Bottle finds {templates[name][0]} first for the name {name!r}")))
            continue
        templates[name] = (relative, template_text(path))
    found = (folder, frozenset(jinja_name(name) for name in templates))
    # Two templates whose helpers would be named alike (a-b.tpl, a_b.tpl): the second
    # one's get a prefix of their own
    prefixes: dict[str, str] = {}
    slugs: set[str] = set()
    for name, (rel, _) in templates.items():
        prefix, n = helper_prefix, 1
        while helper_slug(prefix + str(rel)) in slugs:
            n += 1
            prefix = f"{helper_prefix}{n}/"
        slugs.add(helper_slug(prefix + str(rel)))
        prefixes[name] = prefix
    # Pass one learns who rebases onto whom; a layout that itself rebases needs a slot
    # of its own name, or Jinja2 would see one block defined twice.
    given = None if given_base is None else {leaf_name(n) for n in given_base}
    # what every template of the tree is converted with; each pass adds its own
    tree = ConversionOptions(syntax=syntax, compact=compact, folder=found,
                             own_returns=own_returns)
    first = {name: convert(text, str(rel), replace(
                 tree, helper_prefix=prefixes[name],
                 base_given=given is None or leaf_name(name) in given))
             for name, (rel, text) in templates.items()}
    _add_named_as_they_are(src, templates, first, report, tree, given)
    asked = {name: given is None or leaf_name(name) in given for name in first}
    # include() hands the included template the includer's names: `base` among them
    if given is not None and any(c.computed_includes for c in first.values()):
        given = None
    elif given is not None:
        given |= {leaf_name(n) for c in first.values() for n in c.includes}
    base = {name for name in templates if given is None or leaf_name(name) in given}
    # Bottle's include() and rebase() build their template without the noescape setting:
    # it holds only for a template no other one includes or rebases onto.
    used = {jinja_name(n) for c in first.values() for n in [*c.includes, c.extends] if n}
    direct = {name for name in templates if noescape and jinja_name(name) not in used}
    for name in direct:
        relative, text = templates[name]
        first[name] = convert(text, str(relative), replace(
            tree, noescape=True, helper_prefix=prefixes[name], base_given=name in base))
        asked[name] = name in base
    # Keyed by the Jinja2 name: rebase('layout') and rebase('layout.tpl') are one template.
    blocks = {jinja_name(name): slot_name(name) for name, c in first.items()
              if c.ok and c.has_base and c.extends is not None}
    by_name = {jinja_name(name): c for name, c in first.items()}
    # what each template reads from its caller: for include('x', **values)
    included = {jinja_name(name): frozenset(c.reads) for name, c in first.items() if c.ok}
    done: dict[str, Conversion] = {}
    for name, (relative, text) in templates.items():
        conversion = first[name]
        extends = jinja_name(conversion.extends) if conversion.extends else None
        layout = by_name.get(extends or "")
        reads = frozenset(layout.reads) if layout is not None and layout.ok else frozenset()
        sees = _sees(extends, by_name) if extends is not None else None
        # a name rebase() gives anew, which a layout that never reads it needs not get
        unread = sees is not None and any(k not in sees for k in conversion.given_anew)
        if reads or unread or (blocks and (jinja_name(name) in blocks or extends in blocks)) \
                or conversion.spread_includes \
                or (conversion.has_base and asked[name] != (name in base)):
            conversion = convert(text, str(relative), replace(
                tree, block=blocks.get(jinja_name(name), "content"), blocks=blocks,
                layout_reads=reads, layout_sees=sees, noescape=name in direct,
                include_reads=included, helper_prefix=prefixes[name], base_given=name in base))
        done[name] = conversion
    for name, (relative, _) in templates.items():
        conversion = done[name]
        output = Path(jinja_name(name))
        if conversion.error is not None:
            # whether the installed Bottle compiles and reads it: a port keeps such a
            # template for Bottle's SimpleTemplate (port/folder.py), not the others
            conversion.bottle_error = bottle_error(templates[name][1], syntax, strict=True) \
                or bottle_reads((src / relative).read_bytes())
            report.files.append(FileResult(relative, None, "failed", conversion,
                                           reason=conversion.error.removeprefix("line ")))
            continue
        assert conversion.source is not None  # a conversion with no error has its source
        if conversion.bottle_error is None:  # bytes the installed Bottle cannot read
            conversion.bottle_error = bottle_reads((src / relative).read_bytes())
        target = out / output
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(conversion.source, encoding="utf-8", newline="")
        if output == relative and conversion.source == templates[name][1]:
            # the file as it was (an .html page the app also sends with static_file()):
            # its times too, so its Last-Modified is the original's
            shutil.copystat(src / relative, target)
        report.files.append(FileResult(relative, output, "converted", conversion))
        report.names[name] = output.as_posix()
        report.helpers += conversion.helpers
    report.files.sort(key=lambda f: str(f.source))
    if report.helpers and helpers_module is not None:
        report.helpers_file = Path(f"{helpers_module}.py")
        (out / report.helpers_file).write_text(module_source(report.helpers),
                                               encoding="utf-8")
    return report


def _sees(name: str, by_name: dict[str, Conversion]) -> frozenset[str] | None:
    """What a template reads from the names it is rendered with: its own reads, those of
    the templates it includes and of its own layouts, which Bottle renders with a copy
    of the same names; None where one of them is not known."""
    seen: set[str] = set()
    reads: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        conversion = by_name.get(current)
        if conversion is None or not conversion.ok or conversion.computed_includes:
            return None
        reads |= conversion.reads
        todo += [jinja_name(n) for n in [*conversion.includes, conversion.extends] if n]
    return frozenset(reads)


def leaf_name(name: str) -> str:
    """What a render's template name and a template's Bottle name are matched by: the
    last part, less an extension Bottle tries (`./views/layout.tpl`, `layout` ->
    `layout`). Folders apart, so a name matches every template it may find (a
    `template_lookup=` of another folder too)."""
    leaf = name.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    return next((leaf.removesuffix(e) for e in EXTENSIONS if leaf.endswith(e)), leaf)


def _add_named_as_they_are(src: Path, templates: dict[str, tuple[Path, str]],
                           first: dict[str, Conversion], report: TreeReport,
                           tree: ConversionOptions, given: set[str] | None = None) -> None:
    """A file an include or rebase names as it is, by an extension Bottle does not try
    (`% include('howto.txt')`), is a template too: Bottle's lookup takes a name as it
    is written before it tries its extensions (BaseTemplate.search). It is converted with
    the tree's options (`tree`); its Jinja2 name is jinja_name()'s, as the include tag
    says (`howto.txt.html`); the copy stays."""
    todo = list(first.values())
    while todo:
        conversion = todo.pop()
        for name in [*conversion.includes, conversion.extends]:
            if not name or name in templates or Path(name).suffix in EXTENSIONS:
                continue
            path = src / name
            if not path.is_file() or not path.resolve().is_relative_to(src.resolve()):
                continue
            text = template_text(path)
            relative = path.relative_to(src)
            templates[name] = (relative, text)
            report.files = [f for f in report.files if f.source != relative]
            first[name] = convert(text, str(relative), replace(
                tree, base_given=given is None or leaf_name(name) in given))
            todo.append(first[name])
