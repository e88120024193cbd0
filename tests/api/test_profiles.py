"""Profiles and following."""

from __future__ import annotations


def test_a_profile_is_public_and_says_whether_you_follow(api):
    token = api.register("ann")
    api.register("bob")
    assert api.get("/profiles/bob").json == {
        "profile": {"username": "bob", "bio": None, "image": None, "following": False}}
    assert api.get("/profiles/bob", token).json["profile"]["following"] is False


def test_following_and_unfollowing(api):
    token = api.register("ann")
    api.register("bob")
    assert api.post("/profiles/bob/follow", token=token).json["profile"]["following"] is True
    assert api.get("/profiles/bob", token).json["profile"]["following"] is True
    api.post("/profiles/bob/follow", token=token)  # twice is harmless
    unfollowed = api.delete("/profiles/bob/follow", token).json["profile"]
    assert unfollowed == {"username": "bob", "bio": None, "image": None, "following": False}
    assert api.get("/profiles/bob", token).json["profile"]["following"] is False


def test_an_unknown_profile_is_404(api):
    token = api.register("ann")
    assert api.get("/profiles/nobody", status=404).json == {
        "errors": {"profile": ["not found"]}}
    api.post("/profiles/nobody/follow", token=token, status=404)
    api.delete("/profiles/nobody/follow", token, status=404)


def test_following_needs_a_token_even_for_an_unknown_user(api):
    for response in (api.post("/profiles/nobody/follow", status=401),
                     api.delete("/profiles/nobody/follow", status=401)):
        assert response.json == {"errors": {"token": ["is missing"]}}
