"""Someone else's app on the kit: a tiny site defined here, served by both frameworks.

The site brings its routes, table, settings, error shape and its own templates (one
per engine, written into tmp_path); none of our sites is mounted.
"""

from __future__ import annotations

import pytest
from sqlalchemy import String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from adapters import factory
from shared.http import HTTPError, Json, Page, Redirect, Request, Result, Text
from shared.routing import Route
from shared.site import JINJA2, SIMPLETEMPLATE, Site
from tests.conftest import make_client


class Base(DeclarativeBase):
    pass


class Note(Base):
    __tablename__ = "notes"

    id: Mapped[int] = mapped_column(primary_key=True)
    text: Mapped[str] = mapped_column(String(200))


def notes(request: Request) -> Result:
    """List the notes; a POST adds one."""
    if request.method == "POST":
        text = (request.form.get("text") or "").strip()
        if not text:
            raise HTTPError(400, "A note needs text.")
        request.db.add(Note(text=text))
        request.db.commit()
        return Redirect(request.url_for("notes"))
    rows = request.db.scalars(select(Note.text).order_by(Note.id)).all()
    return Page("notes", {"notes": rows, "title": request.config.NOTES_TITLE})


def note(request: Request, n: int) -> Result:
    """One note as JSON, by its number."""
    row = request.db.get(Note, n)
    if row is None:
        raise HTTPError(404, f"There is no note {n}.")
    return Json({"id": row.id, "text": row.text, "self": request.url_for("note", n=n)})


def error_shape(error: HTTPError, path: str) -> Result:
    return Text(f"notes says {error.status}: {error.message}", status=error.status)


TPL = """<h1>{{title}} ({{brand}})</h1>
<ul>
% for text in notes:
<li>{{text}}</li>
% end
</ul>
<a href="{{url_for('note', n=1)}}">first</a>
"""
HTML = """<h1>{{ title }} ({{ brand }})</h1>
<ul>
{% for text in notes %}<li>{{ text }}</li>
{% endfor %}</ul>
<a href="{{ url_for('note', n=1) }}">first</a>
"""


@pytest.fixture
def notes_site(tmp_path) -> Site:
    (tmp_path / "views").mkdir()
    (tmp_path / "views" / "notes.tpl").write_text(TPL)
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "notes.html").write_text(HTML)
    return Site(
        name="notes",
        routes=[Route("notes", ("GET", "POST"), "/notes", notes),
                Route("note", ("GET",), "/notes/{n:int}", note)],
        metadata=Base.metadata,
        settings={"NOTES_TITLE": "Notes"},
        template_globals=lambda request: {"brand": "kit"},
        error=error_shape,
        templates={SIMPLETEMPLATE: tmp_path / "views", JINJA2: tmp_path / "templates"},
    )


@pytest.fixture
def kit_settings(settings):
    """The suite's settings less Conduit's own (the notes site does not hash passwords)."""
    return {k: v for k, v in settings.items() if k != "PASSWORD_HASH_PROFILE"}


@pytest.fixture
def notes_client(framework, kit_settings, notes_site):
    """Both frameworks over the notes site alone."""
    app = factory(framework)({**kit_settings, "NOTES_TITLE": "My notes"}, sites=[notes_site])
    return make_client(app)


def test_a_site_from_outside_runs_on_both_frameworks(notes_client):
    page = notes_client.get("/notes")
    assert page.content_type == "text/html"
    assert "<h1>My notes (kit)</h1>" in page.text and "<li>" not in page.text
    notes_client.post("/notes", {"text": "<buy milk>"}, status=303).follow()
    page = notes_client.get("/notes")
    assert "<li>&lt;buy milk&gt;</li>" in page.text  # its own templates, autoescaped
    assert '<a href="/notes/1">first</a>' in page.text
    assert notes_client.get("/notes/1").json == {"id": 1, "text": "<buy milk>",
                                                 "self": "/notes/1"}


def test_the_sites_error_shape_answers_its_errors(notes_client):
    assert notes_client.get("/notes/7", status=404).text == "notes says 404: There is no note 7."
    assert notes_client.post("/notes", {"text": " "}, status=400).text == (
        "notes says 400: A note needs text.")
    assert notes_client.get("/notes/x", status=404).text == "notes says 404: "


def test_none_of_our_sites_is_mounted(notes_client):
    notes_client.get("/", status=404)
    notes_client.get("/api/tags", status=404)
    notes_client.get("/tfb/plaintext", status=404)


def test_without_an_error_shape_the_kit_answers_plain_text(framework, kit_settings,
                                                          notes_site):
    from dataclasses import replace

    app = factory(framework)(kit_settings, sites=[replace(notes_site, error=None)])
    response = make_client(app).get("/nowhere", status=404)
    assert response.content_type == "text/plain"
    assert response.text == "404 Not Found\n\nThere is nothing at this address.\n"


def test_a_site_setting_is_unknown_without_the_site(framework, kit_settings):
    from shared.config import ConfigError

    with pytest.raises(ConfigError, match="unknown setting 'NOTES_TITLE'"):
        factory(framework)({**kit_settings, "NOTES_TITLE": "x"})
