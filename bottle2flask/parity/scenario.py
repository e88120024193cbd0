"""The requests of a parity run: scripted ones from a file, and what a crawl finds in pages."""

from __future__ import annotations

import fnmatch
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlsplit

from ..errors import UsageError

if TYPE_CHECKING:  # (imported where a page is read: the noise twin's process reads none)
    from bs4 import BeautifulSoup

# Visited last, so the crawl keeps its session as long as it can.
DESTRUCTIVE = re.compile(r"log-?out|sign-?out|delete|remove", re.IGNORECASE)
VARIABLE = re.compile(r"\{(\w+)\}")
LINKS = (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"))


@dataclass
class Call:
    """One request, replayed against both apps."""

    path: str
    method: str = "GET"
    name: str = ""
    query: dict | list | None = None
    form: dict | list | None = None
    json: object = None
    body: str | None = None
    content_type: str | None = None
    headers: dict = field(default_factory=dict)
    save: dict = field(default_factory=dict)
    follow: bool = False

    @classmethod
    def from_dict(cls, data: dict) -> Call:
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown or "path" not in data:
            raise ValueError(f"request {data!r}: needs 'path'; unknown keys {sorted(unknown)}")
        return cls(**data)

    def variables(self) -> set[str]:
        """The {variables} this request uses."""
        text = json.dumps([self.path, self.query, self.form, self.json, self.body,
                           self.headers])
        return set(VARIABLE.findall(text))


@dataclass
class Ignore:
    """An intended difference of the user's: a header, a cookie (by name), a JSON path, a
    CSS selector, a status (the first app answered it, "500": the whole answer differs), a
    text printed where the other side printed nothing ("None": Jinja2 prints None), or
    "html" escaped by the second app where the first printed it raw (Flask autoescapes), or
    "routing": each framework's own words for a 404 or 405 of its router, shown by a page,
    or "keys": each framework's own keys of the WSGI environ (`bottle.request`,
    `route.handle`; `werkzeug.request`), printed by a page showing the environ, or
    "cookie_path": the Path attribute alone of the cookies it names (a glob of their
    names, "*" for every cookie): a cookie the second app drops, or sends with another
    value or other attributes, is still a difference; or "written": the same body
    written another way, "json" (the same JSON value: its keys' order, spaces, a last
    newline) or "entities" (the same HTML but for the entities of quotes: `&#039;` and
    `&#39;`, `&quot;` and `&#34;`); or "framework": the framework's own answer of one
    kind, a change the port chose and declared (one of FRAMEWORK: a redirect's body,
    an error page, a static file's headers), which the comparison allows by itself and
    now also counts under this rule's name."""

    name: str
    header: str = ""
    cookie: str = ""
    json: str = ""
    css: str = ""
    status: str = ""
    printed: str = ""
    escaped: str = ""
    error_text: str = ""
    environ: str = ""
    cookie_path: str = ""
    written: str = ""
    framework: str = ""
    path: str = "*"      # a glob of the request paths it applies to
    reason: str = ""

    def applies(self, path: str) -> bool:
        return fnmatch.fnmatchcase(path.partition("?")[0], self.path)

    def json_pattern(self) -> re.Pattern:
        """$.articles[*].createdAt matches $.articles[0].createdAt and what is below it."""
        text = re.escape(self.json if self.json.startswith("$") else f"$.{self.json}")
        text = text.replace(r"\[\*\]", r"\[\d+\]").replace(r"\*", r"[^.\[]+")
        return re.compile(text + r"(?=$|[.\[:])")


@dataclass
class Scenario:
    requests: list[Call] = field(default_factory=list)
    form_values: dict = field(default_factory=dict)
    ignore: list[Ignore] = field(default_factory=list)

    def extend(self, other: Scenario) -> Scenario:
        return Scenario([*self.requests, *other.requests],
                        {**self.form_values, **other.form_values}, [*self.ignore, *other.ignore])

    def saved(self) -> set[str]:
        return {name for call in self.requests for name in call.save}


TABLES = {"request": "[[request]]", "form_values": "[form_values]", "ignore": "[[ignore]]"}
IGNORE_KINDS = ("header", "cookie", "json", "css", "status", "printed", "escaped",
                "error_text", "environ", "cookie_path", "written", "framework")
WRITTEN = ("json", "entities")  # the values of an [[ignore]]'s `written`
# the values of an [[ignore]]'s `framework`: intended differences of normalise.INTENDED
FRAMEWORK = ("redirect-body", "default-error-page", "static-file-headers")
_KIND_NAMES = {str: "string", dict: "table", bool: "boolean"}


def load_script(path: Path) -> tuple[list[Call], dict]:
    """Read [[request]] entries and [form_values] from a TOML or JSON file."""
    scenario = load(path)
    return scenario.requests, scenario.form_values


def load(path: Path, defined: frozenset[str] = frozenset()) -> Scenario:
    """Read and check a requests file; a mistake is a UsageError naming the file and entry.

    defined: the variables saved by the files replayed before this one.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: cannot read: {error}") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except ValueError as error:  # TOMLDecodeError and JSONDecodeError are ValueErrors
        kind = "JSON" if path.suffix == ".json" else "TOML"
        raise UsageError(f"{path}: not valid {kind}: {error}") from None
    if isinstance(data, list):
        data = {"request": data}
    if not isinstance(data, dict):
        raise UsageError(f"{path}: expected the tables {', '.join(TABLES.values())}")
    unknown = sorted(set(data) - set(TABLES))
    if unknown:
        raise UsageError(f"{path}: unknown table {unknown[0]!r} (known: "
                         f"{', '.join(TABLES.values())})")
    values = data.get("form_values", {})
    if not isinstance(values, dict):
        raise UsageError(f"{path}: [form_values] must be a table of field = value")
    requests = [_request(path, n, item)
                for n, item in enumerate(_entries(path, data, "request"), 1)]
    saved = set(defined)
    for n, call in enumerate(requests, 1):
        missing = sorted(call.variables() - saved)
        if missing:
            raise UsageError(f"{path}: [[request]] #{n} ({call.name or call.path}): undefined "
                             f"variable {{{missing[0]}}}; an earlier request must save it "
                             f"(save = {{ {missing[0]} = \"json.path\" }})")
        saved |= set(call.save)
    ignore = [_ignore(path, n, item)
              for n, item in enumerate(_entries(path, data, "ignore"), 1)]
    return Scenario(requests, values, ignore)


def _entries(path: Path, data: dict, table: str) -> list[dict]:
    entries = data.get(table, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise UsageError(f"{path}: {table!r} must be an array of tables, {TABLES[table]}")
    return entries


def _check_keys(where: str, item: dict, known: set[str]) -> None:
    unknown = sorted(set(item) - known)
    if unknown:
        raise UsageError(f"{where}: unknown key {unknown[0]!r} (known: "
                         f"{', '.join(sorted(known))})")


def _request(path: Path, n: int, item: dict) -> Call:
    where = f"{path}: [[request]] #{n}"
    _check_keys(where, item, set(Call.__dataclass_fields__))
    if not isinstance(item.get("path"), str) or not item["path"].startswith("/"):
        raise UsageError(f"{where}: needs path = \"/...\" (a string starting with /)")
    for key, kind in (("method", str), ("name", str), ("headers", dict), ("save", dict),
                      ("follow", bool), ("body", str), ("content_type", str)):
        if key in item and not isinstance(item[key], kind):
            raise UsageError(f"{where}: {key!r} must be a {_KIND_NAMES[kind]}")
    if "method" in item:
        item = {**item, "method": item["method"].upper()}
    return Call(**item)


def _ignore(path: Path, n: int, item: dict) -> Ignore:
    where = f"{path}: [[ignore]] #{n}"
    _check_keys(where, item, set(Ignore.__dataclass_fields__))
    kinds = [k for k in IGNORE_KINDS if item.get(k)]
    if len(kinds) != 1:
        raise UsageError(f"{where}: give exactly one of {', '.join(IGNORE_KINDS)}")
    if not all(isinstance(v, str) for v in item.values()):
        raise UsageError(f"{where}: every value must be a string")
    kind = kinds[0]
    if kind == "header" and item["header"].lower() == "set-cookie":
        raise UsageError(f"{where}: cookies are compared one by one: name the cookie "
                         "(cookie = \"NAME\"), not the Set-Cookie header")
    if kind == "escaped" and item["escaped"] != "html":
        raise UsageError(f"{where}: escaped takes \"html\" (the second app escapes what "
                         "the first printed raw)")
    if kind == "error_text" and item["error_text"] != "routing":
        raise UsageError(f"{where}: error_text takes \"routing\" (each framework's own text "
                         "for a path no route takes or a method it does not allow)")
    if kind == "environ" and item["environ"] != "keys":
        raise UsageError(f"{where}: environ takes \"keys\" (each framework's own keys of "
                         "the WSGI environ, printed by a page)")
    if kind == "written" and item["written"] not in WRITTEN:
        raise UsageError(f"{where}: written takes \"json\" (the same JSON value: key order, "
                         "spaces, a last newline) or \"entities\" (the same HTML but for the "
                         "entities of quotes)")
    if kind == "framework" and item["framework"] not in FRAMEWORK:
        raise UsageError(f"{where}: framework takes one of {', '.join(FRAMEWORK)} (the "
                         "framework's own answer of that kind)")
    if kind == "status" and not re.fullmatch(r"[1-5]\d\d", item["status"]):
        raise UsageError(f"{where}: status must be a status code, \"500\"")
    if kind == "css":
        from bs4 import BeautifulSoup

        try:
            BeautifulSoup("", "lxml").select(item["css"])
        except Exception as error:  # soupsieve's SelectorSyntaxError and its kin
            raise UsageError(f"{where}: bad CSS selector {item['css']!r}: "
                             f"{str(error).splitlines()[0]}") from None
    return Ignore(**{"name": f"{kind} {item[kind]}", **item})


# What a relative link is resolved against: the page's own URL, as a browser holds it.
# Joined to a bare path, urljoin keeps what climbs above it (`../static/x.css` from `/`
# was `static/x.css`: a path no client sends); under an origin, RFC 3986 5.2.4 takes out
# every dot segment, as a browser does.
ORIGIN = "http://localhost/"


def local_path(url: str, base: str) -> str | None:
    """The path and query of a same-site link as a browser resolves it against the page
    it is on (base: that page's path), or None for other sites and schemes."""
    parts = urlsplit(urljoin(urljoin(ORIGIN, base), url))
    if parts.scheme not in ("", "http", "https") or (parts.netloc and parts.netloc != "localhost"):
        return None
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def relative(url: str) -> bool:
    """Whether a link is written relative to its page's path (`static/x.css`,
    `../x`, `?page=2`), not from the site's root or as a URL."""
    parts = urlsplit(url.strip())
    return not parts.scheme and not parts.netloc and not parts.path.startswith("/")


def links(page: BeautifulSoup, base: str, relative_too: bool = True) -> list[str]:
    """The same-site links of a page at `base`, resolved; relative_too=False: only those
    written from the site's root or as URLs."""
    found = []
    for tag, attr in LINKS:
        for node in page.find_all(tag):
            if not relative_too and node.get(attr) and relative(str(node[attr])):
                continue
            path = node.get(attr) and local_path(str(node[attr]), base)
            if path and path not in found:
                found.append(path)
    return found


@dataclass
class Form:
    method: str
    action: str
    fields: list[dict]

    @property
    def key(self) -> tuple:
        return (self.method, self.action, tuple(f["name"] for f in self.fields))


def forms(page: BeautifulSoup, base: str) -> list[Form]:
    found = []
    for node in page.find_all("form"):
        fields = []
        for control in node.find_all(["input", "textarea", "select"]):
            name = control.get("name")
            kind = str(control.get("type") or control.name).lower()
            if not name or kind in ("submit", "button", "reset", "image", "file"):
                continue
            value = control.get_text() if control.name == "textarea" else control.get("value", "")
            options = [o.get("value", o.get_text()) for o in control.find_all("option")]
            fields.append({"name": name, "type": kind, "value": value, "options": options,
                           "checked": control.has_attr("checked")})
        action = local_path(str(node.get("action") or base), base)
        if action is not None:
            found.append(Form(str(node.get("method") or "GET").upper(), action, fields))
    return found


def guess(f: dict, values: dict) -> str:
    """A valid-looking value for a form field, from its name and type."""
    name, kind = f["name"].lower(), f["type"]
    if f["name"] in values:
        return str(values[f["name"]])
    if kind in ("hidden", "checkbox", "radio"):
        return f["value"] or "on"
    if kind == "select":
        return f["options"][0] if f["options"] else ""
    if kind == "email" or "email" in name:
        return "parity@example.com"
    if kind == "password":
        return "parity-pass-123"
    if kind == "url" or "image" in name or "url" in name:
        return "https://example.com/parity.png"
    if kind == "number":
        return "1"
    if "tag" in name:
        return "parity, testing"
    if kind == "textarea":
        return "Written by the parity diff: <b>bold</b> & 'quoted'.\n\nA second paragraph."
    return f"Parity {f['name']}"


def fill(form: Form, mode: str, values: dict) -> list[tuple[str, str]]:
    """Form data for a mode: 'valid', 'empty' (every visible field blank) or 'no-csrf'."""
    data = []
    # a radio group sends one value, as a browser sends it: the button checked, else
    # (valid) the first; all five of a rating's buttons sent as five values read as
    # Bottle's last one and Werkzeug's first (RULE-s50 class C: a review stored with
    # another rating, shown on a page that reads no form)
    chosen = {}
    for f in form.fields:
        if f["type"] == "radio" and (f["checked"] or f["name"] not in chosen):
            chosen[f["name"]] = f
    for f in form.fields:
        if f["type"] == "radio" and chosen.get(f["name"]) is not f:
            continue
        if f["type"] in ("checkbox", "radio") and not f["checked"] and mode != "valid":
            continue
        if mode == "empty" and f["type"] != "hidden":
            data.append((f["name"], ""))
        elif mode == "no-csrf" and f["name"] == "csrf_token":
            continue
        elif mode == "valid":
            data.append((f["name"], guess(f, values)))
        else:
            data.append((f["name"], f["value"]))
    return data


def modes(form: Form) -> list[str]:
    """The submissions worth making of a form: invalid first, then valid."""
    visible = any(f["type"] != "hidden" for f in form.fields)
    has_csrf = any(f["name"] == "csrf_token" for f in form.fields)
    return [*(["empty"] if visible else []), *(["no-csrf"] if has_csrf else []), "valid"]


def destructive(path: str) -> bool:
    return bool(DESTRUCTIVE.search(path))
