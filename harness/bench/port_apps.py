"""The Bottle apps `port_speed` ports, written out as folders: ours, made here (no
third-party code), each of 1,000+ lines of Python.

- `single`: the porting sample (tests/porting_tool/sample) with its views repeated under
  /vN/ prefixes until the module has 1,000 lines, as a large single-module app is
  written; its templates and static files beside it.
- `package`: an app over a package of modules, as a larger app is laid out: the app
  made in `shop/app.py` with its hooks, error pages and a plugin; views over several
  modules that import it (request, response, templates, redirects, aborts, cookies,
  URLs built by route name, static files); a helper handed Bottle's response; a
  sub-app made by a function and mounted under a prefix; SimpleTemplate views with a
  layout; the WSGI entry in `wsgi.py`.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_DIR = ROOT / "tests" / "porting_tool" / "sample"
SAMPLE = SAMPLE_DIR / "todo.py"
FIRST_VIEW = '@app.route("/")\n'
LAST_VIEW = "@app.error(404)\n"
VIEW_MODULES = 8  # shop/views/<topic>.py
TOPICS = ("books", "music", "films", "games", "tools", "plants", "maps", "toys")


def large_module(lines: int = 1000) -> str:
    """The sample with its views (and their helper) repeated until it has `lines`."""
    text = SAMPLE.read_text()
    start, end = text.index(FIRST_VIEW), text.index(LAST_VIEW)
    head, views, tail = text[:start], text[start:end], text[end:]
    names = re.findall(r"^def (\w+)\(", views, re.M)
    copies = []
    n = 1
    while len((head + "".join(copies) + tail).splitlines()) < lines:
        n += 1
        copy = re.sub(r'(@app\.\w+\(")/', rf"\1/v{n}/", views)
        for name in names:
            copy = re.sub(rf"\b{name}\(", f"{name}_{n}(", copy)
        copies.append(copy)
    return head + views + "".join(copies) + tail


def write_single(folder: Path) -> Path:
    """The 1,000-line module as an app folder: app.py, the sample's views/ and static/."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "app.py").write_text(large_module())
    for sub in ("views", "static"):
        shutil.copytree(SAMPLE_DIR / sub, folder / sub, dirs_exist_ok=True)
    return folder


APP_MODULE = '''"""The shop's app: made once here, its hooks, error pages and plugin."""

import functools
import os
import time

from bottle import TEMPLATE_PATH, Bottle, request, response, template

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE_PATH.insert(0, os.path.join(HERE, "templates"))

app = Bottle()
app.config["shop.title"] = "The shop"


def timing(callback):
    """A plugin as a decorator: how long each view took, in a header."""

    @functools.wraps(callback)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        body = callback(*args, **kwargs)
        response.set_header("X-Took", f"{time.perf_counter() - started:.6f}")
        return body

    return wrapper


app.install(timing)


@app.hook("before_request")
def started():
    request.environ["shop.started"] = time.perf_counter()


@app.hook("after_request")
def no_sniff():
    response.set_header("X-Content-Type-Options", "nosniff")


@app.error(404)
def not_found(err):
    return template("message", title="Not found", message=err.body)


@app.error(500)
def failed(err):
    return template("message", title="Something went wrong", message="Please try again.")
'''

STORE_MODULE = '''"""What the shop sells, kept in memory (no framework here)."""

ITEMS = {}


def seed(topic, count=5):
    for no in range(1, count + 1):
        ITEMS[(topic, no)] = {"no": no, "name": f"{topic} {no}", "price": no * 3,
                              "stock": no % 3}


def items(topic):
    return [item for (kind, _), item in sorted(ITEMS.items()) if kind == topic]


def item(topic, no):
    return ITEMS.get((topic, no))


def add(topic, name, price):
    no = max([n for (kind, n) in ITEMS if kind == topic], default=0) + 1
    ITEMS[(topic, no)] = {"no": no, "name": name, "price": price, "stock": 1}
    return no
'''

