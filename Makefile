# The verbs a user types. The virtualenv is built once, behind a stamp file
# that depends on pyproject.toml, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.test-installed
BENCH_STAMP := $(VENV)/.bench-installed
BOTTLE_PORT ?= 8080
FLASK_PORT ?= 5000
COMPARE_PORT ?= 8000
PYTEST_ARGS ?=
PARITY_ARGS ?=
# RealWorld's official suites: the team's copy beside this clone (any folder laid out like
# the realworld repository, or a clone of it, will do).
REALWORLD ?= ../shared/realworld

# The lock: every package pinned, with its hashes, one file a virtualenv (requirements/,
# exported from uv.lock). make install and CI install from it, and the project itself
# editable without its dependencies; `make lock` writes them again from pyproject.toml.
LOCK := requirements
comma := ,

.PHONY: install test test-bottle test-flask test-postgres postgres-install serve serve-bottle serve-flask seed parity \
	browser-install lint realworld realworld-ci clean lock \
	bench bench-quick bench-migration seed-tfb fuzz fuzz-port soak wrk-install conformance-bottle012 \
	test-tool test-tool-ci test-tool-bottle-0.12.25 test-tool-bottle-0.13.4 \
	test-tool-bottle-newest

install: $(TEST_STAMP)

# What the servers and the tools need; serve, parity and the rest stop here.
$(STAMP): pyproject.toml $(LOCK)/serve.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r $(LOCK)/serve.txt
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

# The test tools, and Playwright (most of the virtualenv) for the browser test: only the
# targets that run tests install them.
$(TEST_STAMP): $(STAMP) $(LOCK)/test.txt
	$(BIN)/pip install --quiet -r $(LOCK)/test.txt
	touch $(TEST_STAMP)

# uv (in a virtualenv of its own) resolves pyproject.toml's ranges into uv.lock (keeping what is pinned already;
# LOCK_ARGS=--upgrade takes the newest releases), then writes one file a virtualenv.
lock:
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/pip install --quiet "uv>=0.5"
	.venv-lock/bin/uv lock $(LOCK_ARGS)
	.venv-lock/bin/uv export --frozen --quiet --no-emit-project --no-default-groups --group conduit \
		-o $(LOCK)/serve.txt
	.venv-lock/bin/uv export --frozen --quiet --no-emit-project --no-default-groups --group test \
		--group browser -o $(LOCK)/test.txt
	.venv-lock/bin/uv export --frozen --quiet --no-emit-project --no-default-groups --group test \
		--group bench -o $(LOCK)/bench.txt

test: $(TEST_STAMP) browser-install
	$(BIN)/pytest -n auto $(PYTEST_ARGS)

# The whole suite again, every app on a throwaway PostgreSQL server the tests start.
test-postgres: $(TEST_STAMP) browser-install postgres-install
	$(BIN)/pytest -n auto --db=postgres $(PYTEST_ARGS)

# Debian's PostgreSQL server binaries (the suite runs initdb/pg_ctl in a temporary folder).
postgres-install:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
		echo "Installing Debian's postgresql for make test-postgres..."; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql \
		|| { echo "error: could not install postgresql; run 'sudo make postgres-install'"; exit 1; }; }

# The tool's own tests under each Bottle its users have (0.12.25, 0.13.4, the newest 0.13;
# make test runs them with the locked one), each in a virtualenv of its own: the lock, then
# that Bottle over it (the newest 0.13 as PyPI has it today, unlocked on purpose).
TOOL_TESTS := tests/porting_tool tests/installed tests/migration tests/harness/test_apps.py \
	tests/harness/test_cli.py tests/harness/test_compare.py tests/harness/test_normalise.py
BOTTLES := 0.12.25 0.13.4 newest
TOOL_STAMPS := $(BOTTLES:%=.venv-bottle-%/.installed)
bottle_wanted = $(if $(filter newest,$(1)),bottle>=0.13$(comma)<0.14,bottle==$(1))

