"""The classic hello-world pages and the guestbook."""

from __future__ import annotations

import html
import math

from sqlalchemy import func, select

from ..flashes import flash
from ..forms import bind, validate
from ..http import HTTPError, Page, Redirect, Request, Result, SafeHTML
from ..paging import page_number
from .forms import GuestbookForm
from .models import GuestbookEntry

SIGNED = "guestbook_signed"


def examples(request: Request) -> Result:
    """Show what the example pages are."""
    return Page("examples", {"title": "Examples"})


def hello(request: Request, name: str = "") -> Result:
    """Greet by name; the template falls back to "amigo"."""
    return Page("hello", {"title": "Hello", "name": name})


def escaping(request: Request) -> Result:
    """Show a visitor's text escaped, next to HTML the core built from it."""
    text = request.query.get("text") or "<em>Bottle</em> & 'Flask'"
    marked = SafeHTML(f"<mark>{html.escape(text)}</mark>")
    return Page("escaping", {"title": "Escaping", "text": text, "marked": marked})


def guestbook(request: Request) -> Result:
    """List signed entries, newest first, and sign the book."""
    form = bind(GuestbookForm, request)
    if request.method == "POST" and validate(form):
        request.db.add(GuestbookEntry(name=form.name.data, message=form.message.data))
        request.db.commit()
        request.session[SIGNED] = int(request.session.get(SIGNED, 0)) + 1
        flash(request.session, f"Thank you for signing, {form.name.data}!", "success")
        return Redirect(request.url_for("guestbook"))

    size = request.config.GUESTBOOK_PAGE_SIZE
    page = page_number(request)
    total = request.db.scalar(select(func.count()).select_from(GuestbookEntry))
    pages = max(1, math.ceil(total / size))
    if page > pages:
        raise HTTPError(404, f"The guestbook has {pages} page(s).")
    rows = request.db.scalars(
        select(GuestbookEntry)
        .order_by(GuestbookEntry.created_at.desc(), GuestbookEntry.id.desc())
        .limit(size).offset((page - 1) * size)
    )
    entries = [
        {"name": e.name, "message": e.message,
         "created": e.created_at.strftime("%Y-%m-%d %H:%M UTC")}
        for e in rows
    ]
    return Page(
        "guestbook",
        {"title": "Guestbook", "form": form, "entries": entries, "page": page,
         "pages": pages, "total": total, "signed": int(request.session.get(SIGNED, 0))},
        status=422 if form.errors else 200,
    )
