"""bottle_config.py, the helper a port copies for Bottle's ConfigDict methods: on a
Flask app's config it leaves the keys and meta fields Bottle's own methods leave."""

from __future__ import annotations

import sys

import bottle
import pytest
from flask import Flask

from bottle2flask.port.compat import bottle_config

from .helpers import forget_modules

# Bottle 0.13's answers (the tests also ask the installed Bottle where it is 0.13: 0.12
# keeps an .ini section's case, interpolates with %(name)s and has no load_module)
NEWER = bottle.__version__.startswith("0.13")
NESTED = {"db": {"url": "sqlite://", "pool": {"size": 2}}, "debug": True, "empty": {}}
INI = ("[DEFAULT]\nshared = s\n[site]\nName = Shop\nTitle = ${Name} home\n"
       "[bottle]\nroot = r\n[ROOT]\nother = o\n[a.b]\nc = 1\n")


def added(config: dict, before: dict) -> dict:
    return {k: v for k, v in config.items() if k not in before}


@pytest.mark.parametrize(("args", "keys"), [
    ((NESTED,), {"db.url": "sqlite://", "db.pool.size": 2, "debug": True}),
    ((NESTED, "ns"), {"ns.db.url": "sqlite://", "ns.db.pool.size": 2, "ns.debug": True}),
    (({"x": 1}, "ns"), {"ns.x": 1}),
])
def test_load_dict_flattens_as_bottle_does(args, keys):
    ours, theirs = Flask(__name__).config, bottle.ConfigDict()
    before = dict(ours)
    assert bottle_config.load_dict(ours, *args) is ours
    theirs.load_dict(*args)
    assert added(ours, before) == dict(theirs) == keys


def test_load_dict_refuses_a_key_that_is_no_string():
    with pytest.raises(TypeError, match="not a string"):
        bottle_config.load_dict({}, {1: "x"})


def test_load_config_reads_an_ini_file_as_bottle_does(tmp_path):
    (tmp_path / "app.ini").write_text(INI)
    ours, theirs = Flask(__name__).config, bottle.ConfigDict()
    before = dict(ours)
    bottle_config.load_config(ours, str(tmp_path / "app.ini"))
    assert added(ours, before) == {
        "site.name": "Shop", "site.title": "Shop home", "site.shared": "s", "root": "r",
        "shared": "s", "other": "o", "a.b.c": "1", "a.b.shared": "s"}
    if NEWER:
        theirs.load_config(str(tmp_path / "app.ini"))
        assert added(ours, before) == dict(theirs)


@pytest.mark.parametrize("squash", [True, False])
def test_load_module_takes_the_upper_case_names(tmp_path, monkeypatch, squash):
    (tmp_path / "conf_mod.py").write_text("LIMIT = 3\nPAIR = {'a': 1}\nlower = 4\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "conf_mod", raising=False)
    ours: dict = {}
    bottle_config.load_module(ours, "conf_mod", squash)
    assert ours == ({"LIMIT": 3, "PAIR.a": 1} if squash else {"LIMIT": 3, "PAIR": {"a": 1}})
    if NEWER:
        assert dict(bottle.ConfigDict().load_module("conf_mod", squash)) == ours
    forget_modules("conf_mod")  # the other case's is a file of its own


def test_meta_fields_are_kept_per_config():
    first, second = Flask(__name__).config, Flask(__name__).config
    bottle_config.meta_set(first, "port", "help", "the port")
    assert bottle_config.meta_get(first, "port", "help") == "the port"
    assert list(bottle_config.meta_list(first, "port")) == ["help"]
    assert bottle_config.meta_get(second, "port", "help", "none") == "none"
    assert list(bottle_config.meta_list(first, "nope")) == []
