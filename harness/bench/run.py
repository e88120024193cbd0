"""python -m harness.bench [--quick]: the builds against native Bottle, Flask and raw WSGI.

Two parts, both reading the endpoint table in apps.ENDPOINTS:
1. in-process: each WSGI app called directly in a tight loop, apps interleaved,
   median time per request, ratios build/native and Flask/Bottle;
2. over HTTP: each app under gunicorn (same workers for all), loaded by wrk at a
   few concurrency levels: requests/s, p50/p99 latency, errors, peak memory.
Writes the report (Markdown), the raw results (JSON) and a chart (PNG).
"""

from __future__ import annotations

import json
import os
import platform
import secrets
import signal
import statistics
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

from shared import tfb
from shared.conduit.seed import seed as seed_demo
from shared.config import load_config
from shared.sites import database

from . import http_load, report
from .apps import (
    APPS,
    ENDPOINTS,
    FLOOR_PAIRS,
    GAP_PAIRS,
    NATIVE_PAIRS,
    PAIRS,
    TUTORIAL_PAIRS,
)
from .inprocess import Caller, measure

ROOT = Path(__file__).resolve().parents[2]
DATABASE = ROOT / "var" / "bench.sqlite3"


@dataclass(frozen=True)
class Mode:
    name: str
    rounds: int  # interleaved in-process rounds per endpoint
    batch_seconds: float  # length of one timed batch
    connections: tuple[int, ...]  # wrk concurrency levels
    seconds: int  # wrk duration per level
    warmup: int  # wrk warm-up seconds per app and endpoint (0: none)
    out: Path


FULL = Mode("full", rounds=25, batch_seconds=0.05, connections=(8, 64, 256), seconds=3,
            warmup=1, out=ROOT / "docs")
QUICK = Mode("quick", rounds=5, batch_seconds=0.01, connections=(16,), seconds=1,
             warmup=0, out=ROOT / "var" / "bench-quick")


def say(message: str) -> None:
    print(message, flush=True)


def seed(url: str) -> None:
    db = database(url)
    try:
        if tfb.seed(db):
            say(f"seeded the benchmark tables in {url}")
        with db.session() as session:  # the Conduit pages measured read the demo content
            if seed_demo(session):
                say(f"seeded the Conduit demo content in {url}")
    finally:
        db.dispose()


def seed_configured() -> int:
    """Seed the database the apps use by default (DATABASE_URL or var/app.sqlite3)."""
    seed(load_config({"DEBUG": True}).DATABASE_URL)
    say("the /tfb/ endpoints now have their 10,000 World and 12 Fortune rows")
    return 0


def run_inprocess(url: str, mode: Mode) -> dict:
    apps = {name: build(url) for name, (_, build, _) in APPS.items()}
    results = {}
    for number, endpoint in enumerate(ENDPOINTS, start=1):
        callers = {name: Caller(apps[name], endpoint.path) for name in endpoint.apps}
        for name, caller in callers.items():
            status, body = caller.once()
            if not status.startswith("200"):
                raise SystemExit(f"error: {name} answered {status} on {endpoint.path}: "
                                 f"{body[:200]!r}")
        started = time.monotonic()
        results[endpoint.name] = measure(callers, mode.rounds, mode.batch_seconds)
        cells = "  ".join(f"{name} {r['median_us']:.1f}us"
                          for name, r in results[endpoint.name].items())
        say(f"[in-process {number}/{len(ENDPOINTS)}] {endpoint.name:<11} {cells}"
            f"  ({time.monotonic() - started:.0f}s)")
    return results


def paired(a: dict, b: dict) -> float:
    """Median over rounds of a/b, each round's batches taken moments apart."""
    return statistics.median(x / y for x, y in zip(a["samples_us"], b["samples_us"],
                                                   strict=True))


def paired_gap(a: dict, b: dict) -> float:
    """Median over rounds of a - b in µs per request: a fixed cost, not a ratio."""
    return statistics.median(x - y for x, y in zip(a["samples_us"], b["samples_us"],
                                                   strict=True))


