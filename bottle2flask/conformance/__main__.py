"""python -m bottle2flask.conformance: write docs/BOTTLE-API.md from the table."""

from .document import write

print(f"wrote {write()}")
