"""Comments, favorites and tags."""

from __future__ import annotations

import pytest


def test_commenting_listing_and_deleting(api):
    token = api.register("ann")
    slug = api.article(token)["slug"]
    comment = api.post(f"/articles/{slug}/comments", {"comment": {"body": "Nice!"}}, token,
                       status=201).json["comment"]
    assert set(comment) == {"id", "createdAt", "updatedAt", "body", "author"}
    assert isinstance(comment["id"], int) and comment["body"] == "Nice!"
    assert comment["author"]["username"] == "ann"
    assert api.get(f"/articles/{slug}/comments").json == {"comments": [comment]}
    response = api.delete(f"/articles/{slug}/comments/{comment['id']}", token, status=204)
    assert response.body == b""
    assert api.get(f"/articles/{slug}/comments").json == {"comments": []}


def test_deleting_one_comment_keeps_the_others(api):
    token = api.register("ann")
    slug = api.article(token)["slug"]
    ids = [api.post(f"/articles/{slug}/comments", {"comment": {"body": b}}, token,
                    status=201).json["comment"]["id"] for b in ("First", "Second")]
    api.delete(f"/articles/{slug}/comments/{ids[0]}", token, status=204)
    assert [c["body"] for c in api.get(f"/articles/{slug}/comments").json["comments"]] == [
        "Second"]


def test_comment_authors_show_whether_the_reader_follows_them(api):
    ann, bob = api.register("ann"), api.register("bob")
    slug = api.article(ann)["slug"]
    api.post(f"/articles/{slug}/comments", {"comment": {"body": "Hi"}}, bob, status=201)
    api.post("/profiles/bob/follow", token=ann)
    assert api.get(f"/articles/{slug}/comments", ann).json["comments"][0]["author"][
        "following"] is True
    assert api.get(f"/articles/{slug}/comments").json["comments"][0]["author"][
        "following"] is False


@pytest.mark.parametrize("body", ["", "  ", None, 5])
def test_a_blank_comment_is_422(api, body):
    token = api.register("ann")
    slug = api.article(token)["slug"]
    response = api.post(f"/articles/{slug}/comments", {"comment": {"body": body}}, token,
                        status=422)
    assert response.json == {"errors": {"body": ["can't be blank"]}}


def test_comment_errors(api):
    ann, bob = api.register("ann"), api.register("bob")
    slug = api.article(ann)["slug"]
    cid = api.post(f"/articles/{slug}/comments", {"comment": {"body": "Mine"}}, ann,
                   status=201).json["comment"]["id"]
    missing = {"errors": {"token": ["is missing"]}}
    assert api.post(f"/articles/{slug}/comments", {"comment": {"body": "x"}},
                    status=401).json == missing
    assert api.delete("/articles/no-such/comments/1", status=401).json == missing
    assert api.delete(f"/articles/{slug}/comments/{cid}", bob, status=403).json == {
        "errors": {"comment": ["forbidden"]}}
    no_article = {"errors": {"article": ["not found"]}}
    assert api.get("/articles/no-such/comments", status=404).json == no_article
    assert api.post("/articles/no-such/comments", {"comment": {"body": "x"}}, ann,
                    status=404).json == no_article
    assert api.delete("/articles/no-such/comments/1", ann, status=404).json == no_article
    for bad_id in ("99999", "abc", "-1", "99999999999999999999999"):
        assert api.delete(f"/articles/{slug}/comments/{bad_id}", ann, status=404).json == {
            "errors": {"comment": ["not found"]}}
    assert len(api.get(f"/articles/{slug}/comments").json["comments"]) == 1


def test_a_comment_of_another_article_is_not_found_here(api):
    token = api.register("ann")
    one, two = api.article(token, "One")["slug"], api.article(token, "Two")["slug"]
    cid = api.post(f"/articles/{one}/comments", {"comment": {"body": "x"}}, token,
                   status=201).json["comment"]["id"]
    api.delete(f"/articles/{two}/comments/{cid}", token, status=404)


def test_favoriting_and_unfavoriting(api):
    ann, bob = api.register("ann"), api.register("bob")
    slug = api.article(ann)["slug"]
    article = api.post(f"/articles/{slug}/favorite", token=bob).json["article"]
    assert (article["favorited"], article["favoritesCount"]) == (True, 1)
    assert "body" in article
    article = api.post(f"/articles/{slug}/favorite", token=bob).json["article"]
    assert article["favoritesCount"] == 1  # idempotent
    api.post(f"/articles/{slug}/favorite", token=ann)
    assert api.get(f"/articles/{slug}").json["article"]["favoritesCount"] == 2
    article = api.delete(f"/articles/{slug}/favorite", bob).json["article"]
    assert (article["favorited"], article["favoritesCount"]) == (False, 1)


def test_favorite_errors(api):
    token = api.register("ann")
    for response in (api.post("/articles/x/favorite", status=401),
                     api.delete("/articles/x/favorite", status=401)):
        assert response.json == {"errors": {"token": ["is missing"]}}
    for response in (api.post("/articles/x/favorite", token=token, status=404),
                     api.delete("/articles/x/favorite", token, status=404)):
        assert response.json == {"errors": {"article": ["not found"]}}


def test_tags_lists_every_tag_in_use(api):
    token = api.register("ann")
    assert api.get("/tags").json == {"tags": []}
    api.article(token, "One", tags=["python", "flask"])
    slug = api.article(token, "Two", tags=["python", "bottle"])["slug"]
    tags = api.get("/tags").json["tags"]
    assert tags[0] == "python" and sorted(tags) == ["bottle", "flask", "python"]
    api.delete(f"/articles/{slug}", token, status=204)
    assert sorted(api.get("/tags").json["tags"]) == ["flask", "python"]
