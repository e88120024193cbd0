"""The server row and the memory check: the same builds under three WSGI servers.

gunicorn sync, gunicorn gthread (4 threads) and Granian (WSGI interface), each with
the same number of worker processes, on plaintext and the Conduit home page; then
each build's workers' resident memory before and after 20,000 home-page requests.
"""

from __future__ import annotations

import secrets

from . import http_load

SERVERS = ("gunicorn", "gunicorn-gthread", "granian")
BUILDS = {"bottle-build": "bottle_app:create_app()", "flask-build": "flask_app:create_app()"}
PATHS = {"plaintext": "/tfb/plaintext", "conduit home": "/"}
CONNECTIONS = 64
MEMORY_REQUESTS = 20_000


def run(url: str, seconds: int, say) -> dict:
    env = {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32)}
    rows: dict = {}
    for server in SERVERS:
        for app, target in BUILDS.items():
            process = http_load.Server(target, env, server)
            try:
                process.wait_ready("/tfb/plaintext")
                for name, path in PATHS.items():
                    http_load.load(process.base, path, CONNECTIONS, 1)  # warm-up
                    result = http_load.load(process.base, path, CONNECTIONS, seconds)
                    rows.setdefault(name, {}).setdefault(app, {})[server] = result
                    say(f"  [servers] {name:<12} {app:<12} {server:<16} {result['rps']:8.0f} "
                        f"req/s" + (f" ERRORS {result['errors']}" if result["errors"] else "")
                        + ("" if result["requests"] else " NO ANSWER: stalled"))
            finally:
                process.stop()
    return {"connections": CONNECTIONS, "seconds": seconds, "rows": rows,
            "memory": memory(env, say)}


def memory(env: dict, say) -> dict:
    """Workers' VmRSS after a warm-up and again after MEMORY_REQUESTS more requests."""
    found = {}
    for app, target in BUILDS.items():
        process = http_load.Server(target, env)
        try:
            process.wait_ready("/")
            http_load.load(process.base, "/", 8, 2)
            before = process.resident()
            served = 0
            while served < MEMORY_REQUESTS:
                served += http_load.load(process.base, "/", 8, 3)["requests"]
            after = process.resident()
        finally:
            process.stop()
        found[app] = {"before_mib": before, "after_mib": after, "requests": served}
        say(f"  [memory] {app}: workers {before} MiB -> {after} MiB over {served} requests")
    return found


def cell(result: dict) -> str:
    """A server's rate (p99), with its errors; a run in which no request was answered is a
    stall, which a rate of 0 would hide (wrk counts no timeout for a request still waiting)."""
    if not result.get("requests", 1):
        return "**no answer** (stalled)"
    errors = f", {result['errors']:,} errors" if result.get("errors") else ""
    return f"{result['rps']:,.0f} ({result['p99_ms']:.1f}{errors})"


def section(results: dict) -> list[str]:
    data = results.get("servers")
    if not data or "skipped" in data:
        return []
    header = ["endpoint", "build", *(f"{s} req/s (p99 ms)" for s in SERVERS)]
    rows = []
    for name, by_app in data["rows"].items():
        for app, by_server in by_app.items():
            rows.append([name, results["apps"][app], *(
                cell(by_server[s]) if s in by_server else "—" for s in SERVERS)])
    memory_rows = [[results["apps"][app], " / ".join(map(str, m["before_mib"])),
                    " / ".join(map(str, m["after_mib"])), f"{m['requests']:,}"]
                   for app, m in data["memory"].items()]
    return [
        "## 3. The server: gunicorn sync, gunicorn gthread, Granian",
        "",
        f"The same builds under each server ({http_load.WORKERS} worker processes; gthread "
        f"with 4 threads each; Granian's WSGI interface), loaded by wrk at {data['connections']}"
        f" connections for {data['seconds']} s after a 1 s warm-up.",
        "",
        *_table(header, rows),
        "",
        "### Memory per worker over 20,000 requests",
        "",
        "Each build under gunicorn sync: the workers' resident memory (VmRSS) after a",
        "2 s warm-up on the home page, and again after at least 20,000 more home-page",
        "requests. Flat numbers mean no growth (the URL and Markdown caches are bounded).",
        "",
        *_table(["build", "workers MiB after warm-up", "workers MiB after", "requests"],
               memory_rows),
        "",
    ]


def _table(header: list, rows: list[list]) -> list[str]:
    def row(cells):
        return "| " + " | ".join(str(c) for c in cells) + " |"

    return [row(header), row(["---"] * len(header)), *(row(r) for r in rows)]
