"""Bottle's ConfigDict methods for a Flask app's config, copied into a port by the porting
kit (as `bottle_config.py`) only where a module uses one the port cannot write in
Flask's terms:

    bottle_config.load_dict(app.config, settings)       # nested dicts as "a.b" keys
    bottle_config.load_config(app.config, "app.ini")    # an .ini file, "section.key"
    bottle_config.meta_get(app.config, "answer", "help")

Flask's `Config` is a dict, as Bottle's `ConfigDict` is; these write and read the same
keys Bottle 0.13's methods do (0.12 kept an .ini section's case and interpolated with
`%(name)s`). Flask's own loaders are `app.config.from_mapping()`,
`from_object()` and `from_file(path, load=tomllib.load, text=False)` (upper-case keys,
nothing flattened): move to them and read the values where they land, then delete this
module once the app no longer imports it.
"""

from __future__ import annotations

import configparser
import importlib
from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any

__all__ = ["load_config", "load_dict", "load_module", "meta_get", "meta_list", "meta_set"]

# The config's meta fields (help text, filters...), per config object: Flask's Config
# has no place for them, so they ride on the object as one attribute.
META = "bottle_meta"


def load_dict(config: MutableMapping[str, Any], source: Mapping[str, Any],
              namespace: str = "") -> MutableMapping[str, Any]:
    """Each value of source under its key; a nested dict's values under "outer.inner"."""
    for key, value in source.items():
        if not isinstance(key, str):
            raise TypeError(f"Key has type {type(key)!r} (not a string)")
        full = f"{namespace}.{key}".strip(".")
        if isinstance(value, dict):
            load_dict(config, value, full)
        else:
            config[full] = value
    return config


def load_module(config: MutableMapping[str, Any], name: str,
                squash: bool = True) -> MutableMapping[str, Any]:
    """The upper-case names of a module (`"package.settings"`, or `"module:object"` for
    an object in it), dicts among them flattened unless squash is false."""
    module, _, attr = name.partition(":")
    found: Any = importlib.import_module(module)
    for part in filter(None, attr.split(".")):
        found = getattr(found, part)
    values = {key: getattr(found, key) for key in dir(found) if key.isupper()}
    if squash:
        return load_dict(config, values)
    config.update(values)
    return config


def load_config(config: MutableMapping[str, Any], filename: str | Iterable[str],
                **options: Any) -> MutableMapping[str, Any]:
    """An .ini file (or several): a key of `[section]` is "section.key", lower-case; the
    sections `[bottle]` and `[ROOT]` hold top-level keys. Files that cannot be read are
    passed over, as configparser does; a relative path is read from the working folder."""
    options.setdefault("allow_no_value", True)
    options.setdefault("interpolation", configparser.ExtendedInterpolation())
    parser = configparser.ConfigParser(**options)
    parser.read(filename)
    for section in parser.sections():
        for key in parser.options(section):
            value = parser.get(section, key)
            full = key if section in ("bottle", "ROOT") else f"{section}.{key}"
            config[full.lower()] = value
    return config


def _meta(config: Any) -> dict[str, dict[str, Any]]:
    if not hasattr(config, META):
        setattr(config, META, {})
    return getattr(config, META)


def meta_set(config: Any, key: str, field: str, value: Any) -> None:
    """Keep a meta field (help text, a filter...) for a key. Bottle applied a `filter`
    field to each value set afterwards; Flask's config does not: convert where it is read."""
    _meta(config).setdefault(key, {})[field] = value


def meta_get(config: Any, key: str, field: str, default: Any = None) -> Any:
    """A meta field of a key, or default."""
    return _meta(config).get(key, {}).get(field, default)


def meta_list(config: Any, key: str) -> Iterable[str]:
    """The names of a key's meta fields."""
    return _meta(config).get(key, {}).keys()
