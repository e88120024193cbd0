"""Articles: publish, read, list, filter, page, edit and delete."""

from __future__ import annotations

from urllib.parse import quote

import pytest

ARTICLE_KEYS = {"slug", "title", "description", "body", "tagList", "createdAt", "updatedAt",
                "favorited", "favoritesCount", "author"}
ISO_MS = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"


def test_publishing_answers_201_with_the_article(api):
    token = api.register("ann")
    body = {"article": {"title": "How to train your dragon", "description": "Ever wonder how?",
                        "body": "Very carefully.", "tagList": ["training", "dragons"]}}
    article = api.post("/articles", body, token, status=201).json["article"]
    assert set(article) == ARTICLE_KEYS
    assert article["slug"] == "how-to-train-your-dragon"
    assert article["tagList"] == ["dragons", "training"]
    assert (article["favorited"], article["favoritesCount"]) == (False, 0)
    assert article["author"] == {"username": "ann", "bio": None, "image": None,
                                 "following": False}
    assert api.get(f"/articles/{article['slug']}").json["article"] == article


def test_timestamps_are_iso_8601_with_milliseconds(api):
    import re

    article = api.article(api.register("ann"))
    assert re.match(ISO_MS, article["createdAt"]) and re.match(ISO_MS, article["updatedAt"])


def test_same_titles_get_different_slugs(api):
    token = api.register("ann")
    slugs = {api.article(token, "Same title")["slug"] for _ in range(3)}
    assert len(slugs) == 3 and "same-title" in slugs


@pytest.mark.parametrize(("title", "slug"), [
    ("Göttingen über alles", "gottingen-uber-alles"),
    ("  Hello,   World!!  ", "hello-world"),
    ("日本語のタイトル", "日本語のタイトル"),
    ("!!!", "article"),
], ids=["accents", "punctuation", "japanese", "no-letters"])
def test_slugs_handle_unicode_and_punctuation(api, title, slug):
    article = api.article(api.register("ann"), title)
    assert article["slug"] == slug
    assert api.get(f"/articles/{quote(slug)}").json["article"]["title"] == title.strip()


@pytest.mark.parametrize("field", ["title", "description", "body"])
@pytest.mark.parametrize("value", ["", "   ", None, 7, ["x"]])
def test_a_blank_or_mistyped_required_field_is_422(api, field, value):
    token = api.register("ann")
    body = {"title": "T", "description": "D", "body": "B", field: value}
    response = api.post("/articles", {"article": body}, token, status=422)
    assert response.json == {"errors": {field: ["can't be blank"]}}


@pytest.mark.parametrize("tags", [None, "dragons", [1, 2], [["x"]]])
def test_a_tag_list_that_is_not_a_list_of_strings_is_422(api, tags):
    token = api.register("ann")
    body = {"title": "T", "description": "D", "body": "B", "tagList": tags}
    response = api.post("/articles", {"article": body}, token, status=422)
    assert list(response.json["errors"]) == ["tagList"]


def test_tags_are_deduplicated_and_blank_ones_dropped(api):
    article = api.article(api.register("ann"), tags=["b", " a ", "b", ""])
    assert article["tagList"] == ["a", "b"]


def test_the_list_is_newest_first_without_bodies(api):
    token = api.register("ann")
    first, second = api.article(token, "First"), api.article(token, "Second")
    listing = api.get("/articles").json
    assert listing["articlesCount"] == 2
    assert [a["slug"] for a in listing["articles"]] == [second["slug"], first["slug"]]
    assert all("body" not in a and set(a) == ARTICLE_KEYS - {"body"}
               for a in listing["articles"])


def test_filters_by_tag_author_and_favorited(api):
    ann, bob = api.register("ann"), api.register("bob")
    dragons = api.article(ann, "Dragons", tags=["dragons"])
    api.article(bob, "Cats", tags=["cats"])
    api.post(f"/articles/{dragons['slug']}/favorite", token=bob)

    def slugs(**query):
        listing = api.get("/articles", **query).json
        assert listing["articlesCount"] == len(listing["articles"])
        return [a["slug"] for a in listing["articles"]]

    assert slugs(tag="dragons") == ["dragons"]
    assert slugs(author="bob") == ["cats"]
    assert slugs(favorited="bob") == ["dragons"]
    assert slugs(favorited="ann") == []
    assert slugs(tag="dragons", author="bob") == []
    assert slugs(author="nobody") == []


def test_limit_and_offset_page_the_list_and_the_count_is_the_total(api):
    token = api.register("ann")
    slugs = [api.article(token, f"Article {n}")["slug"] for n in range(5)]
    newest_first = slugs[::-1]
    page = api.get("/articles", limit="2", offset="1").json
    assert page["articlesCount"] == 5
    assert [a["slug"] for a in page["articles"]] == newest_first[1:3]
    assert api.get("/articles", offset="5").json == {"articles": [], "articlesCount": 5}


def test_the_default_page_is_20(api):
    token = api.register("ann")
    for n in range(21):
        api.article(token, f"Article {n}")
    page = api.get("/articles").json
    assert (len(page["articles"]), page["articlesCount"]) == (20, 21)


@pytest.mark.parametrize(("name", "value"), [
    ("limit", "0"), ("limit", "-1"), ("limit", "abc"), ("limit", "1.5"), ("limit", ""),
    ("limit", "101"), ("offset", "-1"), ("offset", "x"), ("offset", "１"),
])
def test_a_bad_limit_or_offset_is_a_422(api, name, value):
    response = api.get("/articles", status=422, **{name: value})
    assert list(response.json["errors"]) == [name]
    assert "integer" in response.json["errors"][name][0]


