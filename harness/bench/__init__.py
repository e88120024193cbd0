"""The benchmarks: the two builds timed against native code and a floor.

`python -m harness.bench` (also `make bench`, `make bench`) runs them; `--quick` for a look.

- `run.py`: the runner: seeds the database, runs the in-process and HTTP parts, ratios.
- `apps.py`: what is measured: the apps (builds, natives, floors) and the endpoint table.
  A new benchmark is one `Endpoint` line there; a new baseline is one `APPS` entry plus
  its app in `native/`.
- `inprocess.py`: the in-process timing loop (WSGI apps called directly, interleaved).
- `http_load.py`: each app under gunicorn, loaded by wrk; peak memory from /proc.
- `servers.py`: the server row (gunicorn sync, gthread, Granian) and memory per worker.
- `report.py`: results into docs/BENCHMARKS.md, benchmarks.json and benchmarks.png.
- `against.py`: this tree's builds against an earlier commit's (`--against REV`).
- `migration.py`: the migration dispatcher's cost per request (`make bench-migration`).
- `port_speed.py`: `bottle2flask port --no-check` as a whole command against the floor of any
  LibCST engine (`port_floor.py`), interleaved, on the apps of `port_apps.py` (a 1,000-line
  module, a package app of 1,000+ lines); then its time per module in process.
- `libcst_metadata.py`: LibCST's ScopeProvider and QualifiedNameProvider against the port's
  own reading of a module, in time and in answers (port/README.md quotes it).
- `side.py`: the command line those three share (`--quick`, `--json FILE`).
- `native/`: the baselines: the same endpoints and pages written straight on Bottle and
  on Flask, raw WSGI, and the floor (raw sqlite3, the builds' templates, bare WSGI).
"""
