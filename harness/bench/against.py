"""python -m harness.bench --against REV: this tree's builds against an earlier commit's.

Two trees cannot share one process (same package names), so each runs in a worker
process of its own; the coordinator interleaves their batches (A B, B A, ...) and
each worker times its batch in its own CPU time. Ratios are paired medians, as in
the main benchmark, so load that drifts during the run hits both sides alike.
"""

from __future__ import annotations

import json
import os
import secrets
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from .apps import ENDPOINTS
from .inprocess import environ_for

ROOT = Path(__file__).resolve().parents[2]

# Runs inside each tree: builds both frameworks' apps, then times batches on request.
# It is handed the environ, so it needs nothing from the tree's harness (which moves).
WORKER = r"""
import io, json, sys, time
from adapters import factory
config = json.loads(sys.argv[1])
apps = {name: factory(name)(dict(config)) for name in ("bottle", "flask")}
def start_response(status, headers, exc_info=None):
    pass
for line in sys.stdin:
    job = json.loads(line)
    app = apps[job["app"]]
    base = {**job["environ"], "wsgi.version": (1, 0), "wsgi.errors": sys.stderr}
    begin = time.process_time()
    for _ in range(job["n"]):
        body = app({**base, "wsgi.input": io.BytesIO()}, start_response)
        for _chunk in body:
            pass
        if hasattr(body, "close"):
            body.close()
    print(json.dumps((time.process_time() - begin) / job["n"]), flush=True)
"""


class Worker:
    def __init__(self, tree: Path, config: dict):
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, json.dumps(config)], cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)}, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True)

    def batch(self, app: str, path: str, n: int) -> float:
        environ = {k: v for k, v in environ_for(path).items()
                   if k not in ("wsgi.version", "wsgi.errors")}
        self.process.stdin.write(json.dumps({"app": app, "environ": environ, "n": n}) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def stop(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def export(rev: str, into: Path) -> Path:
    """The tree at `rev`, written out with git archive (no worktree, no checkout)."""
    archive = into / "tree.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", rev], cwd=ROOT, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "tree", filter="data")
    return into / "tree"


def compare(rev: str, url: str, rounds: int, batch_seconds: float,
            endpoints: list | None = None) -> dict:
    """{endpoint: {framework: {before_us, after_us, ratio}}} for the builds."""
    config = {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32)}
    results: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"before": export(rev, Path(tmp)), "after": ROOT}
        workers = {side: Worker(tree, config) for side, tree in trees.items()}
        try:
            for endpoint in endpoints or ENDPOINTS:
                for app in ("bottle", "flask"):
                    results.setdefault(endpoint.name, {})[app] = _pair(
                        workers, app, endpoint.path, rounds, batch_seconds)
                    cell = results[endpoint.name][app]
                    print(f"  {endpoint.name:<13} {app:<6} before {cell['before_us']:9.1f}us"
                          f"  after {cell['after_us']:9.1f}us  after/before "
                          f"{cell['ratio']:.2f}", flush=True)
        finally:
            for worker in workers.values():
                worker.stop()
    return results


def _pair(workers: dict[str, Worker], app: str, path: str, rounds: int,
          batch_seconds: float) -> dict:
    sizes = {}
    for side, worker in workers.items():
        sizes[side] = max(5, int(batch_seconds / worker.batch(app, path, 20)))
        worker.batch(app, path, sizes[side])  # warm-up
    samples: dict[str, list[float]] = {side: [] for side in workers}
    order = list(workers)
    for round_ in range(rounds):
        for side in (order if round_ % 2 == 0 else reversed(order)):
            samples[side].append(workers[side].batch(app, path, sizes[side]))
    return {"before_us": statistics.median(samples["before"]) * 1e6,
            "after_us": statistics.median(samples["after"]) * 1e6,
            "ratio": statistics.median(a / b for a, b in zip(samples["after"],
                                                             samples["before"], strict=True))}
