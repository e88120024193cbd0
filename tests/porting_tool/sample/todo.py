"""A to-do list in the style of Bottle's tutorial: the input for `bottle2flask port`.

Plain Bottle on purpose (module-level app, sqlite3 opened per request, a
`% rebase` layout): the porting tool has to read code written like this.
"""

import os
import sqlite3

from bottle import (
    TEMPLATE_PATH,
    Bottle,
    abort,
    redirect,
    request,
    response,
    run,
    static_file,
    template,
    view,
)

HERE = os.path.dirname(os.path.abspath(__file__))
DB_PATH = os.environ.get("TODO_DB", os.path.join(HERE, "todo.db"))
TEMPLATE_PATH.insert(0, os.path.join(HERE, "views"))

app = Bottle()


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
    show = request.query.show or request.get_cookie("show", "open")
    if show not in ("open", "all"):
        show = "open"
    response.set_cookie("show", show, path="/")
    where = "" if show == "all" else " WHERE status = 1"
    with connect() as conn:
        rows = conn.execute(f"SELECT id, task, status FROM todo{where} ORDER BY id").fetchall()
    return template("list", rows=rows, show=show, last=request.get_cookie("last_added", ""))


@app.get("/new")
@view("new")
def new_form():
    return dict(error="", task="")


@app.post("/new")
def new_item():
    task = request.forms.getunicode("task", "").strip()
    if not task:
        response.status = 400
        return template("new", error="Please write a task.", task="")
    with connect() as conn:
        conn.execute("INSERT INTO todo (task, status) VALUES (?, 1)", (task,))
    response.set_cookie("last_added", task, path="/")
    redirect("/")


def find(no):
    with connect() as conn:
        row = conn.execute("SELECT id, task, status FROM todo WHERE id = ?", (no,)).fetchone()
    if row is None:
        abort(404, f"No item {no}.")
    return row


@app.route("/edit/<no:int>", method="GET")
def edit_form(no):
    row = find(no)
    return template("edit", no=row[0], task=row[1], status=row[2])


@app.route("/edit/<no:int>", method=["POST"])
def edit_item(no):
    find(no)
    task = request.forms.get("task", "").strip()
    status = 1 if request.forms.status == "open" else 0
    with connect() as conn:
        conn.execute("UPDATE todo SET task = ?, status = ? WHERE id = ?", (task, status, no))
    redirect("/todo?show=all")


@app.route("/api/todos")
def api_list():
    with connect() as conn:
        rows = conn.execute("SELECT id, task, status FROM todo ORDER BY id").fetchall()
    return {"todos": [{"id": no, "task": task, "open": bool(status)} for no, task, status in rows]}


@app.route("/api/todos/<no:int>")
def api_item(no):
    no, task, status = find(no)
    return {"id": no, "task": task, "open": bool(status)}


@app.route("/static/<filename:path>")
def static(filename):
    return static_file(filename, root=os.path.join(HERE, "static"))


@app.error(404)
def not_found(err):
    return template("not_found", message=err.body)


init_db()

if __name__ == "__main__":
    run(app, host="localhost", port=8080, debug=True)
