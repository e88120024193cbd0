"""The requests of a parity run: scripted ones from a file, and what a crawl finds in pages."""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from bs4 import BeautifulSoup

DEFAULT_SCRIPT = Path(__file__).with_name("scenario.toml")
# Visited last, so the crawl keeps its session as long as it can.
DESTRUCTIVE = re.compile(r"log-?out|sign-?out|delete|remove", re.IGNORECASE)
LINKS = (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"))


@dataclass
class Call:
    """One request, replayed against both apps."""

    path: str
    method: str = "GET"
    name: str = ""
    query: dict | None = None
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


def load_script(path: Path) -> tuple[list[Call], dict]:
    """Read [[request]] entries and [form_values] from a TOML or JSON file."""
    text = Path(path).read_text()
    data = json.loads(text) if str(path).endswith(".json") else tomllib.loads(text)
    if isinstance(data, list):
        data = {"request": data}
    return ([Call.from_dict(item) for item in data.get("request", [])],
            data.get("form_values", {}))


def local_path(url: str, base: str) -> str | None:
    """The path and query of a same-site link, or None for other sites and schemes."""
    parts = urlsplit(urljoin(base, url))
    if parts.scheme not in ("", "http", "https") or (parts.netloc and parts.netloc != "localhost"):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def links(page: BeautifulSoup, base: str) -> list[str]:
    found = []
    for tag, attr in LINKS:
        for node in page.find_all(tag):
            path = node.get(attr) and local_path(node[attr], base)
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
            kind = (control.get("type") or control.name).lower()
            if not name or kind in ("submit", "button", "reset", "image", "file"):
                continue
            value = control.get_text() if control.name == "textarea" else control.get("value", "")
            options = [o.get("value", o.get_text()) for o in control.find_all("option")]
            fields.append({"name": name, "type": kind, "value": value, "options": options,
                           "checked": control.has_attr("checked")})
        action = local_path(node.get("action") or base, base)
        if action is not None:
            found.append(Form((node.get("method") or "GET").upper(), action, fields))
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
    for f in form.fields:
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
