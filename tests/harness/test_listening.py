"""Servers the harness starts under gunicorn are handed a socket listening already: their
port is theirs before they start, so no other process can take it in between."""

from __future__ import annotations

import secrets
import socket
import urllib.request

from harness import realworld
from harness.bench.http_load import Server


def test_a_benchmark_server_listens_before_gunicorn_has_even_booted(tmp_path):
    server = Server("bottle_app:create_app()",
                    {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                     "SECRET_KEY": secrets.token_hex(32)})
    try:
        # at once: the kernel queues the connection on the socket handed down
        with socket.create_connection(("127.0.0.1", server.port), timeout=2):
            pass
        server.wait_ready("/hello")
        with urllib.request.urlopen(server.base + "/hello", timeout=10) as answer:
            assert b"Hello" in answer.read()
    finally:
        server.stop()
    assert server.process.returncode is not None


def test_the_realworld_runner_serves_a_build_on_the_socket_it_made(tmp_path):
    process, origin = realworld.serve("flask", tmp_path,
                                      f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        assert origin.startswith("http://127.0.0.1:") and not origin.endswith(":0")
        with urllib.request.urlopen(f"{origin}/api/tags", timeout=10) as answer:
            assert answer.status == 200
    finally:
        process.terminate()
        process.wait(timeout=30)
