"""The porting sample's Flask port, by hand, route by route: any subset of its views.

Written as a person porting tests/porting_tool/sample/todo.py would write it, keeping
what users see the same (303 redirects to absolute URLs, the 404 page, the cookies).
"""

from __future__ import annotations

import os
import sqlite3
from importlib.metadata import version
from pathlib import Path
from urllib.parse import urljoin

from flask import (
    Flask,
    Response,
    abort,
    redirect,
    render_template,
    request,
    send_from_directory,
)
from werkzeug.security import safe_join

SAMPLE = Path(__file__).resolve().parent.parent / "porting_tool" / "sample"
TEMPLATES = Path(__file__).resolve().parent / "todo_templates"

# endpoint -> (rule, methods); the endpoints are the legacy views' names.
VIEWS = {
    "todo_list": (["/", "/todo"], ["GET"]),
    "new_form": (["/new"], ["GET"]),
    "new_item": (["/new"], ["POST"]),
    "edit_form": (["/edit/<int(signed=True):no>"], ["GET"]),
    "edit_item": (["/edit/<int(signed=True):no>"], ["POST"]),
    "api_list": (["/api/todos"], ["GET"]),
    "api_item": (["/api/todos/<int(signed=True):no>"], ["GET"]),
    "static": (["/static/<path:filename>"], ["GET"]),
}
HALF = {"todo_list", "edit_form", "api_item"}  # the first evening's work


# The font Bottle's error page names: "sans-serif" from 0.13, "sans" in 0.12 (the legacy
# app's page is the installed Bottle's).
LEGACY_FONT = "sans" if version("bottle").startswith("0.12.") else "sans-serif"


def legacy_error(status: str, message: str):
    """Bottle's default error page, which the legacy app showed for these errors."""
    url = urljoin(request.host_url, "/" + request.path.lstrip("/"))
    page = render_template("legacy_error.html", status=status, url=repr(url), message=message,
                           font=LEGACY_FONT)
    return page, int(status.split()[0])


class AbsoluteRedirects(Response):
    autocorrect_location_header = True  # Bottle's redirect() sends absolute URLs


def create_app(db_path: str, endpoints=None) -> Flask:
    """The port; ``endpoints`` limits it to those views (default: all of them)."""
    # Static files through a view of our own, as the legacy app's static_file() answers.
    app = Flask(__name__, template_folder=str(TEMPLATES), static_folder=None)
    app.response_class = AbsoluteRedirects

    def connect():
        return sqlite3.connect(db_path)

    def find(no):
        with connect() as conn:
            row = conn.execute("SELECT id, task, status FROM todo WHERE id = ?",
                               (no,)).fetchone()
        if row is None:
            abort(404, f"No item {no}.")
        return row

    def todo_list():
        show = request.args.get("show") or request.cookies.get("show", "open")
        if show not in ("open", "all"):
            show = "open"
        where = "" if show == "all" else " WHERE status = 1"
        with connect() as conn:
            rows = conn.execute(f"SELECT id, task, status FROM todo{where} ORDER BY id"
                                ).fetchall()
        page = app.make_response(render_template(
            "list.html", rows=rows, show=show, last=request.cookies.get("last_added", "")))
        page.set_cookie("show", show, path="/")
        return page

    def new_form():
        return render_template("new.html", error="", task="")

    def new_item():
        task = request.form.get("task", "").strip()
        if not task:
            return render_template("new.html", error="Please write a task.", task=""), 400
        with connect() as conn:
            conn.execute("INSERT INTO todo (task, status) VALUES (?, 1)", (task,))
        answer = redirect("/", 303)
        answer.set_cookie("last_added", task, path="/")
        return answer

    def edit_form(no):
        row = find(no)
        return render_template("edit.html", no=row[0], task=row[1], status=row[2])

    def edit_item(no):
        find(no)
        # Bottle's request.forms.get() reads the body as latin-1; the legacy app stored
        # that, so the port keeps doing it until the data is migrated (PORTING.md).
        task = request.form.get("task", "").strip().encode("utf-8").decode("latin-1")
        status = 1 if request.form.get("status") == "open" else 0
        with connect() as conn:
            conn.execute("UPDATE todo SET task = ?, status = ? WHERE id = ?",
                         (task, status, no))
        return redirect("/todo?show=all", 303)

    def api_list():
        with connect() as conn:
            rows = conn.execute("SELECT id, task, status FROM todo ORDER BY id").fetchall()
        return {"todos": [{"id": no, "task": task, "open": bool(status)}
                          for no, task, status in rows]}

    def api_item(no):
        no, task, status = find(no)
        return {"id": no, "task": task, "open": bool(status)}

    def static(filename):
        root = SAMPLE / "static"
        found = safe_join(str(root), filename)
        if found is None:  # outside the folder: Bottle's 403, not Werkzeug's 404
            return legacy_error("403 Forbidden", "Access denied.")
        if not os.path.isfile(found):
            abort(404, "File does not exist.")
        return send_from_directory(root, filename)

    views = locals()
    for endpoint in VIEWS if endpoints is None else endpoints:
        rules, methods = VIEWS[endpoint]
        for rule in rules:
            # No automatic OPTIONS answer: the legacy app had none.
            app.add_url_rule(rule, endpoint, views[endpoint], methods=methods,
                             provide_automatic_options=False)

    @app.errorhandler(405)
    def wrong_method(error):  # Bottle's page and Allow list (no implied HEAD)
        page, status = legacy_error("405 Method Not Allowed", "Method not allowed.")
        allow = ",".join(sorted(set(error.valid_methods or ()) - {"HEAD"}))
        return page, status, {"Allow": allow}

    @app.errorhandler(404)
    def not_found(error):
        message = error.description
        if message == error.__class__.description:  # no route: Bottle's own wording
            # Bottle's words, and its reading of PATH_INFO (UTF-8, bad bytes dropped).
            path = request.environ["PATH_INFO"].encode("latin-1").decode("utf-8", "ignore")
            message = f"Not found: {path!r}"
        return render_template("not_found.html", message=message), 404

    return app