def gaps(inprocess: dict) -> dict:
    """build - baseline in µs per request, per endpoint, framework and baseline."""
    table: dict[str, dict[str, dict[str, float]]] = {}
    for endpoint, by_app in inprocess.items():
        for framework, baselines in GAP_PAIRS.items():
            for baseline, (a, b) in baselines.items():
                if a in by_app and b in by_app:
                    table.setdefault(endpoint, {}).setdefault(framework, {})[baseline] = (
                        paired_gap(by_app[a], by_app[b]))
    return table


def ratios(inprocess: dict) -> dict:
    """build/native per framework and Flask/Bottle, as paired medians and as ratios of minima."""
    pairs = {f"{framework} build/native": apps for framework, apps in PAIRS.items()}
    pairs |= {f"{framework} build/floor": apps for framework, apps in FLOOR_PAIRS.items()}
    pairs |= {f"{framework} build/native+headers": apps
              for framework, apps in NATIVE_PAIRS.items()}
    pairs |= {f"{framework} build/tutorial": apps for framework, apps in TUTORIAL_PAIRS.items()}
    pairs |= {f"flask/bottle {kind}": (f"flask-{kind}", f"bottle-{kind}")
              for kind in ("native", "build")}
    table = {}
    for endpoint, by_app in inprocess.items():
        table[endpoint] = {}
        for label, (a, b) in pairs.items():
            if a in by_app and b in by_app:
                table[endpoint][label] = paired(by_app[a], by_app[b])
                table[endpoint][f"{label} (min)"] = by_app[a]["min_us"] / by_app[b]["min_us"]
    return table


def run_http(url: str, mode: Mode) -> dict:
    """Serve every app at once and load them in turn, so drifting load hits all alike."""
    if not http_load.wrk_path():
        say(http_load.WRK_MISSING)
        return {"skipped": http_load.WRK_MISSING}
    env = {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32)}
    servers: dict[str, http_load.Server] = {}
    results: dict[str, dict] = {}
    try:
        for app, (_, _, target) in APPS.items():
            servers[app] = http_load.Server(target, env)
        for app, server in servers.items():
            endpoints = [e for e in ENDPOINTS if app in e.apps]
            server.wait_ready(endpoints[0].path)
            results[app] = {"target": APPS[app][2], "runs": {}, "verify": {
                e.name: http_load.check(server.base, e.path, e.content_type)
                for e in endpoints}}
        failed = [f"{app} {name}: {'; '.join(p)}" for app, r in results.items()
                  for name, p in r["verify"].items() if p]
        say("  HTTP checks (Server, Date, Content-Type, Content-Length): "
            + ("all passed" if not failed else "FAILED: " + " | ".join(failed)))
        for number, endpoint in enumerate(ENDPOINTS, start=1):
            apps = list(endpoint.apps)
            if mode.warmup:
                for app in apps:
                    http_load.load(servers[app].base, endpoint.path, mode.connections[0],
                                    mode.warmup)
            for turn, connections in enumerate(mode.connections):
                for app in (apps if turn % 2 == 0 else reversed(apps)):
                    results[app]["runs"].setdefault(endpoint.name, {})[str(connections)] = (
                        http_load.load(servers[app].base, endpoint.path, connections,
                                        mode.seconds))
            for connections in map(str, mode.connections):
                cells = "  ".join(
                    f"{app} {r['rps']:.0f}" + (f" ERRORS {r['errors']}" if r["errors"] else "")
                    for app in apps
                    for r in [results[app]["runs"][endpoint.name][connections]])
                say(f"[http {number}/{len(ENDPOINTS)}] {endpoint.name:<11} "
                    f"c={connections:<4} rps: {cells}")
        for app, server in servers.items():
            memory = results[app]["memory"] = server.peak_memory()
            say(f"  {APPS[app][0]}: peak RSS master {memory['master_mib']} MiB, workers "
                f"{', '.join(str(w) for w in memory['workers_mib'])} MiB")
    finally:
        for server in servers.values():
            server.stop()
    return results


def machine() -> dict:
    cpu = "unknown"
    memory = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    return {"platform": platform.platform(), "cpu": cpu, "cores": os.cpu_count(),
            "memory": memory, "python": platform.python_version()}


