"""The neutral route syntax and its translation."""

from __future__ import annotations

import pytest

from shared.routing import Route, parse, translate


def test_placeholders_are_parsed_with_their_converters():
    assert list(parse("/items/{id:int}/files/{rest:path}")) == [
        ("/items/", "id", "int"), ("/files/", "rest", "path"), ("", None, None)]
    assert list(parse("/hello/{name}")) == [("/hello/", "name", "str"), ("", None, None)]


def test_translation_uses_the_framework_syntax():
    assert translate("/a/{x:int}/{y}", lambda n, c: f"<{c}:{n}>") == "/a/<int:x>/<str:y>"


@pytest.mark.parametrize("path", ["/a/{x:float}", "/a/{x", "/a/x}"])
def test_bad_paths_fail_when_the_route_is_made(path):
    with pytest.raises(ValueError):
        Route("bad", ("GET",), path, lambda request: None)
