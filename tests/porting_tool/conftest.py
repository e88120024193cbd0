"""The porting tool's tests run --faithful ports in this process: their modules import
bottle_compat, which a port copies next to them (bottle2flask/port/compat/)."""

import sys

from bottle2flask.port.compat import SOURCE

if str(SOURCE.parent) not in sys.path:
    sys.path.append(str(SOURCE.parent))
