# The verbs a user types. The virtualenv is built once, behind a stamp file
# that depends on pyproject.toml, so a fresh clone needs nothing else.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.bench-installed
BOTTLE_PORT ?= 8080
FLASK_PORT ?= 5000
COMPARE_PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: install test test-bottle test-flask serve serve-bottle serve-flask lint clean \
	bench bench-quick seed-tfb

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS)

test-bottle: $(STAMP)
	$(BIN)/pytest --framework=bottle $(PYTEST_ARGS)

test-flask: $(STAMP)
	$(BIN)/pytest --framework=flask $(PYTEST_ARGS)

serve: $(STAMP)
	$(BIN)/python -m harness serve --bottle-port $(BOTTLE_PORT) --flask-port $(FLASK_PORT)

serve-bottle: $(STAMP)
	$(BIN)/python -m bottle_app --port $(BOTTLE_PORT)

serve-flask: $(STAMP)
	$(BIN)/flask --app flask_app run --debug --port $(FLASK_PORT)

# The benchmarks need matplotlib too: the bench extra, behind its own stamp.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python -m harness bench

bench-quick: $(BENCH_STAMP)
	$(BIN)/python -m harness bench --quick

seed-tfb: $(STAMP)
	$(BIN)/python -m harness bench --seed-only

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) var .pytest_cache build *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
