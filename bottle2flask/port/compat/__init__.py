"""What `kit port --faithful` copies into a port: bottle_compat.py, Bottle's behaviour
on a Flask app, one real module (linted and tested here, never held in strings)."""

from pathlib import Path

SOURCE = Path(__file__).with_name("bottle_compat.py")
