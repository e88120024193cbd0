"""python -m harness.bench.migration [--quick]: the dispatcher's cost per request.

A legacy Bottle app of 30 routes and a Flask port serving 15 of them, behind
migration.Dispatcher, against calling the app that owns each request directly:
same in-process loop, same interleaved rounds as `make bench` (harness.bench.inprocess).
"""

from __future__ import annotations

import statistics
import sys

import bottle
from flask import Flask

from bottle2flask.migrate import Dispatcher

from .inprocess import Caller, measure
from .side import command

ROUTES = 15  # per kind: 15 static + 15 dynamic legacy routes, half of each ported


def legacy_app() -> bottle.Bottle:
    app = bottle.Bottle()
    for n in range(ROUTES):
        app.route(f"/page{n}", callback=lambda n=n: f"page {n}")
        app.route(f"/item{n}/<no:int>", callback=lambda no, n=n: f"item {n} {no}")
    return app


def new_app() -> Flask:
    app = Flask(__name__)
    for n in range(0, ROUTES, 2):  # every other route ported
        app.add_url_rule(f"/page{n}", f"page{n}", lambda n=n: f"page {n}")
        app.add_url_rule(f"/item{n}/<int:no>", f"item{n}", lambda no, n=n: f"item {n} {no}")
    app.add_url_rule("/fresh", "fresh", lambda: "only in the port")
    return app


# name -> (path, the app that owns it)
CASES = {
    "ported page": ("/page14", "new"),      # still in the legacy app too
    "new-only page": ("/fresh", "new"),     # Bottle's miss is enough to decide
    "ported item": ("/item14/7", "new"),
    "legacy page": ("/page13", "legacy"),
    "legacy item": ("/item13/7", "legacy"),
    "nobody's (404)": ("/nowhere", "new"),
}


def run(rounds: int, batch_seconds: float) -> dict:
    apps = {"legacy": legacy_app(), "new": new_app()}
    site = Dispatcher(apps["legacy"], apps["new"])
    results = {}
    for name, (path, owner) in CASES.items():
        callers = {"direct": Caller(apps[owner], path), "dispatcher": Caller(site, path)}
        assert callers["direct"].once() == callers["dispatcher"].once(), name
        timing = measure(callers, rounds, batch_seconds)
        direct, via = timing["direct"], timing["dispatcher"]
        results[name] = {
            "owner": owner, "path": path,
            "direct_us": round(direct["median_us"], 2), "dispatcher_us":
            round(via["median_us"], 2),
            "overhead_us": round(via["median_us"] - direct["median_us"], 2),
            "ratio": round(statistics.median(
                v / d for v, d in zip(via["samples_us"], direct["samples_us"],
                                      strict=True)), 3)}
    return results


def render(results: dict) -> str:
    lines = [f"{'request':<16} {'owner':<7} {'direct':>9} {'dispatcher':>11} "
             f"{'overhead':>9} {'ratio':>6}"]
    for name, r in results.items():
        lines.append(f"{name:<16} {r['owner']:<7} {r['direct_us']:>7.1f}us "
                     f"{r['dispatcher_us']:>9.1f}us {r['overhead_us']:>7.1f}us "
                     f"{r['ratio']:>6.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    return command("python -m harness.bench.migration", __doc__.splitlines()[0],
                   "Dispatcher overhead per request (in-process, median of interleaved rounds)",
                   lambda quick: run(5, 0.01) if quick else run(25, 0.05), render, argv)


if __name__ == "__main__":
    sys.exit(main())
