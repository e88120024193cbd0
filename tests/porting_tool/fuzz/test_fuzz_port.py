"""Random Bottle apps from the grammar, each ported and served beside its port: every
answer the same, or different only where the port declared it or left a TODO on the
line responsible, and no request broken (make test runs a short profile, make
fuzz-port the long one; --fuzz-port-count N draws N apps instead of its number)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from .grammar import ELEMENTS, apps
from .judge import FAILED, Verdict
from .workers import Judges, cores

ROOT = Path(__file__).resolve().parents[3]
CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large]
PROFILES = {
    # make test: the same apps on every run and machine, well inside CI's three minutes;
    # a failure stops the run and shrinks to a minimal app
    "short": settings(max_examples=100, deadline=None, derandomize=True, database=None,
                      suppress_health_check=CHECKS),
    # make fuzz-port: fresh apps each run, every one judged (in a worker process a core,
    # workers.py); the failures are listed at the end, the smallest app of each kind
    # (replay one in the short profile to shrink it)
    "long": settings(max_examples=2000, deadline=None, print_blob=True,
                     suppress_health_check=CHECKS),
}


def kind(verdict: Verdict) -> str:
    """A failure's kind: its first problem with the numbers and paths taken out."""
    return re.sub(r"\d+|/tmp/\S+", "N", verdict.problems[0])[:200]


def counts(tried: Counter) -> str:
    """The run's verdict: apps, then each outcome, the broken ones counted apart."""
    return (f"apps: {tried['apps']}; same: {tried['same']}, declared: {tried['declared']}, "
            f"TODO: {tried['todo']}, different: {tried['different']}, original failing: "
            f"{tried['original fails']}, BROKEN: "
            f"{tried['broken']} (ports not starting: {tried['not starting']}, requests "
            f"broken: {tried['requests broken']}); requests varying between runs of the "
            f"original (not compared): {tried['varies']}")


def test_generated_apps_answer_alike_once_ported(request):
    profile = request.config.getoption("fuzz_port")
    count = request.config.getoption("fuzz_port_count")
    # the long profile judges its apps in a worker process a core, in the order drawn
    workers = 1 if profile == "short" else request.config.getoption("fuzz_port_workers")
    tried: Counter = Counter()
    elements: Counter = Counter()
    failures: dict[str, tuple[int, Verdict]] = {}
    originals: Counter = Counter()  # the kinds of the originals' own failures

    def record(app, verdict: Verdict) -> None:
        tried.update({"apps": 1, verdict.outcome: 1, "requests broken": verdict.broken,
                      "not starting": int(not verdict.starts), "varies": verdict.varies})
        elements.update(app.uses)
        if verdict.outcome == "original fails":
            originals[kind(verdict)] += 1
        if verdict.outcome not in FAILED:
            return
        if profile == "short":
            pytest.fail(verdict.report(), pytrace=False)
        seen, smallest = failures.get(kind(verdict), (0, verdict))
        failures[kind(verdict)] = (seen + 1, min(smallest, verdict,
                                                 key=lambda v: len(v.report())))

    with Judges(workers or cores(), record) as judges:

        @settings(PROFILES[profile], max_examples=count or PROFILES[profile].max_examples)
        @given(apps())
        def port_and_compare(app) -> None:
            assert app.uses <= set(ELEMENTS), app.uses - set(ELEMENTS)
            judges.submit(app)

        try:
            port_and_compare()
            judges.finish()
        finally:
            print(f"\ngenerated {counts(tried)}"
                  f"\nelements drawn: {dict(sorted(elements.items()))}"
                  + "".join(f"\noriginal failing on its own in {n} apps: {name}"
                            for name, n in originals.most_common()))
    assert not failures, "\n\n".join(f"{count} apps: {name}\n{verdict.report()}"
                                     for name, (count, verdict) in failures.items())


def make_fuzz_port(pytest_args: str) -> subprocess.CompletedProcess:
    """What `make fuzz-port PYTEST_ARGS=...` runs, run here under this Python (make -n
    prints it and runs nothing; the virtualenv is taken as built)."""
    said = subprocess.run(["make", "-n", "--no-print-directory", "-o", ".venv/.test-installed",
                           "fuzz-port", f"PYTEST_ARGS={pytest_args}"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    command = shlex.split(said.stdout.strip().splitlines()[-1])
    assert command[0].endswith("/pytest"), said.stdout
    return subprocess.run([sys.executable, "-m", "pytest", *command[1:]], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_make_fuzz_port_runs_the_generators_test_alone():
    # (without the warnings plugin: Bottle 0.12 warns as the fuzz modules import it)
    done = make_fuzz_port("--collect-only -q -p no:cacheprovider -p no:warnings")
    assert done.returncode == 0, done.stdout + done.stderr
    collected = [line for line in done.stdout.splitlines() if "::" in line]
    assert collected == [
        "tests/porting_tool/fuzz/test_fuzz_port.py::test_generated_apps_answer_alike_once_ported"]


def test_make_fuzz_port_with_a_bad_option_fails_saying_which():
    done = make_fuzz_port("--fuzz-port-count=many -p no:cacheprovider")
    assert done.returncode == 4  # pytest's usage error
    assert "--fuzz-port-count: invalid int value: 'many'" in done.stderr
