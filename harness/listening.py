"""A listening socket a server process is handed, so no other process can take its port.

Asking the system for a free port, closing the probe and telling a server that port
leaves a moment in which anything else on the machine may take it (a busy CI machine,
tests in parallel). Here the socket is made, bound to port 0 and listening before the
server starts; gunicorn serves on it as `--bind fd://N` and the port is known at once.
"""

from __future__ import annotations

import socket


def listening_socket(host: str = "127.0.0.1") -> socket.socket:
    """A socket listening on a free port of `host`, to be handed to a child process."""
    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, 0))
    listener.listen(2048)  # gunicorn's --backlog, as the benchmarks ask for it
    return listener


def gunicorn_bind(listener: socket.socket) -> list[str]:
    """gunicorn's arguments that serve on `listener` (pass its fd to the child)."""
    return ["--bind", f"fd://{listener.fileno()}"]
