"""The user's guide (docs/PORTING-TOOLS.md): every TODO code the port writes has its
entry, reachable by the code's anchor; the trials and their figures live elsewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bottle2flask.port.rules import CODES

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDE = (DOCS / "PORTING-TOOLS.md").read_text()
SOURCES = Path(__file__).resolve().parents[2] / "bottle2flask" / "stpl"
TEMPLATE_CODES = sorted({code for path in SOURCES.glob("*.py")
                         for code in re.findall(r"\bT0\d\d\b", path.read_text())})


@pytest.mark.parametrize("code", [*CODES, *TEMPLATE_CODES])
def test_every_todo_code_has_an_entry_with_its_own_anchor(code):
    assert f'<a id="{code.lower()}"></a>' in GUIDE
    assert f"](#{code.lower()})" in GUIDE.split("## TODO codes")[1]  # in the index


def test_the_report_points_each_todo_at_its_entry():
    from bottle2flask.port.report import guide

    assert guide("P004") == "PORTING-TOOLS.md#p004"


def test_the_guide_is_short_and_the_trials_have_a_document_of_their_own():
    trials = (DOCS / "PORTING-TRIALS.md").read_text()
    assert "### Measured" not in GUIDE and "](PORTING-TRIALS.md)" in GUIDE
    assert "| **all** | **68 of 68 (100%)**" in trials and "| **all**" not in GUIDE
    assert len(GUIDE.splitlines()) < 1200
    for heading in ("## Install", "## Port your app", "## Read the report",
                    "## Run the suite it leaves", "## Port one route at a time"):
        assert f"\n{heading}\n" in GUIDE
