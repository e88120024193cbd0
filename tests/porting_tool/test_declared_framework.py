"""A page the port made the framework's own way is declared, by name (exact54, #42).

Flask's redirect (a relative Location, a short HTML note as the body) and Flask's static
route (its validators) are the client's allowances of proof/answers.py; the port chose
them and declares them (D-location, D-redirect-body, D-static). An [[ignore]]'s
`framework =` names the intended difference it stands for, so the comparison counts it
under the change's name, and the check counts such a page with the declared changes.
"""

from __future__ import annotations

import pytest

from bottle2flask.errors import UsageError
from bottle2flask.parity.normalise import Response, compare
from bottle2flask.parity.scenario import Ignore, load
from bottle2flask.port.report import check_markdown
from bottle2flask.proof.answers import declared_as
from bottle2flask.proof.check import answer_of

REDIRECT = Response("303 See Other", [("Location", "http://localhost/")], b"", "/go")
FLASKS = Response("303 SEE OTHER", [("Location", "/"), ("Content-Type", "text/html; "
                                                       "charset=utf-8")],
                  b"<p>You should be redirected to <a href=\"/\">/</a>.</p>", "/go")


@pytest.mark.parametrize(("allowed", "declared"), [
    # the message's allowances alone: HTTP's own, nothing the port declares
    (["media-type-case", "reason-phrase"], ["D-location", "D-redirect-body"]),
    # a client's allowance the port did not declare stays the same to a client
    (["location-reference", "redirect-body"], ["D-location"]),
    (["redirect-body"], []),
    (["validator-value"], ["D-location"]),
])
def test_a_page_stays_the_same_to_a_client_where_any_allowance_is_not_declared(allowed,
                                                                              declared):
    assert declared_as(allowed, declared) == []


@pytest.mark.parametrize(("allowed", "declared", "named"), [
    (["location-reference", "reason-phrase", "redirect-body"],
     ["D-location", "D-redirect-body", "reason-phrase-case"], ["D-location", "D-redirect-body"]),
    (["redirect-body"], ["D-redirect-body"], ["D-redirect-body"]),
    (["field-name-case", "validator-value"], ["D-static"], ["D-static"]),
])
def test_each_client_allowance_the_port_declared_names_its_change(allowed, declared, named):
    assert declared_as(allowed, declared) == named


def test_a_framework_rule_names_the_intended_difference_it_stands_for():
    alone = compare(REDIRECT, FLASKS, ignore=[Ignore("D-location", header="Location")])
    assert "redirect-body" in alone.explained and "D-redirect-body" not in alone.explained
    rules = [Ignore("D-location", header="Location"),
             Ignore("D-redirect-body", framework="redirect-body")]
    found = compare(REDIRECT, FLASKS, ignore=rules)
    assert found.differences == [] and found.likeness == "client"
    assert {"D-location", "D-redirect-body", "redirect-body"} <= set(found.explained)
    # another kind's rule names nothing here
    other = compare(REDIRECT, FLASKS, ignore=[Ignore("D-static",
                                                     framework="static-file-headers")])
    assert "D-static" not in other.explained and "redirect-body" in other.explained


def test_a_framework_rule_takes_only_the_frameworks_own_answers(tmp_path):
    (tmp_path / "parity.toml").write_text(
        '[[ignore]]\nname = "D-redirect-body"\nframework = "redirect-body"\npath = "/go"\n')
    (rule,) = load(tmp_path / "parity.toml").ignore
    assert (rule.name, rule.framework, rule.path) == ("D-redirect-body", "redirect-body", "/go")
    (tmp_path / "bad.toml").write_text('[[ignore]]\nname = "x"\nframework = "anything"\n')
    with pytest.raises(UsageError, match="framework takes one of redirect-body"):
        load(tmp_path / "bad.toml")


def route(**given) -> dict:
    return {"rule": "/go", "methods": ["GET"], "requests": 2, "identical": True,
            "result": "declared", "likeness": "client", "note": None,
            "allowed": ["location-reference", "reason-phrase", "redirect-body"],
            "declared": ["D-location", "D-redirect-body", "reason-phrase-case"], **given}


def test_the_check_and_the_report_count_a_declared_redirect_with_the_declared_changes():
    assert answer_of(route()) == "declared change: D-location, D-redirect-body"
    report = check_markdown(0, "", {"routes": [route()], "summary": "s"}, None)
    assert ("| `/go` | GET | 2 | declared change | declared: D-location, D-redirect-body; "
            "Flask's redirect gives a relative Location;") in report
    # one allowance not declared: the same to an HTTP client, as before
    undeclared = route(declared=["D-location", "reason-phrase-case"])
    assert answer_of(undeclared).startswith("same to an HTTP client: location-reference")
    assert "| same to an HTTP client |" in check_markdown(
        0, "", {"routes": [undeclared], "summary": "s"}, None)
