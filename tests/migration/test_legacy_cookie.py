"""Bottle's pickle cookies are read only when signed, and never build an object."""

from __future__ import annotations

import base64
import hashlib
import hmac
import pickle
from http.cookies import SimpleCookie

import bottle
import pytest
from webtest import TestApp

from bottle2flask.migrate import legacy

SECRET = "legacy-secret"
# The HMAC Bottle signs its cookies with: SHA-256 from 0.13 (legacy.read's default), MD5 in
# 0.12 (a 0.12 app's cookies are read with digestmod=hashlib.md5).
BOTTLE_DIGEST = hashlib.md5 if bottle.__version__.startswith("0.12.") else hashlib.sha256
EFFECTS: list[str] = []


def side_effect(text):
    """What a forged cookie would run on the server (here: a harmless note)."""
    EFFECTS.append(text)
    return text


class Exploit:
    def __reduce__(self):
        return side_effect, ("the cookie ran code",)


def sign(name, value, secret) -> str:
    """A cookie in Bottle's format carrying any pickle, signed with any key."""
    message = base64.b64encode(pickle.dumps([name, value], -1))
    signature = base64.b64encode(hmac.new(secret.encode(), message, hashlib.sha256).digest())
    return f"!{signature.decode()}?{message.decode()}"


@pytest.fixture(autouse=True)
def no_effects():
    EFFECTS.clear()
    yield
    EFFECTS.clear()


@pytest.fixture
def unpicklers(monkeypatch):
    """Count the unpicklers made: a cookie that fails its signature must make none."""
    made = []

    class Counting(legacy.PlainUnpickler):
        def __init__(self, *args, **kwargs):
            made.append(self)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(legacy, "PlainUnpickler", Counting)
    return made


def bottle_cookie(value) -> str:
    """A cookie as Bottle itself signs it, through a real Bottle response."""
    app = bottle.Bottle()
    app.route("/", callback=lambda: bottle.response.set_cookie("user", value, secret=SECRET))
    header = TestApp(app).get("/").headers["Set-Cookie"]
    return SimpleCookie(header)["user"].value


def test_the_payload_would_run_code_under_plain_pickle():
    pickle.loads(base64.b64decode(sign("user", Exploit(), SECRET).split("?", 1)[1]))
    assert EFFECTS == ["the cookie ran code"]


# Bottle 0.13 deprecates signing anything but strings; 0.12 apps signed any object.
@pytest.mark.filterwarnings("ignore:Warning. Use of deprecated feature:DeprecationWarning")
@pytest.mark.parametrize("value", ["alice", 42, 1.5, True, None, ["a", 1],
                                   {"name": "alice", "roles": ["admin"]}])
def test_a_cookie_bottle_signed_reads_as_its_value(value):
    assert legacy.read(bottle_cookie(value), "user", SECRET, BOTTLE_DIGEST) == value


def test_tuples_become_lists_as_json_has_them():
    assert legacy.read(sign("user", ("a", (1, 2)), SECRET), "user", SECRET) == ["a", [1, 2]]


def test_a_pickle_of_an_object_signed_with_the_right_key_is_refused_unbuilt():
    assert legacy.read(sign("user", Exploit(), SECRET), "user", SECRET) is None
    assert EFFECTS == []


def test_a_pickle_signed_with_a_wrong_key_is_never_unpickled(unpicklers):
    assert legacy.read(sign("user", Exploit(), "guessed"), "user", SECRET) is None
    assert unpicklers == [] and EFFECTS == []


def test_a_tampered_cookie_is_never_unpickled(unpicklers):
    good = sign("user", "alice", SECRET)
    evil = good.split("?")[0] + "?" + base64.b64encode(
        pickle.dumps(["user", "admin"], -1)).decode()
    assert legacy.read(evil, "user", SECRET) is None
    assert unpicklers == []


def test_a_cookie_signed_for_another_name_is_refused():
    assert legacy.read(sign("admin", "yes", SECRET), "user", SECRET) is None


def test_values_that_are_not_plain_data_are_ignored():
    assert legacy.read(sign("user", {1, 2}, SECRET), "user", SECRET) is None
    assert legacy.read(sign("user", {1: "int key"}, SECRET), "user", SECRET) is None


@pytest.mark.parametrize("cookie", [None, "", "alice", "!", "!?", "!abc?def", "!é?ü",
                                    "!" + "A" * 44 + "?%%%"])
def test_malformed_cookies_are_none(cookie):
    assert legacy.read(cookie, "user", SECRET) is None


def test_garbage_behind_a_good_signature_is_none():
    message = base64.b64encode(b"\x80\x05not a pickle")
    signature = base64.b64encode(hmac.new(SECRET.encode(), message, hashlib.sha256).digest())
    assert legacy.read(f"!{signature.decode()}?{message.decode()}", "user", SECRET) is None
