"""A to-do list in the style of Bottle's tutorial: the input for `bottle2flask port`.

Plain Bottle on purpose (module-level app, sqlite3 opened per request, a
`% rebase` layout): the porting tool has to read code written like this.
"""

import os
import sqlite3

from flask import Flask, abort, make_response, redirect, render_template, request

HERE = os.path.dirname(os.path.abspath(__file__))
DB_PATH = os.environ.get("TODO_DB", os.path.join(HERE, "todo.db"))

app = Flask(__name__, template_folder="views")


def connect():
    return sqlite3.connect(DB_PATH)


def init_db():
    """Create the table and two items, once."""
    with connect() as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS todo"
            " (id INTEGER PRIMARY KEY, task TEXT NOT NULL, status INTEGER NOT NULL)"
        )
        if conn.execute("SELECT COUNT(*) FROM todo").fetchone()[0] == 0:
            conn.execute("INSERT INTO todo (task, status) VALUES ('Read the Bottle tutorial', 0)")
            conn.execute("INSERT INTO todo (task, status) VALUES ('Port it to Flask', 1)")


@app.route("/")
@app.route("/todo")
def todo_list():
    # ?show= picks the filter and the cookie remembers it for the next visit.
    show = request.args.get("show", "") or request.cookies.get("show") or "open"
    if show not in ("open", "all"):
        show = "open"
    where = "" if show == "all" else " WHERE status = 1"
    with connect() as conn:
        rows = conn.execute(f"SELECT id, task, status FROM todo{where} ORDER BY id").fetchall()
    resp = make_response(
        render_template(
            "list.html", rows=rows, show=show, last=request.cookies.get("last_added", "")
        )
    )
    resp.set_cookie("show", show, path="/")
    return resp


@app.get("/new")
def new_form():
    return render_template("new.html", error="", task="")


@app.post("/new")
def new_item():
    task = request.form.get("task", "").strip()
    if not task:
        return render_template("new.html", error="Please write a task.", task=""), 400
    with connect() as conn:
        conn.execute("INSERT INTO todo (task, status) VALUES (?, 1)", (task,))
    resp = redirect("/", 303)
    resp.set_cookie("last_added", task, path="/")
    return resp


def find(no):
    with connect() as conn:
        row = conn.execute("SELECT id, task, status FROM todo WHERE id = ?", (no,)).fetchone()
    if row is None:
        abort(404, f"No item {no}.")
    return row


@app.route("/edit/<int(signed=True):no>", methods=["GET"])
def edit_form(no):
    row = find(no)
    return render_template("edit.html", no=row[0], task=row[1], status=row[2])


@app.route("/edit/<int(signed=True):no>", methods=["POST"])
def edit_item(no):
    find(no)
    task = request.form.get("task", "").strip()
    status = 1 if request.form.get("status", "") == "open" else 0
    with connect() as conn:
        conn.execute("UPDATE todo SET task = ?, status = ? WHERE id = ?", (task, status, no))
    return redirect("/todo?show=all", 303)


@app.route("/api/todos")
def api_list():
    with connect() as conn:
        rows = conn.execute("SELECT id, task, status FROM todo ORDER BY id").fetchall()
    return {"todos": [{"id": no, "task": task, "open": bool(status)} for no, task, status in rows]}


@app.route("/api/todos/<int(signed=True):no>")
def api_item(no):
    no, task, status = find(no)
    return {"id": no, "task": task, "open": bool(status)}


@app.errorhandler(404)
def not_found(err):
    return render_template("not_found.html", message=err.description), 404


init_db()

if __name__ == "__main__":
    app.run(host="localhost", port=8080, debug=True)
