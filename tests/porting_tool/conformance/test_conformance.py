"""The conformance table (bottle2flask/conformance): every public name of the installed
Bottle is a row, the document is current, and each row's tiny app answers as the row says
once ported (docs/BOTTLE-API.md)."""

from __future__ import annotations

import warnings

import pytest

from bottle2flask.conformance import document
from bottle2flask.conformance.differential import Outcome, run
from bottle2flask.conformance.names import public_ids, version
from bottle2flask.conformance.table import rows

ROWS = rows()
INSTALLED = version()
# each row as it holds with the installed Bottle (0.12 answers otherwise in a few places)
WITH_CASE = [r.under(INSTALLED) for r in ROWS if r.case is not None and INSTALLED in r.versions]


def test_every_public_name_of_the_installed_bottle_is_a_row():
    table = {r.id for r in ROWS if INSTALLED in r.versions and r.kind in {"name", "member"}}
    assert sorted(public_ids() - table) == []


def test_the_table_names_nothing_the_installed_bottle_lacks():
    table = {r.id for r in ROWS if INSTALLED in r.versions and r.kind in {"name", "member"}}
    assert sorted(table - public_ids()) == []


def test_the_document_is_current():
    assert document.PATH.read_text(encoding="utf-8") == document.render(ROWS), \
        "docs/BOTTLE-API.md is stale: python -m bottle2flask.conformance"


def test_each_row_without_a_case_says_why():
    assert [r.id for r in ROWS if r.case is None and len(r.reason) < 20] == []


def params():
    for row in WITH_CASE:
        marks = [pytest.mark.xfail(strict=True, reason=f"engine: {row.engine}")] \
            if row.status == "engine" else []
        yield pytest.param(row, id=row.id, marks=marks)


@pytest.mark.parametrize("row", list(params()))
def test_the_port_answers_as_the_row_says(row, tmp_path):
    with warnings.catch_warnings():  # the apps' own deprecations are theirs, not ours
        warnings.simplefilter("ignore")
        outcome = run(row.case, tmp_path, row.id.replace(":", "_").replace(".", "_"))
    assert outcome.answered, f"the case is broken: Bottle did not answer: {outcome.bottle}"
    codes = {t["code"] for t in outcome.todos}
    changes = {d["id"] for d in outcome.declared}
    if row.status == "todo":  # the reason is the port's own words
        said = [t for t in outcome.todos if t["code"] == row.todo and t["text"] == row.reason]
        assert said, f"no TODO({row.todo}) saying so: {outcome.todos}"
        if "template" not in said[0]:  # written in the module, above its line
            line = outcome.code.splitlines()[said[0]["line"] - 1]
            assert f"TODO(flask-port/{row.todo})" in outcome.code and line.strip(), line
        assert not outcome.broken or any(t.get("breaks") for t in outcome.todos), \
            f"the port fails here and no TODO says it breaks: {outcome.diff()}"
        lost = [n for n, (b, f) in enumerate(zip(outcome.bottle, outcome.flask, strict=True))
                if hasattr(b, "status") and hasattr(f, "status") and b.status < 400 <= f.status]
        broken = outcome.broken or bool(lost)
        if row.port == "breaks":  # counted in the table; it leaves BREAKS once fixed
            assert broken, "this row's port no longer breaks: take it out of BREAKS"
        elif row.port == "differs":
            assert not broken and not outcome.same, "\n".join(outcome.diff())
        else:  # the TODO marks code that is not idiomatic yet: the port answers as Bottle
            assert outcome.same, "\n".join(outcome.diff())
    elif row.status == "declared":
        assert row.change in changes, f"{row.change} not declared: {sorted(changes)}"
        assert not codes, outcome.todos
        assert differs_only_in(outcome, row.differs), outcome.diff()
    else:  # same, and the engine's rows (expected to fail until their rule is fixed)
        assert not codes, outcome.todos
        assert outcome.same, "\n".join(outcome.diff())


def differs_only_in(outcome: Outcome, fields: tuple[str, ...]) -> bool:
    """Each request's answers are equal but for these fields (any field, if none named)."""
    for bottle, flask in zip(outcome.bottle, outcome.flask, strict=True):
        if bottle == flask:
            continue
        if isinstance(bottle, str) or isinstance(flask, str):
            return not fields
        if fields and not set(bottle.differences(flask)) <= set(fields):
            return False
    return True