HELPERS_MODULE = '''"""Helpers the views share: a decorator, cookies set on Bottle's response."""

import functools

from bottle import abort, request, response


def no_cache():
    response.set_header("Cache-Control", "no-store")


def remember(resp, topic):
    resp.set_cookie("topic", topic, path="/")
    resp.set_header("X-Topic", topic)


def logged_in(view):
    """Refuse a request without the session cookie."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        if not request.get_cookie("session"):
            abort(401, "Log in first.")
        return view(*args, **kwargs)

    return wrapper


def page_number():
    try:
        return max(1, int(request.query.get("page", "1")))
    except ValueError:
        return 1
'''

VIEWS = '''

@app.route("/{topic}")
@app.route("/{topic}/")
def {topic}_list():
    """The {topic}, a page of them at a time."""
    page = page_number()
    shown = store.items("{topic}")[(page - 1) * 10:page * 10]
    remember(response, "{topic}")
    return template("list", title="{Topic}", items=shown, page=page, topic="{topic}")


@app.get("/{topic}/<no:int>")
@view("item")
def {topic}_item(no):
    found = store.item("{topic}", no)
    if found is None:
        abort(404, "No such {single}.")
    return dict(title=found["name"], item=found, topic="{topic}")


@app.get("/{topic}/new")
@logged_in
def {topic}_new_form():
    return template("form", title="New {single}", error="", name="", topic="{topic}")


@app.post("/{topic}/new")
@logged_in
def {topic}_new():
    name = request.forms.getunicode("name", "").strip()
    price = request.forms.get("price", "0")
    if not name or not price.isdigit():
        response.status = 400
        return template("form", title="New {single}", error="A name and a price, please.",
                        name=name, topic="{topic}")
    no = store.add("{topic}", name, int(price))
    response.set_cookie("last_added", name, path="/")
    redirect(app.get_url("{topic}_one", no=no))


@app.route("/{topic}/<no:int>/view", name="{topic}_one")
def {topic}_one(no):
    return {topic}_item(no)


@app.route("/api/{topic}")
def {topic}_api_list():
    response.content_type = "application/json"
    items = store.items("{topic}")
    if request.query.get("in_stock"):
        items = [item for item in items if item["stock"]]
    return dict(items=items, count=len(items))


@app.route("/api/{topic}/<no:int>", method=["GET", "HEAD"])
def {topic}_api_item(no):
    found = store.item("{topic}", no)
    if found is None:
        return HTTPResponse({{"error": "not found"}}, status=404)
    response.set_header("Cache-Control", "max-age=60")
    return found


@app.route("/api/{topic}/<no:int>/price/<factor:float>")
def {topic}_api_price(no, factor):
    found = store.item("{topic}", no) or abort(404, "No such {single}.")
    return {{"no": no, "price": round(found["price"] * factor, 2)}}


@app.route("/{topic}/search")
def {topic}_search():
    words = request.query.getall("q")
    found = [item for item in store.items("{topic}")
             if all(word.lower() in item["name"].lower() for word in words)]
    if not found and request.query.get("strict"):
        abort(404, "Nothing matches.")
    return template("list", title="Search", items=found, page=1, topic="{topic}")


@app.route("/{topic}/old/<rest:path>")
def {topic}_moved(rest):
    redirect("/{topic}/" + rest, 301)


@app.route("/{topic}/files/<filename:re:[a-z]+\\\\.txt>")
def {topic}_file(filename):
    return static_file(filename, root=os.path.join(HERE, "static"), mimetype="text/plain")


@app.route("/{topic}/last")
def {topic}_last():
    last = request.get_cookie("last_added")
    if last is None:
        return "Nothing added yet."
    return template("message", title="Last added", message=last)
'''

VIEW_HEAD = '''"""The {topic}: pages, forms and a JSON API."""

import os

from bottle import HTTPResponse, abort, redirect, request, response, static_file, template, view

from .. import store
from ..app import app
from ..helpers import logged_in, page_number, remember

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
store.seed("{topic}")
'''

