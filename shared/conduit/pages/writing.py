"""The editor: write a new article or change your own."""

from __future__ import annotations

from ...flashes import flash
from ...forms import bind, validate
from ...http import Page, Redirect, Request, Result
from .. import articles
from .. import validate as v
from ..forms import ArticleForm, show_errors, split_tags
from .common import login_first, viewer


def editor(request: Request, slug: str | None = None) -> Result:
    """New article at /editor, your article's edit form at /editor/{slug}."""
    here = request.url_for("editor_edit", slug=slug) if slug else request.url_for("editor")
    me = viewer(request)
    if me is None:
        return login_first(request, here)
    saved = articles.owned(request.db, me, slug) if slug else None  # 404 or 403
    data = {"title": saved.title, "description": saved.description, "body": saved.body,
            "tags": ", ".join(saved.tag_list)} if saved else {}
    form = bind(ArticleForm, request, data=data)
    if request.method == "POST" and validate(form):
        fields = {"title": form.title.data, "description": form.description.data,
                  "body": form.body.data, "tagList": split_tags(form.tags.data)}
        try:
            if saved:
                article = articles.update(request.db, me, saved.slug, fields)
            else:
                article = articles.create(request.db, me, fields)
        except v.Invalid as error:
            show_errors(form, error)
        else:
            flash(request.session, "Your article is saved." if saved else
                  "Your article is published.", "success")
            return Redirect(request.url_for("article", slug=article.slug))
    return Page("editor", {"title": "Edit article" if saved else "New article",
                           "nav": "" if saved else "editor", "form": form, "slug": slug},
                status=422 if form.errors else 200)
