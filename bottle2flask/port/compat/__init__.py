"""The helper modules a port copies, each one real module (linted and tested here, never
held in strings): bottle_compat.py, Bottle's behaviour on a Flask app for
`bottle2flask port --faithful`; bottle_plugins.py, Bottle's plugins (install, apply=,
skip=) for a port that keeps them (P019's exact candidate, copied where it is used)."""

from pathlib import Path

SOURCE = Path(__file__).with_name("bottle_compat.py")
