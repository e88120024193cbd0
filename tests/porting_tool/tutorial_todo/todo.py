"""A to-do list written the way Bottle's tutorial writes one (our own version of it).

Bottle's default app, routes on module-level decorators, sqlite3 on a file named
relative to the working folder, `<no:int>` and `<x:re:...>` wildcards, error pages, and
a `run()` with the reloader at import, unguarded, as the tutorial's last step has it.
The test input of "every route reached" and of the suite a port leaves.
"""

import sqlite3

from bottle import error, request, route, run, static_file, template


def connect():
    conn = sqlite3.connect("todo.db")
    conn.execute("CREATE TABLE IF NOT EXISTS todo (id INTEGER PRIMARY KEY, "
                 "task char(100) NOT NULL, status bool NOT NULL)")
    if conn.execute("SELECT COUNT(*) FROM todo").fetchone()[0] == 0:
        conn.execute("INSERT INTO todo (task, status) VALUES ('Read the tutorial', 1)")
        conn.execute("INSERT INTO todo (task, status) VALUES ('Port it', 1)")
        conn.commit()
    return conn


@route("/todo")
def todo_list():
    conn = connect()
    rows = conn.execute("SELECT id, task FROM todo WHERE status LIKE '1'").fetchall()
    conn.close()
    return template("make_table", rows=rows)


@route("/new", method="GET")
def new_item_form():
    if request.GET.save:
        task = request.GET.task.strip()
        conn = connect()
        new_id = conn.execute("INSERT INTO todo (task, status) VALUES (?, ?)",
                              (task, 1)).lastrowid
        conn.commit()
        conn.close()
        return f"<p>The new task was inserted into the database, the ID is {new_id}</p>"
    return template("new_task")


@route("/new", method="POST")
def new_item():
    task = request.forms.get("task", "").strip()
    if not task:
        return template("new_task")
    conn = connect()
    new_id = conn.execute("INSERT INTO todo (task, status) VALUES (?, 1)", (task,)).lastrowid
    conn.commit()
    conn.close()
    return {"id": new_id, "task": task}


@route("/edit/<no:int>", method="GET")
def edit_item_form(no):
    conn = connect()
    row = conn.execute("SELECT task FROM todo WHERE id = ?", (no,)).fetchone()
    conn.close()
    return template("edit_task", old=row, no=no)


@route("/edit/<no:int>", method="POST")
def edit_item(no):
    task = request.forms.task
    status = 1 if request.forms.status == "open" else 0
    conn = connect()
    conn.execute("UPDATE todo SET task = ?, status = ? WHERE id LIKE ?", (task, status, no))
    conn.commit()
    conn.close()
    return f"<p>The item number {no} was successfully updated</p>"


@route("/item<item:re:[0-9]+>")
def show_item(item):
    conn = connect()
    row = conn.execute("SELECT task FROM todo WHERE id LIKE ?", (item,)).fetchone()
    conn.close()
    if not row:
        return "This item number does not exist!"
    return f"Task: {row[0]}"


@route("/help")
def help_page():
    return static_file("help.html", root=".")


@route("/json<json:re:[0-9]+>")
def show_json(json):
    conn = connect()
    row = conn.execute("SELECT task FROM todo WHERE id LIKE ?", (json,)).fetchone()
    conn.close()
    if not row:
        return {"task": "This item number does not exist!"}
    return {"task": row[0]}


@error(403)
def mistake403(code):
    return "There is a mistake in your url!"


@error(404)
def mistake404(code):
    return "Sorry, this page does not exist!"


run(host="localhost", port=8080, debug=True, reloader=True)
