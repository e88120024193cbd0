"""PORTING-REPORT.md says why a page the check counted alike is not byte for byte the
original's: Werkzeug's own writing (the allowances of HTTP it took) or the declared
changes its answers were counted alike by."""

from bottle2flask.migrate.status import graded
from bottle2flask.port.report import FLASKS_OWN, check_markdown


def route(rule, **grades):
    return {"rule": rule, "methods": ["GET"], "requests": 1, "identical": True,
            "result": "same", "likeness": None, "allowed": [], "declared": [], **grades}


def table(*routes):
    return check_markdown(0, "", {"routes": list(routes), "summary": "summary"}, None)


def row(report, rule):
    return next(line for line in report.splitlines() if line.startswith(f"| `{rule}`"))


def test_a_byte_for_byte_page_has_no_reason_and_no_paragraph():
    report = table(route("/", likeness="exact"))
    assert row(report, "/").endswith("| exactly the same |  |")
    assert FLASKS_OWN not in report


def test_a_page_the_same_message_or_to_a_client_names_werkzeugs_own_writing():
    report = table(route("/", likeness="message", allowed=["media-type-case"]),
                   route("/go", likeness="client",
                         allowed=["location-reference", "reason-phrase", "redirect-body"]))
    assert row(report, "/").endswith("| Werkzeug spells the charset utf-8 (Bottle: UTF-8) |")
    assert "Flask's redirect gives a relative Location; Werkzeug writes the reason phrase " \
        "in capitals; Flask's redirect has a short HTML note as its body" in row(report, "/go")
    assert FLASKS_OWN in report


def test_a_declared_page_names_its_declared_changes():
    report = table(route("/static/<name>", result="declared",
                         declared=["reason-phrase-case", "static-file-headers"]))
    assert row(report, "/static/<name>").endswith(
        "| declared | declared: reason-phrase-case, static-file-headers |")


def test_a_difference_keeps_its_first_difference():
    report = table(route("/", identical=False, result="different",
                         first_difference="GET /: body", declared=["D-json"]))
    assert row(report, "/").endswith("| different | GET /: body |")
    assert FLASKS_OWN not in report


def test_a_route_keeps_the_declared_changes_of_its_requests_but_the_allowances():
    steps = [{"likeness": "message", "allowed": ["media-type-case"],
              "explained": ["media-type-case", "reason-phrase-case"]},
             {"likeness": None, "apart": ["body"], "explained": ["default-error-page"]}]
    assert graded(steps)["declared"] == ["default-error-page", "reason-phrase-case"]
    assert graded([])["declared"] == []