def versions() -> dict:
    found = {}
    for package in ("bottle", "Flask", "Werkzeug", "Jinja2", "SQLAlchemy", "gunicorn",
                    "matplotlib"):
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = "not installed"
    found["wrk"] = http_load.wrk_version()
    return found


def run(quick: bool = False, out: Path | None = None, skip_http: bool = False) -> int:
    mode = QUICK if quick else FULL
    out = out or mode.out
    # A plain kill must still stop the gunicorn servers (the finally in run_http).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    url = f"sqlite:///{DATABASE}"
    started = time.monotonic()
    say(f"benchmark ({mode.name} mode): {len(ENDPOINTS)} endpoints, {len(APPS)} apps; "
        f"database {DATABASE.relative_to(ROOT)}")
    seed(url)
    results = {
        "mode": mode.name,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "versions": versions(),
        "settings": {
            "rounds": mode.rounds, "batch_seconds": mode.batch_seconds,
            "gunicorn": f"{http_load.WORKERS} workers, {http_load.WORKER_CLASS}",
            "wrk_connections": list(mode.connections), "wrk_seconds": mode.seconds,
            "wrk_threads": "min(2, connections)", "database": "SQLite (WAL), one file",
        },
        "apps": {name: label for name, (label, _, _) in APPS.items()},
        "endpoints": [{"name": e.name, "path": e.path, "apps": list(e.apps)}
                      for e in ENDPOINTS],
        "load_before": list(os.getloadavg()),
    }
    say("part 1: in-process (interleaved rounds, median per request)")
    results["inprocess"] = run_inprocess(url, mode)
    results["ratios"] = ratios(results["inprocess"])
    results["gaps_us"] = gaps(results["inprocess"])
    if skip_http:
        results["http"] = {"skipped": "--skip-http was given"}
    else:
        say("part 2: over HTTP (gunicorn + wrk)")
        results["http"] = run_http(url, mode)
        if "skipped" in results["http"]:
            results["servers"] = {"skipped": results["http"]["skipped"]}
        else:
            say("part 3: the server row and memory per worker")
            from . import servers

            results["servers"] = servers.run(url, mode.seconds, say)
    results["load_after"] = list(os.getloadavg())
    results["seconds"] = round(time.monotonic() - started)
    written = report.write(results, out)
    say(f"done in {results['seconds']}s. Wrote: " + ", ".join(
        str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        for path in written))
    failed = [f"{app}/{name}" for app, r in results["http"].items() if isinstance(r, dict)
              for name, problems in r["verify"].items() if problems]
    if failed:
        print(f"error: the HTTP check failed for {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def against(rev: str, quick: bool) -> int:
    """This tree's builds against those of an earlier commit, interleaved, in-process."""
    from .against import compare

    mode = QUICK if quick else FULL
    url = f"sqlite:///{DATABASE}"
    seed(url)
    say(f"this tree against {rev} (after/before, paired medians of CPU time per request)")
    results = compare(rev, url, mode.rounds, mode.batch_seconds)
    out = ROOT / "var" / f"bench-against-{rev.replace('/', '_')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"against": rev, "date": datetime.now(UTC).isoformat(),
                               "results": results}, indent=2))
    say(f"wrote {out.relative_to(ROOT)}")
    return 0


def main(args) -> int:
    if args.seed_only:
        return seed_configured()
    if args.against:
        return against(args.against, args.quick)
    return run(quick=args.quick, out=args.out, skip_http=args.skip_http)


def add_arguments(parser) -> None:
    parser.add_argument("--quick", action="store_true",
                        help="short runs (under a minute); writes to var/bench-quick/")
    parser.add_argument("--out", type=Path, help="folder for the report, JSON and chart")
    parser.add_argument("--skip-http", action="store_true",
                        help="only the in-process part (for profiling an adapter change)")
    parser.add_argument("--against", metavar="REV",
                        help="only the builds, in-process, against those of an earlier commit")
    parser.add_argument("--seed-only", action="store_true",
                        help="only fill the /tfb/ tables of the app database, then stop")

