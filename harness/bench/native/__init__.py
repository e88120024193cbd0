"""Native baselines for the benchmarks: the TFB endpoints written straight on each
framework (no core, no adapter), a raw-WSGI json/plaintext, and the floor under the
Conduit pages (raw sqlite3, the same templates, bare WSGI). See docs/BENCHMARKS.md.

NATIVES mirrors adapters.FRAMEWORKS: name -> app factory, imported on demand.
"""

from __future__ import annotations

from importlib import import_module

NATIVES = {
    "raw": "harness.bench.native.raw_wsgi:create_app",
    "bottle": "harness.bench.native.bottle:create_app",
    "flask": "harness.bench.native.flask:create_app",
    "bottle-floor": "harness.bench.native.floor:create_bottle_floor",
    "flask-floor": "harness.bench.native.floor:create_flask_floor",
}


def native_factory(name: str):
    module, _, attr = NATIVES[name].partition(":")
    return getattr(import_module(module), attr)
