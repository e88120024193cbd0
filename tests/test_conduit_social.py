"""Comments, favorites, follows, the feeds, tags and pagination."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from adapters import factory
from tests.api.test_sql_budget import counted_statements
from tests.conduit import (
    DEMO_PASSWORD,
    comment,
    field_errors,
    form_to,
    login,
    press,
    previews,
    register,
    write,
)
from tests.conftest import make_client
from tests.helpers import flashes, soup, text_of

POSTED = ".card:not(.comment-form) .card-block"


def test_commenting_and_deleting_a_comment(client):
    register(client, "ann")
    slug = write(client)
    response = comment(client, slug, "First!\nOn two lines.")
    assert response.status_int == 303
    assert response.headers["Location"] == f"/article/{slug}"
    page = response.follow()
    assert flashes(page) == ["Your comment is posted."]
    assert [p.get_text() for p in soup(page).select(f"{POSTED} .card-text")] == [
        "First!\nOn two lines."]
    assert text_of(page, ".card .comment-author:not(:has(img))") == ["ann"]
    comment(client, slug, "Second")
    page = client.get(f"/article/{slug}")
    assert [p.get_text() for p in soup(page).select(f"{POSTED} .card-text")] == [
        "Second", "First!\nOn two lines."]  # newest first
    delete = soup(page).select(".card:not(.comment-form) .mod-options form")[1]["action"]
    press(client, f"/article/{slug}", delete).follow()
    assert text_of(client.get(f"/article/{slug}"), POSTED) == ["Second"]


def test_a_blank_comment_is_refused_under_the_box(client):
    register(client, "ann")
    slug = write(client)
    response = comment(client, slug, "   ")
    assert response.status_int == 422
    assert field_errors(response, "body") == ["Comment can't be blank"]
    assert text_of(response, POSTED) == []


def test_the_comments_address_in_the_bar_after_a_refused_comment_leads_to_the_article(client):
    register(client, "ann")
    slug = write(client)
    assert comment(client, slug, "   ").status_int == 422  # the bar now holds .../comments
    response = client.get(f"/article/{slug}/comments", status=303)
    assert response.headers["Location"] == f"/article/{slug}"
    assert text_of(response.follow(), ".article-page h1") != []
    client.get("/article/no-such-article/comments", status=303).follow(status=404)


def test_visitors_read_comments_but_need_to_sign_in_to_write(app):
    ann, visitor = make_client(app), make_client(app)
    register(ann, "ann")
    slug = write(ann)
    comment(ann, slug, "Hello")
    page = visitor.get(f"/article/{slug}")
    assert text_of(page, POSTED) == ["Hello"]
    assert soup(page).select("textarea") == []
    assert soup(page).select_one(".sign-in-to-comment a")["href"] == (
        f"/login?next=/article/{slug}")
    assert soup(page).select(".mod-options") == []


def test_only_its_author_may_delete_a_comment(app):
    ann, bob = make_client(app), make_client(app)
    register(ann, "ann")
    slug = write(ann)
    comment(ann, slug, "Mine")
    action = soup(ann.get(f"/article/{slug}")).select_one(".mod-options form")["action"]
    register(bob, "bob")
    assert soup(bob.get(f"/article/{slug}")).select(".mod-options") == []
    token = bob.get("/editor").forms[0]["csrf_token"].value
    response = bob.post(action, {"csrf_token": token}, status=403)
    assert text_of(response, ".error-message") == ["Only its author may change this comment."]
    assert text_of(ann.get(f"/article/{slug}"), POSTED) == ["Mine"]


def test_favoriting_and_unfavoriting(app):
    ann, bob = make_client(app), make_client(app)
    register(ann, "ann")
    slug = write(ann, "Worth it")
    register(bob, "bob")
    page = soup(bob.get(f"/article/{slug}"))
    button = page.select_one(".article-meta button.btn-outline-primary")
    assert button.get_text(" ", strip=True) == "Favorite Article (0)"
    response = press(bob, f"/article/{slug}", f"/article/{slug}/favorite")
    assert response.headers["Location"] == f"/article/{slug}"
    button = soup(response.follow()).select_one(".article-meta button.btn-primary")
    assert button.get_text(" ", strip=True) == "Unfavorite Article (1)"
    assert previews(bob.get("/profile/bob/favorites")) == ["Worth it"]
    assert previews(bob.get("/profile/ann/favorites")) == []
    home = soup(ann.get("/")).select_one(".article-preview button")
    assert (home.get_text(strip=True), home["class"]) == ("1", ["btn", "btn-sm",
                                                                "btn-outline-primary"])
    press(bob, f"/article/{slug}", f"/article/{slug}/unfavorite").follow()
    assert previews(bob.get("/profile/bob/favorites")) == []
    assert text_of(bob.get(f"/article/{slug}"), ".article-meta button.btn-outline-primary") == [
        "Favorite Article (0)"]


def test_favoriting_from_a_list_comes_back_to_the_list(seeded):
    login(seeded, "ada@example.com", DEMO_PASSWORD)
    page = seeded.get("/tag/python")
    action = soup(page).select_one(".article-preview form")["action"]
    response = form_to(page, action).submit(status=303)
    assert response.headers["Location"] == "/tag/python"
    page = soup(response.follow()).select_one(".article-preview form button")
    assert "btn-primary" in page["class"]


def test_visitors_are_asked_to_sign_in_to_favorite_and_nothing_changes(app):
    ann, visitor = make_client(app), make_client(app)
    register(ann, "ann")
    slug = write(ann)
    # A visitor's Favorite is a link to the sign-in page, which comes back here.
    link = soup(visitor.get(f"/article/{slug}")).select_one(".article-meta a.btn-outline-primary")
    assert link.get_text(" ", strip=True) == "Favorite Article (0)"
    assert link["href"] == f"/login?next=/article/{slug}"
    # A post made anyway, with a valid token from the sign-in page, is sent there too.
    token = visitor.get("/login").forms[0]["csrf_token"].value
    response = visitor.post(f"/article/{slug}/favorite",
                            {"csrf_token": token, "next": f"/article/{slug}"}, status=303)
    assert response.headers["Location"] == f"/login?next=/article/{slug}"
    assert text_of(ann.get(f"/article/{slug}"), ".counter") == []  # ann is the author
    assert text_of(visitor.get(f"/article/{slug}"), ".counter") == ["(0)"]


@pytest.mark.parametrize("page", [
    "/", "/?page=2", "/tag/python", "/profile/ada", "/profile/ada/favorites",
    "/article/bottle-in-one-file",
])
def test_a_visitors_follow_and_favorite_buttons_are_links_to_sign_in(seeded, page):
    response = seeded.get(page)
    assert response.forms == {}  # nothing to post: no token, so no session
    links = soup(response).select(".article-meta a.btn, .user-info a.btn")
    assert links
    for link in links:
        target = urlsplit(link["href"])
        assert (target.path, parse_qs(target.query)["next"]) == ("/login", [page])


def test_a_visitor_signs_in_through_a_follow_link_and_comes_back(seeded):
    profile = soup(seeded.get("/profile/grace")).select_one(".user-info a.action-btn")
    assert profile.get_text(" ", strip=True) == "Follow grace"
    assert profile.select_one("i")["class"] == ["ion-plus-round"]
    preview = soup(seeded.get("/")).select_one(".article-preview .article-meta a.btn")
    assert (preview["title"], preview["class"]) == (
        "Favorite", ["pull-xs-right", "btn", "btn-sm", "btn-outline-primary"])
    page = seeded.get("/article/bottle-in-one-file")
    href = soup(page).select_one(".article-meta a.action-btn")["href"]
    response = login(seeded, "ada@example.com", DEMO_PASSWORD, path=href)
    assert response.headers["Location"] == "/article/bottle-in-one-file"
    buttons = text_of(response.follow(), ".article-meta form button")
    assert buttons[0] == "Unfollow grace" and buttons[1].startswith("Unfavorite Article")


def test_following_fills_your_feed(app):
    ann, bob = make_client(app), make_client(app)
    register(ann, "ann")
    write(ann, "By ann")
    register(bob, "bob")
    write(bob, "By bob")
    feed = bob.get("/?feed=following")
    assert previews(feed) == []
    empty = soup(feed).select_one(".empty-feed-message")
    assert empty.get_text(" ", strip=True).startswith("Your feed is empty.")
    assert empty.select_one('a[href="/"]').get_text() == "Global Feed"
    assert text_of(feed, ".feed-toggle .nav-link.active") == ["Your Feed"]
    profile = bob.get("/profile/ann")
    assert text_of(profile, ".user-info button") == ["Follow ann"]
    response = press(bob, "/profile/ann", "/profile/ann/follow")
    assert response.headers["Location"] == "/profile/ann"
    assert text_of(response.follow(), ".user-info button") == ["Unfollow ann"]
    assert previews(bob.get("/?feed=following")) == ["By ann"]
    assert previews(bob.get("/")) == ["By bob", "By ann"]
    press(bob, "/profile/ann", "/profile/ann/unfollow")
    assert previews(bob.get("/?feed=following")) == []


def test_the_follow_button_shows_plus_to_follow_and_minus_to_unfollow(app):
    ann, bob = make_client(app), make_client(app)
    register(ann, "ann")
    register(bob, "bob")
    icon = ".user-info button i"
    assert soup(bob.get("/profile/ann")).select_one(icon)["class"] == ["ion-plus-round"]
    page = press(bob, "/profile/ann", "/profile/ann/follow").follow()
    assert text_of(page, ".user-info button") == ["Unfollow ann"]
    assert soup(page).select_one(icon)["class"] == ["ion-minus-round"]
    # The icons are drawn by the stylesheet: "+ Follow ann", "- Unfollow ann".
    css = bob.get("/static/style.css").text
    assert '.ion-plus-round::before { content: "+";' in css
    assert '.ion-minus-round::before { content: "-";' in css


def test_following_from_an_article_comes_back_to_it(app):
    ann, bob = make_client(app), make_client(app)
    register(ann, "ann")
    slug = write(ann)
    register(bob, "bob")
    response = press(bob, f"/article/{slug}", "/profile/ann/follow")
    assert response.headers["Location"] == f"/article/{slug}"
    assert text_of(response.follow(), ".article-meta form button")[0] == "Unfollow ann"


def test_a_profile_page(seeded):
    page = seeded.get("/profile/ada")
    assert text_of(page, ".user-info h4") == ["ada"]
    assert text_of(page, ".user-info p") == ["Writes about engines, analytical and otherwise."]
    assert soup(page).select_one(".user-img")["src"].endswith("/static/default-avatar.svg")
    assert text_of(page, ".articles-toggle .nav-link") == ["My Articles", "Favorited Articles"]
    assert text_of(page, ".articles-toggle .active") == ["My Articles"]
    assert previews(page) == ["Markdown, sanitised", "SimpleTemplate versus Jinja2",
                              "Why one core can serve two frameworks"]
    favorites = seeded.get("/profile/ada/favorites")
    assert text_of(favorites, ".articles-toggle .active") == ["Favorited Articles"]
    assert previews(favorites) == ["Flask's application factory", "Bottle in one file"]
    login(seeded, "ada@example.com", DEMO_PASSWORD)
    mine = seeded.get("/profile/ada")
    assert text_of(mine, ".user-info a.btn") == ["Edit Profile Settings"]
    assert soup(mine).select(".user-info button") == []
    assert text_of(seeded.get("/profile/grace"), ".user-info button") == ["Unfollow grace"]


def test_the_global_feed_is_paginated(seeded):
    first = seeded.get("/")
    assert len(previews(first)) == 10
    assert previews(first)[0] == "Reading a WSGI environ"  # the newest
    assert text_of(first, ".pagination .page-item.active") == ["1"]
    assert [a["href"] for a in soup(first).select(".pagination .page-link")] == ["/", "/?page=2"]
    second = seeded.get("/?page=2")
    assert previews(second) == ["Bottle in one file", "Why one core can serve two frameworks"]
    assert text_of(second, ".pagination .page-item.active") == ["2"]
    assert set(previews(first)).isdisjoint(previews(second))


@pytest.mark.parametrize(("query", "status"), [
    ("page=3", 404), ("page=0", 400), ("page=-1", 400), ("page=two", 400), ("feed=all", 400),
])
def test_bad_page_numbers_and_feeds_get_a_clear_error(seeded, query, status):
    response = seeded.get(f"/?{query}", status=status)
    assert soup(response).select_one(".error-message").get_text()


def test_the_tag_and_followed_feeds_are_paginated_too(framework, settings):
    client = make_client(factory(framework)({**settings, "SEED_DEMO": True,
                                             "ARTICLES_PAGE_SIZE": 2}))
    tagged = client.get("/tag/flask")
    assert [a["href"] for a in soup(tagged).select(".pagination .page-link")] == [
        "/tag/flask", "/tag/flask?page=2", "/tag/flask?page=3"]  # six articles
    login(client, "ada@example.com", DEMO_PASSWORD)
    feed = client.get("/?feed=following")
    assert [a["href"] for a in soup(feed).select(".pagination .page-link")][1] == (
        "/?feed=following&page=2")
    assert len(previews(client.get("/?feed=following&page=2"))) == 2


def test_filtering_by_tag(seeded):
    home = seeded.get("/")
    tags = text_of(home, ".sidebar .tag-list .tag-pill")
    assert tags[:3] == ["flask", "bottle", "python"]  # most used first
    page = home.click(href="^/tag/python$")
    assert text_of(page, ".feed-toggle .nav-link.active") == ["python"]
    titles = previews(page)
    assert titles == ["Reading a WSGI environ", "A guestbook in two frameworks",
                      "Flask's application factory", "Bottle in one file"]
    for preview in soup(page).select(".article-preview"):
        assert "python" in [li.get_text() for li in preview.select(".tag-list li")]


def test_the_tag_cloud_shows_the_twenty_most_used_tags_ties_by_name(client):
    register(client, "ann")
    names = [f"t{n:02}" for n in range(25)]
    write(client, "Every tag", tags=", ".join(reversed(names)))
    write(client, "Five of them", tags="t24, t23, t22, t21, t20")
    write(client, "One of them", tags="t22")
    cloud = ["t22", "t20", "t21", "t23", "t24", *names[:15]]
    with counted_statements() as statements:
        home = client.get("/")
    assert text_of(home, ".sidebar .tag-list .tag-pill") == cloud
    # The database keeps the twenty: the query says so, rather than Python cutting a list.
    [query] = [s for s in statements if "GROUP BY tags.id" in s]
    assert "LIMIT" in query.upper()
    assert client.get("/api/tags").json["tags"] == [*cloud, *names[15:20]]


def test_a_tag_with_a_space_has_its_own_page(client):
    register(client, "ann")
    write(client, "Spaced", tags="machine learning")
    home = client.get("/")
    link = soup(home).select_one(".sidebar .tag-pill")
    assert link["href"] == "/tag/machine%20learning"
    assert previews(client.get(link["href"])) == ["Spaced"]
