"""An article: its page, comments, favorites, follows, and deleting it."""

from __future__ import annotations

from ...flashes import flash
from ...forms import bind, validate
from ...http import Page, Redirect, Request, Result
from .. import articles, markdown, present, users
from ..forms import CommentForm
from .common import back_to, checked, login_first, long_date, viewer


def _page(request: Request, slug: str, form, status: int = 200) -> Page:
    me = viewer(request)
    item = articles.view(request.connection, me, slug)
    comments = articles.comments(request.connection, me, slug, article_id=item.id)
    return Page("article", {
        "title": item.title, "nav": "",
        "article": {**present.article(item), "date": long_date(item.created_at)},
        "body_html": markdown.render(item.body),
        "is_author": me is not None and me.id == item.author_id,
        "comments": [{**present.comment(c, following), "date": long_date(c.created_at),
                      "mine": me is not None and me.id == c.author_id}
                     for c, following in comments],
        "form": form,
        "here": request.url_for("article", slug=item.slug),
    }, status=status)


def article(request: Request, slug: str) -> Result:
    """Read an article and its comments."""
    # Only a signed-in reader sees the comment box: no form to build for anyone else.
    return _page(request, slug, bind(CommentForm, request) if viewer(request) else None)


def comment(request: Request, slug: str) -> Result:
    """Add a comment; errors are shown under the comment box. A GET goes to the article."""
    here = request.url_for("article", slug=slug)
    if request.method == "GET":
        return Redirect(here)
    form = bind(CommentForm, request)
    valid = validate(form)
    me = viewer(request)
    if me is None:
        return login_first(request, here)
    if not valid:
        return _page(request, slug, form, status=422)
    articles.add_comment(request.db, me, slug, {"body": form.body.data})
    flash(request.session, "Your comment is posted.", "success")
    return Redirect(here)


def delete_comment(request: Request, slug: str, comment_id: int) -> Result:
    """Delete one of your comments."""
    checked(request)
    here = request.url_for("article", slug=slug)
    me = viewer(request)
    if me is None:
        return login_first(request, here)
    articles.remove_comment(request.db, me, slug, comment_id)
    flash(request.session, "Your comment is deleted.", "success")
    return Redirect(here)


def delete(request: Request, slug: str) -> Result:
    """Delete your article."""
    checked(request)
    me = viewer(request)
    if me is None:
        return login_first(request, request.url_for("article", slug=slug))
    articles.remove(request.db, me, slug)
    flash(request.session, "Your article is deleted.", "success")
    return Redirect(request.url_for("index"))


def _toggle(request: Request, action, target: str, default: str) -> Result:
    checked(request)
    back = back_to(request, default)
    me = viewer(request)
    if me is None:
        return login_first(request, back)
    action(request.db, me, target)
    return Redirect(back)


def favorite(request: Request, slug: str) -> Result:
    """Favorite an article, then go back where the button was."""
    return _toggle(request, articles.favorite, slug, request.url_for("article", slug=slug))


def unfavorite(request: Request, slug: str) -> Result:
    """Unfavorite an article, then go back where the button was."""
    return _toggle(request, articles.unfavorite, slug, request.url_for("article", slug=slug))


def follow(request: Request, username: str) -> Result:
    """Follow an author, then go back where the button was."""
    return _toggle(request, users.follow, username,
                   request.url_for("profile", username=username))


def unfollow(request: Request, username: str) -> Result:
    """Unfollow an author, then go back where the button was."""
    return _toggle(request, users.unfollow, username,
                   request.url_for("profile", username=username))