def test_the_feed_lists_followed_authors_only(api):
    ann, bob, cy = api.register("ann"), api.register("bob"), api.register("cy")
    assert api.get("/articles/feed", ann).json == {"articles": [], "articlesCount": 0}
    api.post("/profiles/bob/follow", token=ann)
    api.article(bob, "By Bob 1")
    api.article(bob, "By Bob 2")
    api.article(cy, "By Cy")
    feed = api.get("/articles/feed", ann).json
    assert feed["articlesCount"] == 2
    assert [a["title"] for a in feed["articles"]] == ["By Bob 2", "By Bob 1"]
    assert all(a["author"]["following"] for a in feed["articles"])
    page = api.get("/articles/feed", ann, limit="1", offset="1").json
    assert ([a["title"] for a in page["articles"]], page["articlesCount"]) == (["By Bob 1"], 2)


def test_the_feed_needs_a_token(api):
    assert api.get("/articles/feed", status=401).json == {"errors": {"token": ["is missing"]}}


def test_reading_with_a_token_shows_following_and_favorited(api):
    ann, bob = api.register("ann"), api.register("bob")
    slug = api.article(bob)["slug"]
    api.post("/profiles/bob/follow", token=ann)
    api.post(f"/articles/{slug}/favorite", token=ann)
    for article in (api.get(f"/articles/{slug}", ann).json["article"],
                    api.get("/articles", ann).json["articles"][0]):
        assert article["favorited"] and article["author"]["following"]
        assert article["favoritesCount"] == 1
    anonymous = api.get(f"/articles/{slug}").json["article"]
    assert not anonymous["favorited"] and not anonymous["author"]["following"]


def test_updating_changes_fields_keeps_the_slug_and_moves_updated_at(api):
    token = api.register("ann")
    article = api.article(token, tags=["b", "a"])
    slug = article["slug"]
    updated = api.put(f"/articles/{slug}", {"article": {"body": "New body"}}, token).json
    updated = updated["article"]
    assert updated["body"] == "New body" and updated["slug"] == slug
    assert updated["tagList"] == ["a", "b"]
    assert updated["createdAt"] == article["createdAt"]
    assert updated["updatedAt"] > article["updatedAt"]
    again = api.put(f"/articles/{slug}", {"article": {"title": "New title"}}, token).json
    assert again["article"]["updatedAt"] > updated["updatedAt"]
    assert api.get(f"/articles/{slug}").json["article"]["title"] == "New title"


def test_an_empty_tag_list_clears_the_tags_and_null_is_422(api):
    token = api.register("ann")
    slug = api.article(token, tags=["dragons"])["slug"]
    cleared = api.put(f"/articles/{slug}", {"article": {"tagList": []}}, token).json
    assert cleared["article"]["tagList"] == []
    api.put(f"/articles/{slug}", {"article": {"tagList": None}}, token, status=422)
    replaced = api.put(f"/articles/{slug}", {"article": {"tagList": ["x", "y"]}}, token)
    assert api.get(f"/articles/{slug}").json["article"]["tagList"] == ["x", "y"]
    assert replaced.json["article"]["tagList"] == ["x", "y"]


@pytest.mark.parametrize("body", [{"title": ""}, {"body": None}, {"description": 3}])
def test_an_invalid_update_is_422(api, body):
    token = api.register("ann")
    slug = api.article(token)["slug"]
    response = api.put(f"/articles/{slug}", {"article": body}, token, status=422)
    assert list(response.json["errors"]) == list(body)


def test_deleting_answers_204_and_the_article_is_gone(api):
    token = api.register("ann")
    slug = api.article(token)["slug"]
    response = api.delete(f"/articles/{slug}", token, status=204)
    assert response.body == b"" and "Content-Type" not in response.headers
    assert api.get(f"/articles/{slug}", status=404).json == {
        "errors": {"article": ["not found"]}}


def test_only_the_author_may_edit_or_delete(api):
    ann, bob = api.register("ann"), api.register("bob")
    slug = api.article(ann)["slug"]
    forbidden = {"errors": {"article": ["forbidden"]}}
    assert api.put(f"/articles/{slug}", {"article": {"body": "hijacked"}}, bob,
                   status=403).json == forbidden
    assert api.delete(f"/articles/{slug}", bob, status=403).json == forbidden
    assert api.get(f"/articles/{slug}").json["article"]["body"] == "Very carefully."


@pytest.mark.parametrize(("method", "path"), [
    ("post", "/articles"), ("put", "/articles/no-such"), ("delete", "/articles/no-such"),
])
def test_writes_need_a_token_before_anything_else(api, method, path):
    if method == "delete":
        response = api.delete(path, status=401)
    else:
        response = getattr(api, method)(path, {"article": {"body": "x"}}, status=401)
    assert response.json == {"errors": {"token": ["is missing"]}}


def test_an_unknown_slug_is_404_for_every_method(api):
    token = api.register("ann")
    expected = {"errors": {"article": ["not found"]}}
    assert api.get("/articles/no-such", status=404).json == expected
    assert api.put("/articles/no-such", {"article": {"body": "x"}}, token,
                   status=404).json == expected
    assert api.delete("/articles/no-such", token, status=404).json == expected