ADMIN_MODULE = '''"""The back office: a sub-app made by a function, mounted under /admin."""

from bottle import Bottle, abort, request, response, template

from . import store


def make_admin(title):
    admin = Bottle()

    @admin.route("/")
    def overview():
        counts = {{topic: len(store.items(topic)) for topic in {topics!r}}}
        return template("admin", title=title, counts=counts)

    @admin.post("/<topic>/<no:int>/stock")
    def restock(topic, no):
        found = store.item(topic, no)
        if found is None:
            abort(404, "No such item.")
        found["stock"] = int(request.forms.get("stock", "0"))
        response.status = 204
        return ""

    @admin.error(404)
    def admin_missing(err):
        return {{"error": err.body}}

    return admin
'''

WSGI_MODULE = '''"""The WSGI entry: the app, its view modules, the back office mounted."""

from bottle import run

from shop.admin import make_admin
from shop.app import app
from shop.views import {imports}

app.mount("/admin/", make_admin("Back office"))
application = app

if __name__ == "__main__":
    run(app, host="localhost", port=8080)
'''

TEMPLATES = {
    "layout.tpl": '''<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{title}} - The shop</title></head>
<body>
  <h1>{{title}}</h1>
  {{!base}}
  <footer><a href="/">Home</a></footer>
</body>
</html>
''',
    "list.tpl": '''% rebase('layout', title=title)
<ul>
% for item in items:
  <li><a href="/{{topic}}/{{item['no']}}">{{item['name']}}</a> ({{item['price']}})
  % if not item['stock']:
    <em>out of stock</em>
  % end
  </li>
% end
</ul>
<p>Page {{page}}. <a href="/{{topic}}?page={{page + 1}}">Next</a></p>
''',
    "item.tpl": '''% rebase('layout', title=title)
<p>{{item['name']}} costs {{item['price']}}.</p>
<p>{{'In stock' if item['stock'] else 'Out of stock'}}</p>
''',
    "form.tpl": '''% rebase('layout', title=title)
% if error:
<p class="error">{{error}}</p>
% end
<form action="/{{topic}}/new" method="post">
  <input name="name" value="{{name}}"><input name="price">
  <input type="submit" value="Add">
</form>
''',
    "message.tpl": '''% rebase('layout', title=title)
<p>{{message}}</p>
''',
    "admin.tpl": '''% rebase('layout', title=title)
<table>
% for topic, count in sorted(counts.items()):
  <tr><td>{{topic}}</td><td>{{count}}</td></tr>
% end
</table>
''',
}


def write_package(folder: Path, modules: int = VIEW_MODULES) -> Path:
    """The package app (see the module's docstring) in `folder`."""
    shop = folder / "shop"
    (shop / "views").mkdir(parents=True, exist_ok=True)
    (shop / "templates").mkdir(exist_ok=True)
    (shop / "static").mkdir(exist_ok=True)
    topics = TOPICS[:modules]
    (shop / "__init__.py").write_text('"""The shop: a Bottle app over a package."""\n')
    (shop / "app.py").write_text(APP_MODULE)
    (shop / "store.py").write_text(STORE_MODULE)
    (shop / "helpers.py").write_text(HELPERS_MODULE)
    (shop / "admin.py").write_text(ADMIN_MODULE.format(topics=topics))
    (shop / "views" / "__init__.py").write_text('"""One module a topic."""\n')
    for topic in topics:
        fields = {"topic": topic, "Topic": topic.title(), "single": topic.rstrip("s")}
        (shop / "views" / f"{topic}.py").write_text(
            VIEW_HEAD.format(**fields) + VIEWS.format(**fields))
    for name, text in TEMPLATES.items():
        (shop / "templates" / name).write_text(text)
    (shop / "static" / "notes.txt").write_text("Opening hours: 9 to 5.\n")
    (folder / "wsgi.py").write_text(WSGI_MODULE.format(imports=", ".join(topics)))
    return folder


def python_lines(folder: Path) -> int:
    """The lines of the app's Python modules."""
    return sum(len(p.read_text().splitlines()) for p in sorted(folder.rglob("*.py")))


APPS = {"1,000-line module": write_single, "package app": write_package}
