"""Bottle's whole API as a table: one row per public name of the `bottle` module and its
classes, per route-syntax form and per SimpleTemplate construct, each with its status in
the port (same, declared, todo, n/a, engine) and the tiny app that shows it.

    model.py         Row, Case, Req and the builders of tiny apps (view, shows, app)
    names.py         the public names of the installed Bottle, as row ids
    module_names.py  request.py  response.py  dicts.py  app.py  routes.py  templates.py
                     the rows, by family
    outcomes.py      each row's status where it is not "same", with its reason
    table.py         all rows, in document order
    differential.py  port a case, serve both apps in-process, compare the answers
    document.py      docs/BOTTLE-API.md from the table (python -m bottle2flask.conformance)

The fuzzer draws elements from this table by row id (`request.query`, `route:filter:int`,
`stpl:%rebase`).
"""
