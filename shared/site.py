"""A site: one application handed to the kit, as a blueprint is handed to Flask.

The kit (request and results, routing, the core and its dispatch, sessions, forms,
flashes, CORS, errors, config, db) imports no site; sites import the kit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import MetaData

from .http import HTTPError, Request, Result
from .routing import Converter, Route

if TYPE_CHECKING:
    from .config import Config
    from .db import Database

# The engines a site may bring templates for, by the adapter that renders them.
SIMPLETEMPLATE = "simpletemplate"  # Bottle: <name>.tpl
JINJA2 = "jinja2"  # Flask: <name>.html

ErrorShape = Callable[[HTTPError, str], Result | None]


@dataclass(frozen=True)
class Site:
    """What the kit needs to know about an application; every part but the name is optional.

    - routes: the site's Route table (names are unique across all mounted sites).
    - metadata: its SQLAlchemy tables (a DeclarativeBase's .metadata), created at start-up.
    - settings: the configuration keys it reads, with their defaults; load_config accepts
      these besides the kit's own and still refuses any other key.
    - template_globals: request -> names every page template of every site gets.
    - headers: request -> headers added to every response (after the kit's security
      headers, which a site may override this way).
    - error: (error, path) -> the result the client sees, or None for "not mine";
      the first site that answers wins, else the kit's plain-text error.
    - seed: (database, config) -> whether it wrote demo content (run when SEED_DEMO is on).
    - templates: engine (SIMPLETEMPLATE, JINJA2) -> folder, searched before the app's own.
    - converters: extra path converters its routes use, by name: {id:name}.
    - check: config -> None, run at start-up; raises ConfigError for a setting of the
      site's that cannot be used, so a bad value stops the app with a one-line message.
    """

    name: str
    routes: Sequence[Route] = ()
    metadata: MetaData | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    template_globals: Callable[[Request], dict[str, Any]] | None = None
    headers: Callable[[Request], Mapping[str, str]] | None = None
    error: ErrorShape | None = None
    seed: Callable[[Database, Config], bool] | None = None
    templates: Mapping[str, Path | str] = field(default_factory=dict)
    converters: Mapping[str, Converter] = field(default_factory=dict)
    check: Callable[[Config], None] | None = None