$(TOOL_STAMPS): .venv-bottle-%/.installed: pyproject.toml $(LOCK)/test.txt
	$(PYTHON) -m venv .venv-bottle-$*
	.venv-bottle-$*/bin/pip install --quiet --upgrade pip
	.venv-bottle-$*/bin/pip install --quiet -r $(LOCK)/test.txt
	.venv-bottle-$*/bin/pip install --quiet --no-deps -e .
	.venv-bottle-$*/bin/pip install --quiet --no-deps --upgrade "$(call bottle_wanted,$*)"
	touch $@

# Bottle 0.12 warns as it is imported and used (its bottle.ext import hook has no
# find_spec, its deprecations): those warnings are Bottle's, not errors of the port.
BOTTLE012_WARNINGS := -W ignore::ImportWarning -W ignore::DeprecationWarning
tool_warnings = $(if $(filter 0.12.%,$(1)),$(BOTTLE012_WARNINGS))

$(BOTTLES:%=test-tool-bottle-%): test-tool-bottle-%: .venv-bottle-%/.installed
	.venv-bottle-$*/bin/python -c "import bottle; print('Bottle', bottle.__version__)"
	.venv-bottle-$*/bin/pytest -n auto $(call tool_warnings,$*) $(TOOL_TESTS) $(PYTEST_ARGS)

test-tool: $(BOTTLES:%=test-tool-bottle-%)

# What CI runs (after make test): each Bottle of the three but the locked one, which make
# test has just run the same tests under (today the newest 0.13 is the locked 0.13.5; it
# runs here again once PyPI has a newer one than the lock).
LOCKED_BOTTLE = $(shell sed -n 's/^bottle==\([^ ]*\).*/\1/p' $(LOCK)/test.txt)
test-tool-ci: $(TOOL_STAMPS)
	@for b in $(BOTTLES); do \
		v=$$(.venv-bottle-$$b/bin/python -c "import bottle; print(bottle.__version__)"); \
		if [ "$$v" = "$(LOCKED_BOTTLE)" ]; then \
			echo "test-tool-bottle-$$b: Bottle $$v is the locked one, which make test ran these tests under"; \
		else $(MAKE) --no-print-directory test-tool-bottle-$$b || exit 1; fi; \
	done

# The conformance table's differential tests alone under Bottle 0.12 (the table says
# where the two differ).
conformance-bottle012: .venv-bottle-0.12.25/.installed
	.venv-bottle-0.12.25/bin/pytest -n auto $(BOTTLE012_WARNINGS) \
		tests/porting_tool/conformance $(PYTEST_ARGS)

# The fuzz test's long profile: thousands of fresh requests to every route of both builds.
fuzz: $(TEST_STAMP)
	$(BIN)/pytest -p no:randomly -n 0 -s tests/test_fuzz.py --fuzz=long $(PYTEST_ARGS)

# Generated Bottle apps, ported and served beside their originals (2,000 in the long
# profile): apps tried, all the same, with declared changes, with TODOs, failed. The long
# profile judges them in a worker process a core (PYTEST_ARGS: --fuzz-port-workers=1 in
# the test's own process, --fuzz-port-count=N, --hypothesis-seed=N draws a run's apps again).
# The generator's test alone: the fuzz folder's other tests are make test's.
FUZZ_PORT_TEST := tests/porting_tool/fuzz/test_fuzz_port.py::test_generated_apps_answer_alike_once_ported
fuzz-port: $(TEST_STAMP)
	$(BIN)/pytest -p no:randomly -n 0 -s $(FUZZ_PORT_TEST) --fuzz-port=long $(PYTEST_ARGS)

# The concurrency test's long form: 32 clients, ten rounds of writes per server kind,
# with p50/p99 per run (SQLite; add PYTEST_ARGS=--db=postgres for PostgreSQL).
soak: $(TEST_STAMP)
	$(BIN)/pytest -p no:randomly -n 0 -s tests/test_concurrency.py --soak $(PYTEST_ARGS)

test-bottle: $(TEST_STAMP) browser-install
	$(BIN)/pytest -n auto --framework=bottle $(PYTEST_ARGS)

test-flask: $(TEST_STAMP) browser-install
	$(BIN)/pytest -n auto --framework=flask $(PYTEST_ARGS)

