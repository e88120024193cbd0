"""The Bottle build: a fresh Bottle app over the neutral core."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import bottle

from adapters import bottle_adapter
from shared.core import create_core
from shared.site import Site
from shared.sites import SITES

HERE = Path(__file__).resolve().parent


def create_app(config: Mapping[str, Any] | None = None, *,
               sites: Iterable[Site] = SITES) -> bottle.Bottle:
    """Build the Bottle application over the sites (ours by default), never Bottle's
    global default app."""
    return bottle_adapter.mount(bottle.Bottle(), create_core(config, sites),
                                views=str(HERE / "views"), static=str(HERE / "static"))
