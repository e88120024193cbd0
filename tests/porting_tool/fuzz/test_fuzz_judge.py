"""The generator's judge: a port that does not start, and a request it breaks, are
BROKEN, counted apart from other differences and never excused by what the port
declared or left a TODO on."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from . import judge as judging
from .judge import breaks, judged
from .test_fuzz_port import counts
from .test_fuzz_port_regressions import app, route


@pytest.mark.parametrize(("statuses", "broken"), [
    (("200 OK", "500 INTERNAL SERVER ERROR"), True),
    (("302 Found", "404 NOT FOUND"), True),  # a page Bottle served, lost
    (("200 OK", "405 METHOD NOT ALLOWED"), True),
    (("404 Not Found", "500 INTERNAL SERVER ERROR"), True),
    (("500 Internal Server Error", "500 INTERNAL SERVER ERROR"), False),  # the original too
    (("404 Not Found", "405 METHOD NOT ALLOWED"), False),  # a difference, not a break
    (("403 Forbidden", "404 NOT FOUND"), False),
    (("200 OK", "201 CREATED"), False),
    (("500 Internal Server Error", "200 OK"), False),
])
def test_a_request_is_broken_where_the_port_fails_and_the_original_did_not(statuses, broken):
    assert breaks(statuses) is broken


MADE = judging.port_tree


def spoilt(monkeypatch, spoil: Callable[[Path, object], None]) -> None:
    """The judge's ports, each spoilt by spoil(out, result) once made."""

    def port_tree(src: Path, out: Path, **options):
        result = MADE(src, out, **options)
        spoil(out, result)
        return result

    monkeypatch.setattr(judging, "port_tree", port_tree)


def test_a_broken_request_is_broken_whatever_the_port_declared_on_its_line(monkeypatch):
    """The judge let a 500 through where a declared change sat on the view's line, or
    where the port's parity.toml ignored the status on its path: a declared change never
    loses a page."""
    def spoil(out: Path, result) -> None:
        code = (out / "app.py").read_text()
        (out / "app.py").write_text(code.replace('return "r1"', 'raise RuntimeError("lost")'))
        (out / "parity.toml").write_text(
            '[[ignore]]\nstatus = "500"\npath = "/r1"\nreason = "declared"\n')
        line = code.splitlines().index("def r1():") + 1
        result.modules[0].declared.append({"id": "D-undefined", "paths": ["/r1"],
                                           "line": line})

    spoilt(monkeypatch, spoil)
    verdict = judged(app(route()))
    assert (verdict.outcome, verdict.broken, verdict.starts) == ("broken", 1, True)
    # the status rule excuses only a page the original answered with that status: the
    # port's 500 is a difference of its own, not explained at all
    [problem] = verdict.problems
    assert problem.startswith("BROKEN: GET /r1: 200 OK / 500 INTERNAL SERVER ERROR; "
                              "status: '200 OK' != '500 INTERNAL SERVER ERROR'")
    assert "explained" not in problem


def test_a_page_the_port_loses_is_broken_and_a_difference_is_only_different(monkeypatch):
    def spoil(out: Path, result) -> None:
        code = (out / "app.py").read_text()
        (out / "app.py").write_text(code.replace("@app.route('/r1')", "@app.route('/r9')")
                                    .replace('return "r2"', 'return "r2!"'))

    spoilt(monkeypatch, spoil)
    verdict = judged(app(route(), route(2)))
    assert (verdict.outcome, verdict.broken) == ("broken", 1)
    assert verdict.problems[0].startswith("BROKEN: GET /r1: 200 OK / 404 NOT FOUND")
    assert verdict.problems[1].startswith("GET /r2: 200 OK / 200 OK: body")
    spoilt(monkeypatch, lambda out, result: (out / "app.py").write_text(
        (out / "app.py").read_text().replace('return "r1"', 'return "r1!"')))
    verdict = judged(app(route()))
    assert (verdict.outcome, verdict.broken) == ("different", 0)


def test_a_port_that_does_not_start_is_broken(monkeypatch):
    spoilt(monkeypatch, lambda out, result: (out / "app.py").write_text(
        "raise ImportError('no')\n" + (out / "app.py").read_text()))
    verdict = judged(app(route()))
    assert (verdict.outcome, verdict.starts) == ("broken", False)
    assert verdict.problems[0].startswith("BROKEN: the port does not start")


def test_an_original_failing_on_its_own_is_said_so_not_called_different(monkeypatch):
    """The 2,000 apps of seed 4811 had one "different": the original answered a 500 from
    an error of its own (its jinja2_view came from another copy of Bottle, which looked on
    its own TEMPLATE_PATH: TemplateError) where the port served the page. No page for the
    port to keep, and no difference the port made: the judge says the original fails, and
    the run does not fail on it (a difference the port made beside it still does)."""
    def spoil(out: Path, result) -> None:  # the original spoilt, once the port is made
        original = out.parent / "src" / "app.py"
        original.write_text(original.read_text().replace('return "r1"',
                                                         'raise LookupError("its own")'))

    spoilt(monkeypatch, spoil)
    verdict = judged(app(route(), route(2)))
    assert (verdict.outcome, verdict.broken) == ("original fails", 0)
    assert "original fails" not in judging.FAILED
    failing = ("ORIGINAL FAILS: GET /r1: 500 Internal Server Error / 200 OK: the original's "
               "own error (LookupError: its own): no page for the port to keep")
    assert verdict.problems == [failing]

    def spoil_both(out: Path, result) -> None:
        spoil(out, result)
        (out / "app.py").write_text((out / "app.py").read_text().replace('return "r2"',
                                                                         'return "r2!"'))

    spoilt(monkeypatch, spoil_both)
    verdict = judged(app(route(), route(2)))
    assert verdict.outcome == "different"
    assert verdict.problems[0].startswith("GET /r2: 200 OK / 200 OK: body")
    assert verdict.problems[1:] == [failing]


def test_an_original_answering_500_on_purpose_is_no_failure_of_its_own(monkeypatch):
    """A 500 the original's view answers (an HTTPError raised, which Bottle does not log)
    is a page like any other: a port serving 200 there is different."""
    def spoil(out: Path, result) -> None:
        original = out.parent / "src" / "app.py"
        original.write_text(original.read_text().replace(
            'return "r1"', 'raise __import__("bottle").HTTPError(500, "meant")'))

    spoilt(monkeypatch, spoil)
    verdict = judged(app(route()))
    assert (verdict.outcome, verdict.broken) == ("different", 0)
    assert verdict.problems[0].startswith("GET /r1: 500 Internal Server Error / 200 OK: ")


def test_the_verdict_counts_broken_ports_and_requests_apart():
    tried = Counter({"apps": 5, "same": 1, "different": 1, "original fails": 1, "broken": 2,
                     "not starting": 1, "requests broken": 3, "varies": 2})
    assert counts(tried) == ("apps: 5; same: 1, declared: 0, TODO: 0, different: 1, "
                             "original failing: 1, BROKEN: 2 (ports not starting: 1, "
                             "requests broken: 3); "
                             "requests varying between runs of the original (not "
                             "compared): 2")
