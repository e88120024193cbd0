"""Turn benchmark results into BENCHMARKS.md, benchmarks.json and benchmarks.png."""

from __future__ import annotations

import json
from pathlib import Path

from . import servers
from .apps import (
    APPS,
    FLOOR_TARGETS,
    GAP_ENDPOINTS,
    GAP_TARGETS,
    PAGE_TARGETS,
    TARGET,
    TARGET_ENDPOINTS,
)

ROOT = Path(__file__).resolve().parents[2]
NOTES = ROOT / "docs" / "benchmark-notes.md"
COLOURS = {"raw": "#999999", "bottle-native": "#8fb3d9", "bottle-build": "#1f5fa6",
           "flask-native": "#f2b880", "flask-build": "#c8621b",
           "bottle-floor": "#cfe0f0", "flask-floor": "#f8dcc0",
           "bottle-headers": "#5d8cc4", "flask-headers": "#e09050"}


def _row(cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _table(header: list, rows: list[list]) -> list[str]:
    return [_row(header), _row(["---"] * len(header)), *(_row(r) for r in rows)]


def _us(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:,.1f}" if value < 1000 else f"{value:,.0f}"


def _ratio(value: float | None, target: bool = False) -> str:
    if value is None:
        return "—"
    text = f"{value:.3f}"
    return f"**{text}**" if target and value > TARGET else text


def inprocess_section(results: dict) -> list[str]:
    names = list(APPS)
    header = ["endpoint", *(f"{results['apps'][n]} µs" for n in names),
              "Bottle build/native", "Flask build/native", "Bottle build/floor",
              "Flask build/floor", "Flask/Bottle native", "Flask/Bottle build"]
    rows = []
    for endpoint, by_app in results["inprocess"].items():
        r = results["ratios"][endpoint]
        rows.append([endpoint, *(_us(by_app.get(n, {}).get("median_us")) for n in names),
                     _ratio(r.get("bottle build/native"), endpoint in TARGET_ENDPOINTS),
                     _ratio(r.get("flask build/native"), endpoint in TARGET_ENDPOINTS),
                     _ratio(r.get("bottle build/floor")), _ratio(r.get("flask build/floor")),
                     _ratio(r.get("flask/bottle native")), _ratio(r.get("flask/bottle build"))])
    target_rows = []
    for endpoint in TARGET_ENDPOINTS:
        r = results["ratios"].get(endpoint, {})
        for framework in ("bottle", "flask"):
            median = r.get(f"{framework} build/native")
            minimum = r.get(f"{framework} build/native (min)")
            if median is None:
                continue
            verdict = "meets" if median <= TARGET else "misses"
            target_rows.append([endpoint, framework.title(), f"{median:.3f}",
                                f"{minimum:.3f}", f"{verdict} (≤ {TARGET})"])
    spreads = [v["spread_pct"] for by_app in results["inprocess"].values()
               for v in by_app.values() if v.get("spread_pct") is not None]
    return [
        "## 1. In-process: time per request",
        "",
        "Each WSGI app is called directly with a prepared GET environ, in batches of",
        "about {:.0f} ms; the apps take turns (A B C D E, then E D C B A, ...) for {} rounds"
        .format(results["settings"]["batch_seconds"] * 1000, results["settings"]["rounds"]),
        "after a warm-up, and each cell is the median CPU time per request in microseconds",
        "(the process's CPU clock, so time spent waiting for a core on a busy machine does",
        "not count). No server, no network: this is the cost of the framework, the",
        "adapter and the handler. `queries` and `updates` use 20 rows. Lower is better.",
        "Ratios are paired per round (see below).",
        "",
        *_table(header, rows),
        "",
        f"Median interquartile spread of the batches: {_median(spreads):.1f} % "
        "(how noisy the machine was).",
        "",
        f"### The target: build/native ≤ {TARGET} on json, plaintext and fortunes",
        "",
        "A ratio is the median, over the rounds, of the two apps' batch times in that",
        "round (taken moments apart, so a burst of other load hits both); the ratio of",
        "the fastest batches (min) is a cross-check.",
        "",
        *_table(["endpoint", "framework", "build/native (paired median)", "build/native (min)",
                 "target"], target_rows),
        "",
        *pages_section(results),
        *floor_section(results),
        *gap_section(results),
    ]


def pages_section(results: dict) -> list[str]:
    """build/native on the Conduit pages written natively, with the same headers: against
    a native app holding one sqlite3 connection, and against the same app opening one per
    request as the frameworks' tutorials do."""
    rows = []
    for endpoint, target in PAGE_TARGETS.items():
        r = results["ratios"].get(endpoint, {})
        by_app = results["inprocess"].get(endpoint, {})
        for framework in ("bottle", "flask"):
            median = r.get(f"{framework} build/native+headers")
            if median is None:
                continue
            tutorial = r.get(f"{framework} build/tutorial")
            verdicts = [("meets" if ratio <= target else "misses") + f" ({name})"
                        for name, ratio in (("held", median), ("per request", tutorial))
                        if ratio is not None]
            rows.append([endpoint, framework.title(),
                         _us(by_app[f"{framework}-build"]["median_us"]),
                         _us(by_app[f"{framework}-headers"]["median_us"]), f"{median:.2f}",
                         _us(by_app.get(f"{framework}-tutorial", {}).get("median_us")),
                         f"{tutorial:.2f}" if tutorial is not None else "—",
                         f"≤ {target:g}: " + ", ".join(verdicts)])
    if not rows:
        return []
    return [
        "### The pages written natively: build/native on the home page and the article list",
        "",
        "The native apps (`harness/bench/native/bottle.py`, `flask.py`) also serve `/` and",
        "`GET /api/articles` as a visitor sees them, the way each framework's tutorial",
        "writes an app: the framework's routing and URL building (`get_url`, `url_for`),",
        "the builds' own template files rendered by the framework, raw `sqlite3` with",
        "the builds' SQL, Flask's flashing, and the four security headers from an",
        "after_request hook. Their output equals the builds' (tests/test_bench_floor.py).",
        "Two natives: one holding a single sqlite3 connection for the process (faster than",
        "any tutorial, and not safe under threaded workers), and the same app opening a",
        "connection per request and closing it, as flaskr's `get_db()` and Bottle's todo",
        "tutorial do. Ratios are paired medians.",
        "",
        *_table(["endpoint", "framework", "build µs", "native µs (held)",
                 "build/native (held)", "native µs (per request)",
                 "build/native (per request)", "target"], rows),
        "",
    ]


def gap_section(results: dict) -> list[str]:
    """build - native in µs on the cheapest requests: what the adapter itself costs."""
    rows = []
    for endpoint in GAP_ENDPOINTS:
        for framework, target in GAP_TARGETS.items():
            gap = results.get("gaps_us", {}).get(endpoint, {}).get(framework)
            if not gap or "native" not in gap:
                continue
            same = gap.get("native + headers")
            verdicts = [("meets" if gap["native"] <= target else "misses")]
            if same is not None:
                verdicts.append(("meets" if same <= target else "misses")
                                + " with the same headers")
            rows.append([endpoint, framework.title(), f"{gap['native']:+.1f}",
                         "—" if same is None else f"{same:+.1f}", f"≤ {target:g} µs",
                         "; ".join(verdicts)])
    if not rows:
        return []
    return [
        "### The adapters' own cost: build − native in µs per request",
        "",
        "The builds send four security headers (Content-Security-Policy,",
        "X-Content-Type-Options, X-Frame-Options, Referrer-Policy) that the native apps do",
        "not; *native + headers* is the native app sending them too, from an after_request",
        "hook, as a user of that framework would. The difference is the paired median over",
        "the rounds of the two batch times, in µs per request.",
        "",
        *_table(["endpoint", "framework", "build − native µs", "build − (native + headers) µs",
                 "target", "verdict"], rows),
        "",
    ]


def floor_section(results: dict) -> list[str]:
    """build/floor per endpoint: the builds against raw sqlite3 + the same templates."""
    rows = []
    for endpoint, target in FLOOR_TARGETS.items():
        r = results["ratios"].get(endpoint, {})
        by_app = results["inprocess"].get(endpoint, {})
        for framework in ("bottle", "flask"):
            median = r.get(f"{framework} build/floor")
            if median is None:
                continue
            verdict = "meets" if median <= target else "misses"
            rows.append([endpoint, framework.title(),
                         _us(by_app[f"{framework}-build"]["median_us"]),
                         _us(by_app[f"{framework}-floor"]["median_us"]), f"{median:.2f}",
                         f"{r[f'{framework} build/floor (min)']:.2f}",
                         f"{verdict} (≤ {target:g})"])
    if not rows:
        return []
    return [
        "### The floor: build/floor on the Conduit pages, the API and /tfb/db",
        "",
        "The floor (`harness/bench/native/floor.py`) answers the same bytes (checked by",
        "tests/test_bench_floor.py, CSRF tokens masked) with raw `sqlite3` running the",
        "builds' SQL, the builds' own templates (SimpleTemplate for the Bottle floor, Jinja2",
        "for the Flask floor) and a bare WSGI callable. The Bottle build is paired with the",
        "SimpleTemplate floor, the Flask build with the Jinja2 floor.",
        "",
        *_table(["endpoint", "framework", "build µs", "floor µs", "build/floor (paired median)",
                 "build/floor (min)", "target"], rows),
        "",
    ]


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def http_section(results: dict) -> list[str]:
    http = results["http"]
    settings = results["settings"]
    lines = ["## 2. Over HTTP: gunicorn + wrk", ""]
    if "skipped" in http:
        return [*lines, f"Skipped: {http['skipped']}", ""]
    levels = [str(c) for c in settings["wrk_connections"]]
    lines += [
        f"Every app runs under gunicorn with the same settings ({settings['gunicorn']}), "
        f"and wrk ({settings['wrk_threads']} threads) loads one URL for "
        f"{settings['wrk_seconds']} s at each concurrency level: "
        f"{', '.join(levels)} connections. wrk and the server share the machine's cores. "
        "Each cell: requests per second, then p50 / p99 latency in ms.",
        "",
    ]
    header = ["endpoint", "app", *(f"{c} connections" for c in levels), "errors"]
    rows = []
    for endpoint in results["endpoints"]:
        for app in endpoint["apps"]:
            runs = http.get(app, {}).get("runs", {}).get(endpoint["name"])
            if not runs:
                continue
            cells = [f"{runs[c]['rps']:,.0f} ({runs[c]['p50_ms']:.1f} / {runs[c]['p99_ms']:.1f})"
                     for c in levels]
            errors = sum(runs[c]["errors"] for c in levels)
            rows.append([endpoint["name"], results["apps"][app], *cells, errors])
    total_errors = sum(r[-1] for r in rows)
    failed = [f"{results['apps'][app]} {name}: {'; '.join(problems)}"
              for app, r in http.items() for name, problems in r["verify"].items() if problems]
    lines += [*_table(header, rows), "",
              f"Errors under load (socket errors plus non-2xx answers): {total_errors}.", ""]
    lines += [
        "Before loading each URL the run checks one response the way the TechEmpower "
        "verifier does: exactly one `Server` and one `Date` header (gunicorn adds both; "
        "the apps add neither), the exact `Content-Type`, a matching `Content-Length`. "
        + ("All passed." if not failed else "Failures: " + "; ".join(failed)),
        "",
        "### Peak resident memory under load",
        "",
        "VmHWM from /proc after every endpoint of the app has been loaded: the gunicorn",
        "master and each worker (the workers import the app; the master does not).",
        "",
    ]
    memory_rows = []
    for app, r in http.items():
        memory = r.get("memory")
        if memory:
            memory_rows.append([results["apps"][app], memory["master_mib"],
                                " / ".join(str(w) for w in memory["workers_mib"]),
                                memory["total_mib"]])
    lines += _table(["app", "master MiB", "workers MiB", "total MiB"], memory_rows)
    return [*lines, ""]


def render(results: dict, chart: str | None) -> str:
    machine, settings = results["machine"], results["settings"]
    mode_note = ("**full** (`make bench`)" if results["mode"] == "full" else
                 "**quick** (`make bench-quick`: short runs, indicative only; "
                 "`make bench` for the real figures)")
    lines = [
        "# Benchmarks",
        "",
        "The two builds (the neutral core through each adapter) against the same",
        "endpoints written natively for Bottle and for Flask, and raw WSGI as the floor.",
        "Generated by `python -m harness.bench`; rerun with `make bench` (about 12 minutes)",
        "or `make bench-quick` (under a minute).",
        "",
        f"- Mode: {mode_note}; run on {results['date']}, {results['seconds']} s in all.",
        f"- Machine: {machine['cpu']}, {machine['cores']} cores, {machine['memory']}; "
        f"{machine['platform']}; Python {machine['python']}.",
        f"- Load average before / after: {results['load_before'][0]:.2f} / "
        f"{results['load_after'][0]:.2f} (other work on the machine adds noise).",
        "- Versions: " + ", ".join(f"{k} {v}" for k, v in results["versions"].items()) + ".",
        f"- Database: {settings['database']}, seeded by `shared.tfb.seed` "
        "(10,000 World rows, 12 Fortune rows), shared by every app.",
        "- Endpoints: " + ", ".join(f"`{e['path']}`" for e in results["endpoints"]) + ".",
        "- Raw results: `benchmarks.json` next to this file.",
        "",
    ]
    if chart:
        lines += [f"![in-process time per request and HTTP throughput]({chart})", ""]
    lines += inprocess_section(results)
    lines += http_section(results)
    lines += servers.section(results)
    if NOTES.exists():
        lines += [NOTES.read_text().rstrip(), ""]
    return "\n".join(lines)


def draw(results: dict, path: Path) -> bool:
    """Two panels: in-process µs per request, HTTP requests/s at the top level."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is missing (pip install '.[bench]'), so no chart was drawn.")
        return False
    endpoints = [e["name"] for e in results["endpoints"]]
    names = list(APPS)
    http = results["http"]
    panels = 1 if "skipped" in http else 2
    figure, axes = plt.subplots(1, panels, figsize=(11, 5), squeeze=False)
    width = 0.8 / len(names)
    level = str(results["settings"]["wrk_connections"][-1])
    for panel, (title, value, scale) in enumerate([
        ("in-process: µs per request (log scale, lower is better)",
         lambda app, ep: results["inprocess"].get(ep, {}).get(app, {}).get("median_us"),
         "log"),
        (f"HTTP: requests/s at {level} connections (higher is better)",
         lambda app, ep: http.get(app, {}).get("runs", {}).get(ep, {}).get(level, {})
         .get("rps"), "linear"),
    ][:panels]):
        ax = axes[0][panel]
        for i, app in enumerate(names):
            ys = [value(app, ep) for ep in endpoints]
            xs = [j + (i - len(names) / 2 + 0.5) * width for j in range(len(endpoints))]
            ax.bar([x for x, y in zip(xs, ys, strict=True) if y],
                   [y for y in ys if y], width, label=results["apps"][app],
                   color=COLOURS.get(app))
        ax.set_xticks(range(len(endpoints)), endpoints, rotation=30, ha="right")
        ax.set_yscale(scale)
        ax.set_title(title, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
    axes[0][0].legend(fontsize=8)
    figure.suptitle(f"Bottle/Flask kit benchmarks ({results['mode']} mode, "
                    f"{results['date']})", fontsize=11)
    figure.tight_layout()
    figure.savefig(path, dpi=72)
    plt.close(figure)
    return True


def write(results: dict, out: Path) -> list[Path]:
    """Write the JSON, the chart and the Markdown report into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    data, chart, report = (out / "benchmarks.json", out / "benchmarks.png",
                           out / "BENCHMARKS.md")
    data.write_text(json.dumps(results, indent=1) + "\n")
    drawn = draw(results, chart)
    report.write_text(render(results, chart.name if drawn else None))
    return [report, data, *([chart] if drawn else [])]
