"""The neutral route syntax, its converters, and the table checked at start-up."""

from __future__ import annotations

import pytest

from shared.routing import CONVERTERS, Converter, Route, RouteError, RouteTable, parse, translate


def handler(request):
    return None


def test_placeholders_are_parsed_with_their_converters():
    assert list(parse("/items/{id:int}/files/{rest:path}")) == [
        ("/items/", "id", "int"), ("/files/", "rest", "path"), ("", None, None)]
    assert list(parse("/hello/{name}")) == [("/hello/", "name", "str"), ("", None, None)]


def test_translation_uses_the_framework_syntax():
    assert translate("/a/{x:int}/{y}", lambda n, c: f"<{c}:{n}>") == "/a/<int:x>/<str:y>"


@pytest.mark.parametrize("path", ["/a/{x", "/a/x}"])
def test_malformed_paths_fail_when_the_route_is_made(path):
    with pytest.raises(ValueError, match="malformed placeholder"):
        Route("bad", ("GET",), path, handler)


@pytest.mark.parametrize(("routes", "message"), [
    ([Route("a", ("GET",), "/a/{x:float}", handler)], "unknown converter 'float'"),
    ([Route("a", ("GET",), "/a", handler), Route("a", ("GET",), "/b", handler)],
     "two routes are named 'a'"),
    ([Route("not a name", ("GET",), "/a", handler)], "is not an identifier"),
    ([Route("a", ("GET",), "a", handler)], "must start with /"),
    ([Route("a", ("GET",), "/a/{x}/{x:int}", handler)], "{x} twice"),
    ([Route("a", ("GET", "POST"), "/a/{x}", handler), Route("b", ("POST",), "/a/{y}", handler)],
     "routes 'a' and 'b' both answer POST /a/{y}"),  # PORTING 38
])
def test_the_table_refuses_bad_routes_with_a_clear_message(routes, message):
    with pytest.raises(RouteError, match=message.replace("{", r"\{").replace("}", r"\}")):
        RouteTable(routes, {})


def test_a_site_may_bring_its_own_converter():
    hex_id = Converter(r"[0-9a-f]+", lambda s: int(s, 16), lambda n: f"{n:x}")
    table = RouteTable([Route("item", ("GET",), "/item/{n:hex}", handler)], {"hex": hex_id})
    assert table.custom_converters() == {"int": CONVERTERS["int"], "hex": hex_id}
    assert table.params == {"item": frozenset({"n"})}


def test_one_path_may_take_other_methods_or_converters_in_other_routes():
    table = RouteTable([Route("a", ("GET",), "/a/{x}", handler),
                        Route("b", ("POST",), "/a/{x}", handler),
                        Route("c", ("GET",), "/a/{x:int}", handler)], {})
    assert [r.name for r in table] == ["a", "b", "c"]