serve: $(STAMP)
	$(BIN)/python -m harness serve --bottle-port $(BOTTLE_PORT) --flask-port $(FLASK_PORT) \
		--compare-port $(COMPARE_PORT)

# The same requests against both builds in-process; non-zero exit on any difference.
parity: $(STAMP)
	$(BIN)/python -m harness parity $(PARITY_ARGS)

# Debian's Chromium for the browser test (Playwright drives it; its own browsers are never
# downloaded). The test targets run this, so a fresh machine needs nothing by hand.
browser-install:
	@test -x /usr/bin/chromium || { \
		echo "Installing Debian's chromium for the browser test..."; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
		|| { echo "error: could not install chromium; run 'sudo make browser-install'"; exit 1; }; }

serve-bottle: $(STAMP)
	$(BIN)/python -m bottle_app --port $(BOTTLE_PORT)

serve-flask: $(STAMP)
	$(BIN)/flask --app flask_app run --debug --port $(FLASK_PORT)

seed: $(STAMP)
	$(BIN)/python -m shared.conduit seed

# The benchmarks need matplotlib too: the bench extra, behind its own stamp.
$(BENCH_STAMP): $(STAMP) $(LOCK)/bench.txt
	$(BIN)/pip install --quiet -r $(LOCK)/bench.txt
	touch $(BENCH_STAMP)

# FUZZ_AGAINST=TREE (another checkout with its own .venv, e.g. a change's base): the
# generator's long profile timed against it too, interleaved, as a ratio (issue #43: 3x).
FUZZ_AGAINST ?=
bench: $(BENCH_STAMP) wrk-install
	$(BIN)/python -m harness.bench
	$(BIN)/python -m harness.bench.migration --json var/bench-migration.json
	$(BIN)/python -m harness.bench.port_speed --json var/bench-port.json
	$(BIN)/python -m harness.bench.fuzz_speed $(if $(FUZZ_AGAINST),--against $(FUZZ_AGAINST) \
		--rounds 3) --json var/bench-fuzz.json

# The migration dispatcher's cost per request against calling the owning app directly.
bench-migration: $(STAMP)
	$(BIN)/python -m harness.bench.migration --json var/bench-migration.json

bench-quick: $(BENCH_STAMP) wrk-install
	$(BIN)/python -m harness.bench --quick
	$(BIN)/python -m harness.bench.port_speed --quick
	$(BIN)/python -m harness.bench.fuzz_speed --count 20 $(if $(FUZZ_AGAINST),--against $(FUZZ_AGAINST))

# Debian's wrk loads the HTTP part of the benchmarks (without it that part is skipped).
wrk-install:
	@command -v wrk >/dev/null 2>&1 || { \
		echo "Installing Debian's wrk for the HTTP benchmarks..."; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk \
		|| { echo "error: could not install wrk; run 'sudo make wrk-install'"; exit 1; }; }

seed-tfb: $(STAMP)
	$(BIN)/python -m harness.bench --seed-only

# Ruff, then mypy over shared/, adapters/ and bottle2flask/ (its settings: [tool.mypy] in pyproject.toml).
lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# RealWorld's official API suites against both builds, from $(REALWORLD); needs npm.
# REALWORLD_DB=postgresql-url runs them on that server instead of SQLite.
realworld: $(STAMP)
	$(BIN)/python -m harness.realworld "$(REALWORLD)" $(if $(REALWORLD_TOOLS),--tools "$(REALWORLD_TOOLS)") $(if $(REALWORLD_DB),--database-url "$(REALWORLD_DB)")

# What CI runs: both suites against both builds, on SQLite and on a throwaway PostgreSQL
# server; a count per suite, build and database, and a failure when anything fails.
realworld-ci: $(STAMP) postgres-install
	$(BIN)/python -m harness.realworld "$(REALWORLD)" --db sqlite --db postgres $(if $(REALWORLD_TOOLS),--tools "$(REALWORLD_TOOLS)")

clean:
	rm -rf $(VENV) .venv-bottle-* .venv-lock var .pytest_cache build *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
