"""The Bottle build: a fresh Bottle app over the neutral core."""

from __future__ import annotations

from pathlib import Path

import bottle

from adapters import bottle_adapter
from shared.core import create_core

HERE = Path(__file__).resolve().parent


def create_app(config: dict | None = None) -> bottle.Bottle:
    """Build the Bottle application (never Bottle's global default app)."""
    return bottle_adapter.mount(bottle.Bottle(), create_core(config),
                                views=str(HERE / "views"), static=str(HERE / "static"))
