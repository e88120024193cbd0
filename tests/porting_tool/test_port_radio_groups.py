"""The check fills a form as a browser does: a radio group sends one value (RULE-s50
class C, ADakHae/volunteer-finder: its review form's five `rating` buttons were sent as
rating=1&...&rating=5, which Bottle reads as 5 and the port, D-first-value, as 1; the
review was stored so and its page, which reads no form, counted different)."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

from bs4 import BeautifulSoup

from bottle2flask.cli import main as kit
from bottle2flask.parity.scenario import fill, forms

FORM = """
<form action="/review" method="post">
  <input type="hidden" name="program_id" value="7">
  <input type="radio" name="rating" value="1"><input type="radio" name="rating" value="2">
  <input type="radio" name="rating" value="3" checked>
  <input type="radio" name="size" value="s"><input type="radio" name="size" value="m">
  <input type="checkbox" name="tags" value="a" checked><input type="checkbox" name="tags" value="b">
  <textarea name="content"></textarea>
</form>
"""


def test_a_radio_group_sends_its_checked_button_else_its_first_and_checkboxes_each():
    form, = forms(BeautifulSoup(FORM, "html.parser"), "/")
    valid = fill(form, "valid", {})
    assert [(k, v) for k, v in valid if k != "content"] == [
        ("program_id", "7"), ("rating", "3"), ("size", "s"), ("tags", "a"), ("tags", "b")]
    assert fill(form, "no-csrf", {}) == [
        ("program_id", "7"), ("rating", "3"), ("tags", "a"), ("content", "")]


APP = '''
from datetime import datetime

from bottle import Bottle, redirect, request, template

app = Bottle()
REVIEWS = []


@app.route("/")
def index():
    return template("page", note=None, reviews=REVIEWS)


@app.post("/review")
def review():
    REVIEWS.append({"rating": int(request.forms.get("rating", "3")),
                    "content": request.forms.get("content", ""),
                    "at": datetime.now().isoformat(timespec="minutes")})
    redirect("/")
'''

PAGE = """<p>{{note}}</p>
<form action="/review" method="post">
% for i in range(1, 6):
<input type="radio" name="rating" value="{{i}}" {{'checked' if i == 3 else ''}}>
% end
<textarea name="content"></textarea>
<button>send</button>
</form>
% for review in reviews:
<p>{{'*' * review['rating']}} {{review['content']}} {{review['at']}}</p>
% end
"""


def test_a_review_posted_from_a_radio_group_shows_alike_on_the_page_that_lists_it(
        tmp_path: Path):
    src = tmp_path / "src"
    (src / "views").mkdir(parents=True)
    (src / "app.py").write_text(dedent(APP).lstrip())
    (src / "views" / "page.tpl").write_text(PAGE)
    out = tmp_path / "out"
    assert kit(["port", str(src), "-o", str(out), "--check-timeout", "120"]) == 0
    check = json.loads((out / "porting-report.json").read_text())["check"]
    assert {r["rule"]: r["result"] for r in check["routes"]} == {
        "/": "declared", "/review": "declared"}  # D-none: the note None prints
    suite = json.loads((out / "tests" / "bottle2flask_parity.json").read_text())
    posted = [q["body"] for q in suite["requests"] if q["method"] == "POST"
              and "content=Written" in q.get("body", "")]
    assert posted and all(body.startswith("rating=3&content=") for body in posted)
