"""The user's guide (docs/PORTING-TOOLS.md) is a short read; the rule reference
(docs/PORTING-RULES.md) is written from the rules and has an entry for every TODO code the
port writes, reachable by the code's anchor; the trials and their figures live elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bottle2flask.port import reference
from bottle2flask.port.rules import CODES
from bottle2flask.stpl import codes as template_codes

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDE = (DOCS / "PORTING-TOOLS.md").read_text()
RULES_PAGE = (DOCS / "PORTING-RULES.md").read_text()
SOURCES = Path(__file__).resolve().parents[2] / "bottle2flask" / "stpl"
TEMPLATE_CODES = sorted({code for path in SOURCES.glob("*.py") if path.name != "codes.py"
                         for code in re.findall(r"\bT0\d\d\b", path.read_text())})


@pytest.mark.parametrize("code", [*CODES, *TEMPLATE_CODES])
def test_every_todo_code_has_an_entry_with_its_own_anchor(code):
    assert f'<a id="{code.lower()}"></a>' in RULES_PAGE
    assert f"](#{code.lower()})" in RULES_PAGE.split("## TODO codes")[1]  # in the index


def test_the_rule_reference_is_written_from_the_rules_and_is_not_stale():
    assert RULES_PAGE == reference.render(), (
        "docs/PORTING-RULES.md is stale: run python -m bottle2flask.port.reference")


def test_a_rules_entry_is_its_docstring_and_its_declared_changes():
    from bottle2flask.port.rules.p008_redirect_abort import RedirectAbort

    entry = RULES_PAGE.split('<a id="p008"></a>')[1].split("<a id=")[0]
    assert entry.startswith("\n### P008: redirect and abort")
    assert "return redirect(\"/\", 303)" in entry
    assert [c.id for c in RedirectAbort.declares] == ["D-location", "D-redirect-body"]
    assert ("Declares: [D-location](#declared-changes), [D-redirect-body]"
            "(#declared-changes).") in entry


def test_every_template_code_the_converter_writes_is_in_the_table():
    assert set(TEMPLATE_CODES) <= {*template_codes.CONVERTS, *template_codes.TODOS}


def test_the_declared_changes_link_their_catalogue_entries():
    catalogue = (DOCS / "PORTING.md").read_text()
    links = re.findall(r"\]\(PORTING\.md#([\w-]+)\)", RULES_PAGE)
    headings = {reference.anchor(h) for h in re.findall(r"^#+ (.*)$", catalogue, re.M)}
    assert links and set(links) <= headings


def test_the_report_points_each_todo_at_its_entry():
    from bottle2flask.port.report import guide

    assert guide("P004") == "PORTING-RULES.md#p004"


def test_the_guide_is_a_ten_minute_read_and_the_trials_have_a_document_of_their_own():
    trials = (DOCS / "PORTING-TRIALS.md").read_text()
    assert "### Measured" not in GUIDE and "](PORTING-TRIALS.md)" in GUIDE
    assert "| **all** | **68 of 68 (100%)**" in trials and "| **all**" not in GUIDE
    assert len(GUIDE.splitlines()) <= 400
    assert "### P0" not in GUIDE and "](PORTING-RULES.md)" in GUIDE
    for heading in ("## Install", "## Port your app", "## Read the report", "## Fix a TODO",
                    "## Run the suite it leaves", "## Port one route at a time"):
        assert f"\n{heading}\n" in GUIDE
